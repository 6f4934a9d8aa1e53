package plan

import (
	"math/bits"
)

// search is the search of one unit: a depth-first search over the rows
// that hold no border queen, with the columns and the two diagonals that
// the queens placed attack kept as bits of three words. The diagonals are
// kept whole (bit r+c and bit c-r+n-1), so that the rows can be filled in
// any order: the top levels take the row with the fewest open squares each
// time, and the kernel the rows left in the order of their open squares.
// The border queens need no bits: what they attack is taken out of each
// level's mask beforehand.
type search struct {
	n      int        // the board size
	levels int        // rows without a border queen
	rows   [32]int    // rows[k]: the board row of level k, from the top down
	mask   [32]uint32 // columns open to a queen in level k: not taken or attacked by a border queen
	shift  [32]uint32 // rows[k+1] - rows[k]: how far the diagonals move from level k to the next, for the probes
	inner  uint32     // the columns without a border queen

	done     <-chan struct{}
	meter    *slot   // where the share of the search done is shown, or nil
	tag      uint64  // the unit's tag in the meter (see slot)
	share    float64 // the share of the search done, by the weights of the top levels' branches
	leaves   uint    // the top level's leaves reached, to show the share every few
	stop     bool    // done was closed, or a count overflowed: the counts are partial
	overflow bool    // a count exceeded 64 bits
	nodes    uint64  // queens placed
	sols     uint64  // solutions
}

// init prepares the search of the solutions of the n×n board with border
// b.
func (s *search) init(n int, b border) {
	s.n, s.levels, s.done, s.stop, s.overflow, s.nodes, s.sols = n, 0, nil, false, false, 0, 0
	s.meter, s.tag, s.share, s.leaves = nil, 0, 0, 0
	m := n - 1
	sq := b.squares(n)
	var bordered uint32 // rows with a border queen
	var takenCols uint32
	for _, q := range sq {
		bordered |= 1 << q.r
		takenCols |= 1 << q.c
	}
	full := uint32(1<<n - 1)
	s.inner = full &^ takenCols
	for r := 1; r < m; r++ {
		if bordered&(1<<r) != 0 {
			continue
		}
		mask := s.inner
		for _, q := range sq {
			// The queen on q attacks the squares of row r at the
			// distance of the rows on both sides of its column.
			d := r - q.r
			if d < 0 {
				d = -d
			}
			mask &^= uint32(1)<<q.c>>d | uint32(1)<<q.c<<d
		}
		s.rows[s.levels] = r
		s.mask[s.levels] = mask & full
		s.levels++
	}
	for k := 0; k+1 < s.levels; k++ {
		s.shift[k] = uint32(s.rows[k+1] - s.rows[k])
	}
	s.shift[max(s.levels-1, 0)] = 0
}

// estimate returns a rough measure of the size of the search, from the
// number of open squares in each level: it ranks the images of a border
// by how fast their searches are, and orders the units.
func (s *search) estimate() float64 {
	est, width := 0.0, 1.0
	for k := range s.levels {
		width *= max(1, float64(bits.OnesCount32(s.mask[k]))-float64(2*k))
		est += width
	}
	return est
}

// newUnitSearch prepares the search of the unit with border b (in
// canonical form) of the n×n board. The four rotations of the border have
// the same solutions up to symmetry, but their searches differ widely in
// size; newUnitSearch takes the one that Knuth's random-probe estimate of
// a search from the top down finds smallest, which also ranks well the
// searches that take the rows in the order of their open squares. (The
// reflections add nothing: a mirrored border has a mirrored search tree.)
// The probes are seeded by the border, so the choice is the same each time.
func newUnitSearch(n int, b border) search {
	var cands [4]search
	var sums [4]float64
	for t := range cands {
		cands[t].init(n, b.image(t, n))
	}
	if cands[0].levels < probeLevels {
		// The search is too small to pay for probes: the closed-form
		// estimate chooses.
		best := 0
		for t := range cands {
			sums[t] = cands[t].estimate()
			if sums[t] < sums[best] {
				best = t
			}
		}
		return cands[best]
	}
	rng := uint64(n)<<32 | uint64(b.top)<<24 | uint64(b.bottom)<<16 | uint64(b.left)<<8 | uint64(b.right)
	rng = rng*0x9e3779b97f4a7c15 | 1
	const round = 8
	probes, limit := 0, round
	best := 0
	for probes < limit {
		for t := range cands {
			for range round {
				sums[t] += cands[t].probe(&rng)
			}
		}
		probes += round
		for t := range sums {
			if sums[t] < sums[best] {
				best = t
			}
		}
		if probes == round {
			// Probe more, up to 64 times, where the search is large
			// enough that the probes cost under a twentieth of it.
			est := sums[best] / float64(probes)
			limit = min(64, max(round, int(est/(20*4*float64(cands[0].levels)))))
		}
	}
	return cands[best]
}

