package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
// right, and some instances must have been shared. On two goroutines the
// search starts as if one waited, so that it suspends at its first look
// even where the machine runs the goroutines one after the other.
func TestSharedSearchDecides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(23, 24))
	suspended := 0
	for _, in := range raceInstances(rng, 30) {
		for k := 2; k <= 4; k++ {
			base, _ := newSearcher(&in)
			sh := newSharedSearch(ctx, base)
			if k == 2 {
				sh.hungry.Store(true)
			}
			workOn(sh, k)
			r, _ := sh.result()
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
		workOn(sh, 2)
		if r, _ := sh.result(); !errors.Is(r.err, context.Canceled) || r.sol != nil {
			t.Fatalf("%+v: a cancelled shared search gives %v, %v", in, r.sol, r.err)
		}
	}
}

// workOn has k goroutines work on sh until each returns.
func workOn(sh *sharedSearch, k int) {
	var wg sync.WaitGroup
	for range k {
		wg.Go(sh.work)
	}
	wg.Wait()
}

// plainNodes returns the number of nodes of the search of every solution
// of the instance, which must pass Check.
func plainNodes(in *Instance) uint64 {
	s, _ := newSearcher(in)
	s.search()
	return s.nodes
}

// TestSharedSearchWaitWakes makes a goroutine wait for a signal of a
// shared search, as one that waits for a unit does, and signals it at
// once, while it still spins, and after three times spinWait, when it
// sleeps: it must wake both times, with the mutex held, and not before
// the signal unless wakeAfter has passed.
func TestSharedSearchWaitWakes(t *testing.T) {
	for _, delay := range []time.Duration{0, 3 * spinWait} {
		sh := newSharedSearch(context.Background(), nil)
		var signalled atomic.Bool
		woke, ready := make(chan bool), make(chan struct{})
		go func() {
			sh.mu.Lock()
			close(ready)
			start := time.Now()
			sh.wait()
			held := !sh.mu.TryLock() // where it is not, TryLock takes it
			early := !signalled.Load() && time.Since(start) < wakeAfter
			sh.mu.Unlock()
			woke <- held && !early
		}()
		// The waiter holds sh.mu until wait releases it.
		<-ready
		time.Sleep(delay)
		sh.mu.Lock()
		signalled.Store(true)
		sh.signal()
		sh.mu.Unlock()
		select {
		case ok := <-woke:
			if !ok {
				t.Fatalf("delay %v: woke without the mutex, or before the signal", delay)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("delay %v: the waiter did not wake", delay)
		}
	}
}

// TestSharedSearchWaitEnds checks that a wait without a signal ends
// once wakeAfter has passed, with the mutex held.
func TestSharedSearchWaitEnds(t *testing.T) {
	sh := newSharedSearch(context.Background(), nil)
	done := make(chan time.Duration)
	go func() {
		sh.mu.Lock()
		start := time.Now()
		sh.wait()
		took := time.Since(start)
		sh.mu.Unlock()
		done <- took
	}()
	select {
	case took := <-done:
		if took < wakeAfter {
			t.Fatalf("the wait ended after %v without a signal, before %v", took, wakeAfter)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a wait without a signal did not end")
	}
}

// TestSharedSearchWaiterWakes has a goroutine wait, asleep, for the
// units of a busy one, which then finishes its unit without a solution
// and looks for another: it must decide that there is none, and the
// waiter must wake and find the search decided, rather than wait on.
func TestSharedSearchWaiterWakes(t *testing.T) {
	sh := newSharedSearch(context.Background(), nil)
	if _, ok := sh.take(); !ok { // the busy goroutine takes the only unit
		t.Fatal("no unit to take")
	}
	waited := make(chan bool)
	go func() {
		_, ok := sh.take()
		waited <- ok
	}()
	for {
		sh.mu.Lock()
		waiting := sh.waiting
		sh.mu.Unlock()
		if waiting == 1 {
			break
		}
		time.Sleep(10 * time.Microsecond)
	}
	time.Sleep(3 * spinWait) // the waiter sleeps
	sh.finish(&searcher{})   // the unit, searched through, without a solution
	if _, ok := sh.take(); ok {
		t.Fatal("the busy goroutine took a unit from an empty queue")
	}
	select {
	case ok := <-waited:
		if ok {
			t.Fatal("the waiter took a unit from an empty queue")
		}
		if r, decided := sh.result(); !decided || r.sol != nil || r.err != nil {
			t.Fatalf("decided %v with %v, %v; want no solution", decided, r.sol, r.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiter did not wake")
	}
}
