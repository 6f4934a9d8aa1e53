package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/instfile"
)

// plainCount counts the solutions of the instance by filtering every
// solution of the board.
func plainCount(t *testing.T, in queens.Instance) int {
	t.Helper()
	all, err := queens.Solutions(in.N)
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for s := range all {
		if in.Validate(s) == nil {
			count++
		}
	}
	return count
}

// allLines runs solve with --all --format cols and returns the solutions
// it printed, checking each against the instance.
func allLines(t *testing.T, in queens.Instance, args ...string) []queens.Solution {
	t.Helper()
	r := runCLI(context.Background(), nil, append(args, "--all", "--format", "cols")...)
	if r.code != 0 && r.code != 1 {
		t.Fatalf("%s", r)
	}
	var sols []queens.Solution
	for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		if line == "" {
			continue
		}
		s := parseColsLine(t, line, 1)
		if err := in.Validate(s); err != nil {
			t.Fatalf("%v printed %v: %v", args, s, err)
		}
		sols = append(sols, s)
	}
	return sols
}

func TestSolveInstanceFlags(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		args []string
		in   queens.Instance
	}{
		{[]string{"solve", "8", "--block", "a1,h8", "--exclude", "sum:7"},
			queens.Instance{N: 8, Blocked: []queens.Square{{Row: 7, Col: 0}, {Row: 0, Col: 7}}, Excluded: []queens.Diagonal{{Sum: true, K: 7}}}},
		{[]string{"solve", "8", "--exclude", "sum:3,diff:-2"},
			queens.Instance{N: 8, Excluded: []queens.Diagonal{{Sum: true, K: 3}, {K: -2}}}},
		{[]string{"solve", "9", "--block", "1:1,2:3,5:5", "--with", "d1"},
			queens.Instance{N: 9, Queens: []queens.Square{{Row: 8, Col: 3}}, Blocked: []queens.Square{{Row: 0, Col: 0}, {Row: 1, Col: 2}, {Row: 4, Col: 4}}}},
		{[]string{"solve", "6", "--exclude", "d:0 d:1 d:-1"},
			queens.Instance{N: 6, Excluded: []queens.Diagonal{{K: 0}, {K: 1}, {K: -1}}}},
		{[]string{"solve", "10", "--exclude", ""}, queens.Instance{N: 10}},
	} {
		want := plainCount(t, tc.in)
		r := runCLI(ctx, nil, append(tc.args, "--count")...)
		if r.code != countExit(want) || r.stdout != strconv.Itoa(want)+"\n" || r.stderr != "" {
			t.Errorf("%s\nwant the count %d, exit %d", r, want, countExit(want))
		}
		sols := allLines(t, tc.in, tc.args...)
		slices.SortFunc(sols, slices.Compare)
		if len(sols) != want || len(slices.CompactFunc(slices.Clone(sols), slices.Equal)) != want {
			t.Errorf("%v --all printed %d distinct solutions of %d lines, want %d", tc.args, len(slices.CompactFunc(slices.Clone(sols), slices.Equal)), len(sols), want)
		}
		r = runCLI(ctx, nil, append(tc.args, "--format", "cols")...)
		switch {
		case want == 0:
			r.wantError(t, 1, "no solution")
		case r.code != 0:
			t.Errorf("%s\nwant a solution", r)
		default:
			if err := tc.in.Validate(parseColsLine(t, r.stdout, 1)); err != nil {
				t.Errorf("%s\n%v", r, err)
			}
		}
	}
}

func TestSolveInstanceFile(t *testing.T) {
	ctx := context.Background()
	read := func(name string, d int) queens.Instance {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		in, err := instfile.Read(name, data, d)
		if err != nil {
			t.Fatal(err)
		}
		return in.Instance
	}
	for _, tc := range []struct {
		file string
		d    int
	}{
		{"blocked-10.param", -1}, {"diag-10.param", -1}, {"diag-10.param", 0},
		{"diag-10.param", 2}, {"diag-10.param", 3}, {"diag-10.param", 12},
	} {
		args := []string{"solve", "--instance", filepath.Join("testdata", tc.file)}
		if tc.d >= 0 {
			args = append(args, "--diagonals", strconv.Itoa(tc.d))
		}
		in := read(tc.file, tc.d)
		want := plainCount(t, in)
		r := runCLI(ctx, nil, append(args, "--count")...)
		if r.code != countExit(want) || r.stdout != strconv.Itoa(want)+"\n" || r.stderr != "" {
			t.Errorf("%s\nwant the count %d, exit %d", r, want, countExit(want))
		}
		if sols := allLines(t, in, args...); len(sols) != want {
			t.Errorf("%v --all printed %d solutions, want %d", args, len(sols), want)
		}
	}
	// Standard input, and flags that add to the file's instance.
	data, _ := os.ReadFile(filepath.Join("testdata", "blocked-10.param"))
	r := runCLI(ctx, strings.NewReader(string(data)), "solve", "--instance", "-", "--exclude", "sum:9", "--count")
	in := read("blocked-10.param", -1)
	in.Excluded = []queens.Diagonal{{Sum: true, K: 9}}
	if want := plainCount(t, in); r.code != 0 || r.stdout != strconv.Itoa(want)+"\n" {
		t.Errorf("%s\nwant the count %d", r, want)
	}
}

