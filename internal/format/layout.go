package format

import (
	"strconv"

	"github.com/queenslab/queens"
)

// layoutWriter writes the formats made for reading, and the styles of
// the tutorials: what begins the output, then per solution a header,
// its parts (boards and lines of numbers) and what follows them, and at
// the end the total. Every piece is compiled when the writer is made, so
// that writing a solution appends bytes and allocates nothing.
type layoutWriter struct {
	*out
	head     text // values: the number of the solution
	parts    []part
	tail     string
	end      text // the total line, values: the count
	endOne   text // the total line for a count of one
	columns  bool // write the transpose of each solution
	only8    bool // the style is made for the 8×8 board alone
	styleFor string
	n        int             // the board size, for the end line
	turned   queens.Solution // the transpose, when columns is set
	inverse  queens.Solution // the row of the queen in each column
}

// part is one piece of the text of a solution: a board, or a line of
// numbers.
type part struct {
	grid *grid
	line *line
}

// line is a line of numbers, one item per row of the solution (or per
// column, with byColumn): "1 5 8 6 3 7 2 4", "queen 1 in row 1, column
// 1; …", "Solution: 0 4 7 5 2 6 1 3 ".
type line struct {
	prefix   string
	item     text // values: the position from 1, the value from 1 and from 0
	sep      string
	suffix   string
	byColumn bool // the items are the rows of the queens of columns 1, 2, …
}

// grid is a board of cells, one row per line.
type grid struct {
	queen, empty, sep, rowEnd string

	row  []byte // an empty row of rowN squares
	rowN int

	// A board of an instance (see Options): chess labels, and marks on
	// the squares of the preset queens and the blocked squares.
	labels          bool
	marks           []byte // per square, row by row: a mark or 0
	preset, blocked string
	legend          string // the line under the board, or ""
}

// The marks of a square of an instance.
const (
	markPreset = 1 + iota
	markBlocked
)

func (w *layoutWriter) Write(index uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if w.only8 && len(s) != 8 {
		return errOnly8(w.styleFor, len(s))
	}
	w.n = len(s)
	if w.columns {
		w.turned = invert(w.turned, s)
		s = w.turned
	}
	b := w.buf
	v := values{int64(index)}
	b = w.head.append(b, &v)
	for _, p := range w.parts {
		if p.grid != nil {
			b = p.grid.append(b, s)
			continue
		}
		seq := s
		if p.line.byColumn {
			w.inverse = invert(w.inverse, s)
			seq = w.inverse
		}
		b = p.line.append(b, seq, w.out)
	}
	w.buf = append(b, w.tail...)
	return w.done()
}

func (w *layoutWriter) Close() error {
	v := values{int64(w.count), int64(w.n)}
	if w.count == 1 {
		w.buf = w.endOne.append(w.buf, &v)
	} else {
		w.buf = w.end.append(w.buf, &v)
	}
	return w.flush()
}

// invert returns, in dst, the inverse of the permutation s: the row of
// the queen in each column, which is also the solution s turned about
// its main diagonal. A column without a queen holds -1.
func invert(dst, s queens.Solution) queens.Solution {
	if cap(dst) < len(s) {
		dst = make(queens.Solution, len(s))
	}
	dst = dst[:len(s)]
	for i := range dst {
		dst[i] = -1
	}
	for r, c := range s {
		if uint(c) < uint(len(s)) {
			dst[c] = r
		}
	}
	return dst
}

// append appends the line of the numbers of seq; a line longer than the
// buffer is handed on to o as it grows (o nil keeps it all).
func (l *line) append(b []byte, seq queens.Solution, o *out) []byte {
	b = append(b, l.prefix...)
	for i, c := range seq {
		if len(b) >= flushAt && o != nil { // a long line goes out as it grows
			o.buf = b
			o.flush()
			b = o.buf
		}
		if i > 0 {
			b = append(b, l.sep...)
		}
		v := values{int64(i + 1), int64(c + 1), int64(c)}
		b = l.item.append(b, &v)
	}
	return append(b, l.suffix...)
}

// append appends the board of s.
func (g *grid) append(b []byte, s queens.Solution) []byte {
	if g.labels || g.marks != nil {
		return g.appendInstance(b, s)
	}
	if g.rowN != len(s) {
		g.row = g.row[:0]
		for c := range len(s) {
			if c > 0 {
				g.row = append(g.row, g.sep...)
			}
			g.row = append(g.row, g.empty...)
		}
		g.row = append(g.row, g.rowEnd...)
		g.rowN = len(s)
	}
	step := len(g.empty) + len(g.sep)
	for _, c := range s {
		if uint(c) >= uint(len(s)) { // a queen off the board
			b = append(b, g.row...)
			continue
		}
		at := c * step
		b = append(b, g.row[:at]...)
		b = append(b, g.queen...)
		b = append(b, g.row[at+len(g.empty):]...)
	}
	return b
}

// appendInstance appends the board of s with the labels and marks of an
// instance: ranks down the left side, rank 1 at the bottom, and files
// along the bottom, as chess squares are named.
func (g *grid) appendInstance(b []byte, s queens.Solution) []byte {
	n := len(s)
	marks := g.marks
	if len(marks) != n*n {
		marks = nil
	}
	labels := g.labels && n <= queens.MaxChessN
	width := len(strconv.Itoa(n))
	for r, q := range s {
		if labels {
			rank := strconv.Itoa(n - r)
			for range width - len(rank) {
				b = append(b, ' ')
			}
			b = append(b, rank...)
			b = append(b, ' ')
		}
		for c := range n {
			if c > 0 {
				b = append(b, g.sep...)
			}
			var mark byte
			if marks != nil {
				mark = marks[r*n+c]
			}
			switch {
			case c == q && mark == markPreset:
				b = append(b, g.preset...)
			case c == q:
				b = append(b, g.queen...)
			case mark == markBlocked:
				b = append(b, g.blocked...)
			default:
				b = append(b, g.empty...)
			}
		}
		b = append(b, g.rowEnd...)
	}
	if labels {
		for range width + 1 {
			b = append(b, ' ')
		}
		for c := range n {
			if c > 0 {
				b = append(b, g.sep...)
			}
			b = append(b, byte('a'+c))
		}
		b = append(b, g.rowEnd...)
	}
	return append(b, g.legend...)
}
