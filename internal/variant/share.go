package variant

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// errSuspended stops the search of a unit of a shared search that has
// handed all it had yet to search over; it never leaves the package.
var errSuspended = errors.New("queens: suspended")

// sharedSearch looks for any solution of an instance on several
// goroutines without splitting its search first. It keeps a queue of
// units, each the queens placed beyond those of the instance, which
// starts with one: the whole search. A goroutine takes the first unit and
// searches it; one that finds the queue empty says so (hungry) and waits,
// and the next busy one to look whether to stop, within checkNodes nodes,
// suspends its search (see suspend): it puts all it has yet to search at
// the head of the queue, in the order of its search, and takes the first
// again. The queue thus holds the rest of the search in its one-goroutine
// order, and the goroutines work near its head, where the solutions are
// expected first. Unlike the split of Solve and Count (see runUnits), it
// starts at once, with no probe to throw away, and a goroutine may join
// it at any time.
type sharedSearch struct {
	base   *searcher // the search of the instance
	ctx    context.Context
	cancel context.CancelFunc

	hungry atomic.Bool // a goroutine waits for a unit

	mu   sync.Mutex
	wake sync.Cond // signalled on new units and once the search is decided
	// signals counts the signals of wake, so that a goroutine may wait
	// for the next without sleeping (see wait).
	signals   atomic.Uint64
	units     [][]Square
	waiting   int  // goroutines waiting for a unit
	busy      int  // goroutines searching a unit
	decided   bool // a solution, none, or an error
	sol       Solution
	err       error
	suspended int // suspensions, for the tests
}

// newSharedSearch returns the shared search of base under ctx, with one
// unit, the whole search.
func newSharedSearch(ctx context.Context, base *searcher) *sharedSearch {
	sh := &sharedSearch{base: base, units: [][]Square{nil}}
	sh.ctx, sh.cancel = context.WithCancel(ctx)
	sh.wake.L = &sh.mu
	return sh
}

// work searches units of sh until the search is decided.
func (sh *sharedSearch) work() {
	s := sh.base.clone(sh.ctx)
	defer s.release()
	for {
		unit, ok := sh.take()
		if !ok {
			return
		}
		s.reuse(sh.base)
		s.first, s.share = true, sh
		clear(s.branchings)
		for _, q := range unit {
			s.place(q.Row, q.Col)
		}
		s.search()
		sh.finish(s)
	}
}

// take returns the first unit of the queue, waiting for one while another
// goroutine searches; ok is false once the search is decided, which it
// is, without a solution, when the queue is empty and no goroutine
// searches.
func (sh *sharedSearch) take() (unit []Square, ok bool) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for !sh.decided {
		if len(sh.units) > 0 {
			unit = sh.units[0]
			sh.units = sh.units[1:]
			sh.busy++
			return unit, true
		}
		if sh.busy == 0 {
			sh.decide(nil, nil)
			break
		}
		sh.waiting++
		sh.hungry.Store(true)
		sh.wait()
		sh.waiting--
		sh.hungry.Store(sh.waiting > 0 && len(sh.units) == 0)
	}
	return nil, false
}

// spinWait is how long a goroutine that waits for a unit of a shared
// search looks for one before it sleeps (see wait): about ten times as
// long as a busy goroutine may take to hand its units over, checkNodes
// nodes.
const spinWait = 100 * time.Microsecond

