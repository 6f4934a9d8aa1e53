//go:build unix

package main

// Process tests of Ctrl-C and of the files the commands leave behind.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/memory"
	"github.com/queenslab/queens/internal/testenv"
)

// TestVerifyInterrupted sends SIGINT to verify while it waits for more
// input on a pipe: it stops at once with exit 130 instead of waiting for
// the end of its input.
func TestVerifyInterrupted(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, lines := range []int{0, 3, 5000} {
		// A signal that comes before the program has set up its handling
		// ends it as the system does by default: wait longer, and again.
		for wait := 300 * time.Millisecond; !verifyInterrupted(t, bin, lines, wait); wait *= 2 {
			if wait > 5*time.Second {
				t.Fatalf("after %d lines: SIGINT came before verify was ready, every time", lines)
			}
		}
	}
}

// verifyInterrupted runs verify with lines lines on a pipe that stays
// open, sends SIGINT after wait, and checks how it stops. It returns
// false when the signal came too early to tell.
func verifyInterrupted(t *testing.T, bin string, lines int, wait time.Duration) bool {
	t.Helper()
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
	sent, early, _ := interrupt(t, cmd, wait, fmt.Sprintf("after %d lines: verify", lines))
	stdin.Close()
	if early {
		return false
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.ExitStatus() != exitInterrupted || time.Since(sent) > time.Second {
		t.Errorf("after %d lines: exit %d %v after SIGINT, want %d within a second; stderr %q", lines, ws.ExitStatus(), time.Since(sent), exitInterrupted, stderr.String())
	}
	if got := stderr.String(); got != "queens: interrupted\n" {
		t.Errorf("after %d lines: stderr %q", lines, got)
	}
	return true
}

// interrupt waits wait, sends SIGINT to cmd, which runs, and waits up to
// 5 s for it to end; past that it kills cmd and fails the test, naming it
// what. It returns when the signal went out, whether the signal killed
// cmd, as it does one that has yet to handle signals, so that it came too
// early to tell, and the error of cmd's Wait.
func interrupt(t *testing.T, cmd *exec.Cmd, wait time.Duration, what string) (sent time.Time, early bool, err error) {
	t.Helper()
	time.Sleep(wait)
	cmd.Process.Signal(os.Interrupt)
	sent = time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s did not stop within 5s of SIGINT", what)
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	return sent, ws.Signaled() && ws.Signal() == syscall.SIGINT, err
}

// TestOutputFileTarget writes -o over a file of mode 0600, through a
// symbolic link, and over a read-only file, with the built command.
func TestOutputFileTarget(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	dir := t.TempDir()
	want, err := exec.Command(bin, "list", "6").Output()
	if err != nil {
		t.Fatal(err)
	}

	private := filepath.Join(dir, "private.txt")
	os.WriteFile(private, []byte("old\n"), 0o600)
	if out, err := exec.Command(bin, "list", "6", "-o", private).CombinedOutput(); err != nil {
		t.Fatalf("list -o over a 0600 file: %v\n%s", err, out)
	}
	if fi, _ := os.Stat(private); fi.Mode().Perm() != 0o600 {
		t.Errorf("a 0600 file became %v", fi.Mode().Perm())
	}

	target := filepath.Join(dir, "target.txt")
	link := filepath.Join(dir, "link.txt")
	os.WriteFile(target, []byte("old\n"), 0o644)
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "list", "6", "-o", link).CombinedOutput(); err != nil {
		t.Fatalf("list -o through a link: %v\n%s", err, out)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced by a file")
	}
	if data, _ := os.ReadFile(target); !bytes.Equal(data, want) {
		t.Errorf("the link's target holds %q, want the listing", data)
	}

	readOnly := filepath.Join(dir, "ro.txt")
	os.WriteFile(readOnly, []byte("keep\n"), 0o444)
	cmd := exec.Command(bin, "list", "6", "-o", readOnly)
	out, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != exitUsage || !strings.HasPrefix(string(out), "queens: error: cannot write "+readOnly+": the file is read-only\n") {
		t.Errorf("list -o over a read-only file: exit %d, %q", cmd.ProcessState.ExitCode(), out)
	}
	if data, _ := os.ReadFile(readOnly); string(data) != "keep\n" {
		t.Errorf("the read-only file was overwritten")
	}
}

