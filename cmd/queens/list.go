package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/message"
)

// listOptions are the settings of a listing.
type listOptions struct {
	n      int
	format string
	unique bool
	limit  uint64 // the most solutions to write; 0 means all
	base   int    // 0 or 1: where cols and csv count columns from
	glyphs string // the glyphs of the board format
	order  string // rows or columns: the order of the listing
	style  string // the style of a tutorial's program, or ""
	lang   message.Lang
	// progress, when not nil, is where a bar shows how far a parallel
	// listing has come, if it is a terminal.
	progress io.Writer
}

func newListCmd(io streams) *cobra.Command {
	var (
		o      listOptions
		limit  int64
		output string
	)
	cmd := &cobra.Command{
		Use:   "list N",
		Short: "List the solutions of the N×N board",
		Long: `List the solutions of the N×N board, in lexicographic order of their
columns: the order in which the classic backtracking programs find them.
The listing streams: even N = 32, which has more solutions than anyone
will print, starts within seconds; stop it with --limit or Ctrl-C.

Formats (--format):
` + formatHelp() + `
cols, solution, json, csv and fen write the solutions alone, one a line,
for other programs (and 'queens verify'), and never change with --lang;
board, matrix and sentences number them and end with the total, as the
classic programs print them, in the language of --lang. Rows and columns
are counted from the top left.

The board format draws with the --glyphs:
` + glyphsHelp() + `
--order columns lists the solutions in the order of the programs that
place their queens column by column: by the row of the queen in the first
column, then in the second, and so on. It is the lexicographic listing
with each solution turned about the main diagonal, which turns every
solution into another one. The solution format, which writes the row of
the queen in each column as tutorial 003's program does, lists in that order
unless --order rows.

--style prints exactly what a program of the classic tutorials prints, in
its own words and layout (but for the time some of them print at the
end). A style is named after its tutorial and program: 004-2 is code 2
of tutorial 004 (see 'queens help tutorials').

Styles (--style):
` + stylesHelp() + `
With -o the listing goes to a file that appears only when it is complete:
an error or Ctrl-C leaves the file as it was, and the listing shows its
progress on standard error, when that is a terminal. A file that is
replaced keeps its permissions, a symbolic link is followed, and a
read-only file is refused. On standard output, the listing is written in
whole lines.`,
		Example: `  queens list 8
  queens list 8 --format board --limit 2
  queens list 8 --unique --format sentences
  queens list 8 --lang zh --format sentences --limit 1
  queens list 8 --format board --glyphs x0 --limit 1
  queens list 4 --format solution
  queens list 8 --style 004-2
  queens list 8 --format fen | head -3
  queens list 8 --unique --format svg -o unique8.svg
  queens list 14 --format csv -o fourteen.csv`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseN(args[0], queens.MaxN)
			if err != nil {
				return err
			}
			o.n = n
			if limit < 0 {
				return usageError(fmt.Errorf("--limit must be 0 (no limit) or more, got %d", limit), fmt.Sprintf("try 'queens list %d --limit 10'", n))
			}
			o.limit = uint64(limit)
			o.lang = io.p.Lang()
			if err := checkListFormat(o, cmd.Flags().Changed); err != nil {
				return err
			}
			out, err := createOutput(cmd, output, io.out)
			if err != nil {
				return err
			}
			if output != "" && output != "-" {
				o.progress = io.errOut
			}
			defer out.Abort()
			count, err := list(cmd.Context(), out, o)
			if err != nil {
				if errors.Is(err, format.ErrTooMany) {
					if o.unique {
						return usageError(err, fmt.Sprintf("pick some with --limit, such as 'queens list %d --unique --format svg --limit 12'", n))
					}
					return usageError(err, fmt.Sprintf("pick some with --limit or --unique, such as 'queens list %d --format svg --limit 12'", n))
				}
				return err
			}
			if err := commitOutput(out); err != nil {
				return err
			}
			if count == 0 && !humanFormat(o.format) {
				io.say("", "the %d×%d board has no solutions", n, n)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.format, "format", "cols", "output format: "+strings.Join(format.Names(), ", "))
	fl.BoolVar(&o.unique, "unique", false, "list one solution per symmetry class (rotations and reflections), the first of each class in the listing order")
	fl.Int64Var(&limit, "limit", 0, "stop after `K` solutions (0: no limit)")
	fl.IntVar(&o.base, "base", 1, "count columns from 0 or 1 in the cols and csv formats")
	fl.StringVar(&o.glyphs, "glyphs", "Q.", "the glyphs of the board format: "+strings.Join(format.GlyphNames(), ", "))
	fl.StringVar(&o.order, "order", "", "rows (lexicographic) or columns (by the rows of the queens of column 1, 2, …); default rows, columns for the solution format")
	fl.StringVar(&o.style, "style", "", "print as the `PROGRAM` of a tutorial prints: "+strings.Join(format.StyleNames(), ", "))
	fl.StringVarP(&output, "output", "o", "", "write the solutions to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", completeFormats(io.p))
	_ = cmd.RegisterFlagCompletionFunc("glyphs", completeGlyphs(io.p))
	_ = cmd.RegisterFlagCompletionFunc("order", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"rows\t" + io.p.Text("lexicographic, row by row"), "columns\t" + io.p.Text("column by column")}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("style", completions(io.p, format.StyleNames(), format.DescribeStyle))
	return cmd
}

// humanFormat reports whether the format ends with the total, "0
// solutions" included.
func humanFormat(name string) bool {
	return name == "board" || name == "matrix" || name == "sentences" || name == "svg"
}

// checkListFormat returns a usage error for a format, base, glyphs, order
// or style that cannot list the n×n board; set tells which flags were
// given.
func checkListFormat(o listOptions, set func(string) bool) error {
	baseGiven := set("base")
	if o.style != "" {
		for _, flag := range []string{"format", "base", "glyphs", "order"} {
			if set(flag) {
				return usageError(fmt.Errorf("--style sets the whole layout: --%s does not apply", flag), fmt.Sprintf("try 'queens list %d --style %s'", o.n, o.style))
			}
		}
		_, err := format.NewStyle(o.style, io.Discard, format.Options{N: o.n})
		switch {
		case errors.Is(err, format.ErrUnknownStyle):
			return usageError(fmt.Errorf("unknown style %q", o.style), "styles: "+strings.Join(format.StyleNames(), ", "))
		case errors.Is(err, queens.ErrSize):
			return usageError(err, fmt.Sprintf("try 'queens list 8 --style %s'", o.style))
		case err != nil:
			return usageError(err, "")
		}
		return nil
	}
	if err := checkGlyphs(o.format, o.glyphs, set("glyphs")); err != nil {
		return err
	}
	if err := checkOrder(o.order); err != nil {
		return err
	}
	if o.base != 0 && o.base != 1 {
		return usageError(fmt.Errorf("--base must be 0 or 1, got %d", o.base), "--base 1 (the default) counts columns from 1, --base 0 from 0")
	}
	if baseGiven && o.format != "cols" && o.format != "csv" && slices.Contains(format.Names(), o.format) {
		hint := "the human formats count from 1"
		switch o.format {
		case "json":
			hint = "json always counts columns from 0"
		case "solution":
			hint = "solution always counts rows from 0, as tutorial 003's program does"
		}
		return usageError(fmt.Errorf("--base applies to the cols and csv formats, not to %s", o.format), hint)
	}
	_, err := format.New(o.format, io.Discard, format.Options{N: o.n, Glyphs: o.glyphs})
	switch {
	case errors.Is(err, format.ErrUnknownFormat):
		return usageError(fmt.Errorf("unknown format %q", o.format), "formats: "+strings.Join(format.Names(), ", "))
	case errors.Is(err, queens.ErrSize):
		return usageError(err, fmt.Sprintf("try 'queens list 8 --format fen', or another format for N = %d", o.n))
	case err != nil:
		return usageError(err, "")
	}
	return nil
}

// checkOrder returns a usage error for an unknown order.
func checkOrder(order string) error {
	if order != "" && order != "rows" && order != "columns" {
		return usageError(fmt.Errorf("unknown order %q", order), "--order is rows or columns")
	}
	return nil
}

// columnOrder reports whether the listing goes column by column.
func (o listOptions) columnOrder() bool {
	return o.order == "columns" || o.order == "" && o.format == "solution"
}

// formatOptions returns the options of the format writer of the listing.
func (o listOptions) formatOptions() format.Options {
	return format.Options{
		N: o.n, ZeroBased: o.base == 0, Unique: o.unique, Lang: o.lang,
		Glyphs: o.glyphs, Partial: o.limit > 0,
	}
}

// newListWriter returns the writer of the listing.
func newListWriter(w io.Writer, o listOptions) (format.Writer, error) {
	if o.style != "" {
		return format.NewStyle(o.style, w, format.Options{N: o.n})
	}
	return format.New(o.format, w, o.formatOptions())
}

// transpose returns, in dst, the solution s turned about the main
// diagonal: the row of the queen in each column. Turned so, the
// lexicographic listing comes in the order of a search column by column.
func transpose(dst, s queens.Solution) queens.Solution {
	if cap(dst) < len(s) {
		dst = make(queens.Solution, len(s))
	}
	dst = dst[:len(s)]
	for r, c := range s {
		dst[c] = r
	}
	return dst
}

// parallelMinN is the least N listed by several goroutines: smaller
// boards list in a blink.
const parallelMinN = 12

// list writes the solutions the options ask for to w, and returns how many
// it wrote. It stops with ctx.Err() when ctx is cancelled.
func list(ctx context.Context, w io.Writer, o listOptions) (uint64, error) {
	workers := 1
	if procs := runtime.GOMAXPROCS(0); procs > 1 && o.n >= parallelMinN {
		workers = procs
	}
	return listWith(ctx, w, o, workers)
}

// listWith writes the listing with the solutions found by workers
// goroutines; the output does not depend on their number.
func listWith(ctx context.Context, w io.Writer, o listOptions, workers int) (uint64, error) {
	fw, err := newListWriter(w, o)
	if err != nil {
		return 0, err
	}
	var (
		index  uint64
		turned queens.Solution
	)
	bar := newListBar(o)
	defer bar.stop()
	columns := o.style == "" && o.columnOrder()
	for s, serr := range listSolutions(ctx, o, workers) {
		if serr != nil {
			return index, serr
		}
		index++
		bar.solution(index, s)
		if columns {
			turned = transpose(turned, s)
			s = turned
		}
		if err = fw.Write(index, s); err != nil || index == o.limit {
			break
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return index, err
	}
	bar.end()
	return index, fw.Close()
}

// listSolutions returns the solutions of the listing o, in order, found by
// workers goroutines; one lists them on the calling goroutine. The
// sequence ends with ctx.Err() when ctx is cancelled.
func listSolutions(ctx context.Context, o listOptions, workers int) iter.Seq2[queens.Solution, error] {
	if workers > 1 {
		if o.unique {
			return queens.UniqueSolutionsParallel(ctx, o.n, workers)
		}
		return queens.SolutionsParallel(ctx, o.n, workers)
	}
	return func(yield func(queens.Solution, error) bool) {
		seq, err := queens.Solutions(o.n)
		if o.unique {
			seq, err = queens.UniqueSolutions(o.n)
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			yield(nil, err)
			return
		}
		done := ctx.Done()
		var count uint64
		for s := range seq {
			if !yield(s, nil) {
				return
			}
			if count++; count%1024 == 0 {
				select {
				case <-done:
					yield(nil, ctx.Err())
					return
				default:
				}
			}
		}
	}
}
