package queens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// contains reports whether s has a queen on every square of presets.
func contains(s Solution, presets []Square) bool {
	for _, q := range presets {
		if s[q.Row] != q.Col {
			return false
		}
	}
	return true
}

// checkCompletion fails the test unless s is a solution of the n×n board
// with queens on the presets.
func checkCompletion(t *testing.T, n int, presets []Square, s Solution) {
	t.Helper()
	if len(s) != n {
		t.Fatalf("completion of %v has %d queens, want %d", presets, len(s), n)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("completion %v of %v: %v", s, presets, err)
	}
	if !contains(s, presets) {
		t.Fatalf("completion %v lacks a preset of %v", s, presets)
	}
}

func TestNauck(t *testing.T) {
	ctx := context.Background()
	presets, err := ParseSquares(8, "b4,d5")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Square{{4, 1}, {3, 3}}; presets[0] != want[0] || presets[1] != want[1] {
		t.Fatalf("b4,d5 = %v, want %v", presets, want)
	}
	n, err := CountCompletions(ctx, 8, presets)
	if err != nil || n != 2 {
		t.Errorf("CountCompletions(8, b4,d5) = %d, %v; want 2", n, err)
	}
	s, err := Complete(ctx, 8, presets)
	if err != nil {
		t.Fatal(err)
	}
	checkCompletion(t, 8, presets, s)
}

func TestCompleteNone(t *testing.T) {
	ctx := context.Background()
	presets := []Square{{0, 0}, {1, 2}} // a8 and c7: no solution of 8×8 holds both
	if _, err := Complete(ctx, 8, presets); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Complete(8, a8,c7) error = %v, want ErrNoSolution", err)
	}
	if c, err := CountCompletions(ctx, 8, presets); c != 0 || err != nil {
		t.Errorf("CountCompletions(8, a8,c7) = %d, %v; want 0", c, err)
	}
	for _, n := range []int{2, 3} {
		if _, err := Complete(ctx, n, nil); !errors.Is(err, ErrNoSolution) {
			t.Errorf("Complete(%d) error = %v, want ErrNoSolution", n, err)
		}
	}
	// Every row but one filled, the last square attacked: no completion,
	// also beyond the exhaustive search. Swapping two queens of a solution
	// and leaving out one of them gives such a board.
	const big = 101
	sol, _ := Construct(big)
	for a := range big {
		for b := a + 1; b < big; b++ {
			swapped := sol.Clone()
			swapped[a], swapped[b] = swapped[b], swapped[a]
			var pinned []Square
			for r, c := range swapped {
				if r != a {
					pinned = append(pinned, Square{r, c})
				}
			}
			if CheckPresets(big, pinned) != nil || swapped.Validate() == nil {
				continue
			}
			if _, err := Complete(ctx, big, pinned); !errors.Is(err, ErrNoSolution) {
				t.Errorf("Complete(%d) with row %d blocked: error = %v, want ErrNoSolution", big, a+1, err)
			}
			return
		}
	}
	t.Fatal("found no blocked board to test")
}

// TestCountCompletionsSingle checks the completion count of every single
// preset square on small boards against brute force: the number of
// solutions with a queen on that square.
func TestCountCompletionsSingle(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{1, 4, 5, 6, 7, 8, 9, 10} {
		want := make([][]uint64, n)
		for r := range want {
			want[r] = make([]uint64, n)
		}
		seq, err := Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		for s := range seq {
			for r, c := range s {
				want[r][c]++
			}
		}
		for r := range n {
			for c := range n {
				q := []Square{{r, c}}
				got, err := CountCompletions(ctx, n, q)
				if err != nil || got != want[r][c] {
					t.Errorf("n=%d: CountCompletions(%v) = %d, %v; want %d", n, q, got, err, want[r][c])
				}
				s, err := Complete(ctx, n, q)
				switch {
				case want[r][c] == 0 && !errors.Is(err, ErrNoSolution):
					t.Errorf("n=%d: Complete(%v) = %v, %v; want ErrNoSolution", n, q, s, err)
				case want[r][c] > 0 && err != nil:
					t.Errorf("n=%d: Complete(%v): %v", n, q, err)
				case want[r][c] > 0:
					checkCompletion(t, n, q, s)
				}
			}
		}
	}
}

