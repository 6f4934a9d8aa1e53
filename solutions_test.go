package queens

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// reference lists the solutions of the n×n board the plain way: recursion
// over rows, columns tried from left to right, safety checked against every
// earlier queen.
func reference(n int) []Solution {
	var out []Solution
	q := make(Solution, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			out = append(out, q.Clone())
			return
		}
	next:
		for c := range n {
			for r := range row {
				if d := q[r] - c; d == 0 || d == row-r || d == r-row {
					continue next
				}
			}
			q[row] = c
			place(row + 1)
		}
	}
	place(0)
	return out
}

func TestSolutionsKnown(t *testing.T) {
	for n := 1; n <= knownMaxN(!testenv.Slow()); n++ {
		t.Run(fmt.Sprint("n=", n), func(t *testing.T) {
			seq, err := Solutions(n)
			if err != nil {
				t.Fatal(err)
			}
			var prev Solution
			count := uint64(0)
			for s := range seq {
				count++
				if len(s) != n {
					t.Fatalf("solution %d has %d queens", count, len(s))
				}
				if err := s.Validate(); err != nil {
					t.Fatalf("solution %d (%v) is invalid: %v", count, s, err)
				}
				// Strictly increasing: sorted, and so all distinct.
				if prev != nil && slices.Compare(prev, s) >= 0 {
					t.Fatalf("solution %d (%v) does not follow %v", count, s, prev)
				}
				prev = append(prev[:0], s...)
			}
			if want := known[n-1].total; count != want {
				t.Errorf("%d solutions, want %d", count, want)
			}
		})
	}
}

func TestSolutionsMatchReference(t *testing.T) {
	for n := 1; n <= 9; n++ {
		seq, _ := Solutions(n)
		var got []Solution
		for s := range seq {
			got = append(got, s.Clone())
		}
		want := reference(n)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("n=%d: Solutions differs from the reference search (%d vs %d solutions)", n, len(got), len(want))
		}
	}
}

