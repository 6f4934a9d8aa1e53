package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/testenv"
)

// solveRun runs the command line and returns what it printed and its exit
// code.
func solveRun(t *testing.T, ctx context.Context, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(ctx, args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), code
}

// parseColsLine reads one line of columns counted from base.
func parseColsLine(t *testing.T, line string, base int) queens.Solution {
	t.Helper()
	fields := strings.Fields(line)
	s := make(queens.Solution, len(fields))
	for i, f := range fields {
		c, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("column %d of the output is %q", i+1, f)
		}
		s[i] = c - base
	}
	return s
}

func TestSolveFirst(t *testing.T) {
	ctx := context.Background()
	out, errOut, code := solveRun(t, ctx, "solve", "8", "--format", "cols")
	if code != 0 || out != "1 5 8 6 3 7 2 4\n" || errOut != "" {
		t.Errorf("solve 8 --format cols = %q, %q, exit %d; want 1 5 8 6 3 7 2 4", out, errOut, code)
	}
	out, _, code = solveRun(t, ctx, "solve", "8", "--format", "cols", "--base", "0")
	if code != 0 || out != "0 4 7 5 2 6 1 3\n" {
		t.Errorf("solve 8 --base 0 = %q, exit %d", out, code)
	}
	// The default format up to N = 64 is the board: one queen a row.
	out, _, code = solveRun(t, ctx, "solve", "8")
	if code != 0 {
		t.Fatalf("solve 8: exit %d", code)
	}
	var cols []int
	for _, line := range strings.Split(out, "\n") {
		if strings.Count(line, "Q") == 1 && strings.Count(line, ".") == 7 {
			cols = append(cols, strings.Count(line[:strings.Index(line, "Q")], ".")+1)
		}
	}
	if !slices.Equal(cols, []int{1, 5, 8, 6, 3, 7, 2, 4}) {
		t.Errorf("solve 8 printed the board\n%s\nwith queens in columns %v", out, cols)
	}
}

func TestSolveFormats(t *testing.T) {
	ctx := context.Background()
	for _, name := range format.Names() {
		out, errOut, code := solveRun(t, ctx, "solve", "8", "--with", "b4,d5", "--format", name)
		if code != 0 || out == "" || errOut != "" {
			t.Errorf("solve 8 --format %s = %q, %q, exit %d", name, out, errOut, code)
		}
	}
	// FEN lists rank 8 first: the queen on b4 is on the fifth rank listed,
	// the one on d5 on the fourth.
	out, _, _ := solveRun(t, ctx, "solve", "8", "--with", "b4,d5", "--format", "fen")
	ranks := strings.Split(strings.Fields(out)[0], "/")
	if len(ranks) != 8 || ranks[4] != "1Q6" || ranks[3] != "3Q4" {
		t.Errorf("solve 8 --with b4,d5 --format fen = %q: want 1Q6 on rank 4 and 3Q4 on rank 5", out)
	}
	out, _, _ = solveRun(t, ctx, "solve", "8", "--with", "b4,d5", "--format", "json")
	if !strings.Contains(out, `"cols":[4,0,7,3,1,6,2,5]`) {
		t.Errorf("solve 8 --with b4,d5 --format json = %q", out)
	}
	_, errOut, code := solveRun(t, ctx, "solve", "9", "--format", "fen")
	if code != exitUsage || !strings.Contains(errOut, "8×8") {
		t.Errorf("solve 9 --format fen: exit %d, %q; want exit 2", code, errOut)
	}
}

func TestSolveNoSolution(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "2"}, {"solve", "3"},
		{"solve", "3", "--method", "construct"},
		{"solve", "2", "--method", "random", "--seed", "1"},
	} {
		out, errOut, code := solveRun(t, context.Background(), args...)
		if code != 1 || out != "" || !strings.Contains(errOut, "no solution") {
			t.Errorf("%v = %q, %q, exit %d; want no solution, exit 1", args, out, errOut, code)
		}
	}
}

