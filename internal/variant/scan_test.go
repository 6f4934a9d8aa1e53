package variant

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// randomRows returns a random board of at most maxN columns for the
// kernel tests: its width, the free squares of its rows (with arbitrary
// words beyond its rows, which the kernels must not use), a queen's
// square (r, c), and the empty rows, without r; some have few rows, and
// some none in whole groups of eight, which the kernels skip.
func randomRows(rng *rand.Rand, maxN int) (n int, frees [64]uint64, open uint64, r, c int) {
	n = 1 + rng.IntN(maxN)
	full := ^uint64(0) >> (64 - n)
	for q := range 64 {
		frees[q] = rng.Uint64() & rng.Uint64()
		if q < n {
			frees[q] &= full
		}
	}
	open = rng.Uint64() & full
	if rng.IntN(3) == 0 {
		open &= rng.Uint64()
	}
	if rng.IntN(3) == 0 {
		for g := 0; g < 64; g += 8 {
			if rng.IntN(2) == 0 {
				open &^= 0xFF << g
			}
		}
	}
	r, c = rng.IntN(n), rng.IntN(n)
	return n, frees, open &^ (1 << r), r, c
}

// skipWithoutScanKernels skips a test of the AVX-512 kernels where they
// do not run.
func skipWithoutScanKernels(t *testing.T) {
	if !haveScanAVX512 {
		t.Skip("no AVX-512 scan kernels on this processor or build")
	}
}

