package join

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/queenslab/queens/internal/testenv"
)

// known holds the totals of OEIS A000170.
var known = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}

// countAll counts every item of the n×n board with their weights.
func countAll(t testing.TB, n int) uint64 {
	e, err := New(n)
	if err != nil {
		t.Fatal(err)
	}
	return countEngine(e)
}

// countEngine counts every item of e's board with their weights.
func countEngine(e *Engine) uint64 {
	c := e.NewCounter()
	var total uint64
	for ci := range e.Configs() {
		for _, rows := range e.Sets(ci) {
			s, _ := c.Count(ci, rows)
			total += s * uint64(e.Weight(ci, rows))
		}
	}
	return total
}

func TestKnownTotals(t *testing.T) {
	for n := MinN; n <= 16; n++ {
		if got := countAll(t, n); got != known[n-1] {
			t.Errorf("N=%d: %d solutions, want %d", n, got, known[n-1])
		}
	}
}

// TestUnfilteredTotals counts the odd boards with the whole list, the
// middle queens' diagonals left out as the half boards pair up, as the
// larger odd boards count.
func TestUnfilteredTotals(t *testing.T) {
	for n := 11; n <= 15; n += 2 {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		e.filter = false
		if got := countEngine(e); got != known[n-1] {
			t.Errorf("N=%d unfiltered: %d solutions, want %d", n, got, known[n-1])
		}
	}
}

// TestTableAligned checks that the tables the counters use start on a
// cache line, which the kernels' speed depends on.
func TestTableAligned(t *testing.T) {
	for range 50 {
		if p := uintptr(unsafe.Pointer(newTable())); p%64 != 0 {
			t.Fatalf("table at %#x, %d bytes past a cache line", p, p%64)
		}
	}
}

// TestKernelsAgree runs both kernels on the same random blocks and
// streams, for every number of pieces, and on edge cases: empty stream,
// partial block, signatures with every bit set.
func TestKernelsAgree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this processor or build has no AVX-512 kernel")
	}
	rng := xorshift(1)
	var tab table
	for chunks := 4; chunks <= maxChunks; chunks++ {
		width := chunks * chunkBits
		for _, size := range []int{1, 63, 64, 65, 300, lanes} {
			for _, streamLen := range []int{0, 1, 2, 3, 17, 100} {
				block := make([]uint64, size)
				stream := make([]uint64, streamLen)
				// Sparse signatures, so that many pairs are disjoint.
				for i := range block {
					block[i] = rng.sparse(3) & (1<<width - 1)
				}
				for i := range stream {
					stream[i] = rng.sparse(3) & (1<<width - 1)
				}
				if streamLen > 0 {
					stream[0] = 1<<width - 1
				}
				tab.build(block, chunks)
				want := joinPlain(block, stream)
				if got := countBlockGo(&tab, chunks, stream); got != want {
					t.Fatalf("chunks %d block %d stream %d: go kernel %d, plain %d", chunks, size, streamLen, got, want)
				}
				if got := countBlockAVX512(&tab, chunks, stream); got != want {
					t.Fatalf("chunks %d block %d stream %d: avx512 kernel %d, plain %d", chunks, size, streamLen, got, want)
				}
			}
		}
	}
}

