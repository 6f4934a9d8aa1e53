package cluster

import (
	"context"
	"net"
	"testing"
	"time"
)

func TestRetryWait(t *testing.T) {
	var waits []time.Duration
	elapsed, wait := time.Duration(0), time.Duration(0)
	for elapsed < 3*time.Minute {
		wait = retryWait(elapsed, wait)
		waits = append(waits, wait)
		elapsed += wait
	}
	quick := int(quickRetries / quickRetryWait)
	for i, w := range waits[:quick] {
		if w != quickRetryWait {
			t.Fatalf("pause %d is %v, want %v for the first %v", i, w, quickRetryWait, quickRetries)
		}
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	for i, w := range want {
		if waits[quick+i] != w {
			t.Fatalf("pauses after the quick ones: %v, want %v…", waits[quick:], want)
		}
	}
}

// TestWorkerJoinsAQuickCount starts a worker's Connect before the
// coordinator's server listens, then a count that ends within a second:
// the worker reaches the server while the count is still on.
func TestWorkerJoinsAQuickCount(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	joined := make(chan time.Time, 1)
	go func() {
		nc, err := Connect(ctx, ConnOptions{URL: "nats://" + addr, Wait: true, GiveUp: 20 * time.Second})
		if err != nil {
			t.Errorf("the worker's Connect: %v", err)
			joined <- time.Time{}
			return
		}
		joined <- time.Now()
		nc.Close()
	}()
	time.Sleep(2 * time.Second) // the worker waits, as when started first
	s, err := StartServer(ServerOptions{Listen: addr, StoreDir: t.TempDir(), Logf: t.Logf})
	if err != nil {
		t.Skipf("the port was taken meanwhile: %v", err)
	}
	up := time.Now()
	defer s.Shutdown()
	select {
	case at := <-joined:
		// A count of N = 8 takes well under a second: the worker must be
		// there within it.
		if d := at.Sub(up); at.IsZero() || d > 800*time.Millisecond {
			t.Errorf("the worker connected %v after the server came up, want within 0.8s", d)
		}
	case <-ctx.Done():
		t.Fatal("the worker never connected")
	}
}
