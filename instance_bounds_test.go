package queens

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// positions returns the positions of the bits of x, from the lowest.
func positions(x uint64) []int {
	var ps []int
	for ; x != 0; x &= x - 1 {
		ps = append(ps, bits.TrailingZeros64(x))
	}
	return ps
}

// TestBoundSums compares lowSum, highSum and nearSquares with sums over
// sorted lists of positions.
func TestBoundSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(79, 80))
	for range 2000 {
		x := rng.Uint64() & rng.Uint64()
		ps := positions(x)
		if len(ps) == 0 {
			continue
		}
		m := 1 + rng.IntN(len(ps))
		lo, hi := 0, 0
		for i := range m {
			lo += ps[i]
			hi += ps[len(ps)-1-i]
		}
		if got := lowSum(x, m); got != lo {
			t.Fatalf("lowSum(%#x, %d) = %d, want %d", x, m, got, lo)
		}
		if got := highSum(x, m); got != hi {
			t.Fatalf("highSum(%#x, %d) = %d, want %d", x, m, got, hi)
		}

		near, far := x&0xffffffff, x>>32
		var ds []int
		for _, p := range positions(near) {
			ds = append(ds, p*p)
		}
		for _, p := range positions(far) {
			ds = append(ds, p*p)
		}
		slices.Sort(ds)
		m = 1 + rng.IntN(len(ds))
		want := 0
		for _, d := range ds[:m] {
			want += d
		}
		if got := nearSquares(near, far, m); got != want {
			t.Fatalf("nearSquares(%#x, %#x, %d) = %d, want %d", near, far, m, got, want)
		}
	}
}

// TestBoundsKernel compares the BMI2 bounds, where the processor runs
// them, with their pure-Go twin on the diagonals of random boards.
func TestBoundsKernel(t *testing.T) {
	if !haveBoundsBMI2 {
		t.Skip("no BMI2 bounds kernel on this processor or build")
	}
	rng := rand.New(rand.NewPCG(21, 17))
	for range 20000 {
		n := 1 + rng.IntN(boundsN)
		lines := uint64(1)<<(2*n-1) - 1
		sums, diffs := rng.Uint64()&lines, rng.Uint64()&lines
		if rng.IntN(2) == 0 {
			sums &= rng.Uint64()
		}
		k := min(bits.OnesCount64(sums), bits.OnesCount64(diffs))
		if k == 0 {
			continue
		}
		m := 1 + rng.IntN(k)
		su, sd := fold(sums, n)
		du, dd := fold(diffs, n)
		var want, got [5]int
		want[0], want[1], want[2], want[3], want[4] = diagonalBoundsGo(sums, diffs, su, sd, du, dd, m)
		got[0], got[1], got[2], got[3], got[4] = diagonalBoundsBMI2(sums, diffs, su, sd, du, dd, m)
		if want != got {
			t.Fatalf("n=%d sums=%#x diffs=%#x m=%d: Go gives %v, assembly %v", n, sums, diffs, m, want, got)
		}
	}
}

// TestFold checks that fold sends each diagonal to its distance from the
// long one.
func TestFold(t *testing.T) {
	for n := 1; n <= boundsN; n++ {
		for i := range 2*n - 1 {
			up, down := fold(1<<i, n)
			d := i - (n - 1)
			var want [2]uint64
			if d >= 0 {
				want[0] = 1 << d
			} else {
				want[1] = 1 << -d
			}
			if up != want[0] || down != want[1] {
				t.Fatalf("n=%d: fold(1<<%d) = %#x, %#x; want %#x, %#x", n, i, up, down, want[0], want[1])
			}
		}
	}
}

// TestBoundsSound counts random instances with many excluded diagonals,
// the instances the bounds prune, with the bounds and without them, and
// by dancing links: the counts agree, and the bounds take nodes away.
func TestBoundsSound(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(19, 21))
	var with, without uint64
	for i := range 300 {
		n := 5 + i%8
		in := Instance{N: n}
		for range rng.IntN(2 * n) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		for range rng.IntN(n) {
			in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
		}
		var counts [2]uint64
		for j, bounds := range []bool{true, false} {
			s, ok := newSearcher(&in)
			if !ok {
				t.Fatalf("%+v: no searcher", in)
			}
			s.useBounds = bounds
			s.search()
			counts[j] = s.found
			if bounds {
				with += s.nodes
			} else {
				without += s.nodes
			}
		}
		want, err := in.CrossCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if counts[0] != counts[1] || U128(counts[0]) != want {
			t.Fatalf("%+v: %d solutions with the bounds, %d without, %v by dancing links", in, counts[0], counts[1], want)
		}
	}
	if with >= without {
		t.Errorf("the bounds searched %d nodes, against %d without them: they pruned nothing", with, without)
	}
}

// TestBoundsRefuteAtRoot builds boards that only the bounds refute
// without a branching: every line keeps free squares, but the central
// diagonals are excluded, so that the queens could not spread as little as
// their rows and columns require, or the diagonals on one side are, so
// that their indices could not add up.
func TestBoundsRefuteAtRoot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		diags string
	}{
		{"spread", 8, "sum:6,sum:7,sum:8,diff:-1,diff:0,diff:1"},
		{"sum", 8, "sum:0,sum:1,sum:2,sum:3,sum:4,sum:5"},
	} {
		ds, err := ParseDiagonals(tc.n, tc.diags)
		if err != nil {
			t.Fatal(err)
		}
		in := &Instance{N: tc.n, Excluded: ds}
		s, _ := newSearcher(in)
		s.search()
		if s.found != 0 || s.nodes != 1 {
			t.Errorf("%s: %d solutions in %d nodes; want none in 1", tc.name, s.found, s.nodes)
		}
		s, _ = newSearcher(in)
		s.useBounds = false
		s.search()
		if s.found != 0 || s.nodes == 1 {
			t.Errorf("%s: without the bounds, %d solutions in %d nodes; want none in more than 1", tc.name, s.found, s.nodes)
		}
		if got, _ := in.CrossCount(context.Background()); got != (Uint128{}) {
			t.Errorf("%s: dancing links count %v", tc.name, got)
		}
	}
}
