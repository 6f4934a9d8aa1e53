package variant

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// How says what decided that an instance has no solution.
type How int

const (
	// BySearch: the exhaustive search found none.
	BySearch How = iota
	// ByRelaxation: the linear relaxation has no solution either, with a
	// Farkas certificate checked in integers (see refute).
	ByRelaxation
)

// String returns the name of h as solve --json writes it.
func (h How) String() string {
	if h == ByRelaxation {
		return "relaxation"
	}
	return "search"
}

// relaxAfter returns how long a search on the n×n board runs alone before
// the linear relaxation is tried beside it: about what the relaxation
// costs (n⁴/32 µs: 5 ms at n = 20, 80 ms at 40), so that an instance the
// search decides sooner never pays for the tableau, and one it decides
// later pays at most as much again.
func relaxAfter(n int) time.Duration {
	return time.Duration(n*n*n*n/32) * time.Microsecond
}

// Solve returns a solution of the instance, or nil and a nil error when
// it has none: the search is exhaustive, so that the "no" is a proof. It
// searches on workers goroutines (0: one per CPU), in units as Count
// does, and returns the solution its serial order meets first, the same
// however many workers search, unless any is set: then on several
// workers it returns the first solution any worker meets, and races a
// second search, column by column, against the first. It returns
// ctx.Err(), or a solution met by then, when ctx is cancelled. Boards
// wider than 64 columns are searched on one goroutine.
func Solve(ctx context.Context, in *Instance, workers int, any bool) (Solution, error) {
	sol, _, err := SolveHow(ctx, in, workers, any)
	return sol, err
}

// SolveHow is Solve that also says, of an instance without a solution,
// what decided it. A search that has run for relaxAfter(N) without deciding
// gets the linear relaxation of the instance solved beside it; where that
// has no solution, with its certificate checked, the search stops and the
// answer is "none".
func SolveHow(ctx context.Context, in *Instance, workers int, any bool) (Solution, How, error) {
	if err := ctx.Err(); err != nil {
		return nil, BySearch, err
	}
	if in.N > 64 {
		_, sol, err := in.wideRun(ctx, true, nil)
		if sol != nil {
			return sol, BySearch, nil
		}
		return nil, BySearch, err
	}
	base, ok := newSearcher(in)
	if !ok {
		return nil, BySearch, nil
	}
	mode := firstInOrder
	if any {
		mode = firstAny
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	var refuted atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTimer(relaxAfter(in.N))
		defer t.Stop()
		select {
		case <-sctx.Done():
			return
		case <-t.C:
		}
		if refute(sctx, in) {
			refuted.Store(true)
			stop()
		}
	}()
	var r runResult
	if k := goroutines(workers); k > 1 && any {
		r = base.race(sctx, k, in)
	} else {
		r = base.run(sctx, k, mode, nil)
	}
	stop()
	<-done
	switch {
	case r.sol != nil:
		return r.sol, BySearch, nil
	case refuted.Load() && ctx.Err() == nil:
		return nil, ByRelaxation, nil
	}
	return nil, BySearch, r.err
}

// Count returns the number of solutions of the instance. It splits the
// search into independent units, in a fixed order, and counts them on
// workers goroutines (0: one per CPU), calling progress, when not nil,
// after each unit; boards wider than 64 columns are counted on one
// goroutine, without progress. An instance that some symmetries of the
// board map to itself is counted in a fraction of the time, down to
// about an eighth: only a few of the solutions that the symmetries map
// onto each other are visited, and weighed to count the others. Count
// returns ctx.Err() when ctx is cancelled.
func Count(ctx context.Context, in *Instance, workers int, progress Progress) (Total, error) {
	if err := ctx.Err(); err != nil {
		return Total{}, err
	}
	if in.N > 64 {
		found, _, err := in.wideRun(ctx, false, nil)
		return Total{Lo: found}, err
	}
	base, ok := newSearcher(in)
	if !ok {
		return Total{}, nil
	}
	if group := in.symmetryGroup(); len(group) > 1 {
		return base.countSymmetric(ctx, group, goroutines(workers), progress)
	}
	r := base.run(ctx, goroutines(workers), every, progress)
	return r.total, r.err
}

