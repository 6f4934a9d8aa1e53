package variant

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
)

// raceBudget is the number of nodes the lexicographic search of a race
// may visit, where it races on one goroutine, before it gives up: about
// a fiftieth of a second. A larger budget lets it reach first solutions
// that lie just beyond a smaller one; a still larger one costs the
// instances the main search decides alone. Chosen on the published
// CSPLib Excluded Diagonals runs and the ASP boards; see
// docs/benchmarks.md, Variant search.
const raceBudget = 1 << 19

// raceDives is the number of random dives with which a race estimates
// the size of each of its two searches (see estimate): about 35 µs for
// both on a board of 18 columns. The dives run on the calling goroutine
// after the grace, while the lexicographic search has the others; fewer
// dives cost the short runs less, more estimate better. Chosen on the
// published CSPLib Excluded Diagonals runs; see docs/benchmarks.md,
// Variant search.
const raceDives = 24

// raceFirst is the number of nodes of the main search with which a race
// begins, alone on the calling goroutine, before anything else: about two
// microseconds, which decides the smallest instances without the cost of
// the race, and which the race throws away where it does not. That phase
// looks at its budget every raceFirst nodes rather than every
// checkNodes (see checkMask), so that it stops on it. Chosen on
// the published CSPLib Excluded Diagonals runs and
// BenchmarkVariantsSolveMany; see docs/benchmarks.md, Variant search.
const raceFirst = 64

// raceEarly says whether the race gives the calling goroutine to the
// lexicographic search before the dives, for as long as the main search
// has its grace (see race), rather than dive first; the search goes on
// from where that phase left it (see pending). Runs that either search
// decides in about a tenth of a millisecond are then decided before the
// dives; on longer runs each search has as many nodes by any time as
// before, for the lexicographic search takes the other goroutines during
// the dives instead of the calling one before them. It halved the runs
// published at one and two milliseconds that took over a tenth of the
// published time; see docs/benchmarks.md, Variant search.
const raceEarly = true

// raceLaneSteps is the number of steps of the lane search (see
// laneSearch) for which it takes the calling goroutine in the early phase
// of a race, where it takes the instance, in place of the lexicographic
// search: about 1.3 s at about 9.4 ns a step of its sixteen lanes. The
// main search keeps the other goroutines, grace or not. The lane search
// visits the plain tree, the published solver's own, 35 to 40 times as
// fast as that solver, so where there is no solution it decides within
// about a thirtieth of the published time; the main search, whose
// propagation prunes large trees, decides the others. A lane search
// stopped early is thrown away and the searches after it start from
// their roots, so the limit is high: only boards whose plain trees no
// search finishes (N = 25 to 30) reach it, and they lose 1.3 s of one
// core. Chosen on the published CSPLib Excluded Diagonals runs; see
// docs/benchmarks.md, Variant search.
const raceLaneSteps = 1 << 27

// Above restartN columns, where the main search runs without the bounds
// on the diagonals and the lane search does not take the board, a race
// also runs random restarts of the main search (see restarts) on a
// goroutine of their own, for restartNodes nodes, the first restart
// restartUnit of them: about a second and a half of one core, which the
// two searches of the race share with them meanwhile. Near the phase
// transition many of these boards have solutions, and on some the
// restarts meet one within a tenth of a second where the race, misled by
// an early choice, takes a minute or more; they never say "none".
// Measured on the CSPLib generator's boards of N = 33 to 40; see
// docs/benchmarks.md.
const (
	restartN     = boundsN
	restartNodes = 1 << 25
	restartUnit  = 1 << 16
)

// raceEarlyCheck is how often, in nodes, the lexicographic search of the
// early phase (see raceEarly) looks whether to stop, where other searches
// look every checkNodes: once the main search, on another goroutine,
// decides or has had its grace, the calling goroutine goes on to return,
// or to the dives, up to about 5 µs sooner. The looks cost about a
// quarter of a percent of the search's time. Chosen on the published
// CSPLib Excluded Diagonals runs and BenchmarkVariantsSolveMany; see
// docs/benchmarks.md, Variant search.
const raceEarlyCheck = 64

