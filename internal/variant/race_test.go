package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestTransposed checks that the transposed instance has the transposed
// solutions of the instance, and that transposing twice changes nothing.
func TestTransposed(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		in := randomInstance(rng, 1+rng.IntN(9))
		if rng.IntN(4) == 0 {
			in = withLines(rng, in)
		}
		tr := in.transposed()
		if err := tr.Check(); err != nil {
			t.Fatalf("%+v: transposed %+v: %v", in, tr, err)
		}
		var want []Solution
		for s, err := range in.Solutions(ctx) {
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, transposeSolution(s))
		}
		var got []Solution
		for s, err := range tr.Solutions(ctx) {
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Validate(s); err != nil {
				t.Fatalf("%+v: %v", tr, err)
			}
			got = append(got, clone(s))
		}
		slices.SortFunc(want, slices.Compare)
		slices.SortFunc(got, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%+v: the transposed instance has %v, want %v", in, got, want)
		}
		back := tr.transposed()
		if back.N != in.N || !slices.Equal(back.Queens, in.Queens) || !slices.Equal(back.Blocked, in.Blocked) ||
			!slices.Equal(back.Excluded, in.Excluded) || !slices.Equal(back.Rows, in.Rows) || !slices.Equal(back.Cols, in.Cols) {
			t.Fatalf("%+v transposed twice is %+v", in, back)
		}
	}
}

// withLines returns in with only some rows and columns in use, as many
// of each, holding its preset queens.
func withLines(rng *rand.Rand, in Instance) Instance {
	rows, cols := map[int]bool{}, map[int]bool{}
	for _, q := range in.Queens {
		rows[q.Row], cols[q.Col] = true, true
	}
	k := len(in.Queens) + rng.IntN(in.N-len(in.Queens)+1)
	for len(rows) < k {
		rows[rng.IntN(in.N)] = true
	}
	for len(cols) < k {
		cols[rng.IntN(in.N)] = true
	}
	in.Rows, in.Cols = nil, nil
	for r := range in.N {
		if rows[r] {
			in.Rows = append(in.Rows, r)
		}
		if cols[r] {
			in.Cols = append(in.Cols, r)
		}
	}
	return in
}

// TestLexicographicSearch checks that the lexicographic search meets
// the solutions of an instance in lexicographic order, all of them, and
// with first set stops at the least.
func TestLexicographicSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 150 {
		in := randomInstance(rng, 1+rng.IntN(10))
		want := plainSolutions(t, in)
		s, ok := newSearcher(&in)
		var got []Solution
		if ok {
			s.lex = true
			s.visit = func(sol Solution) bool {
				got = append(got, clone(sol))
				return true
			}
			s.search()
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%+v: the lexicographic search meets %v, want %v", in, got, want)
		}
		if !ok {
			continue
		}
		first, _ := newSearcher(&in)
		first.lex, first.first = true, true
		first.search()
		switch {
		case len(want) == 0 && first.found != 0:
			t.Fatalf("%+v: the lexicographic search finds %v", in, first.sol)
		case len(want) > 0 && !slices.Equal(first.sol, want[0]):
			t.Fatalf("%+v: the lexicographic search stops at %v, want %v", in, first.sol, want[0])
		}
	}
}

// raceInstances returns instances of 12 to 17 columns with excluded
// diagonals, some with a solution and some without, whose searches take
// more than a few nodes.
func raceInstances(rng *rand.Rand, count int) []Instance {
	var ins []Instance
	for len(ins) < count {
		n := 12 + rng.IntN(6)
		in := Instance{N: n}
		for range n - 2 + rng.IntN(6) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		ins = append(ins, in)
	}
	return ins
}

// checkDecision fails t unless sol and err decide in the way its count
// says.
func checkDecision(t *testing.T, in Instance, how string, sol Solution, none bool) {
	t.Helper()
	count, err := in.Count(context.Background(), Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case none && count != (Uint128{}):
		t.Fatalf("%+v: %s finds no solution of %v", in, how, count)
	case !none && sol == nil:
		t.Fatalf("%+v: %s decides nothing", in, how)
	case !none:
		if err := in.Validate(sol); err != nil {
			t.Fatalf("%+v: %s finds %v: %v", in, how, sol, err)
		}
	}
}

// needsNodes reports whether the search of in, the main one or with lex
// the lexicographic one of the transposed instance, stopping at its
// first solution, visits more than probeNodes nodes.
func needsNodes(in *Instance, lex bool) bool {
	if lex {
		in = in.transposed()
	}
	s, _ := newSearcher(in)
	s.first, s.lex, s.budget = true, lex, probeNodes
	s.search()
	return errors.Is(s.err, errBudget)
}

