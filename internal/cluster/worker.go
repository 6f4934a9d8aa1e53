package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens/internal/plan"
)

// ErrShutdown is the cause of the end of [Work] when the coordinator whose
// embedded server the workers use announces that its run is complete and
// the server goes away.
var ErrShutdown = errors.New("the coordinator finished its run and shut its server down")

// WorkOptions configures [Work].
type WorkOptions struct {
	// Workers is the number of units counted at once; 0 means one per
	// CPU.
	Workers int
	// Name identifies the worker in the results it stores; empty means
	// the host name and process ID.
	Name string
	// Logf, when not nil, receives what a person running the worker
	// should know: rejected messages, integrity errors, lost connections.
	Logf func(format string, args ...any)
	// Verbose also logs every unit counted.
	Verbose bool

	heartbeat time.Duration                   // 0: a sixth of the consumer's ack wait
	storeWait time.Duration                   // 0: how long a finished unit may wait for the server after ctx ends
	delay     time.Duration                   // added to the time of every unit, to test long units
	hardStop  bool                            // cut pulls short when ctx ends
	bindRetry time.Duration                   // 0: half a second between looks for the work queue
	spoil     func(*plan.Result)              // when not nil, changes each result before it is stored, to test the checks
	newPlan   func(n int) (*plan.Plan, error) // nil: plan.New; tests cut the units of small boards into pieces
}

// WorkStats says what [Work] did.
type WorkStats struct {
	Counted    int // units counted and stored
	Skipped    int // units whose result was already stored, not counted again
	Duplicates int // units counted again with the same result as stored
	Rejected   int // malformed or foreign work messages
	Conflicts  int // units counted with a result different from the stored one
}