// raceGrace is the number of nodes of the main search of a race,
// counted from its start, before it leaves its goroutines to the
// lexicographic search (see race and raceEarly): about 0.1 ms. The
// estimates of whole trees say little about how soon a search meets a
// solution: on many runs the main search meets one within a few thousand
// nodes where the lexicographic search needs tens of thousands, and on
// many others the other way round. A longer grace serves the first, a
// shorter the second, since the lexicographic search on every goroutine
// meets its first solution about twice as soon as on one. Chosen with
// raceFirst on the published CSPLib Excluded Diagonals runs; see
// docs/benchmarks.md, Variant search.
const raceGrace = 4 << 10

// Where the estimate of the lexicographic search is at least lexTrail
// times that of the main search, it races for lexTrailBudget nodes
// rather than raceBudget, and then leaves its goroutine to the main
// search, so that where the main search's tree is estimated far smaller
// it soon has every goroutine. Chosen on the published CSPLib Excluded
// Diagonals runs and the ASP boards; see docs/benchmarks.md, Variant
// search.
const (
	lexTrail       = 4
	lexTrailBudget = 1 << 17
)

// The race gives every goroutine to the lexicographic search when its
// estimate is below lexLead times that of the main search (see
// lexShare), for lexShareFactor times its estimate, at least
// lexShareMin and at most lexShareMax nodes; the main search then has
// them all. They were chosen on a model of the published CSPLib
// Excluded Diagonals runs built from both searches' nodes and
// estimates; see docs/benchmarks.md, Variant search.
const (
	lexLead        = 1.6
	lexShareFactor = 4
	lexShareMin    = 1 << 12
	lexShareMax    = 1 << 20
)

// shareRaceBudget is the number of nodes for which the lexicographic
// search, once it has spent the budget of its share of every goroutine
// undecided, races on one goroutine against the main search on the
// others, before it leaves that one to the main search too. Knuth's
// estimate, the mean of a few dives, often falls well short of a tree
// whose nodes lie in a few deep subtrees that few dives reach, so a
// search whose share runs out may still be the one about to decide.
// It is as many nodes as a race gives the lexicographic search at first;
// see docs/benchmarks.md, Variant search.
const shareRaceBudget = raceBudget

// lexBandShare is the share of lexShare, in nodes, where the estimate of
// the lexicographic search trails that of the main search, but by less
// than lexTrail: the band where the two used to race at once. There, as
// where it leads, it takes every goroutine once the main search has had
// its grace; it then races on one goroutine for shareRaceBudget more
// nodes, and the main search takes every goroutine after that. Many
// runs the lexicographic search decides have estimates in this band.
// Chosen on the published CSPLib Excluded Diagonals runs; see
// docs/benchmarks.md, Variant search.
const lexBandShare = 1 << 14

// raceConfig is how a race runs: the defaults of race, and others for
// the tests.
type raceConfig struct {
	// lexBudget is the budget of nodes of the lexicographic search where
	// it races on one goroutine (0: no limit).
	lexBudget uint64
	// dives is the number of random dives into each search before the
	// race; 0: none, and the two searches race.
	dives int
	// share returns, for the estimates of the two searches, the nodes for
	// which the lexicographic search takes every goroutine, or 0 for a
	// race.
	share func(lexNodes, mainNodes float64) uint64
	// first is the number of nodes of the main search that the calling
	// goroutine searches alone before the race, give or take checkNodes
	// (0: none).
	first uint64
	// trailBudget, where not 0, is the budget of the lexicographic search
	// in place of lexBudget where its estimate trails (see lexTrail).
	trailBudget uint64
	// grace is the number of nodes the main search keeps a goroutine
	// for, give or take checkNodes, when the lexicographic search takes
	// the others (0: none).
	grace uint64
	// shareRace is the number of nodes for which the lexicographic
	// search races on one goroutine once it has spent the budget of its
	// share undecided (0: none; the main search then takes every
	// goroutine at once).
	shareRace uint64
	// ready, when not nil, holds the main search back until it is closed.
	ready <-chan struct{}
	// early says whether the lexicographic search takes the calling
	// goroutine until the main search has had its grace, before the
	// dives (which early needs, with a grace).
	early bool
	// lanes, where not 0, is the number of steps for which the lane
	// search takes the calling goroutine in the early phase instead of
	// the lexicographic search, where it takes the instance.
	lanes uint64
}

