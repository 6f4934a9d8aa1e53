package queens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/queenslab/queens/internal/eta"
	"github.com/queenslab/queens/internal/memory"
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
	// finished unit of work, and every ProgressEvery when that is not 0,
	// never by two goroutines at once. It must return quickly.
	Progress func(Progress)
	// ProgressEvery, when not 0, makes the fast engine call Progress at
	// least this often, from the moment the count begins, with the
	// progress of the units being counted too: their workers show how far
	// they are every few items or branches.
	ProgressEvery time.Duration
	// MaxMemory caps the memory the count may need, in bytes: a count
	// whose plan needs more (see [CountPlan.Memory]) is refused with an
	// error wrapping [ErrMemory] before it allocates. 0 means the memory
	// of the computer, where it can be told.
	MaxMemory uint64
	// Plan is the plan of the count, from [PlanOf]; nil makes one. A
	// plan of another N is an error.
	Plan *CountPlan
	// Resume, when not nil, is asked once for each unit of the fast
	// engine's count, before counting starts, for the unit's result from
	// an earlier run: a unit it returns is added and not counted again.
	// A result of some of the unit's pieces (UnitResult.Pieces not 0)
	// is added, and the other pieces are counted. [OpenCheckpoint] gives
	// one.
	Resume func(unit int) (UnitResult, bool)
	// Record, when not nil, receives the result of each unit the fast
	// engine counts, or of each piece of a unit counted in pieces, as
	// soon as it is counted and never from two goroutines at once; an
	// error from it stops the count, and Count returns it.
	Record func(UnitResult) error
	// AnySolution lets [Instance.Solve] return the first solution any
	// worker meets, instead of the one the serial search meets first: on
	// several cores an instance with solutions is decided sooner, but the
	// solution may differ from run to run. On several cores Solve then
	// also races a second search, in another order, which decides some
	// instances, with solutions or without, many times sooner.
	AnySolution bool
	// Recount is the share of the fast engine's units, from 0 to 1, that
	// are counted again once the count is done, by a plain backtracking of
	// the same part of the board that shares no code with the engines: at
	// least one unit when it is above 0, chosen at random among all units,
	// those taken from Resume too. A unit whose two counts disagree makes
	// Count return an error wrapping [ErrMismatch] that names it.
	Recount float64
}

// Progress reports how far a count has come. Work and WorkDone weigh the
// units by their estimated cost, in units of the plan's own (see
// [CountPlan]): their ratio is the share of the work done, which makes a
// better estimate of the time left than the share of the units. Fraction
// and ETA go further: they include the units being counted, by the share
// of each done; Fraction is the estimated cost done over the estimated
// cost of all, and never falls from one report to the next, while ETA
// weighs the cost left by the time that units of each part of the plan
// took.
type Progress struct {
	UnitsDone int           `json:"units_done"` // units of work finished
	Units     int           `json:"units"`      // units of work in all
	Elapsed   time.Duration `json:"elapsed_ns"` // time since the count began
	WorkDone  float64       `json:"work_done"`  // estimated cost of the units finished
	Work      float64       `json:"work"`       // estimated cost of all units
	Resumed   int           `json:"resumed"`    // units taken from Options.Resume
	// WorkResumed is the estimated cost of the units taken from
	// Options.Resume.
	WorkResumed float64 `json:"work_resumed"`
	// Fraction is the share of the count done, from 0 to 1, units being
	// counted included; see Progress.
	Fraction float64 `json:"fraction"`
	// ETA estimates the time left, or is -1 while the count cannot tell
	// yet (as while its plan is made).
	ETA time.Duration `json:"eta_ns"`
	// Total is the number of solutions of the units done.
	Total Uint128 `json:"total"`
}

// UnitResult is the result of one unit of a count, as [Options.Resume]
// and [Options.Record] exchange them: the unit's ID in its plan, and its
// share of the total, of the unique count (see [CountPlan.UniqueScale])
// and of the nodes. The units of the largest boards that would take a
// core more than a few minutes are counted in pieces (up to 64): the
// result of some of a unit's pieces has bit k of Pieces set for each
// piece k it adds up, and the pieces' results add up to the unit's.
// Pieces is 0 for a whole unit.
type UnitResult struct {
	Unit   int    `json:"unit"`
	Total  uint64 `json:"total"`
	Unique uint64 `json:"unique"`
	Nodes  uint64 `json:"nodes"`
	Pieces uint64 `json:"pieces,omitempty"`
}

