package queens

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// MaxInstanceN is the largest board an [Instance] may have. The search
// keeps a board row in one 64-bit word up to 64 columns, and in two
// above; only the narrow search runs on several cores.
const MaxInstanceN = 128

// ErrDiagonal is wrapped by every error about an excluded diagonal that
// cannot be read or that misses the board.
var ErrDiagonal = errors.New("bad diagonal")

// ErrLines is wrapped by every error about the rows and columns in use of
// an [Instance].
var ErrLines = errors.New("bad rows or columns in use")

// Diagonal is one diagonal line of the board, counted the way a [Square]
// counts rows and columns, from 0 at the top left. A sum diagonal holds
// the squares with Row+Col == K, from 0 (the top left corner) to 2n-2 (the
// bottom right corner); a difference diagonal holds the squares with
// Row-Col == K, from -(n-1) (the top right corner) to n-1 (the bottom
// left corner), 0 being the main diagonal from the top left to the bottom
// right.
type Diagonal struct {
	Sum bool // a sum diagonal, Row+Col == K; else a difference diagonal, Row-Col == K
	K   int
}

// String returns the diagonal as [ParseDiagonals] reads it: "sum:7" or
// "diff:-2".
func (d Diagonal) String() string {
	if d.Sum {
		return "sum:" + strconv.Itoa(d.K)
	}
	return "diff:" + strconv.Itoa(d.K)
}

// Contains reports whether the square lies on the diagonal.
func (d Diagonal) Contains(q Square) bool {
	if d.Sum {
		return q.Row+q.Col == d.K
	}
	return q.Row-q.Col == d.K
}

// on reports whether the diagonal has a square on the n×n board.
func (d Diagonal) on(n int) bool {
	if d.Sum {
		return d.K >= 0 && d.K <= 2*n-2
	}
	return d.K >= -(n-1) && d.K <= n-1
}

// ParseDiagonals reads a list of diagonals of the n×n board, separated by
// commas or spaces, each "sum:K" or "diff:K" as [Diagonal.String] writes
// it ("s:K" and "d:K" for short). A diagonal that cannot be read or misses
// the board yields an error wrapping [ErrDiagonal]. The empty list is
// allowed. It requires n ≥ 1.
func ParseDiagonals(n int, s string) ([]Diagonal, error) {
	if n < 1 {
		return nil, fmt.Errorf("%w: N must be at least 1, got %d", ErrSize, n)
	}
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	diags := make([]Diagonal, 0, len(fields))
	for _, f := range fields {
		kind, num, ok := strings.Cut(f, ":")
		var d Diagonal
		switch strings.ToLower(kind) {
		case "sum", "s":
			d.Sum = true
		case "diff", "d":
		default:
			ok = false
		}
		k, err := strconv.Atoi(num)
		if !ok || err != nil || len(num) > 10 {
			return nil, fmt.Errorf("%w %q: want sum:K (row+col = K) or diff:K (row-col = K), rows and columns counted from 0, such as sum:7 or diff:-2", ErrDiagonal, f)
		}
		d.K = k
		if !d.on(n) {
			return nil, fmt.Errorf("%w: %s misses the %d×%d board (sum from 0 to %d, diff from %d to %d)", ErrDiagonal, f, n, n, 2*n-2, -(n - 1), n-1)
		}
		diags = append(diags, d)
	}
	return diags, nil
}

// Instance is a problem on the n×n board harder than plain n-queens: a
// solution of the N×N board must have a queen on every square of Queens
// (n-queens completion), none on a square of Blocked (blocked n-queens;
// attacks pass over blocked squares), and none on a diagonal of Excluded
// (excluded diagonals). All three are NP-complete to decide and
// #P-complete to count (Gent, Jefferson and Nightingale, 2017); any mix is
// allowed. The zero lists make the plain problem.
//
// A square may be blocked, and a diagonal excluded, more than once. A
// preset queen on a blocked square or an excluded diagonal is allowed and
// makes an instance without solutions; preset queens that attack each
// other are an error (see [Instance.Check]).
//
// Rows and Cols, when not nil, are the rows and the columns in use, as
// many of each, as the CSPLib definition of Excluded Diagonals allows: a
// solution has a queen in each row and each column in use and none
// elsewhere, and its entry for a row not in use is -1. Nil means every
// row, or every column.
type Instance struct {
	N        int
	Queens   []Square
	Blocked  []Square
	Excluded []Diagonal
	Rows     []int
	Cols     []int
}

