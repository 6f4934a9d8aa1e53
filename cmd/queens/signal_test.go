//go:build unix

package main

// Process tests of Ctrl-C and of the files the commands leave behind.

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestVerifyInterrupted sends SIGINT to verify while it waits for more
// input on a pipe: it stops at once with exit 130 instead of waiting for
// the end of its input.
func TestVerifyInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, lines := range []int{0, 3, 5000} {
		cmd := exec.Command(bin, "verify")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		io.WriteString(stdin, strings.Repeat("1 5 8 6 3 7 2 4\n", lines))
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(os.Interrupt)
		sent := time.Now()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("after %d lines: verify did not stop within 5s of SIGINT", lines)
		}
		stdin.Close()
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if ws.ExitStatus() != exitInterrupted || time.Since(sent) > time.Second {
			t.Errorf("after %d lines: exit %d %v after SIGINT, want %d within a second; stderr %q", lines, ws.ExitStatus(), time.Since(sent), exitInterrupted, stderr.String())
		}
		if got := stderr.String(); got != "queens: interrupted\n" {
			t.Errorf("after %d lines: stderr %q", lines, got)
		}
	}
}
