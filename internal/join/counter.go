package join

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"
	"unsafe"

	"github.com/queenslab/queens/internal/cputime"
)

// Counter counts items of one engine. It holds the scratch memory of the
// counts and is not safe for concurrent use: each goroutine needs its own.
// A Counter allocates only when a count needs more room than any before.
type Counter struct {
	e      *Engine
	config int // the configuration whose lists q holds, or −1
	// The placements of each quadrant for config, and the shapes of its
	// half boards. An odd board's middle queens forbid some diagonals:
	// some boards filter the lists (into own, see filtered), the others
	// keep the whole list and leave those placements out as they pair up.
	q                    [4]*quarters
	own                  [4]quarters
	ownData              []byte // the placements of own, one list after another
	eastShape, westShape shape
	cache                *listCache // the row lists, when the engine builds them on demand
	east                 []uint64   // signatures of the east half boards
	west                 []uint64   // signatures of the west half boards
	tab                  *table     // the bit-sliced table of a block, on a cache line
	kernel               func(*table, int, []uint64) uint64
	pairUp               func(dst []uint64, ups []byte, nu int, lows []byte, nl int, s *shape) []uint64
	build                func(t *table, sigs []uint64, chunks int)

	// Progress, when not nil, is called by CountPart as an item made and
	// joined in chunks advances (not for an item joined whole), with the
	// share of it done, from 0 to 1: the share of its east candidate
	// pairs whose half boards are joined with every west half board.
	Progress func(share float64)

	noSieve bool // join without the sieve, for tests
	// Scratch of the sieve: both lists sorted by class, and where each
	// class starts.
	bigBuf, smallBuf     []uint64
	bigStart, smallStart []int
	class                []uint16 // the class of each signature of a list
	rest                 []uint64 // each signature without the sieve's bits
	classify             func(cls []uint16, rest, list []uint64, mask uint64)
}

// NewCounter returns a counter of the engine's items. It lists the
// placements of a quadrant first if [Engine.List] has not, unless the
// engine builds them on demand.
func (e *Engine) NewCounter() *Counter {
	e.List(context.Background())
	return &Counter{e: e, config: -1, tab: newTable(), kernel: countBlock, pairUp: pairUp, build: buildTable, classify: classify}
}

// Count returns the number of solutions of the item (ci, rows), rows an
// east set of [Engine.Sets](ci), without its weight, and the number of
// half boards it made.
func (c *Counter) Count(ci int, rows uint32) (solutions, halves uint64) {
	return c.CountPart(ci, rows, 0, c.e.Splits(ci, rows))
}

// CountPart counts the part of the item (ci, rows) whose east half
// boards take their columns by the splits from to to (see
// [Engine.Splits]): the parts of any partition of the splits add up to
// the item's count. It returns the part's solutions, without the item's
// weight, and the half boards it made, each once.
//
// The half boards are made and joined in chunks of at most a bound
// (Engine.halfLimit) on each side, so that no item needs more memory
// than that, however large.
func (c *Counter) CountPart(ci int, rows uint32, from, to int) (solutions, halves uint64) {
	return c.CountShare(ci, rows, from, to, 0, 1)
}

