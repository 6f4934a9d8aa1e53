package eta

import (
	"math"
	"testing"
	"time"
)

// run simulates a count of units of the given costs and times on workers
// workers, in the estimator's order, and returns the estimate of the time
// left at share of the true end, and the true end.
func run(t *testing.T, costs, times []float64, workers int, share float64) (eta, end float64) {
	t.Helper()
	e := New(costs, workers)
	type event struct {
		at   float64
		unit int
	}
	free := make([]float64, workers)
	var events []event
	for _, u := range e.Order() {
		w := 0
		for i := range free {
			if free[i] < free[w] {
				w = i
			}
		}
		free[w] += times[u]
		events = append(events, event{free[w], u})
		end = max(end, free[w])
	}
	at := share * end
	// Feed the units done by then, in the order they end, with reports
	// every tenth of a second.
	next := 0.1
	for {
		var first *event
		for i := range events {
			if events[i].unit >= 0 && events[i].at <= min(next, at) && (first == nil || events[i].at < first.at) {
				first = &events[i]
			}
		}
		if first != nil {
			e.Done(first.unit, time.Duration(times[first.unit]*float64(time.Second)))
			first.unit = -1
			continue
		}
		if next > at {
			break
		}
		e.Estimate(time.Duration(next*float64(time.Second)), nil)
		next += 0.1
	}
	_, left, ok := e.Estimate(time.Duration(at*float64(time.Second)), nil)
	if !ok {
		t.Fatalf("no estimate at %.1f s", at)
	}
	return at + left.Seconds(), end
}

// TestEstimateSkewed gives the estimator a plan whose cost model is off
// by a factor of ten in its first tenth, with a few units a hundred times
// slower than their cost says: at a tenth of the count its estimate of
// the end is within a quarter of the truth.
func TestEstimateSkewed(t *testing.T) {
	const n = 2000
	costs, times := make([]float64, n), make([]float64, n)
	for i := range n {
		costs[i] = 1
		times[i] = 0.1
		if i < n/10 {
			times[i] = 1
		}
		if i%97 == 13 {
			times[i] = 5
		}
	}
	for _, workers := range []int{1, 2, 8} {
		got, end := run(t, costs, times, workers, 0.1)
		if math.Abs(got-end) > 0.25*end {
			t.Errorf("%d workers: at 10%% the end is estimated at %.1f s, it is at %.1f s", workers, got, end)
		}
	}
}

// TestEstimatePlain checks the estimate of a plan whose costs are right,
// and that it is unknown before anything is done.
func TestEstimatePlain(t *testing.T) {
	costs, times := make([]float64, 500), make([]float64, 500)
	for i := range costs {
		costs[i] = float64(1 + i%7)
		times[i] = costs[i] / 10
	}
	e := New(costs, 2)
	if _, _, ok := e.Estimate(0, nil); ok {
		t.Error("an estimate before anything is done")
	}
	got, end := run(t, costs, times, 2, 0.2)
	if math.Abs(got-end) > 0.05*end {
		t.Errorf("at 20%% the end is estimated at %.2f s, it is at %.2f s", got, end)
	}
}

// TestEstimateInflight checks that units in progress move the share done
// and give an estimate before any unit ends, and that resumed units count
// as done.
func TestEstimateInflight(t *testing.T) {
	costs := []float64{4, 4, 2}
	e := New(costs, 2)
	e.Skip(2)
	share, _, ok := e.Estimate(0, nil)
	if ok || math.Abs(share-0.2) > 1e-9 {
		t.Errorf("share %g ok %v, want 0.2 and no estimate", share, ok)
	}
	share, left, ok := e.Estimate(2*time.Second, []Share{{Unit: 0, Done: 0.5}, {Unit: 1, Done: 0.5}})
	if !ok || math.Abs(share-0.6) > 1e-9 {
		t.Fatalf("share %g ok %v, want 0.6 and an estimate", share, ok)
	}
	// Two workers did half of a unit each in 2 s: 2 s left.
	if d := left - 2*time.Second; d < -time.Millisecond || d > time.Millisecond {
		t.Errorf("left %v, want 2s", left)
	}
	e.Done(0, 4*time.Second)
	e.Done(1, 4*time.Second)
	if share, left, ok := e.Estimate(4*time.Second, nil); share != 1 || left != 0 || !ok {
		t.Errorf("all done: %g %v %v", share, left, ok)
	}
}

// TestOrder checks that the order holds every unit once, the sample
// first.
func TestOrder(t *testing.T) {
	for _, n := range []int{3, 99, 100, 2063} {
		costs := make([]float64, n)
		for i := range costs {
			costs[i] = 1
		}
		order := New(costs, 2).Order()
		seen := make([]bool, n)
		for _, u := range order {
			if seen[u] {
				t.Fatalf("%d units: unit %d twice", n, u)
			}
			seen[u] = true
		}
		if len(order) != n {
			t.Fatalf("%d units: order of %d", n, len(order))
		}
		if n >= 100 && order[0] != 12 {
			t.Errorf("%d units: the order starts with %d, want the sample's 12", n, order[0])
		}
	}
}

// TestShareNeverFalls checks that the share done never falls: not when a
// unit in progress ends before it is marked done, nor when the times
// measured change the weights of the strata.
func TestShareNeverFalls(t *testing.T) {
	costs := make([]float64, 200)
	for i := range costs {
		costs[i] = float64(1 + i%5)
	}
	e := New(costs, 2)
	last := 0.0
	check := func(share float64) {
		t.Helper()
		if share < last {
			t.Fatalf("the share fell from %g to %g", last, share)
		}
		last = share
	}
	for i, u := range e.Order() {
		at := time.Duration(i+1) * time.Second
		share, _, _ := e.Estimate(at, []Share{{Unit: u, Done: 0.9, Took: time.Second}})
		check(share)
		// The unit has ended: its worker shows nothing, and it is not
		// marked done yet.
		share, _, _ = e.Estimate(at, nil)
		check(share)
		// Slow units in one part of the plan, fast ones elsewhere.
		took := time.Duration(costs[u] * float64(time.Second))
		if u < 40 {
			took *= 20
		}
		e.Done(u, took)
		share, _, _ = e.Estimate(at, nil)
		check(share)
	}
	if last != 1 {
		t.Errorf("all done: share %g", last)
	}
}
