package format

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

func TestCompile(t *testing.T) {
	for _, tc := range []struct {
		text  string
		slots []int
		v     values
		want  string
	}{
		{"Solution %d", []int{0}, values{7}, "Solution 7"},
		{"第%d种情况", []int{0}, values{12}, "第12种情况"},
		{"queen %d in row %d, column %d", []int{0, 0, 1}, values{3, 6}, "queen 3 in row 3, column 6"},
		{"(%[1]d,%[2]d)  ", []int{0, 1, 2}, values{1, 5, 4}, "(1,5)  "},
		{"%[3]d %[1]d%%", []int{0, 1, 2}, values{1, 5, 4}, "4 1%"},
		{"%[2]d皇后问题有%[1]d种摆放方法。", []int{0, 1}, values{92, 8}, "8皇后问题有92种摆放方法。"},
		{"no values", nil, values{}, "no values"},
	} {
		c := compile(tc.text, tc.slots...)
		if got := string(c.append(nil, &tc.v)); got != tc.want {
			t.Errorf("compile(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	for _, bad := range []string{"%s", "%[0]d", "%[4]d", "%", "%[1"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("compile(%q) did not panic", bad)
				}
			}()
			compile(bad, 0, 1, 2)
		}()
	}
}

func TestChinese(t *testing.T) {
	four := all(t, 4)
	zh := Options{Lang: message.Chinese}
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"board", zh, "第1种情况\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n第2种情况\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n共有2种摆放方法\n"},
		{"matrix", Options{Lang: message.Chinese, Unique: true}, "第1种情况\n  0  1  0  0\n  0  0  0  1\n  1  0  0  0\n  0  0  1  0\n\n第2种情况\n  0  0  1  0\n  1  0  0  0\n  0  0  0  1\n  0  1  0  0\n\n共有2种本质不同的摆放方法\n"},
		{"sentences", zh, "第1种情况\n皇后1在1行2列、皇后2在2行4列、皇后3在3行1列、皇后4在4行3列\n\n第2种情况\n皇后1在1行3列、皇后2在2行1列、皇后3在3行4列、皇后4在4行2列\n\n共有2种摆放方法\n"},
	} {
		if got := write(t, tc.name, tc.opts, four); got != tc.want {
			t.Errorf("%s in Chinese:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
	if got := write(t, "board", zh, nil); got != "共有0种摆放方法\n" {
		t.Errorf("no solutions in Chinese: %q", got)
	}
	// The machine formats never change with the language.
	for _, name := range []string{"cols", "solution", "json", "csv", "svg"} {
		if en, zh := write(t, name, Options{}, four), write(t, name, zh, four); en != zh {
			t.Errorf("%s changes with the language:\n%s\n%s", name, en, zh)
		}
	}
	eight := all(t, 8)[:3]
	if en, zh := write(t, "fen", Options{N: 8}, eight), write(t, "fen", Options{N: 8, Lang: message.Chinese}, eight); en != zh {
		t.Error("fen changes with the language")
	}
}

func TestGlyphs(t *testing.T) {
	s := []queens.Solution{{1, 3, 0, 2}}
	for _, tc := range []struct{ glyphs, row string }{
		{"", ". Q . ."},
		{"Q.", ". Q . ."},
		{"x0", "0 x 0 0"},
		{"QX", "X Q X X"},
		{"0+", "+ 0 + +"},
		{"unicode", "· ♛ · ·"},
		{"♛·", "· ♛ · ·"},
	} {
		got := write(t, "board", Options{Glyphs: tc.glyphs}, s)
		if want := "Solution 1\n" + tc.row + "\n"; !strings.HasPrefix(got, want) {
			t.Errorf("glyphs %q:\n%s\nwant it to begin\n%s", tc.glyphs, got, want)
		}
		if r, err := NewReader(strings.NewReader(got), ReadOptions{}).Next(); err != nil || !slices.Equal(r.Queens, s[0]) {
			t.Errorf("glyphs %q: the board does not read back: %v", tc.glyphs, err)
		}
	}
	if _, err := New("board", io.Discard, Options{Glyphs: "ab"}); !errors.Is(err, ErrUnknownGlyphs) {
		t.Errorf("unknown glyphs: %v", err)
	}
	if names := GlyphNames(); names[0] != "Q." || !slices.Contains(names, "unicode") {
		t.Errorf("GlyphNames() = %v", names)
	}
	for _, name := range GlyphNames() {
		if DescribeGlyphs(name) == "" || !message.Has(DescribeGlyphs(name)) {
			t.Errorf("glyphs %s: description %q is not in the catalogue", name, DescribeGlyphs(name))
		}
	}
}

func TestDescriptionsInCatalogue(t *testing.T) {
	for _, name := range Names() {
		if d := Describe(name); !message.Has(d) && message.NewPrinter(message.Chinese).Translate(d) == d {
			t.Errorf("format %s: description %q is not in the catalogue", name, d)
		}
	}
	for _, name := range StyleNames() {
		if d := DescribeStyle(name); !message.Has(d) {
			t.Errorf("style %s: description %q is not in the catalogue", name, d)
		}
	}
}

func TestSolutionFormat(t *testing.T) {
	four := all(t, 4)
	// The row of the queen in each column: the board 1 3 0 2 has its
	// queen of column 0 in row 2.
	if got, want := write(t, "solution", Options{}, four), "Solution: 2 0 3 1 \nSolution: 1 3 0 2 \n"; got != want {
		t.Errorf("solution = %q, want %q", got, want)
	}
	for _, n := range []int{1, 5, 6, 8} {
		sols := all(t, n)
		r := NewReader(strings.NewReader(write(t, "solution", Options{}, sols)), ReadOptions{})
		for i, s := range sols {
			p, err := r.Next()
			if err != nil || p.Format != "solution" || !slices.Equal(p.Queens, s) {
				t.Fatalf("n=%d solution %d: read %v, %v; want %v", n, i+1, p, err, s)
			}
		}
	}
	r := NewReader(strings.NewReader("Solution: 0 0 3 1\n"), ReadOptions{})
	if p, err := r.Next(); err != nil || p.Err == nil {
		t.Errorf("two queens in row 1 read as %v, %v", p, err)
	}
}

func TestStyles(t *testing.T) {
	eight := all(t, 8)
	for _, name := range StyleNames() {
		var b bytes.Buffer
		w, err := NewStyle(name, &b, Options{N: 8})
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range eight {
			if err := w.Write(uint64(i+1), s); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if b.Len() < 92*8 || !strings.HasSuffix(b.String(), "\n") {
			t.Errorf("style %s: %q…", name, b.String()[:min(b.Len(), 80)])
		}
	}
	if _, err := NewStyle("nope", io.Discard, Options{}); !errors.Is(err, ErrUnknownStyle) {
		t.Errorf("unknown style: %v", err)
	}
	if _, err := NewStyle("004-5", io.Discard, Options{N: 6}); !errors.Is(err, queens.ErrSize) {
		t.Errorf("style 004-5 of N=6: %v", err)
	}
	w, _ := NewStyle("004-1", io.Discard, Options{})
	if err := w.Write(1, queens.Solution{1, 3, 0, 2}); !errors.Is(err, queens.ErrSize) {
		t.Errorf("style 004-1 of a 4×4 solution: %v", err)
	}
	// A style of a search by columns turns each solution.
	if got := write1(t, "003a", all(t, 4)[:1]); got != "0010\n1000\n0001\n0100\n" {
		t.Errorf("style 003a = %q", got)
	}
	if got := write1(t, "004-4", all(t, 4)); got != "(1,2)  (2,4)  (3,1)  (4,3)  \n(1,3)  (2,1)  (3,4)  (4,2)  \n" {
		t.Errorf("style 004-4 = %q", got)
	}
}

// write1 writes sols in the named style.
func write1(t *testing.T, style string, sols []queens.Solution) string {
	t.Helper()
	var b bytes.Buffer
	w, err := NewStyle(style, &b, Options{})
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

func TestLabels(t *testing.T) {
	s := []queens.Solution{{1, 3, 0, 2}}
	opts := Options{N: 4, Labels: true, Presets: []queens.Square{{Row: 2, Col: 0}}, Blocked: []queens.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}}}
	want := "Solution 1\n4 # Q . .\n3 . . . Q\n2 @ . . .\n1 . . Q #\n  a b c d\n@ preset queen, Q placed by the search, # blocked square\n\n1 solution\n"
	if got := write(t, "board", opts, s); got != want {
		t.Errorf("labelled board:\n%s\nwant:\n%s", got, want)
	}
	if p, err := NewReader(strings.NewReader(want), ReadOptions{}).Next(); err != nil || !slices.Equal(p.Queens, s[0]) {
		t.Errorf("the labelled board does not read back: %v %v", p, err)
	}
	opts.Lang, opts.Glyphs = message.Chinese, "unicode"
	want = "第1种情况\n4 ▪ ♛ · ·\n3 · · · ♛\n2 ♕ · · ·\n1 · · ♛ ▪\n  a b c d\n♕ 预设的皇后，♛ 搜索放下的皇后，▪ 禁放的格子\n\n共有1种摆放方法\n"
	if got := write(t, "board", opts, s); got != want {
		t.Errorf("labelled board in Chinese:\n%s\nwant:\n%s", got, want)
	}
	// Ranks of two digits stand right-aligned; no file letters past z.
	ten := all(t, 10)[:1]
	got := write(t, "board", Options{N: 10, Labels: true}, ten)
	if !strings.Contains(got, "\n10 Q . . . . . . . . .\n") || !strings.Contains(got, "\n 1 ") || !strings.Contains(got, "\n   a b c d e f g h i j\n") {
		t.Errorf("labels of N=10:\n%s", got)
	}
	big := make(queens.Solution, 30)
	for i := range big {
		big[i] = (2*i + 1) % 30
	}
	if got := write(t, "board", Options{N: 30, Labels: true}, []queens.Solution{big}); strings.Contains(got, " a b") {
		t.Errorf("labels past N = 26:\n%s", got)
	}
}

func TestReadChinese(t *testing.T) {
	in := "第1种情况\n皇后1在1行2列、皇后2在2行4列、皇后3在3行1列、皇后4在4行3列、\n\n共有1种摆放方法\n"
	r := NewReader(strings.NewReader(in), ReadOptions{})
	p, err := r.Next()
	if err != nil || !slices.Equal(p.Queens, queens.Solution{1, 3, 0, 2}) {
		t.Fatalf("Chinese sentences read as %v, %v", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the sentences: %v", err)
	}
	r = NewReader(strings.NewReader("皇后1在1行2列、皇后2在x行4列\n"), ReadOptions{})
	var se *SyntaxError
	if _, err := r.Next(); !errors.As(err, &se) {
		t.Errorf("a bad Chinese sentence: %v", err)
	}
}

// TestHumanAllocs checks that the formats made for reading, in either
// language and with any glyphs, and the styles allocate nothing per
// solution.
func TestHumanAllocs(t *testing.T) {
	sols := all(t, 10)
	type maker func(w io.Writer) (Writer, error)
	makers := map[string]maker{}
	for _, name := range []string{"board", "matrix", "sentences", "solution"} {
		for _, l := range message.Langs {
			makers[name+"/"+l.String()] = func(w io.Writer) (Writer, error) { return New(name, w, Options{N: 10, Lang: l}) }
		}
	}
	makers["board/unicode"] = func(w io.Writer) (Writer, error) { return New("board", w, Options{N: 10, Glyphs: "unicode"}) }
	for _, name := range StyleNames() {
		if name == "004-1" || name == "004-5" {
			continue // 8×8 only
		}
		makers["style/"+name] = func(w io.Writer) (Writer, error) { return NewStyle(name, w, Options{N: 10}) }
	}
	for name, mk := range makers {
		w, err := mk(io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(1, sols[0]) // the tables of the size
		i := 0
		allocs := testing.AllocsPerRun(500, func() {
			w.Write(uint64(i+1), sols[i%len(sols)])
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: Write allocates %v times per solution", name, allocs)
		}
	}
}

func BenchmarkWriteChinese(b *testing.B) {
	sols := all(b, 8)
	for _, name := range []string{"board", "matrix", "sentences"} {
		b.Run(name, func(b *testing.B) {
			w, _ := New(name, io.Discard, Options{N: 8, Lang: message.Chinese})
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

func BenchmarkStyles(b *testing.B) {
	sols := all(b, 8)
	for _, name := range StyleNames() {
		b.Run(name, func(b *testing.B) {
			w, _ := NewStyle(name, io.Discard, Options{N: 8})
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
