package plan

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/queenslab/queens/internal/join"
)

// joinUnits is about the number of batches of east sets a join plan
// makes: enough for two thousand workers to share a count evenly, few
// enough that a unit is worth a message and a checkpoint record.
const joinUnits = 2048

// unitCostMax is the most estimated cost of a unit, about a minute of one
// core of a current processor (N = 20 counts some 2.7e10 a second): from
// N = 22 on, batches are smaller than the 2048th part of the count, and
// an item that costs more is cut into parts by its splits (see
// join.Counter.CountPart).
const unitCostMax = 1.6e12

// maxJoinUnits bounds the units of a plan, so that its list stays within
// a few hundred megabytes (40 bytes a unit): N = 26 gets units of under a
// minute, N = 28 of hours.
const maxJoinUnits = 1 << 23

// NewJoin returns the plan of the n×n board, [JoinFrom] ≤ n ≤ [JoinTo],
// that the join engine counts. Unit 0 counts the symmetric solutions;
// the others are batches of east sets of about equal cost, in the order
// of the join's configurations, each within one configuration, or parts
// of an east set that costs more than a unit may.
func NewJoin(n int) (*Plan, error) {
	return newJoin(context.Background(), n)
}

// newJoin is NewJoin, which returns ctx.Err() soon after ctx is
// cancelled.
func newJoin(ctx context.Context, n int) (*Plan, error) {
	if n < JoinFrom || n > JoinTo {
		return nil, fmt.Errorf("plan: %w: the join engine takes N from %d to %d, got %d", ErrSize, JoinFrom, JoinTo, n)
	}
	e, err := join.NewContext(ctx, n)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	p := &Plan{N: n, Version: Version, Engine: EngineJoin, UniqueScale: 8, join: e}
	var total float64
	for ci := range e.Configs() {
		for i := range e.Sets(ci) {
			total += e.Cost(ci, i)
		}
	}
	target := max(total/maxJoinUnits, min(total/joinUnits, unitCostMax))
	// Room for the units the target makes, parts of east sets averaging
	// half of it: the largest plans hold millions, which would otherwise
	// be copied as they grow (room never used is reserved, not touched).
	p.Units = make([]Unit, 0, int(2.5*total/target)+2*e.Configs()+16)
	// The symmetric solutions are counted by searches of the half and
	// the quarter of the board, about as large as a search of a board of
	// half the size.
	sym := min(total/joinUnits, target) / 4
	if secs, k := join.SymmetricSeconds(n), e.CostSeconds(); secs > 0 && k > 0 {
		sym = secs / k // ten minutes of one core at N = 28, counted in pieces
	}
	p.Units = append(p.Units, Unit{SymmetricSolutions: true, cost: sym})
	// East sets are cut into parts only beyond a minute's cost, so that
	// the plans of the smaller boards keep whole east sets. The parts are
	// made first, by blocks of east sets on every core, then the batches
	// and the parts are put in order.
	limit := max(target, unitCostMax)
	parts, err := p.allParts(ctx, limit)
	if err != nil {
		return nil, err
	}
	for ci := range e.Configs() {
		first, acc := 0, 0.0
		sets := e.Sets(ci)
		for i := range sets {
			if c := e.Cost(ci, i); c > limit {
				if first < i {
					p.Units = append(p.Units, joinUnit(ci, first, i, 0, 0, acc))
				}
				blk := &parts[ci][i/partsBlock]
				k := 0
				for k < len(*blk) && int((*blk)[k].First) == i {
					k++
				}
				p.Units = append(p.Units, (*blk)[:k]...)
				if *blk = (*blk)[k:]; len(*blk) == 0 {
					*blk = nil
				}
				first, acc = i+1, 0
				continue
			}
			acc += e.Cost(ci, i)
			if acc >= target || i == len(sets)-1 {
				p.Units = append(p.Units, joinUnit(ci, first, i+1, 0, 0, acc))
				first, acc = i+1, 0
			}
		}
	}
	for i := range p.Units {
		p.Units[i].ID = i
	}
	if k := e.CostSeconds(); k > 0 {
		p.cutPieces(pieceSeconds / k)
	}
	return p, nil
}

// NewPieced is [NewJoin] with each unit that costs more than most cut
// into pieces of about most each, up to [MaxPieces]: the plans of the
// boards below N = 24 have units of one piece, and tests of the pieces'
// machinery on small boards need more. Its fingerprint tells its pieces.
func NewPieced(n int, most float64) (*Plan, error) {
	p, err := NewJoin(n)
	if err == nil {
		p.cutPieces(most)
	}
	return p, err
}