// probeLevels is the number of levels from which a unit's search is large
// enough (some ten thousand nodes, from N = 15 on) to choose its rotation
// by random probes.
const probeLevels = 11

// probe walks one random path down the search tree and returns Knuth's
// estimate of the work of the search: the sum over the levels of the
// product of the numbers of choices above. The last two levels are left
// out: the kernel finishes them with a few bit operations per queen of the
// level above. rng is the state of a xorshift generator.
func (s *search) probe(rng *uint64) float64 {
	var cols, ld, rd uint32
	est, width := 0.0, 1.0
	for k := range s.levels {
		avail := s.mask[k] &^ (cols | ld | rd)
		c := bits.OnesCount32(avail)
		if c == 0 {
			break
		}
		width *= float64(c)
		if k < s.levels-2 {
			est += width
		}
		x := *rng
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		*rng = x
		for i := x % uint64(c); i > 0; i-- {
			avail &= avail - 1
		}
		bit := avail & -avail
		sh := s.shift[k]
		cols, ld, rd = cols|bit, (ld|bit)<<sh, (rd|bit)>>sh
	}
	return est
}

// run counts the solutions of the unit in s.sols.
func (s *search) run() {
	if s.levels == 0 {
		s.sols = 1 // the border queens are a solution by themselves
		return
	}
	s.outer(0, 0, 0, 0, 0, 1)
}

// leaf adds the weight w of a finished branch of the top levels to the
// share of the search done, and shows the share in the meter every
// sixteenth leaf: an atomic store now and then, nothing per node.
func (s *search) leaf(w float64) {
	s.share += w
	s.leaves++
	if s.meter != nil && s.leaves%16 == 0 {
		s.meter.show(s.tag, s.share)
	}
}

// avail returns the open squares of level i under the queens placed: cols
// holds their columns, d1 their anti-diagonals (bit r+c) and d2 their
// diagonals (bit c-r+n-1), so that row r reads d1>>r and d2>>(n-1-r).
func (s *search) avail(i int, cols uint32, d1, d2 uint64) uint32 {
	r := uint(s.rows[i])
	return s.mask[i] &^ (cols | uint32(d1>>(r&63)) | uint32(d2>>((uint(s.n)-1-r)&63)))
}

// outer searches the top levels of the unit, each time in the row with the
// fewest open squares, looking for cancellation before it hands the last
// kernelLevels rows to the fast kernel. used holds the levels placed; w
// is the weight of the branch, its parent's shared equally among the
// parent's children, so that the weights of the leaves add up to 1.
func (s *search) outer(placed int, used, cols uint32, d1, d2 uint64, w float64) {
	if placed+kernelLevels >= s.levels {
		select {
		case <-s.done:
			s.stop = true
			return
		default:
		}
		sols, nodes := s.kernel(used, cols, d1, d2)
		var c1, c2 uint64
		s.sols, c1 = bits.Add64(s.sols, sols, 0)
		s.nodes, c2 = bits.Add64(s.nodes, nodes, 0)
		if c1|c2 != 0 {
			s.overflow, s.stop = true, true
		}
		s.leaf(w)
		return
	}
	best, fewest := -1, 33
	for i := range s.levels {
		if used&(1<<i) != 0 {
			continue
		}
		if c := bits.OnesCount32(s.avail(i, cols, d1, d2)); c < fewest {
			best, fewest = i, c
		}
	}
	if fewest == 0 {
		s.leaf(w)
		return
	}
	avail := s.avail(best, cols, d1, d2)
	r := uint(s.rows[best])
	w /= float64(fewest)
	for avail != 0 && !s.stop {
		bit := avail & -avail
		avail ^= bit
		s.nodes++
		b := uint64(bit)
		s.outer(placed+1, used|1<<best, cols|bit, d1|b<<r, d2|b<<(uint(s.n)-1-r), w)
	}
}

