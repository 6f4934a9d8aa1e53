package variant

import "math/bits"

// The bounds on the diagonals. Every queen takes one sum and one
// difference diagonal and no two share one, so the m queens still to
// place take m distinct diagonals of each family among those with a free
// square. Two sums over the queens depend only on the rows and columns
// they fill: the indices of their diagonals (Σ(r+c) is the sum of the
// empty rows and free columns, Σ(c-r) their difference), and the squares
// of their distances from the long diagonals ((r'+c')² + (c'-r')² =
// 2r'² + 2c'², r' and c' measured from the middle of the board). A node
// whose sums fall outside the least and greatest sums over m of the
// diagonals left has no solution (for the squares only the least counts:
// the greatest almost never prunes). They see excluded diagonals that
// leave too few long or short ones, which counting free squares per line
// cannot. The colours of the squares add a count of light and dark
// diagonals and a sharper spread (see colourSpread), the indices mod 4 a
// parity (see parityExtraGo). See docs/benchmarks.md for what they prune.

// boundsN is the largest board on which the search uses the bounds: the
// diagonals of both families then fit one word each.
const boundsN = 32

// byteSums[i][b] is the sum of the positions 8i+j of the bits j of the
// byte b, and byteSquares[i][b] the sum of their squares: the sums over
// the rows or the columns of a board of at most 32 by bytes.
var byteSums, byteSquares [4][256]uint16

// zSquares[i][b] is the sum of the squares of the distances d of the bits
// 2d and 2d+1 of byte i of a mask that interleaves two (see nearSquares),
// for the assembly kernel.
var zSquares [8][256]uint16

func init() {
	for i := range 4 {
		for b := range 256 {
			for j := range 8 {
				if b>>j&1 != 0 {
					p := 8*i + j
					byteSums[i][b] += uint16(p)
					byteSquares[i][b] += uint16(p * p)
				}
			}
		}
	}
	for i := range 8 {
		for b := range 256 {
			for j := range 8 {
				if b>>j&1 != 0 {
					d := (8*i + j) >> 1
					zSquares[i][b] += uint16(d * d)
				}
			}
		}
	}
}

// lowSum returns the sum of the positions of the m lowest bits of x,
// which has at least m.
func lowSum(x uint64, m int) int {
	sum := 0
	for ; m > 0; m-- {
		sum += bits.TrailingZeros64(x)
		x &= x - 1
	}
	return sum
}

// highSum returns the sum of the positions of the m highest bits of x,
// which has at least m and none above bit 62.
func highSum(x uint64, m int) int {
	// The positions of the bits of x reversed into y count from 63 down.
	y := bits.Reverse64(x)
	return 63*m - lowSum(y, m)
}

// nearSquares returns the least sum of d² over m of the items of the
// multiset that has d once for every mask of two, near and far, with bit
// d set: the m items nearest 0. The masks have at least m bits together
// and none above bit 31.
func nearSquares(near, far uint64, m int) int {
	// Bit 2d of z is bit d of near and bit 2d+1 bit d of far, so that
	// the bits of z from the lowest are the items from the nearest.
	return zNear(spread(near)|spread(far)<<1, m)
}

// zNear returns the sum of d² over the m lowest bits of the interleaved
// mask z, bit 2d or 2d+1 standing for d; z has at least m bits.
func zNear(z uint64, m int) int {
	sum := 0
	for ; m > 0; m-- {
		d := bits.TrailingZeros64(z) >> 1
		sum += d * d
		z &= z - 1
	}
	return sum
}

// spread moves bit i of x, for i < 32, to bit 2i.
func spread(x uint64) uint64 {
	x &= 0xffffffff
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	x = (x | x<<4) & 0x0f0f0f0f0f0f0f0f
	x = (x | x<<2) & 0x3333333333333333
	return (x | x<<1) & 0x5555555555555555
}

// fold returns, for the diagonals x of one family on the n×n board
// (bit i for diagonal i, 0 ≤ i ≤ 2n-2), the masks of their distances
// from the long diagonal n-1: bit d of up for diagonal n-1+d, bit d of
// down for diagonal n-1-d (d ≥ 1).
func fold(x uint64, n int) (up, down uint64) {
	return x >> (n - 1), bits.Reverse64(x<<(65-n)) << 1 & (1<<n - 1)
}

