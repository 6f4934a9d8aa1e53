package queens

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
	for attempt := 0; ; attempt++ {
		done := make(chan struct{})
		goHelper(func() { close(done) })
		<-done
		if !waitIdleHelpers(1) {
			t.Fatalf("%d helpers look for a task after one, want 1", idleHelperCount())
		}
		idleHelpers.mu.Lock()
		h := idleHelpers.list[0]
		idleHelpers.mu.Unlock()
		again := make(chan struct{})
		goHelper(func() { close(again) })
		<-again
		// The helper may end between the look and goHelper on a slow
		// machine; a new one then takes the task.
		if waitIdleHelpers(1) && h.ran == 2 {
			break
		}
		if attempt == 10 {
			t.Fatal("goHelper never handed a task to the helper that looked for one")
		}
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