// Work pulls units from the work queue on nc, counts them and stores their
// results, until ctx ends or the coordinator announces that its embedded
// server goes away. It waits for a coordinator to set up the queue when
// there is none yet.
//
// A result goes into the bucket only if the unit has none yet. A unit that
// already has the same result is a harmless repeat; one that has a
// different result is an integrity error: it is logged, recorded for the
// coordinator, and never replaces the stored one. Malformed and foreign
// messages are logged and dropped. When ctx ends, units being counted are
// handed back to the queue; units already counted are stored first.
//
// Work returns ctx.Err() when ctx ends, and an error wrapping [ErrShutdown]
// when the coordinator's server goes away.
func Work(ctx context.Context, nc *nats.Conn, opts WorkOptions) (WorkStats, error) {
	w := &worker{nc: nc, opts: opts, logf: opts.Logf, plans: map[int]*knownPlan{}, runs: map[string]error{}}
	if w.logf == nil {
		w.logf = func(string, ...any) {}
	}
	w.health = newHealth(w.logf)
	if w.opts.Workers <= 0 {
		w.opts.Workers = runtime.NumCPU()
	}
	if w.opts.Name == "" {
		host, _ := os.Hostname()
		w.opts.Name = host + ":" + strconv.Itoa(os.Getpid())
	}
	if w.opts.storeWait == 0 {
		w.opts.storeWait = 10 * time.Second
	}
	// Pulls for work end with ctx only when the stop is hard: otherwise
	// a pull runs out its short wait, and a unit on its way to a pull
	// that is gone, which would be stuck until the ack wait runs out,
	// comes back to the queue at once.
	pullCtx, stopPulls := context.WithCancel(context.WithoutCancel(ctx))
	if opts.hardStop {
		pullCtx = ctx
	}
	defer stopPulls()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	ready := make(chan struct{}, 1)
	sub, err := nc.Subscribe(controlSubject, func(m *nats.Msg) {
		var c control
		if err := decodeStrict(m.Data, &c); err != nil || c.Format != controlFormat {
			w.logf("rejected a message on %s: not a queens control notice", m.Subject)
			return
		}
		switch c.Event {
		case "ready":
			select {
			case ready <- struct{}{}:
			default:
			}
		case "shutdown":
			if c.Total != nil && c.Unique != nil {
				cancel(fmt.Errorf("%w (run %s): N=%d: %s solutions, %s unique", ErrShutdown, c.Run, c.N, c.Total, c.Unique))
			} else {
				cancel(fmt.Errorf("%w (run %s)", ErrShutdown, c.Run))
			}
			stopPulls()
		}
	})
	if err != nil {
		return WorkStats{}, err
	}
	defer sub.Unsubscribe()

	js, err := jetstream.New(nc)
	if err != nil {
		return WorkStats{}, err
	}
	w.js = js
	o, err := bind(ctx, js, ready, w.opts.bindRetry, func() {
		w.logf("waiting for a coordinator to set up the work queue on %s", nc.ConnectedUrlRedacted())
	})
	if err != nil {
		return WorkStats{}, workEnd(ctx)
	}
	w.setObjects(o)
	if info, err := o.stream.Info(ctx); err == nil {
		w.serverID, w.seqFloor = nc.ConnectedServerId(), info.State.LastSeq
	}

	// Twice as many loops as counting slots, each holding up to two
	// units: while some loops wait for the server, others count.
	w.slots = make(chan struct{}, w.opts.Workers)
	w.held = map[jetstream.Msg]time.Time{}
	beats, stopBeats := context.WithCancel(context.Background())
	beatsDone := make(chan struct{})
	go func() {
		defer close(beatsDone)
		w.heartbeats(beats)
	}()
	var wg sync.WaitGroup
	for range 2 * w.opts.Workers {
		wg.Go(func() { w.loop(ctx, pullCtx) })
	}
	wg.Wait()
	stopBeats()
	<-beatsDone
	// Send the last acks before the caller closes the connection.
	if nc.IsConnected() {
		nc.FlushTimeout(5 * time.Second)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stats, workEnd(ctx)
}

// workEnd returns why the work ended.
func workEnd(ctx context.Context) error {
	if cause := context.Cause(ctx); errors.Is(cause, ErrShutdown) {
		return cause
	}
	return ctx.Err()
}

type worker struct {
	nc   *nats.Conn
	opts WorkOptions
	logf func(format string, args ...any)
	js   jetstream.JetStream

	health *health // whether JetStream answers

	slots chan struct{} // one for each unit counted at once

	heldMu sync.Mutex
	held   map[jetstream.Msg]time.Time // the units in hand, by the last word on them

	// The server the worker is connected to, and the last message of the
	// stream when it first heard from it: a message up to there may be a
	// leftover whose result was stored before the server restarted.
	seqMu    sync.Mutex
	serverID string
	seqFloor uint64

	mu    sync.Mutex
	o     *objects
	hb    time.Duration
	plans map[int]*knownPlan // by N
	runs  map[string]error   // the verdict on each run's manifest
	stats WorkStats
}

func (w *worker) setObjects(o *objects) {
	hb := w.opts.heartbeat
	if hb == 0 {
		hb = DefaultAckWait
		if info := o.cons.CachedInfo(); info != nil && info.Config.AckWait > 0 {
			hb = info.Config.AckWait
		}
		hb = max(hb/6, 20*time.Millisecond)
	}
	w.mu.Lock()
	w.o, w.hb = o, hb
	w.mu.Unlock()
}

func (w *worker) objects() (*objects, time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.o, w.hb
}

func (w *worker) count(f func(*WorkStats)) {
	w.mu.Lock()
	f(&w.stats)
	w.mu.Unlock()
}

// loop pulls units and handles them until ctx ends.
func (w *worker) loop(ctx, pullCtx context.Context) {
	failures := 0 // in a row
	for ctx.Err() == nil {
		o, _ := w.objects()
		msgs, err := w.pull(o, pullCtx)
		for _, msg := range msgs {
			w.hold(msg)
		}
		for _, msg := range msgs {
			if ctx.Err() != nil {
				msg.Nak()
				w.release(msg)
				continue
			}
			w.handle(ctx, msg)
		}
		switch {
		case ctx.Err() != nil:
			return
		case err == nil, errors.Is(err, jetstream.ErrNoMessages):
			// A unit, or the server's word that none waits.
			failures = 0
			w.health.ok()
		case isTimeout(err):
			// No unit came. While JetStream was silent, ask it how
			// the queue is, to know when it answers again.
			if w.health.failing() {
				ictx, cancel := context.WithTimeout(ctx, attemptTimeout)
				if _, err := o.cons.Info(ictx); err == nil {
					w.health.ok()
				}
				cancel()
			}
		case isTransient(err):
			// The consumer has no leader now, as while the cluster
			// elects one, or the connection is being re-established.
			w.health.fail(err)
			sleep(ctx, 500*time.Millisecond)
		default:
			// The first failure may be the server going away after its
			// coordinator's notice, which is on its way: say nothing yet.
			if failures++; failures == 2 {
				w.logf("cannot pull work: %v; retrying", err)
			}
			if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
				if o, err := lookup(ctx, w.js); err == nil {
					w.setObjects(o)
				}
			}
			sleep(ctx, 500*time.Millisecond)
		}
	}
}

