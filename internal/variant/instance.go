// Package variant decides and counts the hard variants of n-queens: a
// board with preset queens (completion), blocked squares and excluded
// diagonals, and with only some rows and columns in use. It is the
// search behind queens.Instance, which checks an instance before it
// hands it here; this package takes its input as well formed.
//
// The search is a bitboard backtracking over rows and columns, branching
// where the fewest squares are left, pruned by bounds on the diagonals,
// split into units for several cores, raced against a plain search in
// another order, and helped by AVX-512 kernels that have pure-Go twins
// (the purego build tag selects the twins). Dancing links (dlx.go) is
// the independent oracle that the tests and --cross-check compare with.
package variant

import (
	"math/bits"
)

// Square is a square of the board, its row and column counted from 0 at
// the top left.
type Square struct{ Row, Col int }

// Diagonal is a diagonal line of the board: the squares with Row+Col == K
// when Sum is set, else those with Row-Col == K.
type Diagonal struct {
	Sum bool
	K   int
}

// Instance is a problem on the N×N board, as queens.Instance describes
// it: a queen on every square of Queens, none on a square of Blocked or
// on a diagonal of Excluded, and, when Rows and Cols are not nil, a
// queen in each row and column they list and none elsewhere. It must be
// well formed (queens.Instance.Check); nothing here checks it again.
type Instance struct {
	N        int
	Queens   []Square
	Blocked  []Square
	Excluded []Diagonal
	Rows     []int
	Cols     []int
}

// Solution is the column of the queen in each row, -1 for a row not in
// use.
type Solution = []int

// Total is a count of solutions, which may exceed 64 bits.
type Total struct{ Hi, Lo uint64 }

// add returns x+y.
func (x Total) add(y Total) Total {
	lo, carry := bits.Add64(x.Lo, y.Lo, 0)
	return Total{x.Hi + y.Hi + carry, lo}
}

// times returns x·v for a count x below 2^64.
func times(x, v uint64) Total {
	hi, lo := bits.Mul64(x, v)
	return Total{hi, lo}
}

// Progress is called by a count after each unit of work it finishes,
// never by two goroutines at once, with the units finished and in all.
type Progress func(done, units int)

// set128 is a set of the numbers 0 to 127, one bit each.
type set128 [2]uint64

// first128 returns the set of the numbers 0 to n-1, for 0 ≤ n ≤ 128.
func first128(n int) set128 {
	switch {
	case n <= 0:
		return set128{}
	case n <= 64:
		return set128{^uint64(0) >> (64 - n), 0}
	}
	return set128{^uint64(0), ^uint64(0) >> (128 - n)}
}

func (x set128) has(i int) bool         { return x[i>>6]>>(i&63)&1 != 0 }
func (x *set128) add(i int)             { x[i>>6] |= 1 << (i & 63) }
func (x *set128) remove(i int)          { x[i>>6] &^= 1 << (i & 63) }
func (x set128) count() int             { return bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) }
func (x set128) empty() bool            { return x[0]|x[1] == 0 }
func (x set128) and(y set128) set128    { return set128{x[0] & y[0], x[1] & y[1]} }
func (x set128) or(y set128) set128     { return set128{x[0] | y[0], x[1] | y[1]} }
func (x set128) andNot(y set128) set128 { return set128{x[0] &^ y[0], x[1] &^ y[1]} }

// lowest returns the least member of a set that is not empty.
func (x set128) lowest() int {
	if x[0] != 0 {
		return bits.TrailingZeros64(x[0])
	}
	return 64 + bits.TrailingZeros64(x[1])
}

// lineSet returns the set of the rows or columns in use, every one for
// nil. The lines must be on the board and distinct.
func lineSet(n int, lines []int) set128 {
	if lines == nil {
		return first128(n)
	}
	var set set128
	for _, l := range lines {
		set.add(l)
	}
	return set
}

// allowed returns, for every row, the columns of the squares on which a
// queen may stand: in a row and a column in use, not blocked and on no
// excluded diagonal.
func (in *Instance) allowed() []set128 {
	n := in.N
	rows, cols := lineSet(n, in.Rows), lineSet(n, in.Cols)
	allow := make([]set128, n)
	for r := range allow {
		if rows.has(r) {
			allow[r] = cols
		}
	}
	for _, q := range in.Blocked {
		allow[q.Row].remove(q.Col)
	}
	for _, d := range in.Excluded {
		for r := range n {
			c := r - d.K
			if d.Sum {
				c = d.K - r
			}
			if c >= 0 && c < n {
				allow[r].remove(c)
			}
		}
	}
	return allow
}

// transposed returns the instance reflected in its main diagonal, rows
// for columns: square (r, c) becomes (c, r), a sum diagonal stays as it
// is and a difference diagonal r-c = K becomes r-c = -K. Its solutions
// are those of in, transposed (see transposeSolution).
func (in *Instance) transposed() *Instance {
	swap := func(qs []Square) []Square {
		t := make([]Square, len(qs))
		for i, q := range qs {
			t[i] = Square{q.Col, q.Row}
		}
		return t
	}
	t := &Instance{N: in.N, Queens: swap(in.Queens), Blocked: swap(in.Blocked), Rows: in.Cols, Cols: in.Rows}
	t.Excluded = make([]Diagonal, len(in.Excluded))
	for i, d := range in.Excluded {
		if !d.Sum {
			d.K = -d.K
		}
		t.Excluded[i] = d
	}
	return t
}

// transposeSolution returns the solution s reflected in the main
// diagonal: the queen of row r on column c stands on row c and column r.
// Rows without a queen (-1) stay without one.
func transposeSolution(s Solution) Solution {
	t := make(Solution, len(s))
	for i := range t {
		t[i] = -1
	}
	for r, c := range s {
		if c >= 0 {
			t[c] = r
		}
	}
	return t
}

// div returns x/v and the remainder, for v > 0.
func (x Total) div(v uint64) (Total, uint64) {
	qHi, r := x.Hi/v, x.Hi%v
	qLo, r := bits.Div64(r, x.Lo, v)
	return Total{qHi, qLo}, r
}