// Solutions calls visit with every solution of the instance, each once,
// in the order the search meets them: the same on every run, not
// lexicographic, on the calling goroutine. The slice visit receives is
// reused. Solutions stops when visit returns false, and returns
// ctx.Err() when ctx is cancelled.
func Solutions(ctx context.Context, in *Instance, visit func(Solution) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if in.N > 64 {
		_, _, err := in.wideRun(ctx, false, visit)
		return err
	}
	s, ok := newSearcher(in)
	if !ok {
		return nil
	}
	s.setContext(ctx)
	s.visit = visit
	s.search()
	s.release()
	return s.err
}

// goroutines returns the number of goroutines that workers asks for.
func goroutines(workers int) int {
	if workers > 0 {
		return workers
	}
	return runtime.GOMAXPROCS(0)
}

// Limits of the split of a search into units.
const (
	unitsPerWorker = 64 // split until there are this many units per worker
	maxSplitDepth  = 16 // but no deeper than this many branchings

	// A search on several workers first runs alone for this many nodes,
	// about a tenth of a millisecond: most instances end within them,
	// sooner than the split into units would; a longer probe costs the
	// runs of a millisecond or more. Chosen on a sample of the CSPLib runs
	// on two workers; see docs/benchmarks.md, Variant search.
	probeNodes = 1 << 12
)

// split returns the units of the search of base: the queens each places
// beyond those of base, in the order the search meets them. It deepens
// the split a level of branchings at a time, each unit of a level
// searched down to the next branching for the units of the next, until
// there are at least want units, or none left; found is the number of
// solutions above the units. With firstInOrder a solution above the
// units is a unit of its own, in its place in the order, which its search
// meets at once; with firstAny the split stops at it, and sol is a copy.
func (base *searcher) split(ctx context.Context, want int, mode runMode) (units [][]Square, found uint64, sol Solution, err error) {
	units = [][]Square{nil}
	s := base.clone(ctx)
	defer s.release()
	for depth := 0; depth < maxSplitDepth && len(units) > 0 && len(units) < want; depth++ {
		var next [][]Square
		for _, u := range units {
			// The search of a unit looks at ctx only every checkNodes,
			// more than most units of the split have.
			if err := ctx.Err(); err != nil {
				return nil, 0, nil, err
			}
			s.reuse(base)
			for _, q := range u {
				s.place(q.Row, q.Col)
			}
			s.limit = 1
			s.unit = func(t *searcher) { next = append(next, t.placed(base)) }
			// A search for the first solution tries the squares in
			// another order (see branchRow).
			s.first = mode != every
			if mode == firstInOrder {
				s.visit = func(Solution) bool {
					next = append(next, s.placed(base))
					return true
				}
			}
			stop := s.search()
			switch {
			case s.err != nil:
				return nil, 0, nil, s.err
			case stop:
				return nil, 0, s.solCopy(), nil
			case mode == every:
				found += s.found
			}
		}
		units = next
	}
	return units, found, nil, nil
}

// eachUnit searches units 0 to n-1 on min(k, n) goroutines, each taking
// the next unit in order: search(w, i) returns the finished search of
// unit i by goroutine w, or nil to stop taking units; record(i, s) then
// takes its outcome before w takes another unit, never on two goroutines
// at once, and reports whether to stop.
func eachUnit(k, n int, search func(w, i int) *searcher, record func(i int, s *searcher) (stop bool)) {
	var (
		next atomic.Int64 // the next unit to search
		mu   sync.Mutex   // guards record
		wg   sync.WaitGroup
	)
	work := func(w int) {
		for {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			s := search(w, i)
			if s == nil {
				return
			}
			mu.Lock()
			stop := record(i, s)
			mu.Unlock()
			if stop {
				return
			}
		}
	}
	for w := range min(k, n) {
		wg.Go(func() { work(w) })
	}
	wg.Wait()
}

// workerSearchers holds a searcher for each goroutine of eachUnit,
// reused from unit to unit instead of a clone, with its scratch, per unit.
type workerSearchers struct {
	ctx context.Context
	s   []*searcher
}

