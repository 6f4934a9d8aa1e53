package plan

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Meter shows how far the units being counted have come, between their
// start and their end: each worker of [Plan.Run] has a slot that it
// updates every few items of the join or branches of the search, with an
// atomic store, and [Meter.Partial] reads them all. The zero Meter has no
// slots; [NewMeter] makes one.
type Meter struct {
	slots []slot
}

// slot holds the unit a worker counts, plus one (0: none), in its high 32
// bits and the share of the unit done, in 2^-32, in its low 32 bits, and
// when the worker began the unit (nanoseconds of meterClock). It fills a
// cache line, so that workers do not slow each other down.
type slot struct {
	v     atomic.Uint64
	begun atomic.Int64
	_     [48]byte
}

// meterClock is the origin of the times of the slots.
var meterClock = time.Now()

// begin records that the worker begins the unit of tag (see slot).
func (s *slot) begin(tag uint64) {
	s.begun.Store(int64(time.Since(meterClock)))
	s.v.Store(tag)
}

// show stores the share done of the unit of tag (see slot).
func (s *slot) show(tag uint64, share float64) {
	s.v.Store(tag | uint64(min(max(share, 0), 1)*math.MaxUint32))
}

// NewMeter returns a meter for up to workers workers.
func NewMeter(workers int) *Meter { return &Meter{slots: make([]slot, max(workers, 1))} }

// Partial returns the estimated cost (see [Unit.Cost]) of the part done
// of the units of p in progress, and calls each, when not nil, with each
// such unit, the share of it done and the time its worker has spent on
// it.
func (m *Meter) Partial(p *Plan, each func(unit int, share float64, took time.Duration)) float64 {
	if m == nil {
		return 0
	}
	now := time.Since(meterClock)
	var sum float64
	for i := range m.slots {
		v := m.slots[i].v.Load()
		if v>>32 == 0 {
			continue
		}
		unit, share := int(v>>32)-1, float64(uint32(v))/math.MaxUint32
		if unit >= len(p.Units) {
			continue
		}
		if each != nil {
			each(unit, share, now-time.Duration(m.slots[i].begun.Load()))
		}
		sum += share * p.Units[unit].cost
	}
	return sum
}

// slot returns the slot of worker i, or nil for a meter without one.
func (m *Meter) slot(i int) *slot {
	if m == nil || i >= len(m.slots) {
		return nil
	}
	return &m.slots[i]
}

// Count counts one unit of the plan, the one with the given ID, all its
// pieces. It returns ctx.Err() soon after ctx is cancelled (well within a
// tenth of a second), together with a partial result that must not be
// used.
func (p *Plan) Count(ctx context.Context, unit int) (Result, error) {
	u, ok := p.Unit(unit)
	if !ok || u.Pieces() == 1 {
		return p.count(ctx, unit, 0, nil)
	}
	var res Result
	for k := range u.Pieces() {
		r, err := p.count(ctx, unit, k, nil)
		if err != nil {
			return r, err
		}
		if res, err = p.Merge(res, r); err != nil {
			return res, err
		}
	}
	return res, nil
}

// CountPiece counts piece k of a unit (see [Unit.Pieces]): its result
// marks the piece in Result.Pieces, unless the unit has one piece, whose
// result is the unit's.
func (p *Plan) CountPiece(ctx context.Context, unit, k int) (Result, error) {
	if u, ok := p.Unit(unit); ok && (k < 0 || k >= u.Pieces()) {
		return Result{Unit: unit}, fmt.Errorf("plan: %w: unit %d has no piece %d, but %d pieces", ErrUnit, unit, k, u.Pieces())
	}
	return p.count(ctx, unit, k, nil)
}

// ErrPieces is wrapped by the error of [Plan.Merge] for results that do
// not belong together.
var ErrPieces = errors.New("results of pieces do not add up")

