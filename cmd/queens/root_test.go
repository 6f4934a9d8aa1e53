package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/format"
)

func TestHelpGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"list-help", []string{"list", "--help"}},
		{"verify-help", []string{"verify", "--help"}},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantExit(t, 0)
		golden(t, tc.name, r.String())
	}
}

func TestRootHelp(t *testing.T) {
	r := runCLI(t.Context(), nil, "help")
	r.wantExit(t, 0)
	for _, cmd := range []string{"count", "list", "verify", "completion"} {
		if !strings.Contains(r.stdout, "\n  "+cmd+" ") {
			t.Errorf("help does not list %s:\n%s", cmd, r.stdout)
		}
	}
}

func TestCountGolden(t *testing.T) {
	for _, n := range []string{"1", "4", "8"} {
		r := runCLI(t.Context(), nil, "count", n)
		r.wantExit(t, 0)
		// The node count belongs to the engine, which changes; the
		// totals do not.
		golden(t, "count-"+n, nodesLine.ReplaceAllString(maskTimes(r.String()), "nodes: X"))
	}
}

var nodesLine = regexp.MustCompile(`nodes: \d+`)

func TestMaskTimes(t *testing.T) {
	for in, want := range map[string]string{
		"time: 1.234 ms\n": "time: X ms\n",
		"took 12ms":        "took X ms",
		"nodes: 876\n":     "nodes: 876\n",
	} {
		if got := maskTimes(in); got != want {
			t.Errorf("maskTimes(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBadCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"list"}, "list takes one board size N, got 0 arguments"},
		{[]string{"list", "8", "9"}, "list takes one board size N, got 2 arguments"},
		{[]string{"list", "abc"}, `N must be a whole number from 1 to 32, got "abc"`},
		{[]string{"list", "0"}, `N must be a whole number from 1 to 32, got "0"`},
		{[]string{"list", "33"}, `N must be a whole number from 1 to 32, got "33"`},
		{[]string{"list", "-3"}, `N must be a whole number from 1 to 32, got "-3"`},
		{[]string{"list", "8", "--frobnicate"}, "unknown flag: --frobnicate"},
		{[]string{"count", "abc"}, `N must be a whole number from 1 to 32, got "abc"`},
	} {
		runCLI(t.Context(), nil, tc.args...).wantError(t, 2, tc.want)
	}
}

// TestErrorWords checks the words of errors and hints that once named
// the wrong command, a hint that did not fit, or the parser's internals.
func TestErrorWords(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		want, hint string
	}{
		{[]string{"list", "abc"}, `got "abc"`, "try 'queens list 8'"},
		{[]string{"trace", "0"}, `got "0"`, "try 'queens trace 8'"},
		{[]string{"bench", "33"}, `got "33"`, "try 'queens bench 8'"},
		{[]string{"count", "-1"}, `N must be a whole number from 1 to 32, got "-1"`, "try 'queens count 8'"},
		{[]string{"count", "0"}, `N must be a whole number from 1 to 32, got "0"`, "try 'queens count 8'"},
		{[]string{"solve", "-5"}, `N must be a whole number from 1 to 1073741824, got "-5"`, "try 'queens solve 8'"},
		{[]string{"count", "8", "--bogus"}, "unknown flag: --bogus", "see 'queens count --help' for the flags"},
		{[]string{"list", "8", "--frob"}, "unknown flag: --frob", "see 'queens list --help' for the flags"},
		{[]string{"count", "+8"}, `N must be a whole number from 1 to 32, got "+8"`, "try 'queens count 8'"},
		{[]string{"count", " 8"}, `N must be a whole number from 1 to 32, got " 8"`, "try 'queens count 8'"},
		{[]string{"count", "8", "--shard", "3/3"}, `index "3"`, "the 3 shards are --shard 0/3 to --shard 2/3"},
		{[]string{"list", "12", "--unique", "--format", "svg"}, "svg draws at most", "pick some with --limit, such as 'queens list 12 --unique"},
		{[]string{"bench", "8", "--algo", "all,flags"}, "--algo all stands alone", "give --algo all, or names"},
		{[]string{"list", "8", "--limit", "abc"}, `--limit must be a whole number, got "abc"`, ""},
		{[]string{"list", "8", "--limit", "99999999999999999999"}, `--limit must be a whole number of a sensible size`, ""},
		{[]string{"trace", "4", "--delay", "soon"}, `--delay must be a duration such as 500ms, 2s or 1m, got "soon"`, ""},
		{[]string{"list", "8", "-o", ""}, "-o needs a file name", "-o -, to write to standard output"},
		{[]string{"list", "8", "--base", "0", "--format", "board"}, "--base applies to the cols and csv formats, not to board", "count from 1"},
		{[]string{"list", "8", "--base", "1", "--format", "json"}, "--base applies to the cols and csv formats, not to json", "json always counts columns from 0"},
		{[]string{"list", "8", "--base", "0", "--format", "fen"}, "not to fen", ""},
		{[]string{"trace", "4", "--delay", "10ms"}, "--delay is the pause of --animate", "try 'queens trace 4 --animate --delay 10ms'"},
		{[]string{"count", "8", "--shard", "0/1", "--json"}, "--json does not combine with --shard", "queens merge --json"},
		{[]string{"help", "nonexistent"}, `no help topic "nonexistent"`, "see 'queens help'"},
		{[]string{"completion", "tcsh"}, `no completion for the shell "tcsh"`, "bash, fish, powershell, zsh"},
		{[]string{"completion"}, "completion needs the name of a shell", "try 'queens completion bash'"},
		{[]string{"count", "8", "--shard", "0/1", "-o", ""}, "-o needs a file name", "-o -, to write to standard output"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCLI(t.Context(), nil, tc.args...)
			r.wantError(t, exitUsage, tc.want)
			if strings.Contains(r.stderr, "strconv") || strings.Contains(r.stderr, "shorthand") {
				t.Errorf("%s\nthe error speaks of the parser", r)
			}
			if tc.hint != "" {
				r.wantHint(t, tc.hint)
			}
		})
	}
}

