package queens

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
)

// TestSuspendKeepsTheSearch counts instances unit by unit, with every
// search asked to suspend at its first look (after checkNodes nodes) and
// each unit it leaves searched the same way: the solutions met before
// the suspensions and those of the units must add up to the count,
// neither lost nor met twice. It counts both with the squares of each row
// from the left and, as a search for a first solution tries them near
// the root, the least constraining first, so that both kinds of
// branching, and branchings on columns, are suspended.
func TestSuspendKeepsTheSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	suspended, instances := 0, 0
	for instances < 12 {
		in := randomInstance(rng, 10+rng.IntN(3))
		want, err := in.Count(ctx, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		base, ok := newSearcher(&in)
		if !ok || plainNodes(&in) < 8*checkNodes {
			continue // too small to suspend often
		}
		instances++
		for _, ordered := range []bool{false, true} {
			sh := newSharedSearch(ctx, base)
			s := base.clone(ctx)
			var total uint64
			for len(sh.units) > 0 {
				unit := sh.units[0]
				sh.units = sh.units[1:]
				s.reuse(base)
				s.share = sh
				clear(s.branchings)
				if ordered {
					s.first = true
					s.visit = func(Solution) bool { return true }
				}
				for _, q := range unit {
					s.place(q.Row, q.Col)
				}
				sh.hungry.Store(true)
				s.search()
				if s.err != nil && !errors.Is(s.err, errSuspended) {
					t.Fatalf("%+v: %v", in, s.err)
				}
				total += s.found
			}
			if got := U128(total); got != want {
				t.Fatalf("%+v (ordered %v): the units count %v, Count %v", in, ordered, got, want)
			}
			suspended += sh.suspended
		}
	}
	if suspended < 100 {
		t.Fatalf("%d suspensions in all: the test needs more", suspended)
	}
}

// TestSharedSearchDecides decides instances with a shared search on two
// to four goroutines that all start at once, so that the others wait
// while the first searches, and it suspends: every decision must be
// right, and some instances must have been shared.
func TestSharedSearchDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(23, 24))
	suspended := 0
	for _, in := range raceInstances(rng, 30) {
		for k := 2; k <= 4; k++ {
			base, _ := newSearcher(&in)
			sh := newSharedSearch(ctx, base)
			var wg sync.WaitGroup
			for range k {
				wg.Go(sh.work)
			}
			wg.Wait()
			r := sh.result()
			if r.err != nil {
				t.Fatalf("%+v: %v", in, r.err)
			}
			checkDecision(t, in, "the shared search", r.sol, r.sol == nil)
			suspended += sh.suspended
		}
	}
	if suspended == 0 {
		t.Fatal("no search suspended: the test needs some")
	}
}

// TestSharedSearchCancelled checks that a shared search under a cancelled
// context stops with the context's error.
func TestSharedSearchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, in := range raceInstances(rand.New(rand.NewPCG(25, 26)), 10) {
		if !needsNodes(&in, false) {
			continue
		}
		base, _ := newSearcher(&in)
		sh := newSharedSearch(ctx, base)
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(sh.work)
		}
		wg.Wait()
		if r := sh.result(); !errors.Is(r.err, context.Canceled) || r.sol != nil {
			t.Fatalf("%+v: a cancelled shared search gives %v, %v", in, r.sol, r.err)
		}
	}
}

// plainNodes returns the number of nodes of the search of every solution
// of the instance, which must pass Check.
func plainNodes(in *Instance) uint64 {
	s, _ := newSearcher(in)
	s.search()
	return s.nodes
}
