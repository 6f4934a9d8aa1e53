package main

// The machinery behind TestDocExamples. The pages and this test agree on
// the following. A runnable example is a fenced block whose info string is
// exactly "console"; in it a line "$ COMMAND" is run and the lines below
// it, up to the next "$ " line, are its standard output and error as a
// terminal shows them. A command is a pipeline of queens, echo or printf
// (first stage only) with the quoting of a shell and no other shell
// syntax; " # exit N" states the exit status of its last stage (else 0).
// Each block runs in a fresh directory holding a link "docs" to docs/.
// Durations and rates are masked on both sides, trailing spaces ignored,
// and an expected line "..." stands for any lines. A "$ " line in any
// other fenced block fails the test: commands that must not run are
// written in "sh" blocks without the prompt.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// docBlock is one ```console block of a page.
type docBlock struct {
	line     int // of the opening fence, from 1
	commands []docCommand
}

// docCommand is one "$ " line of a console block and the output shown
// after it.
type docCommand struct {
	line   int    // of the "$ " line, from 1
	text   string // the line without "$ "
	expect []string
}

// docProblem is something in a page that breaks the format of examples.
type docProblem struct {
	line int
	msg  string
}

// parseDoc reads the fenced code blocks of a Markdown page. It returns the
// console blocks and the lines that break the format: a "$ " line in a
// block that is not console, a console block without a command or with
// text before its first one, a fence left open.
func parseDoc(src string) ([]docBlock, []docProblem) {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var blocks []docBlock
	var problems []docProblem
	for i := 0; i < len(lines); i++ {
		indent, fence, info, ok := openingFence(lines[i])
		if !ok {
			continue
		}
		start := i
		var body []string
		closed := false
		for i++; i < len(lines); i++ {
			if isClosingFence(lines[i], fence) {
				closed = true
				break
			}
			body = append(body, dedent(lines[i], indent))
		}
		if !closed {
			problems = append(problems, docProblem{start + 1, "the code block is never closed"})
		}
		if info != "console" {
			for j, l := range body {
				if strings.HasPrefix(strings.TrimLeft(l, " \t"), "$ ") {
					problems = append(problems, docProblem{start + 2 + j, fmt.Sprintf("a \"$ \" line in a block whose info string is %q, not \"console\": it would never be run", info)})
				}
			}
			continue
		}
		b := docBlock{line: start + 1}
		stray := 0 // the line of text before the first command
		for j, l := range body {
			if text, ok := strings.CutPrefix(l, "$ "); ok {
				b.commands = append(b.commands, docCommand{line: start + 2 + j, text: text})
			} else if len(b.commands) > 0 {
				c := &b.commands[len(b.commands)-1]
				c.expect = append(c.expect, l)
			} else if stray == 0 && strings.TrimSpace(l) != "" {
				stray = start + 2 + j
			}
		}
		switch {
		case len(b.commands) == 0:
			problems = append(problems, docProblem{start + 1, "a console block without a \"$ \" command"})
		case stray > 0:
			problems = append(problems, docProblem{stray, "output before the first \"$ \" command of a console block"})
			blocks = append(blocks, b)
		default:
			blocks = append(blocks, b)
		}
	}
	return blocks, problems
}

// openingFence reports whether line opens a fenced code block (three or
// more backticks or tildes), with its indentation, its fence and its info
// string. Any indentation will do, not only CommonMark's three spaces, so
// that a block deep in a list is not missed.
func openingFence(line string) (indent int, fence, info string, ok bool) {
	rest := strings.TrimLeft(line, " ")
	indent = len(line) - len(rest)
	if rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return 0, "", "", false
	}
	n := len(rest) - len(strings.TrimLeft(rest, rest[:1]))
	if n < 3 {
		return 0, "", "", false
	}
	fence, info = rest[:n], strings.TrimSpace(rest[n:])
	if fence[0] == '`' && strings.Contains(info, "`") {
		return 0, "", "", false
	}
	return indent, fence, info, true
}

// isClosingFence reports whether line closes a block opened by fence.
func isClosingFence(line, fence string) bool {
	rest := strings.TrimLeft(line, " ")
	n := len(rest) - len(strings.TrimLeft(rest, fence[:1]))
	return n >= len(fence) && strings.TrimSpace(rest[n:]) == ""
}

// dedent removes up to n leading spaces, as a fence indented by n does.
func dedent(line string, n int) string {
	for n > 0 && strings.HasPrefix(line, " ") {
		line, n = line[1:], n-1
	}
	return line
}

// docPipeline is a parsed command line: its stages, each a list of words
// whose first is the program, and the exit status the last one must have.
type docPipeline struct {
	stages [][]string
	exit   int
}