// longRaceInstances returns those of count raceInstances whose main
// search takes more than probeNodes nodes, and fails t where there are
// none.
func longRaceInstances(t *testing.T, rng *rand.Rand, count int) []Instance {
	t.Helper()
	var long []Instance
	for _, in := range raceInstances(rng, count) {
		if needsNodes(&in, false) {
			long = append(long, in)
		}
	}
	if len(long) == 0 {
		t.Fatal("no instance takes the main search more than probeNodes nodes")
	}
	return long
}

// TestRaceLexicographicDecides holds the main search back and gives the
// lexicographic search no limit: the race must then decide every
// instance as that search does, with the transposed lexicographically
// least solution of the transposed instance.
func TestRaceLexicographicDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	held := make(chan struct{}) // never closed
	solved, none := 0, 0
	for _, in := range raceInstances(rng, 40) {
		base, _ := newSearcher(&in)
		r := base.raceWith(ctx, 2, &in, raceConfig{ready: held})
		if r.err != nil {
			t.Fatalf("%+v: %v", in, r.err)
		}
		checkDecision(t, in, "the race", r.sol, r.sol == nil)
		lex, _ := newSearcher(in.transposed())
		lex.first, lex.lex = true, true
		lex.search()
		switch {
		case lex.found == 0:
			none++
		case !slices.Equal(r.sol, transposeSolution(lex.sol)):
			t.Fatalf("%+v: the race finds %v, not the lexicographic search's %v", in, r.sol, transposeSolution(lex.sol))
		default:
			solved++
		}
	}
	if solved == 0 || none == 0 {
		t.Fatalf("%d of 40 solved, %d without a solution: the test needs both", solved, none)
	}
}

// TestRaceMainDecides gives the lexicographic search a budget of one
// node, which it spends at its first look, after checkNodes nodes: the
// race must decide every instance, on two and three goroutines, and the
// instances must include some on which that search gives up and the
// main one needs more than probeNodes nodes, so that the calling
// goroutine joins the shared main search while it runs.
func TestRaceMainDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	joined := 0
	for _, in := range raceInstances(rng, 40) {
		for _, k := range []int{2, 3} {
			base, _ := newSearcher(&in)
			r := base.raceWith(ctx, k, &in, raceConfig{lexBudget: 1})
			if r.err != nil {
				t.Fatalf("%+v: %v", in, r.err)
			}
			checkDecision(t, in, "the race", r.sol, r.sol == nil)
		}
		if needsNodes(&in, true) && needsNodes(&in, false) {
			joined++
		}
	}
	if joined == 0 {
		t.Fatal("no instance takes both searches more than probeNodes nodes: the test needs some")
	}
}

// TestRaceCancelled checks that a race under a cancelled context stops
// with the context's error, on instances that take more than probeNodes
// nodes.
func TestRaceCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, in := range longRaceInstances(t, rand.New(rand.NewPCG(15, 16)), 20) {
		base, _ := newSearcher(&in)
		r := base.race(ctx, 2, &in)
		if !errors.Is(r.err, context.Canceled) || r.sol != nil {
			t.Fatalf("%+v: a cancelled race gives %v, %v", in, r.sol, r.err)
		}
	}
}

// TestRaceCancelledMidway cancels races at times from a few
// microseconds to a millisecond after their start, in their lane search,
// their lexicographic search and their main search: each must stop,
// soon, with the context's error or with a decision that is right.
func TestRaceCancelledMidway(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	stopped := 0
	for range 12 {
		// Boards larger than raceInstances', which take a race longer.
		n := 18 + rng.IntN(3)
		in := Instance{N: n}
		for range n - 2 + rng.IntN(4) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		if !needsNodes(&in, false) || !needsNodes(&in, true) {
			continue
		}
		for _, after := range []time.Duration{5 * time.Microsecond, 50 * time.Microsecond, 150 * time.Microsecond, time.Millisecond} {
			for _, k := range []int{2, 3} {
				ctx, cancel := context.WithTimeout(context.Background(), after)
				base, _ := newSearcher(&in)
				done := make(chan runResult, 1)
				go func() { done <- base.race(ctx, k, &in) }()
				var r runResult
				select {
				case r = <-done:
				case <-time.After(10 * time.Second):
					t.Fatalf("%+v: a race cancelled after %v on %d goroutines did not stop", in, after, k)
				}
				cancel()
				if r.err != nil {
					if !errors.Is(r.err, context.DeadlineExceeded) || r.sol != nil {
						t.Fatalf("%+v: a race cancelled after %v gives %v, %v", in, after, r.sol, r.err)
					}
					stopped++
					continue
				}
				checkDecision(t, in, "a race cancelled late", r.sol, r.sol == nil)
			}
		}
	}
	if stopped == 0 {
		t.Fatal("no race was cancelled before it decided: the test needs some")
	}
}

// TestSolveAnyRace decides instances with AnySolution on several
// workers, which races the searches.
func TestSolveAnyRace(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(17, 18))
	for _, in := range raceInstances(rng, 30) {
		for _, k := range []int{2, 3} {
			sol, err := in.Solve(ctx, Options{Workers: k, AnySolution: true})
			if err != nil && !errors.Is(err, ErrNoSolution) {
				t.Fatalf("%+v: %v", in, err)
			}
			checkDecision(t, in, "Solve", sol, err != nil)
		}
	}
}

