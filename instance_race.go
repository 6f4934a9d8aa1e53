package queens

import (
	"context"
	"errors"
)

// lexBudget is the number of nodes the lexicographic search of a race
// may visit before it gives its goroutine to the main search: about a
// fifth of a second.
const lexBudget = 1 << 20

// raceOutcome is how the lexicographic search of a race ended, when it
// ended the race: with a solution, or with none at all.
type raceOutcome struct {
	sol Solution // a solution of the instance, or nil: it has none
}

// race decides the instance in, whose search is base, on k ≥ 2
// goroutines, for Solve with AnySolution. When the probe (see probe) does
// not decide it, two searches race: the main search, unit by unit, on k-1
// goroutines, and on the last the lexicographic search (see searcher) of
// the transposed instance, which goes column by column, from the left,
// each column's squares from the top: the order of the classic
// column-by-column backtracking. The two orders are good on different
// instances: on the CSPLib Excluded Diagonals runs, a fifth of those that
// take the main search longest are decided several times sooner by the
// other. Whichever finds a solution, or proves that there is none, ends
// the race. After lexBudget nodes the lexicographic search gives up, and
// its goroutine joins the main search.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	if r, ok := base.probe(ctx, k, firstAny); ok {
		return r
	}
	return raceWith(ctx, in, lexBudget, func(ctx context.Context, late <-chan struct{}) runResult {
		return base.runUnits(ctx, k, firstAny, nil, late)
	})
}

// raceWith races main, the main search of the instance in, which must
// stop with ctx.Err() when ctx is cancelled and may take one more
// goroutine once late is closed, with the lexicographic search of the
// transposed instance for at most budget nodes (see race).
func raceWith(ctx context.Context, in *Instance, budget uint64, main func(ctx context.Context, late <-chan struct{}) runResult) runResult {
	byColumns, ok := newSearcher(in.transposed())
	if !ok { // a preset queen on a blocked square: as in in, no solution
		return runResult{}
	}
	mainCtx, stopMain := context.WithCancel(ctx)
	defer stopMain()
	lexCtx, stopLex := context.WithCancel(ctx)
	// The lexicographic search stops within 4096 nodes of stopLex, on a
	// board of its own: Solve need not wait for it.
	defer stopLex()
	var (
		late    = make(chan struct{})       // closed when its goroutine joins the main search
		outcome = make(chan raceOutcome, 1) // sent before it stops the main search
	)
	lex := byColumns.clone(lexCtx)
	lex.first, lex.lex, lex.budget = true, true, budget
	go func() {
		lex.search()
		switch {
		case lex.err != nil:
			close(late)
			return
		case lex.found == 0:
			outcome <- raceOutcome{}
		default:
			outcome <- raceOutcome{sol: transposeSolution(lex.sol)}
		}
		stopMain()
	}()
	r := main(mainCtx, late)
	if r.sol != nil || r.err == nil || ctx.Err() != nil || !errors.Is(r.err, context.Canceled) {
		return r
	}
	// Only the lexicographic search stops the main search, and it has
	// sent its outcome first.
	o := <-outcome
	return runResult{sol: o.sol}
}
