package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

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
			out = append(out, clone(s))
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
			listed = append(listed, clone(s))
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
			wide = append(wide, clone(s))
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