// pull takes up to two units that wait on the queue, or waits a little
// for one. A pull is cut short only when pullCtx ends.
func (w *worker) pull(o *objects, pullCtx context.Context) ([]jetstream.Msg, error) {
	var msgs []jetstream.Msg
	if batch, err := o.cons.FetchNoWait(2); err == nil {
		for msg := range batch.Messages() {
			msgs = append(msgs, msg)
		}
		if len(msgs) > 0 {
			return msgs, nil
		}
		// Nobody serves the consumer: no use waiting for a message.
		if err := batch.Error(); isTransient(err) && !isTimeout(err) {
			return nil, err
		}
	}
	fctx, cancel := context.WithTimeout(pullCtx, time.Second)
	defer cancel()
	msg, err := o.cons.Next(jetstream.FetchContext(fctx))
	if err != nil {
		return nil, err
	}
	return []jetstream.Msg{msg}, nil
}

// hold notes that the worker has the unit of msg in hand: heartbeats
// keep it from going to another worker until release.
func (w *worker) hold(msg jetstream.Msg) {
	w.heldMu.Lock()
	w.held[msg] = time.Now()
	w.heldMu.Unlock()
}

func (w *worker) release(msg jetstream.Msg) {
	w.heldMu.Lock()
	delete(w.held, msg)
	w.heldMu.Unlock()
}

