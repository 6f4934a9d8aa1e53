package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

// readAll reads every placement of in, cloned, and the error that ended
// the input (nil at its end).
func readAll(in string, opts ReadOptions) ([]Placement, error) {
	r := NewReader(strings.NewReader(in), opts)
	var out []Placement
	for {
		p, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		q := *p
		q.Queens = p.Queens.Clone()
		out = append(out, q)
	}
}

// lineFormats are the formats a Reader reads.
var lineFormats = []string{"board", "matrix", "cols", "sentences", "json", "csv", "fen"}

func TestRoundTrip(t *testing.T) {
	for _, name := range lineFormats {
		for _, zero := range []bool{false, true} {
			for n := 1; n <= 10; n++ {
				if name == "fen" && n != 8 {
					continue
				}
				sols := all(t, n)
				text := write(t, name, Options{N: n, ZeroBased: zero}, sols)
				got, err := readAll(text, ReadOptions{ZeroBased: zero})
				if err != nil {
					t.Fatalf("%s n=%d: %v", name, n, err)
				}
				if len(got) != len(sols) {
					t.Fatalf("%s n=%d zero-based=%v: read %d placements, wrote %d", name, n, zero, len(got), len(sols))
				}
				for i, p := range got {
					if p.Err != nil || !slices.Equal(p.Queens, sols[i]) {
						t.Fatalf("%s n=%d: placement %d read as %v (%v), want %v", name, n, i+1, p.Queens, p.Err, sols[i])
					}
					if p.Format != name {
						t.Errorf("%s n=%d: placement %d read as %s", name, n, i+1, p.Format)
					}
				}
				// The line numbers point at the solutions: the header line
				// precedes a block, and nothing precedes a line.
				lines := strings.Split(text, "\n")
				for _, p := range got[:min(3, len(got))] {
					l := lines[p.Line-1]
					if strings.HasPrefix(l, "Solution") || strings.HasPrefix(l, "index") || l == "" {
						t.Errorf("%s n=%d: placement on line %d, which is %q", name, n, p.Line, l)
					}
				}
			}
		}
	}
}

func TestReadMixed(t *testing.T) {
	in := "\ufeff# solutions of many kinds\n" +
		"1 5 8 6 3 7 2 4\r\n" +
		"  \t\n" +
		`{"n": 4, "index": 7, "cols": [1, 3, 0, 2]}` + "\n" +
		"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1\n" +
		"Solution 12:\n" +
		"x 0 0 0\n0 0 x 0\n0 x 0 0\n0 0 0 x\n" + // the counter board of seed 000: x is a queen
		".Q..\n...Q\nQ...\n..Q.\n" + // two boards without a blank line between them
		"..Q.\nQ...\n...Q\n.Q..\n" +
		"QXXX\nXXXQ\nXQXX\nXXQX\n" + // X for an empty square, as one seed prints them
		"queen 1 in row 1, column 2; queen 2 in row 2, column 4; queen 3 in row 3, column 1; queen 4 in row 4, column 3.\n" +
		"index,c1,c2,c3,c4\n" +
		"3, 2, 4, 1, 3\n" +
		"  0  1\n  1  0\n" +
		"12 unique solutions\n" +
		"no solutions\n" +
		"1 solution\n" +
		"2 4 1 3" // no final newline
	got, err := readAll(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line   int
		format string
		queens string // 1-based, or the error
	}{
		{2, "cols", "1 5 8 6 3 7 2 4"},
		{4, "json", "2 4 1 3"},
		{5, "fen", "1 5 8 6 3 7 2 4"},
		{7, "board", "1 3 2 4"},
		{11, "board", "2 4 1 3"},
		{15, "board", "3 1 4 2"},
		{19, "board", "1 4 2 3"},
		{23, "sentences", "2 4 1 3"},
		{25, "csv", "2 4 1 3"},
		{26, "matrix", "2 1"},
		{31, "cols", "2 4 1 3"},
	}
	if len(got) != len(want) {
		for _, p := range got {
			t.Logf("line %d %s %v", p.Line, p.Format, p.Queens)
		}
		t.Fatalf("read %d placements, want %d", len(got), len(want))
	}
	for i, w := range want {
		p := got[i]
		if p.Line != w.line || p.Format != w.format || p.Queens.String() != w.queens {
			t.Errorf("placement %d: line %d %s %v, want line %d %s %s", i+1, p.Line, p.Format, p.Queens, w.line, w.format, w.queens)
		}
	}
}

