package format

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/queenslab/queens"
)

// svgPicture is what TestSVGGeometry reads from an SVG picture.
type svgPicture struct {
	Width   int    `xml:"width,attr"`
	Height  int    `xml:"height,attr"`
	ViewBox string `xml:"viewBox,attr"`
	Title   string `xml:"title"`
	Pattern struct {
		Width  int `xml:"width,attr"`
		Height int `xml:"height,attr"`
		Rect   struct {
			Width  int `xml:"width,attr"`
			Height int `xml:"height,attr"`
		} `xml:"rect"`
		Path struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
	} `xml:"defs>pattern"`
	Boards []struct {
		Transform string `xml:"transform,attr"`
		Rect      struct {
			Width  int `xml:"width,attr"`
			Height int `xml:"height,attr"`
		} `xml:"rect"`
		Queens []struct {
			X      int `xml:"x,attr"`
			Y      int `xml:"y,attr"`
			Width  int `xml:"width,attr"`
			Height int `xml:"height,attr"`
		} `xml:"use"`
		Label *struct {
			X    int    `xml:"x,attr"`
			Y    int    `xml:"y,attr"`
			Text string `xml:",chardata"`
		} `xml:"text"`
	} `xml:"g"`
}

// TestSVGGeometry guards the layout of the svg pictures: square boards
// of about 320 pixels with squares of at least 10, checkered by a tile
// of two by two squares; each queen on its square; boards in rows of as
// many as fit in 1280 pixels, 16 apart, in a margin of 10, each labelled
// with the number of its solution below it when there are several; and
// a picture exactly as large as what it shows.
func TestSVGGeometry(t *testing.T) {
	const margin, gap = 10, 16
	for _, tc := range []struct{ n, count int }{{1, 1}, {4, 2}, {5, 10}, {6, 4}, {8, 1}, {8, 4}, {8, 7}, {10, 12}, {12, 9}, {14, 5}, {40, 3}} {
		sols := all(t, min(tc.n, 12))
		if tc.n > 12 {
			s, _ := queens.Construct(tc.n)
			sols = []queens.Solution{s}
		}
		for len(sols) < tc.count {
			sols = append(sols, sols...)
		}
		sols = sols[:tc.count]
		// Solutions numbered from 101, so that a label or title cannot
		// show the board's place instead of the solution's number.
		var b strings.Builder
		w, _ := New("svg", &b, Options{})
		for i, s := range sols {
			if err := w.Write(uint64(101+i), s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		var pic svgPicture
		if err := xml.Unmarshal([]byte(b.String()), &pic); err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		name := fmt.Sprintf("n=%d, %d boards", tc.n, tc.count)
		if len(pic.Boards) != tc.count {
			t.Fatalf("%s: %d boards drawn", name, len(pic.Boards))
		}
		cell := pic.Boards[0].Queens[0].Width
		board := tc.n * cell
		if cell < 10 || board > 320 && cell > 10 || tc.n*(cell+1) <= 320 {
			t.Errorf("%s: squares of %d pixels, a board of %d", name, cell, board)
		}
		if p := pic.Pattern; p.Width != 2*cell || p.Height != 2*cell || p.Rect.Width != 2*cell || p.Rect.Height != 2*cell {
			t.Errorf("%s: the checkered tile is %d×%d, its light square %d×%d; want two squares of %d a side", name, p.Width, p.Height, p.Rect.Width, p.Rect.Height, cell)
		}
		if want := fmt.Sprintf("M%d 0h%dv%dh-%dzM0 %dh%dv%dh-%dz", cell, cell, cell, cell, cell, cell, cell, cell); pic.Pattern.Path.D != want {
			t.Errorf("%s: the dark squares of the tile are %q, want %q", name, pic.Pattern.Path.D, want)
		}
		label := 0
		if tc.count > 1 {
			label = 22
		}
		var xs, ys []int
		for k, g := range pic.Boards {
			var x, y int
			if _, err := fmt.Sscanf(g.Transform, "translate(%d %d)", &x, &y); err != nil {
				t.Fatalf("%s: board %d placed by %q", name, k, g.Transform)
			}
			xs, ys = append(xs, x), append(ys, y)
			if g.Rect.Width != board || g.Rect.Height != board {
				t.Errorf("%s: board %d is %d×%d, want %d×%d", name, k, g.Rect.Width, g.Rect.Height, board, board)
			}
			for r, q := range g.Queens {
				if q.X != sols[k][r]*cell || q.Y != r*cell || q.Width != cell || q.Height != cell {
					t.Errorf("%s: queen %d of board %d at (%d, %d), %d×%d; want (%d, %d), %d×%d", name, r, k, q.X, q.Y, q.Width, q.Height, sols[k][r]*cell, r*cell, cell, cell)
				}
			}
			switch {
			case label == 0 && g.Label != nil:
				t.Errorf("%s: the only board is labelled", name)
			case label > 0 && g.Label == nil:
				t.Errorf("%s: board %d has no label", name, k)
			case label > 0 && (g.Label.X != board/2 || g.Label.Y != board+16 || g.Label.Text != fmt.Sprintf("Solution %d", 101+k)):
				t.Errorf("%s: board %d labelled %q at (%d, %d), want \"Solution %d\" at (%d, %d)", name, k, g.Label.Text, g.Label.X, g.Label.Y, 101+k, board/2, board+16)
			}
		}
		// The boards fill rows from the left, as many to a row as fit in
		// 1280 pixels.
		perRow := len(slices.Compact(slices.Sorted(slices.Values(xs))))
		for k := range xs {
			if wantX, wantY := margin+(k%perRow)*(board+gap), margin+(k/perRow)*(board+label+gap); xs[k] != wantX || ys[k] != wantY {
				t.Errorf("%s: board %d at (%d, %d), want (%d, %d) with %d boards to a row", name, k, xs[k], ys[k], wantX, wantY, perRow)
			}
		}
		if row := perRow*board + (perRow-1)*gap; row > 1280 && perRow > 1 || perRow < tc.count && row+gap+board <= 1280 {
			t.Errorf("%s: %d boards to a row of %d pixels", name, perRow, row)
		}
		wantW, wantH := slices.Max(xs)+board+margin, slices.Max(ys)+board+label+margin
		if pic.Width != wantW || pic.Height != wantH || pic.ViewBox != fmt.Sprintf("0 0 %d %d", wantW, wantH) {
			t.Errorf("%s: picture %d×%d, view box %q; want %d×%d", name, pic.Width, pic.Height, pic.ViewBox, wantW, wantH)
		}
		wantTitle := fmt.Sprintf("%d-queens: %d solutions", tc.n, tc.count)
		if tc.count == 1 {
			wantTitle = fmt.Sprintf("%d-queens: solution 101", tc.n)
		}
		if pic.Title != wantTitle {
			t.Errorf("%s: title %q, want %q", name, pic.Title, wantTitle)
		}
	}
}

// TestSVGOffBoard guards the drawing of a queen off the board: its row
// stays empty, whichever side it is off.
func TestSVGOffBoard(t *testing.T) {
	doc := write(t, "svg", Options{}, []queens.Solution{{1, 4, 0, -1}})
	if got := strings.Count(doc, "<use "); got != 2 {
		t.Errorf("a board of 4 with two queens off it shows %d queens:\n%s", got, doc)
	}
}

// TestOffBoardColumns guards the writers at the first column past the
// board, where a table of the board's columns ends: a queen there is
// written as its number (cols, csv), as an empty rank (fen) or an empty
// row (board, matrix), never read from past the end of a table.
func TestOffBoardColumns(t *testing.T) {
	sols := []queens.Solution{{3, 0, 1}}
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"cols", Options{N: 3}, "4 1 2\n"},
		{"cols", Options{N: 3, ZeroBased: true}, "3 0 1\n"},
		{"csv", Options{N: 3}, "index,c1,c2,c3\n1,4,1,2\n"},
		{"csv", Options{}, "index,c1,c2,c3\n1,4,1,2\n"},
		{"board", Options{}, "Solution 1\n. . .\nQ . .\n. Q .\n\n1 solution\n"},
		{"matrix", Options{}, "Solution 1\n  0  0  0\n  1  0  0\n  0  1  0\n\n1 solution\n"},
	} {
		if got := write(t, tc.name, tc.opts, sols); got != tc.want {
			t.Errorf("%s %+v of %v = %q, want %q", tc.name, tc.opts, sols[0], got, tc.want)
		}
	}
	fen := write(t, "fen", Options{}, []queens.Solution{{8, 4, 7, 5, 2, 6, 1, 3}})
	if want := "8/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1\n"; fen != want {
		t.Errorf("fen with a queen off the board = %q, want %q", fen, want)
	}
}

