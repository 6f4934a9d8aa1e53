package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/memory"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/plan"
	"github.com/queenslab/queens/internal/progress"
)

// countFlags are the flags of the count command.
type countFlags struct {
	maxMemory  uint64 // bytes; 0: the computer's memory
	memory     string // --max-memory as given
	algo       string
	workers    int
	checkpoint string
	asJSON     bool
	quiet      bool
	progress   string  // "bar" or "json"
	recount    float64 // percent of the units counted again
	estimate   bool
}

// countOutcome is what a count prints.
type countOutcome struct {
	queens.Result
	checkpoint string // the checkpoint file; "" when there is none
	units      int    // the work units of the count, with a checkpoint
	resumed    int    // the units of them taken from the checkpoint
}

func newCountCmd(io streams) *cobra.Command {
	var f countFlags
	var cl clusterFlags
	cmd := &cobra.Command{
		Use:   "count N",
		Short: "Count the solutions of the N×N board",
		Long: fmt.Sprintf(`Count the solutions of the N×N board: the total, and the unique ones,
counting solutions that are rotations or reflections of each other once.
It prints the nodes of the count and the time: from N = %d to %d the
count joins half boards and a node is a half board it made; for the other
sizes it searches, and a node is a queen it placed.`, plan.JoinFrom, plan.JoinTo) + `

The count is split into work units, counted on all cores. On a terminal,
a progress bar on stderr shows the units done, the rate, the elapsed time
and an estimate of the time left, from the units' estimated cost; --quiet
hides it. The count knows the memory it needs before it allocates, and
refuses, with exit status 2, a count that needs more than the computer has
or than --max-memory allows.

With --checkpoint FILE, each finished unit is recorded in FILE at once
(synced to disk within a tenth of a second). When the count is stopped by
Ctrl-C, a kill or a crash, the same command resumes it: the units in FILE
are not counted again, and the total is the same as that of an unbroken
count. A checkpoint of another N, or of another version of the work
units, is refused. The file is kept when the count ends, as a record of
it; running the command again then prints the result at once. Delete the
file to count from the start.

With --progress json, stderr gets instead of the bar a JSON object on a
line every second, for scripts: the time elapsed, the share done (from 0
to 1), the time left, the units done and the solutions so far. The share
done includes the units being counted, and the time left starts from
the cost model of the units, corrected part by part by the time the
units take.

--estimate counts nothing: it times a sample of the units, within about
a minute, and prints what the count would cost: core hours, the time on
--workers cores (default all of this computer's), the largest unit and
the memory.

--recount P counts P percent of the units (one at least) again, chosen
at random, once the count is done, by a plain backtracking of the same
part of the board that shares no code with the engines: when the two
counts of a unit disagree, the count fails with exit status 4 and names
every such unit. With --cluster, the units are counted twice by two workers instead
(see 'queens help cluster').

Exit status: 0 done, 2 bad usage or not enough memory, 4 two counts of a
unit disagree, 130 interrupted.`,
		Example: `  queens count 8
  queens count 16 --json
  queens count 18 --checkpoint c18.ckpt    # Ctrl-C, then the same again to resume
  queens count 20 --progress json --workers 2
  queens count 27 --estimate --json
  queens count 16 --recount 10`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseN(args[0], queens.MaxN)
			if err != nil {
				return err
			}
			if err := f.check(); err != nil {
				return err
			}
			if f.memory != "" {
				if f.maxMemory, err = memory.Parse(f.memory); err != nil {
					return usageError(fmt.Errorf("--max-memory: %w", err), "")
				}
			}
			if f.estimate {
				return runEstimate(cmd.Context(), n, f, io)
			}
			if cl.enabled() {
				return runClusterCount(cmd, n, f, cl, io)
			}
			var c countOutcome
			switch {
			case f.checkpoint != "":
				c, err = countCheckpointed(cmd.Context(), n, f, io)
			default:
				c, err = countLocal(cmd.Context(), n, f, io)
			}
			if err != nil {
				return err
			}
			return c.print(io.out, io.p, f.asJSON)
		},
	}
	cmd.Flags().StringVar(&f.algo, "algo", "", "algorithm that counts (see 'queens bench'); default the fastest")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "number of work units counted at once; 0 means one per CPU (with --cluster: no local workers, see above)")
	cmd.Flags().StringVar(&f.checkpoint, "checkpoint", "", "record finished work units in `FILE`, and resume from it")
	cmd.Flags().StringVar(&f.memory, "max-memory", "", "refuse a count that needs more memory than `SIZE` (512M, 2G, 800MB); default the computer's memory")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print one JSON object, with the peak memory of the process")
	cmd.Flags().BoolVar(&f.quiet, "quiet", false, "show no progress bar")
	cmd.Flags().StringVar(&f.progress, "progress", "bar", "how to show progress on stderr: `bar` (on a terminal) or json (a JSON object a line, every second)")
	cmd.Flags().Float64Var(&f.recount, "recount", 0, "count `P` percent of the units again by another method, and fail on a disagreement")
	cmd.Flags().BoolVar(&f.estimate, "estimate", false, "time a sample of the units and print what the count would cost, without counting")
	cl.register(cmd)
	_ = cmd.RegisterFlagCompletionFunc("algo", completeAlgorithms(io.p))
	return cmd
}