// Check returns nil if the instance is well formed: 1 ≤ N ≤
// [MaxInstanceN] (else an error wrapping [ErrSize]), the queens pass
// [CheckPresets], every blocked square lies on the board (else an error
// wrapping [ErrSquare]), every diagonal meets it (else one wrapping
// [ErrDiagonal]), and the rows and columns in use are on the board, given
// once each, as many of one as of the other, and hold the preset queens
// (else one wrapping [ErrLines]).
func (in *Instance) Check() error {
	if err := checkSize(in.N, MaxInstanceN); err != nil {
		return err
	}
	if err := CheckPresets(in.N, in.Queens); err != nil {
		return err
	}
	rows, err := lineSet(in.N, in.Rows, "row")
	if err != nil {
		return err
	}
	cols, err := lineSet(in.N, in.Cols, "column")
	if err != nil {
		return err
	}
	if a, b := rows.count(), cols.count(); a != b {
		return fmt.Errorf("%w: %d rows and %d columns in use", ErrLines, a, b)
	}
	for _, q := range in.Queens {
		if !rows.has(q.Row) || !cols.has(q.Col) {
			return fmt.Errorf("%w: the preset queen on %s is not on a row and a column in use", ErrLines, q.Name(in.N))
		}
	}
	for _, q := range in.Blocked {
		if !q.on(in.N) {
			return fmt.Errorf("%w: blocked square %s is off the %d×%d board", ErrSquare, q, in.N, in.N)
		}
	}
	for _, d := range in.Excluded {
		if !d.on(in.N) {
			return fmt.Errorf("%w: %s misses the %d×%d board", ErrDiagonal, d, in.N, in.N)
		}
	}
	return nil
}

// Validate returns nil if s is a solution of the instance, which must
// pass [Instance.Check], and otherwise an error wrapping [ErrInvalid] that
// names the first fault: a solution of the wrong size, two queens that
// attack each other (an [*AttackError] when every row is in use), a row
// or column in use without a queen or one not in use with one, a preset
// queen missing, a queen on a blocked square or on an excluded diagonal.
// It runs in time proportional to N plus the length of the lists.
func (in *Instance) Validate(s Solution) error {
	n := in.N
	if len(s) != n {
		return fmt.Errorf("%w: %d queens for the %d×%d board", ErrInvalid, len(s), n, n)
	}
	if in.Rows == nil && in.Cols == nil {
		if err := s.Validate(); err != nil {
			return err
		}
	} else if err := in.validateLines(s); err != nil {
		return err
	}
	for _, q := range in.Queens {
		if !q.on(n) || s[q.Row] != q.Col {
			return fmt.Errorf("%w: no queen on the preset square %s", ErrInvalid, q.Name(n))
		}
	}
	for _, q := range in.Blocked {
		if q.on(n) && s[q.Row] == q.Col {
			return fmt.Errorf("%w: the queen on %s stands on a blocked square", ErrInvalid, q.Name(n))
		}
	}
	for _, d := range in.Excluded {
		for r, c := range s {
			if q := (Square{r, c}); c >= 0 && d.Contains(q) {
				return fmt.Errorf("%w: the queen on %s stands on the excluded diagonal %s", ErrInvalid, q.Name(n), d)
			}
		}
	}
	return nil
}

// set128 is a set of the numbers 0 to 127, one bit each.
type set128 [2]uint64

// first128 returns the set of the numbers 0 to n-1, for 0 ≤ n ≤ 128.
func first128(n int) set128 {
	switch {
	case n <= 0:
		return set128{}
	case n <= 64:
		return set128{^uint64(0) >> (64 - n), 0}
	}
	return set128{^uint64(0), ^uint64(0) >> (128 - n)}
}

func (x set128) has(i int) bool         { return x[i>>6]>>(i&63)&1 != 0 }
func (x *set128) add(i int)             { x[i>>6] |= 1 << (i & 63) }
func (x *set128) remove(i int)          { x[i>>6] &^= 1 << (i & 63) }
func (x set128) count() int             { return bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) }
func (x set128) empty() bool            { return x[0]|x[1] == 0 }
func (x set128) and(y set128) set128    { return set128{x[0] & y[0], x[1] & y[1]} }
func (x set128) or(y set128) set128     { return set128{x[0] | y[0], x[1] | y[1]} }
func (x set128) andNot(y set128) set128 { return set128{x[0] &^ y[0], x[1] &^ y[1]} }

