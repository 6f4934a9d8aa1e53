package queens

import (
	"context"
	"errors"
	"math/bits"
	"sync/atomic"
)

// errOvertaken stops the search of a unit once an earlier unit has a
// solution; it never leaves the package.
var errOvertaken = errors.New("queens: overtaken by an earlier unit")

// searcher is the exhaustive search of an [Instance] on a board of at
// most 64 columns; wideSearcher is the same search on wider boards. The rows still empty, the columns taken and both
// families of diagonals taken are bit sets; the diagonals, 2n-1 of each,
// take two words. Diagonal r+c is bit r+c of diag, and diagonal c-r is
// bit c-r+n-1 of anti, so that the diagonals through row r are bits
// r..r+n-1 of diag and bits n-1-r..2n-2-r of anti. allow holds the
// squares of each row that are neither blocked nor on an excluded
// diagonal.
//
// At every node the search computes the free squares of every empty row
// and, bit-sliced, how many free squares every empty column has (0, 1, 2
// or more). A row or column without a free square fails at once; a row
// or column with one is filled first, which propagates forced queens one
// a node; otherwise the search branches on the row with the fewest free
// squares, or on a column with two when every row has three or more.
type searcher struct {
	n     int
	full  uint64 // the columns in use
	open  uint64 // rows in use without a queen
	cols  uint64 // columns with a queen
	diag  [2]uint64
	anti  [2]uint64
	allow [64]uint64
	sol   Solution

	first bool                // stop at the first solution
	visit func(Solution) bool // called on every solution, when not nil; false stops
	found uint64              // solutions found
	nodes uint64              // nodes of the search tree

	// A search that splits stops at branching depth limit and calls unit
	// there instead of searching on; limit < 0 never splits.
	limit int
	depth int
	unit  func(*searcher)

	// A search of unit index gives up, with errOvertaken, once a unit
	// before it has a solution: overtaken holds the least such index.
	index     int64
	overtaken *atomic.Int64

	// When ring is not nil, a solution adds 12/m to found instead of 1,
	// m being the number of its queens on the squares of ring: the
	// weights of the symmetric count (see Instance.countSymmetric).
	ring []Square

	done <-chan struct{}
	ctx  context.Context
	err  error
}

// newSearcher returns the search of the instance, which must pass Check,
// with its preset queens placed; ok is false when a preset queen stands
// on a blocked square or an excluded diagonal, so that there is no
// solution.
func newSearcher(in *Instance) (s *searcher, ok bool) {
	n := in.N
	rows, _ := lineSet(n, in.Rows, "row")
	cols, _ := lineSet(n, in.Cols, "column")
	s = &searcher{
		n:     n,
		full:  cols[0],
		open:  rows[0],
		sol:   make(Solution, n),
		limit: -1,
	}
	for r := range s.sol {
		if !rows.has(r) {
			s.sol[r] = -1
		}
	}
	for r, a := range in.allowed() {
		s.allow[r] = a[0]
	}
	for _, q := range in.Queens {
		if s.allow[q.Row]>>q.Col&1 == 0 {
			return s, false
		}
		s.place(q.Row, q.Col)
	}
	return s, true
}

// clone returns a copy of s that searches on its own, with a solution
// slice of its own, under ctx.
func (s *searcher) clone(ctx context.Context) *searcher {
	c := *s
	c.sol = s.sol.Clone()
	c.found, c.nodes, c.err = 0, 0, nil
	c.setContext(ctx)
	return &c
}

// setContext makes the search stop, with ctx.Err(), when ctx is done.
func (s *searcher) setContext(ctx context.Context) {
	s.ctx, s.done = ctx, ctx.Done()
}

// interrupted reports whether the search must stop early, and sets s.err
// to say why.
func (s *searcher) interrupted() bool {
	if s.overtaken != nil && s.overtaken.Load() < s.index {
		s.err = errOvertaken
		return true
	}
	if s.done == nil {
		return false
	}
	select {
	case <-s.done:
		s.err = s.ctx.Err()
		return true
	default:
		return false
	}
}

