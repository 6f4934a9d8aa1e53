package join

import (
	"math"
	"math/bits"
)

// Symmetric returns the number of solutions of the n×n board that the
// half turn maps to themselves (halfTurn) and the number that the
// quarter turn does (quarterTurn), with the queens the searches placed.
// By Burnside's lemma the number of classes of solutions under the eight
// symmetries of the board is (total + halfTurn + 2·quarterTurn)/8: no
// reflection fixes a solution of a board larger than 1×1. It requires
// 1 ≤ n ≤ 32.
//
// A symmetric solution is fixed by the queens of a part of the board
// only, so both searches are small: they place whole orbits of queens,
// two or four squares at a time.
func Symmetric(n int, done <-chan struct{}) (halfTurn, quarterTurn, nodes uint64, ok bool) {
	return SymmetricPiece(n, 0, 1, done)
}

// SymmetricPiece counts piece k (0 ≤ k < pieces) of what [Symmetric]
// counts: the solutions fixed by the half turn whose queens of the first
// two rows are the k-th of every pieces of their placements, in the
// order the search meets them, and in piece 0 those the quarter turn
// fixes. The pieces add up to Symmetric's counts, and the half turn's
// search of N = 28, some ten minutes of one core, takes a share of it
// each.
func SymmetricPiece(n, k, pieces int, done <-chan struct{}) (halfTurn, quarterTurn, nodes uint64, ok bool) {
	h := halfTurnSearch{n: n, done: done, piece: k, pieces: max(pieces, 1)}
	halfTurn = h.count()
	if k > 0 {
		return halfTurn, 0, h.nodes, !h.stopped
	}
	s := symSearch{n: n, turns: 4, done: done}
	quarterTurn = s.count()
	return halfTurn, quarterTurn, h.nodes + s.nodes, !h.stopped && !s.stopped
}

// SymmetricSeconds returns about the time of one core, in seconds, of
// [Symmetric](n) from N = 24 on, and 0 below: 7.4 s at N = 24, ten times
// more each two sizes (measured on a Zen 5 core).
func SymmetricSeconds(n int) float64 {
	if n < 24 {
		return 0
	}
	return 7.4 * math.Pow(10, float64(n-24)/2)
}

// stopCheck is the number of nodes between two looks at whether a search
// should give up.
const stopCheck = 1 << 14

// stop reports whether done is closed, looking at it every stopCheck
// nodes.
func stop(nodes uint64, done <-chan struct{}, stopped *bool) bool {
	if *stopped {
		return true
	}
	if nodes%stopCheck == 0 {
		select {
		case <-done:
			*stopped = true
		default:
		}
	}
	return *stopped
}

// halfTurnSearch counts the solutions fixed by the half turn: the queen
// of row r in column c brings the queen of row n−1−r in column n−1−c, so
// the rows of the top half decide. The masks stay symmetric, so only the
// upper queen of a pair is checked, and that it does not share a
// diagonal with its partner: c ≠ r and c ≠ n−1−r.
type halfTurnSearch struct {
	n       int
	nodes   uint64
	done    <-chan struct{}
	stopped bool
	// The search counts piece of pieces: the placements of the first
	// two rows it meets are dealt to the pieces in turn; seen counts them.
	piece, pieces int
	seen          int
}

// count returns the number of solutions fixed by the half turn.
func (s *halfTurnSearch) count() uint64 {
	n := s.n
	m := n / 2
	if m <= 2 && s.piece > 0 {
		return 0 // too few rows to deal: piece 0 counts them all
	}
	if n%2 == 0 {
		return s.fill(0, 0, 0, 0)
	}
	// The middle row maps to itself reversed: its queen is in the centre.
	return s.fill(0, 1<<m, 1<<(2*m), 1<<(n-1))
}

// fill counts the completions from row r; the sum diagonal r+c is bit
// r+c of sum, the difference diagonal c−r bit c−r+n−1 of diff.
func (s *halfTurnSearch) fill(r int, cols uint32, sum, diff uint64) uint64 {
	n := s.n
	if r == n/2 {
		return 1
	}
	if r == 2 && s.pieces > 1 {
		if s.seen++; (s.seen-1)%s.pieces != s.piece {
			return 0
		}
	}
	full := uint32(1)<<n - 1
	attacked := cols | uint32(sum>>r)&full | uint32(diff>>(n-1-r))&full | 1<<r | 1<<(n-1-r)
	var total uint64
	for free := full &^ attacked; free != 0; free &= free - 1 {
		c := bits.TrailingZeros32(free)
		s.nodes++
		if stop(s.nodes, s.done, &s.stopped) {
			return total
		}
		k := n - 1
		total += s.fill(r+1, cols|1<<c|1<<(k-c),
			sum|1<<(r+c)|1<<(2*k-r-c), diff|1<<(c-r+k)|1<<(r-c+k))
	}
	return total
}

// symSearch counts the solutions fixed by the half turn (turns = 2) or
// the quarter turn (turns = 4), filling the rows from the top: each queen
// placed brings the other queens of its orbit.
type symSearch struct {
	n, turns int
	nodes    uint64
	done     <-chan struct{}
	stopped  bool
}

// count returns the number of symmetric solutions.
func (s *symSearch) count() uint64 {
	n := s.n
	if n == 1 {
		return 1
	}
	return s.fill(0, 0, 0, 0)
}

// orbit returns the squares of the orbit of (r, c) under the search's
// turns, repeats included.
func (s *symSearch) orbit(r, c int) (sq [4][2]int, k int) {
	k = s.turns
	for i := range k {
		sq[i] = [2]int{r, c}
		r, c = c, s.n-1-r // a quarter turn
		if s.turns == 2 && i == 0 {
			r, c = c, s.n-1-r // two quarter turns: the half turn
		}
	}
	return sq, k
}

// fill counts the completions of a symmetric placement whose rows,
// columns and diagonals are the given masks (sum diagonal r+c at bit
// r+c, difference diagonal at bit r−c+n−1).
func (s *symSearch) fill(rows, cols uint32, sum, diff uint64) uint64 {
	n := s.n
	full := uint32(1)<<n - 1
	if rows == full {
		return 1
	}
	r := bits.TrailingZeros32(^rows)
	var total uint64
	for free := full &^ cols; free != 0; free &= free - 1 {
		c := bits.TrailingZeros32(free)
		sq, k := s.orbit(r, c)
		nr, nc, ns, nd, ok := rows, cols, sum, diff, true
		for i := range k {
			q := sq[i]
			dup := false
			for _, o := range sq[:i] {
				dup = dup || o == q
			}
			if dup {
				continue
			}
			rb, cb := uint32(1)<<q[0], uint32(1)<<q[1]
			sb, db := uint64(1)<<(q[0]+q[1]), uint64(1)<<(q[0]-q[1]+n-1)
			if nr&rb != 0 || nc&cb != 0 || ns&sb != 0 || nd&db != 0 {
				ok = false
				break
			}
			nr, nc, ns, nd = nr|rb, nc|cb, ns|sb, nd|db
		}
		if ok {
			s.nodes++
			if stop(s.nodes, s.done, &s.stopped) {
				return total
			}
			total += s.fill(nr, nc, ns, nd)
		}
	}
	return total
}
