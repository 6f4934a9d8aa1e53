package queens

import (
	"context"
	"math/bits"
)

// plainCounter counts solutions with the bitmask search and the first-row
// mirror symmetry. It finds the unique count by testing, for each solution
// it visits, whether it or its mirror image is canonical.
type plainCounter struct {
	n           int
	full        uint32
	queens      Solution // column of the queen in each row placed so far
	mirror      Solution // the mirror image of queens, at a leaf
	scratch     Solution
	nodes       uint64
	half        uint64 // solutions visited: half of the total
	unique      uint64
	done        <-chan struct{}
	interrupted bool
}

// countPlain counts the solutions of the n×n board with the plain
// bitboard search, 1 ≤ n ≤ MaxN. It is the straightforward engine that the
// fast one is tested against.
func countPlain(ctx context.Context, n int) (Result, error) {
	if n == 1 {
		return Result{Total: U128(1), Unique: U128(1), Nodes: U128(1)}, nil
	}
	c := &plainCounter{
		n:       n,
		full:    uint32(1<<n - 1),
		queens:  make(Solution, n),
		mirror:  make(Solution, n),
		scratch: make(Solution, n),
		done:    ctx.Done(),
	}
	// A queen in the left half of row 0 stands for itself and its mirror
	// image. For odd n, a queen in the middle of row 0 has its mirror
	// image with the row-1 queen on the other side, so row 1 is halved.
	for col := range n / 2 {
		c.place(0, col, 0, 0, 0)
	}
	if n%2 == 1 {
		mid := n / 2
		bit := uint32(1) << mid
		c.nodes++
		c.queens[0] = mid
		avail := (bit - 1) &^ (bit<<1 | bit>>1)
		for avail != 0 {
			col := bits.TrailingZeros32(avail)
			avail &= avail - 1
			c.place(1, col, bit, bit<<1, bit>>1)
		}
	}
	res := Result{Total: U128(c.half).Mul64(2), Unique: U128(c.unique), Nodes: U128(c.nodes)}
	if c.interrupted {
		return res, ctx.Err()
	}
	return res, nil
}

// place puts a queen on (row, col), given the columns and diagonals that
// the queens of rows 0..row-1 attack in row, and searches on.
func (c *plainCounter) place(row, col int, cols, left, right uint32) {
	if c.interrupted {
		return
	}
	if row == 3 {
		select {
		case <-c.done:
			c.interrupted = true
			return
		default:
		}
	}
	c.nodes++
	c.queens[row] = col
	bit := uint32(1) << col
	cols, left, right = cols|bit, (left|bit)<<1, (right|bit)>>1
	if row == c.n-1 {
		c.half++
		transformInto(c.mirror, c.queens, MirrorColumns)
		if isCanonical(c.queens, c.scratch) || isCanonical(c.mirror, c.scratch) {
			c.unique++
		}
		return
	}
	avail := c.full &^ (cols | left | right)
	for avail != 0 {
		next := bits.TrailingZeros32(avail)
		avail &= avail - 1
		c.place(row+1, next, cols, left, right)
	}
}
