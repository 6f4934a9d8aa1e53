package queens

import (
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
)

// Uint128 is an unsigned 128-bit integer, wide enough for every solution
// and node count of a board this package accepts: Q(27) is about 2.3e17,
// and Q(29) already exceeds the 64-bit range. The zero value is 0.
type Uint128 struct {
	Hi, Lo uint64
}

// U128 returns v as a Uint128.
func U128(v uint64) Uint128 { return Uint128{Lo: v} }

// Add returns x+y. It panics on overflow past 2^128, which no count of
// this package can reach; a silent wrap would be a wrong answer.
func (x Uint128) Add(y Uint128) Uint128 {
	lo, carry := bits.Add64(x.Lo, y.Lo, 0)
	hi, carry := bits.Add64(x.Hi, y.Hi, carry)
	if carry != 0 {
		panic("queens: Uint128 overflow")
	}
	return Uint128{hi, lo}
}

// Add64 returns x+v.
func (x Uint128) Add64(v uint64) Uint128 { return x.Add(Uint128{Lo: v}) }

// Mul64 returns x·v. It panics on overflow past 2^128.
func (x Uint128) Mul64(v uint64) Uint128 {
	hi, lo := bits.Mul64(x.Lo, v)
	h2, l2 := bits.Mul64(x.Hi, v)
	sum, carry := bits.Add64(hi, l2, 0)
	if h2 != 0 || carry != 0 {
		panic("queens: Uint128 overflow")
	}
	return Uint128{sum, lo}
}

// Div64 returns the quotient x/v and the remainder x mod v. It panics
// when v is 0.
func (x Uint128) Div64(v uint64) (q Uint128, r uint64) {
	if v == 0 {
		panic("queens: Uint128 division by zero")
	}
	q.Hi, r = bits.Div64(0, x.Hi, v)
	q.Lo, r = bits.Div64(r, x.Lo, v)
	return q, r
}

// Cmp compares x and y and returns -1, 0 or +1.
func (x Uint128) Cmp(y Uint128) int {
	switch {
	case x.Hi < y.Hi, x.Hi == y.Hi && x.Lo < y.Lo:
		return -1
	case x == y:
		return 0
	}
	return 1
}

// IsUint64 reports whether x fits in a uint64.
func (x Uint128) IsUint64() bool { return x.Hi == 0 }

// Uint64 returns the low 64 bits of x; use [Uint128.IsUint64] first.
func (x Uint128) Uint64() uint64 { return x.Lo }

// Big returns x as a new big.Int.
func (x Uint128) Big() *big.Int {
	b := new(big.Int).SetUint64(x.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.Lo))
}

// String returns x in decimal.
func (x Uint128) String() string {
	if x.Hi == 0 {
		return strconv.FormatUint(x.Lo, 10)
	}
	return x.Big().String()
}

// MarshalJSON encodes x as a bare JSON number with every digit exact.
func (x Uint128) MarshalJSON() ([]byte, error) { return []byte(x.String()), nil }

// UnmarshalJSON decodes a JSON number or a string of decimal digits. A
// JSON null leaves x as it is, as for the types of encoding/json.
func (x *Uint128) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	return x.UnmarshalText([]byte(s))
}

// UnmarshalText decodes decimal digits.
func (x *Uint128) UnmarshalText(b []byte) error {
	v, ok := new(big.Int).SetString(string(b), 10)
	if !ok || v.Sign() < 0 || v.BitLen() > 128 {
		return fmt.Errorf("queens: %q is not an unsigned 128-bit integer", b)
	}
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0)))
	x.Lo = lo.Uint64()
	x.Hi = new(big.Int).Rsh(v, 64).Uint64()
	return nil
}
