package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/outfile"
)

// exitUndecided is the exit code of a search that stopped at its
// --timeout without an answer: neither a solution nor a proof that there
// is none.
const exitUndecided = 3

// Limits of solve.
const (
	maxCountN = 20   // --count: beyond, counting takes hours even with presets
	maxDrawN  = 1000 // formats that draw the whole board: N² characters or more
	colsAbove = 64   // the default format is cols above this size, board up to it
)

// Solve methods, as --method names them.
const (
	methodDFS       = "dfs"
	methodConstruct = "construct"
	methodRandom    = "random"
)

// solveFlags are the flags of solve.
type solveFlags struct {
	method  string
	seed    int64
	with    string
	count   bool
	timeout time.Duration
	format  string
	base    int
	output  string
}

func newSolveCmd(io streams) *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve N",
		Short: "Find one solution of the N×N board, or complete preset queens",
		Long: `Find one solution of the N×N board, for N up to 2^30.

Methods (--method):
  dfs        the first solution in lexicographic order, the one the classic
             backtracking programs find first (default for N ≤ 32)
  construct  a solution given by a formula, in time proportional to N
             (default above 32)
  random     a random solution by min-conflicts local search; --seed makes
             it repeatable

--with places queens on the given squares first and completes the board:
chess squares such as b4,d5 (files a.., ranks 1.. counted from the bottom,
for N ≤ 26) or row:col pairs counted from 1 from the top left, such as 5:2,
for any N. Up to N = 64 the search is exhaustive: either it finds a
completion, or no completion exists. Above 64 it is a local search that
cannot prove there is none; give it a --timeout. --count counts every
completion instead (N ≤ 20).

Output goes to standard output or to the file -o names, as a board up to
N = 64 and as one line of columns (--format cols) above. Exit status: 0 a
solution, 1 no solution or no completion exists, 2 bad usage or input,
3 the --timeout passed without an answer, 130 interrupted.`,
		Example: `  queens solve 8
  queens solve 1000000 -o million.txt
  queens solve 100 --method random --seed 7 --format cols
  queens solve 8 --with b4,d5
  queens solve 8 --with b4,d5 --count
  queens solve 200 --with 1:1,2:3 --timeout 10s`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSolve(cmd, io, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.method, "method", "", "dfs, construct or random (default dfs up to N = 32, construct above)")
	fl.Int64Var(&f.seed, "seed", 0, "seed of --method random (default a new one each run, printed to stderr)")
	fl.StringVar(&f.with, "with", "", "preset queens to complete, such as b4,d5 or 5:2,4:4")
	fl.BoolVar(&f.count, "count", false, "count the completions of --with (or all solutions) instead of printing one")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up after this long, such as 30s (default no limit)")
	fl.StringVar(&f.format, "format", "", "output format: "+strings.Join(format.Names(), ", ")+" (default board up to N = 64, cols above)")
	fl.IntVar(&f.base, "base", 1, "count columns from 0 or 1 in the cols and csv formats")
	fl.StringVarP(&f.output, "output", "o", "", "write the result to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("method", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{methodDFS, methodConstruct, methodRandom}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return format.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// runSolve checks the flags of solve against each other and the board
// size, then finds, completes or counts.
func runSolve(cmd *cobra.Command, std streams, arg string, f solveFlags) error {
	n, err := parseSolveN(arg)
	if err != nil {
		return err
	}
	set := cmd.Flags().Changed
	withPresets := set("with")
	switch f.method {
	case "", methodDFS, methodConstruct, methodRandom:
	default:
		return usageError(fmt.Errorf("unknown method %q", f.method), "--method is dfs, construct or random")
	}
	if withPresets && f.method != "" {
		return usageError(errors.New("--with and --method cannot be combined"), "--with picks its own search: exhaustive up to N = 64, local search above")
	}
	if f.count && f.method != "" {
		return usageError(errors.New("--count and --method cannot be combined"), "--count counts with an exhaustive search; add --with to count completions")
	}
	if set("seed") && f.method != methodRandom {
		return usageError(errors.New("--seed needs --method random"), fmt.Sprintf("try 'queens solve %d --method random --seed %d'", n, f.seed))
	}
	if f.method == "" && !withPresets && !f.count {
		f.method = methodConstruct
		if n <= queens.MaxN {
			f.method = methodDFS
		}
	}
	if f.method == methodDFS && n > queens.MaxN {
		return usageError(fmt.Errorf("--method dfs works up to N = %d, got %d", queens.MaxN, n), fmt.Sprintf("use --method construct or random, e.g. 'queens solve %d --method construct'", n))
	}
	if f.timeout < 0 {
		return usageError(fmt.Errorf("--timeout must not be negative, got %s", f.timeout), "try --timeout 30s")
	}
	if f.base != 0 && f.base != 1 {
		return usageError(fmt.Errorf("--base must be 0 or 1, got %d", f.base), "")
	}
	var presets []queens.Square
	if withPresets {
		if presets, err = queens.ParseSquares(n, f.with); err != nil {
			hint := ""
			if errors.Is(err, queens.ErrSquare) {
				hint = withHint(n)
			}
			return usageError(fmt.Errorf("--with: %w", err), hint)
		}
	}
	if f.count {
		if set("format") || set("base") {
			return usageError(errors.New("--count prints a number: --format and --base do not apply"), "")
		}
		if n > maxCountN {
			return usageError(fmt.Errorf("--count works up to N = %d, got %d", maxCountN, n), "drop --count to find one completion")
		}
	}
	if f.format == "" {
		f.format = "cols"
		if n <= colsAbove {
			f.format = "board"
		}
	}
	if !f.count {
		if err := checkFormat(f.format, n); err != nil {
			return err
		}
	}
	if f.method == methodRandom && !set("seed") {
		f.seed = rand.Int64()
		fmt.Fprintf(std.errOut, "queens: seed %d (repeat with --seed %d)\n", f.seed, f.seed)
	}

	ctx := cmd.Context()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	if f.count {
		total, err := queens.CountCompletions(ctx, n, presets)
		if err != nil {
			return solveError(ctx, err, f, n, presets)
		}
		return writeResult(std, f.output, func(w io.Writer) error {
			_, err := fmt.Fprintln(w, total)
			return err
		})
	}
	var s queens.Solution
	switch {
	case withPresets:
		s, err = queens.Complete(ctx, n, presets)
	case f.method == methodDFS:
		s, err = firstSolution(ctx, n)
	case f.method == methodConstruct:
		s, err = queens.Construct(n)
	default:
		s, err = queens.Random(ctx, n, f.seed)
	}
	if err != nil {
		return solveError(ctx, err, f, n, presets)
	}
	return writeResult(std, f.output, func(w io.Writer) error {
		return writeSolution(w, f.format, f.base, s)
	})
}

// parseSolveN parses the board size of solve, which goes far beyond the
// size that counting accepts.
func parseSolveN(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > queens.MaxSolveN {
		return 0, usageError(fmt.Errorf("N must be a whole number from 1 to %d, got %q", queens.MaxSolveN, s), "try 'queens solve 8'")
	}
	return n, nil
}

// withHint is the hint for a bad --with list on the n×n board.
func withHint(n int) string {
	if n > queens.MaxChessN {
		return fmt.Sprintf("squares are row:col pairs from 1:1 to %d:%d, separated by commas, such as --with 1:1,2:3", n, n)
	}
	return fmt.Sprintf("squares are chess squares from a1 to %c%d or row:col pairs from 1:1 to %d:%d, such as --with b4,d5", 'a'+n-1, n, n, n)
}

// firstSolution returns queens.First(n), or ctx.Err() as soon as ctx is
// done; the search itself takes at most about a second for N ≤ 32.
func firstSolution(ctx context.Context, n int) (queens.Solution, error) {
	type result struct {
		s   queens.Solution
		err error
	}
	ch := make(chan result, 1)
	go func() {
		s, err := queens.First(n)
		ch <- result{s, err}
	}()
	select {
	case r := <-ch:
		return r.s, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
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

// writeResult writes through write to the file path names, or to standard
// output for "" and "-". A file appears only when write succeeds: on an
// error, or an interrupt, the file stays as it was.
func writeResult(std streams, path string, write func(io.Writer) error) error {
	out, err := outfile.Create(path, std.out)
	if err != nil {
		return usageError(err, "check that the directory exists and is writable")
	}
	defer out.Abort()
	if err := write(out); err != nil {
		return err
	}
	return out.Commit()
}

// drawsBoard reports whether the format draws every square of the board,
// N² characters or more, and so cannot serve large N.
func drawsBoard(name string) bool {
	return name == "board" || name == "matrix" || name == "svg"
}

// checkFormat returns a usage error unless the format can print a
// solution of the n×n board.
func checkFormat(name string, n int) error {
	if _, err := format.New(name, io.Discard, format.Options{N: n}); err != nil {
		hint := "formats: " + strings.Join(format.Names(), ", ")
		if errors.Is(err, queens.ErrSize) {
			hint = "use another --format, such as cols"
		}
		return usageError(err, hint)
	}
	if drawsBoard(name) && n > maxDrawN {
		return usageError(fmt.Errorf("--format %s draws all N² squares: it works up to N = %d, got %d", name, maxDrawN, n), "use --format cols")
	}
	return nil
}

// writeSolution writes s as solution 1 in the format, counting from base
// where the format lets it choose. The writers stream: even the cols line
// of ten million queens goes out in chunks.
func writeSolution(w io.Writer, name string, base int, s queens.Solution) error {
	fw, err := format.New(name, w, format.Options{N: len(s), ZeroBased: base == 0})
	if err != nil {
		return usageError(err, "")
	}
	if err := fw.Write(1, s); err != nil {
		return err
	}
	return fw.Close()
}
