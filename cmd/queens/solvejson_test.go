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

// TestSolveJSONDecidedBy checks that a "none" says what decided it: the
// search on a small board, the linear relaxation on a board of the
// Excluded Diagonals generator (37 4 2, its first 36 diagonals) that the
// search alone leaves undecided for a minute.
func TestSolveJSONDecidedBy(t *testing.T) {
	r, code, _ := solveJSON(t, "3", "--block", "a1")
	if code != exitNo || r["result"] != "none" || r["decided_by"] != "search" {
		t.Errorf("solve 3 --block a1: exit %d, %v", code, r)
	}
	path := filepath.Join(t.TempDir(), "diag-37.param")
	const diags = "n = 37\nnumdiags = 36\ndiags = [[59, 0], [44, 0], [58, 0], [62, 0], [7, 1], [28, 0], [11, 1], [10, 1], [46, 1], [41, 0], " +
		"[21, 1], [39, 1], [21, 0], [32, 1], [27, 1], [34, 0], [4, 1], [61, 0], [39, 0], [20, 1], [19, 0], [64, 0], [65, 1], [51, 0], " +
		"[40, 1], [25, 1], [51, 1], [45, 0], [69, 1], [55, 1], [66, 1], [23, 1], [53, 0], [32, 0], [35, 0], [34, 1]]\n"
	if err := os.WriteFile(path, []byte(diags), 0o644); err != nil {
		t.Fatal(err)
	}
	r, code, _ = solveJSON(t, "--instance", path, "--any", "--timeout", "60s")
	if code != exitNo || r["result"] != "none" || r["decided_by"] != "relaxation" {
		t.Errorf("solve --instance %s: exit %d, %v", path, code, r)
	}
	r, code, _ = solveJSON(t, "8")
	if _, ok := r["decided_by"]; code != 0 || ok {
		t.Errorf("solve 8: exit %d, %v: decided_by with a solution", code, r)
	}
}
