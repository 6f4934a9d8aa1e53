package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocExamples runs every "$ queens …" example of README.md,
// README.zh-CN.md, CONTRIBUTING.md and docs/**/*.md and compares its
// output with the one the page shows, so that the pages cannot drift from
// the program. docexamples_test.go describes the format of the examples.
func TestDocExamples(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pages := docPages(t, root)
	if len(pages) == 0 {
		t.Fatal("no Markdown page found at the root of the repository")
	}
	docEnv(t)
	for _, page := range pages {
		checkDocPage(t, root, page, filepath.Join(root, "docs"), func(t *testing.T, r docResult) {
			if r.msg != "" {
				t.Error(r.msg)
			}
		})
	}
}

// docPages returns the pages whose examples are tested, relative to root:
// those of them that exist.
func docPages(t *testing.T, root string) []string {
	var pages []string
	for _, name := range []string{"README.md", "README.zh-CN.md", "CONTRIBUTING.md"} {
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			pages = append(pages, name)
		}
	}
	var docs []string
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	slices.Sort(docs)
	return append(pages, docs...)
}

// docEnv makes the examples speak English whatever the locale of the
// machine (a --lang in an example still wins) and take no shard from a
// batch system's variables.
func docEnv(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		t.Setenv(v, "")
	}
}

// docResult is the outcome of one example, or one break of the format,
// of a page.
type docResult struct {
	name string // file:line
	line string // the text of that line
	msg  string // what is wrong, "" if nothing
}

// checkDocPage runs the examples of the page at root/page, one subtest of
// t each, named file:line, and passes each outcome to report; breaks of
// the format are reported as subtests too.
//
// Every block runs in a fresh temporary directory holding a link "docs"
// to docsDir. The command line resolves relative paths against the
// working directory of the process, as a shell user expects, so a
// subtest enters its block's directory with t.Chdir; that is why the
// examples run one after the other, not in parallel.
func checkDocPage(t *testing.T, root, page, docsDir string, report func(*testing.T, docResult)) {
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	blocks, problems := parseDoc(string(data))
	// The subtests go in the order of the page's lines.
	type item struct {
		line int
		run  func(t *testing.T, name string)
	}
	var items []item
	for _, p := range problems {
		items = append(items, item{p.line, func(t *testing.T, name string) {
			report(t, docResult{name, lines[p.line-1], name + ": " + p.msg})
		}})
	}
	for _, b := range blocks {
		dir := t.TempDir()
		if err := os.Symlink(docsDir, filepath.Join(dir, "docs")); err != nil {
			t.Fatal(err)
		}
		for _, c := range b.commands {
			items = append(items, item{c.line, func(t *testing.T, name string) {
				t.Chdir(dir)
				report(t, docResult{name, lines[c.line-1], checkCommand(t.Context(), name, c)})
			}})
		}
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.line - b.line })
	for _, it := range items {
		name := fmt.Sprintf("%s:%d", page, it.line)
		t.Run(name, func(t *testing.T) { it.run(t, name) })
	}
}