// ErrMemory is wrapped by the error of a count that needs more memory
// than [Options.MaxMemory] or the computer has.
var ErrMemory = errors.New("not enough memory")

// checkMemory returns an error wrapping [ErrMemory] when need exceeds
// limit, or with limit 0 the memory this process may have.
func checkMemory(need, limit uint64) error {
	return publicError(memory.Check(need, limit), errorPair{memory.ErrNotEnough, ErrMemory})
}

// errorPair is an error of an engine and the error of this package that
// stands for it.
type errorPair struct{ engine, public error }

// publicError returns err, wrapping too the public error of the first
// pair whose engine's error it wraps, so that callers test it with
// errors.Is against this package's errors alone; its text stays err's.
func publicError(err error, pairs ...errorPair) error {
	for _, p := range pairs {
		if errors.Is(err, p.engine) {
			return &wrappedError{err: err, public: p.public}
		}
	}
	return err
}

// wrappedError is an engine's error that wraps a public error as well.
type wrappedError struct{ err, public error }

func (e *wrappedError) Error() string   { return e.err.Error() }
func (e *wrappedError) Unwrap() []error { return []error{e.public, e.err} }

// Result is the outcome of a count.
type Result struct {
	N         int           `json:"n"`
	Total     Uint128       `json:"total"`  // solutions (OEIS A000170)
	Unique    Uint128       `json:"unique"` // symmetry classes of solutions (OEIS A002562)
	Nodes     Uint128       `json:"nodes"`  // queens placed by the search
	Elapsed   time.Duration `json:"elapsed_ns"`
	Algorithm string        `json:"algorithm"`
	// Engine names how the fast engine counted: "join" (half boards
	// joined; Nodes counts the half boards made) or "search"
	// (backtracking; Nodes counts the queens placed). It is empty for
	// the other algorithms.
	Engine string `json:"engine,omitempty"`
	// Memory is the plan's estimate of the memory the count needed, in
	// bytes; 0 for the other algorithms.
	Memory uint64 `json:"memory_estimate,omitempty"`
	// Recounted is the number of units counted again, and found to
	// agree, for [Options.Recount].
	Recounted int `json:"recounted,omitempty"`
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
	res, err := algo.count(ctx, n, opts)
	res.N, res.Algorithm, res.Elapsed = n, algo.Name, time.Since(start)
	if err != nil {
		return res, err
	}
	return res, nil
}

// countFast counts with the fast engine: it splits the count into the
// units of [plan.New], counts them on opts.Workers goroutines and adds up
// their results in 128 bits.
func countFast(ctx context.Context, n int, opts Options) (Result, error) {
	t := newTracker(opts)
	defer t.stop()
	var p *plan.Plan
	switch {
	case opts.Plan == nil:
		var err error
		if p, err = newPlan(ctx, n); err != nil {
			return Result{}, err
		}
	case opts.Plan.N != n:
		return Result{}, fmt.Errorf("queens: count of N=%d: %w: Options.Plan is the plan of N=%d", n, ErrInconsistent, opts.Plan.N)
	default:
		p = opts.Plan.p
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	res := Result{Engine: p.Engine, Memory: p.Memory(workers)}
	if err := checkMemory(res.Memory, opts.MaxMemory); err != nil {
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	}
	defer holdMemory(res.Memory)()
	t.planned(p, workers)
	audit := newAudit(p, opts.Recount)
	done := make(map[int]bool)
	pieces := p.NewGather() // the pieces counted of units begun
	if opts.Resume != nil {
		for _, u := range p.Units {
			r, ok := opts.Resume(u.ID)
			if !ok {
				continue
			}
			if r.Unit != u.ID {
				return res, fmt.Errorf("queens: count of N=%d: %w: the result resumed for unit %d is that of unit %d", n, ErrInconsistent, u.ID, r.Unit)
			}
			// Pieces are checked, and come out whole when they are all
			// the unit's.
			pr, whole, err := pieces.Add(plan.Result(r))
			if err != nil {
				return res, fmt.Errorf("queens: count of N=%d: %w: %w", n, ErrInconsistent, err)
			}
			res.add(pr)
			t.resumed(u, pr)
			if whole {
				audit.note(pr)
				done[u.ID] = true
			}
		}
	}
	var (
		recordErr error
		err       error
	)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	err = p.Run(runCtx, plan.RunOptions{
		Workers: opts.Workers,
		Skip:    func(unit int) bool { return done[unit] },
		Resumed: pieces.Held,
		Order:   t.order(),
		Meter:   t.meter,
		Started: t.started,
		Took:    t.took,
		OnResult: func(r plan.Result) {
			if recordErr != nil {
				return
			}
			if countHook != nil {
				countHook(&r)
			}
			if opts.Record != nil {
				if recordErr = opts.Record(UnitResult(r)); recordErr != nil {
					cancel()
					return
				}
			}
			res.add(r)
			sum, whole, err := pieces.Add(r)
			if err != nil {
				recordErr = err
				cancel()
				return
			}
			if whole {
				audit.note(sum)
			}
			t.done(r, whole)
		},
	})
	units := t.unitsDone()
	switch {
	case recordErr != nil:
		return res, fmt.Errorf("queens: count of N=%d: %w", n, recordErr)
	case err != nil:
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	case units != len(p.Units):
		return res, fmt.Errorf("queens: count of N=%d: %w: %d of %d units done", n, ErrInconsistent, units, len(p.Units))
	}
	if err := audit.run(ctx, opts.Workers, &res); err != nil {
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	}
	if err := res.scaleUnique(p); err != nil {
		return res, fmt.Errorf("queens: count of N=%d: %w", n, err)
	}
	return res, nil
}

// holdMemory asks the garbage collector to keep the heap near need
// bytes, the estimate of a large count, where nothing else has set a
// limit: left to itself it lets the heap double before it collects,
// and a count of N = 27 that holds 4.9 GiB would then take 6.4 GiB. It
// returns the function that gives the limit back.
func holdMemory(need uint64) (restore func()) {
	if need < 256<<20 || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		return func() {}
	}
	previous := debug.SetMemoryLimit(int64(need + need/8 + 64<<20))
	return func() { debug.SetMemoryLimit(previous) }
}

