package format

import (
	"strconv"

	"github.com/queenslab/queens"
)

// jsonWriter writes one JSON object per line.
type jsonWriter struct{ *out }

func newJSON(o *out, _ Options) (Writer, error) { return jsonWriter{o}, nil }

func (w jsonWriter) Write(index uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	b := append(w.buf, `{"n":`...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, `,"index":`...)
	b = strconv.AppendUint(b, index, 10)
	b = append(b, `,"cols":[`...)
	for i, c := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(c), 10)
		if len(b) >= flushAt {
			w.buf = b
			if err := w.flush(); err != nil {
				return err
			}
			b = w.buf
		}
	}
	w.buf = append(b, "]}\n"...)
	return w.done()
}

func (w jsonWriter) Close() error { return w.flush() }

// csvWriter writes a header line and one row per solution.
type csvWriter struct {
	*out
	base   int
	n      int // columns in the header; 0 before it is written
	digits []string
}

func newCSV(o *out, opts Options) (Writer, error) {
	w := &csvWriter{out: o, base: 1}
	if opts.ZeroBased {
		w.base = 0
	}
	if opts.N > 0 {
		w.header(opts.N)
	}
	return w, nil
}

// header appends the header line for n columns: index,c1,...,cn.
func (w *csvWriter) header(n int) {
	w.n = n
	w.buf = append(w.buf, "index"...)
	for i := 1; i <= n; i++ {
		if len(w.buf) >= flushAt { // the header of a huge board goes out as it grows
			w.flush()
		}
		w.buf = append(w.buf, ",c"...)
		w.buf = strconv.AppendInt(w.buf, int64(i), 10)
	}
	w.buf = append(w.buf, '\n')
	w.digits = digitTable(w.base, min(n, maxTable))
}

func (w *csvWriter) Write(index uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if w.n == 0 {
		w.header(len(s))
	}
	b := strconv.AppendUint(w.buf, index, 10)
	for _, c := range s {
		b = append(b, ',')
		if uint(c) < uint(len(w.digits)) {
			d := w.digits[c]
			b = append(b, d[:len(d)-1]...)
		} else {
			b = strconv.AppendInt(b, int64(c+w.base), 10)
		}
		if len(b) >= flushAt {
			w.buf = b
			if err := w.flush(); err != nil {
				return err
			}
			b = w.buf
		}
	}
	w.buf = append(b, '\n')
	return w.done()
}

func (w *csvWriter) Close() error {
	if w.n == 0 {
		w.buf = append(w.buf, "index\n"...)
	}
	return w.flush()
}
