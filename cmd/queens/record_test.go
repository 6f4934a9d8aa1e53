package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/queens"
)

// TestCountProgressJSON checks the JSON lines of --progress json: each a
// JSON object with the share done growing to 1, the last one at the end.
func TestCountProgressJSON(t *testing.T) {
	r := runCLI(context.Background(), nil, "count", "13", "--progress", "json", "--workers", "2")
	r.wantExit(t, exitOK)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	last := -1.0
	for _, l := range lines {
		var v struct {
			Elapsed  *float64 `json:"elapsed_s"`
			Fraction *float64 `json:"fraction"`
			ETA      *float64 `json:"eta_s"`
			Units    int      `json:"units"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.Elapsed == nil || v.Fraction == nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if *v.Fraction < last {
			t.Errorf("fraction went back from %g to %g", last, *v.Fraction)
		}
		last = *v.Fraction
	}
	if last != 1 || !strings.Contains(lines[len(lines)-1], `"eta_s":0`) {
		t.Errorf("last line %q, want fraction 1 and eta 0", lines[len(lines)-1])
	}
	if !strings.Contains(r.stdout, "73712 solutions") {
		t.Errorf("stdout %q", r.stdout)
	}
}

// TestCountRecount checks --recount: a count that agrees with its
// recount, and one whose checkpoint holds a wrong result for a unit,
// which the recount of every unit finds and names, with exit status 4.
func TestCountRecount(t *testing.T) {
	ctx := context.Background()
	r := runCLI(ctx, nil, "count", "12", "--recount", "10", "--json")
	r.wantExit(t, exitOK)
	if !strings.Contains(r.stdout, `"total":14200`) {
		t.Errorf("stdout %q", r.stdout)
	}
	path := filepath.Join(t.TempDir(), "c12.ckpt")
	p, err := queens.PlanOf(ctx, 12)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := queens.OpenCheckpoint(path, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := cp.Record(queens.UnitResult{Unit: 5, Total: 12345, Unique: 12345}); err != nil {
		t.Fatal(err)
	}
	if err := cp.Close(); err != nil {
		t.Fatal(err)
	}
	r = runCLI(ctx, nil, "count", "12", "--checkpoint", path, "--recount", "100", "--quiet")
	r.wantExit(t, exitMismatch)
	if !strings.Contains(r.stderr, "unit 5:") || !strings.Contains(r.stderr, "12345") {
		t.Errorf("stderr %q does not name unit 5 and its wrong total", r.stderr)
	}
	r = runCLI(ctx, nil, "count", "12", "--recount", "101")
	r.wantError(t, exitUsage, "--recount")
}

// TestCountEstimateJSON checks the JSON object of --estimate.
func TestCountEstimateJSON(t *testing.T) {
	for _, n := range []string{"8", "14"} {
		r := runCLI(context.Background(), nil, "count", n, "--estimate", "--json", "--workers", "2")
		r.wantExit(t, exitOK)
		var v map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
			t.Fatalf("N=%s: %q: %v", n, r.stdout, err)
		}
		for _, k := range []string{"core_s", "wall_s", "peak_bytes", "workers", "longest_unit_s"} {
			if x, ok := v[k].(float64); !ok || x <= 0 {
				t.Errorf("N=%s: %s is %v", n, k, v[k])
			}
		}
		if v["workers"] != 2.0 {
			t.Errorf("N=%s: workers %v", n, v["workers"])
		}
	}
}
