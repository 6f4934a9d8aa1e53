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

// enumerate calls yield with every solution in lexicographic order until it
// returns false. It is an iterative depth-first search over bit masks, with
// an explicit stack of the free columns still to try in each row.
func enumerate(n int, yield func(Solution) bool) {
	full := uint32(1<<n - 1)
	queens := make(Solution, n)
	var avail, cols, left, right [MaxN + 1]uint32
	row := 0
	avail[0] = full
	for row >= 0 {
		if avail[row] == 0 {
			row--
			continue
		}
		bit := avail[row] & -avail[row]
		avail[row] ^= bit
		queens[row] = bits.TrailingZeros32(bit)
		if row == n-1 {
			if !yield(queens) {
				return
			}
			continue
		}
		c, l, r := cols[row]|bit, (left[row]|bit)<<1, (right[row]|bit)>>1
		row++
		cols[row], left[row], right[row] = c, l, r
		avail[row] = full &^ (c | l | r)
	}
}