// TestPairUpKernelsAgree makes the half boards of random groups with
// both kernels, for both sides and every stride, with and without
// forbidden diagonals, and compares them.
func TestPairUpKernelsAgree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this processor or build has no AVX-512 kernel")
	}
	for _, n := range []int{8, 13, 16, 18, 20, 23} {
		for _, east := range []bool{true, false} {
			sh := newShape(n, east)
			rng := xorshift(n)
			m := n / 2
			diag := uint64(1)<<(2*m-1) - 1
			pack := func(k int) []byte {
				b := make([]byte, k*int(sh.stride)+padding)
				for i := range k {
					v := rng.sparse(2)&diag | (rng.sparse(2)&diag)<<sh.width
					for j := range int(sh.stride) {
						b[i*int(sh.stride)+j] = byte(v >> (8 * j))
					}
				}
				// The padding holds what the kernel must not read as
				// placements.
				for i := k * int(sh.stride); i < len(b); i++ {
					b[i] = 0xff
				}
				return b
			}
			for i, sizes := range [][2]int{{1, 1}, {1, 7}, {3, 8}, {5, 9}, {17, 33}, {2, 0}, {40, 200}, {40, 200}} {
				ups, lows := pack(sizes[0]), pack(sizes[1])
				sh.forbidUp, sh.forbidLow = 0, 0
				if i%2 == 1 {
					// A diagonal of each kind, in each quadrant.
					sh.forbidUp = uint64(1)<<(m-1) | uint64(1)<<(uint64(m)+sh.width)
					sh.forbidLow = uint64(2) | uint64(1)<<(uint64(2*m-2)+sh.width)
				}
				want := pairUpGo(nil, ups, sizes[0], lows, sizes[1], &sh)
				got := pairUpVector([]uint64{42}, ups, sizes[0], lows, sizes[1], &sh)
				if len(got) != len(want)+1 || got[0] != 42 {
					t.Fatalf("N=%d east=%v %v: vector kernel made %d, go %d", n, east, sizes, len(got)-1, len(want))
				}
				for i := range want {
					if got[i+1] != want[i] {
						t.Fatalf("N=%d east=%v %v: signature %d is %x, want %x", n, east, sizes, i, got[i+1], want[i])
					}
				}
			}
		}
	}
}

// TestBuildKernelsAgree builds the tables of random blocks of every size
// class with both kernels and compares the rows the kernels read.
func TestBuildKernelsAgree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this processor or build has no AVX-512 kernel")
	}
	rng := xorshift(7)
	var a, b table
	for chunks := 4; chunks <= maxChunks; chunks++ {
		for _, size := range []int{1, 7, 8, 9, 64, 200, 511, lanes} {
			sigs := make([]uint64, size)
			for i := range sigs {
				sigs[i] = rng.next() & (1<<(chunks*chunkBits) - 1)
			}
			// Stale rows from a larger block must not show.
			full := make([]uint64, lanes)
			for i := range full {
				full[i] = rng.sparse(2)
			}
			buildVector(&b, full, chunks)
			a.build(sigs, chunks)
			buildVector(&b, sigs, chunks)
			if a.rows != b.rows {
				t.Fatalf("chunks %d size %d: the kernels' tables differ", chunks, size)
			}
		}
	}
}

// TestSymmetricBurnside checks the symmetric counts through Burnside's
// lemma against the known unique counts (OEIS A002562), and the quarter
// turn against solutions it fixes by brute force for small boards.
func TestSymmetricBurnside(t *testing.T) {
	unique := []uint64{1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591}
	for n := 2; n <= len(known); n++ {
		if !testenv.Slow() && n > 16 {
			break
		}
		half, quarter, _, ok := Symmetric(n, nil)
		if !ok {
			t.Fatalf("N=%d: Symmetric gave up with no reason", n)
		}
		sum := known[n-1] + half + 2*quarter
		if sum%8 != 0 || sum/8 != unique[n-1] {
			t.Errorf("N=%d: (total %d + half turn %d + 2·quarter turn %d)/8 is not %d", n, known[n-1], half, quarter, unique[n-1])
		}
		if quarter > half {
			t.Errorf("N=%d: %d solutions fixed by the quarter turn, more than the %d of the half turn", n, quarter, half)
		}
	}
}

// TestSymmetricPiecesAddUp counts the symmetric solutions in pieces: they
// add up to Symmetric's counts, and each piece of N = 16 does a share of
// the half turn's search.
func TestSymmetricPiecesAddUp(t *testing.T) {
	for n := 1; n <= 16; n++ {
		half, quarter, nodes, _ := Symmetric(n, nil)
		for _, pieces := range []int{2, 3, 7} {
			var h, q, most uint64
			for k := range pieces {
				hk, qk, nk, ok := SymmetricPiece(n, k, pieces, nil)
				if !ok {
					t.Fatalf("N=%d piece %d of %d gave up", n, k, pieces)
				}
				h, q, most = h+hk, q+qk, max(most, nk)
			}
			if h != half || q != quarter {
				t.Errorf("N=%d in %d pieces: half turn %d, quarter turn %d; want %d and %d", n, pieces, h, q, half, quarter)
			}
			if n == 16 && most > nodes/uint64(pieces)*3/2 {
				t.Errorf("N=%d in %d pieces: a piece placed %d queens of the %d of all", n, pieces, most, nodes)
			}
		}
	}
}