// newWorkerSearchers returns the searchers of k goroutines, searching
// under ctx; each is made when its goroutine first needs it.
func newWorkerSearchers(ctx context.Context, k int) workerSearchers {
	return workerSearchers{ctx, make([]*searcher, k)}
}

// release gives the scratch of the searchers back (see
// searcher.release), once their goroutines are done.
func (ws workerSearchers) release() {
	for _, s := range ws.s {
		if s != nil {
			s.release()
		}
	}
}

// fresh returns the searcher of goroutine w, made a fresh clone of base.
func (ws workerSearchers) fresh(w int, base *searcher) *searcher {
	if ws.s[w] == nil {
		ws.s[w] = base.clone(ws.ctx)
	} else {
		ws.s[w].reuse(base)
	}
	return ws.s[w]
}

// runResult is the outcome of a search of all units.
type runResult struct {
	total Total
	sol   Solution // with a first mode: the solution the mode asks for
	err   error
}

// runMode says which solutions a run looks for.
type runMode int

const (
	every        runMode = iota // count every solution
	firstInOrder                // the solution the serial search meets first
	firstAny                    // the first solution any worker meets
)

// run searches base on k goroutines for the solutions mode asks for: on
// one, or first alone for probeNodes nodes when progress is nil, and
// otherwise unit by unit (see runUnits).
func (base *searcher) run(ctx context.Context, k int, mode runMode, progress Progress) runResult {
	if progress == nil {
		if r, ok := base.probe(ctx, k, mode); ok {
			return r
		}
	}
	return base.runUnits(ctx, k, mode, progress)
}

// probe searches base alone, for probeNodes nodes when k > 1 and to the
// end on one goroutine, and reports whether that decided the run.
func (base *searcher) probe(ctx context.Context, k int, mode runMode) (r runResult, ok bool) {
	first := mode != every
	s := base.clone(ctx)
	s.first = first
	if k > 1 {
		s.budget = probeNodes
	}
	s.search()
	s.release()
	if errors.Is(s.err, errBudget) {
		return runResult{}, false
	}
	r = runResult{total: Total{Lo: s.found}, err: s.err}
	if first && s.found > 0 {
		r.sol, r.err = s.sol, nil
	}
	return r, true
}

// runUnits searches base on k goroutines, unit by unit, for the solutions
// mode asks for. progress, when not nil, is called after each unit, never
// by two goroutines at once.
func (base *searcher) runUnits(ctx context.Context, k int, mode runMode, progress Progress) runResult {
	first := mode != every
	units, found, sol, err := base.split(ctx, k*unitsPerWorker, mode)
	if err != nil || sol != nil {
		return runResult{total: Total{Lo: found}, sol: sol, err: err}
	}
	var (
		overtaken atomic.Int64 // with first: the units after it give up
		done      int
		total     = Total{Lo: found}
		best      Solution
		failure   error
		searchers = newWorkerSearchers(ctx, k)
	)
	overtaken.Store(int64(len(units)))
	eachUnit(k, len(units), func(w, i int) *searcher {
		if first && int64(i) > overtaken.Load() {
			return nil
		}
		s := searchers.fresh(w, base)
		s.first = first
		s.index = int64(i)
		if first {
			s.overtaken = &overtaken
		}
		if s.err = ctx.Err(); s.err != nil {
			return s // as split, before a unit too small to look at ctx
		}
		for _, q := range units[i] {
			s.place(q.Row, q.Col)
		}
		s.search()
		return s
	}, func(i int, s *searcher) bool {
		switch {
		case errors.Is(s.err, errOvertaken):
		case s.err != nil:
			if failure == nil {
				failure = s.err
			}
		case first && s.found > 0:
			// With firstAny every unit is overtaken by the first
			// solution, whichever unit has it.
			switch {
			case mode == firstAny && best == nil:
				overtaken.Store(-1)
				best = s.solCopy()
			case mode == firstInOrder && int64(i) < overtaken.Load():
				overtaken.Store(int64(i))
				best = s.solCopy()
			}
		default:
			total = total.add(Total{Lo: s.found})
			done++
			if progress != nil {
				progress(done, len(units))
			}
		}
		return failure != nil
	})
	searchers.release()
	if best != nil {
		return runResult{sol: best}
	}
	return runResult{total: total, err: failure}
}