// CountShare counts the share lo to hi (0 ≤ lo < hi ≤ 1) of the part of
// item (ci, rows) that [Counter.CountPart] counts: its east half boards
// in that share of their pairs of upper and lower placements, in the
// order of the splits and of their upper placements. As for a [Slice],
// an upper placement belongs to the share that holds its first pair, so
// the shares of a partition of [0, 1] partition the part's solutions.
// The west side is made whole for each share, and its half boards are
// counted in halves again.
func (c *Counter) CountShare(ci int, rows uint32, from, to int, lo, hi float64) (solutions, halves uint64) {
	e := c.e
	cf := &e.configs[ci]
	a, b := e.split(rows)
	ka, kw := bits.OnesCount32(a), bits.OnesCount32(cf.rowsN&^a)
	if ka >= len(cf.subsetsE) || kw >= len(cf.subsetsW) || from >= to {
		return 0, 0
	}
	if !e.lazy && from == 0 && to == len(cf.subsetsE[ka]) && lo <= 0 && hi >= 1 {
		// The whole item of a listed engine: both sides whole, joined once.
		c.load(ci)
		c.east = c.halves(c.east[:0], c.q[ne], c.q[se], a, b, cf.subsetsE[ka], &c.eastShape)
		if len(c.east) == 0 {
			return 0, 0
		}
		c.west = c.halves(c.west[:0], c.q[nw], c.q[sw], cf.rowsN&^a, cf.rowsS&^b, cf.subsetsW[kw], &c.westShape)
		halves = uint64(len(c.east) + len(c.west))
		if len(c.west) == 0 {
			return 0, halves
		}
		return c.join(c.east, c.west), halves
	}
	v := c.itemViews(ci, a, b)
	eastSplits, westSplits := cf.subsetsE[ka][from:to], cf.subsetsW[kw]
	limit := e.halfLimit
	ec, eastEnd := shareCursor(v.ne, v.se, eastSplits, int(v.east.stride), lo), cursor{s: len(eastSplits)}
	if hi < 1 {
		eastEnd = shareCursor(v.ne, v.se, eastSplits, int(v.east.stride), hi)
	}
	westAll := false // c.west holds every west half board
	// The candidate pairs of each side, for Progress.
	var eastPairs, westPairs float64
	if c.Progress != nil {
		eastPairs = candidatePairs(v.ne, v.se, eastSplits, int(v.east.stride)) * (hi - lo)
		westPairs = candidatePairs(v.nw, v.sw, westSplits, int(v.west.stride))
	}
	for {
		before := ec.pairs
		c.east = c.fillSide(c.east[:0], v.ne, v.se, eastSplits, &ec, eastEnd, limit, v.east)
		if len(c.east) == 0 {
			return solutions, halves
		}
		halves += uint64(len(c.east))
		if westAll {
			solutions += c.join(c.east, c.west)
			c.progress(float64(ec.pairs), eastPairs)
			continue
		}
		var wc cursor
		for first := true; ; first = false {
			c.west = c.fillSide(c.west[:0], v.nw, v.sw, westSplits, &wc, cursor{s: len(westSplits)}, limit, v.west)
			if len(c.west) == 0 {
				if first {
					return solutions, halves // no west half board: nothing to join
				}
				break
			}
			if ec.chunk == 1 {
				halves += uint64(len(c.west))
			}
			solutions += c.join(c.east, c.west)
			if c.Progress != nil {
				c.progress(float64(before)+float64(ec.pairs-before)*float64(wc.pairs)/max(westPairs, 1), eastPairs)
			}
			if wc.s == len(westSplits) {
				westAll = first
				break
			}
		}
	}
}

// progress tells Progress, if any, that done of all candidate pairs are
// done.
func (c *Counter) progress(done, all float64) {
	if c.Progress != nil && all > 0 {
		c.Progress(min(done/all, 1))
	}
}

// candidatePairs returns the pairs of upper and lower placements of the
// splits of one side, of which its half boards are made.
func candidatePairs(up, low view, splits []split, stride int) float64 {
	var n float64
	for i := range splits {
		_, nu := up.groupAt(splits[i].rankUp, stride)
		_, nl := low.groupAt(splits[i].rankLo, stride)
		n += float64(nu) * float64(nl)
	}
	return n
}

// Prepare makes ready what the parts of item (ci, rows) share: the
// lists of the configuration, and for an engine that builds placements
// on demand, those of the item's four sets of rows. CountPart does it
// when needed; a caller that times a part calls it first to time the
// part alone.
func (c *Counter) Prepare(ci int, rows uint32) {
	a, b := c.e.split(rows)
	c.itemViews(ci, a, b)
}

// Slice selects some half boards of one side of an item, for samples:
// of the splits First to Last (see [Engine.SplitCosts] and
// [Engine.WestSplitCosts]), those in the share From to To (0 ≤ From < To ≤
// 1) of their pairs of upper and lower placements, in the order of the
// splits and of their upper placements. An upper placement is in the
// slice that holds its first pair: the slices of a partition of [0, 1)
// partition the half boards.
type Slice struct {
	First, Last int
	From, To    float64
}

