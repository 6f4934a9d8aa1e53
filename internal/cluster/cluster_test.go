package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens/internal/plan"
	"github.com/queenslab/queens/internal/testenv"
)

// known holds the totals (OEIS A000170) and unique counts (OEIS A002562)
// of the board sizes the tests count; known[n] is board size n.
var known = map[int]struct{ total, unique uint64 }{
	8:  {92, 12},
	10: {724, 92},
	11: {2680, 341},
	12: {14200, 1787},
	13: {73712, 9233},
	14: {365596, 45752},
}

// testServer starts an embedded server on a free loopback port, storing
// in dir (a new temporary directory when empty).
func testServer(t *testing.T, dir string) *Server {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	s, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: dir, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s
}

func testConn(t *testing.T, s *Server) *nats.Conn {
	t.Helper()
	nc, err := Connect(context.Background(), ConnOptions{Server: s, Name: t.Name()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

func newPlan(t *testing.T, n int) *plan.Plan {
	t.Helper()
	p, err := plan.New(n)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkKnown fails unless res has the known counts of its N and a
// result for every unit.
func checkKnown(t *testing.T, res Result) {
	t.Helper()
	want := known[res.N]
	if !res.Total.IsUint64() || res.Total.Uint64() != want.total || res.Unique.Uint64() != want.unique {
		t.Errorf("N=%d: total %s, unique %s; want %d and %d", res.N, res.Total, res.Unique, want.total, want.unique)
	}
}

// goWork runs Work in the background until the test ends and returns a
// function that stops it and returns its stats.
func goWork(t *testing.T, nc *nats.Conn, opts WorkOptions) func() WorkStats {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var stats WorkStats
	done := make(chan struct{})
	go func() {
		defer close(done)
		var err error
		stats, err = Work(ctx, nc, opts)
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("Work: %v", err)
		}
	}()
	var once sync.Once
	stop := func() WorkStats {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(testDeadline):
				t.Errorf("Work did not stop within %v of its cancellation", testDeadline)
			}
		})
		return stats
	}
	t.Cleanup(func() { stop() })
	return stop
}

func TestCountKnown(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	// A worker on a connection of its own, beside the coordinator's two.
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 1, Logf: t.Logf})
	maxN := 14
	if !testenv.Slow() || raceEnabled {
		maxN = 12
	}
	for n := 12; n <= maxN; n++ {
		p := newPlan(t, n)
		var last Progress
		res, err := Count(context.Background(), nc, p, Options{Workers: 2, Logf: t.Logf, Progress: func(pr Progress) { last = pr }})
		if err != nil {
			t.Fatalf("N=%d: %v", n, err)
		}
		checkKnown(t, res)
		t.Logf("N=%d: %d units in %v", n, res.Units, res.Elapsed)
		if res.Units != len(p.Units) || res.Published != len(p.Units) || res.Resumed != 0 {
			t.Errorf("N=%d: %d units, %d published, %d resumed; want %d, %d, 0", n, res.Units, res.Published, res.Resumed, len(p.Units), len(p.Units))
		}
		if last.Done != len(p.Units) || last.Units != len(p.Units) {
			t.Errorf("N=%d: last progress %+v, want all %d units done", n, last, len(p.Units))
		}
	}
	if st := stop(); st.Rejected != 0 || st.Conflicts != 0 {
		t.Errorf("worker stats %+v: nothing should be rejected", st)
	}
}

