package cluster

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/queenslab/queens/internal/filelock"
)

// DefaultListen is the address the embedded server listens on when none is
// given: the standard NATS port, reachable from this machine only.
const DefaultListen = "127.0.0.1:4222"

// ErrNoCredentials is wrapped by the error of [StartServer] when the server
// would listen beyond this machine without a token.
var ErrNoCredentials = errors.New("listening beyond this machine needs credentials")

// ErrListenAddress is wrapped by the error of [StartServer] when the
// address to listen on is not HOST:PORT.
var ErrListenAddress = errors.New("bad listen address")

// ErrStoreInUse is wrapped by the error of [StartServer] when another
// process has a server running on the same storage directory.
var ErrStoreInUse = errors.New("store is in use by another coordinator")

// storeLock is the name of the file in a storage directory that a running
// server holds locked, so that no two servers share the directory.
const storeLock = "queens.lock"

// ServerOptions configures the embedded NATS server.
type ServerOptions struct {
	// Listen is the HOST:PORT the server listens on for clients; empty means
	// [DefaultListen]. Port 0 picks a free port.
	Listen string
	// StoreDir is the directory where JetStream keeps its streams and
	// buckets, so that a restarted server finds them again. Empty means a
	// temporary directory, removed by [Server.Shutdown].
	StoreDir string
	// Token, when not empty, is the secret every client must present.
	Token string
	// Logf, when not nil, receives the server's warnings and errors.
	Logf func(format string, args ...any)
}

// Server is an embedded NATS server with JetStream.
type Server struct {
	ns      *server.Server
	tempDir string
	url     string
	lock    *os.File // the locked storeLock file of the storage directory
}

// IsLoopback reports whether the HOST:PORT address listens on this machine
// only: a loopback IP address or "localhost". An empty host means every
// interface, which is not loopback.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// JoinURLs returns the URLs at which workers reach the server whose client
// URL is serverURL. A server that listens on every interface (0.0.0.0 or
// ::) has a URL no other machine can use: its place is taken by the
// addresses of this machine's interfaces, loopback and link-local ones
// left out, IPv4 first. When there are none, serverURL is returned alone.
func JoinURLs(serverURL string) []string {
	u, err := url.Parse(serverURL)
	if err != nil {
		return []string{serverURL}
	}
	ip := net.ParseIP(u.Hostname())
	if u.Hostname() != "" && (ip == nil || !ip.IsUnspecified()) {
		return []string{serverURL}
	}
	ipv4Only := ip != nil && ip.To4() != nil
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return []string{serverURL}
	}
	var v4, v6 []string
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() || ipn.IP.IsUnspecified() {
			continue
		}
		join := u.Scheme + "://" + net.JoinHostPort(ipn.IP.String(), u.Port())
		if ipn.IP.To4() != nil {
			v4 = append(v4, join)
		} else if !ipv4Only {
			v6 = append(v6, join)
		}
	}
	if urls := append(v4, v6...); len(urls) > 0 {
		return urls
	}
	return []string{serverURL}
}

// StartServer starts an embedded NATS server with JetStream and waits until
// it accepts clients. Listening on an address that is not loopback requires
// a token and returns an error wrapping [ErrNoCredentials] without one; the
// caller should warn that the connection has no TLS.
func StartServer(opts ServerOptions) (*Server, error) {
	listen := opts.Listen
	if listen == "" {
		listen = DefaultListen
	}
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return nil, fmt.Errorf("%w %q: it must be HOST:PORT", ErrListenAddress, listen)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("%w %q: the port must be a number from 0 to 65535", ErrListenAddress, listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if !IsLoopback(listen) && opts.Token == "" {
		return nil, fmt.Errorf("%s: %w", listen, ErrNoCredentials)
	}
	// Fail early and clearly when the port is taken, instead of waiting
	// for a server that cannot start.
	if port > 0 {
		l, err := net.Listen("tcp", listen)
		if err != nil {
			return nil, fmt.Errorf("cannot listen on %s: %w", listen, netCause(err))
		}
		l.Close()
	}
	s := &Server{}
	dir := opts.StoreDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "queens-nats-*"); err != nil {
			return nil, err
		}
		s.tempDir = dir
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := s.lockStore(dir); err != nil {
		s.removeTemp()
		return nil, err
	}
	ns, err := server.NewServer(&server.Options{
		ServerName:             "queens",
		Host:                   host,
		Port:                   port,
		JetStream:              true,
		StoreDir:               dir,
		Authorization:          opts.Token,
		NoSigs:                 true,
		DisableJetStreamBanner: true,
		MaxPayload:             1 << 20,
	})
	if err != nil {
		s.unlockStore()
		s.removeTemp()
		return nil, err
	}
	log := &serverLog{logf: opts.Logf}
	ns.SetLogger(log, false, false)
	ns.Start()
	deadline := time.Now().Add(20 * time.Second)
	for !ns.ReadyForConnections(50 * time.Millisecond) {
		if err := log.fatal(); err != nil || time.Now().After(deadline) {
			ns.Shutdown()
			ns.WaitForShutdown()
			s.unlockStore()
			s.removeTemp()
			if err == nil {
				err = errors.New("the embedded NATS server did not start in time")
			}
			return nil, err
		}
	}
	s.ns = ns
	s.url = ns.ClientURL()
	return s, nil
}

