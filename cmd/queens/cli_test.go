package main

// A small harness for tests of the command line: run it in-process, and
// compare its output with golden files under testdata, which
// 'go test ./cmd/queens -update' rewrites.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// cliRun is the outcome of one run of the command line.
type cliRun struct {
	args   []string
	code   int
	stdout string
	stderr string
}

// runCLI runs the command line args in-process with stdin as standard
// input (nil for none) until ctx is done.
func runCLI(ctx context.Context, stdin io.Reader, args ...string) cliRun {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr bytes.Buffer
	code := run(ctx, args, stdin, &stdout, &stderr)
	return cliRun{args: args, code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// String renders the run as a golden file holds it.
func (r cliRun) String() string {
	return fmt.Sprintf("$ queens %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(r.args, " "), r.code, r.stdout, r.stderr)
}

// wantExit fails the test unless the run ended with the exit code.
func (r cliRun) wantExit(t testing.TB, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("%s\nwant exit %d", r, code)
	}
}

// wantError fails the test unless the run failed with exit code code,
// wrote nothing to standard output, and wrote one error line that
// contains want, and no more than one hint line, to standard error.
func (r cliRun) wantError(t testing.TB, code int, want string) {
	t.Helper()
	r.wantExit(t, code)
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	ok := r.stdout == "" && strings.HasPrefix(lines[0], "queens: error: ") && strings.Contains(lines[0], want) &&
		(len(lines) == 1 || len(lines) == 2 && strings.HasPrefix(lines[1], "queens: hint: "))
	if !ok {
		t.Fatalf("%s\nwant exit %d with one error line containing %q, and at most a hint", r, code, want)
	}
}

// wantHint fails the test unless the run's hint line contains want.
func (r cliRun) wantHint(t testing.TB, want string) {
	t.Helper()
	_, hint, ok := strings.Cut(r.stderr, "\nqueens: hint: ")
	if !ok || !strings.Contains(hint, want) {
		t.Fatalf("%s\nwant a hint containing %q", r, want)
	}
}

// timeLine matches the elapsed times that commands print.
var timeLine = regexp.MustCompile(`\d+(\.\d+)? ?(ms|µs|s)\b`)

// maskTimes replaces the elapsed times in s by "X ms", so that output
// that reports a time can be compared with a golden file.
func maskTimes(s string) string {
	return timeLine.ReplaceAllString(s, "X ms")
}

// golden compares got with the file testdata/name.golden, or writes it
// there when the test runs with -update.
func golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./cmd/queens -update' to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update to accept it):\n%s", path, diffLines(string(want), got))
	}
}

// diffLines describes the first difference between two texts.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d:\n  want %q\n   got %q", i+1, wl, gl)
		}
	}
	return "(same lines)"
}
