package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// randomLaneInstance returns a random instance that the lane search
// takes: blocked squares and excluded diagonals on a board of up to
// maxN columns.
func randomLaneInstance(rng *rand.Rand, maxN int) *Instance {
	n := 1 + rng.IntN(maxN)
	in := &Instance{N: n}
	for range rng.IntN(n + 1) {
		in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
	}
	for range rng.IntN(n + 1) {
		if rng.IntN(2) == 0 {
			in.Excluded = append(in.Excluded, Diagonal{Sum: true, K: rng.IntN(2*n - 1)})
		} else {
			in.Excluded = append(in.Excluded, Diagonal{K: rng.IntN(2*n-1) - (n - 1)})
		}
	}
	return in
}

// TestLaneSearchDecides compares the lane search with the main search
// on random instances: the same decision, and a valid solution.
func TestLaneSearchDecides(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 3000 {
		in := randomLaneInstance(rng, 14)
		if err := in.Check(); err != nil {
			continue
		}
		_, err := in.Solve(context.Background(), Options{Workers: 1})
		want := err == nil
		if err != nil && !errors.Is(err, ErrNoSolution) {
			t.Fatal(err)
		}
		ls := newLaneSearch(in)
		if ls == nil {
			t.Fatalf("instance %d: the lane search does not take %+v", i, in)
		}
		if !ls.run(context.Background(), 0) {
			t.Fatalf("instance %d: undecided", i)
		}
		got := ls.sol != nil
		if got != want {
			t.Fatalf("instance %d, %+v: the lane search finds a solution: %v, the main search: %v", i, in, got, want)
		}
		if got {
			if err := in.Validate(ls.sol); err != nil {
				t.Fatalf("instance %d, %+v: %v", i, in, err)
			}
		}
		ls.release()
	}
}

// TestLaneStepsKernel runs the assembly steps of the lanes, where the
// processor has them, beside their pure-Go twin on random instances,
// from the start of each search to its end, and compares the lanes, the
// result and the buffer after every run of steps.
func TestLaneStepsKernel(t *testing.T) {
	if !haveLanesAVX512 {
		t.Skip("no AVX-512 lanes on this processor or build")
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for i := range 2000 {
		in := randomLaneInstance(rng, lanesN)
		if in.Check() != nil {
			continue
		}
		a, b := newLaneSearch(in), newLaneSearch(in)
		for _, ls := range []*laneSearch{a, b} {
			ls.start()
		}
		// Large boards run for a while, small ones to the end.
		for calls := 0; a.state.active != 0 && calls < 300; calls++ {
			steps := 1 + rng.IntN(40)
			ra := laneStepsAVX512(&a.state, &a.allow, &a.buf, a.n, a.depth, steps)
			rb := laneStepsGo(&b.state, &b.allow, &b.buf, b.n, b.depth, steps)
			if ra != rb || a.state != b.state || a.buf.next != b.buf.next {
				t.Fatalf("instance %d (%+v): assembly %d %+v next %d, Go %d %+v next %d", i, in, ra, a.state, a.buf.next, rb, b.state, b.buf.next)
			}
			if ra == laneFound {
				break
			}
			if ra == laneRefill {
				a.refill()
				b.refill()
			}
		}
		a.release()
		b.release()
	}
}

// TestLaneSearchTakes checks which instances the lane search takes:
// boards of at most lanesN columns, with every row and column in use,
// without preset queens.
func TestLaneSearchTakes(t *testing.T) {
	for _, c := range []struct {
		in    Instance
		takes bool
	}{
		{Instance{N: 8}, true},
		{Instance{N: 1}, true},
		{Instance{N: lanesN, Blocked: []Square{{0, 0}}}, true},
		{Instance{N: lanesN + 1}, false},
		{Instance{N: 8, Queens: []Square{{0, 0}}}, false},
		{Instance{N: 8, Rows: []int{0, 1, 2}, Cols: []int{3, 4, 5}}, false},
	} {
		ls := newLaneSearch(&c.in)
		if (ls != nil) != c.takes {
			t.Errorf("%+v: takes %v, want %v", c.in, ls != nil, c.takes)
		}
		if ls != nil {
			ls.release()
		}
	}
}

// TestLaneSearchPlainNodes checks that the lane search, where it finds
// no solution, visits the nodes of the plain column-by-column search,
// neither more nor fewer.
func TestLaneSearchPlainNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	checked := 0
	for range 400 {
		in := randomLaneInstance(rng, 12)
		if in.Check() != nil {
			continue
		}
		ls := newLaneSearch(in)
		ls.run(context.Background(), 0)
		if ls.sol == nil {
			if want := classicNodes(in.transposed()); ls.nodes() != want {
				t.Fatalf("%+v: %d nodes, the plain search %d", in, ls.nodes(), want)
			}
			checked++
		}
		ls.release()
	}
	if checked == 0 {
		t.Fatal("no instance without a solution: the test needs some")
	}
}

// classicNodes returns the number of queens the plain row-by-row search
// places on in, which has no solution, trying every free square of each
// row in turn.
func classicNodes(in *Instance) uint64 {
	allow := in.allowed()
	var nodes uint64
	var place func(r int, cols, sums, diffs uint64)
	place = func(r int, cols, sums, diffs uint64) {
		if r == in.N {
			return
		}
		for c := range in.N {
			s, d := uint64(1)<<(r+c), uint64(1)<<(c-r+in.N-1)
			if !allow[r].has(c) || cols>>c&1 != 0 || sums&s != 0 || diffs&d != 0 {
				continue
			}
			nodes++
			place(r+1, cols|1<<c, sums|s, diffs|d)
		}
	}
	place(0, 0, 0, 0)
	return nodes
}

// TestHistoryHoldsTheRows checks that a lane's history has a field for
// every row below the prefix, on every board the lane search takes.
func TestHistoryHoldsTheRows(t *testing.T) {
	for n := 1; n <= lanesN; n++ {
		if below := n - laneDepth(n); below > historyRows {
			t.Errorf("n=%d: %d rows below the prefix, the history holds %d", n, below, historyRows)
		}
	}
}
