package queens

import (
	"context"
	"fmt"
	"strings"
)

// MaxCompleteN is the largest board on which [Complete] searches
// exhaustively, so that its "no" is a proof, and on which
// [CountCompletions] counts: the search of an [Instance] on all cores.
const MaxCompleteN = 64

// Complete returns a solution of the n×n board that has queens on the
// preset squares, the n-queens completion problem. The presets must pass
// [CheckPresets], else Complete returns its error, and n must be from 1
// to [MaxSolveN], else it returns an error wrapping [ErrSize].
//
// For n ≤ [MaxCompleteN] the search is exhaustive: Complete returns a
// completion, or an error wrapping [ErrNoSolution] when none exists. It
// searches as [Instance.Solve] does, on one goroutine, which keeps most
// searches short, but the problem is NP-complete and some instances take
// long; cancel ctx to give up, and Complete returns ctx.Err(). For larger
// n it runs the local search of [Random] with the presets pinned. That
// search cannot prove that no completion exists: on an instance without
// one it runs until ctx is cancelled, so give ctx a deadline. The result
// is the same for the same arguments.
func Complete(ctx context.Context, n int, presets []Square) (Solution, error) {
	if err := checkSize(n, MaxSolveN); err != nil {
		return nil, err
	}
	if err := CheckPresets(n, presets); err != nil {
		return nil, err
	}
	if n <= MaxCompleteN {
		in := Instance{N: n, Queens: presets}
		return in.Solve(ctx, Options{Workers: 1})
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
// hours or years. It counts on every core, as [Instance.Count] does, and
// returns ctx.Err() when ctx is cancelled.
func CountCompletions(ctx context.Context, n int, presets []Square) (uint64, error) {
	if err := checkSize(n, MaxCompleteN); err != nil {
		return 0, err
	}
	if err := CheckPresets(n, presets); err != nil {
		return 0, err
	}
	in := Instance{N: n, Queens: presets}
	total, err := in.Count(ctx, Options{})
	return total.Lo, err
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
