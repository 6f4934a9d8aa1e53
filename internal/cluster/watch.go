package cluster

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// resultWatch follows the keys of a run in the bucket for the coordinator.
// When the watch ends, or falls behind as when the server that fed it is
// lost, it starts again after the last revision it brought.
type resultWatch struct {
	kv     jetstream.KeyValue
	keys   string
	health *health

	w      jetstream.KeyWatcher
	cancel context.CancelFunc // ends the watch
	last   uint64             // the highest revision the watch brought
}

// start starts the watch, or starts it again after the last revision it
// brought, trying while JetStream cannot serve it and ctx lasts. The watch
// lasts until stop or the end of ctx.
func (rw *resultWatch) start(ctx context.Context) error {
	rw.stop()
	var opts []jetstream.WatchOpt
	if rw.last > 0 {
		opts = append(opts, jetstream.ResumeFromRevision(rw.last+1))
	}
	type started struct {
		w   jetstream.KeyWatcher
		err error
	}
	return retry(ctx, rw.health, func(actx context.Context) error {
		// The watch ends with the context it is made with: it gets one
		// of its own, and the attempt is bounded by actx.
		wctx, cancel := context.WithCancel(ctx)
		ch := make(chan started, 1)
		go func() {
			w, err := rw.kv.Watch(wctx, rw.keys, opts...)
			ch <- started{w, err}
		}()
		select {
		case r := <-ch:
			if r.err != nil {
				cancel()
				return r.err
			}
			rw.w, rw.cancel = r.w, cancel
			return nil
		case <-actx.Done():
			cancel()
			return actx.Err()
		}
	})
}

// updates returns the channel of the watch's entries: a nil entry says
// that the entries stored before the watch started have all come.
func (rw *resultWatch) updates() <-chan jetstream.KeyValueEntry { return rw.w.Updates() }

// seen notes that the watch brought e.
func (rw *resultWatch) seen(e jetstream.KeyValueEntry) {
	if e != nil && e.Revision() > rw.last {
		rw.last = e.Revision()
	}
}

// behind reports whether the watch missed a revision, given the last
// revision of the run's keys in the bucket and when it was stored: one
// that has had time to come.
func (rw *resultWatch) behind(last uint64, stored time.Time) bool {
	return last > rw.last && time.Since(stored) > lagLimit
}

// lagLimit is how long an entry may take from the bucket to the watch.
const lagLimit = time.Second

// stop ends the watch without waiting: ending it asks the server to
// remove the watch's consumer, and that server may be the one lost.
func (rw *resultWatch) stop() {
	if rw.w == nil {
		return
	}
	w := rw.w
	go func() {
		// Entries on their way must not hold up the end.
		for range w.Updates() {
		}
	}()
	go w.Stop()
	rw.cancel()
	rw.w, rw.cancel = nil, nil
}

// checkTimeout bounds each request of [coordinator.checkWatch], which
// holds up the coordinator.
const checkTimeout = time.Second

// checkWatch asks the bucket for the last revision of the run's keys and
// the consumer for its state, notes whether JetStream answers, and reports
// whether the watch has fallen behind.
func (c *coordinator) checkWatch(ctx context.Context, rw *resultWatch) bool {
	behind := false
	gctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	if c.kvStream == nil {
		if st, err := c.o.js.Stream(gctx, kvStreamName); err == nil {
			c.kvStream = st
		}
	}
	if c.kvStream != nil {
		if m, err := c.kvStream.GetLastMsgForSubject(gctx, "$KV."+BucketName+"."+rw.keys); err == nil {
			behind = rw.behind(m.Sequence, m.Time)
		}
	}
	ictx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	if _, err := c.o.cons.Info(ictx); err == nil {
		c.health.ok()
	} else if isTransient(err) {
		c.health.fail(err)
	}
	return behind
}