// SliceCount is what [Counter.CountSlices] counted and how long each of
// its steps took, in the CPU time of its thread.
type SliceCount struct {
	Solutions uint64
	// Pairs of upper and lower placements of the slices, half boards
	// made of them, and the time it took, east and west.
	EastPairs, WestPairs   int
	EastHalves, WestHalves int
	EastTime, WestTime     time.Duration
	// JoinTime is the time of the join of the two sides.
	JoinTime time.Duration
}

// CountSlices counts the pairs of an east and a west half board of item
// (ci, rows), taken from the slices east and west, that make solutions,
// and times each step: a sample of the item's work. It builds each side
// whole, not in chunks: slices should stay within a few million half
// boards. The steps are timed in the CPU time of the calling thread (see
// package cputime), which other work on the computer does not lengthen.
func (c *Counter) CountSlices(ci int, rows uint32, east, west Slice) SliceCount {
	var r SliceCount
	e := c.e
	cf := &e.configs[ci]
	a, b := e.split(rows)
	ka, kw := bits.OnesCount32(a), bits.OnesCount32(cf.rowsN&^a)
	if ka >= len(cf.subsetsE) || kw >= len(cf.subsetsW) {
		return r
	}
	v := c.itemViews(ci, a, b)
	defer cputime.Lock()()
	start := cputime.Thread()
	c.east, r.EastPairs = c.slice(c.east[:0], v.ne, v.se, cf.subsetsE[ka], east, v.east)
	r.EastTime = cputime.Since(start)
	start = cputime.Thread()
	c.west, r.WestPairs = c.slice(c.west[:0], v.nw, v.sw, cf.subsetsW[kw], west, v.west)
	r.WestTime = cputime.Since(start)
	r.EastHalves, r.WestHalves = len(c.east), len(c.west)
	if len(c.east) > 0 && len(c.west) > 0 {
		start = cputime.Thread()
		r.Solutions = c.join(c.east, c.west)
		r.JoinTime = cputime.Since(start)
	}
	return r
}

// HalfLimit returns the most half boards of a side that a counter makes
// at once: a side with more is made and joined in chunks of at most as
// many, the west side once for each east chunk.
func (e *Engine) HalfLimit() int { return e.halfLimit }

// slice appends to dst the half boards of slice sl of the side made of
// up's and low's placements by the splits, and returns them with the
// slice's pairs of placements.
func (c *Counter) slice(dst []uint64, up, low view, splits []split, sl Slice, sh *shape) ([]uint64, int) {
	stride := int(sh.stride)
	splits = splits[sl.First:sl.Last]
	total := 0
	for _, sp := range splits {
		_, nu := up.groupAt(sp.rankUp, stride)
		_, nl := low.groupAt(sp.rankLo, stride)
		total += nu * nl
	}
	lo, hi := sl.From*float64(total), sl.To*float64(total)
	pos, pairs := 0, 0
	for _, sp := range splits {
		ups, nu := up.groupAt(sp.rankUp, stride)
		lows, nl := low.groupAt(sp.rankLo, stride)
		if nl > 0 {
			// The upper placements whose first pair is at lo or beyond,
			// and below hi: pos + u·nl ≥ lo and < hi.
			first := min(nu, max(0, int(math.Ceil((lo-float64(pos))/float64(nl)))))
			last := min(nu, max(0, int(math.Ceil((hi-float64(pos))/float64(nl)))))
			if first < last {
				dst = c.pairUp(dst, ups[first*stride:], last-first, lows, nl, sh)
				pairs += (last - first) * nl
			}
		}
		pos += nu * nl
	}
	return dst, pairs
}

// views are the placements of the four quadrants of an item, and the
// shapes of its east and west half boards.
type views struct {
	ne, se, nw, sw view
	east, west     *shape
}

// itemViews returns the placements of the item of configuration ci with
// north east rows a and south east rows b: from the cache of an engine
// that builds them on demand, else from the configuration's lists.
func (c *Counter) itemViews(ci int, a, b uint32) views {
	e := c.e
	cf := &e.configs[ci]
	if !e.lazy {
		c.load(ci)
		return views{c.q[ne].view(a), c.q[se].view(b), c.q[nw].view(cf.rowsN &^ a), c.q[sw].view(cf.rowsS &^ b), &c.eastShape, &c.westShape}
	}
	if c.cache == nil {
		c.cache = newListCache(e.m, e.cacheBudget)
	}
	c.cache.next()
	get := func(qd int, rows uint32) view {
		l := c.cache.get(rows, cf.forbid[qd])
		return view{l.data, l.start}
	}
	return views{get(ne, a), get(se, b), get(nw, cf.rowsN&^a), get(sw, cf.rowsS&^b), &e.east, &e.west}
}

