package variant

import (
	"context"
	"math/rand/v2"
	"testing"
)

// excludedInstance returns an Excluded Diagonals instance on the n×n
// board in the manner of the CSPLib generator: diagonals are drawn in a
// random order and kept while every row and column keeps at least four
// allowed squares, until d are kept.
func excludedInstance(n, d int, seed uint64) Instance {
	rng := rand.New(rand.NewPCG(seed, 80))
	var all []Diagonal
	for k := range 2*n - 1 {
		all = append(all, Diagonal{Sum: true, K: k}, Diagonal{K: k - (n - 1)})
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	in := Instance{N: n}
	for _, diag := range all {
		if len(in.Excluded) == d {
			break
		}
		try := Instance{N: n, Excluded: append(in.Excluded[:len(in.Excluded):len(in.Excluded)], diag)}
		allow := try.allowed()
		ok := true
		for r := range n {
			col := 0
			for _, a := range allow {
				if a.has(r) {
					col++
				}
			}
			if allow[r].count() < 4 || col < 4 {
				ok = false
			}
		}
		if ok {
			in = try
		}
	}
	return in
}

// blockedInstance returns a Blocked n-Queens instance with each square
// blocked with probability p.
func blockedInstance(n int, p float64, seed uint64) Instance {
	rng := rand.New(rand.NewPCG(seed, 79))
	in := Instance{N: n}
	for r := range n {
		for c := range n {
			if rng.Float64() < p {
				in.Blocked = append(in.Blocked, Square{r, c})
			}
		}
	}
	return in
}

// benchSearch decides or counts the instance on one goroutine and
// reports the nodes and the time per node.
func benchSearch(b *testing.B, in Instance, first bool) {
	if err := in.Check(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		s, ok := newSearcher(&in)
		if !ok {
			b.Fatal("presets on forbidden squares")
		}
		s.first = first
		s.search()
		s.release()
		nodes += s.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	if nodes > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	}
}

// BenchmarkVariantsExcluded decides Excluded Diagonals instances near
// where half of them are solvable.
func BenchmarkVariantsExcluded(b *testing.B) {
	for _, tc := range []struct{ n, d int }{{16, 14}, {20, 18}} {
		b.Run("n="+itoa(tc.n), func(b *testing.B) {
			benchSearch(b, excludedInstance(tc.n, tc.d, 1), true)
		})
	}
}

// BenchmarkVariantsBounds decides a batch of Excluded Diagonals instances
// of N = 18, those with a solution and those without, with the bounds on
// the diagonals and without them; the batch reports its nodes per op.
func BenchmarkVariantsBounds(b *testing.B) {
	var batch []Instance
	for seed := range uint64(8) {
		for _, d := range []int{14, 17, 20, 26} {
			batch = append(batch, excludedInstance(18, d, seed))
		}
	}
	for _, bounds := range []bool{true, false} {
		name := "bounds"
		if !bounds {
			name = "plain"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				for i := range batch {
					s, _ := newSearcher(&batch[i])
					s.first = true
					s.setBounds(&batch[i], false) // at every branching
					s.useBounds = bounds
					s.search()
					s.release()
					nodes += s.nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkVariantsBlocked decides Blocked n-Queens instances as dense
// as those of the ASP competitions: about three quarters of the squares
// blocked at n = 28, 85% at n = 48.
func BenchmarkVariantsBlocked(b *testing.B) {
	for _, tc := range []struct {
		n int
		p float64
	}{{28, 0.76}, {48, 0.85}} {
		b.Run("n="+itoa(tc.n), func(b *testing.B) {
			benchSearch(b, blockedInstance(tc.n, tc.p, 2), true)
		})
	}
}

// BenchmarkVariantsCount counts the solutions of a blocked 13×13 board,
// on one goroutine and on every core.
func BenchmarkVariantsCount(b *testing.B) {
	in := blockedInstance(13, 0.1, 3)
	b.Run("serial", func(b *testing.B) { benchSearch(b, in, false) })
	b.Run("parallel", func(b *testing.B) {
		var total Uint128
		for b.Loop() {
			var err error
			if total, err = Count(context.Background(), &in, 0, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(total.Lo)*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
	})
}

// benchDLX decides or counts the instance by the dancing links and
// reports the nodes and the time per node.
func benchDLX(b *testing.B, in Instance, first bool) {
	if err := in.Check(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		d := newDLX(&in)
		d.run(context.Background(), first)
		nodes += d.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	if nodes > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	}
}

// BenchmarkVariantsDLX runs the dancing links on the instances of
// BenchmarkVariantsExcluded, BenchmarkVariantsBlocked and the serial
// BenchmarkVariantsCount, to measure them against the bitboard search.
func BenchmarkVariantsDLX(b *testing.B) {
	for _, tc := range []struct{ n, d int }{{16, 14}, {20, 18}} {
		b.Run("excluded/n="+itoa(tc.n), func(b *testing.B) {
			benchDLX(b, excludedInstance(tc.n, tc.d, 1), true)
		})
	}
	for _, tc := range []struct {
		n int
		p float64
	}{{28, 0.76}, {48, 0.85}} {
		b.Run("blocked/n="+itoa(tc.n), func(b *testing.B) {
			benchDLX(b, blockedInstance(tc.n, tc.p, 2), true)
		})
	}
	b.Run("count", func(b *testing.B) { benchDLX(b, blockedInstance(13, 0.1, 3), false) })
}

// BenchmarkVariantsDLXSearch is the inner loop of the dancing links
// alone, without building them: it must not allocate.
func BenchmarkVariantsDLXSearch(b *testing.B) {
	in := blockedInstance(13, 0.1, 3)
	d := newDLX(&in)
	d.run(context.Background(), false)
	b.ReportAllocs()
	for b.Loop() {
		d.search()
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// BenchmarkVariantsSymmetry counts instances that symmetries of the board
// map to themselves on one goroutine, by the plain search and by the
// symmetric count that Instance.Count makes of them: the empty 14×14
// board (all eight symmetries), that board with its long diagonals
// excluded and the squares next to its corners blocked (all eight), and
// with a few squares blocked that only the half turn and the transposes
// keep.
func BenchmarkVariantsSymmetry(b *testing.B) {
	for _, tc := range []struct {
		name string
		in   Instance
	}{
		{"d4/n=14", Instance{N: 14}},
		{"d4-blocked/n=15", Instance{N: 15,
			Excluded: []Diagonal{{Sum: true, K: 14}, {K: 0}},
			Blocked:  []Square{{0, 1}, {1, 0}, {0, 13}, {1, 14}, {13, 0}, {14, 1}, {13, 14}, {14, 13}}}},
		{"transposes/n=14", Instance{N: 14, Blocked: []Square{{0, 2}, {2, 0}, {13, 11}, {11, 13}, {5, 5}, {8, 8}}}},
	} {
		in := tc.in
		base, _ := newSearcher(&in)
		group := in.symmetryGroup()
		b.Run(tc.name+"/plain", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				base.run(context.Background(), 1, every, nil)
			}
		})
		b.Run(tc.name+"/symmetric", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := base.countSymmetric(context.Background(), group, 1, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(group)), "symmetries")
		})
	}
}

// BenchmarkVariantsSolveMany decides, one after the other, a batch of
// small Excluded Diagonals instances with Solve and AnySolution on two
// workers, as a benchmark file's runs are decided: most take well under
// a millisecond, so that what a run costs besides its search, the race's
// goroutines and the scratch of its searchers, counts. It reports the
// bytes and allocations of a batch.
func BenchmarkVariantsSolveMany(b *testing.B) {
	var batch []Instance
	for seed := range uint64(4) {
		for _, d := range []int{8, 12, 16, 20} {
			batch = append(batch, excludedInstance(14, d, seed))
		}
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for i := range batch {
			Solve(ctx, &batch[i], 2, true)
		}
	}
}