// TestClassifyKernelsAgree compares the PEXT kernel with its Go twin.
func TestClassifyKernelsAgree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this processor or build has no BMI2 kernel")
	}
	rng := uint64(11)
	list := make([]uint64, 1000)
	for i := range list {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		list[i] = rng
	}
	for _, mask := range []uint64{0, 1, 1 << 63, 0x8000_0000_0001, 0x1010_0404_0201, 0x3f << 30, 0x8421_0842_1084_2108 & (1<<60 - 1)} {
		a, b := make([]uint16, len(list)), make([]uint16, len(list))
		ra, rb := make([]uint64, len(list)), make([]uint64, len(list))
		classifyGo(a, ra, list, mask)
		classifyBMI2(b, rb, list, mask)
		for i := range a {
			if a[i] != b[i] || ra[i] != rb[i] {
				t.Fatalf("mask %#x, signature %#x: go class %d rest %#x, PEXT class %d rest %#x", mask, list[i], a[i], ra[i], b[i], rb[i])
			}
			if ones := bits.OnesCount64(mask); bits.OnesCount64(ra[i])+bits.OnesCount16(a[i]) != bits.OnesCount64(list[i]) || ra[i]>>(64-ones) != 0 && ones > 0 {
				t.Fatalf("mask %#x, signature %#x: class %b and rest %#x lose or gain bits", mask, list[i], a[i], ra[i])
			}
		}
	}
}

// TestSieveAgrees counts the largest items of N=16 and N=18 with and
// without the sieve, and with the plain join: the three must agree.
func TestSieveAgrees(t *testing.T) {
	sizes := []int{16}
	if testenv.Slow() {
		sizes = append(sizes, 18)
	}
	for _, n := range sizes {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		sieved, plain := e.NewCounter(), e.NewCounter()
		plain.noSieve = true
		sets := e.Sets(0)
		// The sets of the largest cost, where the sieve cuts deepest.
		best := make([]int, 0, 8)
		for i := range sets {
			best = append(best, i)
			for j := len(best) - 1; j > 0 && e.Cost(0, best[j]) > e.Cost(0, best[j-1]); j-- {
				best[j], best[j-1] = best[j-1], best[j]
			}
			if len(best) > 6 {
				best = best[:6]
			}
		}
		for _, i := range best {
			a, _ := sieved.Count(0, sets[i])
			b, _ := plain.Count(0, sets[i])
			if a != b {
				t.Errorf("N=%d set %d: %d solutions sieved, %d not", n, i, a, b)
			}
			if n > 16 {
				if k := sieved.sieveBits(len(sieved.east), len(sieved.west)); k == 0 {
					t.Errorf("N=%d set %d: the sieve is not used, the test proves nothing", n, i)
				}
				continue
			}
			// Below the sizes the sieve is meant for, every depth of it
			// still agrees with the plain join.
			want := joinPlain(sieved.east, sieved.west)
			big, small := sieved.east, sieved.west
			if len(big) < len(small) {
				big, small = small, big
			}
			for k := 1; k <= sieveMax; k++ {
				if got := sieved.joinSieved(big, small, k); got != want {
					t.Errorf("N=%d set %d: %d solutions sieved by %d bits, %d pair by pair", n, i, got, k, want)
				}
			}
		}
	}
}

