package queens

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// squareBySquare lists the algorithms that test the squares of a row one
// by one, from left to right: they do the very same search, square for
// square.
var squareBySquare = []string{"board", "scan", "matrix", "rows", "flags"}

func TestAlgorithmTable(t *testing.T) {
	algos := Algorithms()
	if len(algos) < 7 {
		t.Fatalf("%d algorithms, want at least 7", len(algos))
	}
	if last := algos[len(algos)-1].Name; last != "bitboard" {
		t.Errorf("last algorithm is %q, want bitboard (the default of Count)", last)
	}
	seen := map[string]bool{}
	for _, a := range algos {
		if a.Name == "" || a.Name != strings.ToLower(a.Name) || strings.ContainsAny(a.Name, " ,") {
			t.Errorf("bad name %q", a.Name)
		}
		if seen[a.Name] {
			t.Errorf("name %q listed twice", a.Name)
		}
		seen[a.Name] = true
		if a.Idea == "" || a.Seed == "" || a.Search == nil {
			t.Errorf("%s: missing idea, seed or search", a.Name)
		}
		if a.MaxN < 10 || a.MaxN > MaxN {
			t.Errorf("%s: MaxN %d outside 10..%d", a.Name, a.MaxN, MaxN)
		}
		got, err := LookupAlgorithm(a.Name)
		if err != nil || got.Name != a.Name {
			t.Errorf("LookupAlgorithm(%q) = %q, %v", a.Name, got.Name, err)
		}
	}
	for _, name := range squareBySquare {
		if !seen[name] {
			t.Errorf("algorithm %q missing", name)
		}
	}
	_, err := LookupAlgorithm("quantum")
	if !errors.Is(err, ErrUnknownAlgorithm) || !strings.Contains(err.Error(), "flags") {
		t.Errorf("LookupAlgorithm(quantum) error = %v, want ErrUnknownAlgorithm listing the names", err)
	}
	if def, _ := LookupAlgorithm(""); def.Name != "bitboard" {
		t.Errorf("default algorithm %q, want bitboard", def.Name)
	}
	// The table is a copy: changing it changes nothing.
	algos[0].Name = "changed"
	if Algorithms()[0].Name == "changed" {
		t.Error("Algorithms returns the table itself")
	}
}

// runFunc returns the search of the algorithm, to run it without events.
func runFunc(t *testing.T, name string) func(*tracer, int) {
	t.Helper()
	runs := map[string]func(*tracer, int){
		"permute": runPermute, "board": runBoard, "scan": runScan, "matrix": runMatrix,
		"rows": runRows, "flags": runFlags, "bitboard": runBitboard,
	}
	run, ok := runs[name]
	if !ok {
		t.Fatalf("no search known for algorithm %q", name)
	}
	return run
}

// TestAlgorithmSolutions checks that every algorithm finds the solutions
// of Solutions, in the same order, and only valid ones.
func TestAlgorithmSolutions(t *testing.T) {
	for _, a := range Algorithms() {
		run := runFunc(t, a.Name)
		for n := 1; n <= min(10, a.MaxN); n++ {
			seq, err := Solutions(n)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for s := range seq {
				want = append(want, s.String())
			}
			var got []string
			tr := newTracer(context.Background(), nil)
			tr.found = func(s Solution) {
				if err := s.Validate(); err != nil {
					t.Errorf("%s N=%d: invalid solution %v: %v", a.Name, n, s, err)
				}
				got = append(got, s.String())
			}
			run(tr, n)
			if !slices.Equal(got, want) {
				t.Errorf("%s N=%d: %d solutions %.60q..., want %d %.60q...", a.Name, n, len(got), got, len(want), want)
			}
			if tr.Solutions != uint64(len(got)) {
				t.Errorf("%s N=%d: Stats.Solutions %d, found %d", a.Name, n, tr.Solutions, len(got))
			}
		}
	}
}

// permutePrefixes returns the number of placements the permute search
// makes on the n×n board: n + n(n-1) + ... + n!.
func permutePrefixes(n int) uint64 {
	total, term := uint64(0), uint64(1)
	for k := n; k >= 1; k-- {
		term *= uint64(k)
		total += term
	}
	return total
}