func TestSolutionsMatchCount(t *testing.T) {
	for n := 1; n <= 10; n++ {
		res, err := Count(context.Background(), n, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		seq, _ := Solutions(n)
		var total uint64
		for range seq {
			total++
		}
		if res.Total != U128(total) {
			t.Errorf("n=%d: Solutions yields %d, Count says %v", n, total, res.Total)
		}
	}
}

func TestUniqueSolutions(t *testing.T) {
	maxN := 11
	if !testenv.Slow() {
		maxN = 10
	}
	for n := 1; n <= maxN; n++ {
		seq, err := UniqueSolutions(n)
		if err != nil {
			t.Fatal(err)
		}
		var prev Solution
		count, sum := uint64(0), uint64(0)
		for s := range seq {
			count++
			sum += uint64(s.ClassSize())
			if err := s.Validate(); err != nil {
				t.Fatalf("n=%d: %v invalid: %v", n, s, err)
			}
			if !slices.Equal(s.Canonical(), s) {
				t.Fatalf("n=%d: %v is not canonical", n, s)
			}
			if prev != nil && slices.Compare(prev, s) >= 0 {
				t.Fatalf("n=%d: %v does not follow %v", n, s, prev)
			}
			prev = append(prev[:0], s...)
		}
		if want := known[n-1]; count != want.unique || sum != want.total {
			t.Errorf("n=%d: %d unique solutions with classes of %d in all, want %d and %d", n, count, sum, want.unique, want.total)
		}
	}
}

func TestFirst(t *testing.T) {
	s, err := First(8)
	if err != nil || s.String() != "1 5 8 6 3 7 2 4" {
		t.Errorf("First(8) = %v, %v; want 1 5 8 6 3 7 2 4", s, err)
	}
	if s, err := First(1); err != nil || !slices.Equal(s, Solution{0}) {
		t.Errorf("First(1) = %v, %v", s, err)
	}
	for _, n := range []int{2, 3} {
		if _, err := First(n); !errors.Is(err, ErrNoSolution) {
			t.Errorf("First(%d) error = %v, want ErrNoSolution", n, err)
		}
	}
	for _, n := range []int{0, -3, MaxN + 1} {
		if _, err := First(n); !errors.Is(err, ErrSize) {
			t.Errorf("First(%d) error = %v, want ErrSize", n, err)
		}
		if _, err := UniqueSolutions(n); !errors.Is(err, ErrSize) {
			t.Errorf("UniqueSolutions(%d) error = %v, want ErrSize", n, err)
		}
	}
	// A large board whose first solution the search finds in milliseconds.
	s, err = First(29)
	if err != nil || len(s) != 29 || s.Validate() != nil {
		t.Errorf("First(29) = %v, %v", s, err)
	}
}

func TestSolutionsStopEarly(t *testing.T) {
	seq, _ := Solutions(12)
	count := 0
	for range seq {
		count++
		if count == 5 {
			break
		}
	}
	if count != 5 {
		t.Fatalf("loop ran %d times", count)
	}
	seq, _ = UniqueSolutions(12)
	for range seq {
		break
	}
}

func TestSolutionsAllocs(t *testing.T) {
	// The allocations do not grow with the number of solutions. The count
	// takes in every goroutine of the test binary, and one of an earlier
	// test may still be ending: the least of five counts is the listing's
	// own.
	allocs := func(n int) float64 {
		seq, _ := Solutions(n)
		list := func() {
			for range seq {
			}
		}
		least := testing.AllocsPerRun(3, list)
		for range 4 {
			least = min(least, testing.AllocsPerRun(3, list))
		}
		return least
	}
	if a4, a10 := allocs(4), allocs(10); a10 > a4 || a10 > 4 {
		t.Errorf("listing allocates %v times for n=4 and %v for n=10 (724 solutions)", a4, a10)
	}
}

func BenchmarkSolutions(b *testing.B) {
	const n = 12
	seq, _ := Solutions(n)
	var count uint64
	for b.Loop() {
		for range seq {
			count++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(count), "ns/solution")
}

// prefixes returns every placement of d queens in d rows of width n,
// attacking or not, in lexicographic order.
func prefixes(n, d int) []Solution {
	out := []Solution{{}}
	for range d {
		var next []Solution
		for _, p := range out {
			for c := range n {
				next = append(next, append(p.Clone(), c))
			}
		}
		out = next
	}
	return out
}

func TestSolutionsWithPrefix(t *testing.T) {
	for n := 1; n <= 9; n++ {
		want := reference(n)
		for d := 0; d <= min(n, 3); d++ {
			var got []Solution
			for _, p := range prefixes(n, d) {
				seq, err := SolutionsWithPrefix(n, p)
				if err != nil {
					t.Fatal(err)
				}
				for s := range seq {
					if !slices.Equal(s[:d], p) {
						t.Fatalf("n=%d: %v does not begin with %v", n, s, p)
					}
					got = append(got, s.Clone())
				}
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("n=%d: the listings of the prefixes of %d rows (%d solutions) do not make up the listing (%d)", n, d, len(got), len(want))
			}
		}
		// A whole solution as the prefix yields itself.
		for _, s := range want {
			seq, _ := SolutionsWithPrefix(n, s)
			count := 0
			for range seq {
				count++
			}
			if count != 1 {
				t.Fatalf("n=%d: prefix %v, a solution, yields %d solutions", n, s, count)
			}
		}
	}
	for _, p := range []Solution{{0, 0}, {0, 1}, {-1}, {8}, {3, 1, 3}} {
		seq, err := SolutionsWithPrefix(8, p)
		if err != nil {
			t.Fatal(err)
		}
		for s := range seq {
			t.Errorf("prefix %v yields %v", p, s)
		}
	}
	if _, err := SolutionsWithPrefix(4, Solution{1, 3, 0, 2, 0}); !errors.Is(err, ErrSize) {
		t.Errorf("prefix longer than the board: error %v", err)
	}
	if _, err := SolutionsWithPrefix(33, nil); !errors.Is(err, ErrSize) {
		t.Errorf("n=33: error %v", err)
	}
}
