package variant

import (
	"context"
	"math/bits"
)

// Symmetry is one of the eight symmetries of the square board, in the
// order of queens.Symmetries.
type Symmetry uint8

// The symmetries of the board.
const (
	Identity      Symmetry = iota // leaves the board as it is
	Rotate90                      // quarter turn clockwise
	Rotate180                     // half turn
	Rotate270                     // three quarter turns clockwise
	MirrorColumns                 // column c becomes N-1-c
	MirrorRows                    // row r becomes N-1-r
	Transpose                     // (r, c) becomes (c, r)
	AntiTranspose                 // reflection in the other diagonal
)

// Symmetries lists all eight symmetries, Identity first.
var Symmetries = [8]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

// square returns the image of the square q of the n×n board under t, as
// transformInto moves the queens of a solution.
func (t Symmetry) square(n int, q Square) Square {
	m, r, c := n-1, q.Row, q.Col
	switch t {
	case Rotate90:
		return Square{c, m - r}
	case Rotate180:
		return Square{m - r, m - c}
	case Rotate270:
		return Square{m - c, r}
	case MirrorColumns:
		return Square{r, m - c}
	case MirrorRows:
		return Square{m - r, c}
	case Transpose:
		return Square{c, r}
	case AntiTranspose:
		return Square{m - c, m - r}
	}
	return q
}

// swapsLines reports whether t maps rows to columns and columns to rows.
func (t Symmetry) swapsLines() bool {
	return t == Rotate90 || t == Rotate270 || t == Transpose || t == AntiTranspose
}

// symmetryGroup returns the symmetries of the board that map the
// instance, which must pass Check, to itself, Identity first: those that
// map the squares on which a queen may stand onto themselves, the preset
// queens onto themselves, and the rows and columns in use onto rows and
// columns in use. Each of them maps the solutions of the instance one to
// one onto its solutions; together they form a group.
func (in *Instance) symmetryGroup() []Symmetry {
	n := in.N
	allow := in.allowed()
	rows := lineSet(n, in.Rows)
	cols := lineSet(n, in.Cols)
	preset := make([]set128, n)
	for _, q := range in.Queens {
		preset[q.Row].add(q.Col)
	}
	group := []Symmetry{Identity}
next:
	for _, t := range Symmetries[1:] {
		for i := range n {
			ri, ci := t.square(n, Square{i, 0}), t.square(n, Square{0, i})
			rowOK, colOK := rows.has(ri.Row), cols.has(ci.Col)
			if t.swapsLines() {
				rowOK, colOK = cols.has(ri.Col), rows.has(ci.Row)
			}
			if rows.has(i) != rowOK || cols.has(i) != colOK {
				continue next
			}
		}
		for r := range n {
			for c := range n {
				q := t.square(n, Square{r, c})
				if allow[r].has(c) != allow[q.Row].has(q.Col) || preset[r].has(c) != preset[q.Row].has(q.Col) {
					continue next
				}
			}
		}
		group = append(group, t)
	}
	return group
}

// ringOrbits chooses, for the symmetric count of base under group, a
// line in use without a preset queen, and returns the orbits under group
// of its free squares: of the squares on which a queen may stand beside
// the preset queens, on that line and its images. It returns nil when no
// line fits. The line is the one with the fewest free squares, the first
// row or column of them.
func (base *searcher) ringOrbits(group []Symmetry) [][]Square {
	n := base.n
	line, isCol, fewest := -1, false, n+1
	for rs := base.open; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		if k := bits.OnesCount64(base.free(r)); k < fewest {
			line, isCol, fewest = r, false, k
		}
	}
	for cs := base.full &^ base.cols; cs != 0; cs &= cs - 1 {
		c := bits.TrailingZeros64(cs)
		k := 0
		for rs := base.open; rs != 0; rs &= rs - 1 {
			k += int(base.free(bits.TrailingZeros64(rs)) >> c & 1)
		}
		if k < fewest {
			line, isCol, fewest = c, true, k
		}
	}
	if line < 0 {
		return nil
	}
	var seen [64]uint64
	var orbits [][]Square
	for i := range n {
		q := Square{line, i}
		if isCol {
			q = Square{i, line}
		}
		if base.open>>q.Row&1 == 0 || base.free(q.Row)>>q.Col&1 == 0 || seen[q.Row]>>q.Col&1 != 0 {
			continue
		}
		var orbit []Square
		for _, t := range group {
			p := t.square(n, q)
			if seen[p.Row]>>p.Col&1 == 0 {
				seen[p.Row] |= 1 << p.Col
				orbit = append(orbit, p)
			}
		}
		orbits = append(orbits, orbit)
	}
	return orbits
}

