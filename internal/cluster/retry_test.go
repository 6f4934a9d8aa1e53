package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func TestIsTransient(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{context.DeadlineExceeded, true},
		{nats.ErrTimeout, true},
		{nats.ErrNoResponders, true},
		{fmt.Errorf("cannot queue unit 3: %w", jetstream.ErrNoStreamResponse), true},
		{nats.ErrConnectionReconnecting, true},
		{jetstream.ErrConsumerLeadershipChanged, true},
		{&jetstream.APIError{Code: 503, ErrorCode: codeNotAvailable, Description: "JetStream system temporarily unavailable"}, true},
		{&nats.APIError{Code: 503, ErrorCode: codeNotAvailable, Description: "JetStream system temporarily unavailable"}, true},
		{&jetstream.APIError{Code: 500, ErrorCode: codeStreamOffline, Description: "stream is offline"}, true},
		{jetstream.ErrStreamNotFound, false},
		{jetstream.ErrKeyExists, false},
		{&jetstream.APIError{Code: 400, ErrorCode: 10052, Description: "bad config"}, false},
		{&jetstream.APIError{Code: 500, ErrorCode: codeInsufficient, Description: "insufficient resources"}, false},
		{errors.New("permissions violation"), false},
	} {
		if got := isTransient(tc.err); got != tc.want {
			t.Errorf("isTransient(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestHealthWords checks that a silence of JetStream is told once when it
// lasts, and its end once.
func TestHealthWords(t *testing.T) {
	var lines []string
	h := newHealth(func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) })
	h.limit = 50 * time.Millisecond
	h.ok()
	h.fail(nats.ErrNoResponders)
	if len(lines) != 0 || h.failing() {
		t.Fatalf("a first failure was told: %q", lines)
	}
	time.Sleep(60 * time.Millisecond)
	h.fail(nats.ErrNoResponders)
	h.fail(nats.ErrNoResponders)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "JetStream has not answered for") || !h.failing() {
		t.Fatalf("after the limit: %q, want one line", lines)
	}
	h.ok()
	h.ok()
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "JetStream answers again after") || h.failing() {
		t.Fatalf("after the answer: %q, want one more line", lines)
	}
}

// TestRetry checks that retry tries a transient failure again and gives
// up at once on another one.
func TestRetry(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tries := 0
	err := retry(ctx, nil, func(context.Context) error {
		if tries++; tries < 3 {
			return nats.ErrNoResponders
		}
		return nil
	})
	if err != nil || tries != 3 {
		t.Errorf("retry of two failures: %v after %d tries, want nil after 3", err, tries)
	}
	tries = 0
	err = retry(ctx, nil, func(context.Context) error {
		tries++
		return jetstream.ErrStreamNotFound
	})
	if !errors.Is(err, jetstream.ErrStreamNotFound) || tries != 1 {
		t.Errorf("retry of a lasting failure: %v after %d tries, want it after 1", err, tries)
	}
	short, stop := context.WithTimeout(ctx, 300*time.Millisecond)
	defer stop()
	err = retry(short, nil, func(context.Context) error { return nats.ErrNoResponders })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("retry until the end of ctx: %v, want the end of ctx", err)
	}
}

// TestReplicasOnOneServer asks for three replicas on a server that is not
// part of a cluster: the count is refused with ErrReplicas.
func TestReplicasOnOneServer(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), testDeadline)
	defer cancel()
	_, err := Count(ctx, nc, newPlan(t, 8), Options{Replicas: 3, Logf: t.Logf})
	if !errors.Is(err, ErrReplicas) || !strings.Contains(err.Error(), "not part of a JetStream cluster") {
		t.Fatalf("Count with 3 replicas on one server: %v, want ErrReplicas", err)
	}
	// Without replicas asked for, the same server counts with one.
	res, err := Count(ctx, nc, newPlan(t, 8), Options{Workers: 1, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
}

// TestConnMoves checks the line a connection logs when it moves to
// another server, or back to the same one, at once.
func TestConnMoves(t *testing.T) {
	var lines []string
	m := &connMoves{logf: func(f string, a ...any) { lines = append(lines, fmt.Sprintf(f, a...)) }}
	m.found("nats://a:4222")
	m.lost(io.EOF)
	m.found("nats://b:4222")
	m.lost(io.EOF)
	m.found("nats://b:4222")
	want := []string{
		"lost the connection to nats://a:4222 (EOF); now using nats://b:4222",
		"lost the connection to nats://b:4222 (EOF) and reconnected",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("logged %q, want %q", lines, want)
	}
}