// check checks the flags that need no count to be checked.
func (f countFlags) check() error {
	if f.workers < 0 {
		return usageError(fmt.Errorf("--workers must be 0 (one per CPU) or more, got %d", f.workers), "")
	}
	if f.progress != "bar" && f.progress != "json" {
		return usageError(fmt.Errorf("--progress must be %q or %q, got %q", "bar", "json", f.progress), "")
	}
	if f.recount < 0 || f.recount > 100 || f.recount != f.recount {
		return usageError(fmt.Errorf("--recount must be a percentage from 0 to 100, got %g", f.recount), "")
	}
	if (f.recount > 0 || f.estimate || f.progress == "json") && f.algo != "" {
		if fast, _ := queens.LookupAlgorithm(""); f.algo != fast.Name {
			return usageError(fmt.Errorf("--recount, --estimate and --progress json work with the fast engine only, not --algo %s", f.algo), "drop --algo")
		}
	}
	if _, err := queens.LookupAlgorithm(f.algo); err != nil {
		return libraryError(err)
	}
	if f.checkpoint != "" && f.algo != "" {
		if fast, _ := queens.LookupAlgorithm(""); f.algo != fast.Name {
			return usageError(fmt.Errorf("--checkpoint works with the fast engine only, not --algo %s", f.algo), "drop --algo")
		}
	}
	return nil
}

// countLocal counts through the library, with a progress bar on a
// terminal.
func countLocal(ctx context.Context, n int, f countFlags, io streams) (countOutcome, error) {
	opts := queens.Options{Algorithm: f.algo, Workers: f.workers, MaxMemory: f.maxMemory, Recount: f.recount / 100}
	bar := newCountBar(&opts, f, io)
	start := time.Now()
	res, err := queens.Count(ctx, n, opts)
	bar.stop()
	switch {
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return countOutcome{}, &exitError{code: exitInterrupted, err: err, hint: lostWorkHint(n, time.Since(start))}
	case err != nil:
		return countOutcome{}, countError(err, n, f)
	}
	return countOutcome{Result: res}, nil
}

// lostWorkHint says, after a count without a checkpoint was stopped,
// that its work is lost and how the next one keeps it.
func lostWorkHint(n int, elapsed time.Duration) string {
	return fmt.Sprintf("the %s of counting are lost; to stop a count and resume it later, give it a checkpoint file: 'queens count %d --checkpoint q%d.ckpt'",
		progress.Elapsed(elapsed), n, n)
}

// countBar draws the progress of a count, once the count reports it, or
// writes it as JSON lines.
type countBar struct {
	bar     *progress.Bar
	lines   *progress.Lines
	started bool
	shown   int     // units drawn as done
	work    float64 // their work
}