func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		r := runCLI(t.Context(), nil, "completion", shell)
		r.wantExit(t, 0)
		if len(r.stdout) < 500 || !strings.Contains(r.stdout, "queens") || r.stderr != "" {
			t.Errorf("completion %s: %d bytes of script, stderr %q", shell, len(r.stdout), r.stderr)
		}
	}
	// The values of --format complete, with their descriptions.
	r := runCLI(t.Context(), nil, "__complete", "list", "8", "--format", "")
	r.wantExit(t, 0)
	for _, name := range format.Names() {
		if !strings.Contains(r.stdout, name+"\t"+format.Describe(name)) {
			t.Errorf("completion of --format lacks %s:\n%s", name, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, ":4") { // ShellCompDirectiveNoFileComp
		t.Errorf("completion of --format offers files:\n%s", r.stdout)
	}
	r = runCLI(t.Context(), nil, "__complete", "li")
	if !strings.Contains(r.stdout, "list") {
		t.Errorf("completion of subcommands lacks list:\n%s", r.stdout)
	}
}

func TestParseN(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want int // 0 for an error
	}{
		{"8", 32, 8}, {"1", 32, 1}, {"32", 32, 32}, {"33", 32, 0}, {"0", 32, 0},
		{"-1", 32, 0}, {"abc", 32, 0}, {"", 32, 0}, {" 8", 32, 0}, {"8.0", 32, 0},
		{"1e1", 32, 0}, {"0x8", 32, 0}, {"99999999999999999999", 32, 0}, {"20", 18, 0},
	} {
		n, err := parseN(tc.in, tc.max)
		if tc.want == 0 {
			var ee *exitError
			if err == nil || !errors.As(err, &ee) || ee.code != exitUsage || ee.hint == "" {
				t.Errorf("parseN(%q, %d) = %d, %v; want a usage error with a hint", tc.in, tc.max, n, err)
			}
			continue
		}
		if err != nil || n != tc.want {
			t.Errorf("parseN(%q, %d) = %d, %v; want %d", tc.in, tc.max, n, err, tc.want)
		}
	}
}

func FuzzParseN(f *testing.F) {
	for _, s := range []string{"8", "0", "32", "33", "-1", "abc", "+8", "08", "", "1_0", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseN(s, 32)
		if err != nil {
			if n != 0 {
				t.Fatalf("parseN(%q) = %d with error %v", s, n, err)
			}
			// One line that quotes what the user typed, whatever it is.
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, strconv.Quote(s)) {
				t.Fatalf("parseN(%q) error %q is not one line quoting the input", s, msg)
			}
			return
		}
		if n < 1 || n > 32 {
			t.Fatalf("parseN(%q) = %d, outside 1..32", s, n)
		}
		if v, e := strconv.Atoi(s); e != nil || v != n {
			t.Fatalf("parseN(%q) = %d, but the string is not that number", s, n)
		}
	})
}

func TestReport(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
		want string
	}{
		{usageError(errors.New("bad thing"), "try this"), 2, "queens: error: bad thing\nqueens: hint: try this\n"},
		{noError(errors.New("3 of 92 solutions are invalid")), 1, "queens: error: 3 of 92 solutions are invalid\n"},
		{fmt.Errorf("listing: %w", context.Canceled), 130, "queens: interrupted\n"},
		{errors.New("disk full"), 2, "queens: error: disk full\n"},
	} {
		var b bytes.Buffer
		if code := report(streams{errOut: &b}, tc.err); code != tc.code || b.String() != tc.want {
			t.Errorf("report(%v) = %d, %q; want %d, %q", tc.err, code, b.String(), tc.code, tc.want)
		}
	}
}

// TestCompleteFlags completes flags: the descriptions show the value
// names without backquotes, and a --lang still empty does not stop the
// completion.
func TestCompleteFlags(t *testing.T) {
	r := runCLI(t.Context(), nil, "__complete", "count", "8", "--")
	if r.code != exitOK || strings.Contains(r.stdout, "`") || !strings.Contains(r.stdout, "--checkpoint\trecord finished work units in FILE") {
		t.Errorf("%s", r)
	}
	for _, lang := range []string{"en", "zh"} {
		r = runCLI(t.Context(), nil, "__complete", "--lang", lang, "count", "8", "--")
		if r.code != exitOK || strings.Contains(r.stdout, "`") {
			t.Errorf("%s", r)
		}
	}
	r = runCLI(t.Context(), nil, "__complete", "count", "8", "--lang", "")
	if r.code != exitOK || !strings.Contains(r.stdout, "zh") {
		t.Errorf("%s", r)
	}
}
