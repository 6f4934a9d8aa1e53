package queens

import "context"

// The Conflict of an [EventTry] of [Instance.Trace] for a square that no
// queen attacks but that the instance itself forbids.
const (
	// ConflictBlocked: the square tried is blocked.
	ConflictBlocked = -2
	// ConflictExcluded: the square tried lies on an excluded diagonal.
	ConflictExcluded = -3
)

// Trace runs a plain row-by-row backtracking search of the instance and
// reports its events to visit, as the teaching algorithms report theirs;
// visit may be nil, and returning false stops the search. The instance
// must pass [Instance.Check], else Trace returns its error and reports
// nothing.
//
// Row by row from the top, the search tries the columns in use of the row
// from left to right, or only the column of its preset queen, and places a
// queen on every free square it finds. A try's Conflict is
// [ConflictBlocked], [ConflictExcluded], else the row of the lowest queen
// above that attacks the square, or -1 when it is free. A row with no free
// square is a dead end; a row not in use is passed over without an event
// and is -1 in the solutions, which are those of [Instance.Solutions], in
// lexicographic order. It is meant to be watched, not to be fast: one
// check per square tried, and ctx polled once every 1,024 queens placed.
func (in *Instance) Trace(ctx context.Context, visit func(Event) bool) (Stats, error) {
	if err := in.Check(); err != nil {
		return Stats{}, err
	}
	n := in.N
	s := &instanceTrace{
		t:       newTracer(ctx, visit),
		n:       n,
		queens:  make(Solution, n),
		preset:  make([]int, n),
		rowUse:  make([]bool, n),
		colUse:  make([]bool, n),
		forbids: make([]int8, n*n),
	}
	for i := range n {
		s.queens[i], s.preset[i] = -1, -1
		s.rowUse[i], s.colUse[i] = in.Rows == nil, in.Cols == nil
	}
	for _, r := range in.Rows {
		s.rowUse[r] = true
	}
	for _, c := range in.Cols {
		s.colUse[c] = true
	}
	for _, q := range in.Queens {
		s.preset[q.Row] = q.Col
	}
	for r := range n {
		if s.rowUse[r] {
			s.last = r
		}
	}
	for _, d := range in.Excluded {
		for r := range n {
			c := d.K - r // a sum diagonal: r+c == K
			if !d.Sum {
				c = r - d.K // a difference diagonal: r-c == K
			}
			if c >= 0 && c < n {
				s.forbids[r*n+c] = ConflictExcluded
			}
		}
	}
	for _, q := range in.Blocked {
		s.forbids[q.Row*n+q.Col] = ConflictBlocked
	}
	if s.t.poll(); !s.t.stop {
		s.row(0)
	}
	return s.t.Stats, s.t.err
}

// instanceTrace is the state of the search of [Instance.Trace].
type instanceTrace struct {
	t       *tracer
	n       int
	queens  Solution // queens[r]: the column of the queen in row r, -1 for none
	preset  []int    // preset[r]: the column of the preset queen of row r, -1 for none
	rowUse  []bool
	colUse  []bool
	forbids []int8 // per square: 0, ConflictBlocked or ConflictExcluded
	depth   int    // the number of queens on the board
	last    int    // the last row in use
}

// solution counts and reports the queens on the board, a solution.
func (s *instanceTrace) solution() {
	t := s.t
	t.Solutions++
	if t.visit != nil {
		t.emit(Event{Kind: EventSolution, Row: s.last, Col: s.queens[s.last], Depth: s.depth, Conflict: -1, Index: t.Solutions, Queens: s.queens})
	}
}

// conflict returns the Conflict of a try of the square (row, col).
func (s *instanceTrace) conflict(row, col int) int {
	if f := s.forbids[row*s.n+col]; f != 0 {
		return int(f)
	}
	for i, q := range s.queens[:row] {
		if q >= 0 && (q == col || row-i == col-q || row-i == q-col) {
			return i
		}
	}
	return -1
}

// row searches the rows from row on, with queens on the rows above.
func (s *instanceTrace) row(row int) {
	t, n := s.t, s.n
	if row == n {
		s.solution()
		return
	}
	if !s.rowUse[row] {
		s.row(row + 1)
		return
	}
	lo, hi := 0, n
	if p := s.preset[row]; p >= 0 {
		lo, hi = p, p+1
	}
	placed := false
	for col := lo; col < hi && !t.stop; col++ {
		if !s.colUse[col] {
			continue
		}
		t.Checks++
		conflict := s.conflict(row, col)
		t.tryConflict(row, col, conflict)
		if conflict != -1 {
			continue
		}
		placed = true
		s.queens[row] = col
		s.depth++
		t.place(row, col)
		s.row(row + 1)
		s.queens[row] = -1
		s.depth--
		t.remove(row, col)
	}
	if !placed {
		t.deadEnd(row)
	}
}
