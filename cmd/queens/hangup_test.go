//go:build unix

package main

// Process tests of SIGHUP and SIGTERM: every command stops on them as on
// Ctrl-C, cleans up, and exits 129 for a hang-up, 130 otherwise.

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// TestRunHangupCode checks the exit code of a run whose context a
// hang-up ended, against one that Ctrl-C ended.
func TestRunHangupCode(t *testing.T) {
	for _, tc := range []struct {
		cause error
		want  int
	}{{errHangup, exitHangup}, {context.Canceled, exitInterrupted}} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(tc.cause)
		var stdout, stderr bytes.Buffer
		code := run(ctx, []string{"verify"}, strings.NewReader("1 5 8 6 3 7 2 4\n"), &stdout, &stderr)
		if code != tc.want || stderr.String() != "queens: interrupted\n" {
			t.Errorf("cause %v: exit %d, stderr %q; want %d", tc.cause, code, stderr.String(), tc.want)
		}
	}
}

// TestSignalsListOutput sends SIGHUP, SIGTERM and SIGINT to 'list 16 -o
// FILE' while it writes: each ends it with its exit code, and neither the
// file nor its temporary file is left.
func TestSignalsListOutput(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGHUP, exitHangup}, {syscall.SIGTERM, exitInterrupted}, {syscall.SIGINT, exitInterrupted}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bin, "list", "16", "-o", filepath.Join(dir, "out.txt"))
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitForFile(t, dir)
			time.Sleep(200 * time.Millisecond)
			cmd.Process.Signal(tc.sig)
			cmd.Wait()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if ws.Signaled() || ws.ExitStatus() != tc.want {
				t.Errorf("exit %d (signaled %v), want %d; stderr %q", ws.ExitStatus(), ws.Signaled(), tc.want, stderr.String())
			}
			if es, _ := os.ReadDir(dir); len(es) != 0 {
				t.Errorf("the interrupted list left %v", es)
			}
		})
	}
}

// TestHangupIgnored starts list under a shell that ignores SIGHUP, as
// nohup does: the hang-up stays ignored, and the listing goes on.
func TestHangupIgnored(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	dir := t.TempDir()
	cmd := exec.Command("sh", "-c", `trap "" HUP; exec "$0" list 16 -o "$1"`, bin, filepath.Join(dir, "out.txt"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, dir)
	time.Sleep(200 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGHUP)
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() || ws.ExitStatus() != exitInterrupted {
		t.Errorf("exit %d (signaled %v), want %d: the ignored SIGHUP stopped it", ws.ExitStatus(), ws.Signaled(), exitInterrupted)
	}
}

// TestSignalsServe stops serve with each signal: 130 for SIGINT and
// SIGTERM, 129 for SIGHUP, as every other command.
func TestSignalsServe(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, exitInterrupted}, {syscall.SIGTERM, exitInterrupted}, {syscall.SIGHUP, exitHangup}} {
		p := startClusterProc(t, bin, "serve", "serve", "--addr", "127.0.0.1:0")
		p.waitLines(t, regexp.MustCompile(`press Ctrl-C to stop`), 1, 10*time.Second)
		p.cmd.Process.Signal(tc.sig)
		if code := p.exit(t, 10*time.Second); code != tc.want {
			t.Errorf("serve after %v: exit %d, want %d; stderr %q", tc.sig, code, tc.want, p.stderr())
		}
	}
}

// waitForFile waits until dir holds a file.
func waitForFile(t *testing.T, dir string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if es, _ := os.ReadDir(dir); len(es) > 0 {
			return
		}
	}
	t.Fatalf("no file appeared in %s", dir)
}

// TestInterruptIgnoredAtStart starts verify with SIGINT ignored, as a
// script starts a job in the background: kill -INT still stops it, with
// exit 130, while it waits for input.
func TestInterruptIgnoredAtStart(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	cmd := exec.Command("sh", "-c", `trap "" INT; exec "$0" verify`, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdin.Write([]byte("1 5 8 6 3 7 2 4\n"))
	_, early, _ := interrupt(t, cmd, 500*time.Millisecond, "verify started with SIGINT ignored")
	if code := cmd.ProcessState.ExitCode(); early || code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
}
