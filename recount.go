package queens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/queenslab/queens/internal/plan"
)

// ErrMismatch is wrapped by the error of a count whose recount of a unit
// (see [Options.Recount]) disagrees with the unit's result: one of the
// two is wrong, and so may be the total. The error names the unit.
var ErrMismatch = errors.New("a unit counted twice gives two different results")

// audit is the recount of a count's units that [Options.Recount] asks
// for: the units chosen, and the result each got in the count.
type audit struct {
	p       *plan.Plan
	chosen  []int
	mu      sync.Mutex
	results map[int]plan.Result
}

// newAudit chooses share of the units of p at random, one at least when
// share > 0; none when share ≤ 0. It takes only units that are whole east
// sets or units of the search engine.
func newAudit(p *plan.Plan, share float64) *audit {
	a := &audit{p: p, results: map[int]plan.Result{}}
	if share <= 0 || len(p.Units) == 0 {
		return a
	}
	// Parts of an east set are not recounted: the plain backtracking
	// counts whole east sets (see plan.Plan.Recount).
	var whole []int
	for i, u := range p.Units {
		if u.EastTo == 0 {
			whole = append(whole, i)
		}
	}
	k := min(len(whole), max(1, int(math.Ceil(share*float64(len(p.Units))))))
	for _, i := range rand.Perm(len(whole))[:k] {
		a.chosen = append(a.chosen, whole[i])
	}
	return a
}

// note keeps a unit's result if the unit is one to recount.
func (a *audit) note(r plan.Result) {
	if len(a.chosen) == 0 {
		return
	}
	a.mu.Lock()
	a.results[r.Unit] = r
	a.mu.Unlock()
}

// run recounts the chosen units on workers goroutines (0: one per CPU),
// adds their number to res.Recounted, and returns an error wrapping
// [ErrMismatch] for the first that disagrees with its result.
func (a *audit) run(ctx context.Context, workers int, res *Result) error {
	if len(a.chosen) == 0 {
		return nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		mu    sync.Mutex
		first error
		next  int
		wg    sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range min(workers, len(a.chosen)) {
		wg.Go(func() {
			for {
				mu.Lock()
				if next == len(a.chosen) || first != nil {
					mu.Unlock()
					return
				}
				unit := a.chosen[next]
				next++
				mu.Unlock()
				again, err := a.p.Recount(ctx, unit)
				if err == nil {
					err = a.compare(unit, again)
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		})
	}
	wg.Wait()
	if first != nil {
		return first
	}
	res.Recounted = len(a.chosen)
	return nil
}

// compare checks a unit's recount against its result.
func (a *audit) compare(unit int, again plan.Result) error {
	a.mu.Lock()
	r, ok := a.results[unit]
	a.mu.Unlock()
	u, _ := a.p.Unit(unit)
	switch {
	case !ok:
		return fmt.Errorf("%w: no result for %s", ErrInconsistent, u)
	case r.Total != again.Total || r.Unique != again.Unique:
		return fmt.Errorf("%w: %s: the count gave total %d, unique share %d; the recount by plain backtracking gives total %d, unique share %d",
			ErrMismatch, u, r.Total, r.Unique, again.Total, again.Unique)
	}
	return nil
}