// wait waits for the next signal of wake, or for wakeAfter at most once
// it sleeps; the caller holds sh.mu, which wait releases meanwhile, and
// looks again at what it waits for. For up to spinWait it keeps its
// processor and looks for the signal, yielding to any other goroutine
// that waits for one, and only then sleeps: a goroutine that sleeps takes
// a while to wake where the signal comes, up to a tenth of a millisecond
// on a virtual machine, where a spinning one takes a few microseconds.
func (sh *sharedSearch) wait() {
	seen := sh.signals.Load()
	sh.mu.Unlock()
	for start := time.Now(); sh.signals.Load() == seen && time.Since(start) < spinWait; {
		runtime.Gosched()
	}
	sh.mu.Lock()
	// signal counts under sh.mu, so that none can come between the look
	// and the sleep.
	if sh.signals.Load() == seen {
		// A sleep ends within wakeAfter even without a signal: the
		// caller looks again, so that no missed signal can leave it
		// waiting for good. Once, in a benchmark run of about 600,000
		// races, the calling goroutine of a race slept for good here,
		// its helper gone, while no test or rerun has met it again.
		alarm := time.AfterFunc(wakeAfter, func() {
			sh.mu.Lock()
			defer sh.mu.Unlock()
			if sh.signals.Load() == seen {
				sh.signal()
			}
		})
		sh.wake.Wait()
		alarm.Stop()
	}
}

// wakeAfter is the longest a goroutine that waits for a unit of a shared
// search sleeps before it looks again (see wait), signal or none.
const wakeAfter = time.Millisecond

// signal wakes the goroutines that wait for a change of sh. The caller
// holds sh.mu.
func (sh *sharedSearch) signal() {
	sh.signals.Add(1)
	sh.wake.Broadcast()
}

// finish takes the outcome of the search s of a unit.
func (sh *sharedSearch) finish(s *searcher) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.busy--
	switch {
	case sh.decided, errors.Is(s.err, errSuspended):
	case s.err != nil:
		sh.decide(nil, s.err)
	case s.found > 0:
		sh.decide(s.solCopy(), nil)
	}
}

// decide ends the search with sol, or err, or neither: no solution. The
// caller holds sh.mu.
func (sh *sharedSearch) decide(sol Solution, err error) {
	sh.decided, sh.sol, sh.err = true, sol, err
	sh.cancel() // the other goroutines stop within checkNodes nodes
	sh.signal()
}

// result returns the outcome of the search, and whether it is decided.
func (sh *sharedSearch) result() (r runResult, decided bool) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return runResult{sol: sh.sol, err: sh.err}, sh.decided
}

// pending returns all that s, a search of base that stopped or is about
// to, has yet to search, in the order s would search it, as units (see
// sharedSearch): the node s is at, then the squares that each branching
// of the path down to it has yet to try, from the deepest branching up.
func (s *searcher) pending(base *searcher) [][]Square {
	units := [][]Square{s.placed(base)}
	for m := bits.OnesCount64(s.open) + 1; m <= bits.OnesCount64(base.open); m++ {
		b := &s.branchings[m]
		if !b.untried() {
			continue
		}
		path := s.queens(base.open &^ b.open) // the queens above the branching
		add := func(r, c int) {
			units = append(units, append(path[:len(path):len(path)], Square{r, c}))
		}
		line := int(b.line)
		for rest := b.rest; rest != 0; rest &= rest - 1 {
			if b.column {
				add(bits.TrailingZeros64(rest), line)
			} else {
				add(line, bits.TrailingZeros64(rest))
			}
		}
		for i := b.next; i < b.end; i++ {
			add(line, int(s.levels[m].cols[i&63]))
		}
	}
	return units
}

// suspend puts all that s has yet to search (see pending) at the head of
// the queue of s.share, sets s.err to errSuspended and reports true; it
// does nothing and reports false when the node s is at is all it has
// left.
func (s *searcher) suspend() bool {
	units := s.pending(s.share.base)
	if len(units) == 1 {
		return false
	}
	sh := s.share
	sh.mu.Lock()
	sh.requeue(units)
	sh.suspended++
	sh.hungry.Store(false)
	sh.mu.Unlock()
	s.err = errSuspended
	return true
}

// requeue puts units at the head of the queue, before those queued
// before them. The caller holds sh.mu.
func (sh *sharedSearch) requeue(units [][]Square) {
	sh.units = append(units, sh.units...)
	sh.signal()
}
