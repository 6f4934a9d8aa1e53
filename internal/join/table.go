package join

import (
	"math/bits"
	"unsafe"
)

const (
	// lanes is the number of signatures of a block: one bit of a 512-bit
	// row each.
	lanes = 512
	// words is the number of 64-bit words of a row.
	words = lanes / 64
	// chunkBits is the width of the pieces a signature is cut into.
	chunkBits = 6
	// maxChunks is the number of pieces of the longest signature,
	// 4⌊MaxN/2⌋−2 bits.
	maxChunks = (4*(MaxN/2) - 2 + chunkBits - 1) / chunkBits
	// minStream and minBlock are the sizes below which a join compares
	// pairs one at a time: a table costs about as much to build as
	// thirty rows of the stream cost to look up.
	minStream = 32
	minBlock  = 32
)

// row is a 512-bit row of a table: bit i stands for signature i of the
// block.
type row [words]uint64

// table is the bit-sliced form of a block of signatures: rows[c][v] has
// bit i set when signature i of the block has no bit in common with the
// value v placed at piece c (bits chunkBits·c and up). The AND of the rows
// that the pieces of a signature select is the set of the block's
// signatures it is disjoint from.
type table struct {
	rows [maxChunks][1 << chunkBits]row
	zero [maxChunks * chunkBits]row // zero[b]: the signatures without bit b
}

// newTable returns a table that starts on a 64-byte boundary: the
// kernels load its rows 64 bytes at a time, and a row that straddled two
// cache lines would cost two loads (it made the join's kernel half again
// as slow as it is).
func newTable() *table {
	buf := make([]byte, unsafe.Sizeof(table{})+63)
	skip := -uintptr(unsafe.Pointer(&buf[0])) & 63
	return (*table)(unsafe.Pointer(&buf[skip]))
}

// build fills the first chunks pieces of the table from the block sigs,
// at most lanes signatures; lanes beyond them are clear in every row.
func (t *table) build(sigs []uint64, chunks int) {
	valid := validLanes(len(sigs))
	nbits := chunks * chunkBits
	var m [64]uint64
	for w := range words {
		lo := w * 64
		if lo >= len(sigs) {
			for b := range nbits {
				t.zero[b][w] = 0
			}
			continue
		}
		n := copy(m[:], sigs[lo:min(lo+64, len(sigs))])
		clear(m[n:])
		transpose64(&m)
		for b := range nbits {
			t.zero[b][w] = ^m[b] & valid[w]
		}
	}
	for c := range chunks {
		rs := &t.rows[c]
		rs[0] = valid
		z := t.zero[c*chunkBits : (c+1)*chunkBits]
		for v := 1; v < 1<<chunkBits; v++ {
			prev := &rs[v&(v-1)]
			zb := &z[bits.TrailingZeros(uint(v))]
			r := &rs[v]
			for w := range words {
				r[w] = prev[w] & zb[w]
			}
		}
	}
}

// validLanes returns the row with a bit for each of the first n lanes.
func validLanes(n int) row {
	var valid row
	for w := range words {
		lo := w * 64
		switch {
		case lo+64 <= n:
			valid[w] = ^uint64(0)
		case lo < n:
			valid[w] = 1<<(n-lo) - 1
		}
	}
	return valid
}

// transpose64 transposes the 64×64 bit matrix m, whose row i is m[i] and
// column j bit j: afterwards bit j of m[i] is what bit i of m[j] was.
func transpose64(m *[64]uint64) {
	masks := [6]uint64{
		0x00000000ffffffff, 0x0000ffff0000ffff, 0x00ff00ff00ff00ff,
		0x0f0f0f0f0f0f0f0f, 0x3333333333333333, 0x5555555555555555,
	}
	for level, s := 0, 32; s > 0; level, s = level+1, s/2 {
		mask := masks[level]
		for k := 0; k < 64; k++ {
			if k&s != 0 {
				continue
			}
			// Swap the columns of row k that have bit s set with the
			// columns of row k+s that have it clear.
			x := (m[k]>>s ^ m[k+s]) & mask
			m[k+s] ^= x
			m[k] ^= x << s
		}
	}
}

// countBlockGo returns the number of pairs of a signature of stream and
// a signature of the table's block that are disjoint, using the first
// chunks pieces of the table.
func countBlockGo(t *table, chunks int, stream []uint64) uint64 {
	var total uint64
	for _, s := range stream {
		acc := t.rows[0][s&(1<<chunkBits-1)]
		for c := 1; c < chunks; c++ {
			r := &t.rows[c][s>>(c*chunkBits)&(1<<chunkBits-1)]
			for w := range words {
				acc[w] &= r[w]
			}
		}
		for w := range words {
			total += uint64(bits.OnesCount64(acc[w]))
		}
	}
	return total
}
