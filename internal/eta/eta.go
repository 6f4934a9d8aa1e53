// Package eta estimates how much of a count is done and the time it has
// left, from the cost model of its units corrected by the times the
// units measured.
//
// The share done is the planned cost done (units done, and the done
// shares of those in progress) over the planned cost of all: it never
// falls. The time left weighs the cost left by the time per unit of cost
// measured. The model ranks units well but weighs them roughly, so a
// systematic sample of the units is counted first ([Estimator.Order]),
// and each stratum of equal cost is timed on its own units, drawn toward
// all units' time while it has few (docs/benchmarks.md says why).
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
	total   float64 // the cost of all units
	share   float64 // the largest share done reported
}

// stratum sums the costs of a run of units in plan order: of all of them,
// of those done, of those resumed, and of those done with a time, with
// the time.
type stratum struct {
	cost, done, resumed, timed float64
	took                       float64 // seconds
	units                      int
	from, to                   int // its units, [from, to) in plan order
}

// Share is a unit being counted, the share of it done, and the time its
// worker has spent on it so far (0: unknown, taken as the whole time of
// the count).
type Share struct {
	Unit int
	Done float64
	Took time.Duration
}

// New returns the estimator of a count of units with the given costs,
// in plan order, on the given number of workers.
func New(costs []float64, workers int) *Estimator {
	e := &Estimator{cost: costs, stratum: make([]int32, len(costs)), done: make([]bool, len(costs)), left: len(costs), workers: max(workers, 1)}
	var total float64
	for _, c := range costs {
		total += c
	}
	e.total = total
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
		st.units++
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
// the units in progress. Resumed units count as done. The share is the
// planned cost done, in-progress units by their share, and never falls.
//
// The time left is each stratum's cost left times its time per unit of
// cost (its own units' time, with half a unit's worth of all units'),
// over the workers busy. It is known (ok) once the count has counted for
// a second and timed half an average unit's cost.
func (e *Estimator) Estimate(elapsed time.Duration, inflight []Share) (share float64, left time.Duration, ok bool) {
	now := make([]float64, len(e.s))  // cost done per stratum, in progress included
	busy := make([]float64, len(e.s)) // cost in progress per stratum
	took := make([]float64, len(e.s)) // seconds spent on the units in progress
	var done float64
	for i, st := range e.s {
		now[i] = st.done
		done += st.done
	}
	t := elapsed.Seconds()
	for _, f := range inflight {
		if f.Unit < 0 || f.Unit >= len(e.cost) || e.done[f.Unit] {
			continue
		}
		si := e.stratum[f.Unit]
		c := min(max(f.Done, 0), 1) * e.cost[f.Unit]
		now[si] += c
		busy[si] += c
		done += c
		secs := f.Took.Seconds()
		if f.Took <= 0 {
			secs = t
		}
		took[si] += secs
	}
	if e.left == 0 || e.total <= 0 {
		e.share = 1
		return 1, 0, true
	}
	share = min(max(done/e.total, e.share, 0), 1)
	e.share = share
	// The time per unit of cost of all units, and of each stratum.
	var allTook, allCost float64
	for i, st := range e.s {
		allTook += st.took + took[i]
		allCost += st.timed + busy[i]
	}
	// A fraction of a unit measured tells little: the first items of a
	// unit pay for its start.
	if t < 1 || allTook <= 0 || allCost < e.total/float64(2*len(e.cost)) {
		return share, 0, false
	}
	all := allTook / allCost
	var work float64 // seconds of one worker left
	for i, st := range e.s {
		prior := st.cost / float64(2*max(st.units, 1))
		ratio := (st.took + took[i] + prior*all) / (st.timed + busy[i] + prior)
		work += ratio * max(st.cost-now[i], 0)
	}
	workers := float64(min(e.workers, e.left))
	return share, time.Duration(work / workers * float64(time.Second)), true
}
