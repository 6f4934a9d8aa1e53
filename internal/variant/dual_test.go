package variant

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// dualLP is the relaxation of relax.go solved below the root by a bounded
// dual simplex from the basis of the nearest ancestor that solved it, kept
// to measure what that would save the search (see docs/benchmarks.md,
// "What did not pay"). The programme is the root's throughout: below it a
// queen fixes its square's variable at 1, and every square no longer free
// is fixed at 0, so that a node only tightens bounds. Each variable has a
// small random cost; the parent's optimal basis stays dual feasible under
// tighter bounds, and a few dual pivots restore primal feasibility or
// meet a row that proves there is none: that row of the basis inverse is
// a Farkas certificate, which the search checks in integers.
type dualLP struct {
	p      *relaxation
	m, nv  int
	sqVar  [64][64]int32 // each square's variable, −1
	kind   []int8        // each line's family: 0 row, 1 column, 2 sum, 3 difference
	index  []int         // each line's row, column, r+c or r−c+n−1
	cost   []float64
	st     dualState   // the current basis
	saved  []dualState // the states of the ancestors that solved, by level
	levels []int
	rho    []float64
	alpha  []float64 // the entering column B⁻¹a
	row    []float64 // the pivot row, by variable
	nz     []int32   // the nonzero columns of the pivot row of B⁻¹

	solves, pivots, infeasible, gaveUp, roundFail uint64
}

// dualState is a basis: its inverse, row-major, each row's basic
// variable, the basic values, and by variable (the squares, then a
// slack for each line) the reduced costs and the bounds: a variable is
// fixed at lo, or free from lo up.
type dualState struct {
	binv  []float64
	head  []int32
	pos   []int32 // the row of each basic variable, −1
	xb    []float64
	d     []float64
	lo    []float64
	fixed []bool
}

func (st *dualState) copyFrom(o *dualState) {
	st.binv = append(st.binv[:0], o.binv...)
	st.head = append(st.head[:0], o.head...)
	st.pos = append(st.pos[:0], o.pos...)
	st.xb = append(st.xb[:0], o.xb...)
	st.d = append(st.d[:0], o.d...)
	st.lo = append(st.lo[:0], o.lo...)
	st.fixed = append(st.fixed[:0], o.fixed...)
}