// TestColsLongerThanTable guards the cols writer on a line of more
// columns than its table holds whose numbers are all within the table:
// the line is written whole, however long, even one longer than the
// writer's buffer.
func TestColsLongerThanTable(t *testing.T) {
	s := make(queens.Solution, 6*maxTable)
	for i := range s {
		s[i] = i % maxTable
	}
	got := write(t, "cols", Options{ZeroBased: true}, []queens.Solution{s})
	r := NewReader(strings.NewReader(got), ReadOptions{ZeroBased: true})
	p, err := r.Next()
	if err != nil || !slices.Equal(p.Queens, s) {
		t.Errorf("a line of %d columns below %d does not read back: %v", len(s), maxTable, err)
	}
}

// TestUnknownFormatNames guards the list of formats in the error of an
// unknown name.
func TestUnknownFormatNames(t *testing.T) {
	_, err := New("xml", io.Discard, Options{})
	if want := "(known: " + strings.Join(Names(), ", ") + ")"; err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("New(xml): %v, want an error ending %q", err, want)
	}
}

// TestReadBoundaries guards the reader where a bound is met exactly: a
// colon is no digit, a number of twelve digits is read and one of
// thirteen is not (in sentences too), a zero is no FEN piece count, a
// line of two-digit numbers made of 0 and 1 is a line of columns and not
// a matrix row, a csv header with an empty column name is a header, and
// a bad clause is quoted whole up to 40 bytes.
func TestReadBoundaries(t *testing.T) {
	clause40 := "queen 1 at row 1, column 1 and then more" // 40 bytes
	for _, tc := range []struct{ in, want string }{
		{"1 2:3\n", `line 1: unexpected ':' in a line of columns`},
		{"queen 1 in row 1, column 1234567890123\n", `line 1: cannot read "queen 1 in row 1, column 1234567890123"`},
		{"queen 1 in row 1234567890123, column 1\n", `line 1: cannot read "queen 1 in row 1234567890123, column 1"`},
		{"Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q04\n", "line 1: unexpected '0' in a FEN"},
		{clause40 + "\n", fmt.Sprintf("line 1: cannot read %q", clause40)},
		{clause40 + "!\n", fmt.Sprintf("line 1: cannot read %q", clause40[:37]+"...")},
	} {
		_, err := readAll(tc.in, ReadOptions{})
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		want []queens.Solution
	}{
		{"queen 1 in row 1, column 000000000001\n", []queens.Solution{{0}}},
		{"queen 1 in row 000000000001, column 1\n", []queens.Solution{{0}}},
		{"10 11\n", []queens.Solution{{9, 10}}},
		{"index,\n1\n", []queens.Solution{{0}}},
	} {
		ps, err := readAll(tc.in, ReadOptions{})
		var got []queens.Solution
		for _, p := range ps {
			got = append(got, p.Queens)
		}
		if err != nil || !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%q: read %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestInstanceBoardMarks guards the marks of the board of an instance:
// preset queens alone, blocked squares alone, or both, on the board's
// first and last rows and columns, are marked, and squares off the board
// are ignored, not marked on a square they would wrap around to.
func TestInstanceBoardMarks(t *testing.T) {
	sol := []queens.Solution{{1, 3, 0, 2}}
	presets := []queens.Square{{Row: 0, Col: 1}, {Row: 3, Col: 2}}
	blocked := []queens.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}}
	// Off the board, but for the bounds on the queens' squares (of 1, 3, 0,
	// 2) or on empty ones, or past the end of the board.
	offPresets := []queens.Square{{Row: 1, Col: 4}, {Row: 2, Col: -1}, {Row: -1, Col: 1}, {Row: 4, Col: 0}}
	offBlocked := []queens.Square{{Row: 0, Col: 4}, {Row: 3, Col: -1}, {Row: -1, Col: 3}, {Row: 4, Col: 0}}
	for _, tc := range []struct {
		presets, blocked []queens.Square
		want             string
	}{
		{append(slices.Clone(presets), offPresets...), nil, ". @ . .\n. . . Q\nQ . . .\n. . @ .\n"},
		{nil, append(slices.Clone(blocked), offBlocked...), "# Q . .\n. . . Q\nQ . . .\n. . Q #\n"},
		{append(slices.Clone(presets), offPresets...), append(slices.Clone(blocked), offBlocked...), "# @ . .\n. . . Q\nQ . . .\n. . @ #\n"},
	} {
		got := write(t, "board", Options{N: 4, Presets: tc.presets, Blocked: tc.blocked}, sol)
		if want := "Solution 1\n" + tc.want; !strings.HasPrefix(got, want) {
			t.Errorf("board of an instance with presets %v and blocked squares %v:\n%s\nwant it to begin\n%s", tc.presets, tc.blocked, got, want)
		}
	}
	// Labels up to the largest board of chess names, N = 26.
	s, _ := queens.Construct(queens.MaxChessN)
	if got := write(t, "board", Options{N: queens.MaxChessN, Labels: true}, []queens.Solution{s}); !strings.Contains(got, " y z\n") || !strings.Contains(got, "\n26 ") {
		t.Errorf("board of N=%d with labels has no files a to z or no rank 26:\n%s", queens.MaxChessN, got)
	}
}

