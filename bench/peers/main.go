// Command peers runs queens and real solvers side by side on the same
// n-queens instances (Excluded Diagonals, Blocked n-Queens), one run, and
// prints each one's answer and wall time per instance, queens' time over
// the fastest peer's, and a summary. Run 'go run ./bench/peers -h'.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

const usage = `usage: go run ./bench/peers -set SET [flags]

Runs queens and its peers on the same instances, one after another, and
prints for each instance every solver's answer (sol, none, a count,
timeout or error) and wall seconds, and queens' time over the fastest
peer's ("<" where no peer decided within its limit, ">" where queens did
not); then a summary: the instances, how many each solver decided,
the median and the worst ratio, and the disagreements. Every solution
is checked against the instance; two solvers that disagree (a solution
and "none", or two counts) make the command exit with 1.

The peers, each on its own encoding, written for this benchmark:
  cadical   CaDiCaL on the DIMACS CNF that 'queens convert --to dimacs'
            writes (one variable per free square, pairwise at-most-one)
  clasp     gringo and clasp on the ASP encoding queens.lp; counts with
            'clasp 0 -q' (every model)
  gecode    Gecode through MiniZinc on queens.mzn (three alldifferent);
            counts with 'minizinc -a' (all solutions)
  cbc       CBC's branch and cut on the 0/1 programme that 'queens
            convert --to lp' writes (each empty row and column = 1, each
            diagonal <= 1); it does not count
A peer whose programs are missing is named and left out (on Debian:
apt-get install cadical clasp gringo minizinc flatzinc coinor-cbc).

Every solver runs as a process, queens too (built once with 'go build'
from this checkout into a temporary folder), so that start-up and, for
MiniZinc, compilation count alike for everyone; the wall time is measured
around the processes, and at its limit a solver's whole process group is
killed. queens decides with 'solve --instance FILE --any' and counts
with '--count', on all cores (-cores); the peers run on one core each.
The order of the solvers turns from one instance to the next, to spread
the noise of a shared machine; with -reps, each instance runs that many
times in turn and the medians count.

Sets (-set):
  gen     the instances of CSPLib's Excluded Diagonals generator,
          queens-diag-gen.py N 4 SEED, replayed here number for number,
          with the first D diagonals
          (defaults -n 22-30 -seeds 1-20 -d N-4..N)
  csplib  the same, read from the generator's files of CSPLib prob079
          (diag-N.tar.gz, N = 8 to 21; the seeds are the file numbers),
          each checked against the generator here; needs -csplib
          (defaults -n 10-21 -seeds 1-5 -d N-4..N)
  asp     the Blocked n-Queens boards of the ASP competitions (prob080;
          -n 28,48,50,56; -seeds numbers the boards of each N from 1,
          in name order); needs -csplib (defaults -seeds 1-100)
  hard    for each of N = 19, 20, 21 the slowest run of the paper's
          bit-parallel solver without a solution and with one (six)
  count   counts: Excluded Diagonals instances as in gen and Blocked
          n-Queens instances of CSPLib's blocked-gen.py N M 4 SEED,
          queens --count against clasp and Gecode (every solution),
          equal counts required (defaults -n 12-18 -seeds 1-3
          -d N-8,N-6,N-4 -m 5N,7N)

Get the CSPLib files with bench/peers/fetch-csplib DIR.

Flags:
`