// bounded reports whether the bounds allow a solution of the node whose
// empty rows have the free squares frees, whose columns without a queen
// are need, and which has m empty rows; s.n ≤ boundsN.
func (s *searcher) bounded(frees *[64]uint64, need uint64, m int) bool {
	if s.useColours {
		var zs, zd uint64
		var nearestS, nearestD, spread int
		var ok bool
		if haveColourCore {
			zs, zd, nearestS, nearestD, spread, ok = colourCoreAVX512(frees, s.open, need, s.n, m)
		} else {
			zs, zd, nearestS, nearestD, spread, ok = colourCoreGo(frees, s.open, need, s.n, m)
		}
		// The colours' bound on the spread is never weaker than the
		// plain one, which it replaces.
		return ok && s.colourSpread(zs, zd, nearestS, nearestD, need, m, spread)
	}
	sums, diffs, spread, ok := diagonalBounds(frees, s.open, need, s.n, m)
	if !ok {
		return false
	}
	su, sd := fold(sums, s.n)
	du, dd := fold(diffs, s.n)
	var near int
	if haveBoundsBMI2 {
		near = nearBoundBMI2(su, sd, du, dd, m)
	} else {
		near = nearBoundGo(su, sd, du, dd, m)
	}
	return 2*near <= spread
}

// diagonalBounds returns the diagonals of each family with a free square
// of the node whose empty rows open have the free squares frees, whose
// columns without a queen are need, and which has m empty rows, on the
// n×n board, n ≤ boundsN: bit r+c of sums, bit c-r+n-1 of diffs. It also
// returns the spread of the rows and the columns, the sum of the squares
// of their doubled distances from the middle, which the diagonals' must
// reach; ok is false where the count of the diagonals by colour or the
// sums of their indices leave no solution.
func diagonalBounds(frees *[64]uint64, open, need uint64, n, m int) (sums, diffs uint64, spread int, ok bool) {
	if haveScanAVX512 {
		sums, diffs = diagonalsAVX512(frees, open, n)
	} else {
		sums, diffs = diagonalsGo(frees, open, n)
	}
	const even = 0x5555555555555555 // the diagonals of the light squares, r+c even
	lightDiffs := uint64(even)      // the difference diagonals of the light squares
	if n%2 == 0 {
		lightDiffs = ^lightDiffs
	}
	light := min(bits.OnesCount64(sums&even), bits.OnesCount64(diffs&lightDiffs))
	dark := min(bits.OnesCount64(sums&^even), bits.OnesCount64(diffs&^lightDiffs))
	if light+dark < m {
		return sums, diffs, 0, false
	}
	rowSum, colSum := indexSum(open), indexSum(need)
	h := n - 1
	t := rowSum + colSum
	u := colSum - rowSum + m*h
	var sumLow, sumHigh, diffLow, diffHigh int
	if haveBoundsBMI2 {
		sumLow, sumHigh, diffLow, diffHigh = indexBoundsBMI2(sums, diffs, m)
	} else {
		sumLow, sumHigh, diffLow, diffHigh = indexBoundsGo(sums, diffs, m)
	}
	if sumLow > t || t > sumHigh || diffLow > u || u > diffHigh {
		return sums, diffs, 0, false
	}
	// The squares of the doubled distances of the m rows and the m
	// columns from the middle: Σ(2i-(n-1))² = 4Σi² - 4(n-1)Σi + 2m(n-1)².
	spread = 4*(indexSquares(open)+indexSquares(need)) - 4*h*t + 2*m*h*h
	return sums, diffs, spread, true
}

// colourMasks returns the light diagonals of each family in the
// interleaved masks of nearSquares on the n×n board: bits 2d and 2d+1
// stand for distance d, and a difference diagonal is light when d is
// even, a sum diagonal when n-1+d is.
func colourMasks(n int) (lightSums, lightDiffs uint64) {
	lightDiffs = 0x3333333333333333
	lightSums = lightDiffs
	if n%2 == 0 {
		lightSums = ^lightSums
	}
	return lightSums, lightDiffs
}

