package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
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
	// ErrNotNATS: what answers at the URL is not a NATS server; the error
	// wraps ErrUnreachable too.
	ErrNotNATS = errors.New("not a NATS server")
)

// The pauses of a [Connect] that waits for its server: quickRetryWait
// apart for the first quickRetries, so that a worker started before its
// coordinator joins even a count that ends within a second, then from a
// second on, doubling up to maxRetryWait.
const (
	quickRetryWait = 100 * time.Millisecond
	quickRetries   = 10 * time.Second
	maxRetryWait   = 30 * time.Second
)

// retryWait returns the pause after a failed attempt of a waiting
// [Connect], the server unreachable for elapsed and the last pause last.
func retryWait(elapsed, last time.Duration) time.Duration {
	switch {
	case elapsed < quickRetries:
		return quickRetryWait
	case last < time.Second:
		return time.Second
	}
	return min(2*last, maxRetryWait)
}

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
	// GiveUp, when not zero, bounds how long a Connect that waits tries.
	GiveUp time.Duration
	// Logf, when not nil, hears about failed attempts and about lost and
	// regained connections.
	Logf func(format string, args ...any)

	noRandomize bool // try the servers of URL in their order, for tests
}

// reconnectQuiet is how long a lost connection may take to reconnect
// before the loss is logged on its own line.
const reconnectQuiet = 2 * time.Second

// connMoves logs the moves of a connection from server to server: when a
// connection lost with its server finds another one soon, one line names
// both; when it takes longer, one line says that the connection was lost
// and one that it is back.
type connMoves struct {
	logf func(format string, args ...any)

	mu      sync.Mutex
	current string      // the URL of the server the connection uses
	from    string      // the server of the lost connection
	reason  string      // why it was lost
	since   time.Time   // when it was lost; zero while connected
	told    bool        // the loss was logged on its own line
	timer   *time.Timer // logs the loss after reconnectQuiet
}

// lost notes that the connection was lost for the reason err.
func (m *connMoves) lost(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.since.IsZero() {
		return
	}
	m.from, m.reason, m.since, m.told = m.current, strings.TrimPrefix(netCause(err).Error(), "nats: "), time.Now(), false
	since := m.since
	m.timer = time.AfterFunc(reconnectQuiet, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.since == since && !m.told {
			m.told = true
			m.logf("lost the connection to %s (%s); reconnecting", m.from, m.reason)
		}
	})
}

// found notes that the connection uses the server at url, after a loss or
// from the start.
func (m *connMoves) found(url string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.current = url
	if m.since.IsZero() {
		return
	}
	m.timer.Stop()
	switch {
	case m.told:
		m.logf("reconnected to %s after %s", url, time.Since(m.since).Round(100*time.Millisecond))
	case url == m.from:
		m.logf("lost the connection to %s (%s) and reconnected", m.from, m.reason)
	default:
		m.logf("lost the connection to %s (%s); now using %s", m.from, m.reason, url)
	}
	m.since = time.Time{}
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
	moves := &connMoves{logf: logf}
	o := []nats.Option{
		nats.Name(opts.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectJitter(100*time.Millisecond, 250*time.Millisecond),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if err != nil {
				moves.lost(err)
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			moves.found(nc.ConnectedUrlRedacted())
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
	if opts.noRandomize {
		o = append(o, nats.DontRandomize())
	}
	start := time.Now()
	var wait time.Duration
	for attempt := 1; ; attempt++ {
		nc, err := nats.Connect(addr, o...)
		if err == nil {
			moves.found(nc.ConnectedUrlRedacted())
			return nc, nil
		}
		if isAuthError(err) {
			return nil, fmt.Errorf("%w at %s: %s", ErrAuth, shown, strings.ToLower(strings.TrimPrefix(err.Error(), "nats: ")))
		}
		if opts.Server == nil {
			if server, answer, ok := notNATS(ctx, addr); ok {
				return nil, fmt.Errorf("%w at %s: %w: it answers %q", ErrUnreachable, Redact(server), ErrNotNATS, answer)
			}
		}
		reason := unreachableReason(err)
		if !opts.Wait {
			return nil, fmt.Errorf("%w at %s: %s", ErrUnreachable, shown, reason)
		}
		wait = retryWait(time.Since(start), wait)
		pause := wait
		if opts.GiveUp > 0 {
			// The last try comes when the time is up, and the report
			// gives the time waited, which is at least GiveUp.
			left := opts.GiveUp - time.Since(start)
			if left <= 0 {
				return nil, fmt.Errorf("%w at %s: %s; gave up after %s", ErrUnreachable, shown, reason, time.Since(start).Round(time.Second))
			}
			pause = min(pause, left)
		}
		switch {
		case attempt == 1:
			logf("the NATS server at %s is unreachable (%s); trying again every %s for %s, then at growing intervals", shown, reason, quickRetryWait, quickRetries)
		case pause >= time.Second:
			logf("the NATS server at %s is unreachable (%s); trying again in %s", shown, reason, pause)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pause):
		}
	}
}

// probeWait bounds how long notNATS waits for a server's first bytes.
const probeWait = 2 * time.Second

// notNATS looks at the servers of the URLs of text, nats:// and tls://
// ones, and returns the first that is plainly not a NATS server, with
// the start of its answer. A NATS server speaks first, with "INFO "; a
// server that is silent is asked a line, which a web server answers
// with "HTTP/". One that accepts and never answers, or is not reached
// at all, may yet be a NATS server.
func notNATS(ctx context.Context, text string) (server, answer string, ok bool) {
	for _, s := range strings.Split(text, ",") {
		s = strings.TrimSpace(s)
		u, err := url.Parse(s)
		if err != nil || u.Scheme != "nats" && u.Scheme != "tls" {
			continue
		}
		host := u.Host
		if u.Port() == "" {
			host = net.JoinHostPort(u.Hostname(), "4222")
		}
		if first := firstBytes(ctx, host); first != "" && !strings.HasPrefix(first, "INFO ") {
			return s, first, true
		}
	}
	return "", "", false
}

// firstBytes connects to host and returns the start of what it says,
// unasked or after a line of its own, or "" when it says nothing within
// probeWait.
func firstBytes(ctx context.Context, host string) string {
	ctx, cancel := context.WithTimeout(ctx, probeWait)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return ""
	}
	defer conn.Close()
	deadline, _ := ctx.Deadline()
	buf := make([]byte, 64)
	conn.SetReadDeadline(time.Now().Add(probeWait / 2))
	n, _ := io.ReadAtLeast(conn, buf, 5)
	if n == 0 {
		conn.Write([]byte("PING\r\n\r\n"))
		conn.SetReadDeadline(deadline)
		n, _ = io.ReadAtLeast(conn, buf, 5)
	}
	first, _, _ := strings.Cut(string(buf[:n]), "\r")
	first, _, _ = strings.Cut(first, "\n")
	return strings.ToValidUTF8(first, "?")
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
