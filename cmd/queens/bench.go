package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/text/width"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/progress"
)

// benchBudget is the time bench spends on the timed runs of one algorithm
// when --runs is not given: an algorithm slower than that gets fewer runs,
// at least one.
const benchBudget = 10 * time.Second

// benchOptions are the settings of a benchmark.
type benchOptions struct {
	n        int
	algos    []queens.Algorithm
	runs     int
	timeBox  bool // stop adding runs after benchBudget
	asJSON   bool
	explicit bool // the algorithms were named, not "all"
}

// benchResult is the measure of one algorithm, as --json writes it.
type benchResult struct {
	Algorithm string  `json:"algorithm"`
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Checks    uint64  `json:"checks"`
	Work      uint64  `json:"work"`      // in the algorithm's own unit
	WorkUnit  string  `json:"work_unit"` // that unit, in English
	Runs      int     `json:"runs"`
	MedianNs  int64   `json:"median_ns"`
	NsPerNode float64 `json:"ns_per_node"`
	Speed     float64 `json:"speed"` // times as fast as the slowest
}

// benchReport is the outcome of bench, as --json writes it.
type benchReport struct {
	N       int           `json:"n"`
	Results []benchResult `json:"results"`
}

func newBenchCmd(io streams) *cobra.Command {
	var (
		o     benchOptions
		algos string
		force bool
	)
	cmd := &cobra.Command{
		Use:   "bench N",
		Short: "Time the algorithms against each other on the N×N board",
		Long: `Time the algorithms against each other on the N×N board: each runs its
whole search, on one goroutine and without symmetry, so that they do
comparable work. The table gives the solutions found, the queens placed
(nodes), the safety checks, the work in each algorithm's own unit (array
reads, comparisons, squares read, ...), the median time, the time per
node, and the speed relative to the slowest algorithm of the table.

Each algorithm runs once to warm up, then --runs times (default 5); the
median of those runs counts. Without --runs, an algorithm whose runs take
more than 10 s in all stops early, after at least one run; the runs column
says how many counted.

Each algorithm has a practical maximum N, up to which it finishes in a few
seconds. bench refuses a named algorithm past it unless --force is given;
with --algo all it leaves such algorithms out, and says so.

Where each algorithm comes from (see 'queens help tutorials'):
` + algorithmSources(),
		Example: `  queens bench 10
  queens bench 12 --algo flags,bitboard --runs 9
  queens bench 11 --algo permute --force
  queens bench 10 --json`,
		Args: sizeArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := parseN(args[0], queens.MaxN)
			if err != nil {
				return err
			}
			o.n = n
			if o.runs < 1 {
				return usageError(fmt.Errorf("--runs must be 1 or more, got %d", o.runs), "try '--runs 5'")
			}
			o.timeBox = !cmd.Flags().Changed("runs")
			if o.algos, o.explicit, err = pickBenchAlgorithms(algos); err != nil {
				return err
			}
			if !force {
				var skipped []string
				for _, a := range o.algos {
					if n <= a.MaxN {
						continue
					}
					if o.explicit {
						return usageError(fmt.Errorf("%s is too slow for N=%d: its practical maximum is N=%d", a.Name, n, a.MaxN),
							fmt.Sprintf("add --force to run it anyway, or try 'queens bench %d --algo %s'", a.MaxN, a.Name))
					}
					skipped = append(skipped, fmt.Sprintf("%s (up to N=%d)", a.Name, a.MaxN))
				}
				if len(skipped) > 0 {
					o.algos = slices.DeleteFunc(o.algos, func(a queens.Algorithm) bool { return n > a.MaxN })
					io.say("hint", "left out, too slow for N=%d: %s; --force runs them", n, strings.Join(skipped, ", "))
				}
			}
			rep, err := bench(cmd.Context(), o)
			if err != nil {
				return err
			}
			if o.asJSON {
				return json.NewEncoder(io.out).Encode(rep)
			}
			return writeBenchTable(io, rep)
		},
	}
	cmd.Flags().StringVar(&algos, "algo", "all", "algorithms to time, separated by commas, or all: "+knownAlgorithms())
	cmd.Flags().IntVar(&o.runs, "runs", 5, "timed runs of each algorithm, after one warm-up run")
	cmd.Flags().BoolVar(&force, "force", false, "run algorithms past their practical maximum N")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON object")
	_ = cmd.RegisterFlagCompletionFunc("algo", func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		names, dir := completeAlgorithms(io.p)(c, args, toComplete)
		// The names complete after the commas of a list, too.
		prefix := toComplete[:strings.LastIndex(toComplete, ",")+1]
		for i, name := range names {
			names[i] = prefix + name
		}
		if prefix == "" {
			names = append([]string{"all\t" + io.p.Text("every algorithm")}, names...)
		}
		return names, dir | cobra.ShellCompDirectiveNoSpace
	})
	return cmd
}

