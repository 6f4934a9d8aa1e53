package main

// The programs of the tutorials queens grew from, each with the command
// that prints what it prints, line for line. The expected output of each
// is a golden file under testdata/seeds, written from the tutorial's own
// code: every program is ported in seedports_test.go, its printing
// statement by statement, its search as the tutorial makes it (row by
// row, or column by column), without the library. 'go test ./cmd/queens
// -run Seed -update' rewrites the golden files from the ports, never from
// queens.
//
// Where a program ends by printing its running time (seed 004's codes 1,
// 2, 3 and 6: "耗时【15豪秒】…"), that line is left out: it differs from
// run to run. Seed 004 code 5 leaves its last line without a line end;
// queens ends every line it writes, so its golden file ends with one.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedProgram is a program of a tutorial and the command that reproduces
// it.
type seedProgram struct {
	name string   // the subtest, and the golden file testdata/seeds/name.golden
	args []string // the queens command line
	port func() string
	// excerpts are lines the tutorial itself shows of the program's
	// output, or states in its text.
	excerpts []string
}

var seedPrograms = []seedProgram{
	{
		name: "000-1", args: []string{"list", "8", "--style", "000-1"}, port: seed000Method1,
		excerpts: []string{"x 0 0 0 0 0 0 0 ", "92"}, // "92種具體放法"
	},
	{name: "000-2", args: []string{"list", "8", "--style", "000-2"}, port: seed000Method2, excerpts: []string{"解答 92"}},
	{
		name: "000-3", args: []string{"list", "8", "--style", "000-3"}, port: seed000Method3,
		excerpts: []string{"1 5 8 6 3 7 2 4 ", "92"},
	},
	{name: "002", args: []string{"list", "8", "--style", "002"}, port: func() string { return seed002(8) }, excerpts: []string{"第1种情况", "共有92种摆放方法"}},
	{name: "003a", args: []string{"list", "4", "--style", "003a", "--limit", "1"}, port: seed003First},
	{name: "003b", args: []string{"list", "4", "--format", "solution"}, port: seed003All, excerpts: []string{"Solution: 1 3 0 2 "}},
	{name: "004-1", args: []string{"list", "8", "--style", "004-1"}, port: seed004Code1, excerpts: []string{"开始解决8皇后算法问题", "解答92 = 0,8,4,1,3,6,2,7,5,"}},
	{
		name: "004-2", args: []string{"list", "8", "--style", "004-2"}, port: seed004Code2,
		// The output the tutorial shows under the code.
		excerpts: []string{
			"方案1",
			"皇后1在1行1列、皇后2在2行5列、皇后3在3行8列、皇后4在4行6列、皇后5在5行3列、皇后6在6行7列、皇后7在7行2列、皇后8在8行4列、",
			"方案2",
			"皇后1在1行1列、皇后2在2行6列、皇后3在3行8列、皇后4在4行3列、皇后5在5行7列、皇后6在6行4列、皇后7在7行2列、皇后8在8行5列、",
			"方案92",
			"皇后1在1行8列、皇后2在2行4列、皇后3在3行1列、皇后4在4行3列、皇后5在5行6列、皇后6在6行2列、皇后7在7行7列、皇后8在8行5列、",
			"详细方案如上所示，可行个数为:92",
		},
	},
	{name: "004-3", args: []string{"list", "8", "--style", "004-3"}, port: seed004Code3, excerpts: []string{"以下是皇后在棋盘上的第92种方式的摆放"}},
	{name: "004-4", args: []string{"list", "8", "--style", "004-4"}, port: seed004Code4},
	{name: "004-5", args: []string{"list", "8", "--style", "004-5"}, port: seed004Code5, excerpts: []string{"皇后摆放第92种方案:"}},
	{name: "004-6", args: []string{"list", "8", "--style", "004-6"}, port: seed004Code6, excerpts: []string{"8皇后问题有92种摆放方法。"}},
}

