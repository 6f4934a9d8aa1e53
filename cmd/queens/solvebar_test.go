package main

import (
	"bytes"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
)

// TestLineSize checks the size of a line of columns against the line the
// cols format writes.
func TestLineSize(t *testing.T) {
	for _, n := range []int{1, 8, 9, 10, 11, 99, 100, 101, 1000, 12345} {
		s, err := queens.Construct(n)
		if n == 2 || n == 3 || err != nil {
			continue
		}
		for _, base := range []int{0, 1} {
			var b bytes.Buffer
			if err := writeSolution(&b, "cols", format.Options{N: n, ZeroBased: base == 0}, s); err != nil {
				t.Fatal(err)
			}
			if got, want := lineSize(n, base), int64(b.Len()); got != want {
				t.Errorf("lineSize(%d, %d) = %d, the cols line has %d bytes", n, base, got, want)
			}
		}
	}
}