// countSymmetric counts the solutions of base, the search of an instance
// that the symmetries of group (at least two) map to itself, on k
// goroutines, doing about 1/len(group) of the work of a plain count.
// It takes a line L in use and the set R of the free squares on L and its
// images; every solution has a queen on L, so in R. The orbits O1, O2, ...
// of R under group are ordered, and a solution s belongs to the first
// orbit O holding one of its queens, m(s) of them (1 to 4: the images of
// L are four lines at most). The symmetries map the solutions of O with a
// queen on one square of O one to one onto those with a queen on another,
// so O's solutions number |O| · Σ 1/m(s) over those with a queen on its
// first square q and none in the orbits before O. That is one search per
// orbit, q taken and the earlier orbits blocked, each solution counting
// 12/m (see searcher.ring), and a division by 12 at the end. progress,
// when not nil, is called after each unit of all searches, never by two
// goroutines at once.
func (base *searcher) countSymmetric(ctx context.Context, group []Symmetry, k int, progress Progress) (Total, error) {
	orbits := base.ringOrbits(group)
	if orbits == nil {
		r := base.run(ctx, k, every, progress)
		return r.total, r.err
	}
	var (
		subs  []*searcher
		sizes []uint64
	)
	blocked := base.allow
	for _, o := range orbits {
		s := base.clone(ctx)
		s.allow = blocked
		q := o[0]
		if s.free(q.Row)>>q.Col&1 != 0 {
			s.place(q.Row, q.Col)
			s.ring = o
			subs = append(subs, s)
			sizes = append(sizes, uint64(len(o)))
		}
		for _, p := range o {
			blocked[p.Row] &^= 1 << p.Col
		}
	}
	total, err := countWeighted(ctx, k, subs, sizes, progress)
	if err != nil {
		return Total{}, err
	}
	q, _ := total.div(12)
	return q, nil
}

// countWeighted counts the solutions of the searches subs on k
// goroutines, split into units, and returns the sum of their counts,
// each multiplied by its size. progress, when not nil, is called after
// each unit, never by two goroutines at once.
func countWeighted(ctx context.Context, k int, subs []*searcher, sizes []uint64, progress Progress) (Total, error) {
	var total Total
	if k == 1 && progress == nil {
		for i, sub := range subs {
			s := sub.clone(ctx)
			s.search()
			s.release()
			if s.err != nil {
				return Total{}, s.err
			}
			total = total.add(times(s.found, sizes[i]))
		}
		return total, nil
	}
	type unit struct {
		sub    int
		queens []Square
	}
	var units []unit
	want := max(4, k*unitsPerWorker/max(1, len(subs)))
	for i, sub := range subs {
		us, found, _, err := sub.split(ctx, want, every)
		if err != nil {
			return Total{}, err
		}
		total = total.add(times(found, sizes[i]))
		for _, u := range us {
			units = append(units, unit{i, u})
		}
	}
	var (
		done      int
		failure   error
		searchers = newWorkerSearchers(ctx, k)
	)
	eachUnit(k, len(units), func(w, i int) *searcher {
		u := units[i]
		s := searchers.fresh(w, subs[u.sub])
		for _, q := range u.queens {
			s.place(q.Row, q.Col)
		}
		s.search()
		return s
	}, func(i int, s *searcher) bool {
		if s.err != nil {
			if failure == nil {
				failure = s.err
			}
			return true
		}
		total = total.add(times(s.found, sizes[units[i].sub]))
		done++
		if progress != nil {
			progress(done, len(units))
		}
		return false
	})
	searchers.release()
	if failure != nil {
		return Total{}, failure
	}
	return total, nil
}

// weight returns what the solution on the board adds to found in the
// symmetric count: 12/m, m being the number of its queens on the squares
// of s.ring, from 1 to 4.
func (s *searcher) weight() uint64 {
	m := uint64(0)
	for _, q := range s.ring {
		if s.sol[q.Row] == q.Col {
			m++
		}
	}
	return 12 / m
}
