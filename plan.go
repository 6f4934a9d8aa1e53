package queens

import (
	"context"
	"runtime"

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
