//go:build unix

package main

// Tests of a cluster count with real processes: a coordinator and
// workers of the built command, on loopback, killed and restarted.

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// clusterProc is a running queens process whose standard error is read
// line by line as it comes.
type clusterProc struct {
	name   string
	cmd    *exec.Cmd
	stdout strings.Builder
	mu     sync.Mutex
	lines  []string
	cond   *sync.Cond
	done   chan struct{} // closed when the process has ended and its output is read
}

func startClusterProc(t *testing.T, bin, name string, args ...string) *clusterProc {
	t.Helper()
	p := &clusterProc{name: name, cmd: exec.Command(bin, args...), done: make(chan struct{})}
	p.cond = sync.NewCond(&p.mu)
	p.cmd.Stdout = &p.stdout
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.cond.Broadcast()
			p.mu.Unlock()
		}
		p.cmd.Wait()
		p.mu.Lock()
		close(p.done)
		p.cond.Broadcast()
		p.mu.Unlock()
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		if t.Failed() {
			t.Logf("stderr of %s:\n%s", p.name, p.stderr())
		}
	})
	return p
}

func (p *clusterProc) stderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// waitLines waits until the process has written n lines that match re to
// standard error, and returns the submatches of the first n; it fails the
// test when the process ends first or the time runs out.
func (p *clusterProc) waitLines(t *testing.T, re *regexp.Regexp, n int, timeout time.Duration) [][]string {
	t.Helper()
	timer := time.AfterFunc(timeout, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	defer timer.Stop()
	deadline := time.Now().Add(timeout)
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		var found [][]string
		for _, l := range p.lines {
			if m := re.FindStringSubmatch(l); m != nil {
				found = append(found, m)
			}
		}
		if len(found) >= n {
			return found[:n]
		}
		select {
		case <-p.done:
			t.Fatalf("%s ended after %d lines matching %q, want %d", p.name, len(found), re, n)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s wrote %d lines matching %q in %v, want %d", p.name, len(found), re, timeout, n)
		}
		p.cond.Wait()
	}
}

// exit waits for the process to end and returns its exit code, or -1 when
// a signal ended it.
func (p *clusterProc) exit(t *testing.T, timeout time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(timeout):
		t.Fatalf("%s did not end in %v", p.name, timeout)
	}
	return p.cmd.ProcessState.ExitCode()
}

var (
	joinLine    = regexp.MustCompile(`workers join with: queens worker --nats (nats://\S+)`)
	countedLine = regexp.MustCompile(`counted unit (\d+) of run \S+(:| again:)`)
)

// countedUnits returns how often each unit appears as counted in the
// standard error of verbose workers: stored, or counted again and found
// stored.
func countedUnits(procs ...*clusterProc) map[string]int {
	seen := map[string]int{}
	for _, p := range procs {
		for _, m := range countedLine.FindAllStringSubmatch(p.stderr(), -1) {
			seen[m[1]]++
		}
	}
	return seen
}

func TestClusterProcesses(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command and runs a cluster of processes")
	}
	bin := filepath.Join(t.TempDir(), "queens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("kill a worker", func(t *testing.T) { testKillWorker(t, bin) })
	t.Run("restart the coordinator", func(t *testing.T) { testRestartCoordinator(t, bin) })
	t.Run("interrupt a waiting worker", func(t *testing.T) { testInterruptWorker(t, bin) })
	t.Run("hang up a counting worker", func(t *testing.T) { testHangupWorker(t, bin) })
	t.Run("worker with a wrong token", func(t *testing.T) { testWorkerRefused(t, bin) })
}

