package cluster

import (
	"context"
	"time"

	"github.com/queenslab/queens/internal/plan"
)

// RunOptions configures [Run].
type RunOptions struct {
	Options // the count's
	// Conn is the connection to the NATS server. With an empty URL, Run
	// starts a server of its own, embedded, with Server.
	Conn   ConnOptions
	Server ServerOptions
	// OnServer, when not nil, is told of the embedded server once it
	// listens, before the count begins: to say where workers join.
	OnServer func(*Server)
}

// ServerError is the error of [Run] when the embedded server does not
// start; it says what [StartServer] said.
type ServerError struct{ Err error }

func (e *ServerError) Error() string { return e.Err.Error() }
func (e *ServerError) Unwrap() error { return e.Err }

// ConnectError is the error of [Run] when it cannot connect to the
// server; it says what [Connect] said.
type ConnectError struct{ Err error }

func (e *ConnectError) Error() string { return e.Err.Error() }
func (e *ConnectError) Unwrap() error { return e.Err }

// Run counts plan p as the coordinator of a cluster: it starts the
// embedded server when opts.Conn has no URL, connects, counts with
// [Count], and when its own server is about to stop tells the workers that
// the run is over, so that they need not wait for the server to return.
// A temporary store of the embedded server lives in memory.
func Run(ctx context.Context, p *plan.Plan, opts RunOptions) (Result, error) {
	var srv *Server
	if opts.Conn.URL == "" {
		var err error
		if srv, err = StartServer(opts.Server); err != nil {
			return Result{}, &ServerError{err}
		}
		defer srv.Shutdown()
		if opts.OnServer != nil {
			opts.OnServer(srv)
		}
		opts.Conn.Server = srv
		opts.Options.Memory = srv.Temporary()
	}
	nc, err := Connect(ctx, opts.Conn)
	if err != nil {
		return Result{}, &ConnectError{err}
	}
	defer nc.Close()
	res, err := Count(ctx, nc, p, opts.Options)
	if err != nil {
		return res, err
	}
	if srv != nil {
		// The server goes away: the workers need not wait for it. Give
		// the notice a moment to reach them before the server stops.
		if Announce(nc, res) == nil {
			time.Sleep(200 * time.Millisecond)
		}
	}
	return res, nil
}
