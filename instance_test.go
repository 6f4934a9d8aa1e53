package queens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
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
	if testing.Short() {
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

// TestInstanceSolveSameForAnyWorkers checks that Solve returns the
// solution of the serial search, whatever the number of workers: on
// small boards, where the split into units meets solutions above the
// units, and on larger ones.
func TestInstanceSolveSameForAnyWorkers(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		n := 6 + rng.IntN(9)
		if i%20 == 0 {
			n = 12 + rng.IntN(8)
		}
		in := randomInstance(rng, n)
		one, err1 := in.Solve(ctx, Options{Workers: 1})
		for _, k := range []int{2, 3, 4, 16} {
			many, errk := in.Solve(ctx, Options{Workers: k})
			if !slices.Equal(one, many) || (err1 == nil) != (errk == nil) {
				t.Fatalf("%+v: one worker %v, %v; %d workers %v, %v", in, one, err1, k, many, errk)
			}
		}
	}
}

// TestInstanceSolveAnySolution checks that Solve with AnySolution, on
// one worker and on several, finds a valid solution exactly when the
// instance has one.
func TestInstanceSolveAnySolution(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	none := 0
	for range 30 {
		in := randomInstance(rng, 8+rng.IntN(8))
		want, err := in.Count(ctx, Options{})
		if err != nil {
			t.Fatal(err)
		}
		unsolvable := want == Uint128{}
		if unsolvable {
			none++
		}
		for _, k := range []int{1, 2, 4} {
			s, err := in.Solve(ctx, Options{Workers: k, AnySolution: true})
			switch {
			case unsolvable && !errors.Is(err, ErrNoSolution):
				t.Fatalf("%+v, %d workers: Solve = %v, %v; want no solution", in, k, s, err)
			case !unsolvable && err != nil:
				t.Fatalf("%+v, %d workers: Solve fails (%v) on an instance with %v solutions", in, k, err, want)
			case !unsolvable:
				if verr := in.Validate(s); verr != nil {
					t.Fatalf("%+v, %d workers: Solve = %v: %v", in, k, s, verr)
				}
			}
		}
	}
	if none == 0 || none == 30 {
		t.Fatalf("%d of the 30 instances have no solution: the test needs both kinds", none)
	}
}

// TestScratchCleared checks that a search takes its scratch from the
// pool with no square left to try in its branchings, whatever a search
// that stopped left there: a shared search would hand them over as
// units (see searcher.pending).
func TestScratchCleared(t *testing.T) {
	for range 10 {
		dirty := &searchScratch{levels: make([]level, 65), branchings: make([]branching, 65)}
		for i := range dirty.branchings {
			dirty.branchings[i] = branching{rest: 1 << i, next: 0, end: 1}
		}
		scratchPool.Put(dirty)
		s, _ := newSearcher(&Instance{N: 8})
		s.takeScratch()
		for m, b := range s.branchings {
			if b.untried() {
				t.Fatalf("taken scratch: branching %d has squares to try: %+v", m, b)
			}
		}
		s.release()
		if s.scratch != nil || s.levels != nil || s.branchings != nil {
			t.Fatal("a released searcher keeps its scratch")
		}
	}
}

