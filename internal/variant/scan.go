package variant

import "math/bits"

// The scans of the search's rows after a queen is placed, in pure Go and,
// where the processor has it, in AVX-512 (scan_amd64.s), eight
// rows to an instruction.

// attacked returns the columns of a row at distance d from queens on the
// columns cols of a row: their columns and those of their diagonals.
func attacked(cols uint64, d int) uint64 {
	return cols | cols<<(d&63) | cols>>(d&63)
}

// distance returns |q-r|, without a branch.
func distance(q, r int) int {
	d := q - r
	return (d ^ d>>63) - d>>63
}

// scanAboveGo finds the free squares of the empty rows open of a node
// from those of the node above it, above, after queens on the columns
// cols of row r: one queen, or none (cols 0) where above is the node's
// own free squares read from the board. It writes them to frees and
// returns the key fewest<<6 | row of the row with the fewest free squares
// (the first of them; the key is all ones without a row), and the columns
// with at least one and at least two free squares. A row without a free
// square has the key fewest = 0, and then the rest is undefined: the Go
// scan stops there, the assembly does not. The assembly reads and writes
// the rows eight at a time, so that the words of frees of the rows not
// in open, up to the last group of eight with one that is, are undefined
// too. It is the twin of the assembly kernel.
func scanAboveGo(above, frees *[64]uint64, open uint64, r int, cols uint64) (key, c1, c2 uint64) {
	key = ^uint64(0)
	for rs := open; rs != 0; rs &= rs - 1 {
		q := bits.TrailingZeros64(rs) & 63
		f := above[q] &^ attacked(cols, distance(q, r))
		frees[q] = f
		k := uint64(bits.OnesCount64(f))<<6 | uint64(q)
		if k < key {
			if k < 64 {
				return k, c1, c2
			}
			key = k
		}
		c2 |= c1 & f
		c1 |= f
	}
	return key, c1, c2
}

// columnsThreeGo returns the columns with at least three free squares
// in frees, of the rows open. The search asks only where it may branch
// on a column with two (see searcher), which most nodes never do, so the
// scan, which every node makes, leaves this count out: up to a tenth of
// the time of a search (see docs/benchmarks.md). It is the twin of the
// assembly kernel.
func columnsThreeGo(frees *[64]uint64, open uint64) uint64 {
	var c1, c2, c3 uint64
	for rs := open; rs != 0; rs &= rs - 1 {
		f := frees[bits.TrailingZeros64(rs)&63]
		c3 |= c2 & f
		c2 |= c1 & f
		c1 |= f
	}
	return c3
}

// lossGo returns how many of the free squares frees of the rows open lie
// on the lines of queens on the columns cols of row r: for one column,
// how many a queen there would take. It is the twin of the assembly
// kernel.
func lossGo(frees *[64]uint64, open uint64, r int, cols uint64) int {
	n := 0
	for rs := open; rs != 0; rs &= rs - 1 {
		q := bits.TrailingZeros64(rs) & 63
		n += bits.OnesCount64(frees[q] & attacked(cols, distance(q, r)))
	}
	return n
}

// columnRowsGo returns the rows of open that have a free square, in
// frees, on column c. It is the twin of the assembly kernel.
func columnRowsGo(frees *[64]uint64, open uint64, c int) uint64 {
	var rows uint64
	for rs := open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs) & 63
		rows |= frees[r] >> (c & 63) & 1 << r
	}
	return rows
}
