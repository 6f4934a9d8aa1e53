package main

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/queenslab/queens"
)

func TestBenchTable(t *testing.T) {
	r := runCLI(t.Context(), nil, "bench", "6", "--algo", "scan,flags,scan", "--runs", "3")
	r.wantExit(t, 0)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != 5 || lines[0] != "N=6: median time of the runs after a warm-up, one goroutine each" || lines[1] != "" {
		t.Fatalf("unexpected table:\n%s", r.stdout)
	}
	header := regexp.MustCompile(`^algorithm +solutions +nodes +checks +work +unit +runs +time +ns/node +speed$`)
	row := regexp.MustCompile(`^(scan|flags) +4 +(\d+) +(\d+) +(\d+) +([a-z ]+?) +3 +\d+\.\d{3} ms +\d+\.\d +\d+\.\d×$`)
	if !header.MatchString(lines[2]) {
		t.Errorf("header %q", lines[2])
	}
	// scan and flags try the same squares, but pay for them in units of
	// their own: 2016 comparisons against 1485 array reads.
	var tried, work []string
	for i, line := range lines[3:] {
		m := row.FindStringSubmatch(line)
		if m == nil || m[1] != []string{"scan", "flags"}[i] {
			t.Errorf("row %q", line)
			continue
		}
		tried = append(tried, m[2]+" "+m[3])
		work = append(work, m[4]+" "+m[5])
	}
	if len(tried) == 2 && tried[0] != tried[1] {
		t.Errorf("scan and flags try different squares: %q", tried)
	}
	if len(work) == 2 && (work[0] != "2016 comparisons" || work[1] != "1485 array reads") {
		t.Errorf("scan and flags work %q, want 2016 comparisons and 1485 array reads", work)
	}
	width := utf8.RuneCountInString
	if width(lines[2]) != width(lines[3]) || width(lines[3]) != width(lines[4]) {
		t.Errorf("columns not aligned:\n%s", r.stdout)
	}
}

func TestBenchJSON(t *testing.T) {
	r := runCLI(t.Context(), nil, "bench", "8", "--json", "--runs", "2")
	r.wantExit(t, 0)
	var rep benchReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v in %q", err, r.stdout)
	}
	var names []string
	for _, a := range queens.Algorithms() {
		names = append(names, a.Name)
	}
	var got []string
	slowest := false
	for _, res := range rep.Results {
		got = append(got, res.Algorithm)
		if res.Solutions != 92 || res.Runs != 2 || res.MedianNs <= 0 || res.Speed < 1 {
			t.Errorf("result %+v", res)
		}
		if res.Algorithm != "permute" && res.Nodes != 2056 {
			t.Errorf("%s placed %d queens, want 2056", res.Algorithm, res.Nodes)
		}
		slowest = slowest || res.Speed == 1
		a, _ := queens.LookupAlgorithm(res.Algorithm)
		st, _ := a.Search(t.Context(), 8, nil)
		if res.Work != st.Work || res.Work == 0 || res.WorkUnit != a.WorkUnit {
			t.Errorf("%s: work %d %s, want %d %s", res.Algorithm, res.Work, res.WorkUnit, st.Work, a.WorkUnit)
		}
	}
	if rep.N != 8 || !slices.Equal(got, names) || !slowest {
		t.Errorf("report for N=%d of %q, slowest marked %v; want N=8, %q", rep.N, got, slowest, names)
	}
}

func TestBenchRefuses(t *testing.T) {
	r := runCLI(t.Context(), nil, "bench", "13", "--algo", "permute")
	r.wantError(t, exitUsage, "permute is too slow for N=13")
	if !strings.Contains(r.stderr, "--force") {
		t.Errorf("no hint about --force: %q", r.stderr)
	}
	// With --algo all, the slow ones are left out, and a hint says so
	// before the timing starts (here, to be interrupted at once).
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r = runCLI(ctx, nil, "bench", "11", "--algo", "all")
	r.wantExit(t, exitInterrupted)
	if r.stderr != "queens: hint: left out, too slow for N=11: permute (up to N=10); --force runs them\nqueens: interrupted\n" {
		t.Errorf("no hint about permute: %q", r.stderr)
	}
	// --force runs it: it gets as far as the interruption.
	ctx, cancel = context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	r = runCLI(ctx, nil, "bench", "13", "--algo", "permute", "--force")
	r.wantExit(t, exitInterrupted)
}

func TestBenchBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench"}, "one board size"},
		{[]string{"bench", "x"}, `got "x"`},
		{[]string{"bench", "8", "--algo", "flags,nope"}, `unknown algorithm "nope"`},
		{[]string{"bench", "8", "--algo", ""}, `unknown algorithm ""`},
		{[]string{"bench", "8", "--runs", "0"}, "--runs"},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantError(t, exitUsage, tc.want)
	}
	r := runCLI(t.Context(), nil, "bench", "8", "--algo", "nope")
	if !strings.Contains(r.stderr, "queens: hint: known algorithms: all, permute,") {
		t.Errorf("no list of the algorithms: %q", r.stderr)
	}
}

func TestBenchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r := runCLI(ctx, nil, "bench", "8")
	r.wantExit(t, exitInterrupted)
	if r.stdout != "" {
		t.Errorf("stdout %q", r.stdout)
	}
}
