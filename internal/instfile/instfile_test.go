package instfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens"
)

// readFile reads testdata/name with the diagonals argument d.
func readFile(t *testing.T, name string, d int) *Instance {
	t.Helper()
	path := filepath.Join("testdata", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := Read(path, data, d)
	if err != nil {
		t.Fatalf("Read(%s): %v", path, err)
	}
	return in
}

func TestReadEssence(t *testing.T) {
	in := readFile(t, "blocked-8.param", -1)
	want := []queens.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 7, Col: 7}}
	if in.N != 8 || !slices.Equal(in.Blocked, want) || len(in.Queens) != 0 || len(in.Excluded) != 0 {
		t.Errorf("blocked-8.param = %+v, want n 8 and blocks %v", in.Instance, want)
	}
	in = readFile(t, "nauck.param", -1)
	if want := []queens.Square{{Row: 4, Col: 1}, {Row: 3, Col: 3}}; in.N != 8 || !slices.Equal(in.Queens, want) {
		t.Errorf("nauck.param = %+v, want queens %v", in.Instance, want)
	}
	if got, err := in.Count(context.Background(), queens.Options{}); err != nil || got != queens.U128(2) {
		t.Errorf("nauck.param has %v completions, %v; want 2", got, err)
	}
}

func TestReadDiags(t *testing.T) {
	all := []queens.Diagonal{{Sum: true, K: 7}, {K: 0}, {Sum: true, K: 3}, {K: 5}, {Sum: true, K: 0}, {Sum: true, K: 14}}
	in := readFile(t, "diag-8.param", -1)
	if in.N != 8 || !slices.Equal(in.Diagonals, all) || !slices.Equal(in.Excluded, all[:5]) {
		t.Errorf("diag-8.param = %+v, diagonals %v; want the first 5 of %v", in.Instance, in.Diagonals, all)
	}
	for _, d := range []int{0, 2, 5} {
		in := readFile(t, "diag-8.param", d)
		if !slices.Equal(in.Excluded, all[:d]) {
			t.Errorf("diag-8.param with %d diagonals excludes %v", d, in.Excluded)
		}
	}
	data, _ := os.ReadFile(filepath.Join("testdata", "diag-8.param"))
	if _, err := Read("diag-8.param", data, 6); err == nil || !strings.Contains(err.Error(), "has 5 diagonals") {
		t.Errorf("taking 6 of 5 diagonals: error %v", err)
	}
	data, _ = os.ReadFile(filepath.Join("testdata", "nauck.param"))
	if _, err := Read("nauck.param", data, 1); err == nil {
		t.Error("taking diagonals from a file without diags: no error")
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		src       string
		line, col int
		want      string
	}{
		{"", 1, 1, "no board size"},
		{"letting n = 0", 1, 13, "from 1 to 128"},
		{"letting n = 129", 1, 13, "from 1 to 128"},
		{"letting n = [1]", 1, 13, "from 1 to 128"},
		{"letting n 8", 1, 11, "want '='"},
		{"letting n = 8\nletting n = 9", 2, 9, "given twice"},
		{"letting m = 8", 1, 9, "unknown parameter"},
		{"letting n = 8\nletting blocks = [[1,1],\n [9,1]]", 3, 2, "off the 8×8 board"},
		{"letting n = 8\nletting blocks = [[1,1],\n [0,1]]", 3, 2, "off the 8×8 board"},
		{"letting n = 8\nletting blocks = [[1,1,1]]", 2, 19, "[row, col] pair"},
		{"letting n = 8\nletting blocks = [[1,1] [2,2]]", 2, 25, "want ',' or ']'"},
		{"letting n = 8\nletting blocks = [[1,1],", 2, 25, "end of the file"},
		{"letting n = 8\nletting blocks = 3", 2, 18, "list of [row, col] pairs"},
		{"letting n = 8\nletting init = [[0,0],[1,1]]", 2, 16, "attack each other"},
		{"letting n = 8\nletting init = [[0,8]]", 2, 17, "off the 8×8 board"},
		{"n = 8\ndiags = [[3, 2]]", 2, 14, "1 (sum) or 0"},
		{"n = 8\ndiags = [[15, 1]]", 2, 10, "misses the 8×8 board"},
		{"n = 8\nnumdiags = 2\ndiags = [[3, 1]]", 2, 12, "from 0 to 1"},
		{"n = 8\nnumdiags = 2", 2, 1, "without a diags list"},
		{"n = 8 @", 1, 7, "unexpected character '@'"},
		{"n = 8\nn2 = é", 2, 6, "unexpected character 'é'"},
		{"n = -", 1, 5, "minus sign"},
		{"n = 99999999999999999999", 1, 5, "too large"},
		{"= 8", 1, 1, "want a statement"},
		{"n = ]", 1, 5, "want a number or a list"},
		{"n = [[[[[1]]]]]", 1, 9, "nested"},
	} {
		_, err := Read("f.param", []byte(tc.src), -1)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.want) {
			t.Errorf("Read(%q) error = %v; want f.param:%d:%d: …%s…", tc.src, err, tc.line, tc.col, tc.want)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "f.param:"+strconv.Itoa(tc.line)+":") {
			t.Errorf("Read(%q) error %q is not one line that names the file and line", tc.src, msg)
		}
	}
}

