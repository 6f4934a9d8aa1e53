package variant

import (
	"bufio"
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

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
	none, nogoods, jumps, reused := 0, 0, uint64(0), uint64(0)
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
		if i%3 == 0 {
			e.relaxFrom, e.keep = 3, 8
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
	}
	t.Logf("%d boards without a solution, %d explanations checked, %d backjumps, %d certificates reused", none, nogoods, jumps, reused)
	// The test means something only if both answers, the backjumps and
	// the kept certificates all occur.
	if none < 100 || none > 1400 || nogoods < 1000 || jumps == 0 || reused == 0 {
		t.Fatalf("%d boards without a solution, %d explanations, %d backjumps, %d certificates reused", none, nogoods, jumps, reused)
	}
}

// TestExplainerMeasure prints what learning saves on the boards of
// testdata/learn-boards.txt (QUEENS_LEARN=backjump, or relax:M:K for the
// relaxation from M empty rows with K certificates kept).
func TestExplainerMeasure(t *testing.T) {
	testenv.SkipUnlessSlow(t, "the measurements of learning")
	how := os.Getenv("QUEENS_LEARN")
	if how == "" {
		// A measurement, of some thirteen minutes: not part of a test run.
		t.Skip("set QUEENS_LEARN=backjump or relax:M:K to measure learning")
	}
	f, err := os.Open("testdata/learn-boards.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var plain, learnt uint64
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || fs[0] == "#" {
			continue
		}
		n, _ := strconv.Atoi(fs[1])
		in := Instance{N: n}
		for _, x := range fs[2:] {
			k, _ := strconv.Atoi(x[2:])
			in.Excluded = append(in.Excluded, Diagonal{Sum: x[0] == 's', K: k})
		}
		base, ok := newExplainer(&in)
		sol := base.solve(ok)
		e, _ := newExplainer(&in)
		switch {
		case how == "backjump":
			e.backjump = true
		case strings.HasPrefix(how, "relax:"):
			p := strings.Split(how, ":")
			e.relaxFrom, _ = strconv.Atoi(p[1])
			e.keep, _ = strconv.Atoi(p[2])
		}
		if (e.solve(ok) == nil) != (sol == nil) {
			t.Fatalf("%s: the answers differ", fs[0])
		}
		plain, learnt = plain+base.nodes, learnt+e.nodes
		t.Logf("%s sol=%v nodes %d -> %d, backjumps %d, relaxations %d (refuted %d), certificates reused %d",
			fs[0], sol != nil, base.nodes, e.nodes, e.jumps, e.relaxed, e.refuted, e.reused)
		for l, s := range e.sizes {
			if s[0] > 0 && how == "backjump" {
				t.Logf("  %d decisions above: %d failed branchings, %.2f of them in an explanation", l, s[0], float64(s[1])/float64(s[0]))
			}
		}
	}
	t.Logf("nodes in all: %d -> %d", plain, learnt)
}
