package join

import (
	"context"
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// countAllSettings counts every item of the n×n board, with the engine's
// settings, one part of every item at a time when parts > 1.
func countAllSettings(t testing.TB, n int, s Settings, parts int) uint64 {
	e, err := NewSettings(context.Background(), n, s)
	if err != nil {
		t.Fatal(err)
	}
	c := e.NewCounter()
	var total uint64
	for ci := range e.Configs() {
		for _, rows := range e.Sets(ci) {
			splits := e.Splits(ci, rows)
			var s uint64
			for p := range parts {
				part, _ := c.CountPart(ci, rows, p*splits/parts, (p+1)*splits/parts)
				s += part
			}
			total += s * uint64(e.Weight(ci, rows))
		}
	}
	return total
}

// TestOnDemandKnownTotals counts with the placements built on demand, in
// a cache too small to hold them, with half boards in small chunks and
// items cut in parts: the totals stay the known ones.
func TestOnDemandKnownTotals(t *testing.T) {
	top := 15
	if !testenv.Slow() {
		top = 14
	}
	for n := MinN; n <= top; n++ {
		s := Settings{OnDemand: true, CacheBytes: 1 << 12, HalfLimit: 200}
		if got := countAllSettings(t, n, s, 1); got != known[n-1] {
			t.Errorf("N=%d on demand: %d solutions, want %d", n, got, known[n-1])
		}
		if got := countAllSettings(t, n, Settings{OnDemand: true}, 3); got != known[n-1] {
			t.Errorf("N=%d on demand, items in three parts: %d solutions, want %d", n, got, known[n-1])
		}
	}
}

// TestRowListsMatchFullList compares every group of the lists built on
// demand with the same group of the whole list, for each configuration's
// forbidden diagonals.
func TestRowListsMatchFullList(t *testing.T) {
	for _, n := range []int{9, 12, 13} {
		e, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		e.List(context.Background())
		full := e.base
		w := newRowWalker(e.m)
		var l rowList
		for ci := range e.Configs() {
			for qd := range 4 {
				f := e.configs[ci].forbid[qd]
				forbid := uint64(f[0]) | uint64(f[1])<<full.field()
				for rows := range uint32(1) << e.m {
					w.build(&l, rows, f)
					v := full.view(rows)
					for r := range uint32(len(l.start) - 1) {
						a, na := l.groupAt(r, full.stride)
						b, nb := keptOff(v, r, full.stride, full.field(), forbid)
						if na != nb || string(a[:na*full.stride]) != string(b) {
							t.Fatalf("N=%d configuration %d quadrant %d rows %b group %d: %d placements on demand, %d listed", n, ci, qd, rows, r, na, nb)
						}
					}
				}
			}
		}
	}
}

// keptOff returns the placements of group r of v that stand on none of
// the forbidden diagonals, as the records a list holds, and how many.
func keptOff(v view, r uint32, stride int, field uint, forbid uint64) ([]byte, int) {
	data, n := v.groupAt(r, stride)
	entry := uint64(1)<<(2*field) - 1
	var kept []byte
	for i := range n {
		p := binary.LittleEndian.Uint64(data[i*stride:]) & entry
		if p&forbid == 0 {
			kept = binary.LittleEndian.AppendUint64(kept, p)[:len(kept)+stride]
		}
	}
	return kept, len(kept) / stride
}

// TestOnDemandMemoryBound counts items of N=18 and 19 on demand and
// checks that the cache and the half boards stay within Memory's share of
// a counter.
func TestOnDemandMemoryBound(t *testing.T) {
	for _, n := range []int{16, 17} {
		e, err := NewSettings(context.Background(), n, Settings{OnDemand: true, CacheBytes: 1 << 16, HalfLimit: 1 << 12})
		if err != nil {
			t.Fatal(err)
		}
		c := e.NewCounter()
		shared := e.Memory(0)
		per := e.Memory(1) - shared
		for ci := range e.Configs() {
			sets := e.Sets(ci)
			for i := 0; i < len(sets); i += 7 {
				c.Count(ci, sets[i])
				held := c.cache.bytes + 8*uint64(cap(c.east)+cap(c.west)+cap(c.bigBuf)+cap(c.smallBuf)) + uint64(cap(c.class))
				if held > per {
					t.Fatalf("N=%d item %d of configuration %d: the counter holds %d bytes, Memory allows %d", n, i, ci, held, per)
				}
			}
		}
	}
}

// BenchmarkOnDemandItem counts an item of N=16 again and again with its
// lists in the cache: no allocation.
func BenchmarkOnDemandItem(b *testing.B) {
	e, err := NewSettings(context.Background(), 16, Settings{OnDemand: true})
	if err != nil {
		b.Fatal(err)
	}
	c := e.NewCounter()
	sets := e.Sets(0)
	rows := sets[len(sets)/2]
	c.Count(0, rows)
	b.ReportAllocs()
	for b.Loop() {
		c.Count(0, rows)
	}
}

// TestGroupCounts compares the counts of the groups of placements, which
// newQuarters takes from half the sets of rows and half of each walk by
// the square's symmetries, with a plain walk of every placement.
func TestGroupCounts(t *testing.T) {
	for m := 2; m <= 9; m++ {
		q := newQuarters(m, nil)
		want := make(map[[2]uint32]uint32)
		var walk func(row int, rows, cols uint32, sums, diffs uint64)
		walk = func(row int, rows, cols uint32, sums, diffs uint64) {
			if row == m {
				want[[2]uint32{rows, cols}]++
				return
			}
			walk(row+1, rows, cols, sums, diffs)
			for col := range m {
				s, d := uint64(1)<<(row+col), uint64(1)<<(row-col+m)
				if cols&(1<<col) == 0 && sums&s == 0 && diffs&d == 0 {
					walk(row+1, rows|1<<row, cols|1<<col, sums|s, diffs|d)
				}
			}
		}
		walk(0, 0, 0, 0, 0)
		total := 0
		for rows := range uint32(1) << m {
			forEachSubset(m, bits.OnesCount32(rows), func(cols, r uint32) {
				k := q.keys[rows] + r
				got := q.start[k+1] - q.start[k]
				if w := want[[2]uint32{rows, cols}]; got != w {
					t.Fatalf("m=%d rows %b columns %b: %d placements counted, %d walked", m, rows, cols, got, w)
				}
				total += int(got)
			})
		}
		if total != q.placements() {
			t.Fatalf("m=%d: groups add up to %d, the list holds %d", m, total, q.placements())
		}
	}
}

// TestSlicesAddUp counts items of listed and on-demand engines, even and
// odd, as the pairs of slices of each side, three of each half of the
// east splits and two of the west ones: they add up to the items'
// counts.
func TestSlicesAddUp(t *testing.T) {
	for _, tc := range []struct {
		n int
		s Settings
	}{{11, Settings{}}, {12, Settings{}}, {12, Settings{OnDemand: true}}, {13, Settings{OnDemand: true}}} {
		e, err := NewSettings(context.Background(), tc.n, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		c := e.NewCounter()
		var total uint64
		for ci := range e.Configs() {
			for _, rows := range e.Sets(ci) {
				eastCosts, _ := e.SplitCosts(nil, ci, rows)
				westCosts := e.WestSplitCosts(nil, ci, rows)
				var sum uint64
				// Three slices of the east splits cut in two ranges,
				// and two of all the west splits.
				cut := len(eastCosts) / 2
				for _, r := range [][2]int{{0, cut}, {cut, len(eastCosts)}} {
					for i := range 3 {
						for j := range 2 {
							east := Slice{First: r[0], Last: r[1], From: float64(i) / 3, To: float64(i+1) / 3}
							west := Slice{First: 0, Last: len(westCosts), From: float64(j) / 2, To: float64(j+1) / 2}
							sum += c.CountSlices(ci, rows, east, west).Solutions
						}
					}
				}
				want, _ := c.Count(ci, rows)
				if sum != want {
					t.Fatalf("N=%d %+v configuration %d rows %b: slices add up to %d, the item counts %d", tc.n, tc.s, ci, rows, sum, want)
				}
				total += sum * uint64(e.Weight(ci, rows))
			}
		}
		if total != known[tc.n-1] {
			t.Fatalf("N=%d %+v: slices count %d, want %d", tc.n, tc.s, total, known[tc.n-1])
		}
	}
}

// TestSharesAddUp cuts the east side of every item, and of two ranges of
// its splits, into shares of uneven widths, counted in small chunks: the
// shares add up to the item's count, with the engine's lists whole or
// built on demand, and they count what slices of the same shares hold.
func TestSharesAddUp(t *testing.T) {
	cuts := [][]float64{{0, 1}, {0, 0.5, 1}, {0, 0.1, 0.37, 0.38, 0.9, 1}, {0, 1e-9, 1 - 1e-9, 1}}
	for _, tc := range []struct {
		n int
		s Settings
	}{{10, Settings{}}, {11, Settings{HalfLimit: 64}}, {12, Settings{OnDemand: true, HalfLimit: 100}}, {13, Settings{OnDemand: true}}} {
		e, err := NewSettings(context.Background(), tc.n, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		c := e.NewCounter()
		var total uint64
		for ci := range e.Configs() {
			for _, rows := range e.Sets(ci) {
				want, _ := c.Count(ci, rows)
				splits := e.Splits(ci, rows)
				westSplits := e.WestSplits(ci, rows)
				for k, cut := range cuts {
					var sum uint64
					for _, r := range [][2]int{{0, splits / 3}, {splits / 3, splits}} {
						for i := 1; i < len(cut); i++ {
							got, _ := c.CountShare(ci, rows, r[0], r[1], cut[i-1], cut[i])
							if k == 2 && tc.n == 11 {
								east := Slice{First: r[0], Last: r[1], From: cut[i-1], To: cut[i]}
								west := Slice{First: 0, Last: westSplits, From: 0, To: 1}
								if sl := c.CountSlices(ci, rows, east, west).Solutions; sl != got {
									t.Fatalf("N=%d configuration %d rows %b splits %v share %g to %g: %d solutions, the slice holds %d", tc.n, ci, rows, r, cut[i-1], cut[i], got, sl)
								}
							}
							sum += got
						}
					}
					if sum != want {
						t.Fatalf("N=%d %+v configuration %d rows %b cut %v: shares add up to %d, the item counts %d", tc.n, tc.s, ci, rows, cut, sum, want)
					}
				}
				total += want * uint64(e.Weight(ci, rows))
			}
		}
		if total != known[tc.n-1] {
			t.Fatalf("N=%d: %d solutions, want %d", tc.n, total, known[tc.n-1])
		}
	}
}

// BenchmarkGroupCounts counts the groups of placements of the quadrant
// of N = 24, as the engines of the largest boards do first.
func BenchmarkGroupCounts(b *testing.B) {
	for b.Loop() {
		newQuarters(12, nil)
	}
}

// BenchmarkItemCosts sums the products of the group sizes of a side of
// every item of N = 24 with each of the kernels: the cost of an item,
// which the plan takes for each. It reports nanoseconds a group.
func BenchmarkItemCosts(b *testing.B) {
	const m = 12
	q := newQuarters(m, nil)
	kernels := map[string]func(up, low []uint32) uint64{"go": dotReversedGo}
	if haveAVX512 {
		kernels["avx512"] = dotReversed
	}
	for name, dot := range kernels {
		b.Run("kernel="+name, func(b *testing.B) {
			groups := 0
			for b.Loop() {
				for up := range uint32(1) << m {
					k := uint32(bits.OnesCount32(up))
					n := binomial[m][k]
					for low := range uint32(1) << m {
						if uint32(bits.OnesCount32(low)) == m-k {
							dot(q.start[q.keys[up]:][:n+1], q.start[q.keys[low]:][:n+1])
							groups += int(n)
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(groups), "ns/group")
		})
	}
}

// TestProgressOfChunks counts items of N=14 in small chunks with Progress
// set: the shares it reports rise to 1 and never fall, and the counts are
// those of a counter without it.
func TestProgressOfChunks(t *testing.T) {
	e, err := NewSettings(context.Background(), 14, Settings{OnDemand: true, HalfLimit: 300})
	if err != nil {
		t.Fatal(err)
	}
	plain, watched := e.NewCounter(), e.NewCounter()
	var shares []float64
	watched.Progress = func(share float64) { shares = append(shares, share) }
	sets := e.Sets(0)
	many := 0
	for i := 0; i < len(sets); i += 5 {
		shares = shares[:0]
		want, _ := plain.Count(0, sets[i])
		got, _ := watched.Count(0, sets[i])
		if got != want {
			t.Fatalf("east set %d: %d solutions with Progress, %d without", i, got, want)
		}
		for k, s := range shares {
			if s < 0 || s > 1 || k > 0 && s < shares[k-1] {
				t.Fatalf("east set %d: shares %v", i, shares)
			}
		}
		if len(shares) > 0 && shares[len(shares)-1] != 1 {
			t.Fatalf("east set %d: the last share is %g, not 1", i, shares[len(shares)-1])
		}
		if len(shares) > 3 {
			many++
		}
	}
	if many == 0 {
		t.Error("no item reported its progress more than three times")
	}
}
