package variant

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

// errOvertaken stops the search of a unit once an earlier unit has a
// solution; it never leaves the package.
var errOvertaken = errors.New("queens: overtaken by an earlier unit")

// checkNodes is how often, in nodes, a search looks whether it must stop
// early (see interrupted): about every ten microseconds, so that the
// search a race has lost stops soon after the other decides.
const checkNodes = 1 << 8

// errBudget stops a search that has visited its budget of nodes; it never
// leaves the package.
var errBudget = errors.New("queens: out of nodes")

// searcher is the exhaustive search of an [Instance] on a board of at most
// 64 columns; wideSearcher is the same search on wider boards. Rows,
// columns and diagonals are bit sets: diagonal r+c is bit r+c of diag and
// diagonal c-r bit c-r+n-1 of anti, two words each. They hold the queens
// where a search begins; below, the free squares of the rows carry the
// diagonals. allow holds each row's squares neither blocked nor excluded.
//
// At every node the search finds the free squares of the empty rows from
// those of the node above (see scan.go) and counts those of each column
// (0, 1, 2 or more). A row or column with none fails; one with a single
// square is filled first, forcing queens. Otherwise the node must pass the
// bounds (see bounded, denseExcluded, boundsGap), and the search branches
// on a row with the fewest free squares, or a column with two when every
// row has three or more (see mostConstraining, branchRow, twos). The
// lexicographic search (lex set) branches on the first empty row instead.
type searcher struct {
	n     int
	full  uint64 // the columns in use
	open  uint64 // rows in use without a queen
	cols  uint64 // columns with a queen
	diag  [2]uint64
	anti  [2]uint64
	allow [64]uint64
	sol   Solution

	useBounds  bool // whether to check the bounds on the diagonals (see bounded)
	useColours bool // whether the bounds count the colours of the squares (see colourSpread)
	// boundsFrom is the fewest empty rows at which a branching checks
	// the bounds (see denseExcluded).
	boundsFrom int
	// checkGap is the fewest queens between two nodes of a path that
	// check the bounds (see boundsGap), and checkedAt the number of empty
	// rows of the nearest node above on the current path that checked
	// them, noChecks where none did.
	checkGap, checkedAt int

	// levels[m] is the scratch of the node of the current path that has m
	// empty rows: search fills its frees, and a branching orders its
	// squares there.
	levels []level
	// branchings[m] is what the branching of the node of the current path
	// that has m empty rows has yet to try.
	branchings []branching
	// scratch holds levels and branchings: none until the first search
	// (see takeScratch), and none again once release gives it back.
	scratch *searchScratch

	first bool                // stop at the first solution
	lex   bool                // branch in the order of the rows, each from the left (see above)
	visit func(Solution) bool // called on every solution, when not nil; false stops
	found uint64              // solutions found
	nodes uint64              // nodes of the search tree

	// A search that splits stops at branching depth limit and calls unit
	// there instead of searching on; limit < 0 never splits.
	limit int
	depth int
	unit  func(*searcher)

	// A search of unit index gives up, with errOvertaken, once a unit
	// before it has a solution: overtaken holds the least such index.
	index     int64
	overtaken *atomic.Int64

	// A search with a budget gives up, with errBudget, once it has
	// visited that many nodes, give or take checkNodes.
	budget uint64

	// When ring is not nil, a solution adds 12/m to found instead of 1,
	// m being the number of its queens on the squares of ring: the
	// weights of the symmetric count (see Instance.countSymmetric).
	ring []Square

	// A search that shares its work hands all it has yet to search over
	// to share, and stops with errSuspended, when a goroutine there waits
	// for work.
	share *sharedSearch

	// A restarting search (see restarts) tries the squares of each
	// branching in a random order, drawn from shuffle, when it is not nil.
	shuffle *rand.Rand

	done <-chan struct{}
	ctx  context.Context
	err  error
}

// level is the scratch of one node of a search: the free squares of each
// empty row, and the columns a branching on a row tries, in order, with
// their costs. Its size is a whole number of cache lines, so that the
// vector loads of frees never straddle two.
type level struct {
	frees [64]uint64
	cols  [64]uint8
	costs [64]int32
}

// branching is what the branching of a node of a search has yet to try,
// kept where the search can hand it over to a shared search (see
// sharedSearch): the squares rest of its line, or the columns
// cols[next:end] of its level when it tries a row's squares in order of
// cost; none once it is done.
type branching struct {
	open      uint64 // the empty rows of the node
	rest      uint64 // the columns of row line, or the rows of column line, yet to try
	line      uint8
	column    bool // whether the branching is on a column
	next, end uint8
}

