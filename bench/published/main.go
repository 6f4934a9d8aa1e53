// Command published decides the CSPLib benchmark instances of the
// n-queens variants with queens.Instance.Solve, in this process, and
// compares each time with the one CSPLib publishes for it:
//
//	go run ./bench/published -csplib DIR prob079            # a csplib clone
//	go run ./bench/published -csplib DIR -workers 2 -any prob080
//
// prob079 is Excluded Diagonals (diag-N.tar.gz, N = 10 to 21), against
// the paper's bit-parallel solver, which reads the difference diagonals
// transposed (the answers agree); prob080 the ASP competitions' Blocked
// boards, against Lingeling. Each run takes the best of -reps; it prints
// per N the runs, total and slowest time, and the runs over -ratio of the
// published time (-v lists them). -min, -max and -floor select runs by
// their published time. A wrong answer makes the command exit with 1.
package main

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/instfile"
)

// run is one published run: an instance file, the diagonals it takes
// (-1: all the file has), its published answer and time.
type run struct {
	n     int
	file  string // the file's name in its archive
	d     int
	id    string
	sat   bool
	pub   float64 // seconds
	nodes int64   // the published solver's nodes, or 0
}

func main() {
	csplib := flag.String("csplib", "", "a clone of github.com/csplib/csplib")
	workers := flag.Int("workers", 1, "workers of each Solve")
	anySolution := flag.Bool("any", false, "Solve with AnySolution")
	reps := flag.Int("reps", 3, "runs of each instance; the best counts")
	minPub := flag.Float64("min", 0.01, "leave out runs published faster than this many seconds")
	maxPub := flag.Float64("max", 0, "leave out runs published slower than this many seconds (0: none)")
	floor := flag.Float64("floor", 0, "compare with at least this many seconds where a run is published faster")
	every := flag.Int("every", 1, "take every k-th of the runs left")
	maxID := flag.Int("maxid", 0, "prob079: of N = 20 and 21 take only the files numbered up to this (0: all)")
	list := flag.String("list", "", "prob079: take only the runs of this file, lines \"N D FILE-NUMBER\"")
	ratio := flag.Float64("ratio", 0.1, "count the runs over this share of the published time")
	verbose := flag.Bool("v", false, "print each run over -ratio")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the runs to this file")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: published -csplib DIR [flags] prob079|prob080")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *csplib == "" || flag.NArg() != 1 || *every < 1 || *reps < 1 {
		flag.Usage()
		os.Exit(2)
	}
	var (
		runs  []run
		files map[string][]byte
		err   error
	)
	switch flag.Arg(0) {
	case "prob079":
		runs, files, err = prob079(*csplib)
		if err == nil {
			runs, err = select079(runs, *maxID, *list)
		}
	case "prob080":
		runs, files, err = prob080(*csplib)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "published:", err)
		os.Exit(2)
	}
	var chosen []run
	k := 0
	for _, r := range runs {
		if r.pub < *minPub || *maxPub > 0 && r.pub > *maxPub {
			continue
		}
		if k%*every == 0 {
			chosen = append(chosen, r)
		}
		k++
	}
	type summary struct {
		runs, over   int
		total, worst float64
		slowest      float64
	}
	byN := map[int]*summary{}
	var all summary
	wrong := 0
	opts := queens.Options{Workers: *workers, AnySolution: *anySolution}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "published:", err)
			os.Exit(2)
		}
		defer f.Close()
	}
	// The runs are read once, and the reps made in passes over all of
	// them, so that a pause of the machine, which may last a few
	// milliseconds, does not fall on every rep of a short run.
	instances := make([]*instfile.Instance, len(chosen))
	for i, r := range chosen {
		in, err := instfile.Read(r.file, files[r.file], r.d)
		if err != nil {
			fmt.Fprintln(os.Stderr, "published:", err)
			os.Exit(2)
		}
		instances[i] = in
	}
	// The files, hundreds of megabytes, are garbage now: collected here,
	// before the runs, rather than in a cycle that would take a core
	// during them, as the benchmarks of package testing do.
	files = nil
	runtime.GC()
	best := make([]time.Duration, len(chosen))
	sats := make([]bool, len(chosen))
	for i := range best {
		best[i] = time.Duration(1<<63 - 1)
	}
	for range *reps {
		for i, r := range chosen {
			in := instances[i]
			start := time.Now()
			sol, err := in.Instance.Solve(context.Background(), opts)
			best[i] = min(best[i], time.Since(start))
			if err != nil && !errors.Is(err, queens.ErrNoSolution) {
				fmt.Fprintln(os.Stderr, "published:", err)
				os.Exit(2)
			}
			if err == nil {
				if verr := in.Instance.Validate(sol); verr != nil {
					fmt.Printf("%s D=%d: an invalid solution: %v\n", r.file, r.d, verr)
					wrong++
				}
			}
			sats[i] = err == nil
		}
	}
	for i, r := range chosen {
		sat := sats[i]
		if sat != r.sat {
			fmt.Printf("%s D=%d: we find %v, the published run %v\n", r.file, r.d, sat, r.sat)
			wrong++
		}
		s := byN[r.n]
		if s == nil {
			s = &summary{}
			byN[r.n] = s
		}
		t := best[i].Seconds()
		q := t / max(r.pub, *floor)
		for _, s := range []*summary{s, &all} {
			s.runs++
			s.total += t
			s.slowest = max(s.slowest, t)
			s.worst = max(s.worst, q)
			if q > *ratio {
				s.over++
			}
		}
		if q > *ratio && *verbose {
			fmt.Printf("over %d %d %s sat=%v published=%.4fs nodes=%d ours=%.5fs ratio=%.3f\n", r.n, r.d, r.id, r.sat, r.pub, r.nodes, t, q)
		}
	}
	pprof.StopCPUProfile()
	ns := make([]int, 0, len(byN))
	for n := range byN {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	fmt.Printf("%4s %7s %9s %9s %6s %7s\n", "N", "runs", "total s", "slowest", "over", "worst")
	for _, n := range ns {
		s := byN[n]
		fmt.Printf("%4d %7d %9.3f %9.4f %6d %7.3f\n", n, s.runs, s.total, s.slowest, s.over, s.worst)
	}
	fmt.Printf("%4s %7d %9.3f %9.4f %6d %7.3f\n", "all", all.runs, all.total, all.slowest, all.over, all.worst)
	if wrong > 0 {
		os.Exit(1)
	}
}