// TestPendingResumes stops searches, main and lexicographic, counting
// every solution, after a few nodes, and searches what each had yet to
// search, unit by unit (see pending), as a shared search that suspends
// hands it over: the counts must add up to the instance's.
func TestPendingResumes(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(29, 30))
	resumed := 0
	for _, in := range raceInstances(rng, 30) {
		want, err := in.Count(ctx, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, lex := range []bool{false, true} {
			base, _ := newSearcher(&in)
			if lex {
				base = newLexSearcher(&in)
			}
			for _, budget := range []uint64{1, 3 * checkNodes, 40 * checkNodes} {
				s := base.clone(ctx)
				s.budget = budget
				s.search()
				got := s.found
				if errors.Is(s.err, errBudget) {
					resumed++
					units := s.pending(base)
					for _, unit := range units {
						u := searchUnit(ctx, base, unit, false)
						if u.err != nil {
							t.Fatalf("%+v: a unit stops with %v", in, u.err)
						}
						got += u.found
						u.release()
					}
				} else if s.err != nil {
					t.Fatalf("%+v: %v", in, s.err)
				}
				s.release()
				if (Uint128{Lo: got}) != want {
					t.Fatalf("%+v (lexicographic %v, budget %d): %d solutions, stopped and resumed, want %v", in, lex, budget, got, want)
				}
			}
		}
	}
	if resumed == 0 {
		t.Fatal("no search was stopped: the test needs some")
	}
}

// searchUnit searches the unit of base, as a shared search would, with a
// clone of base that stops at its first solution where first is set, and
// returns the clone, which the caller releases.
func searchUnit(ctx context.Context, base *searcher, unit []Square, first bool) *searcher {
	u := base.clone(ctx)
	u.first = first
	u.takeScratch()
	for _, q := range unit {
		u.place(q.Row, q.Col)
	}
	u.search()
	return u
}

// TestPendingKeepsOrder stops main searches that stop at their first
// solution, as the first nodes of a race do, after a few nodes, and
// searches what each had yet to search, unit by unit in order, each to
// its first solution: the first solution met must be the one the search
// meets without a stop, or none where it meets none. Near the root such
// a search tries a row's squares the least constraining first, and what
// a stop leaves of those branchings must keep that order.
func TestPendingKeepsOrder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 32))
	resumed, later := 0, 0
	for _, in := range raceInstances(rng, 40) {
		base, _ := newSearcher(&in)
		plain := base.clone(ctx)
		plain.first = true
		plain.search()
		var want Solution
		if plain.found > 0 {
			want = clone(plain.sol)
		}
		plain.release()
		for _, budget := range []uint64{1, 3 * checkNodes, 40 * checkNodes} {
			s := base.clone(ctx)
			s.first, s.budget = true, budget
			s.search()
			if !errors.Is(s.err, errBudget) {
				s.release()
				continue
			}
			resumed++
			var got Solution
			for i, unit := range s.pending(base) {
				u := searchUnit(ctx, base, unit, true)
				if u.found > 0 {
					got = clone(u.sol)
					if i > 0 {
						later++
					}
				}
				u.release()
				if got != nil {
					break
				}
			}
			s.release()
			if !slices.Equal(got, want) {
				t.Fatalf("%+v (budget %d): stopped and resumed, the first solution is %v, want %v", in, budget, got, want)
			}
		}
	}
	if resumed == 0 || later == 0 {
		t.Fatalf("%d searches stopped, %d met their solution past the node they stopped at: the test needs both", resumed, later)
	}
}

// TestRaceLanes runs races that give the calling goroutine first to
// the lane search, for one run of its steps, which decides few of the
// instances, and for as many as it needs, which decides all but those
// the main search decides first, on two and three goroutines: every race
// must decide as the count says. With one run of steps the race goes on
// to the lexicographic search and the main search.
func TestRaceLanes(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(43, 44))
	undecided := 0
	for _, in := range raceInstances(rng, 30) {
		for _, lanes := range []uint64{1, 1 << 40} {
			for _, k := range []int{2, 3} {
				cfg := raceConfig{lanes: lanes, lexBudget: raceBudget}
				base, _ := newSearcher(&in)
				r := base.raceWith(ctx, k, &in, cfg)
				if r.err != nil {
					t.Fatalf("%+v: %v", in, r.err)
				}
				checkDecision(t, in, "the race", r.sol, r.sol == nil)
			}
		}
		ls := newLaneSearch(&in)
		if !ls.run(ctx, 1) {
			undecided++
		}
		ls.release()
	}
	if undecided == 0 {
		t.Fatal("one run of steps decides every instance: the test needs some it does not")
	}
}
