package variant

import (
	"context"
	"math"
)

// The linear relaxation of an instance: a variable from 0 to 1 for every
// square a queen may still take, each empty row and column in use summing
// to 1, each diagonal to at most 1. When it has no solution neither has the
// instance, and a Farkas certificate says so: a number u for each row and
// column, one v ≥ 0 for each diagonal, with u(row) + u(col) − v(sum) −
// v(diff) ≤ 0 on every open square and Σu − Σv > 0. (Sum the constraints
// with those weights: a point of the relaxation would make the left side
// at least Σu − Σv > 0 and at most 0.) The simplex below finds such
// weights in floating point; refute scales and rounds them to integers and
// checks them exactly, so that a "no" from the relaxation is a proof
// whatever the rounding of the simplex.

// relaxation is the programme: the variables are the open squares, the
// constraints the lines, the first eq of them "= 1" (the empty rows, then
// the empty columns), the others "≤ 1" (the diagonals with two or more
// open squares).
type relaxation struct {
	squares []Square
	lines   [][]int32 // each constraint's variables
	eq      int
	// Each variable's constraints: its row and column and its two
	// diagonals, −1 where the diagonal is no constraint.
	of [][4]int32
}

// newRelaxation builds the relaxation of the instance; ok is false where
// a preset queen stands on a square it may not take (the search refuses
// such an instance itself).
func newRelaxation(in *Instance) (p *relaxation, ok bool) {
	n := in.N
	allow := in.allowed()
	rowUsed, colUsed := lineSet(n, in.Rows), lineSet(n, in.Cols)
	rowDone, colDone := make([]bool, n), make([]bool, n)
	sumDone, diffDone := make([]bool, 2*n-1), make([]bool, 2*n-1)
	for _, q := range in.Queens {
		if !allow[q.Row].has(q.Col) {
			return nil, false
		}
		rowDone[q.Row], colDone[q.Col] = true, true
		sumDone[q.Row+q.Col], diffDone[q.Row-q.Col+n-1] = true, true
	}
	p = &relaxation{}
	rowLine, colLine := make([]int32, n), make([]int32, n)
	for i := range n {
		rowLine[i], colLine[i] = -1, -1
	}
	for r := range n {
		if rowUsed.has(r) && !rowDone[r] {
			rowLine[r] = int32(len(p.lines))
			p.lines = append(p.lines, nil)
		}
	}
	for c := range n {
		if colUsed.has(c) && !colDone[c] {
			colLine[c] = int32(len(p.lines))
			p.lines = append(p.lines, nil)
		}
	}
	p.eq = len(p.lines)
	sums, diffs := make([][]int32, 2*n-1), make([][]int32, 2*n-1)
	for r := range n {
		for c := range n {
			if !allow[r].has(c) || rowLine[r] < 0 || colLine[c] < 0 || sumDone[r+c] || diffDone[r-c+n-1] {
				continue
			}
			v := int32(len(p.squares))
			p.squares = append(p.squares, Square{r, c})
			p.lines[rowLine[r]] = append(p.lines[rowLine[r]], v)
			p.lines[colLine[c]] = append(p.lines[colLine[c]], v)
			sums[r+c] = append(sums[r+c], v)
			diffs[r-c+n-1] = append(diffs[r-c+n-1], v)
			p.of = append(p.of, [4]int32{rowLine[r], colLine[c], -1, -1})
		}
	}
	for k, ds := range [][][]int32{sums, diffs} {
		for _, d := range ds {
			if len(d) < 2 {
				continue
			}
			for _, v := range d {
				p.of[v][2+k] = int32(len(p.lines))
			}
			p.lines = append(p.lines, d)
		}
	}
	return p, true
}

// Tolerances of the simplex.
const (
	lpEps      = 1e-9 // a pivot or a reduced cost smaller than this is 0
	lpInfeas   = 1e-6 // a phase 1 optimum above this may be a refutation
	lpScale    = 1 << 24
	lpMaxPivot = 40 // times the constraints: the pivots before giving up
)

