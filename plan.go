package queens

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/queenslab/queens/internal/plan"
)

// CountPlan describes how the fast engine splits the count of one board
// size into units: results of units (a checkpoint, a shard's part, a
// cluster's store) belong to a count only when its N, Version and
// Fingerprint agree.
type CountPlan struct {
	N           int
	Version     int    // the version of the split, which changes with its units
	Engine      string // "join" or "search", as in [Result]
	Fingerprint string // 16 hexadecimal digits that identify the units
	Units       int    // the number of units
	// UniqueScale is the multiple of the number of classes that the
	// units' unique shares add up to: 8 for the join engine, 1 for the
	// search engine.
	UniqueScale uint64

	p *plan.Plan
}

// PlanOf returns the plan of the fast engine's count of the n×n board,
// 1 ≤ n ≤ [MaxN]. The plans of the largest boards take seconds to make;
// PlanOf returns ctx.Err() when ctx is cancelled first.
func PlanOf(ctx context.Context, n int) (*CountPlan, error) {
	p, err := newPlan(ctx, n)
	if err != nil {
		return nil, err
	}
	return &CountPlan{N: n, Version: p.Version, Engine: p.Engine, Fingerprint: p.Fingerprint(),
		Units: len(p.Units), UniqueScale: p.UniqueScale, p: p}, nil
}

// Memory estimates the bytes a count of the plan holds at most with the
// given number of workers (0: one per CPU).
func (c *CountPlan) Memory(workers int) uint64 {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return c.p.Memory(workers)
}

// EstimateOptions tunes [EstimateCount].
type EstimateOptions struct {
	// Workers is the number of workers of the count estimated, and of
	// goroutines that time the sample; 0 means one per CPU.
	Workers int
	// Budget is about how long the sample is timed; 0 means 30 seconds,
	// and longer while the sample's error is above 10 %, as long as the
	// plan and the sample take under about 90 seconds.
	Budget time.Duration
	// Progress, when not nil, is called once the plan is made and after
	// each round of samples.
	Progress func(EstimateProgress)
}

// Estimate is what a count of the fast engine would cost, as
// [EstimateCount] projects it from a sample of its units.
type Estimate struct {
	N       int    `json:"n"`
	Engine  string `json:"engine"`
	Units   int    `json:"units"`
	Workers int    `json:"workers"`
	// Core is the time of one core, in seconds, that the units take
	// together; Wall the time of the count on Workers workers, setup
	// included: the larger of Core/Workers and the longest unit. Seconds
	// in a float64, as the counts of the largest boards outlast a
	// time.Duration.
	Core float64 `json:"core_s"`
	Wall float64 `json:"wall_s"`
	// Setup is the time the plan took to make, with the join's lists:
	// measured, not projected.
	Setup float64 `json:"setup_s"`
	// Longest is the projected time of the longest unit, which a count
	// on many workers cannot beat.
	Longest float64 `json:"longest_unit_s"`
	// Memory is the plan's estimate of the bytes the count holds at most
	// on Workers workers (see [CountPlan.Memory]).
	Memory uint64 `json:"peak_bytes"`
	// Samples is the number of units (or, for the search engine,
	// branches of units) timed, and Error the relative half-width of
	// the 95 % interval of Core, from the spread of the samples of each
	// stratum of the plan. The samples are timed in the CPU time of
	// their threads, so that other work on the computer leaves the
	// estimate near that of an idle one.
	Samples int     `json:"samples"`
	Error   float64 `json:"relative_error"`
}

// EstimateProgress tells how far [EstimateCount] has come: its phase,
// "plan" while it makes the plan and "sample" while it times samples,
// the time since it began, the samples timed, the time it expects to
// end at (about, for the sample may be timed longer while its error is
// large) and the error of the estimate so far (see [Estimate]).
type EstimateProgress struct {
	Phase   string
	Elapsed time.Duration
	Samples int
	Budget  time.Duration
	Error   float64
}

