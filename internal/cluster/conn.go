package cluster

import (
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
)

// ConnOptions says how to connect to a NATS server.
type ConnOptions struct {
	// URL is the server's nats:// URL (a comma-separated list for a NATS
	// cluster). It is ignored when Server is set.
	URL string
	// Server, when not nil, is an embedded server to connect to inside
	// this process, without a network connection.
	Server *Server
	// Token is the server's token, if it asks for one.
	Token string
	// Creds is the path of a NATS credentials file (a user JWT and its
	// key), for servers that use decentralised authentication.
	Creds string
	// Name names the client in the server's monitoring.
	Name string
	// Wait makes Connect return at once when the server is not reachable
	// yet and keep trying in the background, as a worker started before
	// its coordinator wants.
	Wait bool
	// Logf, when not nil, hears about lost and regained connections.
	Logf func(format string, args ...any)
}

// Connect connects to a NATS server. The connection reconnects on its own,
// without limit, when the server goes away and comes back: a restarted
// coordinator finds its workers again.
func Connect(opts ConnOptions) (*nats.Conn, error) {
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	url := opts.URL
	if opts.Server != nil {
		url = opts.Server.URL()
	}
	o := []nats.Option{
		nats.Name(opts.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectJitter(100*time.Millisecond, 250*time.Millisecond),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if err != nil {
				logf("lost the connection to %s: %v; reconnecting", url, err)
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			logf("reconnected to %s", nc.ConnectedUrlRedacted())
		}),
	}
	if opts.Token != "" {
		o = append(o, nats.Token(opts.Token))
	}
	if opts.Creds != "" {
		o = append(o, nats.UserCredentials(opts.Creds))
	}
	if opts.Wait {
		o = append(o, nats.RetryOnFailedConnect(true))
	}
	if opts.Server != nil {
		o = append(o, nats.InProcessServer(opts.Server.ns))
	}
	nc, err := nats.Connect(url, o...)
	if err != nil {
		return nil, fmt.Errorf("cannot connect to NATS at %s: %w", url, err)
	}
	return nc, nil
}
