// Command queens counts, lists, solves and verifies N-queens solutions,
// and shows how the classic backtracking algorithms work.
//
// Run 'queens help' for the subcommands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signalContext()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// signalContext returns a context that ends on the first SIGINT, SIGTERM
// or SIGHUP, the last with the cause errHangup, and the function that
// stops catching them. Every command cleans up on all three alike. A
// SIGHUP the program was started with ignored, as under nohup, stays
// ignored; SIGINT is caught even so, as a script's background job has it
// ignored and is still stopped with kill -INT.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	caught := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		caught = append(caught, syscall.SIGHUP)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, caught...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			if s == syscall.SIGHUP {
				cancel(errHangup)
			} else {
				cancel(context.Canceled)
			}
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}
