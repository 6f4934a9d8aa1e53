// Package join counts the solutions of the N-queens problem without
// backtracking, by joining half boards (docs/design/join.md explains it
// with a figure).
//
// The set E of rows whose queen stands in the east half fixes how many
// queens each quadrant holds. An east half board joins a north-east and a
// south-east quadrant placement on the rows of E; a west one likewise;
// an east and a west half board with the same E make a solution exactly
// when their signatures, the diagonals they use that cross both halves,
// are disjoint. The disjoint pairs are counted by bit slicing, 512 east
// signatures at a time. For odd N the middle queens are placed first (a
// configuration). An item is one configuration and one east set:
// [Engine.Sets] lists them with their weights under the board's
// symmetries and their costs, and a [Counter] counts them.
package join

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MaxN is the largest board the engine joins: a signature of the
// diagonals that cross both halves has 4⌊N/2⌋−2 bits and must fit, with
// its 5-bit pieces, in the table of a block.
const MaxN = 28

// ListedTo is the largest board whose quadrant placements a count lists
// whole, up front (some 400 MB at N = 23); larger boards build the
// placements of each set of rows when an item needs them (see
// [Settings]).
const ListedTo = 23

// Settings chooses how an engine holds its quadrant placements.
type Settings struct {
	// OnDemand builds the placements of each set of rows of a quadrant
	// when a counter needs them, and keeps them in a cache of at most
	// CacheBytes a counter, instead of listing them all up front; the
	// default is on demand above [ListedTo].
	OnDemand, Listed bool
	// CacheBytes bounds each counter's cache of on-demand placements
	// (beyond the four lists of the item it counts); 0 means 256 MiB.
	CacheBytes uint64
	// HalfLimit bounds the half boards of a side that a counter holds
	// at once; 0 means 1<<22.
	HalfLimit int
}

// MinN is the smallest board the engine joins.
const MinN = 4

// ErrSize is wrapped by the error of [New] for a board size the engine
// does not join.
var ErrSize = errors.New("board size out of range for the join engine")

// Engine holds what the counts of one board size share: the placements
// of a quadrant, the configurations of the middle queens, and the items.
// It is never modified after New returns it, and is safe for concurrent
// use by several [Counter]s.
type Engine struct {
	n, m, h int // board size, quadrant size, offset of the south and east quadrants
	base    *quarters
	configs []config
	// east and west say how quadrant placements make half boards.
	east, west shape
	// listing guards the placements of base, which New only counts and
	// List lists.
	listing sync.Mutex
	// maxCandidates is the largest number of candidate half boards of a
	// side of an item: a bound on the half boards a counter holds.
	maxCandidates float64
	// filter: the counters of an odd board filter the four lists for
	// each configuration (see Counter.load).
	filter bool
	// lazy: counters build the placements of each set of rows on demand,
	// in caches of cacheBudget bytes. maxList is the most bytes the list
	// of one set of rows takes.
	lazy        bool
	cacheBudget uint64
	maxList     uint64
	// halfLimit is the most half boards of a side a counter holds; it
	// is at least the largest group, so that one upper placement's half
	// boards always fit.
	halfLimit int
	// From N = 24 on the costs weigh a half board made by halfWeight,
	// and the lists a counter builds by trialWeight a trial of their
	// walks; trials[rows] is the trials of the list of a set of rows.
	// Below, a half board weighs 1 and lists nothing.
	halfWeight, trialWeight float64
	trials                  []float32
}

// Weights of the work of an item from N = 24 on, where a counter builds
// the lists of placements of each item itself: a half board made takes
// some 4 ns here and a trial of a list's walks (two of them) some 8 ns,
// while pairSeconds[N] is the time of a unit of cost of the joined pairs
// that the estimates of N measured. Without them the plan of N = 27 held
// a unit of skewed east sets, few pairs but lists of 12 of 13 rows,
// projected at 26 s, that took 428 s.
const (
	halfSeconds  = 4e-9
	trialSeconds = 8e-9
)