func TestSolveMethods(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{1, 4, 5, 8, 33, 64, 65, 100, 1001} {
		for _, m := range []string{"construct", "random"} {
			args := []string{"solve", strconv.Itoa(n), "--method", m, "--format", "cols"}
			if m == "random" {
				args = append(args, "--seed", "5")
			}
			out, errOut, code := solveRun(t, ctx, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d, %s", args, code, errOut)
			}
			s := parseColsLine(t, out, 1)
			if len(s) != n || s.Validate() != nil {
				t.Fatalf("%v printed %q: %v", args, out, s.Validate())
			}
			if m == "construct" {
				want, _ := queens.Construct(n)
				if !slices.Equal(s, want) {
					t.Errorf("%v = %v, want %v", args, s, want)
				}
			}
		}
	}
	// Above N = 32 the default is the construction, above 64 in cols.
	out, _, code := solveRun(t, ctx, "solve", "65")
	want, _ := queens.Construct(65)
	if got := parseColsLine(t, out, 1); code != 0 || !slices.Equal(got, want) {
		t.Errorf("solve 65 = %q, exit %d; want the construction as cols", out, code)
	}
	out, _, _ = solveRun(t, ctx, "solve", "40")
	if strings.Count(out, "Q") != 40 {
		t.Errorf("solve 40 should print a board, got %q", out)
	}
}

func TestSolveRandomSeed(t *testing.T) {
	ctx := context.Background()
	a, _, _ := solveRun(t, ctx, "solve", "200", "--method", "random", "--seed", "11")
	b, _, _ := solveRun(t, ctx, "solve", "200", "--method", "random", "--seed", "11")
	c, _, _ := solveRun(t, ctx, "solve", "200", "--method", "random", "--seed", "12")
	if a != b || a == c {
		t.Errorf("seed 11 twice gave different solutions, or seed 12 the same")
	}
	out, errOut, code := solveRun(t, ctx, "solve", "200", "--method", "random")
	if code != 0 || !strings.Contains(errOut, "--seed ") {
		t.Fatalf("random without a seed: exit %d, stderr %q; want the seed on stderr", code, errOut)
	}
	seed := strings.Fields(errOut[strings.LastIndex(errOut, "--seed ")+len("--seed "):])[0]
	seed = strings.TrimSuffix(seed, ")")
	again, _, _ := solveRun(t, ctx, "solve", "200", "--method", "random", "--seed", seed)
	if again != out {
		t.Errorf("--seed %s did not repeat the run that printed it", seed)
	}
}

func TestSolveWith(t *testing.T) {
	ctx := context.Background()
	out, errOut, code := solveRun(t, ctx, "solve", "8", "--with", "b4,d5", "--count")
	if code != 0 || out != "2\n" {
		t.Errorf("Nauck's count = %q, %q, exit %d; want 2", out, errOut, code)
	}
	out, _, code = solveRun(t, ctx, "solve", "8", "--with", "b4,d5", "--format", "cols")
	s := parseColsLine(t, out, 1)
	if code != 0 || s.Validate() != nil || s[4] != 1 || s[3] != 3 {
		t.Errorf("completion of b4,d5 = %q, exit %d", out, code)
	}
	out, errOut, code = solveRun(t, ctx, "solve", "8", "--with", "a8,c7")
	if code != 1 || out != "" || !strings.Contains(errOut, "no completion exists") || !strings.Contains(errOut, "a8, c7") {
		t.Errorf("a8,c7 = %q, %q, exit %d; want no completion exists, exit 1", out, errOut, code)
	}
	out, _, code = solveRun(t, ctx, "solve", "8", "--count")
	if code != 0 || out != "92\n" {
		t.Errorf("solve 8 --count = %q, exit %d; want 92", out, code)
	}
	// row:col pairs on a board too big for chess names, exhaustive and not.
	for _, n := range []string{"30", "500"} {
		out, errOut, code = solveRun(t, ctx, "solve", n, "--with", "1:1, 2:3 30:29", "--format", "cols")
		s = parseColsLine(t, out, 1)
		if code != 0 || s.Validate() != nil || s[0] != 0 || s[1] != 2 || s[29] != 28 {
			t.Errorf("solve %s --with 1:1,2:3,30:29 = %q, %q, exit %d", n, out, errOut, code)
		}
	}
}

