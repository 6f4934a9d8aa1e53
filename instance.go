package queens

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxInstanceN is the largest board an [Instance] may have: the search
// keeps a board row in one 64-bit word.
const MaxInstanceN = 64

// ErrDiagonal is wrapped by every error about an excluded diagonal that
// cannot be read or that misses the board.
var ErrDiagonal = errors.New("bad diagonal")

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
type Instance struct {
	N        int
	Queens   []Square
	Blocked  []Square
	Excluded []Diagonal
}

// Check returns nil if the instance is well formed: 1 ≤ N ≤
// [MaxInstanceN] (else an error wrapping [ErrSize]), the queens pass
// [CheckPresets], every blocked square lies on the board (else an error
// wrapping [ErrSquare]) and every diagonal meets it (else one wrapping
// [ErrDiagonal]).
func (in *Instance) Check() error {
	if err := checkSize(in.N, MaxInstanceN); err != nil {
		return err
	}
	if err := CheckPresets(in.N, in.Queens); err != nil {
		return err
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

// Validate returns nil if s is a solution of the instance, and otherwise
// an error wrapping [ErrInvalid] that names the first fault: a solution
// of the wrong size, two queens that attack each other (an
// [*AttackError]), a preset queen missing, a queen on a blocked square or
// on an excluded diagonal. It runs in time proportional to N plus the
// length of the lists.
func (in *Instance) Validate(s Solution) error {
	n := in.N
	if len(s) != n {
		return fmt.Errorf("%w: %d queens for the %d×%d board", ErrInvalid, len(s), n, n)
	}
	if err := s.Validate(); err != nil {
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
			if q := (Square{r, c}); d.Contains(q) {
				return fmt.Errorf("%w: the queen on %s stands on the excluded diagonal %s", ErrInvalid, q.Name(n), d)
			}
		}
	}
	return nil
}

// allowed returns, for every row, the columns of the squares on which a
// queen may stand: not blocked and on no excluded diagonal. The instance
// must pass Check.
func (in *Instance) allowed() []uint64 {
	n := in.N
	full := ^uint64(0) >> (64 - n)
	allow := make([]uint64, n)
	for r := range allow {
		allow[r] = full
	}
	for _, q := range in.Blocked {
		allow[q.Row] &^= 1 << q.Col
	}
	for _, d := range in.Excluded {
		for r := range n {
			c := r - d.K
			if d.Sum {
				c = d.K - r
			}
			if c >= 0 && c < n {
				allow[r] &^= 1 << c
			}
		}
	}
	return allow
}
