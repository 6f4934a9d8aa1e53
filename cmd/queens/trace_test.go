package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens"
)

func TestTraceGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"trace-4-flags", []string{"trace", "4", "--algo", "flags"}},
		{"trace-4-matrix-limit", []string{"trace", "4", "--algo", "matrix", "--limit", "14"}},
		{"trace-4-permute-limit", []string{"trace", "4", "--algo", "permute", "--limit", "16"}},
		{"trace-5-bitboard-json", []string{"trace", "5", "--algo", "bitboard", "--json", "--limit", "20"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t.Context(), nil, tc.args...)
			r.wantExit(t, 0)
			golden(t, tc.name, r.String())
		})
	}
}

// TestTraceLogAgrees checks that the logs of the row-by-row algorithms
// tell the same story once the tries and the counters are left out.
func TestTraceLogAgrees(t *testing.T) {
	story := func(algo string) string {
		r := runCLI(t.Context(), nil, "trace", "6", "--algo", algo, "--limit", "0")
		r.wantExit(t, 0)
		var b strings.Builder
		for line := range strings.Lines(r.stdout) {
			if strings.Contains(line, "try row") || strings.HasPrefix(line, algo+", N=") {
				continue
			}
			line = strings.Replace(line, " (counters +1)", "", 1)
			b.WriteString(strings.Replace(line, " (counters -1)", "", 1))
		}
		return b.String()
	}
	want := story("flags")
	if !strings.Contains(want, "solution 4: 5 3 1 6 4 2\n") || strings.Contains(want, "solution 5") {
		t.Fatalf("flags log lacks the 4 solutions of N=6:\n%s", want)
	}
	for _, a := range queens.Algorithms() {
		if a.Name == "permute" || a.Name == "flags" {
			continue
		}
		if got := story(a.Name); got != want {
			t.Errorf("the log of %s differs from that of flags: %s", a.Name, diffLines(want, got))
		}
	}
}

func TestTraceJSON(t *testing.T) {
	r := runCLI(t.Context(), nil, "trace", "6", "--algo", "matrix", "--json", "--limit", "0")
	r.wantExit(t, 0)
	if r.stderr != "" {
		t.Errorf("stderr %q", r.stderr)
	}
	var solutions, places, removes int
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	for sc.Scan() {
		var e queens.Event
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		switch e.Kind {
		case queens.EventSolution:
			solutions++
			if err := e.Queens.Validate(); err != nil || e.Index != uint64(solutions) {
				t.Errorf("solution event %s: %v", sc.Text(), err)
			}
		case queens.EventPlace:
			places++
			if e.Delta != 1 {
				t.Errorf("matrix place without its counter change: %s", sc.Text())
			}
		case queens.EventRemove:
			removes++
			if e.Delta != -1 {
				t.Errorf("matrix remove without its counter change: %s", sc.Text())
			}
		}
	}
	if solutions != 4 || places != removes || places == 0 {
		t.Errorf("%d solutions, %d places, %d removes; want 4 solutions and balance", solutions, places, removes)
	}
}

