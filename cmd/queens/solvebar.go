package main

// The large solutions of solve: refused before the search when they would
// not fit in memory or on disk, and written to a file with a progress bar.

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/memory"
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

// solveMemory refuses, before it starts, a search whose solution would
// not fit in the memory the process may have: 8 bytes a row for the
// solution the construction builds, 40 for the local search with its
// diagonal counts (random, and --with above N = 64), and 16 more for the
// formats that list the rows column by column or by sentences. The
// formats stream their lines, so the output adds a few MiB whatever N.
func solveMemory(n int, method, formatName string, presets bool) error {
	perRow := uint64(8)
	if method == methodRandom || (presets && n > queens.MaxCompleteN) {
		perRow = 40
	}
	if formatName != "cols" && formatName != "json" && formatName != "csv" {
		perRow += 16
	}
	const overhead = 64 << 20 // the runtime, buffers and tables
	if err := memory.Check(perRow*uint64(n)+overhead, 0); err != nil {
		return usageError(fmt.Errorf("solve of N=%d: %w", n, err), "try a smaller N")
	}
	return nil
}

// solveDisk refuses, before it starts, a solution of N rows that would
// not fit in the free space of the directory of the output file: about
// as many bytes a row as the digits of N, and a separator.
func solveDisk(n int, path string) error {
	if path == "" {
		return nil
	}
	need := uint64(n) * uint64(len(strconv.Itoa(n))+1)
	free, ok := freeSpace(filepath.Dir(path))
	if ok && need > free {
		return usageError(fmt.Errorf("solve of N=%d: the solution needs about %s on disk, and %s has %s free", n, memory.Format(need), filepath.Dir(path), memory.Format(free)),
			"write it elsewhere with -o, or try a smaller N")
	}
	return nil
}