func main() {
	var sel selection
	var nsFlag, seedsFlag, dFlag, mFlag, peersFlag string
	flag.StringVar(&sel.set, "set", "", "the instances: gen, csplib, asp, hard or count")
	flag.StringVar(&nsFlag, "n", "", "board sizes, such as 22-30 or 31,35")
	flag.StringVar(&seedsFlag, "seeds", "", "the generator's seeds (file numbers of csplib, board numbers of asp), such as 1-20")
	flag.StringVar(&dFlag, "d", "", "diagonals to exclude, in terms of N, such as N-4..N or N-2,N-1")
	flag.StringVar(&mFlag, "m", "", "count: blocked squares, in terms of N, such as 5N,7N (none: -m '')")
	flag.StringVar(&sel.csplib, "csplib", "", "a checkout of github.com/csplib/csplib (csplib and asp sets)")
	limit := flag.Duration("limit", 10*time.Second, "time limit of each queens run")
	peerLimit := flag.Duration("peer-limit", 60*time.Second, "time limit of each peer's run")
	flag.StringVar(&peersFlag, "peers", "cadical,clasp,gecode,cbc", "the peers to run, comma-separated (none: queens alone)")
	cores := flag.Int("cores", 0, "GOMAXPROCS of queens (0: all cores)")
	reps := flag.Int("reps", 1, "runs of each solver on each instance; the median counts")
	list := flag.Bool("list", false, "print the instances and run nothing")
	flag.Usage = func() {
		fmt.Fprint(os.Stderr, usage)
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || sel.set == "" || *reps < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := parseSelection(&sel, nsFlag, seedsFlag, dFlag, mFlag); err != nil {
		fail(err)
	}
	xs, err := instances(sel)
	if err != nil {
		fail(err)
	}
	if *list {
		for _, x := range xs {
			fmt.Println(x.name)
		}
		return
	}
	work, err := os.MkdirTemp("", "peers-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	code, err := run(sel.set == "count", xs, work, peersFlag, *limit, *peerLimit, *cores, *reps)
	if err != nil {
		os.RemoveAll(work)
		fail(err)
	}
	os.RemoveAll(work)
	os.Exit(code)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "peers:", err)
	os.Exit(2)
}

// parseSelection fills in the selection from the flags, with the set's
// defaults for those not given.
func parseSelection(sel *selection, ns, seeds, d, m string) error {
	set := func(flagName, value, def string) string {
		given := false
		flag.Visit(func(f *flag.Flag) { given = given || f.Name == flagName })
		if given {
			return value
		}
		return def
	}
	defs := map[string][4]string{
		"gen":    {"22-30", "1-20", "N-4..N", ""},
		"csplib": {"10-21", "1-5", "N-4..N", ""},
		"asp":    {"28,48,50,56", "1-100", "", ""},
		"hard":   {"", "", "", ""},
		"count":  {"12-18", "1-3", "N-8,N-6,N-4", "5N,7N"},
	}[sel.set]
	var err error
	if v := set("n", ns, defs[0]); v != "" {
		if sel.ns, err = parseInts(v); err != nil {
			return err
		}
	}
	if v := set("seeds", seeds, defs[1]); v != "" {
		if sel.seeds, err = parseInts(v); err != nil {
			return err
		}
	}
	none := func(int) []int { return nil }
	sel.ds, sel.ms = none, none
	if v := set("d", d, defs[2]); v != "" {
		if sel.ds, err = parseRel(v); err != nil {
			return err
		}
	}
	if v := set("m", m, defs[3]); v != "" {
		if sel.ms, err = parseRel(v); err != nil {
			return err
		}
	}
	if (sel.set == "csplib" || sel.set == "asp") && sel.csplib == "" {
		return fmt.Errorf("-set %s needs -csplib DIR (bench/peers/fetch-csplib DIR makes one)", sel.set)
	}
	return nil
}

// run runs the solvers on the instances and prints the table and the
// summary; it returns the exit code.
func run(count bool, xs []instance, work, peersFlag string, limit, peerLimit time.Duration, cores, reps int) (int, error) {
	bin := filepath.Join(work, "queens")
	build := exec.Command("go", "build", "-o", bin, "./cmd/queens")
	build.Dir = moduleRoot()
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return 0, fmt.Errorf("go build ./cmd/queens: %w", err)
	}
	for name, data := range map[string][]byte{"queens.lp": aspModel, "queens.mzn": mznModel} {
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			return 0, err
		}
	}
	want := strings.Split(peersFlag, ",")
	for _, w := range want {
		if !slices.Contains([]string{"cadical", "clasp", "gecode", "cbc", "none"}, w) {
			return 0, fmt.Errorf("unknown peer %q: want cadical, clasp, gecode, cbc or none", w)
		}
	}
	var ss []*solver
	for _, s := range solvers(bin, work) {
		switch {
		case s.name != "queens" && !slices.Contains(want, s.name):
		case count && !s.count:
			fmt.Printf("# %s does not count: left out\n", s.name)
		case len(s.missing()) > 0:
			fmt.Printf("# %s missing (%s not found): left out\n", s.name, strings.Join(s.missing(), ", "))
		default:
			ss = append(ss, s)
		}
	}
	env := os.Environ()
	queensEnv := env
	if cores > 0 {
		queensEnv = append(slices.Clone(env), fmt.Sprintf("GOMAXPROCS=%d", cores))
	}
	fmt.Printf("# %d instances; limits: queens %s, peers %s; queens on %s; %d run(s) each\n",
		len(xs), limit, peerLimit, coresText(cores), reps)
	t := newTable(ss)
	t.header()
	for i, x := range xs {
		f, err := writeFiles(work, fmt.Sprintf("i%d", i), &x.in)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", x.name, err)
		}
		runs := make([][]result, len(ss))
		for rep := range reps {
			for k := range ss {
				j := (k + i*reps + rep) % len(ss) // the order turns
				s, lim, e := ss[j], peerLimit, env
				if s.name == "queens" {
					lim, e = limit, queensEnv
				}
				runs[j] = append(runs[j], s.run(&x.in, f, count, lim, e))
			}
		}
		f.remove()
		t.add(x, median(runs), limit, peerLimit)
	}
	return t.summary(), nil
}

func coresText(cores int) string {
	if cores > 0 {
		return fmt.Sprintf("%d core(s)", cores)
	}
	return fmt.Sprintf("all %d cores", runtime.NumCPU())
}

// median returns, for each solver, the run of median wall time; a run
// that did not decide counts as the slowest.
func median(runs [][]result) []result {
	out := make([]result, len(runs))
	for i, rs := range runs {
		rs = slices.Clone(rs)
		slices.SortStableFunc(rs, func(a, b result) int {
			if a.decided() != b.decided() {
				if a.decided() {
					return -1
				}
				return 1
			}
			return int(a.wall - b.wall)
		})
		out[i] = rs[(len(rs)-1)/2]
		for _, r := range rs { // an error or a disagreement within shows
			if r.answer == ansError || r.decided() && out[i].decided() && (r.answer != out[i].answer || r.count != out[i].count) {
				out[i] = r
			}
		}
	}
	return out
}

// moduleRoot returns the folder of go.mod above the working directory.
func moduleRoot() string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}