func TestTraceLimit(t *testing.T) {
	r := runCLI(t.Context(), nil, "trace", "8", "--limit", "7")
	r.wantExit(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 7 {
		t.Errorf("%d lines for --limit 7:\n%s", n, r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "queens: hint: ") || !strings.Contains(r.stderr, "--limit 0") {
		t.Errorf("no hint about the limit: %q", r.stderr)
	}
	// A limit of exactly the 98 events of N=4 cuts nothing.
	r = runCLI(t.Context(), nil, "trace", "4", "--limit", "98")
	if !strings.HasSuffix(r.stdout, "flags, N=4: 2 solutions, 16 queens placed, 60 safety checks\n") || r.stderr != "" {
		t.Errorf("--limit 98 for the 98 events of N=4: %q, stderr %q", r.stdout, r.stderr)
	}
	r = runCLI(t.Context(), nil, "trace", "4", "--limit", "97")
	if strings.Count(r.stdout, "\n") != 97 || r.stderr == "" {
		t.Errorf("--limit 97 for the 98 events of N=4: %q, stderr %q", r.stdout, r.stderr)
	}
	// The default limit shows the whole search of N=8, and a summary.
	r = runCLI(t.Context(), nil, "trace", "8", "--algo", "rows")
	r.wantExit(t, 0)
	if !strings.HasSuffix(r.stdout, "rows, N=8: 92 solutions, 2056 queens placed, 15720 safety checks\n") || r.stderr != "" {
		t.Errorf("N=8 ends with %q, stderr %q", r.stdout[max(0, len(r.stdout)-200):], r.stderr)
	}
}

func TestTraceAnimateFallsBackToLog(t *testing.T) {
	log := runCLI(t.Context(), nil, "trace", "5", "--algo", "scan")
	anim := runCLI(t.Context(), nil, "trace", "5", "--algo", "scan", "--animate", "--delay", "1h")
	anim.wantExit(t, 0)
	if anim.stdout != log.stdout || strings.Contains(anim.stdout, "\x1b[") {
		t.Errorf("--animate to a buffer is not the log:\n%s", diffLines(log.stdout, anim.stdout))
	}
}

func TestTraceAnimationFrames(t *testing.T) {
	a, err := queens.LookupAlgorithm("flags")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	anim := newAnimation(&out, traceOptions{n: 4, algo: a, color: true})
	var frames []string
	for e := range a.Events(t.Context(), 4) {
		out.Reset()
		if err := anim.frame(e); err != nil {
			t.Fatal(err)
		}
		frames = append(frames, out.String())
	}
	// Frame 3 tries row 2, column 1, which the queen on row 1, column 1
	// attacks: the square is marked, the attacker shown, row 1's other
	// squares and the attacked squares of rows 3 and 4 shaded.
	f := frames[2]
	for _, want := range []string{"\x1b[H", "flags  N=4  event 3  solutions 0", ansiTryBad + " x", ansiAttacker + " Q", ansiAttacked + "░░", "try row 2 col 1: column flag set by the queen in row 1\x1b[K"} {
		if !strings.Contains(f, want) {
			t.Errorf("frame 3 lacks %q:\n%q", want, f)
		}
	}
	if rows := strings.Count(f, "\x1b[K\n"); rows != 4+3 {
		t.Errorf("frame 3 has %d lines, want a header, 4 rows, a status line and the legend", rows)
	}
	// board returns the rows of the board of a frame, between the header
	// and the status line; the legend follows the status line.
	board := func(f string) string { return strings.Split(f, "\x1b[K\n\n")[1] }
	if parts := strings.Split(f, "\x1b[K\n\n"); len(parts) != 4 || !strings.Contains(parts[3], ansiAttacker+" Q\x1b[0m the attacking queen") {
		t.Errorf("frame 3 lacks the legend: %q", f)
	}
	last := frames[len(frames)-1]
	if !strings.Contains(last, "solutions 2") || strings.Contains(board(last), " Q") {
		t.Errorf("last frame: %q", last)
	}
	var solutionFrame string
	for _, f := range frames {
		if strings.Contains(f, "solution 1: 2 4 1 3") {
			solutionFrame = f
		}
	}
	if strings.Count(board(solutionFrame), ansiFound+" Q") != 4 {
		t.Errorf("the solution frame does not show 4 queens: %q", solutionFrame)
	}
}

func TestTraceBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"trace"}, "one board size"},
		{[]string{"trace", "4", "5"}, "one board size"},
		{[]string{"trace", "abc"}, `got "abc"`},
		{[]string{"trace", "0"}, "from 1 to"},
		{[]string{"trace", "33"}, "from 1 to"},
		{[]string{"trace", "8", "--algo", "magic"}, `unknown algorithm "magic"`},
		{[]string{"trace", "11", "--algo", "permute"}, "up to N=10"},
		{[]string{"trace", "8", "--limit", "-1"}, "--limit"},
		{[]string{"trace", "8", "--delay", "-1s"}, "--delay"},
		{[]string{"trace", "8", "--delay", "soon"}, "soon"},
		{[]string{"trace", "8", "--json", "--animate"}, "do not go together"},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantError(t, exitUsage, tc.want)
	}
	r := runCLI(t.Context(), nil, "trace", "8", "--algo", "magic")
	if !strings.Contains(r.stderr, "queens: hint: known algorithms: permute,") {
		t.Errorf("no list of the algorithms: %q", r.stderr)
	}
}

func TestTraceInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r := runCLI(ctx, nil, "trace", "10")
	r.wantExit(t, exitInterrupted)
	if r.stderr != "queens: interrupted\n" {
		t.Errorf("stderr %q", r.stderr)
	}

	// Ctrl-C during the pause of an animation.
	ctx, cancel = context.WithCancel(t.Context())
	time.AfterFunc(50*time.Millisecond, cancel)
	var out bytes.Buffer
	err := trace(ctx, streams{out: &out, errOut: &out}, traceOptions{n: 8, algo: queens.Algorithms()[0], animate: true, delay: time.Hour})
	if err != context.Canceled {
		t.Errorf("animation interrupted: error %v", err)
	}
	if !strings.HasSuffix(out.String(), "\x1b[?25h") {
		t.Errorf("the cursor stays hidden: %q", out.String())
	}
}

// TestTraceSingular checks the summary of a search that found one
// solution with one queen and one check.
func TestTraceSingular(t *testing.T) {
	r := runCLI(t.Context(), nil, "trace", "1", "--algo", "flags")
	r.wantExit(t, exitOK)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if got, want := lines[len(lines)-1], "flags, N=1: 1 solution, 1 queen placed, 1 safety check"; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
}

