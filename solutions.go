package queens

import (
	"fmt"
	"iter"
	"math/bits"
)

// Solutions returns an iterator over every solution of the n×n board, in
// lexicographic order of the column list: the order in which the classic
// backtracking programs find them. It requires 1 ≤ n ≤ [MaxN] and returns
// an error wrapping [ErrSize] otherwise.
//
// The iterator reuses the memory of the solution it yields: Clone a
// solution to keep it past the loop body. Its memory use does not grow
// with the number of solutions, and it allocates nothing per solution.
func Solutions(n int) (iter.Seq[Solution], error) {
	if err := checkSize(n, MaxN); err != nil {
		return nil, err
	}
	return func(yield func(Solution) bool) { enumerate(n, yield) }, nil
}

// UniqueSolutions returns an iterator over one solution of each symmetry
// class of the n×n board: the canonical one (see [Solution.Canonical]), in
// lexicographic order. Like [Solutions], it reuses its memory.
func UniqueSolutions(n int) (iter.Seq[Solution], error) {
	if err := checkSize(n, MaxN); err != nil {
		return nil, err
	}
	return func(yield func(Solution) bool) {
		scratch := make(Solution, n)
		enumerate(n, func(s Solution) bool {
			return !isCanonical(s, scratch) || yield(s)
		})
	}, nil
}

// First returns the first solution of the n×n board in lexicographic
// order, or an error wrapping [ErrNoSolution] for n = 2 and 3. It requires
// 1 ≤ n ≤ [MaxN].
func First(n int) (Solution, error) {
	seq, err := Solutions(n)
	if err != nil {
		return nil, err
	}
	for s := range seq {
		return s.Clone(), nil
	}
	return nil, errNoSolution(n)
}

func errNoSolution(n int) error {
	return fmt.Errorf("%w: the %d×%d board has none", ErrNoSolution, n, n)
}

// SolutionsWithPrefix returns an iterator over the solutions of the n×n
// board whose first rows hold the queens of prefix (prefix[r] is the
// column of the queen in row r), in lexicographic order. It is the part of
// the listing of [Solutions] that begins with prefix, so that the listing
// of Solutions is the listings of all prefixes of one length, in
// lexicographic order of the prefixes, one after another: a way to split
// the work. A prefix whose queens attack each other or stand off the
// board has no solutions. It requires 1 ≤ n ≤ [MaxN] and len(prefix) ≤ n,
// and, like Solutions, reuses the memory of the solution it yields.
func SolutionsWithPrefix(n int, prefix Solution) (iter.Seq[Solution], error) {
	if err := checkSize(n, MaxN); err != nil {
		return nil, err
	}
	if len(prefix) > n {
		return nil, fmt.Errorf("%w: a prefix of %d queens on a board of %d rows", ErrSize, len(prefix), n)
	}
	prefix = prefix.Clone()
	return func(yield func(Solution) bool) { enumerateFrom(n, prefix, yield) }, nil
}

// enumerate calls yield with every solution in lexicographic order until it
// returns false.
func enumerate(n int, yield func(Solution) bool) { enumerateFrom(n, nil, yield) }

// enumerateFrom calls yield with every solution that begins with prefix,
// in lexicographic order, until it returns false. It is an iterative
// depth-first search over bit masks: the masks of the row being filled
// live in local variables, and those of the rows above on an explicit
// stack, pushed only when the search goes down a row. The last row needs
// no stack frame: its free squares, if any, are a single bit.
func enumerateFrom(n int, prefix Solution, yield func(Solution) bool) {
	type frame struct{ avail, cols, left, right uint32 }
	const mask = MaxN - 1 // row&mask == row for every row; it spares bounds checks
	var (
		queens [MaxN]int
		stack  [MaxN]frame
	)
	sol := Solution(queens[:n])
	full := uint32(1)<<n - 1
	var cols, left, right uint32
	for r, c := range prefix {
		if c < 0 || c >= n {
			return
		}
		bit := uint32(1) << c
		if bit&(cols|left|right) != 0 {
			return
		}
		queens[r] = c
		cols, left, right = cols|bit, (left|bit)<<1, (right|bit)>>1
	}
	top := len(prefix) // the first row to fill
	avail := full &^ (cols | left | right)
	if top >= n-1 {
		// At most one row left, and at most one free square in it.
		if top == n || avail != 0 {
			if top < n {
				queens[top] = bits.TrailingZeros32(avail)
			}
			yield(sol)
		}
		return
	}
	last := n - 2 // the row whose next row is the last
	row := top
	for {
		if avail == 0 {
			if row == top {
				return
			}
			row--
			f := &stack[row&mask]
			avail, cols, left, right = f.avail, f.cols, f.left, f.right
			continue
		}
		bit := avail & -avail
		avail ^= bit
		queens[row&mask] = bits.TrailingZeros32(bit)
		c, l, r := cols|bit, (left|bit)<<1, (right|bit)>>1
		next := full &^ (c | l | r)
		if next == 0 {
			continue
		}
		if row == last {
			queens[(row+1)&mask] = bits.TrailingZeros32(next)
			if !yield(sol) {
				return
			}
			continue
		}
		stack[row&mask] = frame{avail, cols, left, right}
		row++
		avail, cols, left, right = next, c, l, r
	}
}
