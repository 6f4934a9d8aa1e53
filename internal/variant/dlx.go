package variant

import (
	"context"
)

// dlx is Knuth's Algorithm X with dancing links ("Dancing Links", 2000;
// The Art of Computer Programming 7.2.2.1) for an [Instance]: a second
// search, sharing nothing with searcher but Instance.allowed, that counts
// and decides instances so that each search checks the other.
//
// The primary items are the rows and columns in use, covered exactly
// once; the sum and difference diagonals are secondary, covered at most
// once and never branched on. Each square a queen may stand on is an
// option of its row, column and two diagonals; the preset queens are
// chosen before the search. All links are indices into one slice of
// nodes, so the search allocates nothing: node 0 heads the list of
// uncovered primary items, node i that of item i (its item field holds
// the list's length), and from base on come the options, four nodes each
// (row, column, sum, difference) from a multiple of 4, so that the option
// of node x is x&^3 to x&^3+3.
type dlx struct {
	node  []dlxNode
	left  []int32 // the horizontal list of primary items, headers only
	right []int32
	base  int32
	sq    []Square // the square of each option

	n      int
	preset []Square // the preset queens, chosen before the search
	ok     bool     // false when a preset queen has no option, so that there is no solution
	choice []int32  // the node chosen at each level of the search
	level  int

	first bool   // stop at the first solution
	found uint64 // solutions found
	nodes uint64 // nodes of the search tree

	done <-chan struct{}
	ctx  context.Context
	err  error
}

// dlxNode is a node of the dancing links: its neighbours up and down in
// the list of its item, and its item; for a header, item is the length
// of its list.
type dlxNode struct {
	up, down, item int32
}

// newDLX returns the dancing links of the instance, which must pass
// Check, with its preset queens chosen.
func newDLX(in *Instance) *dlx {
	n := in.N
	rows := lineSet(n, in.Rows)
	cols := lineSet(n, in.Cols)
	// Item numbers: the rows and columns in use, interleaved in organ-pipe
	// order from the middle of the board outwards, so that the search
	// prefers the central lines among those of equal length, then the
	// 2n-1 sum diagonals and the 2n-1 difference diagonals.
	rowItem := make([]int32, n)
	colItem := make([]int32, n)
	items := int32(0)
	for i := range n {
		k := n/2 + (i+1)/2
		if i%2 == 1 {
			k = n/2 - (i+1)/2
		}
		if rows.has(k) {
			items++
			rowItem[k] = items
		}
		if cols.has(k) {
			items++
			colItem[k] = items
		}
	}
	primary := items
	sumItem := primary + 1             // the item of sum diagonal r+c is sumItem+r+c
	diffItem := sumItem + int32(2*n-1) // the item of difference diagonal r-c is diffItem+r-c+n-1
	items += 2 * int32(2*n-1)

	allow := in.allowed()
	options := 0
	for _, a := range allow {
		options += a.count()
	}
	d := &dlx{
		n:      n,
		left:   make([]int32, primary+1),
		right:  make([]int32, primary+1),
		base:   (items + 4) &^ 3,
		sq:     make([]Square, 0, options),
		preset: in.Queens,
		choice: make([]int32, n),
		ok:     true,
	}
	d.node = make([]dlxNode, int(d.base)+4*options)
	for i := range items + 1 {
		d.node[i] = dlxNode{up: i, down: i}
	}
	for i := range primary + 1 {
		d.left[i], d.right[i] = i-1, i+1
	}
	d.left[0], d.right[primary] = primary, 0
	x := d.base
	for r := range n {
		for c := range n {
			if !allow[r].has(c) {
				continue
			}
			d.sq = append(d.sq, Square{r, c})
			for j, it := range [4]int32{rowItem[r], colItem[c], sumItem + int32(r+c), diffItem + int32(r-c+n-1)} {
				y := x + int32(j)
				last := d.node[it].up
				d.node[y] = dlxNode{up: last, down: it, item: it}
				d.node[last].down = y
				d.node[it].up = y
				d.node[it].item++
			}
			x += 4
		}
	}
	for _, q := range in.Queens {
		opt := d.option(q)
		if opt < 0 {
			d.ok = false
			break
		}
		for y := opt; y < opt+4; y++ {
			d.cover(d.node[y].item)
		}
	}
	return d
}