// Merge adds up two results of pieces of one unit that hold no piece in
// common; a zero Result (Unit 0, no pieces, no counts) merges with any.
// The sum of all of a unit's pieces is the unit's result, with Pieces 0,
// as is a result that marks all of them.
func (p *Plan) Merge(a, b Result) (Result, error) {
	if a == (Result{}) {
		a, b = b, a
	}
	u, ok := p.Unit(a.Unit)
	if !ok || a.Pieces&^allPieces(u) != 0 || u.Pieces() == 1 && a.Pieces != 0 {
		return a, fmt.Errorf("plan: %w: unit %d has no pieces %#x", ErrPieces, a.Unit, a.Pieces)
	}
	if b == (Result{}) {
		if a.Pieces == allPieces(u) {
			a.Pieces = 0
		}
		return a, nil
	}
	switch {
	case a.Unit != b.Unit:
		return a, fmt.Errorf("plan: %w: unit %d and unit %d", ErrPieces, a.Unit, b.Unit)
	case a.Pieces == 0 || b.Pieces == 0 || a.Pieces&b.Pieces != 0 || b.Pieces&^allPieces(u) != 0:
		return a, fmt.Errorf("plan: %w: unit %d, pieces %#x and %#x", ErrPieces, a.Unit, a.Pieces, b.Pieces)
	}
	var c1, c2 uint64
	a.Total, c1 = bits.Add64(a.Total, b.Total, 0)
	a.Unique, c2 = bits.Add64(a.Unique, b.Unique, 0)
	if c1 != 0 || c2 != 0 {
		return a, fmt.Errorf("plan: unit %d of N=%d: %w", a.Unit, p.N, ErrOverflow)
	}
	a.Nodes += b.Nodes
	if a.Pieces |= b.Pieces; a.Pieces == allPieces(u) {
		a.Pieces = 0
	}
	return a, nil
}

// Gather adds up the results of the pieces of units as they come, for
// those that keep results of whole units. It is not safe for concurrent
// use.
type Gather struct {
	p       *Plan
	partial map[int]Result // the pieces held of the units begun
}

// NewGather returns a Gather of p's results.
func (p *Plan) NewGather() *Gather { return &Gather{p: p, partial: make(map[int]Result)} }

// Add adds r, the result of a unit or of some of its pieces, and returns
// the unit's result and true once it holds all the unit's pieces: at
// once for a whole unit's result. Pieces that do not belong with those
// held give an error wrapping [ErrPieces].
func (g *Gather) Add(r Result) (Result, bool, error) {
	sum, err := g.p.Merge(g.partial[r.Unit], r)
	if err != nil {
		return sum, false, err
	}
	if sum.Pieces != 0 {
		g.partial[r.Unit] = sum
		return sum, false, nil
	}
	delete(g.partial, r.Unit)
	return sum, true, nil
}

// Held returns the mask of the pieces of unit that g holds, for
// [RunOptions.Resumed].
func (g *Gather) Held(unit int) uint64 { return g.partial[unit].Pieces }

// allPieces returns the mask of all of u's pieces.
func allPieces(u Unit) uint64 {
	return uint64(1)<<(u.Pieces()-1)<<1 - 1
}

// count counts piece k of a unit, showing the share of the unit done in
// the meter slot m when it is not nil.
func (p *Plan) count(ctx context.Context, unit, k int, m *slot) (Result, error) {
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
		return p.countJoin(ctx, u, k, c, m)
	}
	b := u.border()
	s := newUnitSearch(p.N, b)
	s.done = ctx.Done()
	if m != nil {
		s.meter, s.tag = m, uint64(unit+1)<<32
	}
	s.run()
	// The nodes are the queens placed: the unit's border queens, then
	// those of its search.
	res := Result{Unit: unit, Nodes: uint64(b.queens(p.N)) + s.nodes}
	if s.overflow {
		return res, fmt.Errorf("plan: unit %d of N=%d: %w", unit, p.N, ErrOverflow)
	}
	if s.stop {
		return res, ctx.Err()
	}
	return p.shares(u, s.sols, res)
}

// shares completes the result res of search unit u, whose own border has
// sols solutions: its total, and its share of the classes.
func (p *Plan) shares(u Unit, sols uint64, res Result) (Result, error) {
	// The unit stands for the solutions whose border is an image of its
	// own: orbit(stab) images, each with sols solutions. The classes of
	// solutions among them correspond to the orbits of the border's
	// symmetries on the unit's own solutions, which Burnside's lemma
	// counts: the average number of solutions each of those symmetries
	// fixes. The identity fixes all of them, and no reflection fixes a
	// solution of N > 1 (it would put two queens on one line).
	size := uint64(orbit(u.stab))
	hi, total := bits.Mul64(sols, size)
	if hi != 0 {
		return res, fmt.Errorf("plan: unit %d of N=%d: %w", u.ID, p.N, ErrOverflow)
	}
	res.Total = total
	fixed := sols
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
		return res, fmt.Errorf("plan: unit %d of N=%d: symmetric solutions do not add up", u.ID, p.N)
	}
	res.Unique = fixed / group
	return res, nil
}

