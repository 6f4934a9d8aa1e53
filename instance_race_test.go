package queens

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
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
			got = append(got, s.Clone())
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
				got = append(got, sol.Clone())
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

// TestRaceLexicographicDecides races the lexicographic search against a
// main search that never ends by itself: it must decide every instance,
// with a valid solution or a "none" that the count confirms.
func TestRaceLexicographicDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	solved, none := 0, 0
	for _, in := range raceInstances(rng, 40) {
		r := raceWith(ctx, &in, 0, func(ctx context.Context, late <-chan struct{}) runResult {
			<-ctx.Done()
			return runResult{err: ctx.Err()}
		})
		if r.err != nil {
			t.Fatalf("%+v: %v", in, r.err)
		}
		checkDecision(t, in, "the race", r.sol, r.sol == nil)
		if r.sol == nil {
			none++
		} else {
			solved++
		}
	}
	if solved == 0 || none == 0 {
		t.Fatalf("%d instances solved and %d without a solution: the test needs both", solved, none)
	}
}

// TestRaceMainDecides gives the lexicographic search the least budget:
// where it does not decide within 4096 nodes it must hand its goroutine
// to the main search, which then decides; the test needs both cases.
func TestRaceMainDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	joined, decided := 0, 0
	for _, in := range raceInstances(rng, 60) {
		base, ok := newSearcher(&in)
		if !ok {
			t.Fatalf("%+v: no search", in)
		}
		handed := false
		r := raceWith(ctx, &in, 1, func(ctx context.Context, late <-chan struct{}) runResult {
			select {
			case <-late:
				handed = true
			case <-ctx.Done():
				return runResult{err: ctx.Err()}
			}
			s := base.clone(ctx)
			s.first = true
			s.search()
			r := runResult{err: s.err}
			if s.found > 0 {
				r.sol = s.sol
			}
			return r
		})
		if r.err != nil {
			t.Fatalf("%+v: %v", in, r.err)
		}
		checkDecision(t, in, "the race", r.sol, r.sol == nil)
		if handed {
			joined++
		} else {
			decided++
		}
	}
	if joined == 0 || decided == 0 {
		t.Fatalf("the lexicographic search gave up on %d instances and decided %d: the test needs both", joined, decided)
	}
}

// TestRaceCancelled checks that a race stops with the context's error.
func TestRaceCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := raceInstances(rand.New(rand.NewPCG(13, 14)), 1)[0]
	r := raceWith(ctx, &in, 0, func(ctx context.Context, late <-chan struct{}) runResult {
		<-ctx.Done()
		return runResult{err: ctx.Err()}
	})
	if !errors.Is(r.err, context.Canceled) || r.sol != nil {
		t.Fatalf("a cancelled race gives %v, %v", r.sol, r.err)
	}
}

// TestSolveAnyRace decides instances large enough that the probe alone
// does not, with AnySolution on several workers, which races the two
// searches.
func TestSolveAnyRace(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(15, 16))
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