// TestReadCommaColumns reads numbers separated by commas: without a csv
// header they are columns, after one a csv row led by its index.
func TestReadCommaColumns(t *testing.T) {
	for _, tc := range []struct {
		in, format, queens string
	}{
		{"1,5,8,6,3,7,2,4\n", "cols", "1 5 8 6 3 7 2 4"},
		{"index,c1,c2,c3,c4,c5,c6,c7,c8\n1,1,5,8,6,3,7,2,4\n", "csv", "1 5 8 6 3 7 2 4"},
	} {
		got, err := readAll(tc.in, ReadOptions{})
		if err != nil || len(got) != 1 || got[0].Format != tc.format || got[0].Queens.String() != tc.queens || got[0].Queens.Validate() != nil {
			t.Errorf("%q: %v, %v; want %s %s, valid", tc.in, got, err, tc.format, tc.queens)
		}
	}
}

func TestReadRowErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Q.\n..\n", "row 2 holds no queen"},
		{"QQ.\n...\n..Q\n", "row 1 holds 2 queens"},
		{"  1  0\n  1  1\n", "row 2 holds 2 queens"},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/8 w - - 0 1\n", "row 8 holds no queen"},
		{"QQ6/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4\n", "row 1 holds 2 queens"},
		{"queen 1 in row 1, column 1; queen 2 in row 1, column 3\n", "row 1 holds 2 queens"},
		{"queen 1 in row 1, column 1; queen 2 in row 3, column 3\n", "row 2 holds no queen"},
	} {
		got, err := readAll(tc.in, ReadOptions{})
		if err != nil || len(got) != 1 {
			t.Errorf("%q: %d placements, error %v", tc.in, len(got), err)
			continue
		}
		if e := got[0].Err; e == nil || e.Error() != tc.want || !errors.Is(e, queens.ErrInvalid) || got[0].Queens != nil {
			t.Errorf("%q: placement error %v, want %q wrapping ErrInvalid", tc.in, e, tc.want)
		}
	}
}

func TestReadSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		opts ReadOptions
		want string
	}{
		{"1 5 8\nhello\n", ReadOptions{}, `line 2: cannot read "hello": not a solution format`},
		{"1 2 x3\n", ReadOptions{}, `line 1: unexpected 'x' in a line of columns`},
		{"1 -2\n", ReadOptions{}, `line 1: unexpected '-' in a line of columns`},
		{"8 queens\n", ReadOptions{}, `line 1: unexpected 'q' in a line of columns`},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 1234567890123\n", ReadOptions{}, "line 1: number too large in a line of columns"},
		{"1,2,,3\n", ReadOptions{}, "line 1: empty field or stray comma in a csv row"},
		{"1,2,3,\n", ReadOptions{}, "line 1: empty field or stray comma in a csv row"},
		{"1 2,3\n", ReadOptions{}, "line 1: empty field or stray comma in a csv row"},
		{"index,c1,c2\n1,1,2,3\n", ReadOptions{}, "line 2: a csv row of 4 fields, its header of 3"},
		{"\n\n{\"n\":3,\"cols\":[0,1]}\n", ReadOptions{}, `line 3: JSON object with "n" 3 but 2 columns`},
		{"{\"index\":1}\n", ReadOptions{}, `line 1: JSON object without "cols"`},
		{"{\"cols\":[1,2}\n", ReadOptions{}, "line 1: not valid JSON at byte 13"},
		{"{\"cols\":[1.5]}\n", ReadOptions{}, `line 1: "cols" must be a whole number, not the number 1.5`},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6\n", ReadOptions{}, "line 1: a FEN board has 8 ranks, this one 7"},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q3\n", ReadOptions{}, "line 1: FEN rank 1 has 7 squares, not 8"},
		{"K7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4\n", ReadOptions{}, "line 1: FEN holds a piece other than a queen: 'K'"},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q9\n", ReadOptions{}, "line 1: unexpected '9' in a FEN"},
		{"queen 1 at row 1, column 1\n", ReadOptions{}, `line 1: cannot read "queen 1 at row 1, column 1": expected "queen i in row r, column c"`},
		{"Solution 1\nQ...\n...Q\n\n", ReadOptions{}, "line 2: a board 4 squares wide and 2 high: a board needs as many rows as columns"},
		{"Q...\n...Q\n", ReadOptions{}, "line 1: a board 4 squares wide and 2 high: a board needs as many rows as columns"},
		{"Q...\n...Q\n1 2 3 4\n", ReadOptions{}, "line 1: a board 4 squares wide and 2 high: a board needs as many rows as columns"},
		{"Q.\n", ReadOptions{}, "line 1: a board 2 squares wide and 1 high: a board needs as many rows as columns"},
		{"{\"n\":2,\"cols\":[0]}\n", ReadOptions{}, `line 1: JSON object with "n" 2 but 1 column`},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/Q\n", ReadOptions{}, "line 1: FEN rank 1 has 1 square, not 8"},
		{"Q...\n..Q\n", ReadOptions{}, "line 2: a board row of 3 squares after rows of 4"},
		{"Q.\n.1\n", ReadOptions{}, "line 1: board marks queens both with Q and with 1"},
		{"<svg>\n", ReadOptions{}, `line 1: cannot read "<svg>": an SVG picture or other markup is not a solution format`},
		{`<svg xmlns="http://www.w3.org/2000/svg">` + "\n", ReadOptions{}, `line 1: cannot read "<svg xmlns=`},
		{"a/b c\n", ReadOptions{}, `line 1: cannot read "a/b c": not a solution format`},
	} {
		_, err := readAll(tc.in, tc.opts)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
	// The error sticks.
	r := NewReader(strings.NewReader("hello\n1 2\n"), ReadOptions{})
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err1 != err2 {
		t.Errorf("errors %v then %v, want the same twice", err1, err2)
	}
}

