package main

// The instance mode of solve: a board with blocked squares, excluded
// diagonals or preset queens, from the flags or from a file, searched
// exhaustively.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/instfile"
	"github.com/queenslab/queens/internal/progress"
)

// runInstance solves, counts or lists an instance with blocked squares,
// excluded diagonals or preset queens, from the flags or from a file, by
// the exhaustive search of the library.
func runInstance(cmd *cobra.Command, std streams, args []string, f solveFlags) error {
	set := cmd.Flags().Changed
	switch {
	case f.method != "":
		return usageError(errors.New("--method does not apply to --block, --exclude, --instance or --all"), "their search is exhaustive; drop --method")
	case set("seed"):
		return usageError(errors.New("--seed needs --method random"), "")
	case set("diagonals") && !set("instance"):
		return usageError(errors.New("--diagonals needs --instance"), "try 'queens solve --instance FILE --diagonals 9'")
	case f.count && f.all:
		return usageError(errors.New("--count and --all cannot be combined"), "")
	case f.any && (f.count || f.all):
		return usageError(errors.New("--any picks one solution: it does not apply to --count or --all"), "")
	case f.count && (set("format") || set("base")):
		return usageError(errors.New("--count prints a number: --format and --base do not apply"), "")
	case f.timeout < 0:
		return usageError(fmt.Errorf("--timeout must not be negative, got %s", f.timeout), "try --timeout 30s")
	case f.base != 0 && f.base != 1:
		return usageError(fmt.Errorf("--base must be 0 or 1, got %d", f.base), "")
	case set("diagonals") && f.diagonals < 0:
		return usageError(fmt.Errorf("--diagonals must not be negative, got %d", f.diagonals), "")
	}
	var in queens.Instance
	if set("instance") {
		d := -1 // the file's numdiags
		if set("diagonals") {
			d = f.diagonals
		}
		file, err := readInstanceFile(cmd.Context(), std, f.instance, d)
		if err != nil {
			return err
		}
		in = file.Instance
	} else {
		n, err := parseSolveN(args[0])
		if err != nil {
			return err
		}
		if n > queens.MaxInstanceN {
			return usageError(fmt.Errorf("--block, --exclude and --all work up to N = %d, got %d", queens.MaxInstanceN, n), "")
		}
		in.N = n
	}
	if err := addFlags(&in, f, set); err != nil {
		return err
	}
	f.report.N, f.report.Instance = in.N, newInstanceReport(&in)
	if f.format == "" || f.json {
		f.format = "board"
	}
	if !f.count {
		if err := checkFormat(f.format, in.N); err != nil {
			return err
		}
	}
	if err := checkGlyphs(f.format, f.glyphs, set("glyphs")); err != nil {
		return err
	}
	ctx := cmd.Context()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	switch {
	case f.count:
		total, err := countInstance(ctx, std, &in)
		if err != nil {
			return instanceError(ctx, err, f)
		}
		if f.crossCheck {
			if err := crossCheckCount(ctx, std, &in, total, f); err != nil {
				return err
			}
		}
		none := total == queens.Uint128{}
		if f.json {
			f.report.Result, f.report.Count, f.report.CrossChecked = "count", &total, f.crossCheck
			return noneCounted(none, writeResult(ctx, std, f.output, f.report.write))
		}
		return noneCounted(none, writeResult(ctx, std, f.output, func(w io.Writer) error {
			_, err := fmt.Fprintln(w, total)
			return err
		}))
	case f.all:
		err := writeResult(ctx, std, f.output, func(w io.Writer) error {
			return writeAll(ctx, w, &in, f, instanceFormat(std, f, &in))
		})
		if f.crossCheck && errors.Is(err, queens.ErrNoSolution) {
			if cerr := crossCheckNone(ctx, std, &in, f); cerr != nil {
				return cerr
			}
		}
		return err
	}
	s, err := in.Solve(ctx, queens.Options{AnySolution: f.any})
	f.report.DecidedBy = queens.DecidedBy(err)
	if f.crossCheck && errors.Is(err, queens.ErrNoSolution) {
		if cerr := crossCheckNone(ctx, std, &in, f); cerr != nil {
			return cerr
		}
		f.report.CrossChecked = true
	}
	if err != nil {
		return instanceError(ctx, err, f)
	}
	if err := in.Validate(s); err != nil {
		return fmt.Errorf("internal error: the search found a wrong solution: %w", err)
	}
	if f.json {
		f.report.Result, f.report.Method, f.report.cols = "solution", "instance", s
		return writeResult(ctx, std, f.output, f.report.write)
	}
	return writeResult(ctx, std, f.output, func(w io.Writer) error {
		return writeSolution(w, f.format, instanceFormat(std, f, &in), s)
	})
}

