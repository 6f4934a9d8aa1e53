package queens

import (
	"fmt"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// attacks reports whether a queen on (r, c) attacks the square (row, col)
// along a column or a diagonal.
func attacks(c, r, row, col int) bool {
	d := c - col
	return d == 0 || d == row-r || d == r-row
}

// checkModel replays a search from its place and remove events and says,
// for each square tried, which queen the algorithm's own check meets
// first. Each model keeps the state its algorithm keeps, written out
// anew here in the plainest way, and reads it in the algorithm's order.
type checkModel interface {
	place(row, col int)
	remove(row, col int)
	// conflict returns the row of the queen the check meets first on the
	// square (row, col), or -1 when the square is free.
	conflict(row, col int) int
}

// flagsModel keeps, for every column and diagonal, the row of the queen
// that set its flag (-1: clear), and reads the column, then the "\\"
// diagonal, then the "/" one.
type flagsModel struct{ col, d1, d2 map[int]int }

func newFlagsModel() *flagsModel {
	return &flagsModel{col: map[int]int{}, d1: map[int]int{}, d2: map[int]int{}}
}
func (m *flagsModel) place(row, col int) {
	m.col[col], m.d1[row-col], m.d2[row+col] = row, row, row
}
func (m *flagsModel) remove(row, col int) {
	delete(m.col, col)
	delete(m.d1, row-col)
	delete(m.d2, row+col)
}
func (m *flagsModel) conflict(row, col int) int {
	for _, set := range []struct {
		flags map[int]int
		key   int
	}{{m.col, col}, {m.d1, row - col}, {m.d2, row + col}} {
		if r, ok := set.flags[set.key]; ok {
			return r
		}
	}
	return -1
}

// boardModel keeps the seed's grid, indexed the seed's way: grid[i][j]
// holds the queen of the seed's row i and column j, that is of the
// event's row j and column i. It reads the squares as isSafe does: the
// seed's row to the left of the square, then the diagonal up and to the
// left, then the one down and to the left, and names the event's row of
// the first square it reads that holds a queen.
type boardModel struct{ grid [][]bool }

func newBoardModel(n int) *boardModel {
	m := &boardModel{grid: make([][]bool, n)}
	for i := range m.grid {
		m.grid[i] = make([]bool, n)
	}
	return m
}
func (m *boardModel) place(row, col int)  { m.grid[col][row] = true }
func (m *boardModel) remove(row, col int) { m.grid[col][row] = false }
func (m *boardModel) conflict(row, col int) int {
	i0, j0, n := col, row, len(m.grid) // the seed's square
	for j := 0; j < j0; j++ {
		if m.grid[i0][j] {
			return j
		}
	}
	for i, j := i0, j0; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if m.grid[i][j] {
			return j
		}
	}
	for i, j := i0, j0; i < n && j >= 0; i, j = i+1, j-1 {
		if m.grid[i][j] {
			return j
		}
	}
	return -1
}

// listModel keeps the queens from the top and compares them in that
// order: scan's check, and rows', which marks the forbidden columns queen
// by queen from the top, so that an entry is first written by the lowest
// row that attacks it.
type listModel struct{ queens []int }

func (m *listModel) place(row, col int)  { m.queens = append(m.queens, col) }
func (m *listModel) remove(row, col int) { m.queens = m.queens[:len(m.queens)-1] }
func (m *listModel) conflict(row, col int) int {
	for r, c := range m.queens {
		if attacks(c, r, row, col) {
			return r
		}
	}
	return -1
}

// rowsModel rebuilds, for the row tried, its forbidden entries and the
// queen that first wrote each, as rows does before every row.
type rowsModel struct{ listModel }

func (m *rowsModel) conflict(row, col int) int {
	writer := map[int]int{}
	for i, c := range m.queens {
		d := row - i
		for _, f := range []int{c, c - d, c + d} {
			if _, ok := writer[f]; !ok {
				writer[f] = i
			}
		}
	}
	if r, ok := writer[col]; ok {
		return r
	}
	return -1
}

// matrixModel keeps, on every square, the rows of the queens that raised
// its counter, in the order they did; a square is attacked when its
// counter is above 0, and the first queen that raised it is named.
type matrixModel struct {
	n      int
	raised map[[2]int][]int
}

