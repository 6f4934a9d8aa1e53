package queens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// randomInstance returns an instance on the n×n board with a few preset
// queens that do not attack each other, some blocked squares and some
// excluded diagonals, all drawn from rng.
func randomInstance(rng *rand.Rand, n int) Instance {
	in := Instance{N: n}
	for range rng.IntN(3) {
		q := Square{rng.IntN(n), rng.IntN(n)}
		if CheckPresets(n, append(slices.Clone(in.Queens), q)) == nil {
			in.Queens = append(in.Queens, q)
		}
	}
	for range rng.IntN(2 * n) {
		in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
	}
	for range rng.IntN(n/2 + 1) {
		in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
	}
	return in
}

// randomDiagonal returns a diagonal of the n×n board, of either family.
func randomDiagonal(rng *rand.Rand, n int) Diagonal {
	d := Diagonal{Sum: rng.IntN(2) == 0, K: rng.IntN(2*n - 1)}
	if !d.Sum {
		d.K -= n - 1
	}
	return d
}

// plainSolutions returns every solution of the instance by the plain way:
// all solutions of the board, filtered one by one against the instance's
// rules, which this function writes out again rather than call Validate.
func plainSolutions(t *testing.T, in Instance) []Solution {
	t.Helper()
	all, err := Solutions(in.N)
	if err != nil {
		t.Fatal(err)
	}
	var keep []Solution
next:
	for s := range all {
		for _, q := range in.Queens {
			if s[q.Row] != q.Col {
				continue next
			}
		}
		for _, q := range in.Blocked {
			if s[q.Row] == q.Col {
				continue next
			}
		}
		for _, d := range in.Excluded {
			for r, c := range s {
				if d.Sum && r+c == d.K || !d.Sum && r-c == d.K {
					continue next
				}
			}
		}
		keep = append(keep, s.Clone())
	}
	return keep
}

// TestInstanceAgainstPlain compares Count, Solve and Solutions on random
// small instances with the filtered list of all solutions, on one worker
// and on several.
func TestInstanceAgainstPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 79))
	maxN, tries := 10, 30
	if !testenv.Slow() {
		maxN, tries = 8, 10
	}
	for n := 1; n <= maxN; n++ {
		for range tries {
			in := randomInstance(rng, n)
			want := plainSolutions(t, in)
			for _, w := range []int{1, 3} {
				got, err := in.Count(ctx, Options{Workers: w})
				if err != nil || got != U128(uint64(len(want))) {
					t.Fatalf("%+v: Count with %d workers = %v, %v; want %d", in, w, got, err, len(want))
				}
				s, err := in.Solve(ctx, Options{Workers: w})
				switch {
				case len(want) == 0 && !errors.Is(err, ErrNoSolution):
					t.Fatalf("%+v: Solve = %v, %v; want ErrNoSolution", in, s, err)
				case len(want) > 0 && err != nil:
					t.Fatalf("%+v: Solve: %v", in, err)
				case len(want) > 0:
					if verr := in.Validate(s); verr != nil {
						t.Fatalf("%+v: Solve = %v: %v", in, s, verr)
					}
				}
			}
			var listed []Solution
			for s, err := range in.Solutions(ctx) {
				if err != nil {
					t.Fatal(err)
				}
				if err := in.Validate(s); err != nil {
					t.Fatalf("%+v: Solutions yielded %v: %v", in, s, err)
				}
				listed = append(listed, s.Clone())
			}
			slices.SortFunc(listed, slices.Compare)
			if !slices.EqualFunc(listed, want, slices.Equal) {
				t.Fatalf("%+v: Solutions = %v, want %v", in, listed, want)
			}
		}
	}
}

