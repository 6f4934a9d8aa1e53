package queens

import (
	"context"
	"fmt"
)

// EventKind tells what an [Event] reports.
type EventKind uint8

// The kinds of event a search reports.
const (
	// EventTry: the search considers the square (Row, Col); Conflict names
	// the row of a queen that attacks it, or is -1 when the square is free.
	EventTry EventKind = iota + 1
	// EventPlace: a queen is placed on (Row, Col).
	EventPlace
	// EventRemove: the queen on (Row, Col) is taken back.
	EventRemove
	// EventSolution: the queens on the board form a solution, the Index-th.
	EventSolution
	// EventDeadEnd: the search cannot go on and goes back. Usually row Row
	// has no free square at all (Col is -1, Depth is Row) and the search
	// goes back to row Row-1. An algorithm that checks only complete
	// placements (permute) reports a rejected one as a dead end with
	// Depth N: the queen on (Row, Col) is attacked by the one in row
	// Conflict.
	EventDeadEnd
)

var eventKindNames = [...]string{EventTry: "try", EventPlace: "place", EventRemove: "remove", EventSolution: "solution", EventDeadEnd: "deadend"}

// String returns the kind's name as JSON carries it: "try", "place",
// "remove", "solution" or "deadend".
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText encodes the kind as its name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, name := range eventKindNames {
		if name != "" && name == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("queens: unknown event kind %q", b)
}

// Event is one step of a search, as the teaching algorithms report it. Rows
// and columns are counted from 0.
//
// Every algorithm that searches row by row (all but permute) reports the
// same place, remove, solution and dead-end events in the same order for
// the same N; the squares it reports as tried depend on how it looks for a
// free square.
type Event struct {
	Kind EventKind `json:"kind"`
	Row  int       `json:"row"`
	Col  int       `json:"col"`
	// Depth is the number of queens on the board after the event.
	Depth int `json:"depth"`
	// Conflict is, for EventTry, the row of a queen that attacks the square
	// tried, or -1 when none does: the queen that the algorithm's own
	// check meets first. flags reads the column flag, then the "\"
	// diagonal's (row−col), then the "/" diagonal's (row+col), and names
	// the queen that set the first one it finds set; board reads the
	// squares above in the same order (the column, then the "\" diagonal,
	// then the "/" one). scan compares the queens from the top and rows
	// marks its forbidden columns from the top, so both name the lowest
	// row that attacks; matrix reads a counter, and names the first of
	// the queens that raised it, the lowest row; permute names the queen
	// that uses the column. bitboard tries free squares only. For a dead
	// end with Depth N it is the row of the queen that attacks the one on
	// (Row, Col); it is -1 for the other events.
	Conflict int `json:"conflict"`
	// Index is, for EventSolution, the number of the solution, from 1.
	Index uint64 `json:"index,omitempty"`
	// Queens is, for EventSolution, the solution found. The search reuses
	// its memory: Clone it to keep it past the callback.
	Queens Solution `json:"queens,omitempty"`
	// Delta is, for the counter-board algorithm (matrix), the change made
	// to the counter of every square the queen attacks: +1 when a queen is
	// placed, -1 when it is removed. Other algorithms leave it 0.
	Delta int `json:"delta,omitempty"`
	// Work is the part of [Stats.Work] spent since the event before: the
	// units of work of the step this event reports, in the algorithm's
	// own unit ([Algorithm.WorkUnit]). Over a whole search the Work of
	// the events adds up to Stats.Work.
	Work uint64 `json:"work,omitempty"`
}

// Stats counts the work of a search.
type Stats struct {
	Solutions uint64 `json:"solutions"`
	// Nodes is the number of queens placed.
	Nodes uint64 `json:"nodes"`
	// Checks is the number of safety checks: the times the search asks
	// whether a square is free. The algorithms that look at squares one
	// by one make one check per square; bitboard makes one per row, for
	// its masks answer for the whole row at once.
	Checks uint64 `json:"checks"`
	// Work is what the search spent in its own unit, the one its
	// [Algorithm.WorkUnit] names: array reads for flags, comparisons with
	// earlier queens for scan, and so on. Unlike Checks, which counts the
	// same squares tried for every row-by-row method, Work shows what
	// each method pays for a check. The search of an [Instance] leaves
	// it 0.
	Work uint64 `json:"work"`
}

// firstAttacker returns the lowest row r < row whose queen, queens[r],
// attacks the square (row, col) along a column or a diagonal, or -1 when
// none does.
func firstAttacker(queens Solution, row, col int) int {
	for r, c := range queens[:row] {
		if d := c - col; d == 0 || d == row-r || d == r-row {
			return r
		}
	}
	return -1
}

// lineAttacker returns the row r < row of the queen that attacks the
// square (row, col) along the first line that holds one, in the order
// the flags check reads its flags: the column, then the "\" diagonal
// (row−col fixed), then the "/" diagonal (row+col fixed); -1 when none
// does. The queens of a search stand one to a line, so each line holds
// at most one of them.
func lineAttacker(queens Solution, row, col int) int {
	d1, d2 := -1, -1
	for r, c := range queens[:row] {
		switch {
		case c == col:
			return r
		case r-c == row-col:
			d1 = r
		case r+c == row+col:
			d2 = r
		}
	}
	if d1 >= 0 {
		return d1
	}
	return d2
}

// pollMask sets how often a search looks at its context: once every
// pollMask+1 queens placed.
const pollMask = 1<<10 - 1

