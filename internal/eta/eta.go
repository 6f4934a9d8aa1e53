// Package eta estimates how much of a count is done and the time it has
// left, from the cost model of its units corrected by the times the
// units measured.
//
// The model's costs rank the units well but weigh them only roughly: at
// N = 18 the time per unit of cost differs by a factor of three between
// parts of the plan, and a few units take a hundred times the time of
// others of the same cost. So a systematic sample of the units, one in
// 25 spread over the whole plan, is counted first (see
// [Estimator.Order]); the plan is cut into strata of equal cost, and each
// stratum's time per unit of cost is measured on its own units: after
// some 4 % of the work the weights rest on a sample of the whole plan,
// and later on the units counted. The pace of the count is measured on
// the weighted work.
package eta

import (
	"time"
)

// strata is the number of strata of a plan; sampleShare is the share of
// the cost that the sample blocks count first.
const (
	strata      = 25
	sampleShare = 0.04
)

// Estimator follows one count. It is not safe for concurrent use.
type Estimator struct {
	cost    []float64
	stratum []int32 // each unit's stratum
	s       []stratum
	done    []bool
	left    int // units not done
	workers int
	history []point
}

// stratum sums the costs of a run of units in plan order: of all of them,
// of those done, of those resumed, and of those done with a time, with
// the time.
type stratum struct {
	cost, done, resumed, timed float64
	took                       float64 // seconds
	from, to                   int     // its units, [from, to) in plan order
}

// Share is a unit being counted and the share of it done.
type Share struct {
	Unit int
	Done float64
}

// New returns the estimator of a count of units with the given costs,
// in plan order, on the given number of workers.
func New(costs []float64, workers int) *Estimator {
	e := &Estimator{cost: costs, stratum: make([]int32, len(costs)), done: make([]bool, len(costs)), left: len(costs), workers: max(workers, 1)}
	var total float64
	for _, c := range costs {
		total += c
	}
	k := min(strata, len(costs))
	e.s = make([]stratum, max(k, 1))
	var acc float64
	for i, c := range costs {
		si := 0
		if total > 0 {
			si = min(int(acc/total*float64(k)), k-1)
		}
		acc += c
		e.stratum[i] = int32(si)
		st := &e.s[si]
		if st.cost == 0 && st.to == 0 {
			st.from = i
		}
		st.cost += c
		st.to = i + 1
	}
	return e
}

// Order returns the units in the order to count them: a systematic
// sample first, one unit in 1/sampleShare from the middle of each run of
// that many, then the others in plan order. Plans of fewer than
// 4·strata units keep their order.
func (e *Estimator) Order() []int {
	order := make([]int, 0, len(e.cost))
	if len(e.cost) < 4*strata {
		for i := range e.cost {
			order = append(order, i)
		}
		return order
	}
	stride := int(1 / sampleShare)
	for i := stride / 2; i < len(e.cost); i += stride {
		order = append(order, i)
	}
	for i := range e.cost {
		if i%stride != stride/2 {
			order = append(order, i)
		}
	}
	return order
}

// Skip marks a unit done before the count began, as from a checkpoint:
// it counts as done, with no time. Skips come before the first Estimate.
func (e *Estimator) Skip(unit int) {
	if e.mark(unit) {
		e.s[e.stratum[unit]].resumed += e.cost[unit]
	}
}

// mark marks a unit done and reports whether it was not.
func (e *Estimator) mark(unit int) bool {
	if e.done[unit] {
		return false
	}
	e.done[unit] = true
	e.left--
	e.s[e.stratum[unit]].done += e.cost[unit]
	return true
}

// Done marks a unit done by the count, in the given time of its worker.
func (e *Estimator) Done(unit int, took time.Duration) {
	if e.mark(unit) {
		st := &e.s[e.stratum[unit]]
		st.timed += e.cost[unit]
		st.took += took.Seconds()
	}
}

// Estimate returns the share of the work done, from 0 to 1, and the time
// left, given the time the count has been counting (not setting up) and
// the units in progress. Resumed units count as done.
//
// The work is weighed by the time per unit of cost of each stratum (of
// all timed units for a stratum with none; by the cost alone while no
// unit is timed), and the time left is the work left at the pace of the
// last quarter of the count (ten seconds at least): on a computer shared
// with other work the pace changes, and the recent pace tells best what
// comes next. The pace is that of every worker busy; while fewer units
// are left than workers, it is that of the units left. The time left is
// known (ok) once the count has shown progress for a second.
func (e *Estimator) Estimate(elapsed time.Duration, inflight []Share) (share float64, left time.Duration, ok bool) {
	now := make([]float64, len(e.s))
	for i, st := range e.s {
		now[i] = st.done
	}
	for _, f := range inflight {
		if f.Unit >= 0 && f.Unit < len(e.cost) && !e.done[f.Unit] {
			now[e.stratum[f.Unit]] += min(max(f.Done, 0), 1) * e.cost[f.Unit]
		}
	}
	t := elapsed.Seconds()
	e.remember(t, now)
	if e.left == 0 {
		return 1, 0, true
	}
	ratio := e.ratios()
	var all, done float64
	for i, st := range e.s {
		all += ratio[i] * st.cost
		done += ratio[i] * now[i]
	}
	if all <= 0 {
		return 1, 0, true
	}
	share = min(max(done/all, 0), 1)
	// The pace, from the oldest point within the window.
	window := max(10, t/4)
	base := point{done: e.origin()}
	for _, p := range e.history {
		if p.t >= t-window {
			if p.t < t {
				base = p
			}
			break
		}
	}
	var before float64
	for i := range e.s {
		before += ratio[i] * base.done[i]
	}
	if t < 1 || t <= base.t || done <= before {
		return share, 0, false
	}
	pace := (done - before) / (t - base.t) / float64(e.workers) // work of one worker a second
	busy := float64(min(e.workers, e.left))
	return share, time.Duration((all - done) / (pace * busy) * float64(time.Second)), true
}

// point is the work done per stratum, units in progress included, at
// t seconds of counting.
type point struct {
	t    float64
	done []float64
}

// remember adds a point to the history, which keeps at most 128 points
// and thins its older half when full.
func (e *Estimator) remember(t float64, done []float64) {
	if n := len(e.history); n > 0 && e.history[n-1].t >= t {
		e.history[n-1] = point{t, done}
		return
	}
	e.history = append(e.history, point{t, done})
	if len(e.history) > 128 {
		kept := e.history[:0]
		for i, p := range e.history {
			if i >= 64 || i%2 == 0 {
				kept = append(kept, p)
			}
		}
		e.history = kept
	}
}

// origin returns the work done per stratum when the count began: the
// resumed units.
func (e *Estimator) origin() []float64 {
	o := make([]float64, len(e.s))
	for i, st := range e.s {
		o[i] = st.resumed
	}
	return o
}

// ratios returns the weight of a unit of cost in each stratum: its time
// per unit of cost, that of all timed units for a stratum with none, and
// 1 everywhere while no unit is timed.
func (e *Estimator) ratios() []float64 {
	var timed, took float64
	for _, st := range e.s {
		timed += st.timed
		took += st.took
	}
	r := make([]float64, len(e.s))
	for i, st := range e.s {
		switch {
		case st.timed > 0 && st.took > 0:
			r[i] = st.took / st.timed
		case timed > 0 && took > 0:
			r[i] = took / timed
		default:
			r[i] = 1
		}
	}
	return r
}