// TestCountCompletionsPairs checks every pair of squares of the 8×8 board.
func TestCountCompletionsPairs(t *testing.T) {
	const n = 8
	ctx := context.Background()
	want := map[[2]Square]uint64{}
	seq, _ := Solutions(n)
	for s := range seq {
		for r1 := range n {
			for r2 := r1 + 1; r2 < n; r2++ {
				want[[2]Square{{r1, s[r1]}, {r2, s[r2]}}]++
			}
		}
	}
	pairs := 0
	for a := range n * n {
		for b := a + 1; b < n*n; b++ {
			p := []Square{{a / n, a % n}, {b / n, b % n}}
			got, err := CountCompletions(ctx, n, p)
			if CheckPresets(n, p) != nil {
				if !errors.Is(err, ErrConflict) {
					t.Errorf("CountCompletions(%v) error = %v, want ErrConflict", p, err)
				}
				continue
			}
			pairs++
			if w := want[[2]Square{p[0], p[1]}]; err != nil || got != w {
				t.Errorf("CountCompletions(%v) = %d, %v; want %d", p, got, err, w)
			}
		}
	}
	if pairs != 1288 { // 2016 pairs of squares, 728 of them attacking
		t.Errorf("%d non-attacking pairs on 8×8, want 1288", pairs)
	}
}

// TestCompleteRandomPresets checks random sets of presets on small boards
// against brute force over all solutions.
func TestCompleteRandomPresets(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 4; n <= 11; n++ {
		var all []Solution
		seq, _ := Solutions(n)
		for s := range seq {
			all = append(all, s.Clone())
		}
		for range 100 {
			var presets []Square
			for k := 1 + rng.IntN(4); len(presets) < k; {
				q := Square{rng.IntN(n), rng.IntN(n)}
				if CheckPresets(n, append(presets, q)) == nil {
					presets = append(presets, q)
				} else if rng.IntN(8) == 0 {
					break // a crowded small board may have no room left
				}
			}
			var want uint64
			for _, s := range all {
				if contains(s, presets) {
					want++
				}
			}
			got, err := CountCompletions(ctx, n, presets)
			if err != nil || got != want {
				t.Errorf("n=%d: CountCompletions(%v) = %d, %v; want %d", n, presets, got, err, want)
			}
			s, err := Complete(ctx, n, presets)
			if want == 0 {
				if !errors.Is(err, ErrNoSolution) {
					t.Errorf("n=%d: Complete(%v) = %v, %v; want ErrNoSolution", n, presets, s, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("n=%d: Complete(%v): %v", n, presets, err)
			}
			checkCompletion(t, n, presets, s)
		}
	}
}

func TestCountCompletionsKnown(t *testing.T) {
	max := 11
	if !testenv.Slow() {
		max = 9
	}
	for n := 1; n <= max; n++ {
		got, err := CountCompletions(context.Background(), n, nil)
		if err != nil || got != known[n-1].total {
			t.Errorf("CountCompletions(%d, none) = %d, %v; want %d", n, got, err, known[n-1].total)
		}
	}
}

// TestCompleteSubsets completes boards whose presets are part of a known
// solution, so a completion exists: both the exhaustive search and, above
// 64, the local search with pinned queens.
func TestCompleteSubsets(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{12, 20, 32, 50, 64, 65, 100, 1000, 20000} {
		for seed := range int64(4) {
			full, err := Random(ctx, n, seed)
			if err != nil {
				t.Fatal(err)
			}
			var presets []Square
			for r, c := range full {
				if (r*7+int(seed))%5 == 0 { // a fifth of the rows
					presets = append(presets, Square{r, c})
				}
			}
			s, err := Complete(ctx, n, presets)
			if err != nil {
				t.Fatalf("Complete(%d, %d presets): %v", n, len(presets), err)
			}
			checkCompletion(t, n, presets, s)
		}
	}
}

func TestCompleteFewPresets(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		n       int
		presets []Square
	}{
		{20, []Square{{0, 0}, {5, 10}, {19, 3}}},
		{30, []Square{{3, 3}, {10, 20}}},
		{64, []Square{{0, 63}, {63, 1}, {30, 30}}},
		{65, nil},
		{200, []Square{{0, 0}, {1, 2}, {2, 4}}},
		{100_000, []Square{{0, 0}, {99_999, 1}, {50_000, 50_003}}},
	} {
		s, err := Complete(ctx, tc.n, tc.presets)
		if err != nil {
			t.Fatalf("Complete(%d, %v): %v", tc.n, tc.presets, err)
		}
		checkCompletion(t, tc.n, tc.presets, s)
	}
}

func TestCompleteBadInput(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		n       int
		presets []Square
		want    error
	}{
		{8, []Square{{7, 0}, {6, 0}}, ErrConflict},
		{8, []Square{{7, 0}, {7, 5}}, ErrConflict},
		{8, []Square{{0, 0}, {7, 7}}, ErrConflict},
		{8, []Square{{0, 7}, {7, 0}}, ErrConflict},
		{8, []Square{{3, 3}, {3, 3}}, ErrSquare},
		{8, []Square{{8, 0}}, ErrSquare},
		{8, []Square{{0, -1}}, ErrSquare},
		{100, []Square{{5, 5}, {95, 95}}, ErrConflict},
		{0, nil, ErrSize},
		{MaxSolveN + 1, nil, ErrSize},
	} {
		if _, err := Complete(ctx, tc.n, tc.presets); !errors.Is(err, tc.want) {
			t.Errorf("Complete(%d, %v) error = %v, want %v", tc.n, tc.presets, err, tc.want)
		}
		if tc.n > MaxCompleteN {
			continue
		}
		if _, err := CountCompletions(ctx, tc.n, tc.presets); !errors.Is(err, tc.want) {
			t.Errorf("CountCompletions(%d, %v) error = %v, want %v", tc.n, tc.presets, err, tc.want)
		}
	}
	if _, err := CountCompletions(ctx, 65, nil); !errors.Is(err, ErrSize) {
		t.Errorf("CountCompletions(65) error = %v, want ErrSize", err)
	}
}

