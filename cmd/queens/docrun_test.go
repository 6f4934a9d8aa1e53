package main

// Running the commands of the docs' examples and comparing their output
// with the pages: the rest of the machinery of TestDocExamples.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"
)

// docTimeout bounds one command, so that a server in an example fails the
// test rather than hanging it; examples take well under a second.
const docTimeout = 20 * time.Second

// lockedBuffer collects output that several goroutines of a command may
// write at once, such as its results and its progress.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// runPipeline runs the stages of p one after the other in the current
// working directory, each to its end, the standard output of each the
// standard input of the next. It returns what a terminal would show,
// the standard error of every stage and the standard output of the last,
// and the exit status of the last stage.
func runPipeline(ctx context.Context, p docPipeline) (string, int, error) {
	ctx, cancel := context.WithTimeout(ctx, docTimeout)
	defer cancel()
	var shown lockedBuffer
	var in io.Reader = strings.NewReader("")
	code := 0
	for k, s := range p.stages {
		last := k == len(p.stages)-1
		var out io.Writer = &shown
		var piped lockedBuffer
		if !last {
			out = &piped
		}
		var err error
		text := ""
		switch s[0] {
		case "echo":
			text, err = docEcho(s[1:])
		case "printf":
			text, err = docPrintf(s[1:])
		default:
			code = run(ctx, s[1:], in, out, &shown)
		}
		if err != nil {
			return "", 0, err
		}
		io.WriteString(out, text)
		if ctx.Err() != nil {
			return shown.String(), code, fmt.Errorf("%s did not end within %v", strings.Join(s, " "), docTimeout)
		}
		in = strings.NewReader(piped.String())
	}
	return shown.String(), code, nil
}

// maskLine puts <rate> for the number of a rate and <time> for a duration
// in line, and drops its trailing spaces: what changes from run to run and
// nothing else.
func maskLine(line string) string {
	line = strings.TrimRight(line, " \t")
	line = replaceAlone(line, rate, func(m []string) string { return "<rate>" + m[1] })
	return replaceAlone(line, duration, func([]string) string { return "<time>" })
}

var (
	// rate is a number, perhaps with thousands separators and an SI
	// prefix, followed by /s or by a word and /s (12.3M nodes/s); the
	// word is kept. 秒 is the second of the Chinese output.
	rate = regexp.MustCompile(`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?: ?[kKMGTPE]i?)?( ?\pL*/(?:s|秒))`)
	// duration is a Go duration (850µs, 1m2.5s, 2h3m4s) or a decimal
	// one, perhaps with a space before its unit (0.001 s, 3.139 ms,
	// 0.422 毫秒).
	duration = regexp.MustCompile(`(?:\d+(?:\.\d+)?(?:h|ms|m|s|µs|μs|us|ns))+|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)? ?(?:ms|s|µs|μs|us|ns|毫秒|微秒|纳秒|秒)`)
)

// replaceAlone replaces the matches of re in s that stand alone, not
// preceded by a letter, digit or point nor followed by a letter or digit
// (so that a2h, 8mm or 5min stay as they are), by what repl makes of
// their submatches. Letters here are ASCII ones: Chinese text puts a
// number right after a word.
func replaceAlone(s string, re *regexp.Regexp, repl func([]string) string) string {
	var out strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > 0 && (isASCIIWord(s[m[0]-1]) || s[m[0]-1] == '.') || m[1] < len(s) && isASCIIWord(s[m[1]]) {
			continue
		}
		sub := make([]string, len(m)/2)
		for k := range sub {
			if m[2*k] >= 0 {
				sub[k] = s[m[2*k]:m[2*k+1]]
			}
		}
		out.WriteString(s[last:m[0]])
		out.WriteString(repl(sub))
		last = m[1]
	}
	out.WriteString(s[last:])
	return out.String()
}

func isASCIIWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// ellipsis is a line of expected output that stands for any lines.
const ellipsis = "..."

// lineMatches reports whether an expected line, masked, matches an actual
// one: the same text, or, for an expected line that ends in " ...", an
// actual line that begins with what stands before the dots (for figures,
// such as ns/node, that no mask covers).
func lineMatches(expect, actual string) bool {
	if prefix, ok := strings.CutSuffix(expect, " "+ellipsis); ok && prefix != "" {
		return strings.HasPrefix(actual, prefix+" ")
	}
	return expect == actual
}