// TestStyleOnly8 guards the styles made for the 8×8 board alone: they
// write its solutions and refuse those of other boards.
func TestStyleOnly8(t *testing.T) {
	var b strings.Builder
	w, err := NewStyle("004-1", &b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(1, queens.Solution{0, 4, 7, 5, 2, 6, 1, 3}); err != nil {
		t.Errorf("style 004-1 of an 8×8 solution: %v", err)
	}
	if err := w.Write(2, queens.Solution{1, 3, 0, 2}); err == nil {
		t.Error("style 004-1 writes a 4×4 solution")
	}
}

// TestColumnOrderOffBoard guards the formats that list the row of the
// queen in each column: a queen off the board, even on the first column
// past it, leaves its column without a queen, -1.
func TestColumnOrderOffBoard(t *testing.T) {
	if got, want := write(t, "solution", Options{}, []queens.Solution{{4, 0, 1, 2}, {0}}), "Solution: 1 2 3 -1 \nSolution: 0 \n"; got != want {
		t.Errorf("solution format = %q, want %q", got, want)
	}
}

// TestCompileVerbs guards the compiler of the sentences the writers fill in:
// plain and numbered verbs, a percent sign, and a panic with the
// sentence for every mistake rather than a sentence cut short.
func TestCompileVerbs(t *testing.T) {
	v := values{7, 8, 9}
	for _, tc := range []struct {
		t     string
		slots []int
		want  string
	}{
		{"%d of %d", []int{0, 1}, "7 of 8"},
		{"%[2]d, %[1]d, %d", []int{2, 0}, "7, 9, 7"},
		{"100%% at %d%%", []int{1}, "100% at 8%"},
		{"no verb", nil, "no verb"},
		{"%d", []int{2}, "9"},
	} {
		text := compile(tc.t, tc.slots...)
		if got := string(text.append(nil, &v)); got != tc.want {
			t.Errorf("compile(%q) writes %q, want %q", tc.t, got, tc.want)
		}
	}
	for _, bad := range []string{"50%", "%s", "%[", "%[1", "%[0]d", "%[3]d", "%d %d %d", "%[1]", "%[x]d"} {
		func() {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.HasPrefix(msg, "format: bad verb in ") {
					t.Errorf("compile(%q) panics with %v, want a bad verb", bad, r)
				}
			}()
			compile(bad, 0, 1)
		}()
	}
}