// TestResume stops a count half way, restarts the server on the same store
// and checks that the second coordinator counts only the units left.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	p := newPlan(t, 12)
	s := testServer(t, dir)
	nc := testConn(t, s)
	// A few milliseconds a unit, so that the worker cannot count them all
	// before the coordinator sees half of them done.
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf, delay: 5 * time.Millisecond})
	// Units on their way to a worker when it stops come back after the
	// ack wait: keep it short.
	const ackWait = 2 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Count(ctx, nc, p, Options{AckWait: ackWait, Logf: t.Logf, Progress: func(pr Progress) {
		if pr.Done >= len(p.Units)/2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted count: %v, want context.Canceled", err)
	}
	first := stop()
	nc.Close()
	s.Shutdown()
	if first.Counted == 0 || first.Counted >= len(p.Units) {
		t.Fatalf("first worker counted %d of %d units; the test wants a part", first.Counted, len(p.Units))
	}

	s = testServer(t, dir)
	nc = testConn(t, s)
	stop = goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf})
	res, err := Count(context.Background(), nc, p, Options{AckWait: ackWait, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	second := stop()
	// The second worker may start before the coordinator reads the
	// results. A unit whose ack was lost when the server stopped comes
	// back, and is skipped, not counted again.
	if res.Resumed < first.Counted {
		t.Errorf("resumed %d units, the first worker stored %d", res.Resumed, first.Counted)
	}
	if first.Counted+second.Counted != len(p.Units) || second.Duplicates != 0 {
		t.Errorf("units counted: %d then %+v; want each of the %d units counted once", first.Counted, second, len(p.Units))
	}

	// A third coordinator finds everything done.
	res, err = Count(context.Background(), nc, p, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	if res.Resumed != len(p.Units) || res.Published != 0 {
		t.Errorf("count of a finished run: %d resumed, %d published; want %d and 0", res.Resumed, res.Published, len(p.Units))
	}
}

// TestLostWorker takes a unit off the queue as a worker that dies would,
// and checks that it comes back after the ack wait.
func TestLostWorker(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 10)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o, err := setup(ctx, js, setupConfig{ackWait: time.Second, logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	type outcome struct {
		res Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := Count(ctx, nc, p, Options{AckWait: time.Second, Logf: t.Logf})
		done <- outcome{res, err}
	}()
	// The dying worker: takes one unit and never answers.
	msg, err := o.cons.Next(jetstream.FetchMaxWait(10 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	lost := msg.Subject()
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf})
	out := await(t, done, "end of the count")
	if out.err != nil {
		t.Fatal(out.err)
	}
	checkKnown(t, out.res)
	if st := stop(); st.Counted != len(p.Units) {
		t.Errorf("worker stats %+v: want all %d units counted, %s after redelivery", st, len(p.Units), lost)
	}
}

// TestHeartbeat counts units that take longer than the ack wait: the
// heartbeats keep them from being handed out twice. Without heartbeats,
// the same setup hands units out again.
func TestHeartbeat(t *testing.T) {
	p := newPlan(t, 5)
	// With heartbeats, a stall of the machine longer than the ack wait
	// less a heartbeat would hand a unit out again: the ack wait is long,
	// and the units longer still.
	for _, tc := range []struct {
		name           string
		heartbeat      time.Duration
		ackWait, delay time.Duration
		repeats        bool
	}{
		{"heartbeats", 40 * time.Millisecond, 800 * time.Millisecond, 1500 * time.Millisecond, false},
		{"none", time.Hour, 150 * time.Millisecond, 400 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testServer(t, "")
			nc := testConn(t, s)
			stop := goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf, heartbeat: tc.heartbeat, delay: tc.delay})
			res, err := Count(context.Background(), nc, p, Options{AckWait: tc.ackWait, Logf: t.Logf})
			if err != nil {
				t.Fatal(err)
			}
			if res.Total.Uint64() != 10 {
				t.Errorf("N=5: total %s, want 10", res.Total)
			}
			st := stop()
			if repeats := st.Skipped+st.Duplicates > 0; repeats != tc.repeats {
				t.Errorf("worker stats %+v with %d units: repeats %v, want %v", st, len(p.Units), repeats, tc.repeats)
			}
		})
	}
}

func TestIntegrity(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 8)
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 1, Logf: t.Logf})
	ctx := context.Background()
	res, err := Count(ctx, nc, p, Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	stop()

	js, _ := jetstream.New(nc)
	o, err := lookup(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	run := RunID(p)
	good, err := p.Count(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}

	var logged []string
	w := &worker{opts: WorkOptions{Name: "test"}, logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }}
	// The same result again is a harmless repeat.
	if _, err := w.store(ctx, o.kv, resultKey(run, good.Unit), newRecord(run, good, "again", 1)); err != nil {
		t.Fatal(err)
	}
	if w.stats.Duplicates != 1 || w.stats.Conflicts != 0 {
		t.Errorf("storing the same result: stats %+v, want one duplicate", w.stats)
	}
	// A different result is an integrity error, logged and recorded, and
	// the stored result stays.
	bad := good
	bad.Total++
	if _, err := w.store(ctx, o.kv, resultKey(run, bad.Unit), newRecord(run, bad, "faulty", 1)); err != nil {
		t.Fatal(err)
	}
	if w.stats.Conflicts != 1 || len(logged) != 1 || !strings.Contains(logged[0], "INTEGRITY ERROR") {
		t.Errorf("storing a different result: stats %+v, log %q; want one conflict, logged", w.stats, logged)
	}
	e, err := o.kv.Get(ctx, resultKey(run, 0))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := decodeRecord(e.Value(), run, 0); err != nil || r.Total != good.Total {
		t.Errorf("stored result after a conflict: %+v, %v; want total %d", r, err, good.Total)
	}
	// The coordinator refuses the run from now on.
	_, err = Count(ctx, nc, p, Options{Logf: t.Logf})
	if !errors.Is(err, ErrIntegrity) || !strings.Contains(err.Error(), "unit 0") {
		t.Errorf("count with a conflict recorded: %v, want an integrity error on unit 0", err)
	}
}