// readErr is a reader that fails after its data.
type readErr struct{ data io.Reader }

func (r readErr) Read(p []byte) (int, error) {
	n, err := r.data.Read(p)
	if err == io.EOF {
		return n, errors.New("device gone")
	}
	return n, err
}

func TestReadIOError(t *testing.T) {
	r := NewReader(readErr{strings.NewReader("1 2 3\n")}, ReadOptions{})
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err == nil || err.Error() != "device gone" {
		t.Errorf("error %v, want the reader's", err)
	}
}

// construction returns a solution of the n×n board for even n with
// n mod 6 ≠ 2: the rows of the top half on the odd columns (counted from
// 0), the others on the even ones.
func construction(n int) queens.Solution {
	s := make(queens.Solution, n)
	for i := range n / 2 {
		s[i], s[n/2+i] = 2*i+1, 2*i
	}
	return s
}

func TestReadHugeLine(t *testing.T) {
	n := 300_000 // the command's test takes a million
	if !testenv.Slow() {
		n = 30_000
	}
	s := construction(n)
	var text bytes.Buffer
	w, _ := New("cols", &text, Options{})
	w.Write(1, s)
	w.Close()
	size := text.Len()
	start := time.Now()
	r := NewReader(&text, ReadOptions{})
	p, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Queens.Validate(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Queens, s) {
		t.Fatal("the line does not read back")
	}
	t.Logf("read and checked a line of %d columns (%d bytes) in %v", n, size, time.Since(start))
	// The reader holds the columns, not the line: a few bytes of buffer
	// beyond the 8 bytes of each column.
	if c := cap(r.nums); c > 2*n {
		t.Errorf("reader keeps %d ints for %d columns", c, n)
	}
	if len(r.text) > 0 {
		t.Errorf("reader kept %d bytes of the line", len(r.text))
	}
}

func FuzzVerifyReader(f *testing.F) {
	for _, name := range lineFormats {
		n := 4
		if name == "fen" {
			n = 8
		}
		f.Add([]byte(write(f, name, Options{N: n}, all(f, n))), false)
	}
	f.Add([]byte("1 5 8 6 3 7 2 4\n92 solutions\n"), false)
	f.Add([]byte("0 4 7 5 2 6 1 3\n"), true)
	f.Add([]byte("x 0\n0 x\n\nQ.\n.Q\n"), false)
	f.Add([]byte("index,c1\n1,1\n"), false)
	f.Add([]byte("{\"cols\":[-3,99]}\n"), true)
	f.Fuzz(func(t *testing.T, in []byte, zero bool) {
		r := NewReader(bytes.NewReader(in), ReadOptions{ZeroBased: zero})
		var placements []queens.Solution
		line := 0
		for range 10000 {
			p, err := r.Next()
			if err != nil {
				break
			}
			if p.Line <= line {
				t.Fatalf("placement on line %d after one on line %d", p.Line, line)
			}
			line = p.Line
			if (p.Err == nil) == (p.Queens == nil) {
				t.Fatalf("placement with queens %v and error %v", p.Queens, p.Err)
			}
			if p.Err != nil {
				continue
			}
			if len(p.Queens) == 0 {
				t.Fatal("empty placement accepted")
			}
			_ = p.Queens.Validate() // must not panic
			placements = append(placements, p.Queens.Clone())
		}
		// What the reader accepts, it reads back the same once written.
		for _, name := range []string{"json", "sentences"} {
			var buf bytes.Buffer
			w, _ := New(name, &buf, Options{})
			for i, s := range placements {
				if name == "sentences" && slices.Min(s) < -1 {
					continue // sentences count columns from 1, and never below 0
				}
				if err := w.Write(uint64(i+1), s); err != nil {
					t.Fatal(err)
				}
			}
			w.Close()
			back, err := readAll(buf.String(), ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v reading back\n%s", name, err, buf.String())
			}
			k := 0
			for _, s := range placements {
				if name == "sentences" && slices.Min(s) < -1 {
					continue
				}
				if k >= len(back) || !slices.Equal(back[k].Queens, s) {
					t.Fatalf("%s: %v does not read back", name, s)
				}
				k++
			}
		}
	})
}

