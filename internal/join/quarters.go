package join

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	stride int    // bytes of a placement
	data   []byte // the placements, grouped by key, then padding
	listed bool   // data holds the placements
	// The placements of key k are the start[k]-th to the start[k+1]-th,
	// modulo 2^32: from m = 13 on there are more than 2^32, and only the
	// sizes of the groups, the differences, are used.
	start []uint32
	total int // the placements
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

// walkTrials returns, for each set of rows, the squares a walk that
// lists its placements tries: on each row, the columns free of the
// placements of the rows before it. The time of building a list follows
// them, not the placements: 8 ns a trial here for both walks of a build,
// for the 14 rows of m = 14 as for 6 rows of m = 12.
func (q *quarters) walkTrials() []float32 {
	m := q.m
	trials := make([]float32, 1<<m)
	for rows := uint32(1); rows < 1<<m; rows++ {
		k := bits.OnesCount32(rows)
		before := rows &^ (1 << (31 - bits.LeadingZeros32(rows)))
		placed := q.start[q.keys[before]+binomial[m][k-1]] - q.start[q.keys[before]]
		trials[rows] = trials[before] + float32(float32(placed)*float32(m-k+1))
	}
	return trials
}

// dropped holds the sizes of the groups of placements that leave one
// column free, their columns ranked among the sets of the other m−1
// columns: the pairs of an upper and a lower placement on all columns
// but that one are then a dot product with one side reversed, as on all
// the columns.
type dropped struct {
	col   uint32   // the free column, as a mask
	keys  []uint32 // keys[rows]: where the starts of the groups of rows begin
	start []uint32 // C(m−1, k)+1 starts for each set of k rows, modulo 2^32
}

// dropColumn returns the groups of q that leave column j free.
func (q *quarters) dropColumn(j int) *dropped {
	m := q.m
	d := &dropped{col: 1 << j, keys: make([]uint32, 1<<m)}
	total := uint32(0)
	for rows := range uint32(1) << m {
		d.keys[rows] = total
		total += binomial[m-1][bits.OnesCount32(rows)] + 1
	}
	d.start = make([]uint32, total)
	below := d.col - 1
	for rows := range uint32(1) << m {
		base, out := q.keys[rows], d.start[d.keys[rows]:]
		forEachSubset(m-1, bits.OnesCount32(rows), func(cols, r uint32) {
			g := base + rank(cols&below|(cols&^below)<<1)
			out[r+1] = out[r] + q.start[g+1] - q.start[g]
		})
	}
	return d
}

// groupAt returns the placements of group k (the group of rows r and
// columns c is keys[r] + rank(c)): the list from the first of them on,
// padding included, and how many they are.
func (q *quarters) groupAt(k uint32) (data []byte, n int) {
	return q.data[int(q.start[k])*q.stride:], int(q.start[k+1] - q.start[k])
}

// newQuarters counts the placements of the m×m square in each group; fill
// lists them. The sets of rows are counted apart, on one goroutine per
// CPU, each set or its reversal (the square upside down has the same
// counts). It gives up soon after done is closed, with the counts short.
func newQuarters(m int, done <-chan struct{}) *quarters {
	keys, groups := newKeys(m)
	q := &quarters{m: m, stride: strideOf(m), start: make([]uint32, groups+1), keys: keys}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			w := newRowWalker(m)
			w.done = done
			for {
				rows := uint32(next.Add(1) - 1)
				if rows >= 1<<m {
					return
				}
				if reverse(rows, m) < rows {
					continue // counted as its reversal, below
				}
				select {
				case <-done:
					return
				default:
				}
				w.countMirrored(rows)
				if w.stopped {
					return
				}
				counts := q.start[keys[rows]+1:]
				forEachSubset(m, bits.OnesCount32(rows), func(cols, r uint32) {
					counts[r] = (w.count[cols] + w.count[reverse(cols, m)]) / 2
				})
				clear(w.count[:1<<m])
			}
		})
	}
	wg.Wait()
	select {
	case <-done:
		return q // given up: the counts are short, and nobody reads them
	default:
	}
	// Turning the square upside down maps the placements on a set of
	// rows to those on its reversal, with the same columns.
	for rows := range uint32(1) << m {
		if rev := reverse(rows, m); rev < rows {
			k := binomial[m][bits.OnesCount32(rows)]
			copy(q.start[keys[rows]+1:][:k], q.start[keys[rev]+1:][:k])
		}
	}
	q.prefix()
	return q
}

