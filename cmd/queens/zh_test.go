package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
)

// zhAllowed are the words of Latin letters that Chinese output may hold:
// names of the program, its commands and values, formats, algorithms,
// units, file formats and the names of things that have no Chinese name.
var zhAllowed = map[string]bool{
	"queens": true, "N": true, "K": true, "M": true, "I": true, "D": true, "L": true, "Q": true, "x": true,
	"FILE": true, "SIZE": true, "DIR": true, "URL": true, "URLS": true, "ADDR": true, "NAME": true, "SQUARES": true, "DIAGS": true,
	"MiB": true, "GiB": true, "KiB": true, "TiB": true, "ms": true, "s": true, "h": true, "m": true,
	"JSON": true, "SVG": true, "CSV": true, "FEN": true, "GIF": true, "NATS": true, "JetStream": true, "KV": true,
	"CSPLib": true, "Essence": true, "DIMACS": true, "OEIS": true, "Ctrl": true, "C": true, "HTTP": true,
	"sum": true, "diff": true, "zh": true, "en": true, "string": true, "int": true, "uint": true, "duration": true, "list": true,
	"bash": true, "zsh": true, "fish": true, "powershell": true, "LANG": true, "LC_ALL": true, "LC_MESSAGES": true,
	"json": true, "ckpt": true, "txt": true, "param": true, "part": true,
	"letting": true, "n": true, "init": true, "blocks": true, "diags": true, "numdiags": true, "Excluded": true, "Diagonals": true,
	"goroutine": true, "stderr": true, "none": true, "undecided": true, "auto": true, "always": true, "never": true, "true": true, "false": true,
	"Go": true, "Java": true, "lp": true, "mps": true, "HiGHS": true, "q_R_C": true, "Kubernetes": true, "Indexed": true, "Job": true, "Slurm": true, "dfs": true, "construct": true, "random": true,
	"essence": true, "dimacs": true, "cnf": true, "nats": true, "usr": true, "local": true, "share": true, "kill": true, "echo": true,
	"runs": true, "all": true, "columns": true, "rows": true, "MB": true, "secret": true, "X": true, "P": true, "R": true, "G": true, "V": true, "F": true, "E": true,
	"shell": true, "host": true, "port": true, "bar": true, "q": true, "r": true, "c": true, "v": true, "t": true, "a": true, "b": true, "i": true,
}

// zhSkip matches what the check leaves out: lines of commands (examples)
// up to their comments,
// names in capitals (environment variables, value names, signals), and
// the line of the shell completion's protocol.
var zhSkip = regexp.MustCompile(`(?m)^\s*(\$ |queens |for |done|:[0-9])[^#\n]*|^Completion ended with directive.*$|\b[A-Z][A-Z0-9_]+\b`)

// zhWord matches a word of Latin letters; quoted commands, flags, file
// names and values are taken out before it looks.
var (
	zhWord  = regexp.MustCompile(`[A-Za-z][A-Za-z_]*`)
	zhQuote = regexp.MustCompile(`'[^']*'|"[^"]*"|--?[a-z][a-z0-9-]*|[A-Za-z0-9_./-]*\.(json|ckpt|txt|param|svg|gif)\b|\b[a-h][1-8]\b|\b[0-9]+[a-z]+\b`)
)

// TestChineseOnly runs commands with --lang zh, their help, errors,
// outputs and completions, and fails on any word of Latin letters that is
// not a name, a value or a command.
func TestChineseOnly(t *testing.T) {
	for _, n := range format.Names() {
		zhAllowed[n] = true
	}
	for _, n := range format.StyleNames() {
		zhAllowed[n] = true
	}
	for _, n := range format.GlyphNames() {
		zhAllowed[n] = true
	}
	for _, a := range queens.Algorithms() {
		zhAllowed[a.Name] = true
	}
	for _, c := range newRootCmd(streams{}).Commands() {
		zhAllowed[c.Name()] = true
	}
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o644)
	root := newRootCmd(streams{})
	runs := [][]string{
		{"list", "6", "--format", "fen"},
		{"verify"}, {"merge", empty},
		{"solve", "8"}, {"list", "8", "--unique", "--limit", "2", "--format", "board"},
		{"count", "8"}, {"count", "0"}, {"count", "-1"}, {"count", "8", "--bogus"},
		{"solve", "8", "--with", "a1", "--exclude", "sum:7"},
		{"__complete", "list", "8", "--format", ""}, {"__complete", "list", "8", "--style", ""},
		{"__complete", "count", "8", "--algo", ""}, {"__complete", "solve", "8", "--format", ""},
	}
	for _, c := range root.Commands() {
		runs = append(runs, []string{c.Name(), "--help"})
	}
	inputs := map[string]string{"verify": "1 1\n<svg>\nhello\n"}
	for _, args := range runs {
		var stdin *strings.Reader
		if in, ok := inputs[args[0]]; ok && len(args) == 1 {
			stdin = strings.NewReader(in)
		}
		var r cliRun
		if stdin != nil {
			r = runCLI(t.Context(), stdin, append(args, "--lang", "zh")...)
		} else {
			r = runCLI(t.Context(), nil, append([]string{"--lang", "zh"}, args...)...)
		}
		out := zhQuote.ReplaceAllString(zhSkip.ReplaceAllString(r.stdout+r.stderr, ""), "")
		var bad []string
		for _, line := range strings.Split(out, "\n") {
			for _, w := range zhWord.FindAllString(line, -1) {
				if !zhAllowed[w] {
					bad = append(bad, w)
				}
			}
		}
		if len(bad) > 0 {
			t.Errorf("queens %s --lang zh: English words %q", strings.Join(args, " "), bad)
		}
	}
}

// TestChineseInputLine checks that verify names a line of its input
// apart from a row of the board: 输入第 k 行, and 第 k 行 for the row.
func TestChineseInputLine(t *testing.T) {
	r := runCLI(t.Context(), strings.NewReader("1 1\n"), "verify", "--lang", "zh")
	if !strings.Contains(r.stdout+r.stderr, "输入第 1 行：第 1 行和第 2 行") {
		t.Errorf("%s\nwant the input line named 输入第 1 行", r)
	}
}
