package plan

import (
	"context"
	"fmt"
	"math/bits"
)

// Recount counts the unit with the given ID again, independently of
// [Plan.Count]: by a plain backtracking, row by row from the top, of the
// same part of the board. A unit of the search engine is the solutions
// with its border queens; an item of a join unit is the solutions with
// the middle queens of its configuration and their other queens east on
// the rows of its east set and west on the others; the join's unit of
// the symmetric solutions is counted by a search of whole orbits of the
// half and the quarter turn. Total and Unique are those Count gives;
// Nodes counts the queens the backtracking placed. Recount is much
// slower than Count: it checks a result, it does not replace it. A unit
// that is a part of an east set is not recounted: Recount returns an
// error wrapping [ErrUnit] (see [Plan.RecountSet]).
func (p *Plan) Recount(ctx context.Context, unit int) (Result, error) {
	if u, ok := p.Unit(unit); ok && u.EastTo > 0 {
		return Result{Unit: unit}, fmt.Errorf("plan: %w: unit %d of N=%d is a part of an east set, which the recount does not split", ErrUnit, unit, p.N)
	}
	return p.RecountSet(ctx, unit)
}

// RecountSet is [Plan.Recount], which counts a unit that is a part of an
// east set with the whole set: its result is the sum of the results of
// the parts of the set.
func (p *Plan) RecountSet(ctx context.Context, unit int) (Result, error) {
	u, ok := p.Unit(unit)
	if !ok {
		return Result{Unit: unit}, fmt.Errorf("plan: %w: %d (N=%d has units 0 to %d)", ErrUnit, unit, p.N, len(p.Units)-1)
	}
	res := Result{Unit: unit}
	n := p.N
	full := uint32(1)<<n - 1
	var b plain
	b.n, b.done = n, ctx.Done()
	switch {
	case p.Engine == EngineJoin && u.SymmetricSolutions:
		half := fixedSearch{n: n, t: 2}
		quarter := fixedSearch{n: n, t: 1}
		for r := range n {
			half.queens[r], quarter.queens[r] = -1, -1
		}
		res.Unique = half.fill(0) + 2*quarter.fill(0)
		return res, ctx.Err()
	case p.Engine == EngineJoin:
		e := p.join
		m, h := n/2, n-n/2
		west, east := uint32(1)<<m-1, full&^(uint32(1)<<h-1)
		ci := int(u.Config)
		x, y := e.Middle(ci)
		sets := e.Sets(ci)
		for i := u.First; i < u.Last; i++ {
			for r := range n {
				switch {
				case n%2 == 1 && r == m:
					b.allowed[r] = 1 << x
				case n%2 == 1 && r == y:
					b.allowed[r] = 1 << m
				case sets[i]&(1<<r) != 0:
					b.allowed[r] = east
				default:
					b.allowed[r] = west
				}
			}
			b.sols = 0
			b.fill(0, 0, 0, 0)
			if b.stop {
				return res, ctx.Err()
			}
			hi, lo := bits.Mul64(b.sols, uint64(e.Weight(ci, sets[i])))
			var carry uint64
			res.Total, carry = bits.Add64(res.Total, lo, 0)
			if hi != 0 || carry != 0 {
				return res, fmt.Errorf("plan: unit %d of N=%d: %w", u.ID, n, ErrOverflow)
			}
		}
		res.Unique, res.Nodes = res.Total, b.nodes
		return res, nil
	}
	inner := full &^ (1 | 1<<(n-1))
	for r := range n {
		b.allowed[r] = inner
	}
	b.allowed[int(u.Left)] = 1
	b.allowed[int(u.Right)] = 1 << (n - 1)
	b.allowed[0] = 1 << u.Top
	b.allowed[n-1] = 1 << u.Bottom
	b.fill(0, 0, 0, 0)
	if b.stop {
		return res, ctx.Err()
	}
	res.Nodes = b.nodes
	return p.shares(u, b.sols, res)
}

// plain is the backtracking of Recount: the queen of row r goes on a
// square of allowed[r] that no queen above attacks.
type plain struct {
	n       int
	allowed [32]uint32
	sols    uint64
	nodes   uint64
	done    <-chan struct{}
	stop    bool
}

// fill counts in b.sols the ways to fill the rows from r on, below queens
// that attack the columns cols and, in row r, the squares of ld and rd.
func (b *plain) fill(r int, cols, ld, rd uint32) {
	if r == b.n {
		b.sols++
		return
	}
	avail := b.allowed[r] &^ (cols | ld | rd)
	for avail != 0 && !b.stop {
		bit := avail & -avail
		avail ^= bit
		b.nodes++
		if b.nodes&(1<<16-1) == 0 {
			select {
			case <-b.done:
				b.stop = true
				return
			default:
			}
		}
		b.fill(r+1, cols|bit, (ld|bit)<<1, (rd|bit)>>1)
	}
}