var pairSeconds = [MaxN + 1]float64{24: 1.87e-12, 25: 8.3e-13, 26: 1.26e-12, 27: 1.96e-13, 28: 9.6e-13}

// config is a placement of the queens of the middle row and the middle
// column of an odd board: the middle row's queen in column x, the middle
// column's queen in row y; x = y = m for a single queen in the centre.
// Even boards have one configuration, with no queen (x = y = −1).
type config struct {
	x, y   int
	weight int // the number of configurations of its class under the board's symmetries
	// rowsN and rowsS are the north and south rows free for the
	// quadrants, colsE and colsW the east and west columns, each in the
	// quadrant's own coordinates.
	rowsN, rowsS, colsE, colsW uint32
	// forbid holds the diagonals the middle queens attack, per quadrant
	// (north-west, north-east, south-west, south-east), as sum and
	// difference masks in the quadrant's coordinates.
	forbid [4][2]uint32
	// symmetricE reports whether the reflections in the middle row and
	// column map the configuration to itself, so that east sets are taken
	// up to them.
	symmetricE bool
	// sets lists the east sets of the configuration, as board-row masks:
	// those with half boards on both sides, and of those only the least
	// of each class when symmetricE.
	sets []uint32
	// costs[i] estimates the work of sets[i].
	costs []float32
	// most is the largest number of candidate half boards of a side of
	// one of its east sets.
	most float64
	// subsetsE[k] and subsetsW[k] list the subsets of k columns of colsE
	// and colsW.
	subsetsE, subsetsW [][]split
}

// quadrant numbers.
const (
	nw = iota
	ne
	sw
	se
)

// New prepares the join of the n×n board, MinN ≤ n ≤ MaxN.
func New(n int) (*Engine, error) {
	return NewContext(context.Background(), n)
}

// NewContext is [New], which returns ctx.Err() soon after ctx is
// cancelled: the engines of the largest boards take seconds to set up.
func NewContext(ctx context.Context, n int) (*Engine, error) {
	return NewSettings(ctx, n, Settings{})
}

