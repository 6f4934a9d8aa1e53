package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/narrate"
)

// defaultTraceLimit is the number of events trace shows unless told
// otherwise: enough for the whole search of the 8×8 board by any of the
// row-by-row algorithms (about 20,000 events), not so many that a large N
// floods the terminal.
const defaultTraceLimit = 100_000

// traceOptions are the settings of a trace.
type traceOptions struct {
	n       int
	algo    queens.Algorithm
	limit   int // the most events to show; 0 means all
	json    bool
	animate bool
	delay   time.Duration
	color   bool // --animate paints the squares
	// words are the texts of the events; nil takes them in English.
	words *narrate.Words
}

func newTraceCmd(io streams) *cobra.Command {
	var (
		o     traceOptions
		g     gifOptions
		algo  string
		color string
	)
	cmd := &cobra.Command{
		Use:   "trace N",
		Short: "Show step by step how an algorithm searches the N×N board",
		Long: `Show step by step how a backtracking algorithm searches the N×N board:
every square it tries, every queen it places and takes back, every dead end
and every solution. Rows and columns are counted from 1.

The log indents each step by its row, so the depth of the search shows.
--json writes one event a line instead, as the web page reads them (rows
and columns counted from 0). --animate redraws the board in place on a
terminal: queens, attacked squares shaded, the square being tried marked;
when standard output is not a terminal it writes the log. --color auto
(the default) paints the squares unless $NO_COLOR is set; --color never
draws them in plain characters, --color always paints them regardless.

The trace stops after --limit events (default 100000; 0 for no limit).
Every algorithm of 'queens bench' can be traced, up to the largest N it
handles in a few seconds.

--gif FILE draws the steps as an animated GIF instead, one frame per
event, as the web page draws the board; --from and --to choose the steps
(counted from 1, the first event; 0 is the empty board), by default all
of them. A GIF holds at most 5000 frames.

The GIF numbers the columns above the board and the rows on its left,
and writes below it the sentence of each event, as the log does, in the
language of --lang; --caption=false leaves the sentence out. For a slide,
--events chooses the events that make frames (try, place, remove,
solution, deadend; the board still moves past the others), --scale 2 to
4 draws the board and the text larger, and --delay sets the time a frame
shows (default 200ms).`,
		Example: `  queens trace 4
  queens trace 8 --algo matrix --limit 60
  queens trace 6 --json | head
  queens trace 8 --animate --delay 30ms
  queens trace 6 --algo flags --gif search.gif
  queens trace 8 --gif start.gif --from 1 --to 300
  queens trace 4 --gif slide.gif --from 0 --events place,remove,solution --scale 2 --delay 700ms`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseN(args[0], queens.MaxN)
			if err != nil {
				return err
			}
			o.n = n
			if o.algo, err = pickTraceAlgorithm(algo, n); err != nil {
				return err
			}
			switch {
			case o.limit < 0:
				return usageError(fmt.Errorf("--limit must be 0 (no limit) or more, got %d", o.limit), fmt.Sprintf("try 'queens trace %d --limit 100'", n))
			case o.delay < 0:
				return usageError(fmt.Errorf("--delay must not be negative, got %v", o.delay), "try '--delay 80ms'")
			case o.json && o.animate:
				return usageError(fmt.Errorf("--json and --animate do not go together"), "pick one")
			case cmd.Flags().Changed("delay") && !o.animate && g.path == "":
				return usageError(errors.New("--delay is the pause of --animate and the time a frame of --gif shows"), fmt.Sprintf("try 'queens trace %d --animate --delay %v'", o.n, o.delay))
			case cmd.Flags().Changed("color") && !o.animate:
				return usageError(errors.New("--color is for the board of --animate"), fmt.Sprintf("try 'queens trace %d --animate --color %s'", o.n, color))
			}
			if g.path != "" || cmd.Flags().Changed("gif") {
				switch {
				case g.path == "":
					return usageError(errors.New("--gif needs a file name"), fmt.Sprintf("try 'queens trace %d --gif search.gif'", n))
				case o.json || o.animate:
					return usageError(errors.New("--gif does not go with --json or --animate"), "pick one")
				case cmd.Flags().Changed("limit"):
					return usageError(errors.New("--limit is for the log; --gif takes --from and --to"), fmt.Sprintf("try 'queens trace %d --gif search.gif --from 1 --to 500'", n))
				case cmd.Flags().Changed("to") && g.to < 0:
					return usageError(fmt.Errorf("--to must be 0 or more, got %d", g.to), "leave --to out for the last step")
				}
				if !cmd.Flags().Changed("to") {
					g.to = -1
				}
				if cmd.Flags().Changed("delay") {
					g.delay = o.delay
				}
				return traceGIF(cmd.Context(), io, o.algo, n, g)
			}
			if cmd.Flags().Changed("events") || cmd.Flags().Changed("scale") || cmd.Flags().Changed("caption") {
				return usageError(errors.New("--events, --scale and --caption are for --gif"), fmt.Sprintf("try 'queens trace %d --gif search.gif --events place,remove --scale 2'", n))
			}
			if cmd.Flags().Changed("from") || cmd.Flags().Changed("to") {
				return usageError(errors.New("--from and --to choose the steps of --gif"), fmt.Sprintf("try 'queens trace %d --gif search.gif --from 1 --to 500'", n))
			}
			if o.color, err = useColor(color, os.Getenv); err != nil {
				return err
			}
			if o.animate && !isTerminal(io.out) {
				o.animate = false // the log, for a file or a pipe
			}
			return trace(cmd.Context(), io, o)
		},
	}
	cmd.Flags().StringVar(&algo, "algo", "flags", "algorithm to trace: "+knownAlgorithms())
	cmd.Flags().IntVar(&o.limit, "limit", defaultTraceLimit, "stop after this many events; 0 means no limit")
	cmd.Flags().BoolVar(&o.json, "json", false, "write one JSON event a line")
	cmd.Flags().BoolVar(&o.animate, "animate", false, "redraw the board in place at every event (on a terminal)")
	cmd.Flags().DurationVar(&o.delay, "delay", 80*time.Millisecond, "pause between two frames of --animate; for --gif, the time a frame shows, 200ms when not given")
	cmd.Flags().StringVar(&color, "color", "auto", "paint the board of --animate: auto (unless $NO_COLOR is set), always or never")
	cmd.Flags().StringVar(&g.path, "gif", "", "draw the steps as an animated GIF in `FILE`")
	cmd.Flags().IntVar(&g.from, "from", 1, "the first step of --gif (0: the empty board)")
	cmd.Flags().IntVar(&g.to, "to", 0, "the last step of --gif (default: the last of the search)")
	cmd.Flags().StringVar(&g.events, "events", "", "the events that make frames of --gif, such as place,remove (default: all)")
	cmd.Flags().IntVar(&g.scale, "scale", 1, "draw the board and text of --gif this many times larger, up to 4")
	cmd.Flags().BoolVar(&g.caption, "caption", true, "write the sentence of each event below the board of --gif (--caption=false leaves it out)")
	_ = cmd.RegisterFlagCompletionFunc("algo", completeAlgorithms(io.p))
	_ = cmd.RegisterFlagCompletionFunc("color", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"auto\tunless $NO_COLOR is set", "always", "never"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// useColor decides from the --color value whether --animate paints the
// board: auto paints unless the NO_COLOR variable is set to anything but
// the empty string (see no-color.org).
func useColor(mode string, getenv func(string) string) (bool, error) {
	switch mode {
	case "auto":
		return getenv("NO_COLOR") == "", nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usageError(fmt.Errorf("--color must be auto, always or never, got %q", mode), "")
}

// completeAlgorithms completes the value of an --algo flag.
func completeAlgorithms(p *message.Printer) cobra.CompletionFunc {
	var names []string
	ideas := map[string]string{}
	for _, a := range queens.Algorithms() {
		names = append(names, a.Name)
		ideas[a.Name] = a.Idea
	}
	return completions(p, names, func(name string) string { return ideas[name] })
}

// knownAlgorithms lists the names of the algorithms, for help texts.
func knownAlgorithms() string {
	var names []string
	for _, a := range queens.Algorithms() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// pickTraceAlgorithm looks up the algorithm called name and checks that
// it traces boards of size n.
func pickTraceAlgorithm(name string, n int) (queens.Algorithm, error) {
	a, err := queens.LookupAlgorithm(name)
	if err != nil {
		return a, usageError(fmt.Errorf("unknown algorithm %q", name), "known algorithms: "+knownAlgorithms())
	}
	if n > a.MaxN {
		return a, usageError(fmt.Errorf("the %s algorithm traces boards up to N=%d, got N=%d", a.Name, a.MaxN, n),
			fmt.Sprintf("try 'queens trace %d --algo %s'", a.MaxN, a.Name))
	}
	return a, nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// trace runs the search and shows its events as o asks.
func trace(ctx context.Context, io streams, o traceOptions) error {
	out := bufio.NewWriter(io.out)
	if o.words == nil {
		o.words = narrate.New(io.p, o.algo.Name)
	}
	var (
		show   func(queens.Event) error
		finish func(queens.Stats) error
	)
	switch {
	case o.json:
		enc := json.NewEncoder(out)
		show = func(e queens.Event) error { return enc.Encode(e) }
		finish = func(queens.Stats) error { return nil }
	case o.animate:
		a := newAnimation(out, o)
		fmt.Fprint(out, "\x1b[?25l\x1b[2J") // hide the cursor, clear the screen
		defer fmt.Fprint(io.out, "\x1b[?25h")
		show = func(e queens.Event) error {
			if err := a.frame(e); err != nil {
				return err
			}
			return sleep(ctx, o.delay)
		}
		finish = a.end
	default:
		var line []byte
		show = func(e queens.Event) error {
			line = o.words.AppendLine(line[:0], e, o.n)
			_, err := out.Write(line)
			return err
		}
		finish = func(st queens.Stats) error {
			_, err := fmt.Fprintf(out, "%s, N=%d%s%s\n", o.algo.Name, o.n, colon(io.p), traceSummary(io.p, st))
			return err
		}
	}
	var (
		events  int
		cut     bool // an event came past the limit
		showErr error
	)
	st, err := o.algo.Search(ctx, o.n, func(e queens.Event) bool {
		if o.limit > 0 && events == o.limit {
			cut = true
			return false
		}
		events++
		showErr = show(e)
		return showErr == nil
	})
	if err == nil {
		err = showErr
	}
	if err == nil {
		err = ctx.Err() // --animate gives up its pause on Ctrl-C
	}
	if err == nil && !cut {
		err = finish(st)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && cut {
		fmt.Fprintf(io.errOut, "queens: %s%s%s\n", io.p.Text("hint"), colon(io.p), io.p.Sprintf("the trace stops after %d events; --limit 0 shows them all", o.limit))
	}
	return err
}

// sleep waits for d, or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// traceSummary says what a traced search did: "92 solutions, 1965 queens
// placed, 15720 safety checks".
func traceSummary(p *message.Printer, st queens.Stats) string {
	return p.Sprintf("%s, %s, %s",
		p.Plural("%d solutions", st.Solutions, st.Solutions),
		p.Plural("%d queens placed", st.Nodes, st.Nodes),
		p.Plural("%d safety checks", st.Checks, st.Checks))
}
