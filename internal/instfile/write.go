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
var Formats = []string{"essence", "diags", "dimacs"}

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
		return fmt.Errorf("%w: the %s format has every row and column in use, and the instance has not; use dimacs", ErrFormat, name)
	}
	switch name {
	case "essence":
		writeEssence(bw, in)
	case "diags":
		err = writeDiags(bw, in)
	case "dimacs":
		writeDIMACS(bw, in)
	default:
		return fmt.Errorf("%w %q: want essence, diags or dimacs", ErrFormat, name)
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

func writeDIMACS(w *bufio.Writer, in *queens.Instance) {
	n := in.N
	bad := Forbidden(in)
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
	for _, q := range in.Queens {
		rowDone[q.Row] = true
		colDone[q.Col] = true
		sumDone[q.Row+q.Col] = true
		diffDone[q.Row-q.Col+n-1] = true
	}
	presetsOK := true
	for _, q := range in.Queens {
		if bad[q.Row][q.Col] {
			presetsOK = false
		}
	}
	// The variables, numbered from 1 row by row, and the lines they lie on;
	// squares[v-1] is the square of variable v.
	var squares []queens.Square
	rows := make([][]int, n)
	cols := make([][]int, n)
	sums := make([][]int, 2*n-1)
	diffs := make([][]int, 2*n-1)
	for r := range n {
		if rowDone[r] || !presetsOK {
			continue
		}
		for c := range n {
			if colDone[c] || bad[r][c] || sumDone[r+c] || diffDone[r-c+n-1] {
				continue
			}
			squares = append(squares, queens.Square{Row: r, Col: c})
			v := len(squares)
			rows[r] = append(rows[r], v)
			cols[c] = append(cols[c], v)
			sums[r+c] = append(sums[r+c], v)
			diffs[r-c+n-1] = append(diffs[r-c+n-1], v)
		}
	}
	var clauses [][]int
	if !presetsOK {
		clauses = append(clauses, nil) // a preset queen on a forbidden square
	}
	for i := range n {
		if !rowDone[i] {
			clauses = append(clauses, rows[i])
		}
		if !colDone[i] {
			clauses = append(clauses, cols[i])
		}
	}
	pairs := 0
	for _, lines := range [][][]int{rows, cols, sums, diffs} {
		for _, l := range lines {
			pairs += len(l) * (len(l) - 1) / 2
		}
	}
	fmt.Fprintf(w, "c n-queens instance on the %d×%d board: %d preset queens, %d blocked squares, %d excluded diagonals\n", n, n, len(in.Queens), len(in.Blocked), len(in.Excluded))
	w.WriteString("c a model is a solution; variable v true puts the queen of its row on the square (row, col) below, counted from 0\n")
	for i, q := range squares {
		fmt.Fprintf(w, "c var %d = (%d, %d)\n", i+1, q.Row, q.Col)
	}
	fmt.Fprintf(w, "p cnf %d %d\n", len(squares), len(clauses)+pairs)
	var buf []byte
	for _, cl := range clauses {
		buf = buf[:0]
		for _, v := range cl {
			buf = strconv.AppendInt(buf, int64(v), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		w.Write(buf)
	}
	for _, lines := range [][][]int{rows, cols, sums, diffs} {
		for _, l := range lines {
			for i, a := range l {
				for _, b := range l[i+1:] {
					buf = strconv.AppendInt(buf[:0], int64(-a), 10)
					buf = append(buf, ' ')
					buf = strconv.AppendInt(buf, int64(-b), 10)
					buf = append(buf, " 0\n"...)
					w.Write(buf)
				}
			}
		}
	}
}
