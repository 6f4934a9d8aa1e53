package queens

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrSquare is wrapped by every error about a preset square that cannot be
// read, that lies off the board, or that is given twice.
var ErrSquare = errors.New("bad square")

// ErrConflict is wrapped by every error about preset queens that attack
// each other.
var ErrConflict = errors.New("preset queens attack each other")

// MaxChessN is the largest board size on which squares can be named the
// way chess names them: one letter a..z per file.
const MaxChessN = 26

// Square is one square of the board. Row and Col are counted from 0, Row 0
// being the top row of the board as it is printed and Col 0 its left
// column, the way a [Solution] counts them: a queen on Square{r, c} belongs
// to a solution s when s[r] == c.
//
// In chess notation, on an n×n board with n ≤ [MaxChessN], files a, b, c, …
// are the columns 0, 1, 2, … and ranks 1, 2, … count rows from the bottom:
// rank k is row n-k. So a1 is the bottom left corner {n-1, 0}, and on the
// 8×8 board a8 is {0, 0}, the first square a FEN string lists. In row:col
// notation both numbers count from 1, from the top left: "1:1" is {0, 0}
// on every board.
type Square struct {
	Row, Col int
}

// String returns the square in row:col notation, counted from 1: "5:2" for
// Square{4, 1}.
func (q Square) String() string {
	return strconv.Itoa(q.Row+1) + ":" + strconv.Itoa(q.Col+1)
}

// Name returns the name of the square on an n×n board: chess notation
// ("b4") when n ≤ [MaxChessN] and the square is on the board, and row:col
// notation (see [Square.String]) otherwise.
func (q Square) Name(n int) string {
	if n > MaxChessN || !q.on(n) {
		return q.String()
	}
	return string(rune('a'+q.Col)) + strconv.Itoa(n-q.Row)
}

// on reports whether q lies on the n×n board.
func (q Square) on(n int) bool {
	return q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n
}

// ParseSquares reads a list of squares of the n×n board for preset queens.
// The squares are separated by commas or spaces; each is either a chess
// square such as "b4" (only when n ≤ [MaxChessN]; the file letter may be
// upper case) or a row:col pair counted from 1 such as "5:2" (on any
// board); see [Square] for how both map to rows and columns. The empty
// list is allowed and yields no squares.
//
// ParseSquares checks the squares as [CheckPresets] does, but its errors
// name the squares as they are written in s. A square it cannot read, one
// off the board, or one given twice yields an error wrapping [ErrSquare];
// two squares whose queens attack each other, one wrapping [ErrConflict].
// It requires n ≥ 1.
func ParseSquares(n int, s string) ([]Square, error) {
	squares, fields, err := parseSquareList(n, s)
	if err != nil {
		return nil, err
	}
	if err := checkPresets(n, squares, func(i int) string { return fields[i] }); err != nil {
		return nil, err
	}
	return squares, nil
}

// ParseSquareList reads a list of squares of the n×n board as
// [ParseSquares] does, but checks only that every square is read and lies
// on the board (else an error wrapping [ErrSquare]): squares may repeat
// and attack each other, as the blocked squares of an [Instance] may. It
// requires n ≥ 1.
func ParseSquareList(n int, s string) ([]Square, error) {
	squares, _, err := parseSquareList(n, s)
	return squares, err
}

// parseSquareList is ParseSquareList that also returns the squares as
// they are written in s.
func parseSquareList(n int, s string) (squares []Square, fields []string, err error) {
	if n < 1 {
		return nil, nil, fmt.Errorf("%w: N must be at least 1, got %d", ErrSize, n)
	}
	fields = strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	squares = make([]Square, 0, len(fields))
	for _, f := range fields {
		q, err := parseSquare(n, f)
		if err != nil {
			return nil, nil, err
		}
		squares = append(squares, q)
	}
	return squares, fields, nil
}