// TestConflictWhileCounting overwrites a result the coordinator has summed
// already with a different one, as a foreign writer could.
func TestConflictWhileCounting(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 8)
	// Every wait below has a deadline: a regression fails the test
	// instead of hanging it.
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	run := RunID(p)
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() {
		_, err := Count(ctx, nc, p, Options{Logf: t.Logf, Progress: func(pr Progress) {
			if pr.Done == 1 {
				close(ready)
			}
		}})
		done <- err
	}()
	js, _ := jetstream.New(nc)
	o, err := bind(ctx, js, nil, 0, func() {})
	if err != nil {
		t.Fatal(err)
	}
	// Wait for the manifest, then store unit 0 as a worker would.
	for {
		if _, err := o.kv.Get(ctx, manifestKey(run)); err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("no manifest of run %s after %v", run, testDeadline)
		}
		time.Sleep(10 * time.Millisecond)
	}
	r, err := p.Count(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	put := func(r plan.Result) {
		data, _ := json.Marshal(newRecord(run, r, "test", 1))
		if _, err := o.kv.Put(ctx, resultKey(run, 0), data); err != nil {
			t.Fatal(err)
		}
	}
	put(r)
	await(t, ready, "first result counted")
	r.Unique++
	put(r)
	if err := await(t, done, "end of the count"); !errors.Is(err, ErrIntegrity) {
		t.Errorf("count with a result overwritten: %v, want an integrity error", err)
	}
}

