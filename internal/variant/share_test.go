package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
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
// branching, and branchings on columns, are suspended. It counts a third
// time with every search asked to leave for want of a seat instead (see
// leave), which hands over the node it is at too.
func TestSuspendKeepsTheSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	suspended, left, instances := 0, 0, 0
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
		for _, mode := range []string{"plain", "ordered", "leave"} {
			ordered := mode != "plain"
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
				switch mode {
				case "leave":
					sh.members, sh.seats = 1, 0
					sh.crowded.Store(true)
				default:
					sh.hungry.Store(true)
				}
				s.search()
				switch {
				case errors.Is(s.err, errLeft):
					left++
				case s.err != nil && !errors.Is(s.err, errSuspended):
					t.Fatalf("%+v: %v", in, s.err)
				}
				total += s.found
			}
			if got := U128(total); got != want {
				t.Fatalf("%+v (%s): the units count %v, Count %v", in, mode, got, want)
			}
			suspended += sh.suspended
		}
	}
	if suspended < 100 || left < 100 {
		t.Fatalf("%d suspensions and %d leaves in all: the test needs more", suspended, left)
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

// TestSharedSearchPauses runs shared searches on two and three
// goroutines whose budget of one node is spent at their first look, and
// whose seats then go down to none: every goroutine must leave the
// search undecided, with all it has yet to search in the queue, and the
// search, with seats again, must then decide the instance right.
func TestSharedSearchPauses(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(27, 28))
	paused := 0
	for _, in := range raceInstances(rng, 30) {
		for k := 2; k <= 3; k++ {
			base, _ := newSearcher(&in)
			sh := newSharedSearch(ctx, base)
			sh.spent = func(int) { sh.setSeats(0) }
			sh.setBudgets([]uint64{1})
			leaves := workOn(sh, k)
			if _, decided := sh.result(); !decided {
				if leaves != k || len(sh.units) == 0 || sh.members != 0 || sh.busy != 0 {
					t.Fatalf("%+v: a paused search has %d of %d goroutines left, %d units, %d members, %d busy",
						in, leaves, k, len(sh.units), sh.members, sh.busy)
				}
				paused++
				sh.setBudgets(nil)
				sh.setSeats(k)
				if left := workOn(sh, k); left != 0 {
					t.Errorf("%+v: %d goroutines left a search with seats for all", in, left)
				}
			}
			r, decided := sh.result()
			if !decided || r.err != nil {
				t.Fatalf("%+v: decided %v, %v", in, decided, r.err)
			}
			checkDecision(t, in, "the paused shared search", r.sol, r.sol == nil)
		}
	}
	if paused < 10 {
		t.Fatalf("%d searches paused: the test needs more", paused)
	}
}

// TestSharedSearchBudgets checks that a shared search calls spent(i)
// once for each of its budgets, in order, when its nodes, counted
// checkNodes at a time, first reach budgets[i].
func TestSharedSearchBudgets(t *testing.T) {
	sh := newSharedSearch(context.Background(), nil)
	sh.setBudgets([]uint64{3 * checkNodes, 3*checkNodes + 1, 7 * checkNodes})
	var calls []int
	var at []uint64
	sh.spent = func(i int) { calls, at = append(calls, i), append(at, sh.nodes.Load()) }
	for range 10 {
		sh.count()
	}
	want, wantAt := []int{0, 1, 2}, []uint64{3 * checkNodes, 4 * checkNodes, 7 * checkNodes}
	if !slices.Equal(calls, want) || !slices.Equal(at, wantAt) {
		t.Fatalf("spent called for %v at %v nodes, want %v at %v", calls, at, want, wantAt)
	}
}

// workOn has k goroutines work on sh until each returns, and returns how
// many of them left it undecided.
func workOn(sh *sharedSearch, k int) int {
	var wg sync.WaitGroup
	var left atomic.Int32
	for range k {
		wg.Go(func() {
			if sh.work() {
				left.Add(1)
			}
		})
	}
	wg.Wait()
	return int(left.Load())
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

// TestSharedSearchLeaverWakes has a goroutine wait for the units of a
// busy one, which then finishes its unit and leaves the search for want
// of a seat: the waiter must look again, find the queue empty and no one
// busy, and decide that there is no solution, rather than wait on.
func TestSharedSearchLeaverWakes(t *testing.T) {
	sh := newSharedSearch(context.Background(), nil)
	sh.join()
	if _, ok, _ := sh.take(); !ok { // the busy goroutine takes the only unit
		t.Fatal("no unit to take")
	}
	type outcome struct{ ok, left bool }
	waited := make(chan outcome)
	go func() {
		sh.join()
		_, ok, left := sh.take()
		waited <- outcome{ok, left}
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
	sh.mu.Lock()
	sh.seats = 1 // one goroutine too many, without a signal
	sh.recount()
	sh.mu.Unlock()
	if _, ok, left := sh.take(); ok || !left {
		t.Fatalf("the busy goroutine took a unit (%v) or stayed (left %v)", ok, left)
	}
	select {
	case got := <-waited:
		if got.ok || got.left {
			t.Fatalf("the waiter took a unit (%v) or left (%v)", got.ok, got.left)
		}
		if r, decided := sh.result(); !decided || r.sol != nil || r.err != nil {
			t.Fatalf("decided %v with %v, %v; want no solution", decided, r.sol, r.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the waiter did not wake")
	}
}