func TestUseColor(t *testing.T) {
	env := func(v string) func(string) string {
		return func(name string) string {
			if name == "NO_COLOR" {
				return v
			}
			return ""
		}
	}
	for _, tc := range []struct {
		mode, noColor string
		want          bool
	}{
		{"auto", "", true}, {"auto", "1", false}, {"always", "1", true}, {"never", "", false},
	} {
		if got, err := useColor(tc.mode, env(tc.noColor)); err != nil || got != tc.want {
			t.Errorf("--color %s with NO_COLOR=%q: %v, %v; want %v", tc.mode, tc.noColor, got, err, tc.want)
		}
	}
	runCLI(t.Context(), nil, "trace", "4", "--animate", "--color", "pink").wantError(t, exitUsage, `--color must be auto, always or never, got "pink"`)
	runCLI(t.Context(), nil, "trace", "4", "--color", "never").wantError(t, exitUsage, "--color is for the board of --animate")
}

// TestAnimationColors draws frames with and without colour: without, no
// escape sequence paints a square, and every square still shows.
func TestAnimationColors(t *testing.T) {
	algo, _ := queens.LookupAlgorithm("flags")
	for _, color := range []bool{true, false} {
		var b strings.Builder
		a := newAnimation(&b, traceOptions{n: 4, algo: algo, color: color})
		a.frame(queens.Event{Kind: queens.EventPlace, Row: 0, Col: 1, Conflict: -1})
		a.frame(queens.Event{Kind: queens.EventTry, Row: 1, Col: 2, Conflict: 0})
		painted := strings.Contains(b.String(), "\x1b[48;5;")
		if painted != color {
			t.Errorf("color %v: squares painted: %v", color, painted)
		}
		if !color && (!strings.Contains(b.String(), " Q") || !strings.Contains(b.String(), " x") || !strings.Contains(b.String(), " .") || !strings.Contains(b.String(), " -")) {
			t.Errorf("plain frame lacks a queen, the tried square, an empty or an attacked square:\n%s", b.String())
		}
	}
}

func TestAlgoCompletion(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "trace", "8", "--algo", ""}, "flags\t"},
		{[]string{"__complete", "bench", "8", "--algo", ""}, "all\t"},
		{[]string{"__complete", "bench", "8", "--algo", "flags,b"}, "flags,board\t"},
		{[]string{"__complete", "trace", "8", "--animate", "--color", ""}, "never"},
		{[]string{"__complete", "count", "12", "--algo", ""}, "bitboard\t"},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		if !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%s\nwant a completion %q", r, tc.want)
		}
	}
}

// TestTraceJSONConflict checks the conflict of every attacked try of
// 'trace 8 --json --limit 0': for flags, against the flags the check
// reads (the column's, then the "\" diagonal's, then the "/" one's) and
// the queen that set the first one set; for every algorithm, against
// the library's events, which the root package checks against a model
// of each algorithm's check.
func TestTraceJSONConflict(t *testing.T) {
	for _, a := range queens.Algorithms() {
		if a.Name == "permute" {
			continue // half a million events; the root package checks its tries at N = 8
		}
		t.Run(a.Name, func(t *testing.T) {
			r := runCLI(t.Context(), nil, "trace", "8", "--algo", a.Name, "--json", "--limit", "0")
			r.wantExit(t, 0)
			var want []int // the conflicts of the library's tries
			if _, err := a.Search(t.Context(), 8, func(e queens.Event) bool {
				if e.Kind == queens.EventTry {
					want = append(want, e.Conflict)
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			setter := map[[2]int]int{} // {line kind, index}: the row of the queen that set the flag
			lines := func(row, col int) [3][2]int { return [3][2]int{{0, col}, {1, row - col}, {2, row + col}} }
			tries := 0
			for line := range strings.Lines(r.stdout) {
				var e queens.Event
				if err := json.Unmarshal([]byte(line), &e); err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				switch e.Kind {
				case queens.EventPlace:
					for _, l := range lines(e.Row, e.Col) {
						setter[l] = e.Row
					}
				case queens.EventRemove:
					for _, l := range lines(e.Row, e.Col) {
						delete(setter, l)
					}
				case queens.EventTry:
					if tries >= len(want) || e.Conflict != want[tries] {
						t.Fatalf("try %d %s: not the library's conflict", tries, line)
					}
					tries++
					if a.Name != "flags" {
						continue
					}
					by := -1
					for _, l := range lines(e.Row, e.Col) {
						if r, ok := setter[l]; ok {
							by = r
							break
						}
					}
					if e.Conflict != by {
						t.Fatalf("%s: the flags check meets the flag set by row %d first", line, by)
					}
				}
			}
			if tries != len(want) {
				t.Errorf("%d tries, the library makes %d", tries, len(want))
			}
		})
	}
}
