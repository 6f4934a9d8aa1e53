package plan

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Count counts one unit of the plan, the one with the given ID. It returns
// ctx.Err() soon after ctx is cancelled (well within a tenth of a second),
// together with a partial result that must not be used.
func (p *Plan) Count(ctx context.Context, unit int) (Result, error) {
	u, ok := p.Unit(unit)
	if !ok {
		return Result{Unit: unit}, fmt.Errorf("plan: %w: %d (N=%d has units 0 to %d)", ErrUnit, unit, p.N, len(p.Units)-1)
	}
	if p.Engine == EngineJoin {
		if err := p.join.List(ctx); err != nil {
			return Result{Unit: unit}, err
		}
		c := p.counter()
		defer p.release(c)
		return p.countJoin(ctx, u, c)
	}
	s := newUnitSearch(p.N, u.border())
	s.done = ctx.Done()
	s.run()
	res := Result{Unit: unit, Nodes: s.nodes}
	if s.overflow {
		return res, fmt.Errorf("plan: unit %d of N=%d: %w", unit, p.N, ErrOverflow)
	}
	if s.stop {
		return res, ctx.Err()
	}
	// The unit stands for the solutions whose border is an image of its
	// own: orbit(stab) images, each with s.sols solutions. The classes of
	// solutions among them correspond to the orbits of the border's
	// symmetries on the unit's own solutions, which Burnside's lemma
	// counts: the average number of solutions each of those symmetries
	// fixes. The identity fixes all of them, and no reflection fixes a
	// solution of N > 1 (it would put two queens on one line).
	size := uint64(orbit(u.stab))
	hi, total := bits.Mul64(s.sols, size)
	if hi != 0 {
		return res, fmt.Errorf("plan: unit %d of N=%d: %w", unit, p.N, ErrOverflow)
	}
	res.Total = total
	fixed := s.sols
	for t := 1; t < 8; t++ {
		if u.stab&(1<<t) == 0 {
			continue
		}
		if t <= 3 || p.N == 1 {
			fixed += countFixed(p.N, u.border(), t)
		}
	}
	group := uint64(bits.OnesCount8(u.stab))
	if fixed%group != 0 {
		return res, fmt.Errorf("plan: unit %d of N=%d: symmetric solutions do not add up", unit, p.N)
	}
	res.Unique = fixed / group
	return res, nil
}

// RunOptions tunes [Plan.Run].
type RunOptions struct {
	// Workers is the number of units counted at once; 0 or less means
	// one per CPU (runtime.GOMAXPROCS).
	Workers int
	// Skip, when not nil, is asked once for each unit, before counting
	// starts and from the goroutine that called Run, whether to leave the
	// unit out: for instance because a checkpoint holds its result already.
	Skip func(unit int) bool
	// OnResult, when not nil, receives the result of each unit that is
	// counted to the end, never from two goroutines at once. Run waits for
	// it to return before it reports the next result.
	OnResult func(Result)
}

// Run counts the units of the plan, except those that opts.Skip leaves
// out, with opts.Workers goroutines that take the units in plan order.
// It returns after every worker has stopped: with nil when all units are
// counted, with ctx.Err() when ctx is cancelled, or with the first error of
// a unit. Results of units that were cut short are never reported.
func (p *Plan) Run(ctx context.Context, opts RunOptions) error {
	var todo []int
	for _, u := range p.Units {
		if opts.Skip == nil || !opts.Skip(u.ID) {
			todo = append(todo, u.ID)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if p.Engine == EngineJoin && len(todo) > 0 {
		if err := p.join.List(ctx); err != nil {
			return err
		}
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(todo)))

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		mu       sync.Mutex // serializes OnResult and guards firstErr
		firstErr error
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			// A worker of the join keeps one counter, and with it the
			// lists of the configuration it counts and warm caches.
			count := p.Count
			if p.Engine == EngineJoin {
				c := p.counter()
				defer p.release(c)
				count = func(ctx context.Context, unit int) (Result, error) { return p.countJoin(ctx, p.Units[unit], c) }
			}
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(todo) {
					return
				}
				res, err := count(ctx, todo[i])
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				if opts.OnResult != nil {
					opts.OnResult(res)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}