// halves appends to dst the signatures of the half boards made of an
// upper quadrant's placement on rows upRows and a lower quadrant's on
// lowRows, by the splits of their columns, all of them at once.
func (c *Counter) halves(dst []uint64, up, low *quarters, upRows, lowRows uint32, splits []split, sh *shape) []uint64 {
	upKey, lowKey := up.keys[upRows], low.keys[lowRows]
	for _, sp := range splits {
		ups, nu := up.groupAt(upKey + sp.rankUp)
		if nu == 0 {
			continue
		}
		lows, nl := low.groupAt(lowKey + sp.rankLo)
		if nl == 0 {
			continue
		}
		dst = c.pairUp(dst, ups, nu, lows, nl, sh)
	}
	return dst
}

// view is the part of a quadrant's placements on one set of rows: its
// groups, by the rank of their columns, are those of start.
type view struct {
	data  []byte
	start []uint32
}

// groupAt returns the placements of the group of rank r, and how many.
func (v view) groupAt(r uint32, stride int) ([]byte, int) {
	return v.data[int(v.start[r])*stride:], int(v.start[r+1] - v.start[r])
}

// cursor is a place in the half boards of one side: the split s, and
// the upper placement u of its group; chunk counts the chunks made, and
// pairs the pairs of upper and lower placements passed.
type cursor struct{ s, u, chunk, pairs int }

// shareCursor returns the place of the first upper placement of the
// splits whose first pair lies at share at of all their pairs or beyond
// (the rule of [Slice]), or the end of the splits.
func shareCursor(up, low view, splits []split, stride int, at float64) cursor {
	if at <= 0 {
		return cursor{}
	}
	at *= candidatePairs(up, low, splits, stride)
	pos := 0
	for s := range splits {
		_, nu := up.groupAt(splits[s].rankUp, stride)
		_, nl := low.groupAt(splits[s].rankLo, stride)
		if nl > 0 {
			if u := max(0, int(math.Ceil((at-float64(pos))/float64(nl)))); u < nu {
				return cursor{s: s, u: u}
			}
		}
		pos += nu * nl
	}
	return cursor{s: len(splits)}
}

// fillSide appends to dst the half boards of the splits from cur on,
// made of up's and low's placements, until dst holds about limit of
// them or cur reaches end, and moves cur past them.
func (c *Counter) fillSide(dst []uint64, up, low view, splits []split, cur *cursor, end cursor, limit int, sh *shape) []uint64 {
	stride := int(sh.stride)
	cur.chunk++
	for cur.s < end.s || cur.s == end.s && cur.u < end.u {
		sp := &splits[cur.s]
		ups, nu := up.groupAt(sp.rankUp, stride)
		if cur.s == end.s {
			nu = end.u // the end lies within this group
		}
		if nu == 0 {
			cur.s++
			continue
		}
		lows, nl := low.groupAt(sp.rankLo, stride)
		if nl == 0 {
			cur.s, cur.u = cur.s+1, 0
			continue
		}
		// Most groups fit whole: the division is only for those that
		// do not.
		batch, room := nu-cur.u, limit-len(dst)
		if batch*nl > room {
			if room < nl && len(dst) > 0 {
				return dst
			}
			batch = max(1, room/nl)
		}
		dst = c.pairUp(dst, ups[cur.u*stride:], batch, lows, nl, sh)
		cur.pairs += batch * nl
		if cur.u += batch; cur.u == nu {
			cur.s, cur.u = cur.s+1, 0
		}
	}
	return dst
}

// Kernels names the kernels of the join this build and processor run:
// "go" everywhere, and "avx512" first where the processor has AVX-512
// with VPOPCNTQ and BMI2 (and the build is not purego). A new Counter
// uses the first.
func Kernels() []string {
	if haveAVX512 {
		return []string{"avx512", "go"}
	}
	return []string{"go"}
}

