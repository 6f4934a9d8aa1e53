package queens

// scanAlgorithm keeps nothing but the column of each queen placed so far,
// and checks a new square against every one of them.
var scanAlgorithm = Algorithm{
	Name:     "scan",
	Idea:     "remember only where the queens stand; check a new square against every earlier queen",
	Seed:     "tutorial 000, method 3; tutorial 003, second program; tutorial 004, code 2",
	MaxN:     13,
	WorkUnit: "comparisons",
	Search:   searchWith(runScan),
	count:    countWith(runScan),
}

// scanBoard is the state of the scan search: the queens placed so far.
type scanBoard struct {
	t     *tracer
	n     int
	queen Solution // queen[row]: the column of the queen in row
}

// runScan searches the n×n board by checking every new square against
// the queens above it.
func runScan(t *tracer, n int) {
	b := &scanBoard{t: t, n: n, queen: make(Solution, n)}
	b.findSpace(0)
}

// attacker returns the first row i < row whose queen attacks the square
// (row, col), or -1 when the square is available. Two queens share a
// diagonal when their rows differ by as much as their columns do, in
// either direction. Each earlier queen looked at is one comparison of
// work: i+1 when the queen of row i is the first attacker, row when none
// attacks.
func (b *scanBoard) attacker(row, col int) int {
	for i, q := range b.queen[:row] {
		if q == col || row-i == col-q || row-i == q-col {
			b.t.Work += uint64(i + 1)
			return i
		}
	}
	b.t.Work += uint64(row)
	return -1
}

// findSpace looks for the available squares of row from left to right,
// and for each one places the queen and goes on with the next row.
func (b *scanBoard) findSpace(row int) {
	t, n := b.t, b.n
	placed := false
	for col := 0; col < n && !t.stop; col++ {
		t.Checks++
		conflict := b.attacker(row, col)
		t.tryConflict(row, col, conflict)
		if conflict >= 0 {
			continue
		}
		placed = true
		b.queen[row] = col
		t.place(row, col)
		if row < n-1 {
			b.findSpace(row + 1)
		} else {
			t.solution(b.queen)
		}
		t.remove(row, col)
	}
	if !placed {
		t.deadEnd(row)
	}
}