// testKillWorker kills one of two workers in the middle of a unit: the
// unit goes to the other worker within the default ack wait, the
// coordinator says which units it waits for meanwhile, and the count is
// exact.
func testKillWorker(t *testing.T, bin string) {
	coord := startClusterProc(t, bin, "coordinator", "count", "15", "--cluster", "--workers", "0",
		"--listen", "127.0.0.1:0", "--quiet")
	url := coord.waitLines(t, joinLine, 1, 30*time.Second)[0][1]
	victim := startClusterProc(t, bin, "worker 1", "worker", "--nats", url, "--workers", "1", "-v")
	// The other worker comes once the first one counts, so that it cannot
	// count the whole board before the first one finds the queue.
	victim.waitLines(t, countedLine, 1, 60*time.Second)
	other := startClusterProc(t, bin, "worker 2", "worker", "--nats", url, "--workers", "1", "-v")
	// Kill the first worker once it is well under way.
	victim.waitLines(t, countedLine, 20, 60*time.Second)
	victim.cmd.Process.Signal(syscall.SIGKILL)
	killed := time.Now()
	if code := coord.exit(t, 120*time.Second); code != 0 {
		t.Fatalf("coordinator exit %d", code)
	}
	// The surviving worker counts the rest in a few seconds; the units
	// of the dead one come back after at most the ack wait.
	if d := time.Since(killed); d > 20*time.Second {
		t.Errorf("the count ended %v after the kill, want less than 20s", d.Round(time.Second))
	}
	// A unit the victim held when it died comes back after the ack wait
	// (10 s), and the coordinator names it while it waits. The units are
	// short, so the kill may also fall between two units: then nothing is
	// lost, the count ends at once, and there is nothing to name.
	waited := regexp.MustCompile(`queens: cluster: no result for \d+s: waiting for \d+ units? \(\d+ handed to workers, \d+ waiting for one\): \d+`).MatchString(coord.stderr())
	switch d := time.Since(killed); {
	case d >= 8*time.Second && !waited:
		t.Errorf("the count ended %v after the kill, so a unit was lost, but the coordinator did not say which units it waited for", d.Round(time.Second))
	case d < 8*time.Second:
		t.Logf("the kill fell between two units: the count ended %v after it", d.Round(time.Millisecond))
	}
	if got, want := clusterFirstLine(coord.stdout.String()), "N=15: 2279184 solutions, 285053 unique"; got != want {
		t.Errorf("count after a killed worker: %q, want %q", got, want)
	}
	// The other worker ends when the coordinator is done.
	if code := other.exit(t, 30*time.Second); code != 0 {
		t.Errorf("surviving worker exit %d, want 0 after the coordinator finished", code)
	}
	if !strings.Contains(other.stderr(), "shut its server down") {
		t.Errorf("surviving worker: no word of the coordinator's end")
	}
	for u, n := range countedUnits(victim, other) {
		if n > 1 {
			t.Errorf("unit %s counted and stored %d times", u, n)
		}
	}
}

// testRestartCoordinator kills the coordinator in the middle of a count
// and starts it again on the same store and port: the workers reconnect,
// the count is exact, and no unit is counted twice.
func testRestartCoordinator(t *testing.T, bin string) {
	store := filepath.Join(t.TempDir(), "store")
	args := []string{"count", "15", "--cluster", "--workers", "0", "--store", store, "--ack-wait", "2s", "--quiet"}
	first := startClusterProc(t, bin, "first coordinator", append(args, "--listen", "127.0.0.1:0")...)
	url := first.waitLines(t, joinLine, 1, 30*time.Second)[0][1]
	w1 := startClusterProc(t, bin, "worker 1", "worker", "--nats", url, "--workers", "1", "-v")
	w1.waitLines(t, countedLine, 1, 60*time.Second)
	w2 := startClusterProc(t, bin, "worker 2", "worker", "--nats", url, "--workers", "1", "-v")
	w1.waitLines(t, countedLine, 30, 60*time.Second)
	first.cmd.Process.Signal(syscall.SIGKILL)
	first.exit(t, 10*time.Second)
	before := countedUnits(w1, w2)

	t.Logf("restart after %d units", len(before))
	second := startClusterProc(t, bin, "second coordinator", append(args, "--listen", strings.TrimPrefix(url, "nats://"))...)
	if code := second.exit(t, 120*time.Second); code != 0 {
		t.Fatalf("restarted coordinator exit %d", code)
	}
	if got, want := clusterFirstLine(second.stdout.String()), "N=15: 2279184 solutions, 285053 unique"; got != want {
		t.Errorf("count after a restart: %q, want %q", got, want)
	}
	if !strings.Contains(second.stderr(), "from earlier runs") {
		t.Errorf("the restarted coordinator did not resume")
	}
	for _, w := range []*clusterProc{w1, w2} {
		if code := w.exit(t, 30*time.Second); code != 0 {
			t.Errorf("%s exit %d, want 0 after the coordinator finished", w.name, code)
		}
	}
	// A unit that was stored before the restart is not counted again. A
	// unit that was being counted when the server went away may be: its
	// worker could not tell the server it was still at it.
	counted := countedUnits(w1, w2)
	twice := 0
	for u, n := range counted {
		if before[u] > 0 && n > before[u] {
			t.Errorf("unit %s was stored before the restart and counted again after it", u)
		}
		if n > 1 {
			twice++
		}
	}
	// Each worker holds up to 4 units per counting slot.
	if twice > 8 {
		t.Errorf("%d units counted twice; at most the 8 units in the workers' hands at the restart may be", twice)
	}
	if len(before) == 0 || len(before) == len(counted) {
		t.Errorf("%d units counted before the restart, %d in all: want the restart in the middle", len(before), len(counted))
	}
}

