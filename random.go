package queens

import (
	"context"
	"math/rand/v2"
)

// Random returns a random solution of the n×n board, found by local
// search: the min-conflicts method of Minton, Johnston, Philips and Laird
// (1992) in the form Sosič and Gu (1991) gave it for very large boards.
// The same n and seed always give the same solution. It takes about a
// second for a million queens, in memory proportional to n.
//
// Random requires 1 ≤ n ≤ [MaxSolveN] and returns an error wrapping
// [ErrSize] otherwise, and one wrapping [ErrNoSolution] for n = 2 and 3. It
// returns ctx.Err() when ctx is cancelled before it finds a solution.
func Random(ctx context.Context, n int, seed int64) (Solution, error) {
	if err := checkSize(n, MaxSolveN); err != nil {
		return nil, err
	}
	if n == 2 || n == 3 {
		return nil, errNoSolution(n)
	}
	return newRepair(n, nil, seed).solve(ctx)
}

// repair is the state of the local search. The queens always stand on
// distinct rows and columns: a move swaps the columns of two rows, so only
// the diagonals can hold more than one queen. The cost of a placement is
// the number of queens beyond the first on each diagonal, summed over all
// diagonals; a placement is a solution exactly when its cost is zero.
//
// Rows with a preset queen are pinned: their queens never move, and only
// the other rows, the free ones, swap their columns.
type repair struct {
	n     int
	cols  Solution // cols[r] is the column of the queen in row r
	free  []int32  // the rows that move
	fixed []Square // the pinned queens
	pool  []int32  // the columns not taken by a pinned queen
	diag  []int32  // queens on each diagonal r+c
	anti  []int32  // queens on each diagonal r-c+n-1
	cost  int
	rng   *rand.Rand
}

// Tuning of the search. A greedy placement tries at most placeTries random
// columns for a row before it takes one that is attacked. A conflicted
// queen tries at most swapTries partners per round; after stallRounds
// rounds that do not lower the cost, the search starts afresh.
const (
	placeTries  = 32
	swapTries   = 64
	stallRounds = 64
)

// newRepair prepares a search on the n×n board with the given queens
// pinned, which must be valid presets (see CheckPresets).
func newRepair(n int, fixed []Square, seed int64) *repair {
	s := &repair{
		n:     n,
		cols:  make(Solution, n),
		fixed: fixed,
		diag:  make([]int32, 2*n-1),
		anti:  make([]int32, 2*n-1),
		rng:   rand.New(rand.NewPCG(uint64(seed), 0x5eed_c0de_9a11_0f51)),
	}
	pinnedRow := make([]bool, n)
	pinnedCol := make([]bool, n)
	for _, q := range fixed {
		pinnedRow[q.Row], pinnedCol[q.Col] = true, true
	}
	s.free = make([]int32, 0, n-len(fixed))
	s.pool = make([]int32, 0, n-len(fixed))
	for i := range n {
		if !pinnedRow[i] {
			s.free = append(s.free, int32(i))
		}
		if !pinnedCol[i] {
			s.pool = append(s.pool, int32(i))
		}
	}
	return s
}

// start places the queens afresh. The pinned ones go to their squares; the
// free rows, in order, each draw a column from those left, preferring one
// on two empty diagonals (at most placeTries draws), which leaves few
// conflicts even on huge boards. The columns of the free rows end up in
// pool, in the order of free.
func (s *repair) start(ctx context.Context) error {
	clear(s.diag)
	clear(s.anti)
	n := s.n
	for _, q := range s.fixed {
		s.cols[q.Row] = q.Col
		s.diag[q.Row+q.Col]++
		s.anti[q.Row-q.Col+n-1]++
	}
	m := len(s.free)
	for k, r32 := range s.free {
		if k&(1<<16-1) == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		r := int(r32)
		j := k
		for range placeTries {
			j = k + s.rng.IntN(m-k)
			c := int(s.pool[j])
			if s.diag[r+c] == 0 && s.anti[r-c+n-1] == 0 {
				break
			}
		}
		s.pool[k], s.pool[j] = s.pool[j], s.pool[k]
		c := int(s.pool[k])
		s.cols[r] = c
		s.diag[r+c]++
		s.anti[r-c+n-1]++
	}
	s.cost = 0
	for i := range s.diag {
		s.cost += int(max(s.diag[i]-1, 0) + max(s.anti[i]-1, 0))
	}
	return nil
}

// conflicted reports whether the queen of row r shares a diagonal.
func (s *repair) conflicted(r int) bool {
	c := s.cols[r]
	return s.diag[r+c] > 1 || s.anti[r-c+s.n-1] > 1
}

// take removes the queen on (r, c) from the diagonal counts and returns
// the change of the cost.
func (s *repair) take(r, c int) int {
	d, a := &s.diag[r+c], &s.anti[r-c+s.n-1]
	delta := 0
	if *d > 1 {
		delta--
	}
	if *a > 1 {
		delta--
	}
	*d--
	*a--
	return delta
}

// put adds a queen on (r, c) to the diagonal counts and returns the change
// of the cost.
func (s *repair) put(r, c int) int {
	d, a := &s.diag[r+c], &s.anti[r-c+s.n-1]
	delta := 0
	if *d > 0 {
		delta++
	}
	if *a > 0 {
		delta++
	}
	*d++
	*a++
	return delta
}

// trySwap swaps the columns of rows a and b when that lowers the cost, and
// reports whether it did.
func (s *repair) trySwap(a, b int) bool {
	ca, cb := s.cols[a], s.cols[b]
	delta := s.take(a, ca) + s.take(b, cb) + s.put(a, cb) + s.put(b, ca)
	if delta < 0 {
		s.cols[a], s.cols[b] = cb, ca
		s.cost += delta
		return true
	}
	s.take(a, cb)
	s.take(b, ca)
	s.put(a, ca)
	s.put(b, cb)
	return false
}

// solve runs the search until the cost is zero, and returns the solution.
// Each round collects the free queens in conflict and lets each of them
// try random partners to swap columns with, keeping the first swap that
// lowers the cost. The search restarts from a new placement when the cost
// stops falling; on a board with pinned queens and no completion it never
// ends, so only ctx stops it then.
func (s *repair) solve(ctx context.Context) (Solution, error) {
	m := len(s.free)
	var todo []int32
	for {
		if err := s.start(ctx); err != nil {
			return nil, err
		}
		best, stall := s.cost, 0
		for s.cost > 0 && stall < stallRounds && m > 1 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			todo = todo[:0]
			for _, r := range s.free {
				if s.conflicted(int(r)) {
					todo = append(todo, r)
				}
			}
			for _, r32 := range todo {
				r := int(r32)
				if !s.conflicted(r) {
					continue
				}
				for range min(swapTries, m) {
					p := int(s.free[s.rng.IntN(m)])
					if p != r && s.trySwap(r, p) {
						break
					}
				}
			}
			if s.cost < best {
				best, stall = s.cost, 0
			} else {
				stall++
			}
		}
		if s.cost == 0 {
			return s.cols, nil
		}
		if m <= 1 { // nothing can move: the pinned queens decide
			return nil, errNoCompletion(s.n, s.fixed)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
}