// untried reports whether the branching has squares yet to try.
func (b *branching) untried() bool {
	return b.rest != 0 || b.next < b.end
}

// newSearcher returns the search of the instance, which must pass Check,
// with its preset queens placed; ok is false when a preset queen stands
// on a blocked square or an excluded diagonal, so that there is no
// solution.
func newSearcher(in *Instance) (s *searcher, ok bool) {
	n := in.N
	rows := lineSet(n, in.Rows)
	cols := lineSet(n, in.Cols)
	s = &searcher{
		n:     n,
		full:  cols[0],
		open:  rows[0],
		sol:   make(Solution, n),
		limit: -1,

		checkGap:  boundsGap,
		checkedAt: noChecks,
	}
	for r := range s.sol {
		if !rows.has(r) {
			s.sol[r] = -1
		}
	}
	for r, a := range in.allowed() {
		s.allow[r] = a[0]
	}
	s.setBounds(in, true)
	for _, q := range in.Queens {
		if s.allow[q.Row]>>q.Col&1 == 0 {
			return s, false
		}
		s.place(q.Row, q.Col)
	}
	return s, true
}

// sparseBoundsN and denseExcluded say where the main search checks the
// bounds on the diagonals only near the root: on boards of at most
// sparseBoundsN columns without blocked squares and with fewer than
// denseExcluded twentieths of n excluded diagonals, only at the nodes
// with at least three quarters of the rows empty. A check costs about 70
// ns and prunes about 2.5 nodes of 28 to 43 ns each; with few excluded
// diagonals it prunes less, and the branching on the most constrained row
// finds most of the same failures a node or two later, while near the
// root a check that prunes saves a large subtree. Larger boards keep the
// bounds everywhere (not measured), and so does the lexicographic search,
// which without them takes 3.6 times as long. Chosen on the CSPLib
// Excluded Diagonals runs on one core; see docs/benchmarks.md, Variant
// search.
const (
	sparseBoundsN = 21
	denseExcluded = 17
)

// boundsGap is the fewest queens between two nodes of a path of the main
// search that check the bounds on the diagonals: a branching fewer
// queens below the nearest node above it that checked them does not. Of
// the checks, four in five pass, and a node a queen or two below one
// that passed seldom fails them; its subtree is small, and the node that
// a skipped check would have pruned is pruned a queen or two deeper. The
// lexicographic search, which branches on the first empty row, checks at
// every branching, where a gap cost it time. Chosen on the CSPLib
// Excluded Diagonals runs on one core; see docs/benchmarks.md, Variant
// search.
const boundsGap = 3

// noChecks is checkedAt where no node above checked the bounds.
const noChecks = 1 << 20

// setBounds sets whether the search of s, the search of in, checks the
// bounds on the diagonals, from how many empty rows, and whether they
// count the colours; nearRoot says whether they may be checked only
// near the root where too few diagonals are excluded (see
// denseExcluded).
func (s *searcher) setBounds(in *Instance, nearRoot bool) {
	// On a board without blocked squares or excluded diagonals the bounds
	// hardly ever prune, and a count would pay for them at every node.
	s.useBounds = s.n <= boundsN && (len(in.Blocked) > 0 || len(in.Excluded) > 0)
	// The colours prune where whole diagonals are gone: on the boards
	// with blocked squares alone of the benchmarks they take away a
	// hundredth of the nodes, and cost more time than that.
	s.useColours = s.useBounds && len(in.Excluded) > 0
	s.boundsFrom = 0
	if nearRoot && len(in.Blocked) == 0 && s.n <= sparseBoundsN && 20*len(in.Excluded) < denseExcluded*s.n {
		s.boundsFrom = (3*s.n + 3) / 4
	}
}

// newLexSearcher returns the lexicographic search (see searcher) of the
// transposed instance of in, which must pass Check, with its preset
// queens placed: the column-by-column search of in. It has a solution
// if in has. A lexicographic search prunes and forces queens as the main
// search does, but branches on the first empty row, its free squares
// from the left; since a forced queen stands in every solution below its
// node, it meets the solutions in lexicographic order, the least first.
// On some instances this classic order meets a solution, or runs out of
// them, far sooner than the most constrained row does, which is why
// Solve races it against the main search (see race).
func newLexSearcher(in *Instance) *searcher {
	tr := in.transposed()
	s, _ := newSearcher(tr)
	s.lex, s.checkGap = true, 1
	s.setBounds(tr, false)
	return s
}

// clone returns a copy of s that searches on its own, with a solution
// slice and scratch of its own, under ctx.
func (s *searcher) clone(ctx context.Context) *searcher {
	c := *s
	c.sol = s.solCopy()
	c.scratch, c.levels, c.branchings = nil, nil, nil
	c.found, c.nodes, c.err = 0, 0, nil
	c.setContext(ctx)
	return &c
}