// heartbeats tells the server, every heartbeat interval, that the worker
// is still at the units it holds, until ctx ends.
func (w *worker) heartbeats(ctx context.Context) {
	_, hb := w.objects()
	tick := time.NewTicker(hb / 2)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			var due []jetstream.Msg
			w.heldMu.Lock()
			for msg, last := range w.held {
				if now.Sub(last) >= hb/2 {
					due = append(due, msg)
					w.held[msg] = now
				}
			}
			w.heldMu.Unlock()
			for _, msg := range due {
				msg.InProgress()
			}
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// handle counts the unit of one work message, stores its result and acks
// the message.
func (w *worker) handle(ctx context.Context, msg jetstream.Msg) {
	defer w.release(msg)
	t, p, err := w.accept(ctx, msg)
	if errors.Is(err, errTransient) {
		if ctx.Err() == nil {
			w.logf("cannot check %s now: %v; handing it back", msg.Subject(), err)
		}
		msg.NakWithDelay(time.Second)
		return
	}
	if err != nil {
		w.count(func(s *WorkStats) { s.Rejected++ })
		w.logf("rejected a message on %s: %v", msg.Subject(), err)
		if errors.Is(err, errPlanVersion) {
			// Another worker may know this plan version.
			msg.NakWithDelay(30 * time.Second)
			return
		}
		msg.TermWithReason(err.Error())
		return
	}
	o, _ := w.objects()

	// A finished unit is stored and acked even when ctx ends meanwhile, as
	// long as the server answers within storeWait; but not when the server
	// goes away for good.
	sctx, scancel := context.WithCancel(context.WithoutCancel(ctx))
	defer scancel()
	stopAfter := context.AfterFunc(ctx, func() {
		if errors.Is(context.Cause(ctx), ErrShutdown) {
			scancel()
			return
		}
		t := time.AfterFunc(w.opts.storeWait, scancel)
		context.AfterFunc(sctx, func() { t.Stop() })
	})
	defer stopAfter()

	// The unit may have been counted and stored by a worker whose ack
	// was lost, as when the server stops between the two: look before
	// counting it again.
	if w.mayBeDone(ctx, o, msg) {
		if e, err := o.kv.Get(ctx, t.key()); err == nil {
			if _, err := decodeRecord(e.Value(), t.Run, t.Unit); err == nil {
				w.count(func(s *WorkStats) { s.Skipped++ })
				if w.opts.Verbose {
					w.logf("skipped unit %d of run %s: already counted", t.Unit, t.Run)
				}
				msg.Ack()
				return
			}
		}
	}

	// A unit counted twice should be counted by two workers: one that
	// finds the other count its own hands the unit back, for a while.
	if w.countedOther(ctx, o, t, msg) {
		msg.NakWithDelay(200 * time.Millisecond)
		return
	}

	select {
	case w.slots <- struct{}{}:
	case <-ctx.Done():
	}
	if ctx.Err() != nil {
		msg.Nak()
		return
	}
	start := time.Now()
	res, err := w.countPieces(ctx, o.kv, p, t)
	<-w.slots
	if err == nil && res.Unit != t.Unit {
		err = fmt.Errorf("the plan counted unit %d when asked for unit %d", res.Unit, t.Unit)
	}
	if err != nil {
		msg.Nak()
		if ctx.Err() == nil {
			w.logf("counting unit %d of run %s failed: %v", t.Unit, t.Run, err)
		}
		return
	}
	if w.opts.delay > 0 {
		sleep(ctx, w.opts.delay)
	}
	if w.opts.spoil != nil {
		w.opts.spoil(&res)
	}
	elapsed := time.Since(start)
	rec := newRecord(t.Run, res, w.opts.Name, float64(elapsed.Microseconds())/1000)
	stored, err := w.store(sctx, o.kv, t.key(), rec)
	if err != nil {
		if note := storeFailure(ctx, t, err); note != "" {
			w.logf("%s", note)
		}
		msg.Nak()
		return
	}
	if w.opts.Verbose {
		if stored {
			w.logf("counted unit %d of run %s: total %d, unique %d, %.0f ms", t.Unit, t.Run, res.Total, res.Unique, rec.Millis)
		} else {
			w.logf("counted unit %d of run %s again: its result was stored meanwhile", t.Unit, t.Run)
		}
	}
	if u, _ := p.Unit(t.Unit); u.Pieces() > 1 {
		if err := o.kv.Delete(sctx, t.piecesKey()); err != nil && w.opts.Verbose {
			w.logf("cannot remove the pieces of unit %d of run %s: %v", t.Unit, t.Run, err)
		}
	}
	// An ack that gets lost only brings the unit back to a worker that
	// finds its result stored.
	msg.Ack()
}

// countPieces counts the unit of task t: a unit of one piece whole, the
// others piece by piece. After each piece it stores the pieces counted
// so far under the task's pieces key, and it begins with those that a
// worker that stopped before it stored there: a worker that stops loses
// at most the piece it was counting. A record of pieces that does not
// check out is counted again.
func (w *worker) countPieces(ctx context.Context, kv jetstream.KeyValue, p *plan.Plan, t task) (plan.Result, error) {
	u, ok := p.Unit(t.Unit)
	if !ok || u.Pieces() == 1 {
		return p.Count(ctx, t.Unit)
	}
	var sum plan.Result
	if e, err := kv.Get(ctx, t.piecesKey()); err == nil {
		r, err := decodePieces(e.Value(), t.Run, t.Unit)
		if err == nil {
			r, err = p.Merge(r, plan.Result{})
		}
		if err != nil {
			w.logf("counting the pieces of unit %d of run %s again: %v", t.Unit, t.Run, err)
		} else {
			sum = r
		}
	}
	for k := range u.Pieces() {
		if sum.Pieces&(1<<k) != 0 {
			continue
		}
		r, err := p.CountPiece(ctx, t.Unit, k)
		if err != nil {
			return r, err
		}
		if sum, err = p.Merge(sum, r); err != nil {
			return sum, err
		}
		if sum.Pieces == 0 {
			break
		}
		data, err := json.Marshal(newPieces(t.Run, sum))
		if err == nil {
			_, err = kv.Put(ctx, t.piecesKey(), data)
		}
		if err != nil && ctx.Err() == nil {
			w.logf("cannot store the pieces of unit %d of run %s: %v", t.Unit, t.Run, err)
		}
	}
	return sum, nil
}

// countedOther reports, for the second count of a unit, whether the
// first is stored by this worker, while the task has been delivered fewer
// than ten times: after that, with no other worker about, the worker
// counts the unit again itself. (The coordinator queues second counts
// after all first ones, so that the first is mostly stored by then.)
func (w *worker) countedOther(ctx context.Context, o *objects, t task, msg jetstream.Msg) bool {
	if !t.Check {
		return false
	}
	if md, err := msg.Metadata(); err == nil && md.NumDelivered >= 10 {
		return false
	}
	e, err := o.kv.Get(ctx, resultKey(t.Run, t.Unit))
	if err != nil {
		return false
	}
	r, err := decodeRecord(e.Value(), t.Run, t.Unit)
	return err == nil && r.Worker == w.opts.Name
}

// storeFailure returns what to say when the result of the unit of t could
// not be stored, err telling why, and ctx being the worker's: nothing when
// the coordinator finished the run, which then needs no more results;
// that the unit goes back to the queue when the worker was stopped before
// the server confirmed the result (which may be stored all the same).
func storeFailure(ctx context.Context, t task, err error) string {
	switch {
	case errors.Is(context.Cause(ctx), ErrShutdown):
		return ""
	case ctx.Err() != nil:
		return fmt.Sprintf("stopped before the server confirmed the result of unit %d of run %s; the unit goes back to the queue", t.Unit, t.Run)
	}
	return fmt.Sprintf("cannot store the result of unit %d of run %s: %v; it will be counted again", t.Unit, t.Run, err)
}

// mayBeDone reports whether a unit's result may be stored already: when
// its message was delivered before, or when it was on the queue before the
// worker first heard from the server it is connected to now (a new
// server ID after a reconnect means a restarted server, which may have
// forgotten acks). Fresh messages of a run need no look.
func (w *worker) mayBeDone(ctx context.Context, o *objects, msg jetstream.Msg) bool {
	md, err := msg.Metadata()
	if err != nil || md.NumDelivered > 1 {
		return true
	}
	w.seqMu.Lock()
	defer w.seqMu.Unlock()
	if id := w.nc.ConnectedServerId(); id != w.serverID {
		info, err := o.stream.Info(ctx)
		if err != nil {
			return true
		}
		w.serverID, w.seqFloor = id, info.State.LastSeq
	}
	return md.Sequence.Stream <= w.seqFloor
}

// errTransient is wrapped by the errors of checks that could not be made
// now; the message goes back to the queue.
var errTransient = errors.New("not now")

// errPlanVersion is wrapped by the rejection of a task made by a different
// version of the plan.
var errPlanVersion = errors.New("plan version")

// accept decodes and checks a work message: well formed, for a plan this
// worker builds identically, for a unit of that plan, and for a run that a
// coordinator registered.
func (w *worker) accept(ctx context.Context, msg jetstream.Msg) (task, *plan.Plan, error) {
	t, err := decodeTask(msg.Subject(), msg.Data())
	if err != nil {
		return t, nil, err
	}
	if t.PlanVersion != plan.Version {
		return t, nil, fmt.Errorf("%w %d; this worker has plan version %d", errPlanVersion, t.PlanVersion, plan.Version)
	}
	pl, err := w.plan(t.N)
	if err != nil {
		return t, nil, err
	}
	p := pl.plan
	if t.Fingerprint != pl.manifest.Fingerprint || t.Run != pl.manifest.Run {
		return t, nil, fmt.Errorf("%w: the task's plan for N=%d is not this worker's plan", errMalformed, t.N)
	}
	if t.Unit < 0 || t.Unit >= len(p.Units) {
		return t, nil, fmt.Errorf("%w: unit %d is not one of the %d units of N=%d", errMalformed, t.Unit, len(p.Units), t.N)
	}
	return t, p, w.checkRun(ctx, t.Run, pl.manifest)
}

// knownPlan is a plan a worker built, with the manifest of its run.
type knownPlan struct {
	plan     *plan.Plan
	manifest manifest
}

func (w *worker) plan(n int) (*knownPlan, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if pl := w.plans[n]; pl != nil {
		return pl, nil
	}
	newPlan := w.opts.newPlan
	if newPlan == nil {
		newPlan = plan.New
	}
	p, err := newPlan(n)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	}
	pl := &knownPlan{plan: p, manifest: newManifest(RunID(p), p)}
	w.plans[n] = pl
	return pl, nil
}

