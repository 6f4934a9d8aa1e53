package variant

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/cputime"
	"github.com/queenslab/queens/internal/testenv"
)

// explainer is a plain search that learns, kept to measure what learning
// would save the main search (see docs/benchmarks.md, "What did not
// pay"). It branches as the main search does (forced queens, a column
// with two squares, else the row with the fewest; the bounds at every
// branching) and keeps, for every queen, the decisions it rests on: a
// bit per decision level. With backjump set, a failed subtree whose
// explanation lacks the decision above it fails that node too. With
// relaxFrom > 0 a branching with that many empty rows or more solves the
// relaxation, and every branching first tries the certificates kept.
type explainer struct {
	s        *searcher // for bounded and twos
	in       *Instance
	n        int
	rowsUsed uint64
	full     uint64
	allow    [64]uint64
	open     uint64
	cols     uint64
	rowQ     [64]int // the column of each row's queen, -1
	colQ     [64]int
	sumQ     [128]int // the row of the queen on each diagonal, -1
	diffQ    [128]int
	reason   [64]uint64 // by row: the decisions its queen rests on
	level    int
	path     uint64     // the decisions of the current path
	decided  [64]Square // the queen of each decision level
	// check, when not nil, is called with each failed branching's
	// explanation.
	check func(why uint64)
	ok    bool // a solution found: rowQ holds it

	backjump  bool
	relaxFrom int
	certs     []learned // the kept certificates, most recently useful first
	keep      int       // how many certificates are kept

	// With dual set, a branching with at least dualFrom empty rows, or
	// at most dualLevels decisions above it, solves the relaxation by
	// the warm-started dual simplex of dual_test.go, at most dualPivots
	// pivots.
	dual                 *dualLP
	dualFrom, dualLevels int
	dualPivots           int
	dualTime             time.Duration
	dualAt               [65][3]uint64 // by level: solves, refutations, pivots
	// With lag set, the Lagrangian bound of dual_test.go is measured
	// where the dual simplex runs.
	lag     *lagrangian
	lagTime time.Duration
	// With dive set, each branching tries one of its squares at random
	// and estimate adds up Knuth's estimate of the tree: each node
	// weighs the product of the branchings' sizes above it.
	dive             *rand.Rand
	weight, estimate float64
	solveEstimate    float64 // the same of the relaxations solved
	// dualCheck, when not nil, is called with each answer of the dual
	// simplex that did not give up.
	dualCheck func(refuted bool)

	nodes, jumps, relaxed, refuted, reused uint64
	sizes                                  [65][2]uint64 // by the decisions above: failed branchings, decisions in their explanations
}

// learned is a Farkas certificate of a node's relaxation, by line.
type learned struct {
	row, col  [64]int64
	sum, diff [128]int64 // by r+c and by r-c+n-1
}

// newExplainer returns the measuring search of in with its preset
// queens placed; ok is false where one stands on a square it may not.
func newExplainer(in *Instance) (e *explainer, ok bool) {
	s, ok := newSearcher(in)
	e = &explainer{s: s, in: in, n: in.N, full: s.full, open: s.open, allow: s.allow, rowsUsed: lineSet(in.N, in.Rows)[0]}
	for i := range e.rowQ {
		e.rowQ[i], e.colQ[i] = -1, -1
	}
	for i := range e.sumQ {
		e.sumQ[i], e.diffQ[i] = -1, -1
	}
	for _, q := range in.Queens {
		e.open |= 1 << q.Row
		e.put(q.Row, q.Col, 0)
	}
	return e, ok
}

// put places a queen on (r, c) that rests on the decisions why.
func (e *explainer) put(r, c int, why uint64) {
	e.rowQ[r], e.colQ[c], e.sumQ[r+c], e.diffQ[r-c+e.n-1] = c, r, r, r
	e.open &^= 1 << r
	e.cols |= 1 << c
	e.reason[r] = why
}

// take removes the queen on (r, c).
func (e *explainer) take(r, c int) {
	e.rowQ[r], e.colQ[c], e.sumQ[r+c], e.diffQ[r-c+e.n-1] = -1, -1, -1, -1
	e.open |= 1 << r
	e.cols &^= 1 << c
}

