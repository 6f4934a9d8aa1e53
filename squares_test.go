package queens

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseSquares(t *testing.T) {
	for _, tc := range []struct {
		n    int
		in   string
		want []Square
	}{
		{8, "", []Square{}},
		{8, "  , ", []Square{}},
		{8, "b4,d5", []Square{{4, 1}, {3, 3}}},
		{8, "B4, D5", []Square{{4, 1}, {3, 3}}},
		{8, "a8", []Square{{0, 0}}},
		{8, "a1 h8", nil}, // attack: checked below
		{8, "a1", []Square{{7, 0}}},
		{8, "h1", []Square{{7, 7}}},
		{8, "1:1,8:8x", nil},
		{8, "5:2", []Square{{4, 1}}},
		{8, "5:2 3:5", []Square{{4, 1}, {2, 4}}},
		{8, "b4,3:5", []Square{{4, 1}, {2, 4}}},
		{12, "a12,b1", []Square{{0, 0}, {11, 1}}},
		{26, "z26", []Square{{0, 25}}},
		{26, "z1", []Square{{25, 25}}},
		{1000, "1000:1,1:2", []Square{{999, 0}, {0, 1}}},
	} {
		got, err := ParseSquares(tc.n, tc.in)
		if tc.want == nil {
			if err == nil {
				t.Errorf("ParseSquares(%d, %q) = %v, want an error", tc.n, tc.in, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseSquares(%d, %q) = %v, %v; want %v", tc.n, tc.in, got, err, tc.want)
		}
	}
}

func TestParseSquaresErrors(t *testing.T) {
	for _, tc := range []struct {
		n     int
		in    string
		want  error
		names []string // words the message must contain
	}{
		{8, "a1,a2", ErrConflict, []string{"a1", "a2", "column"}},
		{8, "a1,h1", ErrConflict, []string{"a1", "h1", "row"}},
		{8, "a1,h8", ErrConflict, []string{"a1", "h8", "diagonal"}},
		{8, "h1,a8", ErrConflict, []string{"h1", "a8", "diagonal"}},
		{12, "a12,l1", ErrConflict, []string{"a12", "l1", "diagonal"}},
		{8, "1:1,2:1", ErrConflict, []string{"1:1", "2:1", "column"}},
		{8, "b4,b4", ErrSquare, []string{"b4", "twice"}},
		{8, "b4,4:2", ErrConflict, []string{"b4", "4:2"}},
		{8, "b4,5:2", ErrSquare, []string{"b4", "5:2", "same square"}},
		{8, "i1", ErrSquare, []string{"i1", "off the 8×8 board"}},
		{8, "a9", ErrSquare, []string{"a9", "off"}},
		{8, "a0", ErrSquare, []string{"a0", "off"}},
		{8, "9:1", ErrSquare, []string{"9:1", "off"}},
		{8, "0:1", ErrSquare, []string{"0:1", "off"}},
		{8, "1:-1", ErrSquare, []string{"1:-1"}},
		{8, "1:+1", ErrSquare, []string{"1:+1"}},
		{8, "1:2:3", ErrSquare, []string{"1:2:3"}},
		{8, "4", ErrSquare, []string{`"4"`}},
		{8, "b", ErrSquare, []string{`"b"`}},
		{8, "bb4", ErrSquare, []string{"bb4"}},
		{8, "ü4", ErrSquare, []string{"ü4"}},
		{8, "b4;d5", ErrSquare, []string{"b4;d5"}},
		{27, "a1", ErrSquare, []string{"a1", "row:col"}},
		{8, "1:99999999999", ErrSquare, []string{"99999999999"}},
		{0, "a1", ErrSize, nil},
	} {
		got, err := ParseSquares(tc.n, tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseSquares(%d, %q) = %v, %v; want %v", tc.n, tc.in, got, err, tc.want)
			continue
		}
		for _, w := range tc.names {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ParseSquares(%d, %q) error %q does not mention %q", tc.n, tc.in, err, w)
			}
		}
	}
}

func TestSquareNames(t *testing.T) {
	for n := 1; n <= 30; n++ {
		for r := range n {
			for c := range n {
				q := Square{r, c}
				got, err := ParseSquares(n, q.Name(n))
				if err != nil || len(got) != 1 || got[0] != q {
					t.Fatalf("n=%d: ParseSquares(%q) = %v, %v; want %v", n, q.Name(n), got, err, q)
				}
				got, err = ParseSquares(n, q.String())
				if err != nil || len(got) != 1 || got[0] != q {
					t.Fatalf("n=%d: ParseSquares(%q) = %v, %v; want %v", n, q.String(), got, err, q)
				}
			}
		}
	}
	if got := (Square{4, 1}).Name(8); got != "b4" {
		t.Errorf("Square{4, 1}.Name(8) = %q, want b4", got)
	}
	if got := (Square{4, 1}).Name(27); got != "5:2" {
		t.Errorf("Square{4, 1}.Name(27) = %q, want 5:2", got)
	}
	if got := (Square{9, 1}).Name(8); got != "10:2" {
		t.Errorf("off-board Square{9, 1}.Name(8) = %q, want 10:2", got)
	}
}

// attacking is the plain quadratic check of presets that the fuzz test
// holds CheckPresets to.
func attacking(ps []Square) bool {
	for i, p := range ps {
		for _, q := range ps[:i] {
			dr, dc := p.Row-q.Row, p.Col-q.Col
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				return true
			}
		}
	}
	return false
}