// outputLines splits a command's output into lines, without the newline
// that ends the last.
func outputLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffLine is one line of the comparison of expected and actual output:
// ' ' for a line of both, '-' expected only, '+' actual only, '~' an
// actual line that an ellipsis stands for.
type diffLine struct {
	op   byte
	text string
}

// compareOutput aligns the expected lines with the actual ones, masked,
// with the fewest lines of one missing from the other; an ellipsis line
// of expected takes any number of actual lines for free. The output
// matches when nothing is missing on either side.
func compareOutput(expect, actual []string) ([]diffLine, bool) {
	me := make([]string, len(expect))
	for i, l := range expect {
		me[i] = maskLine(l)
	}
	ma := make([]string, len(actual))
	for j, l := range actual {
		ma[j] = maskLine(l)
	}
	// cost[i][j] is the least number of unmatched lines of expect[i:]
	// and actual[j:].
	cost := make([][]int, len(me)+1)
	for i := range cost {
		cost[i] = make([]int, len(ma)+1)
	}
	for i := len(me); i >= 0; i-- {
		for j := len(ma); j >= 0; j-- {
			switch {
			case i == len(me):
				cost[i][j] = len(ma) - j
			case me[i] == ellipsis:
				cost[i][j] = cost[i+1][j]
				if j < len(ma) {
					cost[i][j] = min(cost[i][j], cost[i][j+1])
				}
			default:
				cost[i][j] = 1 + cost[i+1][j]
				if j < len(ma) {
					cost[i][j] = min(cost[i][j], 1+cost[i][j+1])
					if lineMatches(me[i], ma[j]) {
						cost[i][j] = min(cost[i][j], cost[i+1][j+1])
					}
				}
			}
		}
	}
	var diff []diffLine
	i, j := 0, 0
	shown := false // the ellipsis at i is in diff
	for i < len(me) || j < len(ma) {
		switch {
		case i == len(me):
			diff = append(diff, diffLine{'+', actual[j]})
			j++
		case me[i] == ellipsis:
			if !shown {
				diff = append(diff, diffLine{' ', expect[i]})
				shown = true
			}
			// On a tie the ellipsis ends, so that what follows it is
			// matched where it can be.
			if j < len(ma) && cost[i][j] == cost[i][j+1] && cost[i][j] != cost[i+1][j] {
				diff = append(diff, diffLine{'~', actual[j]})
				j++
			} else {
				i++
				shown = false
			}
		case j < len(ma) && lineMatches(me[i], ma[j]) && cost[i][j] == cost[i+1][j+1]:
			diff = append(diff, diffLine{' ', actual[j]})
			i, j = i+1, j+1
		case cost[i][j] == 1+cost[i+1][j]:
			diff = append(diff, diffLine{'-', expect[i]})
			i++
		default:
			diff = append(diff, diffLine{'+', actual[j]})
			j++
		}
	}
	return diff, cost[0][0] == 0
}

// formatDiff renders a comparison for a failure report.
func formatDiff(diff []diffLine) string {
	var b strings.Builder
	b.WriteString("(- shown on the page only, + printed only, ~ printed and taken by a \"...\" line)\n")
	for _, d := range diff {
		fmt.Fprintf(&b, "%c %s\n", d.op, d.text)
	}
	return b.String()
}

// checkCommand runs one command of a page in the current working
// directory and returns what is wrong with it, or "" if nothing is.
// name is file:line, the place of the command on its page.
func checkCommand(ctx context.Context, name string, c docCommand) string {
	p, err := parsePipeline(c.text)
	if err != nil {
		return fmt.Sprintf("%s: $ %s\n%v", name, c.text, err)
	}
	out, code, err := runPipeline(ctx, p)
	if err != nil {
		return fmt.Sprintf("%s: $ %s\n%v", name, c.text, err)
	}
	diff, same := compareOutput(c.expect, outputLines(out))
	var msg []string
	if code != p.exit {
		msg = append(msg, fmt.Sprintf("exit status %d, the page says %d (write \" # exit N\" after a command that fails)", code, p.exit))
	}
	if !same {
		msg = append(msg, "the output differs from the page:\n"+formatDiff(diff))
	}
	if len(msg) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: $ %s\n%s", name, c.text, strings.Join(msg, "\n"))
}
