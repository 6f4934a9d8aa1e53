package join

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// quarters lists the placements of non-attacking queens in an m×m square,
// at most one queen to a row and to a column, grouped by the rows and the
// columns they use. Each placement is kept as its two diagonal masks in
// the square's own coordinates: bit i+j for a queen on square (i, j) (its
// sum diagonal), and, f = 2m−1 bits higher, bit f+i−j+m−1 (its difference
// diagonal). Every quadrant of the board is such a square, so one list
// serves all four, shifted.
//
// The 4m−2 bits of a placement are packed in as few bytes as hold them
// (stride: 4 bytes for m = 8, 5 for m = 9 and 10, 6 for m = 11), and the
// list ends with padding, so that any placement reads as the low bits of
// an unaligned 8-byte word, and eight as 64 bytes.
type quarters struct {
	m      int
	stride int      // bytes of a placement
	data   []byte   // the placements, grouped by key, then padding
	listed bool     // data holds the placements
	start  []uint32 // placements of key k: k-th to (k+1)-th of start
	// keys[rows] is the key of the first group on those rows: the groups
	// of a set of k rows are those of the sets of k columns, in the
	// order of their rank (see rank), so that only groups of as many
	// rows as columns have a key. It is shared by the filtered copies.
	keys []uint32
}

// padding is the bytes after the last placement that a vector load may
// read.
const padding = 64

// strideOf returns the bytes of a placement of an m×m square.
func strideOf(m int) int { return (4*m - 2 + 7) / 8 }

// field returns f: the difference mask of a placement starts at bit f.
func (q *quarters) field() uint { return uint(2*q.m - 1) }

// binomial[n][k] is n choose k.
var binomial = func() (b [33][33]uint32) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

// rank returns the place of the set among the sets of as many elements
// in colexicographic order: the sum over its elements, the i-th lowest
// at position p (from 0), of p choose i+1.
func rank(set uint32) uint32 {
	var r uint32
	for i := 1; set != 0; i++ {
		r += binomial[bits.TrailingZeros32(set)][i]
		set &= set - 1
	}
	return r
}

// newKeys returns the keys of the first groups of each set of rows of an
// m×m square, and the number of groups.
func newKeys(m int) ([]uint32, int) {
	keys := make([]uint32, 1<<m)
	total := uint32(0)
	for rows := range uint32(1) << m {
		keys[rows] = total
		total += binomial[m][bits.OnesCount32(rows)]
	}
	return keys, int(total)
}

// groupAt returns the placements of group k (the group of rows r and
// columns c is keys[r] + rank(c)): the list from the first of them on,
// padding included, and how many they are.
func (q *quarters) groupAt(k uint32) (data []byte, n int) {
	return q.data[int(q.start[k])*q.stride:], int(q.start[k+1] - q.start[k])
}

// newQuarters counts the placements of the m×m square in each group; fill
// lists them. It gives up soon after done is closed, with the counts
// short.
func newQuarters(m int, done <-chan struct{}) *quarters {
	keys, groups := newKeys(m)
	q := &quarters{m: m, stride: strideOf(m), start: make([]uint32, groups+1), keys: keys}
	e := enumerator{m: m, count: q.start[1:], keys: keys, done: done}
	e.walk(0, 0, 0, 0, 0)
	q.prefix()
	return q
}

// prefix turns the counts of the groups, start[k+1] for group k, into
// the starts of the groups.
func (q *quarters) prefix() {
	total := uint32(0)
	for k := range q.start[1:] {
		total += q.start[k+1]
		q.start[k+1] = total
	}
}

// placements returns the number of placements of the square.
func (q *quarters) placements() int { return int(q.start[len(q.start)-1]) }

