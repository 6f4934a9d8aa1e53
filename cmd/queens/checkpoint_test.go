//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/checkpoint"
	"github.com/queenslab/queens/internal/testenv"
)

// buildQueens builds the command into a temporary directory and returns
// the path of the binary.
func buildQueens(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "queens")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// procDeadline bounds the wait for a process of a test to end.
const procDeadline = 2 * time.Minute

// proc is a running queens process.
type proc struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{} // closed when the process has ended
}

func startQueens(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(bin, args...), done: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		if !p.ended() {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// ended reports whether the process has ended.
func (p *proc) ended() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// exited waits for the process to end and returns its exit code, or -1
// with the signal that killed it. A process that has not ended within
// procDeadline is killed, so that a test waiting for it fails instead of
// hanging.
func (p *proc) exited() (int, os.Signal) {
	select {
	case <-p.done:
	case <-time.After(procDeadline):
		p.cmd.Process.Kill()
		<-p.done
	}
	ws := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return -1, ws.Signal()
	}
	return ws.ExitStatus(), nil
}

// recordsIn returns the number of complete records in the checkpoint at
// path, as another process writes it.
func recordsIn(path string) int {
	data, _ := os.ReadFile(path)
	return max(0, bytes.Count(data, []byte("\n"))-1)
}

// waitRecords waits until the checkpoint at path holds at least n
// records, and reports false if the process ended first.
func waitRecords(t *testing.T, p *proc, path string, n int) bool {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for recordsIn(path) < n {
		if p.ended() {
			return false
		}
		if time.Now().After(deadline) {
			t.Fatalf("the checkpoint holds %d records after 2 minutes, want %d", recordsIn(path), n)
		}
		time.Sleep(2 * time.Millisecond)
	}
	return true
}

// TestCountProcess runs the queens binary: counts with a checkpoint that
// are killed, interrupted and resumed, a refused checkpoint, and SIGTERM.
func TestCountProcess(t *testing.T) {
	testenv.SkipUnlessSlow(t, "counts N = 16 and 17 in processes killed and resumed")
	bin := buildQueens(t)
	t.Run("kill and resume", func(t *testing.T) { testKillResume(t, bin) })
	t.Run("other N", func(t *testing.T) { testOtherN(t, bin) })
	t.Run("SIGTERM", func(t *testing.T) { testSIGTERM(t, bin) })
}

// testKillResume runs a real count with a checkpoint, kills it with
// SIGKILL, tears its last record as a crash might, interrupts the resumed
// count with SIGINT, and then lets it finish: the result must be the known
// count.
func testKillResume(t *testing.T, bin string) {
	sizes := []int{16, 17}
	if !testenv.Slow() {
		sizes = []int{15, 16, 17}
	}
	for _, n := range sizes {
		if killResume(t, bin, n) {
			return
		}
		t.Logf("N=%d finished before it could be killed; trying N=%d", n, n+1)
	}
	t.Fatal("no count ran long enough to be killed")
}

// killResume runs the test of testKillResume for the n×n board.
// It reports false, and checks nothing, when the first count ends before
// it can be killed.
func killResume(t *testing.T, bin string, n int) bool {
	path := filepath.Join(t.TempDir(), fmt.Sprintf("c%d", n))
	args := []string{"count", fmt.Sprint(n), "--checkpoint", path, "--workers", "2"}

	// Kill the first run once it has recorded a few units.
	p := startQueens(t, bin, args...)
	if !waitRecords(t, p, path, 20) {
		if code, _ := p.exited(); code != 0 {
			t.Fatalf("first run: exit %d, stderr %q", code, p.stderr.String())
		}
		return false
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	if code, sig := p.exited(); sig != syscall.SIGKILL {
		if code == 0 {
			return false // it ended between the check and the kill
		}
		t.Fatalf("first run: exit %d, stderr %q", code, p.stderr.String())
	}
	killed := recordsIn(path)
	h, _, err := checkpoint.Read(path)
	if err != nil {
		t.Fatalf("after SIGKILL: %v", err)
	}
	t.Logf("N=%d: killed with %d of %d units recorded", n, killed, h.Units)

	// A crash in the middle of a write leaves part of a record.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"unit":12,"total":3`)
	f.Close()

	// Resume, and interrupt the resumed run with Ctrl-C.
	p = startQueens(t, bin, args...)
	if waitRecords(t, p, path, killed+20) {
		p.cmd.Process.Signal(syscall.SIGINT)
		sent := time.Now()
		code, sig := p.exited()
		stopped := time.Since(sent)
		t.Logf("SIGINT: the count stopped in %v", stopped)
		if code != exitInterrupted {
			t.Fatalf("after SIGINT: exit %d, signal %v, stderr %q", code, sig, p.stderr.String())
		}
		if stopped > 3*time.Second {
			t.Errorf("the count took %v to stop after SIGINT", stopped)
		}
		errOut := p.stderr.String()
		for _, want := range []string{
			"queens: note: dropped the incomplete last record of " + path,
			"queens: interrupted\n",
			"queens: hint: ",
			"resume with: queens count " + fmt.Sprint(n) + " --checkpoint " + path + "\n",
		} {
			if !strings.Contains(errOut, want) {
				t.Errorf("stderr %q lacks %q", errOut, want)
			}
		}
		if p.stdout.Len() != 0 {
			t.Errorf("an interrupted count printed %q", p.stdout.String())
		}
	} else if code, _ := p.exited(); code != 0 {
		t.Fatalf("the resumed count: exit %d, stderr %q", code, p.stderr.String())
	}
	_, records, err := checkpoint.Read(path)
	if err != nil {
		t.Fatalf("after SIGINT: %v", err)
	}
	if data, _ := os.ReadFile(path); !bytes.HasSuffix(data, []byte("\n")) {
		t.Error("the checkpoint ends in a torn line after SIGINT")
	}

	// Run to the end: the known total, with the recorded units skipped.
	p = startQueens(t, bin, args...)
	if code, _ := p.exited(); code != 0 {
		t.Fatalf("the last run: exit %d, stderr %q", code, p.stderr.String())
	}
	checkCountOutput(t, n, p.stdout.String())
	if want := fmt.Sprintf("%d of %d units from earlier runs", len(records), h.Units); !strings.Contains(p.stdout.String(), want) {
		t.Errorf("output %q lacks %q", p.stdout.String(), want)
	}
	if _, all, err := checkpoint.Read(path); err != nil || len(all) != h.Units {
		t.Errorf("the finished checkpoint holds %d of %d units (%v)", len(all), h.Units, err)
	}
	return true
}

// testOtherN checks that the binary refuses the checkpoint of another N
// without touching it.
func testOtherN(t *testing.T, bin string) {
	path := filepath.Join(t.TempDir(), "c10")
	if out, err := exec.Command(bin, "count", "10", "--checkpoint", path).CombinedOutput(); err != nil {
		t.Fatalf("count 10: %v\n%s", err, out)
	}
	before, _ := os.ReadFile(path)
	p := startQueens(t, bin, "count", "11", "--checkpoint", path)
	code, _ := p.exited()
	checkUsageError(t, code, p.stdout.String(), p.stderr.String(), "written for N=10, not N=11")
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the checkpoint of N=10 was changed")
	}
}

// testSIGTERM checks that SIGTERM stops a count without a checkpoint at
// once, with exit code 130. A signal that comes before the count handles
// signals kills it; the test then tries again, waiting longer.
func testSIGTERM(t *testing.T, bin string) {
	for wait := 300 * time.Millisecond; ; wait *= 2 {
		p := startQueens(t, bin, "count", "18", "--workers", "2")
		time.Sleep(wait)
		p.cmd.Process.Signal(syscall.SIGTERM)
		sent := time.Now()
		code, sig := p.exited()
		if sig == syscall.SIGTERM && wait < 5*time.Second {
			continue // too early to tell
		}
		t.Logf("SIGTERM: the count stopped in %v", time.Since(sent))
		if code != exitInterrupted || !strings.HasPrefix(p.stderr.String(), "queens: interrupted\nqueens: hint: the ") || p.stdout.Len() != 0 {
			t.Errorf("after SIGTERM: exit %d, signal %v, stdout %q, stderr %q", code, sig, p.stdout.String(), p.stderr.String())
		}
		if d := time.Since(sent); d > 3*time.Second {
			t.Errorf("the count took %v to stop after SIGTERM", d)
		}
		return
	}
}