// kernelLevels is the number of rows at the bottom of a search that the
// fast kernel runs in a fixed order, without looking for cancellation.
const kernelLevels = 9

// kernel counts the solutions below a state of the search (the levels
// used, and the columns and diagonals the queens placed attack), and the
// queens it places. It visits the rows left in the order of their open
// squares, fewest first, each row once. It is the hot loop of the engine:
// iterative, with the state of each level on a fixed stack, no allocation,
// no call, and no look at anything but the masks. A child whose row has no
// open square is never entered, and the last two levels are finished
// without a loop.
func (s *search) kernel(used, cols uint32, d1, d2 uint64) (sols, nodes uint64) {
	var mask [32]uint32
	var row [32]int
	var cnt [32]int
	levels := 0
	for i := range s.levels {
		if used&(1<<i) != 0 {
			continue
		}
		a := s.avail(i, cols, d1, d2)
		c := bits.OnesCount32(a)
		if c == 0 {
			return 0, 0
		}
		// Insertion by open squares, stable.
		j := levels
		for j > 0 && cnt[j-1] > c {
			cnt[j], mask[j], row[j] = cnt[j-1], mask[j-1], row[j-1]
			j--
		}
		cnt[j], mask[j], row[j] = c, s.mask[i], s.rows[i]
		levels++
	}
	// The diagonals are kept rotated so that the row of the level reads
	// them in the low 32 bits: a rotation loses no bit, so the rows can
	// come in any order. rot[k] turns the words of level k into those of
	// level k+1.
	ld := bits.RotateLeft64(d1, -row[0])
	rd := bits.RotateLeft64(d2, row[0]-(s.n-1))
	if levels <= 2 {
		return tail(levels, &mask, &row, cols, ld, rd)
	}
	var rot [32]int
	for k := 0; k+1 < levels; k++ {
		rot[k] = row[k] - row[k+1]
	}
	last := levels - 1
	var fold [32]bool // the level whose children lie in the last but one
	fold[(last-2)&31] = true
	inner := s.inner
	var count [2]uint64 // solutions, nodes
	var stack [32]kframe
	k := 0
	avail := mask[0] &^ (cols | uint32(ld) | uint32(rd))
	for {
		if fold[k&31] {
			// Two columns are left open for the last two levels: the
			// ones of f0 but the child's. A child b of the last but one
			// level leaves the other one, f^b, for the last level.
			r0, r1 := rot[k&31], rot[(k+1)&31]
			m1, m2 := mask[(k+1)&31], mask[(k+2)&31]
			f0 := inner &^ cols
			for avail != 0 {
				bit := avail & -avail
				avail ^= bit
				nl, nr := bits.RotateLeft64(ld|uint64(bit), r0), bits.RotateLeft64(rd|uint64(bit), -r0)
				f := f0 ^ bit
				a := m1 &^ (cols | bit | uint32(nl) | uint32(nr))
				b1 := a & -a
				b2 := a ^ b1
				ok1 := (f ^ b1) & m2 &^ (uint32(bits.RotateLeft64(nl|uint64(b1), r1)) | uint32(bits.RotateLeft64(nr|uint64(b1), -r1))) & nonzero(b1)
				ok2 := (f ^ b2) & m2 &^ (uint32(bits.RotateLeft64(nl|uint64(b2), r1)) | uint32(bits.RotateLeft64(nr|uint64(b2), -r1))) & nonzero(b2)
				c := uint64(ok1|-ok1)>>31 + uint64(ok2|-ok2)>>31
				count[0] += c
				count[1] += 1 + uint64(b1|-b1)>>31 + uint64(b2|-b2)>>31 + c
			}
		} else {
			for avail != 0 {
				bit := avail & -avail
				avail ^= bit
				count[1]++
				r := rot[k&31]
				nl, nr := bits.RotateLeft64(ld|uint64(bit), r), bits.RotateLeft64(rd|uint64(bit), -r)
				next := mask[(k+1)&31] &^ (cols | bit | uint32(nl) | uint32(nr))
				if next != 0 {
					stack[k&31] = kframe{avail, cols, ld, rd}
					cols |= bit
					ld, rd = nl, nr
					avail = next
					k++
					if fold[k&31] {
						break
					}
				}
			}
			if avail != 0 {
				continue // on to the fold level
			}
		}
		if k == 0 {
			return count[0], count[1]
		}
		k--
		f := stack[k&31]
		avail, cols, ld, rd = f.avail, f.cols, f.ld, f.rd
	}
}

