package main

// How a search of solve ends: its JSON report, and the message and exit
// status of a search that found nothing or ran out of time.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens"
)

// solveReport is the JSON object of 'solve --json': what was asked, and
// what the search found. Rows and columns count from 0, as in the json
// format and the library.
type solveReport struct {
	N int `json:"n"`
	// Result is "solution", "count", "none" (no solution: exit status 1)
	// or "undecided" (the --timeout passed first: exit status 3).
	Result string `json:"result"`
	// Method is the search that found the solution: dfs, construct,
	// random, complete (the completion of --with) or instance.
	Method string          `json:"method,omitempty"`
	Seed   *int64          `json:"seed,omitempty"`
	Count  *queens.Uint128 `json:"count,omitempty"`
	// Instance holds the preset queens, blocked squares and excluded
	// diagonals the solution respects, when there are any.
	Instance *instanceReport `json:"instance,omitempty"`
	// DecidedBy says, of a "none", what decided it: "search" (the
	// exhaustive search) or "relaxation" (the linear relaxation has no
	// solution, with a certificate checked in integers).
	DecidedBy string `json:"decided_by,omitempty"`
	// CrossChecked tells that a second search (dancing links) agreed.
	CrossChecked bool    `json:"cross_checked,omitempty"`
	Millis       float64 `json:"elapsed_ms"`

	start time.Time
	cols  queens.Solution // the solution, written after the other fields
}

// instanceReport is the instance of a solveReport.
type instanceReport struct {
	Queens   [][2]int `json:"queens,omitempty"`
	Blocked  [][2]int `json:"blocked,omitempty"`
	Excluded []string `json:"excluded,omitempty"`
	Rows     []int    `json:"rows,omitempty"`
	Cols     []int    `json:"cols,omitempty"`
}

// newInstanceReport returns the JSON form of in, or nil for a plain board.
func newInstanceReport(in *queens.Instance) *instanceReport {
	if len(in.Queens)+len(in.Blocked)+len(in.Excluded)+len(in.Rows)+len(in.Cols) == 0 {
		return nil
	}
	squares := func(qs []queens.Square) [][2]int {
		var out [][2]int
		for _, q := range qs {
			out = append(out, [2]int{q.Row, q.Col})
		}
		return out
	}
	r := &instanceReport{Queens: squares(in.Queens), Blocked: squares(in.Blocked), Rows: in.Rows, Cols: in.Cols}
	for _, d := range in.Excluded {
		r.Excluded = append(r.Excluded, d.String())
	}
	return r
}

// write writes the report as one line of JSON. The columns of the
// solution go out in chunks after the other fields, so that a solution
// of a hundred million queens does not have to be held as JSON.
func (r *solveReport) write(w io.Writer) error {
	r.Millis = float64(time.Since(r.start).Microseconds()) / 1000
	head, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if r.cols == nil {
		_, err := w.Write(append(head, '\n'))
		return err
	}
	b := append(head[:len(head)-1], `,"cols":[`...)
	for i, c := range r.cols {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(c), 10)
		if len(b) >= 64<<10 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	_, err = w.Write(append(b, "]}\n"...))
	return err
}

// checkSolveJSON refuses the flags that --json leaves nothing to do for.
func checkSolveJSON(f solveFlags, set func(string) bool) error {
	switch {
	case !f.json:
		return nil
	case f.all:
		return usageError(errors.New("--json and --all do not go together"), "--all --format json writes a JSON line per solution")
	case set("format") || set("base") || set("glyphs"):
		return usageError(errors.New("--json prints one JSON object: --format, --base and --glyphs do not apply"), "")
	}
	return nil
}

// reportEnd writes the report of a search that ended with err, when
// --json asks for one: "none" for no solution, "undecided" for a
// --timeout. It returns err, for the message and the exit status.
func reportEnd(ctx context.Context, std streams, f solveFlags, err error) error {
	r := f.report
	if !f.json || r == nil || r.N == 0 || r.Result != "" {
		return err
	}
	var ee *exitError
	switch {
	case errors.As(err, &ee) && ee.code == exitNo:
		r.Result = "none"
		if r.DecidedBy == "" {
			r.DecidedBy = "search"
		}
	case errors.As(err, &ee) && ee.code == exitUndecided:
		r.Result = "undecided"
	default:
		return err
	}
	if werr := writeResult(ctx, std, f.output, r.write); werr != nil {
		return werr
	}
	return err
}

// solveError turns an error of the search into the message and exit code
// it calls for. A search stopped by its own deadline has no answer: it
// exits with exitUndecided, and never claims that there is no solution.
func solveError(ctx context.Context, err error, f solveFlags, n int, presets []queens.Square) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded):
		var what, hint string
		switch {
		case f.count:
			what = fmt.Sprintf("counting stopped after %s, unfinished", f.timeout)
			hint = "raise --timeout, or add preset queens"
		case len(presets) > 0 && n > queens.MaxCompleteN:
			what = fmt.Sprintf("no completion found within %s; the local search above N = %d cannot prove that none exists", f.timeout, queens.MaxCompleteN)
			hint = "raise --timeout; exit status 3 means undecided"
		case len(presets) > 0:
			what = fmt.Sprintf("the search for a completion stopped after %s undecided", f.timeout)
			hint = "raise --timeout; exit status 3 means undecided"
		default:
			what = fmt.Sprintf("no solution found within %s", f.timeout)
			hint = "raise --timeout, or try --method construct"
		}
		return &exitError{code: exitUndecided, err: errors.New(what), hint: hint}
	case errors.Is(err, queens.ErrNoSolution) && len(presets) > 0:
		return noError(fmt.Errorf("no completion exists for queens on %s on the %d×%d board", strings.Join(presetNames(f.with), ", "), n, n))
	}
	return libraryError(err)
}

// presetNames returns the squares of a --with list as the user wrote
// them.
func presetNames(with string) []string {
	return strings.FieldsFunc(with, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
}

// instanceError turns an error of the search of an instance into the
// message and exit code it calls for; a search stopped by its own
// deadline is undecided.
func instanceError(ctx context.Context, err error, f solveFlags) error {
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		what := fmt.Sprintf("the search stopped after %s undecided", f.timeout)
		if f.count || f.all {
			what = fmt.Sprintf("the search stopped after %s, unfinished", f.timeout)
		}
		return &exitError{code: exitUndecided, err: errors.New(what), hint: "raise --timeout; exit status 3 means undecided"}
	}
	return libraryError(err)
}