// tracer is what every teaching search shares: it counts the work, hands
// the events to the visit function, and tells the search when to stop,
// because visit asked to or the context was cancelled.
//
// Its event methods are small enough to be inlined, so that a search that
// runs without a visit function pays one nil check per event and nothing
// more; the event itself is built out of line.
type tracer struct {
	Stats
	visit func(Event) bool // receives the events; nil when nobody watches
	found func(Solution)   // receives the solutions when visit is nil
	ctx   context.Context
	delta int    // the Delta of a place event; matrix sets it to 1
	told  uint64 // the Work already handed out with events
	stop  bool   // the search must end now
	err   error  // why the context stopped the search
}

// newTracer returns a tracer for one search.
func newTracer(ctx context.Context, visit func(Event) bool) *tracer {
	return &tracer{ctx: ctx, visit: visit}
}

// emit hands e to the visit function unless the search is stopping. It
// requires t.visit != nil. It is kept out of line, like poll, so that the
// methods below stay small enough to be inlined into the searches.
//
//go:noinline
func (t *tracer) emit(e Event) {
	if t.stop {
		return
	}
	e.Work, t.told = t.Work-t.told, t.Work
	if !t.visit(e) {
		t.stop = true
	}
}

// poll stops the search if the context is done.
func (t *tracer) poll() {
	if err := t.ctx.Err(); err != nil {
		t.err, t.stop = err, true
	}
}

// try reports that the search considered the square (row, col) with the
// queens of rows 0..row-1 on the board; free tells whether no queen
// attacks it. An attacked square names the lowest row that attacks it,
// the first queen a check from the top of the board meets. The attacker
// is looked up only when somebody watches.
func (t *tracer) try(queens Solution, row, col int, free bool) {
	if t.visit != nil {
		t.emitTry(queens, row, col, free)
	}
}

// emitTry is the out-of-line part of try.
//
//go:noinline
func (t *tracer) emitTry(queens Solution, row, col int, free bool) {
	conflict := -1
	if !free {
		conflict = firstAttacker(queens, row, col)
	}
	t.emit(Event{Kind: EventTry, Row: row, Col: col, Depth: row, Conflict: conflict})
}

// tryLines is try for the algorithms that look at the column first, then
// the "\" diagonal, then the "/" one (flags, board): an attacked square
// names the queen on the first of these lines that holds one.
func (t *tracer) tryLines(queens Solution, row, col int, free bool) {
	if t.visit != nil {
		t.emitTryLines(queens, row, col, free)
	}
}

// emitTryLines is the out-of-line part of tryLines.
//
//go:noinline
func (t *tracer) emitTryLines(queens Solution, row, col int, free bool) {
	conflict := -1
	if !free {
		conflict = lineAttacker(queens, row, col)
	}
	t.emit(Event{Kind: EventTry, Row: row, Col: col, Depth: row, Conflict: conflict})
}

// tryConflict reports that the search considered the square (row, col)
// and found that the queen of row conflict attacks it (-1: none does), for
// the algorithms whose check names the attacker itself.
func (t *tracer) tryConflict(row, col, conflict int) {
	if t.visit != nil {
		t.emit(Event{Kind: EventTry, Row: row, Col: col, Depth: row, Conflict: conflict})
	}
}

// place counts a queen placed on (row, col) and reports it. Once every
// pollMask+1 queens, it looks at the context.
func (t *tracer) place(row, col int) {
	t.Nodes++
	if t.visit != nil || t.Nodes&pollMask == 0 {
		t.placeSlow(row, col)
	}
}

// placeSlow is the out-of-line part of place.
//
//go:noinline
func (t *tracer) placeSlow(row, col int) {
	if t.Nodes&pollMask == 0 {
		t.poll()
	}
	if t.visit != nil {
		t.emit(Event{Kind: EventPlace, Row: row, Col: col, Depth: row + 1, Conflict: -1, Delta: t.delta})
	}
}

// remove reports that the queen on (row, col) was taken back.
func (t *tracer) remove(row, col int) {
	if t.visit != nil {
		t.emit(Event{Kind: EventRemove, Row: row, Col: col, Depth: row, Conflict: -1, Delta: -t.delta})
	}
}

// deadEnd reports that row has no free square at all.
func (t *tracer) deadEnd(row int) {
	if t.visit != nil {
		t.emit(Event{Kind: EventDeadEnd, Row: row, Col: -1, Depth: row, Conflict: -1})
	}
}

// solution counts the complete placement queens and reports it. It is
// too big to be inlined, which costs a call per solution only.
func (t *tracer) solution(queens Solution) {
	t.Solutions++
	if t.visit != nil {
		t.emitSolution(queens)
	} else if t.found != nil {
		t.found(queens)
	}
}

// emitSolution is the out-of-line part of solution.
//
//go:noinline
func (t *tracer) emitSolution(queens Solution) {
	n := len(queens)
	t.emit(Event{Kind: EventSolution, Row: n - 1, Col: queens[n-1], Depth: n, Conflict: -1, Index: t.Solutions, Queens: queens})
}

// rejected reports that a complete placement of n queens is no solution:
// the queen on (row, col) is attacked by the one in row conflict.
func (t *tracer) rejected(n, row, col, conflict int) {
	if t.visit != nil {
		t.emit(Event{Kind: EventDeadEnd, Row: row, Col: col, Depth: n, Conflict: conflict})
	}
}