// countHook, when not nil, sees the result of each unit the fast engine
// counts before anything else does: tests spoil a result with it.
var countHook func(*plan.Result)

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

// newPlan returns plan.New(n), or ctx.Err() soon after ctx is cancelled:
// the plans of the largest boards take seconds to make.
func newPlan(ctx context.Context, n int) (*plan.Plan, error) {
	p, err := plan.NewContext(ctx, n)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, fmt.Errorf("queens: count of N=%d: %w", n, ctxErr)
	}
	if err != nil {
		return nil, fmt.Errorf("queens: %w: %w", ErrSize, err)
	}
	return p, nil
}

// add adds a unit's result to a count. A unit's counts fit in 64 bits
// (see [plan.Result]); their sums, kept in 128 bits, need not.
func (res *Result) add(r plan.Result) {
	res.Total = res.Total.Add64(r.Total)
	res.Unique = res.Unique.Add64(r.Unique)
	res.Nodes = res.Nodes.Add64(r.Nodes)
}

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
// [eta.Estimator.Order]. Below N = 19 a count takes seconds at most, and
// its units keep the plan's order: counting a sample first would switch
// the join's configurations, whose lists are filtered again each time,
// for a time left nobody waits for (4 % more at N = 17).
func (t *tracker) order() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.p.N < 19 {
		return nil
	}
	return t.est.Order()
}

// resumed records the result of unit u, or of some of its pieces, taken
// from [Options.Resume].
func (t *tracker) resumed(u plan.Unit, r plan.Result) {
	t.mu.Lock()
	defer t.mu.Unlock()
	cost := u.Cost() * pieceShare(u, r)
	if r.Pieces == 0 {
		t.est.Skip(u.ID)
		t.prog.UnitsDone++
		t.prog.Resumed++
	}
	t.prog.WorkDone += cost
	t.prog.WorkResumed += cost
	t.prog.Total = t.prog.Total.Add64(r.Total)
}

