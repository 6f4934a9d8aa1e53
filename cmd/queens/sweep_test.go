package main

import (
	"context"
	"maps"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// sweepFlags are the flag sets TestEveryN runs each subcommand with.
var sweepFlags = map[string][][]string{
	"count": {
		{}, {"--estimate", "--json"}, {"--json"}, {"--estimate"}, {"--estimate", "--lang", "zh"},
		{"--algo", "rows"}, {"--recount", "100"}, {"--quiet", "--workers", "1"}, {"--shard", "1/2"},
	},
	"list": {
		{}, {"--unique"}, {"--format", "board"}, {"--format", "svg"}, {"--format", "json"},
		{"--format", "solution"}, {"--order", "columns"}, {"--limit", "1"}, {"--style", "002"},
	},
	"solve": {
		{}, {"--count"}, {"--json"}, {"--method", "construct"}, {"--method", "random", "--seed", "1"},
		{"--all"}, {"--any"}, {"--with", "a1"}, {"--count", "--cross-check"},
	},
	"trace": {{}, {"--json"}, {"--limit", "3"}, {"--gif", "@", "--to", "3"}},
	"bench": {{"--algo", "rows"}, {"--algo", "rows", "--json"}},
}

// TestEveryN runs count, list, solve, trace and bench with every N from 0
// to 40 and each of a few flag sets (the quick run the N from 10 to 30
// with the first two sets only), each for at most a short while: none
// may panic, and each ends with one of the exit codes the command line
// uses, with a one-line error where it refuses. The runs of boards above
// N = 8 are cut short: the quick run cancels them before they start, the
// slow run after 50 ms; up to N = 8 every run must end by itself. The
// slow run takes minutes under the race detector, which has nothing to
// find in it that the quick run does not give it: CI runs it without.
func TestEveryN(t *testing.T) {
	full := testenv.Slow() && !raceEnabled
	limit := time.Duration(0) // cancelled before it starts
	if full {
		limit = 50 * time.Millisecond
	}
	dir := t.TempDir()
	flagSets := maps.Clone(sweepFlags)
	if full {
		// Every algorithm, each timed once: seconds a board.
		flagSets["bench"] = append(flagSets["bench"], []string{"--runs", "1"})
	}
	for _, cmd := range []string{"count", "list", "solve", "trace", "bench"} {
		for i, flags := range flagSets[cmd] {
			for n := 0; n <= 40; n++ {
				if i >= 2 && n > 9 && n < 31 && !full {
					continue // the quick run: every N with two flag sets, the edges with all
				}
				args := append([]string{cmd, strconv.Itoa(n)}, flags...)
				for i, a := range args {
					if a == "@" {
						args[i] = filepath.Join(dir, "out.gif")
					}
				}
				d := limit
				if n <= 8 {
					d = time.Minute // small boards finish by themselves
				}
				r := sweepRun(t, d, args)
				switch r.code {
				case exitOK, exitNo, 3, exitInterrupted:
				case exitUsage:
					if lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n"); len(lines) > 2 ||
						!strings.HasPrefix(lines[0], "queens: ") || strings.Count(r.stderr, "\n") != len(lines) {
						t.Fatalf("%s\nwant one error line, and at most a hint", r)
					}
				default:
					t.Fatalf("%s\nan exit code the command line does not use", r)
				}
				if n <= 8 && r.code != exitOK && r.code != exitNo && r.code != exitUsage {
					t.Errorf("%s\nN = %d ended otherwise than by itself", r, n)
				}
			}
		}
	}
}

// sweepRun runs args for at most limit, and fails the test with the
// command line and the stack when the run panics.
func sweepRun(t *testing.T, limit time.Duration, args []string) (r cliRun) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	defer func() {
		if v := recover(); v != nil {
			t.Fatalf("queens %s panicked: %v\n%s", strings.Join(args, " "), v, debug.Stack())
		}
	}()
	start := time.Now()
	r = runCLI(ctx, nil, args...)
	if e := time.Since(start); limit < time.Minute && e > limit+5*time.Second {
		t.Errorf("queens %s took %v after its deadline", strings.Join(args, " "), e-limit)
	}
	if strings.Contains(r.stderr, "panic") {
		t.Fatalf("%s", r)
	}
	return r
}
