package queens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens/internal/variant"
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
// allowed, and the zero lists make the plain problem. A square may be
// blocked, and a diagonal excluded, more than once. A preset queen on a
// blocked square or an excluded diagonal is allowed and makes an instance
// without solutions; preset queens that attack each other are an error
// (see [Instance.Check]).
//
// Rows and Cols, when not nil, list the rows and columns in use, as many
// of each, as CSPLib's Excluded Diagonals allows: a solution has a queen
// in each and none elsewhere, -1 for a row not in use. Nil means all of them.
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
	rows, a, err := lineSet(in.N, in.Rows, "row")
	if err != nil {
		return err
	}
	cols, b, err := lineSet(in.N, in.Cols, "column")
	if err != nil {
		return err
	}
	if a != b {
		return fmt.Errorf("%w: %d rows and %d columns in use", ErrLines, a, b)
	}
	for _, q := range in.Queens {
		if !rows[q.Row] || !cols[q.Col] {
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

// lineSet returns which rows or columns are in use, every one for nil,
// and how many; it names the first line off the board or given twice.
func lineSet(n int, lines []int, what string) ([]bool, int, error) {
	set := make([]bool, n)
	if lines == nil {
		for i := range set {
			set[i] = true
		}
		return set, n, nil
	}
	for _, l := range lines {
		switch {
		case l < 0 || l >= n:
			return nil, 0, fmt.Errorf("%w: %s %d is off the %d×%d board (from 0 to %d)", ErrLines, what, l, n, n, n-1)
		case set[l]:
			return nil, 0, fmt.Errorf("%w: %s %d is given twice", ErrLines, what, l)
		}
		set[l] = true
	}
	return set, len(lines), nil
}

// validateLines checks a solution of an instance with rows or columns
// not in use: a queen in each row and column in use, none elsewhere, and
// no two on a diagonal.
func (in *Instance) validateLines(s Solution) error {
	n := in.N
	rows, _, _ := lineSet(n, in.Rows, "row")
	cols, _, _ := lineSet(n, in.Cols, "column")
	taken := make([]bool, n)
	sums, diffs := make([]bool, 2*n-1), make([]bool, 2*n-1)
	for r, c := range s {
		if !rows[r] {
			if c != -1 {
				return fmt.Errorf("%w: a queen in row %d, which is not in use", ErrInvalid, r)
			}
			continue
		}
		switch {
		case c < 0 || c >= n:
			return fmt.Errorf("%w: no queen in row %d, which is in use", ErrInvalid, r)
		case !cols[c]:
			return fmt.Errorf("%w: a queen in column %d, which is not in use", ErrInvalid, c)
		case taken[c]:
			return fmt.Errorf("%w: two queens in column %d", ErrInvalid, c)
		}
		d, a := r+c, c-r+n-1
		if sums[d] || diffs[a] {
			return fmt.Errorf("%w: the queen in row %d shares a diagonal with another", ErrInvalid, r)
		}
		taken[c], sums[d], diffs[a] = true, true, true
	}
	return nil
}

// Solve returns a solution of the instance, or an error wrapping
// [ErrNoSolution] when it has none; the search is exhaustive, so that the
// "no" is a proof. The instance must pass [Instance.Check]; otherwise
// Solve returns its error. Solve searches on every core, in units as
// [Instance.Count] does, and returns the solution the search meets first
// in its own order: the same for the same instance, however many workers
// search, unless opts.AnySolution is set. With it, on several workers, a
// second search races the first, the classic backtracking column by
// column, and whichever decides first ends the run. The problem is
// NP-complete and some instances take long; cancel ctx to give up, and
// Solve returns ctx.Err(), or a solution a worker met by then. Only
// opts.Workers and opts.AnySolution are used; boards wider than 64
// columns are searched on one goroutine.
func (in *Instance) Solve(ctx context.Context, opts Options) (Solution, error) {
	if err := in.Check(); err != nil {
		return nil, err
	}
	sol, how, err := variant.SolveHow(ctx, in.search(), opts.Workers, opts.AnySolution)
	switch {
	case sol != nil:
		return sol, nil
	case err != nil:
		return nil, err
	}
	return nil, &noneError{err: in.errNone(), by: how.String()}
}

// noneError is the error of [Instance.Solve] for an instance without a
// solution: it wraps ErrNoSolution and keeps what decided it.
type noneError struct {
	err error
	by  string
}

func (e *noneError) Error() string { return e.err.Error() }
func (e *noneError) Unwrap() error { return e.err }

// DecidedBy returns what decided the "no" of an error of [Instance.Solve]
// that wraps [ErrNoSolution]: "search", the exhaustive search found no
// solution, or "relaxation", the linear relaxation of the instance (a
// variable from 0 to 1 for each open square, each empty row and column
// summing to 1, each diagonal to at most 1) has no solution either, with
// a Farkas certificate checked in integers. It returns "" for other
// errors.
func DecidedBy(err error) string {
	var e *noneError
	if errors.As(err, &e) {
		return e.by
	}
	return ""
}

// Count returns the number of solutions of the instance. The instance
// must pass [Instance.Check]; otherwise Count returns its error. Count
// splits the search into independent units, in a fixed order, and counts
// them on opts.Workers goroutines (0: one per CPU), calling opts.Progress,
// when set, after each unit; boards wider than 64 columns are counted on
// one goroutine, without progress. The search visits every solution, so
// that its time grows with the count; an instance that some of the eight
// symmetries of the board (see [Symmetry]) map to itself takes a
// fraction of that time, down to about an eighth. Count returns
// ctx.Err() when ctx is cancelled.
func (in *Instance) Count(ctx context.Context, opts Options) (Uint128, error) {
	if err := in.Check(); err != nil {
		return Uint128{}, err
	}
	var progress variant.Progress
	if opts.Progress != nil {
		start := time.Now()
		progress = func(done, units int) {
			opts.Progress(Progress{UnitsDone: done, Units: units, Elapsed: time.Since(start)})
		}
	}
	t, err := variant.Count(ctx, in.search(), opts.Workers, progress)
	return Uint128{Hi: t.Hi, Lo: t.Lo}, err
}

// Solutions returns every solution of the instance, each once, in the
// order the search meets them: the same order on every run, not
// lexicographic. The yielded slice is reused; clone it to keep it. An
// instance that fails [Instance.Check] yields its error and nothing else;
// when ctx is cancelled the sequence ends with ctx.Err(). The search runs
// on the calling goroutine.
func (in *Instance) Solutions(ctx context.Context) iter.Seq2[Solution, error] {
	return func(yield func(Solution, error) bool) {
		if err := in.Check(); err != nil {
			yield(nil, err)
			return
		}
		stopped := false
		err := variant.Solutions(ctx, in.search(), func(s []int) bool {
			stopped = !yield(s, nil)
			return !stopped
		})
		if err != nil && !stopped {
			yield(nil, err)
		}
	}
}

// CrossCount returns the number of solutions of the instance, counted by
// a second method that shares no search code with [Instance.Count]:
// Knuth's Algorithm X with dancing links, on the calling goroutine. Its
// count agreeing with that of Count is a check of both. The instance must
// pass [Instance.Check]; otherwise CrossCount returns its error. It
// returns ctx.Err() when ctx is cancelled. Boards of more than 64 columns
// are allowed, but it is slower than Count.
func (in *Instance) CrossCount(ctx context.Context) (Uint128, error) {
	if err := in.Check(); err != nil {
		return Uint128{}, err
	}
	t, err := variant.CrossCount(ctx, in.search())
	return Uint128{Hi: t.Hi, Lo: t.Lo}, err
}

// CrossSolve decides the instance by the second method of
// [Instance.CrossCount] and returns a solution, or an error wrapping
// [ErrNoSolution] when there is none: a "no" from [Instance.Solve] that
// CrossSolve confirms has been proved twice, by two searches that share
// no search code. The instance must pass [Instance.Check]; otherwise
// CrossSolve returns its error. It searches on the calling goroutine and
// returns ctx.Err() when ctx is cancelled; the solution is validated
// against the instance before it is returned.
func (in *Instance) CrossSolve(ctx context.Context) (Solution, error) {
	if err := in.Check(); err != nil {
		return nil, err
	}
	sol, err := variant.CrossSolve(ctx, in.search())
	switch {
	case sol != nil:
		if err := in.Validate(sol); err != nil {
			return nil, fmt.Errorf("dancing links found a wrong solution: %w", err)
		}
		return sol, nil
	case err != nil:
		return nil, err
	}
	return nil, in.errNone()
}

// errNone returns the error, wrapping ErrNoSolution, that says that the
// instance has no solution.
func (in *Instance) errNone() error {
	if len(in.Blocked) == 0 && len(in.Excluded) == 0 {
		return errNoCompletion(in.N, in.Queens)
	}
	return fmt.Errorf("%w for the instance on the %d×%d board", ErrNoSolution, in.N, in.N)
}

// search returns the instance as the variant search takes it. The
// instance must pass Check.
func (in *Instance) search() *variant.Instance {
	squares := func(qs []Square) []variant.Square {
		out := make([]variant.Square, len(qs))
		for i, q := range qs {
			out[i] = variant.Square(q)
		}
		return out
	}
	v := &variant.Instance{N: in.N, Queens: squares(in.Queens), Blocked: squares(in.Blocked), Rows: in.Rows, Cols: in.Cols}
	v.Excluded = make([]variant.Diagonal, len(in.Excluded))
	for i, d := range in.Excluded {
		v.Excluded[i] = variant.Diagonal(d)
	}
	return v
}
