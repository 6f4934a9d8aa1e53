package queens

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestScanAboveKernel compares the assembly scan, where the processor
// runs it, with its pure-Go twin on random boards of every width.
func TestScanAboveKernel(t *testing.T) {
	if !haveScanAVX512 {
		t.Skip("no AVX-512 scan kernel on this processor or build")
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 20000 {
		n := 1 + rng.IntN(64)
		full := ^uint64(0) >> (64 - n)
		var above [64]uint64
		for q := range n {
			above[q] = rng.Uint64() & rng.Uint64() & full
		}
		open := rng.Uint64() & full
		if i%3 == 0 {
			open &= rng.Uint64()
		}
		r, c := rng.IntN(n), rng.IntN(n)
		open &^= 1 << r
		var want, got [64]uint64
		for q := range 64 {
			want[q], got[q] = ^uint64(q), ^uint64(q)
		}
		k0, a1, a2, a3 := scanAboveGo(&above, &want, open, r, c)
		k1, b1, b2, b3 := scanAboveAVX512(&above, &got, open, r, c)
		if k0 != k1 || a1 != b1 || a2 != b2 || a3 != b3 || want != got {
			t.Fatalf("n=%d open=%#x r=%d c=%d: Go gives key %#x counts %#x %#x %#x, assembly %#x %#x %#x %#x (frees equal: %v)",
				n, open, r, c, k0, a1, a2, a3, k1, b1, b2, b3, want == got)
		}
		if open == 0 && k0 != ^uint64(0) {
			t.Fatalf("no empty row, key %#x", k0)
		}
		if open != 0 && int(k0&63) >= n || open>>(k0&63)&1 == 0 && open != 0 {
			t.Fatalf("key %#x names a row that is not empty", k0)
		}
		if open != 0 && uint64(bits.OnesCount64(want[k0&63])) != k0>>6 {
			t.Fatalf("key %#x has the wrong count", k0)
		}
	}
}

// TestLossKernel compares the assembly count of the squares a queen
// takes with its pure-Go twin.
func TestLossKernel(t *testing.T) {
	if !haveScanAVX512 {
		t.Skip("no AVX-512 scan kernel on this processor or build")
	}
	rng := rand.New(rand.NewPCG(5, 3))
	for range 20000 {
		n := 1 + rng.IntN(64)
		full := ^uint64(0) >> (64 - n)
		var frees [64]uint64
		for q := range 64 {
			frees[q] = rng.Uint64() & full
		}
		open := rng.Uint64() & full
		r, c := rng.IntN(n), rng.IntN(n)
		if want, got := lossGo(&frees, open, r, c), lossAVX512(&frees, open, r, c); want != got {
			t.Fatalf("n=%d open=%#x r=%d c=%d: Go counts %d, assembly %d", n, open, r, c, want, got)
		}
	}
}

// TestDiagonalsKernel compares the assembly sets of diagonals with the
// free squares with their pure-Go twin.
func TestDiagonalsKernel(t *testing.T) {
	if !haveScanAVX512 {
		t.Skip("no AVX-512 scan kernel on this processor or build")
	}
	rng := rand.New(rand.NewPCG(2, 9))
	for range 20000 {
		n := 1 + rng.IntN(boundsN)
		full := uint64(1)<<n - 1
		var frees [64]uint64
		for q := range n {
			frees[q] = rng.Uint64() & rng.Uint64() & full
		}
		open := rng.Uint64() & full
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
	if !haveScanAVX512 {
		t.Skip("no AVX-512 scan kernel on this processor or build")
	}
	rng := rand.New(rand.NewPCG(4, 1))
	for range 20000 {
		n := 1 + rng.IntN(64)
		full := ^uint64(0) >> (64 - n)
		var frees [64]uint64
		for q := range 64 {
			frees[q] = rng.Uint64() & rng.Uint64() & full
		}
		open, c := rng.Uint64()&full, rng.IntN(n)
		if want, got := columnRowsGo(&frees, open, c), columnRowsAVX512(&frees, open, c); want != got {
			t.Fatalf("n=%d open=%#x c=%d: Go gives %#x, assembly %#x", n, open, c, want, got)
		}
	}
}
