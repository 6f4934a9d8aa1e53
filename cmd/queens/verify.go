package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/memory"
	"github.com/queenslab/queens/internal/message"
)

// verifyHint names the formats verify reads.
const verifyHint = "verify reads what 'queens list' writes in every format but svg, and in every --style"

func newVerifyCmd(io streams) *cobra.Command {
	var (
		base   int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "verify [FILE|-]",
		Short: "Check solutions read from a file or standard input",
		Long: `Check the placements of queens in FILE, or standard input when FILE is
absent or -, and report every one that is not a solution, with its line
and the queens that attack each other.

` + fmt.Sprintf(`verify reads the formats 'queens list' writes, and tells them apart by
itself, line by line or board by board, so they may be mixed: lines of
columns (cols, counted from 1 unless --base 0), csv rows (the same), JSON
lines (columns from 0), FEN lines, sentences, and board or matrix blocks
(rows of Q and ., of x and 0, or of 1 and 0), and what every --style of
'queens list' prints. A line of 1s and 0s is a line of columns unless it
holds a 0 or is a row of a matrix begun. It skips blank lines, lines that
begin with #, headers, total lines and lines of Chinese prose. An SVG
picture is the one listing it does not read. A line of columns (cols,
csv) of any length streams through, so a solution of ten million queens
checks in seconds; a line of another format is read up to %s, and a
board up to %d squares wide, in bounded memory.`, memory.Format(format.MaxLine), format.MaxBoard) + `

Each invalid placement is reported on standard output; the summary line
goes to standard error, so that standard output holds the invalid ones
alone. With --json, standard output gets one JSON object instead:
{"checked":N,"valid":V,"invalid":[{"line":L,"format":F,"error":E},…]}.

Exit status: 0 all solutions valid, 1 some invalid, 2 input that cannot
be read (the line is reported) or no solution at all in it.`,
		Example: `  queens list 8 | queens verify
  queens list 10 --format json -o ten.json && queens verify ten.json
  queens solve 1000000 --format cols | queens verify
  echo "1 5 8 6 3 7 2 4" | queens verify
  queens list 8 | queens verify --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError(fmt.Errorf("verify reads one file, got %d arguments", len(args)), "try 'queens verify solutions.txt', or pipe the solutions in")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if base != 0 && base != 1 {
				return usageError(fmt.Errorf("--base must be 0 or 1, got %d", base), "--base 1 (the default) counts columns from 1, --base 0 from 0")
			}
			in, name := io.in, "standard input"
			if len(args) == 1 && args[0] != "-" {
				f, err := openInput(cmd.Context(), args[0])
				if err != nil && err == cmd.Context().Err() {
					return err
				}
				if err != nil {
					return usageError(fmt.Errorf("cannot read %s: %w", args[0], errors.Unwrap(err)), "check the file name, or pipe the solutions in: queens list 8 | queens verify")
				}
				defer f.Close()
				in, name = f, args[0]
			}
			return verify(cmd, io, in, name, base, asJSON)
		},
	}
	cmd.Flags().IntVar(&base, "base", 1, "count the columns of cols and csv lines from 0 or 1")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: the number checked and every invalid placement")
	return cmd
}

// verifyReport is the JSON form of what verify found.
type verifyReport struct {
	Checked uint64          `json:"checked"`
	Valid   uint64          `json:"valid"`
	Invalid []invalidReport `json:"invalid"`
}

// invalidReport is an invalid placement in a verifyReport.
type invalidReport struct {
	Line   int    `json:"line"`
	Format string `json:"format"`
	Error  string `json:"error"`
}

// verify checks every placement read from in, reports the invalid ones on
// standard output and a summary on standard error, or all of it as one
// JSON object on standard output.
func verify(cmd *cobra.Command, std streams, in io.Reader, name string, base int, asJSON bool) error {
	ctx := cmd.Context()
	r := format.NewReader(&ctxReader{ctx: ctx, r: in}, format.ReadOptions{ZeroBased: base == 0, Check: true})
	out := bufio.NewWriter(std.out)
	defer out.Flush()
	done := cmd.Context().Done()
	var checked, invalid uint64
	rep := verifyReport{Invalid: []invalidReport{}}
	zeroColumn := false // an invalid placement with a column 0 in a 1-based line
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			out.Flush()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var se *format.SyntaxError
			if errors.As(err, &se) {
				return usageError(fmt.Errorf("%s: %w", name, err), verifyHint)
			}
			return usageError(fmt.Errorf("cannot read %s: %w", name, err), "")
		}
		checked++
		err = p.Err
		if err == nil && !p.Checked {
			err = p.Queens.Validate()
		}
		if err != nil {
			invalid++
			if asJSON {
				rep.Invalid = append(rep.Invalid, invalidReport{Line: p.Line, Format: p.Format, Error: err.Error()})
			} else {
				fmt.Fprintln(out, std.p.Sprintf("line %d: %v", p.Line, std.p.Translate(err.Error())))
			}
			ae, _ := errors.AsType[*queens.AttackError](err)
			if base == 1 && (p.Format == "cols" || p.Format == "csv") && (slices.Contains(p.Queens, -1) || ae != nil && ae.Row2 < 0 && ae.Col == -1) {
				zeroColumn = true
			}
		}
		if checked%1024 == 0 {
			select {
			case <-done:
				out.Flush()
				return cmd.Context().Err()
			default:
			}
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if asJSON && checked > 0 {
		rep.Checked, rep.Valid = checked, checked-invalid
		data, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(std.out, "%s\n", data); err != nil {
			return err
		}
		if invalid > 0 {
			return &exitError{code: exitNo, err: invalidError(invalid, checked)}
		}
		return nil
	}
	switch {
	case checked == 0:
		return usageError(fmt.Errorf("no solutions in %s", name), verifyHint)
	case invalid > 0:
		err := noError(invalidError(invalid, checked))
		if zeroColumn {
			err.(*exitError).hint = "a column 0 in a line of columns: if they count from 0, add --base 0"
		}
		return err
	}
	fmt.Fprintln(std.errOut, std.p.Plural("%d solutions checked, all valid", checked, checked))
	return nil
}

// invalidError says how many of the placements checked are invalid: "3
// of 92 solutions are invalid", "the solution is invalid".
func invalidError(invalid, checked uint64) error {
	var p *message.Printer // English: the error is translated when printed
	if checked == 1 {
		return errors.New(p.Text("the solution is invalid"))
	}
	return errors.New(p.Plural("%d of %d solutions are invalid", invalid, invalid, checked))
}

// ctxReader reads from r until ctx ends: a read that waits for a pipe or
// a terminal returns ctx.Err() as soon as ctx ends, and so does every
// later read. The read it leaves waiting ends with the process.
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	buf     []byte
	results chan readResult
	err     error // ctx.Err(), once the reader gave up
}

type readResult struct {
	n   int
	err error
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if err := c.ctx.Err(); err != nil {
		c.err = err
		return 0, err
	}
	if c.results == nil {
		c.results = make(chan readResult, 1)
	}
	if len(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.results <- readResult{n, err}
	}()
	select {
	case res := <-c.results:
		copy(p, buf[:res.n])
		return res.n, res.err
	case <-c.ctx.Done():
		c.err = c.ctx.Err()
		return 0, c.err
	}
}
