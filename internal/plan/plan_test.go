package plan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// known holds the totals (OEIS A000170) and unique counts (OEIS A002562)
// for n = 1..17; known[n-1] is board size n.
var known = []struct{ total, unique uint64 }{
	{1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12},
	{352, 46}, {724, 92}, {2680, 341}, {14200, 1787}, {73712, 9233},
	{365596, 45752}, {2279184, 285053}, {14772512, 1846955},
	{95815104, 11977939},
}

// sum counts every unit of p one after the other with Count.
func sum(t *testing.T, p *Plan) (total, unique, nodes uint64) {
	t.Helper()
	for _, u := range p.Units {
		r, err := p.Count(context.Background(), u.ID)
		if err != nil {
			t.Fatalf("N=%d unit %d: %v", p.N, u.ID, err)
		}
		if r.Unit != u.ID {
			t.Fatalf("N=%d: result of unit %d labelled %d", p.N, u.ID, r.Unit)
		}
		total += r.Total
		unique += r.Unique
		nodes += r.Nodes
	}
	return total, unique, nodes
}

func TestUnitsSumToKnownCounts(t *testing.T) {
	maxN := 14
	if testing.Short() {
		maxN = 12
	}
	for n := 1; n <= maxN; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			p, err := New(n)
			if err != nil {
				t.Fatal(err)
			}
			total, unique, _ := sum(t, p)
			if want := known[n-1]; total != want.total || unique != want.unique {
				t.Errorf("N=%d: units sum to total %d unique %d, want %d and %d", n, total, unique, want.total, want.unique)
			}
		})
	}
}

func TestNewBadSize(t *testing.T) {
	for _, n := range []int{-1, 0, MaxN + 1} {
		if _, err := New(n); !errors.Is(err, ErrSize) {
			t.Errorf("New(%d) error = %v, want ErrSize", n, err)
		}
	}
}

func TestPlanDeterministic(t *testing.T) {
	a, _ := New(12)
	b, _ := New(12)
	if !slices.Equal(a.Units, b.Units) || a.Fingerprint() != b.Fingerprint() {
		t.Fatal("two plans of N=12 differ")
	}
	for i, u := range a.Units {
		if u.ID != i {
			t.Fatalf("Units[%d].ID = %d", i, u.ID)
		}
	}
	seen := map[string]int{}
	for n := 1; n <= 20; n++ {
		p, _ := New(n)
		f := p.Fingerprint()
		if m, ok := seen[f]; ok {
			t.Errorf("plans of N=%d and N=%d share the fingerprint %s", m, n, f)
		}
		seen[f] = n
	}
}

func TestRunParallelEqualsSerial(t *testing.T) {
	p, _ := New(12)
	var want []Result
	for _, u := range p.Units {
		r, err := p.Count(context.Background(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, r)
	}
	got := make([]Result, len(p.Units))
	seen := make([]bool, len(p.Units))
	var mu sync.Mutex
	inside := false
	err := p.Run(context.Background(), RunOptions{Workers: 4, OnResult: func(r Result) {
		mu.Lock()
		if inside {
			t.Error("OnResult called by two goroutines at once")
		}
		inside = true
		mu.Unlock()
		if seen[r.Unit] {
			t.Errorf("unit %d reported twice", r.Unit)
		}
		seen[r.Unit] = true
		got[r.Unit] = r
		time.Sleep(time.Microsecond)
		mu.Lock()
		inside = false
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Error("parallel results differ from serial ones")
	}
}

func TestRunSkip(t *testing.T) {
	p, _ := New(11)
	var reported []int
	err := p.Run(context.Background(), RunOptions{
		Workers:  3,
		Skip:     func(u int) bool { return u%3 == 0 },
		OnResult: func(r Result) { reported = append(reported, r.Unit) },
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(reported)
	var want []int
	for _, u := range p.Units {
		if u.ID%3 != 0 {
			want = append(want, u.ID)
		}
	}
	if !slices.Equal(reported, want) {
		t.Errorf("reported %d units, want the %d not skipped", len(reported), len(want))
	}
}

func TestCountBadUnit(t *testing.T) {
	p, _ := New(8)
	for _, id := range []int{-1, len(p.Units)} {
		if _, err := p.Count(context.Background(), id); !errors.Is(err, ErrUnit) {
			t.Errorf("Count(unit %d) error = %v, want ErrUnit", id, err)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	p, _ := New(20)
	ctx, cancel := context.WithCancel(context.Background())
	reported := 0
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	err := p.Run(ctx, RunOptions{Workers: 2, OnResult: func(Result) { reported++ }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run error = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Run took %v to notice the cancellation", d)
	}
}
