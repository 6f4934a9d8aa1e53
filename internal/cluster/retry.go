package cluster

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The codes of JetStream API errors that pass once the cluster has leaders
// again: a leader is being elected, a server that holds a replica is away,
// or the cluster has lost its majority for a while.
const (
	codeNotAvailable     = 10008 // JetStream system temporarily unavailable
	codeNotAssigned      = 10007 // cluster not assigned to this server
	codeCannotHandle     = 10009 // cluster can not handle request
	codeStreamOffline    = 10118
	codeConsumerOffline  = 10119
	codeSeqUnavailable   = 10163 // expected last sequence per subject temporarily unavailable
	codeStreamOfflineWhy = 10194
	codeConsumerOffWhy   = 10195
)

// The codes of JetStream API errors about the placement of replicas.
const (
	codeNoPeers              = 10005 // no suitable peers for placement
	codeInsufficient         = 10023 // insufficient resources
	codeReplicasNotSupported = 10074 // replicas > 1 not supported in non-clustered mode
)

// apiCode returns the JetStream error code of err, or 0.
func apiCode(err error) jetstream.ErrorCode {
	if apiErr, ok := errors.AsType[*jetstream.APIError](err); ok {
		return apiErr.ErrorCode
	}
	return 0
}

// isTransient reports whether err may pass by itself: the request timed
// out, nobody answered it, the connection is being re-established, or
// JetStream says it cannot serve it now, as while a server is lost and
// its streams elect new leaders.
func isTransient(err error) bool {
	if err == nil {
		return false
	}
	if isTimeout(err) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse) ||
		errors.Is(err, nats.ErrDisconnected) || errors.Is(err, nats.ErrConnectionReconnecting) ||
		errors.Is(err, jetstream.ErrConsumerLeadershipChanged) || errors.Is(err, jetstream.ErrServerShutdown) ||
		errors.Is(err, jetstream.ErrTooManyStalledMsgs) ||
		// The client's word for a JetStream API that nobody answers.
		errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, nats.ErrJetStreamNotEnabled) {
		return true
	}
	// The watch of a bucket reports in the words of the older API.
	var code, status int
	if apiErr, ok := errors.AsType[*jetstream.APIError](err); ok {
		code, status = int(apiErr.ErrorCode), apiErr.Code
	} else if apiErr, ok := errors.AsType[*nats.APIError](err); ok {
		code, status = int(apiErr.ErrorCode), apiErr.Code
	} else {
		return false
	}
	switch code {
	case codeNotAvailable, codeNotAssigned, codeCannotHandle, codeStreamOffline, codeConsumerOffline,
		codeSeqUnavailable, codeStreamOfflineWhy, codeConsumerOffWhy:
		return true
	}
	return status == 503 || status == 408
}

// quietLimit is how long JetStream may fail to answer before a coordinator
// or worker says so: longer than the election of a new leader after the
// loss of one server, which takes from 4 to 9 seconds. Tests shorten it.
var quietLimit = 10 * time.Second

// health follows whether JetStream answers the requests of one coordinator
// or worker. When it has not answered for quietLimit, health says so once,
// and again once when it answers.
type health struct {
	logf  func(format string, args ...any)
	limit time.Duration

	mu    sync.Mutex
	since time.Time // the first failure since the last answer; zero when answered
	told  bool      // the failures were logged
}

func newHealth(logf func(format string, args ...any)) *health {
	return &health{logf: logf, limit: quietLimit}
}

// fail notes a transient failure err. A nil health notes nothing.
func (h *health) fail(err error) {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	if h.since.IsZero() {
		h.since = now
	}
	if !h.told && now.Sub(h.since) >= h.limit {
		h.told = true
		h.logf("JetStream has not answered for %s (%v); waiting for it: a NATS cluster needs most of its servers up to keep the queue and the results going",
			now.Sub(h.since).Round(time.Second), err)
	}
}

// failing reports whether the failures have been logged and no answer
// has come since.
func (h *health) failing() bool {
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.told
}

// ok notes an answer.
func (h *health) ok() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.told {
		h.logf("JetStream answers again after %s", time.Since(h.since).Round(time.Second))
	}
	h.since, h.told = time.Time{}, false
}

// attemptTimeout bounds one attempt of a request that [retry] repeats.
const attemptTimeout = 5 * time.Second

// maxBackoff is the longest pause between two attempts of [retry]: short,
// so that a count goes on soon after the cluster has leaders again.
const maxBackoff = 2 * time.Second

// retry calls f until it succeeds, fails with an error that is not
// transient, or ctx ends; then it returns ctx.Err(). Each attempt has
// attemptTimeout, and the pauses between attempts grow to maxBackoff.
// Failures and answers are noted in h.
func retry(ctx context.Context, h *health, f func(ctx context.Context) error) error {
	return retryWithin(ctx, h, attemptTimeout, f)
}

// retryWithin is [retry] with attempts of limit each.
func retryWithin(ctx context.Context, h *health, limit time.Duration, f func(ctx context.Context) error) error {
	pause := 100 * time.Millisecond
	for {
		actx, cancel := context.WithTimeout(ctx, limit)
		err := f(actx)
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !isTransient(err) {
			h.ok() // an answer, even when it is an error
			return err
		}
		h.fail(err)
		sleep(ctx, pause)
		pause = min(2*pause, maxBackoff)
	}
}
