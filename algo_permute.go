package queens

// permuteAlgorithm is brute force: it lists every placement with one queen
// per row and per column, that is every permutation of the columns, and
// checks the diagonals only when the placement is complete.
var permuteAlgorithm = Algorithm{
	Name:     "permute",
	Idea:     "every permutation of the columns in turn, checked for diagonal attacks only once all queens stand",
	Seed:     "none of the tutorials (the brute-force baseline every course starts from)",
	MaxN:     10,
	WorkUnit: "pairs checked",
	Search:   searchWith(runPermute),
	count:    countWith(runPermute),
}

// permuter is the state of the permute search.
type permuter struct {
	t     *tracer
	n     int
	perm  Solution // perm[row]: the column of the queen in row
	rowOf []int    // rowOf[col]: the row of the queen in column col, or -1
}

// runPermute lists the permutations of the columns of the n×n board in
// lexicographic order and keeps those without two queens on a diagonal.
func runPermute(t *tracer, n int) {
	p := &permuter{t: t, n: n, perm: make(Solution, n), rowOf: make([]int, n)}
	for c := range p.rowOf {
		p.rowOf[c] = -1
	}
	p.extend(0)
}

// extend gives row, in turn, each column that no earlier row uses, and
// goes on with the next row; a complete placement goes to check. A try
// names as the conflict the queen that uses the column, for that is all
// the generation looks at.
func (p *permuter) extend(row int) {
	t, n := p.t, p.n
	for col := 0; col < n && !t.stop; col++ {
		t.Checks++
		owner := p.rowOf[col]
		t.tryConflict(row, col, owner)
		if owner >= 0 {
			continue
		}
		p.perm[row], p.rowOf[col] = col, row
		t.place(row, col)
		if row < n-1 {
			p.extend(row + 1)
		} else {
			p.check()
		}
		p.rowOf[col] = -1
		t.remove(row, col)
	}
}

// check tests the complete placement: each queen against every queen
// above it. It reports a solution, or the first attacked queen as a dead
// end. Each pair of queens compared is one unit of work: n(n-1)/2 for a
// solution, fewer for a placement rejected early. The placements checked
// are all n! permutations, one check each; the generation of them, which
// reads only the column owners, is not counted as work.
func (p *permuter) check() {
	t := p.t
	for r := 1; r < p.n; r++ {
		t.Checks++
		for i, c := range p.perm[:r] {
			t.Work++
			if d := c - p.perm[r]; d == r-i || d == i-r {
				t.rejected(p.n, r, p.perm[r], i)
				return
			}
		}
	}
	t.solution(p.perm)
}
