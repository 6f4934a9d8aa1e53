package variant

import (
	"context"
	"math/rand/v2"
)

// luby returns the i-th term, from 1, of Luby's sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: the budgets, in units, of restarts
// whose total time is within a logarithmic factor of the best fixed
// budget's, whatever the distribution of the run times.
func luby(i uint64) uint64 {
	for {
		k := uint64(1)
		for 1<<k-1 < i {
			k++
		}
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// restarts looks for a solution of the search base by random restarts:
// the main search with the squares of each branching in a random order
// (see shuffle), cut after unit nodes times the next term of Luby's
// sequence, again and again, so that a run whose early choices lead into
// a large subtree without a solution is cut short. It returns a
// solution, or nil once it has visited about total nodes (0: no limit)
// or ctx is done, with ctx.Err() then. It never says that there is no
// solution: that is for the exhaustive search.
func (base *searcher) restarts(ctx context.Context, unit, total, seed uint64) (Solution, error) {
	s := base.clone(ctx)
	defer s.release()
	rng := rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))
	spent := uint64(0)
	for i := uint64(1); total == 0 || spent < total; i++ {
		s.reuse(base)
		s.first, s.shuffle, s.budget = true, rng, unit*luby(i)
		if total != 0 {
			s.budget = min(s.budget, total-spent)
		}
		if s.search() && s.err == nil {
			return s.solCopy(), nil
		}
		spent += s.nodes
		if s.err == nil {
			// The whole tree without a solution: the exhaustive search
			// will say so.
			break
		}
		if s.err != errBudget {
			return nil, s.err
		}
	}
	return nil, ctx.Err()
}