// newDualLP returns the root relaxation of in with the slack basis.
func newDualLP(in *Instance, seed uint64) *dualLP {
	p, ok := newRelaxation(in)
	if !ok {
		return nil
	}
	m, nv := len(p.lines), len(p.squares)
	lp := &dualLP{p: p, m: m, nv: nv, kind: make([]int8, m), index: make([]int, m)}
	for r := range lp.sqVar {
		for c := range lp.sqVar[r] {
			lp.sqVar[r][c] = -1
		}
	}
	for v, q := range p.squares {
		lp.sqVar[q.Row][q.Col] = int32(v)
		keys := [4]int{q.Row, q.Col, q.Row + q.Col, q.Row - q.Col + in.N - 1}
		for k, l := range p.of[v] {
			if l >= 0 {
				lp.kind[l], lp.index[l] = int8(k), keys[k]
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 59))
	lp.cost = make([]float64, nv+m)
	for v := range nv {
		lp.cost[v] = 1 + rng.Float64()
	}
	st := &lp.st
	st.binv = make([]float64, m*m)
	st.head, st.pos, st.xb = make([]int32, m), make([]int32, nv+m), make([]float64, m)
	st.d, st.lo, st.fixed = slicesClone(lp.cost), make([]float64, nv+m), make([]bool, nv+m)
	for j := range st.pos {
		st.pos[j] = -1
	}
	for i := range m {
		st.binv[i*m+i] = 1
		st.head[i], st.pos[nv+i] = int32(nv+i), int32(i)
		st.xb[i] = 1
		st.fixed[nv+i] = i < p.eq // the slack of "= 1" is 0
	}
	lp.rho, lp.alpha, lp.row = make([]float64, m), make([]float64, m), make([]float64, nv+m)
	return lp
}

func slicesClone(x []float64) []float64 { return append([]float64(nil), x...) }

// column adds f times B⁻¹ times variable j's column to x.
func (lp *dualLP) column(x []float64, j int, f float64) {
	m, binv := lp.m, lp.st.binv
	if j >= lp.nv {
		for i := range m {
			x[i] += f * binv[i*m+j-lp.nv]
		}
		return
	}
	for _, l := range lp.p.of[j] {
		if l >= 0 {
			for i := range m {
				x[i] += f * binv[i*m+int(l)]
			}
		}
	}
}

// setBounds tightens the bounds to those of the node: queen holds each
// row's queen (−1 none), free each empty row's free squares.
func (lp *dualLP) setBounds(queen *[64]int, open uint64, frees *[64]uint64) {
	st := &lp.st
	for v, q := range lp.p.squares {
		lo, fixed := 0.0, true
		switch {
		case queen[q.Row] == q.Col:
			lo = 1
		case open>>q.Row&1 != 0 && frees[q.Row]>>q.Col&1 != 0:
			fixed = false
		}
		if fixed && !st.fixed[v] || lo != st.lo[v] {
			if st.pos[v] < 0 && lo != st.lo[v] {
				lp.column(st.xb, v, -(lo - st.lo[v]))
			}
			st.lo[v], st.fixed[v] = lo, fixed
		}
	}
}

// solve runs the dual simplex from the current basis under the node's
// bounds; it returns the certificate of the row that proves the node has
// no solution, by line (u for the rows and columns, −v for the
// diagonals), or nil where the relaxation has a solution or the simplex
// gives up.
func (lp *dualLP) solve(maxPivots int) []float64 {
	lp.solves++
	st := &lp.st
	m, nv := lp.m, lp.nv
	const tol = 1e-9
	for range maxPivots {
		// The leaving row: the basic variable farthest out of its bounds.
		r, worst, below := -1, 1e-7, false
		for i, x := range st.xb {
			j := int(st.head[i])
			if e := st.lo[j] - x; e > worst {
				r, worst, below = i, e, true
			} else if st.fixed[j] {
				if e := x - st.lo[j]; e > worst {
					r, worst, below = i, e, false
				}
			}
		}
		if r < 0 {
			return nil // feasible
		}
		copy(lp.rho, st.binv[r*m:(r+1)*m])
		// The entering variable: the least ratio d/|α| among the free
		// nonbasic variables whose α has the sign that moves the row
		// toward its bound; among near ties the largest |α|.
		q, ratio, big := -1, math.Inf(1), 0.0
		for j := range nv + m {
			if st.pos[j] >= 0 || st.fixed[j] {
				continue
			}
			var a float64
			if j >= nv {
				a = lp.rho[j-nv]
			} else {
				for _, l := range lp.p.of[j] {
					if l >= 0 {
						a += lp.rho[l]
					}
				}
			}
			lp.row[j] = a
			if below {
				a = -a
			}
			if a <= tol {
				continue
			}
			x := st.d[j] / a
			if x < ratio-tol || x <= ratio+tol && a > big {
				q, ratio, big = j, x, a
			}
		}
		if q < 0 {
			lp.infeasible++
			y := slicesClone(lp.rho)
			if below {
				for i := range y {
					y[i] = -y[i]
				}
			}
			return y
		}
		lp.pivots++
		aq := lp.row[q]
		thetaD := st.d[q] / aq
		for j := range nv + m {
			if st.pos[j] < 0 && !st.fixed[j] {
				st.d[j] -= thetaD * lp.row[j]
			}
		}
		leave := int(st.head[r])
		st.d[leave], st.d[q] = -thetaD, 0
		clear(lp.alpha)
		lp.column(lp.alpha, q, 1)
		bound := st.lo[leave]
		t := (st.xb[r] - bound) / lp.alpha[r]
		for i, a := range lp.alpha {
			st.xb[i] -= t * a
		}
		st.xb[r] = st.lo[q] + t
		// B⁻¹ ← E B⁻¹.
		pr := st.binv[r*m : (r+1)*m]
		inv := 1 / lp.alpha[r]
		nz := lp.nz[:0]
		for k, x := range pr {
			if x != 0 {
				pr[k] = x * inv
				nz = append(nz, int32(k))
			}
		}
		lp.nz = nz
		for i, a := range lp.alpha {
			if i == r || a == 0 {
				continue
			}
			axpy(st.binv[i*m:(i+1)*m], pr, nz, -a)
		}
		st.pos[leave], st.pos[q] = -1, int32(r)
		st.head[r] = int32(q)
	}
	lp.gaveUp++
	return nil
}

// enter makes the basis that of the nearest ancestor of a node at level
// (the decisions above it) that solved, or the root's.
func (lp *dualLP) enter(level int) {
	for len(lp.levels) > 0 && lp.levels[len(lp.levels)-1] >= level {
		lp.levels = lp.levels[:len(lp.levels)-1]
	}
	if k := len(lp.levels); k > 0 {
		lp.st.copyFrom(&lp.saved[k-1])
	} else if len(lp.saved) > 0 {
		lp.st.copyFrom(&lp.saved[0]) // the root
	}
}

// keep saves the basis of a node at level for its descendants.
func (lp *dualLP) keep(level int) {
	k := len(lp.levels) + 1 // saved[0] is the root's
	for len(lp.saved) <= k {
		lp.saved = append(lp.saved, dualState{})
	}
	lp.saved[k].copyFrom(&lp.st)
	lp.levels = append(lp.levels, level)
}

// keepRoot saves the root's basis.
func (lp *dualLP) keepRoot() {
	if len(lp.saved) == 0 {
		lp.saved = append(lp.saved, dualState{})
	}
	lp.saved[0].copyFrom(&lp.st)
}

// certify turns the weights y by line into a certificate by line in
// integers, u rounded and v rounded up.
func (lp *dualLP) certify(y []float64) learned {
	var z learned
	for l, x := range y {
		i := lp.index[l]
		switch lp.kind[l] {
		case 0:
			z.row[i] = int64(math.Round(x * lpScale))
		case 1:
			z.col[i] = int64(math.Round(x * lpScale))
		case 2:
			z.sum[i] = max(0, int64(math.Ceil(-x*lpScale)))
		case 3:
			z.diff[i] = max(0, int64(math.Ceil(-x*lpScale)))
		}
	}
	return z
}

// strictlyProves reports whether z is a certificate of the node as it
// stands, without repair: no free square in excess, and the empty lines'
// weights above the free diagonals'.
func strictlyProves(n int, z *learned, open uint64, frees *[64]uint64, need uint64) bool {
	var total int64
	var sums, diffs [128]bool
	for x := open; x != 0; x &= x - 1 {
		r := bits.TrailingZeros64(x)
		total += z.row[r]
		for y := frees[r]; y != 0; y &= y - 1 {
			c := bits.TrailingZeros64(y)
			s, d := r+c, r-c+n-1
			if z.row[r]+z.col[c]-z.sum[s]-z.diff[d] > 0 {
				return false
			}
			sums[s], diffs[d] = true, true
		}
	}
	for x := need; x != 0; x &= x - 1 {
		total += z.col[bits.TrailingZeros64(x)]
	}
	for k := range 2*n - 1 {
		if sums[k] {
			total -= z.sum[k]
		}
		if diffs[k] {
			total -= z.diff[k]
		}
	}
	return total > 0
}

// lagrangian is a cheaper bound measured beside the dual simplex: each
// empty row takes the free square of the largest u(col) − v(sum) −
// v(diff), and the node has no solution where Σ u(need) − Σ v − Σ those
// largest values is above 0 (the certificate of relax.go with each row's
// weight the least it may be). Subgradient steps raise that sum from the
// multipliers its parent ended with, each a pass over the free squares.
type lagrangian struct {
	steps     int
	col       [65][64]float64
	sum, diff [65][128]float64
	// At the nodes the simplex refutes: how many, how many the steps
	// prove, and the steps that took; at the others, the steps spent.
	lpRefuted, proved, provedSteps, otherSteps uint64
}

// ascend runs at most g.steps steps at a node at level and returns the
// steps that proved it has no solution, 0 where none did; the
// multipliers it ends with are those of level.
func (g *lagrangian) ascend(n, level int, open uint64, frees *[64]uint64, need uint64) int {
	u, s, d := &g.col[level], &g.sum[level], &g.diff[level]
	if level > 0 {
		*u, *s, *d = g.col[level-1], g.sum[level-1], g.diff[level-1]
	} else {
		*u, *s, *d = [64]float64{}, [128]float64{}, [128]float64{}
	}
	var hasS, hasD [128]bool
	for x := open; x != 0; x &= x - 1 {
		r := bits.TrailingZeros64(x)
		for y := frees[r]; y != 0; y &= y - 1 {
			c := bits.TrailingZeros64(y)
			hasS[r+c], hasD[r-c+n-1] = true, true
		}
	}
	for step := 1; step <= g.steps; step++ {
		var cnt [64]int
		var cs, cd [128]int
		var l float64
		for x := open; x != 0; x &= x - 1 {
			r := bits.TrailingZeros64(x)
			best, bc := math.Inf(-1), 0
			for y := frees[r]; y != 0; y &= y - 1 {
				c := bits.TrailingZeros64(y)
				if v := u[c] - s[r+c] - d[r-c+n-1]; v > best {
					best, bc = v, c
				}
			}
			l -= best
			cnt[bc]++
			cs[r+bc]++
			cd[r-bc+n-1]++
		}
		for x := need; x != 0; x &= x - 1 {
			l += u[bits.TrailingZeros64(x)]
		}
		for k := range 2*n - 1 {
			if hasS[k] {
				l -= s[k]
			}
			if hasD[k] {
				l -= d[k]
			}
		}
		if l > 1e-6 && g.exact(n, open, frees, need, u, s, d) {
			return step
		}
		// The subgradient: a column wants one row, a diagonal at most
		// one; a Polyak step towards a sum of 1 (the bound is
		// homogeneous, so any positive target will do).
		var norm float64
		for x := need; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			norm += float64((1 - cnt[c]) * (1 - cnt[c]))
		}
		for k := range 2*n - 1 {
			if hasS[k] && (cs[k] > 1 || s[k] > 0) {
				norm += float64((cs[k] - 1) * (cs[k] - 1))
			}
			if hasD[k] && (cd[k] > 1 || d[k] > 0) {
				norm += float64((cd[k] - 1) * (cd[k] - 1))
			}
		}
		if norm == 0 {
			return 0 // every row on its own column and diagonals: a solution of the relaxation
		}
		t := (1 - l) / norm
		for x := need; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			u[c] += t * float64(1-cnt[c])
		}
		for k := range 2*n - 1 {
			if hasS[k] {
				s[k] = max(0, s[k]+t*float64(cs[k]-1))
			}
			if hasD[k] {
				d[k] = max(0, d[k]+t*float64(cd[k]-1))
			}
		}
	}
	return 0
}

// exact checks the bound of ascend in integers: the multipliers scaled
// and rounded, v up, and each row's weight the least it may be.
func (g *lagrangian) exact(n int, open uint64, frees *[64]uint64, need uint64, u *[64]float64, s, d *[128]float64) bool {
	var z learned
	for c := range n {
		z.col[c] = int64(math.Round(u[c] * lpScale))
	}
	for k := range 2*n - 1 {
		z.sum[k] = max(0, int64(math.Ceil(s[k]*lpScale)))
		z.diff[k] = max(0, int64(math.Ceil(d[k]*lpScale)))
	}
	for x := open; x != 0; x &= x - 1 {
		r := bits.TrailingZeros64(x)
		best := int64(math.MinInt64)
		for y := frees[r]; y != 0; y &= y - 1 {
			c := bits.TrailingZeros64(y)
			best = max(best, z.col[c]-z.sum[r+c]-z.diff[r-c+n-1])
		}
		z.row[r] = -best
	}
	return strictlyProves(n, &z, open, frees, need)
}