// searchItem counts the solutions of item (ci, rows) by backtracking:
// the middle queens of the configuration in place, and the queen of
// every other row in the half that the east set gives it.
func searchItem(e *Engine, ci int, rows uint32) uint64 {
	n, m := e.n, e.m
	cf := &e.configs[ci]
	allowed := make([]uint32, n)
	east := (uint32(1)<<n - 1) &^ (uint32(1)<<(n-m) - 1)
	west := uint32(1)<<m - 1
	for r := range n {
		if rows&(1<<r) != 0 {
			allowed[r] = east
		} else {
			allowed[r] = west
		}
	}
	if cf.x >= 0 {
		allowed[m] = 1 << cf.x
		if cf.y != m {
			allowed[cf.y] = 1 << m
		}
	}
	var walk func(r int, cols uint32, sum, diff uint64) uint64
	walk = func(r int, cols uint32, sum, diff uint64) uint64 {
		if r == n {
			return 1
		}
		var total uint64
		for free := allowed[r] &^ cols; free != 0; free &= free - 1 {
			c := bits.TrailingZeros32(free)
			s, d := uint64(1)<<(r+c), uint64(1)<<(r-c+n-1)
			if sum&s == 0 && diff&d == 0 {
				total += walk(r+1, cols|1<<c, sum|s, diff|d)
			}
		}
		return total
	}
	return walk(0, 0, 0, 0)
}

// TestItemsAgainstSearch counts sampled items of N=12..16 by the join
// and by a search confined to the item, and checks that the weighted
// items cover every solution once: for small boards, every item.
func TestItemsAgainstSearch(t *testing.T) {
	for n := 8; n <= 16; n++ {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		c := e.NewCounter()
		step := 1
		if n >= 12 {
			step = 37 // a sample of every configuration
		}
		for ci := range e.Configs() {
			sets := e.Sets(ci)
			for i := 0; i < len(sets); i += step {
				got, _ := c.Count(ci, sets[i])
				if want := searchItem(e, ci, sets[i]); got != want {
					t.Fatalf("N=%d configuration %d (%d, %d) east set %b: join %d, search %d", n, ci, e.configs[ci].x, e.configs[ci].y, sets[i], got, want)
				}
			}
		}
	}
}

// TestListCancelled stops the listing of N=20's placements at once: it
// lists nothing, leaves the groups as they were, and lists them all when
// asked again.
func TestListCancelled(t *testing.T) {
	e, err := New(16)
	if err != nil {
		t.Fatal(err)
	}
	before := slices.Clone(e.base.start)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := e.List(ctx); !errors.Is(err, context.Canceled) || e.base.listed || e.base.data != nil {
		t.Fatalf("List with a cancelled context: error %v, %d bytes listed", err, len(e.base.data))
	}
	if !slices.Equal(before, e.base.start) {
		t.Fatal("a cancelled List changed the groups")
	}
	if err := e.List(context.Background()); err != nil || len(e.base.data) != e.Placements()*e.base.stride+padding {
		t.Fatalf("List: error %v, %d bytes for %d placements", err, len(e.base.data), e.Placements())
	}
	if got := countAll(t, 16); got != known[15] {
		t.Errorf("N=16 after a cancelled listing: %d", got)
	}
}

// TestMemoryBoundsFiltered checks the bound on the filtered lists of odd
// boards that Memory relies on, over every configuration.
func TestMemoryBoundsFiltered(t *testing.T) {
	sizes := []int{11, 13, 15, 17, 21}
	switch {
	case !testenv.Slow():
		sizes = sizes[:3]
	case raceEnabled:
		sizes = sizes[:4]
	}
	for _, n := range sizes {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		if !e.filter {
			t.Fatalf("N=%d: the lists are not filtered", n)
		}
		c := e.NewCounter()
		for ci := range e.Configs() {
			c.load(ci)
			held := 0
			for qd := range c.q {
				held += c.q[qd].placements()
			}
			if float64(held) > filteredShare*float64(e.Placements()) {
				t.Errorf("N=%d configuration %d: filtered lists hold %d placements, more than %.2f×%d", n, ci, held, filteredShare, e.Placements())
			}
		}
	}
}

