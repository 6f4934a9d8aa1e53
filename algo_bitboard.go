package queens

import (
	"context"
	"math/bits"
)

// bitboardAlgorithm is the bit-parallel backtracking search: the columns
// and both diagonals that earlier queens attack are kept as bits of three
// words, so that the free squares of a row are one expression.
var bitboardAlgorithm = Algorithm{
	Name:     "bitboard",
	Idea:     "columns and diagonals as bits of machine words; the free squares of a row are ^(cols|left|right)",
	Seed:     "none of the tutorials (the classic bitmask search)",
	MaxN:     MaxN,
	WorkUnit: "word operations",
	Search:   bitboardSearch,
	count:    countFast,
}

// bitboardSearch is the Search of the bitboard algorithm: a row-by-row
// depth-first search, trying the free columns of each row from left to
// right. It reports only free squares as tried: the masks skip the
// attacked ones without looking at them, and it counts one safety check
// per row, the one expression that finds all its free squares.
//
// Its work is counted in word operations, the arithmetic and logic on the
// masks: 3 for the free squares of a row (two ORs and an AND-NOT), 3 to
// take the lowest free square off them (a negation, an AND and an XOR),
// and 5 for the masks of the next row (three ORs and two shifts). Tests
// against zero and the bit's index, which only names the column, are not
// counted.
func bitboardSearch(ctx context.Context, n int, visit func(Event) bool) (Stats, error) {
	return searchWith(runBitboard)(ctx, n, visit)
}

// bitSearch is the state of the teaching bitboard search.
type bitSearch struct {
	t      *tracer
	n      int
	full   uint32   // the bits of the n columns
	queens Solution // queens[row]: the column of the queen in row
}

// runBitboard searches the n×n board with bit masks.
func runBitboard(t *tracer, n int) {
	b := &bitSearch{t: t, n: n, full: uint32(1<<n - 1), queens: make(Solution, n)}
	b.search(0, 0, 0, 0)
}

// search places a queen on each free square of row in turn, given the
// columns and the two kinds of diagonal that the queens above attack in
// row, and goes on with the next row, where the diagonals have moved one
// column to the left and to the right.
func (b *bitSearch) search(row int, cols, left, right uint32) {
	t := b.t
	t.Checks++
	t.Work += 3
	avail := b.full &^ (cols | left | right)
	if avail == 0 {
		t.deadEnd(row)
		return
	}
	for avail != 0 && !t.stop {
		bit := avail & -avail
		avail ^= bit
		t.Work += 3
		col := bits.TrailingZeros32(bit)
		t.try(b.queens, row, col, true)
		b.queens[row] = col
		t.place(row, col)
		if row < b.n-1 {
			t.Work += 5
			b.search(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1)
		} else {
			t.solution(b.queens)
		}
		t.remove(row, col)
	}
}
