package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/checkpoint"
	"github.com/queenslab/queens/internal/testenv"
)

// countKnown are the totals (OEIS A000170) and unique counts (A002562) of
// the boards the count tests run.
var countKnown = map[int][2]uint64{
	1: {1, 1}, 2: {0, 0}, 3: {0, 0}, 4: {2, 1}, 5: {10, 2}, 6: {4, 1},
	7: {40, 6}, 8: {92, 12}, 9: {352, 46}, 10: {724, 92}, 11: {2680, 341},
	12: {14200, 1787}, 13: {73712, 9233}, 14: {365596, 45752},
	15: {2279184, 285053}, 16: {14772512, 1846955}, 17: {95815104, 11977939},
}

// runCount runs the command line args in-process and returns its exit
// code, stdout and stderr.
func runCount(ctx context.Context, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

var countLine = regexp.MustCompile(`^N=(\d+): (\d+) solutions?, (\d+) unique\nnodes: \d+\ntime: \d+\.\d{3} ms\n`)

// checkCountOutput checks the text output of a count of the n×n board.
func checkCountOutput(t *testing.T, n int, out string) {
	t.Helper()
	m := countLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("count %d: output %q does not have the form of a count", n, out)
	}
	want := countKnown[n]
	if got := fmt.Sprintf("%s %s %s", m[1], m[2], m[3]); got != fmt.Sprintf("%d %d %d", n, want[0], want[1]) {
		t.Errorf("count %d: N, total, unique = %s, want %d %d %d", n, got, n, want[0], want[1])
	}
}

func TestCountKnown(t *testing.T) {
	max := 13
	if !testenv.Slow() {
		max = 11
	}
	for n := 1; n <= max; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			code, out, errOut := runCount(t.Context(), "count", fmt.Sprint(n), "--workers", "2")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			checkCountOutput(t, n, out)
		})
	}
}

func TestCountJSON(t *testing.T) {
	code, out, _ := runCount(t.Context(), "count", "10", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r struct {
		N          int
		Total      uint64
		Unique     uint64
		Nodes      uint64
		ElapsedMS  *float64 `json:"elapsed_ms"`
		Algorithm  string
		Engine     string
		Estimate   uint64 `json:"memory_estimate_bytes"`
		Peak       uint64 `json:"peak_memory_bytes"`
		Checkpoint any
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if dec.More() {
		t.Errorf("more than one JSON value: %q", out)
	}
	if r.N != 10 || r.Total != 724 || r.Unique != 92 || r.Nodes == 0 || r.ElapsedMS == nil || r.Algorithm == "" || r.Checkpoint != nil {
		t.Errorf("JSON %q", out)
	}
	// The peak is the process's, the estimate the count's: the test
	// binary holds more than N=10 needs.
	if r.Engine != "join" || r.Estimate == 0 || runtime.GOOS == "linux" && r.Peak < r.Estimate {
		t.Errorf("JSON %q: engine, memory estimate or peak memory amiss", out)
	}

	// With a checkpoint, first new and then finished.
	path := filepath.Join(t.TempDir(), "c10")
	for run := range 2 {
		code, out, _ = runCount(t.Context(), "count", "10", "--json", "--checkpoint", path)
		var c struct {
			Total      uint64
			Checkpoint struct {
				File           string
				Units, Resumed int
			}
		}
		if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil {
			t.Fatalf("JSON with a checkpoint: exit %d, %q, %v", code, out, err)
		}
		resumed := 0
		if run == 1 {
			resumed = c.Checkpoint.Units
		}
		if c.Total != 724 || c.Checkpoint.File != path || c.Checkpoint.Units < 10 || c.Checkpoint.Resumed != resumed {
			t.Errorf("run %d: JSON with a checkpoint: %q", run+1, out)
		}
	}
}

// checkUsageError checks that a command failed with exit code 2 and one
// error line, and maybe a hint line, that contains want.
func checkUsageError(t *testing.T, code int, out, errOut, want string) {
	t.Helper()
	if code != exitUsage {
		t.Errorf("exit code %d, want %d", code, exitUsage)
	}
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "queens: error: ") || len(lines) > 2 || len(lines) == 2 && !strings.HasPrefix(lines[1], "queens: hint: ") {
		t.Errorf("stderr %q is not an error line and an optional hint", errOut)
	}
	if !strings.Contains(errOut, want) {
		t.Errorf("stderr %q does not say %q", errOut, want)
	}
}

func TestCountBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"count"}, "one board size"},
		{[]string{"count", "8", "9"}, "one board size"},
		{[]string{"count", "abc"}, `got "abc"`},
		{[]string{"count", "0"}, "from 1 to 32"},
		{[]string{"count", "33"}, "from 1 to 32"},
		{[]string{"count", "8", "--workers", "-1"}, "--workers"},
		{[]string{"count", "8", "--workers", "many"}, "--workers"},
		{[]string{"count", "8", "--algo", "nosuch"}, "nosuch"},
		{[]string{"count", "8", "--checkpoint", dir}, "directory"},
		{[]string{"count", "8", "--checkpoint", filepath.Join(dir, "no", "such")}, "cannot create checkpoint"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCount(t.Context(), c.args...)
			checkUsageError(t, code, out, errOut, c.want)
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed counts left %d files behind", len(entries))
	}
}

