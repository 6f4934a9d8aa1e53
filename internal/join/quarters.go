package join

import "math/bits"

// quarters lists the placements of non-attacking queens in an m×m square,
// at most one queen to a row and to a column, grouped by the rows and the
// columns they use. Each placement is kept as its two diagonal masks in
// the square's own coordinates: bit i+j of the low half for a queen on
// square (i, j) (its sum diagonal), and bit i−j+m−1 of the high half (its
// difference diagonal). Every quadrant of the board is such a square, so
// one list serves all four, shifted.
type quarters struct {
	m       int
	entries []uint64 // sum mask | diff mask << 32, grouped by key
	start   []uint32 // entries of key k: entries[start[k]:start[k+1]]
}

// key returns the group of the placements on the given rows and columns.
func (q *quarters) key(rows, cols uint32) uint32 { return rows<<q.m | cols }

// group returns the placements on exactly the given rows and columns.
func (q *quarters) group(rows, cols uint32) []uint64 {
	k := q.key(rows, cols)
	return q.entries[q.start[k]:q.start[k+1]]
}

// size returns the number of placements on the given rows and columns.
func (q *quarters) size(rows, cols uint32) int {
	k := q.key(rows, cols)
	return int(q.start[k+1] - q.start[k])
}

// newQuarters counts the placements of the m×m square in each group; fill
// lists them.
func newQuarters(m int) *quarters {
	q := &quarters{m: m, start: make([]uint32, 1<<(2*m)+1)}
	e := enumerator{m: m, count: q.start[1:]}
	e.walk(0, 0, 0, 0, 0)
	total := uint32(0)
	for k := range q.start[1:] {
		total += q.start[k+1]
		q.start[k+1] = total
	}
	return q
}

// placements returns the number of placements of the square.
func (q *quarters) placements() int { return int(q.start[len(q.start)-1]) }

// fill lists the placements, in the groups that newQuarters counted. It
// gives up, listing nothing, soon after done is closed, and reports
// whether it listed them.
func (q *quarters) fill(done <-chan struct{}) bool {
	entries := make([]uint64, q.placements())
	e := enumerator{m: q.m, fill: entries, next: make([]uint32, len(q.start)-1), done: done}
	copy(e.next, q.start)
	e.walk(0, 0, 0, 0, 0)
	if e.stopped {
		return false
	}
	q.entries = entries
	return true
}

// enumerator walks the placements of the square row by row.
type enumerator struct {
	m     int
	count []uint32 // counting: placements per key
	fill  []uint64 // listing: the entries
	next  []uint32 // listing: where the next entry of each key goes

	done    <-chan struct{} // listing: closed when the listing is no longer wanted
	leaves  uint32          // placements listed since done was last looked at
	stopped bool            // done was closed
}

func (e *enumerator) walk(i int, rows, cols, sum, diff uint32) {
	m := e.m
	if i == m {
		k := rows<<m | cols
		if e.count != nil {
			e.count[k]++
			return
		}
		e.fill[e.next[k]] = uint64(sum) | uint64(diff)<<32
		e.next[k]++
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
// of the forbidden diagonals, grouped as in q, reusing dst's memory.
func (q *quarters) filter(forbidSum, forbidDiff uint32, dst *quarters) {
	dst.m = q.m
	if cap(dst.start) < len(q.start) {
		dst.start = make([]uint32, len(q.start))
	}
	dst.start = dst.start[:len(q.start)]
	if cap(dst.entries) < len(q.entries) {
		dst.entries = make([]uint64, 0, len(q.entries))
	}
	out := dst.entries[:0]
	forbid := uint64(forbidSum) | uint64(forbidDiff)<<32
	dst.start[0] = 0
	for k := range len(q.start) - 1 {
		for _, e := range q.entries[q.start[k]:q.start[k+1]] {
			if e&forbid == 0 {
				out = append(out, e)
			}
		}
		dst.start[k+1] = uint32(len(out))
	}
	dst.entries = out
}
