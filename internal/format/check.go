package format

import "github.com/queenslab/queens"

// holdLimit is how many columns of a line a checking [Reader] keeps, to
// name the earlier queen of an attack; past it, a line costs a few bits
// per queen.
const holdLimit = 1 << 18

// recentLimit is how many of the last columns past the first holdLimit
// a checking Reader keeps, to name the earlier queen of an attack that
// is near.
const recentLimit = 1 << 16

// bitPage is the number of bits of one page of a [pagedBits], and
// densePages how many pages it finds by index rather than in a map.
const (
	bitPage    = 1 << 16
	densePages = 1 << 18
)

// pagedBits is a set of non-negative numbers kept in pages of bits that
// are made when first used: a few numbers far apart take a few pages, not
// the memory of the largest.
type pagedBits struct {
	dense  []*[bitPage / 64]uint64
	sparse map[int]*[bitPage / 64]uint64
}

// testAndSet reports whether i is in the set, and puts it in.
func (b *pagedBits) testAndSet(i int) bool {
	p := i / bitPage
	var page *[bitPage / 64]uint64
	if p < densePages {
		if p >= len(b.dense) {
			b.dense = append(b.dense, make([]*[bitPage / 64]uint64, p+1-len(b.dense))...)
		}
		if page = b.dense[p]; page == nil {
			page = new([bitPage / 64]uint64)
			b.dense[p] = page
		}
	} else {
		if b.sparse == nil {
			b.sparse = map[int]*[bitPage / 64]uint64{}
		}
		if page = b.sparse[p]; page == nil {
			page = new([bitPage / 64]uint64)
			b.sparse[p] = page
		}
	}
	w, bit := (i%bitPage)/64, uint64(1)<<(i%64)
	had := page[w]&bit != 0
	page[w] |= bit
	return had
}

// zigzag maps an integer to a non-negative one, 0 -1 1 -2 … to 0 1 2 3 ….
func zigzag(v int) int {
	if v < 0 {
		return -2*v - 1
	}
	return 2 * v
}

// lineCheck checks the columns of a line of numbers as they are read,
// with a bit per column and diagonal, and stops at the first attack it
// can name. It keeps the first holdLimit columns to name the earlier
// queen of an attack.
type lineCheck struct {
	cols, sums, diffs pagedBits
	held              []int // the first columns, counted from 0
	recent            []int // the last recentLimit columns, by row % recentLimit
	rows              int   // the queens read
	maxCol            int   // the largest column read, and its first row
	maxRow            int
	negRow, negCol    int // the first column off the board to the left, or row -1
	attack            *queens.AttackError
	sure              bool // the attack is the fault Validate would report
}

// newLineCheck returns a check of a new line, which keeps its columns in
// held's memory.
func newLineCheck(held []int) *lineCheck {
	return &lineCheck{held: held[:0], maxCol: -1, negRow: -1}
}

// add checks the queen of the next row, in column col counted from 0. It
// reports whether the check is over: an attack is found that no queen
// off the board may come before.
func (c *lineCheck) add(col int) bool {
	row := c.rows
	c.rows++
	if len(c.held) < holdLimit {
		c.held = append(c.held, col)
	} else {
		if c.recent == nil {
			c.recent = make([]int, recentLimit)
		}
		c.recent[row%recentLimit] = col
	}
	if col > c.maxCol {
		c.maxCol, c.maxRow = col, row
	}
	if col < 0 && c.negRow < 0 {
		c.negRow, c.negCol = row, col
	}
	if c.attack != nil {
		return false
	}
	if col < 0 {
		return false // off the board: the verdict tells
	}
	column := c.cols.testAndSet(col)
	sum := c.sums.testAndSet(row + col)
	diff := c.diffs.testAndSet(zigzag(row - col))
	if !column && !sum && !diff {
		return false
	}
	c.attack = c.partner(row, col, column, sum, diff)
	// With every column so far within 0..row, every queen so far stands
	// on the board, whose size is row+1 at least.
	c.sure = c.negRow < 0 && c.maxCol <= row
	return c.sure
}

// partner returns the attack of the queen in row and col on the earliest
// queen it attacks, or one that names no earlier row when that queen is
// no longer kept; column, sum and diff tell the lines it shares with one.
// Each line holds one earlier queen at most, or the check would have
// stopped before.
func (c *lineCheck) partner(row, col int, column, sum, diff bool) *queens.AttackError {
	on := func(r, k int) string {
		switch {
		case k == col:
			return "column"
		case k-r == col-row || k+r == col+row:
			return "diagonal"
		}
		return ""
	}
	for r, k := range c.held[:min(row, len(c.held))] {
		if line := on(r, k); line != "" {
			return &queens.AttackError{Row1: r, Row2: row, Line: line}
		}
	}
	// Past the kept rows: the recent ones name the earliest queen when
	// they hold one on every line shared.
	var first *queens.AttackError
	found, lines := 0, 0
	for _, hit := range []bool{column, sum, diff} {
		if hit {
			lines++
		}
	}
	for r := max(len(c.held), row-len(c.recent)+1); r < row; r++ {
		if line := on(r, c.recent[r%recentLimit]); line != "" {
			found++
			if first == nil {
				first = &queens.AttackError{Row1: r, Row2: row, Line: line}
			}
		}
	}
	if first != nil && found >= lines {
		return first
	}
	line := "diagonal"
	if column {
		line = "column"
	}
	return &queens.AttackError{Row1: -1, Row2: row, Line: line}
}

// verdict returns the fault of the line once it has ended, or nil for a
// solution: the attack found, or the first queen off the board before it,
// as far as the kept columns tell.
func (c *lineCheck) verdict() error {
	n := c.rows
	if c.sure {
		return c.attack
	}
	last := n // the rows where a queen off the board comes first
	if c.attack != nil {
		last = c.attack.Row2 + 1
	}
	for r, k := range c.held[:min(last, len(c.held))] {
		if k < 0 || k >= n {
			return &queens.AttackError{Row1: r, Row2: -1, Col: k, N: n}
		}
	}
	switch {
	case c.negRow >= 0 && c.negRow < last:
		return &queens.AttackError{Row1: c.negRow, Row2: -1, Col: c.negCol, N: n}
	case c.maxCol >= n && c.maxRow < last:
		return &queens.AttackError{Row1: c.maxRow, Row2: -1, Col: c.maxCol, N: n}
	case c.attack != nil:
		return c.attack
	}
	return nil
}
