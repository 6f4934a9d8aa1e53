package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/web"
)

// shutdownGrace is how long serve waits for requests to finish after
// Ctrl-C.
const shutdownGrace = 5 * time.Second

func newServeCmd(io streams) *cobra.Command {
	var (
		addr      string
		open      bool
		maxCountN int
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a web page that shows the search step by step",
		Long: `Serve a web page that replays the backtracking search of every algorithm
step by step, shows all solutions of small boards with their symmetries,
and counts larger boards with live progress. The page and its API are
built into the program and load nothing from the internet.

The server listens on loopback by default, so only this machine can reach
it. Ctrl-C stops it.`,
		Example: `  queens serve
  queens serve --addr 127.0.0.1:9000 --open
  queens serve --max-count-n 16`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxCountN < 1 || maxCountN > queens.MaxN {
				return usageError(fmt.Errorf("--max-count-n must be from 1 to %d, got %d", queens.MaxN, maxCountN), "")
			}
			return serve(cmd.Context(), io, addr, open, web.Options{MaxCountN: maxCountN})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on, host:port; port 0 picks a free one")
	cmd.Flags().BoolVar(&open, "open", false, "open the page in the default browser")
	cmd.Flags().IntVar(&maxCountN, "max-count-n", web.DefaultMaxCountN, "largest N the page may count on this machine")
	return cmd
}

// listenHint returns the hint for an error of listening on --addr,
// chosen by its cause.
func listenHint(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "the host of --addr is not an address of this computer: try --addr 127.0.0.1:8080, or 0.0.0.0:8080 for every address"
	case errors.Is(err, syscall.EACCES):
		return "ports below 1024 need privileges: choose another port with --addr, such as 127.0.0.1:8080"
	case errors.Is(err, syscall.EADDRINUSE):
		return "choose another port with --addr, or port 0 for any free one"
	}
	return ""
}

// serve listens on addr and serves the page until ctx is cancelled, then
// shuts the server down gracefully.
func serve(ctx context.Context, io streams, addr string, open bool, opts web.Options) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return usageError(fmt.Errorf("--addr must be host:port, got %q", addr), "try --addr 127.0.0.1:8080")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageError(fmt.Errorf("cannot listen on %s: %v", addr, unwrapOpError(err)), listenHint(err))
	}
	tcp, _ := ln.Addr().(*net.TCPAddr)
	loopback := tcp != nil && tcp.IP.IsLoopback()
	opts.LoopbackOnly = loopback
	h, err := web.Handler(opts)
	if err != nil {
		ln.Close()
		return usageError(err, "")
	}
	url := pageURL(tcp, ln.Addr().String())
	if loopback {
		io.say("", "listening on %s, loopback only: other machines cannot connect", ln.Addr())
	} else {
		io.say("warning", "listening on %s, which other machines may reach; the page has no login", ln.Addr())
	}
	fmt.Fprintln(io.out, url)
	io.say("", "press Ctrl-C to stop")

	srv := web.NewServer(addr, h, ctx)
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	if open {
		openBrowser(url)
	}
	select {
	case err := <-failed:
		return fmt.Errorf("serving the page: %w", err)
	case <-ctx.Done():
	}
	io.say("", "shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
	}
	if err := <-failed; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving the page: %w", err)
	}
	// Stopped by a signal, as every command: exit 130 (129 on SIGHUP).
	return ctx.Err()
}

// pageURL returns the URL of the page served at the listener's address:
// with an unspecified host, the loopback one, which a browser on this
// machine can open.
func pageURL(tcp *net.TCPAddr, addr string) string {
	if tcp == nil {
		return "http://" + addr + "/"
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(tcp.Port)) + "/"
}

// unwrapOpError returns the innermost cause of a network error, which
// reads better after "cannot listen on ADDR".
func unwrapOpError(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}

// openBrowser asks the desktop to open url, quietly: without a desktop
// nothing happens, and the URL printed on stdout is still there.
func openBrowser(url string) {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", url)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		c = exec.Command("xdg-open", url)
	}
	if c.Start() == nil {
		go c.Wait()
	}
}