// TestGarbage puts malformed and foreign messages on the work subjects and
// a malformed result in the bucket: they are rejected and the count stays
// exact.
func TestGarbage(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 11)
	run := RunID(p)
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	o, err := setup(ctx, js, setupConfig{ackWait: DefaultAckWait, logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	tk := func(tk task) []byte {
		data, _ := json.Marshal(tk)
		return data
	}
	good := task{Format: taskFormat, Run: run, N: p.N, PlanVersion: plan.Version, Fingerprint: p.Fingerprint(), Unit: 5}
	wrongPrint, wrongUnit, wrongVersion, wrongSubject, otherN := good, good, good, good, good
	wrongPrint.Fingerprint = "0123456789abcdef"
	wrongUnit.Unit = 1 << 20
	wrongVersion.PlanVersion = plan.Version + 1
	wrongSubject.Unit = 6
	otherN.N = 9 // a run no coordinator registered
	otherN.Run = RunID(newPlan(t, 9))
	otherN.Fingerprint = newPlan(t, 9).Fingerprint()
	garbage := []struct {
		subject string
		data    []byte
	}{
		{workSubject(run, 5), []byte("garbage")},
		{workSubject(run, 5), nil},
		{"queens.work.x", []byte(`{"format":"queens-task/1"}`)},
		{workSubject(run, 5), []byte(`{"format":"queens-task/1","unit":5,"extra":1}`)},
		{workSubject(run, 5), tk(wrongPrint)},
		{workSubject(run, 1<<20), tk(wrongUnit)},
		{workSubject(run, 5), tk(wrongSubject)},
		{workSubject(otherN.Run, 5), tk(otherN)},
		{workSubject(run, 5), []byte(strings.Repeat("x", maxMessageSize-100))},
	}
	for _, g := range garbage {
		if _, err := js.Publish(ctx, g.subject, g.data); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := js.Publish(ctx, workSubject(run, 5), tk(wrongVersion)); err != nil {
		t.Fatal(err)
	}
	// Garbage in the bucket, too.
	if _, err := o.kv.Put(ctx, resultKey(run, 3), []byte(`{"total":1}`)); err != nil {
		t.Fatal(err)
	}
	forged := newRecord(run, plan.Result{Unit: 4, Total: 1 << 40}, "forger", 1)
	forged.Total++ // the checksum no longer matches
	data, _ := json.Marshal(forged)
	if _, err := o.kv.Put(ctx, resultKey(run, 4), data); err != nil {
		t.Fatal(err)
	}

	// A host that no name server knows (.invalid never resolves).
	const nowhere = "nats://no-such-host.invalid:4222"
	if _, err := Connect(ctx, ConnOptions{URL: nowhere}); !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), nowhere) || !strings.Contains(err.Error(), "cannot resolve host no-such-host.invalid") {
		t.Errorf("Connect to %s: %v, want ErrUnreachable naming the URL and the host that does not resolve", nowhere, err)
	}
	var mu sync.Mutex
	var logged []string
	logf := func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
		t.Logf(f, a...)
	}
	stop := goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: logf})
	res, err := Count(ctx, nc, p, Options{Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	// Garbage on the control subject leaves the worker running.
	if err := nc.Publish(controlSubject, []byte("stop?")); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		last := logged[len(logged)-1]
		mu.Unlock()
		if strings.Contains(last, "control") {
			break
		}
	}
	// The message of another plan version waits for a worker that knows
	// it; every other piece of garbage is dropped.
	st := stop()
	if st.Rejected < len(garbage) {
		t.Errorf("worker stats %+v: want at least %d rejected messages", st, len(garbage))
	}
	mu.Lock()
	text := strings.Join(logged, "\n")
	mu.Unlock()
	for _, want := range []string{"rejected result " + resultKey(run, 3), "rejected result " + resultKey(run, 4), "checksum", "not a queens control notice"} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
}

func TestManifestMismatch(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 8)
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	o, err := setup(ctx, js, setupConfig{ackWait: DefaultAckWait, logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	m := newManifest(RunID(p), p)
	m.Units++
	data, _ := json.Marshal(m)
	if _, err := o.kv.Create(ctx, manifestKey(RunID(p)), data); err != nil {
		t.Fatal(err)
	}
	_, err = Count(ctx, nc, p, Options{Workers: 1})
	if !errors.Is(err, ErrIntegrity) {
		t.Errorf("count over a different manifest: %v, want an integrity error", err)
	}
}

func TestShutdownNotice(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 8)
	type outcome struct {
		st  WorkStats
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		st, err := Work(context.Background(), testConn(t, s), WorkOptions{Workers: 1})
		done <- outcome{st, err}
	}()
	res, err := Count(context.Background(), nc, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	if err := Announce(nc, res); err != nil {
		t.Fatal(err)
	}
	select {
	case out := <-done:
		if !errors.Is(out.err, ErrShutdown) || out.st.Counted != len(p.Units) {
			t.Errorf("worker after the notice: %+v, %v; want all %d units and ErrShutdown", out.st, out.err, len(p.Units))
		}
		// The worker learns the count's result with the notice.
		if out.err == nil || !strings.HasSuffix(out.err.Error(), ": N=8: 92 solutions, 12 unique") {
			t.Errorf("the worker's end: %v, want the result N=8: 92 solutions, 12 unique", out.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the worker did not stop after the shutdown notice")
	}
}

func TestEmptyPlan(t *testing.T) {
	s := testServer(t, "")
	res, err := Count(context.Background(), testConn(t, s), newPlan(t, 3), Options{})
	if err != nil || !res.Total.IsUint64() || res.Total.Uint64() != 0 || res.Units != 0 {
		t.Errorf("N=3: %+v, %v; want no units and no solutions", res, err)
	}
}

func TestSecurity(t *testing.T) {
	_, err := StartServer(ServerOptions{Listen: "0.0.0.0:0", StoreDir: t.TempDir()})
	if !errors.Is(err, ErrNoCredentials) {
		t.Errorf("listening on every interface without a token: %v, want ErrNoCredentials", err)
	}
	for addr, want := range map[string]bool{
		"127.0.0.1:4222": true, "localhost:1": true, "[::1]:4222": true, "127.1.2.3:9": true,
		"0.0.0.0:4222": false, ":4222": false, "10.0.0.1:4222": false, "example.com:4222": false, "nonsense": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addr, got, want)
		}
	}

	s, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	if nc, err := Connect(context.Background(), ConnOptions{URL: s.URL()}); err == nil {
		nc.Close()
		t.Error("connected without the token")
	}
	if nc, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Token: "wrong"}); err == nil {
		nc.Close()
		t.Error("connected with a wrong token")
	}
	nc, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Token: "s3cret"})
	if err != nil {
		t.Fatalf("connecting with the token: %v", err)
	}
	nc.Close()
}