// free returns the columns of the free squares of row r.
func (e *explainer) free(r int) uint64 {
	f := e.allow[r] &^ e.cols
	for x := f; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		if e.sumQ[r+c] >= 0 || e.diffQ[r-c+e.n-1] >= 0 {
			f &^= 1 << c
		}
	}
	return f
}

// attacker returns the decisions of the queen attacking (r, c) that
// rest on the earliest ones; rowToo counts the queen of row r.
func (e *explainer) attacker(r, c int, rowToo bool) uint64 {
	best := ^uint64(0)
	for _, q := range [...]int{e.colQ[c], e.sumQ[r+c], e.diffQ[r-c+e.n-1]} {
		if q >= 0 {
			best = min(best, e.reason[q])
		}
	}
	if rowToo && e.rowQ[r] >= 0 {
		best = min(best, e.reason[r])
	}
	return best
}

// explainRow returns why row r has no free square outside the columns except.
func (e *explainer) explainRow(r int, except uint64) uint64 {
	var why uint64
	for x := e.allow[r] & e.full &^ except; x != 0; x &= x - 1 {
		why |= e.attacker(r, bits.TrailingZeros64(x), false)
	}
	return why
}

// explainCol returns why column c has no free square outside the rows except.
func (e *explainer) explainCol(c int, except uint64) uint64 {
	var why uint64
	for x := e.rowsUsed &^ except; x != 0; x &= x - 1 {
		if r := bits.TrailingZeros64(x); e.allow[r]>>c&1 != 0 {
			why |= e.attacker(r, c, true)
		}
	}
	return why
}

// node searches below the current queens and returns, where it fails,
// the decisions that explain why.
func (e *explainer) node() (why uint64) {
	var forced [64][2]int
	k := 0
	defer func() {
		for i := k - 1; i >= 0 && !e.ok; i-- {
			e.take(forced[i][0], forced[i][1])
		}
	}()
	var frees [64]uint64
	for {
		if e.open == 0 {
			e.ok = true
			return 0
		}
		e.nodes++
		e.estimate += e.weight
		need := e.full &^ e.cols
		fewest, row := 99, -1
		var c1, c2 uint64
		for x := e.open; x != 0; x &= x - 1 {
			r := bits.TrailingZeros64(x)
			f := e.free(r)
			frees[r] = f
			c2 |= c1 & f
			c1 |= f
			if bits.OnesCount64(f) < fewest {
				fewest, row = bits.OnesCount64(f), r
			}
		}
		if fewest == 0 {
			return e.explainRow(row, 0)
		}
		if empty := need &^ c1; empty != 0 {
			return e.explainCol(bits.TrailingZeros64(empty), 0)
		}
		if ones := need &^ c2; fewest > 1 && ones != 0 {
			c := bits.TrailingZeros64(ones)
			r := 0
			for x := e.open; x != 0; x &= x - 1 {
				if frees[bits.TrailingZeros64(x)]>>c&1 != 0 {
					r = bits.TrailingZeros64(x)
				}
			}
			e.put(r, c, e.explainCol(c, 1<<r))
			forced[k] = [2]int{r, c}
			k++
			continue
		}
		if fewest == 1 {
			c := bits.TrailingZeros64(frees[row])
			e.put(row, c, e.explainRow(row, 1<<c))
			forced[k] = [2]int{row, c}
			k++
			continue
		}
		m := bits.OnesCount64(e.open)
		e.s.open = e.open
		if e.s.useBounds && !e.s.bounded(&frees, need, m) {
			return e.path // the sums of every empty line: every decision
		}
		if e.relaxFrom > 0 && e.refutedByRelaxation(&frees, need, m) {
			return e.path
		}
		if e.dual != nil && (m >= e.dualFrom || e.level <= e.dualLevels) && e.refutedByDual(&frees, need) {
			return e.path
		}
		return e.branch(&frees, need, c2, row, fewest)
	}
}