// parsePipeline splits a command line into the stages of a pipeline, with
// the quoting of a POSIX shell: '…' keeps everything, "…" keeps all but
// the backslash before $ ` " \, a backslash outside quotes keeps the next
// character. A word-initial # starts a comment, which may only be
// "exit N". Whatever a shell would expand or redirect is an error, so that
// a page never shows a command the test runs differently.
func parsePipeline(line string) (docPipeline, error) {
	p := docPipeline{}
	var stage []string
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			stage = append(stage, word.String())
			word.Reset()
			inWord = false
		}
	}
	endStage := func() error {
		endWord()
		if len(stage) == 0 {
			return errors.New("an empty stage of the pipeline")
		}
		p.stages = append(p.stages, stage)
		stage = nil
		return nil
	}
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
			i++
		case c == '#' && !inWord:
			m := exitComment.FindStringSubmatch(line[i:])
			if m == nil {
				return p, fmt.Errorf("the comment %q is not \"# exit N\"", line[i:])
			}
			p.exit, _ = strconv.Atoi(m[1])
			i = len(line)
		case c == '|':
			if strings.HasPrefix(line[i:], "||") {
				return p, errors.New("|| is not supported")
			}
			if err := endStage(); err != nil {
				return p, err
			}
			i++
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return p, errors.New("an unclosed '")
			}
			word.WriteString(line[i+1 : i+1+end])
			inWord = true
			i += end + 2
		case c == '"':
			j, err := doubleQuoted(line, i+1, &word)
			if err != nil {
				return p, err
			}
			inWord = true
			i = j
		case c == '\\':
			if i+1 == len(line) {
				return p, errors.New("a backslash at the end of the line: continued lines are not supported")
			}
			_, size := utf8.DecodeRuneInString(line[i+1:])
			word.WriteString(line[i+1 : i+1+size])
			inWord = true
			i += 1 + size
		case strings.IndexByte("$`;&<>()*?[{", c) >= 0 || (c == '~' && !inWord):
			return p, fmt.Errorf("%q: variables, globs, redirections and other shell syntax are not supported", c)
		default:
			word.WriteByte(c)
			inWord = true
			i++
		}
	}
	if err := endStage(); err != nil {
		return p, err
	}
	for k, s := range p.stages {
		switch {
		case s[0] == "queens":
		case k == 0 && (s[0] == "echo" || s[0] == "printf"):
		case k == 0:
			return p, fmt.Errorf("the program %q: a command starts with queens, echo or printf", s[0])
		default:
			return p, fmt.Errorf("the program %q: every later stage of a pipeline is queens", s[0])
		}
	}
	return p, nil
}

// exitComment is the one comment a command may end with.
var exitComment = regexp.MustCompile(`^#\s*exit\s+(\d+)\s*$`)

// doubleQuoted copies the text of a "…" string that starts at line[i] to
// word and returns the index after its closing quote.
func doubleQuoted(line string, i int, word *strings.Builder) (int, error) {
	for i < len(line) {
		switch c := line[i]; c {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(line) && strings.IndexByte("$`\"\\", line[i+1]) >= 0 {
				word.WriteByte(line[i+1])
				i += 2
				continue
			}
			word.WriteByte(c)
		case '$', '`':
			return 0, fmt.Errorf("%q in double quotes: expansions are not supported", c)
		default:
			word.WriteByte(c)
		}
		i++
	}
	return 0, errors.New("an unclosed \"")
}

// docEcho is echo without options: its words, a space apart, and a newline.
func docEcho(args []string) (string, error) {
	if len(args) > 0 && strings.HasPrefix(args[0], "-") {
		return "", fmt.Errorf("echo %s: options of echo differ between shells; use printf", args[0])
	}
	return strings.Join(args, " ") + "\n", nil
}

// docPrintf is printf FORMAT ARGS… of the shell for the escapes \n \t \\
// and the conversions %s %d %%, with flags and a width. As in the shell,
// the format is used again while arguments are left.
func docPrintf(args []string) (string, error) {
	if len(args) == 0 {
		return "", errors.New("printf without a format")
	}
	format, args := args[0], args[1:]
	var out strings.Builder
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch c {
			case '\\':
				if i+1 == len(format) {
					return "", errors.New("printf: a backslash at the end of the format")
				}
				i++
				switch format[i] {
				case 'n':
					out.WriteByte('\n')
				case 't':
					out.WriteByte('\t')
				case '\\':
					out.WriteByte('\\')
				default:
					return "", fmt.Errorf("printf: the escape \\%c is not supported", format[i])
				}
			case '%':
				m := printfVerb.FindString(format[i+1:])
				if m == "" {
					return "", fmt.Errorf("printf: the conversion at %q is not supported", format[i:])
				}
				i += len(m)
				verb := m[len(m)-1]
				if verb == '%' {
					out.WriteByte('%')
					continue
				}
				arg := ""
				if used < len(args) {
					arg = args[used]
				}
				used++
				if verb == 's' {
					fmt.Fprintf(&out, "%"+m, arg)
					continue
				}
				n := 0
				if arg != "" {
					var err error
					if n, err = strconv.Atoi(arg); err != nil {
						return "", fmt.Errorf("printf: %q is not a number", arg)
					}
				}
				fmt.Fprintf(&out, "%"+m[:len(m)-1]+"d", n)
			default:
				out.WriteByte(c)
			}
		}
		if used == 0 || used >= len(args) {
			return out.String(), nil
		}
		args = args[used:]
	}
}

// printfVerb is what may follow % in a format of docPrintf.
var printfVerb = regexp.MustCompile(`^(%|[-0 +]*[0-9]*[sdi])`)

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
					if me[i] == ma[j] {
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
		case j < len(ma) && me[i] == ma[j] && cost[i][j] == cost[i+1][j+1]:
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