// kframe is the state of a level on the kernel's stack: the open squares
// not yet tried, and what the queens above attack.
type kframe struct {
	avail, cols uint32
	ld, rd      uint64
}

// tail counts the solutions of the last one or two levels of the kernel,
// from the rotated diagonals of the first of them.
func tail(levels int, mask *[32]uint32, row *[32]int, cols uint32, ld, rd uint64) (sols, nodes uint64) {
	avail := mask[0] &^ (cols | uint32(ld) | uint32(rd))
	if levels == 1 {
		c := uint64(bits.OnesCount32(avail))
		return c, c
	}
	r := row[0] - row[1]
	for avail != 0 {
		bit := avail & -avail
		avail ^= bit
		nodes++
		nl, nr := bits.RotateLeft64(ld|uint64(bit), r), bits.RotateLeft64(rd|uint64(bit), -r)
		if mask[1]&^(cols|bit|uint32(nl)|uint32(nr)) != 0 {
			sols++
			nodes++
		}
	}
	return sols, nodes
}

// nonzero returns all ones when x is not 0, and 0 when it is.
func nonzero(x uint32) uint32 { return uint32(int32(x|-x) >> 31) }

// countFixed counts the solutions with border b of the n×n board that the
// rotation t (1, 2 or 3, a quarter, half or three quarter turn) maps to
// themselves. The border must be one that t maps to itself. Such
// solutions are rare and their search is small: placing a queen places
// its whole orbit under the rotation.
func countFixed(n int, b border, t int) uint64 {
	f := fixedSearch{n: n, t: t}
	for r := range n {
		f.queens[r] = -1
	}
	for _, q := range b.squares(n) {
		if f.queens[q.r] < 0 && !f.put(q) {
			return 0
		}
	}
	return f.fill(0)
}

// fixedSearch is the search of countFixed.
type fixedSearch struct {
	n, t       int
	queens     [32]int // column of the queen in each row, or -1
	cols       uint64  // columns taken
	diag, anti uint64  // diagonals taken: r+c and r-c+n-1
}

// put places a queen on q if no queen attacks it.
func (f *fixedSearch) put(q square) bool {
	c, d, a := uint64(1)<<q.c, uint64(1)<<(q.r+q.c), uint64(1)<<(q.r-q.c+f.n-1)
	if f.queens[q.r] >= 0 || f.cols&c != 0 || f.diag&d != 0 || f.anti&a != 0 {
		return false
	}
	f.queens[q.r] = q.c
	f.cols |= c
	f.diag |= d
	f.anti |= a
	return true
}

// take removes the queen on q.
func (f *fixedSearch) take(q square) {
	f.queens[q.r] = -1
	f.cols &^= 1 << q.c
	f.diag &^= 1 << (q.r + q.c)
	f.anti &^= 1 << (q.r - q.c + f.n - 1)
}

// fill counts the ways to complete the rows from r on with whole orbits.
func (f *fixedSearch) fill(r int) uint64 {
	for r < f.n && f.queens[r] >= 0 {
		r++
	}
	if r == f.n {
		return 1
	}
	var count uint64
	for c := range f.n {
		var orbit [4]square
		k := 0
		for q := (square{r, c}); k == 0 || q != orbit[0]; q = transform(f.t, q, f.n) {
			orbit[k] = q
			k++
		}
		placed := 0
		for placed < k && f.put(orbit[placed]) {
			placed++
		}
		if placed == k {
			count += f.fill(r + 1)
		}
		for i := range placed {
			f.take(orbit[i])
		}
	}
	return count
}