// branch tries each square of the row with the fewest, or of a column
// with two, and returns the explanation of the failure of all of them.
func (e *explainer) branch(frees *[64]uint64, need, c2 uint64, row, fewest int) uint64 {
	column, line, vals := false, row, frees[row]
	if tw := e.s.twos(frees, need, c2, fewest); tw != 0 {
		column, line, vals = true, bits.TrailingZeros64(tw), 0
		for x := e.open; x != 0; x &= x - 1 {
			if r := bits.TrailingZeros64(x); frees[r]>>line&1 != 0 {
				vals |= 1 << r
			}
		}
	}
	e.level++
	d := uint64(1) << (e.level - 1)
	e.path |= d
	defer func() { e.level--; e.path &^= d }()
	var why uint64
	if e.dive != nil {
		// One child at random, weighed by the number of children.
		k := bits.OnesCount64(vals)
		for range e.dive.IntN(k) {
			vals &= vals - 1
		}
		vals &= -vals
		w := e.weight
		e.weight *= float64(k)
		defer func() { e.weight = w }()
	}
	for x := vals; x != 0; x &= x - 1 {
		r, c := line, bits.TrailingZeros64(x)
		if column {
			r, c = c, line
		}
		e.put(r, c, d)
		e.decided[e.level-1] = Square{r, c}
		sub := e.node()
		if e.ok {
			return 0
		}
		e.take(r, c)
		if e.backjump && sub&d == 0 {
			e.jumps++
			return sub // the siblings fail for the same reason
		}
		why |= sub &^ d
	}
	// The squares the line has lost count too.
	if column {
		why |= e.explainCol(line, vals)
	} else {
		why |= e.explainRow(line, vals)
	}
	if e.check != nil {
		e.check(why)
	}
	e.sizes[e.level-1][0]++
	e.sizes[e.level-1][1] += uint64(bits.OnesCount64(why))
	return why
}

// refutedByRelaxation reports whether a kept certificate, or else, where
// m ≥ relaxFrom, the node's own relaxation, proves that it has no
// solution; a new certificate is kept.
func (e *explainer) refutedByRelaxation(frees *[64]uint64, need uint64, m int) bool {
	for i := range e.certs {
		if e.proves(&e.certs[i], frees, need) {
			e.certs[0], e.certs[i] = e.certs[i], e.certs[0]
			e.reused++
			return true
		}
	}
	if m < e.relaxFrom {
		return false
	}
	e.relaxed++
	z, ok := e.certify()
	if !ok {
		return false
	}
	e.refuted++
	if len(e.certs) < e.keep {
		e.certs = append(e.certs, learned{})
	}
	copy(e.certs[1:], e.certs)
	e.certs[0] = z
	return true
}

// useDual makes the search solve the relaxation by the dual simplex at
// the branchings with at least from empty rows or at most levels
// decisions above them, at most pivots pivots each.
func (e *explainer) useDual(in *Instance, from, levels, pivots int) {
	e.dual = newDualLP(in, uint64(in.N))
	if e.dual == nil {
		return
	}
	e.dual.keepRoot()
	e.dualFrom, e.dualLevels, e.dualPivots = from, levels, pivots
	if from == 0 {
		e.dualFrom = 65
	}
}

// refutedByDual reports whether the node's relaxation, solved from the
// basis of its nearest ancestor that solved it, has no solution, with a
// certificate checked in integers; a node whose relaxation has one keeps
// its basis for the nodes below.
func (e *explainer) refutedByDual(frees *[64]uint64, need uint64) bool {
	steps := 0
	if g := e.lag; g != nil {
		start := time.Now()
		steps = g.ascend(e.n, e.level, e.open, frees, need)
		e.lagTime += time.Since(start)
	}
	start := time.Now()
	lp := e.dual
	lp.enter(e.level)
	lp.setBounds(&e.rowQ, e.open, frees)
	pivots, gaveUp := lp.pivots, lp.gaveUp
	y := lp.solve(e.dualPivots)
	at := &e.dualAt[e.level]
	at[0]++
	e.solveEstimate += e.weight
	at[2] += lp.pivots - pivots
	ok := false
	if y == nil {
		lp.keep(e.level)
		if e.level == 0 {
			lp.keepRoot() // solved once, for every dive
		}
	} else {
		z := lp.certify(y)
		ok = strictlyProves(e.n, &z, e.open, frees, need) || e.proves(&z, frees, need)
		if ok {
			at[1]++
			e.refuted++
		} else {
			lp.roundFail++
		}
	}
	e.dualTime += time.Since(start)
	if g := e.lag; g != nil {
		switch {
		case ok:
			g.lpRefuted++
			if steps > 0 {
				g.proved++
				g.provedSteps += uint64(steps)
			} else {
				g.otherSteps += uint64(g.steps)
			}
		case steps > 0 && y == nil && lp.gaveUp == gaveUp:
			panic("the Lagrangian bound refutes a relaxation with a solution")
		default:
			g.otherSteps += uint64(g.steps)
		}
	}
	if e.dualCheck != nil && (y != nil || lp.gaveUp == gaveUp) {
		e.dualCheck(ok)
	}
	return ok
}