// laneSearch returns the lane search of the early phase of a race of
// in, or nil where the race has none: also where the processor lacks
// the AVX-512 lanes, without which the lane search, its pure-Go twin,
// takes about fourteen nanoseconds a node.
func (cfg *raceConfig) laneSearch(in *Instance) *laneSearch {
	if cfg.lanes == 0 || !haveLanesAVX512 {
		return nil
	}
	return newLaneSearch(in)
}

// lexShare is the share of raceConfig for race: the lexicographic search
// takes every goroutine where its estimated tree is less than lexLead
// times the main search's, for lexShareFactor times its estimate, and
// where it is less than lexTrail times, for lexBandShare nodes.
func lexShare(lexNodes, mainNodes float64) uint64 {
	switch {
	case lexNodes < lexLead*mainNodes:
		return uint64(min(max(lexShareFactor*lexNodes, lexShareMin), lexShareMax))
	case lexNodes < lexTrail*mainNodes:
		return lexBandShare
	}
	return 0
}

// race decides the instance in, whose search is base, on k ≥ 2 goroutines
// for Solve with AnySolution. It runs the main search against the
// lexicographic search (see searcher) of the transposed instance, the
// classic column-by-column order, since each decides many instances the
// other finds hard; the first to find a solution, or that there is none,
// decides. After raceFirst nodes of the main search alone, the main
// search runs shared (see sharedSearch) on k-1 goroutines while the
// calling one takes the lane search for raceLaneSteps steps, or else the
// lexicographic search for the main search's grace (see raceEarly). It
// then dives into both trees (see estimate), and lexShare decides: the
// lexicographic search takes every goroutine for a share, then races on
// one for shareRaceBudget nodes, or it races on one for lexTrailBudget
// nodes; the main search has the rest. Sharing beats racing where the
// estimates choose well: two searches racing on two cores slow each
// other down.
func (base *searcher) race(ctx context.Context, k int, in *Instance) runResult {
	cfg := raceConfig{lexBudget: raceBudget, trailBudget: lexTrailBudget, dives: raceDives, share: lexShare, first: raceFirst, grace: raceGrace, shareRace: shareRaceBudget, early: raceEarly, lanes: raceLaneSteps}
	if in.N > restartN {
		return base.raceRestarts(ctx, k, in, cfg, restartUnit, restartNodes)
	}
	return base.raceWith(ctx, k, in, cfg)
}

// raceRestarts is raceWith with random restarts of the main search (see
// restarts) for total nodes on a goroutine of their own, the first
// restart of unit nodes: a solution they meet first decides, and stops
// the race; only the race says that there is none.
func (base *searcher) raceRestarts(ctx context.Context, k int, in *Instance, cfg raceConfig, unit, total uint64) runResult {
	raceCtx, stop := context.WithCancel(ctx)
	defer stop()
	var found Solution
	done := make(chan struct{})
	go func() {
		defer close(done)
		if sol, _ := base.restarts(raceCtx, unit, total, 1); sol != nil {
			found = sol
			stop()
		}
	}()
	r := base.raceWith(raceCtx, k, in, cfg)
	stop()
	<-done
	if found != nil && (r.sol == nil || r.err != nil) {
		return runResult{sol: found}
	}
	return r
}

