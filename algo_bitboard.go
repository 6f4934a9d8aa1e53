package queens

import (
	"context"
	"math/bits"
)

// bitboardAlgorithm is the bit-parallel backtracking search: the columns
// and both diagonals that earlier queens attack are kept as bits of three
// words, so that the free squares of a row are one expression.
var bitboardAlgorithm = Algorithm{
	Name:   "bitboard",
	Idea:   "columns and diagonals as bits of machine words; the free squares of a row are ^(cols|left|right)",
	Seed:   "none (the classic bitmask search)",
	MaxN:   MaxN,
	Search: bitboardSearch,
	count:  countFast,
}

// bitboardSearch is the Search of the bitboard algorithm: a row-by-row
// depth-first search, trying the free columns of each row from left to
// right. It reports only free squares as tried: the bit masks skip the
// attacked ones without looking at them.
func bitboardSearch(ctx context.Context, n int, visit func(Event) bool) (Stats, error) {
	var st Stats
	if err := checkSize(n, MaxN); err != nil {
		return st, err
	}
	full := uint32(1<<n - 1)
	queens := make(Solution, n)
	stopped := false
	emit := func(e Event) {
		if visit != nil && !stopped && !visit(e) {
			stopped = true
		}
	}
	done := ctx.Done()
	var search func(row int, cols, left, right uint32)
	search = func(row int, cols, left, right uint32) {
		if row == n {
			st.Solutions++
			emit(Event{Kind: EventSolution, Row: n - 1, Col: queens[n-1], Depth: n, Conflict: -1, Index: st.Solutions, Queens: queens})
			return
		}
		select {
		case <-done:
			stopped = true
			return
		default:
		}
		avail := full &^ (cols | left | right)
		st.Checks++
		if avail == 0 {
			emit(Event{Kind: EventDeadEnd, Row: row, Col: -1, Depth: row, Conflict: -1})
			return
		}
		for avail != 0 && !stopped {
			col := bits.TrailingZeros32(avail)
			bit := avail & -avail
			avail ^= bit
			st.Nodes++
			queens[row] = col
			emit(Event{Kind: EventTry, Row: row, Col: col, Depth: row, Conflict: -1})
			emit(Event{Kind: EventPlace, Row: row, Col: col, Depth: row + 1, Conflict: -1})
			search(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1)
			emit(Event{Kind: EventRemove, Row: row, Col: col, Depth: row, Conflict: -1})
		}
	}
	search(0, 0, 0, 0)
	return st, ctx.Err()
}
