package variant

import (
	"context"
	"math/bits"
	"sync"
)

// The lane search is the plain backtracking search of the classic
// column-by-column solvers: the columns from the left, each column's free
// squares from the top, with no propagation. It runs sixteen such
// searches at once, one to a lane of two AVX-512 vectors (lanes_amd64.s),
// and each step moves every lane one node on, down or back, without a
// branch of its own: about 1.2 ns a node, where a search that branches at
// every node mispredicts one branch in two. A step makes both moves of
// every lane ready and the lane's free squares pick one (see STEP in the
// assembly), which halves the chain a step waits on. The lanes share the
// work by prefixes, the placements of the first laneDepth(n) columns that
// a plain search (see prefixGenerator) hands out in its order, so the
// first solution they meet lies in one of the first subtrees that have
// any. Like the lexicographic search it works on the transposed instance;
// it takes boards of at most lanesN columns, every row and column in
// use, without preset queens.

// laneCount is the number of lanes: two vectors of eight words.
const laneCount = 16

// lanesN is the largest board of the lane search: the diagonals of each
// family, with their indices r+c and c-r+n-1, then fit one word, the
// allowed squares of its rows four vectors, and the columns of a lane's
// queens below its prefix its history (see historyRows), which holds the
// n - laneDepth(n) rows below the prefix up to n = 31.
const lanesN = 31

// laneDepth returns the number of rows (the columns of the instance)
// that a prefix fills on a board of n columns, where it has more: a
// third of them, less two, from four to seven. Deeper prefixes split the
// tree into smaller subtrees, so that the lane whose prefix holds a
// solution meets it sooner; but the plain search that hands them out
// visits more nodes, about seven nanoseconds each, and the lanes change
// prefixes more often. Small boards take the first most, large ones the
// second. Chosen on the published CSPLib Excluded Diagonals runs; see
// docs/benchmarks.md, Variant search.
func laneDepth(n int) int {
	return max(4, min(7, (n-2)/3))
}

// prefixCap is the number of prefixes the buffer holds.
const prefixCap = 256

// laneSteps is the number of steps the lanes make between two looks
// whether to stop: about two microseconds.
const laneSteps = 128

// The reasons why a run of steps of the lanes ends.
const (
	laneBudget = iota // its steps are done
	laneFound         // a lane has met a solution
	laneRefill        // lanes are done with their prefixes, and the buffer has too few
)

// laneState is the state of the lanes, laid out for the assembly: for
// each lane, the free squares yet to try of its row, the columns and the
// diagonals of its queens (bit c, r+c and c-r+n-1), its row, the index
// of its prefix, and the columns of its queens below the prefix, a stack
// of fields of five bits in two words (see historyField); the lanes that
// search; the nodes visited; and one more than the lane that met a
// solution.
type laneState struct {
	free, cols, sums, diffs, row, prefix [laneCount]uint64
	history                              [2][laneCount]uint64
	active                               uint64
	nodes                                uint64
	found                                uint64
}

// historyRows is the number of rows below a prefix whose queens' columns
// the history of a lane holds: twelve fields of five bits in each of its
// two words.
const historyRows = 24

// historyLow is the mask of the twelve fields of a word of a history;
// the bits above them stay clear.
const historyLow = 1<<60 - 1

// pushHistory puts the column c of a lane's queen on top of its history
// h0, h1 (the top field in the low bits of h0, the deeper ones moving on
// into h1), and popHistory takes it off again: the assembly does the
// same, word for word.
func pushHistory(h0, h1, c uint64) (uint64, uint64) {
	return h0<<5&historyLow | c, h1<<5 | h0>>55
}

// popHistory returns the column on top of the history h0, h1 and the
// history without it.
func popHistory(h0, h1 uint64) (c, nh0, nh1 uint64) {
	return h0 & 31, h0>>5 | h1<<55&historyLow, h1 >> 5
}

// historyField returns the column of the queen of lane l that lies k
// rows above its row: k = 1 is the last queen it placed.
func historyField(st *laneState, l, k int) uint64 {
	k--
	return st.history[k/12][l] >> (5 * (k % 12)) & 31
}

// prefixBuffer holds prefixes for the lanes to take, in the order of the
// search, next to count: for each, the free squares of its first row
// below the prefix, the columns and diagonals of its queens, and its
// index.
type prefixBuffer struct {
	free, cols, sums, diffs, index [prefixCap]uint64
	next, count                    uint64
}

// laneSearch is the lane search of an instance.
type laneSearch struct {
	n, depth int
	// allow[r] holds the squares of row r on which a queen may stand;
	// the rows from n on have none.
	allow [64]uint64
	state laneState
	buf   prefixBuffer
	gen   prefixGenerator
	// queens holds the columns of the first depth rows of each prefix
	// handed out, five bits each (see prefixGenerator).
	queens []uint64
	// genNodes counts the nodes of the prefixes' search.
	genNodes uint64
	sol      Solution
}

