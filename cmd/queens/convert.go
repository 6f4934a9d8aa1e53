package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens/internal/instfile"
)

// convertFlags are the flags of convert.
type convertFlags struct {
	to        string
	diagonals int
	output    string
}

func newConvertCmd(io streams) *cobra.Command {
	var f convertFlags
	cmd := &cobra.Command{
		Use:   "convert --to FORMAT FILE",
		Short: "Write an instance file in another format: Essence′, the generator's diags, DIMACS CNF, LP or MPS",
		Long: `Read an instance file, as 'queens solve --instance' reads it, and write
the instance in another format (--to):

  essence  an Essence′ parameter file: letting n, letting init (preset
           queens, rows and columns from 0) and letting blocks (blocked
           squares from 1, the squares of excluded diagonals among them)
  diags    the Excluded Diagonals generator's format: n, numdiags, diags;
           for an instance that only excludes diagonals
  dimacs   DIMACS CNF for SAT solvers: one variable for each square still
           open once the preset queens stand, a queen in every empty row
           and column, at most one on every line; its models are the
           solutions of the instance, one for one

  lp       the same 0/1 programme for MIP solvers (CBC, HiGHS, SCIP), in
           CPLEX LP: a binary q_R_C for each open square, each empty row
           and column = 1, each diagonal <= 1; its feasible points are the
           solutions ('cbc FILE.lp solve' decides the instance)
  mps      that programme in free MPS

FILE - reads standard input. --diagonals D takes the first D diagonals of
the file's diags list.`,
		Example: `  queens convert --to dimacs diag-12-4-132.param --diagonals 9 > diag.cnf
  queens convert --to lp diag-12-4-132.param > diag.lp
  queens convert --to essence diag-12-4-132.param -o diag.param`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError(fmt.Errorf("convert takes one instance file, got %d arguments", len(args)), "try 'queens convert --to dimacs FILE'")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConvert(cmd, io, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.to, "to", "", "the format to write: "+strings.Join(instfile.Formats, ", "))
	fl.IntVar(&f.diagonals, "diagonals", 0, "exclude the first `D` diagonals of the file's diags list (default its numdiags)")
	fl.StringVarP(&f.output, "output", "o", "", "write to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("to", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return instfile.Formats, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// runConvert reads the instance file and writes it in the format of --to.
func runConvert(cmd *cobra.Command, std streams, path string, f convertFlags) error {
	known := false
	for _, name := range instfile.Formats {
		known = known || name == f.to
	}
	switch {
	case f.to == "":
		return usageError(errors.New("convert needs --to"), "try 'queens convert --to dimacs FILE'")
	case !known:
		return usageError(fmt.Errorf("unknown format %q", f.to), "--to is one of "+strings.Join(instfile.Formats, ", "))
	case cmd.Flags().Changed("diagonals") && f.diagonals < 0:
		return usageError(fmt.Errorf("--diagonals must not be negative, got %d", f.diagonals), "")
	}
	d := -1 // the file's numdiags
	if cmd.Flags().Changed("diagonals") {
		d = f.diagonals
	}
	file, err := readInstanceFile(cmd.Context(), std, path, d)
	if err != nil {
		return err
	}
	if err := file.Check(); err != nil {
		return usageError(err, "")
	}
	return writeResult(cmd.Context(), std, f.output, func(w io.Writer) error {
		if err := instfile.Write(w, f.to, &file.Instance); err != nil {
			if errors.Is(err, instfile.ErrFormat) {
				return usageError(err, "")
			}
			return err
		}
		return nil
	})
}
