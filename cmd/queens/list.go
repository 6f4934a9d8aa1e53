package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/outfile"
)

// listOptions are the settings of a listing.
type listOptions struct {
	n      int
	format string
	unique bool
	limit  uint64 // the most solutions to write; 0 means all
	base   int    // 0 or 1: where cols and csv count columns from
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
The listing streams, so even N = 32, which has more solutions than anyone
will print, starts at once; stop it with --limit or Ctrl-C.

Formats (--format):
` + formatHelp() + `
Rows and columns are counted from the top left. With -o the listing goes
to a file that appears only when it is complete: an error or Ctrl-C leaves
the file as it was.`,
		Example: `  queens list 8
  queens list 8 --format board --limit 2
  queens list 8 --unique --format sentences
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
			if err := checkListFormat(o); err != nil {
				return err
			}
			out, err := outfile.Create(output, io.out)
			if err != nil {
				return usageError(err, "check that the directory exists and is writable")
			}
			defer out.Abort()
			if _, err := list(cmd.Context(), out, o); err != nil {
				if errors.Is(err, format.ErrTooMany) {
					return usageError(err, fmt.Sprintf("pick some with --limit or --unique, such as 'queens list %d --format svg --limit 12'", n))
				}
				return err
			}
			return out.Commit()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.format, "format", "cols", "output format: "+strings.Join(format.Names(), ", "))
	fl.BoolVar(&o.unique, "unique", false, "list one solution per class of solutions that rotations and reflections turn into each other: the least one")
	fl.Int64Var(&limit, "limit", 0, "stop after `K` solutions (0: no limit)")
	fl.IntVar(&o.base, "base", 1, "count columns from 0 or 1 in the cols and csv formats")
	fl.StringVarP(&output, "output", "o", "", "write the solutions to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", completeFormats)
	return cmd
}

// formatHelp lists the formats with their descriptions, for help texts.
func formatHelp() string {
	var b strings.Builder
	for _, name := range format.Names() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.Describe(name))
	}
	return b.String()
}

// completeFormats completes the value of a --format flag.
func completeFormats(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var names []string
	for _, name := range format.Names() {
		names = append(names, name+"\t"+format.Describe(name))
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// checkListFormat returns a usage error for a format or base that cannot
// list the n×n board.
func checkListFormat(o listOptions) error {
	if o.base != 0 && o.base != 1 {
		return usageError(fmt.Errorf("--base must be 0 or 1, got %d", o.base), "--base 1 (the default) counts columns from 1, --base 0 from 0")
	}
	_, err := format.New(o.format, io.Discard, format.Options{N: o.n})
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

// list writes the solutions the options ask for to w, and returns how many
// it wrote. It stops with ctx.Err() when ctx is cancelled.
func list(ctx context.Context, w io.Writer, o listOptions) (uint64, error) {
	fw, err := format.New(o.format, w, format.Options{N: o.n, ZeroBased: o.base == 0, Unique: o.unique})
	if err != nil {
		return 0, err
	}
	var seq iter.Seq[queens.Solution]
	if o.unique {
		seq, err = queens.UniqueSolutions(o.n)
	} else {
		seq, err = queens.Solutions(o.n)
	}
	if err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	done := ctx.Done()
	var index uint64
	for s := range seq {
		index++
		if err = fw.Write(index, s); err != nil || index == o.limit {
			break
		}
		if index%1024 == 0 {
			select {
			case <-done:
				err = ctx.Err()
			default:
			}
			if err != nil {
				break
			}
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return index, err
	}
	return index, fw.Close()
}
