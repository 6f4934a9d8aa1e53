package queens

import (
	"errors"
	"fmt"
	"strconv"
)

// MaxN is the largest board size that [Count], [Solutions] and the
// teaching algorithms accept: the bit-parallel search keeps one board row
// in a 32-bit word.
const MaxN = 32

// ErrSize is wrapped by every error about a board size outside the range
// a function accepts.
var ErrSize = errors.New("board size out of range")

// ErrInvalid is wrapped by every error that [Solution.Validate] returns.
var ErrInvalid = errors.New("invalid solution")

// ErrNoSolution is returned when a board has no solution at all (N = 2 and
// N = 3) or when preset queens cannot be completed.
var ErrNoSolution = errors.New("no solution")

// checkSize returns an error wrapping [ErrSize] unless 1 ≤ n ≤ max.
func checkSize(n, max int) error {
	if n < 1 || n > max {
		return fmt.Errorf("%w: N must be from 1 to %d, got %d", ErrSize, max, n)
	}
	return nil
}

// Solution is a placement of queens on an N×N board, one queen per row:
// Solution[r] is the column, counted from 0, of the queen in row r, also
// counted from 0. Its length is the board size N.
type Solution []int

// String returns the columns counted from 1 and separated by spaces, the way
// the classic programs print a solution: "1 5 8 6 3 7 2 4".
func (s Solution) String() string {
	b := make([]byte, 0, len(s)*3)
	for i, c := range s {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(c)+1, 10)
	}
	return string(b)
}

// Clone returns a copy of s that shares no memory with it.
func (s Solution) Clone() Solution {
	return append(Solution(nil), s...)
}

// AttackError reports two queens of a placement that attack each other, or
// one queen that stands off the board (then Row2 is -1). Rows are counted
// from 0; the message counts them from 1. A checker that streams and does
// not keep every row may leave the earlier row unknown: then Row1 is -1.
type AttackError struct {
	Row1, Row2 int    // the rows of the two queens, Row1 < Row2
	Line       string // "column" or "diagonal", or "" for a queen off the board
	Col, N     int    // for a queen off the board: its column and the board size
}

// Error returns a sentence such as "queens in rows 2 and 5 share a diagonal".
func (e *AttackError) Error() string {
	if e.Row2 < 0 {
		return fmt.Sprintf("queen in row %d stands in column %d, off the %d×%d board", e.Row1+1, e.Col+1, e.N, e.N)
	}
	if e.Row1 < 0 {
		return fmt.Sprintf("the queen in row %d shares a %s with a queen of an earlier row", e.Row2+1, e.Line)
	}
	return fmt.Sprintf("queens in rows %d and %d share a %s", e.Row1+1, e.Row2+1, e.Line)
}

// Unwrap returns [ErrInvalid], so that errors.Is(err, ErrInvalid) holds.
func (e *AttackError) Unwrap() error { return ErrInvalid }

// Validate reports whether s is a solution: every column within the board
// and no two queens on one column or diagonal (rows differ by construction).
// It returns nil for a solution, and otherwise an [*AttackError] naming the
// first offending pair: the one whose later row is smallest, and among
// those the one whose earlier row is smallest. An empty placement is
// invalid too. Validate runs in time and memory proportional to len(s).
func (s Solution) Validate() error {
	n := len(s)
	if n == 0 {
		return fmt.Errorf("%w: no queens", ErrInvalid)
	}
	if s.isValid() {
		return nil
	}
	return s.firstAttack()
}

// isValid reports whether s is a solution, using one bit per column and
// diagonal: no memory at all for boards up to 64 squares wide, and 5N bits
// for larger ones.
func (s Solution) isValid() bool {
	n := len(s)
	if n <= 64 {
		var cols uint64
		var diag, anti [2]uint64 // 2n-1 ≤ 127 bits each
		for r, c := range s {
			if c < 0 || c >= n {
				return false
			}
			d, a := r-c+n-1, r+c
			dw, db := d>>6, uint64(1)<<(d&63)
			aw, ab := a>>6, uint64(1)<<(a&63)
			if cols&(1<<c) != 0 || diag[dw&1]&db != 0 || anti[aw&1]&ab != 0 {
				return false
			}
			cols |= 1 << c
			diag[dw&1] |= db
			anti[aw&1] |= ab
		}
		return true
	}
	words := (n + 63) / 64
	dwords := (2*n - 1 + 63) / 64
	set := make([]uint64, words+2*dwords)
	cols, diag, anti := set[:words], set[words:words+dwords], set[words+dwords:]
	for r, c := range s {
		if c < 0 || c >= n {
			return false
		}
		d, a := r-c+n-1, r+c
		if cols[c>>6]&(1<<(c&63)) != 0 || diag[d>>6]&(1<<(d&63)) != 0 || anti[a>>6]&(1<<(a&63)) != 0 {
			return false
		}
		cols[c>>6] |= 1 << (c & 63)
		diag[d>>6] |= 1 << (d & 63)
		anti[a>>6] |= 1 << (a & 63)
	}
	return true
}

// firstAttack returns the error that Validate reports for a placement that
// is not a solution.
func (s Solution) firstAttack() error {
	n := len(s)
	// For every column and diagonal, the first row whose queen uses it,
	// plus one (zero means free).
	lines := make([]int, n+2*(2*n-1))
	cols, diag, anti := lines[:n], lines[n:3*n-1], lines[3*n-1:]
	for r, c := range s {
		if c < 0 || c >= n {
			return &AttackError{Row1: r, Row2: -1, Col: c, N: n}
		}
		// Report the earliest of the queens that r conflicts with.
		first, line := 0, ""
		for _, cand := range [...]struct {
			row  int
			line string
		}{{cols[c], "column"}, {diag[r-c+n-1], "diagonal"}, {anti[r+c], "diagonal"}} {
			if cand.row != 0 && (first == 0 || cand.row < first) {
				first, line = cand.row, cand.line
			}
		}
		if first != 0 {
			return &AttackError{Row1: first - 1, Row2: r, Line: line}
		}
		cols[c], diag[r-c+n-1], anti[r+c] = r+1, r+1, r+1
	}
	return nil // not reached: isValid found a fault
}