// raceWith is race as cfg says. A cancelled ctx decides, with its error.
//
// Solve returns as soon as one search decides: the other stops within
// checkNodes nodes, on a board of its own. The other goroutines are
// helpers (see goHelper): a new goroutine may wait about a tenth of a
// millisecond for a processor on a virtual machine, where a helper that
// lingers from an earlier race takes the main search at once. The dives
// and the lexicographic search run on the calling goroutine and never
// wait. The main search is shared rather than split into units first, so
// that it starts at once, with no probe to throw away.
func (base *searcher) raceWith(ctx context.Context, k int, in *Instance, cfg raceConfig) runResult {
	if err := ctx.Err(); err != nil {
		return runResult{err: err}
	}
	if cfg.first > 0 {
		s := base.clone(ctx)
		s.first, s.budget = true, cfg.first
		if cfg.first < checkNodes {
			// It looks at its budget every power of two up to it.
			s.checkMask = 1<<(bits.Len64(cfg.first)-1) - 1
		}
		s.search()
		s.release()
		switch {
		case s.err == nil && s.found > 0:
			return runResult{sol: s.sol}
		case s.err == nil:
			return runResult{}
		case !errors.Is(s.err, errBudget):
			return runResult{err: s.err}
		}
	}
	main := newSharedSearch(ctx, base)
	defer main.cancel()
	lexCtx, stopLex := context.WithCancel(main.ctx)
	defer stopLex()
	// The early phase of the lexicographic search ends with the grace.
	earlyCtx, stopEarly := context.WithCancel(lexCtx)
	defer stopEarly()
	early := cfg.early && cfg.grace > 0 && cfg.dives > 0
	// While the lexicographic search takes the goroutines (lexOn), the
	// main search keeps one until it has visited cfg.grace nodes
	// (graceOver); once the share of the lexicographic search is spent,
	// the two race (racing), or the main search takes every goroutine.
	var seatsMu sync.Mutex
	lexOn, graceOver, racing := false, cfg.grace == 0, false
	if !graceOver {
		main.spent = func(int) {
			seatsMu.Lock()
			defer seatsMu.Unlock()
			graceOver = true
			stopEarly()
			if lexOn {
				main.setSeats(0)
			}
		}
		main.setBudgets([]uint64{cfg.grace})
	}
	// A goroutine works on the main search, and on the shared
	// lexicographic search while the main one has no seat for it, until
	// the one it works on is decided.
	var shared atomic.Pointer[sharedSearch] // the shared lexicographic search, once there is one
	work := func(sh *sharedSearch) {
		for sh != nil && sh.work() {
			if sh == main {
				sh = shared.Load()
			} else {
				sh = main
			}
		}
		// The lexicographic search decided: the main search, which may
		// still have goroutines, the calling one among them, stops.
		if sh != nil && sh != main {
			if _, decided := sh.result(); decided {
				main.cancel()
			}
		}
	}
	mainDone := make(chan struct{})
	goHelper(func() {
		defer close(mainDone)
		defer stopLex()
		if cfg.ready != nil {
			select {
			case <-cfg.ready:
			case <-main.ctx.Done():
			}
		}
		var others sync.WaitGroup
		for range k - 2 {
			others.Add(1)
			goHelper(func() {
				defer others.Done()
				work(main)
			})
		}
		work(main)
		others.Wait()
	})
	// The lexicographic search is made once it is needed: where the lane
	// search decides, never.
	var lex *searcher
	needLex := func() {
		if lex == nil {
			lex = newLexSearcher(in)
			lex.setContext(lexCtx)
			lex.first = true
		}
	}
	// newShared returns the shared lexicographic search, with units to
	// search (nil: all of it) and seats for seats goroutines, and makes it
	// the one that goroutines without a seat on the main search take.
	newShared := func(units [][]Square, seats int) *sharedSearch {
		sh := newSharedSearch(main.ctx, lex)
		if units != nil {
			sh.units = units
		}
		sh.spent = func(i int) {
			seatsMu.Lock()
			defer seatsMu.Unlock()
			lexOn = false
			if i == 0 && racing {
				// The share is over: the two race.
				main.setSeats(k - 1)
				sh.setSeats(1)
				return
			}
			main.setSeats(k)
			sh.setSeats(0)
		}
		sh.setSeats(seats)
		shared.Store(sh)
		return sh
	}
	// lexTakes gives the lexicographic search the goroutines of the main
	// search, which keeps one while its grace lasts; the caller holds
	// seatsMu.
	lexTakes := func() {
		lexOn = true
		if graceOver {
			main.setSeats(0)
		} else {
			main.setSeats(1)
		}
	}
	var sh *sharedSearch // the shared lexicographic search, once there is one
	if early {
		// Until the main search has had its grace, the lexicographic
		// search takes this goroutine; then the others, where the main
		// search leaves them, while this one dives.
		if ls := cfg.laneSearch(in); ls != nil {
			// The lane search takes this goroutine instead, for its
			// steps; the main search keeps the others, grace or not.
			decided := ls.run(lexCtx, cfg.lanes)
			sol := ls.sol
			ls.release()
			switch {
			case decided:
				return runResult{sol: sol}
			case lexCtx.Err() != nil: // decided, or the context is done
				awaitHelper(mainDone)
				return decision(ctx, nil, main)
			}
		} else {
			needLex()
			e := lex.clone(earlyCtx)
			e.checkMask = raceEarlyCheck - 1
			e.search()
			switch {
			case e.err == nil:
				e.release()
				return lexOutcome(e)
			case lexCtx.Err() != nil: // decided, or the context is done
				e.release()
				awaitHelper(mainDone)
				return decision(ctx, nil, main)
			}
			units := e.pending(lex)
			e.release()
			seatsMu.Lock()
			sh = newShared(units, k-1)
			lexTakes()
			seatsMu.Unlock()
		}
	}
	needLex()
	lexBudget := cfg.lexBudget
	var diveErr error // the dives stopped early: the race is decided, or the context done
	if cfg.dives > 0 {
		dive := lex.clone(lexCtx)
		lexNodes, found := dive.estimate(cfg.dives, 1)
		dive.release()
		if found {
			return runResult{sol: transposeSolution(dive.sol)}
		}
		diveErr = dive.err
		dive = base.clone(lexCtx)
		mainNodes, found := dive.estimate(cfg.dives, 2)
		dive.release()
		if found {
			return runResult{sol: dive.sol}
		}
		diveErr = cmp.Or(diveErr, dive.err)
		if diveErr == nil {
			if cfg.trailBudget > 0 && lexNodes >= lexTrail*mainNodes {
				lexBudget = cfg.trailBudget
			}
			budget := cfg.share(lexNodes, mainNodes)
			seatsMu.Lock()
			if sh == nil && budget > 0 {
				sh = newShared(nil, 0)
			}
			if sh != nil {
				// The budgets count from here.
				at := sh.nodes.Load()
				if budget > 0 {
					// The lexicographic search takes every goroutine, but
					// the one the main search keeps for its grace.
					racing = cfg.shareRace > 0
					budgets := []uint64{at + budget}
					if racing {
						budgets = append(budgets, at+budget+cfg.shareRace)
					}
					sh.setBudgets(budgets)
					sh.setSeats(k)
					lexTakes()
					seatsMu.Unlock()
					work(sh)
					return decision(ctx, sh, main)
				}
				// The two race: the lexicographic search on one of the
				// goroutines it has had since the dives, for lexBudget
				// nodes, and the main search on the others.
				sh.setBudgets([]uint64{at + max(lexBudget, 1)})
				lexOn = false
				main.setSeats(k - 1)
				sh.setSeats(1)
				seatsMu.Unlock()
				work(main)
				awaitHelper(mainDone)
				return decision(ctx, sh, main)
			}
			seatsMu.Unlock()
		}
	}
	if sh == nil && diveErr == nil {
		lex.nodes, lex.budget = 0, lexBudget
		lex.search()
		lex.release()
		switch {
		case lex.err == nil:
			return lexOutcome(lex)
		case errors.Is(lex.err, errBudget):
			work(main) // the main search has this goroutine too
		}
	}
	// The main search decides, or the context is done.
	awaitHelper(mainDone)
	return decision(ctx, sh, main)
}

// lexOutcome returns the outcome of a lexicographic search s that ran to
// its end: its solution, transposed, or none.
func lexOutcome(s *searcher) runResult {
	if s.found > 0 {
		return runResult{sol: transposeSolution(s.sol)}
	}
	return runResult{}
}

// decision returns the outcome of a race: that of lex, the shared
// lexicographic search or nil, when it is decided without an error, with
// its solution transposed; otherwise that of main when it is; otherwise
// the error of ctx, or that of main where ctx is not done. The main
// search may be undecided where ctx is done: paused while the
// lexicographic search had its goroutines, it has no outcome, and its
// empty one is not "no solution".
func decision(ctx context.Context, lex, main *sharedSearch) runResult {
	if lex != nil {
		if r, decided := lex.result(); decided && r.err == nil {
			if r.sol != nil {
				r.sol = transposeSolution(r.sol)
			}
			return r
		}
	}
	r, decided := main.result()
	if (!decided || r.err != nil) && ctx.Err() != nil {
		return runResult{err: ctx.Err()}
	}
	return r
}