// randomInstance draws an instance on the n×n board.
func randomInstance(rng *rand.Rand, n int) queens.Instance {
	in := queens.Instance{N: n}
	for range rng.IntN(3) {
		q := queens.Square{Row: rng.IntN(n), Col: rng.IntN(n)}
		if queens.CheckPresets(n, append(slices.Clone(in.Queens), q)) == nil {
			in.Queens = append(in.Queens, q)
		}
	}
	for range rng.IntN(n) {
		in.Blocked = append(in.Blocked, queens.Square{Row: rng.IntN(n), Col: rng.IntN(n)})
	}
	for range rng.IntN(n/2 + 1) {
		d := queens.Diagonal{Sum: rng.IntN(2) == 0, K: rng.IntN(2*n-1) - (n - 1)}
		if d.Sum {
			d.K += n - 1
		}
		in.Excluded = append(in.Excluded, d)
	}
	return in
}

// solutions returns the sorted solutions of the instance.
func solutions(t *testing.T, in *queens.Instance) []queens.Solution {
	t.Helper()
	var all []queens.Solution
	for s, err := range in.Solutions(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, s.Clone())
	}
	slices.SortFunc(all, slices.Compare)
	return all
}

// TestWriteRead writes random instances as Essence′ and, when they only
// exclude diagonals, in the generator's format, and checks that reading
// them back gives the same solutions.
func TestWriteRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 79))
	for range 60 {
		n := 1 + rng.IntN(9)
		in := randomInstance(rng, n)
		if rng.IntN(3) == 0 {
			in.Queens, in.Blocked = nil, nil
		}
		want := solutions(t, &in)
		for _, name := range Formats[:2] {
			var buf bytes.Buffer
			err := Write(&buf, name, &in)
			if name == "diags" && (len(in.Queens) > 0 || len(in.Blocked) > 0) {
				if !errors.Is(err, ErrFormat) {
					t.Errorf("%+v as diags: error %v, want ErrFormat", in, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%+v as %s: %v", in, name, err)
			}
			back, err := Read(name, buf.Bytes(), -1)
			if err != nil {
				t.Fatalf("%+v as %s:\n%s\ndoes not read back: %v", in, name, buf.String(), err)
			}
			if name == "diags" && !slices.Equal(back.Excluded, in.Excluded) {
				t.Errorf("%+v as diags reads back as %v", in, back.Excluded)
			}
			if got := solutions(t, &back.Instance); !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%+v as %s:\n%s\nhas solutions %v, want %v", in, name, buf.String(), got, want)
			}
		}
	}
	partial := &queens.Instance{N: 4, Rows: []int{0}, Cols: []int{1}}
	for _, name := range Formats[:2] {
		if err := Write(&bytes.Buffer{}, name, partial); !errors.Is(err, ErrFormat) {
			t.Errorf("Write of an instance with rows not in use as %s: error %v", name, err)
		}
	}
	if err := Write(&bytes.Buffer{}, "xml", &queens.Instance{N: 4}); !errors.Is(err, ErrFormat) {
		t.Errorf("Write as xml: error %v", err)
	}
}

// cnf is a formula read back from DIMACS, with the squares its comments
// name.
type cnf struct {
	vars    int
	clauses [][]int
	squares map[int]queens.Square
}

func parseDIMACS(t *testing.T, text string) cnf {
	t.Helper()
	f := cnf{squares: map[int]queens.Square{}}
	declared := -1
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 6 && fields[0] == "c" && fields[1] == "var":
			v, _ := strconv.Atoi(fields[2])
			r, _ := strconv.Atoi(strings.Trim(fields[4], "(,"))
			c, _ := strconv.Atoi(strings.Trim(fields[5], ")"))
			f.squares[v] = queens.Square{Row: r, Col: c}
		case len(fields) > 0 && fields[0] == "c":
		case len(fields) == 4 && fields[0] == "p" && fields[1] == "cnf":
			f.vars, _ = strconv.Atoi(fields[2])
			declared, _ = strconv.Atoi(fields[3])
		default:
			var cl []int
			for _, x := range fields {
				v, err := strconv.Atoi(x)
				if err != nil || v > f.vars || -v > f.vars {
					t.Fatalf("bad clause line %q", line)
				}
				if v != 0 {
					cl = append(cl, v)
				}
			}
			if fields[len(fields)-1] != "0" {
				t.Fatalf("clause line %q does not end in 0", line)
			}
			f.clauses = append(f.clauses, cl)
		}
	}
	if declared != len(f.clauses) || len(f.squares) != f.vars {
		t.Fatalf("header says %d clauses, %d follow; %d variables, %d named", declared, len(f.clauses), f.vars, len(f.squares))
	}
	return f
}