// prefix turns the counts of the groups, start[k+1] for group k, into
// the starts of the groups.
func (q *quarters) prefix() {
	total := uint32(0)
	for k := range q.start[1:] {
		q.total += int(q.start[k+1])
		total += q.start[k+1]
		q.start[k+1] = total
	}
}

// view returns the groups of the placements on rows.
func (q *quarters) view(rows uint32) view {
	return view{q.data, q.start[q.keys[rows]:]}
}

// placements returns the number of placements of the square.
func (q *quarters) placements() int { return q.total }

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

// enumerator walks the placements of the square row by row, and lists
// them.
type enumerator struct {
	m      int
	keys   []uint32 // as in quarters
	fill   []byte   // the placements, stride bytes each
	stride int
	next   []uint32 // where the next entry of each key goes

	done    <-chan struct{} // closed when the walk is no longer wanted
	leaves  uint32          // placements met since done was last looked at
	stopped bool            // done was closed
}

func (e *enumerator) walk(i int, rows, cols, sum, diff uint32) {
	m := e.m
	if i == m {
		k := e.keys[rows] + rank(cols)
		v := uint64(sum) | uint64(diff)<<(2*m-1)
		at := int(e.next[k]) * e.stride
		for b := range e.stride {
			e.fill[at+b] = byte(v >> (8 * b))
		}
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
	dst.total = at / w
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

// filtered reports whether the counters of an odd board whose quadrants
// have m rows filter the lists for each configuration. Filtered lists
// pair up half boards faster, since no pair is tried in vain: the count
// of N = 19 and 21 takes 13 and 10 % less time. They take some 2.1 times
// the whole list per counter: 10 MB at N = 19, 80 MB at N = 21, 850 MB
// at N = 23. N = 19, whose count takes seconds, keeps its 32 MiB
// instead of 57; N = 21 takes them.
func filtered(m int) bool { return m <= 8 || m == 10 }

// rowList holds the placements of a quadrant on one set of rows, one
// queen on each, that avoid some forbidden diagonals: the group of a
// quadrant's list for those rows, built alone. Its groups are those of
// the k-sets of columns in the order of their rank, which is the numeric
// order of their masks; start has one more entry than there are groups.
type rowList struct {
	rows   uint32
	forbid [2]uint32
	data   []byte
	start  []uint32
	used   uint64 // when the list was last used, for the cache
}

// groupAt returns the placements of the group of rank r and their number.
func (l *rowList) groupAt(r uint32, stride int) ([]byte, int) {
	return l.data[int(l.start[r])*stride:], int(l.start[r+1] - l.start[r])
}

// bytes returns the memory the list holds.
func (l *rowList) bytes() uint64 { return uint64(cap(l.data)) + 4*uint64(cap(l.start)) }

// rowWalker enumerates the placements of an m×m square on a set of
// rows, one queen on each. It counts them by their mask of columns
// (count) or writes them where next says (fill). It holds scratch of 2^m
// words (of the largest square's), and is reused from one set of rows to
// the next.
type rowWalker struct {
	m      int
	stride int
	rows   [32]int // the rows of the set, in order
	k      int
	count  []uint32 // by column mask: placements counted, or where the next goes
	fill   []byte   // when not nil, placements are written, not counted
	forbid [2]uint32
	// last counts, for the columns of all the queens but the last, the
	// last queen's column, in 16-bit lanes, four to a word; turns is how
	// many masks of the last queen's columns it took since it was
	// flushed into count.
	last  []uint64
	turns int

	done    <-chan struct{} // when closed, the walk stops at its next look
	stopped bool            // done was closed
}

func newRowWalker(m int) *rowWalker {
	return &rowWalker{m: m, stride: strideOf(m), count: make([]uint32, 1<<maxM), last: make([]uint64, 4<<maxM)}
}

// maxM is the largest quadrant: the walkers' counts have room for its
// column masks, and the loops that index them need no bounds check.
const maxM = MaxN / 2

// walk visits the placements from the i-th row of the set on. It looks
// at done on the set's first two rows, so that a large set stops soon.
func (w *rowWalker) walk(i int, cols, sum, diff uint32) {
	if i < 2 && w.done != nil {
		select {
		case <-w.done:
			w.stopped = true
		default:
		}
	}
	if w.stopped {
		return
	}
	r := w.rows[i]
	m := w.m
	free := (uint32(1)<<m - 1) &^ cols
	last := i == w.k-1
	for free != 0 {
		j := bits.TrailingZeros32(free)
		free &= free - 1
		s := uint32(1) << (r + j)
		d := uint32(1) << (r - j + m - 1)
		if sum&s != 0 || diff&d != 0 {
			continue
		}
		c := cols | 1<<j
		if !last {
			w.walk(i+1, c, sum|s, diff|d)
			continue
		}
		if w.fill == nil {
			w.count[c]++
			continue
		}
		v := uint64((sum|s)&^w.forbid[0]) | uint64((diff|d)&^w.forbid[1])<<(2*m-1)
		at := int(w.count[c]) * w.stride
		for b := range w.stride {
			w.fill[at+b] = byte(v >> (8 * b))
		}
		w.count[c]++
	}
}

// run enumerates the placements on rows that avoid the diagonals of
// forbid; count must be clear when counting.
func (w *rowWalker) run(rows uint32, forbid [2]uint32) {
	w.setRows(rows)
	w.forbid = forbid
	if w.k == 0 {
		// One placement, with no queen: its masks are clear.
		if w.fill != nil {
			clear(w.fill[int(w.count[0])*w.stride:][:w.stride])
		}
		w.count[0]++
		return
	}
	if w.fill != nil {
		w.walk(0, 0, forbid[0], forbid[1])
		return
	}
	// Counting follows the diagonals in column space (see tally), which
	// spares a test per square.
	w.tally(0, 0, uint64(forbid[0]), reverseDiff(forbid[1], w.m), 1)
	w.flush()
}

// setRows makes rows the set the walker walks.
func (w *rowWalker) setRows(rows uint32) {
	w.k = 0
	for x := rows; x != 0; x &= x - 1 {
		w.rows[w.k] = bits.TrailingZeros32(x)
		w.k++
	}
}

// reverseDiff maps a difference mask (bit i−j+m−1) to the down mask of
// tally at row 0: bit j+m for the column j the diagonal meets at row 0.
func reverseDiff(d uint32, m int) uint64 {
	var out uint64
	for ; d != 0; d &= d - 1 {
		out |= 1 << uint(2*m-1-bits.TrailingZeros32(d))
	}
	return out
}

// tally adds inc to the count of each placement from the i-th row of the
// set on, by its columns: up has bit r+j for a sum diagonal taken by a
// queen on (r, j), which meets row r' in column (up>>r'), and down bit
// j+m−r for a difference diagonal, which meets it in column
// (down<<r')>>m. The last two rows are placed in one loop, without a
// call for the second to last.
func (w *rowWalker) tally(i int, cols uint32, up, down uint64, inc uint32) {
	r := uint(w.rows[i])
	m := uint(w.m)
	full := uint64(1)<<m - 1
	free := full &^ uint64(cols) &^ (up >> r) &^ (down << r >> m)
	count := (*[1 << maxM]uint32)(w.count)
	switch w.k - 1 - i {
	case 0:
		for ; free != 0; free &= free - 1 {
			count[(cols|uint32(free&-free))&(1<<maxM-1)] += inc
		}
	case 1:
		next := uint(w.rows[i+1])
		open := full &^ uint64(cols) &^ (up >> next) &^ (down << next >> m)
		w.tallyLast(cols, free, open, next-r, inc)
	case 2:
		// The last three rows in one call: the second to last's free
		// columns, and the last's, narrowed by each queen of this row.
		r1, r2 := uint(w.rows[i+1]), uint(w.rows[i+2])
		g1, g2 := r1-r, r2-r
		open1 := full &^ uint64(cols) &^ (up >> r1) &^ (down << r1 >> m)
		open2 := full &^ uint64(cols) &^ (up >> r2) &^ (down << r2 >> m)
		for ; free != 0; free &= free - 1 {
			bit := free & -free
			w.tallyLast(cols|uint32(bit), open1&^(bit|bit<<g1|bit>>g1), open2&^(bit|bit<<g2|bit>>g2), r2-r1, inc)
		}
	default:
		for ; free != 0; free &= free - 1 {
			bit := free & -free
			j := uint(bits.TrailingZeros64(bit))
			w.tally(i+1, cols|uint32(bit), up|1<<(r+j), down|1<<(j+m-r), inc)
		}
	}
}

// tallyLast adds inc to last for each placement of the last two rows of
// the set, g rows apart, beyond columns cols: free are the columns open
// to the second to last queen, open those open to the last, apart from
// the columns the second to last takes there (its own and those g
// either side). The last queen's columns are added to last, a lane
// each, all at once.
func (w *rowWalker) tallyLast(cols uint32, free, open uint64, g uint, inc uint32) {
	last := (*[4 << maxM]uint64)(w.last)
	add := uint64(inc)
	w.turns += bits.OnesCount64(free)
	for ; free != 0; free &= free - 1 {
		bit := free & -free
		f := open &^ (bit | bit<<g | bit>>g)
		at := 4 * ((cols | uint32(bit)) & (1<<maxM - 1))
		last[at] += laneOnes[f&15] * add
		last[at+1] += laneOnes[f>>4&15] * add
		last[at+2] += laneOnes[f>>8&15] * add
		last[at+3] += laneOnes[f>>12&15] * add
	}
	if w.turns >= maxTurns {
		w.flush()
	}
}

// laneOnes[x] has a 1 in the 16-bit lane i for each bit i of x.
var laneOnes = func() (t [16]uint64) {
	for x := range t {
		for i := range 4 {
			t[x] |= uint64(x>>i&1) << (16 * i)
		}
	}
	return t
}()

// maxTurns bounds the masks last takes between flushes, adding at most
// 2 to a lane each, so that no lane overflows.
const maxTurns = 1<<15 - 1

// flush adds the counts of last into count, and clears last: the lane
// of column y of the columns c of all queens but the last counts
// placements on the columns c and y. Only the sets of k−1 columns have
// counts in last.
func (w *rowWalker) flush() {
	if w.turns == 0 {
		return
	}
	w.turns = 0
	m := uint32(w.m)
	count := (*[1 << maxM]uint32)(w.count)
	last := (*[4 << maxM]uint64)(w.last)
	k := uint32(w.k - 1)
	// Gosper's hack steps through the sets of k columns.
	for set := uint32(1)<<k - 1; set < 1<<m; {
		at := 4 * (set & (1<<maxM - 1))
		for word := range uint32(4) {
			v := last[at+word]
			if v == 0 {
				continue
			}
			last[at+word] = 0
			for lane := range uint32(4) {
				y := 4*word + lane
				count[(set|1<<y)&(1<<maxM-1)] += uint32(v >> (16 * lane) & 0xffff)
			}
		}
		if k == 0 {
			break
		}
		c := set & -set
		nx := set + c
		set = ((nx ^ set) >> 2 / c) | nx
	}
}

// countMirrored counts the placements on rows, with no forbidden
// diagonal, into count: twice each placement whose first queen stands
// left of the middle column, once each whose stands on it, and none of
// the others. The mirror image of a placement has the reversed columns,
// so that the number of placements on columns c is half of count[c]
// plus count[reverse(c)]: half the walk of run.
func (w *rowWalker) countMirrored(rows uint32) {
	w.setRows(rows)
	if w.k == 0 {
		w.count[0] = 1 // no queen: its own mirror image
		return
	}
	m := uint(w.m)
	r := uint(w.rows[0])
	for j := uint(0); 2*j <= m-1; j++ {
		inc := uint32(2)
		if 2*j == m-1 {
			inc = 1
		}
		if w.k == 1 {
			w.count[1<<j] += inc
			continue
		}
		w.tally(1, 1<<j, 1<<(r+j), 1<<(j+m-r), inc)
	}
	w.flush()
}

// reverse returns the set of m elements reversed: element i becomes
// element m−1−i.
func reverse(set uint32, m int) uint32 { return bits.Reverse32(set) >> (32 - m) }

// forEachSubset calls f with the k-subsets of the m columns in the order
// of their rank, and their rank.
func forEachSubset(m, k int, f func(cols, r uint32)) {
	if k > m {
		return
	}
	r := uint32(0)
	if k == 0 {
		f(0, 0)
		return
	}
	// Gosper's hack steps through the k-sets in numeric order.
	for set := uint32(1)<<k - 1; set < 1<<m; r++ {
		f(set, r)
		c := set & -set
		nx := set + c
		set = ((nx ^ set) >> 2 / c) | nx
	}
}

// build lists into l the placements on rows avoiding forbid's diagonals,
// reusing l's memory.
func (w *rowWalker) build(l *rowList, rows uint32, forbid [2]uint32) {
	m, k := w.m, bits.OnesCount32(rows)
	clear(w.count[:1<<m])
	w.fill = nil
	w.run(rows, forbid)
	groups := int(binomial[m][k])
	if cap(l.start) < groups+1 {
		l.start = make([]uint32, groups+1, groups+1+groups/4)
	}
	l.start = l.start[:groups+1]
	total := uint32(0)
	forEachSubset(m, k, func(cols, r uint32) {
		l.start[r] = total
		total += w.count[cols]
		w.count[cols] = l.start[r]
	})
	l.start[groups] = total
	need := int(total)*w.stride + padding
	if cap(l.data) < need {
		l.data = make([]byte, need, need+need/4)
	}
	l.data = l.data[:need]
	w.fill = l.data
	w.run(rows, forbid)
	w.fill = nil
	clear(l.data[int(total)*w.stride:])
	l.rows, l.forbid = rows, forbid
}

// listKey names a row list: its rows and forbidden diagonals.
type listKey struct {
	rows   uint32
	forbid [2]uint32
}

// listCache holds the row lists a counter built, up to a budget of
// bytes: the least recently used are dropped first, and their memory
// serves the next list built. The lists of the item being counted are
// never dropped, so that the cache may exceed its budget by them.
type listCache struct {
	lists  map[listKey]*rowList
	bytes  uint64 // held by the lists
	budget uint64
	clock  uint64 // advances once an item
	walker *rowWalker
}

func newListCache(m int, budget uint64) *listCache {
	return &listCache{lists: make(map[listKey]*rowList), budget: budget, walker: newRowWalker(m), clock: 1}
}

// get returns the list of the placements on rows that avoid forbid's
// diagonals, building it if the cache lacks it. The lists got since the
// last call of next stay valid until the next call of next.
func (c *listCache) get(rows uint32, forbid [2]uint32) *rowList {
	k := listKey{rows, forbid}
	if l, ok := c.lists[k]; ok {
		l.used = c.clock
		return l
	}
	var l *rowList
	for c.bytes > c.budget {
		old := c.oldest()
		if old == nil {
			break
		}
		delete(c.lists, listKey{old.rows, old.forbid})
		c.bytes -= old.bytes()
		if l == nil {
			l = old
		}
	}
	if l == nil {
		l = new(rowList)
	}
	c.walker.build(l, rows, forbid)
	l.used = c.clock
	c.lists[k] = l
	c.bytes += l.bytes()
	return l
}

// oldest returns the least recently used list not in use by the current
// item, or nil.
func (c *listCache) oldest() *rowList {
	var old *rowList
	for _, l := range c.lists {
		if l.used < c.clock && (old == nil || l.used < old.used) {
			old = l
		}
	}
	return old
}

// next starts a new item: the lists of the last may be dropped.
func (c *listCache) next() { c.clock++ }