// prob079 reads the published runs of the bit-parallel solver on the
// Excluded Diagonals instances, and the instance files.
func prob079(dir string) ([]run, map[string][]byte, error) {
	base := filepath.Join(dir, "Problems", "prob079")
	files := map[string][]byte{}
	for n := 10; n <= 21; n++ {
		if err := untar(filepath.Join(base, "data", fmt.Sprintf("diag-%d.tar.gz", n)), files); err != nil {
			return nil, nil, err
		}
	}
	var runs []run
	err := gzipLines(filepath.Join(base, "results", "run-diags-shiftqueens-processed.txt.gz"), func(line string) error {
		// n diagonals mininfile id path:Solutions: S Nodes: K Timeout: T Time: SECONDS
		head, tail, ok := strings.Cut(line, "Solutions:")
		f, g := strings.Fields(head), strings.Fields(tail)
		if !ok || len(f) < 4 || len(g) < 7 {
			return fmt.Errorf("cannot read %q", line)
		}
		var r run
		var err1, err2, err3, err4 error
		r.n, err1 = strconv.Atoi(f[0])
		r.d, err2 = strconv.Atoi(f[1])
		r.id = f[3]
		r.sat = g[0] != "0"
		r.nodes, err3 = strconv.ParseInt(g[2], 10, 64)
		r.pub, err4 = strconv.ParseFloat(g[6], 64)
		if err := errors.Join(err1, err2, err3, err4); err != nil || g[4] != "0" {
			return fmt.Errorf("cannot read %q", line)
		}
		r.file = fmt.Sprintf("diag-%d-4-%s.param", r.n, r.id)
		if files[r.file] == nil {
			return fmt.Errorf("no instance file %s", r.file)
		}
		runs = append(runs, r)
		return nil
	})
	slices.SortFunc(runs, func(a, b run) int {
		if a.n != b.n {
			return a.n - b.n
		}
		ia, _ := strconv.Atoi(a.id)
		ib, _ := strconv.Atoi(b.id)
		if ia != ib {
			return ia - ib
		}
		return a.d - b.d
	})
	return runs, files, err
}