// models returns every model of the formula, by backtracking over the
// variables in order and checking each clause once its last variable is
// set.
func (f cnf) models() [][]bool {
	last := make([][]int, f.vars+1) // the clauses whose largest variable is v
	var empty bool
	for i, cl := range f.clauses {
		m := 0
		for _, l := range cl {
			m = max(m, l, -l)
		}
		if m == 0 {
			empty = true
		}
		last[m] = append(last[m], i)
	}
	if empty {
		return nil
	}
	val := make([]bool, f.vars+1)
	var out [][]bool
	var try func(v int)
	try = func(v int) {
		for _, i := range last[v] {
			sat := false
			for _, l := range f.clauses[i] {
				if l > 0 == val[max(l, -l)] {
					sat = true
					break
				}
			}
			if !sat {
				return
			}
		}
		if v == f.vars {
			out = append(out, slices.Clone(val))
			return
		}
		for _, b := range []bool{false, true} {
			val[v+1] = b
			try(v + 1)
		}
	}
	try(0)
	return out
}

// TestDIMACS checks that the models of the formula are the solutions of
// the instance, one for one.
func TestDIMACS(t *testing.T) {
	forInstances(t, "dimacs", parseDIMACS)
}

// forInstances writes random instances, some with rows and columns not in
// use, in the format and checks that the models of the file, read by
// parse, are the instance's solutions, one for one.
func forInstances(t *testing.T, format string, parse func(*testing.T, string) cnf) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 9))
	for i := range 80 {
		n := 1 + rng.IntN(6)
		in := randomInstance(rng, n)
		if i%2 == 1 {
			// Only some rows and columns in use.
			k := rng.IntN(n + 1)
			in.Rows, in.Cols, in.Queens = rng.Perm(n)[:k], rng.Perm(n)[:k], nil
		}
		var buf bytes.Buffer
		if err := Write(&buf, format, &in); err != nil {
			t.Fatal(err)
		}
		f := parse(t, buf.String())
		var got []queens.Solution
		for _, m := range f.models() {
			s := make(queens.Solution, n)
			for i := range s {
				s[i] = -1
			}
			for _, q := range in.Queens {
				s[q.Row] = q.Col
			}
			for v := 1; v <= f.vars; v++ {
				if m[v] {
					q := f.squares[v]
					if s[q.Row] >= 0 {
						t.Fatalf("%+v: a model with two queens in row %d", in, q.Row)
					}
					s[q.Row] = q.Col
				}
			}
			got = append(got, s)
		}
		slices.SortFunc(got, slices.Compare)
		if want := solutions(t, &in); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%+v:\n%s\nmodels %v, solutions %v", in, buf.String(), got, want)
		}
	}
}

// programme is a 0/1 programme as read from an LP or MPS file of Write:
// constraints with coefficients 1 and right-hand side 1, "E" or "L".
type programme struct {
	rows   map[string][]string // a constraint's variables
	senses map[string]string
	rhs    map[string]string
	binary map[string]bool
	zero   map[string]bool // variables fixed at 0
	order  []string        // the constraints in the file's order
}

func newProgramme() *programme {
	return &programme{rows: map[string][]string{}, senses: map[string]string{}, rhs: map[string]string{}, binary: map[string]bool{}, zero: map[string]bool{}}
}

