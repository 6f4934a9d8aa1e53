//go:build unix

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fifoCommands are command lines with a file argument, "@", that the
// tests replace by a named pipe.
var fifoCommands = [][]string{
	{"list", "10", "-o", "@"},
	{"solve", "8", "-o", "@"},
	{"trace", "6", "--gif", "@", "--to", "5"},
	{"count", "8", "--shard", "1/2", "-o", "@"},
	{"verify", "@"},
	{"solve", "--instance", "@"},
	{"convert", "--to", "dimacs", "@"},
	{"merge", "@"},
}

// mkfifo makes a named pipe in a new directory and returns its path.
func mkfifo(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	return path
}

// withFile returns args with "@" replaced by path.
func withFile(args []string, path string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, "@", path)
	}
	return out
}

// TestFIFOInterrupted runs each command on a named pipe that nobody opens
// at the other end, and ends its context, with Ctrl-C or a hang-up: the
// open that waits for the other end stops within a second, with the exit
// code of the signal.
func TestFIFOInterrupted(t *testing.T) {
	for _, args := range fifoCommands {
		for _, tc := range []struct {
			cause error
			want  int
		}{{context.Canceled, exitInterrupted}, {errHangup, exitHangup}} {
			args := withFile(args, mkfifo(t))
			ctx, cancel := context.WithCancelCause(context.Background())
			time.AfterFunc(100*time.Millisecond, func() { cancel(tc.cause) })
			done := make(chan cliRun, 1)
			go func() { done <- runCLI(ctx, nil, args...) }()
			select {
			case r := <-done:
				if r.code != tc.want || r.stderr != "queens: interrupted\n" {
					t.Errorf("%s\nwant exit %d, interrupted", r, tc.want)
				}
			case <-time.After(2 * time.Second):
				t.Fatalf("queens %s: still waiting a second after the signal", strings.Join(args, " "))
			}
		}
	}
}

// TestFIFOWorks runs list, solve and verify on named pipes with a
// process at the other end: pipes stay allowed where a file is.
func TestFIFOWorks(t *testing.T) {
	pipe := mkfifo(t)
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(pipe)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	r := runCLI(context.Background(), nil, "list", "8", "--limit", "2", "-o", pipe)
	r.wantExit(t, exitOK)
	if b := <-got; string(b) != "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n" {
		t.Errorf("list 8 --limit 2 -o PIPE wrote %q", b)
	}
	pipe = mkfifo(t)
	go func() {
		if f, err := os.OpenFile(pipe, os.O_WRONLY, 0); err == nil {
			f.WriteString("1 5 8 6 3 7 2 4\n")
			f.Close()
		}
	}()
	r = runCLI(context.Background(), nil, "verify", pipe)
	r.wantExit(t, exitOK)
}

// TestFIFOSignals sends SIGINT, SIGTERM and SIGHUP to 'queens list 10 -o
// PIPE' waiting for a reader of the pipe: each ends it within a second,
// with its exit code.
func TestFIFOSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, exitInterrupted}, {syscall.SIGTERM, exitInterrupted}, {syscall.SIGHUP, exitHangup}} {
		cmd := exec.Command(bin, "list", "10", "-o", mkfifo(t))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		awaitOpen(t, cmd.Process.Pid)
		cmd.Process.Signal(tc.sig)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: still running a second after the signal", tc.sig)
		}
		if ws := cmd.ProcessState.Sys().(syscall.WaitStatus); ws.Signaled() || ws.ExitStatus() != tc.want {
			t.Errorf("%v: exit %d (signaled %v), want %d; stderr %q", tc.sig, ws.ExitStatus(), ws.Signaled(), tc.want, stderr.String())
		}
	}
}

// awaitOpen waits, up to five seconds, until process pid waits in the
// open of a FIFO for a partner, as /proc tells on Linux: a signal sent
// sooner may come before the program's handler is in place, which a busy
// machine makes likely. Elsewhere it waits a fixed 300 ms.
func awaitOpen(t *testing.T, pid int) {
	t.Helper()
	tasks := filepath.Join("/proc", strconv.Itoa(pid), "task")
	if _, err := os.Stat(tasks); err != nil {
		time.Sleep(300 * time.Millisecond)
		return
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		chans, _ := filepath.Glob(filepath.Join(tasks, "*", "wchan"))
		for _, c := range chans {
			if w, _ := os.ReadFile(c); string(w) == "wait_for_partner" {
				return
			}
		}
	}
	t.Fatal("the program did not wait in the open of the FIFO within five seconds")
}
