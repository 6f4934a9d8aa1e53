package variant

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// idleHelperCount returns how many helpers look for a task.
func idleHelperCount() int {
	idleHelpers.mu.Lock()
	defer idleHelpers.mu.Unlock()
	return len(idleHelpers.list)
}

// waitIdleHelpers waits, for up to a second, until want helpers look
// for a task, and reports whether they do.
func waitIdleHelpers(want int) bool {
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); {
		if idleHelperCount() == want {
			return true
		}
		time.Sleep(time.Microsecond)
	}
	return idleHelperCount() == want
}

// TestHelperLingers checks that a helper whose task is done takes the
// next task handed to it within helperLinger, and ends after it has
// looked for one that long in vain. Another test's helpers may linger
// still: the test waits for them to end first.
func TestHelperLingers(t *testing.T) {
	if !waitIdleHelpers(0) {
		t.Fatalf("%d helpers linger after a second", idleHelperCount())
	}
	// On a busy machine the test's goroutine may sleep through a
	// helper's whole linger, in either look: it then tries again.
	seen, handed := false, false
	for attempt := 0; attempt < 20 && !handed; attempt++ {
		done := make(chan struct{})
		goHelper(func() { close(done) })
		<-done
		if !waitIdleHelpers(1) {
			continue
		}
		seen = true
		idleHelpers.mu.Lock()
		if len(idleHelpers.list) != 1 {
			idleHelpers.mu.Unlock()
			continue
		}
		h := idleHelpers.list[0]
		idleHelpers.mu.Unlock()
		again := make(chan struct{})
		goHelper(func() { close(again) })
		<-again
		// The helper may end between the look and goHelper; a new one
		// then takes the task.
		handed = waitIdleHelpers(1) && h.ran == 2
	}
	if !seen {
		t.Fatal("no helper looked for a task after its own, in 20 tries")
	}
	if !handed {
		t.Fatal("goHelper never handed a task to the helper that looked for one, in 20 tries")
	}
	time.Sleep(10 * helperLinger)
	if !waitIdleHelpers(0) {
		t.Fatalf("%d helpers still look for a task long after helperLinger", idleHelperCount())
	}
}

// TestHelpersRunEveryTask hands tasks to helpers from several goroutines
// at once, some after a pause so that helpers linger, and checks that
// each task runs exactly once.
func TestHelpersRunEveryTask(t *testing.T) {
	const callers, tasks = 4, 300
	var runs [callers * tasks]atomic.Int32
	var wg sync.WaitGroup
	for c := range callers {
		wg.Go(func() {
			var mine sync.WaitGroup
			for i := range tasks {
				if i%50 == 0 {
					mine.Wait()
					time.Sleep(helperLinger / 4)
				}
				mine.Add(1)
				goHelper(func() {
					defer mine.Done()
					runs[c*tasks+i].Add(1)
				})
			}
			mine.Wait()
		})
	}
	wg.Wait()
	for i := range runs {
		if n := runs[i].Load(); n != 1 {
			t.Fatalf("task %d ran %d times", i, n)
		}
	}
}

// TestAwaitHelper checks that awaitHelper returns once its channel is
// closed: at once where it is closed already, and where a helper closes
// it while it spins or after it has begun to block.
func TestAwaitHelper(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	awaitHelper(closed)
	for _, after := range []time.Duration{0, helperSpin / 5, 3 * helperSpin} {
		done := make(chan struct{})
		var closing atomic.Bool
		goHelper(func() {
			time.Sleep(after)
			closing.Store(true)
			close(done)
		})
		awaitHelper(done)
		if !closing.Load() {
			t.Fatalf("awaitHelper returned before the helper closed the channel (%v)", after)
		}
	}
}