// reuse makes s, a clone of base or of a searcher like it, a fresh clone
// of base again, with the solution slice, the scratch and the context of
// s.
func (s *searcher) reuse(base *searcher) {
	sol, scratch, levels, branchings, ctx := s.sol, s.scratch, s.levels, s.branchings, s.ctx
	*s = *base
	copy(sol, base.sol)
	s.sol, s.scratch, s.levels, s.branchings = sol, scratch, levels, branchings
	s.found, s.nodes, s.err = 0, 0, nil
	s.setContext(ctx)
}

// searchScratch is the scratch of a search: a level and a branching for
// every number of empty rows, for boards of len(levels)-1 columns or
// fewer. Searches take it from scratchPool and give it back once done,
// so that a run of many short searches neither allocates nor clears a
// level of 832 bytes for every row of each searcher (the race of Solve
// with AnySolution has up to seven): allocated afresh, the scratch
// doubled the time of BenchmarkVariantsSolveMany, mostly in the garbage
// collector.
type searchScratch struct {
	levels     []level
	branchings []branching
}

// scratchPool holds the scratch that searches gave back.
var scratchPool sync.Pool

// takeScratch gives s scratch of its own: from scratchPool where that
// has some large enough, else new. Its branchings are cleared: a search
// that stopped leaves squares to try in those of its path.
func (s *searcher) takeScratch() {
	sc, _ := scratchPool.Get().(*searchScratch)
	if sc == nil || len(sc.levels) < s.n+1 {
		sc = &searchScratch{levels: make([]level, s.n+1), branchings: make([]branching, s.n+1)}
	}
	clear(sc.branchings)
	s.scratch, s.levels, s.branchings = sc, sc.levels[:s.n+1], sc.branchings[:s.n+1]
}

// release gives the scratch of s back to scratchPool, if it has any. The
// search must be done: s may search again, with other scratch, but
// nothing may read its levels or branchings meanwhile.
func (s *searcher) release() {
	if s.scratch != nil {
		scratchPool.Put(s.scratch)
		s.scratch, s.levels, s.branchings = nil, nil, nil
	}
}

// setContext makes the search stop, with ctx.Err(), when ctx is done.
func (s *searcher) setContext(ctx context.Context) {
	s.ctx, s.done = ctx, ctx.Done()
}

// interrupted reports whether the search must stop early, and sets s.err
// to say why.
func (s *searcher) interrupted() bool {
	if s.overtaken != nil && s.overtaken.Load() < s.index {
		s.err = errOvertaken
		return true
	}
	if sh := s.share; sh != nil && sh.hungry.Load() && s.suspend() {
		return true
	}
	if s.budget != 0 && s.nodes >= s.budget {
		s.err = errBudget
		return true
	}
	return s.stopped()
}

// stopped reports whether the context of s is done, and then sets s.err
// to its error.
func (s *searcher) stopped() bool {
	select {
	case <-s.done:
		s.err = s.ctx.Err()
		return true
	default:
		return false
	}
}

// place puts a queen on (r, c), or with place twice, takes it away: every
// bit it sets is clear before.
func (s *searcher) place(r, c int) {
	s.sol[r] = c
	s.open ^= 1 << r
	s.cols ^= 1 << c
	d, a := r+c, c-r+s.n-1
	s.diag[d>>6] ^= 1 << (d & 63)
	s.anti[a>>6] ^= 1 << (a & 63)
}

// free returns the columns of the free squares of row r.
func (s *searcher) free(r int) uint64 {
	return s.allow[r&63] &^ (s.cols | shift(s.diag, r) | shift(s.anti, s.n-1-r))
}

// readFrees sets frees to the free squares of the empty rows, read from
// the board.
func (s *searcher) readFrees(frees *[64]uint64) {
	for rs := s.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs) & 63
		frees[r] = s.free(r)
	}
}

// shift returns bits k..k+63 of the 128-bit set x, for 0 ≤ k ≤ 63.
func shift(x [2]uint64, k int) uint64 {
	// The high word moves by 1 and then by 63-k, so that neither shift
	// reaches 64 and the masks keep the compiler from guarding them.
	return x[0]>>(k&63) | x[1]<<1<<((63-k)&63)
}

// search fills the empty rows and reports whether to stop: after the first
// solution when s.first is set, when visit returns false, or when the
// context is done (s.err is then set). On a stop for a solution the
// queens stay on the board: s.sol is the solution.
func (s *searcher) search() (stop bool) {
	if s.scratch == nil {
		s.takeScratch()
	}
	// A search that stopped left the checkedAt of its last node.
	s.checkedAt = noChecks
	return s.node(-1, 0)
}