func BenchmarkRead(b *testing.B) {
	sols := all(b, 10)
	for _, name := range []string{"cols", "json", "board"} {
		text := []byte(write(b, name, Options{}, sols))
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			count := 0
			for b.Loop() {
				r := NewReader(bytes.NewReader(text), ReadOptions{})
				for {
					if _, err := r.Next(); err != nil {
						break
					}
					count++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(count), "ns/solution")
		})
	}
}

func ExampleReader() {
	in := "Solution 1\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n2 4 1 3\n1 2 3 4\n"
	r := NewReader(strings.NewReader(in), ReadOptions{})
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		fmt.Printf("line %d, %s: %v\n", p.Line, p.Format, p.Queens.Validate())
	}
	// Output:
	// line 2, board: <nil>
	// line 7, cols: <nil>
	// line 8, cols: queens in rows 1 and 2 share a diagonal
}

func TestReadOneByOne(t *testing.T) {
	// A lone 0 or 1 is a line of one column, but after a "Solution k"
	// header it is the matrix of the 1×1 board.
	for _, tc := range []struct {
		in     string
		zero   bool
		format string
		queens string
	}{
		{"1\n", false, "cols", "1"},
		{"1\n", true, "cols", "2"},
		{"Solution 1\n  1\n\n1 solution\n", true, "matrix", "1"},
		{"Solution 1\n  0\n", false, "board", "1"},
	} {
		got, err := readAll(tc.in, ReadOptions{ZeroBased: tc.zero})
		if err != nil || len(got) != 1 {
			t.Fatalf("%q: %v, %v", tc.in, got, err)
		}
		p := got[0]
		desc := p.Queens.String()
		if p.Err != nil {
			desc = p.Err.Error()
		}
		if p.Format != tc.format || desc != tc.queens {
			t.Errorf("%q (zero-based %v): %s %s, want %s %s", tc.in, tc.zero, p.Format, desc, tc.format, tc.queens)
		}
	}
}

// TestRoundTripBoards reads back the board format in every set of
// glyphs, with labels and without, and the labelled board of an instance
// with a preset queen, on boards from 1×1 up.
func TestRoundTripBoards(t *testing.T) {
	for _, glyphs := range GlyphNames() {
		for _, labels := range []bool{false, true} {
			for n := 1; n <= 6; n++ {
				sols := all(t, n)
				opts := Options{N: n, Glyphs: glyphs, Labels: labels}
				if labels && len(sols) > 0 {
					opts.Presets = []queens.Square{{Row: 0, Col: sols[0][0]}}
				}
				got, err := readAll(write(t, "board", opts, sols), ReadOptions{})
				if err != nil {
					t.Fatalf("glyphs %s, labels %v, n=%d: %v", glyphs, labels, n, err)
				}
				if len(got) != len(sols) {
					t.Fatalf("glyphs %s, labels %v, n=%d: read %d placements, wrote %d", glyphs, labels, n, len(got), len(sols))
				}
				for i, p := range got {
					if p.Err != nil || !slices.Equal(p.Queens, sols[i]) {
						t.Fatalf("glyphs %s, labels %v, n=%d: placement %d read as %v (%v), want %v", glyphs, labels, n, i+1, p.Queens, p.Err, sols[i])
					}
				}
			}
		}
	}
}

func TestReadLineOfBufferSize(t *testing.T) {
	// A last line without a line end that fills the buffer exactly.
	for _, end := range []string{"", "\n"} {
		line := strings.Repeat("1 ", 32767) + "11" // 65536 bytes
		got, err := readAll(line+end, ReadOptions{ZeroBased: true})
		if err != nil || len(got) != 1 || len(got[0].Queens) != 32768 || got[0].Queens[32767] != 11 {
			t.Errorf("line end %q: %d placements, %v", end, len(got), err)
		}
	}
}