// TestDocExamplesHarness runs the harness on pages made for it: the
// examples of pass.md must pass, with the machine's locale Chinese, and
// every example and break of the format in fail.md must be reported, with
// its place and its reason.
func TestDocExamplesHarness(t *testing.T) {
	t.Setenv("LANG", "zh_CN.UTF-8")
	docEnv(t)
	root, err := filepath.Abs(filepath.Join("testdata", "docs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("pass", func(t *testing.T) {
		n := 0
		checkDocPage(t, root, "pass.md", filepath.Join(root), func(t *testing.T, r docResult) {
			n++
			if r.msg != "" {
				t.Error(r.msg)
			}
		})
		if n != 10 {
			t.Errorf("pass.md: %d examples run, want 10", n)
		}
	})
	// The reasons of the failures, by the text of the line reported; ""
	// for an example that passes.
	want := map[string][]string{
		"$ queens list 4 -o four.txt":    {""},
		"$ queens verify four.txt":       {"fail.md:13: $ queens verify four.txt\n", "exit status 2, the page says 0", "+ queens: error:", "- 2 solutions checked, all valid"},
		"$ queens count 8":               {"fail.md:18:", "- N=8: 93 solutions, 12 unique\n+ N=8: 92 solutions, 12 unique\n  nodes: 264\n  time: "},
		"$ queens count 6":               {"fail.md:22:", "- nodes: 9\n+ nodes: 8\n"},
		"$ queens count 7":               {"fail.md:26:", "  nodes: 50\n+ time: "},
		"$ queens count abc":             {"fail.md:29:", "exit status 2, the page says 0"},
		"$ queens list 6 --format cols":  {"fail.md:32:", "  2 4 6 1 3 5\n  ...\n~ 3 6 2 5 1 4\n~ 4 1 5 2 6 3\n~ 5 3 1 6 4 2\n- 5 3 1 6 4 3\n"},
		"$ queens count 5 > out.txt":     {"fail.md:36:", "'>':", "not supported"},
		"$ cat out.txt":                  {"fail.md:37:", `the program "cat"`},
		"$ queens count 4 # exit code 0": {"fail.md:38:", `is not "# exit N"`},
		"```console":                     {"fail.md:41:", "without a \"$ \" command"},
		"$ queens count 9":               {"fail.md:46:", `info string is "sh"`},
		"$ queens count 10":              {"fail.md:50:", `info string is ""`},
	}
	var got []docResult
	t.Run("fail", func(t *testing.T) {
		checkDocPage(t, root, "fail.md", root, func(_ *testing.T, r docResult) {
			got = append(got, r)
		})
	})
	seen := map[string]bool{}
	for _, r := range got {
		key := strings.TrimSpace(r.line)
		seen[key] = true
		w, ok := want[key]
		switch {
		case !ok:
			t.Errorf("%s: %q is not in the table of the test:\n%s", r.name, key, r.msg)
		case w[0] == "" && r.msg != "":
			t.Errorf("%s: want no failure, got\n%s", r.name, r.msg)
		case w[0] != "" && r.msg == "":
			t.Errorf("%s: %s passed; it must fail", r.name, key)
		default:
			for _, s := range w {
				if !strings.Contains(r.msg, s) {
					t.Errorf("%s: the report does not contain %q:\n%s", r.name, s, r.msg)
				}
			}
		}
	}
	for key := range want {
		if !seen[key] {
			t.Errorf("fail.md: %q was not reported", key)
		}
	}
}

