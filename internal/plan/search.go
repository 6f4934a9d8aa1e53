package plan

import (
	"math/bits"
)

// innerLevels is the number of levels at the bottom of a search that the
// fast kernel runs without looking for cancellation: few enough that such
// a subtree, with as many columns left open, takes at most milliseconds on
// any board, and enough that the looking costs nothing.
const innerLevels = 11

// search is the search of one unit: a depth-first search over the rows
// that hold no border queen, from top to bottom, with the columns and the
// two diagonals that the queens above attack kept as bits of three words.
// The border queens need no bits: what they attack is taken out of each
// level's mask beforehand.
type search struct {
	levels int        // rows without a border queen
	rows   [32]int    // rows[k]: the board row of level k
	mask   [32]uint32 // columns open to a queen in level k: not taken or attacked by a border queen
	shift  [32]uint32 // rows[k+1] - rows[k]: how far the diagonals move from level k to the next
	inner  uint32     // the columns without a border queen

	done     <-chan struct{}
	stop     bool   // done was closed, or a count overflowed: the counts are partial
	overflow bool   // a count exceeded 64 bits
	nodes    uint64 // queens placed
	sols     uint64 // solutions
}

// init prepares the search of the solutions of the n×n board with border
// b.
func (s *search) init(n int, b border) {
	s.levels, s.done, s.stop, s.overflow, s.nodes, s.sols = 0, nil, false, false, 0, 0
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
// size, since the search runs from the top down; newUnitSearch
// takes the one that Knuth's random-probe estimate finds smallest. (The
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
	s.outer(0, 0, 0, 0)
}

// outer searches the top levels of the unit, looking for cancellation
// before it hands each subtree of the last innerLevels levels to the fast
// kernel.
func (s *search) outer(k int, cols, ld, rd uint32) {
	if k+innerLevels >= s.levels {
		select {
		case <-s.done:
			s.stop = true
			return
		default:
		}
		sols, nodes := s.kernel(k, cols, ld, rd)
		var c1, c2 uint64
		s.sols, c1 = bits.Add64(s.sols, sols, 0)
		s.nodes, c2 = bits.Add64(s.nodes, nodes, 0)
		if c1|c2 != 0 {
			s.overflow, s.stop = true, true
		}
		return
	}
	avail := s.mask[k] &^ (cols | ld | rd)
	sh := s.shift[k]
	for avail != 0 && !s.stop {
		bit := avail & -avail
		avail ^= bit
		s.nodes++
		s.outer(k+1, cols|bit, (ld|bit)<<sh, (rd|bit)>>sh)
	}
}

// kernel counts the solutions below a state of level k0 (the columns and
// diagonals that the queens above attack in its row), and the queens it
// places. It is the hot loop of the engine: iterative, with the state of
// each level on a fixed stack, no allocation, no call, and no look at
// anything but the masks. A child whose row has no open square is never
// entered, and the last two levels are finished without a loop.
//
// The code is shaped for the Go compiler: the tables are copied into the
// frame and the counters kept in memory, so that few values compete for
// registers in the inner loop, and shifts are masked to 0..31 so that they
// compile to a single instruction.
func (s *search) kernel(k0 int, cols, ld, rd uint32) (sols, nodes uint64) {
	last := s.levels - 1
	if k0 >= last-1 {
		return s.tail(k0, cols, ld, rd)
	}
	mask := s.mask
	shift := s.shift
	var fold [32]bool // the level whose children lie in the last but one
	fold[(last-2)&31] = true
	inner := s.inner
	var count [2]uint64 // solutions, nodes
	var stack [32]frame
	k := k0
	avail := mask[k&31] &^ (cols | ld | rd)
	for {
		if fold[k&31] {
			// Two columns are left open for the last two levels: the
			// ones of f0 but the child's. A child b of the last but one
			// level leaves the other one, f^b, for the last level.
			sh := shift[k&31] & 31
			sh1 := shift[(k+1)&31] & 31
			m1, m2 := mask[(k+1)&31], mask[(k+2)&31]
			f0 := inner &^ cols
			for avail != 0 {
				bit := avail & -avail
				avail ^= bit
				nl, nr := (ld|bit)<<sh, (rd|bit)>>sh
				f := f0 ^ bit
				a := m1 &^ (cols | bit | nl | nr)
				b1 := a & -a
				b2 := a ^ b1
				ok1 := (f ^ b1) & m2 &^ ((nl|b1)<<sh1 | (nr|b1)>>sh1) & nonzero(b1)
				ok2 := (f ^ b2) & m2 &^ ((nl|b2)<<sh1 | (nr|b2)>>sh1) & nonzero(b2)
				c := uint64(ok1|-ok1)>>31 + uint64(ok2|-ok2)>>31
				count[0] += c
				count[1] += 1 + uint64(b1|-b1)>>31 + uint64(b2|-b2)>>31 + c
			}
		} else {
			for avail != 0 {
				bit := avail & -avail
				avail ^= bit
				count[1]++
				sh := shift[k&31] & 31
				next := mask[(k+1)&31] &^ (cols | bit | (ld|bit)<<sh | (rd|bit)>>sh)
				if next != 0 {
					stack[k&31] = frame{avail, cols, ld, rd}
					cols |= bit
					ld = (ld | bit) << sh
					rd = (rd | bit) >> sh
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
		if k == k0 {
			return count[0], count[1]
		}
		k--
		f := stack[k&31]
		avail, cols, ld, rd = f.avail, f.cols, f.ld, f.rd
	}
}

// frame is the state of a level on the kernel's stack: the open squares
// not yet tried, and what the queens above attack.
type frame struct{ avail, cols, ld, rd uint32 }

// tail counts the solutions below a state of one of the last two levels.
func (s *search) tail(k int, cols, ld, rd uint32) (sols, nodes uint64) {
	avail := s.mask[k] &^ (cols | ld | rd)
	if k == s.levels-1 {
		c := uint64(bits.OnesCount32(avail))
		return c, c
	}
	sh := s.shift[k]
	for avail != 0 {
		bit := avail & -avail
		avail ^= bit
		nodes++
		if s.mask[k+1]&^(cols|bit|(ld|bit)<<sh|(rd|bit)>>sh) != 0 {
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