// A forced queen, the one free square of a row or a column, leads to a
// node of its own, but not to a call of its own: node places it and goes
// round again, and takes all it placed away on the way out. Half the
// nodes of a search are forced, and a call for each cost 7% more time.
func (s *searcher) node(pr, pc int) (stop bool) {
	var placedRows, placedCols uint64 // the queens this call has placed
	for {
		if pr >= 0 {
			s.sol[pr&63] = pc
			row, col := uint64(1)<<(pr&63), uint64(1)<<(pc&63)
			s.open ^= row
			s.cols ^= col
			placedRows |= row
			placedCols |= col
		}
		if s.open == 0 {
			if s.ring == nil {
				s.found++
			} else {
				s.found += s.weight()
			}
			if s.visit != nil {
				stop = !s.visit(s.sol)
			} else {
				stop = s.first
			}
			break
		}
		if s.depth == s.limit {
			s.unit(s)
			break
		}
		s.nodes++
		if s.nodes&(checkNodes-1) == 0 && s.interrupted() {
			return true
		}
		// The free squares of each empty row; c1 and c2 are the
		// columns with at least one and two of them.
		m := bits.OnesCount64(s.open)
		frees := &s.levels[m].frees
		// Below the root the rows lose the squares on the lines of the
		// new queen; at the root they come from the board, and no queen
		// takes any.
		above, queen := frees, uint64(0)
		if pr >= 0 {
			above, queen = &s.levels[m+1].frees, uint64(1)<<(pc&63)
		} else {
			s.readFrees(frees)
		}
		var key, c1, c2 uint64
		if haveScanAVX512 {
			key, c1, c2 = scanAboveAVX512(above, frees, s.open, pr, queen)
		} else {
			key, c1, c2 = scanAboveGo(above, frees, s.open, pr, queen)
		}
		fewest := int(key >> 6)
		if fewest == 0 {
			break // a row without a free square
		}
		row := int(key & 63)
		cand := frees[row]
		need := s.full &^ s.cols
		if need&^c1 != 0 {
			break // a column without a free square
		}
		if fewest == 1 {
			pr, pc = row, bits.TrailingZeros64(cand)
		} else if ones := need &^ c2; ones != 0 {
			pc = bits.TrailingZeros64(ones)
			pr = bits.TrailingZeros64(s.columnRows(frees, pc))
		} else {
			// Only a branching node pays for the bounds: a forced
			// queen leads to a branching below, which checks them
			// where checkGap allows.
			checked := s.checkedAt
			if s.useBounds && m >= s.boundsFrom && checked-m >= s.checkGap {
				if !s.bounded(frees, need, m) {
					break
				}
				s.checkedAt = m
			}
			if s.lex {
				row = bits.TrailingZeros64(s.open)
				stop = s.branchRow(row, frees[row&63])
			} else if twos := s.twos(frees, need, c2, fewest); twos != 0 {
				stop = s.branchColumn(bits.TrailingZeros64(twos))
			} else {
				if 4*m >= 3*s.n {
					row, cand = s.mostConstraining(frees, fewest)
				}
				stop = s.branchRow(row, cand)
			}
			s.checkedAt = checked
			break
		}
	}
	if !stop {
		s.open ^= placedRows
		s.cols ^= placedCols
	}
	return stop
}

// twos returns the columns of need with exactly two free squares in
// frees, c2 being those with at least two, where every empty row has
// three or more (fewest, the fewest of a row, is above two); otherwise
// none.
func (s *searcher) twos(frees *[64]uint64, need, c2 uint64, fewest int) uint64 {
	if fewest <= 2 || need&c2 == 0 {
		return 0
	}
	if haveScanAVX512 {
		return need & c2 &^ columnsThreeAVX512(frees, s.open)
	}
	return need & c2 &^ columnsThreeGo(frees, s.open)
}

// mostConstraining returns, of the empty rows with fewest free squares
// in frees, the one whose squares take the most free squares of the
// other rows, and the first of them among equals, with its free squares.
// Near the root, where a branching's subtree is large, the row that
// constrains the rest the most leaves the smallest subtrees (on the
// CSPLib Excluded Diagonals instances, a tenth to a quarter fewer nodes).
func (s *searcher) mostConstraining(frees *[64]uint64, fewest int) (row int, cand uint64) {
	best := -1
	for rs := s.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs) & 63
		if bits.OnesCount64(frees[r]) != fewest {
			continue
		}
		taken := s.loss(frees, r, frees[r])
		if s.shuffle != nil {
			taken = taken<<8 | s.shuffle.IntN(256) // equals in a random order
		}
		if taken > best {
			best, row, cand = taken, r, frees[r]
		}
	}
	return row, cand
}