// TestFilteredAsForbidden counts a sample of the items of N = 19 and 21
// with filtered lists and with the whole list, whose placements on the
// middle queens' diagonals the pairing leaves out: the two ways agree.
func TestFilteredAsForbidden(t *testing.T) {
	for _, n := range []int{19, 21} {
		if (!testenv.Slow() || raceEnabled) && n > 19 {
			break
		}
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		if e.filter != filtered(n/2) {
			t.Fatalf("N=%d: filter %v", n, e.filter)
		}
		counters := [2]*Counter{e.NewCounter(), e.NewCounter()}
		items, nonzero := 0, 0
		for ci := range e.Configs() {
			sets := e.Sets(ci)
			for i := ci; i < len(sets); i += 997 {
				var got [2]uint64
				for k, c := range counters {
					e.filter = k == 0 // read as c loads configuration ci
					got[k], _ = c.Count(ci, sets[i])
				}
				if got[0] != got[1] {
					t.Fatalf("N=%d configuration %d east set %b: %d filtered, %d by the whole list", n, ci, sets[i], got[0], got[1])
				}
				items++
				if got[0] > 0 {
					nonzero++
				}
			}
		}
		e.filter = filtered(n / 2)
		if nonzero < items/2 {
			t.Errorf("N=%d: only %d of %d items have solutions", n, nonzero, items)
		}
	}
}

// TestKernelsCountAlike counts a sample of N=17's items with each kernel
// through UseKernel, and refuses a kernel that is not there.
func TestKernelsCountAlike(t *testing.T) {
	e, err := New(17)
	if err != nil {
		t.Fatal(err)
	}
	var counts [][]uint64
	for _, k := range Kernels() {
		c := e.NewCounter()
		if err := c.UseKernel(k); err != nil {
			t.Fatal(err)
		}
		var got []uint64
		for ci := range e.Configs() {
			sets := e.Sets(ci)
			for i := 0; i < len(sets); i += 211 {
				s, _ := c.Count(ci, sets[i])
				got = append(got, s)
			}
		}
		counts = append(counts, got)
	}
	for i := 1; i < len(counts); i++ {
		if !slices.Equal(counts[0], counts[i]) {
			t.Errorf("kernels %s and %s count differently", Kernels()[0], Kernels()[i])
		}
	}
	if err := e.NewCounter().UseKernel("sse2"); err == nil {
		t.Error(`UseKernel("sse2") succeeded`)
	}
}

// TestSymmetricStops gives up the symmetric searches of N=20 at once.
func TestSymmetricStops(t *testing.T) {
	done := make(chan struct{})
	close(done)
	if _, _, nodes, ok := Symmetric(20, done); ok || nodes > 2*stopCheck {
		t.Errorf("Symmetric(20) with done closed: ok %v after %d nodes", ok, nodes)
	}
}

// xorshift is the small random generator of the kernel tests.
type xorshift uint64

// next returns the next number of the sequence.
func (x *xorshift) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

// sparse returns the bits common to k numbers of the sequence: about one
// bit in 2^k is set, so that many signatures are disjoint.
func (x *xorshift) sparse(k int) uint64 {
	v := ^uint64(0)
	for range k {
		v &= x.next()
	}
	return v
}

// TestDotReversedKernelsAgree compares the sums of products of group
// sizes that the costs of items take, in AVX-512 and in Go, on random
// starts of every length to a few blocks, with wrapping differences.
func TestDotReversedKernelsAgree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512 kernel on this build or processor")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 70; n++ {
		up, low := make([]uint32, n+1), make([]uint32, n+1)
		up[0], low[0] = rng.Uint32(), rng.Uint32()
		for i := range n {
			up[i+1] = up[i] + rng.Uint32N(1<<20)
			low[i+1] = low[i] + rng.Uint32N(1<<20)
		}
		if got, want := dotReversed(up, low), dotReversedGo(up, low); got != want {
			t.Fatalf("n=%d: %d with AVX-512, %d in Go", n, got, want)
		}
	}
}