func (m *matrixModel) mark(row, col int, add bool) {
	for r := range m.n {
		for c := range m.n {
			if (r != row || c != col) && attacks(col, row, r, c) {
				k := [2]int{r, c}
				if add {
					m.raised[k] = append(m.raised[k], row)
				} else {
					m.raised[k] = m.raised[k][:len(m.raised[k])-1]
				}
			}
		}
	}
}
func (m *matrixModel) place(row, col int)  { m.mark(row, col, true) }
func (m *matrixModel) remove(row, col int) { m.mark(row, col, false) }
func (m *matrixModel) conflict(row, col int) int {
	if by := m.raised[[2]int{row, col}]; len(by) > 0 {
		return by[0]
	}
	return -1
}

// permuteModel keeps the owner of every column; the generation of the
// permutations looks at nothing else.
type permuteModel struct{ owner map[int]int }

func (m *permuteModel) place(row, col int)  { m.owner[col] = row }
func (m *permuteModel) remove(row, col int) { delete(m.owner, col) }
func (m *permuteModel) conflict(row, col int) int {
	if r, ok := m.owner[col]; ok {
		return r
	}
	return -1
}

// bitboardModel keeps the three masks of the row being filled, one stack
// entry per row; it tries only the squares whose bit is clear in all.
type bitboardModel struct {
	n     int
	masks [][3]uint32 // masks[row]: cols, left, right
}

func (m *bitboardModel) place(row, col int) {
	k, bit := m.masks[row], uint32(1)<<col
	m.masks = append(m.masks[:row+1], [3]uint32{k[0] | bit, (k[1] | bit) << 1, (k[2] | bit) >> 1})
}
func (m *bitboardModel) remove(row, col int) { m.masks = m.masks[:row+1] }
func (m *bitboardModel) conflict(row, col int) int {
	k := m.masks[row]
	if (k[0]|k[1]|k[2])>>col&1 != 0 {
		return -2 // a held bit: bitboard never tries such a square
	}
	return -1
}

// newCheckModel returns the model of the named algorithm's check on the
// n×n board.
func newCheckModel(name string, n int) checkModel {
	switch name {
	case "flags":
		return newFlagsModel()
	case "board":
		return newBoardModel(n)
	case "scan":
		return &listModel{}
	case "rows":
		return &rowsModel{}
	case "matrix":
		return &matrixModel{n: n, raised: map[[2]int][]int{}}
	case "permute":
		return &permuteModel{owner: map[int]int{}}
	case "bitboard":
		return &bitboardModel{n: n, masks: [][3]uint32{{}}}
	}
	return nil
}

// TestConflictFollowsCheck replays every try of every algorithm at N = 8
// against a model of its own check, and checks that an attacked square
// names the queen that check meets first: for flags the queen that set
// the first flag it reads, for board the first square it reads holding a
// queen, and so on.
//
// permute's 8×8 search has a million events, slow under the race
// detector: the quick run replays its 7×7 one, the whole run the 8×8.
func TestConflictFollowsCheck(t *testing.T) {
	for _, a := range Algorithms() {
		n := 8
		if a.Name == "permute" && !testenv.Slow() {
			n = 7
		}
		t.Run(a.Name, func(t *testing.T) {
			m := newCheckModel(a.Name, n)
			if m == nil {
				t.Fatalf("no model of the check of %s", a.Name)
			}
			var queens []int
			attacked, differ := 0, 0
			for i, e := range collectAll(t, a, n) {
				switch e.Kind {
				case EventPlace:
					m.place(e.Row, e.Col)
					queens = append(queens, e.Col)
				case EventRemove:
					m.remove(e.Row, e.Col)
					queens = queens[:len(queens)-1]
				case EventTry:
					if want := m.conflict(e.Row, e.Col); e.Conflict != want {
						t.Fatalf("event %d, try of row %d column %d with queens %v: conflict %d, the check meets row %d first", i, e.Row, e.Col, queens, e.Conflict, want)
					}
					if e.Conflict >= 0 {
						attacked++
						if e.Conflict != firstAttacker(append(Solution(queens), e.Col), e.Row, e.Col) {
							differ++
						}
					}
				}
			}
			t.Logf("%d attacked tries, %d of them naming a queen other than the lowest attacker", attacked, differ)
			if a.Name == "flags" && differ == 0 {
				t.Error("flags always names the lowest attacker: the model cannot tell the orders apart")
			}
		})
	}
}

// collectAll returns the events of the algorithm's whole search on the
// n×n board, without the solutions' queens.
func collectAll(t *testing.T, a Algorithm, n int) []Event {
	t.Helper()
	var events []Event
	_, err := a.Search(t.Context(), n, func(e Event) bool {
		e.Queens = nil
		events = append(events, e)
		return true
	})
	if err != nil {
		t.Fatal(fmt.Errorf("%s N=%d: %w", a.Name, n, err))
	}
	return events
}
