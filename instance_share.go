package queens

import (
	"context"
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
)

// errSuspended stops the search of a unit of a shared search that has
// handed all it had yet to search over; it never leaves the package.
var errSuspended = errors.New("queens: suspended")

// sharedSearch looks for any solution of an instance on several
// goroutines without splitting its search first. It keeps a queue of
// units, each the queens placed beyond those of the instance, which
// starts with one: the whole search. A goroutine takes the first unit of
// the queue and searches it; one that finds the queue empty says so
// (hungry) and waits, and the next busy one to look whether to stop,
// within checkNodes nodes, suspends its search (see suspend): it puts
// all it has yet to search at the head of the queue, as units in the
// order of its search, and takes the first of them again. The queue thus
// holds the rest of the search in the order of the search on one
// goroutine, and the goroutines work near its head, where the value
// order of the search puts the solutions it expects first.
//
// The split of Solve and Count (see runUnits) searches the top of the
// tree a level at a time before any unit starts, after a probe of
// probeNodes nodes that it throws away: on two goroutines, about half a
// millisecond before the search proper. The shared search starts at once
// and splits only when a goroutine is idle.
type sharedSearch struct {
	base   *searcher // the search of the instance
	ctx    context.Context
	cancel context.CancelFunc

	hungry atomic.Bool // a goroutine waits for a unit

	mu        sync.Mutex
	wake      sync.Cond // signalled on new units and once the search is decided
	units     [][]Square
	busy      int  // goroutines searching a unit
	decided   bool // a solution, none, or an error
	sol       Solution
	err       error
	suspended int // suspensions, for the tests
}

// newSharedSearch returns the shared search of base under ctx, with one
// unit: the whole search.
func newSharedSearch(ctx context.Context, base *searcher) *sharedSearch {
	sh := &sharedSearch{base: base, units: [][]Square{nil}}
	sh.ctx, sh.cancel = context.WithCancel(ctx)
	sh.wake.L = &sh.mu
	return sh
}

// work searches units of sh until the search is decided.
func (sh *sharedSearch) work() {
	s := sh.base.clone(sh.ctx)
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
	for len(sh.units) == 0 && !sh.decided {
		if sh.busy == 0 {
			sh.decide(nil, nil)
			break
		}
		sh.hungry.Store(true)
		sh.wake.Wait()
	}
	if sh.decided {
		return nil, false
	}
	unit = sh.units[0]
	sh.units = sh.units[1:]
	sh.busy++
	return unit, true
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
		sh.decide(s.sol.Clone(), nil)
	}
}

// decide ends the search with sol, or err, or neither: no solution. The
// caller holds sh.mu.
func (sh *sharedSearch) decide(sol Solution, err error) {
	sh.decided, sh.sol, sh.err = true, sol, err
	sh.cancel() // the other goroutines stop within checkNodes nodes
	sh.wake.Broadcast()
}

// result returns the outcome of the search once every goroutine's work
// has returned.
func (sh *sharedSearch) result() runResult {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return runResult{sol: sh.sol, err: sh.err}
}

// suspend puts all that s has yet to search at the head of the queue of
// s.share, in the order s would search it, sets s.err to errSuspended
// and reports true; it does nothing and reports false when the node s is
// at is all it has left. The units are that node, then the squares that
// each branching of the path down to it has yet to try, from the deepest
// branching up.
func (s *searcher) suspend() bool {
	sh := s.share
	units := [][]Square{s.placed(sh.base)}
	for m := bits.OnesCount64(s.open) + 1; m <= bits.OnesCount64(sh.base.open); m++ {
		b := &s.branchings[m]
		if !b.untried() {
			continue
		}
		path := s.queens(sh.base.open &^ b.open) // the queens above the branching
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
	if len(units) == 1 {
		return false
	}
	sh.mu.Lock()
	sh.units = append(units, sh.units...) // the units queued before come after them
	sh.suspended++
	sh.hungry.Store(false)
	sh.wake.Broadcast()
	sh.mu.Unlock()
	s.err = errSuspended
	return true
}
