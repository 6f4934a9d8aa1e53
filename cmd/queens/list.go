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
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/progress"
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
the queen in each column as seed 003's program does, lists in that order
unless --order rows.

--style prints exactly what a program of the classic tutorials prints, in
its own words and layout (but for the time some of them print at the
end).

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
	_ = cmd.RegisterFlagCompletionFunc("format", completeFormats)
	_ = cmd.RegisterFlagCompletionFunc("glyphs", completeGlyphs)
	_ = cmd.RegisterFlagCompletionFunc("order", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"rows\tlexicographic, row by row", "columns\tcolumn by column"}, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("style", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, name := range format.StyleNames() {
			names = append(names, name+"\t"+format.DescribeStyle(name))
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// glyphsHelp lists the glyphs of the board format, for help texts.
func glyphsHelp() string {
	var b strings.Builder
	for _, name := range format.GlyphNames() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.DescribeGlyphs(name))
	}
	return b.String()
}

// stylesHelp lists the styles of the tutorials' programs, for help texts.
func stylesHelp() string {
	var b strings.Builder
	for _, name := range format.StyleNames() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.DescribeStyle(name))
	}
	return b.String()
}

// completeGlyphs completes the value of a --glyphs flag.
func completeGlyphs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	var names []string
	for _, name := range format.GlyphNames() {
		names = append(names, name+"\t"+format.DescribeGlyphs(name))
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// humanFormat reports whether the format ends with the total, "0
// solutions" included.
func humanFormat(name string) bool {
	return name == "board" || name == "matrix" || name == "sentences" || name == "svg"
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
			hint = "solution always counts rows from 0, as seed 003's program does"
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

// checkGlyphs returns a usage error for glyphs that are unknown, or given
// with a format other than board.
func checkGlyphs(name, glyphs string, given bool) error {
	if format.DescribeGlyphs(glyphs) == "" {
		return usageError(fmt.Errorf("unknown glyphs %q", glyphs), "glyphs: "+strings.Join(format.GlyphNames(), ", "))
	}
	if given && name != "board" && slices.Contains(format.Names(), name) {
		return usageError(fmt.Errorf("--glyphs applies to the board format, not to %s", name), "try --format board --glyphs "+glyphs)
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
		Glyphs: o.glyphs,
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

// list writes the solutions the options ask for to w, and returns how many
// it wrote. It stops with ctx.Err() when ctx is cancelled.
func list(ctx context.Context, w io.Writer, o listOptions) (uint64, error) {
	if workers := runtime.GOMAXPROCS(0); workers > 1 && o.n >= parallelMinN && o.format == "cols" && o.style == "" && !o.columnOrder() && !o.unique && o.limit == 0 {
		return listParallel(ctx, w, o, workers)
	}
	return listSerial(ctx, w, o)
}

// listSerial writes the listing with one goroutine.
func listSerial(ctx context.Context, w io.Writer, o listOptions) (uint64, error) {
	fw, err := newListWriter(w, o)
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
	var (
		index  uint64
		turned queens.Solution
	)
	bar := newListBar(o)
	defer bar.stop()
	columns := o.style == "" && o.columnOrder()
	for s := range seq {
		index++
		bar.solution(index, s)
		if columns {
			turned = transpose(turned, s)
			s = turned
		}
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
	bar.end()
	return index, fw.Close()
}

// listBar shows how far a serial listing to a file has come: by the
// solutions of --limit, or else by the placements of the first two rows,
// which the listing goes through in order.
type listBar struct {
	bar   *progress.Bar
	n     int
	limit uint64
	place []int // place[c0*n+c1]: how many prefixes come before (c0, c1)
	key   int   // the prefix of the last solution, c0*n+c1
	shown int
	units int
}

// newListBar returns the bar of the listing o, or nil when it shows none:
// for standard output, or a board of one row.
func newListBar(o listOptions) *listBar {
	if o.progress == nil || o.n < 2 || !progress.IsTerminal(o.progress) {
		return nil
	}
	b := &listBar{n: o.n, limit: o.limit, key: -1}
	if o.limit > 0 {
		b.units = int(min(o.limit, 1<<30))
	} else {
		prefixes := listPrefixes(o.n, 2)
		b.place = make([]int, o.n*o.n)
		for i, p := range prefixes {
			b.place[p[0]*o.n+p[1]] = i
		}
		b.units = len(prefixes)
	}
	b.bar = progress.NewIn(o.progress, message.NewPrinter(o.lang), b.units, 0, time.Time{})
	if b.bar == nil {
		return nil
	}
	return b
}

// solution tells the bar of the index-th solution s.
func (b *listBar) solution(index uint64, s queens.Solution) {
	if b == nil {
		return
	}
	if b.limit > 0 {
		b.bar.Add(1)
		return
	}
	if key := s[0]*b.n + s[1]; key != b.key {
		b.key = key
		// The prefixes before this one are done.
		b.bar.Add(b.place[key] - b.shown)
		b.shown = b.place[key]
	}
}

// end marks the listing complete.
func (b *listBar) end() {
	if b == nil || b.limit > 0 {
		return
	}
	b.bar.Add(b.units - b.shown)
	b.shown = b.units
}

// stop stops drawing the bar.
func (b *listBar) stop() {
	if b != nil {
		b.bar.Stop()
	}
}

// The parallel listing. Finding the solutions of a large board costs more
// than printing them, so the cols format, whose lines do not carry the
// number of the solution, is listed by several goroutines: the listing is
// split into units by the queens of the first rows (see
// queens.SolutionsWithPrefix), each worker formats the solutions of one
// unit into chunks of bytes, and the chunks are written in the order of the
// units, so that the output is the same as the serial one. Memory stays
// bounded: work starts on at most a window of units beyond the one being
// written, and a unit holds at most its share of chunksInFlight chunks
// before its worker waits.
const (
	parallelMinN   = 12  // smaller boards list in a blink
	chunksInFlight = 128 // chunks of at most 128 KiB
)

// listUnit is the part of a parallel listing that begins with one prefix.
type listUnit struct {
	prefix queens.Solution
	chunks chan *[]byte
	count  uint64 // solutions; set before chunks is closed
	err    error  // set before chunks is closed
}

// chunkPool recycles the chunks of the parallel listing.
var chunkPool = sync.Pool{New: func() any { b := make([]byte, 0, 128<<10); return &b }}

// chunkSink is the writer of a worker: it copies what the format writer
// hands it into a chunk and passes the chunk on to the unit being listed.
type chunkSink struct {
	ctx context.Context
	ch  chan<- *[]byte
}

func (s *chunkSink) Write(p []byte) (int, error) {
	b := chunkPool.Get().(*[]byte)
	*b = append((*b)[:0], p...)
	select {
	case s.ch <- b:
		return len(p), nil
	case <-s.ctx.Done():
		chunkPool.Put(b)
		return 0, s.ctx.Err()
	}
}

// listParallel writes the cols listing of every solution with several
// goroutines; its output is that of listSerial.
func listParallel(ctx context.Context, w io.Writer, o listOptions, workers int) (uint64, error) {
	// Units of a few hundred kilobytes: many more than workers, so that
	// they share the work evenly, and small enough to wait whole.
	depth := 2
	if o.n >= 15 {
		depth = 3
	}
	prefixes := listPrefixes(o.n, depth)
	window := workers + 2
	perUnit := max(4, chunksInFlight/window)
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The dispatcher hands out the units in order, to a worker and to the
	// queue of the writer, each after taking a place in the window; the
	// writer gives the place back when it has written the unit. The unit
	// being written always has its place, so the pipeline never stalls
	// for good. Every unit in the queue is closed, by its worker or, when
	// the listing stops early, by the dispatcher.
	places := make(chan struct{}, window)
	queue := make(chan *listUnit, window)
	work := make(chan *listUnit)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(work)
		defer close(queue)
		for _, p := range prefixes {
			select {
			case places <- struct{}{}:
			case <-ctx.Done():
				return
			}
			u := &listUnit{prefix: p, chunks: make(chan *[]byte, perUnit)}
			queue <- u
			select {
			case work <- u:
			case <-ctx.Done():
				u.err = ctx.Err()
				close(u.chunks)
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			// One format writer per worker, flushed at the end of each unit.
			sink := &chunkSink{ctx: ctx}
			fw, err := format.New(o.format, sink, format.Options{N: o.n, ZeroBased: o.base == 0})
			for u := range work {
				if err == nil {
					sink.ch = u.chunks
					u.count, u.err = listUnitSolutions(ctx, fw, u, o.n)
				} else {
					u.err = err
				}
				close(u.chunks)
			}
		})
	}
	var bar *progress.Bar
	if o.progress != nil {
		bar = progress.NewIn(o.progress, message.NewPrinter(o.lang), len(prefixes), 0, time.Time{})
	}
	total, err := writeUnits(w, queue, places, bar.Add)
	bar.Stop()
	cancel() // stops the others, if the writing stopped early
	for u := range queue {
		for b := range u.chunks {
			chunkPool.Put(b)
		}
	}
	wg.Wait()
	if perr := parent.Err(); perr != nil {
		return total, perr
	}
	return total, err
}

// writeUnits writes the chunks of the units of the queue in order, and
// returns the number of solutions written; done hears of each unit
// written.
func writeUnits(w io.Writer, queue <-chan *listUnit, places <-chan struct{}, done func(int)) (uint64, error) {
	var total uint64
	for u := range queue {
		for b := range u.chunks {
			_, err := w.Write(*b)
			chunkPool.Put(b)
			if err != nil {
				return total, err
			}
		}
		if u.err != nil {
			return total, u.err
		}
		total += u.count
		done(1)
		<-places
	}
	return total, nil
}

// listUnitSolutions writes the solutions of the unit of the n×n board
// with fw, and flushes it.
func listUnitSolutions(ctx context.Context, fw format.Writer, u *listUnit, n int) (uint64, error) {
	seq, err := queens.SolutionsWithPrefix(n, u.prefix)
	if err != nil {
		return 0, err
	}
	done := ctx.Done()
	var count uint64
	for s := range seq {
		count++
		if err = fw.Write(count, s); err != nil {
			return count, err
		}
		if count%1024 == 0 {
			select {
			case <-done:
				return count, ctx.Err()
			default:
			}
		}
	}
	return count, fw.Flush()
}

// listPrefixes returns the placements of queens on the first depth rows of
// the n×n board that no two attack, in lexicographic order.
func listPrefixes(n, depth int) []queens.Solution {
	var out []queens.Solution
	prefix := make(queens.Solution, 0, depth)
	var place func()
	place = func() {
		if len(prefix) == depth {
			out = append(out, prefix.Clone())
			return
		}
		row := len(prefix)
	next:
		for c := range n {
			for r, pc := range prefix {
				if d := pc - c; d == 0 || d == row-r || d == r-row {
					continue next
				}
			}
			prefix = append(prefix, c)
			place()
			prefix = prefix[:row]
		}
	}
	place()
	return out
}
