package queens

import (
	"encoding/json"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

var two128 = new(big.Int).Lsh(big.NewInt(1), 128)

func TestUint128Arithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	max := Uint128{math.MaxUint64, math.MaxUint64}
	for range 5000 {
		x := Uint128{rng.Uint64() >> rng.IntN(65), rng.Uint64()}
		y := Uint128{rng.Uint64() >> rng.IntN(65), rng.Uint64()}
		if rng.IntN(3) == 0 {
			x.Hi = 0
		}
		v := rng.Uint64() >> rng.IntN(64)
		bx, by := x.Big(), y.Big()

		if sum := new(big.Int).Add(bx, by); sum.Cmp(two128) < 0 {
			if got := x.Add(y); got.Big().Cmp(sum) != 0 {
				t.Fatalf("%v + %v = %v, want %v", x, y, got, sum)
			}
		} else {
			mustPanic(t, func() { x.Add(y) })
		}
		if prod := new(big.Int).Mul(bx, new(big.Int).SetUint64(v)); prod.Cmp(two128) < 0 {
			if got := x.Mul64(v); got.Big().Cmp(prod) != 0 {
				t.Fatalf("%v × %d = %v, want %v", x, v, got, prod)
			}
		} else {
			mustPanic(t, func() { x.Mul64(v) })
		}
		if got, want := x.Cmp(y), bx.Cmp(by); got != want {
			t.Fatalf("Cmp(%v, %v) = %d, want %d", x, y, got, want)
		}
		if x.String() != bx.String() {
			t.Fatalf("String() = %s, want %s", x, bx)
		}
	}
	if max.Cmp(max) != 0 || U128(1).Cmp(U128(2)) != -1 || U128(2).Cmp(U128(1)) != 1 {
		t.Error("Cmp of simple values is wrong")
	}
	mustPanic(t, func() { max.Add64(1) })
	mustPanic(t, func() { Uint128{Hi: 1}.Mul64(1 << 63).Mul64(2) })
	if got := U128(math.MaxUint64).Add64(1); got != (Uint128{Hi: 1}) {
		t.Errorf("carry: got %+v", got)
	}
	if got := max.Mul64(1); got != max {
		t.Errorf("max × 1 = %v", got)
	}
	if got := max.Mul64(0); got != (Uint128{}) {
		t.Errorf("max × 0 = %v", got)
	}
}

func mustPanic(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatal("no panic on overflow")
		}
	}()
	f()
}

func TestUint128Conversions(t *testing.T) {
	x := U128(666090624)
	if !x.IsUint64() || x.Uint64() != 666090624 || x.String() != "666090624" {
		t.Errorf("U128(666090624) = %+v", x)
	}
	y := Uint128{Hi: 1, Lo: 5}
	if y.IsUint64() || y.String() != "18446744073709551621" {
		t.Errorf("2^64+5 = %v, IsUint64 %v", y, y.IsUint64())
	}
	if (Uint128{}).String() != "0" {
		t.Error("zero does not print as 0")
	}
}

func TestUint128JSON(t *testing.T) {
	for _, x := range []Uint128{{}, U128(92), {Hi: 1, Lo: 5}, {math.MaxUint64, math.MaxUint64}} {
		b, err := json.Marshal(struct{ V Uint128 }{x})
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"V":` + x.String() + `}`; string(b) != want {
			t.Errorf("Marshal(%v) = %s, want %s", x, b, want)
		}
		var back struct{ V Uint128 }
		if err := json.Unmarshal(b, &back); err != nil || back.V != x {
			t.Errorf("Unmarshal(%s) = %v, %v", b, back.V, err)
		}
		if err := json.Unmarshal([]byte(`{"V":"`+x.String()+`"}`), &back); err != nil || back.V != x {
			t.Errorf("Unmarshal of quoted %v = %v, %v", x, back.V, err)
		}
	}
	keep := U128(7)
	if err := json.Unmarshal([]byte(`null`), &keep); err != nil || keep != U128(7) {
		t.Errorf("Unmarshal(null) = %v, %v; want no change", keep, err)
	}
	for _, bad := range []string{`-1`, `1.5`, `"abc"`, `340282366920938463463374607431768211456`, `""`, `1e3`, `true`} {
		var x Uint128
		if err := json.Unmarshal([]byte(bad), &x); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", bad, x)
		}
	}
}

// TestUint128Mul64Carry guards the overflow check of Mul64 where neither
// half of the product overflows alone: the high word times v fits in 64
// bits, but adding the carry of the low word's product to it does not.
// The random cases of TestUint128Arithmetic almost never get there.
func TestUint128Mul64Carry(t *testing.T) {
	for _, tc := range []struct {
		x Uint128
		v uint64
	}{
		{Uint128{Hi: 1, Lo: math.MaxUint64}, math.MaxUint64},
		{Uint128{Hi: math.MaxUint64 / 3, Lo: math.MaxUint64}, 3},
	} {
		prod := new(big.Int).Mul(tc.x.Big(), new(big.Int).SetUint64(tc.v))
		hi, _ := bits.Mul64(tc.x.Hi, tc.v)
		if prod.Cmp(two128) < 0 || hi != 0 {
			t.Fatalf("%v × %d does not overflow by the carry alone", tc.x, tc.v)
		}
		mustPanic(t, func() { tc.x.Mul64(tc.v) })
	}
	// Just below the limit the carry is taken in.
	x := Uint128{Hi: 1<<63 - 1, Lo: 1<<63 - 1}
	if got, want := x.Mul64(2), (Uint128{Hi: math.MaxUint64 - 1, Lo: math.MaxUint64 - 1}); got != want {
		t.Errorf("%v × 2 = %v, want %v", x, got, want)
	}
}
