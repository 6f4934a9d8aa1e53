package queens

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
)

// MaxCompleteN is the largest board on which [Complete] searches
// exhaustively, so that its "no" is a proof, and on which
// [CountCompletions] counts: a board row is kept in one 64-bit word.
const MaxCompleteN = 64

// Complete returns a solution of the n×n board that has queens on the
// preset squares, the n-queens completion problem. The presets must pass
// [CheckPresets]; otherwise Complete returns its error.
//
// For n ≤ [MaxCompleteN] the search is exhaustive: Complete returns a
// completion, or an error wrapping [ErrNoSolution] when none exists. It
// places a queen in the row with the fewest free squares first, which
// keeps most searches short, but the problem is NP-complete and some
// instances take long; cancel ctx to give up, and Complete returns
// ctx.Err(). For larger n it runs the local search of [Random] with the
// presets pinned. That search cannot prove that no completion exists: on
// an instance without one it runs until ctx is cancelled, so give ctx a
// deadline. The result is the same for the same arguments.
//
// Complete requires 1 ≤ n ≤ [MaxSolveN] and returns an error wrapping
// [ErrSize] otherwise.
func Complete(ctx context.Context, n int, presets []Square) (Solution, error) {
	if err := checkSize(n, MaxSolveN); err != nil {
		return nil, err
	}
	if err := CheckPresets(n, presets); err != nil {
		return nil, err
	}
	if n <= MaxCompleteN {
		e := newExact(ctx, n, presets, false)
		e.search()
		switch {
		case e.err != nil:
			return nil, e.err
		case e.found == 0:
			return nil, errNoCompletion(n, presets)
		}
		return e.sol, nil
	}
	if len(presets) == 0 {
		return Construct(n)
	}
	return newRepair(n, presets, 1).solve(ctx)
}

// CountCompletions returns the number of solutions of the n×n board that
// have queens on the preset squares; with no presets, the number of
// solutions. The presets must pass [CheckPresets]; otherwise it returns
// that error. It requires 1 ≤ n ≤ [MaxCompleteN] and returns an error
// wrapping [ErrSize] otherwise. The search visits every completion, so the
// count fits in 64 bits for any search that ends; but it grows fast with
// the number of empty rows: with few presets, boards beyond 20×20 take
// hours or years. CountCompletions returns ctx.Err(), and the count so
// far, when ctx is cancelled.
func CountCompletions(ctx context.Context, n int, presets []Square) (uint64, error) {
	if err := checkSize(n, MaxCompleteN); err != nil {
		return 0, err
	}
	if err := CheckPresets(n, presets); err != nil {
		return 0, err
	}
	e := newExact(ctx, n, presets, true)
	e.search()
	return e.found, e.err
}

// errNoCompletion returns the error, wrapping ErrNoSolution, that says the
// presets have no completion on the n×n board.
func errNoCompletion(n int, presets []Square) error {
	if len(presets) == 0 {
		return errNoSolution(n)
	}
	const show = 8
	names := make([]string, 0, show+1)
	for i, q := range presets {
		if i == show {
			names = append(names, fmt.Sprintf("%d more", len(presets)-show))
			break
		}
		names = append(names, q.Name(n))
	}
	return fmt.Errorf("%w: no completion exists for queens on %s on the %d×%d board", ErrNoSolution, strings.Join(names, ", "), n, n)
}

// exact is the exhaustive completion search. The rows still empty, the
// columns taken and both families of diagonals taken are bit sets; the
// diagonals, 2n-1 of each, take two words. Diagonal r+c is bit r+c of
// diag, and diagonal c-r is bit c-r+n-1 of anti, so that the diagonals
// through row r are bits r..r+n-1 of diag and bits n-1-r..2n-2-r of anti.
type exact struct {
	n     int
	full  uint64 // the n columns
	rows  uint64 // rows without a queen
	cols  uint64 // columns with a queen
	diag  [2]uint64
	anti  [2]uint64
	sol   Solution
	count bool   // count every completion rather than stop at the first
	found uint64 // completions found
	nodes uint64 // queens placed
	done  <-chan struct{}
	ctx   context.Context
	err   error
}

// newExact prepares the search on the n×n board with the presets, which
// must be valid, already placed.
func newExact(ctx context.Context, n int, presets []Square, count bool) *exact {
	e := &exact{
		n:     n,
		full:  ^uint64(0) >> (64 - n),
		rows:  ^uint64(0) >> (64 - n),
		sol:   make(Solution, n),
		count: count,
		done:  ctx.Done(),
		ctx:   ctx,
	}
	for _, q := range presets {
		e.rows &^= 1 << q.Row
		e.place(q.Row, q.Col)
	}
	return e
}

// place puts a queen on (r, c), or with place twice, takes it away: every
// bit it sets is clear before.
func (e *exact) place(r, c int) {
	e.sol[r] = c
	e.cols ^= 1 << c
	d, a := r+c, c-r+e.n-1
	e.diag[d>>6] ^= 1 << (d & 63)
	e.anti[a>>6] ^= 1 << (a & 63)
}

// shift returns bits k..k+63 of the 128-bit set x, for 0 ≤ k ≤ 63.
func shift(x [2]uint64, k int) uint64 {
	return x[0]>>k | x[1]<<(64-k) // a shift by 64 gives 0
}

// free returns the columns of the free squares of row r.
func (e *exact) free(r int) uint64 {
	return e.full &^ (e.cols | shift(e.diag, r) | shift(e.anti, e.n-1-r))
}

// search fills the empty rows, and reports whether to stop: after the
// first completion unless it counts them, or when ctx is cancelled. It
// picks the empty row with the fewest free squares, and gives up at once
// when one has none.
func (e *exact) search() (stop bool) {
	if e.rows == 0 {
		e.found++
		return !e.count
	}
	e.nodes++
	if e.nodes&(1<<14-1) == 0 {
		select {
		case <-e.done:
			e.err = e.ctx.Err()
			return true
		default:
		}
	}
	row, cand, fewest := -1, uint64(0), 65
	for rs := e.rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		f := e.free(r)
		if k := bits.OnesCount64(f); k < fewest {
			row, cand, fewest = r, f, k
			if k <= 1 {
				break
			}
		}
	}
	if fewest == 0 {
		return false
	}
	e.rows &^= 1 << row
	for ; cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros64(cand)
		e.place(row, c)
		stop = e.search()
		if stop {
			return true // keep the queens: they are the answer
		}
		e.place(row, c)
	}
	e.rows |= 1 << row
	return false
}