// TestReadGlyphBoards guards the reading of the boards the board format
// draws with each set of glyphs, with and without the labels of the
// ranks and files and the marks of an instance: they read back as the
// solutions written, on boards of one and of two-digit ranks. (Some
// combinations are left out: see below.)
func TestReadGlyphBoards(t *testing.T) {
	for _, n := range []int{1, 4, 5, 10} {
		sols := all(t, n)
		if len(sols) > 3 {
			sols = sols[:3]
		}
		first := sols[0]
		for _, glyphs := range GlyphNames() {
			for _, labels := range []bool{false, true} {
				for _, marked := range []bool{false, true} {
					if n == 1 && (labels || glyphs == "0+") {
						// The reader does not read these back yet: the
						// boards of one square with labels, or of 0
						// and +, read as something else.
						continue
					}
					opts := Options{N: n, Glyphs: glyphs, Labels: labels}
					if marked {
						opts.Presets = []queens.Square{{Row: 0, Col: first[0]}}
						for c := range n {
							if c != first[n-1] {
								opts.Blocked = append(opts.Blocked, queens.Square{Row: n - 1, Col: c})
								break
							}
						}
					}
					text := write(t, "board", opts, sols)
					ps, err := readAll(text, ReadOptions{})
					var got []queens.Solution
					for _, p := range ps {
						got = append(got, p.Queens)
					}
					if err != nil || !slices.EqualFunc(got, sols, slices.Equal) {
						t.Errorf("n=%d glyphs %s labels %v marks %v: read %v, %v; want %v\n%s", n, glyphs, labels, marked, got, err, sols, text)
					}
				}
			}
		}
	}
}