// UseKernel makes the counter use the named kernel of [Kernels] for
// every step of the join: making half boards, building tables, sieving
// and counting pairs.
func (c *Counter) UseKernel(name string) error {
	switch {
	case name == "go":
		c.kernel, c.pairUp, c.build, c.classify = countBlockGo, pairUpGo, (*table).build, classifyGo
	case name == "avx512" && haveAVX512:
		c.kernel, c.pairUp, c.build, c.classify = countBlockAVX512, pairUpVector, buildVector, classifyBMI2
	default:
		return fmt.Errorf("join: no kernel %q here; there are %v", name, Kernels())
	}
	return nil
}

// Pairs returns the number of pairs of half boards the last count
// joined: the product of the numbers of east and west half boards.
func (c *Counter) Pairs() uint64 { return uint64(len(c.east)) * uint64(len(c.west)) }

// Load makes the counter ready to count the items of configuration ci.
// Count does it when needed; a caller that times items calls it first to
// time them alone.
func (c *Counter) Load(ci int) { c.load(ci) }

// load sets the lists and the shapes of configuration ci: no placement
// of a half board may stand on a diagonal its middle queens take.
func (c *Counter) load(ci int) {
	if c.config == ci {
		return
	}
	e := c.e
	cf := &e.configs[ci]
	c.eastShape, c.westShape = e.east, e.west
	var forbid [4]uint64
	if e.filter && c.ownData == nil {
		// Room for the four filtered lists of any configuration, made
		// once: lists that grew as configurations came would leave
		// garbage as large as themselves, and the heap would double.
		c.ownData = make([]byte, int(filteredShare*float64(e.base.placements()))*e.base.stride+4*padding)
	}
	used := 0
	for qd := range c.q {
		f := cf.forbid[qd]
		c.q[qd] = e.base
		if f[0] == 0 && f[1] == 0 {
			continue
		}
		if e.filter {
			own := &c.own[qd]
			own.data = c.ownData[used:]
			e.base.filter(f[0], f[1], own)
			if unsafe.SliceData(own.data) == unsafe.SliceData(c.ownData[used:]) {
				used += len(own.data)
			}
			c.q[qd] = own
			continue
		}
		forbid[qd] = uint64(f[0]) | uint64(f[1])<<e.base.field()
	}
	c.eastShape.forbidUp, c.eastShape.forbidLow = forbid[ne], forbid[se]
	c.westShape.forbidUp, c.westShape.forbidLow = forbid[nw], forbid[sw]
	c.config = ci
}

// shape says how the masks of two quadrants' placements make a half
// board: the upper placement's masks move right by upSum and upDiff, the
// lower one's left by lowSum and lowDiff, and only the width bits of each
// are kept; a lower queen clashes with an upper one whose masks, moved
// right by clash, share a bit with its own. A placement holds its sum
// mask in its low width bits and its difference mask above them, in
// stride bytes (see quarters).
//
// The assembly reads the fields by their offsets: keep the order.
type shape struct {
	clash          uint64
	upSum, upDiff  uint64
	lowSum         uint64
	lowDiffWidth   uint64 // lowDiff + width: the lower difference mask's place in the signature
	mask, maskDiff uint64 // width ones; width ones moved left by width
	width          uint64
	stride         uint64   // bytes of a placement
	entry          uint64   // the 2·width bits of a placement
	stride8        uint64   // bytes of eight placements
	perm           [64]byte // byte k of lane i is byte stride·i+k of eight placements (VPERMB)
	lanes          uint64   // the stride low bytes of each lane, the bytes perm fills
	// The diagonals the middle queens of an odd board take, in the
	// layout of a placement of the upper and of the lower quadrant: a
	// placement on one of them is left out.
	forbidUp, forbidLow uint64
}