// newCountBar sets opts.Progress to draw a bar on a terminal, unless
// --quiet, or to write JSON lines with --progress json.
func newCountBar(opts *queens.Options, f countFlags, io streams) *countBar {
	b := &countBar{}
	if f.progress == "json" {
		b.lines = progress.NewLines(io.errOut, time.Second, nil)
		opts.ProgressEvery = time.Second / 2
		opts.Progress = func(p queens.Progress) { b.lines.Report(progressLine(p), p.Units > 0 && p.UnitsDone == p.Units) }
		return b
	}
	if f.quiet {
		return b
	}
	start := time.Now()
	opts.ProgressEvery = time.Second / 2
	opts.Progress = func(p queens.Progress) {
		if p.Units == 0 {
			return // the plan is being made
		}
		if !b.started {
			b.started = true
			b.bar = progress.NewIn(io.errOut, io.p, p.Units, p.Resumed, start)
			b.bar.SetWork(p.Work, p.WorkResumed)
			b.shown, b.work = p.Resumed, p.WorkResumed
		}
		b.bar.SetEstimate(p.Fraction, p.ETA)
		b.bar.AddWork(p.UnitsDone-b.shown, p.WorkDone-b.work)
		b.shown, b.work = p.UnitsDone, p.WorkDone
	}
	return b
}

// progressLine is the JSON line of a report of progress.
func progressLine(p queens.Progress) progress.Line {
	l := progress.Line{Elapsed: p.Elapsed.Seconds(), Fraction: p.Fraction, Done: p.UnitsDone, Units: p.Units, Solutions: json.RawMessage(p.Total.String())}
	if p.ETA >= 0 {
		eta := p.ETA.Seconds()
		l.ETA = &eta
	}
	return l
}

// stop stops drawing the bar.
func (b *countBar) stop() { b.bar.Stop() }

// countError gives an error of a count its exit code and a hint.
func countError(err error, n int, f countFlags) error {
	if errors.Is(err, queens.ErrMemory) {
		return usageError(err, fmt.Sprintf("give the count more with --max-memory, or use fewer --workers; N=%d with one worker needs the least", n))
	}
	if errors.Is(err, queens.ErrMismatch) {
		return &exitError{code: exitMismatch, err: err, hint: "one of the two counts is wrong: count the unit again on another computer, and check this one's memory"}
	}
	return libraryError(err)
}

// countCheckpointed counts the units of the plan that the checkpoint does
// not hold yet, recording each in it as it is done, and adds them to those
// it holds.
func countCheckpointed(ctx context.Context, n int, f countFlags, io streams) (countOutcome, error) {
	p, err := queens.PlanOf(ctx, n)
	if err != nil {
		return countOutcome{}, countError(err, n, f)
	}
	cp, err := queens.OpenCheckpoint(f.checkpoint, p)
	if err != nil {
		return countOutcome{}, checkpointError(err, f.checkpoint)
	}
	defer cp.Close()
	if cp.Torn() > 0 && !f.quiet {
		fmt.Fprintf(io.errOut, "queens: note: dropped the incomplete last record of %s; its unit is counted again\n", f.checkpoint)
	}
	c := countOutcome{checkpoint: f.checkpoint, units: p.Units, resumed: cp.Resumed()}
	opts := queens.Options{Workers: f.workers, MaxMemory: f.maxMemory, Plan: p, Resume: cp.Resume, Record: cp.Record, Recount: f.recount / 100}
	bar := newCountBar(&opts, f, io)
	res, err := queens.Count(ctx, n, opts)
	bar.stop()
	c.Result = res
	done := cp.Units()
	closeErr := cp.Close()
	switch {
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return c, &exitError{code: exitInterrupted, err: err,
			hint: fmt.Sprintf("%d of %d units are saved; resume with: queens count %d --checkpoint %s", done, c.units, n, shellQuote(f.checkpoint))}
	case err != nil:
		return c, countError(err, n, f)
	case closeErr != nil:
		return c, closeErr
	}
	return c, nil
}