// TestSeedGolden runs the command of every program of the tutorials and
// compares its output, line for line, with the golden file written from
// the program's code.
func TestSeedGolden(t *testing.T) {
	for _, p := range seedPrograms {
		t.Run(p.name, func(t *testing.T) {
			want := p.port()
			if !strings.HasSuffix(want, "\n") {
				want += "\n" // seed 004 code 5: queens ends its last line
			}
			path := filepath.Join("testdata", "seeds", p.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			golden, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run 'go test ./cmd/queens -run Seed -update' to write it from the port)", err)
			}
			if string(golden) != want {
				t.Fatalf("%s is not what the port of the program prints:\n%s", path, diffLines(want, string(golden)))
			}
			for _, line := range p.excerpts {
				if !strings.Contains("\n"+string(golden), "\n"+line+"\n") {
					t.Errorf("%s lacks the line %q that the tutorial shows", path, line)
				}
			}
			r := runCLI(t.Context(), nil, p.args...)
			r.wantExit(t, 0)
			if r.stdout != string(golden) || r.stderr != "" {
				t.Errorf("queens %s differs from %s:\n%s\nstderr: %q", strings.Join(p.args, " "), path, diffLines(string(golden), r.stdout), r.stderr)
			}
		})
	}
}

// TestSeedN compares the programs that take any N with their ports on
// other boards: seed 002's second program prints the 724 solutions of
// N = 10.
func TestSeedN(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "10", "--style", "002"}, seed002(10)},
		{[]string{"list", "6", "--format", "solution"}, seed003AllN(6)},
		{[]string{"list", "5", "--style", "003a", "--limit", "1"}, seed003FirstN(5)},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantExit(t, 0)
		if r.stdout != tc.want {
			t.Errorf("queens %s differs from the tutorial's program:\n%s", strings.Join(tc.args, " "), diffLines(tc.want, r.stdout))
		}
	}
	if !strings.HasSuffix(seed002(10), "\n共有724种摆放方法\n") {
		t.Error("the port of seed 002 does not find the 724 solutions of N = 10")
	}
	// Seed 003's first program says when there is no solution; queens
	// says so on standard error.
	if got := seed003FirstN(3); got != "No solution\n" {
		t.Errorf("the port of seed 003 on N = 3 prints %q", got)
	}
	r := runCLI(t.Context(), nil, "list", "3", "--style", "003a", "--limit", "1")
	if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "has no solutions") {
		t.Errorf("queens list 3 --style 003a:\n%s", r)
	}
}

// TestSeedAcceptance checks the commands that show the tutorials' print
// styles in queens' own layout.
func TestSeedAcceptance(t *testing.T) {
	r := runCLI(t.Context(), nil, "list", "8", "--lang", "zh", "--format", "sentences", "--limit", "1")
	r.wantExit(t, 0)
	want := "第1种情况\n皇后1在1行1列、皇后2在2行5列、皇后3在3行8列、皇后4在4行6列、皇后5在5行3列、皇后6在6行7列、皇后7在7行2列、皇后8在8行4列\n\n列出了1种摆放方法\n"
	if r.stdout != want {
		t.Errorf("sentences in Chinese:\n%s\nwant\n%s", r.stdout, want)
	}

	// The board of seed 000 method 1, in queens' layout: the same cells,
	// without the space after the last one.
	r = runCLI(t.Context(), nil, "list", "8", "--format", "board", "--glyphs", "x0", "--limit", "1")
	r.wantExit(t, 0)
	first := strings.SplitAfter(seed000Method1(), "\n")[:8]
	var rows strings.Builder
	for _, row := range first {
		rows.WriteString(strings.TrimRight(row, " \n") + "\n")
	}
	if want := "Solution 1\n" + rows.String() + "\n1 solution listed\n"; r.stdout != want {
		t.Errorf("board of x and 0:\n%s\nwant\n%s", r.stdout, want)
	}

	r = runCLI(t.Context(), nil, "list", "4", "--format", "solution")
	r.wantExit(t, 0)
	if want := "Solution: 1 3 0 2 \nSolution: 2 0 3 1 \n"; r.stdout != want {
		t.Errorf("list 4 --format solution = %q, want %q", r.stdout, want)
	}

	// Seed 004 code 1's board, of Q and X, and seed 000 method 2's.
	r = runCLI(t.Context(), nil, "list", "8", "--format", "board", "--glyphs", "QX", "--limit", "1")
	if !strings.Contains(r.stdout, "\nQ X X X X X X X\nX X X X Q X X X\n") {
		t.Errorf("board of Q and X:\n%s", r.stdout)
	}
	r = runCLI(t.Context(), nil, "list", "8", "--format", "board", "--glyphs", "unicode", "--limit", "1", "--lang", "zh")
	if !strings.HasPrefix(r.stdout, "第1种情况\n♛ · · · · · · ·\n") || !strings.HasSuffix(r.stdout, "\n列出了1种摆放方法\n") {
		t.Errorf("unicode board in Chinese:\n%s", r.stdout)
	}
}