// addFlags adds the queens of --with, the squares of --block and the
// diagonals of --exclude to the instance.
func addFlags(in *queens.Instance, f solveFlags, set func(string) bool) error {
	n := in.N
	fileQueens, fileBlocked, fileExcluded := len(in.Queens), len(in.Blocked), len(in.Excluded)
	if set("with") {
		qs, err := queens.ParseSquares(n, f.with)
		if err != nil {
			return usageError(fmt.Errorf("--with: %w", err), withHint(n))
		}
		in.Queens = append(in.Queens, qs...)
		if err := queens.CheckPresets(n, in.Queens); err != nil {
			return usageError(fmt.Errorf("--with and the file's queens: %w", err), "")
		}
	}
	if set("block") {
		qs, err := queens.ParseSquareList(n, f.block)
		if err != nil {
			return usageError(fmt.Errorf("--block: %w", err), withHint(n))
		}
		in.Blocked = append(in.Blocked, qs...)
	}
	if set("exclude") {
		ds, err := queens.ParseDiagonals(n, f.exclude)
		if err != nil {
			return usageError(fmt.Errorf("--exclude: %w", err), fmt.Sprintf("diagonals are sum:0 to sum:%d and diff:%d to diff:%d, such as --exclude sum:7,diff:-2", 2*n-2, -(n-1), n-1))
		}
		in.Excluded = append(in.Excluded, ds...)
	}
	if err := in.Check(); err != nil {
		return usageError(err, "")
	}
	return checkPresetsFree(in, fileQueens, fileBlocked, fileExcluded)
}

// checkPresetsFree refuses a preset queen on a blocked square or an
// excluded diagonal where a flag made them meet: the library takes such
// an instance as one without solutions, but on the command line it is a
// slip of the typing. The first k queens, b blocked squares and e
// diagonals came from the instance file, which may pose such a puzzle.
func checkPresetsFree(in *queens.Instance, k, b, e int) error {
	for i, q := range in.Queens {
		for j, sq := range in.Blocked {
			if sq == q && (i >= k || j >= b) {
				return usageError(fmt.Errorf("the preset queen on %s stands on a blocked square", q.Name(in.N)), "--with and --block must name different squares")
			}
		}
		for j, d := range in.Excluded {
			if d.Contains(q) && (i >= k || j >= e) {
				return usageError(fmt.Errorf("the preset queen on %s stands on the excluded diagonal %s", q.Name(in.N), d), "--with must keep off the diagonals of --exclude")
			}
		}
	}
	return nil
}

// readInstanceFile reads the instance file path, standard input for "-",
// until ctx ends. A file that cannot be read is bad input.
func readInstanceFile(ctx context.Context, std streams, path string, diagonals int) (*instfile.Instance, error) {
	data, name, err := readInput(ctx, std, path)
	if err != nil {
		return nil, err
	}
	file, err := instfile.Read(name, data, diagonals)
	if err != nil {
		return nil, usageError(err, "")
	}
	return file, nil
}

// countInstance counts the solutions of the instance on every core, with
// a progress bar on a terminal.
func countInstance(ctx context.Context, std streams, in *queens.Instance) (queens.Uint128, error) {
	var (
		bar   *progress.Bar
		shown int
		start = time.Now()
	)
	opts := queens.Options{Progress: func(p queens.Progress) {
		if bar == nil {
			bar = progress.New(std.errOut, p.Units, 0, start)
		}
		bar.Add(p.UnitsDone - shown)
		shown = p.UnitsDone
	}}
	total, err := in.Count(ctx, opts)
	bar.Stop()
	return total, err
}

// writeAll writes every solution of the instance in the format with the
// options, each checked against the instance first; no solution at all
// is a definite no.
func writeAll(ctx context.Context, w io.Writer, in *queens.Instance, f solveFlags, opts format.Options) error {
	fw, err := format.New(f.format, w, opts)
	if err != nil {
		return usageError(err, "")
	}
	var index uint64
	for s, err := range in.Solutions(ctx) {
		if err != nil {
			return instanceError(ctx, err, f)
		}
		if err := in.Validate(s); err != nil {
			return fmt.Errorf("internal error: the search found a wrong solution: %w", err)
		}
		index++
		if err := fw.Write(index, s); err != nil {
			return err
		}
	}
	if index == 0 {
		return noError(fmt.Errorf("%w for the instance on the %d×%d board", queens.ErrNoSolution, in.N, in.N))
	}
	return fw.Close()
}

// instanceFormat returns the options of the format of a solution of the
// instance: a board labelled as chess squares are named, with its preset
// queens and blocked squares marked.
func instanceFormat(std streams, f solveFlags, in *queens.Instance) format.Options {
	opts := solveFormat(std, f, in.N)
	opts.Labels, opts.Presets, opts.Blocked = true, in.Queens, in.Blocked
	opts.Partial = !f.all // --all prints every solution of the instance
	return opts
}
