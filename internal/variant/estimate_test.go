package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestEstimate checks Knuth's estimate on instances with excluded
// diagonals, in both orders of search. Where there is no solution, the
// mean of many dives must come within a tenth of the nodes the search
// visits, on trees of a few thousand nodes or more. Where there is one, a
// dive that meets it must leave a solution of the instance in the
// searcher. Where no dive met one, the searcher must end as it began: a
// search after the dives must count the instance right.
func TestEstimate(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(29, 30))
	estimated, found := 0, 0
	for range 60 {
		n := 12 + rng.IntN(5)
		in := Instance{N: n}
		for range n - 4 + rng.IntN(6) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		want, err := in.Count(ctx, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, lex := range []bool{false, true} {
			x := &in
			if lex {
				x = in.transposed()
			}
			s, _ := newSearcher(x)
			s.first, s.lex = true, lex
			s.search()
			nodes := s.nodes
			if want == (Uint128{}) && nodes < 2000 {
				continue
			}
			s, _ = newSearcher(x)
			s.lex = lex
			estimate, met := s.estimate(20000, uint64(len(x.Excluded)))
			switch {
			case s.err != nil:
				t.Fatalf("%+v: %v", x, s.err)
			case met && want == (Uint128{}):
				t.Fatalf("%+v: a dive meets %v where there is no solution", x, s.sol)
			case met:
				if err := x.Validate(s.sol); err != nil {
					t.Fatalf("%+v: a dive meets %v: %v", x, s.sol, err)
				}
				found++
				continue
			case want == (Uint128{}):
				if r := estimate / float64(nodes); r < 0.9 || r > 1.1 {
					t.Fatalf("%+v (lex %v): the dives estimate %.0f nodes, the search visits %d", x, lex, estimate, nodes)
				}
				estimated++
			}
			if s.first {
				t.Fatalf("%+v: the dives leave first set", x)
			}
			s.search()
			if got := U128(s.found); got != want {
				t.Fatalf("%+v (lex %v): after the dives the search counts %v, want %v", x, lex, got, want)
			}
		}
	}
	if estimated < 10 || found < 10 {
		t.Fatalf("%d estimates checked, %d dives met a solution: the test needs more", estimated, found)
	}
}

// TestEstimateFromRoot checks that the dives that start at the branching
// of the root make the same dives as those that start at the root: the
// same estimate, nodes and outcome, on instances with and without forced
// queens at the root, in both orders of search; the dives of many of
// them must start below the root.
func TestEstimateFromRoot(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	reused := 0
	for i := range 300 {
		n := 8 + rng.IntN(11)
		in := randomInstance(rng, n)
		for _, lex := range []bool{false, true} {
			x := &in
			if lex {
				x = in.transposed()
			}
			var runs [2]struct {
				est   float64
				found bool
				nodes uint64
				sol   Solution
			}
			for j, reuse := range []bool{false, true} {
				s, ok := newSearcher(x)
				if !ok {
					continue
				}
				s.lex = lex
				d := newDive(uint64(i), reuse)
				runs[j].est, runs[j].found = s.estimateWith(40, d)
				runs[j].nodes, runs[j].sol = s.nodes, clone(s.sol)
				if s.err != nil {
					t.Fatalf("%+v: %v", x, s.err)
				}
				if d.rootSeen {
					reused++
				}
			}
			if a, b := runs[0], runs[1]; a.est != b.est || a.found != b.found || a.nodes != b.nodes || !slices.Equal(a.sol, b.sol) {
				t.Fatalf("%+v (lex %v): from the root %+v, from its branching %+v", x, lex, a, b)
			}
		}
	}
	if reused < 50 {
		t.Fatalf("only %d instances branch at the root: the test needs more", reused)
	}
}

// TestEstimateStopsAtOnce cancels the context of dives before and while
// they run: a search checks whether to stop only every checkNodes nodes,
// more than a dive has, and the dives must look before each of theirs.
func TestEstimateStopsAtOnce(t *testing.T) {
	in := &Instance{N: 20, Excluded: []Diagonal{{Sum: true, K: 19}, {K: 0}, {K: 3}}}
	base, _ := newSearcher(in)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := base.clone(ctx)
	defer s.release()
	if _, found := s.estimate(1000, 1); found || s.nodes != 0 || s.err != context.Canceled {
		t.Errorf("dives under a cancelled context: found %v, %d nodes, error %v; want none, 0 and %v", found, s.nodes, s.err, context.Canceled)
	}

	// Cancelled after a few dives, the rest must not run: a dive of this
	// board has at most 20 nodes.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	s2 := base.clone(ctx)
	defer s2.release()
	d := newDive(1, true)
	if _, found := s2.estimateWith(5, d); found || s2.err != nil {
		t.Fatalf("five dives: found %v, error %v", found, s2.err)
	}
	before := s2.nodes
	cancel()
	if _, found := s2.estimateWith(1000, d); found || s2.nodes != before || s2.err != context.Canceled {
		t.Errorf("dives after a cancellation: found %v, %d nodes more, error %v; want none, 0 and %v", found, s2.nodes-before, s2.err, context.Canceled)
	}
}