func TestPortInUse(t *testing.T) {
	s := testServer(t, "")
	addr := strings.TrimPrefix(s.URL(), "nats://")
	if _, err := StartServer(ServerOptions{Listen: addr, StoreDir: t.TempDir()}); err == nil {
		t.Errorf("a second server on %s started", addr)
	}
}

// TestStoreInUse starts two servers on one storage directory: the second
// is refused, and the directory is free again once the first stops.
func TestStoreInUse(t *testing.T) {
	dir := t.TempDir()
	s := testServer(t, dir)
	second, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: dir})
	if err == nil {
		second.Shutdown()
		t.Fatal("a second server started on a storage directory in use")
	}
	if !errors.Is(err, ErrStoreInUse) || strings.Contains(err.Error(), "\n") {
		t.Errorf("second server: %v, want one line wrapping ErrStoreInUse", err)
	}
	s.Shutdown()
	third, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: dir})
	if err != nil {
		t.Fatalf("a server on the freed directory: %v", err)
	}
	third.Shutdown()
}

// TestStuckUnits leaves the task of a unit on the queue below the
// consumer's ack floor, where no worker is ever handed it, as a store
// damaged by two servers at once can: the count must still finish.
func TestStuckUnits(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	p := newPlan(t, 10)
	run := RunID(p)
	ctx := context.Background()
	js, _ := jetstream.New(nc)
	o, err := setup(ctx, js, setupConfig{ackWait: time.Second, logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	stuck := []int{3, 7}
	c := &coordinator{p: p, m: newManifest(run, p), o: o, run: run, logf: t.Logf}
	if err := c.publish(ctx, stuck, ""); err != nil {
		t.Fatal(err)
	}
	info, err := o.stream.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Move the consumer past the two tasks, as if they had been acked.
	req := fmt.Sprintf(`{"seq":%d}`, info.State.LastSeq+1)
	resp, err := nc.Request(fmt.Sprintf("$JS.API.CONSUMER.RESET.%s.%s", StreamName, ConsumerName), []byte(req), 5*time.Second)
	if err != nil || strings.Contains(string(resp.Data), `"error"`) {
		t.Fatalf("reset of the consumer: %v %s", err, resp.Data)
	}
	if ci, err := o.cons.Info(ctx); err != nil || ci.AckFloor.Stream < info.State.LastSeq {
		t.Fatalf("consumer after the reset: ack floor %d, want %d (%v)", ci.AckFloor.Stream, info.State.LastSeq, err)
	}

	goWork(t, testConn(t, s), WorkOptions{Workers: 2, Logf: t.Logf})
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	res, err := Count(cctx, nc, p, Options{AckWait: time.Second, Logf: t.Logf})
	if err != nil {
		t.Fatalf("count with units stuck on the queue: %v", err)
	}
	checkKnown(t, res)
}

// TestConnectErrors checks that Connect, even when it waits for its
// server, ends at once on a URL that is not a NATS URL or on refused
// credentials, and says which server it cannot reach while it waits.
func TestConnectErrors(t *testing.T) {
	ctx := context.Background()
	for _, u := range []string{"", "bogus://x:1", "127.0.0.1:4222", "nats://", "nats://127.0.0.1:4222,http://x"} {
		if nc, err := Connect(ctx, ConnOptions{URL: u, Wait: true}); !errors.Is(err, ErrURL) {
			if nc != nil {
				nc.Close()
			}
			t.Errorf("Connect(%q): %v, want ErrURL", u, err)
		}
	}

	s, err := StartServer(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	for _, token := range []string{"", "wrong"} {
		start := time.Now()
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		nc, err := Connect(wctx, ConnOptions{URL: s.URL(), Token: token, Wait: true})
		cancel()
		if nc != nil {
			nc.Close()
		}
		if !errors.Is(err, ErrAuth) || !strings.Contains(err.Error(), s.URL()) || time.Since(start) > 10*time.Second {
			t.Errorf("Connect with token %q: %v after %v, want ErrAuth naming %s at once", token, err, time.Since(start), s.URL())
		}
	}

	// A port where nothing listens.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "nats://" + l.Addr().String()
	l.Close()
	if _, err := Connect(ctx, ConnOptions{URL: dead}); !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), dead) {
		t.Errorf("Connect to %s: %v, want ErrUnreachable naming the URL", dead, err)
	}
	var mu sync.Mutex
	var logged []string
	logf := func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}
	wctx, cancel := context.WithTimeout(ctx, 3500*time.Millisecond)
	defer cancel()
	if _, err := Connect(wctx, ConnOptions{URL: dead, Wait: true, Logf: logf}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting Connect to %s: %v, want the context's end", dead, err)
	}
	mu.Lock()
	defer mu.Unlock()
	// Attempts a tenth of a second apart for the first ten seconds, said
	// once at the first.
	if len(logged) != 1 || !strings.Contains(logged[0], dead+" is unreachable") || !strings.Contains(logged[0], "trying again every 100ms for 10s") {
		t.Errorf("log of a waiting Connect: %q", logged)
	}
}

