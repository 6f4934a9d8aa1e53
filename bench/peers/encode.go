package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/instfile"
)

// The peers' models, written next to the instance files.
var (
	//go:embed queens.lp
	aspModel []byte
	//go:embed queens.mzn
	mznModel []byte
)

// files are the paths of one instance's files, one for each solver.
type files struct {
	param string // queens: Essence′, or the generator's format
	cnf   string // CaDiCaL: DIMACS, written by queens' own writer
	lp    string // clasp: facts for queens.lp
	dzn   string // Gecode: data for queens.mzn
	mip   string // CBC: the LP file of 'queens convert --to lp'
	sol   string // CBC: the solution file it writes
	// vars maps a DIMACS variable, from 1, to its square; the preset
	// queens have none.
	vars    []queens.Square
	presets []queens.Square
}

// writeFiles writes the files of instance x under dir, named after base.
func writeFiles(dir, base string, in *queens.Instance) (*files, error) {
	f := &files{
		param: filepath.Join(dir, base+".param"),
		cnf:   filepath.Join(dir, base+".cnf"),
		lp:    filepath.Join(dir, base+".lp"),
		dzn:   filepath.Join(dir, base+".dzn"),
		mip:   filepath.Join(dir, base+"-mip.lp"),
		sol:   filepath.Join(dir, base+".sol"),
	}
	format := "essence"
	if len(in.Queens) == 0 && len(in.Blocked) == 0 {
		format = "diags"
	}
	var param, cnf, mip bytes.Buffer
	if err := instfile.Write(&param, format, in); err != nil {
		return nil, err
	}
	if err := instfile.Write(&mip, "lp", in); err != nil {
		return nil, err
	}
	if err := instfile.Write(&cnf, "dimacs", in); err != nil {
		return nil, err
	}
	vars, err := dimacsVars(cnf.Bytes())
	if err != nil {
		return nil, err
	}
	f.vars, f.presets = vars, in.Queens
	free := freeColumns(in)
	var lp, dzn bytes.Buffer
	fmt.Fprintf(&lp, "#const n=%d.\n", in.N)
	for r, cols := range free {
		for c := range in.N {
			if !cols[c] {
				fmt.Fprintf(&lp, "block(%d,%d).\n", r, c)
			}
		}
	}
	for _, q := range in.Queens {
		fmt.Fprintf(&lp, "init(%d,%d).\n", q.Row, q.Col)
	}
	fmt.Fprintf(&dzn, "n = %d;\nfree = array1d(0..%d, [", in.N, in.N-1)
	for r, cols := range free {
		if r > 0 {
			dzn.WriteString(", ")
		}
		dzn.WriteString("{")
		sep := ""
		for c := range in.N {
			if cols[c] {
				fmt.Fprintf(&dzn, "%s%d", sep, c)
				sep = ","
			}
		}
		dzn.WriteString("}")
	}
	dzn.WriteString("]);\n")
	for name, data := range map[string][]byte{f.param: param.Bytes(), f.cnf: cnf.Bytes(), f.lp: lp.Bytes(), f.dzn: dzn.Bytes(), f.mip: mip.Bytes()} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// remove deletes the instance's files.
func (f *files) remove() {
	for _, name := range []string{f.param, f.cnf, f.lp, f.dzn, f.mip, f.sol} {
		os.Remove(name)
	}
}

// freeColumns returns, for every row, the columns its queen may take: no
// blocked square, none on an excluded diagonal, and in the row of a
// preset queen that queen's column alone.
func freeColumns(in *queens.Instance) [][]bool {
	free := instfile.Forbidden(in)
	for r := range free {
		for c := range free[r] {
			free[r][c] = !free[r][c]
		}
	}
	for _, q := range in.Queens {
		for c := range in.N {
			free[q.Row][c] = free[q.Row][c] && c == q.Col
		}
	}
	return free
}

var varLine = regexp.MustCompile(`^c var (\d+) = \((\d+), (\d+)\)$`)

// dimacsVars reads the squares of the variables from the comments of
// queens' DIMACS output.
func dimacsVars(cnf []byte) ([]queens.Square, error) {
	var vars []queens.Square
	sc := bufio.NewScanner(bytes.NewReader(cnf))
	for sc.Scan() {
		m := varLine.FindSubmatch(sc.Bytes())
		if m == nil {
			if bytes.HasPrefix(sc.Bytes(), []byte("p ")) {
				break
			}
			continue
		}
		v, _ := strconv.Atoi(string(m[1]))
		r, _ := strconv.Atoi(string(m[2]))
		c, _ := strconv.Atoi(string(m[3]))
		if v != len(vars)+1 {
			return nil, fmt.Errorf("dimacs: variable %d out of order", v)
		}
		vars = append(vars, queens.Square{Row: r, Col: c})
	}
	return vars, sc.Err()
}