// prefixGenerator is the plain search of the first rows of a board,
// which hands out the placements of its first depth rows one at a time,
// in its order, and picks up again where it left off.
type prefixGenerator struct {
	row               int // the row the search is at; -1 before it starts
	free              [64]uint64
	cols, sums, diffs [64]uint64
	// placed[r] holds the columns of the queens of the rows above row r,
	// five bits each, from the first row's in the low bits.
	placed [64]uint64
	done   bool
}

var lanePool sync.Pool

// newLaneSearch returns the lane search of the transposed instance of
// in, which must pass Check, or nil where the lane search does not take
// it (see laneSearch).
func newLaneSearch(in *Instance) *laneSearch {
	if in.N > lanesN || in.N < 1 || len(in.Queens) > 0 {
		return nil
	}
	rows := lineSet(in.N, in.Rows)
	cols := lineSet(in.N, in.Cols)
	full := first128(in.N)
	if rows != full || cols != full {
		return nil
	}
	ls, _ := lanePool.Get().(*laneSearch)
	if ls == nil {
		ls = &laneSearch{}
	}
	tr := in.transposed()
	ls.n = in.N
	ls.depth = min(laneDepth(in.N), in.N-1)
	clear(ls.allow[:])
	for r, a := range tr.allowed() {
		ls.allow[r] = a[0]
	}
	ls.state = laneState{}
	ls.buf.next, ls.buf.count = 0, 0
	ls.gen = prefixGenerator{row: -1}
	ls.queens = ls.queens[:0]
	ls.genNodes = 0
	ls.sol = nil
	return ls
}

// release gives ls back for another search.
func (ls *laneSearch) release() {
	lanePool.Put(ls)
}

// nodes returns the nodes the search has visited: the lanes' and the
// prefixes'.
func (ls *laneSearch) nodes() uint64 {
	return ls.state.nodes + ls.genNodes
}

// run searches for at most budget steps of the lanes (0: no limit), and
// less when ctx is done; it reports whether the search is decided, with
// its solution, transposed back to the instance, in ls.sol, or none.
func (ls *laneSearch) run(ctx context.Context, budget uint64) (decided bool) {
	done := ctx.Done()
	if ls.gen.row < 0 && !ls.start() {
		return true
	}
	var spent uint64
	for budget == 0 || spent < budget {
		var reason int
		if haveLanesAVX512 {
			reason = laneStepsAVX512(&ls.state, &ls.allow, &ls.buf, ls.n, ls.depth, laneSteps)
		} else {
			reason = laneStepsGo(&ls.state, &ls.allow, &ls.buf, ls.n, ls.depth, laneSteps)
		}
		spent += laneSteps
		switch reason {
		case laneFound:
			ls.sol = ls.solution(int(ls.state.found - 1))
			return true
		case laneRefill:
			if !ls.refill() {
				return true
			}
		}
		select {
		case <-done:
			return false
		default:
		}
	}
	return false
}

// start gives every lane its first prefix, and reports whether any has
// one.
func (ls *laneSearch) start() bool {
	ls.state.active = 1<<laneCount - 1
	for l := range laneCount {
		ls.state.row[l] = uint64(ls.depth)
	}
	return ls.refill()
}

// refill gives the next prefixes to the lanes that are done with theirs,
// and takes out of the search those for which there are none left; it
// reports whether any lane still searches.
func (ls *laneSearch) refill() bool {
	st, b := &ls.state, &ls.buf
	for l := range laneCount {
		if st.active>>l&1 == 0 || st.free[l] != 0 || st.row[l] != uint64(ls.depth) {
			continue
		}
		if b.next == b.count {
			ls.generate()
		}
		if b.next == b.count {
			st.active &^= 1 << l
			continue
		}
		i := b.next
		st.free[l], st.cols[l], st.sums[l], st.diffs[l], st.prefix[l] = b.free[i], b.cols[i], b.sums[i], b.diffs[i], b.index[i]
		b.next++
	}
	return st.active != 0
}

