package plan

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queenslab/queens/internal/join"
)

// joinUnits is about the number of batches of east sets a join plan
// makes: enough for two thousand workers to share a count evenly, few
// enough that a unit is worth a message and a checkpoint record.
const joinUnits = 2048

// NewJoin returns the plan of the n×n board, [JoinFrom] ≤ n ≤ [JoinTo],
// that the join engine counts. Unit 0 counts the symmetric solutions;
// the others are batches of east sets of about equal cost, in the order
// of the join's configurations, each within one configuration.
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
	target := total / joinUnits
	// The symmetric solutions are counted by searches of the half and
	// the quarter of the board, about as large as a search of a board of
	// half the size.
	p.Units = append(p.Units, Unit{SymmetricSolutions: true, cost: target / 4})
	for ci := range e.Configs() {
		first, acc := 0, 0.0
		sets := len(e.Sets(ci))
		for i := range sets {
			acc += e.Cost(ci, i)
			if acc >= target || i == sets-1 {
				p.Units = append(p.Units, Unit{Config: ci, First: first, Last: i + 1, cost: acc})
				first, acc = i+1, 0
			}
		}
	}
	for i := range p.Units {
		p.Units[i].ID = i
	}
	return p, nil
}

// countJoin counts unit u of a join plan with counter c, showing the
// share of the unit done, by the items' costs, in m when it is not nil.
func (p *Plan) countJoin(ctx context.Context, u Unit, c *join.Counter, m *slot) (Result, error) {
	res := Result{Unit: u.ID}
	if u.SymmetricSolutions {
		half, quarter, nodes, ok := join.Symmetric(p.N, ctx.Done())
		if !ok {
			return res, ctx.Err()
		}
		res.Unique, res.Nodes = half+2*quarter, nodes
		return res, nil
	}
	sets := p.join.Sets(u.Config)
	done := ctx.Done()
	tag, spent := uint64(u.ID+1)<<32, 0.0
	for i := u.First; i < u.Last; i++ {
		if m != nil {
			m.show(tag, spent/u.cost)
			spent += p.join.Cost(u.Config, i)
		}
		select {
		case <-done:
			return res, ctx.Err()
		default:
		}
		sols, halves := c.Count(u.Config, sets[i])
		hi, lo := bits.Mul64(sols, uint64(p.join.Weight(u.Config, sets[i])))
		var carry uint64
		res.Total, carry = bits.Add64(res.Total, lo, 0)
		if hi != 0 || carry != 0 {
			return res, fmt.Errorf("plan: unit %d of N=%d: %w", u.ID, p.N, ErrOverflow)
		}
		res.Nodes += halves
	}
	res.Unique = res.Total
	return res, nil
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