// proves reports whether z, repaired, is a certificate of the node: where
// a free square has an excess, the rows, the columns, the sums or the
// differences take it, whichever costs the total least.
func (e *explainer) proves(z *learned, frees *[64]uint64, need uint64) bool {
	n := e.n
	var total int64
	var sums, diffs [128]bool
	var er, ec [64]int64
	var es, ed [128]int64
	for x := e.open; x != 0; x &= x - 1 {
		r := bits.TrailingZeros64(x)
		total += z.row[r]
		for y := frees[r]; y != 0; y &= y - 1 {
			c := bits.TrailingZeros64(y)
			s, d := r+c, r-c+n-1
			if x := z.row[r] + z.col[c] - z.sum[s] - z.diff[d]; x > 0 {
				er[r], ec[c], es[s], ed[d] = max(er[r], x), max(ec[c], x), max(es[s], x), max(ed[d], x)
			}
			sums[s], diffs[d] = true, true
		}
	}
	for x := need; x != 0; x &= x - 1 {
		total += z.col[bits.TrailingZeros64(x)]
	}
	var cr, cc, cs, cd int64
	for k := range 2*n - 1 {
		if sums[k] {
			total -= z.sum[k]
		}
		if diffs[k] {
			total -= z.diff[k]
		}
		cs, cd = cs+es[k], cd+ed[k]
	}
	for k := range n {
		cr, cc = cr+er[k], cc+ec[k]
	}
	return total > min(cr, cc, cs, cd)
}

// certify solves the relaxation of the node and returns its certificate,
// checked in integers, by line.
func (e *explainer) certify() (learned, bool) {
	in := *e.in
	in.Queens = nil
	for r := range e.n {
		if e.rowQ[r] >= 0 {
			in.Queens = append(in.Queens, Square{r, e.rowQ[r]})
		}
	}
	p, ok := newRelaxation(&in)
	if !ok {
		return learned{}, false
	}
	y := p.farkas(context.Background())
	if y == nil {
		return learned{}, false
	}
	z := p.certificate(y)
	if !p.proves(z) {
		return learned{}, false
	}
	// The lines of newRelaxation: the empty rows and columns, then the
	// diagonals with two open squares or more, sums and then differences.
	var cert learned
	i := 0
	for r := range e.n {
		if e.open>>r&1 != 0 {
			cert.row[r], i = z[i], i+1
		}
	}
	for c := range e.n {
		if (e.full&^e.cols)>>c&1 != 0 {
			cert.col[c], i = z[i], i+1
		}
	}
	var sn, dn [128]int
	for _, q := range p.squares {
		sn[q.Row+q.Col]++
		dn[q.Row-q.Col+e.n-1]++
	}
	for k := range 2*e.n - 1 {
		if sn[k] >= 2 {
			cert.sum[k], i = z[i], i+1
		}
	}
	for k := range 2*e.n - 1 {
		if dn[k] >= 2 {
			cert.diff[k], i = z[i], i+1
		}
	}
	return cert, i == len(z)
}

// solve decides the instance: a solution or nil.
func (e *explainer) solve(ok bool) Solution {
	if !ok {
		return nil
	}
	e.node()
	if !e.ok {
		return nil
	}
	sol := make(Solution, e.n)
	for r := range sol {
		sol[r] = e.rowQ[r]
	}
	return sol
}