// TestListStdoutInterrupted interrupts 'list 16 > f': f ends with a whole
// line, and every line of it is a solution.
func TestListStdoutInterrupted(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, args := range [][]string{{"list", "16"}, {"list", "16", "--format", "json"}} {
		path := filepath.Join(t.TempDir(), "f")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Stdout = f
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if fi, _ := f.Stat(); fi.Size() > 1<<20 || time.Now().After(deadline) {
				break
			}
		}
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		f.Close()
		if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
			t.Errorf("%s: exit %d, want %d", args, code, exitInterrupted)
		}
		data, _ := os.ReadFile(path)
		if len(data) < 1<<20 || data[len(data)-1] != '\n' {
			t.Fatalf("%s: the output of %d bytes ends in %q", args, len(data), data[max(0, len(data)-20):])
		}
		v := exec.Command(bin, "verify", path)
		if out, err := v.CombinedOutput(); err != nil {
			t.Errorf("%s: verify of the interrupted output: %v\n%s", args, err, out)
		}
	}
}

// TestTempFilesCleaned kills the command while it writes -o, a shard part
// and a checkpoint: the next run of the same command leaves no temporary
// file behind.
func TestTempFilesCleaned(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for _, tc := range []struct {
		name  string
		args  func(path string) []string
		again func(path string) []string
		kept  string // the file the directory holds at the end
	}{
		{"list -o", func(p string) []string { return []string{"list", "15", "-o", p} },
			func(p string) []string { return []string{"list", "6", "-o", p} }, "out"},
		{"shard part", func(p string) []string { return []string{"count", "17", "--shard", "0/2", "-o", p, "--quiet"} },
			func(p string) []string { return []string{"count", "8", "--shard", "0/1", "-o", p, "--quiet"} }, "out"},
		{"checkpoint", func(p string) []string { return []string{"count", "16", "--checkpoint", p, "--quiet"} },
			func(p string) []string { return []string{"count", "16", "--checkpoint", p, "--quiet"} }, "out"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out")
			cmd := exec.Command(bin, tc.args(path)...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Kill it once it has its file open.
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				if es, _ := os.ReadDir(dir); len(es) > 0 {
					break
				}
			}
			time.Sleep(50 * time.Millisecond)
			cmd.Process.Kill()
			cmd.Wait()
			// A leftover is told from a file being written by its age.
			old := time.Now().Add(-time.Minute)
			es, _ := os.ReadDir(dir)
			for _, e := range es {
				os.Chtimes(filepath.Join(dir, e.Name()), old, old)
			}
			if out, err := exec.Command(bin, tc.again(path)...).CombinedOutput(); err != nil {
				t.Fatalf("the run after the kill: %v\n%s", err, out)
			}
			es, _ = os.ReadDir(dir)
			if len(es) != 1 || es[0].Name() != tc.kept {
				var names []string
				for _, e := range es {
					names = append(names, e.Name())
				}
				t.Errorf("after a kill and a run, the directory holds %v, want %s alone", names, tc.kept)
			}
		})
	}
}

// TestSolveInterrupted sends SIGINT to solve while it constructs and
// writes the solution of a board of ten million rows: it stops at once
// with exit 130 and leaves no file. A signal that comes before solve
// handles signals kills it; the test then tries again, waiting longer.
func TestSolveInterrupted(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	for wait := 300 * time.Millisecond; ; wait *= 2 {
		dir := t.TempDir()
		cmd := exec.Command(bin, "solve", "10000000", "-o", filepath.Join(dir, "s.txt"))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sent, early, err := interrupt(t, cmd, wait, "solve")
		if early && wait < 5*time.Second {
			continue // too early to tell
		}
		if d := time.Since(sent); d > 3*time.Second {
			t.Errorf("solve took %v to stop after SIGINT", d)
		}
		if code := cmd.ProcessState.ExitCode(); code != exitInterrupted && !(code == 0 && err == nil) {
			t.Errorf("solve after SIGINT: exit %d, stderr %q", code, stderr.String())
		}
		if cmd.ProcessState.ExitCode() == exitInterrupted {
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("an interrupted solve left %v", entries)
			}
		}
		return
	}
}

// TestSolveTooLarge refuses, before it starts, a solution that would not
// fit in the computer's memory, with a line that says what it needs.
func TestSolveTooLarge(t *testing.T) {
	if err := solveMemory(1<<30, methodRandom, "cols", false); err == nil {
		if m := memory.Physical(); m > 0 && m < 40<<30 {
			t.Errorf("the local search of N=2^30 (about 40 GiB) is not refused on %s of memory", memory.Format(m))
		}
	} else if !strings.Contains(err.Error(), "needs about 40.1 GiB") {
		t.Errorf("refusal %q does not say what it needs", err)
	}
	if err := solveMemory(1000, methodConstruct, "sentences", false); err != nil {
		t.Errorf("N=1000 refused: %v", err)
	}
	if err := solveDisk(1<<30, filepath.Join(t.TempDir(), "s.txt")); err != nil {
		if !strings.Contains(err.Error(), "on disk") {
			t.Errorf("disk refusal %q does not say what it needs", err)
		}
	}
	if err := solveDisk(8, filepath.Join(t.TempDir(), "s.txt")); err != nil {
		t.Errorf("N=8 refused for disk: %v", err)
	}
}
