package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

func TestLuby(t *testing.T) {
	want := []uint64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(uint64(i + 1)); got != w {
			t.Fatalf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestRestartsFind checks that random restarts, with budgets small
// enough to cut most runs, find a valid solution of every random
// instance that has one, and none of one that has none.
func TestRestartsFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	ctx := context.Background()
	have := 0
	for i := range 200 {
		n := 5 + rng.IntN(6)
		in := randomInstance(rng, n)
		base, ok := newSearcher(&in)
		if !ok {
			continue
		}
		sol, err := base.restarts(ctx, 4, 0, uint64(i))
		if err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		want := len(plainSolutions(t, in)) > 0
		if (sol != nil) != want {
			t.Fatalf("%+v: restarts found %v, solutions: %v", in, sol, want)
		}
		if sol != nil {
			have++
			if err := in.Validate(sol); err != nil {
				t.Fatalf("%+v: %v: %v", in, sol, err)
			}
		}
	}
	if have == 0 {
		t.Fatal("no instance with a solution")
	}
}

// pigeonhole is an instance above restartN columns without a solution
// that the search, which has no bounds on the diagonals there, takes far
// too long to refute: only the odd sum diagonals are left, one fewer than
// the queens.
func pigeonhole() Instance {
	in := Instance{N: restartN + 4}
	for k := 0; k < 2*in.N-1; k += 2 {
		in.Excluded = append(in.Excluded, Diagonal{Sum: true, K: k})
	}
	return in
}

// TestRestartsStop checks that restarts stop on their budget of nodes,
// and soon after their context is cancelled.
func TestRestartsStop(t *testing.T) {
	in := pigeonhole()
	base, _ := newSearcher(&in)
	sol, err := base.restarts(context.Background(), 64, 1<<12, 1)
	if sol != nil || err != nil {
		t.Fatalf("on a budget: %v, %v", sol, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	sol, err = base.restarts(ctx, 64, 0, 1)
	if sol != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("cancelled: %v, %v", sol, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("cancelled after 20 ms, stopped after %v", d)
	}
}

// TestRaceRestarts races with restarts beside the race, stopped at once
// or never, on small boards: each decision must be right, and a "none"
// comes from the race's exhaustive search.
func TestRaceRestarts(t *testing.T) {
	ctx := context.Background()
	for _, in := range raceInstances(rand.New(rand.NewPCG(53, 54)), 30) {
		for _, total := range []uint64{1, 1 << 40} {
			base, _ := newSearcher(&in)
			r := base.raceWith(ctx, 2, &in, raceConfig{lanes: raceLaneSteps, lexBudget: raceBudget, restarts: total})
			if r.err != nil {
				t.Fatalf("%+v: %v", in, r.err)
			}
			checkDecision(t, in, "the race", r.sol, r.sol == nil)
		}
	}
}

// TestRaceRestartsAlone holds the main search back for good and gives
// the lexicographic search a budget it spends at its first look, on
// instances with a solution that take that search more than probeNodes
// nodes: only the random restarts can then decide, and the race must
// return the solution they meet.
func TestRaceRestartsAlone(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(45, 46))
	held := make(chan struct{}) // never closed
	decided := 0
	for _, in := range raceInstances(rng, 60) {
		if !needsNodes(&in, true) {
			continue
		}
		if count, err := in.Count(ctx, Options{Workers: 1}); err != nil || count == (Uint128{}) {
			continue
		}
		for _, k := range []int{2, 3} {
			base, _ := newSearcher(&in)
			r := base.raceWith(ctx, k, &in, raceConfig{lexBudget: 1, restarts: 1 << 40, ready: held})
			if r.err != nil || r.sol == nil {
				t.Fatalf("%+v: the restarts give %v, %v", in, r.sol, r.err)
			}
			checkDecision(t, in, "the restarts", r.sol, false)
			decided++
		}
	}
	if decided == 0 {
		t.Fatal("no instance with a solution takes the lexicographic search more than probeNodes nodes: the test needs some")
	}
}

// TestRaceRestartsCancelled checks that a race with restarts stops with
// the context's error on a board that neither decides.
func TestRaceRestartsCancelled(t *testing.T) {
	in := pigeonhole()
	base, _ := newSearcher(&in)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := base.race(ctx, 2, &in)
	if r.sol != nil || !errors.Is(r.err, context.DeadlineExceeded) {
		t.Fatalf("cancelled race: %v, %v", r.sol, r.err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("cancelled after 30 ms, stopped after %v", d)
	}
}

// TestRaceRestartsDecide checks that on a board above restartN columns
// the race with restarts finds a valid solution.
func TestRaceRestartsDecide(t *testing.T) {
	in := Instance{N: restartN + 4}
	for k := 3; k < in.N; k += 5 {
		in.Excluded = append(in.Excluded, Diagonal{Sum: true, K: k}, Diagonal{K: k - in.N/2})
	}
	base, _ := newSearcher(&in)
	r := base.race(context.Background(), 2, &in)
	if r.err != nil || r.sol == nil {
		t.Fatalf("race: %v, %v", r.sol, r.err)
	}
	if err := in.Validate(r.sol); err != nil {
		t.Fatal(err)
	}
}