// checkRun checks that a coordinator registered the run with the manifest
// the worker expects; a verdict is kept, except a failure to ask.
func (w *worker) checkRun(ctx context.Context, run string, want manifest) error {
	w.mu.Lock()
	verdict, known := w.runs[run]
	o := w.o
	w.mu.Unlock()
	if known {
		return verdict
	}
	gctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	e, err := o.kv.Get(gctx, manifestKey(run))
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		verdict = fmt.Errorf("%w: no coordinator registered run %s", errMalformed, run)
	case err != nil:
		return fmt.Errorf("%w: reading the manifest of run %s: %v", errTransient, run, err)
	default:
		var m manifest
		if err := decodeStrict(e.Value(), &m); err != nil {
			verdict = fmt.Errorf("the manifest of run %s: %w", run, err)
		} else if m != want {
			verdict = fmt.Errorf("%w: the manifest of run %s does not match its plan", ErrIntegrity, run)
		}
	}
	w.mu.Lock()
	w.runs[run] = verdict
	w.mu.Unlock()
	return verdict
}

// store puts a result into the bucket unless the unit has one, and
// reports whether it did. It retries while the server is away, until ctx
// ends.
func (w *worker) store(ctx context.Context, kv jetstream.KeyValue, key string, rec record) (bool, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return false, err
	}
	// retried is set when an attempt got no answer: it may have been
	// stored all the same, and then the same result is ours.
	retried := false
	for {
		_, err := kv.Create(ctx, key, data)
		if err == nil {
			w.health.ok()
			w.count(func(s *WorkStats) { s.Counted++ })
			return true, nil
		}
		if errors.Is(err, jetstream.ErrKeyExists) {
			if stored, done := w.settle(ctx, kv, key, rec, data, retried); done {
				return stored, nil
			}
			continue
		}
		if ctx.Err() != nil {
			// The stop may have come between the server's storing the
			// result and its answer: a look tells whether it is ours.
			if w.storedAnyway(kv, key, rec) {
				w.count(func(s *WorkStats) { s.Counted++ })
				return true, nil
			}
			return false, err
		}
		if isTransient(err) {
			w.health.fail(err)
		}
		retried = true
		sleep(ctx, 250*time.Millisecond)
	}
}

