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
	glyphs  string
	base    int
	output  string

	block     string
	exclude   string
	instance  string
	diagonals int
	all       bool

	crossCheck bool
	any        bool
	json       bool
	// report is the JSON object of --json, filled in as the search goes.
	report *solveReport
}

func newSolveCmd(io streams) *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve [N]",
		Short: "Find one solution of the N×N board, or of an instance with preset queens, blocked squares and excluded diagonals",
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

The harder problems, up to N = 128, searched exhaustively (on every core
up to N = 64):
--block forbids queens on the given squares (attacks pass over them), and
--exclude forbids whole diagonals: sum:K is the diagonal of the squares
whose row and column, counted from 0 from the top left, add up to K, and
diff:K the one where the row minus the column is K. --instance reads the
instance, N included, from a file as CSPLib publishes them: an Essence′
parameter file (letting n = 28, letting blocks = [[r,c],...] counted from
1, letting init = [[r,c],...] counted from 0), or the output of the
Excluded Diagonals generator (n = 10, numdiags = 14, diags = [[v,t],...]),
of whose diagonals --diagonals D takes the first D. --with, --block and
--exclude add to the file's instance. The solution printed is the first
in the search's order, the same on every run; --any prints the one a
core meets first, in that search or in a column-by-column search that
races it on another core, or takes every core where a quick estimate
finds its tree the smaller, which on several cores decides sooner.
--count counts the solutions of an instance exactly, and --all prints
every one in the --format; every solution printed is first checked
against the instance.

