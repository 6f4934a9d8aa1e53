package queens

import (
	"context"
)

// raceBudget is the number of nodes the lexicographic search of a race
// may visit before it gives up: about a hundredth of a second. Alternated
// four times on two cores, on the 1,124 CSPLib Excluded Diagonals runs
// closest to a tenth of the published time, 2^18 and 2^20 took 0.92 and
// 0.86 as long in all as a race in which the main search ran alone on one
// goroutine and started again on every one after 2^18 nodes; 2^20 cost
// the ASP boards, which the main search decides alone, a tenth more time,
// and 2^18 nothing.
const raceBudget = 1 << 18

// race decides the instance in, whose search is base, on k ≥ 2 goroutines
// for Solve with AnySolution: it races the main search against the
// lexicographic search (see searcher) of the transposed instance, which
// goes column by column, from the left, each column's squares from the
// top: the order of the classic column-by-column backtracking. The two
// orders are good on different instances: of the CSPLib Excluded
// Diagonals runs that take the main search longest, the other decides
// many several times sooner. The lexicographic search takes one
// goroutine for at most raceBudget nodes; the main search runs as Solve's
// does, on the other k-1 and on that one too once the lexicographic
// search has given up. The first to find a solution, or that there is
// none, decides.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	return base.raceWith(ctx, k, in, raceBudget, nil)
}

// raceWith is race with a budget of lexBudget nodes (0: no limit) for the
// lexicographic search; the main search starts once ready is closed, at
// once when ready is nil. A cancelled ctx decides, with its error.
func (base *searcher) raceWith(ctx context.Context, k int, in *Instance, lexBudget uint64, ready <-chan struct{}) runResult {
	mainCtx, stopMain := context.WithCancel(ctx)
	defer stopMain()
	lexCtx, stopLex := context.WithCancel(ctx)
	// The lexicographic search stops within 4096 nodes of stopLex, on a
	// board of its own: Solve need not wait for it once it is decided.
	defer stopLex()
	gaveUp := make(chan struct{}) // closed when the lexicographic search gives up
	lexDone := make(chan runResult, 1)
	byColumns, _ := newSearcher(in.transposed()) // it has a solution if base has
	lex := byColumns.clone(lexCtx)
	lex.first, lex.lex, lex.budget = true, true, lexBudget
	go func() {
		lex.search()
		r := runResult{err: lex.err}
		if lex.err == nil {
			if lex.found > 0 {
				r.sol = transposeSolution(lex.sol)
			}
			stopMain()
		} else {
			close(gaveUp)
		}
		lexDone <- r
	}()
	if ready != nil {
		select {
		case <-ready:
		case <-mainCtx.Done():
		}
	}
	var r runResult
	if r.err = mainCtx.Err(); r.err == nil {
		var decided bool
		if r, decided = base.probe(mainCtx, k, firstAny); !decided {
			r = base.runUnits(mainCtx, k, firstAny, nil, gaveUp)
		}
	}
	switch {
	case r.err == nil:
		return r
	case ctx.Err() != nil:
		return runResult{err: ctx.Err()}
	}
	// The lexicographic search decided, and stopped the main one.
	return <-lexDone
}
