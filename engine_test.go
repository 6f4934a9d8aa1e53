package queens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/plan"
	"github.com/queenslab/queens/internal/testenv"
)

// engineMaxN returns the largest board on which the fast engine is checked
// against the plain counter: 15, or 13 under -short. N = 16 would take the
// plain counter half a minute under the race detector; there the known
// counts (TestEngineKnownLarger) and the work pinned per engine in package
// plan check the engine instead.
func engineMaxN() int {
	if !testenv.Slow() {
		return 13
	}
	return 15
}

func TestEngineMatchesPlain(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= engineMaxN(); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			fast, err := countFast(ctx, n, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := countPlain(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			if fast.Total != plain.Total || fast.Unique != plain.Unique {
				t.Errorf("N=%d: engine counts %v total, %v unique; plain counter %v and %v", n, fast.Total, fast.Unique, plain.Total, plain.Unique)
			}
			if n <= len(known) && fast.Total != U128(known[n-1].total) {
				t.Errorf("N=%d: engine counts %v, want %d", n, fast.Total, known[n-1].total)
			}
			// 8-fold symmetry: the engine places fewer queens than the
			// plain counter, which uses only the mirror image.
			if n >= 8 && fast.Nodes.Cmp(plain.Nodes) >= 0 {
				t.Errorf("N=%d: engine placed %v queens, the plain counter %v", n, fast.Nodes, plain.Nodes)
			}
		})
	}
}

// TestEngineKnownLarger checks the engine alone, with every worker, on
// sizes beyond the plain counter's reach in a test run: the join engine's
// totals and unique counts up to N = 18, 16 under -short.
func TestEngineKnownLarger(t *testing.T) {
	maxN := 18
	if !testenv.Slow() {
		maxN = 16
	}
	for n := 14; n <= maxN; n++ {
		res, err := Count(context.Background(), n, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := known[n-1]; res.Total != U128(want.total) || res.Unique != U128(want.unique) {
			t.Errorf("Count(%d) = %v total, %v unique; want %d and %d", n, res.Total, res.Unique, want.total, want.unique)
		}
	}
}

func TestEngineWorkers(t *testing.T) {
	ctx := context.Background()
	serial, err := Count(ctx, 12, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{0, 2, 3, 8, 1000} {
		res, err := Count(ctx, 12, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if res.Total != serial.Total || res.Unique != serial.Unique || res.Nodes != serial.Nodes {
			t.Errorf("%d workers: %v/%v/%v, one worker: %v/%v/%v", w, res.Total, res.Unique, res.Nodes, serial.Total, serial.Unique, serial.Nodes)
		}
	}
}

func TestEngineProgress(t *testing.T) {
	p, _ := plan.New(11)
	var (
		mu     sync.Mutex
		inside bool
		calls  []Progress
	)
	_, err := Count(context.Background(), 11, Options{Workers: 4, Progress: func(pr Progress) {
		mu.Lock()
		if inside {
			t.Error("Progress called by two goroutines at once")
		}
		inside = true
		mu.Unlock()
		calls = append(calls, pr)
		time.Sleep(10 * time.Microsecond)
		mu.Lock()
		inside = false
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != len(p.Units) {
		t.Fatalf("Progress called %d times, want once per unit (%d)", len(calls), len(p.Units))
	}
	for i, pr := range calls {
		if pr.UnitsDone != i+1 || pr.Units != len(p.Units) || i > 0 && pr.Elapsed < calls[i-1].Elapsed {
			t.Fatalf("call %d: %+v after %+v", i, pr, calls[max(i-1, 0)])
		}
	}
}

// TestEngineCancelled ends a count of N = 19 with a deadline of 30 ms,
// which falls while its plan is made: it stops soon after, and making the
// plan stops too, where it would keep a processor busy for seconds under
// the race detector (see TestNewContextCancelled).
func TestEngineCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Count(ctx, 19, Options{Workers: 2})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Count(19) with a 30 ms deadline: error %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Count took %v to stop", d)
	}
}

func TestResultAddWide(t *testing.T) {
	// Unit results near the 64-bit limit add up without wrapping.
	var res Result
	big := uint64(math.MaxUint64 - 5)
	for range 3 {
		res.add(plan.Result{Total: big, Unique: big / 8, Nodes: big})
	}
	want := U128(big).Mul64(3)
	if res.Total != want || res.Nodes != want || res.Unique != U128(big/8).Mul64(3) {
		t.Errorf("three near-maximal units add up to %v total, %v unique, %v nodes", res.Total, res.Unique, res.Nodes)
	}
	if res.Total.IsUint64() {
		t.Error("the sum fits in 64 bits: the test proves nothing")
	}
}
