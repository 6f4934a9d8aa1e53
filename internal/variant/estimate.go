package variant

import (
	"math/bits"
	"math/rand/v2"
)

// dive is the state of the random dives of estimate.
type dive struct {
	rng    *rand.Rand
	weight float64 // the product of the widths of the branchings above the node
	mark   uint64  // the nodes of the search at the last branching
	sum    float64 // the estimate of the dive up to that branching

	// root is the branching of the root, which every dive takes alike,
	// once the first dive has met it there, where reuseRoot allows (see
	// fromRoot); rootSeen says whether it has, and watch whether the
	// dive may still meet it.
	root      rootBranching
	reuseRoot bool
	rootSeen  bool
	watch     bool
}

// rootBranching is the branching of the root node of a search: a queen
// on one of the squares cand of line, a row or a column, with checkedAt
// the searcher's checkedAt below it (see searcher).
type rootBranching struct {
	line      int
	cand      uint64
	column    bool
	checkedAt int
}

// branch is the branching of a search s on a dive: a queen on one of the
// squares cand of line, a row, or a column when column is set, drawn at
// random.
func (d *dive) branch(s *searcher, line int, cand uint64, column bool) bool {
	if d.watch {
		d.watch = false
		if s.nodes == d.mark+1 { // the root itself, with no forced queen
			d.root = rootBranching{line: line, cand: cand, column: column, checkedAt: s.checkedAt}
			d.rootSeen = true
		}
	}
	k := bits.OnesCount64(cand)
	// The nodes since the last branching, this one included, stand for
	// weight nodes each.
	d.sum += d.weight * float64(s.nodes-d.mark)
	d.mark = s.nodes
	d.weight *= float64(k)
	for i := d.rng.IntN(k); i > 0; i-- {
		cand &= cand - 1
	}
	x := bits.TrailingZeros64(cand)
	if column {
		return s.node(x, line)
	}
	return s.node(line, x)
}

// fromRoot dives from the branching of the root that the first dive of d
// met, without the root's work again: its free squares are still those
// of its level, which the nodes below never write, and its board is that
// of every dive's start.
func (s *searcher) fromRoot(d *dive) bool {
	s.nodes++
	s.checkedAt = d.root.checkedAt
	return d.branch(s, d.root.line, d.root.cand, d.root.column)
}

// estimate returns Knuth's estimate of the number of nodes of the search
// s: the mean, over dives random paths from the root to a leaf, each
// taking one branch of every branching at random, of the sum over the
// path's nodes of the product of the widths of the branchings above
// each. Forced queens, the one free square of a line, are nodes of the
// path with the weight of the branching above them. Knuth ("Estimating
// the efficiency of backtrack programs", 1975) showed the estimate
// unbiased; it is the size of the tree that the search visits where the
// instance has no solution. The dives are drawn from seed, so that the
// estimate is the same on every run.
//
// found reports whether a dive met a solution: the search then stops
// with it in s.sol and its queens on the board. The search also stops
// where s must stop early (see interrupted), and before any dive once
// its context is done, with s.err set; otherwise it ends as it began.
func (s *searcher) estimate(dives int, seed uint64) (nodes float64, found bool) {
	return s.estimateWith(dives, newDive(seed, true))
}

// newDive returns the state of dives drawn from seed, which start at the
// branching of the root after the first where reuseRoot is set (see
// fromRoot), and at the root otherwise. Both make the same dives: on a
// board of 18 columns the dives that reuse the root take about a fifth
// less time.
func newDive(seed uint64, reuseRoot bool) *dive {
	return &dive{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), reuseRoot: reuseRoot}
}

// estimateWith is estimate with the dives d.
func (s *searcher) estimateWith(dives int, d *dive) (nodes float64, found bool) {
	first := s.first
	s.first, s.dive = true, d
	defer func() { s.first, s.dive = first, nil }()
	total := 0.0
	for i := range dives {
		// A dive has at most a few dozen nodes, and a search looks
		// whether to stop only every checkNodes nodes: the dives look
		// before each dive, so that those of a race that the other
		// search has decided stop at once.
		if s.stopped() {
			return total / float64(max(i, 1)), false
		}
		d.weight, d.mark, d.sum = 1, s.nodes, 0
		var stop bool
		if d.rootSeen {
			stop = s.fromRoot(d)
		} else {
			d.watch = d.reuseRoot && i == 0
			stop = s.search()
		}
		total += d.sum + d.weight*float64(s.nodes-d.mark)
		if stop {
			return total / float64(dives), s.err == nil
		}
	}
	return total / float64(dives), false
}