// TestAlgorithmStats runs every Search without events and checks the
// totals against the known ones and the work against each other: the
// square-by-square algorithms make the same search, node for node and
// check for check (each pays for a check in its own unit of work), and
// bitboard places the same queens.
func TestAlgorithmStats(t *testing.T) {
	maxN := 10 // TestCountKnown checks the totals up to 12
	if !testenv.Slow() {
		maxN = 9
	}
	for n := 1; n <= maxN; n++ {
		ref, err := flagsAlgorithm.Search(context.Background(), n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ref.Solutions != known[n-1].total {
			t.Fatalf("flags N=%d: %d solutions, want %d", n, ref.Solutions, known[n-1].total)
		}
		for _, a := range Algorithms() {
			if n > a.MaxN || a.Name == "flags" {
				continue
			}
			st, err := a.Search(context.Background(), n, nil)
			if err != nil {
				t.Fatalf("%s N=%d: %v", a.Name, n, err)
			}
			if st.Solutions != known[n-1].total {
				t.Errorf("%s N=%d: %d solutions, want %d", a.Name, n, st.Solutions, known[n-1].total)
			}
			switch {
			case slices.Contains(squareBySquare, a.Name):
				if st.Solutions != ref.Solutions || st.Nodes != ref.Nodes || st.Checks != ref.Checks {
					t.Errorf("%s N=%d: %+v, want the nodes and checks of flags %+v", a.Name, n, st, ref)
				}
			case a.Name == "bitboard":
				if st.Nodes != ref.Nodes || st.Checks > ref.Checks {
					t.Errorf("bitboard N=%d: %+v, want %d nodes and fewer checks than %d", n, st, ref.Nodes, ref.Checks)
				}
			case a.Name == "permute":
				if st.Nodes != permutePrefixes(n) {
					t.Errorf("permute N=%d: %d nodes, want %d", n, st.Nodes, permutePrefixes(n))
				}
			}
		}
	}
}

// TestTeachingCounts checks the unique counts too, through Count, for the
// sizes TestCountKnown leaves out under -short.
func TestTeachingCounts(t *testing.T) {
	for _, a := range Algorithms()[:len(Algorithms())-1] {
		for _, n := range []int{1, 2, 3, 6, 8} {
			res, err := Count(context.Background(), n, Options{Algorithm: a.Name})
			if err != nil {
				t.Fatal(err)
			}
			want := known[n-1]
			if res.Total != U128(want.total) || res.Unique != U128(want.unique) || res.Algorithm != a.Name {
				t.Errorf("Count(%d, %s) = %v/%v by %s, want %d/%d", n, a.Name, res.Total, res.Unique, res.Algorithm, want.total, want.unique)
			}
		}
		if _, err := Count(context.Background(), a.MaxN+1, Options{Algorithm: a.Name}); !errors.Is(err, ErrSize) {
			t.Errorf("Count(%d, %s) past its MaxN: error %v, want ErrSize", a.MaxN+1, a.Name, err)
		}
	}
}

func TestSearchBadSize(t *testing.T) {
	for _, a := range Algorithms() {
		for _, n := range []int{-1, 0, MaxN + 1} {
			if _, err := a.Search(context.Background(), n, nil); !errors.Is(err, ErrSize) {
				t.Errorf("%s.Search(%d): error %v, want ErrSize", a.Name, n, err)
			}
		}
		if err := a.CheckSize(a.MaxN + 1); !errors.Is(err, ErrSize) || !strings.Contains(err.Error(), a.Name) {
			t.Errorf("%s.CheckSize(%d) = %v, want ErrSize naming the algorithm", a.Name, a.MaxN+1, err)
		}
		if err := a.CheckSize(a.MaxN); err != nil {
			t.Errorf("%s.CheckSize(%d) = %v", a.Name, a.MaxN, err)
		}
		for range a.Events(context.Background(), a.MaxN+1) {
			t.Errorf("%s.Events(%d) yields events past MaxN", a.Name, a.MaxN+1)
			break
		}
	}
}

// TestSearchCancelled checks that every search gives up soon after its
// context is cancelled, with or without events.
func TestSearchCancelled(t *testing.T) {
	for _, a := range Algorithms() {
		t.Run(a.Name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if st, err := a.Search(ctx, 8, nil); !errors.Is(err, context.Canceled) || st.Nodes != 0 {
				t.Errorf("cancelled before: %+v, %v", st, err)
			}

			// Cancelled by the watcher, who goes on watching: the search
			// must notice by itself.
			ctx, cancel = context.WithCancel(context.Background())
			defer cancel()
			events := 0
			st, err := a.Search(ctx, MaxN, func(Event) bool {
				if events++; events == 100 {
					cancel()
				}
				return true
			})
			if !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled during: error %v", err)
			}
			if st.Nodes > 100+2*pollMask {
				t.Errorf("cancelled during: went on for %d nodes", st.Nodes)
			}

			// Cancelled while nobody watches, on a board too big to finish.
			// A deadline that passes before the search has begun leaves it
			// no node: the test then gives it a longer one.
			for timeout := 20 * time.Millisecond; ; timeout *= 2 {
				done := make(chan struct{})
				go func() {
					defer close(done)
					ctx, cancel := context.WithTimeout(context.Background(), timeout)
					defer cancel()
					st, err = a.Search(ctx, MaxN, nil)
				}()
				select {
				case <-done:
				case <-time.After(time.Minute):
					t.Fatal("cancelled without events: the search goes on")
				}
				if st.Nodes == 0 && errors.Is(err, context.DeadlineExceeded) && timeout < time.Second {
					continue
				}
				if !errors.Is(err, context.DeadlineExceeded) || st.Nodes == 0 {
					t.Errorf("cancelled without events: %+v, %v", st, err)
				}
				break
			}
		})
	}
}

func TestCountTeachingCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range Algorithms()[:len(Algorithms())-1] {
		if _, err := Count(ctx, a.MaxN, Options{Algorithm: a.Name}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Count with cancelled context: error %v", a.Name, err)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	const n = 10
	for _, a := range Algorithms() {
		b.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(b *testing.B) {
			var st Stats
			for b.Loop() {
				st, _ = a.Search(context.Background(), n, nil)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(st.Nodes), "ns/node")
		})
	}
}
