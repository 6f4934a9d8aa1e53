package cluster

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// TestConnectNotNATS gives Connect a web server: it ends at once, even
// when it would wait for a server, with an error that says what answers.
func TestConnectNotNATS(t *testing.T) {
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer web.Close()
	url := "nats://" + strings.TrimPrefix(web.URL, "http://")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	_, err := Connect(ctx, ConnOptions{URL: url, Wait: true})
	if !errors.Is(err, ErrNotNATS) || !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), `it answers "HTTP/1.1 400 Bad Request"`) {
		t.Fatalf("Connect to a web server: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Connect to a web server took %v", d)
	}
}

// TestConnectGivesUp waits for a server at a port that accepts and never
// answers, and at a closed port: Connect gives up after GiveUp, and says
// so.
func TestConnectGivesUp(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("waits for Connect to give up")
	}
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() {
		var held []net.Conn
		for {
			c, err := silent.Accept()
			if err != nil {
				for _, c := range held {
					c.Close()
				}
				return
			}
			held = append(held, c)
		}
	}()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()
	for _, addr := range []string{silent.Addr().String(), closedAddr} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		start := time.Now()
		_, err := Connect(ctx, ConnOptions{URL: "nats://" + addr, Wait: true, GiveUp: 3 * time.Second})
		cancel()
		if !errors.Is(err, ErrUnreachable) || errors.Is(err, ErrNotNATS) || !strings.Contains(err.Error(), "gave up after") {
			t.Errorf("%s: %v", addr, err)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: gave up after %v, want about 3s", addr, d)
		}
	}
}