func TestCompleteCancelled(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CountCompletions(cancelled, 16, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("CountCompletions(16) with a cancelled context: error = %v", err)
	}
	if _, err := Complete(cancelled, 1000, []Square{{0, 0}}); !errors.Is(err, context.Canceled) {
		t.Errorf("Complete(1000) with a cancelled context: error = %v", err)
	}
	// Beyond the exhaustive search, an instance without completion runs
	// until the deadline: row 0 is attacked on every square.
	n := 66
	ctx, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	presets := blockRow0(t, n)
	if _, err := Complete(ctx, n, presets); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Complete(%d, row 0 blocked) error = %v, want context.DeadlineExceeded", n, err)
	}
}

// blockRow0 returns presets on the n×n board, below row 0 and not
// attacking each other, that attack every square of row 0, leaving at
// least two rows empty. It picks, greedily, the square that attacks the
// most squares of row 0 not yet attacked.
func blockRow0(t *testing.T, n int) []Square {
	t.Helper()
	var presets []Square
	attacked := make([]bool, n)
	row, col := make([]bool, n), make([]bool, n)
	diag, anti := make([]bool, 2*n), make([]bool, 2*n)
	for {
		best, bestGain := Square{}, 0
		for r := 1; r < n; r++ {
			for c := range n {
				if row[r] || col[c] || diag[r+c] || anti[r-c+n] {
					continue
				}
				gain := 0
				for _, x := range []int{c, c - r, c + r} {
					if x >= 0 && x < n && !attacked[x] {
						gain++
					}
				}
				if gain > bestGain {
					best, bestGain = Square{r, c}, gain
				}
			}
		}
		if bestGain == 0 {
			break
		}
		r, c := best.Row, best.Col
		presets = append(presets, best)
		row[r], col[c], diag[r+c], anti[r-c+n] = true, true, true, true
		for _, x := range []int{c, c - r, c + r} {
			if x >= 0 && x < n {
				attacked[x] = true
			}
		}
	}
	for c, a := range attacked {
		if !a {
			t.Fatalf("square (0, %d) not attacked by %v", c, presets)
		}
	}
	if len(presets) > n-3 || CheckPresets(n, presets) != nil {
		t.Fatalf("bad blocking presets %v", presets)
	}
	return presets
}

func ExampleCountCompletions() {
	// Nauck's problem of 1850: complete the queens on b4 and d5.
	presets, err := ParseSquares(8, "b4,d5")
	if err != nil {
		fmt.Println(err)
		return
	}
	count, err := CountCompletions(context.Background(), 8, presets)
	fmt.Println(count, err)
	// Output: 2 <nil>
}

func ExampleComplete() {
	presets, err := ParseSquares(8, "b4,d5")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := Complete(context.Background(), 8, presets)
	fmt.Println(s, err)
	// Output: 5 1 8 4 2 7 3 6 <nil>
}

func BenchmarkComplete20(b *testing.B) {
	presets := []Square{{0, 0}, {5, 10}, {19, 3}}
	for b.Loop() {
		if _, err := Complete(context.Background(), 20, presets); err != nil {
			b.Fatal(err)
		}
	}
}