// parseSquare reads one square, in chess or row:col notation.
func parseSquare(n int, f string) (Square, error) {
	if r, c, ok := strings.Cut(f, ":"); ok {
		row, okR := parseCount(r)
		col, okC := parseCount(c)
		if !okR || !okC {
			return Square{}, fmt.Errorf("%w %q: a row:col pair is two whole numbers counted from 1, such as 5:2", ErrSquare, f)
		}
		if row < 1 || row > n || col < 1 || col > n {
			return Square{}, fmt.Errorf("%w: %s is off the %d×%d board (rows and columns go from 1 to %d)", ErrSquare, f, n, n, n)
		}
		return Square{Row: row - 1, Col: col - 1}, nil
	}
	file := f[0] | 0x20 // lower case, for letters
	rank, okRank := parseCount(f[1:])
	if len(f) < 2 || file < 'a' || file > 'z' || !okRank {
		return Square{}, fmt.Errorf("%w %q: want a chess square such as b4 or a row:col pair such as 5:2", ErrSquare, f)
	}
	if n > MaxChessN {
		return Square{}, fmt.Errorf("%w %q: chess squares name boards up to %d×%d only; use row:col pairs such as 5:2", ErrSquare, f, MaxChessN, MaxChessN)
	}
	col := int(file - 'a')
	if col >= n || rank < 1 || rank > n {
		last := string(rune('a' + n - 1))
		return Square{}, fmt.Errorf("%w: %s is off the %d×%d board (files a to %s, ranks 1 to %d)", ErrSquare, f, n, n, last, n)
	}
	return Square{Row: n - rank, Col: col}, nil
}

// parseCount reads a whole number of at most nine decimal digits, with no
// sign; ok is false for anything else.
func parseCount(s string) (v int, ok bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// CheckPresets reports whether presets is a set of queens that a solution
// of the n×n board could contain: every square on the board and given once,
// and no two queens on one row, column or diagonal. It returns nil if so,
// an error wrapping [ErrSquare] for a square off the board or given twice,
// and one wrapping [ErrConflict] for the first pair of queens that attack
// each other. The errors name the squares as [Square.Name] does. It runs
// in time proportional to len(presets).
func CheckPresets(n int, presets []Square) error {
	if n < 1 {
		return fmt.Errorf("%w: N must be at least 1, got %d", ErrSize, n)
	}
	return checkPresets(n, presets, func(i int) string { return presets[i].Name(n) })
}

// checkPresets is CheckPresets with the names of the squares given by name,
// which receives an index into presets.
func checkPresets(n int, presets []Square, name func(int) string) error {
	for i, q := range presets {
		if !q.on(n) {
			return fmt.Errorf("%w: %s is off the %d×%d board", ErrSquare, name(i), n, n)
		}
	}
	if len(presets) < 2 {
		return nil
	}
	// For every line that a queen stands on, the index of the first queen
	// on it. A line is keyed by its kind and its number.
	type line struct {
		kind int // 0 row, 1 column, 2 diagonal r-c, 3 diagonal r+c
		num  int
	}
	kinds := [...]string{"row", "column", "diagonal", "diagonal"}
	first := make(map[line]int, 4*len(presets))
	for i, q := range presets {
		lines := [...]line{{0, q.Row}, {1, q.Col}, {2, q.Row - q.Col}, {3, q.Row + q.Col}}
		if j, ok := first[lines[0]]; ok && presets[j] == q {
			if name(j) == name(i) {
				return fmt.Errorf("%w: %s is given twice", ErrSquare, name(i))
			}
			return fmt.Errorf("%w: %s and %s are the same square", ErrSquare, name(j), name(i))
		}
		for _, l := range lines {
			if j, ok := first[l]; ok {
				return fmt.Errorf("%w: the queens on %s and %s share a %s", ErrConflict, name(j), name(i), kinds[l.kind])
			}
		}
		for _, l := range lines {
			first[l] = i
		}
	}
	return nil
}
