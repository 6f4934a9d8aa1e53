package join

import (
	"context"
	"encoding/binary"
	"testing"
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
	if testing.Short() {
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
