package main

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/instfile"
)

// instance is one board of a set.
type instance struct {
	name string
	in   queens.Instance
	note string // what the set knows of it, such as a published time
}

// selection is what the flags ask for: a set and the sizes, seeds (or
// file numbers) and diagonals or blocked squares of its instances.
type selection struct {
	set    string
	ns     []int
	seeds  []int
	ds, ms func(n int) []int
	csplib string
}

// hardRuns are the hardest runs of CSPLib's prob079 for the paper's
// bit-parallel solver (run-diags-shiftqueens-processed.txt.gz): for each
// of N = 19, 20, 21 the slowest without a solution and the slowest with
// one. The file number is the generator's seed.
var hardRuns = []struct {
	n, d int
	seed int64
	pub  string
}{
	{19, 14, 686, "none, 419.5 s"},
	{19, 13, 75, "sol, 16.0 s"},
	{20, 18, 75, "none, 193.3 s"},
	{20, 15, 796, "sol, 25.9 s"},
	{21, 18, 75, "none, 130.8 s"},
	{21, 17, 293, "sol, 88.3 s"},
}

// mininfile is the generators' least number of free squares left in a
// row or column, that of every instance CSPLib publishes.
const mininfile = 4

// instances returns the instances of the selection, in order.
func instances(s selection) ([]instance, error) {
	var out []instance
	diag := func(n, d int, seed int64, diags []queens.Diagonal) {
		if d < 0 || d > len(diags) {
			return // the generator made fewer diagonals
		}
		out = append(out, instance{
			name: fmt.Sprintf("diag-%d-%d-%d D=%d", n, mininfile, seed, d),
			in:   queens.Instance{N: n, Excluded: diags[:d:d]},
		})
	}
	switch s.set {
	case "hard":
		for _, h := range hardRuns {
			diag(h.n, h.d, h.seed, genDiagonals(h.n, mininfile, h.seed))
			out[len(out)-1].note = "bit-parallel solver: " + h.pub
		}
	case "gen", "count":
		for _, n := range s.ns {
			for _, seed := range s.seeds {
				diags := genDiagonals(n, mininfile, int64(seed))
				for _, d := range s.ds(n) {
					diag(n, d, int64(seed), diags)
				}
				if s.set != "count" {
					continue
				}
				for _, m := range s.ms(n) {
					bs, err := genBlocked(n, m, mininfile, int64(seed))
					if err != nil {
						return nil, err
					}
					out = append(out, instance{
						name: fmt.Sprintf("block-%d-%d-%d", n, m, seed),
						in:   queens.Instance{N: n, Blocked: bs},
					})
				}
			}
		}
	case "csplib":
		return csplibDiags(s)
	case "asp":
		return aspBoards(s)
	default:
		return nil, fmt.Errorf("unknown set %q: want gen, csplib, asp, hard or count", s.set)
	}
	return out, nil
}

// csplibDiags reads the generator's files of prob079 (diag-N.tar.gz),
// the seeds being the files' numbers, and checks each against what
// genDiagonals makes.
func csplibDiags(s selection) ([]instance, error) {
	var out []instance
	for _, n := range s.ns {
		name := filepath.Join(s.csplib, "Problems", "prob079", "data", fmt.Sprintf("diag-%d.tar.gz", n))
		files, err := untar(name)
		if err != nil {
			return nil, err
		}
		for _, seed := range s.seeds {
			base := fmt.Sprintf("diag-%d-%d-%d.param", n, mininfile, seed)
			data, ok := files[base]
			if !ok {
				return nil, fmt.Errorf("%s holds no %s", name, base)
			}
			f, err := instfile.Read(base, data, -1)
			if err != nil {
				return nil, err
			}
			if !slices.Equal(f.Diagonals, genDiagonals(n, mininfile, int64(seed))) {
				return nil, fmt.Errorf("%s: the generator here makes other diagonals", base)
			}
			for _, d := range s.ds(n) {
				if d >= 0 && d <= len(f.Diagonals) {
					out = append(out, instance{
						name: fmt.Sprintf("diag-%d-%d-%d D=%d", n, mininfile, seed, d),
						in:   queens.Instance{N: n, Excluded: f.Diagonals[:d:d]},
					})
				}
			}
		}
	}
	return out, nil
}

// aspBoards reads the Blocked n-Queens boards of the ASP competitions
// (prob080, asp-competition-instances.tar.gz); the seeds number the
// boards of each N, from 1, in the order of their names.
func aspBoards(s selection) ([]instance, error) {
	name := filepath.Join(s.csplib, "Problems", "prob080", "data", "asp-competition-instances.tar.gz")
	files, err := untar(name)
	if err != nil {
		return nil, err
	}
	var out []instance
	for _, n := range s.ns {
		prefix := fmt.Sprintf("blockedqueens.%d.", n)
		var names []string
		for base := range files {
			if strings.HasPrefix(base, prefix) {
				names = append(names, base)
			}
		}
		slices.Sort(names)
		for _, k := range s.seeds {
			if k < 1 || k > len(names) {
				continue
			}
			f, err := instfile.Read(names[k-1], files[names[k-1]], -1)
			if err != nil {
				return nil, err
			}
			out = append(out, instance{name: strings.TrimSuffix(names[k-1], ".param"), in: f.Instance})
		}
	}
	return out, nil
}

// untar returns the regular files of a gzipped tar archive by their base
// names, but for resource forks ("._" names).
func untar(name string) (map[string][]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%w (fetch the CSPLib files with bench/peers/fetch-csplib and give -csplib)", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	files := map[string][]byte{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		base := path.Base(h.Name)
		if h.Typeflag != tar.TypeReg || strings.HasPrefix(base, "._") {
			continue
		}
		if files[base], err = io.ReadAll(tr); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
}

// parseInts reads a list of whole numbers and ranges, such as "22-30" or
// "1,3,5-7".
func parseInts(s string) ([]int, error) {
	var out []int
	for _, item := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || b < a {
			return nil, fmt.Errorf("cannot read %q: want numbers and ranges such as 1-20,25", item)
		}
		for v := a; v <= b; v++ {
			out = append(out, v)
		}
	}
	return out, nil
}

var termRE = regexp.MustCompile(`^(?:(\d*)N)?([+-]?\d+)?$`)

// parseRel reads a list of numbers given in terms of N, single or as
// ranges, such as "N-4..N", "N-2,N-1", "2N..3N" or "18".
func parseRel(s string) (func(n int) []int, error) {
	type term struct{ k, c int }
	read := func(t string) (term, error) {
		m := termRE.FindStringSubmatch(strings.TrimSpace(t))
		if m == nil || m[0] == "" {
			return term{}, fmt.Errorf("cannot read %q: want terms such as N-4, 2N, 18", t)
		}
		var x term
		if strings.Contains(m[0], "N") {
			x.k = 1
			if m[1] != "" {
				x.k, _ = strconv.Atoi(m[1])
			}
		}
		if m[2] != "" {
			x.c, _ = strconv.Atoi(m[2])
		}
		return x, nil
	}
	var ranges [][2]term
	for _, item := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(item, "..")
		a, err := read(lo)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = read(hi); err != nil {
				return nil, err
			}
		}
		ranges = append(ranges, [2]term{a, b})
	}
	return func(n int) []int {
		var out []int
		for _, r := range ranges {
			for v := r[0].k*n + r[0].c; v <= r[1].k*n+r[1].c; v++ {
				out = append(out, v)
			}
		}
		return out
	}, nil
}
