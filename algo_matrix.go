package queens

// matrixAlgorithm keeps a counter on every square: how many queens attack
// it. It searches without recursion, remembering in lastqueen where to
// resume a row after backtracking.
var matrixAlgorithm = Algorithm{
	Name:     "matrix",
	Idea:     "a counter per square: placing a queen adds 1 to every square it attacks, removing it subtracts 1; iterative, no recursion",
	Seed:     "tutorial 000, method 1",
	MaxN:     13,
	WorkUnit: "counter updates",
	Search:   searchWith(runMatrix),
	count:    countWith(runMatrix),
}

// counterBoard is the state of the matrix search. table[i][j] counts the
// queens that attack the square (i, j), so a square is free when its
// counter is 0. Taking a queen back subtracts exactly what placing it
// added: no need to ask whether another queen still attacks a square.
type counterBoard struct {
	t     *tracer
	n     int
	table [][]int
	queen Solution // queen[i]: the column of the queen in row i
}

// runMatrix searches the n×n board with a counter board, iteratively:
// row i is scanned from column lastqueen+1; a free square gets a queen and
// the search moves down a row; a row without a free square sends it back
// up, where it takes the queen of the row above and resumes that row just
// after the queen's column. The search ends when it must go back from
// row 0.
func runMatrix(t *tracer, n int) {
	b := &counterBoard{t: t, n: n, table: make([][]int, n), queen: make(Solution, n)}
	for i := range b.table {
		b.table[i] = make([]int, n)
	}
	t.delta = 1
	lastqueen := -1 // the column to resume after; -1: start the row afresh
	for i := 0; !t.stop; {
		j := b.searchLine(i, lastqueen+1)
		if j < 0 {
			if lastqueen < 0 {
				t.deadEnd(i) // not one free square in the whole row
			}
			if i == 0 {
				break
			}
			i--
			lastqueen = b.queen[i]
			b.uptakeQueen(i)
			continue
		}
		lastqueen = -1
		b.setQueen(i, j)
		if i == n-1 {
			t.solution(b.queen)
			b.uptakeQueen(i)
			lastqueen = j // look for another free square in the last row
			continue
		}
		i++
	}
}

// searchLine returns the first free column of row i from column j on, or
// -1 when there is none.
func (b *counterBoard) searchLine(i, j int) int {
	t := b.t
	for ; j < b.n && !t.stop; j++ {
		t.Checks++
		free := b.table[i][j] == 0
		t.try(b.queen, i, j, free)
		if free {
			return j
		}
	}
	return -1
}

// setQueen places a queen on (i, j) and counts one more attacker on every
// square of its row, its column and its two diagonals.
func (b *counterBoard) setQueen(i, j int) {
	b.queen[i] = j
	b.mark(i, j, +1)
	b.t.place(i, j)
}

// uptakeQueen takes back the queen of row i and counts one attacker less
// on every square it attacked.
func (b *counterBoard) uptakeQueen(i int) {
	j := b.queen[i]
	b.mark(i, j, -1)
	b.t.remove(i, j)
}

// mark adds delta to the counter of every square that a queen on (i, j)
// attacks: its row, its column and both diagonals, in all four directions.
// Each counter changed is one unit of work: 2(n-1) on the row and the
// column, plus the length of the diagonals.
func (b *counterBoard) mark(i, j, delta int) {
	n, table := b.n, b.table
	updates := 2 * (n - 1)
	for k := range n {
		if k != i {
			table[k][j] += delta // the column
		}
		if k != j {
			table[i][k] += delta // the row
		}
	}
	for r, c := i+1, j+1; r < n && c < n; r, c = r+1, c+1 {
		table[r][c] += delta // south-east
		updates++
	}
	for r, c := i+1, j-1; r < n && c >= 0; r, c = r+1, c-1 {
		table[r][c] += delta // south-west
		updates++
	}
	for r, c := i-1, j+1; r >= 0 && c < n; r, c = r-1, c+1 {
		table[r][c] += delta // north-east
		updates++
	}
	for r, c := i-1, j-1; r >= 0 && c >= 0; r, c = r-1, c-1 {
		table[r][c] += delta // north-west
		updates++
	}
	b.t.Work += uint64(updates)
}