Output goes to standard output or to the file -o names, as a board up to
N = 64 and as one line of columns (--format cols) above. The board of an
instance (--with, --block, --exclude, --instance) names its ranks down the
left side, rank 1 at the bottom, and its files a, b, … along the bottom
(up to N = 26), and marks the preset queens (@) apart from the queens the
search placed (Q), and the blocked squares (#); --glyphs picks the glyphs.
Exit status: 0 a solution or a count above 0, 1 no solution, no
completion exists or a count of 0, 2 bad usage or input, 3 the --timeout
passed without an answer, 130 interrupted.`,
		Example: `  queens solve 8
  queens solve 1000000 -o million.txt
  queens solve 100 --method random --seed 7 --format cols
  queens solve 8 --with b4,d5
  queens solve 8 --with b4,d5 --count
  queens solve 200 --with 1:1,2:3 --timeout 10s
  queens solve 8 --block a1,h8 --exclude sum:7 --count
  queens solve 10 --exclude sum:4,diff:-5 --all --format cols
  queens solve --instance blockedqueens.28.1449787894.param
  queens solve --instance diag-12-4-132.param --diagonals 9 --count`,
		Args: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("instance") {
				if len(args) != 0 {
					return usageError(errors.New("--instance takes N from the file: give no board size"), "try 'queens solve --instance FILE'")
				}
				return nil
			}
			return sizeArg(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			set := cmd.Flags().Changed
			if err := checkSolveJSON(f, set); err != nil {
				return err
			}
			f.report = &solveReport{start: time.Now()}
			if set("instance") || set("block") || set("exclude") || set("diagonals") || f.all || f.crossCheck || f.any {
				return reportEnd(cmd.Context(), io, f, runInstance(cmd, io, args, f))
			}
			return reportEnd(cmd.Context(), io, f, runSolve(cmd, io, args[0], f))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.method, "method", "", "dfs, construct or random (default dfs up to N = 32, construct above)")
	fl.Int64Var(&f.seed, "seed", 0, "seed of --method random (default a new one each run, printed to stderr)")
	fl.Var((*listFlag)(&f.with), "with", "preset queens to complete, such as b4,d5 or 5:2,4:4 (repeated flags add up)")
	fl.BoolVar(&f.count, "count", false, "count the solutions (of the instance, or the completions of --with) instead of printing one")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up after this long, such as 30s (default no limit)")
	fl.StringVar(&f.format, "format", "", "output format: "+strings.Join(format.Names(), ", ")+" (default board up to N = 64, cols above)")
	fl.StringVar(&f.glyphs, "glyphs", "Q.", "the glyphs of the board format: "+strings.Join(format.GlyphNames(), ", "))
	fl.IntVar(&f.base, "base", 1, "count columns from 0 or 1 in the cols and csv formats")
	fl.StringVarP(&f.output, "output", "o", "", "write the result to `FILE` instead of standard output")
	fl.Var((*listFlag)(&f.block), "block", "squares no queen may stand on, such as a1,h8 or 1:1,8:8 (repeated flags add up)")
	fl.Var((*listFlag)(&f.exclude), "exclude", "diagonals no queen may stand on, such as sum:7,diff:-2 (rows and columns from 0; repeated flags add up)")
	fl.StringVar(&f.instance, "instance", "", "read the instance from `FILE`, an Essence′ .param file or the Excluded Diagonals generator's output")
	fl.IntVar(&f.diagonals, "diagonals", 0, "with --instance: exclude the first `D` diagonals of the file's diags list (default its numdiags)")
	fl.BoolVar(&f.all, "all", false, "print every solution instead of one (N ≤ 128)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object: the result (solution, count, none or undecided), the solution's columns from 0, the instance and the time")
	fl.BoolVar(&f.any, "any", false, "decide sooner on several cores: print the first solution any core meets, the main search's or that of a column-by-column search racing it, instead of the first in the search's order")
	fl.BoolVar(&f.crossCheck, "cross-check", false, "check a count, or a \"no solution\", by a second search (dancing links)")
	_ = cmd.RegisterFlagCompletionFunc("method", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{methodDFS, methodConstruct, methodRandom}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("format", completeFormats(io.p))
	_ = cmd.RegisterFlagCompletionFunc("glyphs", completeGlyphs(io.p))
	return cmd
}

// runSolve checks the flags of solve against each other and the board
// size, then finds, completes or counts.
func runSolve(cmd *cobra.Command, std streams, arg string, f solveFlags) error {
	n, err := parseSolveN(arg)
	if err != nil {
		return err
	}
	f.report.N = n
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
		f.report.Instance = newInstanceReport(&queens.Instance{N: n, Queens: presets})
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
	if f.json {
		f.format = "json"
	}
	if !f.count {
		if err := checkFormat(f.format, n); err != nil {
			return err
		}
	}
	if err := checkGlyphs(f.format, f.glyphs, set("glyphs")); err != nil {
		return err
	}
	if !f.count {
		if err := solveMemory(n, f.method, f.format, withPresets); err != nil {
			return err
		}
		if err := solveDisk(n, f.output); err != nil {
			return err
		}
	}
	if f.method == methodRandom && !set("seed") {
		f.seed = rand.Int64()
		std.say("", "seed %d (repeat with --seed %d)", f.seed, f.seed)
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
		if f.json {
			c := queens.U128(total)
			f.report.Result, f.report.Count = "count", &c
			return noneCounted(total == 0, writeResult(ctx, std, f.output, f.report.write))
		}
		return noneCounted(total == 0, writeResult(ctx, std, f.output, func(w io.Writer) error {
			_, err := fmt.Fprintln(w, total)
			return err
		}))
	}
	var s queens.Solution
	switch {
	case withPresets:
		s, err = queens.Complete(ctx, n, presets)
	case f.method == methodDFS:
		s, err = firstSolution(ctx, n)
	case f.method == methodConstruct:
		s, err = untilDone(ctx, func() (queens.Solution, error) { return queens.Construct(n) })
	default:
		s, err = queens.Random(ctx, n, f.seed)
	}
	if err != nil {
		return solveError(ctx, err, f, n, presets)
	}
	if withPresets {
		in := queens.Instance{N: n, Queens: presets}
		if err := in.Validate(s); err != nil {
			return fmt.Errorf("internal error: the search found a wrong completion: %w", err)
		}
	}
	if f.json {
		r := f.report
		r.Result, r.Method, r.cols = "solution", f.method, s
		if withPresets {
			r.Method = "complete"
		}
		if f.method == methodRandom {
			r.Seed = &f.seed
		}
		return writeResult(ctx, std, f.output, func(w io.Writer) error { return r.write(ctxWriter{ctx, w}) })
	}
	opts := solveFormat(std, f, n)
	if withPresets {
		opts.Labels, opts.Presets = true, presets
	}
	return writeResult(ctx, std, f.output, func(w io.Writer) error {
		var size int64
		if !drawsBoard(f.format) {
			size = lineSize(n, f.base)
		}
		w, stop := withWriteBar(std, f.output, size, w)
		defer stop()
		return writeSolution(ctxWriter{ctx, w}, f.format, opts, s)
	})
}

// solveFormat returns the options of the format of a solution of the
// n×n board.
func solveFormat(std streams, f solveFlags, n int) format.Options {
	return format.Options{N: n, ZeroBased: f.base == 0, Lang: std.p.Lang(), Glyphs: f.glyphs, Partial: true}
}

// listFlag is a flag that takes a comma-separated list: repeating the
// flag adds to the list, and an empty value is an empty list (the flag is
// given, with no element: --with "" completes no preset queens).
type listFlag string

func (l *listFlag) String() string { return string(*l) }

func (l *listFlag) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	if *l != "" {
		v = string(*l) + "," + v
	}
	*l = listFlag(v)
	return nil
}

func (l *listFlag) Type() string { return "list" }

// untilDone returns what find returns, or ctx.Err() as soon as ctx is
// done; find goes on in the background and its result is dropped.
func untilDone(ctx context.Context, find func() (queens.Solution, error)) (queens.Solution, error) {
	type result struct {
		s   queens.Solution
		err error
	}
	ch := make(chan result, 1)
	go func() {
		s, err := find()
		ch <- result{s, err}
	}()
	select {
	case r := <-ch:
		return r.s, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// parseSolveN parses the board size of solve, which goes far beyond the
// size that counting accepts.
func parseSolveN(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > queens.MaxSolveN {
		//lint:ignore ST1005 N is the board size, named as the usage line names it
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
	return untilDone(ctx, func() (queens.Solution, error) { return queens.First(n) })
}

// noneCounted returns err, or errNoneCounted when the count it wrote found
// no solution.
func noneCounted(none bool, err error) error {
	if err == nil && none {
		return errNoneCounted
	}
	return err
}