// branchRow tries a queen on each of the columns cand of row r, two or
// more. When the search stops at the first solution and at most a
// quarter of the rows have their queens, the least constraining square
// goes first, and among equals the leftmost: the order does not change
// what the search proves, only how soon it meets a solution, and a queen
// that takes the fewest free squares from the other rows leaves the most
// room for them. Deeper, where most of the nodes are and a wrong choice
// costs little, the order would cost more than it saves (down to half
// the rows it met no solution sooner and took a tenth more time), and
// the search goes from left to right.
func (s *searcher) branchRow(r int, cand uint64) bool {
	m := bits.OnesCount64(s.open)
	b := &s.branchings[m]
	b.open, b.line, b.column = s.open, uint8(r), false
	if s.shuffle != nil && 4*m < 3*s.n {
		// A restart (see restarts), below the rows that order by cost,
		// takes the squares in a random order.
		s.depth++
		for b.rest = cand; b.rest != 0; {
			c := s.draw(b.rest)
			b.rest &^= 1 << c
			if s.node(r, c) {
				return true
			}
		}
		s.depth--
		return false
	}
	if !s.first || s.lex || 4*m < 3*s.n {
		s.depth++
		for b.rest = cand; b.rest != 0; {
			c := bits.TrailingZeros64(b.rest)
			b.rest &= b.rest - 1
			if s.node(r, c) {
				return true
			}
		}
		s.depth--
		return false
	}
	lv := &s.levels[m]
	k := 0
	for ; cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros64(cand)
		cost := int32(s.loss(&lv.frees, r, 1<<c)) // the squares it takes
		if s.shuffle != nil {
			// Equal costs in a random order.
			cost = cost<<8 | int32(s.shuffle.IntN(256))
		}
		i := k
		for ; i > 0 && lv.costs[(i-1)&63] > cost; i-- {
			lv.costs[i&63], lv.cols[i&63] = lv.costs[(i-1)&63], lv.cols[(i-1)&63]
		}
		lv.costs[i&63], lv.cols[i&63] = cost, uint8(c)
		k++
	}
	s.depth++
	for b.next, b.end = 0, uint8(k); b.next < b.end; {
		c := int(lv.cols[b.next&63])
		b.next++
		if s.node(r, c) {
			return true
		}
	}
	s.depth--
	return false
}

// loss returns how many of the free squares frees of the empty rows but
// r lie on the lines of queens on the columns cols of row r.
func (s *searcher) loss(frees *[64]uint64, r int, cols uint64) int {
	if haveScanAVX512 {
		return lossAVX512(frees, s.open&^(1<<r), r, cols)
	}
	return lossGo(frees, s.open&^(1<<r), r, cols)
}

// branchColumn tries a queen on each free square of column c, which has
// two or more, from the top.
func (s *searcher) branchColumn(c int) bool {
	m := bits.OnesCount64(s.open)
	b := &s.branchings[m]
	b.open, b.line, b.column = s.open, uint8(c), true
	s.depth++
	for b.rest = s.columnRows(&s.levels[m].frees, c); b.rest != 0; {
		r := bits.TrailingZeros64(b.rest)
		if s.shuffle != nil {
			r = s.draw(b.rest)
		}
		b.rest &^= 1 << r
		if s.node(r, c) {
			return true
		}
	}
	s.depth--
	return false
}

// columnRows returns the empty rows with a free square, in frees, on
// column c.
func (s *searcher) columnRows(frees *[64]uint64, c int) uint64 {
	if haveScanAVX512 {
		return columnRowsAVX512(frees, s.open, c)
	}
	return columnRowsGo(frees, s.open, c)
}

// placed returns the queens that s has placed beyond those of base, which
// s grew from.
func (s *searcher) placed(base *searcher) []Square {
	return s.queens(base.open &^ s.open)
}

// queens returns the queens of the rows rows, which have one.
func (s *searcher) queens(rows uint64) []Square {
	var qs []Square
	for rs := rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		qs = append(qs, Square{r, s.sol[r]})
	}
	return qs
}

// solCopy returns a copy of the searcher's solution.
func (s *searcher) solCopy() Solution {
	return append(Solution(nil), s.sol...)
}

// draw returns one of the bits of x, which has some, at random.
func (s *searcher) draw(x uint64) int {
	for i := s.shuffle.IntN(bits.OnesCount64(x)); i > 0; i-- {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}
