package variant

import (
	"context"
	"sync"
)

// raceBudget is the number of nodes for which the lexicographic search
// of a race takes the calling goroutine (see race), a few milliseconds,
// before that goroutine joins the main search. The classic
// column-by-column order meets the solutions of some instances far
// sooner than the main search, and runs out of them sooner on others; a
// larger budget costs the instances the main search decides alone. See
// docs/benchmarks.md, Variant search.
const raceBudget = 1 << 17

// raceLaneSteps is the number of steps for which the lane search (see
// laneSearch) takes the calling goroutine of a race where it takes the
// instance: about 1.3 s at about 9.4 ns a step of its sixteen lanes. It
// visits the plain tree 35 to 40 times as fast as the published
// bit-parallel solver, so that where there is no solution it decides
// within about a thirtieth of that solver's time; the main search,
// whose propagation prunes large trees, decides the others. Only boards
// whose plain trees no search finishes (N = 25 to 31) reach the limit.
// See docs/benchmarks.md, Variant search.
const raceLaneSteps = 1 << 27

// Above restartN columns, where the main search runs without the bounds
// on the diagonals and the lane search does not take the board, a race
// also runs random restarts of the main search (see restarts) on a
// goroutine of their own, for restartNodes nodes, the first restart
// restartUnit of them: about a second and a half of one core. Near the
// phase transition many of these boards have solutions, and on some the
// restarts meet one within a tenth of a second where the other searches,
// misled by an early choice, take a minute or more; they never say
// "none". Measured on the CSPLib generator's boards of N = 33 to 40; see
// docs/benchmarks.md.
const (
	restartN     = boundsN
	restartNodes = 1 << 25
	restartUnit  = 1 << 16
)

// raceConfig is how a race runs: the defaults of race, and others for
// the tests.
type raceConfig struct {
	// lanes, where not 0, is the number of steps for which the lane
	// search takes the calling goroutine first, where it takes the
	// instance.
	lanes uint64
	// lexBudget is the number of nodes for which the lexicographic search
	// takes the calling goroutine after the lanes (0: no limit).
	lexBudget uint64
	// restarts, where not 0, is the number of nodes of random restarts
	// of the main search on a goroutine of their own.
	restarts uint64
	// ready, when not nil, holds the main search back until it is closed.
	ready <-chan struct{}
}

// race decides the instance in, whose search is base, on k ≥ 2
// goroutines for Solve with AnySolution, by a portfolio of searches that
// each decide many instances the others find hard; the first to find a
// solution, or that there is none, decides. The main search runs shared
// (see sharedSearch) on k-1 goroutines from the start. The calling
// goroutine runs the lane search for raceLaneSteps steps, where it takes
// the instance, then the lexicographic search of the transposed
// instance (see newLexSearcher) for raceBudget nodes, and then joins the
// main search. Above restartN columns, random restarts of the main
// search run beside them.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	cfg := raceConfig{lanes: raceLaneSteps, lexBudget: raceBudget}
	if in.N > restartN {
		cfg.restarts = restartNodes
	}
	return base.raceWith(ctx, k, in, cfg)
}

// raceWith is race as cfg says. A cancelled ctx decides, with its error.
//
// Solve returns as soon as one search decides: the others stop within
// checkNodes nodes, on boards of their own. The goroutines of the main
// search are helpers (see goHelper): a new goroutine may wait about a
// tenth of a millisecond for a processor on a virtual machine, where a
// helper that lingers from an earlier race takes the main search at
// once.
func (base *searcher) raceWith(ctx context.Context, k int, in *Instance, cfg raceConfig) runResult {
	if err := ctx.Err(); err != nil {
		return runResult{err: err}
	}
	main := newSharedSearch(ctx, base)
	var restartSol Solution // a solution the restarts met first
	restartsDone := make(chan struct{})
	if cfg.restarts > 0 {
		go func() {
			defer close(restartsDone)
			if sol, _ := base.restarts(main.ctx, restartUnit, cfg.restarts, 1); sol != nil {
				restartSol = sol
				main.cancel()
			}
		}()
	} else {
		close(restartsDone)
	}
	defer func() {
		main.cancel()
		<-restartsDone
	}()
	mainDone := make(chan struct{})
	goHelper(func() {
		defer close(mainDone)
		cfg.await(main.ctx)
		var others sync.WaitGroup
		for range k - 2 {
			others.Add(1)
			goHelper(func() {
				defer others.Done()
				main.work()
			})
		}
		main.work()
		others.Wait()
	})
	if ls := cfg.laneSearch(in); ls != nil {
		decided := ls.run(main.ctx, cfg.lanes)
		sol := ls.sol
		ls.release()
		if decided {
			return runResult{sol: sol}
		}
	}
	if main.ctx.Err() == nil {
		lex := newLexSearcher(in)
		lex.setContext(main.ctx)
		lex.first, lex.budget = true, cfg.lexBudget
		lex.search()
		lex.release()
		if lex.err == nil {
			return lexOutcome(lex)
		}
	}
	cfg.await(main.ctx)
	main.work() // the calling goroutine joins the main search
	awaitHelper(mainDone)
	<-restartsDone
	if restartSol != nil {
		return runResult{sol: restartSol}
	}
	// The main search is decided: its error, where ctx is done, is that
	// of its own context, a child of ctx.
	r, _ := main.result()
	if r.err != nil && ctx.Err() != nil {
		return runResult{err: ctx.Err()}
	}
	return r
}

// await returns once cfg.ready is closed, where there is one, or ctx is
// done.
func (cfg *raceConfig) await(ctx context.Context) {
	if cfg.ready != nil {
		select {
		case <-cfg.ready:
		case <-ctx.Done():
		}
	}
}

// laneSearch returns the lane search of in for a race, or nil where the
// race has none: also where the processor lacks the AVX-512 lanes,
// without which the lane search, its pure-Go twin, takes about fourteen
// nanoseconds a node.
func (cfg *raceConfig) laneSearch(in *Instance) *laneSearch {
	if cfg.lanes == 0 || !haveLanesAVX512 {
		return nil
	}
	return newLaneSearch(in)
}

// lexOutcome returns the outcome of a lexicographic search s that ran to
// its end: its solution, transposed, or none.
func lexOutcome(s *searcher) runResult {
	if s.found > 0 {
		return runResult{sol: transposeSolution(s.sol)}
	}
	return runResult{}
}
