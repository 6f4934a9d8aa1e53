package main

import (
	"io"

	"github.com/queenslab/queens/internal/progress"
)

// barAbove is the size of output above which solve shows the progress of
// writing its solution to a file: some seconds of writing.
const barAbove = 64 << 20

// barWriter counts the bytes written through it on a progress bar, in
// MiB.
type barWriter struct {
	w       io.Writer
	bar     *progress.Bar
	pending int64 // bytes written that the bar has not counted yet
}

func (b *barWriter) Write(p []byte) (int, error) {
	n, err := b.w.Write(p)
	b.pending += int64(n)
	if mib := b.pending >> 20; mib > 0 {
		b.bar.Add(int(mib))
		b.pending -= mib << 20
	}
	return n, err
}

// withWriteBar returns w with a bar of the writing of about size bytes on
// standard error, when the output goes to a file, is large and standard
// error is a terminal, and the function that stops the bar; else w as it
// is.
func withWriteBar(std streams, path string, size int64, w io.Writer) (io.Writer, func()) {
	if path == "" || path == "-" || size < barAbove {
		return w, func() {}
	}
	bar := progress.NewBytes(std.errOut, std.p, size)
	if bar == nil {
		return w, func() {}
	}
	bw := &barWriter{w: w, bar: bar}
	return bw, func() {
		if bw.pending > 0 {
			bar.Add(1)
		}
		bar.Stop()
	}
}

// lineSize returns the bytes of the line of columns of a solution of n
// rows, columns counted from base, each followed by a space or the line's
// end.
func lineSize(n, base int) int64 {
	var size int64
	lo, hi := int64(base), int64(n-1+base) // the numbers written
	for digits, first := int64(1), int64(0); first <= hi; digits, first = digits+1, max(first*10, 10) {
		last := first*10 - 1
		if first == 0 {
			last = 9
		}
		from, to := max(lo, first), min(hi, last)
		if from <= to {
			size += (to - from + 1) * (digits + 1)
		}
	}
	return size
}
