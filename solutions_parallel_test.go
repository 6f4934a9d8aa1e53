package queens

import (
	"context"
	"errors"
	"iter"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// collectParallel runs a parallel listing to its end and returns its solutions
// and its error.
func collectParallel(seq iter.Seq2[Solution, error]) ([]Solution, error) {
	var out []Solution
	for s, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, s.Clone())
	}
	return out, nil
}

// parallelWorkers are the worker counts the tests try: one, a few, and
// more than the CPUs.
func parallelWorkers() []int {
	return []int{1, 2, 3, runtime.GOMAXPROCS(0) + 3}
}

func TestSolutionsParallelMatchesSolutions(t *testing.T) {
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}
	if !testenv.Slow() {
		sizes = sizes[:12]
	}
	for _, n := range sizes {
		seq, _ := Solutions(n)
		var want []Solution
		for s := range seq {
			want = append(want, s.Clone())
		}
		useq, _ := UniqueSolutions(n)
		var wantUnique []Solution
		for s := range useq {
			wantUnique = append(wantUnique, s.Clone())
		}
		for _, workers := range parallelWorkers() {
			got, err := collectParallel(SolutionsParallel(t.Context(), n, workers))
			if err != nil || !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("n=%d, %d workers: %d solutions (%v), want the %d of Solutions in order", n, workers, len(got), err, len(want))
			}
			got, err = collectParallel(UniqueSolutionsParallel(t.Context(), n, workers))
			if err != nil || !slices.EqualFunc(got, wantUnique, slices.Equal) {
				t.Errorf("n=%d, %d workers: %d unique solutions (%v), want the %d of UniqueSolutions in order", n, workers, len(got), err, len(wantUnique))
			}
		}
	}
}

// TestSolutionsParallelDeepUnits lists boards whose units are the prefixes
// of three rows and more, and checks the count and the order.
func TestSolutionsParallelDeepUnits(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("lists the 2279184 solutions of N=15")
	}
	var (
		count uint64
		prev  Solution
	)
	for s, err := range SolutionsParallel(t.Context(), 15, 3) {
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil && slices.Compare(prev, s) >= 0 {
			t.Fatalf("%v after %v", s, prev)
		}
		prev = append(prev[:0], s...)
		count++
	}
	if count != 2279184 {
		t.Errorf("N=15: %d solutions, want 2279184", count)
	}
}

func TestPlacePrefixes(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for depth := 0; depth <= min(n, 4); depth++ {
			var got []Solution
			placePrefixes(n, depth, func(p Solution) bool {
				got = append(got, p.Clone())
				return true
			})
			// The prefixes are those of the reference's solutions to a
			// board of depth rows cut from the n×n one: check them against
			// every placement, attacking or not.
			var want []Solution
			for _, p := range prefixes(n, depth) {
				if attackFree(p) {
					want = append(want, p)
				}
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("n=%d depth %d: %v, want %v", n, depth, got, want)
			}
		}
	}
	if d := prefixDepth(32); d > 6 {
		t.Errorf("the units of N=32 have prefixes of %d rows", d)
	}
}

// attackFree reports whether no two queens of the rows of p attack each
// other.
func attackFree(p Solution) bool {
	for r := range p {
		for q := range r {
			if d := p[q] - p[r]; d == 0 || d == r-q || d == q-r {
				return false
			}
		}
	}
	return true
}

// waitGoroutines waits until no more than want goroutines run, and fails
// the test if that takes more than a few seconds.
func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > want {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines still run, %d before the listing", runtime.NumGoroutine(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestSolutionsParallelCancel(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var (
		count   int
		lastErr error
	)
	for s, err := range SolutionsParallel(ctx, 16, 4) {
		if err != nil {
			lastErr = err
			continue // the sequence must end by itself
		}
		if s == nil {
			t.Fatal("a nil solution without an error")
		}
		if count++; count == 100000 {
			cancel()
		}
	}
	if !errors.Is(lastErr, context.Canceled) {
		t.Errorf("after %d solutions the listing ended with %v, want %v", count, lastErr, context.Canceled)
	}
	if count >= 14772512 {
		t.Errorf("the cancelled listing yielded all %d solutions", count)
	}
	waitGoroutines(t, before)

	// A deadline ends it too, and a context done before the start yields
	// its error alone.
	ctx, cancel = context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := collectParallel(SolutionsParallel(ctx, 17, 2)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("past its deadline the listing ended with %v", err)
	}
	if got, err := collectParallel(UniqueSolutionsParallel(ctx, 8, 2)); len(got) != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a listing started past its deadline yields %d solutions and %v", len(got), err)
	}
	waitGoroutines(t, before)
}

func TestSolutionsParallelStopEarly(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, workers := range parallelWorkers() {
		var first []Solution
		for s, err := range SolutionsParallel(context.Background(), 20, workers) {
			if err != nil {
				t.Fatal(err)
			}
			first = append(first, s.Clone())
			if len(first) == 3000 {
				break
			}
		}
		seq, _ := Solutions(20)
		i := 0
		for s := range seq {
			if !slices.Equal(s, first[i]) {
				t.Fatalf("%d workers: solution %d is %v, want %v", workers, i+1, first[i], s)
			}
			if i++; i == len(first) {
				break
			}
		}
		// The workers have stopped when the loop ends.
		waitGoroutines(t, before)
	}
}

func TestSolutionsParallelBadSize(t *testing.T) {
	for _, n := range []int{0, -1, MaxN + 1} {
		calls := 0
		for s, err := range SolutionsParallel(t.Context(), n, 2) {
			calls++
			if s != nil || !errors.Is(err, ErrSize) {
				t.Errorf("n=%d: yields %v, %v; want an error wrapping ErrSize", n, s, err)
			}
		}
		if calls != 1 {
			t.Errorf("n=%d: %d values, want the error alone", n, calls)
		}
	}
}

// BenchmarkSolutionsParallel lists the board of N=13 on one worker and on
// one per CPU.
func BenchmarkSolutionsParallel(b *testing.B) {
	for _, workers := range []int{1, 0} {
		name := "workers=1"
		if workers == 0 {
			name = "workers=cpus"
		}
		b.Run(name, func(b *testing.B) {
			var count uint64
			for b.Loop() {
				for _, err := range SolutionsParallel(context.Background(), 13, workers) {
					if err != nil {
						b.Fatal(err)
					}
					count++
				}
			}
			b.ReportMetric(float64(count)/b.Elapsed().Seconds(), "solutions/s")
		})
	}
}
