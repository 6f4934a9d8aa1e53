package instfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/queenslab/queens"
)

// Formats names the formats that [Write] writes.
var Formats = []string{"essence", "diags", "dimacs", "lp", "mps"}

// ErrFormat is wrapped by the errors of [Write] about a format it does not
// know, or one that cannot hold the instance.
var ErrFormat = errors.New("bad output format")

// Write writes the instance, which must pass [queens.Instance.Check], in
// the named format:
//
//   - "essence", an Essence′ parameter file: n, the preset queens as init
//     (counted from 0) and the blocked squares as blocks (counted from 1),
//     the squares of every excluded diagonal among them, so that the file
//     has the same solutions for the models of CSPLib 079 and 080;
//   - "diags", the Excluded Diagonals generator's format, for an instance
//     that only excludes diagonals;
//   - "dimacs", DIMACS CNF: one variable for each square a queen may still
//     take once the preset queens stand, clauses that ask for a queen in
//     every empty row and column and at most one on every line, so that
//     the models are the solutions, one for one. Comment lines name the
//     square of each variable. It is the one format for an instance with
//     rows or columns not in use.
func Write(w io.Writer, name string, in *queens.Instance) error {
	bw := bufio.NewWriter(w)
	var err error
	if (in.Rows != nil || in.Cols != nil) && (name == "essence" || name == "diags") {
		return fmt.Errorf("%w: the %s format has every row and column in use, and the instance has not; use dimacs, lp or mps", ErrFormat, name)
	}
	switch name {
	case "essence":
		writeEssence(bw, in)
	case "diags":
		err = writeDiags(bw, in)
	case "dimacs":
		writeDIMACS(bw, in)
	case "lp":
		writeLP(bw, in)
	case "mps":
		writeMPS(bw, in)
	default:
		return fmt.Errorf("%w %q: want essence, diags, dimacs, lp or mps", ErrFormat, name)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// Forbidden returns, for every row, the columns a queen may not take: the
// blocked squares and those of excluded diagonals.
func Forbidden(in *queens.Instance) [][]bool {
	n := in.N
	rows := make([][]bool, n)
	for r := range rows {
		rows[r] = make([]bool, n)
	}
	for _, q := range in.Blocked {
		rows[q.Row][q.Col] = true
	}
	for _, d := range in.Excluded {
		for r := range n {
			c := r - d.K
			if d.Sum {
				c = d.K - r
			}
			if c >= 0 && c < n {
				rows[r][c] = true
			}
		}
	}
	return rows
}

// writePairs writes a list of [row, col] pairs, counted from base, eight a
// line.
func writePairs(w *bufio.Writer, qs []queens.Square, base int) {
	w.WriteString("[")
	for i, q := range qs {
		if i > 0 {
			w.WriteString(",")
			if i%8 == 0 {
				w.WriteString("\n  ")
			} else {
				w.WriteString(" ")
			}
		}
		fmt.Fprintf(w, "[%d,%d]", q.Row+base, q.Col+base)
	}
	w.WriteString("]\n")
}

func writeEssence(w *bufio.Writer, in *queens.Instance) {
	fmt.Fprintf(w, "language ESSENCE' 1.0\nletting n = %d\n", in.N)
	if len(in.Queens) > 0 {
		qs := slices.Clone(in.Queens)
		slices.SortFunc(qs, compareSquares)
		w.WriteString("letting init = ")
		writePairs(w, qs, 0)
	}
	var bs []queens.Square
	for r, cols := range Forbidden(in) {
		for c := range in.N {
			if cols[c] {
				bs = append(bs, queens.Square{Row: r, Col: c})
			}
		}
	}
	if len(bs) > 0 {
		w.WriteString("letting blocks = ")
		writePairs(w, bs, 1)
	}
}

func compareSquares(a, b queens.Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

func writeDiags(w *bufio.Writer, in *queens.Instance) error {
	if len(in.Queens) > 0 || len(in.Blocked) > 0 {
		return fmt.Errorf("%w: the diags format holds excluded diagonals only, and the instance has preset queens or blocked squares; use essence", ErrFormat)
	}
	fmt.Fprintf(w, "n = %d\nnumdiags = %d\ndiags = [", in.N, len(in.Excluded))
	for i, d := range in.Excluded {
		if i > 0 {
			w.WriteString(", ")
		}
		if d.Sum {
			fmt.Fprintf(w, "[%d, 1]", d.K)
		} else {
			fmt.Fprintf(w, "[%d, 0]", d.K+in.N-1)
		}
	}
	w.WriteString("]\n")
	return nil
}

// model is the 0/1 programme of an instance that the DIMACS, LP and MPS
// writers share: one variable for each square a queen may still take once
// the preset queens stand, the lines that need exactly one queen (the
// empty rows and columns in use) and those that take at most one (every
// line); a line is a list of variables, counted from 0.
type model struct {
	squares []queens.Square // squares[v] is the square of variable v
	// exact are the rows then the columns that need a queen, each with its
	// name; an empty one makes the instance infeasible.
	exact      [][]int
	exactNames []string
	// atMost are the diagonals of two or more variables, those with the
	// same row+col ("sum") then those with the same row−col ("diff"), with
	// their names; the rows and columns with variables are all in exact.
	atMost      [][]int
	atMostNames []string
	// bad reports a preset queen on a forbidden square.
	bad bool
}

// newModel builds the programme of the instance.
func newModel(in *queens.Instance) *model {
	n := in.N
	forbidden := Forbidden(in)
	// Rows and columns not in use are done from the start.
	rowDone, colDone := make([]bool, n), make([]bool, n)
	for i := range n {
		if in.Rows != nil && !slices.Contains(in.Rows, i) {
			rowDone[i] = true
		}
		if in.Cols != nil && !slices.Contains(in.Cols, i) {
			colDone[i] = true
		}
	}
	sumDone := make([]bool, 2*n-1)
	diffDone := make([]bool, 2*n-1)
	m := &model{}
	for _, q := range in.Queens {
		rowDone[q.Row] = true
		colDone[q.Col] = true
		sumDone[q.Row+q.Col] = true
		diffDone[q.Row-q.Col+n-1] = true
		m.bad = m.bad || forbidden[q.Row][q.Col]
	}
	rows := make([][]int, n)
	cols := make([][]int, n)
	sums := make([][]int, 2*n-1)
	diffs := make([][]int, 2*n-1)
	for r := range n {
		if rowDone[r] || m.bad {
			continue
		}
		for c := range n {
			if colDone[c] || forbidden[r][c] || sumDone[r+c] || diffDone[r-c+n-1] {
				continue
			}
			v := len(m.squares)
			m.squares = append(m.squares, queens.Square{Row: r, Col: c})
			rows[r] = append(rows[r], v)
			cols[c] = append(cols[c], v)
			sums[r+c] = append(sums[r+c], v)
			diffs[r-c+n-1] = append(diffs[r-c+n-1], v)
		}
	}
	for i := range n {
		if !rowDone[i] {
			m.exact = append(m.exact, rows[i])
			m.exactNames = append(m.exactNames, "row_"+strconv.Itoa(i))
		}
	}
	for i := range n {
		if !colDone[i] {
			m.exact = append(m.exact, cols[i])
			m.exactNames = append(m.exactNames, "col_"+strconv.Itoa(i))
		}
	}
	for k, lines := range [][][]int{sums, diffs} {
		for i, l := range lines {
			if len(l) >= 2 {
				m.atMost = append(m.atMost, l)
				m.atMostNames = append(m.atMostNames, [...]string{"sum", "diff"}[k]+"_"+strconv.Itoa(i))
			}
		}
	}
	return m
}

// varName is the name of variable v in LP and MPS files: q_ROW_COL,
// counted from 0.
func (m *model) varName(v int) string {
	q := m.squares[v]
	return "q_" + strconv.Itoa(q.Row) + "_" + strconv.Itoa(q.Col)
}

func writeDIMACS(w *bufio.Writer, in *queens.Instance) {
	n := in.N
	m := newModel(in)
	var clauses [][]int
	if m.bad {
		clauses = append(clauses, nil) // a preset queen on a forbidden square
	}
	clauses = append(clauses, m.exact...)
	// At most one queen on every line: the rows and columns, then the
	// diagonals.
	lines := append(slices.Clone(m.exact), m.atMost...)
	pairs := 0
	for _, l := range lines {
		pairs += len(l) * (len(l) - 1) / 2
	}
	fmt.Fprintf(w, "c n-queens instance on the %d×%d board: %d preset queens, %d blocked squares, %d excluded diagonals\n", n, n, len(in.Queens), len(in.Blocked), len(in.Excluded))
	w.WriteString("c a model is a solution; variable v true puts the queen of its row on the square (row, col) below, counted from 0\n")
	for i, q := range m.squares {
		fmt.Fprintf(w, "c var %d = (%d, %d)\n", i+1, q.Row, q.Col)
	}
	fmt.Fprintf(w, "p cnf %d %d\n", len(m.squares), len(clauses)+pairs)
	var buf []byte
	for _, cl := range clauses {
		buf = buf[:0]
		for _, v := range cl {
			buf = strconv.AppendInt(buf, int64(v+1), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		w.Write(buf)
	}
	for _, l := range lines {
		for i, a := range l {
			for _, b := range l[i+1:] {
				buf = strconv.AppendInt(buf[:0], int64(-a-1), 10)
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(-b-1), 10)
				buf = append(buf, " 0\n"...)
				w.Write(buf)
			}
		}
	}
}

// writeLP writes the programme in the LP format of CPLEX, which CBC,
// HiGHS, GLPK, SCIP and Gurobi read: no objective, a 0/1 variable q_R_C
// for each open square, "= 1" for each empty row and column, "<= 1" for
// every line of two or more squares. An empty row or column, or a preset
// queen on a forbidden square, asks for a variable fixed at 0 to be 1.
func writeLP(w *bufio.Writer, in *queens.Instance) {
	m := newModel(in)
	fmt.Fprintf(w, "\\ n-queens instance on the %d×%d board: %d preset queens, %d blocked squares, %d excluded diagonals\n", in.N, in.N, len(in.Queens), len(in.Blocked), len(in.Excluded))
	w.WriteString("\\ q_R_C = 1 puts the queen of row R in column C, counted from 0; a feasible point is a solution\n")
	w.WriteString("\\ sum_S is the diagonal with R+C = S, diff_D the one with R-C+N-1 = D\n")
	w.WriteString("Minimize\n obj: 0 zero\nSubject To\n")
	writeRow := func(name string, l []int, sense string) {
		w.WriteString(" " + name + ":")
		if len(l) == 0 {
			w.WriteString(" zero")
		}
		for i, v := range l {
			if i > 0 {
				w.WriteString(" +")
			}
			w.WriteString(" " + m.varName(v))
		}
		w.WriteString(" " + sense + " 1\n")
	}
	if m.bad {
		writeRow("preset", nil, "=")
	}
	for i, l := range m.exact {
		writeRow(m.exactNames[i], l, "=")
	}
	for i, l := range m.atMost {
		writeRow(m.atMostNames[i], l, "<=")
	}
	w.WriteString("Bounds\n zero = 0\nBinaries\n")
	for v := range m.squares {
		w.WriteString(" " + m.varName(v) + "\n")
	}
	w.WriteString("End\n")
}

// writeMPS writes the programme of writeLP in free MPS; the bound BV makes
// a variable binary.
func writeMPS(w *bufio.Writer, in *queens.Instance) {
	m := newModel(in)
	fmt.Fprintf(w, "* n-queens instance on the %d×%d board: %d preset queens, %d blocked squares, %d excluded diagonals\n", in.N, in.N, len(in.Queens), len(in.Blocked), len(in.Excluded))
	w.WriteString("* q_R_C = 1 puts the queen of row R in column C, counted from 0; a feasible point is a solution\n")
	w.WriteString("NAME queens\nROWS\n N obj\n")
	var names []string
	var senses []byte
	if m.bad {
		names, senses = append(names, "preset"), append(senses, 'E')
	}
	for _, name := range m.exactNames {
		names, senses = append(names, name), append(senses, 'E')
	}
	for _, name := range m.atMostNames {
		names, senses = append(names, name), append(senses, 'L')
	}
	for i, name := range names {
		fmt.Fprintf(w, " %c %s\n", senses[i], name)
	}
	// Each variable's rows, in the order of names.
	cols := make([][]string, len(m.squares))
	off := len(names) - len(m.exact) - len(m.atMost)
	for i, l := range append(slices.Clone(m.exact), m.atMost...) {
		for _, v := range l {
			cols[v] = append(cols[v], names[off+i])
		}
	}
	w.WriteString("COLUMNS\n")
	for v, rows := range cols {
		for _, r := range rows {
			w.WriteString(" " + m.varName(v) + " " + r + " 1\n")
		}
	}
	w.WriteString("RHS\n")
	for _, name := range names {
		w.WriteString(" RHS " + name + " 1\n")
	}
	w.WriteString("BOUNDS\n")
	for v := range m.squares {
		w.WriteString(" BV BND " + m.varName(v) + "\n")
	}
	w.WriteString("ENDATA\n")
}
