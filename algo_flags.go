package queens

// flagsAlgorithm is the recursive backtracking search of most textbooks:
// one occupancy flag per column and per diagonal, so that a square is
// checked in three array reads.
var flagsAlgorithm = Algorithm{
	Name:     "flags",
	Idea:     "one flag per column and per diagonal; a square is free when its three flags are clear",
	Seed:     "tutorial 002; tutorial 000, method 2; tutorial 004, codes 1, 3 and 5",
	MaxN:     14,
	WorkUnit: "array reads",
	Search:   searchWith(runFlags),
	count:    countWith(runFlags),
}

// flagsBoard is the state of the flags search. All the squares of one
// diagonal share row-col (d1) or row+col (d2); the offset n-1 keeps the
// index of d1 from going negative.
type flagsBoard struct {
	t     *tracer
	n     int
	place Solution // place[row]: the column of the queen in row
	flag  []bool   // flag[col]: a queen stands in column col
	d1    []bool   // d1[row-col+n-1]: a queen stands on that diagonal
	d2    []bool   // d2[row+col]: a queen stands on that anti-diagonal
}

// runFlags searches the n×n board with occupancy flags.
func runFlags(t *tracer, n int) {
	b := &flagsBoard{
		t:     t,
		n:     n,
		place: make(Solution, n),
		flag:  make([]bool, n),
		d1:    make([]bool, 2*n-1),
		d2:    make([]bool, 2*n-1),
	}
	b.generate(0)
}

// free reports whether no queen stands in the column or on either
// diagonal of (row, col). It reads the flags in that order and stops at
// the first one set, as && does, and counts each flag read as one unit of
// work: 1 read when the column is taken, 2 when the diagonal is, 3 else.
func (b *flagsBoard) free(row, col int) bool {
	t := b.t
	t.Work++
	if b.flag[col] {
		return false
	}
	t.Work++
	if b.d1[row-col+b.n-1] {
		return false
	}
	t.Work++
	return !b.d2[row+col]
}

// generate tries every column of row in turn; for each free one it
// occupies the column and both diagonals, goes on with the next row, and
// frees them again when it comes back.
func (b *flagsBoard) generate(row int) {
	t, n := b.t, b.n
	placed := false
	for col := 0; col < n && !t.stop; col++ {
		t.Checks++
		free := b.free(row, col)
		t.tryLines(b.place, row, col, free)
		if !free {
			continue
		}
		placed = true
		b.place[row] = col
		b.flag[col], b.d1[row-col+n-1], b.d2[row+col] = true, true, true
		t.place(row, col)
		if row < n-1 {
			b.generate(row + 1)
		} else {
			t.solution(b.place)
		}
		b.flag[col], b.d1[row-col+n-1], b.d2[row+col] = false, false, false
		t.remove(row, col)
	}
	if !placed {
		t.deadEnd(row)
	}
}