// TestExplainerAgreesWithOracle: with backjumps and kept certificates the
// measuring search decides small boards as dancing links does, and every
// solution it finds holds.
func TestExplainerAgreesWithOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 2))
	none, nogoods, jumps, reused, dualRefuted := 0, 0, uint64(0), uint64(0), uint64(0)
	for i := range 1500 {
		n := 4 + rng.IntN(9)
		in := randomInstance(rng, n)
		if i%2 == 1 {
			in = excludedInstance(n+2, n+rng.IntN(4), uint64(i))
		}
		if in.Check() != nil {
			continue
		}
		want, err := in.CrossSolve(context.Background())
		if err != nil && err != ErrNoSolution {
			t.Fatal(err)
		}
		e, ok := newExplainer(&in)
		e.backjump = true
		// Every explanation is a nogood: its decisions leave no solution.
		e.check = func(why uint64) {
			sub := in
			sub.Queens = slices.Clone(in.Queens)
			for x := why; x != 0; x &= x - 1 {
				sub.Queens = append(sub.Queens, e.decided[bits.TrailingZeros64(x)])
			}
			if sol, err := CrossSolve(context.Background(), &sub); err != nil || sol != nil {
				t.Fatalf("%+v: the explanation %v has the solution %v (%v)", in, sub.Queens, sol, err)
			}
			nogoods++
		}
		switch i % 3 {
		case 0:
			e.relaxFrom, e.keep = 3, 8
		case 1:
			e.useDual(&in, 3, 0, 1000)
		}
		got := e.solve(ok)
		if (got == nil) != (want == nil) {
			t.Fatalf("%+v: explainer %v, dancing links %v", in, got, want)
		}
		if got == nil {
			none++
			continue
		}
		if err := in.Validate(got); err != nil {
			t.Fatalf("%+v: %v: %v", in, got, err)
		}
		jumps, reused = jumps+e.jumps, reused+e.reused
		if e.dual != nil {
			dualRefuted += e.refuted
		}
	}
	t.Logf("%d boards without a solution, %d explanations checked, %d backjumps, %d certificates reused, %d nodes refuted by the dual simplex",
		none, nogoods, jumps, reused, dualRefuted)
	// The test means something only if both answers, the backjumps, the
	// kept certificates and the dual simplex's refutations all occur.
	if none < 100 || none > 1400 || nogoods < 1000 || jumps == 0 || reused == 0 || dualRefuted == 0 {
		t.Fatalf("%d boards without a solution, %d explanations, %d backjumps, %d certificates reused", none, nogoods, jumps, reused)
	}
}

// TestDualAgreesWithScratch: at every branching of small boards the
// warm-started dual simplex refutes the node exactly where the simplex
// from scratch of relax.go does, and the Lagrangian bound nowhere else.
func TestDualAgreesWithScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 3))
	solves, refuted := 0, 0
	lag := &lagrangian{steps: 50}
	for i := range 250 {
		n := 6 + rng.IntN(7)
		in := excludedInstance(n+2, n+rng.IntN(4), uint64(i))
		if i%2 == 1 {
			in = randomInstance(rng, n)
		}
		if in.Check() != nil {
			continue
		}
		e, ok := newExplainer(&in)
		e.useDual(&in, 1, 0, 1000)
		e.lag = lag // it must prove nothing the simplex does not refute
		e.dualCheck = func(got bool) {
			node := in
			node.Queens = nil
			for r := range e.n {
				if e.rowQ[r] >= 0 {
					node.Queens = append(node.Queens, Square{r, e.rowQ[r]})
				}
			}
			if want := refute(context.Background(), &node); got != want {
				t.Fatalf("%+v: the dual simplex says %v, from scratch %v", node, got, want)
			}
			solves++
			if got {
				refuted++
			}
		}
		e.solve(ok)
	}
	t.Logf("%d relaxations solved, %d refuted, %d of them by the Lagrangian bound too", solves, refuted, lag.proved)
	if solves < 1000 || refuted < 100 || lag.proved == 0 {
		t.Fatalf("%d relaxations solved, %d refuted, %d by the Lagrangian bound", solves, refuted, lag.proved)
	}
}

