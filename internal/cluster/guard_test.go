package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens/internal/plan"
)

// testDeadline bounds every wait of a test of the package, so that a
// regression fails the test instead of hanging until go test gives up.
const testDeadline = 2 * time.Minute

// await returns the next value of ch, and fails the test when none comes
// within testDeadline.
func await[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(testDeadline):
		t.Fatalf("no %s after %v", what, testDeadline)
		panic("unreachable")
	}
}

// TestResultOutsidePlan guards the coordinator's check that a result
// belongs to a unit of the plan: results with a valid checksum, of the
// right run, for unit IDs past the plan's last are logged and left out.
// Taken in, they would fill the count's tally of results, so that it
// ended before every unit of the plan had one, with a short total.
func TestResultOutsidePlan(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 8)
	run := RunID(p)
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	var mu sync.Mutex
	var logged []string
	logf := func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}
	type outcome struct {
		res Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		// No worker yet: the count waits for results.
		res, err := Count(ctx, nc, p, Options{Workers: 0, Logf: logf})
		done <- outcome{res, err}
	}()
	js, _ := jetstream.New(nc)
	o, err := bind(ctx, js, nil, 0, func() {})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := o.kv.Get(ctx, manifestKey(run)); err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("no manifest of run %s after %v", run, testDeadline)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// As many foreign results as the plan has units, so that a count
	// that took them in would see its tally full before any worker ran.
	for u := len(p.Units); u < 2*len(p.Units); u++ {
		data, _ := json.Marshal(newRecord(run, plan.Result{Unit: u, Total: 1 << 20, Unique: 1 << 17, Nodes: 1}, "forger", 1))
		if _, err := o.kv.Put(ctx, resultKey(run, u), data); err != nil {
			t.Fatal(err)
		}
	}
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, Logf: t.Logf})
	out := await(t, done, "end of the count")
	if out.err != nil {
		t.Fatal(out.err)
	}
	checkKnown(t, out.res)
	mu.Lock()
	text := strings.Join(logged, "\n")
	mu.Unlock()
	if want := fmt.Sprintf("unit %d is not in the plan", len(p.Units)); !strings.Contains(text, want) {
		t.Errorf("log lacks %q:\n%s", want, text)
	}
}
