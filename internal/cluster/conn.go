package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// Errors wrapped by the errors of [Connect].
var (
	// ErrURL: the URL of the server is not a NATS URL.
	ErrURL = errors.New("bad NATS URL")
	// ErrAuth: the server refused the token or the credentials.
	ErrAuth = errors.New("the NATS server refused the credentials")
	// ErrUnreachable: no server answered at the URL.
	ErrUnreachable = errors.New("the NATS server is unreachable")
)

// maxRetryWait is the longest wait between two attempts of a [Connect]
// that waits for its server.
const maxRetryWait = 30 * time.Second

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
	// Wait makes Connect try again, with growing pauses, while the server
	// is unreachable, as a worker started before its coordinator wants;
	// each failed attempt is logged.
	Wait bool
	// Logf, when not nil, hears about failed attempts and about lost and
	// regained connections.
	Logf func(format string, args ...any)
}

// Connect connects to a NATS server. The connection reconnects on its own,
// without limit, when the server goes away and comes back: a restarted
// coordinator finds its workers again.
//
// A URL that is not a NATS URL gives an error wrapping [ErrURL], and
// refused credentials one wrapping [ErrAuth], at once. An unreachable
// server gives an error wrapping [ErrUnreachable], or, with Wait, is tried
// again until it answers or ctx ends; then Connect returns ctx.Err().
func Connect(ctx context.Context, opts ConnOptions) (*nats.Conn, error) {
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	addr := opts.URL
	if opts.Server != nil {
		addr = opts.Server.URL()
	} else if err := checkURL(addr); err != nil {
		return nil, err
	}
	shown := Redact(addr)
	o := []nats.Option{
		nats.Name(opts.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectJitter(100*time.Millisecond, 250*time.Millisecond),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if err != nil {
				logf("lost the connection to %s: %v; reconnecting", shown, err)
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			logf("reconnected to %s", nc.ConnectedUrlRedacted())
		}),
		// Without a handler, the client library writes its errors to
		// standard error in its own words.
		nats.ErrorHandler(func(nc *nats.Conn, sub *nats.Subscription, err error) {
			if sub != nil {
				logf("error on the connection to %s (subscription %s): %v", shown, sub.Subject, err)
				return
			}
			logf("error on the connection to %s: %v", shown, err)
		}),
	}
	if opts.Token != "" {
		o = append(o, nats.Token(opts.Token))
	}
	if opts.Creds != "" {
		if _, err := os.Stat(opts.Creds); err != nil {
			return nil, fmt.Errorf("cannot read the credentials file %s: %w", opts.Creds, unwrapPath(err))
		}
		o = append(o, nats.UserCredentials(opts.Creds))
	}
	if opts.Server != nil {
		o = append(o, nats.InProcessServer(opts.Server.ns))
	}
	for wait := time.Second; ; wait = min(2*wait, maxRetryWait) {
		nc, err := nats.Connect(addr, o...)
		if err == nil {
			return nc, nil
		}
		if isAuthError(err) {
			return nil, fmt.Errorf("%w at %s: %s", ErrAuth, shown, strings.ToLower(strings.TrimPrefix(err.Error(), "nats: ")))
		}
		reason := unreachableReason(err)
		if !opts.Wait {
			return nil, fmt.Errorf("%w at %s: %s", ErrUnreachable, shown, reason)
		}
		logf("the NATS server at %s is unreachable (%s); trying again in %s", shown, reason, wait)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// checkURL checks that text is a comma-separated list of NATS URLs:
// nats://, tls://, ws:// or wss://, each with a host.
func checkURL(text string) error {
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("%w: it is empty", ErrURL)
	}
	for _, s := range strings.Split(text, ",") {
		s = strings.TrimSpace(s)
		u, err := url.Parse(s)
		if err != nil || !strings.Contains(s, "://") {
			return fmt.Errorf("%w %q: write it as nats://HOST:PORT", ErrURL, Redact(s))
		}
		switch u.Scheme {
		case "nats", "tls", "ws", "wss":
		default:
			return fmt.Errorf("%w %q: the scheme must be nats, tls, ws or wss, not %q", ErrURL, Redact(s), u.Scheme)
		}
		if u.Hostname() == "" {
			return fmt.Errorf("%w %q: it names no host", ErrURL, Redact(s))
		}
	}
	return nil
}

// Redact returns the URLs of text with any user name and password left
// out, for messages.
func Redact(text string) string {
	parts := strings.Split(text, ",")
	for i, s := range parts {
		if u, err := url.Parse(strings.TrimSpace(s)); err == nil && u.User != nil {
			u.User = nil
			parts[i] = u.String()
		}
	}
	return strings.Join(parts, ",")
}

// isAuthError reports whether err says the server refused the client's
// credentials.
func isAuthError(err error) bool {
	return errors.Is(err, nats.ErrAuthorization) || errors.Is(err, nats.ErrAuthExpired) ||
		errors.Is(err, nats.ErrAuthRevoked) || errors.Is(err, nats.ErrAccountAuthExpired) ||
		strings.Contains(strings.ToLower(err.Error()), "authorization violation")
}

// unreachableReason says in a few words why a server could not be
// reached.
func unreachableReason(err error) string {
	if dnsErr, ok := errors.AsType[*net.DNSError](err); ok {
		return "cannot resolve host " + dnsErr.Name
	}
	switch {
	case errors.Is(err, nats.ErrNoServers):
		return "connection refused"
	case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, nats.ErrTimeout):
		return "no answer in time"
	}
	return strings.TrimPrefix(netCause(err).Error(), "nats: ")
}