// place puts a queen on (r, c), or with place twice, takes it away: every
// bit it sets is clear before.
func (s *searcher) place(r, c int) {
	s.sol[r] = c
	s.open ^= 1 << r
	s.cols ^= 1 << c
	d, a := r+c, c-r+s.n-1
	s.diag[d>>6] ^= 1 << (d & 63)
	s.anti[a>>6] ^= 1 << (a & 63)
}

// free returns the columns of the free squares of row r.
func (s *searcher) free(r int) uint64 {
	return s.allow[r] &^ (s.cols | shift(s.diag, r) | shift(s.anti, s.n-1-r))
}

// shift returns bits k..k+63 of the 128-bit set x, for 0 ≤ k ≤ 63.
func shift(x [2]uint64, k int) uint64 {
	return x[0]>>k | x[1]<<(64-k) // a shift by 64 gives 0
}

// search fills the empty rows and reports whether to stop: after the first
// solution when s.first is set, when visit returns false, or when the
// context is done (s.err is then set). On a stop for a solution the
// queens stay on the board: s.sol is the solution.
func (s *searcher) search() (stop bool) {
	if s.open == 0 {
		if s.ring == nil {
			s.found++
		} else {
			s.found += s.weight()
		}
		if s.visit != nil {
			return !s.visit(s.sol)
		}
		return s.first
	}
	if s.depth == s.limit {
		s.unit(s)
		return false
	}
	s.nodes++
	if s.nodes&(1<<12-1) == 0 && s.interrupted() {
		return true
	}
	// The free squares of each empty row; c1, c2 and c3 are the columns
	// with at least one, two and three of them.
	var c1, c2, c3 uint64
	row, cand, fewest := -1, uint64(0), 65
	for rs := s.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		f := s.free(r)
		if k := bits.OnesCount64(f); k < fewest {
			if k == 0 {
				return false
			}
			row, cand, fewest = r, f, k
		}
		c3 |= c2 & f
		c2 |= c1 & f
		c1 |= f
	}
	need := s.full &^ s.cols
	if need&^c1 != 0 {
		return false // a column without a free square
	}
	if fewest > 1 {
		col := -1
		if ones := need &^ c2; ones != 0 {
			col = bits.TrailingZeros64(ones)
		} else if twos := need & c2 &^ c3; fewest > 2 && twos != 0 {
			col = bits.TrailingZeros64(twos)
		}
		if col >= 0 {
			return s.branchColumn(col)
		}
	}
	return s.branchRow(row, cand)
}

// branchRow tries a queen on each of the columns cand of row r.
func (s *searcher) branchRow(r int, cand uint64) bool {
	many := cand&(cand-1) != 0
	if many {
		s.depth++
	}
	for ; cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros64(cand)
		s.place(r, c)
		if s.search() {
			return true
		}
		s.place(r, c)
	}
	if many {
		s.depth--
	}
	return false
}

// branchColumn tries a queen on each free square of column c.
func (s *searcher) branchColumn(c int) bool {
	var rows uint64
	for rs := s.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		if s.free(r)>>c&1 != 0 {
			rows |= 1 << r
		}
	}
	many := rows&(rows-1) != 0
	if many {
		s.depth++
	}
	for ; rows != 0; rows &= rows - 1 {
		r := bits.TrailingZeros64(rows)
		s.place(r, c)
		if s.search() {
			return true
		}
		s.place(r, c)
	}
	if many {
		s.depth--
	}
	return false
}

// placed returns the queens that s has placed beyond those of base, which
// s grew from.
func (s *searcher) placed(base *searcher) []Square {
	var qs []Square
	for rs := base.open &^ s.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		qs = append(qs, Square{r, s.sol[r]})
	}
	return qs
}