func TestParsePipeline(t *testing.T) {
	ok := []struct {
		line   string
		stages [][]string
		exit   int
	}{
		{"queens count 8", [][]string{{"queens", "count", "8"}}, 0},
		{"  queens   count\t8  ", [][]string{{"queens", "count", "8"}}, 0},
		{"queens solve 8 --with 'a1 c2' --format \"cols\"", [][]string{{"queens", "solve", "8", "--with", "a1 c2", "--format", "cols"}}, 0},
		{`queens x 'it''s' "a \"b\" \$ \\ \n" a\ b ''`, [][]string{{"queens", "x", "its", `a "b" $ \ \n`, "a b", ""}}, 0},
		{`queens x '$HOME *.txt | > #'`, [][]string{{"queens", "x", "$HOME *.txt | > #"}}, 0},
		{"queens x a#b", [][]string{{"queens", "x", "a#b"}}, 0},
		{"queens list 8 | queens verify", [][]string{{"queens", "list", "8"}, {"queens", "verify"}}, 0},
		{"printf '1 2\\n'|queens verify|queens x", [][]string{{"printf", `1 2\n`}, {"queens", "verify"}, {"queens", "x"}}, 0},
		{"echo 1 3 0 2 | queens verify # exit 1", [][]string{{"echo", "1", "3", "0", "2"}, {"queens", "verify"}}, 1},
		{"queens count abc #exit 2", [][]string{{"queens", "count", "abc"}}, 2},
		{"queens count 40   # exit  2  ", [][]string{{"queens", "count", "40"}}, 2},
	}
	for _, c := range ok {
		p, err := parsePipeline(c.line)
		if err != nil {
			t.Errorf("parsePipeline(%q): %v", c.line, err)
			continue
		}
		if !slices.EqualFunc(p.stages, c.stages, slices.Equal) || p.exit != c.exit {
			t.Errorf("parsePipeline(%q) = %q, exit %d; want %q, exit %d", c.line, p.stages, p.exit, c.stages, c.exit)
		}
	}
	bad := []struct{ line, want string }{
		{"", "empty stage"},
		{"queens list 8 |", "empty stage"},
		{"| queens verify", "empty stage"},
		{"queens list 8 || queens verify", "||"},
		{"queens list 8 -o $OUT", "variables"},
		{`queens list 8 -o "$OUT"`, "expansions"},
		{"queens verify `ls`", "not supported"},
		{"queens verify *.txt", "globs"},
		{"queens verify out?.txt", "globs"},
		{"queens verify out[12].txt", "globs"},
		{"queens verify {a,b}.txt", "not supported"},
		{"queens verify ~/out.txt", "not supported"},
		{"queens count 8 > out.txt", "redirections"},
		{"queens verify < out.txt", "redirections"},
		{"queens count 8 2>/dev/null", "redirections"},
		{"queens count 8 ; queens count 9", "not supported"},
		{"queens count 8 &", "not supported"},
		{"(queens count 8)", "not supported"},
		{"queens count 'abc", "unclosed '"},
		{`queens count "abc`, `unclosed "`},
		{`queens count 8 \`, "continued lines"},
		{"queens count 8 # the main job", `not "# exit N"`},
		{"queens count 8 # exit", `not "# exit N"`},
		{"queens count 8 # exit -1", `not "# exit N"`},
		{"go run ./cmd/queens count 8", `the program "go"`},
		{"./queens count 8", `the program "./queens"`},
		{"queens list 8 | head -3", `the program "head"`},
		{"queens list 8 | echo x", `the program "echo"`},
	}
	for _, c := range bad {
		_, err := parsePipeline(c.line)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parsePipeline(%q): error %v, want one that says %q", c.line, err, c.want)
		}
	}
}

func TestDocEchoPrintf(t *testing.T) {
	echo := []struct {
		args []string
		want string
	}{
		{nil, "\n"},
		{[]string{"1 3", "0", "2"}, "1 3 0 2\n"},
		{[]string{`a\nb`}, "a\\nb\n"},
	}
	for _, c := range echo {
		if got, err := docEcho(c.args); err != nil || got != c.want {
			t.Errorf("echo %q = %q, %v; want %q", c.args, got, err, c.want)
		}
	}
	if _, err := docEcho([]string{"-n", "x"}); err == nil {
		t.Error("echo -n: no error")
	}
	printf := []struct {
		args []string
		want string
	}{
		{[]string{`1 3 0 2\n`}, "1 3 0 2\n"},
		{[]string{`%s\n`, "a", "b c"}, "a\nb c\n"},
		{[]string{`%s %s\n`, "1", "2", "3"}, "1 2\n3 \n"},
		{[]string{`%d%%\t%3d|%-3s|%03d\n`, "5", "7", "x", "4"}, "5%\t  7|x  |004\n"},
		{[]string{`a\\b`}, `a\b`},
		{[]string{`%s-`}, "-"},
	}
	for _, c := range printf {
		if got, err := docPrintf(c.args); err != nil || got != c.want {
			t.Errorf("printf %q = %q, %v; want %q", c.args, got, err, c.want)
		}
	}
	for _, args := range [][]string{nil, {`%f`, "1"}, {`%d`, "x"}, {`\x41`}, {`a\`}, {`%`}} {
		if got, err := docPrintf(args); err == nil {
			t.Errorf("printf %q = %q, want an error", args, got)
		}
	}
}

func TestMaskLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{"time: 3.139 ms", "time: <time>"},
		{"time: 0.312 ms   ", "time: <time>"},
		{"elapsed 1.234s, 12ms, 850µs, 850μs, 850us, 3ns", "elapsed <time>, <time>, <time>, <time>, <time>, <time>"},
		{"took 1m2.5s or 2h3m4s or 0.001 s or 2 s", "took <time> or <time> or <time> or <time>"},
		{"(12ms)", "(<time>)"},
		{"用时：0.422 毫秒", "用时：<time>"},
		{"用时0.4秒", "用时<time>"},
		{"12.3M nodes/s", "<rate> nodes/s"},
		{"speed 4,567/s and 980 k nodes/s", "speed <rate>/s and <rate> nodes/s"},
		{"3 单元/秒  已用 1.5s", "<rate> 单元/秒  已用 <time>"},
		{"2.02 ms     18.4   1.0×", "<time>     18.4   1.0×"},
		// Nothing else changes: counts, words, squares, sizes.
		{"N=8: 92 solutions, 12 unique", "N=8: 92 solutions, 12 unique"},
		{"nodes: 264", "nodes: 264"},
		{"4 squares, 8 steps, 1 solution", "4 squares, 8 steps, 1 solution"},
		{"--with a1,h8 --block c2h", "--with a1,h8 --block c2h"},
		{"5min 8mm 3sec 2hours v1.2s 10/sec", "5min 8mm 3sec 2hours v1.2s 10/sec"},
		{"12 MiB", "12 MiB"},
		{"  trailing  ", "  trailing"},
	}
	for _, c := range cases {
		if got := maskLine(c.in); got != c.want {
			t.Errorf("maskLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A changed count, solution or word is no less a change once masked.
	for _, pair := range [][2]string{
		{"N=8: 92 solutions, 12 unique", "N=8: 93 solutions, 12 unique"},
		{"nodes: 264", "nodes: 265"},
		{"1 5 8 6 3 7 2 4", "1 5 8 6 3 7 4 2"},
		{"time: 0.3 ms", "time: 0.3 s for 8"},
		{"12.3M nodes/s", "12.3M units/s"},
		{"time: 0.3 ms", "elapsed: 0.3 ms"},
	} {
		if maskLine(pair[0]) == maskLine(pair[1]) {
			t.Errorf("%q and %q are equal once masked", pair[0], pair[1])
		}
	}
	// Durations and rates of other runs are no change.
	for _, pair := range [][2]string{
		{"time: 0.312 ms", "time: 1.5s"},
		{"took 850µs", "took 2m3.5s"},
		{"12.3M nodes/s", "980k nodes/s"},
	} {
		if maskLine(pair[0]) != maskLine(pair[1]) {
			t.Errorf("%q and %q differ once masked: %q, %q", pair[0], pair[1], maskLine(pair[0]), maskLine(pair[1]))
		}
	}
}

func TestCompareOutput(t *testing.T) {
	lines := func(s string) []string { return outputLines(s) }
	cases := []struct {
		expect, actual string
		same           bool
	}{
		{"", "", true},
		{"a\nb\n", "a\nb\n", true},
		{"a  \nb\n", "a\nb   \n", true},
		{"a\nb\n", "a\n", false},
		{"a\n", "a\nb\n", false},
		{"a\nb\n", "b\na\n", false},
		{"a\n\n", "a\n", false},
		{"...\n", "", true},
		{"...\n", "a\nb\nc\n", true},
		{"a\n...\nc\n", "a\nc\n", true},
		{"a\n...\nc\n", "a\nb\nb\nc\n", true},
		{"a\n...\nc\n", "a\nb\nb\nd\n", false},
		{"a\n...\nc\n", "a\nb\nc\nd\n", false},
		{"a\n...\n", "b\na\n", false},
		{"...\nc\n...\n", "a\nc\nd\n", true},
		{"...\nc\n...\n", "a\nb\nd\n", false},
		{"a\n ...\nc\n", "a\nb\nc\n", false},
		{"a\n...\n", "a\n...\n", true},
		{"time: 0.3 ms\n", "time: 12.5 ms\n", true},
		{"N=8: 92 solutions\n...\n", "N=8: 93 solutions\nnodes: 264\n", false},
	}
	for _, c := range cases {
		diff, same := compareOutput(lines(c.expect), lines(c.actual))
		if same != c.same {
			t.Errorf("compareOutput(%q, %q) = %v, want %v:\n%s", c.expect, c.actual, same, c.same, formatDiff(diff))
		}
	}
	diff, _ := compareOutput([]string{"a", "...", "c", "time: 1 ms"}, []string{"a", "b", "d", "time: 5 ms", "e"})
	want := "  a\n  ...\n~ b\n~ d\n- c\n  time: 5 ms\n+ e\n"
	if got := formatDiff(diff); !strings.HasSuffix(got, want) {
		t.Errorf("formatDiff:\n%s\nwant it to end with\n%s", got, want)
	}
}

func TestParseDoc(t *testing.T) {
	page := strings.Join([]string{
		"# Page",                   // 1
		"$ queens count 1",         // 2: prose, not a block
		"```console",               // 3
		"$ queens count 8",         // 4
		"N=8: 92 solutions",        // 5
		"...",                      // 6
		"",                         // 7
		"$ queens list 4  ",        // 8
		"```",                      // 9
		"```sh",                    // 10
		"queens count 20",          // 11
		"  $ queens count 9",       // 12
		"```",                      // 13
		"- item",                   // 14
		"  ~~~~ console",           // 15
		"  $ queens count 4",       // 16
		"  2",                      // 17
		"  ~~~",                    // 18: too short to close
		"  ~~~~~",                  // 19
		"````markdown",             // 20
		"```console",               // 21: inside, not a block
		"$ queens count 5",         // 22
		"```",                      // 23
		"````",                     // 24
		"```console",               // 25
		"N=1: 1 solution",          // 26
		"```",                      // 27
		"``` console",              // 28
		"",                         // 29
		"text before",              // 30
		"$ queens count 6",         // 31
		"```",                      // 32
		"```Console",               // 33
		"$ queens count 7",         // 34
		"```",                      // 35
		"1. item",                  // 36
		"   - item",                // 37
		"        ```console",       // 38
		"        $ queens count 3", // 39
		"        ```",              // 40
		"```console",               // 41
		"$ queens count 8",         // 42
	}, "\r\n")
	blocks, problems := parseDoc(page)
	type cmd struct {
		line   int
		text   string
		expect []string
	}
	var got []cmd
	for _, b := range blocks {
		for _, c := range b.commands {
			got = append(got, cmd{c.line, c.text, c.expect})
		}
	}
	want := []cmd{
		{4, "queens count 8", []string{"N=8: 92 solutions", "...", ""}},
		{8, "queens list 4  ", nil},
		{16, "queens count 4", []string{"2", "~~~"}},
		{31, "queens count 6", nil},
		{39, "queens count 3", nil},
		{42, "queens count 8", nil},
	}
	if len(got) != len(want) {
		t.Fatalf("commands %v, want %v", got, want)
	}
	for i := range want {
		if got[i].line != want[i].line || got[i].text != want[i].text || !slices.Equal(got[i].expect, want[i].expect) {
			t.Errorf("command %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	wantProblems := []struct {
		line int
		msg  string
	}{
		{12, `info string is "sh"`},
		{22, `info string is "markdown"`},
		{25, `without a "$ " command`},
		{30, "output before the first"},
		{34, `info string is "Console"`},
		{41, "never closed"},
	}
	if len(problems) != len(wantProblems) {
		t.Fatalf("problems %v, want %v", problems, wantProblems)
	}
	for i, w := range wantProblems {
		if p := problems[i]; p.line != w.line || !strings.Contains(p.msg, w.msg) {
			t.Errorf("problem %d = %d: %s; want %d: …%s…", i, p.line, p.msg, w.line, w.msg)
		}
	}
}