// newShape returns the shape of the east (east true) or west half
// boards of an n×n board.
func newShape(n int, east bool) shape {
	m := n / 2
	h := uint64(n - m)
	w := uint64(2*m - 1)
	stride := strideOf(m)
	s := shape{clash: h, width: w, mask: 1<<w - 1, maskDiff: (1<<w - 1) << w,
		stride: uint64(stride), entry: 1<<(2*w) - 1, stride8: 8 * uint64(stride)}
	if east {
		s.upDiff, s.lowSum, s.lowDiffWidth = h, h, w
	} else {
		s.upSum, s.lowDiffWidth = h, h+w
	}
	for i := range 8 {
		for k := range stride {
			s.perm[8*i+k] = byte(stride*i + k)
			s.lanes |= 1 << (8*i + k)
		}
	}
	return s
}

// pairUpGo appends to dst the signatures of the half boards made of one
// of the nu placements at ups and one of the nl at lows that do not
// attack each other.
func pairUpGo(dst []uint64, ups []byte, nu int, lows []byte, nl int, s *shape) []uint64 {
	w := int(s.stride)
	for i := range nu {
		p := binary.LittleEndian.Uint64(ups[i*w:]) & s.entry
		if p&s.forbidUp != 0 {
			continue
		}
		ps, pd := p&s.mask, p>>s.width
		clash := ps>>s.clash | pd>>s.clash<<s.width | s.forbidLow
		part := ps>>s.upSum&s.mask | (pd>>s.upDiff&s.mask)<<s.width
		for j := range nl {
			q := binary.LittleEndian.Uint64(lows[j*w:]) & s.entry
			if q&clash != 0 {
				continue
			}
			qs, qd := q&s.mask, q>>s.width
			dst = append(dst, part|qs<<s.lowSum&s.mask|qd<<s.lowDiffWidth&s.maskDiff)
		}
	}
	return dst
}

// join returns the number of pairs of an east and a west signature that
// are disjoint.
func (c *Counter) join(east, west []uint64) uint64 {
	big, small := east, west
	if len(big) < len(small) {
		big, small = small, big
	}
	if len(small) < minStream || len(big) < minBlock {
		return joinPlain(big, small)
	}
	k := c.sieveBits(len(big), len(small))
	if k == 0 || c.noSieve {
		return c.joinBlocks(big, small)
	}
	return c.joinSieved(big, small, k)
}

// joinBlocks counts the disjoint pairs of big and small by bit slicing:
// big in blocks of lanes signatures, each turned into a table that small
// streams through.
func (c *Counter) joinBlocks(big, small []uint64) uint64 {
	chunks := c.chunks(0)
	var total uint64
	for len(big) > 0 {
		blk := big[:min(lanes, len(big))]
		big = big[len(blk):]
		c.build(c.tab, blk, chunks)
		total += c.kernel(c.tab, chunks, small)
	}
	return total
}

// chunks returns the number of pieces of a table of signatures of the
// board's width, less the sieve's k bits. The AVX-512 kernel reads at
// least four; those past the signature select value 0 of their piece,
// which is all the block.
func (c *Counter) chunks(k int) int { return max(4, (4*c.e.m-2-k+chunkBits-1)/chunkBits) }

// Sieving. Most pairs of half boards clash, and a few diagonals decide
// much of it: cut both lists by the k bits that most pairs both have
// (classes of the values of those bits), and join only the classes whose
// values are disjoint. That skips the pairs that clash on those bits, at
// the price of smaller blocks.
const (
	// sieveFrom is the number of pairs of a join from which it pays to
	// sieve: below it, the blocks would be too small.
	sieveFrom = 1 << 24
	// sieveMax is the most bits a join is cut by.
	sieveMax = 12
	// sieveSample is the number of signatures of each list whose bits
	// choose the sieve's.
	sieveSample = 256
)

// sieveBits returns the number of bits to cut a join of lists of the
// given lengths by: as many as leave each class of big, on average,
// about a block.
func (c *Counter) sieveBits(big, small int) int {
	if uint64(big)*uint64(small) < sieveFrom {
		return 0
	}
	k := 0
	for k < sieveMax && big>>(k+1) >= lanes {
		k++
	}
	return k
}