// generate fills the buffer with the next prefixes, after those it still
// holds.
func (ls *laneSearch) generate() {
	b, g := &ls.buf, &ls.gen
	k := copy(b.free[:], b.free[b.next:b.count])
	copy(b.cols[:], b.cols[b.next:b.count])
	copy(b.sums[:], b.sums[b.next:b.count])
	copy(b.diffs[:], b.diffs[b.next:b.count])
	copy(b.index[:], b.index[b.next:b.count])
	b.next, b.count = 0, uint64(k)
	n, p := ls.n, ls.depth
	if g.row < 0 {
		g.row = 0
		g.free[0] = ls.allow[0]
	}
	for !g.done && b.count < prefixCap {
		r := g.row
		if r == p {
			// A prefix: the rows above the lanes' first are filled.
			i := b.count
			b.free[i], b.cols[i], b.sums[i], b.diffs[i] = g.free[p], g.cols[p], g.sums[p], g.diffs[p]
			b.index[i] = uint64(len(ls.queens))
			ls.queens = append(ls.queens, g.placed[p])
			b.count++
			if p == 0 {
				g.done = true
				break
			}
			g.row--
			continue
		}
		f := g.free[r]
		if f == 0 {
			if r == 0 {
				g.done = true
				break
			}
			g.row--
			continue
		}
		ls.genNodes++
		bit := f & -f
		g.free[r] = f ^ bit
		c, s, d := g.cols[r]|bit, g.sums[r]|bit<<r, g.diffs[r]|bit<<(n-1)>>r
		g.placed[r+1] = g.placed[r] | uint64(bits.TrailingZeros64(bit))<<(5*r)
		r++
		g.cols[r], g.sums[r], g.diffs[r] = c, s, d
		g.free[r] = ls.allow[r] &^ (c | s>>r | d>>((n-1-r)&63))
		g.row = r
		if r == p && g.free[r] == 0 {
			// No square for the lanes' first row: no prefix.
			g.row--
		}
	}
}

// solution returns the solution that lane l has met, transposed back to
// the instance.
func (ls *laneSearch) solution(l int) Solution {
	n, p := ls.n, ls.depth
	t := make(Solution, n)
	placed := ls.queens[ls.state.prefix[l]]
	for r := range p {
		t[r] = int(placed >> (5 * r) & 31)
	}
	for r := p; r < n; r++ {
		t[r] = int(historyField(&ls.state, l, n-r))
	}
	return transposeSolution(t)
}

// laneStepsGo makes up to steps steps of the lanes st, on the board of
// n rows whose allowed squares are allow, with the prefixes of buf,
// depth rows each; it returns why it stopped (laneBudget, laneFound or
// laneRefill). In a
// step every lane that searches moves one node on: down to the next row
// with the first of its free squares yet to try, where it has one, and
// otherwise back to its row above, to try the next of its squares there.
// A lane that is back at its prefix's row without a square to try is
// done: at the end of the step it takes the next prefix of buf, and
// where buf has too few for every lane done, the steps stop (laneRefill)
// and leave those lanes as they are. A lane that places the queen of its
// last row stops the steps at the end of its step (laneFound, st.found
// one more than the least such lane). It is the twin of the assembly
// kernel.
func laneStepsGo(st *laneState, allow *[64]uint64, buf *prefixBuffer, n, depth, steps int) int {
	last := uint64(n)
	for ; steps > 0; steps-- {
		var down, found, done uint64
		for l := range laneCount {
			if st.active>>l&1 == 0 {
				continue
			}
			r := st.row[l]
			var bit uint64
			switch {
			case st.free[l] != 0:
				bit = st.free[l] & -st.free[l]
				down |= 1 << l
				st.history[0][l], st.history[1][l] = pushHistory(st.history[0][l], st.history[1][l], uint64(bits.TrailingZeros64(bit)))
			case r == uint64(depth):
				done |= 1 << l
				continue
			default:
				r--
				var c uint64
				c, st.history[0][l], st.history[1][l] = popHistory(st.history[0][l], st.history[1][l])
				bit = 1 << c
			}
			st.cols[l] ^= bit
			st.sums[l] ^= bit << r
			st.diffs[l] ^= bit << (n - 1) >> r
			if down>>l&1 != 0 {
				r++
				st.nodes++
			}
			st.row[l] = r
			// The free squares of the row, none below the last; going
			// back, those right of the queen that leaves it.
			free := allow[r&63] &^ (st.cols[l] | st.sums[l]>>r | st.diffs[l]>>(last-1-r))
			if down>>l&1 == 0 {
				free &= -(bit << 1)
			} else if r == last {
				found |= 1 << l
			}
			st.free[l] = free
		}
		if found != 0 {
			st.found = uint64(bits.TrailingZeros64(found)) + 1
			return laneFound
		}
		if done != 0 {
			if buf.count-buf.next < uint64(bits.OnesCount64(done)) {
				return laneRefill
			}
			for ; done != 0; done &= done - 1 {
				l := bits.TrailingZeros64(done)
				i := buf.next
				st.free[l], st.cols[l], st.sums[l], st.diffs[l], st.prefix[l] = buf.free[i], buf.cols[i], buf.sums[i], buf.diffs[i], buf.index[i]
				buf.next++
			}
		}
	}
	return laneBudget
}
