package queens

// rowsAlgorithm rebuilds, at every level of the search, the list of
// columns of the next row that the queens above forbid.
var rowsAlgorithm = Algorithm{
	Name:     "rows",
	Idea:     "before each row, mark the columns that the queens above attack, rebuilt from scratch",
	Seed:     "tutorial 004, code 6",
	MaxN:     14,
	WorkUnit: "entries rebuilt",
	Search:   searchWith(runRows),
	count:    countWith(runRows),
}

// rowsBoard is the state of the rows search. The seed calls the queens'
// columns cols and the forbidden columns of the row being filled rows.
type rowsBoard struct {
	t         *tracer
	n         int
	queens    Solution // queens[row]: the column of the queen in row
	forbidden [][]bool // forbidden[row][col]: a queen above attacks (row, col)
}

// runRows searches the n×n board, rebuilding the forbidden columns of
// each row from the queens above it.
func runRows(t *tracer, n int) {
	b := &rowsBoard{t: t, n: n, queens: make(Solution, n), forbidden: make([][]bool, n)}
	for i := range b.forbidden {
		b.forbidden[i] = make([]bool, n)
	}
	b.getArrangement(0)
}

// getArrangement marks the columns of row that the queens of rows
// 0..row-1 attack, then places a queen in each unmarked column in turn
// and goes on with the next row. The seed allocates a fresh array at every
// call; this search clears one array per row instead, which is the same
// work without the garbage. Every entry written while rebuilding is one
// unit of work: the n cleared, then one per mark, 1 to 3 a queen above.
func (b *rowsBoard) getArrangement(row int) {
	t, n := b.t, b.n
	forbidden := b.forbidden[row]
	clear(forbidden)
	written := n
	for i, c := range b.queens[:row] {
		forbidden[c] = true // the same column
		d := row - i        // rows apart, and so columns apart on a diagonal
		written++
		if c-d >= 0 {
			forbidden[c-d] = true
			written++
		}
		if c+d <= n-1 {
			forbidden[c+d] = true
			written++
		}
	}
	t.Work += uint64(written)
	placed := false
	for col := 0; col < n && !t.stop; col++ {
		t.Checks++
		free := !forbidden[col]
		t.try(b.queens, row, col, free)
		if !free {
			continue
		}
		placed = true
		b.queens[row] = col
		t.place(row, col)
		if row < n-1 {
			b.getArrangement(row + 1)
		} else {
			t.solution(b.queens)
		}
		t.remove(row, col)
	}
	if !placed {
		t.deadEnd(row)
	}
}
