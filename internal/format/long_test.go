package format

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// fillReader yields n bytes of fill, then end.
type fillReader struct {
	fill byte
	n    int
	end  string
}

func (f *fillReader) Read(p []byte) (int, error) {
	if f.n == 0 {
		if f.end == "" {
			return 0, io.EOF
		}
		k := copy(p, f.end)
		f.end = f.end[k:]
		return k, nil
	}
	k := min(len(p), f.n)
	for i := range p[:k] {
		p[i] = f.fill
	}
	f.n -= k
	return k, nil
}

// TestReadLongLine reads a line of 64 MiB in each format: each is an
// error, found in bounded memory; a line read whole is refused after
// MaxLine bytes.
func TestReadLongLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		prefix string
		fill   byte
		whole  bool // a line read whole, not refused at its start
	}{
		{"board of dots", "", '.', true},
		{"board of queens", "", 'Q', true},
		{"JSON", `{"n":8,"cols":`, '[', true},
		{"sentences", "queen 1 in row 1, column 1", ' ', true},
		{"pairs", "(1,1)", ' ', false},
		{"FEN", "8/", '8', false},
		{"columns", "1 2 ", '1', false},
	} {
		const size = 64 << 20
		in := io.MultiReader(strings.NewReader(tc.prefix), &fillReader{fill: tc.fill, n: size, end: "\n1 5 8 6 3 7 2 4\n"})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := NewReader(in, ReadOptions{})
		_, err := r.Next()
		runtime.ReadMemStats(&after)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != 1 || tc.whole && !strings.Contains(se.Msg, "more than 8 MiB") {
			t.Errorf("%s: %v, want a syntax error of line 1, a line of more than 8 MiB", tc.name, err)
		}
		// Half the 64 MiB that verify may hold: a reader that keeps the
		// line whole allocates past it (the race detector adds a little).
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("%s: the reader allocated %d MiB for a line of %d MiB", tc.name, alloc>>20, size>>20)
		}
	}
}

// TestReadWideBoard reads a board row wider than MaxBoard: an error.
func TestReadWideBoard(t *testing.T) {
	in := strings.NewReader(strings.Repeat(".", MaxBoard) + "Q\n")
	_, err := NewReader(in, ReadOptions{}).Next()
	if err == nil || !strings.Contains(err.Error(), "write larger ones as columns") {
		t.Errorf("a board row of %d squares: %v", MaxBoard+1, err)
	}
}
