// Package narrate tells the events of a search in sentences, in the
// language of a printer: the lines of `queens trace` and the captions of
// its GIF, with rows and columns counted from 1.
package narrate

import (
	"fmt"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// Words are the texts of the events of one search in one language,
// looked up once for the whole search. An attacked try is told as the
// algorithm's own check finds it: which flag, square, counter, entry or
// column it reads, and the queen behind it. To tell that, Words follows
// the queens on the board, so it must see every event of the search, in
// order.
type Words struct {
	p                                            *message.Printer
	algo                                         string
	queens                                       []int // the column of the queen of each row so far
	try, free, attacked, place, remove, counters string
	notSolution, over, back, solution, start     string
	// lines are the texts of an attacked try by the line the queen named
	// stands on: its column, its "\" diagonal, its "/" diagonal.
	lines [3]string
}

// New returns the texts of the events of the named algorithm in the
// printer's language; a nil printer writes English.
func New(p *message.Printer, algo string) *Words {
	w := &Words{
		p:           p,
		algo:        algo,
		try:         p.Text("try row %d col %d: "),
		free:        p.Text("free"),
		attacked:    p.Text("attacked by the queen in row %d"),
		place:       p.Text("place row %d col %d"),
		remove:      p.Text("remove row %d col %d"),
		counters:    p.Text(" (counters %+d)"),
		notSolution: p.Text("row %d col %d: attacked by the queen in row %d — not a solution"),
		over:        p.Text("row 1: no free column — the search is over"),
		back:        p.Text("row %d: no free column — back to row %d"),
		solution:    p.Text("solution %d: %s"),
		start:       p.Text("%s, N=%d: the empty board"),
	}
	switch algo {
	case "flags":
		w.lines = [3]string{p.Text("column flag set by the queen in row %d"), p.Text(`"\" diagonal flag set by the queen in row %d`), p.Text(`"/" diagonal flag set by the queen in row %d`)}
	case "board":
		w.lines = [3]string{p.Text("reads the queen of row %d in the column above"), p.Text(`reads the queen of row %d on the "\" diagonal above`), p.Text(`reads the queen of row %d on the "/" diagonal above`)}
	case "rows":
		w.lines = [3]string{p.Text("forbidden, marked first by the queen in row %d (its column)"), p.Text("forbidden, marked first by the queen in row %d (its diagonal)"), p.Text("forbidden, marked first by the queen in row %d (its diagonal)")}
	case "permute":
		w.lines = [3]string{p.Text("column used by the queen in row %d"), "", ""}
	}
	// scan compares the earlier queens from the top, each in one
	// comparison of column and diagonals: the plain sentence tells it.
	return w
}

// Printer returns the printer of the words.
func (w *Words) Printer() *message.Printer { return w.p }

// appendAttacked appends the text of an attacked try of (row, col) whose
// check named the queen of row by.
func (w *Words) appendAttacked(b []byte, row, col, by int) []byte {
	if by >= len(w.queens) {
		return fmt.Appendf(b, w.attacked, by+1) // a trace that did not start at the first event
	}
	c := w.queens[by]
	if w.algo == "matrix" {
		raised := 0
		for r, qc := range w.queens[:row] {
			if d := qc - col; d == 0 || d == row-r || d == r-row {
				raised++
			}
		}
		return append(b, w.p.Plural("counter %d, raised first by the queen in row %d", uint64(raised), raised, by+1)...)
	}
	line := 0
	switch {
	case c == col:
	case by-c == row-col:
		line = 1
	default:
		line = 2
	}
	if w.lines[line] == "" {
		return fmt.Appendf(b, w.attacked, by+1)
	}
	return fmt.Appendf(b, w.lines[line], by+1)
}

// AppendStart appends the text of the board before the first event, on
// a board of size n, to b: the algorithm, the size and the empty board.
func (w *Words) AppendStart(b []byte, n int) []byte {
	return fmt.Appendf(b, w.start, w.algo, n)
}

// AppendLine appends the log line of e, on a board of size n, to b: the
// text of the event, indented by its row, and a newline.
func (w *Words) AppendLine(b []byte, e queens.Event, n int) []byte {
	indent := e.Row
	switch {
	case e.Kind == queens.EventSolution:
		indent = 0 // solutions stand out
	case e.Kind == queens.EventDeadEnd && e.Depth == n:
		indent = n - 1 // a rejected placement, found after the last row
	}
	for range indent {
		b = append(b, "  "...)
	}
	return append(w.AppendText(b, e, n), '\n')
}

// Follow moves the words past e without telling it, for an event that is
// not shown: the words of the events after it name the queens it placed.
func (w *Words) Follow(e queens.Event) {
	switch e.Kind {
	case queens.EventPlace:
		if e.Row == len(w.queens) {
			w.queens = append(w.queens, e.Col)
		}
	case queens.EventRemove:
		if e.Row < len(w.queens) {
			w.queens = w.queens[:e.Row]
		}
	}
}

// AppendText appends the description of e, on a board of size n, to b,
// with rows and columns counted from 1.
func (w *Words) AppendText(b []byte, e queens.Event, n int) []byte {
	switch e.Kind {
	case queens.EventTry:
		b = fmt.Appendf(b, w.try, e.Row+1, e.Col+1)
		if e.Conflict < 0 {
			b = append(b, w.free...)
		} else {
			b = w.appendAttacked(b, e.Row, e.Col, e.Conflict)
		}
	case queens.EventPlace:
		w.Follow(e)
		b = fmt.Appendf(b, w.place, e.Row+1, e.Col+1)
		if e.Delta != 0 {
			b = fmt.Appendf(b, w.counters, e.Delta)
		}
	case queens.EventRemove:
		w.Follow(e)
		b = fmt.Appendf(b, w.remove, e.Row+1, e.Col+1)
		if e.Delta != 0 {
			b = fmt.Appendf(b, w.counters, e.Delta)
		}
	case queens.EventDeadEnd:
		switch {
		case e.Depth == n && e.Col >= 0:
			b = fmt.Appendf(b, w.notSolution, e.Row+1, e.Col+1, e.Conflict+1)
		case e.Row == 0:
			b = append(b, w.over...)
		default:
			b = fmt.Appendf(b, w.back, e.Row+1, e.Row)
		}
	case queens.EventSolution:
		b = fmt.Appendf(b, w.solution, e.Index, e.Queens)
	default:
		b = fmt.Appendf(b, "%v", e.Kind)
	}
	return b
}
