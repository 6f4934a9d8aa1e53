package queens

import (
	"context"
	"errors"
	"sync"
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
// goroutine for at most raceBudget nodes; the main search is a shared
// search (see sharedSearch) on the other k-1, and on that one too once
// the lexicographic search has given up. The first to find a solution,
// or that there is none, decides.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	return base.raceWith(ctx, k, in, raceBudget, nil)
}

// raceWith is race with a budget of lexBudget nodes (0: no limit) for the
// lexicographic search; the main search starts once ready is closed, at
// once when ready is nil. A cancelled ctx decides, with its error.
//
// The lexicographic search runs on the calling goroutine and the main
// search on a new one, and Solve returns as soon as one decides: the
// other stops within checkNodes nodes, on a board of its own. A new
// goroutine may wait a while for a processor: where one has been idle,
// its thread sleeps, and on a virtual machine it may take a fifth of a
// millisecond to wake. The lexicographic search, which decides most of
// the races that come close to a tenth of the published time, does not
// wait. Four full runs of the CSPLib Excluded Diagonals set on two
// cores, alternated, left a median of 137 runs over a tenth of the
// published time against 146 with the searches the other way round, and
// a worst ratio of 0.16 to 0.18 against 0.19 to 0.22; the ASP boards,
// which the main search decides, took 4% more time.
//
// The main search is shared rather than split into units first: it then
// starts at once, with no probe to throw away, where a split would spend
// about half a millisecond on two goroutines before its units start.
// On six CSPLib Excluded Diagonals runs where the main search alone
// takes one to five milliseconds, less than the lexicographic search,
// the race took 0.6 to 0.95 as long (best of nine, alternated twice).
func (base *searcher) raceWith(ctx context.Context, k int, in *Instance, lexBudget uint64, ready <-chan struct{}) runResult {
	if err := ctx.Err(); err != nil {
		return runResult{err: err}
	}
	sh := newSharedSearch(ctx, base)
	defer sh.cancel()
	lexCtx, stopLex := context.WithCancel(ctx)
	defer stopLex()
	mainDone := make(chan runResult, 1)
	go func() {
		if ready != nil {
			select {
			case <-ready:
			case <-sh.ctx.Done():
			}
		}
		var others sync.WaitGroup
		for range k - 2 {
			others.Go(sh.work)
		}
		sh.work()
		others.Wait()
		r := sh.result()
		if r.err == nil {
			stopLex()
		}
		mainDone <- r
	}()
	lex, _ := newSearcher(in.transposed()) // it has a solution if base has
	lex.setContext(lexCtx)
	lex.first, lex.lex, lex.budget = true, true, lexBudget
	lex.search()
	switch {
	case lex.err == nil:
		r := runResult{}
		if lex.found > 0 {
			r.sol = transposeSolution(lex.sol)
		}
		return r
	case errors.Is(lex.err, errBudget):
		sh.work() // the main search has this goroutine too
	}
	// The main search decides, or the context is done.
	r := <-mainDone
	if r.err != nil && ctx.Err() != nil {
		return runResult{err: ctx.Err()}
	}
	return r
}