// lowest returns the least member of a set that is not empty.
func (x set128) lowest() int {
	if x[0] != 0 {
		return bits.TrailingZeros64(x[0])
	}
	return 64 + bits.TrailingZeros64(x[1])
}

// lineSet returns the set of the rows or columns in use, every one for
// nil.
func lineSet(n int, lines []int, what string) (set128, error) {
	if lines == nil {
		return first128(n), nil
	}
	var set set128
	for _, l := range lines {
		switch {
		case l < 0 || l >= n:
			return set128{}, fmt.Errorf("%w: %s %d is off the %d×%d board (from 0 to %d)", ErrLines, what, l, n, n, n-1)
		case set.has(l):
			return set128{}, fmt.Errorf("%w: %s %d is given twice", ErrLines, what, l)
		}
		set.add(l)
	}
	return set, nil
}

// validateLines checks a solution of an instance with rows or columns
// not in use: a queen in each row and column in use, none elsewhere, and
// no two on a diagonal.
func (in *Instance) validateLines(s Solution) error {
	n := in.N
	rows, _ := lineSet(n, in.Rows, "row")
	cols, _ := lineSet(n, in.Cols, "column")
	var taken set128
	var diag, anti [4]uint64
	for r, c := range s {
		if !rows.has(r) {
			if c != -1 {
				return fmt.Errorf("%w: a queen in row %d, which is not in use", ErrInvalid, r)
			}
			continue
		}
		switch {
		case c < 0 || c >= n:
			return fmt.Errorf("%w: no queen in row %d, which is in use", ErrInvalid, r)
		case !cols.has(c):
			return fmt.Errorf("%w: a queen in column %d, which is not in use", ErrInvalid, c)
		case taken.has(c):
			return fmt.Errorf("%w: two queens in column %d", ErrInvalid, c)
		}
		d, a := r+c, c-r+n-1
		if diag[d>>6]>>(d&63)&1 != 0 || anti[a>>6]>>(a&63)&1 != 0 {
			return fmt.Errorf("%w: the queen in row %d shares a diagonal with another", ErrInvalid, r)
		}
		taken.add(c)
		diag[d>>6] |= 1 << (d & 63)
		anti[a>>6] |= 1 << (a & 63)
	}
	return nil
}

// allowed returns, for every row, the columns of the squares on which a
// queen may stand: in a row and a column in use, not blocked and on no
// excluded diagonal. The instance must pass Check.
func (in *Instance) allowed() []set128 {
	n := in.N
	rows, _ := lineSet(n, in.Rows, "row")
	cols, _ := lineSet(n, in.Cols, "column")
	allow := make([]set128, n)
	for r := range allow {
		if rows.has(r) {
			allow[r] = cols
		}
	}
	for _, q := range in.Blocked {
		allow[q.Row].remove(q.Col)
	}
	for _, d := range in.Excluded {
		for r := range n {
			c := r - d.K
			if d.Sum {
				c = d.K - r
			}
			if c >= 0 && c < n {
				allow[r].remove(c)
			}
		}
	}
	return allow
}

// transposed returns the instance reflected in its main diagonal, rows
// for columns: square (r, c) becomes (c, r), a sum diagonal stays as it
// is and a difference diagonal r-c = K becomes r-c = -K. Its solutions
// are those of in, transposed (see transposeSolution).
func (in *Instance) transposed() *Instance {
	swap := func(qs []Square) []Square {
		t := make([]Square, len(qs))
		for i, q := range qs {
			t[i] = Transpose.square(in.N, q)
		}
		return t
	}
	t := &Instance{N: in.N, Queens: swap(in.Queens), Blocked: swap(in.Blocked), Rows: in.Cols, Cols: in.Rows}
	t.Excluded = make([]Diagonal, len(in.Excluded))
	for i, d := range in.Excluded {
		if !d.Sum {
			d.K = -d.K
		}
		t.Excluded[i] = d
	}
	return t
}

// transposeSolution returns the solution s reflected in the main
// diagonal: the queen of row r on column c stands on row c and column r.
// Rows without a queen (-1) stay without one.
func transposeSolution(s Solution) Solution {
	t := make(Solution, len(s))
	for i := range t {
		t[i] = -1
	}
	for r, c := range s {
		if c >= 0 {
			t[c] = r
		}
	}
	return t
}
