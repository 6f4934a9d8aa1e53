package variant

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// The tests of this package drive the search through the methods below,
// which give Instance the shape of queens.Instance: a check of the
// instance, a validation of solutions written out here, and errors for
// "no solution". They are the tests' own, independent of the search.

var (
	ErrNoSolution = errors.New("no solution")
	ErrConflict   = errors.New("preset queens attack each other")
	errBadInput   = errors.New("bad instance")
)

// Uint128 and U128 let the tests compare counts as the root's tests do.
type Uint128 = Total

func U128(v uint64) Total { return Total{Lo: v} }

// Options are the settings of a search in the tests.
type Options struct {
	Workers     int
	AnySolution bool
	Progress    Progress
}

// Check returns an error for an instance that the search may not take:
// a size out of range, a square or a diagonal off the board, preset
// queens that attack each other, lines off the board, given twice, not
// as many rows as columns, or presets off the lines in use.
func (in *Instance) Check() error {
	n := in.N
	if n < 1 || n > 128 {
		return fmt.Errorf("%w: N = %d", errBadInput, n)
	}
	on := func(q Square) bool { return q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n }
	for i, q := range in.Queens {
		if !on(q) {
			return fmt.Errorf("%w: preset %v", errBadInput, q)
		}
		for _, p := range in.Queens[:i] {
			if p.Row == q.Row || p.Col == q.Col || p.Row+p.Col == q.Row+q.Col || p.Row-p.Col == q.Row-q.Col {
				return fmt.Errorf("%w: %v and %v", ErrConflict, p, q)
			}
		}
	}
	for _, q := range in.Blocked {
		if !on(q) {
			return fmt.Errorf("%w: blocked %v", errBadInput, q)
		}
	}
	for _, d := range in.Excluded {
		if d.Sum && (d.K < 0 || d.K > 2*n-2) || !d.Sum && (d.K < 1-n || d.K > n-1) {
			return fmt.Errorf("%w: diagonal %v", errBadInput, d)
		}
	}
	lines := func(ls []int) (map[int]bool, error) {
		if ls == nil {
			return nil, nil
		}
		set := map[int]bool{}
		for _, l := range ls {
			if l < 0 || l >= n || set[l] {
				return nil, fmt.Errorf("%w: line %d", errBadInput, l)
			}
			set[l] = true
		}
		return set, nil
	}
	rows, err := lines(in.Rows)
	if err != nil {
		return err
	}
	cols, err := lines(in.Cols)
	if err != nil {
		return err
	}
	count := func(set map[int]bool, ls []int) int {
		if ls == nil {
			return n
		}
		return len(set)
	}
	if count(rows, in.Rows) != count(cols, in.Cols) {
		return fmt.Errorf("%w: rows and columns", errBadInput)
	}
	for _, q := range in.Queens {
		if rows != nil && !rows[q.Row] || cols != nil && !cols[q.Col] {
			return fmt.Errorf("%w: preset %v off the lines in use", errBadInput, q)
		}
	}
	return nil
}

// Validate returns nil if s is a solution of the instance.
func (in *Instance) Validate(s Solution) error {
	n := in.N
	if len(s) != n {
		return fmt.Errorf("%d queens for N = %d", len(s), n)
	}
	used := func(ls []int, i int) bool { return ls == nil || slices.Contains(ls, i) }
	for r, c := range s {
		if !used(in.Rows, r) {
			if c != -1 {
				return fmt.Errorf("a queen in row %d, not in use", r)
			}
			continue
		}
		if c < 0 || c >= n || !used(in.Cols, c) {
			return fmt.Errorf("row %d: column %d", r, c)
		}
		for r2 := range r {
			c2 := s[r2]
			if c2 >= 0 && (c2 == c || r2+c2 == r+c || r2-c2 == r-c) {
				return fmt.Errorf("rows %d and %d attack each other", r2, r)
			}
		}
		if slices.Contains(in.Blocked, Square{r, c}) {
			return fmt.Errorf("a queen on the blocked square %d,%d", r, c)
		}
		for _, d := range in.Excluded {
			if d.Sum && r+c == d.K || !d.Sum && r-c == d.K {
				return fmt.Errorf("a queen on the excluded diagonal %v", d)
			}
		}
	}
	for _, q := range in.Queens {
		if s[q.Row] != q.Col {
			return fmt.Errorf("no queen on the preset %v", q)
		}
	}
	for c := range n {
		if used(in.Cols, c) && !slices.Contains(s, c) {
			return fmt.Errorf("no queen in column %d", c)
		}
	}
	return nil
}

