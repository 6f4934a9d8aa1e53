package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/cluster"
	"github.com/queenslab/queens/internal/message"
)

// clusterFirstLine returns the first line of a count's output: "N=...: ...
// solutions, ... unique".
func clusterFirstLine(out string) string {
	line, _, _ := strings.Cut(out, "\n")
	return line
}

func TestClusterCountCLI(t *testing.T) {
	ctx := context.Background()
	r := runCLI(ctx, nil, "count", "10", "--cluster", "--workers", "2", "--listen", "127.0.0.1:0", "--quiet")
	r.wantExit(t, exitOK)
	if got, want := clusterFirstLine(r.stdout), "N=10: 724 solutions, 92 unique"; got != want {
		t.Errorf("%s\nwant %q", r, want)
	}
	if !strings.Contains(r.stderr, "queens worker --nats nats://127.0.0.1:") {
		t.Errorf("%s\nwant the command that joins workers on stderr", r)
	}
	local := runCLI(ctx, nil, "count", "10", "--quiet")
	if strings.Split(r.stdout, "\n")[1] != strings.Split(local.stdout, "\n")[1] {
		t.Errorf("cluster count: %q; local count: %q; want the same nodes", r.stdout, local.stdout)
	}

	// A stored count resumes: the second run finds every result.
	store := filepath.Join(t.TempDir(), "store")
	r = runCLI(ctx, nil, "count", "8", "--cluster", "--workers", "1", "--listen", "127.0.0.1:0", "--store", store, "--json")
	r.wantExit(t, exitOK)
	if !strings.Contains(r.stdout, `"total":92,"unique":12`) {
		t.Errorf("%s\nwant the JSON of 92 solutions, 12 unique", r)
	}
	r = runCLI(ctx, nil, "count", "8", "--cluster", "--workers", "0", "--listen", "127.0.0.1:0", "--store", store, "--quiet")
	r.wantExit(t, exitOK)
	if clusterFirstLine(r.stdout) != "N=8: 92 solutions, 12 unique" || !strings.Contains(r.stderr, "78 of 78 units from earlier runs") {
		t.Errorf("%s\nwant the count of 8 from the store", r)
	}
}

func TestClusterUsageErrors(t *testing.T) {
	ctx := context.Background()
	part := filepath.Join(t.TempDir(), "p.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "8", "--cluster", "--shard", "0/2"}, "exclude each other"},
		{[]string{"count", "8", "-o", part}, "-o needs --shard"},
		{[]string{"count", "8", "--shard", "0/2", "--store", "x"}, "--store needs --cluster"},
		{[]string{"count", "8", "--token", "x"}, "--token needs --cluster"},
		{[]string{"count", "8", "--cluster", "--checkpoint", part}, "--checkpoint does not combine"},
		{[]string{"count", "8", "--cluster", "--nats", "nats://127.0.0.1:1", "--store", "x"}, "not with --nats"},
		{[]string{"count", "8", "--cluster", "--creds", "x.creds"}, "--creds is for a NATS server given by --nats"},
		{[]string{"count", "8", "--cluster", "--algo", "nosuch"}, "unknown algorithm"},
		{[]string{"count", "8", "--cluster", "--listen", "0.0.0.0:0"}, "needs --token"},
		{[]string{"count", "8", "--cluster", "--listen", "nonsense"}, "bad listen address \"nonsense\": it must be HOST:PORT"},
		{[]string{"count", "8", "--cluster", "--replicas", "2"}, "--replicas must be 1, 3 or 5, got 2"},
		{[]string{"count", "8", "--cluster", "--replicas", "3"}, "--replicas 3 needs --nats"},
		{[]string{"count", "8", "--replicas", "3"}, "--replicas needs --cluster"},
		{[]string{"count", "8", "--shard", "3/3"}, "bad shard"},
		{[]string{"count", "8", "--shard", "x"}, "bad shard"},
		{[]string{"count", "8", "--shard", "0/2", "-o", filepath.Join(part, "no", "such")}, "cannot write"},
		{[]string{"worker", "--workers", "-1"}, "--workers must be"},
		{[]string{"worker", "extra"}, "unknown command"},
		{[]string{"merge"}, "merge takes the part files"},
		{[]string{"merge", filepath.Join(t.TempDir(), "none.json")}, "no such file"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Setenv("JOB_COMPLETION_INDEX", "")
			t.Setenv("SLURM_ARRAY_TASK_ID", "")
			runCLI(ctx, nil, tc.args...).wantError(t, exitUsage, tc.want)
		})
	}
	if _, err := os.Stat(part); err == nil {
		t.Errorf("a refused command left %s behind", part)
	}
}

