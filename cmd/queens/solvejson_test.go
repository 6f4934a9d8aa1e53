package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/queens"
)

// solveJSON runs solve with args and --json, and decodes its one line of
// output.
func solveJSON(t *testing.T, args ...string) (map[string]any, int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append(append([]string{"solve"}, args...), "--json"), strings.NewReader(""), &out, &errOut)
	if code == exitUsage {
		return nil, code, errOut.String()
	}
	if strings.Count(out.String(), "\n") != 1 {
		t.Fatalf("solve %v --json wrote %q, want one line", args, out.String())
	}
	var r map[string]any
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("solve %v --json: %v in %q", args, err, out.String())
	}
	return r, code, errOut.String()
}

// cols returns the columns of a report as a solution.
func cols(t *testing.T, r map[string]any) queens.Solution {
	t.Helper()
	raw, ok := r["cols"].([]any)
	if !ok {
		t.Fatalf("no cols in %v", r)
	}
	s := make(queens.Solution, len(raw))
	for i, c := range raw {
		s[i] = int(c.(float64))
	}
	return s
}

func TestSolveJSON(t *testing.T) {
	r, code, _ := solveJSON(t, "8")
	if code != 0 || r["result"] != "solution" || r["method"] != "dfs" || r["n"] != 8.0 {
		t.Errorf("solve 8: exit %d, %v", code, r)
	}
	if got := cols(t, r); got.String() != "1 5 8 6 3 7 2 4" {
		t.Errorf("solve 8: cols %v, want the first solution", got)
	}
	if _, ok := r["elapsed_ms"].(float64); !ok {
		t.Errorf("solve 8: no elapsed_ms in %v", r)
	}

	r, code, _ = solveJSON(t, "8", "--with", "b4,d5")
	in := queens.Instance{N: 8, Queens: []queens.Square{{Row: 4, Col: 1}, {Row: 3, Col: 3}}}
	if code != 0 || r["method"] != "complete" || in.Validate(cols(t, r)) != nil {
		t.Errorf("solve 8 --with b4,d5: exit %d, %v", code, r)
	}
	if q := r["instance"].(map[string]any)["queens"].([]any); len(q) != 2 {
		t.Errorf("solve 8 --with b4,d5: instance %v", r["instance"])
	}

	r, code, _ = solveJSON(t, "8", "--with", "b4,d5", "--count")
	if code != 0 || r["result"] != "count" || r["count"] != 2.0 {
		t.Errorf("solve 8 --with b4,d5 --count: exit %d, %v", code, r)
	}

	r, code, stderr := solveJSON(t, "8", "--with", "a8,c7")
	if code != exitNo || r["result"] != "none" || r["cols"] != nil || !strings.Contains(stderr, "no completion exists") {
		t.Errorf("solve 8 --with a8,c7: exit %d, %v, %q", code, r, stderr)
	}

	r, code, _ = solveJSON(t, "8", "--block", "a1,h8", "--exclude", "sum:7", "--count", "--cross-check")
	if code != 0 || r["count"] != 28.0 || r["cross_checked"] != true {
		t.Errorf("solve 8 --block a1,h8 --exclude sum:7 --count --cross-check: exit %d, %v", code, r)
	}
	if ex := r["instance"].(map[string]any)["excluded"].([]any); len(ex) != 1 || ex[0] != "sum:7" {
		t.Errorf("excluded diagonals %v", r["instance"])
	}

	r, code, _ = solveJSON(t, "3", "--exclude", "sum:0")
	if code != exitNo || r["result"] != "none" {
		t.Errorf("solve 3 --exclude sum:0: exit %d, %v", code, r)
	}

	r, code, _ = solveJSON(t, "20", "--with", "1:1", "--count", "--timeout", "1ns")
	if code != exitUndecided || r["result"] != "undecided" {
		t.Errorf("solve 20 --with 1:1 --count --timeout 1ns: exit %d, %v", code, r)
	}

	r, code, _ = solveJSON(t, "1000", "--method", "random", "--seed", "5")
	if s := cols(t, r); code != 0 || r["seed"] != 5.0 || len(s) != 1000 || s.Validate() != nil {
		t.Errorf("solve 1000 --method random --seed 5: exit %d, seed %v, %d columns", code, r["seed"], len(s))
	}

	// The columns of a long solution stream out in chunks.
	r, code, _ = solveJSON(t, "100000")
	if s := cols(t, r); code != 0 || r["method"] != "construct" || len(s) != 100000 || s.Validate() != nil {
		t.Errorf("solve 100000: exit %d, %d columns", code, len(s))
	}
}

func TestSolveJSONFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"solve", "8", "--json", "-o", path}, strings.NewReader(""), &out, &errOut); code != 0 || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.HasPrefix(string(data), `{"n":8,"result":"solution"`) || !strings.HasSuffix(string(data), "]}\n") {
		t.Errorf("file %q, %v", data, err)
	}
}

func TestSolveJSONBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"8", "--all"},
		{"8", "--format", "cols"},
		{"8", "--glyphs", "x0"},
		{"8", "--exclude", "sum:7", "--base", "0"},
	} {
		_, code, stderr := solveJSON(t, args...)
		if code != exitUsage || strings.Count(stderr, "queens: error:") != 1 {
			t.Errorf("solve %v --json: exit %d, %q; want exit 2 and one error", args, code, stderr)
		}
	}
}