// TestReadSolutionHeaders guards the lines that begin with "Solution":
// alone or with a number it is the header of a board; "Solution:" with
// the rows of the queens of the columns is a line of the solution
// format, even of the 1×1 board.
func TestReadSolutionHeaders(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []queens.Solution
	}{
		{"Solution\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n", []queens.Solution{{1, 3, 0, 2}}},
		{"Solution: 2\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n", []queens.Solution{{1, 3, 0, 2}}},
		{"Solution: 0\n", []queens.Solution{{0}}},
		{"Solution: 2 0 3 1\n", []queens.Solution{{1, 3, 0, 2}}},
	} {
		ps, err := readAll(tc.in, ReadOptions{})
		var got []queens.Solution
		for _, p := range ps {
			got = append(got, p.Queens)
		}
		if err != nil || !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%q: read %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestReadTwoSquareBoards guards the reading of the boards of two
// squares a side, the smallest with a line of files and a row that may
// begin with a blocked square: the line "a b" is the files, and "# Q" a
// row, not a comment.
func TestReadTwoSquareBoards(t *testing.T) {
	sol := []queens.Solution{{1, 0}}
	for _, opts := range []Options{
		{N: 2, Labels: true},
		{N: 2, Blocked: []queens.Square{{Row: 0, Col: 0}, {Row: 1, Col: 1}}},
	} {
		text := write(t, "board", opts, sol)
		ps, err := readAll(text, ReadOptions{})
		if err != nil || len(ps) != 1 || !slices.Equal(ps[0].Queens, sol[0]) {
			t.Errorf("%+v: read %v, %v from\n%s", opts, ps, err, text)
		}
	}
}

// TestReadColumnsAndChinese guards the bounds of the solution format's
// lines and of the Chinese sentences: numbers of twelve digits are read,
// and a row past the board leaves a placement with a row without a
// queen, not a read past the end of the rows.
func TestReadColumnsAndChinese(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want queens.Solution
	}{
		{"Solution: 000000000001 000000000000 2\n", queens.Solution{1, 0, 2}},
		{"皇后1在1行000000000002列、皇后2在000000000002行1列\n", queens.Solution{1, 0}},
	} {
		ps, err := readAll(tc.in, ReadOptions{})
		if err != nil || len(ps) != 1 || !slices.Equal(ps[0].Queens, tc.want) {
			t.Errorf("%q: read %v, %v; want %v", tc.in, ps, err, tc.want)
		}
	}
	ps, err := readAll("Solution: 2 0\n", ReadOptions{})
	var re *RowError
	if err != nil || len(ps) != 1 || !errors.As(ps[0].Err, &re) {
		t.Errorf("a queen past the board's last row: %+v, %v; want a placement with a row error", ps, err)
	}
}
