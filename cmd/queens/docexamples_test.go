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
// an expected line "..." stands for any lines, and one that ends in " ..."
// for any line that begins with what stands before the dots. A "$ " line in any
// other fenced block fails the test: commands that must not run are
// written in "sh" blocks without the prompt.

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
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