// NewSettings is [NewContext] with the given settings.
func NewSettings(ctx context.Context, n int, s Settings) (*Engine, error) {
	if n < MinN || n > MaxN {
		return nil, fmt.Errorf("join: %w: N must be from %d to %d, got %d", ErrSize, MinN, MaxN, n)
	}
	m := n / 2
	e := &Engine{n: n, m: m, h: n - m, east: newShape(n, true), west: newShape(n, false)}
	e.lazy = s.OnDemand || n > ListedTo && !s.Listed
	e.filter = n%2 == 1 && filtered(m)
	e.cacheBudget = s.CacheBytes
	if e.cacheBudget == 0 {
		e.cacheBudget = 256 << 20
	}
	e.halfLimit = s.HalfLimit
	if e.halfLimit == 0 {
		e.halfLimit = 1 << 22
	}
	done := ctx.Done()
	e.base = newQuarters(m, done)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.measureGroups()
	e.halfWeight = 1
	if k := pairSeconds[n]; k > 0 {
		e.halfWeight, e.trialWeight = halfSeconds/k, trialSeconds/k
		e.trials = e.base.walkTrials()
	}
	if n%2 == 0 {
		e.configs = []config{e.newConfig(-1, -1, 1)}
	} else {
		e.configs = e.oddConfigs()
	}
	// The configurations' east sets are listed on one goroutine per CPU
	// (odd boards have dozens of configurations; even ones have one,
	// whose sets addSets lists in two halves).
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(e.configs)) {
		wg.Go(func() {
			for ci := int(next.Add(1) - 1); ci < len(e.configs); ci = int(next.Add(1) - 1) {
				e.addSets(&e.configs[ci], done)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, c := range e.configs {
		e.maxCandidates = max(e.maxCandidates, c.most)
	}
	return e, nil
}

// List lists the placements of a quadrant, unless they are listed
// already: [New] only counts them, so that [Engine.Memory] can tell what
// a count needs before it allocates. List returns ctx.Err() soon after ctx
// is cancelled, having listed nothing.
func (e *Engine) List(ctx context.Context) error {
	e.listing.Lock()
	defer e.listing.Unlock()
	if e.base.listed || e.lazy {
		return nil
	}
	if !e.base.fill(ctx.Done()) {
		return ctx.Err()
	}
	return nil
}

// Placements returns the number of placements of a quadrant the engine
// lists: 4 to 6 bytes each, the bulk of its memory.
func (e *Engine) Placements() int { return e.base.placements() }

// measureGroups sets maxList, and raises halfLimit to the largest group.
func (e *Engine) measureGroups() {
	q := e.base
	most, group := 0, 0
	for rows := range uint32(1) << e.m {
		lo := q.keys[rows]
		hi := lo + binomial[e.m][bits.OnesCount32(rows)]
		most = max(most, int(q.start[hi]-q.start[lo]))
		for k := lo; k < hi; k++ {
			group = max(group, int(q.start[k+1]-q.start[k]))
		}
	}
	groups := uint64(binomial[e.m][e.m/2]) + 1
	e.maxList = uint64(most*q.stride+padding) + 4*groups
	e.halfLimit = max(e.halfLimit, group)
}

// OnDemand reports whether the engine's counters build the placements
// of each set of rows when they need them, rather than list them all.
func (e *Engine) OnDemand() bool { return e.lazy }

// Memory estimates the bytes a count with the given number of counters
// holds at most: the counts of the groups of placements, the items, the
// placements (listed, or each counter's cache of them), and each
// counter's half boards and scratch.
func (e *Engine) Memory(counters int) uint64 {
	index := uint64(len(e.base.start)+len(e.base.keys)) * 4
	var sets uint64
	for _, c := range e.configs {
		sets += uint64(len(c.sets)) * 8
	}
	var lists, perCounter uint64
	if e.lazy {
		// The cache holds its budget, and beyond it the four lists of
		// the item, and one more being built; lists grow by a quarter.
		perCounter += e.cacheBudget + 5*e.maxList*5/4
	} else {
		lists = uint64(e.base.placements()*e.base.stride + padding)
		if e.filter {
			// Four filtered lists and their indexes.
			perCounter += uint64(filteredShare*float64(e.base.placements()))*uint64(e.base.stride) + 4*uint64(len(e.base.start)*4+padding)
		}
	}
	// The half boards of both sides and their sorted copies, in slices
	// that grow by doubling (a chunk at most halfLimit, and eight words
	// of slack), the classes of the sieve, and a table.
	side := min(float64(e.halfLimit), e.maxCandidates) + 8
	perCounter += 4*2*uint64(side)*8 + 2*uint64(side) + uint64(unsafe.Sizeof(table{})) + 64
	return index + lists + sets + uint64(counters)*perCounter
}

// Splits returns the number of splits of the east columns of item (ci,
// rows) between its two east quadrants: the parts [Counter.CountPart]
// counts are ranges of them.
func (e *Engine) Splits(ci int, rows uint32) int {
	c := &e.configs[ci]
	a, _ := e.split(rows)
	k := bits.OnesCount32(a)
	if k >= len(c.subsetsE) {
		return 0
	}
	return len(c.subsetsE[k])
}

// WestSplits returns the number of splits of the west columns of item
// (ci, rows) between its two west quadrants.
func (e *Engine) WestSplits(ci int, rows uint32) int {
	c := &e.configs[ci]
	a, _ := e.split(rows)
	k := bits.OnesCount32(c.rowsN &^ a)
	if k >= len(c.subsetsW) {
		return 0
	}
	return len(c.subsetsW[k])
}

// SplitCosts appends to dst the number of candidate east half boards of
// each split of item (ci, rows) (in the unfiltered lists), and returns
// it with the candidates of the west side.
func (e *Engine) SplitCosts(dst []float64, ci int, rows uint32) ([]float64, float64) {
	c := &e.configs[ci]
	a, b := e.split(rows)
	k := bits.OnesCount32(a)
	if k >= len(c.subsetsE) {
		return dst, 0
	}
	return e.sideCosts(dst, a, b, c.subsetsE[k], c.colsE == 1<<e.m-1), e.candidates(c.rowsN&^a, c.rowsS&^b, c.colsW, c.subsetsW, nil)
}

// WestSplitCosts appends to dst the number of candidate west half boards
// of each split of the west columns of item (ci, rows), as SplitCosts
// does for the east.
func (e *Engine) WestSplitCosts(dst []float64, ci int, rows uint32) []float64 {
	c := &e.configs[ci]
	a, b := e.split(rows)
	up, low := c.rowsN&^a, c.rowsS&^b
	k := bits.OnesCount32(up)
	if k >= len(c.subsetsW) {
		return dst
	}
	return e.sideCosts(dst, up, low, c.subsetsW[k], c.colsW == 1<<e.m-1)
}

// sideCosts appends to dst, for each split, the number of pairs of an
// upper placement on rows up and a lower one on rows low with the
// split's columns. full says that the splits are of all the columns.
func (e *Engine) sideCosts(dst []float64, up, low uint32, splits []split, full bool) []float64 {
	q := e.base
	upKey, lowKey := q.keys[up], q.keys[low]
	if full {
		// The splits of all columns come in decreasing rank of the upper
		// part (see subsetsBySize), so the lower parts in increasing
		// rank: both sides' groups are read in order, without the
		// splits' ranks.
		n := len(splits)
		ups, lows := q.start[upKey:][:n+1], q.start[lowKey:][:n+1]
		dst = slices.Grow(dst, n)
		for i := range n {
			r := n - 1 - i
			dst = append(dst, float64(uint64(ups[r+1]-ups[r])*uint64(lows[i+1]-lows[i])))
		}
		return dst
	}
	for _, sp := range splits {
		ku, kl := upKey+sp.rankUp, lowKey+sp.rankLo
		dst = append(dst, float64(int(q.start[ku+1]-q.start[ku])*int(q.start[kl+1]-q.start[kl])))
	}
	return dst
}

// Middle returns the squares of configuration ci's middle queens: the
// middle row's queen in column x, the middle column's in row y (x = y =
// N/2 for one queen in the centre); both are −1 on an even board.
func (e *Engine) Middle(ci int) (x, y int) { return e.configs[ci].x, e.configs[ci].y }

// Configs returns the number of configurations: 1 for an even board.
func (e *Engine) Configs() int { return len(e.configs) }

// Sets returns the east sets of configuration ci, as board-row masks
// (bit r for row r), in a fixed order. The caller must not modify them.
func (e *Engine) Sets(ci int) []uint32 { return e.configs[ci].sets }

// Weight returns the number of items, images of (ci, rows) under the
// board's symmetries, whose count equals the count of (ci, rows).
func (e *Engine) Weight(ci int, rows uint32) int {
	c := &e.configs[ci]
	if !c.symmetricE {
		return c.weight
	}
	a, b := e.split(rows)
	w, _ := e.eastOrbit(a, b)
	return c.weight * w
}

// Cost estimates the work of counting east set i of configuration ci,
// in units comparable between the items of one board size: the candidate
// half boards of both sides and the pairs of the join.
func (e *Engine) Cost(ci, i int) float64 { return float64(e.configs[ci].costs[i]) }

// newConfig returns the configuration with the middle row's queen in
// column x and the middle column's queen in row y (both −1 for an even
// board), standing for weight configurations.
func (e *Engine) newConfig(x, y, weight int) config {
	m, h := e.m, e.h
	full := uint32(1)<<m - 1
	c := config{x: x, y: y, weight: weight, rowsN: full, rowsS: full, colsE: full, colsW: full}
	if x < 0 {
		c.symmetricE = true
		c.subsetsE, c.subsetsW = subsetsBySize(c.colsE), subsetsBySize(c.colsW)
		return c
	}
	// The queens take their row and column from the quadrants.
	clear := func(set *[2]*uint32, v int) {
		if v < m {
			*set[0] &^= 1 << v
		} else if v >= h {
			*set[1] &^= 1 << (v - h)
		}
	}
	clear(&[2]*uint32{&c.rowsN, &c.rowsS}, y)
	clear(&[2]*uint32{&c.colsW, &c.colsE}, x)
	c.symmetricE = x == m && y == m
	queens := [][2]int{{m, x}, {y, m}}
	offsets := [4][2]int{nw: {0, 0}, ne: {0, h}, sw: {h, 0}, se: {h, h}}
	for qd, off := range offsets {
		for _, q := range queens {
			s := q[0] + q[1] - off[0] - off[1]
			d := q[0] - q[1] - off[0] + off[1] + m - 1
			if s >= 0 && s <= 2*m-2 {
				c.forbid[qd][0] |= 1 << s
			}
			if d >= 0 && d <= 2*m-2 {
				c.forbid[qd][1] |= 1 << d
			}
		}
	}
	c.subsetsE, c.subsetsW = subsetsBySize(c.colsE), subsetsBySize(c.colsW)
	return c
}

// oddConfigs returns the configurations of an odd board, one of each
// class under the eight symmetries, with the size of the class as weight.
func (e *Engine) oddConfigs() []config {
	n, m := e.n, e.m
	var out []config
	// A configuration is the set of its two squares; its images are
	// compared by (x, y).
	image := func(t, x, y int) (int, int) {
		sq := [2][2]int{{m, x}, {y, m}}
		var nx, ny int
		for _, s := range sq {
			r, c := transform(t, s[0], s[1], n)
			if r == m {
				nx = c
			}
			if c == m {
				ny = r
			}
		}
		return nx, ny
	}
	for x := range n {
		for y := range n {
			if (x == m) != (y == m) {
				continue // the centre holds both queens or neither
			}
			if x != m && (x-m == y-m || x-m == m-y) {
				continue // the two queens attack each other
			}
			canonical, stab := true, 0
			for t := range 8 {
				ix, iy := image(t, x, y)
				if ix < x || ix == x && iy < y {
					canonical = false
				}
				if ix == x && iy == y {
					stab++
				}
			}
			if canonical {
				out = append(out, e.newConfig(x, y, 8/stab))
			}
		}
	}
	return out
}

// transform returns the image of square (r, c) of the n×n board under
// symmetry t: the identity, the quarter, half and three-quarter turns, and
// the reflections in the middle column, the middle row, the main diagonal
// and the other diagonal.
func transform(t, r, c, n int) (int, int) {
	k := n - 1
	switch t {
	case 1:
		return c, k - r
	case 2:
		return k - r, k - c
	case 3:
		return k - c, r
	case 4:
		return r, k - c
	case 5:
		return k - r, c
	case 6:
		return c, r
	case 7:
		return k - c, k - r
	}
	return r, c
}

// rowMask returns the board rows of the north rows a and the south rows
// b, given in the quadrants' coordinates.
func (e *Engine) rowMask(a, b uint32) uint32 { return a | b<<e.h }

// split returns the north and south rows of a board-row mask, in the
// quadrants' coordinates.
func (e *Engine) split(rows uint32) (a, b uint32) {
	full := uint32(1)<<e.m - 1
	return rows & full, rows >> e.h & full
}

// addSets lists the east sets of configuration c, or some of them once
// done is closed.
func (e *Engine) addSets(c *config, done <-chan struct{}) {
	if len(e.configs) > 1 {
		c.sets, c.costs, c.most = e.listSets(c, e.dropped(c), 0, 1<<e.m, done)
		return
	}
	// A single configuration: its north row sets in two halves, on two
	// goroutines, put together in order.
	half := uint32(1) << (e.m - 1)
	var hiSets []uint32
	var hiCosts []float32
	var hiMost float64
	var wg sync.WaitGroup
	wg.Go(func() { hiSets, hiCosts, hiMost = e.listSets(c, nil, half, 1<<e.m, done) })
	c.sets, c.costs, c.most = e.listSets(c, nil, 0, half, done)
	wg.Wait()
	c.sets = append(c.sets[:len(c.sets):len(c.sets)], hiSets...)
	c.costs = append(c.costs[:len(c.costs):len(c.costs)], hiCosts...)
	c.most = max(c.most, hiMost)
}

// dropped returns, for a configuration of an odd board one of whose
// sides lacks the column of the middle row's queen, the groups ranked
// without that column, which make that side's candidates a dot product
// too; nil when both sides have every column.
func (e *Engine) dropped(c *config) *dropped {
	free := (uint32(1)<<e.m - 1) &^ (c.colsE & c.colsW)
	if free == 0 {
		return nil
	}
	return e.base.dropColumn(bits.TrailingZeros32(free))
}

// listSets returns the east sets of c whose north rows a are from ≤ a <
// to, in order, their costs, and the most candidates of a side of one;
// it stops, with some of them, once done is closed. d, if not nil, holds
// the groups without the column c lacks on one side.
//
// A cost reads the groups of the item's four sets of rows. The items are
// weighed in tiles of north rows against south rows of matching size,
// so that the groups of a tile are read from the processor's cache, not
// from memory, for each of its items.
func (e *Engine) listSets(c *config, d *dropped, from, to uint32, done <-chan struct{}) (sets []uint32, costs []float32, most float64) {
	east := bits.OnesCount32(c.colsE)
	// The south rows of each size, and the north rows in order with
	// where their items begin.
	south := make([][]uint32, east+1)
	for b := range uint32(1) << e.m {
		if k := bits.OnesCount32(b); b&^c.rowsS == 0 && k <= east {
			south[k] = append(south[k], b)
		}
	}
	var north []uint32
	var begin []int
	bySize := make([][]int, east+1)
	total := 0
	for a := from; a < to; a++ {
		if k := bits.OnesCount32(a); a&^c.rowsN == 0 && k <= east {
			bySize[k] = append(bySize[k], len(north))
			north = append(north, a)
			begin = append(begin, total)
			total += len(south[east-k])
		}
	}
	// Weigh every pair, 0 for those left out (not the least of their
	// orbit, or with no half board on a side), then keep the others in
	// order.
	costs = make([]float32, total)
	const tile = 32
	for k, as := range bySize {
		bs := south[east-k]
		for t := 0; t < len(as); t += tile {
			select {
			case <-done:
				return nil, nil, 0
			default:
			}
			at := as[t:min(t+tile, len(as))]
			for u := 0; u < len(bs); u += tile {
				for _, ai := range at {
					a, out := north[ai], costs[begin[ai]:]
					for j := u; j < min(u+tile, len(bs)); j++ {
						if c.symmetricE {
							if _, least := e.eastOrbit(a, bs[j]); !least {
								continue
							}
						}
						cost, side := e.cost(c, d, a, bs[j])
						out[j] = float32(cost)
						most = max(most, side)
					}
				}
			}
		}
	}
	kept := 0
	for _, cost := range costs {
		if cost != 0 {
			kept++
		}
	}
	sets = make([]uint32, 0, kept)
	kept = 0
	for ai, a := range north {
		first := true
		for j, b := range south[east-bits.OnesCount32(a)] {
			if cost := costs[begin[ai]+j]; cost != 0 {
				if first {
					cost = float32(float64(cost) + e.listsCost(e.northTrials(c, a)))
					first = false
				}
				sets = append(sets, e.rowMask(a, b))
				costs[kept] = cost
				kept++
			}
		}
	}
	if kept < total*3/4 {
		costs = slices.Clone(costs[:kept]) // free what the orbits left out
	}
	return sets, costs[:kept:kept], most
}

// split is a split of a set of columns between the upper and the lower
// quadrant of a half board: the upper one's columns, and the ranks (see
// rank) of both parts, which locate their groups of placements.
type split struct {
	cols           uint32
	rankUp, rankLo uint32
}

// subsetsBySize returns the splits of set, by number of columns of the
// upper part.
func subsetsBySize(set uint32) [][]split {
	out := make([][]split, bits.OnesCount32(set)+1)
	for sub := set; ; sub = (sub - 1) & set {
		k := bits.OnesCount32(sub)
		out[k] = append(out[k], split{cols: sub, rankUp: rank(sub), rankLo: rank(set &^ sub)})
		if sub == 0 {
			break
		}
	}
	return out
}

// eastOrbit reports whether the east set (a, b) is the least of its
// images under the reflections in the middle row and the middle column,
// and if so the number of its images. The reflection in the middle row
// swaps north and south and reverses their rows; the one in the middle
// column swaps east and west, which complements the set.
func (e *Engine) eastOrbit(a, b uint32) (int, bool) {
	m := e.m
	full := uint32(1)<<m - 1
	rev := func(v uint32) uint32 { return bits.Reverse32(v) >> (32 - m) }
	self := e.rowMask(a, b)
	images := [4]uint32{self, e.rowMask(rev(b), rev(a)), e.rowMask(full^a, full^b), e.rowMask(full^rev(b), full^rev(a))}
	distinct := 0
	for i, img := range images {
		if img < self {
			return 0, false
		}
		dup := false
		for _, o := range images[:i] {
			dup = dup || o == img
		}
		if !dup {
			distinct++
		}
	}
	return distinct, true
}

// cost estimates the work of the item (c, a, b) from the sizes of the
// groups of placements it pairs: the candidate half boards of each side,
// and their product for the join.
//
// It is 0 when a side has no candidate. It returns too the larger number
// of candidates of the two sides. d is nil or as for candidates.
func (e *Engine) cost(c *config, d *dropped, a, b uint32) (cost, most float64) {
	eastN := e.candidates(a, b, c.colsE, c.subsetsE, d)
	if eastN == 0 {
		return 0, 0
	}
	westN := e.candidates(c.rowsN&^a, c.rowsS&^b, c.colsW, c.subsetsW, d)
	if westN == 0 {
		return 0, 0
	}
	// The plan's units, and so its fingerprint, follow from the costs:
	// they must come out the same on every processor. The counts are
	// whole numbers, exact in a float64, and the conversions keep the
	// compiler from fusing a product into the sum (a fused
	// multiply-add rounds differently on some processors).
	return e.boardsCost(eastN, westN) + e.listsCost(e.southTrials(c, b)), max(eastN, westN)
}

// boardsCost is the cost of east and west candidate half boards and
// their pairs.
func (e *Engine) boardsCost(east, west float64) float64 {
	return float64((east+west)*e.halfWeight) + float64(east*west/256)
}

// listsCost is the cost of building lists whose walks try trials
// squares: 0 below N = 24, where the lists are made once for the count.
func (e *Engine) listsCost(trials float64) float64 {
	return float64(trials * e.trialWeight)
}

// southTrials returns the trials of the walks that build the south
// lists of the east sets (c, ·, b); 0 below N = 24.
func (e *Engine) southTrials(c *config, b uint32) float64 {
	if e.trials == nil {
		return 0
	}
	return float64(e.trials[b]) + float64(e.trials[c.rowsS&^b])
}

// northTrials returns the trials of the walks that build the north lists
// of the east sets (c, a, ·), which a counter builds once for a run of
// them; 0 below N = 24.
func (e *Engine) northTrials(c *config, a uint32) float64 {
	if e.trials == nil {
		return 0
	}
	return float64(e.trials[a]) + float64(e.trials[c.rowsN&^a])
}

// PartCost estimates, in the units of [Engine.Cost], the work of a part
// of item (ci, rows) with east and west candidate half boards: the half
// boards, their pairs, and the item's lists, which a part builds all.
func (e *Engine) PartCost(ci int, rows uint32, east, west float64) float64 {
	c := &e.configs[ci]
	a, b := e.split(rows)
	return e.boardsCost(east, west) + e.listsCost(e.southTrials(c, b)) + e.listsCost(e.northTrials(c, a))
}

// ListShare returns the share of the lists of east set i of
// configuration ci that its cost charges to it: the south ones, and the
// north ones only for the first of a run of sets that share them, which
// a count builds once for the run. It is 1 below N = 24.
func (e *Engine) ListShare(ci, i int) float64 {
	c := &e.configs[ci]
	a, b := e.split(c.sets[i])
	south, north := e.southTrials(c, b), e.northTrials(c, a)
	if south+north == 0 {
		return 1
	}
	if i > 0 {
		if before, _ := e.split(c.sets[i-1]); before == a {
			return south / (south + north)
		}
	}
	return 1
}

// CostSeconds returns about the time of one core, in seconds, of a unit
// of [Engine.Cost] from N = 24 on, and 0 below, where the costs weigh
// half boards and pairs alike and no time was measured.
func (e *Engine) CostSeconds() float64 { return pairSeconds[e.n] }

// HalfWeight returns the weight of a half board made in the units of
// [Engine.Cost].
func (e *Engine) HalfWeight() float64 { return e.halfWeight }

// candidates returns the number of pairs of an upper placement on rows
// up and a lower placement on rows low that together use the columns
// cols, in the unfiltered lists; subsets lists the subsets of cols by
// size. d, if not nil and cols lacks just its column, gives them faster.
func (e *Engine) candidates(up, low, cols uint32, subsets [][]split, d *dropped) float64 {
	k := bits.OnesCount32(up)
	if k >= len(subsets) {
		return 0
	}
	q := e.base
	full := uint32(1)<<e.m - 1
	if cols == full {
		// All the columns: the complements of the k-sets, in the order
		// of their rank, are the (m−k)-sets in reverse order.
		n := binomial[e.m][k]
		return float64(dotReversed(q.start[q.keys[up]:][:n+1], q.start[q.keys[low]:][:n+1]))
	}
	if d != nil && cols == full&^d.col {
		n := binomial[e.m-1][k]
		return float64(dotReversed(d.start[d.keys[up]:][:n+1], d.start[d.keys[low]:][:n+1]))
	}
	upKey, lowKey := q.keys[up], q.keys[low]
	total := 0
	for _, sp := range subsets[k] {
		ku := upKey + sp.rankUp
		if n := int(q.start[ku+1] - q.start[ku]); n > 0 {
			kl := lowKey + sp.rankLo
			total += n * int(q.start[kl+1]-q.start[kl])
		}
	}
	return float64(total)
}

// dotReversed returns the sum over the n groups of two lists of the
// size of the i-th group of the first times that of the (n−1−i)-th of the
// second, each given by the n+1 starts of its groups: with AVX-512 where
// the processor has it, sixteen groups at a time.
func dotReversed(up, low []uint32) uint64 {
	n := len(up) - 1
	if !haveAVX512 || n < 16 {
		return dotReversedGo(up, low)
	}
	blocks := n / 16
	total := dotReversedAVX512(&up[0], &low[:n+1][0], n, blocks)
	done := 16 * blocks
	return total + dotReversedGo(up[done:], low[:n-done+1])
}

// dotReversedGo is dotReversed in Go.
func dotReversedGo(up, low []uint32) uint64 {
	n := len(up) - 1
	low = low[:n+1]
	var total uint64
	for i := range n {
		total += uint64(up[i+1]-up[i]) * uint64(low[n-i]-low[n-1-i])
	}
	return total
}