// TestSeedBadInput checks the refusals of the glyphs, order and style
// flags: one line, exit 2.
func TestSeedBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "8", "--format", "board", "--glyphs", "ab"}, `unknown glyphs "ab"`},
		{[]string{"list", "8", "--glyphs", "x0"}, "--glyphs applies to the board format, not to cols"},
		{[]string{"list", "8", "--order", "diagonal"}, `unknown order "diagonal"`},
		{[]string{"list", "8", "--style", "005"}, `unknown style "005"`},
		{[]string{"list", "8", "--style", "000-1", "--format", "board"}, "--style sets the whole layout: --format does not apply"},
		{[]string{"list", "6", "--style", "004-5"}, "style 004-5 prints the words of the 8×8 board, not of 6×6"},
		{[]string{"solve", "8", "--glyphs", "ab"}, `unknown glyphs "ab"`},
		{[]string{"solve", "8", "--format", "cols", "--glyphs", "x0"}, "--glyphs applies to the board format, not to cols"},
	} {
		runCLI(t.Context(), nil, tc.args...).wantError(t, 2, tc.want)
	}
}

// TestSeedCompletion checks that the shell completes the values of
// --glyphs and --style.
func TestSeedCompletion(t *testing.T) {
	r := runCLI(t.Context(), nil, "__complete", "list", "8", "--glyphs", "")
	for _, g := range []string{"Q.", "x0", "QX", "0+", "unicode"} {
		if !strings.Contains(r.stdout, g+"\t") {
			t.Errorf("--glyphs completion lacks %s:\n%s", g, r.stdout)
		}
	}
	r = runCLI(t.Context(), nil, "__complete", "list", "8", "--style", "")
	if !strings.Contains(r.stdout, "004-2\t") {
		t.Errorf("--style completion:\n%s", r.stdout)
	}
	r = runCLI(t.Context(), nil, "__complete", "solve", "8", "--glyphs", "")
	if !strings.Contains(r.stdout, "unicode\t") {
		t.Errorf("solve --glyphs completion:\n%s", r.stdout)
	}
}

// TestSolveBoardLabels checks the board of solve with preset queens and
// blocked squares: ranks down the side, rank 1 at the bottom, files along
// the bottom, the preset queens and the blocked squares marked.
func TestSolveBoardLabels(t *testing.T) {
	r := runCLI(t.Context(), nil, "solve", "8", "--with", "b4", "--block", "a1,h8")
	r.wantExit(t, 0)
	lines := strings.Split(r.stdout, "\n")
	if len(lines) < 12 || lines[0] != "Solution 1" || lines[9] != "  a b c d e f g h" {
		t.Fatalf("labelled board:\n%s", r.stdout)
	}
	if !strings.HasPrefix(lines[8], "1 # ") || !strings.HasSuffix(lines[1], " #") || !strings.HasPrefix(lines[1], "8 ") {
		t.Errorf("a1 and h8 are not blocked on:\n%s", r.stdout)
	}
	if lines[5] != "4 . @ . . . . . ." {
		t.Errorf("rank 4 = %q, want the preset queen on b4", lines[5])
	}
	if lines[10] != "@ preset queen, Q placed by the search, # blocked square" {
		t.Errorf("legend = %q", lines[10])
	}
	if n := strings.Count(strings.Join(lines[1:9], "\n"), "Q"); n != 7 {
		t.Errorf("%d queens placed by the search, want 7:\n%s", n, r.stdout)
	}
	// The plain board of solve has no labels, and verify reads both.
	plain := runCLI(t.Context(), nil, "solve", "8")
	if strings.Contains(plain.stdout, "a b c") {
		t.Errorf("plain solve board is labelled:\n%s", plain.stdout)
	}
	for _, out := range []string{r.stdout, plain.stdout} {
		if v := runCLI(t.Context(), strings.NewReader(out), "verify"); v.code != 0 {
			t.Errorf("verify of\n%s\n%s", out, v)
		}
	}
	zh := runCLI(t.Context(), nil, "solve", "8", "--with", "b4", "--lang", "zh", "--glyphs", "unicode")
	if !strings.Contains(zh.stdout, "4 · ♕ · · · · · ·\n") || !strings.Contains(zh.stdout, "♕ 预设的皇后，♛ 搜索放下的皇后\n") {
		t.Errorf("Chinese unicode board:\n%s", zh.stdout)
	}
}
