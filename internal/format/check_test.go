package format

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

// TestCheckMatchesValidate checks long lines of columns, some solutions
// and some spoiled in one place, both as the Reader checks them and by
// Validate: the verdicts are the same.
func TestCheckMatchesValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 30000 // a line longer than the Reader's buffer
	base := construct(n)
	for trial := range 60 {
		cols := append(queens.Solution(nil), base...)
		switch trial % 6 {
		case 1: // two queens in one column
			cols[rng.IntN(n)] = cols[rng.IntN(n)]
		case 2: // a swap of two rows: diagonals
			i, j := rng.IntN(n), rng.IntN(n)
			cols[i], cols[j] = cols[j], cols[i]
		case 3: // a queen off the board, to the right or the left
			cols[rng.IntN(n)] = n + rng.IntN(3)
		case 4:
			cols[rng.IntN(n)] = -1
		case 5: // both
			cols[rng.IntN(n)] = n
			cols[rng.IntN(n)] = cols[rng.IntN(n)]
		}
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(strconv.Itoa(c + 1))
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
		p, err := NewReader(strings.NewReader(b.String()), ReadOptions{Check: true}).Next()
		if err != nil || !p.Checked {
			t.Fatalf("trial %d: %+v, %v", trial, p, err)
		}
		if got, want := fmt.Sprint(p.Err), fmt.Sprint(cols.Validate()); got != want {
			t.Errorf("trial %d: the check says %s, Validate %s", trial, got, want)
		}
	}
}

// construct returns a solution of n queens, n even and n % 6 != 2, by
// the classic construction.
func construct(n int) queens.Solution {
	s := make(queens.Solution, 0, n)
	for c := 1; c < n; c += 2 {
		s = append(s, c)
	}
	for c := 0; c < n; c += 2 {
		s = append(s, c)
	}
	return s
}

// columnLine is a reader of one line of the columns of a solution of n
// queens (n even, n % 6 != 2), or of n ones, made as it is read.
type columnLine struct {
	n, next int
	ones    bool
	pending []byte
	buf     [24]byte
}

func (l *columnLine) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) {
		if len(l.pending) == 0 {
			if l.next > l.n {
				break
			}
			// Made in buf, so that the reader allocates nothing itself.
			switch {
			case l.next == l.n:
				l.pending = append(l.buf[:0], '\n')
			case l.ones:
				l.pending = append(l.buf[:0], '1', ' ')
			case l.next < l.n/2:
				l.pending = append(strconv.AppendInt(l.buf[:0], int64(2*l.next+2), 10), ' ')
			default:
				l.pending = append(strconv.AppendInt(l.buf[:0], int64(2*(l.next-l.n/2)+1), 10), ' ')
			}
			l.next++
		}
		c := copy(p[k:], l.pending)
		l.pending = l.pending[c:]
		k += c
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestCheckMemory checks a line of 4 million columns (about 30 MB) and
// one of 20 million ones (40 MB): the Reader allocates a few bits a queen,
// not the line nor its columns (8 bytes a queen, 32 MB and more).
func TestCheckMemory(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("reads 70 MB")
	}
	for _, tc := range []struct {
		line *columnLine
		want string
	}{
		{&columnLine{n: 4_000_000}, "<nil>"},
		{&columnLine{n: 20_000_000, ones: true}, "queens in rows 1 and 2 share a column"},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		p, err := NewReader(tc.line, ReadOptions{Check: true}).Next()
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(p.Err); got != tc.want {
			t.Errorf("%d queens: %s, want %s", tc.line.n, got, tc.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%d queens: %d MB allocated", tc.line.n, alloc>>20)
		}
	}
}
