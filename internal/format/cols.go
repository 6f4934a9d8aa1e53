package format

import (
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/queenslab/queens"
)

// colsWriter writes one line of columns per solution: "1 5 8 6 3 7 2 4".
type colsWriter struct {
	*out
	base int
	// words[c] holds the digits of column c in base, then a space, as
	// little-endian bytes, and their number in its top byte: one store
	// writes a column.
	words []uint64
}

func newCols(o *out, opts Options) (Writer, error) {
	w := &colsWriter{out: o, base: 1}
	if opts.ZeroBased {
		w.base = 0
	}
	w.grow(opts.N)
	return w, nil
}

// grow extends the table of words to cover the columns of an n×n board,
// up to maxTable.
func (w *colsWriter) grow(n int) {
	w.words = slices.Grow(w.words, min(n, maxTable)-len(w.words))
	for c := len(w.words); c < min(n, maxTable); c++ {
		var b [8]byte
		d := strconv.AppendInt(b[:0], int64(c+w.base), 10)
		d = append(d, ' ')
		w.words = append(w.words, binary.LittleEndian.Uint64(b[:])|uint64(len(d))<<56)
	}
}

func (w *colsWriter) Write(_ uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if len(s) > len(w.words) {
		w.grow(len(s))
		if len(s) > len(w.words) {
			return w.writeLong(s)
		}
	}
	// The buffer has room for 8 bytes per column past flushAt (see New).
	b := w.buf[:cap(w.buf)]
	pos := len(w.buf)
	words := w.words
	for _, c := range s {
		if uint(c) >= uint(len(words)) {
			return w.writeLong(s) // a queen off the board
		}
		word := words[c]
		binary.LittleEndian.PutUint64(b[pos:], word)
		pos += int(word >> 56)
	}
	b[pos-1] = '\n' // in place of the last space
	w.buf = b[:pos]
	return w.done()
}

// writeLong writes a line of any length and any numbers, handing the
// buffer on whenever it fills.
func (w *colsWriter) writeLong(s queens.Solution) error {
	buf := w.buf
	for _, c := range s {
		if len(buf) >= flushAt {
			w.buf = buf
			if err := w.flush(); err != nil {
				return err
			}
			buf = w.buf
		}
		buf = strconv.AppendInt(buf, int64(c+w.base), 10)
		buf = append(buf, ' ')
	}
	buf[len(buf)-1] = '\n'
	w.buf = buf
	return w.done()
}

func (w *colsWriter) Close() error { return w.flush() }