// select079 keeps, of N = 20 and 21, the files numbered up to maxID
// (0: all), or the runs that the file list names.
func select079(runs []run, maxID int, list string) ([]run, error) {
	if list != "" {
		data, err := os.ReadFile(list)
		if err != nil {
			return nil, err
		}
		want := map[string]bool{}
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) == 3 {
				want[strings.Join(f, " ")] = true
			}
		}
		return slices.DeleteFunc(runs, func(r run) bool {
			return !want[fmt.Sprintf("%d %d %s", r.n, r.d, r.id)]
		}), nil
	}
	if maxID == 0 {
		return runs, nil
	}
	return slices.DeleteFunc(runs, func(r run) bool {
		id, _ := strconv.Atoi(r.id)
		return r.n >= 20 && id > maxID
	}), nil
}

// prob080 reads Lingeling's published runs on the ASP competitions'
// Blocked n-Queens instances, and the instance files.
func prob080(dir string) ([]run, map[string][]byte, error) {
	base := filepath.Join(dir, "Problems", "prob080")
	files := map[string][]byte{}
	if err := untar(filepath.Join(base, "data", "asp-competition-instances.tar.gz"), files); err != nil {
		return nil, nil, err
	}
	var runs []run
	err := gzipLines(filepath.Join(base, "results", "run-aspbenchmarks-lingeling-python.txt.gz"), func(line string) error {
		// n -1 id STATUS sat timeout conflicts ... total-time ...
		f := strings.Fields(line)
		if len(f) < 14 {
			return fmt.Errorf("cannot read %q", line)
		}
		var r run
		var err1, err2 error
		r.n, err1 = strconv.Atoi(f[0])
		r.id = f[2]
		r.pub, err2 = strconv.ParseFloat(f[13], 64)
		if err := errors.Join(err1, err2); err != nil || (f[3] != "SATISFIABLE" && f[3] != "UNSATISFIABLE") {
			return fmt.Errorf("cannot read %q", line)
		}
		r.sat = f[3] == "SATISFIABLE"
		r.d = -1
		r.file = fmt.Sprintf("blockedqueens.%d.%s.param", r.n, r.id)
		if files[r.file] == nil {
			return fmt.Errorf("no instance file %s", r.file)
		}
		runs = append(runs, r)
		return nil
	})
	return runs, files, err
}

// untar adds the regular files of the gzipped tar archive name to files,
// by their base names, but for the resource forks ("._" names) that some
// archives carry.
func untar(name string, files map[string][]byte) error {
	return readGzip(name, func(r io.Reader) error {
		tr := tar.NewReader(r)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			base := path.Base(h.Name)
			if h.Typeflag != tar.TypeReg || strings.HasPrefix(base, "._") {
				continue
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				return err
			}
			files[base] = data
		}
	})
}

// gzipLines calls line with each line of the gzipped file name.
func gzipLines(name string, line func(string) error) error {
	return readGzip(name, func(r io.Reader) error {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if err := line(sc.Text()); err != nil {
				return err
			}
		}
		return sc.Err()
	})
}

// readGzip calls read with the uncompressed content of the gzipped file
// name, and names the file in the error of either.
func readGzip(name string, read func(io.Reader) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err == nil {
		err = read(gz)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