func FuzzParseSquares(f *testing.F) {
	for _, s := range []string{"b4,d5", "a1,a2", "1:1 3:2", "z26", "h9", "b4,b4", "12:3,,4:7", "", "B4", "1:1:1", "a-1"} {
		f.Add(8, s)
		f.Add(26, s)
	}
	f.Add(1000, "1000:1000,1:2")
	f.Fuzz(func(t *testing.T, n int, s string) {
		if n < 1 || n > 1<<20 {
			n = 1 + (n&0xffff+0xffff)%0xffff
		}
		squares, err := ParseSquares(n, s)
		if err != nil {
			if !errors.Is(err, ErrSquare) && !errors.Is(err, ErrConflict) {
				t.Fatalf("ParseSquares(%d, %q) error %v wraps neither ErrSquare nor ErrConflict", n, s, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, q := range squares {
			if q.Row < 0 || q.Row >= n || q.Col < 0 || q.Col >= n {
				t.Fatalf("ParseSquares(%d, %q) gave %v, off the board", n, s, q)
			}
		}
		if attacking(squares) {
			t.Fatalf("ParseSquares(%d, %q) accepted attacking queens %v", n, s, squares)
		}
		if err := CheckPresets(n, squares); err != nil {
			t.Fatalf("CheckPresets rejects what ParseSquares accepted: %v", err)
		}
		names := make([]string, len(squares))
		for i, q := range squares {
			names[i] = q.Name(n)
		}
		again, err := ParseSquares(n, strings.Join(names, ","))
		if err != nil || !slices.Equal(again, squares) {
			t.Fatalf("names %v parse to %v, %v; want %v", names, again, err, squares)
		}
	})
}

func TestParseSquareList(t *testing.T) {
	got, err := ParseSquareList(8, "a1,a2 a1 1:1")
	want := []Square{{7, 0}, {6, 0}, {7, 0}, {0, 0}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseSquareList = %v, %v; want %v", got, err, want)
	}
	for _, bad := range []string{"i9", "0:1", "x", "9:1"} {
		if _, err := ParseSquareList(8, bad); !errors.Is(err, ErrSquare) {
			t.Errorf("ParseSquareList(%q) error = %v, want ErrSquare", bad, err)
		}
	}
}

// FuzzParseSquareList checks that ParseSquareList accepts a superset of
// what ParseSquares accepts, the same squares, and only squares on the
// board.
func FuzzParseSquareList(f *testing.F) {
	for _, s := range []string{"b4,d5", "a1,a2", "b4,b4", "1:1 3:2", "h9", ""} {
		f.Add(8, s)
	}
	f.Fuzz(func(t *testing.T, n int, s string) {
		if n < 1 || n > 1<<20 {
			n = 1 + (n&0xffff+0xffff)%0xffff
		}
		list, err := ParseSquareList(n, s)
		strict, strictErr := ParseSquares(n, s)
		switch {
		case err != nil && !errors.Is(err, ErrSquare):
			t.Fatalf("ParseSquareList(%d, %q) error %v does not wrap ErrSquare", n, s, err)
		case err != nil && strictErr == nil:
			t.Fatalf("ParseSquareList(%d, %q) rejects what ParseSquares accepts: %v", n, s, err)
		case strictErr == nil && !slices.Equal(list, strict):
			t.Fatalf("ParseSquareList(%d, %q) = %v, ParseSquares %v", n, s, list, strict)
		}
		for _, q := range list {
			if !q.on(n) {
				t.Fatalf("ParseSquareList(%d, %q) gave %v, off the board", n, s, q)
			}
		}
	})
}
