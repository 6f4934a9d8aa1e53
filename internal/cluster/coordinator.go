package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/plan"
)

// Options configures [Count].
type Options struct {
	// Workers is the number of units the coordinator counts itself, at
	// once, beside the workers elsewhere; 0 leaves all the counting to
	// them.
	Workers int
	// AckWait is how long a unit handed to a worker may go without a word
	// from it before another worker gets it; 0 means [DefaultAckWait].
	AckWait time.Duration
	// Progress, when not nil, is called when results come in, never by two
	// goroutines at once. It must return quickly.
	Progress func(Progress)
	// Logf, when not nil, receives what a person running the count should
	// know: rejected results, lost connections, the local workers' notes.
	Logf func(format string, args ...any)
	// Verbose also logs every unit the local workers count.
	Verbose bool
	// Memory keeps the queue and the results in the server's memory
	// instead of on its disk: for a server whose storage does not outlive
	// the count anyway. A stream or bucket that exists keeps its storage.
	Memory bool
	// Replicas is the number of servers of a JetStream cluster that keep
	// a copy of the queue, its consumer and the results, so that the count
	// goes on when one of them is lost: 1, 3 or 5. 0 means 3 when the
	// server is part of a JetStream cluster of at least three servers,
	// and 1 otherwise. A queue or bucket with fewer replicas is raised to
	// them; one with more keeps its own.
	Replicas int
	// Double is the share of the units, from 0 to 1, that are counted
	// twice, by two workers where there are two (one unit at least when
	// it is above 0, the same units each time the run is resumed): the
	// second count is stored under the unit's check key with the name of
	// its worker, and two counts that differ make Count fail with an
	// error wrapping [ErrIntegrity] that names the unit and both workers.
	Double float64
}

// Progress reports how far a cluster count has come.
type Progress struct {
	Done    int           // units with a result
	Units   int           // units in all
	Resumed int           // units whose result an earlier coordinator collected
	Elapsed time.Duration // since this coordinator started
}

// Result is the outcome of a cluster count.
type Result struct {
	Run       string // the run ID, see [RunID]
	N         int
	Total     queens.Uint128
	Unique    queens.Uint128
	Nodes     queens.Uint128
	Units     int           // units in the plan
	Resumed   int           // units counted before this coordinator started
	Published int           // units this coordinator put on the queue
	Elapsed   time.Duration // time this coordinator took
	// Doubled lists the units counted twice, with the workers that
	// counted them, whose counts agree.
	Doubled []Double
}

// Double is a unit counted twice, by the workers named.
type Double struct {
	Unit          int
	First, Second string
}

