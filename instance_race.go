package queens

import (
	"context"
)

// raceBudget is the number of nodes each search of a race may visit
// before it gives up: about a hundredth of a second. On the CSPLib
// Excluded Diagonals runs, alternated three times on two cores, 2^18
// left as few runs over a tenth of the published time as 2^20 (96 to
// 138 and 109 to 117 of 3,226 candidates, against 141 to 301 without
// the race), and costs the ASP boards, which the main search decides
// alone, a third as much.
const raceBudget = 1 << 18

// race decides the instance in, whose search is base, on k ≥ 2 goroutines
// for Solve with AnySolution. Two searches race first, each on one
// goroutine (see raceSerial): the main search, and the lexicographic
// search (see searcher) of the transposed instance, which goes column by
// column, from the left, each column's squares from the top: the order
// of the classic column-by-column backtracking. The two orders are good
// on different instances: of the CSPLib Excluded Diagonals runs that
// take the main search longest, the other decides many several times
// sooner. When neither decides within raceBudget nodes, the main search
// starts again on all k goroutines, unit by unit; a race thus costs at
// most that much time, on instances that take longer.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	if r, decided := base.raceSerial(ctx, in, raceBudget, raceBudget); decided {
		return r
	}
	return base.runUnits(ctx, k, firstAny, nil, nil)
}

// raceSerial runs the main search base, for at most mainBudget nodes,
// beside the lexicographic search of the transposed instance in, for at
// most lexBudget, each on a goroutine of its own; 0 is no limit. Both
// start at once: on the CSPLib Excluded Diagonals runs, alternated six
// times on two cores, that left half as many runs over a tenth of the
// published time as a lexicographic search that started after the main
// one's first 4096 nodes (63 to 149 of 3,226 candidates, median 75,
// against 112 to 251, median 156). The first to find a solution,
// or that there is none, decides; when one gives up, the other goes on
// to the end of its budget. decided is false when both gave up; r is
// then the zero result. A cancelled ctx decides, with its error.
func (base *searcher) raceSerial(ctx context.Context, in *Instance, mainBudget, lexBudget uint64) (r runResult, decided bool) {
	mainCtx, stopMain := context.WithCancel(ctx)
	defer stopMain()
	lexCtx, stopLex := context.WithCancel(ctx)
	// The lexicographic search stops within 4096 nodes of stopLex, on a
	// board of its own: Solve need not wait for it once it is decided.
	defer stopLex()
	main := base.clone(mainCtx)
	main.first, main.budget = true, mainBudget
	lexDone := make(chan runResult, 1)           // its result, decided or not
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
		}
		lexDone <- r
	}()
	main.search()
	switch {
	case main.err == nil:
		if main.found > 0 {
			r.sol = main.sol
		}
		return r, true
	case ctx.Err() != nil:
		return runResult{err: ctx.Err()}, true
	}
	// The main search gave up, or the lexicographic search stopped it:
	// its result decides, unless it gives up too.
	r = <-lexDone
	switch {
	case r.err == nil:
		return r, true
	case ctx.Err() != nil:
		return runResult{err: ctx.Err()}, true
	}
	return runResult{}, false
}