// pickBenchAlgorithms parses the --algo list: "all", or names separated by
// commas. It reports whether the algorithms were named.
func pickBenchAlgorithms(list string) ([]queens.Algorithm, bool, error) {
	if strings.TrimSpace(list) == "all" {
		return queens.Algorithms(), false, nil
	}
	var algos []queens.Algorithm
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		if name == "all" {
			return nil, true, usageError(errors.New("--algo all stands alone: it cannot be listed with other algorithms"), "give --algo all, or names separated by commas: "+knownAlgorithms())
		}
		a, err := queens.LookupAlgorithm(name)
		if name == "" || err != nil {
			return nil, true, usageError(fmt.Errorf("unknown algorithm %q", name), "known algorithms: all, "+knownAlgorithms())
		}
		if !slices.ContainsFunc(algos, func(b queens.Algorithm) bool { return b.Name == a.Name }) {
			algos = append(algos, a)
		}
	}
	return algos, true, nil
}

// bench times every algorithm of o.
func bench(ctx context.Context, o benchOptions) (benchReport, error) {
	rep := benchReport{N: o.n}
	for _, a := range o.algos {
		r, err := benchOne(ctx, a, o)
		if err != nil {
			return rep, err
		}
		rep.Results = append(rep.Results, r)
	}
	var slowest int64
	for _, r := range rep.Results {
		slowest = max(slowest, r.MedianNs)
	}
	for i := range rep.Results {
		rep.Results[i].Speed = float64(slowest) / float64(max(rep.Results[i].MedianNs, 1))
	}
	return rep, nil
}

// benchOne times one algorithm: a warm-up run, then the timed runs.
func benchOne(ctx context.Context, a queens.Algorithm, o benchOptions) (benchResult, error) {
	r := benchResult{Algorithm: a.Name, WorkUnit: a.WorkUnit}
	st, err := a.Search(ctx, o.n, nil) // the warm-up
	if err != nil {
		return r, err
	}
	r.Solutions, r.Nodes, r.Checks, r.Work = st.Solutions, st.Nodes, st.Checks, st.Work
	var times []time.Duration
	var spent time.Duration
	for len(times) < o.runs && !(o.timeBox && len(times) > 0 && spent > benchBudget) {
		runtime.GC()
		start := time.Now()
		if _, err := a.Search(ctx, o.n, nil); err != nil {
			return r, err
		}
		d := time.Since(start)
		times = append(times, d)
		spent += d
	}
	slices.Sort(times)
	median := times[len(times)/2]
	if len(times)%2 == 0 {
		median = (times[len(times)/2-1] + times[len(times)/2]) / 2
	}
	r.Runs, r.MedianNs = len(times), median.Nanoseconds()
	r.NsPerNode = float64(r.MedianNs) / float64(max(r.Nodes, 1))
	return r, nil
}

// writeBenchTable prints the report as a table: the names and the units
// of work on the left, the numbers on the right of their columns, two
// spaces apart. Widths are
// counted in terminal columns, so that Chinese headings, two columns a
// character, line up too.
func writeBenchTable(io streams, rep benchReport) error {
	fmt.Fprintf(io.out, "%s\n\n", io.p.Sprintf("N=%d: median time of the runs after a warm-up, one goroutine each", rep.N))
	rows := [][]string{append([]string{io.p.Text("algorithm")}, strings.Split(io.p.Text("solutions\tnodes\tchecks\twork\tunit\truns\ttime\tns/node\tspeed"), "\t")...)}
	for _, r := range rep.Results {
		rows = append(rows, []string{r.Algorithm,
			strconv.FormatUint(r.Solutions, 10), strconv.FormatUint(r.Nodes, 10), strconv.FormatUint(r.Checks, 10),
			strconv.FormatUint(r.Work, 10), io.p.Text(r.WorkUnit), strconv.Itoa(r.Runs),
			progress.Elapsed(time.Duration(r.MedianNs)), fmt.Sprintf("%.1f", r.NsPerNode), fmt.Sprintf("%.1f×", r.Speed)})
	}
	const unitColumn = 5 // after algorithm, solutions, nodes, checks, work
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-displayWidth(cell))
			switch {
			case i == 0:
				b.WriteString(cell + pad)
			case i == unitColumn:
				b.WriteString("  " + cell + pad)
			default:
				b.WriteString("  " + pad + cell)
			}
		}
		b.WriteString("\n")
	}
	_, err := io.out.Write([]byte(b.String()))
	return err
}

// displayWidth returns the columns s takes on a terminal: two for a wide
// character, such as a Chinese one, one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}