func TestShardMergeCLI(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	local := runCLI(ctx, nil, "count", "12", "--quiet")
	local.wantExit(t, exitOK)
	var parts []string
	for i, shardFlag := range []string{"0/3", "1/3", "3"} {
		// The last shard takes its index from the scheduler.
		t.Setenv("JOB_COMPLETION_INDEX", "")
		t.Setenv("SLURM_ARRAY_TASK_ID", "")
		if shardFlag == "3" {
			t.Setenv("SLURM_ARRAY_TASK_ID", "2")
		}
		part := filepath.Join(dir, "part-"+string(rune('0'+i))+".json")
		runCLI(ctx, nil, "count", "12", "--shard", shardFlag, "-o", part, "--quiet").wantExit(t, exitOK)
		parts = append(parts, part)
	}
	r := runCLI(ctx, nil, append([]string{"merge"}, parts...)...)
	r.wantExit(t, exitOK)
	// The same count and nodes as a local count; the time differs.
	if got, want := strings.Join(strings.Split(r.stdout, "\n")[:2], "\n"), strings.Join(strings.Split(local.stdout, "\n")[:2], "\n"); got != want {
		t.Errorf("merge: %q, local count: %q", got, want)
	}
	// An identical duplicate is fine.
	runCLI(ctx, nil, "merge", parts[0], parts[1], parts[2], parts[1]).wantExit(t, exitOK)

	runCLI(ctx, nil, "merge", parts[0], parts[2]).wantError(t, exitUsage, "missing shards: 1/3")

	other := filepath.Join(dir, "other.json")
	runCLI(ctx, nil, "count", "11", "--shard", "1/3", "-o", other, "--quiet").wantExit(t, exitOK)
	runCLI(ctx, nil, "merge", parts[0], other, parts[2]).wantError(t, exitUsage, "parts of different counts")

	// A part changed after it was written: its checksum no longer fits.
	data, err := os.ReadFile(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	changed := filepath.Join(dir, "changed.json")
	if err := os.WriteFile(changed, []byte(strings.Replace(string(data), `"total": `, `"total": 9`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	runCLI(ctx, nil, "merge", parts[0], changed, parts[2]).wantError(t, exitUsage, "checksum")

	// A part read from standard input, once.
	r = runCLI(ctx, strings.NewReader(string(data)), "merge", parts[0], "-", parts[2])
	r.wantExit(t, exitOK)
	if got, want := clusterFirstLine(r.stdout), clusterFirstLine(local.stdout); got != want {
		t.Errorf("merge with - : %q, want %q", got, want)
	}
	runCLI(ctx, strings.NewReader(string(data)), "merge", "-", "-").wantError(t, exitUsage, "give - only once")
	runCLI(ctx, strings.NewReader("{}"), "merge", parts[0], "-").wantError(t, exitUsage, "standard input: not a valid part file")

	// The elapsed time is informational: changing it breaks nothing.
	slower := filepath.Join(dir, "slower.json")
	os.WriteFile(slower, regexp.MustCompile(`"elapsed_ms": [0-9.]+`).ReplaceAll(data, []byte(`"elapsed_ms": 123456`)), 0o644)
	runCLI(ctx, nil, "merge", parts[0], slower, parts[2]).wantExit(t, exitOK)

	// Without -o, the part goes to standard output.
	r = runCLI(ctx, nil, "count", "8", "--shard", "0/1")
	r.wantExit(t, exitOK)
	if !strings.Contains(r.stdout, `"format": "queens-part"`) {
		t.Errorf("%s\nwant a part file on stdout", r)
	}
}

// TestClusterStoreInUse starts a second coordinator on the store of a
// running one: it is refused, with a hint that fits.
func TestClusterStoreInUse(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan cliRun, 1)
	go func() {
		done <- runCLI(ctx, nil, "count", "12", "--cluster", "--workers", "0", "--listen", "127.0.0.1:0", "--store", store, "--quiet")
	}()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(procDeadline):
			t.Errorf("the coordinator did not stop within %v of its cancellation", procDeadline)
		}
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(store, "jetstream")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first coordinator did not set up its store")
		}
	}
	r := runCLI(context.Background(), nil, "count", "12", "--cluster", "--workers", "0", "--listen", "127.0.0.1:0", "--store", store, "--quiet")
	r.wantError(t, exitUsage, "store is in use by another coordinator")
	r.wantHint(t, "uses this --store")
}

// TestClusterListenHints checks that a bad --listen gets a hint about the
// address, not about another coordinator.
func TestClusterListenHints(t *testing.T) {
	for _, listen := range []string{"nonsense", "127.0.0.1:99999", "127.0.0.1:x"} {
		r := runCLI(context.Background(), nil, "count", "8", "--cluster", "--listen", listen)
		r.wantError(t, exitUsage, "bad listen address")
		r.wantHint(t, "try --listen 127.0.0.1:4222")
	}
}

// TestClusterJoinLine starts a coordinator on every interface: the line
// for the workers names an address of this machine and the token.
func TestClusterJoinLine(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	r := runCLI(ctx, nil, "count", "12", "--cluster", "--workers", "0", "--listen", "0.0.0.0:0", "--token", "s3cret", "--quiet")
	_, line, ok := strings.Cut(r.stderr, "workers join with: ")
	line, _, _ = strings.Cut(line, "\n")
	if !ok || strings.Contains(line, "0.0.0.0") || !strings.Contains(line, "--token TOKEN") || strings.Contains(r.stderr, "s3cret") {
		t.Errorf("%s\nwant a join line with an address of this machine and the token flag, without the token", r)
	}
}

func TestWorkSummary(t *testing.T) {
	st := cluster.WorkStats{Counted: 843, Skipped: 1, Duplicates: 2, Rejected: 3, Conflicts: 4}
	got := workSummary(nil, st)
	if want := "units counted: 843; already counted: 1; repeats: 2; rejected messages: 3; conflicts: 4"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got = workSummary(message.NewPrinter(message.Chinese), st)
	if want := "已计算单元：843；此前已计算：1；重复：2；被拒绝的消息：3；冲突：4"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
