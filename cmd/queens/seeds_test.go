package main

// The programs of the tutorials queens grew from, each with the command
// that prints what it prints, line for line. The expected output of each
// is a golden file under testdata/seeds, written from the tutorial's own
// code: every program is ported below, its printing statement by
// statement, its search as the tutorial makes it (row by row, or column
// by column), without the library. 'go test ./cmd/queens -run Seed
// -update' rewrites the golden files from the ports, never from queens.
//
// Where a program ends by printing its running time (seed 004's codes 1,
// 2, 3 and 6: "耗时【15豪秒】…"), that line is left out: it differs from
// run to run. Seed 004 code 5 leaves its last line without a line end;
// queens ends every line it writes, so its golden file ends with one.

import (
	"fmt"
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
	want := "第1种情况\n皇后1在1行1列、皇后2在2行5列、皇后3在3行8列、皇后4在4行6列、皇后5在5行3列、皇后6在6行7列、皇后7在7行2列、皇后8在8行4列\n\n共有1种摆放方法\n"
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
	if want := "Solution 1\n" + rows.String() + "\n1 solution\n"; r.stdout != want {
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
	if !strings.HasPrefix(r.stdout, "第1种情况\n♛ · · · · · · ·\n") || !strings.HasSuffix(r.stdout, "\n共有1种摆放方法\n") {
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

// The searches of the tutorials, without the library. seedRows places
// the queens row by row, trying the columns from the left, and gives
// visit the column of the queen in each row, from 0; seedColumns places
// them column by column, trying the rows from the top, and gives the row
// of the queen in each column. Both visit the solutions in the order
// their programs print them.
func seedRows(n int, visit func(q []int)) { seedSearch(n, visit) }

func seedColumns(n int, visit func(p []int)) {
	// A search by columns is the search by rows of the board turned about
	// its diagonal: the same code, with rows and columns swapped.
	seedSearch(n, visit)
}

func seedSearch(n int, visit func([]int)) {
	q := make([]int, n)
	var place func(k int)
	place = func(k int) {
		if k == n {
			visit(q)
			return
		}
	next:
		for v := range n {
			for i := range k {
				if q[i] == v || q[i]-v == k-i || v-q[i] == k-i {
					continue next
				}
			}
			q[k] = v
			place(k + 1)
		}
	}
	place(0)
}

// seed000Method1 prints as seed 000's counter board program: cout << "x "
// or "0 " per square, endl per row, endl per board, then the count.
func seed000Method1() string {
	var b strings.Builder
	solution := 0
	seedRows(8, func(queen []int) {
		solution++
		for i := range 8 {
			for j := range 8 {
				if queen[i] == j {
					b.WriteString("x ")
				} else {
					b.WriteString("0 ")
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	})
	fmt.Fprintf(&b, "%d\n", solution)
	return b.String()
}

// seed000Method2 prints as seed 000's method 2: printf("\n解答 %d\n"),
// then " Q" or " ." per square, columns and rows from 1.
func seed000Method2() string {
	var b strings.Builder
	num := 0
	seedRows(8, func(q []int) {
		queen := make([]int, 9)
		for i, c := range q {
			queen[i+1] = c + 1
		}
		num++
		fmt.Fprintf(&b, "\n解答 %d\n", num)
		for y := 1; y <= 8; y++ {
			for x := 1; x <= 8; x++ {
				if queen[y] == x {
					b.WriteString(" Q")
				} else {
					b.WriteString(" .")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed000Method3 prints as seed 000's method 3: cout << queen[i] << ' '
// for the columns from 1, endl; then endl and the count.
func seed000Method3() string {
	var b strings.Builder
	count := 0
	seedRows(8, func(q []int) {
		for _, c := range q {
			fmt.Fprintf(&b, "%d ", c+1)
		}
		b.WriteString("\n")
		count++
	})
	fmt.Fprintf(&b, "\n%d\n", count)
	return b.String()
}

// seed002 prints as seed 002's programs, of N = 8 and of any N:
// printf("第%d种情况\n"), the board with "%3d", then "\n共有%d种摆放方法\n".
func seed002(n int) string {
	var b strings.Builder
	num := 0
	seedRows(n, func(place []int) {
		num++
		fmt.Fprintf(&b, "第%d种情况\n", num)
		for i := range n {
			for j := range n {
				cell := 0
				if place[i] == j {
					cell = 1
				}
				fmt.Fprintf(&b, "%3d", cell)
			}
			b.WriteString("\n")
		}
	})
	fmt.Fprintf(&b, "\n共有%d种摆放方法\n", num)
	return b.String()
}

// seed003First prints as seed 003's first program, N = 4.
func seed003First() string { return seed003FirstN(4) }

// seed003FirstN prints the first solution the search column by column
// finds, as the cells of board[row][col] without spaces, or "No
// solution".
func seed003FirstN(n int) string {
	var board [][]int
	seedColumns(n, func(p []int) {
		if board != nil {
			return
		}
		board = make([][]int, n)
		for i := range board {
			board[i] = make([]int, n)
		}
		for col, row := range p {
			board[row][col] = 1
		}
	})
	if board == nil {
		return "No solution\n"
	}
	var b strings.Builder
	for i := range n {
		for j := range n {
			fmt.Fprint(&b, board[i][j])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// seed003All prints as seed 003's second program, N = 4.
func seed003All() string { return seed003AllN(4) }

// seed003AllN prints cout << "Solution: ", then position[i] << " " for
// each column, endl.
func seed003AllN(n int) string {
	var b strings.Builder
	seedColumns(n, func(position []int) {
		b.WriteString("Solution: ")
		for i := range n {
			fmt.Fprintf(&b, "%d ", position[i])
		}
		b.WriteString("\n")
	})
	return b.String()
}

// seed004Code1 prints as seed 004's code 1, but for its time line.
func seed004Code1() string {
	var b strings.Builder
	b.WriteString("开始解决8皇后算法问题\n")
	num := 0
	seedRows(8, func(q []int) {
		queen := make([]int, 9) // queen[0] is never set
		for i, c := range q {
			queen[i+1] = c + 1
		}
		num++
		fmt.Fprintf(&b, "\n解答%d = ", num)
		for i := range queen {
			fmt.Fprintf(&b, "%d,", queen[i])
		}
		b.WriteString("\n")
		for y := 1; y <= 8; y++ {
			for x := 1; x <= 8; x++ {
				if queen[y] == x {
					b.WriteString("Q")
				} else {
					b.WriteString("X")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed004Code2 prints as seed 004's code 2, but for its time line.
func seed004Code2() string {
	var b strings.Builder
	var sum int
	h := 1
	seedRows(8, func(q []int) {
		sum++
		b.WriteString("\n")
		fmt.Fprintf(&b, "方案%d\n", h)
		h++
		for i, c := range q {
			fmt.Fprintf(&b, "皇后%d在%d行%d列、", i+1, i+1, c+1)
		}
		b.WriteString("\n")
	})
	b.WriteString("\n")
	fmt.Fprintf(&b, "详细方案如上所示，可行个数为:%d\n", sum)
	return b.String()
}

// seed004Code3 prints as seed 004's code 3, but for its time line.
func seed004Code3() string {
	var b strings.Builder
	count := 0
	seedRows(8, func(location []int) {
		count++
		b.WriteString("\n")
		fmt.Fprintf(&b, "以下是皇后在棋盘上的第%d种方式的摆放\n", count)
		b.WriteString("\n")
		for y := 0; y <= 7; y++ {
			for x := 0; x <= 7; x++ {
				if location[y] == x {
					b.WriteString("Q")
				} else {
					b.WriteString("X")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed004Code4 prints as seed 004's code 4, which places its queens
// column by column: "(" + col + "," + queens[col] + ")  ", from 1.
func seed004Code4() string {
	var b strings.Builder
	seedColumns(8, func(queens []int) {
		for col := 1; col <= 8; col++ {
			fmt.Fprintf(&b, "(%d,%d)  ", col, queens[col-1]+1)
		}
		b.WriteString("\n")
	})
	return b.String()
}

// seed004Code5 prints as seed 004's code 5, whose last line has no line
// end.
func seed004Code5() string {
	var b strings.Builder
	b.WriteString("////////////////////////////八皇后问题////////////////////////////////\n")
	b.WriteString("在8行8列的棋盘上放置8个皇后,皇后可吃掉与她处于同行或同列或同一对角线上的其他棋子,使任一个皇后都不能吃掉其他的7个皇后共有92种方法\n")
	num := 0
	seedRows(8, func(queenline []int) {
		num++
		fmt.Fprintf(&b, "\n皇后摆放第%d种方案:\n", num)
		b.WriteString("行分别为1 2 3 4 5 6 7 8 列分别为\n")
		for i1 := range 8 {
			fmt.Fprintf(&b, "%d ", queenline[i1]+1)
		}
	})
	return b.String()
}

// seed004Code6 prints as seed 004's code 6, but for its time line: row i
// of its board marks the square j where cols[j] == i, the board turned
// about its diagonal.
func seed004Code6() string {
	var b strings.Builder
	num := 0
	seedRows(8, func(cols []int) {
		num++
		fmt.Fprintf(&b, "第%d种走法  \n", num)
		for i := range 8 {
			for j := range 8 {
				if i == cols[j] {
					b.WriteString("0 ")
				} else {
					b.WriteString("+ ")
				}
			}
			b.WriteString(" \n")
		}
	})
	fmt.Fprintf(&b, "%d皇后问题有%d种摆放方法。\n", 8, num)
	return b.String()
}