// RunOptions tunes [Plan.Run].
type RunOptions struct {
	// Workers is the number of pieces of units counted at once; 0 or
	// less means one per CPU (runtime.GOMAXPROCS).
	Workers int
	// Skip, when not nil, is asked once for each unit, before counting
	// starts and from the goroutine that called Run, whether to leave the
	// unit out: for instance because a checkpoint holds its result already.
	Skip func(unit int) bool
	// Resumed, when not nil, is asked in the same way for each unit not
	// skipped that is counted in pieces: it returns the mask of the
	// pieces to leave out (see [Result]), those a checkpoint holds.
	Resumed func(unit int) uint64
	// OnResult, when not nil, receives the result of each unit of one
	// piece, and of each piece of the others, that is counted to the
	// end, never from two goroutines at once (see [Plan.Merge] to add up
	// the pieces). Run waits for it to return before it reports the next
	// result.
	OnResult func(Result)
	// Took, when not nil, is told how long each unit took its workers,
	// its pieces counted in this run added up, once its last piece is
	// counted: just before OnResult gets that result and in the same way.
	Took func(unit int, d time.Duration)
	// Order, when not nil, lists the IDs of the units in the order to
	// count them; it must hold each unit of the plan once. nil means the
	// plan's order. The pieces of a unit are taken in turn, so that few
	// units are counted at once.
	Order []int
	// Meter, when not nil, shows the progress of the units being counted;
	// it needs a slot for each worker.
	Meter *Meter
	// Started, when not nil, is called once the plan is ready to count
	// (the join's lists made) and before the first unit starts.
	Started func()
}

// piece is a piece of a unit to count: k of the unit's pieces, or 0 of a
// unit of one piece.
type piece struct{ unit, k int }

// Run counts the units of the plan, except those that opts.Skip leaves
// out and the pieces opts.Resumed names, with opts.Workers goroutines
// that take the units in plan order, piece by piece. It returns after
// every worker has stopped: with nil when all units are counted, with
// ctx.Err() when ctx is cancelled, or with the first error of a unit.
// Results of pieces that were cut short are never reported.
func (p *Plan) Run(ctx context.Context, opts RunOptions) error {
	order := opts.Order
	if order == nil {
		order = make([]int, len(p.Units))
		for i := range order {
			order[i] = i
		}
	}
	if len(order) != len(p.Units) {
		return fmt.Errorf("plan: the order of the units lists %d units, not the plan's %d", len(order), len(p.Units))
	}
	var todo []piece
	left := make(map[int]int) // pieces left of the units counted in pieces
	for _, id := range order {
		if opts.Skip != nil && opts.Skip(id) {
			continue
		}
		u := p.Units[id]
		var done uint64
		if u.Pieces() > 1 && opts.Resumed != nil {
			done = opts.Resumed(id)
		}
		for k := range u.Pieces() {
			if done&(1<<k) == 0 {
				todo = append(todo, piece{id, k})
				if u.Pieces() > 1 {
					left[id]++
				}
			}
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
	if opts.Started != nil {
		opts.Started()
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		mu       sync.Mutex // serializes OnResult and guards firstErr, left and spent
		firstErr error
		spent    = make(map[int]time.Duration) // time of the pieces of a unit counted so far
		wg       sync.WaitGroup
	)
	for w := range workers {
		wg.Go(func() {
			m := opts.Meter.slot(w)
			// A worker of the join keeps one counter, and with it the
			// lists of the configuration it counts and warm caches.
			count := func(ctx context.Context, pc piece) (Result, error) { return p.count(ctx, pc.unit, pc.k, m) }
			load := func(int) {}
			if p.Engine == EngineJoin {
				c := p.counter()
				defer p.release(c)
				count = func(ctx context.Context, pc piece) (Result, error) {
					return p.countJoin(ctx, p.Units[pc.unit], pc.k, c, m)
				}
				// The lists of the unit's configuration are made before
				// its time starts: a count pays that once per worker and
				// configuration, and units taken out of order would
				// otherwise seem slower than they are.
				load = func(unit int) {
					if u := p.Units[unit]; !u.SymmetricSolutions {
						c.Load(int(u.Config))
					}
				}
			}
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(todo) {
					return
				}
				pc := todo[i]
				load(pc.unit)
				if m != nil {
					m.begin(uint64(pc.unit+1) << 32)
				}
				start := time.Now()
				res, err := count(ctx, pc)
				took := time.Since(start)
				if m != nil {
					m.v.Store(0)
				}
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				last := true
				if n, ok := left[pc.unit]; ok {
					spent[pc.unit] += took
					took, last = spent[pc.unit], n == 1
					if last {
						delete(left, pc.unit)
						delete(spent, pc.unit)
					} else {
						left[pc.unit] = n - 1
					}
				}
				if opts.Took != nil && last {
					opts.Took(res.Unit, took)
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