// TestInstanceKnownCounts checks counts that follow from the plain ones.
func TestInstanceKnownCounts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		in   Instance
		want uint64
	}{
		{Instance{N: 8}, 92},
		{Instance{N: 12}, 14200},
		// Excluding both long diagonals of an 8×8 board (a brute force over
		// all permutations agrees).
		{Instance{N: 8, Excluded: []Diagonal{{Sum: true, K: 7}, {Sum: false, K: 0}}}, 12},
		// A preset queen on a blocked square: none.
		{Instance{N: 8, Queens: []Square{{0, 0}}, Blocked: []Square{{0, 0}}}, 0},
		// Nauck's 1850 completion: b4 and d5.
		{Instance{N: 8, Queens: []Square{{4, 1}, {3, 3}}}, 2},
	} {
		got, err := tc.in.Count(ctx, Options{})
		if err != nil || got != U128(tc.want) {
			t.Errorf("%+v: Count = %v, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

// TestInstanceProgress checks that a parallel count reports every unit.
func TestInstanceProgress(t *testing.T) {
	in := Instance{N: 11, Blocked: []Square{{0, 0}}}
	var last Progress
	calls := 0
	got, err := in.Count(context.Background(), Options{Workers: 2, Progress: func(p Progress) {
		calls++
		last = p
	}})
	if err != nil || got.Lo == 0 {
		t.Fatalf("Count = %v, %v", got, err)
	}
	if calls == 0 || last.UnitsDone != last.Units || calls != last.Units {
		t.Errorf("%d progress calls, the last %+v; want one per unit", calls, last)
	}
}

// TestInstanceCancelled checks that the searches stop when ctx is done.
func TestInstanceCancelled(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	in := Instance{N: 18}
	if _, err := in.Count(cancelled, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Count with a cancelled context: %v", err)
	}
	if _, err := in.Solve(cancelled, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel2()
	start := time.Now()
	if _, err := in.Count(ctx, Options{Workers: 2}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Count(18) with a deadline: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Count(18) stopped %s after its deadline of 30ms", d)
	}
	for _, err := range in.Solutions(cancelled) {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Solutions with a cancelled context yielded error %v", err)
		}
	}
}

func TestInstanceCheck(t *testing.T) {
	for _, tc := range []struct {
		in   Instance
		want error
	}{
		{Instance{N: 0}, ErrSize},
		{Instance{N: 129}, ErrSize},
		{Instance{N: 8, Queens: []Square{{0, 0}, {1, 1}}}, ErrConflict},
		{Instance{N: 8, Blocked: []Square{{8, 0}}}, ErrSquare},
		{Instance{N: 8, Excluded: []Diagonal{{Sum: true, K: 15}}}, ErrDiagonal},
		{Instance{N: 8, Excluded: []Diagonal{{K: -8}}}, ErrDiagonal},
	} {
		if err := tc.in.Check(); !errors.Is(err, tc.want) {
			t.Errorf("%+v: Check = %v, want %v", tc.in, err, tc.want)
		}
		if _, err := tc.in.Count(context.Background(), Options{}); !errors.Is(err, tc.want) {
			t.Errorf("%+v: Count error = %v, want %v", tc.in, err, tc.want)
		}
	}
	ok := Instance{N: 8, Excluded: []Diagonal{{Sum: true, K: 14}, {K: -7}, {K: 7}}, Blocked: []Square{{7, 7}, {7, 7}}}
	if err := ok.Check(); err != nil {
		t.Errorf("%+v: Check = %v", ok, err)
	}
}

func TestInstanceValidate(t *testing.T) {
	s := Solution{0, 4, 7, 5, 2, 6, 1, 3}
	for _, tc := range []struct {
		in Instance
		ok bool
	}{
		{Instance{N: 8}, true},
		{Instance{N: 9}, false},
		{Instance{N: 8, Queens: []Square{{0, 0}}}, true},
		{Instance{N: 8, Queens: []Square{{0, 1}}}, false},
		{Instance{N: 8, Blocked: []Square{{1, 4}}}, false},
		{Instance{N: 8, Blocked: []Square{{1, 3}}}, true},
		{Instance{N: 8, Excluded: []Diagonal{{Sum: true, K: 5}}}, false}, // (1,4)
		{Instance{N: 8, Excluded: []Diagonal{{K: -3}}}, false},           // (1,4)
		{Instance{N: 8, Excluded: []Diagonal{{K: 1}}}, true},
	} {
		err := tc.in.Validate(s)
		if (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: Validate(%v) = %v, want ok %v", tc.in, s, err, tc.ok)
		}
	}
	if err := (&Instance{N: 4}).Validate(Solution{0, 1, 2, 3}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Validate of attacking queens = %v", err)
	}
}

func TestParseDiagonals(t *testing.T) {
	got, err := ParseDiagonals(8, "sum:7, diff:-2 s:0 D:7")
	want := []Diagonal{{true, 7}, {false, -2}, {true, 0}, {false, 7}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseDiagonals = %v, %v; want %v", got, err, want)
	}
	for _, bad := range []string{"sum", "sum:", "x:1", "sum:15", "diff:8", "diff:-8", "sum:-1", "sum:1e3", "sum:99999999999999999999"} {
		if _, err := ParseDiagonals(8, bad); !errors.Is(err, ErrDiagonal) {
			t.Errorf("ParseDiagonals(%q) error = %v, want ErrDiagonal", bad, err)
		}
	}
	if d := (Diagonal{K: -2}); d.String() != "diff:-2" {
		t.Errorf("String = %q", d)
	}
}

func FuzzParseDiagonals(f *testing.F) {
	f.Add(8, "sum:7,diff:-2")
	f.Add(1, "s:0 d:0")
	f.Fuzz(func(t *testing.T, n int, s string) {
		if n < 1 || n > MaxInstanceN {
			return
		}
		diags, err := ParseDiagonals(n, s)
		if err != nil {
			return
		}
		in := Instance{N: n, Excluded: diags}
		if err := in.Check(); err != nil {
			t.Fatalf("ParseDiagonals(%d, %q) = %v, which Check rejects: %v", n, s, diags, err)
		}
		var text []byte
		for _, d := range diags {
			text = append(text, d.String()...)
			text = append(text, ',')
		}
		again, err := ParseDiagonals(n, string(text))
		if err != nil || !slices.Equal(again, diags) {
			t.Fatalf("round trip of %v: %v, %v", diags, again, err)
		}
	})
}

// The 8×8 board without queens on a1 and h8 and on the long diagonal
// between them, row+col = 7 counted from the top left.
func ExampleInstance_Count() {
	in := Instance{
		N:        8,
		Blocked:  []Square{{Row: 7, Col: 0}, {Row: 0, Col: 7}},
		Excluded: []Diagonal{{Sum: true, K: 7}},
	}
	total, err := in.Count(context.Background(), Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total)
	// Output: 28
}

func ExampleInstance_Solve() {
	diags, _ := ParseDiagonals(8, "sum:3,diff:-2")
	in := Instance{N: 8, Excluded: diags}
	s, err := in.Solve(context.Background(), Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s, in.Validate(s))
	// Output: 7 1 3 8 6 4 2 5 <nil>
}

func TestInstanceLinesCheck(t *testing.T) {
	for _, tc := range []Instance{
		{N: 4, Rows: []int{0, 1}, Cols: []int{0}},
		{N: 4, Rows: []int{0, 4}, Cols: []int{0, 1}},
		{N: 4, Rows: []int{1, 1}, Cols: []int{0, 1}},
		{N: 4, Rows: []int{1}, Cols: []int{-1}},
		{N: 4, Rows: []int{1, 2}, Cols: []int{0, 1}, Queens: []Square{{0, 0}}},
	} {
		if err := tc.Check(); !errors.Is(err, ErrLines) {
			t.Errorf("%+v: Check = %v, want ErrLines", tc, err)
		}
	}
	in := Instance{N: 4, Rows: []int{1, 3}, Cols: []int{0, 1}}
	for _, tc := range []struct {
		s  Solution
		ok bool
	}{
		{Solution{-1, 0, -1, 1}, true},
		{Solution{-1, 1, -1, 0}, true},
		{Solution{0, 1, -1, 0}, false},   // a queen in a row not in use
		{Solution{-1, 2, -1, 0}, false},  // a column not in use
		{Solution{-1, 0, -1, 0}, false},  // one column twice
		{Solution{-1, -1, -1, 1}, false}, // a row in use without a queen
	} {
		if err := in.Validate(tc.s); (err == nil) != tc.ok {
			t.Errorf("Validate(%v) = %v, want ok %v", tc.s, err, tc.ok)
		}
	}
	two := Instance{N: 4, Rows: []int{0, 1}, Cols: []int{0, 1}}
	if err := two.Validate(Solution{0, 1, -1, -1}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Validate of queens on one diagonal = %v", err)
	}
	if c, err := in.Count(context.Background(), Options{}); err != nil || c != U128(2) {
		t.Errorf("Count = %v, %v; want 2", c, err)
	}
}

// TestDLXErrors checks that the dancing links refuse a bad instance and
// stop when the context is done.
func TestDLXErrors(t *testing.T) {
	bad := Instance{N: 8, Queens: []Square{{0, 0}, {1, 1}}}
	if _, err := bad.CrossCount(context.Background()); !errors.Is(err, ErrConflict) {
		t.Errorf("CrossCount of attacking presets: %v", err)
	}
	if _, err := bad.CrossSolve(context.Background()); !errors.Is(err, ErrConflict) {
		t.Errorf("CrossSolve of attacking presets: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	in := Instance{N: 8}
	if _, err := in.CrossSolve(cancelled); !errors.Is(err, context.Canceled) {
		t.Errorf("CrossSolve with a cancelled context: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel2()
	start := time.Now()
	if _, err := (&Instance{N: 18}).CrossCount(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CrossCount(18) with a deadline: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("CrossCount(18) stopped %s after its deadline of 30ms", d)
	}
}

// A "no solution" of Solve checked by the second search: the 8×8 board
// with queens on a8 and c7 has no completion.
func ExampleInstance_CrossSolve() {
	in := Instance{N: 8, Queens: []Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}}}
	_, err := in.Solve(context.Background(), Options{})
	fmt.Println(err)
	_, err = in.CrossSolve(context.Background())
	fmt.Println(errors.Is(err, ErrNoSolution))
	// Output:
	// no solution: no completion exists for queens on a8, c7 on the 8×8 board
	// true
}