func TestSolveInstanceErrors(t *testing.T) {
	ctx := context.Background()
	bad := filepath.Join("testdata", "bad.param")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "--instance", bad}, 2, bad + ":3:6: want ',' or ']'"},
		{[]string{"convert", "--to", "dimacs", bad}, 2, bad + ":3:6:"},
		{[]string{"solve", "--instance", filepath.Join("testdata", "none.param")}, 2, "no such file"},
		{[]string{"solve", "8", "--instance", bad}, 2, "give no board size"},
		{[]string{"solve", "8", "--diagonals", "3"}, 2, "--diagonals needs --instance"},
		{[]string{"solve", "--instance", filepath.Join("testdata", "diag-10.param"), "--diagonals", "15"}, 2, "not 15"},
		{[]string{"solve", "--instance", filepath.Join("testdata", "blocked-10.param"), "--diagonals", "1"}, 2, "no diagonals"},
		{[]string{"solve", "8", "--exclude", "sum:15"}, 2, "--exclude: bad diagonal"},
		{[]string{"solve", "8", "--exclude", "up:3"}, 2, `"up:3"`},
		{[]string{"solve", "8", "--block", "i9"}, 2, "--block: bad square"},
		{[]string{"solve", "129", "--block", "1:1"}, 2, "up to N = 128"},
		{[]string{"solve", "8", "--block", "a1", "--count", "--all"}, 2, "cannot be combined"},
		{[]string{"solve", "8", "--block", "a1", "--method", "dfs"}, 2, "--method does not apply"},
		{[]string{"solve", "8", "--block", "a1", "--count", "--format", "cols"}, 2, "--count prints a number"},
		{[]string{"solve", "8", "--with", "a1", "--block", "a1"}, 2, "the preset queen on a1 stands on a blocked square"},
		{[]string{"solve", "3", "--block", "a1"}, 1, "no solution"},
		{[]string{"solve", "8", "--exclude", "sum:3", "--with", "a8,b7"}, 2, "attack each other"},
		{[]string{"solve", "--instance", filepath.Join("testdata", "diag-10.param"), "--diagonals", "9"}, 1, "no solution for the instance on the 10×10 board"},
		{[]string{"solve", "--instance", filepath.Join("testdata", "diag-10.param"), "--diagonals", "9", "--all"}, 1, "no solution"},
	} {
		runCLI(ctx, nil, tc.args...).wantError(t, tc.code, tc.want)
	}
}

func TestConvert(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	diag := filepath.Join("testdata", "diag-10.param")
	for _, d := range []string{"2", "3"} {
		want := runCLI(ctx, nil, "solve", "--instance", diag, "--diagonals", d, "--count")
		for _, to := range []string{"essence", "diags"} {
			out := filepath.Join(dir, to+d+".param")
			runCLI(ctx, nil, "convert", "--to", to, diag, "--diagonals", d, "-o", out).wantExit(t, 0)
			got := runCLI(ctx, nil, "solve", "--instance", out, "--count")
			if got.code != 0 || got.stdout != want.stdout {
				t.Errorf("%s\nthe %s file of %s diagonals counts %q, the original %q", got, to, d, got.stdout, want.stdout)
			}
		}
	}
	r := runCLI(ctx, nil, "convert", "--to", "dimacs", diag, "--diagonals", "3")
	r.wantExit(t, 0)
	if !strings.Contains(r.stdout, "\np cnf ") || !strings.HasSuffix(r.stdout, " 0\n") {
		t.Errorf("convert --to dimacs wrote\n%s", r.stdout)
	}
	for _, to := range []string{"lp", "mps"} {
		r := runCLI(ctx, nil, "convert", "--to", to, diag, "--diagonals", "3")
		r.wantExit(t, 0)
		if end := map[string]string{"lp": "\nEnd\n", "mps": "\nENDATA\n"}[to]; !strings.HasSuffix(r.stdout, end) {
			t.Errorf("convert --to %s wrote\n%s", to, r.stdout)
		}
	}
	runCLI(ctx, nil, "convert", "--to", "diags", filepath.Join("testdata", "blocked-10.param")).wantError(t, 2, "excluded diagonals only")
	runCLI(ctx, nil, "convert", diag).wantError(t, 2, "needs --to")
	runCLI(ctx, nil, "convert", "--to", "xml", diag).wantError(t, 2, `unknown format "xml"`)
	runCLI(ctx, nil, "convert", "--to", "dimacs").wantError(t, 2, "one instance file")
}

