package variant

import (
	"runtime"
	"sync"
	"time"
)

// helperLinger is how long a helper goroutine (see goHelper) whose task
// is done looks for another before it ends.
const helperLinger = 200 * time.Microsecond

// goHelper runs task on a goroutine of its own: a helper that lingers
// after a task of an earlier call, if there is one, else a new goroutine.
//
// A new goroutine may wait a while for a processor: where one has been
// idle, its thread sleeps, and on a virtual machine it takes about a
// tenth of a millisecond to wake, even where it went idle a moment
// before; the race of Solve with AnySolution decides many instances in
// one or two milliseconds. A helper whose task is done keeps its
// processor for helperLinger instead, yielding to any other goroutine
// that waits for one, so that the next call that needs a helper within
// that time has one at once: where a program decides instances one
// after the other, every race but the first starts on all its
// goroutines at once. This is the spin-wait of parallel runtimes such as
// OpenMP's, which keep their threads for a while after a parallel region
// for the same reason, on a shorter leash.
func goHelper(task func()) {
	idleHelpers.mu.Lock()
	if n := len(idleHelpers.list); n > 0 {
		h := idleHelpers.list[n-1]
		idleHelpers.list = idleHelpers.list[:n-1]
		idleHelpers.mu.Unlock()
		h.task <- task
		return
	}
	idleHelpers.mu.Unlock()
	h := &helper{task: make(chan func(), 1)}
	go h.run(task)
}

// idleHelpers holds the helpers that look for a task.
var idleHelpers struct {
	mu   sync.Mutex
	list []*helper
}

// helper is a goroutine of goHelper; task takes the task handed to it,
// at most one at a time, and only while it is idle, and ran counts the
// tasks it has run.
type helper struct {
	task chan func()
	ran  int
}

// run runs task, and every task handed to h after it within helperLinger
// of the last.
func (h *helper) run(task func()) {
	for task != nil {
		task()
		h.ran++
		task = h.next()
	}
}

// next returns the next task handed to h within helperLinger, or nil.
func (h *helper) next() func() {
	idleHelpers.mu.Lock()
	idleHelpers.list = append(idleHelpers.list, h)
	idleHelpers.mu.Unlock()
	for start := time.Now(); time.Since(start) < helperLinger; {
		select {
		case task := <-h.task:
			return task
		default:
			runtime.Gosched()
		}
	}
	idleHelpers.mu.Lock()
	for i, x := range idleHelpers.list {
		if x == h {
			idleHelpers.list = append(idleHelpers.list[:i], idleHelpers.list[i+1:]...)
			idleHelpers.mu.Unlock()
			return nil
		}
	}
	idleHelpers.mu.Unlock()
	// goHelper took h from the list: its task is on the way.
	return <-h.task
}

// helperSpin is how long awaitHelper spins before it blocks.
const helperSpin = 50 * time.Microsecond

// awaitHelper waits until done is closed by a helper whose task ends,
// as it does within microseconds once a race is decided. It spins for
// up to helperSpin first, and blocks only after that: a goroutine that
// blocks gives up its processor, and the helper that wakes it then hands
// it its own, so that the helper, lingering, waits in the scheduler's
// queue for a processor that sleeps, and runs only once the caller
// blocks again: every race after that one would run on one core.
func awaitHelper(done <-chan struct{}) {
	for start := time.Now(); time.Since(start) < helperSpin; {
		select {
		case <-done:
			return
		default:
		}
	}
	<-done
}