// cnf turns the programme into clauses: a constraint "= 1" is a clause
// and its pairs, one "<= 1" its pairs; a variable fixed at 0 is left out.
func (p *programme) cnf(t *testing.T) cnf {
	t.Helper()
	f := cnf{squares: map[int]queens.Square{}}
	num := map[string]int{}
	for name := range p.binary {
		if p.zero[name] {
			t.Fatalf("binary variable %s fixed at 0", name)
		}
		var q queens.Square
		if _, err := fmt.Sscanf(name, "q_%d_%d", &q.Row, &q.Col); err != nil {
			t.Fatalf("variable name %q", name)
		}
		f.vars++
		num[name] = f.vars
		f.squares[f.vars] = q
	}
	for _, r := range p.order {
		if p.rhs[r] != "1" {
			t.Fatalf("constraint %s has right-hand side %q", r, p.rhs[r])
		}
		var vs []int
		for _, name := range p.rows[r] {
			switch {
			case p.zero[name]:
			case num[name] == 0:
				t.Fatalf("constraint %s: variable %s neither binary nor fixed", r, name)
			default:
				vs = append(vs, num[name])
			}
		}
		switch p.senses[r] {
		case "E":
			f.clauses = append(f.clauses, vs)
		case "L":
		default:
			t.Fatalf("constraint %s has sense %q", r, p.senses[r])
		}
		for i, a := range vs {
			for _, b := range vs[i+1:] {
				f.clauses = append(f.clauses, []int{-a, -b})
			}
		}
	}
	return f
}

// parseLP reads the LP files of Write: sections by their keyword, a
// constraint a line.
func parseLP(t *testing.T, text string) cnf {
	t.Helper()
	p := newProgramme()
	section := ""
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fields := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "\\"):
		case len(fields) == 0:
			t.Fatalf("empty line")
		case line[0] != ' ':
			section = line
		case section == "Minimize":
			if line != " obj: 0 zero" {
				t.Fatalf("objective %q", line)
			}
		case section == "Subject To":
			name := strings.TrimSuffix(fields[0], ":")
			if name == fields[0] || p.rows[name] != nil || len(fields) < 4 {
				t.Fatalf("constraint line %q", line)
			}
			for i, f := range fields[1 : len(fields)-2] {
				if i%2 == 1 && f != "+" {
					t.Fatalf("constraint line %q", line)
				}
				if i%2 == 0 {
					p.rows[name] = append(p.rows[name], f)
				}
			}
			p.senses[name] = map[string]string{"=": "E", "<=": "L"}[fields[len(fields)-2]]
			p.rhs[name] = fields[len(fields)-1]
			p.order = append(p.order, name)
		case section == "Bounds" && len(fields) == 3 && fields[1] == "=" && fields[2] == "0":
			p.zero[fields[0]] = true
		case section == "Binaries" && len(fields) == 1:
			p.binary[fields[0]] = true
		default:
			t.Fatalf("line %q in section %q", line, section)
		}
	}
	if section != "End" {
		t.Fatalf("no End")
	}
	return p.cnf(t)
}

// parseMPS reads the free MPS files of Write.
func parseMPS(t *testing.T, text string) cnf {
	t.Helper()
	p := newProgramme()
	section := ""
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		fields := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "*"):
		case len(fields) == 0:
			t.Fatalf("empty line")
		case line[0] != ' ':
			section = fields[0]
		case section == "ROWS" && len(fields) == 2 && fields[0] == "N":
			if fields[1] != "obj" {
				t.Fatalf("objective %q", line)
			}
		case section == "ROWS" && len(fields) == 2:
			p.senses[fields[1]] = fields[0]
			p.order = append(p.order, fields[1])
		case section == "COLUMNS" && len(fields) == 3 && fields[2] == "1":
			if p.senses[fields[1]] == "" {
				t.Fatalf("column line %q names no constraint", line)
			}
			p.rows[fields[1]] = append(p.rows[fields[1]], fields[0])
		case section == "RHS" && len(fields) == 3:
			p.rhs[fields[1]] = fields[2]
		case section == "BOUNDS" && len(fields) == 3 && fields[0] == "BV":
			p.binary[fields[2]] = true
		default:
			t.Fatalf("line %q in section %q", line, section)
		}
	}
	if section != "ENDATA" {
		t.Fatalf("no ENDATA")
	}
	return p.cnf(t)
}

func TestLP(t *testing.T) {
	forInstances(t, "lp", parseLP)
}

func TestMPS(t *testing.T) {
	forInstances(t, "mps", parseMPS)
}

func FuzzRead(f *testing.F) {
	for _, name := range []string{"blocked-8.param", "nauck.param", "diag-8.param"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, -1)
		f.Add(data, 2)
	}
	f.Add([]byte("letting n = 4\nletting blocks = [[1,2],]"), -1)
	f.Fuzz(func(t *testing.T, data []byte, d int) {
		in, err := Read("f", data, d)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "f:") {
				t.Fatalf("error %q is not one line naming the file", msg)
			}
			return
		}
		if err := in.Check(); err != nil {
			t.Fatalf("Read gave an instance that Check rejects: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, "essence", &in.Instance); err != nil {
			t.Fatal(err)
		}
		if _, err := Read("again", buf.Bytes(), -1); err != nil {
			t.Fatalf("the Essence′ file written does not read back: %v\n%s", err, buf.String())
		}
	})
}