// TestSolveRepeated checks that runs of Solve and Count one after the
// other, which reuse the scratch of the ones before, give the same
// answers as the first run on fresh scratch: a search that stops on a
// solution, or on the race, leaves its scratch behind it dirty.
func TestSolveRepeated(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	var ins []Instance
	var counts []Uint128
	for range 12 {
		in := randomInstance(rng, 10+rng.IntN(6))
		c, err := in.Count(ctx, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		ins, counts = append(ins, in), append(counts, c)
	}
	for round := range 3 {
		for i, in := range ins {
			for _, k := range []int{1, 2, 3} {
				c, err := in.Count(ctx, Options{Workers: k})
				if err != nil || c != counts[i] {
					t.Fatalf("round %d, %+v, %d workers: Count = %v, %v; want %v", round, in, k, c, err, counts[i])
				}
				s, err := in.Solve(ctx, Options{Workers: k, AnySolution: true})
				switch {
				case counts[i] == Uint128{} && !errors.Is(err, ErrNoSolution):
					t.Fatalf("round %d, %+v, %d workers: Solve = %v, %v; want no solution", round, in, k, s, err)
				case counts[i] != Uint128{} && (err != nil || in.Validate(s) != nil):
					t.Fatalf("round %d, %+v, %d workers: Solve = %v, %v on an instance with %v solutions", round, in, k, s, err, counts[i])
				}
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

// bruteSolutions returns every solution of the instance by trying every
// column in use for every row in use, in order, checking the rules of
// the instance as written out here.
func bruteSolutions(in Instance) []Solution {
	n := in.N
	used := func(lines []int, i int) bool { return lines == nil || slices.Contains(lines, i) }
	forbidden := func(r, c int) bool {
		for _, q := range in.Blocked {
			if q == (Square{r, c}) {
				return true
			}
		}
		for _, d := range in.Excluded {
			if d.Sum && r+c == d.K || !d.Sum && r-c == d.K {
				return true
			}
		}
		for _, q := range in.Queens {
			if q.Row == r && q.Col != c {
				return true
			}
		}
		return false
	}
	var out []Solution
	s := make(Solution, n)
	var try func(r int)
	try = func(r int) {
		if r == n {
			for c := range n {
				if used(in.Cols, c) && !slices.Contains(s, c) {
					return
				}
			}
			out = append(out, s.Clone())
			return
		}
		if !used(in.Rows, r) {
			s[r] = -1
			try(r + 1)
			return
		}
	next:
		for c := range n {
			if !used(in.Cols, c) || forbidden(r, c) {
				continue
			}
			for r2 := range r {
				c2 := s[r2]
				if c2 >= 0 && (c2 == c || r2+c2 == r+c || r2-c2 == r-c) {
					continue next
				}
			}
			s[r] = c
			try(r + 1)
		}
	}
	try(0)
	return out
}

// TestInstanceLines compares instances with only some rows and columns
// in use with bruteSolutions.
func TestInstanceLines(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 12))
	for range 300 {
		n := 1 + rng.IntN(8)
		in := randomInstance(rng, n)
		k := rng.IntN(n + 1)
		in.Rows = rng.Perm(n)[:k]
		in.Cols = rng.Perm(n)[:k]
		in.Queens = slices.DeleteFunc(in.Queens, func(q Square) bool {
			return !slices.Contains(in.Rows, q.Row) || !slices.Contains(in.Cols, q.Col)
		})
		if err := in.Check(); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		want := bruteSolutions(in)
		got, err := in.Count(ctx, Options{Workers: 2})
		if err != nil || got != U128(uint64(len(want))) {
			t.Fatalf("%+v: Count = %v, %v; want %d", in, got, err, len(want))
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
		if s, err := in.Solve(ctx, Options{}); len(want) > 0 && (err != nil || in.Validate(s) != nil) || len(want) == 0 && !errors.Is(err, ErrNoSolution) {
			t.Fatalf("%+v: Solve = %v, %v", in, s, err)
		}
	}
	// The brute force agrees with the filter of all solutions when every
	// line is in use.
	for n := 1; n <= 8; n++ {
		in := randomInstance(rng, n)
		if got, want := len(bruteSolutions(in)), len(plainSolutions(t, in)); got != want {
			t.Fatalf("%+v: brute force finds %d solutions, the filter %d", in, got, want)
		}
	}
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

// TestWideSearch checks the search of boards wider than 64 columns: on
// small boards against the narrow search, and on wide ones against
// bruteSolutions and Validate.
func TestWideSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(128, 64))
	for range 200 {
		in := randomInstance(rng, 1+rng.IntN(9))
		if rng.IntN(3) == 0 {
			k := rng.IntN(in.N + 1)
			in.Rows, in.Cols, in.Queens = rng.Perm(in.N)[:k], rng.Perm(in.N)[:k], nil
		}
		narrow, err := in.Count(ctx, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		var wide []Solution
		found, _, err := in.wideRun(ctx, false, func(s Solution) bool {
			wide = append(wide, s.Clone())
			return true
		})
		if err != nil || U128(found) != narrow || len(wide) != int(found) {
			t.Fatalf("%+v: the wide search finds %d (%v), the narrow %v", in, found, err, narrow)
		}
		for _, s := range wide {
			if err := in.Validate(s); err != nil {
				t.Fatalf("%+v: the wide search found %v: %v", in, s, err)
			}
		}
	}
	// Wide boards: a solution with a few rows left empty and some of its
	// squares blocked, to complete and to count.
	for _, n := range []int{65, 100, 128} {
		sol, _ := Construct(n)
		in := Instance{N: n}
		for r, c := range sol {
			if r < n-5 {
				in.Queens = append(in.Queens, Square{r, c})
			}
		}
		in.Blocked = []Square{{n - 1, sol[n-1]}}
		in.Excluded = []Diagonal{{Sum: true, K: n - 2 + sol[n-2]}}
		want := len(bruteSolutions(in))
		got, err := in.Count(ctx, Options{})
		if err != nil || got != U128(uint64(want)) {
			t.Errorf("n=%d: Count = %v, %v; want %d", n, got, err, want)
		}
		s, err := in.Solve(ctx, Options{})
		switch {
		case want == 0 && !errors.Is(err, ErrNoSolution):
			t.Errorf("n=%d: Solve = %v, %v; want no solution", n, s, err)
		case want > 0 && (err != nil || in.Validate(s) != nil):
			t.Errorf("n=%d: Solve = %v, %v", n, s, err)
		}
	}
}