func TestCountCheckpointOtherAlgorithm(t *testing.T) {
	names := algorithmNames(t)
	fast := names[len(names)-1]
	for _, a := range names {
		code, out, errOut := runCount(t.Context(), "count", "6", "--algo", a, "--checkpoint", filepath.Join(t.TempDir(), "c"))
		if a == fast {
			if code != 0 {
				t.Errorf("--algo %s (the fast engine) with --checkpoint: exit %d, %q", a, code, errOut)
			}
			continue
		}
		checkUsageError(t, code, out, errOut, "--checkpoint")
	}
}

// algorithmNames returns the names that --algo takes, the fastest last.
func algorithmNames(t *testing.T) []string {
	t.Helper()
	code, _, errOut := runCount(t.Context(), "count", "4", "--algo", "no such algorithm")
	m := regexp.MustCompile(`\(known: ([^)]*)\)`).FindStringSubmatch(errOut)
	if code != exitUsage || m == nil {
		t.Fatalf("cannot find the algorithm names in %q", errOut)
	}
	return strings.Split(m[1], ", ")
}

func TestCountCheckpointResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c12")
	code, out, errOut := runCount(t.Context(), "count", "12", "--checkpoint", path)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	checkCountOutput(t, 12, out)
	h, records, err := checkpoint.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if h.N != 12 || len(records) != h.Units || h.Units < 100 {
		t.Fatalf("checkpoint of N=%d holds %d of %d units", h.N, len(records), h.Units)
	}
	if want := fmt.Sprintf("checkpoint: %s, 0 of %d units from earlier runs\n", path, h.Units); !strings.HasSuffix(out, want) {
		t.Errorf("output %q does not end with %q", out, want)
	}

	// A finished checkpoint gives the result again without counting.
	code, out, _ = runCount(t.Context(), "count", "12", "--checkpoint", path)
	checkCountOutput(t, 12, out)
	if want := fmt.Sprintf("%d of %d units", h.Units, h.Units); code != 0 || !strings.Contains(out, want) {
		t.Errorf("rerun: exit %d, output %q lacks %q", code, out, want)
	}

	// Keep the first third of the records and half of the next one, as a
	// crash might leave them.
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	keep := h.Units / 3
	torn := strings.Join(lines[:1+keep], "") + lines[1+keep][:25]
	if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCount(t.Context(), "count", "12", "--checkpoint", path)
	if code != 0 {
		t.Fatalf("resume: exit %d, %q", code, errOut)
	}
	checkCountOutput(t, 12, out)
	if want := fmt.Sprintf("%d of %d units", keep, h.Units); !strings.Contains(out, want) {
		t.Errorf("resume: output %q lacks %q", out, want)
	}
	if !strings.Contains(errOut, "incomplete last record") {
		t.Errorf("resume: stderr %q does not mention the torn record", errOut)
	}
	// The resumed checkpoint holds every unit once, with the same results.
	_, again, err := checkpoint.Read(path)
	if err != nil || len(again) != len(records) {
		t.Fatalf("after resume: %d records, %v", len(again), err)
	}
	byUnit := map[int]checkpoint.Record{}
	for _, r := range records {
		byUnit[r.Unit] = r
	}
	for _, r := range again {
		if byUnit[r.Unit] != r {
			t.Errorf("unit %d: %+v after resume, %+v before", r.Unit, r, byUnit[r.Unit])
		}
	}
}

// refuseCheckpoint checks that a count with the checkpoint at path fails
// with exit code 2 and an error that contains want, and does not change
// the file.
func refuseCheckpoint(t *testing.T, path, n, want string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCount(t.Context(), "count", n, "--checkpoint", path)
	checkUsageError(t, code, out, errOut, want)
	if !strings.Contains(errOut, "queens: hint: ") {
		t.Errorf("no hint in %q", errOut)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the refused checkpoint was changed")
	}
}

func TestCountCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c9")
	if code, _, errOut := runCount(t.Context(), "count", "9", "--checkpoint", path); code != 0 {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	t.Run("other N", func(t *testing.T) {
		refuseCheckpoint(t, path, "10", "written for N=9, not N=10")
	})
	t.Run("damaged record", func(t *testing.T) {
		data, _ := os.ReadFile(path)
		lines := strings.SplitAfter(string(data), "\n")
		// Change a digit of the node count of the second record.
		i := strings.Index(lines[2], `"nodes":`) + len(`"nodes":`)
		lines[2] = lines[2][:i] + string('0'+(lines[2][i]-'0'+1)%10) + lines[2][i+1:]
		damaged := filepath.Join(dir, "damaged")
		os.WriteFile(damaged, []byte(strings.Join(lines, "")), 0o644)
		refuseCheckpoint(t, damaged, "9", "line 3: checksum mismatch")
	})
	t.Run("not a checkpoint", func(t *testing.T) {
		other := filepath.Join(dir, "notes.txt")
		os.WriteFile(other, []byte("my notes\n"), 0o644)
		refuseCheckpoint(t, other, "9", "not a queens checkpoint")
	})
}

func TestCountInterrupted(t *testing.T) {
	// Without a checkpoint.
	// A signal cancels the context of the command, as main wires it.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	code, out, errOut := runCount(ctx, "count", "17", "--workers", "2")
	if code != exitInterrupted || out != "" || !strings.HasPrefix(errOut, "queens: interrupted\nqueens: hint: the ") ||
		!strings.HasSuffix(errOut, " of counting are lost; to stop a count and resume it later, give it a checkpoint file: 'queens count 17 --checkpoint q17.ckpt'\n") {
		t.Errorf("interrupted count: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the count stopped %v after it began, %v after it was cancelled", d, d-200*time.Millisecond)
	}

	// With a checkpoint: it stays whole, and the hint tells how to resume.
	path := filepath.Join(t.TempDir(), "my c17")
	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	// Cancel once the count has recorded a few units (the plan takes a
	// while under the race detector), or after half a minute.
	go func() {
		defer cancel()
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if _, records, err := checkpoint.Read(path); err == nil && len(records) >= 3 {
				return
			}
		}
	}()
	code, out, errOut = runCount(ctx, "count", "17", "--workers", "2", "--checkpoint", path)
	want := fmt.Sprintf("units are saved; resume with: queens count 17 --checkpoint '%s'\n", path)
	if code != exitInterrupted || out != "" || !strings.HasPrefix(errOut, "queens: interrupted\nqueens: hint: ") || !strings.HasSuffix(errOut, want) {
		t.Errorf("interrupted count: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	h, records, err := checkpoint.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, fmt.Sprintf(" %d of %d units are saved", len(records), h.Units)) {
		t.Errorf("stderr %q does not tell the %d units saved", errOut, len(records))
	}
	if data, _ := os.ReadFile(path); !bytes.HasSuffix(data, []byte("\n")) {
		t.Error("the checkpoint of an interrupted count ends in a torn line")
	}
}

// TestCountMaxMemory refuses a count that needs more than --max-memory,
// before it allocates, and a size that does not parse.
func TestCountMaxMemory(t *testing.T) {
	code, out, errOut := runCount(t.Context(), "count", "22", "--max-memory", "100M")
	if code != 2 || out != "" || !strings.Contains(errOut, "more than the --max-memory limit of 100.0 MiB") || strings.Count(errOut, "\n") != 2 {
		t.Errorf("count 22 --max-memory 100M: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCount(t.Context(), "count", "16", "--max-memory", "12X")
	if code != 2 || !strings.Contains(errOut, `"12X" is not a size`) {
		t.Errorf("count 16 --max-memory 12X: exit %d, stderr %q", code, errOut)
	}
	code, out, _ = runCount(t.Context(), "count", "12", "--max-memory", "64MB")
	if code != 0 || !strings.Contains(out, "14200 solutions") {
		t.Errorf("count 12 --max-memory 64MB: exit %d, stdout %q", code, out)
	}
}

// TestCountSingular says "1 solution" for the 1×1 board.
func TestCountSingular(t *testing.T) {
	code, out, _ := runCount(t.Context(), "count", "1")
	if code != 0 || !strings.HasPrefix(out, "N=1: 1 solution, 1 unique\n") {
		t.Errorf("count 1: exit %d, %q", code, out)
	}
}