// TestClientErrorsLogged checks that the client library's asynchronous
// errors go to Logf, not in the library's words to standard error.
func TestClientErrorsLogged(t *testing.T) {
	s := testServer(t, "")
	var logged []string
	nc, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Opts.AsyncErrorCB(nc, nil, errors.New("write tcp: broken pipe"))
	if len(logged) != 1 || logged[0] != "error on the connection to "+s.URL()+": write tcp: broken pipe" {
		t.Errorf("logged %q", logged)
	}
}

// TestStoreFailureWords checks what a worker says when a result could not
// be stored: nothing once the coordinator has finished the run.
func TestStoreFailureWords(t *testing.T) {
	tk := task{Run: "n8-x", Unit: 3}
	err := context.Canceled
	shutdown, cancel := context.WithCancelCause(context.Background())
	cancel(fmt.Errorf("%w (run n8-x)", ErrShutdown))
	if got := storeFailure(shutdown, tk, err); got != "" {
		t.Errorf("after the coordinator's end: %q, want nothing", got)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	if got := storeFailure(stopped, tk, err); !strings.Contains(got, "goes back to the queue") || strings.Contains(got, "counted again") {
		t.Errorf("after a stop: %q", got)
	}
	if got := storeFailure(context.Background(), tk, errors.New("no responders")); !strings.Contains(got, "no responders; it will be counted again") {
		t.Errorf("while running: %q", got)
	}
}

// TestWaitingNamesServer starts a worker before any coordinator: it says
// which server it waits on.
func TestWaitingNamesServer(t *testing.T) {
	s := testServer(t, "")
	nc, err := Connect(context.Background(), ConnOptions{URL: s.URL()})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var mu sync.Mutex
	var logged []string
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	Work(ctx, nc, WorkOptions{Workers: 1, Logf: func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}})
	mu.Lock()
	defer mu.Unlock()
	if want := "waiting for a coordinator to set up the work queue on " + s.URL(); len(logged) == 0 || logged[0] != want {
		t.Errorf("logged %q, want %q", logged, want)
	}
}

// TestReadyWakesWorker starts a worker before any coordinator, one that
// would look for the work queue again only after an hour: the
// coordinator's notice that the queue is set up must wake it, for the
// count has no other worker.
func TestReadyWakesWorker(t *testing.T) {
	s := testServer(t, "")
	waiting := make(chan struct{})
	var once sync.Once
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, bindRetry: time.Hour, Logf: func(string, ...any) {
		once.Do(func() { close(waiting) })
	}})
	select {
	case <-waiting:
	case <-time.After(testDeadline):
		t.Fatal("the worker did not say that it waits for a coordinator")
	}
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	res, err := Count(ctx, testConn(t, s), newPlan(t, 10), Options{Logf: t.Logf})
	if err != nil {
		t.Fatalf("Count with a worker that came first: %v", err)
	}
	checkKnown(t, res)
}
