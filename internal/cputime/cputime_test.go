package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCountsWorkNotSleep checks that the thread's clock advances
// while it computes and, where it reads CPU time, not while it sleeps.
func TestThreadCountsWorkNotSleep(t *testing.T) {
	defer Lock()()
	t0 := Thread()
	// Work until the clock shows 20 ms, which takes longer on a busy
	// computer, but not forever.
	x := uint64(1)
	for wall := time.Now(); Since(t0) < 20*time.Millisecond; {
		if time.Since(wall) > 10*time.Second {
			t.Fatalf("10 s of work read as %v", Since(t0))
		}
		for range 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	runtime.KeepAlive(x)
	t1 := Thread()
	time.Sleep(100 * time.Millisecond)
	slept := Since(t1)
	if !Exact() {
		t.Skipf("no thread clock here: the wall clock read %v for a sleep of 100 ms", slept)
	}
	if slept > 20*time.Millisecond {
		t.Errorf("a sleep of 100 ms read as %v of CPU time", slept)
	}
}

// TestThreadNeverFalls checks that readings on one thread never fall.
func TestThreadNeverFalls(t *testing.T) {
	defer Lock()()
	last := Thread()
	for range 10000 {
		now := Thread()
		if now < last {
			t.Fatalf("the clock fell from %v to %v", last, now)
		}
		last = now
	}
}