// fill lists the placements, in the groups that newQuarters counted. It
// gives up, listing nothing, soon after done is closed, and reports
// whether it listed them. While it lists, start[k+1] is where the next
// placement of group k goes, which ends as the start of group k+1.
func (q *quarters) fill(done <-chan struct{}) bool {
	data := make([]byte, q.placements()*q.stride+padding)
	saved := slices.Clone(q.start)
	for k := len(q.start) - 1; k > 0; k-- {
		q.start[k] = q.start[k-1]
	}
	e := enumerator{m: q.m, fill: data, stride: q.stride, next: q.start[1:], done: done, keys: q.keys}
	e.walk(0, 0, 0, 0, 0)
	if e.stopped {
		copy(q.start, saved)
		return false
	}
	q.data, q.listed = data, true
	return true
}

// enumerator walks the placements of the square row by row.
type enumerator struct {
	m      int
	keys   []uint32 // as in quarters
	count  []uint32 // counting: placements per key
	fill   []byte   // listing: the placements, stride bytes each
	stride int
	next   []uint32 // listing: where the next entry of each key goes

	done    <-chan struct{} // closed when the walk is no longer wanted
	leaves  uint32          // placements met since done was last looked at
	stopped bool            // done was closed
}

func (e *enumerator) walk(i int, rows, cols, sum, diff uint32) {
	m := e.m
	if i == m {
		k := e.keys[rows] + rank(cols)
		if e.count != nil {
			e.count[k]++
		} else {
			v := uint64(sum) | uint64(diff)<<(2*m-1)
			at := int(e.next[k]) * e.stride
			for b := range e.stride {
				e.fill[at+b] = byte(v >> (8 * b))
			}
			e.next[k]++
		}
		if e.leaves++; e.leaves == 1<<16 {
			e.leaves = 0
			select {
			case <-e.done:
				e.stopped = true
			default:
			}
		}
		return
	}
	if e.stopped {
		return
	}
	e.walk(i+1, rows, cols, sum, diff)
	free := (uint32(1)<<m - 1) &^ cols
	for free != 0 {
		j := bits.TrailingZeros32(free)
		free &= free - 1
		s := uint32(1) << (i + j)
		d := uint32(1) << (i - j + m - 1)
		if sum&s != 0 || diff&d != 0 {
			continue
		}
		e.walk(i+1, rows|1<<i, cols|1<<j, sum|s, diff|d)
	}
}

// filter writes into dst the placements of q whose queens stand on none
// of the forbidden diagonals, grouped as in q, reusing dst's memory,
// which grows as needed.
func (q *quarters) filter(forbidSum, forbidDiff uint32, dst *quarters) {
	dst.m, dst.stride, dst.keys, dst.listed = q.m, q.stride, q.keys, true
	if cap(dst.start) < len(q.start) {
		dst.start = make([]uint32, len(q.start))
	}
	dst.start = dst.start[:len(q.start)]
	forbid := uint64(forbidSum) | uint64(forbidDiff)<<q.field()
	entry := uint64(1)<<(2*q.field()) - 1
	w := q.stride
	out := dst.data[:cap(dst.data)]
	at := 0 // bytes written
	dst.start[0] = 0
	src := q.data
	for k := range len(q.start) - 1 {
		begin, end := int(q.start[k])*w, int(q.start[k+1])*w
		if need := at + end - begin + 8; need > len(out) {
			out = append(out[:at], make([]byte, max(len(out), need-at, 1<<16))...)
			out = out[:cap(out)]
		}
		for i := begin; i < end; i += w {
			v := binary.LittleEndian.Uint64(src[i:]) & entry
			// Every placement is written, as a whole word whose high
			// bytes the next one overwrites; only those kept move on
			// (v&forbid−1 has its top bit set when v&forbid is 0), so
			// that no branch guesses.
			binary.LittleEndian.PutUint64(out[at:], v)
			at += w * int((v&forbid-1)>>63)
		}
		dst.start[k+1] = uint32(at / w)
	}
	if at+padding > len(out) {
		out = append(out[:at], make([]byte, padding)...)
	}
	dst.data = out[:at+padding]
	clear(dst.data[at:])
}

// filteredShare bounds the placements the four filtered lists of an odd
// board's configuration hold together, as a multiple of the whole list:
// the most, over the configurations of N = 11 to 21, is 2.3 (N = 11).
const filteredShare = 2.5
