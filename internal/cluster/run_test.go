package cluster

import (
	"context"
	"errors"
	"testing"

	"github.com/queenslab/queens/internal/plan"
)

// TestRun counts N=11 the way a Go program would: an embedded server,
// local workers, and the count's known totals; then refuses a server that
// cannot start, and a server that is not there, with errors of their kind.
func TestRun(t *testing.T) {
	p, err := plan.New(11)
	if err != nil {
		t.Fatal(err)
	}
	told := false
	res, err := Run(t.Context(), p, RunOptions{
		Options:  Options{Workers: 2, Logf: t.Logf},
		Server:   ServerOptions{Listen: "127.0.0.1:0", Logf: t.Logf},
		OnServer: func(s *Server) { told = s.URL() != "" },
	})
	if err != nil || res.Total.Uint64() != 2680 || res.Unique.Uint64() != 341 || !told {
		t.Fatalf("Run(11): %v total, %v unique, error %v, server told %v", res.Total, res.Unique, err, told)
	}
	_, err = Run(t.Context(), p, RunOptions{Server: ServerOptions{Listen: "0.0.0.0:0"}})
	if se, ok := errors.AsType[*ServerError](err); !ok || !errors.Is(se, ErrNoCredentials) {
		t.Errorf("Run on 0.0.0.0 without a token: %v, want a ServerError of ErrNoCredentials", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = Run(ctx, p, RunOptions{Conn: ConnOptions{URL: "nats://127.0.0.1:1"}})
	if _, ok := errors.AsType[*ConnectError](err); !ok {
		t.Errorf("Run against a server that is not there: %v, want a ConnectError", err)
	}
}