// Count counts plan p on the cluster behind nc: it sets up the work queue
// and the result bucket, registers the run's manifest, puts every unit
// that has neither a result nor a waiting message on the queue, and sums
// the results as workers store them. A coordinator restarted on the same
// server resumes: results already stored are used, not counted again.
//
// Count returns an error wrapping [ErrIntegrity] when the server holds a
// different manifest for the run or two different results for a unit, and
// ctx.Err() when ctx ends first. Results that are malformed or fail their
// checksum are logged, removed and their units queued again; they are
// never summed.
func Count(ctx context.Context, nc *nats.Conn, p *plan.Plan, opts Options) (Result, error) {
	start := time.Now()
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	ackWait := opts.AckWait
	if ackWait == 0 {
		ackWait = DefaultAckWait
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(1024))
	if err != nil {
		return Result{}, err
	}
	h := newHealth(logf)
	o, err := setup(ctx, js, setupConfig{ackWait: ackWait, memory: opts.Memory, replicas: opts.Replicas, logf: logf, health: h})
	if err != nil {
		return Result{}, err
	}
	run := RunID(p)
	// Workers that came before the queue look for it at once; one that
	// misses the notice looks again within half a second.
	notify(nc, "ready", run)
	c := &coordinator{p: p, m: newManifest(run, p), o: o, run: run, logf: logf, health: h, results: map[int]record{}, units: map[int]bool{},
		checks: map[int]record{}, double: map[int]bool{}}
	for _, u := range p.Units {
		c.units[u.ID] = true
	}
	for _, u := range doubleUnits(run, len(p.Units), opts.Double) {
		c.double[u] = true
	}
	if err := c.register(ctx); err != nil {
		return Result{}, err
	}

	if opts.Workers > 0 {
		wctx, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Go(func() {
			Work(wctx, nc, WorkOptions{Workers: opts.Workers, Logf: logf, Verbose: opts.Verbose, heartbeat: ackWait / 6, hardStop: true})
		})
		defer wg.Wait()
		defer stop()
	}

	watch := &resultWatch{kv: o.kv, keys: run + ".>", health: h}
	defer watch.stop()
	if err := c.catchUp(ctx, watch); err != nil {
		return Result{}, err
	}
	res := Result{Run: run, N: p.N, Units: len(p.Units), Resumed: len(c.results)}
	res.Published, err = c.requeue(ctx, "")
	if err != nil {
		return Result{}, err
	}
	// The second counts go after the first ones.
	if err := c.publishChecks(ctx, ""); err != nil {
		return Result{}, err
	}

	report := func() {
		if opts.Progress != nil {
			opts.Progress(Progress{Done: len(c.results), Units: len(p.Units), Resumed: res.Resumed, Elapsed: time.Since(start)})
		}
	}
	report()
	// When no result comes for long, units may have been lost (dropped by
	// a faulty worker, or purged by hand): queue them again.
	stall := max(3*ackWait, 10*time.Second)
	timer := time.NewTimer(stall)
	defer timer.Stop()
	// When no result comes for half the ack wait, say which units the
	// count waits for; again each time the silence has doubled.
	quietStart, quietNext := time.Now(), ackWait/2
	quiet := time.NewTimer(quietNext)
	defer quiet.Stop()
	// When no result comes for a while, check that the watch has not
	// fallen behind the bucket, as when the server that fed it is lost.
	const checkEvery = time.Second
	check := time.NewTimer(checkEvery)
	defer check.Stop()
	for pass := 1; len(c.results) < len(p.Units) || len(c.checks) < len(c.double); {
		select {
		case e, ok := <-watch.updates():
			if !ok {
				logf("the watch of the results ended; watching again")
				if err := watch.start(ctx); err != nil {
					return Result{}, fmt.Errorf("cannot watch the results: %w", err)
				}
				break
			}
			watch.seen(e)
			check.Reset(checkEvery)
			if e == nil {
				break // a watch that started again has brought what it missed
			}
			before := len(c.results) + len(c.checks)
			if err := c.take(ctx, e); err != nil {
				return Result{}, err
			}
			if len(c.results)+len(c.checks) > before {
				report()
				timer.Reset(stall)
				quietStart, quietNext = time.Now(), ackWait/2
				quiet.Reset(quietNext)
			}
		case <-quiet.C:
			c.reportWaiting(ctx, time.Since(quietStart))
			quietNext *= 2
			quiet.Reset(quietNext)
		case <-check.C:
			if behind := c.checkWatch(ctx, watch); behind {
				logf("the watch of the results fell behind the bucket; watching again")
				if err := watch.start(ctx); err != nil {
					return Result{}, fmt.Errorf("cannot watch the results: %w", err)
				}
			}
			check.Reset(checkEvery)
		case <-timer.C:
			// The results may be stored and the watch behind, as after
			// the cluster lost its majority: look first.
			before := len(c.results)
			if err := c.catchUp(ctx, watch); err != nil {
				return Result{}, err
			}
			if len(c.results) > before {
				report()
				timer.Reset(stall)
				break
			}
			n, err := c.requeue(ctx, ".g"+strconv.Itoa(pass))
			if err != nil {
				return Result{}, err
			}
			if err := c.publishChecks(ctx, ".g"+strconv.Itoa(pass)); err != nil {
				return Result{}, err
			}
			if n > 0 {
				logf("no result for %s: queued %d lost units again", stall, n)
				res.Published += n
			}
			pass++
			timer.Reset(stall)
		case <-ctx.Done():
			return Result{}, ctx.Err()
		}
	}
	// Units queued twice, or whose ack was lost, need no worker now. A
	// worker that gets one finds its result, so the count need not wait
	// long for this, as while the stream elects a leader.
	pctx, cancel := context.WithTimeout(ctx, purgeTimeout)
	if err := o.stream.Purge(pctx, jetstream.WithPurgeSubject(workSubjectsOf(run))); err != nil {
		logf("cannot clear the queue of run %s: %v; workers that get its units find them counted", run, err)
	}
	cancel()
	for _, u := range p.Units {
		r := c.results[u.ID]
		res.Total = res.Total.Add64(r.Total)
		res.Unique = res.Unique.Add64(r.Unique)
		res.Nodes = res.Nodes.Add64(r.Nodes)
	}
	// A join plan's units add up the classes eightfold.
	unique, rest := res.Unique.Div64(p.UniqueScale)
	if rest != 0 {
		return Result{}, fmt.Errorf("the unique shares of the results sum to %s, not a multiple of %d: a stored result is wrong", res.Unique, p.UniqueScale)
	}
	res.Unique = unique
	for _, u := range slices.Sorted(maps.Keys(c.double)) {
		res.Doubled = append(res.Doubled, Double{Unit: u, First: c.results[u].Worker, Second: c.checks[u].Worker})
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// publishChecks queues the second counts that have no result yet; a
// second count queued twice is stored once.
func (c *coordinator) publishChecks(ctx context.Context, suffix string) error {
	for _, u := range slices.Sorted(maps.Keys(c.double)) {
		if _, done := c.checks[u]; done {
			continue
		}
		data, err := json.Marshal(task{Format: taskFormat, Run: c.run, N: c.m.N, PlanVersion: c.m.PlanVersion, Fingerprint: c.m.Fingerprint, Unit: u, Check: true})
		if err != nil {
			return err
		}
		err = retryWithin(ctx, c.health, publishTimeout, func(ctx context.Context) error {
			_, err := c.o.js.Publish(ctx, workSubject(c.run, u)+checkSuffix, data, jetstream.WithMsgID(msgID(c.run, u)+checkSuffix+suffix))
			return err
		})
		if err != nil {
			return fmt.Errorf("cannot queue the second count of unit %d: %w", u, err)
		}
	}
	return nil
}

// compare checks the two counts of a unit counted twice, once both are
// in.
func (c *coordinator) compare(u int) error {
	first, ok1 := c.results[u]
	second, ok2 := c.checks[u]
	if !ok1 || !ok2 || first.sameCount(second) {
		return nil
	}
	return fmt.Errorf("%w: unit %d of run %s counted twice gives two different results: %s and %s", ErrIntegrity, u, c.run, first, second)
}

// catchUp starts the watch of the results, or starts it again after the
// last revision it brought, and takes the entries stored until then.
func (c *coordinator) catchUp(ctx context.Context, watch *resultWatch) error {
	if err := watch.start(ctx); err != nil {
		return fmt.Errorf("cannot watch the results: %w", err)
	}
	for {
		select {
		case e, ok := <-watch.updates():
			if !ok {
				c.logf("the watch of the results ended; watching again")
				if err := watch.start(ctx); err != nil {
					return fmt.Errorf("cannot watch the results: %w", err)
				}
				break
			}
			if e == nil {
				return nil
			}
			watch.seen(e)
			if err := c.take(ctx, e); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

type coordinator struct {
	p        *plan.Plan
	m        manifest // of the run
	o        *objects
	run      string
	logf     func(format string, args ...any)
	health   *health
	kvStream jetstream.Stream // the stream of the bucket, once looked up
	units    map[int]bool     // the IDs of the plan's units
	results  map[int]record   // the verified result of each unit
	double   map[int]bool     // the units counted twice
	checks   map[int]record   // the second counts of those units
}

// register stores the run's manifest, or checks the one stored.
func (c *coordinator) register(ctx context.Context) error {
	m := c.m
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	key := manifestKey(c.run)
	err = retry(ctx, c.health, func(ctx context.Context) error {
		_, err := c.o.kv.Create(ctx, key, data)
		return err
	})
	if err == nil {
		c.noteOtherRuns(ctx)
		return nil
	}
	if !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("cannot register run %s: %w", c.run, err)
	}
	var e jetstream.KeyValueEntry
	err = retry(ctx, c.health, func(ctx context.Context) error {
		var err error
		e, err = c.o.kv.Get(ctx, key)
		return err
	})
	if err != nil {
		return fmt.Errorf("cannot read the manifest of run %s: %w", c.run, err)
	}
	var old manifest
	if err := decodeStrict(e.Value(), &old); err != nil || old != m {
		return fmt.Errorf("%w: the server holds a different run under %s (stored manifest %s, this run: N=%d, plan version %d, %d units)",
			ErrIntegrity, key, strings.TrimSpace(string(e.Value())), m.N, m.PlanVersion, m.Units)
	}
	c.logf("resuming run %s", c.run)
	return nil
}

// noteOtherRuns tells about runs of the same N with a different plan, whose
// results this run cannot use.
func (c *coordinator) noteOtherRuns(ctx context.Context) {
	// A note only: it does not hold the count up for long.
	ctx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	lister, err := c.o.kv.ListKeysFiltered(ctx, fmt.Sprintf("n%d-*.manifest", c.p.N))
	if err != nil {
		return
	}
	for key := range lister.Keys() {
		if key != manifestKey(c.run) {
			c.logf("note: the server also holds run %s of the same N with another plan; its results are not used", strings.TrimSuffix(key, ".manifest"))
		}
	}
}

// reportWaiting logs the units that have no result yet after a silence
// of quiet, and where they are.
func (c *coordinator) reportWaiting(ctx context.Context, quiet time.Duration) {
	var missing []int
	for _, u := range c.p.Units {
		if _, done := c.results[u.ID]; !done {
			missing = append(missing, u.ID)
		}
	}
	where := ""
	ictx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	if ci, err := c.o.cons.Info(ictx); err == nil {
		c.health.ok()
		where = fmt.Sprintf(" (%d handed to workers, %d waiting for one)", ci.NumAckPending, ci.NumPending)
	} else if isTransient(err) {
		c.health.fail(err)
	}
	c.logf("no result for %s: waiting for %s%s: %s", quiet.Round(time.Second), plural(len(missing), "unit", "units"), where, unitList(missing))
}

// plural returns n and the singular or plural noun that goes with it.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// requeue puts on the queue every unit that has no result and no valid
// message waiting, and returns how many. A unit is looked up on the queue
// before its result is: a unit that is on neither was lost, or never
// queued. suffix is added to the message IDs, so that a unit lost within
// the duplicate window can be queued again.
//
// A message at or below the consumer's ack floor is never delivered
// again, whatever the store it came from went through: such a unit is
// stuck, and it is cleared and queued afresh.
func (c *coordinator) requeue(ctx context.Context, suffix string) (int, error) {
	var info *jetstream.StreamInfo
	err := retry(ctx, c.health, func(ctx context.Context) error {
		var err error
		info, err = c.o.stream.Info(ctx, jetstream.WithSubjectFilter(workSubjectsOf(c.run)))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("cannot read the work queue: %w", err)
	}
	var ci *jetstream.ConsumerInfo
	err = retry(ctx, c.health, func(ctx context.Context) error {
		var err error
		ci, err = c.o.cons.Info(ctx)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("cannot read the work queue's consumer: %w", err)
	}
	floor := ci.AckFloor.Stream
	var lost, stuck []int
	for _, u := range c.p.Units {
		subject := workSubject(c.run, u.ID)
		if _, done := c.results[u.ID]; done {
			// A message left behind by an ack that the server lost.
			if info.State.Subjects[subject] > 0 {
				c.o.stream.Purge(ctx, jetstream.WithPurgeSubject(subject))
			}
			continue
		}
		if info.State.Subjects[subject] == 0 {
			lost = append(lost, u.ID)
			continue
		}
		switch seq, ok := c.queued(ctx, subject); {
		case !ok:
			lost = append(lost, u.ID)
		case seq <= floor:
			err := retry(ctx, c.health, func(ctx context.Context) error {
				return c.o.stream.Purge(ctx, jetstream.WithPurgeSubject(subject))
			})
			if err != nil {
				return 0, fmt.Errorf("cannot clear the stuck unit %d: %w", u.ID, err)
			}
			stuck = append(stuck, u.ID)
		}
	}
	if len(stuck) > 0 {
		c.logf("units %s were on the queue where no worker gets them: queued them again", unitList(stuck))
		// The stuck messages may still be within the duplicate window.
		if err := c.publish(ctx, stuck, fmt.Sprintf(".s%d", info.State.LastSeq)); err != nil {
			return 0, err
		}
	}
	return len(lost) + len(stuck), c.publish(ctx, lost, suffix)
}

// queued reports whether the last message on a unit's subject is the
// coordinator's task for it, not something else sent there, and returns
// its stream sequence.
func (c *coordinator) queued(ctx context.Context, subject string) (uint64, bool) {
	var m *jetstream.RawStreamMsg
	err := retry(ctx, c.health, func(ctx context.Context) error {
		var err error
		m, err = c.o.stream.GetLastMsgForSubject(ctx, subject)
		return err
	})
	if err != nil {
		return 0, false
	}
	t, err := decodeTask(subject, m.Data)
	return m.Sequence, err == nil && t.N == c.m.N && t.PlanVersion == c.m.PlanVersion && t.Fingerprint == c.m.Fingerprint
}

// unitList returns the unit IDs as a list for a person: all of them when
// they are few, the first ones and how many more otherwise.
func unitList(units []int) string {
	const most = 10
	var b strings.Builder
	for i, u := range units {
		if i == most {
			fmt.Fprintf(&b, " and %d more", len(units)-most)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(u))
	}
	return b.String()
}

// purgeTimeout bounds the clearing of the queue at the end of a run.
const purgeTimeout = 2 * time.Second

// publishTimeout bounds one attempt to queue a batch of units.
const publishTimeout = 30 * time.Second

// publish puts units on the queue. The message ID makes a repeat within
// the stream's duplicate window a no-op; suffix is added to the IDs of
// units that must be queued again. A batch that JetStream does not
// confirm, as while the stream elects a leader, is queued again.
func (c *coordinator) publish(ctx context.Context, units []int, suffix string) error {
	// In batches, so that the client never holds too many messages
	// that the server has not confirmed.
	const batch = 256
	for len(units) > 0 {
		part := units[:min(batch, len(units))]
		units = units[len(part):]
		err := retryWithin(ctx, c.health, publishTimeout, func(ctx context.Context) error {
			return c.publishBatch(ctx, part, suffix)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// publishBatch puts units on the queue and waits until JetStream has
// confirmed them all.
func (c *coordinator) publishBatch(ctx context.Context, units []int, suffix string) error {
	m := c.m
	futures := make([]jetstream.PubAckFuture, 0, len(units))
	for _, u := range units {
		data, err := json.Marshal(task{Format: taskFormat, Run: c.run, N: m.N, PlanVersion: m.PlanVersion, Fingerprint: m.Fingerprint, Unit: u})
		if err != nil {
			return err
		}
		id := msgID(c.run, u) + suffix
		f, err := c.o.js.PublishAsync(workSubject(c.run, u), data, jetstream.WithMsgID(id))
		if err != nil {
			return fmt.Errorf("cannot queue unit %d: %w", u, err)
		}
		futures = append(futures, f)
	}
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("cannot queue unit %s: %w", f.Msg().Subject, err)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// take checks one entry of the run's keys and keeps it if it is a new,
// valid result.
func (c *coordinator) take(ctx context.Context, e jetstream.KeyValueEntry) error {
	if e.Operation() != jetstream.KeyValuePut {
		return nil
	}
	key := e.Key()
	if rest, ok := strings.CutPrefix(key, c.run+".conflict."); ok {
		u, _ := strconv.Atoi(rest)
		stored := "unknown"
		if r, ok := c.results[u]; ok {
			stored = r.String()
		}
		second := strings.TrimSpace(string(e.Value()))
		if r, err := decodeRecord(e.Value(), c.run, u); err == nil {
			second = r.String()
		}
		return fmt.Errorf("%w: unit %d of run %s has two different results: %s and %s", ErrIntegrity, u, c.run, stored, second)
	}
	if rest, ok := strings.CutPrefix(key, c.run+".check."); ok {
		u, err := strconv.Atoi(rest)
		if err != nil || !c.double[u] {
			c.logf("ignored key %s: not a unit counted twice", key)
			return nil
		}
		r, err := decodeRecord(e.Value(), c.run, u)
		if err != nil {
			c.logf("rejected second count %s: %v; counting the unit again", key, err)
			if err := c.o.kv.Delete(ctx, key, jetstream.LastRevision(e.Revision())); err != nil {
				c.logf("cannot remove the rejected second count %s: %v", key, err)
			}
			return nil // queued again when the count stalls
		}
		c.checks[u] = r
		return c.compare(u)
	}
	u, ok := parseResultKey(c.run, key)
	if !ok {
		// The pieces of units counted in pieces are the workers' own.
		if key != manifestKey(c.run) && !strings.HasPrefix(key, c.run+".pieces.") {
			c.logf("ignored key %s: not a key of run %s", key, c.run)
		}
		return nil
	}
	if !c.units[u] {
		c.logf("rejected result %s: unit %d is not in the plan", key, u)
		return nil
	}
	r, err := decodeRecord(e.Value(), c.run, u)
	if err != nil {
		c.logf("rejected result %s: %v; counting the unit again", key, err)
		if err := c.o.kv.Delete(ctx, key, jetstream.LastRevision(e.Revision())); err != nil {
			c.logf("cannot remove the rejected result %s: %v", key, err)
		}
		rev := strconv.FormatUint(e.Revision(), 10)
		return c.publish(ctx, []int{u}, ".r"+rev)
	}
	if old, ok := c.results[u]; ok {
		if old.sameCount(r) {
			return nil
		}
		return fmt.Errorf("%w: unit %d of run %s has two different results: %s and %s", ErrIntegrity, u, c.run, old, r)
	}
	c.results[u] = r
	return c.compare(u)
}

// Announce tells the workers connected to nc that the coordinator of the
// run of res is done, with its result, and that its embedded server goes
// away, so that they stop instead of waiting for it to come back.
func Announce(nc *nats.Conn, res Result) error {
	c := control{Format: controlFormat, Event: "shutdown", Run: res.Run, N: res.N, Total: &res.Total, Unique: &res.Unique}
	if err := publishControl(nc, c); err != nil {
		return err
	}
	return nc.FlushTimeout(5 * time.Second)
}

// notify publishes a control notice of run to the workers connected to nc.
func notify(nc *nats.Conn, event, run string) error {
	return publishControl(nc, control{Format: controlFormat, Event: event, Run: run})
}

// publishControl publishes the control notice c.
func publishControl(nc *nats.Conn, c control) error {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return nc.Publish(controlSubject, data)
}