// colourCoreGo is the part of bounded before colourSpread where the
// colours count: diagonalBounds, and for a node that passes, the
// interleaved masks zs and zd of the folded diagonals of each family
// (see nearSquares) and the numbers of light diagonals among the m
// nearest of each. It is the twin of the assembly kernel, which does it
// in one call (see BenchmarkInstanceKernels). Its parts are kernels too
// where the processor has them, each tested against its own pure-Go twin.
func colourCoreGo(frees *[64]uint64, open, need uint64, n, m int) (zs, zd uint64, nearestS, nearestD, spread int, ok bool) {
	sums, diffs, spread, ok := diagonalBounds(frees, open, need, n, m)
	if !ok {
		return 0, 0, 0, 0, 0, false
	}
	su, sd := fold(sums, n)
	du, dd := fold(diffs, n)
	lightSums, lightDiffs := colourMasks(n)
	if haveBoundsBMI2 {
		zs, zd, nearestS, nearestD = colourNearestBMI2(su, sd, du, dd, m, lightSums, lightDiffs)
	} else {
		zs, zd, nearestS, nearestD = colourNearestGo(su, sd, du, dd, m, lightSums, lightDiffs)
	}
	return zs, zd, nearestS, nearestD, spread, true
}

// colourSpread reports whether the bound on the spread holds once the
// colours of the squares count, for a node that passes the others, whose
// diagonals are zs and zd, of which nearestS and nearestD light among the
// m nearest of each family (see colourCoreGo). A queen on a light square
// takes a light diagonal of each family, so the m queens take L light
// diagonals of each, L the number of light queens: L is 2x + m - er - ec,
// with x the queens on an even row and an even column and er and ec the
// even rows and columns still empty, x from max(0, er+ec-m) to
// min(er, ec). For a given L the least spread takes the L nearest light
// and m-L nearest dark diagonals; it is convex in L, least between the
// light counts among the m nearest of each family (the plain bound's
// minimum), so only the L next to those need a look. The parity mod 4
// (see parityExtraGo) adds a cost that is not convex in L, so further
// values of L need a look while their spread without it is small enough.
func (s *searcher) colourSpread(zs, zd uint64, nearestS, nearestD int, need uint64, m, spread int) bool {
	const evenRows = 0x5555555555555555
	lightSums, lightDiffs := colourMasks(s.n)
	er, ec := bits.OnesCount64(s.open&evenRows), bits.OnesCount64(need&evenRows)
	base := m - er - ec // L - 2x
	lo, hi := base+2*max(0, -base), base+2*min(er, ec)
	// L light queens need L light and m-L dark diagonals of each family.
	lo = max(lo, m-min(bits.OnesCount64(zs&^lightSums), bits.OnesCount64(zd&^lightDiffs)))
	hi = min(hi, bits.OnesCount64(zs&lightSums), bits.OnesCount64(zd&lightDiffs))
	lo += (lo - base) & 1
	hi -= (hi - base) & 1
	if lo > hi {
		return false
	}
	a, b := min(nearestS, nearestD), max(nearestS, nearestD)
	from, to := max(lo, a-1), min(hi, b+1)
	from += (from - base) & 1
	if from > to { // every L allowed lies on one side of a..b
		if hi < a {
			from = hi
		} else {
			from = lo
		}
		to = from
	}
	// The parity may make an L beyond from..to the best, but none whose
	// spread is too large without it.
	l := from
	for ; l <= to; l += 2 {
		if _, ok := s.spreadAt(zs, zd, lightSums, lightDiffs, l, m, base, ec, spread); ok {
			return true
		}
	}
	for ; l <= hi; l += 2 {
		fits, ok := s.spreadAt(zs, zd, lightSums, lightDiffs, l, m, base, ec, spread)
		if ok {
			return true
		}
		if !fits {
			break
		}
	}
	for l := from - 2; l >= lo; l -= 2 {
		fits, ok := s.spreadAt(zs, zd, lightSums, lightDiffs, l, m, base, ec, spread)
		if ok || !fits {
			return ok
		}
	}
	return false
}

