package queens

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/queenslab/queens/internal/memory"
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
	// and longer while the sample's error is above 5 %, as long as the
	// plan and the sample take under about 90 seconds.
	Budget time.Duration
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
	// branches of units) timed, and Error the relative standard error of
	// Core, from the spread of the rounds of the sample.
	Samples int     `json:"samples"`
	Error   float64 `json:"relative_error"`
}

// EstimateCount projects the cost of counting the n×n board with the
// fast engine, without counting it: it makes the plan, then for about
// opts.Budget times a random sample of units from every part of the plan
// with the engine that counts them (see [plan.Sampler]) and scales the
// sample by the units' estimated costs.
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
	if err := memory.Check(est.Memory, 0); err != nil && p.Engine == plan.EngineJoin {
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
	// relative is the relative standard error of the projection, from
	// the spread of the rounds' own.
	relative := func() float64 {
		core, _ := project(rounds)
		var each []float64
		for _, r := range rounds {
			c, _ := project([][]sample{r})
			each = append(each, c)
		}
		return spread(each) / math.Sqrt(float64(len(each))) / math.Max(core, 1e-12)
	}
	// By default a sample whose error is above 5 % is timed longer, as
	// long as the whole estimate stays within about a minute and a half.
	longer := budget
	if opts.Budget <= 0 {
		longer = max(budget, 90*time.Second-time.Since(start))
	}
	for len(rounds) < 2 || len(rounds) < 1000 &&
		(time.Since(sampled) < budget || time.Since(sampled) < longer && relative() > 0.05) {
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
	}
	core, load := project(rounds)
	// Each worker makes ready for each configuration of the join.
	if p.Engine == plan.EngineJoin {
		core += load * float64(p.Configs()*workers)
	}
	est.Error = relative()
	// The longest unit: the costliest, by the time per cost of its
	// stratum.
	ratio := func(s int) float64 {
		var secs, cost float64
		for _, r := range rounds {
			secs += r[s].secs
			cost += r[s].cost
		}
		return secs / math.Max(cost, 1e-300)
	}
	var longest float64
	for s := range k {
		var most float64
		for _, id := range members[s] {
			most = max(most, p.Units[id].Cost())
		}
		longest = max(longest, most*ratio(s))
	}
	est.Core, est.Longest = core, longest
	est.Wall = est.Setup + max(core/float64(workers), longest)
	return est, nil
}

// spread returns the standard deviation of xs.
func spread(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)-1))
}