// pieceSeconds is about the most time of one core a piece of a unit
// takes, by the costs' time (see join.Engine.CostSeconds): well within
// ten minutes, however the estimate errs.
const pieceSeconds = 120

// cutPieces cuts each join unit that costs more than most into pieces of
// about most each (at most MaxPieces). Plans below N = 24, where no unit
// takes minutes, keep units of one piece.
func (p *Plan) cutPieces(most float64) {
	for i := range p.Units {
		u := &p.Units[i]
		k := math.Ceil(u.cost / most)
		u.pieces = uint8(min(max(k, 1), MaxPieces) - 1)
	}
}

// span calls f with each east set of join unit u that piece k of it
// covers (see [Unit.Pieces]): the set's index i, the share lo to hi of
// its east half boards' pairs (see join.Counter.CountShare) and the cost
// of the whole item, the set or the unit's part of it. The pieces cut
// the unit's cost in equal shares: a part of an east set by shares of
// its pairs, a batch of east sets by the sets' costs added up in order,
// a set across two pieces by the share of its cost in each. Each
// boundary is computed alike for the pieces on both sides of it, so that
// the pieces partition the unit's half boards exactly.
func (p *Plan) span(u Unit, k int, f func(i int, lo, hi, cost float64)) {
	ci, pieces := int(u.Config), u.Pieces()
	bound := func(k int) float64 { return float64(k) / float64(pieces) }
	if u.EastTo > 0 {
		hi := 1.0
		if k < pieces-1 {
			hi = bound(k + 1)
		}
		f(int(u.First), bound(k), hi, u.cost)
		return
	}
	if pieces == 1 {
		for i := int(u.First); i < int(u.Last); i++ {
			f(i, 0, 1, p.join.Cost(ci, i))
		}
		return
	}
	var total float64
	for i := int(u.First); i < int(u.Last); i++ {
		total += p.join.Cost(ci, i)
	}
	from, to := total*bound(k), total*bound(k+1)
	var at float64
	for i := int(u.First); i < int(u.Last); i++ {
		c := p.join.Cost(ci, i)
		var lo, hi float64
		switch {
		case c > 0:
			lo, hi = min(max((from-at)/c, 0), 1), min(max((to-at)/c, 0), 1)
			if k == 0 {
				lo = 0
			}
			if k == pieces-1 {
				hi = 1
			}
		case at >= from && (at < to || k == pieces-1):
			lo, hi = 0, 1 // a set of no cost goes whole to the piece it begins in
		}
		if lo < hi {
			f(i, lo, hi, c)
		}
		at += c
	}
}

// PieceCost estimates the cost of the costliest piece of unit u, in the
// units of [Unit.Cost]: its share of the unit's east half boards and
// their pairs, plus what each piece makes whole again, the lists of its
// east sets and their west half boards.
func (p *Plan) PieceCost(u Unit) float64 {
	if u.Pieces() == 1 || p.Engine != EngineJoin {
		return u.cost
	}
	ci := int(u.Config)
	sets := p.join.Sets(ci)
	var costs []float64
	var most float64
	for k := range u.Pieces() {
		var c float64
		p.span(u, k, func(i int, lo, hi, item float64) {
			// What every piece of the set pays whole.
			var west float64
			costs, west = p.join.SplitCosts(costs[:0], ci, sets[i])
			fixed := min(item, p.join.PartCost(ci, sets[i], 0, west))
			c += (item-fixed)*(hi-lo) + fixed
		})
		most = max(most, c)
	}
	return most
}

// partsBlock is the number of east sets whose parts one goroutine makes
// at a time.
const partsBlock = 1 << 14

// allParts returns, for each configuration and each block of partsBlock
// of its east sets, the parts of those of them that cost more than
// limit, in order, made on one goroutine per CPU. It stops soon after
// ctx is cancelled.
func (p *Plan) allParts(ctx context.Context, limit float64) ([][][]Unit, error) {
	e := p.join
	parts := make([][][]Unit, e.Configs())
	type job struct{ ci, b int }
	var jobs []job
	for ci := range parts {
		parts[ci] = make([][]Unit, (len(e.Sets(ci))+partsBlock-1)/partsBlock)
		for b := range parts[ci] {
			jobs = append(jobs, job{ci, b})
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var costs []float64
			for j := int(next.Add(1) - 1); j < len(jobs) && ctx.Err() == nil; j = int(next.Add(1) - 1) {
				ci, b := jobs[j].ci, jobs[j].b
				var out []Unit
				for i := b * partsBlock; i < min(len(e.Sets(ci)), (b+1)*partsBlock); i++ {
					if e.Cost(ci, i) > limit {
						out, costs = p.appendParts(out, costs, ci, i, limit)
					}
				}
				parts[ci][b] = out
			}
		})
	}
	wg.Wait()
	return parts, ctx.Err()
}