// URL returns the nats:// URL clients connect to.
func (s *Server) URL() string { return s.url }

// StoreDir returns the directory of the server's JetStream storage.
func (s *Server) StoreDir() string { return s.ns.JetStreamConfig().StoreDir }

// Temporary reports whether the server's storage is a temporary directory,
// removed by Shutdown.
func (s *Server) Temporary() bool { return s.tempDir != "" }

// Shutdown stops the server and waits until it has stopped; a temporary
// storage directory is removed.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
	s.unlockStore()
	s.removeTemp()
}

// lockStore locks the storage directory dir against other servers: two
// servers writing the same files leave a store that neither can trust.
func (s *Server) lockStore(dir string) error {
	f, err := os.OpenFile(filepath.Join(dir, storeLock), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("cannot lock store %s: %w", dir, unwrapPath(err))
	}
	held, err := filelock.TryLock(f)
	if errors.Is(err, errors.ErrUnsupported) {
		err = nil // a file system without locks: go on unlocked
	}
	if err == nil && held {
		err = fmt.Errorf("%s: %w", dir, ErrStoreInUse)
	} else if err != nil {
		err = fmt.Errorf("cannot lock store %s: %w", dir, err)
	}
	if err != nil {
		f.Close()
		return err
	}
	s.lock = f
	return nil
}

func (s *Server) unlockStore() {
	if s.lock != nil {
		s.lock.Close()
		s.lock = nil
	}
}

// netCause returns the system's reason for a failed network operation,
// such as "address already in use", without the operation and address
// that the message would repeat.
func netCause(err error) error {
	if oe, ok := errors.AsType[*net.OpError](err); ok {
		err = oe.Err
	}
	if se, ok := errors.AsType[*os.SyscallError](err); ok {
		err = se.Err
	}
	return err
}

// unwrapPath drops the operation and file name from a *os.PathError, whose
// message would repeat the path.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*os.PathError](err); ok {
		return pe.Err
	}
	return err
}

func (s *Server) removeTemp() {
	if s.tempDir != "" {
		os.RemoveAll(s.tempDir)
	}
}

// serverLog passes the warnings and errors of the embedded server on, and
// keeps the first fatal error instead of ending the program.
type serverLog struct {
	logf func(format string, args ...any)
	mu   sync.Mutex
	err  error
}

func (l *serverLog) fatal() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

func (l *serverLog) Fatalf(format string, args ...any) {
	l.mu.Lock()
	if l.err == nil {
		l.err = fmt.Errorf("nats server: "+format, args...)
	}
	l.mu.Unlock()
}

func (l *serverLog) Errorf(format string, args ...any) {
	if l.logf != nil {
		l.logf("nats server: "+format, args...)
	}
}

func (l *serverLog) Warnf(format string, args ...any) {
	if l.logf != nil {
		l.logf("nats server: "+format, args...)
	}
}

func (l *serverLog) Noticef(string, ...any) {}
func (l *serverLog) Debugf(string, ...any)  {}
func (l *serverLog) Tracef(string, ...any)  {}