// farkas runs phase 1 of the simplex on the relaxation: it minimises the
// sum of an artificial variable in each "= 1" constraint, from the basis
// of the artificial and slack variables. At an optimum above zero the
// reduced costs give the weights of a certificate: u = 1 − d(artificial)
// for the equalities, v = d(slack) for the diagonals. farkas returns
// nil where the relaxation has a solution, or where it gives up (too many
// pivots, or ctx cancelled).
func (p *relaxation) farkas(ctx context.Context) []float64 {
	m, nv := len(p.lines), len(p.squares)
	if p.eq == 0 {
		return nil
	}
	w := nv + m + 1 // the columns: the variables, the identity, the right-hand side
	t := make([]float64, m*w)
	for i, l := range p.lines {
		row := t[i*w : (i+1)*w]
		for _, v := range l {
			row[v] = 1
		}
		row[nv+i] = 1
		row[w-1] = 1
	}
	// d holds the reduced costs and, last, minus the objective.
	d := make([]float64, w)
	for i := range p.eq {
		for j, x := range t[i*w : (i+1)*w] {
			d[j] -= x
		}
		d[nv+i] = 0 // basic
	}
	basis := make([]int, m)
	for i := range basis {
		basis[i] = nv + i
	}
	degenerate := 0
	nz := make([]int32, 0, w) // the columns where the pivot row is not 0
	for pivots := 0; ; pivots++ {
		if pivots > lpMaxPivot*m {
			return nil
		}
		if ctx.Err() != nil { // the search decided: a pivot costs far more than this
			return nil
		}
		bland := degenerate > 50
		// The entering column: the most negative reduced cost, or under
		// Bland's rule, to leave a cycle of degenerate pivots, the first.
		q, best := -1, -lpEps
		for j, x := range d[:w-1] {
			if x < best {
				q, best = j, x
				if bland {
					break
				}
			}
		}
		if q < 0 {
			break // optimal
		}
		// The leaving row: the smallest ratio; among ties the largest
		// pivot, or under Bland's rule the smallest basic variable.
		r, ratio, piv := -1, math.Inf(1), 0.0
		for i := range m {
			a := t[i*w+q]
			if a <= lpEps {
				continue
			}
			x := t[i*w+w-1] / a
			switch {
			case x < ratio-lpEps:
			case x <= ratio+lpEps && (bland && basis[i] < basis[r] || !bland && a > piv):
			default:
				continue
			}
			r, ratio, piv = i, x, a
		}
		if r < 0 {
			return nil // unbounded: cannot happen in phase 1
		}
		if ratio > lpEps {
			degenerate = 0
		} else {
			degenerate++
		}
		pr := t[r*w : (r+1)*w]
		inv := 1 / pr[q]
		nz = nz[:0]
		for j, x := range pr {
			if x != 0 {
				pr[j] = x * inv
				nz = append(nz, int32(j))
			}
		}
		pr[q] = 1
		for i := range m {
			if i == r {
				continue
			}
			row := t[i*w : (i+1)*w]
			if f := row[q]; f != 0 {
				axpy(row, pr, nz, -f)
				row[q] = 0
			}
		}
		if f := d[q]; f != 0 {
			axpy(d, pr, nz, -f)
			d[q] = 0
		}
		basis[r] = q
	}
	if -d[w-1] < lpInfeas {
		return nil // the relaxation has a solution
	}
	y := make([]float64, m)
	for i := range m {
		if i < p.eq {
			y[i] = 1 - d[nv+i]
		} else {
			y[i] = d[nv+i]
		}
	}
	return y
}

// axpy adds f times x to y, where x is zero outside nz.
func axpy(y, x []float64, nz []int32, f float64) {
	x = x[:len(y)]
	for _, j := range nz {
		y[j] += f * x[j]
	}
}

// certificate turns the weights of farkas into integers, u for the
// equalities and v for the diagonals, and repairs what rounding broke: on a
// square where u(row) + u(col) − v(sum) − v(diff) is above 0 it raises
// v of a diagonal, or lowers u of the row, by the excess.
func (p *relaxation) certificate(y []float64) []int64 {
	z := make([]int64, len(y))
	for i, x := range y {
		if i < p.eq {
			z[i] = int64(math.Round(x * lpScale))
		} else {
			z[i] = max(0, int64(math.Ceil(x*lpScale)))
		}
	}
	for v := range p.squares {
		if e := p.excess(z, v); e > 0 {
			switch of := p.of[v]; {
			case of[2] >= 0:
				z[of[2]] += e
			case of[3] >= 0:
				z[of[3]] += e
			default:
				z[of[0]] -= e
			}
		}
	}
	return z
}

// excess returns u(row) + u(col) − v(sum) − v(diff) on the square of
// variable v.
func (p *relaxation) excess(z []int64, v int) int64 {
	of := p.of[v]
	e := z[of[0]] + z[of[1]]
	for _, k := range of[2:] {
		if k >= 0 {
			e -= z[k]
		}
	}
	return e
}

// proves reports whether the integer weights z are a Farkas certificate
// of the relaxation: v ≥ 0 on every diagonal, no excess on any square,
// and Σu − Σv > 0. The sums stay far within 64 bits: the weights are
// below 2^40 and there are fewer than 2^9 of them.
func (p *relaxation) proves(z []int64) bool {
	if len(z) != len(p.lines) {
		return false
	}
	var total int64
	for i, x := range z {
		if x < -1<<40 || x > 1<<40 {
			return false
		}
		if i < p.eq {
			total += x
			continue
		}
		if x < 0 {
			return false
		}
		total -= x
	}
	for v := range p.squares {
		if p.excess(z, v) > 0 {
			return false
		}
	}
	return total > 0
}

// refute reports whether the linear relaxation of the instance has no
// solution, with a certificate checked in integers: then neither has the
// instance. A false says nothing.
func refute(ctx context.Context, in *Instance) bool {
	if in.N > 64 {
		return false
	}
	p, ok := newRelaxation(in)
	if !ok {
		return false
	}
	for l := range p.eq {
		if len(p.lines[l]) == 0 {
			return true // an empty row or column: u = 1 there, 0 elsewhere
		}
	}
	y := p.farkas(ctx)
	if y == nil {
		return false
	}
	return p.proves(p.certificate(y))
}
