// Package eta estimates how much of a count is done and the time it has
// left, from the cost model of its units corrected by the times the
// units measured.
//
// The model's costs rank the units well but weigh them only roughly: at
// N = 18 the time per unit of cost differs by a factor of three between
// parts of the plan. So the plan is cut into strata of equal cost, a
// small block of units from the middle of each is counted first (see
// [Estimator.Order]), and each stratum's time per unit of cost is
// measured on its own units: after some 4 % of the work the estimate
// rests on a sample of the whole plan, and later on the units counted.
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
}

// stratum sums the costs of a run of units in plan order: of all of them,
// of those done, and of those done with a time, with the time.
type stratum struct {
	cost, done, timed float64
	took              float64 // seconds
	from, to          int     // its units, [from, to) in plan order
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

// Order returns the units in the order to count them: a block from the
// middle of each stratum, of about sampleShare of the stratum's cost
// (one unit at least), then the others in plan order. Plans of fewer
// than 4·strata units keep their order.
func (e *Estimator) Order() []int {
	order := make([]int, 0, len(e.cost))
	if len(e.cost) < 4*strata {
		for i := range e.cost {
			order = append(order, i)
		}
		return order
	}
	picked := make([]bool, len(e.cost))
	for _, st := range e.s {
		want := st.cost * sampleShare
		var got float64
		for i := st.from + (st.to-st.from)/2; i < st.to && (got == 0 || got < want); i++ {
			order = append(order, i)
			picked[i] = true
			got += e.cost[i]
		}
	}
	for i := range e.cost {
		if !picked[i] {
			order = append(order, i)
		}
	}
	return order
}

// Skip marks a unit done before the count began, as from a checkpoint:
// it counts as done, with no time.
func (e *Estimator) Skip(unit int) {
	if e.done[unit] {
		return
	}
	e.done[unit] = true
	e.left--
	e.s[e.stratum[unit]].done += e.cost[unit]
}

// Done marks a unit done by the count, in the given time of its worker.
func (e *Estimator) Done(unit int, took time.Duration) {
	if e.done[unit] {
		return
	}
	e.Skip(unit)
	st := &e.s[e.stratum[unit]]
	st.timed += e.cost[unit]
	st.took += took.Seconds()
}

// Estimate returns the share of the work done, from 0 to 1, and the time
// left, given the time the count has been counting (not setting up) and
// the units in progress. The time left is known (ok) once a unit is done
// or some progress of the units in progress is shown. Resumed units
// count as done, and the time left assumes every worker busy while
// units are left for all of them.
func (e *Estimator) Estimate(elapsed time.Duration, inflight []Share) (share float64, left time.Duration, ok bool) {
	// The time per unit of cost: of each stratum timed, and of all
	// the units timed for the others.
	var timed, took, partial float64
	for _, st := range e.s {
		timed += st.timed
		took += st.took
	}
	for _, f := range inflight {
		if f.Unit >= 0 && f.Unit < len(e.cost) && !e.done[f.Unit] {
			partial += f.Done * e.cost[f.Unit]
		}
	}
	global := 0.0
	switch {
	case timed > 0:
		global = took / timed
	case partial > 0 && elapsed > 0:
		// No unit done yet: the work shown so far, by every worker busy.
		global = elapsed.Seconds() * float64(min(e.workers, max(len(inflight), 1))) / partial
	}
	ratio := func(st *stratum) float64 {
		if st.timed > 0 {
			return st.took / st.timed
		}
		return global
	}
	var all, done, rest float64 // in seconds of one worker, or in cost while nothing is timed
	for i := range e.s {
		st := &e.s[i]
		r := ratio(st)
		if global == 0 {
			r = 1
		}
		all += r * st.cost
		done += r * st.done
		rest += r * (st.cost - st.done)
	}
	for _, f := range inflight {
		if f.Unit >= 0 && f.Unit < len(e.cost) && !e.done[f.Unit] {
			r := ratio(&e.s[e.stratum[f.Unit]])
			if global == 0 {
				r = 1
			}
			done += r * f.Done * e.cost[f.Unit]
			rest -= r * f.Done * e.cost[f.Unit]
		}
	}
	switch {
	case all <= 0 || e.left == 0:
		share = 1
	default:
		share = min(max(done/all, 0), 1)
	}
	if e.left == 0 {
		return 1, 0, true
	}
	if global == 0 {
		return share, 0, false
	}
	busy := float64(min(e.workers, e.left))
	return share, time.Duration(max(rest, 0) / busy * float64(time.Second)), true
}