// checkpointError gives an error of checkpoint.Open its exit code and a
// hint.
func checkpointError(err error, path string) error {
	var hint string
	switch {
	case errors.Is(err, queens.ErrCheckpointMismatch):
		hint = fmt.Sprintf("use another checkpoint file for this count, or delete %s to count from the start", shellQuote(path))
	case errors.Is(err, queens.ErrCheckpointCorrupt), errors.Is(err, queens.ErrCheckpointConflict):
		hint = fmt.Sprintf("the file was changed after it was written; delete %s to count from the start", shellQuote(path))
	case errors.Is(err, queens.ErrNotCheckpoint):
		hint = "give the name of a new file, or of a checkpoint of this count; queens does not overwrite other files"
	case errors.Is(err, queens.ErrCheckpointLocked):
		hint = "another 'queens count' is using it; wait for it to end or stop it"
	default:
		hint = fileHint(err, "--checkpoint needs the path of a file in a writable directory")
	}
	return usageError(err, hint)
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// print writes the outcome: a few lines of text, or one JSON object.
// The words are the printer's; the JSON object is the same in every
// language.
func (c countOutcome) print(w io.Writer, p *message.Printer, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(c.json())
	}
	one := uint64(2)
	if c.Total == queens.U128(1) {
		one = 1
	}
	_, err := fmt.Fprintf(w, "%s\n%s\n%s\n",
		p.Plural("N=%d: %s solutions, %s unique", one, c.N, c.Total, c.Unique),
		p.Sprintf("nodes: %s", c.Nodes),
		p.Sprintf("time: %s", countTime(p, c.Elapsed)))
	if err == nil && c.checkpoint != "" {
		_, err = fmt.Fprintln(w, p.Sprintf("checkpoint: %s, %d of %d units from earlier runs", c.checkpoint, c.resumed, c.units))
	}
	return err
}

// countResult is the JSON form of a count.
type countResult struct {
	N         int            `json:"n"`
	Total     queens.Uint128 `json:"total"`
	Unique    queens.Uint128 `json:"unique"`
	Nodes     queens.Uint128 `json:"nodes"`
	Millis    float64        `json:"elapsed_ms"`
	Algorithm string         `json:"algorithm"`
	Engine    string         `json:"engine,omitempty"`
	// MemoryEstimate is the plan's estimate of what the count needed,
	// PeakMemory the most the process held (its peak resident set), in
	// bytes.
	MemoryEstimate uint64          `json:"memory_estimate_bytes,omitempty"`
	PeakMemory     uint64          `json:"peak_memory_bytes,omitempty"`
	Checkpoint     *checkpointJSON `json:"checkpoint,omitempty"`
}

// checkpointJSON is the JSON form of the checkpoint of a count.
type checkpointJSON struct {
	File    string `json:"file"`
	Units   int    `json:"units"`   // the work units of the count
	Resumed int    `json:"resumed"` // the units taken from the file
}

func (c countOutcome) json() countResult {
	r := countJSON(c.Result)
	if c.checkpoint != "" {
		r.Checkpoint = &checkpointJSON{File: c.checkpoint, Units: c.units, Resumed: c.resumed}
	}
	return r
}

func countJSON(r queens.Result) countResult {
	return countResult{N: r.N, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes, Millis: float64(r.Elapsed.Microseconds()) / 1000,
		Algorithm: r.Algorithm, Engine: r.Engine, MemoryEstimate: r.Memory, PeakMemory: peakMemory()}
}

// countTime formats the time of a count: below a second in milliseconds,
// as the seed programs print their running time, and from a second on to
// a tenth of a second in hours, minutes and seconds, such as "1m57.6s".
func countTime(p *message.Printer, d time.Duration) string {
	if d < time.Second {
		return p.Sprintf("%.3f ms", float64(d.Microseconds())/1000)
	}
	return d.Round(100 * time.Millisecond).String()
}