// TestDroppedColumnCosts weighs every item of the configurations of odd
// boards that lack a column on one side both ways: through the groups
// ranked without that column, and split by split. It checks the items'
// order and orbits against a plain walk of the rows too.
func TestDroppedColumnCosts(t *testing.T) {
	for _, n := range []int{11, 13, 15} {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		dropping := 0
		for ci := range e.configs {
			c := &e.configs[ci]
			d := e.dropped(c)
			if d != nil {
				dropping++
			}
			east := bits.OnesCount32(c.colsE)
			var want []uint32
			for a := range uint32(1) << e.m {
				for b := range uint32(1) << e.m {
					if a&^c.rowsN != 0 || b&^c.rowsS != 0 || bits.OnesCount32(a)+bits.OnesCount32(b) != east {
						continue
					}
					if _, least := e.eastOrbit(a, b); c.symmetricE && !least {
						continue
					}
					fast, _ := e.cost(c, d, a, b)
					slow, _ := e.cost(c, nil, a, b)
					if fast != slow {
						t.Fatalf("N=%d config %d rows %x %x: cost %v with the dropped column, %v split by split", n, ci, a, b, fast, slow)
					}
					if slow != 0 {
						want = append(want, e.rowMask(a, b))
					}
				}
			}
			if !slices.Equal(c.sets, want) {
				t.Fatalf("N=%d config %d: %d east sets, want %d in the walk's order", n, ci, len(c.sets), len(want))
			}
		}
		if dropping == 0 {
			t.Fatalf("N=%d: no configuration lacks a column", n)
		}
	}
}

// TestSideCostsInOrder compares the costs of the splits of all the
// columns, read from both sides' groups in order, with the costs split
// by split through their ranks, for every pair of row sets of N = 12.
func TestSideCostsInOrder(t *testing.T) {
	e, err := New(12)
	if err != nil {
		t.Fatal(err)
	}
	c := &e.configs[0]
	var fast, slow []float64
	for up := range uint32(1) << e.m {
		k := bits.OnesCount32(up)
		for low := range uint32(1) << e.m {
			if bits.OnesCount32(low) != e.m-k {
				continue
			}
			fast = e.sideCosts(fast[:0], up, low, c.subsetsE[k], true)
			slow = e.sideCosts(slow[:0], up, low, c.subsetsE[k], false)
			if !slices.Equal(fast, slow) {
				t.Fatalf("rows %b and %b: costs %v in order, %v split by split", up, low, fast, slow)
			}
		}
	}
}

// TestListWeights checks the weights of N = 24, whose counters build the
// lists of each item: an item's cost is its half boards and pairs plus
// the trials of its south lists, and of its north lists when it is the
// first of the sets that share them, and ListShare says which it bears.
func TestListWeights(t *testing.T) {
	e, err := New(24)
	if err != nil {
		t.Fatal(err)
	}
	if e.trials == nil || e.halfWeight <= 1 {
		t.Fatal("N = 24 has no weights of lists and half boards")
	}
	c := &e.configs[0]
	firsts := 0
	for i := 0; i < len(c.sets); i += 97 {
		a, b := e.split(c.sets[i])
		eastN := e.candidates(a, b, c.colsE, c.subsetsE, nil)
		westN := e.candidates(c.rowsN&^a, c.rowsS&^b, c.colsW, c.subsetsW, nil)
		south := float64(e.trials[b]) + float64(e.trials[c.rowsS&^b])
		north := float64(e.trials[a]) + float64(e.trials[c.rowsN&^a])
		share := e.ListShare(0, i)
		charged := south
		if share == 1 {
			charged += north
			firsts++
		} else if want := south / (south + north); share != want {
			t.Fatalf("set %d: list share %v, want %v", i, share, want)
		}
		want := (eastN+westN)*e.halfWeight + eastN*westN/256 + charged*e.trialWeight
		if got := e.Cost(0, i); math.Abs(got-want) > 1e-6*want {
			t.Fatalf("set %d: cost %v, want %v", i, got, want)
		}
	}
	if firsts == 0 || firsts == (len(c.sets)+96)/97 {
		t.Fatalf("%d of the sets looked at bear their north lists", firsts)
	}
}
