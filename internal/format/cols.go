package format

import (
	"strconv"

	"github.com/queenslab/queens"
)

// colsWriter writes one line of columns per solution: "1 5 8 6 3 7 2 4".
type colsWriter struct {
	*out
	base   int
	digits []string // digits[c]: column c in base, then a space
}

func newCols(o *out, opts Options) (Writer, error) {
	w := &colsWriter{out: o, base: 1}
	if opts.ZeroBased {
		w.base = 0
	}
	w.digits = grow(nil, w.base, opts.N)
	return w, nil
}

func (w *colsWriter) Write(_ uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if len(s) > len(w.digits) {
		w.digits = grow(w.digits, w.base, len(s))
	}
	buf, digits := w.buf, w.digits
	for _, c := range s {
		if len(buf) >= flushAt { // only a very long line fills the buffer
			w.buf = buf
			if err := w.flush(); err != nil {
				return err
			}
			buf = w.buf
		}
		if uint(c) < uint(len(digits)) {
			buf = append(buf, digits[c]...)
		} else {
			buf = strconv.AppendInt(buf, int64(c+w.base), 10)
			buf = append(buf, ' ')
		}
	}
	buf[len(buf)-1] = '\n' // in place of the last space
	w.buf = buf
	return w.done()
}

func (w *colsWriter) Close() error { return w.flush() }
