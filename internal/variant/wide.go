package variant

import "context"

// wideSearcher is the search of searcher on boards of 65 to 128 columns:
// a row takes two words, each family of diagonals four. It searches on
// the calling goroutine only.
type wideSearcher struct {
	n     int
	full  set128 // the columns in use
	open  set128 // rows in use without a queen
	cols  set128 // columns with a queen
	diag  [4]uint64
	anti  [4]uint64
	allow []set128
	sol   Solution

	first bool
	visit func(Solution) bool
	found uint64
	nodes uint64

	done <-chan struct{}
	ctx  context.Context
	err  error
}

// newWideSearcher is newSearcher for boards wider than 64 columns.
func newWideSearcher(in *Instance, ctx context.Context) (s *wideSearcher, ok bool) {
	n := in.N
	rows := lineSet(n, in.Rows)
	cols := lineSet(n, in.Cols)
	s = &wideSearcher{n: n, full: cols, open: rows, allow: in.allowed(), sol: make(Solution, n), ctx: ctx, done: ctx.Done()}
	for r := range s.sol {
		if !rows.has(r) {
			s.sol[r] = -1
		}
	}
	for _, q := range in.Queens {
		if !s.allow[q.Row].has(q.Col) {
			return s, false
		}
		s.place(q.Row, q.Col)
	}
	return s, true
}

// place puts a queen on (r, c), or with place twice, takes it away.
func (s *wideSearcher) place(r, c int) {
	s.sol[r] = c
	s.open[r>>6] ^= 1 << (r & 63)
	s.cols[c>>6] ^= 1 << (c & 63)
	d, a := r+c, c-r+s.n-1
	s.diag[d>>6] ^= 1 << (d & 63)
	s.anti[a>>6] ^= 1 << (a & 63)
}

// window returns bits k..k+127 of the 256-bit set x, for 0 ≤ k ≤ 127.
func window(x [4]uint64, k int) set128 {
	w, b := k>>6, uint(k&63)
	var y [5]uint64
	copy(y[:], x[:])
	lo := y[w]>>b | y[w+1]<<(64-b) // a shift by 64 gives 0
	hi := y[w+1]>>b | y[w+2]<<(64-b)
	return set128{lo, hi}
}

// free returns the columns of the free squares of row r.
func (s *wideSearcher) free(r int) set128 {
	return s.allow[r].andNot(s.cols.or(window(s.diag, r)).or(window(s.anti, s.n-1-r)))
}

// search is searcher.search on the wide board, without the split into
// units.
func (s *wideSearcher) search() (stop bool) {
	if s.open.empty() {
		s.found++
		if s.visit != nil {
			return !s.visit(s.sol)
		}
		return s.first
	}
	s.nodes++
	if s.nodes&(1<<12-1) == 0 {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return true
		default:
		}
	}
	var c1, c2, c3 set128
	row, cand, fewest := -1, set128{}, 129
	for rs := s.open; !rs.empty(); rs.remove(rs.lowest()) {
		r := rs.lowest()
		f := s.free(r)
		if k := f.count(); k < fewest {
			if k == 0 {
				return false
			}
			row, cand, fewest = r, f, k
		}
		c3 = c3.or(c2.and(f))
		c2 = c2.or(c1.and(f))
		c1 = c1.or(f)
	}
	need := s.full.andNot(s.cols)
	if !need.andNot(c1).empty() {
		return false
	}
	if fewest > 1 {
		col := -1
		if ones := need.andNot(c2); !ones.empty() {
			col = ones.lowest()
		} else if twos := need.and(c2).andNot(c3); fewest > 2 && !twos.empty() {
			col = twos.lowest()
		}
		if col >= 0 {
			var rows set128
			for rs := s.open; !rs.empty(); rs.remove(rs.lowest()) {
				if r := rs.lowest(); s.free(r).has(col) {
					rows.add(r)
				}
			}
			for ; !rows.empty(); rows.remove(rows.lowest()) {
				r := rows.lowest()
				s.place(r, col)
				if s.search() {
					return true
				}
				s.place(r, col)
			}
			return false
		}
	}
	for ; !cand.empty(); cand.remove(cand.lowest()) {
		c := cand.lowest()
		s.place(row, c)
		if s.search() {
			return true
		}
		s.place(row, c)
	}
	return false
}

// wideRun searches the instance, which must pass Check and be wider than
// 64 columns, on the calling goroutine: for the first solution, or for
// all, calling visit on each when it is not nil.
func (in *Instance) wideRun(ctx context.Context, first bool, visit func(Solution) bool) (found uint64, sol Solution, err error) {
	s, ok := newWideSearcher(in, ctx)
	if !ok {
		return 0, nil, nil
	}
	s.first, s.visit = first, visit
	s.search()
	if first && s.found > 0 {
		return s.found, s.sol, nil
	}
	return s.found, nil, s.err
}