// storedAnyway reports whether the bucket holds rec under key, asking for
// at most a second: after a stop, whether an attempt to store it that got
// no answer stored it all the same.
func (w *worker) storedAnyway(kv jetstream.KeyValue, key string, rec record) bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	e, err := kv.Get(ctx, key)
	if err != nil {
		return false
	}
	old, err := decodeRecord(e.Value(), rec.Run, rec.Unit)
	return err == nil && old == rec
}

// settle deals with a result key that exists already: the same result is a
// repeat, garbage is replaced, and a different result is an integrity
// error, logged and recorded beside it. After an attempt that got no
// answer (retried), a record equal to rec is rec itself. settle reports
// whether rec is stored, and whether it is done: when not, the caller
// tries to create the key again.
func (w *worker) settle(ctx context.Context, kv jetstream.KeyValue, key string, rec record, data []byte, retried bool) (stored, done bool) {
	e, err := kv.Get(ctx, key)
	if err != nil {
		return false, false
	}
	old, err := decodeRecord(e.Value(), rec.Run, rec.Unit)
	if err != nil {
		w.logf("the stored result of unit %d of run %s is not valid (%v); replacing it", rec.Unit, rec.Run, err)
		if _, err := kv.Update(ctx, key, data, e.Revision()); err == nil {
			w.count(func(s *WorkStats) { s.Counted++ })
			return true, true
		}
		return false, false
	}
	if old.sameCount(rec) {
		if retried && old == rec {
			w.count(func(s *WorkStats) { s.Counted++ })
			return true, true
		}
		w.count(func(s *WorkStats) { s.Duplicates++ })
		return false, true
	}
	w.count(func(s *WorkStats) { s.Conflicts++ })
	w.logf("INTEGRITY ERROR: unit %d of run %s counted again gives %s, but the stored result is %s; the new result is not used", rec.Unit, rec.Run, rec, old)
	if _, err := kv.Create(ctx, conflictKey(rec.Run, rec.Unit), data); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		w.logf("cannot record the conflict on unit %d of run %s: %v", rec.Unit, rec.Run, err)
	}
	return false, true
}