// TestConvertCBC checks that CBC, where it is installed, reads the LP and
// MPS files and finds a solution where queens does and none where it
// finds none.
func TestConvertCBC(t *testing.T) {
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("cbc not found")
	}
	ctx := context.Background()
	dir := t.TempDir()
	for _, c := range []struct{ file, d string }{{"diag-10.param", "3"}, {"diag-10.param", "9"}, {"blocked-10.param", "-1"}} {
		args := []string{filepath.Join("testdata", c.file)}
		if c.d != "-1" {
			args = append(args, "--diagonals", c.d)
		}
		want := runCLI(ctx, nil, append([]string{"solve", "--instance"}, args...)...).code
		for _, to := range []string{"lp", "mps"} {
			out := filepath.Join(dir, "x."+to)
			runCLI(ctx, nil, append([]string{"convert", "--to", to, "-o", out}, args...)...).wantExit(t, 0)
			sol := filepath.Join(dir, "x.sol")
			if err := exec.Command("cbc", out, "solve", "solu", sol).Run(); err != nil {
				t.Fatalf("cbc %s: %v", to, err)
			}
			data, err := os.ReadFile(sol)
			if err != nil {
				t.Fatal(err)
			}
			feasible := strings.HasPrefix(string(data), "Optimal")
			if feasible != (want == 0) || !feasible && !strings.HasPrefix(string(data), "Infeasible") {
				t.Errorf("%s %v: queens solve exits %d, cbc on the %s file says %q", c.file, c.d, want, to, strings.SplitN(string(data), "\n", 2)[0])
			}
		}
	}
}

// TestSolveInstanceTimeout checks that a search stopped by --timeout
// says it is undecided, exit 3, and claims no answer.
func TestSolveInstanceTimeout(t *testing.T) {
	ctx := context.Background()
	runCLI(ctx, nil, "solve", "18", "--exclude", "", "--count", "--timeout", "20ms").wantError(t, exitUndecided, "unfinished")
	runCLI(ctx, nil, "solve", "18", "--block", "1:1", "--all", "--format", "cols", "--timeout", "20ms", "-o", filepath.Join(t.TempDir(), "all.txt")).wantError(t, exitUndecided, "unfinished")
}

// TestSolveCrossCheck checks that --cross-check confirms counts and "no
// solution" answers by the dancing links, and says so on standard error.
func TestSolveCrossCheck(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		note   string
	}{
		{[]string{"solve", "8", "--block", "a1,h8", "--exclude", "sum:7", "--count", "--cross-check"}, 0, "28\n", "queens: cross-check: dancing links count 28 as well\n"},
		{[]string{"solve", "3", "--count", "--cross-check"}, 1, "0\n", "queens: cross-check: dancing links count 0 as well\n"},
		{[]string{"solve", "8", "--with", "a8,c7", "--cross-check"}, 1, "", "queens: cross-check: dancing links find no solution either\n"},
		{[]string{"solve", "4", "--exclude", "d:1,d:-1", "--cross-check", "--all"}, 1, "", "queens: cross-check: dancing links find no solution either\n"},
		{[]string{"solve", "8", "--exclude", "sum:3,diff:-2", "--cross-check", "--format", "cols"}, 0, "7 1 3 8 6 4 2 5\n", ""},
	} {
		r := runCLI(ctx, nil, tc.args...)
		if r.code != tc.code || r.stdout != tc.stdout || !strings.HasPrefix(r.stderr, tc.note) {
			t.Errorf("%s\nwant exit %d, stdout %q, stderr from %q", r, tc.code, tc.stdout, tc.note)
		}
	}
}

// TestSolveAny checks that --any prints a valid solution, or says there
// is none, and that it refuses --count and --all.
func TestSolveAny(t *testing.T) {
	ctx := context.Background()
	in := queens.Instance{N: 12, Blocked: []queens.Square{{Row: 0, Col: 0}, {Row: 5, Col: 6}, {Row: 11, Col: 11}}, Excluded: []queens.Diagonal{{Sum: true, K: 11}, {K: 0}, {K: 3}}}
	r := runCLI(ctx, nil, "solve", "12", "--block", "1:1,6:7,12:12", "--exclude", "sum:11,diff:0,diff:3", "--any", "--format", "cols")
	if r.code != 0 {
		t.Fatalf("%s\nwant exit 0", r)
	}
	var sol queens.Solution
	for _, f := range strings.Fields(r.stdout) {
		c, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s\nwant columns", r)
		}
		sol = append(sol, c-1)
	}
	if err := in.Validate(sol); err != nil {
		t.Fatalf("%s\n%v", r, err)
	}
	runCLI(ctx, nil, "solve", "3", "--any").wantError(t, 1, "no solution")
	runCLI(ctx, nil, "solve", "8", "--any", "--count").wantError(t, 2, "--any")
	runCLI(ctx, nil, "solve", "8", "--any", "--all").wantError(t, 2, "--any")
}

// countExit is the exit code of 'solve --count' that counts want: 1, the
// definite no, for none.
func countExit(want int) int {
	if want == 0 {
		return exitNo
	}
	return exitOK
}