// EstimateCount projects the cost of counting the n×n board with the
// fast engine, without counting it: it makes the plan, then for about
// opts.Budget times a random sample of units from every part of the plan
// with the engine that counts them and scales the sample by the units'
// estimated costs.
func EstimateCount(ctx context.Context, n int, opts EstimateOptions) (Estimate, error) {
	if err := checkSize(n, MaxN); err != nil {
		return Estimate{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	budget := opts.Budget
	if budget <= 0 {
		budget = 30 * time.Second
	}
	start := time.Now()
	p, err := newPlan(ctx, n)
	if err != nil {
		return Estimate{}, err
	}
	est := Estimate{N: n, Engine: p.Engine, Units: len(p.Units), Workers: workers, Memory: p.Memory(workers)}
	if err := checkMemory(est.Memory, 0); err != nil && p.Engine == plan.EngineJoin {
		return est, fmt.Errorf("queens: estimate of N=%d: %w", n, err)
	}
	defer holdMemory(est.Memory)()
	var total float64
	for _, u := range p.Units {
		total += u.Cost()
	}
	// The plans of N = 2 and 3 have no units, and that of N = 1 one unit
	// of no cost: there is nothing to time, nor costs to stratify by.
	if !(total > 0) {
		est.Setup = time.Since(start).Seconds()
		est.Wall = est.Setup
		return est, nil
	}
	// Strata of equal cost, in plan order: each round times one unit of
	// each, at random, on its own goroutine.
	const strata = 25
	k := min(strata, len(p.Units))
	costs := make([]float64, k)
	members := make([][]int, k)
	var acc float64
	for _, u := range p.Units {
		s := min(k-1, int(acc/total*float64(k)))
		acc += u.Cost()
		costs[s] += u.Cost()
		members[s] = append(members[s], u.ID)
	}
	// A unit costlier than a stratum leaves the next empty (N = 6, 7).
	for s := k - 1; s >= 0; s-- {
		if len(members[s]) == 0 {
			costs = slices.Delete(costs, s, s+1)
			members = slices.Delete(members, s, s+1)
		}
	}
	k = len(members)
	samplers := make([]*plan.Sampler, min(workers, runtime.GOMAXPROCS(0)))
	for i := range samplers {
		samplers[i] = p.NewSampler(rand.Uint64())
	}
	est.Setup = time.Since(start).Seconds()

	type sample struct {
		stratum    int
		cost, secs float64
		load       float64
		loaded     bool
	}
	var (
		rounds  [][]sample
		mu      sync.Mutex
		sampled = time.Now()
	)
	// The projection of each round, and of all of them together.
	project := func(rs [][]sample) (core, loads float64) {
		var nl int
		for s := range k {
			var secs, cost float64
			for _, r := range rs {
				secs += r[s].secs
				cost += r[s].cost
				if r[s].loaded {
					loads += r[s].load
					nl++
				}
			}
			if cost > 0 {
				core += secs / cost * costs[s]
			}
		}
		if nl > 0 {
			loads /= float64(nl)
		}
		return core, loads
	}
	// relative is the relative half-width of the 95 % interval of the
	// projection: each stratum's projection is a ratio estimate (its
	// seconds over its cost, times the stratum's cost), whose variance
	// follows from the spread of its samples about that ratio; the
	// strata add up, and Student's t for their degrees of freedom
	// widens the interval of a small sample.
	relative := func() float64 {
		core, _ := project(rounds)
		var variance float64
		df := 0
		for s := range k {
			var secs, cost float64
			for _, r := range rounds {
				secs += r[s].secs
				cost += r[s].cost
			}
			m := len(rounds)
			if m < 2 || cost <= 0 {
				continue
			}
			ratio := secs / cost
			var dev float64
			for _, r := range rounds {
				d := r[s].secs - ratio*r[s].cost
				dev += d * d
			}
			mean := cost / float64(m)
			variance += costs[s] * costs[s] * dev / float64(m-1) / float64(m) / (mean * mean)
			df += m - 1
		}
		if df == 0 {
			return 0
		}
		return tQuantile(df) * math.Sqrt(variance) / math.Max(core, 1e-12)
	}
	// By default a sample whose error is above 10 % is timed longer, as
	// long as the whole estimate stays within about a minute and a half.
	longer := budget
	if opts.Budget <= 0 {
		longer = max(budget, 90*time.Second-time.Since(start))
	}
	report := func(phase string) {
		if opts.Progress != nil {
			opts.Progress(EstimateProgress{Phase: phase, Elapsed: time.Since(start), Samples: est.Samples,
				Budget: time.Duration(est.Setup*float64(time.Second)) + budget, Error: relative()})
		}
	}
	report("sample")
	for len(rounds) < 2 || len(rounds) < 1000 &&
		(time.Since(sampled) < budget || time.Since(sampled) < longer && relative() > 0.1) {
		if err := ctx.Err(); err != nil {
			return est, err
		}
		round := make([]sample, k)
		var next int
		var firstErr error
		var wg sync.WaitGroup
		for _, sp := range samplers {
			wg.Go(func() {
				for {
					mu.Lock()
					s := next
					next++
					mu.Unlock()
					if s >= k {
						return
					}
					id := members[s][rand.IntN(len(members[s]))]
					secs, load, err := sp.Time(ctx, id)
					mu.Lock()
					if err != nil && firstErr == nil {
						firstErr = err
					}
					round[s] = sample{stratum: s, cost: p.Units[id].Cost(), secs: secs, load: load, loaded: load > 0}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if firstErr != nil {
			return est, fmt.Errorf("queens: estimate of N=%d: %w", n, firstErr)
		}
		rounds = append(rounds, round)
		est.Samples += k
		report("sample")
	}
	core, load := project(rounds)
	// Each worker makes ready for each configuration of the join.
	if p.Engine == plan.EngineJoin {
		core += load * float64(p.Configs()*workers)
	}
	est.Error = relative()
	// The longest unit, or piece of a unit counted in pieces: the
	// costliest, by the time per cost of its stratum. The pieces that
	// seem costliest by their share of their unit are weighed with what
	// each piece pays whole.
	ratio := func(s int) float64 {
		var secs, cost float64
		for _, r := range rounds {
			secs += r[s].secs
			cost += r[s].cost
		}
		return secs / math.Max(cost, 1e-300)
	}
	const keep = 8
	shareOf := func(u plan.Unit) float64 { return u.Cost() / float64(u.Pieces()) }
	var longest float64
	for s := range k {
		top := make([]plan.Unit, 0, keep+1) // by share of their cost, from the largest
		for _, id := range members[s] {
			u := p.Units[id]
			if len(top) == keep && shareOf(u) <= shareOf(top[keep-1]) {
				continue
			}
			i, _ := slices.BinarySearchFunc(top, shareOf(u), func(t plan.Unit, share float64) int {
				return cmp.Compare(share, shareOf(t))
			})
			top = slices.Insert(top, i, u)[:min(len(top)+1, keep)]
		}
		for _, u := range top {
			longest = max(longest, p.PieceCost(u)*ratio(s))
		}
	}
	est.Core, est.Longest = core, longest
	est.Wall = est.Setup + max(core/float64(workers), longest)
	return est, nil
}

// tQuantile returns the 97.5th percentile of Student's t with df degrees
// of freedom: from a table up to 9, then a little above it (1.96 +
// 2.4/df + 10/df²: 2.07 for 25, against 2.06).
func tQuantile(df int) float64 {
	table := [...]float64{12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26}
	if df < 1 {
		df = 1
	}
	if df <= len(table) {
		return table[df-1]
	}
	d := float64(df)
	return 1.96 + 2.4/d + 10/(d*d)
}