// spreadAt reports, for l light queens, whether the least spread of l
// light and m-l dark diagonals of each family fits spread, and whether it
// still does once the classes of the diagonals mod 4 count (see
// parityExtraGo); base is L-2x and ec the even columns left.
func (s *searcher) spreadAt(zs, zd, lightSums, lightDiffs uint64, l, m, base, ec, spread int) (fits, ok bool) {
	// With x queens on an even row and an even column, the light ones on
	// an odd row and an odd column number L-x, and the dark ones on an
	// odd row and an even column ec-x.
	x := (l - base) / 2
	odd := (l-x)&1 | (ec-x)&1<<1
	if haveBoundsBMI2 {
		return spreadAtBMI2(zs, zd, lightSums, lightDiffs, lowSums[s.n&63], lowDiffs, l, m-l, odd, spread)
	}
	return spreadAtGo(zs, zd, lightSums, lightDiffs, lowSums[s.n&63], lowDiffs, l, m-l, odd, spread)
}

// spreadAtGo reports whether the least spread of l light and d dark
// diagonals of each family, the nearest in the interleaved masks zs and
// zd, fits spread, and whether it still does with what the parity odd
// adds (see parityExtraGo). It is the twin of the assembly kernel.
func spreadAtGo(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd, spread int) (fits, ok bool) {
	near := splitNearGo(zs, zd, lightSums, lightDiffs, l, d)
	if 2*near > spread {
		return false, false
	}
	extra := parityExtraGo(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs, l, d, odd)
	return true, 2*(near+extra) <= spread
}

// lowSums[n] holds the sum diagonals of the n×n board whose index is 0
// or 1 mod 4, and lowDiffs the difference diagonals c-r that are, in the
// interleaved masks of nearSquares: the lower class of each colour.
var lowSums [64]uint64
var lowDiffs uint64

func init() {
	low := func(i int) bool { return i&3 < 2 } // i&3 is i mod 4, also for i < 0
	for d := range boundsN {
		if low(d) {
			lowDiffs |= 1 << (2 * d)
		}
		if low(-d) {
			lowDiffs |= 1 << (2*d + 1)
		}
		for n := 1; n <= boundsN; n++ {
			if low(n - 1 + d) {
				lowSums[n] |= 1 << (2 * d)
			}
			if low(n - 1 - d) {
				lowSums[n] |= 1 << (2*d + 1)
			}
		}
	}
}

// noTrade is the cost of a trade of diagonals that cannot be made: more
// than any spread.
const noTrade = 1 << 20

// parityExtraGo returns how much the spread of l light and d dark
// diagonals of each family, nearest in the interleaved masks zs and zd,
// must grow once the indices mod 4 count. The classes of (r+c, c-r):
//
//	even row, even column: (0, 0) or (2, 2)
//	odd row, odd column:   (0, 2) or (2, 0)
//	even row, odd column:  (1, 1) or (3, 3)
//	odd row, even column:  (1, 3) or (3, 1)
//
// So the light queens' sums and differences in class 0, together, number
// twice those on (0, 0) plus those on an odd row and column, and the dark
// ones' in class 1 twice those on (1, 1) plus those on an odd row and
// even column: bits 0 and 1 of odd are these parities (lowSums, lowDiffs:
// the lower class of each colour). The cheapest mend of a wrong parity
// is a trade of one diagonal for one of the other class, in one family.
func parityExtraGo(zs, zd, lightSums, lightDiffs, lowSums, lowDiffs uint64, l, d, odd int) int {
	return blockExtra(zs&lightSums, zd&lightDiffs, l, lowSums, lowDiffs, odd&1) +
		blockExtra(zs&^lightSums, zd&^lightDiffs, d, lowSums, lowDiffs, odd>>1&1)
}

// blockExtra is parityExtraGo on the diagonals of one colour, zs and zd,
// k of each.
func blockExtra(zs, zd uint64, k int, lowSums, lowDiffs uint64, odd int) int {
	cs, cd := lowest(zs, k), lowest(zd, k)
	if (bits.OnesCount64(cs&lowSums)+bits.OnesCount64(cd&lowDiffs)+odd)&1 == 0 {
		return 0
	}
	return min(noTrade, trade(zs, cs, lowSums), trade(zs, cs, ^lowSums), trade(zd, cd, lowDiffs), trade(zd, cd, ^lowDiffs))
}

