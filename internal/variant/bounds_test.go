package variant

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

// TestBoundsKernel compares the BMI2 bounds and the kernels of the colour
// bound and of its parity, where the processor runs them, with their
// pure-Go twins on the diagonals of random boards.
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
		want[0], want[1], want[2], want[3] = indexBoundsGo(sums, diffs, m)
		got[0], got[1], got[2], got[3] = indexBoundsBMI2(sums, diffs, m)
		want[4], got[4] = nearBoundGo(su, sd, du, dd, m), nearBoundBMI2(su, sd, du, dd, m)
		if want != got {
			t.Fatalf("n=%d sums=%#x diffs=%#x m=%d: Go gives %v, assembly %v", n, sums, diffs, m, want, got)
		}
		// The kernels of the colour bound, on the same diagonals.
		lightSums, lightDiffs := colourMasks(n)
		zs, zd, ns, nd := colourNearestGo(su, sd, du, dd, m, lightSums, lightDiffs)
		zs2, zd2, ns2, nd2 := colourNearestBMI2(su, sd, du, dd, m, lightSums, lightDiffs)
		if zs != zs2 || zd != zd2 || ns != ns2 || nd != nd2 {
			t.Fatalf("colourNearest(%#x, %#x, %#x, %#x, %d): Go gives %#x %#x %d %d, assembly %#x %#x %d %d", su, sd, du, dd, m, zs, zd, ns, nd, zs2, zd2, ns2, nd2)
		}
		l := rng.IntN(min(bits.OnesCount64(zs&lightSums), bits.OnesCount64(zd&lightDiffs)) + 1)
		d := rng.IntN(min(bits.OnesCount64(zs&^lightSums), bits.OnesCount64(zd&^lightDiffs)) + 1)
		// The spread kernel, at the spreads where its answers change.
		odd := rng.IntN(4)
		near := splitNearGo(zs, zd, lightSums, lightDiffs, l, d)
		extra := parityExtraGo(zs, zd, lightSums, lightDiffs, lowSums[n], lowDiffs, l, d, odd)
		for _, spread := range []int{2*near - 1, 2 * near, 2*(near+extra) - 1, 2 * (near + extra), rng.IntN(4 * (near + extra + 1))} {
			fits, ok := spreadAtGo(zs, zd, lightSums, lightDiffs, lowSums[n], lowDiffs, l, d, odd, spread)
			fits2, ok2 := spreadAtBMI2(zs, zd, lightSums, lightDiffs, lowSums[n], lowDiffs, l, d, odd, spread)
			if fits != fits2 || ok != ok2 {
				t.Fatalf("spreadAt(%#x, %#x, %d, %d, %d, %d): Go gives %v %v, assembly %v %v", zs, zd, l, d, odd, spread, fits, ok, fits2, ok2)
			}
		}
	}
}