func TestSolveTimeout(t *testing.T) {
	// Every square of row 0 attacked by queens below it: above N = 64 the
	// local search cannot prove that there is no completion.
	const n = 66
	var pinned []string
	attacked := make([]bool, n)
	var used []queens.Square
	for r := 1; r < n; r++ {
		best, gain := -1, 0
		for c := range n {
			if queens.CheckPresets(n, append(used, queens.Square{Row: r, Col: c})) != nil {
				continue
			}
			g := 0
			for _, x := range []int{c, c - r, c + r} {
				if x >= 0 && x < n && !attacked[x] {
					g++
				}
			}
			if g > gain {
				best, gain = c, g
			}
		}
		if best < 0 {
			continue
		}
		used = append(used, queens.Square{Row: r, Col: best})
		pinned = append(pinned, queens.Square{Row: r, Col: best}.String())
		for _, x := range []int{best, best - r, best + r} {
			if x >= 0 && x < n {
				attacked[x] = true
			}
		}
	}
	if slices.Contains(attacked, false) {
		t.Fatal("row 0 not blocked")
	}
	out, errOut, code := solveRun(t, context.Background(), "solve", strconv.Itoa(n), "--with", strings.Join(pinned, ","), "--timeout", "100ms")
	if code != exitUndecided || out != "" || !strings.Contains(errOut, "cannot prove") {
		t.Errorf("blocked row 0: %q, %q, exit %d; want undecided, exit %d", out, errOut, code, exitUndecided)
	}
}

func TestSolveBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error message
	}{
		{[]string{"solve"}, "one board size"},
		{[]string{"solve", "abc"}, "whole number"},
		{[]string{"solve", "0"}, "whole number"},
		{[]string{"solve", "-3"}, ""},
		{[]string{"solve", "2000000000"}, "whole number"},
		{[]string{"solve", "8", "9"}, "one board size"},
		{[]string{"solve", "8", "--method", "bogo"}, "unknown method"},
		{[]string{"solve", "33", "--method", "dfs"}, "up to N = 32"},
		{[]string{"solve", "8", "--seed", "3"}, "--seed needs --method random"},
		{[]string{"solve", "8", "--with", "a1,a2"}, "a1 and a2"},
		{[]string{"solve", "8", "--with", "b4,b4"}, "twice"},
		{[]string{"solve", "8", "--with", "i9"}, "off the 8×8 board"},
		{[]string{"solve", "8", "--with", "x"}, `"x"`},
		{[]string{"solve", "27", "--with", "a1"}, "row:col"},
		{[]string{"solve", "8", "--with", "b4", "--method", "dfs"}, "cannot be combined"},
		{[]string{"solve", "21", "--count"}, "up to N = 20"},
		{[]string{"solve", "8", "--count", "--format", "cols"}, "--count prints a number"},
		{[]string{"solve", "8", "--count", "--method", "dfs"}, "cannot be combined"},
		{[]string{"solve", "8", "--base", "2"}, "--base"},
		{[]string{"solve", "8", "--format", "nope"}, "nope"},
		{[]string{"solve", "2000", "--format", "board"}, "N²"},
		{[]string{"solve", "8", "--timeout", "-1s"}, "--timeout"},
		{[]string{"solve", "8", "--timeout", "soon"}, ""},
		{[]string{"solve", "8", "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "f")}, ""},
	} {
		out, errOut, code := solveRun(t, context.Background(), tc.args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != exitUsage || out != "" || !strings.HasPrefix(lines[0], "queens: error: ") || !strings.Contains(lines[0], tc.want) {
			t.Errorf("%v = %q, %q, exit %d; want exit 2 and an error about %q", tc.args, out, errOut, code, tc.want)
		}
		if len(lines) > 2 || len(lines) == 2 && !strings.HasPrefix(lines[1], "queens: hint: ") {
			t.Errorf("%v: stderr %q is not one error line and an optional hint", tc.args, errOut)
		}
	}
}

func TestSolveOutputFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "solution.txt")
	out, errOut, code := solveRun(t, context.Background(), "solve", "1000", "-o", path)
	if code != 0 || out != "" {
		t.Fatalf("solve 1000 -o: %q, %q, exit %d", out, errOut, code)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := parseColsLine(t, string(data), 1); len(s) != 1000 || s.Validate() != nil {
		t.Errorf("the file holds no 1000-queen solution: %v", s.Validate())
	}
	// An interrupted search leaves the old file as it was, and no other.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, errOut, code = solveRun(t, ctx, "solve", "100000", "--method", "random", "--seed", "1", "-o", path)
	if code != exitInterrupted {
		t.Errorf("interrupted solve: exit %d, %q; want %d", code, errOut, exitInterrupted)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
		t.Error("an interrupted solve changed the output file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d files, want only the result", len(entries))
	}
}

func TestSolveGolden(t *testing.T) {
	for name, args := range map[string][]string{
		"solve-8":             {"solve", "8"},
		"solve-8-cols":        {"solve", "8", "--format", "cols"},
		"solve-3":             {"solve", "3"},
		"solve-40-construct":  {"solve", "40", "--method", "construct", "--format", "cols"},
		"solve-20-random":     {"solve", "20", "--method", "random", "--seed", "1", "--format", "cols"},
		"solve-nauck":         {"solve", "8", "--with", "b4,d5"},
		"solve-nauck-count":   {"solve", "8", "--with", "b4,d5", "--count"},
		"solve-no-completion": {"solve", "8", "--with", "a8,c7"},
		"solve-attack":        {"solve", "8", "--with", "a1,a2"},
		"solve-off-board":     {"solve", "8", "--with", "b4,i9"},
		"solve-help":          {"solve", "--help"},
	} {
		t.Run(name, func(t *testing.T) {
			golden(t, name, runCLI(context.Background(), nil, args...).String())
		})
	}
}

// TestSolveVerify feeds the output of solve, in every format that verify
// reads, to verify.
func TestSolveVerify(t *testing.T) {
	ctx := context.Background()
	for _, name := range format.Names() {
		if name == "svg" {
			continue // a picture, not read back
		}
		n := "12"
		if name == "fen" {
			n = "8"
		}
		for _, args := range [][]string{
			{"solve", "8", "--with", "b4,d5", "--format", name},
			{"solve", n, "--method", "random", "--seed", "3", "--format", name},
		} {
			sol := runCLI(ctx, nil, args...)
			sol.wantExit(t, 0)
			ver := runCLI(ctx, strings.NewReader(sol.stdout), "verify")
			if ver.code != 0 {
				t.Errorf("%v | queens verify: exit %d, %s", args, ver.code, ver.stderr)
			}
		}
	}
	if !testenv.Slow() {
		return
	}
	path := filepath.Join(t.TempDir(), "m.txt")
	runCLI(ctx, nil, "solve", "1000000", "-o", path).wantExit(t, 0)
	runCLI(ctx, nil, "verify", path).wantExit(t, 0)
}

// TestSolveListFlagsAddUp reads repeated --with, --block and --exclude
// flags as one list each, and an empty one as a list of nothing.
func TestSolveListFlagsAddUp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "8", "--with=b4", "--with=d5", "--count"}, "2\n"},
		{[]string{"solve", "8", "--with=b4,d5", "--count"}, "2\n"},
		{[]string{"solve", "8", "--block", "a1", "--block", "h8", "--exclude", "sum:7", "--count"}, "28\n"},
		{[]string{"solve", "8", "--block", "a1,h8", "--exclude", "sum:7", "--count"}, "28\n"},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		if r.code != 0 || r.stdout != tc.want {
			t.Errorf("%v: %s\nwant %q", tc.args, r, tc.want)
		}
	}
	// An empty list is a list of nothing, for every list flag alike.
	for _, flag := range []string{"--with", "--block", "--exclude"} {
		r := runCLI(t.Context(), nil, "solve", "8", flag, "", "--count")
		if r.code != 0 || r.stdout != "92\n" {
			t.Errorf("solve 8 %s \"\" --count: %s\nwant 92", flag, r)
		}
	}
}