// testInterruptWorker stops a worker that waits for a coordinator with
// Ctrl-C.
func testInterruptWorker(t *testing.T, bin string) {
	// A port where nothing listens: the worker waits for a server.
	w := startClusterProc(t, bin, "worker", "worker", "--nats", "nats://127.0.0.1:1", "--workers", "1")
	w.waitLines(t, regexp.MustCompile(`^queens: worker: the NATS server at nats://127\.0\.0\.1:1 is unreachable`), 1, 10*time.Second)
	w.cmd.Process.Signal(os.Interrupt)
	if code := w.exit(t, 10*time.Second); code != exitInterrupted {
		t.Errorf("interrupted worker exit %d, want %d", code, exitInterrupted)
	}
	if s := w.stderr(); !strings.Contains(s, "queens: interrupted") {
		t.Errorf("interrupted worker wrote %q", s)
	}
}

// testHangupWorker sends SIGHUP to a worker in the middle of a count, as
// closing its terminal does: it exits 129 and hands its units back, so
// that a second worker ends the count without waiting out the ack wait.
func testHangupWorker(t *testing.T, bin string) {
	coord := startClusterProc(t, bin, "coordinator", "count", "15", "--cluster", "--workers", "0",
		"--listen", "127.0.0.1:0", "--quiet")
	url := coord.waitLines(t, joinLine, 1, 30*time.Second)[0][1]
	first := startClusterProc(t, bin, "worker 1", "worker", "--nats", url, "--workers", "2", "-v")
	first.waitLines(t, countedLine, 10, 60*time.Second)
	first.cmd.Process.Signal(syscall.SIGHUP)
	if code := first.exit(t, 15*time.Second); code != exitHangup {
		t.Errorf("worker after SIGHUP: exit %d, want %d", code, exitHangup)
	}
	if s := first.stderr(); !strings.Contains(s, "queens: interrupted") || !strings.Contains(s, "units counted: ") {
		t.Errorf("worker after SIGHUP wrote %q", s)
	}
	start := time.Now()
	second := startClusterProc(t, bin, "worker 2", "worker", "--nats", url, "--workers", "2", "-v")
	if code := coord.exit(t, 120*time.Second); code != 0 {
		t.Fatalf("coordinator exit %d", code)
	}
	// Units still held would come back only after the ack wait of 10 s.
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the count took %v after the hang-up: the worker kept its units", d.Round(time.Second))
	}
	if got, want := clusterFirstLine(coord.stdout.String()), "N=15: 2279184 solutions, 285053 unique"; got != want {
		t.Errorf("count after a hung-up worker: %q, want %q", got, want)
	}
	second.exit(t, 30*time.Second)
	for u, n := range countedUnits(first, second) {
		if n > 1 {
			t.Errorf("unit %s counted and stored %d times", u, n)
		}
	}
}

// testWorkerRefused starts workers with a wrong token, without one, and
// with a URL that is not a NATS URL: each ends at once with one error
// line and exit 2 instead of waiting for ever.
func testWorkerRefused(t *testing.T, bin string) {
	coord := startClusterProc(t, bin, "coordinator", "count", "12", "--cluster", "--workers", "0",
		"--listen", "127.0.0.1:0", "--token", "s3cret", "--quiet")
	url := coord.waitLines(t, joinLine, 1, 30*time.Second)[0][1]
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"wrong token", []string{"--nats", url, "--token", "wrong"}, "the NATS server refused the credentials at " + url},
		{"no token", []string{"--nats", url}, "the NATS server refused the credentials at " + url},
		{"bogus scheme", []string{"--nats", "bogus://x:1"}, `bad NATS URL "bogus://x:1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(tokenEnv, "")
			w := startClusterProc(t, bin, "worker", append([]string{"worker", "--workers", "1"}, tc.args...)...)
			if code := w.exit(t, 15*time.Second); code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			lines := strings.Split(w.stderr(), "\n")
			if !strings.HasPrefix(lines[0], "queens: error: ") || !strings.Contains(lines[0], tc.want) ||
				len(lines) > 2 || len(lines) == 2 && !strings.HasPrefix(lines[1], "queens: hint: ") {
				t.Errorf("stderr %q, want one error line containing %q and at most a hint", w.stderr(), tc.want)
			}
		})
	}
}
