package main

// Errors of the command line: their exit codes and hints, the one line
// each prints, and the reading of N, which makes many of them.

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/spf13/cobra"
)

// exitError carries an error together with the exit code it ends the
// program with and an optional hint for the user.
type exitError struct {
	code int
	err  error
	hint string
	// sizeHint replaces the hint by one that shows the command that ran
	// with a board size that works.
	sizeHint bool
	// silent prints nothing: the output has said it already, as the count
	// 0 of 'solve --count' does.
	silent bool
}

// errNoneCounted ends a count that found no solution: the 0 printed is
// the answer, and the exit code 1 the definite no, as 'grep -c' does.
var errNoneCounted = &exitError{code: exitNo, err: errors.New("no solution counted"), silent: true}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks err as bad usage or bad input: exit code 2.
func usageError(err error, hint string) error {
	return &exitError{code: exitUsage, err: err, hint: hint}
}

// noError marks err as a definite no: exit code 1.
func noError(err error) error {
	return &exitError{code: exitNo, err: err}
}

// report prints err as one line, and a hint line when there is one, and
// returns the exit code it calls for.
func report(std streams, err error) int {
	stderr, p := std.errOut, std.p
	code, hint := exitUsage, ""
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		code, hint = ee.code, ee.hint
	case errors.Is(err, context.Canceled):
		code = exitInterrupted
	}
	if ee != nil && ee.silent {
		return code
	}
	if code == exitInterrupted {
		fmt.Fprintf(stderr, "queens: %s\n", p.Text("interrupted"))
	} else {
		// The library's errors name it already.
		fmt.Fprintf(stderr, "queens: %s%s%s\n", p.Text("error"), colon(p), p.Translate(strings.TrimPrefix(err.Error(), "queens: ")))
	}
	if hint != "" {
		fmt.Fprintf(stderr, "queens: %s%s%s\n", p.Text("hint"), colon(p), p.Translate(hint))
	}
	return code
}

// say writes a line for people to standard error: "queens: ", the label
// (note, warning, hint, cluster, worker, or none for ""), and the
// sentence of the catalogue key with the values args, all in the
// printer's language. Values that are errors are translated too.
func (s streams) say(label, key string, args ...any) {
	p := s.p
	prefix := ""
	if label != "" {
		prefix = p.Text(label) + colon(p)
	}
	for i, a := range args {
		switch a := a.(type) {
		case error:
			args[i] = p.Translate(a.Error())
		case string:
			args[i] = p.Translate(a) // a reason or a count in words; a name stays as it is
		}
	}
	fmt.Fprintf(s.errOut, "queens: %s%s\n", prefix, p.Sprintf(key, args...))
}

// colon returns the colon that follows a label in the printer's language.
func colon(p *message.Printer) string {
	if p.Lang() == message.Chinese {
		return "："
	}
	return ": "
}

// parseN parses a board size from the command line; max is the largest
// size the command accepts.
// It takes decimal digits only, as it takes no sign or spaces.
func parseN(s string, max int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > max || strings.TrimLeft(s, "0123456789") != "" {
		//lint:ignore ST1005 N is the board size, named as the usage line names it
		return 0, sizeError(fmt.Errorf("N must be a whole number from 1 to %d, got %q", max, s))
	}
	return n, nil
}

// sizeError marks err as a bad board size: a usage error whose hint shows
// the command that ran with a size that works.
func sizeError(err error) error {
	return &exitError{code: exitUsage, err: err, hint: "try 'queens count 8'", sizeHint: true}
}

// negativeArg matches the error of the flag parser for an argument that
// looks like a negative number, such as the N of 'queens count -1'.
var negativeArg = regexp.MustCompile(`^unknown shorthand flag: '[0-9]' in (-[0-9][0-9.]*)$`)

// badValue matches the error of the flag parser for a value that does not
// parse: the value, the flag ("-o, --output" or "--limit") and the cause.
var badValue = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-., )?(--[^"]+)" flag: (.*)$`)

// flagError turns an error of the flag parser for the command cmd into a
// usage error, in the words of the command line rather than those of the
// parser.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if m := negativeArg.FindStringSubmatch(msg); m != nil {
		//lint:ignore ST1005 N is the board size, named as the usage line names it
		return sizeError(fmt.Errorf("N must be a whole number from 1 to %d, got %q", maxBoard(cmd), m[1]))
	}
	helpHint := "see 'queens help' for the flags"
	if cmd != nil && cmd.HasParent() {
		helpHint = fmt.Sprintf("see 'queens %s --help' for the flags", cmd.Name())
	}
	if m := badValue.FindStringSubmatch(msg); m != nil {
		value, flag, cause := m[1], m[2], m[3]
		var want string
		switch {
		case strings.HasPrefix(cause, "strconv.ParseInt"), strings.HasPrefix(cause, "strconv.ParseUint"):
			want = "a whole number"
			if strings.HasSuffix(cause, "value out of range") {
				want = "a whole number of a sensible size"
			}
		case strings.HasPrefix(cause, "strconv.ParseFloat"):
			want = "a number"
		case strings.HasPrefix(cause, "strconv.ParseBool"):
			want = "true or false"
		case strings.HasPrefix(cause, "time: "):
			want = "a duration such as 500ms, 2s or 1m"
		}
		if want != "" {
			return usageError(fmt.Errorf("%s must be %s, got %q", flag, want, value), "")
		}
		// A flag of this program's own type says what is wrong itself.
		if !strings.HasPrefix(cause, "strconv.") {
			return usageError(fmt.Errorf("%s: %s", flag, cause), helpHint)
		}
	}
	return usageError(err, helpHint)
}

// maxBoard returns the largest board size the command cmd takes: solve
// finds one solution far beyond the sizes the others count.
func maxBoard(cmd *cobra.Command) int {
	if cmd != nil && cmd.Name() == "solve" {
		return queens.MaxSolveN
	}
	return queens.MaxN
}

// sizeArg is the cobra argument check of commands that take one board size.
func sizeArg(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return usageError(fmt.Errorf("%s takes one board size N, got %d arguments", cmd.Name(), len(args)), fmt.Sprintf("try 'queens %s 8'", cmd.Name()))
	}
	return nil
}

// libraryError turns an error of the queens library into one with the exit
// code it calls for.
func libraryError(err error) error {
	switch {
	case errors.Is(err, queens.ErrNoSolution):
		return noError(err)
	case errors.Is(err, queens.ErrSize), errors.Is(err, queens.ErrUnknownAlgorithm):
		return usageError(err, "")
	}
	return err
}
