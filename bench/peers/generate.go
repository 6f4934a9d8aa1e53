package main

import (
	"fmt"
	"slices"

	"github.com/queenslab/queens"
)

// genDiagonals makes the list of diagonals that CSPLib's Excluded
// Diagonals generator (prob079, queens-diag-gen.py N MININFILE SEED)
// prints, in its order. The generator shuffles the 2N−1 sum diagonals,
// then the 2N−1 difference diagonals; it then draws a kind at random
// while both lists last (the other kind once one is empty) and takes the
// last diagonal of that list. The diagonal is kept unless it would leave
// some row or column with mininfile free squares or fewer, counting the
// squares that no kept diagonal covers yet; a refused diagonal is gone.
// An instance takes the first D diagonals of the list.
func genDiagonals(n, mininfile int, seed int64) []queens.Diagonal {
	r := newPyRandom(seed)
	sums, diffs := make([]int, 2*n-1), make([]int, 2*n-1)
	for i := range sums {
		sums[i], diffs[i] = i, i
	}
	shuffle(r, sums)
	shuffle(r, diffs)
	rowFree, colFree := make([]int, n), make([]int, n)
	for i := range n {
		rowFree[i], colFree[i] = n, n
	}
	sumCut, diffCut := make([]bool, 2*n-1), make([]bool, 2*n-1)
	var out []queens.Diagonal
	for len(sums) > 0 || len(diffs) > 0 {
		var sum bool
		switch {
		case len(sums) == 0:
		case len(diffs) == 0:
			sum = true
		default:
			sum = r.below(2) == 1 // randrange(-1, 2, 2): +1 is a sum diagonal
		}
		var v int
		if sum {
			v, sums = sums[len(sums)-1], sums[:len(sums)-1]
		} else {
			v, diffs = diffs[len(diffs)-1], diffs[:len(diffs)-1]
		}
		// The squares of the diagonal that no kept one covers yet.
		var rows, cols []int
		ok := true
		for row := range n {
			col := row - v + n - 1
			if sum {
				col = v - row
			}
			if col < 0 || col >= n || sumCut[row+col] || diffCut[row-col+n-1] {
				continue
			}
			if rowFree[row] <= mininfile || colFree[col] <= mininfile {
				ok = false
				break
			}
			rows, cols = append(rows, row), append(cols, col)
		}
		if !ok {
			continue
		}
		for i := range rows {
			rowFree[rows[i]]--
			colFree[cols[i]]--
		}
		if sum {
			sumCut[v] = true
			out = append(out, queens.Diagonal{Sum: true, K: v})
		} else {
			diffCut[v] = true
			out = append(out, queens.Diagonal{K: v - (n - 1)})
		}
	}
	return out
}

// genBlocked makes the blocked squares that CSPLib's Blocked n-Queens
// generator (prob080, blocked-gen.py N M MININFILE SEED) prints, sorted
// by row and column: it shuffles the N² squares, listed row by row, and
// blocks them in that order where the square's row and column each keep
// more than mininfile free squares, until m are blocked; a shuffle that
// falls short is followed by another, a thousand at most.
func genBlocked(n, m, mininfile int, seed int64) ([]queens.Square, error) {
	r := newPyRandom(seed)
	for range 1000 {
		order := make([]queens.Square, 0, n*n)
		for i := range n {
			for j := range n {
				order = append(order, queens.Square{Row: i, Col: j})
			}
		}
		shuffle(r, order)
		rowFree, colFree := make([]int, n), make([]int, n)
		for i := range n {
			rowFree[i], colFree[i] = n, n
		}
		var out []queens.Square
		for _, q := range order {
			if rowFree[q.Row] <= mininfile || colFree[q.Col] <= mininfile {
				continue
			}
			rowFree[q.Row]--
			colFree[q.Col]--
			out = append(out, q)
			if len(out) == m {
				slices.SortFunc(out, func(a, b queens.Square) int {
					if a.Row != b.Row {
						return a.Row - b.Row
					}
					return a.Col - b.Col
				})
				return out, nil
			}
		}
	}
	return nil, fmt.Errorf("no %d blocked squares on the %d×%d board leave %d free in each line", m, n, n, mininfile+1)
}