// Solve checks the instance and decides it, with ErrNoSolution for "no".
func (in *Instance) Solve(ctx context.Context, opts Options) (Solution, error) {
	if err := in.Check(); err != nil {
		return nil, err
	}
	sol, err := Solve(ctx, in, opts.Workers, opts.AnySolution)
	if sol == nil && err == nil {
		err = ErrNoSolution
	}
	return sol, err
}

// Count checks the instance and counts its solutions.
func (in *Instance) Count(ctx context.Context, opts Options) (Total, error) {
	if err := in.Check(); err != nil {
		return Total{}, err
	}
	return Count(ctx, in, opts.Workers, opts.Progress)
}

// CrossCount checks the instance and counts it by dancing links.
func (in *Instance) CrossCount(ctx context.Context) (Total, error) {
	if err := in.Check(); err != nil {
		return Total{}, err
	}
	return CrossCount(ctx, in)
}

// CrossSolve checks the instance and decides it by dancing links.
func (in *Instance) CrossSolve(ctx context.Context) (Solution, error) {
	if err := in.Check(); err != nil {
		return nil, err
	}
	sol, err := CrossSolve(ctx, in)
	if sol == nil && err == nil {
		err = ErrNoSolution
	}
	return sol, err
}

// Solutions checks the instance and yields its solutions.
func (in *Instance) Solutions(ctx context.Context) iter.Seq2[Solution, error] {
	return func(yield func(Solution, error) bool) {
		if err := in.Check(); err != nil {
			yield(nil, err)
			return
		}
		stopped := false
		err := Solutions(ctx, in, func(s Solution) bool {
			stopped = !yield(s, nil)
			return !stopped
		})
		if err != nil && !stopped {
			yield(nil, err)
		}
	}
}

// randomInstance returns an instance on the n×n board with a few preset
// queens that do not attack each other, some blocked squares and some
// excluded diagonals, all drawn from rng.
func randomInstance(rng *rand.Rand, n int) Instance {
	in := Instance{N: n}
	for range rng.IntN(3) {
		q := Square{rng.IntN(n), rng.IntN(n)}
		try := Instance{N: n, Queens: append(slices.Clone(in.Queens), q)}
		if try.Check() == nil {
			in.Queens = try.Queens
		}
	}
	for range rng.IntN(2 * n) {
		in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
	}
	for range rng.IntN(n/2 + 1) {
		in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
	}
	return in
}

// randomDiagonal returns a diagonal of the n×n board, of either family.
func randomDiagonal(rng *rand.Rand, n int) Diagonal {
	d := Diagonal{Sum: rng.IntN(2) == 0, K: rng.IntN(2*n - 1)}
	if !d.Sum {
		d.K -= n - 1
	}
	return d
}

// plainSolutions returns every solution of the instance, in
// lexicographic order, by the brute force of bruteSolutions.
func plainSolutions(t *testing.T, in Instance) []Solution {
	t.Helper()
	return bruteSolutions(in)
}

// clone returns a copy of s.
func clone(s Solution) Solution { return slices.Clone(s) }

// Construct returns a solution of the n×n board for n ≥ 4, by the
// explicit construction: the even columns, then the odd ones (counted
// from 1), with a few moved when n mod 6 is 2 or 3.
func Construct(n int) (Solution, error) {
	var even, odd []int
	for c := 2; c <= n; c += 2 {
		even = append(even, c)
	}
	for c := 1; c <= n; c += 2 {
		odd = append(odd, c)
	}
	switch n % 6 {
	case 2:
		odd[0], odd[1] = odd[1], odd[0]
		odd = append(slices.Delete(odd, 2, 3), 5)
	case 3:
		even = append(even[1:], 2)
		odd = append(odd[2:], 1, 3)
	}
	s := make(Solution, 0, n)
	for _, c := range append(even, odd...) {
		s = append(s, c-1)
	}
	return s, nil
}
