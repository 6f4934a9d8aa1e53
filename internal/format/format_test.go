package format

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/queenslab/queens"
)

// all returns the solutions of the n×n board, cloned.
func all(t testing.TB, n int) []queens.Solution {
	t.Helper()
	seq, err := queens.Solutions(n)
	if err != nil {
		t.Fatal(err)
	}
	var out []queens.Solution
	for s := range seq {
		out = append(out, s.Clone())
	}
	return out
}

// write writes sols in the named format and returns the output.
func write(t testing.TB, name string, opts Options, sols []queens.Solution) string {
	t.Helper()
	var b bytes.Buffer
	w, err := New(name, &b, opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range sols {
		if err := w.Write(uint64(i+1), s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteFormats(t *testing.T) {
	four := all(t, 4)
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"board", Options{}, "Solution 1\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\nSolution 2\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2 solutions\n"},
		{"board", Options{Unique: true}, "Solution 1\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\nSolution 2\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2 unique solutions\n"},
		{"matrix", Options{}, "Solution 1\n  0  1  0  0\n  0  0  0  1\n  1  0  0  0\n  0  0  1  0\n\nSolution 2\n  0  0  1  0\n  1  0  0  0\n  0  0  0  1\n  0  1  0  0\n\n2 solutions\n"},
		{"cols", Options{}, "2 4 1 3\n3 1 4 2\n"},
		{"cols", Options{ZeroBased: true}, "1 3 0 2\n2 0 3 1\n"},
		{"sentences", Options{}, "Solution 1\nqueen 1 in row 1, column 2; queen 2 in row 2, column 4; queen 3 in row 3, column 1; queen 4 in row 4, column 3\n\nSolution 2\nqueen 1 in row 1, column 3; queen 2 in row 2, column 1; queen 3 in row 3, column 4; queen 4 in row 4, column 2\n\n2 solutions\n"},
		{"json", Options{}, `{"n":4,"index":1,"cols":[1,3,0,2]}` + "\n" + `{"n":4,"index":2,"cols":[2,0,3,1]}` + "\n"},
		{"json", Options{ZeroBased: false}, `{"n":4,"index":1,"cols":[1,3,0,2]}` + "\n" + `{"n":4,"index":2,"cols":[2,0,3,1]}` + "\n"},
		{"csv", Options{}, "index,c1,c2,c3,c4\n1,2,4,1,3\n2,3,1,4,2\n"},
		{"csv", Options{ZeroBased: true}, "index,c1,c2,c3,c4\n1,1,3,0,2\n2,2,0,3,1\n"},
	} {
		if got := write(t, tc.name, tc.opts, four); got != tc.want {
			t.Errorf("%s %+v:\n%s\nwant:\n%s", tc.name, tc.opts, got, tc.want)
		}
	}
}

func TestWriteNoSolutions(t *testing.T) {
	for name, want := range map[string]string{
		"board": "0 solutions\n", "matrix": "0 solutions\n", "sentences": "0 solutions\n",
		"cols": "", "json": "", "fen": "", "csv": "index\n",
	} {
		if got := write(t, name, Options{}, nil); got != want {
			t.Errorf("%s with no solutions = %q, want %q", name, got, want)
		}
	}
	if got := write(t, "csv", Options{N: 3}, nil); got != "index,c1,c2,c3\n" {
		t.Errorf("csv of N=3 with no solutions = %q", got)
	}
	if got := write(t, "board", Options{Unique: true}, all(t, 1)); got != "Solution 1\nQ\n\n1 unique solution\n" {
		t.Errorf("board of N=1 = %q", got)
	}
	if got := write(t, "svg", Options{}, nil); !strings.Contains(got, "no solutions") || !wellFormed(got) {
		t.Errorf("svg with no solutions = %q", got)
	}
}

func TestFEN(t *testing.T) {
	eight := all(t, 8)
	got := write(t, "fen", Options{N: 8}, eight)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 92 {
		t.Fatalf("%d FEN lines, want 92", len(lines))
	}
	if want := "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1"; lines[0] != want {
		t.Errorf("first FEN = %q, want %q", lines[0], want)
	}
	for _, n := range []int{1, 4, 10} {
		if _, err := New("fen", io.Discard, Options{N: n}); !errors.Is(err, queens.ErrSize) {
			t.Errorf("fen for N=%d: error %v, want ErrSize", n, err)
		}
	}
	w, _ := New("fen", io.Discard, Options{})
	if err := w.Write(1, queens.Solution{1, 3, 0, 2}); !errors.Is(err, queens.ErrSize) {
		t.Errorf("fen of a 4×4 solution: error %v, want ErrSize", err)
	}
}

func TestNew(t *testing.T) {
	if _, err := New("xml", io.Discard, Options{}); !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "board, matrix, cols") {
		t.Errorf("New(xml) error = %v", err)
	}
	names := Names()
	if len(names) != 9 || names[0] != "board" || !slices.Contains(names, "svg") {
		t.Errorf("Names() = %v", names)
	}
	for _, name := range names {
		if Describe(name) == "" {
			t.Errorf("format %s has no description", name)
		}
		w, err := New(name, io.Discard, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(1, queens.Solution{}); err == nil {
			t.Errorf("%s writes an empty solution", name)
		}
	}
	if Describe("nope") != "" {
		t.Error("Describe of an unknown format is not empty")
	}
}

// errWriter fails every write.
type errWriter struct{ writes int }

func (e *errWriter) Write(p []byte) (int, error) {
	e.writes++
	return 0, errors.New("disk full")
}

func TestWriteError(t *testing.T) {
	sols := all(t, 10)
	for _, name := range Names() {
		if name == "fen" || name == "svg" {
			continue
		}
		ew := &errWriter{}
		w, _ := New(name, ew, Options{})
		var err error
		for i, s := range sols {
			if err = w.Write(uint64(i+1), s); err != nil {
				break
			}
		}
		if err == nil {
			err = w.Close()
		}
		if err == nil || err.Error() != "disk full" {
			t.Errorf("%s: error %v, want the writer's error", name, err)
		}
		if w.Close() == nil || w.Write(1, sols[0]) == nil {
			t.Errorf("%s: the error does not stick", name)
		}
	}
}

func TestLongLine(t *testing.T) {
	// Columns far past the digit tables and a line far longer than the
	// buffer come out whole.
	n := 100000
	s := make(queens.Solution, n)
	for i := range s {
		s[i] = (2*i + 1) % n
	}
	for _, tc := range []struct {
		name string
		opts Options
	}{{"cols", Options{}}, {"cols", Options{ZeroBased: true}}, {"json", Options{}}, {"csv", Options{}}} {
		got := write(t, tc.name, tc.opts, []queens.Solution{s})
		r := NewReader(strings.NewReader(got), ReadOptions{ZeroBased: tc.opts.ZeroBased})
		p, err := r.Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !slices.Equal(p.Queens, s) {
			t.Fatalf("%s: a line of %d columns does not read back", tc.name, n)
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("%s: after the line: %v", tc.name, err)
		}
	}
}

// wellFormed reports whether s parses as XML.
func wellFormed(s string) bool {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
	}
}

// svgBoards reads the queens back from an SVG of boards: the squares of
// the <use> elements in each <g>, and the size of the board rectangle.
func svgBoards(t *testing.T, doc string) []queens.Solution {
	t.Helper()
	var svg struct {
		Groups []struct {
			Rect struct {
				Width int `xml:"width,attr"`
			} `xml:"rect"`
			Uses []struct {
				X     int `xml:"x,attr"`
				Y     int `xml:"y,attr"`
				Width int `xml:"width,attr"`
			} `xml:"use"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(doc), &svg); err != nil {
		t.Fatalf("svg does not parse: %v", err)
	}
	var out []queens.Solution
	for _, g := range svg.Groups {
		if len(g.Uses) == 0 {
			t.Fatal("board without queens")
		}
		cell := g.Uses[0].Width
		n := g.Rect.Width / cell
		s := make(queens.Solution, n)
		for i := range s {
			s[i] = -1
		}
		for _, u := range g.Uses {
			s[u.Y/cell] = u.X / cell
		}
		out = append(out, s)
	}
	return out
}

func TestSVG(t *testing.T) {
	for _, n := range []int{1, 4, 5, 6, 8, 12} {
		sols := all(t, n)
		if len(sols) > 50 {
			sols = sols[:50]
		}
		doc := write(t, "svg", Options{}, sols)
		if !wellFormed(doc) {
			t.Fatalf("n=%d: svg is not well formed", n)
		}
		if got := svgBoards(t, doc); !slices.EqualFunc(got, sols, slices.Equal) {
			t.Fatalf("n=%d: the svg boards show %v, want %v", n, got, sols)
		}
		if labels := strings.Count(doc, ">Solution "); len(sols) > 1 && labels != len(sols) || len(sols) == 1 && labels != 0 {
			t.Errorf("n=%d: %d labels for %d boards", n, labels, len(sols))
		}
	}
	// Too many boards, and boards of two sizes.
	w, _ := New("svg", io.Discard, Options{})
	s := queens.Solution{0}
	for i := range MaxSVGBoards {
		if err := w.Write(uint64(i+1), s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Write(MaxSVGBoards+1, s); !errors.Is(err, ErrTooMany) {
		t.Errorf("board %d: error %v, want ErrTooMany", MaxSVGBoards+1, err)
	}
	w, _ = New("svg", io.Discard, Options{})
	w.Write(1, queens.Solution{0})
	if err := w.Write(2, queens.Solution{1, 3, 0, 2}); err == nil {
		t.Error("svg accepts boards of two sizes")
	}
}

func TestColsAllocs(t *testing.T) {
	sols := all(t, 10)
	w, _ := New("cols", io.Discard, Options{})
	i := 0
	allocs := testing.AllocsPerRun(2000, func() {
		w.Write(uint64(i+1), sols[i%len(sols)])
		i++
	})
	if allocs != 0 {
		t.Errorf("cols Write allocates %v times per solution", allocs)
	}
}

func BenchmarkColsWrite(b *testing.B) {
	sols := all(b, 12)
	w, _ := New("cols", io.Discard, Options{N: 12})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		w.Write(uint64(i+1), sols[i%len(sols)])
		i++
	}
	w.Close()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i), "ns/solution")
}

func BenchmarkWrite(b *testing.B) {
	sols := all(b, 8)
	for _, name := range Names() {
		if name == "svg" {
			continue
		}
		b.Run(name, func(b *testing.B) {
			w, _ := New(name, io.Discard, Options{N: 8})
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				w.Write(uint64(i+1), sols[i%len(sols)])
				i++
			}
			w.Close()
		})
	}
}

func TestColsOffBoard(t *testing.T) {
	sols := []queens.Solution{{-1, 5, 100000}, {0}, {4, 3, 2, 1, 0}}
	if got, want := write(t, "cols", Options{}, sols), "0 6 100001\n1\n5 4 3 2 1\n"; got != want {
		t.Errorf("cols = %q, want %q", got, want)
	}
	if got, want := write(t, "cols", Options{N: 2, ZeroBased: true}, sols), "-1 5 100000\n0\n4 3 2 1 0\n"; got != want {
		t.Errorf("cols from 0 = %q, want %q", got, want)
	}
}

func TestFlush(t *testing.T) {
	for _, name := range []string{"board", "cols", "json", "csv"} {
		var b bytes.Buffer
		w, _ := New(name, &b, Options{})
		w.Write(1, queens.Solution{1, 3, 0, 2})
		if b.Len() != 0 {
			t.Errorf("%s: wrote before Flush", name)
		}
		if err := w.Flush(); err != nil || b.Len() == 0 {
			t.Errorf("%s: Flush wrote %d bytes, %v", name, b.Len(), err)
		}
		w.Write(2, queens.Solution{2, 0, 3, 1})
		w.Close()
		if want := write(t, name, Options{}, all(t, 4)); b.String() != want {
			t.Errorf("%s: with a Flush between the solutions:\n%s\nwant\n%s", name, b.String(), want)
		}
	}
}

// largestWrite records the largest write it is given.
type largestWrite struct{ max, total int }

func (l *largestWrite) Write(p []byte) (int, error) {
	l.max, l.total = max(l.max, len(p)), l.total+len(p)
	return len(p), nil
}

// TestLongLinesStream writes the solution of a large board in every
// format that prints it as one line (and the csv header): the writer
// hands its line on in pieces of about its buffer, holding none whole,
// so that its memory does not grow with N.
func TestLongLinesStream(t *testing.T) {
	const n = 300000
	s, err := queens.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cols", "sentences", "solution", "json", "csv"} {
		var w largestWrite
		f, err := New(name, &w, Options{N: n})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Write(1, s); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if w.total < n || w.max > 2*bufSize {
			t.Errorf("%s: %d bytes in writes of up to %d, want none over %d", name, w.total, w.max, 2*bufSize)
		}
	}
}