// appendParts appends to dst the units of east set i of configuration
// ci, which costs more than target: ranges of its splits, each of at
// most target cost unless a split alone costs more. costs is scratch,
// returned for reuse.
func (p *Plan) appendParts(dst []Unit, costs []float64, ci, i int, target float64) ([]Unit, []float64) {
	e := p.join
	rows := e.Sets(ci)[i]
	costs, west := e.SplitCosts(costs[:0], ci, rows)
	// room is the most east candidates a part holds within target: what
	// the west side and the lists leave of it, over the weight of an
	// east half board with its pairs (see join.Engine.PartCost).
	fixed := e.PartCost(ci, rows, 0, west)
	room := (target - fixed) / (e.HalfWeight() + west/256)
	from, acc := 0, 0.0
	for s, c := range costs {
		if acc > 0 && acc+c > room {
			dst = append(dst, joinUnit(ci, i, i+1, from, s, e.PartCost(ci, rows, acc, west)))
			from, acc = s, 0
		}
		acc += c
	}
	dst = append(dst, joinUnit(ci, i, i+1, from, len(costs), e.PartCost(ci, rows, acc, west)))
	return dst, costs
}

// joinUnit returns the join unit of east sets first to last of
// configuration ci, or of the splits from to to of east set first when
// to > 0, of the given cost.
func joinUnit(ci, first, last, from, to int, cost float64) Unit {
	return Unit{Config: int32(ci), First: int32(first), Last: int32(last), EastFrom: int16(from), EastTo: int16(to), cost: cost}
}

// countJoin counts piece k of unit u of a join plan with counter c (see
// [Unit.Pieces]), showing the share of the unit done, by the items'
// costs, in m when it is not nil. The result of a unit of one piece is
// the whole unit's; that of a piece marks the piece in Result.Pieces.
func (p *Plan) countJoin(ctx context.Context, u Unit, k int, c *join.Counter, m *slot) (Result, error) {
	res := Result{Unit: u.ID}
	if u.Pieces() > 1 {
		res.Pieces = 1 << k
	}
	if u.SymmetricSolutions {
		half, quarter, nodes, ok := join.SymmetricPiece(p.N, k, u.Pieces(), ctx.Done())
		if !ok {
			return res, ctx.Err()
		}
		res.Unique, res.Nodes = half+2*quarter, nodes
		return res, nil
	}
	ci := int(u.Config)
	sets := p.join.Sets(ci)
	done := ctx.Done()
	tag, spent, item := uint64(u.ID+1)<<32, 0.0, 0.0
	if m != nil {
		// Items made and joined in chunks show how far they are; the
		// share shown is of the whole unit, so that the pieces of one
		// unit on several workers add up.
		c.Progress = func(share float64) { m.show(tag, (spent+share*item)/u.cost) }
		defer func() { c.Progress = nil }()
	}
	var err error
	p.span(u, k, func(i int, lo, hi, cost float64) {
		if err != nil {
			return
		}
		if m != nil {
			spent += item
			item = cost * (hi - lo)
			m.show(tag, spent/u.cost)
		}
		select {
		case <-done:
			err = ctx.Err()
			return
		default:
		}
		from, to := 0, p.join.Splits(ci, sets[i])
		if u.EastTo > 0 {
			from, to = int(u.EastFrom), int(u.EastTo)
		}
		sols, halves := c.CountShare(ci, sets[i], from, to, lo, hi)
		high, low := bits.Mul64(sols, uint64(p.join.Weight(ci, sets[i])))
		var carry uint64
		res.Total, carry = bits.Add64(res.Total, low, 0)
		if high != 0 || carry != 0 {
			err = fmt.Errorf("plan: unit %d of N=%d: %w", u.ID, p.N, ErrOverflow)
		}
		res.Nodes += halves
	})
	res.Unique = res.Total
	return res, err
}

// counter returns an idle counter of the join, or a new one.
func (p *Plan) counter() *join.Counter {
	p.idleMu.Lock()
	defer p.idleMu.Unlock()
	if k := len(p.idle); k > 0 {
		c := p.idle[k-1]
		p.idle = p.idle[:k-1]
		return c
	}
	return p.join.NewCounter()
}

// release makes a counter idle again.
func (p *Plan) release(c *join.Counter) {
	p.idleMu.Lock()
	p.idle = append(p.idle, c)
	p.idleMu.Unlock()
}