// joinSieved counts the disjoint pairs of big and small, cut by k bits.
func (c *Counter) joinSieved(big, small []uint64, k int) uint64 {
	var pos [sieveMax]uint
	c.chooseSieve(big, small, pos[:k])
	var mask uint64
	for _, p := range pos[:k] {
		mask |= 1 << p
	}
	classes := 1 << k
	c.bigStart = c.partition(c.bigStart[:0], &c.bigBuf, big, mask, classes)
	c.smallStart = c.partition(c.smallStart[:0], &c.smallBuf, small, mask, classes)
	chunks := c.chunks(k)
	var total uint64
	for x := range classes {
		bx := c.bigBuf[c.bigStart[x]:c.bigStart[x+1]]
		for len(bx) > 0 {
			blk := bx[:min(lanes, len(bx))]
			bx = bx[len(blk):]
			built := false
			// The classes of small disjoint from x: the subsets of its
			// complement, from the largest down to 0.
			free := (classes - 1) &^ x
			for y := free; ; y = (y - 1) & free {
				if sy := c.smallBuf[c.smallStart[y]:c.smallStart[y+1]]; len(blk)*len(sy) < 4*lanes {
					total += joinPlain(blk, sy)
				} else {
					if !built {
						c.build(c.tab, blk, chunks)
						built = true
					}
					total += c.kernel(c.tab, chunks, sy)
				}
				if y == 0 {
					break
				}
			}
		}
	}
	return total
}

// chooseSieve fills pos with the bits that the most pairs of a sample of
// big and small share, best first.
func (c *Counter) chooseSieve(big, small []uint64, pos []uint) {
	var inBig, inSmall [64]int
	sample := func(list []uint64, freq *[64]int) {
		step := max(1, len(list)/sieveSample)
		for i := 0; i < len(list); i += step {
			for v := list[i]; v != 0; v &= v - 1 {
				freq[bits.TrailingZeros64(v)]++
			}
		}
	}
	sample(big, &inBig)
	sample(small, &inSmall)
	var taken uint64
	for i := range pos {
		best, score := uint(0), -1
		for b := range 64 {
			if taken&(1<<b) == 0 && inBig[b]*inSmall[b] > score {
				best, score = uint(b), inBig[b]*inSmall[b]
			}
		}
		pos[i] = best
		taken |= 1 << best
	}
}

// partition sorts list into *buf by the class of its signatures, the
// values of their bits in mask (lowest first), and returns the start of
// each class in *buf followed by the end, appended to start. The
// signatures in *buf lose the bits of mask: the classes joined are
// disjoint there, and shorter signatures make smaller tables.
func (c *Counter) partition(start []int, buf *[]uint64, list []uint64, mask uint64, classes int) []int {
	c.class = slices.Grow(c.class[:0], len(list))
	c.rest = slices.Grow(c.rest[:0], len(list))
	cls, rest := c.class[:len(list)], c.rest[:len(list)]
	c.classify(cls, rest, list, mask)
	var count [1 << sieveMax]int
	for _, x := range cls {
		count[x]++
	}
	at := 0
	for x := range classes {
		start = append(start, at)
		at += count[x]
	}
	start = append(start, at)
	out := slices.Grow((*buf)[:0], len(list))[:len(list)]
	var next [1 << sieveMax]int
	copy(next[:classes], start)
	for i, v := range rest {
		x := cls[i]
		out[next[x]] = v
		next[x]++
	}
	*buf = out
	return start
}

// classifyGo sets cls[i] to the bits of list[i] in mask, and rest[i] to
// its other bits, each packed from bit 0 up as the instruction PEXT does;
// mask has at most sieveMax bits.
func classifyGo(cls []uint16, rest, list []uint64, mask uint64) {
	for i, v := range list {
		var x uint16
		k := 0
		for m := mask; m != 0; m &= m - 1 {
			x |= uint16(v>>bits.TrailingZeros64(m)&1) << k
			k++
		}
		cls[i] = x
		// Take out the bits of mask, highest first, so that those below
		// each stay where they are.
		for m := mask; m != 0; {
			b := 63 - bits.LeadingZeros64(m)
			v = v&(1<<b-1) | v>>(b+1)<<b
			m &^= 1 << b
		}
		rest[i] = v
	}
}

// joinPlain counts the disjoint pairs of a and b one pair at a time.
func joinPlain(a, b []uint64) uint64 {
	var n uint64
	for _, x := range b {
		for _, y := range a {
			if x&y == 0 {
				n++
			}
		}
	}
	return n
}
