package main

// Unit tests of the machinery behind TestDocExamples.

import (
	"slices"
	"strings"
	"testing"
)

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
		{"flags  4  894 ...\n", "flags  4  894  56.7  1.0×\n", true},
		{"flags  4  894 ...\n", "flags  4  895  56.7  1.0×\n", false},
		{"flags  4  894 ...\n", "flags  4  8945\n", false},
		{"flags 4 ...\n", "flags 4\n", false},
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
			got = append(got, cmd(c))
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