// TestColourCoreKernel compares the assembly part of the colours' bounds
// before colourSpread, where the processor runs it, with its pure-Go twin
// on random nodes of every width up to boundsN: whether the node passes,
// and where it does, the masks, the counts and the spread.
func TestColourCoreKernel(t *testing.T) {
	if !haveColourCore {
		t.Skip("no AVX-512 kernel of the colours' bounds on this processor or build")
	}
	rng := rand.New(rand.NewPCG(31, 37))
	var passed, failed int
	for range 20000 {
		n, frees, open, _, _ := randomRows(rng, boundsN)
		if rng.IntN(2) == 0 {
			// Sparse rows, as deep in a search, where the bounds fail.
			for q := range n {
				frees[q] &= rng.Uint64() | rng.Uint64()
			}
		}
		m := bits.OnesCount64(open)
		if m == 0 {
			continue
		}
		need := randomSubset(rng, n, m)
		zs, zd, ns, nd, spread, ok := colourCoreGo(&frees, open, need, n, m)
		zs2, zd2, ns2, nd2, spread2, ok2 := colourCoreAVX512(&frees, open, need, n, m)
		if ok != ok2 || ok && (zs != zs2 || zd != zd2 || ns != ns2 || nd != nd2 || spread != spread2) {
			t.Fatalf("n=%d open=%#x need=%#x: Go gives %v %#x %#x %d %d %d, assembly %v %#x %#x %d %d %d",
				n, open, need, ok, zs, zd, ns, nd, spread, ok2, zs2, zd2, ns2, nd2, spread2)
		}
		if ok {
			passed++
		} else {
			failed++
		}
	}
	if passed < 1000 || failed < 1000 {
		t.Errorf("%d nodes pass and %d fail: too few of one kind to test", passed, failed)
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
// the instances the bounds prune, with the bounds at every branching,
// near the root only, and without them, and by dancing links: the counts
// agree, and the bounds take nodes away, the more the more often they
// are checked. The bounds checked only boundsGap queens apart on a path
// count the same, and take fewer nodes away than at every branching.
func TestBoundsSound(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(19, 21))
	var nodes [4]uint64
	nearRoot := 0
	for i := range 300 {
		n := 5 + i%8
		in := Instance{N: n}
		for range rng.IntN(2 * n) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		for range rng.IntN(n) {
			in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
		}
		var counts [4]uint64
		for j := range counts {
			s, ok := newSearcher(&in)
			if !ok {
				t.Fatalf("%+v: no searcher", in)
			}
			switch j {
			case 0: // at every branching
				if s.boundsFrom > 0 {
					nearRoot++ // the default
				}
				s.setBounds(&in, false)
				s.checkGap = 1
			case 1: // near the root only
				s.useBounds, s.useColours, s.boundsFrom = true, len(in.Excluded) > 0, (3*n+3)/4
				s.checkGap = 1
			case 2:
				s.useBounds = false
			case 3: // boundsGap queens apart
				s.setBounds(&in, false)
			}
			s.search()
			counts[j] = s.found
			nodes[j] += s.nodes
		}
		want, err := in.CrossCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if counts[0] != counts[1] || counts[0] != counts[2] || counts[0] != counts[3] || U128(counts[0]) != want {
			t.Fatalf("%+v: %d solutions with the bounds, %d with them near the root, %d without, %d %d queens apart, %v by dancing links",
				in, counts[0], counts[1], counts[2], counts[3], boundsGap, want)
		}
	}
	if nodes[0] >= nodes[1] || nodes[1] >= nodes[2] || nodes[0] >= nodes[3] || nodes[3] >= nodes[2] {
		t.Errorf("the search visited %v nodes with the bounds at every branching, near the root, without them and %d queens apart: they pruned too little", nodes, boundsGap)
	}
	if nearRoot == 0 {
		t.Error("no instance checks the bounds near the root only by default")
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
		diags []Diagonal
	}{
		{"spread", 8, []Diagonal{{true, 6}, {true, 7}, {true, 8}, {false, -1}, {false, 0}, {false, 1}}},
		{"sum", 8, []Diagonal{{true, 0}, {true, 1}, {true, 2}, {true, 3}, {true, 4}, {true, 5}}},
	} {
		in := &Instance{N: tc.n, Excluded: tc.diags}
		s, _ := newSearcher(in)
		s.search()
		if s.found != 0 || s.nodes != 1 {
			t.Errorf("%s: %d solutions in %d nodes; want none in 1", tc.name, s.found, s.nodes)
		}
		// A search that stopped deep in the tree leaves the rows of its
		// last check behind; the next still checks at the root.
		s, _ = newSearcher(in)
		s.checkedAt = 1
		s.search()
		if s.found != 0 || s.nodes != 1 {
			t.Errorf("%s: after a stop, %d solutions in %d nodes; want none in 1", tc.name, s.found, s.nodes)
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

// randomSubset returns a random set of k of the positions 0..n-1.
func randomSubset(rng *rand.Rand, n, k int) uint64 {
	var x uint64
	for _, p := range rng.Perm(n)[:k] {
		x |= 1 << p
	}
	return x
}

// leastColourSpread returns the least spread, Σd² over both families,
// of m diagonals of each family among the folded ones su, sd and du, dd,
// straight from the definition: over every number x of queens on an
// even row and an even column that the m empty rows open and the
// columns need allow, L = 2x+m-er-ec light diagonals and m-L dark ones
// of each family; of the light ones, numbers S of sums and T of
// differences with index 0 mod 4 such that S+T has the parity of the
// light queens on an odd row and an odd column, L-x; of the dark ones,
// numbers with index 1 mod 4 whose sum has the parity of the dark queens
// on an odd row and an even column, ec-x; and of each class the nearest.
// ok is false when no x has the diagonals.
func leastColourSpread(n int, open, need, su, sd, du, dd uint64) (least int, ok bool) {
	// lists[colour][class][family] are the distances of the diagonals
	// of a colour (0 light, 1 dark) and of a class (0 the lower, index 0
	// or 1 mod 4), nearest first.
	var lists [2][2][2][]int
	add := func(family, index, d int) {
		colour, class := index&1, 0
		if index&3 >= 2 {
			class = 1
		}
		lists[colour][class][family] = append(lists[colour][class][family], d)
	}
	for d := range n {
		if su>>d&1 != 0 {
			add(0, n-1+d, d)
		}
		if sd>>d&1 != 0 {
			add(0, n-1-d, d)
		}
		if du>>d&1 != 0 {
			add(1, d, d)
		}
		if dd>>d&1 != 0 {
			add(1, -d, d)
		}
	}
	const none = 1 << 40
	squares := func(ds []int, k int) int {
		if k > len(ds) {
			return none
		}
		sum := 0
		for _, d := range ds[:k] {
			sum += d * d
		}
		return sum
	}
	// block is the least spread of k diagonals of each family of one
	// colour, with the numbers in the lower class adding up to the
	// parity odd.
	block := func(colour, k, odd int) int {
		best := none
		for s := 0; s <= k; s++ {
			for t := 0; t <= k; t++ {
				if (s+t+odd)%2 != 0 {
					continue
				}
				l := lists[colour]
				best = min(best, squares(l[0][0], s)+squares(l[1][0], k-s)+squares(l[0][1], t)+squares(l[1][1], k-t))
			}
		}
		return best
	}
	m := bits.OnesCount64(open)
	er, ec := bits.OnesCount64(open&0x5555555555555555), bits.OnesCount64(need&0x5555555555555555)
	for x := max(0, er+ec-m); x <= min(er, ec); x++ {
		l := 2*x + m - er - ec
		sum := block(0, l, (l-x)&1) + block(1, m-l, (ec-x)&1)
		if sum < none && (!ok || sum < least) {
			least, ok = sum, true
		}
	}
	return least, ok
}

// TestColourSpread compares the colour bound, which looks at a few
// numbers of light queens, with the least spread over all of them, on
// random rows, columns and diagonals, at the least spread that passes
// and just below it.
func TestColourSpread(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	var passed, refuted int
	for range 20000 {
		n := 2 + rng.IntN(boundsN-1)
		m := 1 + rng.IntN(n)
		lines := uint64(1)<<(2*n-1) - 1
		sums, diffs := rng.Uint64()&lines, rng.Uint64()&lines
		if rng.IntN(2) == 0 {
			sums &= rng.Uint64()
			diffs |= rng.Uint64() & lines
		}
		if bits.OnesCount64(sums) < m || bits.OnesCount64(diffs) < m {
			continue
		}
		s := &searcher{n: n, open: randomSubset(rng, n, m)}
		need := randomSubset(rng, n, m)
		su, sd := fold(sums, n)
		du, dd := fold(diffs, n)
		lightSums, lightDiffs := colourMasks(n)
		zs, zd, nearestS, nearestD := colourNearestGo(su, sd, du, dd, m, lightSums, lightDiffs)
		least, ok := leastColourSpread(n, s.open, need, su, sd, du, dd)
		if !ok {
			if s.colourSpread(zs, zd, nearestS, nearestD, need, m, noTrade) {
				t.Fatalf("n=%d open=%#x need=%#x sums=%#x diffs=%#x: passes, but no number of light queens has the diagonals", n, s.open, need, sums, diffs)
			}
			refuted++
			continue
		}
		if !s.colourSpread(zs, zd, nearestS, nearestD, need, m, 2*least) {
			t.Fatalf("n=%d open=%#x need=%#x sums=%#x diffs=%#x: refuted at spread %d, the least", n, s.open, need, sums, diffs, 2*least)
		}
		if s.colourSpread(zs, zd, nearestS, nearestD, need, m, 2*least-1) {
			t.Fatalf("n=%d open=%#x need=%#x sums=%#x diffs=%#x: passes at spread %d, below the least", n, s.open, need, sums, diffs, 2*least-1)
		}
		passed++
	}
	if passed < 1000 || refuted < 100 {
		t.Errorf("%d boards with a least spread and %d without: too few of one kind to test", passed, refuted)
	}
}