// TestExplainerMeasure prints what learning saves on the boards of
// testdata/learn-boards.txt, or of the file QUEENS_LEARN_BOARDS, those
// whose name matches QUEENS_LEARN_ONLY: QUEENS_LEARN=backjump, relax:M:K
// for the relaxation from M empty rows with K certificates kept, dual:M:P
// or dualk:K:P for the dual simplex from M empty rows or at K decisions
// or fewer, P pivots at most. Times are of one thread's CPU.
func TestExplainerMeasure(t *testing.T) {
	testenv.SkipUnlessSlow(t, "the measurements of learning")
	how := os.Getenv("QUEENS_LEARN")
	if how == "" {
		// A measurement, of some thirteen minutes: not part of a test run.
		t.Skip("set QUEENS_LEARN=backjump, relax:M:K, dual:M:P or dualk:K:P to measure learning")
	}
	defer cputime.Lock()()
	names, boards := readBoards(t)
	var plain, learnt uint64
	var mainTime, projected, learntTime time.Duration
	for i, in := range boards {
		// The main search on this thread, as solve's searcher runs.
		start := cputime.Thread()
		s, _ := newSearcher(&in)
		s.first = true
		s.search()
		mainCPU := cputime.Since(start)
		s.release()
		base, ok := newExplainer(&in)
		start = cputime.Thread()
		sol := base.solve(ok)
		baseCPU := cputime.Since(start)
		e, _ := newExplainer(&in)
		p := strings.Split(how, ":")
		var a, b int
		if len(p) == 3 {
			a, _ = strconv.Atoi(p[1])
			b, _ = strconv.Atoi(p[2])
		}
		switch p[0] {
		case "backjump":
			e.backjump = true
		case "relax":
			e.relaxFrom, e.keep = a, b
		case "dual":
			e.useDual(&in, a, -1, b)
		case "dualk":
			e.useDual(&in, 0, a, b)
		}
		if steps, _ := strconv.Atoi(os.Getenv("QUEENS_LEARN_STEPS")); steps > 0 && e.dual != nil {
			e.lag = &lagrangian{steps: steps}
		}
		start = cputime.Thread()
		if (e.solve(ok) == nil) != (sol == nil) {
			t.Fatalf("%s: the answers differ", names[i])
		}
		cpu := cputime.Since(start)
		plain, learnt = plain+base.nodes, learnt+e.nodes
		t.Logf("%s sol=%v nodes %d -> %d, backjumps %d, relaxations %d (refuted %d), certificates reused %d; CPU: main search %v (%d nodes), explainer %v -> %v",
			names[i], sol != nil, base.nodes, e.nodes, e.jumps, e.relaxed, e.refuted, e.reused, mainCPU, s.nodes, baseCPU, cpu)
		for l, s := range e.sizes {
			if s[0] > 0 && p[0] == "backjump" {
				t.Logf("  %d decisions above: %d failed branchings, %.2f of them in an explanation", l, s[0], float64(s[1])/float64(s[0]))
			}
		}
		if lp := e.dual; lp != nil {
			// The main search's time scaled to the smaller tree, plus
			// the dual simplex.
			proj := time.Duration(float64(mainCPU)*float64(e.nodes)/float64(base.nodes)) + e.dualTime
			mainTime, projected, learntTime = mainTime+mainCPU, projected+proj, learntTime+cpu
			root := e.dualAt[0]
			t.Logf("  dual simplex: %d solves (%d refuted), %d pivots (%d at the root), %d gave up, %d certificates not proved; %v in all, %.2f µs a solve, %.2f pivots a solve below the root; projected %v against %v (it pays below %.2f µs a solve)",
				lp.solves, e.refuted, lp.pivots, root[2], lp.gaveUp, lp.roundFail, e.dualTime,
				float64(e.dualTime.Microseconds())/float64(lp.solves), float64(lp.pivots-root[2])/float64(max(1, lp.solves-root[0])), proj, mainCPU,
				float64(mainCPU.Microseconds())*(1-float64(e.nodes)/float64(base.nodes))/float64(lp.solves))
			if g := e.lag; g != nil {
				t.Logf("  Lagrangian bound, %d steps at most: proves %d of the %d nodes the simplex refutes, in %.2f steps on average; %d steps elsewhere; %v in all, %.3f µs a step",
					g.steps, g.proved, g.lpRefuted, float64(g.provedSteps)/float64(max(1, g.proved)), g.otherSteps, e.lagTime,
					float64(e.lagTime.Nanoseconds())/1e3/float64(max(1, g.provedSteps+g.otherSteps)))
			}
			for l, at := range e.dualAt {
				if at[0] > 0 {
					t.Logf("    %d decisions above: %d solves, %d refuted, %.2f pivots a solve", l, at[0], at[1], float64(at[2])/float64(at[0]))
				}
			}
		}
	}
	t.Logf("nodes in all: %d -> %d", plain, learnt)
	if projected > 0 {
		t.Logf("main search %v, projected with the dual simplex %v, the measuring search with it %v", mainTime, projected, learntTime)
	}
}

