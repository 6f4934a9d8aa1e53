package queens

// MaxSolveN is the largest board size that [Construct], [Random] and
// [Complete] accept: 2^30, so that every diagonal number fits in 31 bits.
// Finding one solution does not get harder with N the way counting does;
// the limit is memory. A solution of N queens takes 8N bytes, and [Random]
// needs about 24N bytes while it searches.
const MaxSolveN = 1 << 30

// Construct returns a solution of the n×n board given by a formula, in
// time and memory proportional to n: the explicit construction of Hoffman,
// Loessi and Moore (1969), which distinguishes boards by n mod 6. It
// requires 1 ≤ n ≤ [MaxSolveN] and returns an error wrapping [ErrSize]
// otherwise, and one wrapping [ErrNoSolution] for n = 2 and 3, which have
// no solution.
//
// For even n with n mod 6 ≠ 2, the queens of the top half stand on the
// even columns 2, 4, …, n and those of the bottom half on the odd columns
// 1, 3, …, n-1 (counting from 1), one knight's move apart. For even n with
// n mod 6 = 2 the top half steps by two columns from column n/2, wrapping
// around the board, and the bottom half is its half-turn image. Neither
// puts a queen on the main diagonal, so for odd n the solution of n-1 plus
// a queen in the bottom right corner is one of n.
func Construct(n int) (Solution, error) {
	if err := checkSize(n, MaxSolveN); err != nil {
		return nil, err
	}
	if n == 2 || n == 3 {
		return nil, errNoSolution(n)
	}
	s := make(Solution, n)
	for r := range s {
		s[r] = constructCol(n, r)
	}
	return s, nil
}

// constructCol returns the column of the queen in row r of the solution
// that Construct builds for the n×n board, counted from 0, in constant
// time. It requires n ≥ 4 or n = 1, and 0 ≤ r < n.
func constructCol(n, r int) int {
	m := n // the even board the formula works on
	if n%2 == 1 {
		if r == n-1 {
			return n - 1
		}
		m = n - 1
	}
	h := m / 2
	if m%6 != 2 {
		if r < h {
			return 2*r + 1 // row r+1 in column 2(r+1), counted from 1
		}
		return 2 * (r - h) // row h+i in column 2i-1, counted from 1
	}
	if r < h {
		return (2*r + h - 1) % m
	}
	// Row r is the half-turn image of row m-1-r of the top half.
	return m - 1 - (2*(m-1-r)+h-1)%m
}
