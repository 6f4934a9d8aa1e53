package queens

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/queenslab/queens/internal/plan"
)

// Options tunes [Count]. The zero value counts with the fastest engine on
// every core.
type Options struct {
	// Algorithm names the algorithm that counts, from [Algorithms]; empty
	// means the fastest.
	Algorithm string
	// Workers is the number of goroutines that count at once; 0 means one
	// per CPU. Only the fast engine counts in parallel.
	Workers int
	// Progress, when not nil, is called as the count advances: after each
	// finished unit of work, never by two goroutines at once. It must
	// return quickly.
	Progress func(Progress)
}

// Progress reports how far a count has come.
type Progress struct {
	UnitsDone int           `json:"units_done"` // units of work finished
	Units     int           `json:"units"`      // units of work in all
	Elapsed   time.Duration `json:"elapsed_ns"` // time since the count began
}

// Result is the outcome of a count.
type Result struct {
	N         int           `json:"n"`
	Total     Uint128       `json:"total"`  // solutions (OEIS A000170)
	Unique    Uint128       `json:"unique"` // symmetry classes of solutions (OEIS A002562)
	Nodes     Uint128       `json:"nodes"`  // queens placed by the search
	Elapsed   time.Duration `json:"elapsed_ns"`
	Algorithm string        `json:"algorithm"`
}

// Count counts the solutions of the n×n board: the total, and the number of
// classes of solutions equivalent under the eight symmetries of the board.
// It requires 1 ≤ n ≤ [MaxN] (or the algorithm's own maximum) and returns an
// error wrapping [ErrSize] otherwise. Count stops early with ctx.Err() when
// ctx is cancelled.
func Count(ctx context.Context, n int, opts Options) (Result, error) {
	algo, err := LookupAlgorithm(opts.Algorithm)
	if err != nil {
		return Result{}, err
	}
	if err := checkSize(n, algo.MaxN); err != nil {
		return Result{}, err
	}
	start := time.Now()
	res, err := algo.countFunc()(ctx, n, opts)
	res.N, res.Algorithm, res.Elapsed = n, algo.Name, time.Since(start)
	if err != nil {
		return res, err
	}
	return res, nil
}

// countBySolutions counts with an algorithm that reports solutions as
// events: the total is the number of solutions, and the unique count the
// number of them that are canonical.
func countBySolutions(ctx context.Context, a Algorithm, n int) (Result, error) {
	var res Result
	scratch := make(Solution, n)
	stats, err := a.Search(ctx, n, func(e Event) bool {
		if e.Kind == EventSolution && isCanonical(e.Queens, scratch) {
			res.Unique = res.Unique.Add64(1)
		}
		return true
	})
	res.Total, res.Nodes = U128(stats.Solutions), U128(stats.Nodes)
	if err != nil {
		return res, fmt.Errorf("queens: %s count of N=%d: %w", a.Name, n, err)
	}
	return res, nil
}

// countFast counts with the fast engine: it splits the count into the
// units of [plan.New], counts them on opts.Workers goroutines and adds up
// their results in 128 bits.
func countFast(ctx context.Context, n int, opts Options) (Result, error) {
	p, err := newPlan(ctx, n)
	if err != nil {
		return Result{}, err
	}
	var res Result
	start := time.Now()
	done := 0
	err = p.Run(ctx, plan.RunOptions{
		Workers: opts.Workers,
		OnResult: func(r plan.Result) {
			res.add(r)
			done++
			if opts.Progress != nil {
				opts.Progress(Progress{UnitsDone: done, Units: len(p.Units), Elapsed: time.Since(start)})
			}
		},
	})
	if err != nil {
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	}
	if err := res.scaleUnique(p); err != nil {
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	}
	return res, nil
}

// ErrInconsistent is wrapped by the error of a count whose units do not
// add up: the sum of a join plan's unique shares is not a multiple of
// its scale, which no correct count gives.
var ErrInconsistent = errors.New("the units of the count do not add up")

// scaleUnique turns the sum of the units' unique shares into the number
// of classes of solutions: a join plan's units add up eight times that
// number (see [plan.Plan]).
func (res *Result) scaleUnique(p *plan.Plan) error {
	q, r := res.Unique.Div64(p.UniqueScale)
	if r != 0 {
		return fmt.Errorf("%w: the unique shares sum to %s, not a multiple of %d", ErrInconsistent, res.Unique, p.UniqueScale)
	}
	res.Unique = q
	return nil
}

// newPlan returns plan.New(n), or ctx.Err() as soon as ctx is cancelled:
// the plans of the largest boards take seconds to make.
func newPlan(ctx context.Context, n int) (*plan.Plan, error) {
	type made struct {
		p   *plan.Plan
		err error
	}
	ch := make(chan made, 1)
	go func() {
		p, err := plan.New(n)
		ch <- made{p, err}
	}()
	select {
	case m := <-ch:
		if m.err != nil {
			return nil, fmt.Errorf("queens: %w: %w", ErrSize, m.err)
		}
		return m.p, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("queens: count of N=%d: %w", n, ctx.Err())
	}
}

// add adds a unit's result to a count. A unit's counts fit in 64 bits
// (see [plan.Result]); their sums, kept in 128 bits, need not.
func (res *Result) add(r plan.Result) {
	res.Total = res.Total.Add64(r.Total)
	res.Unique = res.Unique.Add64(r.Unique)
	res.Nodes = res.Nodes.Add64(r.Nodes)
}