// readBoards returns the boards of the file QUEENS_LEARN_BOARDS, or else
// testdata/learn-boards.txt, whose names match QUEENS_LEARN_ONLY.
func readBoards(t *testing.T) (names []string, boards []Instance) {
	name := os.Getenv("QUEENS_LEARN_BOARDS")
	if name == "" {
		name = "testdata/learn-boards.txt"
	}
	only := regexp.MustCompile(os.Getenv("QUEENS_LEARN_ONLY"))
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(text)) {
		fs := strings.Fields(line)
		if len(fs) == 0 || fs[0] == "#" || !only.MatchString(fs[0]) {
			continue
		}
		n, _ := strconv.Atoi(fs[1])
		in := Instance{N: n}
		for _, x := range fs[2:] {
			k, _ := strconv.Atoi(x[2:])
			in.Excluded = append(in.Excluded, Diagonal{Sum: x[0] == 's', K: k})
		}
		names, boards = append(names, fs[0]), append(boards, in)
	}
	return names, boards
}

// TestExplainerEstimate prints Knuth's estimates of the trees of the
// measuring search, plain and with the dual simplex at K decisions or
// fewer (QUEENS_LEARN=dualk:K:P), from QUEENS_LEARN_DIVES random dives,
// and the main search's time a node over its first 2^24 nodes, on the
// boards readBoards returns: what the dual simplex would save on boards
// too large to search whole.
func TestExplainerEstimate(t *testing.T) {
	testenv.SkipUnlessSlow(t, "the estimates of learning")
	var k, pivots, dives int
	if _, err := fmt.Sscanf(os.Getenv("QUEENS_LEARN")+" "+os.Getenv("QUEENS_LEARN_DIVES"), "dualk:%d:%d %d", &k, &pivots, &dives); err != nil {
		t.Skip("set QUEENS_LEARN=dualk:K:P and QUEENS_LEARN_DIVES to estimate what the dual simplex saves")
	}
	defer cputime.Lock()()
	names, boards := readBoards(t)
	for b, in := range boards {
		s, _ := newSearcher(&in)
		s.first, s.budget = true, 1<<24
		start := cputime.Thread()
		s.search()
		perNode := float64(cputime.Since(start)) / float64(s.nodes)
		s.release()
		var plain, learnt, solves float64
		var lp *dualLP
		var dualTime time.Duration
		rng := rand.New(rand.NewPCG(uint64(b), 59))
		for i := range 2 * dives {
			e, ok := newExplainer(&in)
			e.dive, e.weight = rng, 1
			if i >= dives {
				if lp == nil {
					e.useDual(&in, 0, k, pivots)
					lp = e.dual
				}
				e.dual, e.dualFrom, e.dualLevels, e.dualPivots = lp, 65, k, pivots
			}
			e.solve(ok)
			if i < dives {
				plain += e.estimate / float64(dives)
			} else {
				learnt += e.estimate / float64(dives)
				solves += e.solveEstimate / float64(dives)
				dualTime += e.dualTime
			}
		}
		perSolve := float64(dualTime) / float64(lp.solves)
		t.Logf("%s: %.3g nodes plain, %.3g with the dual simplex at %d decisions or fewer (%.1f times fewer), %.3g solves; %.1f ns a node of the main search, %.1f µs and %.1f pivots a solve; projected %.3g core-seconds against %.3g (it pays below %.2f µs a solve)",
			names[b], plain, learnt, k, plain/learnt, solves, perNode, perSolve/1e3, float64(lp.pivots)/float64(lp.solves),
			(learnt*perNode+solves*perSolve)/1e9, plain*perNode/1e9, (plain-learnt)*perNode/solves/1e3)
	}
}