// TestScanAboveKernel compares the assembly scan, where the processor
// runs it, with its pure-Go twin on random boards of every width.
func TestScanAboveKernel(t *testing.T) {
	skipWithoutScanKernels(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for range 20000 {
		n, above, open, r, c := randomRows(rng, 64)
		var want, got [64]uint64
		for q := range 64 {
			want[q], got[q] = ^uint64(q), ^uint64(q)
		}
		cols := uint64(1) << c
		if rng.IntN(8) == 0 {
			cols = 0 // the root: no queen
		}
		k0, a1, a2 := scanAboveGo(&above, &want, open, r, cols)
		k1, b1, b2 := scanAboveAVX512(&above, &got, open, r, cols)
		if k0>>6 == 0 {
			// A row without a free square: only the key is defined.
			if k0 != k1 {
				t.Fatalf("n=%d open=%#x r=%d cols=%#x: Go gives key %#x, assembly %#x", n, open, r, cols, k0, k1)
			}
			continue
		}
		frees := true // the free squares of the rows of open
		for rs := open; rs != 0; rs &= rs - 1 {
			q := bits.TrailingZeros64(rs)
			frees = frees && want[q] == got[q]
		}
		if k0 != k1 || a1 != b1 || a2 != b2 || !frees {
			t.Fatalf("n=%d open=%#x r=%d cols=%#x: Go gives key %#x counts %#x %#x, assembly %#x %#x %#x (frees equal: %v)",
				n, open, r, cols, k0, a1, a2, k1, b1, b2, frees)
		}
		switch row := k0 & 63; {
		case open == 0 && k0 != ^uint64(0):
			t.Fatalf("no empty row, key %#x", k0)
		case open != 0 && open>>row&1 == 0:
			t.Fatalf("key %#x names a row that is not empty", k0)
		case open != 0 && uint64(bits.OnesCount64(want[row])) != k0>>6:
			t.Fatalf("key %#x has the wrong count", k0)
		}
	}
}

// TestLossKernel compares the assembly count of the squares a queen
// takes with its pure-Go twin.
func TestLossKernel(t *testing.T) {
	skipWithoutScanKernels(t)
	rng := rand.New(rand.NewPCG(5, 3))
	for range 20000 {
		n, frees, open, r, c := randomRows(rng, 64)
		cols := uint64(1) << c
		if rng.IntN(2) == 0 {
			cols |= frees[r]
		}
		if want, got := lossGo(&frees, open, r, cols), lossAVX512(&frees, open, r, cols); want != got {
			t.Fatalf("n=%d open=%#x r=%d cols=%#x: Go counts %d, assembly %d", n, open, r, cols, want, got)
		}
	}
}

// TestDiagonalsKernel compares the assembly sets of diagonals with the
// free squares with their pure-Go twin.
func TestDiagonalsKernel(t *testing.T) {
	skipWithoutScanKernels(t)
	rng := rand.New(rand.NewPCG(2, 9))
	for range 20000 {
		n, frees, open, _, _ := randomRows(rng, boundsN)
		s0, d0 := diagonalsGo(&frees, open, n)
		s1, d1 := diagonalsAVX512(&frees, open, n)
		if s0 != s1 || d0 != d1 {
			t.Fatalf("n=%d open=%#x: Go gives %#x %#x, assembly %#x %#x", n, open, s0, d0, s1, d1)
		}
	}
}

// TestColumnRowsKernel compares the assembly rows of a column's free
// squares with their pure-Go twin.
func TestColumnRowsKernel(t *testing.T) {
	skipWithoutScanKernels(t)
	rng := rand.New(rand.NewPCG(4, 1))
	for range 20000 {
		n, frees, open, _, c := randomRows(rng, 64)
		if want, got := columnRowsGo(&frees, open, c), columnRowsAVX512(&frees, open, c); want != got {
			t.Fatalf("n=%d open=%#x c=%d: Go gives %#x, assembly %#x", n, open, c, want, got)
		}
	}
}

// kernelNode returns the free squares of a node of a 21×21 board with
// twelve empty rows, about six free squares each, for the kernel
// benchmarks.
func kernelNode() (frees [64]uint64, open uint64) {
	rng := rand.New(rand.NewPCG(21, 12))
	for bits.OnesCount64(open) < 12 {
		open |= 1 << rng.IntN(21)
	}
	for q := range 21 {
		for bits.OnesCount64(frees[q]) < 6 {
			frees[q] |= 1 << rng.IntN(21)
		}
	}
	return frees, open
}

// TestColumnsThree checks the pure-Go count of the columns with three
// free squares or more against a count square by square, and the
// assembly kernel, where the processor runs it, against its twin, on
// random boards of every width.
func TestColumnsThree(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for range 20000 {
		n, frees, open, _, _ := randomRows(rng, 64)
		var want uint64
		for c := range n {
			count := 0
			for rs := open; rs != 0; rs &= rs - 1 {
				count += int(frees[bits.TrailingZeros64(rs)] >> c & 1)
			}
			if count >= 3 {
				want |= 1 << c
			}
		}
		if got := columnsThreeGo(&frees, open); got != want {
			t.Fatalf("n=%d open=%#x: Go gives %#x, want %#x", n, open, got, want)
		}
		if haveScanAVX512 {
			if got := columnsThreeAVX512(&frees, open); got != want {
				t.Fatalf("n=%d open=%#x: assembly gives %#x, want %#x", n, open, got, want)
			}
		}
	}
}

// BenchmarkInstanceKernels times each kernel of the search in assembly
// and in pure Go on one node: `go test -run '^$' -bench InstanceKernels .`.
func BenchmarkInstanceKernels(b *testing.B) {
	frees, open := kernelNode()
	sums, diffs := diagonalsGo(&frees, open, 21)
	su, sd := fold(sums, 21)
	du, dd := fold(diffs, 21)
	var out [64]uint64
	var sink uint64
	const lightMask = 0x3333333333333333 // the light diagonals of both families, n odd
	kernels := []struct {
		name     string
		assembly bool
		run      func(i int)
	}{
		{"scan/go", false, func(i int) {
			k, c1, c2 := scanAboveGo(&frees, &out, open, i&7, 1<<(i&15))
			sink += k ^ c1 ^ c2
		}},
		{"scan/avx512", true, func(i int) {
			k, c1, c2 := scanAboveAVX512(&frees, &out, open, i&7, 1<<(i&15))
			sink += k ^ c1 ^ c2
		}},
		{"three/go", false, func(i int) { sink += columnsThreeGo(&frees, open>>(i&1)) }},
		{"three/avx512", true, func(i int) { sink += columnsThreeAVX512(&frees, open>>(i&1)) }},
		{"loss/go", false, func(i int) { sink += uint64(lossGo(&frees, open, i&7, 1<<(i&15))) }},
		{"loss/avx512", true, func(i int) { sink += uint64(lossAVX512(&frees, open, i&7, 1<<(i&15))) }},
		{"column/go", false, func(i int) { sink += columnRowsGo(&frees, open, i&15) }},
		{"column/avx512", true, func(i int) { sink += columnRowsAVX512(&frees, open, i&15) }},
		{"diagonals/go", false, func(int) {
			s, d := diagonalsGo(&frees, open, 21)
			sink += s ^ d
		}},
		{"diagonals/avx512", true, func(int) {
			s, d := diagonalsAVX512(&frees, open, 21)
			sink += s ^ d
		}},
		{"bounds/go", false, func(i int) {
			a, b, c, d := indexBoundsGo(sums, diffs, 8+i&3)
			sink += uint64(a + b + c + d + nearBoundGo(su, sd, du, dd, 8+i&3))
		}},
		{"bounds/bmi2", true, func(i int) {
			a, b, c, d := indexBoundsBMI2(sums, diffs, 8+i&3)
			sink += uint64(a + b + c + d + nearBoundBMI2(su, sd, du, dd, 8+i&3))
		}},
		{"colourcore/parts", false, func(i int) {
			zs, zd, a, c, spread, _ := colourCoreGo(&frees, open, open, 21, 12)
			sink += zs ^ zd + uint64(a+c+spread)
		}},
		{"colourcore/avx512", true, func(i int) {
			zs, zd, a, c, spread, _ := colourCoreAVX512(&frees, open, open, 21, 12)
			sink += zs ^ zd + uint64(a+c+spread)
		}},
		{"colour/go", false, func(i int) {
			zs, zd, a, c := colourNearestGo(su, sd, du, dd, 8+i&3, lightMask, lightMask)
			fits, ok := spreadAtGo(zs, zd, lightMask, lightMask, lowSums[21], lowDiffs, 4, 4+i&3, i&3, 1<<20)
			sink += zs ^ zd + uint64(a+c)
			if fits && ok {
				sink++
			}
		}},
		{"colour/bmi2", true, func(i int) {
			zs, zd, a, c := colourNearestBMI2(su, sd, du, dd, 8+i&3, lightMask, lightMask)
			fits, ok := spreadAtBMI2(zs, zd, lightMask, lightMask, lowSums[21], lowDiffs, 4, 4+i&3, i&3, 1<<20)
			sink += zs ^ zd + uint64(a+c)
			if fits && ok {
				sink++
			}
		}},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) {
			if k.assembly && !(haveScanAVX512 && haveBoundsBMI2 && haveColourCore) {
				b.Skip("no assembly kernels on this processor or build")
			}
			for i := 0; b.Loop(); i++ {
				k.run(i)
			}
		})
	}
	_ = sink
}