// trade returns how much the sum of the squares of the distances of the
// chosen diagonals c, of z, grows when the nearest unchosen one of the
// class cls takes the place of the farthest chosen one of the other
// class, or noTrade where there is no such pair.
func trade(z, c, cls uint64) int {
	in, out := z&cls&^c, c&^cls
	if in == 0 || out == 0 {
		return noTrade
	}
	near, far := bits.TrailingZeros64(in)>>1, (63-bits.LeadingZeros64(out))>>1
	return near*near - far*far
}

// colourNearestGo returns the interleaved masks (see nearSquares) of the
// folded sum diagonals su, sd and difference diagonals du, dd, and the
// numbers of light diagonals, lightSums and lightDiffs in them, among
// the m nearest of each family. It is the twin of the assembly kernel.
func colourNearestGo(su, sd, du, dd uint64, m int, lightSums, lightDiffs uint64) (zs, zd uint64, nearestS, nearestD int) {
	zs, zd = spread(su)|spread(sd)<<1, spread(du)|spread(dd)<<1
	return zs, zd, bits.OnesCount64(lowest(zs, m) & lightSums), bits.OnesCount64(lowest(zd, m) & lightDiffs)
}

// splitNearGo returns the least sum of the squares of the distances of l
// light and d dark diagonals of each family, from the interleaved masks
// zs and zd, which have that many of each.
func splitNearGo(zs, zd, lightSums, lightDiffs uint64, l, d int) int {
	return zNear(zs&lightSums, l) + zNear(zs&^lightSums, d) + zNear(zd&lightDiffs, l) + zNear(zd&^lightDiffs, d)
}

// lowest returns the m lowest bits of x, or all of them when it has
// fewer.
func lowest(x uint64, m int) uint64 {
	var y uint64
	for ; m > 0 && x != 0; m-- {
		y |= x & -x
		x &= x - 1
	}
	return y
}

// diagonalsGo returns the diagonals of each family on the free squares
// frees of the rows open of an n×n board, n ≤ boundsN: bit r+c of sums,
// bit c-r+n-1 of diffs. It is the twin of the assembly kernel.
func diagonalsGo(frees *[64]uint64, open uint64, n int) (sums, diffs uint64) {
	for rs := open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs) & 63
		sums |= frees[r] << r
		diffs |= frees[r] << (n - 1) >> r
	}
	return sums, diffs
}

// indexBoundsGo returns the bounds on the indices of the diagonals of a
// node with m empty rows whose diagonals left are sums and diffs: the
// least and the greatest sum of the indices of m of each family. Both
// families have at least m diagonals. It is the twin of the assembly
// kernel.
func indexBoundsGo(sums, diffs uint64, m int) (sumLow, sumHigh, diffLow, diffHigh int) {
	return lowSum(sums, m), highSum(sums, m), lowSum(diffs, m), highSum(diffs, m)
}

// nearBoundGo returns the bound on the spread of the diagonals of a node
// with m empty rows whose diagonals left, folded, are su, sd and du, dd:
// the least sum of the squares of the distances of m of each family from
// the long diagonal, both families added. It is the twin of the assembly
// kernel.
func nearBoundGo(su, sd, du, dd uint64, m int) int {
	return nearSquares(su, sd, m) + nearSquares(du, dd, m)
}

// indexSum returns the sum of the positions of the bits of x, which has
// none above bit 31.
func indexSum(x uint64) int {
	return int(byteSums[0][uint8(x)]) + int(byteSums[1][uint8(x>>8)]) +
		int(byteSums[2][uint8(x>>16)]) + int(byteSums[3][uint8(x>>24)])
}

// indexSquares returns the sum of the squares of the positions of the
// bits of x, which has none above bit 31.
func indexSquares(x uint64) int {
	return int(byteSquares[0][uint8(x)]) + int(byteSquares[1][uint8(x>>8)]) +
		int(byteSquares[2][uint8(x>>16)]) + int(byteSquares[3][uint8(x>>24)])
}
