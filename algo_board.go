package queens

// boardAlgorithm keeps a whole board of 0s and 1s, fills it column by
// column, and checks a square by walking the board to its left.
var boardAlgorithm = Algorithm{
	Name:     "board",
	Idea:     "a 2-D board of 0s and 1s filled column by column; a square is safe when the row and both diagonals to its left are empty",
	Seed:     "tutorial 003, first program",
	MaxN:     13,
	WorkUnit: "squares read",
	Search:   searchWith(runBoard),
	count:    countWith(runBoard),
}

// boardSearch is the state of the board search, kept the way the seed
// keeps it: board[i][col] is 1 when a queen stands in row i, column col.
//
// The seed fills the board column by column: solveNQUtil(col) tries the
// rows i = 0, 1, ... of column col, and isSafe(i, col) looks for a queen
// to the left of the square. Its events are reported transposed,
// reflected in the main diagonal: the seed's column col is the event's
// row, its row i the event's column. Transposing maps solutions to
// solutions, turns the seed's order (lexicographic by the row of the queen
// in column 0, 1, ...) into the order of the column list that every other
// algorithm follows, and makes the seed's look to the left of a square,
// along its row and two diagonals, the look above it that the row-by-row
// algorithms take. Reported untransposed, each solution would appear as
// its inverse permutation, and the list in another order.
type boardSearch struct {
	t        *tracer
	n        int
	board    [][]byte
	position Solution // position[col]: the row of the queen in column col
}

// runBoard searches the n×n board column by column.
func runBoard(t *tracer, n int) {
	b := &boardSearch{t: t, n: n, board: make([][]byte, n), position: make(Solution, n)}
	for i := range b.board {
		b.board[i] = make([]byte, n)
	}
	b.solveNQUtil(0)
}

// isSafe reports whether a queen may stand on board[row][col], given the
// queens of columns 0..col-1: no queen in the same row to the left, nor
// on either diagonal to the left. (The seed's loop for the lower diagonal
// tests j < col and so never runs; it should test j >= 0, as here.)
// Every square of the board it reads is one unit of work; like the seed,
// it reads the square itself once on each diagonal.
func (b *boardSearch) isSafe(row, col int) bool {
	t := b.t
	for i := range col {
		t.Work++
		if b.board[row][i] == 1 {
			return false
		}
	}
	for i, j := row, col; i >= 0 && j >= 0; i, j = i-1, j-1 {
		t.Work++
		if b.board[i][j] == 1 {
			return false
		}
	}
	for i, j := row, col; i < b.n && j >= 0; i, j = i+1, j-1 {
		t.Work++
		if b.board[i][j] == 1 {
			return false
		}
	}
	return true
}

// solveNQUtil tries every row of column col from the top; for each safe
// square it places a queen, goes on with the next column, and takes the
// queen back when it returns. Unlike the seed, which stops at the first
// solution, it goes on to find them all.
func (b *boardSearch) solveNQUtil(col int) {
	t, n := b.t, b.n
	placed := false
	for i := 0; i < n && !t.stop; i++ {
		t.Checks++
		safe := b.isSafe(i, col)
		t.tryLines(b.position, col, i, safe) // transposed: the seed's column is the event's row
		if !safe {
			continue
		}
		placed = true
		b.board[i][col] = 1
		b.position[col] = i
		t.place(col, i)
		if col < n-1 {
			b.solveNQUtil(col + 1)
		} else {
			t.solution(b.position)
		}
		b.board[i][col] = 0
		t.remove(col, i)
	}
	if !placed {
		t.deadEnd(col)
	}
}
