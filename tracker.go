package queens

import (
	"sync"
	"time"

	"github.com/queenslab/queens/internal/eta"
	"github.com/queenslab/queens/internal/plan"
)

// tracker follows a count of the fast engine for [Options.Progress]: the
// units done, the progress of those being counted, and the estimate of
// the time left. Its methods are safe for concurrent use.
type tracker struct {
	report   func(Progress)
	begin    time.Time // when the count began
	mu       sync.Mutex
	prog     Progress
	p        *plan.Plan
	est      *eta.Estimator
	meter    *plan.Meter
	counting time.Time // when the first unit started; zero before
	quit     chan struct{}
	wg       sync.WaitGroup
}

// newTracker returns the tracker of a count with opts, which reports
// every opts.ProgressEvery, if not 0, until stop.
func newTracker(opts Options) *tracker {
	t := &tracker{report: opts.Progress, begin: time.Now(), quit: make(chan struct{}), prog: Progress{ETA: -1}}
	if t.report != nil && opts.ProgressEvery > 0 {
		t.wg.Go(func() {
			tick := time.NewTicker(opts.ProgressEvery)
			defer tick.Stop()
			for {
				select {
				case <-tick.C:
					t.mu.Lock()
					t.send()
					t.mu.Unlock()
				case <-t.quit:
					return
				}
			}
		})
	}
	return t
}

// stop ends the reports.
func (t *tracker) stop() {
	close(t.quit)
	t.wg.Wait()
}

// planned tells the tracker the plan, and the workers that count it.
func (t *tracker) planned(p *plan.Plan, workers int) {
	costs := make([]float64, len(p.Units))
	var work float64
	for i, u := range p.Units {
		costs[i] = u.Cost()
		work += costs[i]
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.p, t.est, t.meter = p, eta.New(costs, workers), plan.NewMeter(workers)
	t.prog.Units, t.prog.Work = len(p.Units), work
}

// order returns the order in which to count the units: see
// [eta.Estimator.Order].
func (t *tracker) order() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.est.Order()
}

// resumed records a unit taken from [Options.Resume], with its total.
func (t *tracker) resumed(unit int, total uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	cost := t.p.Units[unit].Cost()
	t.est.Skip(unit)
	t.prog.UnitsDone++
	t.prog.Resumed++
	t.prog.WorkDone += cost
	t.prog.WorkResumed += cost
	t.prog.Total = t.prog.Total.Add64(total)
}

// started records that the first unit starts.
func (t *tracker) started() {
	t.mu.Lock()
	t.counting = time.Now()
	t.mu.Unlock()
}

// took records the time a unit took its worker.
func (t *tracker) took(unit int, d time.Duration) {
	t.mu.Lock()
	t.est.Done(unit, d)
	t.mu.Unlock()
}

// done records a unit's result, and reports.
func (t *tracker) done(r plan.Result) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.prog.UnitsDone++
	t.prog.WorkDone += t.p.Units[r.Unit].Cost()
	t.prog.Total = t.prog.Total.Add64(r.Total)
	t.send()
}

// unitsDone returns the number of units done, resumed ones included.
func (t *tracker) unitsDone() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.prog.UnitsDone
}

// send brings the progress up to date and reports it. t.mu must be held:
// it keeps two reports apart.
func (t *tracker) send() {
	if t.report == nil {
		return
	}
	t.prog.Elapsed = time.Since(t.begin)
	if t.est != nil {
		var inflight []eta.Share
		t.meter.Partial(t.p, func(unit int, share float64) {
			inflight = append(inflight, eta.Share{Unit: unit, Done: share})
		})
		var counting time.Duration
		if !t.counting.IsZero() {
			counting = time.Since(t.counting)
		}
		share, left, ok := t.est.Estimate(counting, inflight)
		t.prog.Fraction, t.prog.ETA = share, left
		if !ok || t.counting.IsZero() {
			t.prog.ETA = -1
		}
	}
	t.report(t.prog)
}