// option returns the first node of the option of square q, or -1 when q
// has none.
func (d *dlx) option(q Square) int32 {
	for k, s := range d.sq {
		if s == q {
			return d.base + 4*int32(k)
		}
	}
	return -1
}

// cover removes item i from the list of primary items, when it is one,
// and every option of its list from the lists of their other items.
func (d *dlx) cover(i int32) {
	nd := d.node
	for p := nd[i].down; p != i; p = nd[p].down {
		o := p &^ 3
		for q := o; q < o+4; q++ {
			if q == p {
				continue
			}
			u, w := nd[q].up, nd[q].down
			nd[u].down = w
			nd[w].up = u
			nd[nd[q].item].item--
		}
	}
	if int(i) < len(d.left) {
		l, r := d.left[i], d.right[i]
		d.right[l] = r
		d.left[r] = l
	}
}

// uncover undoes cover(i), which must be the last cover not yet undone.
func (d *dlx) uncover(i int32) {
	nd := d.node
	if int(i) < len(d.left) {
		l, r := d.left[i], d.right[i]
		d.right[l] = i
		d.left[r] = i
	}
	for p := nd[i].up; p != i; p = nd[p].up {
		o := p &^ 3
		for q := o + 3; q >= o; q-- {
			if q == p {
				continue
			}
			u, w := nd[q].up, nd[q].down
			nd[u].down = q
			nd[w].up = q
			nd[nd[q].item].item++
		}
	}
}

// search covers the primary items left and reports whether to stop:
// after the first solution when d.first is set, or when the context is
// done (d.err is then set). On a stop for a solution d.choice holds it.
func (d *dlx) search() (stop bool) {
	if d.right[0] == 0 {
		d.found++
		return d.first
	}
	d.nodes++
	if d.nodes&(1<<12-1) == 0 && d.done != nil {
		select {
		case <-d.done:
			d.err = d.ctx.Err()
			return true
		default:
		}
	}
	nd := d.node
	best, fewest := int32(0), int32(1<<30)
	for i := d.right[0]; i != 0; i = d.right[i] {
		if k := nd[i].item; k < fewest {
			best, fewest = i, k
			if k <= 1 {
				break // a dead end or a forced choice: no need to look further
			}
		}
	}
	if fewest == 0 {
		return false
	}
	d.cover(best)
	for x := nd[best].down; x != best; x = nd[x].down {
		o := x &^ 3
		for q := o; q < o+4; q++ {
			if q != x {
				d.cover(nd[q].item)
			}
		}
		d.choice[d.level] = x
		d.level++
		if d.search() {
			return true // the choices stay as they are: d.choice[:d.level] is the solution
		}
		d.level--
		for q := o + 3; q >= o; q-- {
			if q != x {
				d.uncover(nd[q].item)
			}
		}
	}
	d.uncover(best)
	return false
}

// solution returns the solution that d has stopped at.
func (d *dlx) solution() Solution {
	s := make(Solution, d.n)
	for r := range s {
		s[r] = -1
	}
	for _, q := range d.preset {
		s[q.Row] = q.Col
	}
	for _, x := range d.choice[:d.level] {
		q := d.sq[(x-d.base)/4]
		s[q.Row] = q.Col
	}
	return s
}

// run searches d under ctx on the calling goroutine, for the first
// solution or for all.
func (d *dlx) run(ctx context.Context, first bool) {
	d.ctx, d.done, d.first = ctx, ctx.Done(), first
	if d.ok {
		d.search()
	}
}

// CrossCount returns the number of solutions of the instance, counted by
// Knuth's Algorithm X with dancing links on the calling goroutine: a
// second method that shares no search code with Count, so that their
// agreement checks both. It returns ctx.Err() when ctx is cancelled.
func CrossCount(ctx context.Context, in *Instance) (Total, error) {
	if err := ctx.Err(); err != nil {
		return Total{}, err
	}
	d := newDLX(in)
	d.run(ctx, false)
	if d.err != nil {
		return Total{}, d.err
	}
	return Total{Lo: d.found}, nil
}

// CrossSolve decides the instance by the method of CrossCount: it
// returns a solution, or nil and a nil error when there is none, or
// ctx.Err() when ctx is cancelled first. The caller validates the
// solution.
func CrossSolve(ctx context.Context, in *Instance) (Solution, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d := newDLX(in)
	d.run(ctx, true)
	switch {
	case d.found > 0:
		return d.solution(), nil
	case d.err != nil:
		return nil, d.err
	}
	return nil, nil
}
