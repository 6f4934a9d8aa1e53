package format

import (
	"strconv"

	"github.com/queenslab/queens"
)

// humanWriter writes the formats made for reading: each solution under a
// "Solution k" header, followed by a blank line, and the total at the end,
// as the classic programs print them.
type humanWriter struct {
	*out
	unique bool
	body   func(b []byte, s queens.Solution) []byte
}

func (w *humanWriter) Write(index uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	b := append(w.buf, "Solution "...)
	b = strconv.AppendUint(b, index, 10)
	b = append(b, '\n')
	b = w.body(b, s)
	w.buf = append(b, '\n')
	return w.done()
}

func (w *humanWriter) Close() error {
	w.buf = totalLine(w.buf, w.count, w.unique)
	return w.flush()
}

// grid appends one row of n cells per queen: empty is the text of an empty
// row, cell bytes per square, and the byte at offset mark of the queen's
// square becomes queen. A queen off the board leaves its row empty.
func grid(b []byte, s queens.Solution, empty []byte, cell, mark int, queen byte) []byte {
	for _, c := range s {
		start := len(b)
		b = append(b, empty...)
		if uint(c) < uint(len(s)) {
			b[start+cell*c+mark] = queen
		}
	}
	return b
}

// boardRow returns an empty board row of n squares: ". . . .\n".
func boardRow(n int) []byte {
	row := make([]byte, 0, 2*n)
	for range n {
		row = append(row, ". "...)
	}
	row[len(row)-1] = '\n'
	return row
}

// matrixRow returns an empty matrix row of n cells printed with %3d.
func matrixRow(n int) []byte {
	row := make([]byte, 0, 3*n+1)
	for range n {
		row = append(row, "  0"...)
	}
	return append(row, '\n')
}

func newBoard(o *out, opts Options) (Writer, error) {
	var empty []byte
	return &humanWriter{out: o, unique: opts.Unique, body: func(b []byte, s queens.Solution) []byte {
		if len(empty) != 2*len(s) {
			empty = boardRow(len(s))
		}
		return grid(b, s, empty, 2, 0, 'Q')
	}}, nil
}

func newMatrix(o *out, opts Options) (Writer, error) {
	var empty []byte
	return &humanWriter{out: o, unique: opts.Unique, body: func(b []byte, s queens.Solution) []byte {
		if len(empty) != 3*len(s)+1 {
			empty = matrixRow(len(s))
		}
		return grid(b, s, empty, 3, 2, '1')
	}}, nil
}

func newSentences(o *out, opts Options) (Writer, error) {
	return &humanWriter{out: o, unique: opts.Unique, body: func(b []byte, s queens.Solution) []byte {
		for r, c := range s {
			if r > 0 {
				b = append(b, "; "...)
			}
			b = append(b, "queen "...)
			b = strconv.AppendInt(b, int64(r+1), 10)
			b = append(b, " in row "...)
			b = strconv.AppendInt(b, int64(r+1), 10)
			b = append(b, ", column "...)
			b = strconv.AppendInt(b, int64(c+1), 10)
		}
		return append(b, '\n')
	}}, nil
}