// pieceShare returns the share of unit u that result r holds: 1 for a
// whole unit, else the share of its pieces.
func pieceShare(u plan.Unit, r plan.Result) float64 {
	if r.Pieces == 0 {
		return 1
	}
	return float64(bits.OnesCount64(r.Pieces)) / float64(u.Pieces())
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

// done records the result of a unit or of a piece of one, which ends
// the unit when whole is true, and reports.
func (t *tracker) done(r plan.Result, whole bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if whole {
		t.prog.UnitsDone++
	}
	u := t.p.Units[r.Unit]
	t.prog.WorkDone += u.Cost() * pieceShare(u, r)
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
		t.meter.Partial(t.p, func(unit int, share float64, took time.Duration) {
			inflight = append(inflight, eta.Share{Unit: unit, Done: share, Took: took})
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

// ErrMismatch is wrapped by the error of a count whose recount of a unit
// (see [Options.Recount]) disagrees with the unit's result: one of the
// two is wrong, and so may be the total. The error names the unit.
var ErrMismatch = errors.New("a unit counted twice gives two different results")

// audit is the recount of a count's units that [Options.Recount] asks
// for: the checks chosen, each a unit or the parts of one east set, and
// the result each unit got in the count, resumed or counted.
type audit struct {
	p       *plan.Plan
	chosen  [][]int
	mu      sync.Mutex
	results map[int]plan.Result
}

// newAudit chooses share of the checks of p at random, one at least when
// share > 0; none when share ≤ 0. A check is a unit, or the units that
// are parts of one east set, which the plain backtracking counts whole
// (see plan.Plan.RecountSet).
func newAudit(p *plan.Plan, share float64) *audit {
	a := &audit{p: p, results: map[int]plan.Result{}}
	if share <= 0 || len(p.Units) == 0 {
		return a
	}
	var checks [][]int
	sets := map[[2]int32]int{} // the check of the parts of each east set
	for i, u := range p.Units {
		if u.EastTo == 0 {
			checks = append(checks, []int{i})
			continue
		}
		key := [2]int32{u.Config, u.First}
		if c, ok := sets[key]; ok {
			checks[c] = append(checks[c], i)
			continue
		}
		sets[key] = len(checks)
		checks = append(checks, []int{i})
	}
	k := min(len(checks), max(1, int(math.Ceil(share*float64(len(checks))))))
	for _, i := range rand.Perm(len(checks))[:k] {
		a.chosen = append(a.chosen, checks[i])
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

// run recounts the chosen checks on workers goroutines (0: one per CPU),
// adds the number of units checked to res.Recounted, and returns an
// error wrapping [ErrMismatch] that names every unit of every check that
// disagrees with its recount.
func (a *audit) run(ctx context.Context, workers int, res *Result) error {
	if len(a.chosen) == 0 {
		return nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		mu    sync.Mutex
		first error                              // an error other than a mismatch
		wrong = make([]*mismatch, len(a.chosen)) // the mismatch of each check
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
				i := next
				next++
				mu.Unlock()
				again, err := a.p.RecountSet(ctx, a.chosen[i][0])
				var m *mismatch
				if err == nil {
					m, err = a.compare(a.chosen[i], again)
				}
				mu.Lock()
				wrong[i] = m
				if err != nil && first == nil {
					first = err
					cancel()
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if first != nil {
		return first
	}
	wrong = slices.DeleteFunc(wrong, func(m *mismatch) bool { return m == nil })
	if len(wrong) > 0 {
		slices.SortFunc(wrong, func(x, y *mismatch) int { return x.units[0] - y.units[0] })
		var units []string
		for _, m := range wrong {
			for _, u := range m.units {
				units = append(units, strconv.Itoa(u))
			}
		}
		m := wrong[0]
		return fmt.Errorf("%w: the recount disagrees on units %s; on the first, %s: the count gave total %d, unique share %d, the recount total %d, unique share %d",
			ErrMismatch, strings.Join(units, ", "), m.what, m.got.Total, m.got.Unique, m.again.Total, m.again.Unique)
	}
	for _, c := range a.chosen {
		res.Recounted += len(c)
	}
	return nil
}

// mismatch is a check whose recount disagrees with its units' results:
// the units, in order, what they are, and the two results.
type mismatch struct {
	units      []int
	what       string
	got, again plan.Result
}

// compare checks the recount of a check against the results of its
// units: of one unit, or of the parts of one east set. It returns the
// mismatch, if any.
func (a *audit) compare(check []int, again plan.Result) (*mismatch, error) {
	var got plan.Result
	a.mu.Lock()
	for _, unit := range check {
		r, ok := a.results[unit]
		if !ok {
			a.mu.Unlock()
			u, _ := a.p.Unit(unit)
			return nil, fmt.Errorf("%w: no result for %s", ErrInconsistent, u)
		}
		got.Total += r.Total
		got.Unique += r.Unique
	}
	a.mu.Unlock()
	if got.Total == again.Total && got.Unique == again.Unique {
		return nil, nil
	}
	u, _ := a.p.Unit(check[0])
	m := &mismatch{units: slices.Sorted(slices.Values(check)), what: u.String(), got: got, again: again}
	if u.EastTo > 0 {
		m.what = fmt.Sprintf("the parts of configuration %d, east set %d", u.Config, u.First)
	}
	return m, nil
}
