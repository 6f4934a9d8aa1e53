package queens

import "slices"

// Symmetry is one of the eight symmetries of the square board: four
// rotations, and four reflections. Each maps a solution to a solution.
type Symmetry uint8

// The eight symmetries of the board. Rotations turn the board clockwise.
const (
	Identity      Symmetry = iota // leaves the board as it is
	Rotate90                      // quarter turn clockwise
	Rotate180                     // half turn
	Rotate270                     // three quarter turns clockwise
	MirrorColumns                 // reflection in the vertical axis: column c becomes N-1-c
	MirrorRows                    // reflection in the horizontal axis: row r becomes N-1-r
	Transpose                     // reflection in the main diagonal: (r, c) becomes (c, r)
	AntiTranspose                 // reflection in the other diagonal
)

// Symmetries lists all eight symmetries, Identity first.
var Symmetries = [8]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

var symmetryNames = [8]string{"identity", "rotate 90°", "rotate 180°", "rotate 270°", "mirror columns", "mirror rows", "transpose", "anti-transpose"}

// String returns a short English name of the symmetry.
func (t Symmetry) String() string {
	if int(t) < len(symmetryNames) {
		return symmetryNames[t]
	}
	return "unknown symmetry"
}

// transformInto writes the image of s under t into dst, which must have the
// length of s and must not overlap it.
func transformInto(dst, s Solution, t Symmetry) {
	n := len(s)
	m := n - 1
	for r, c := range s {
		switch t {
		case Identity:
			dst[r] = c
		case Rotate90: // (r, c) -> (c, m-r)
			dst[c] = m - r
		case Rotate180: // (r, c) -> (m-r, m-c)
			dst[m-r] = m - c
		case Rotate270: // (r, c) -> (m-c, r)
			dst[m-c] = r
		case MirrorColumns: // (r, c) -> (r, m-c)
			dst[r] = m - c
		case MirrorRows: // (r, c) -> (m-r, c)
			dst[m-r] = c
		case Transpose: // (r, c) -> (c, r)
			dst[c] = r
		case AntiTranspose: // (r, c) -> (m-c, m-r)
			dst[m-c] = m - r
		}
	}
}

// Transform returns the image of the solution s under the symmetry t. It
// requires s to be a permutation of 0..N-1, as every valid solution is.
func (s Solution) Transform(t Symmetry) Solution {
	dst := make(Solution, len(s))
	transformInto(dst, s, t)
	return dst
}

// Canonical returns the representative of the symmetry class of s: of its
// eight images, the least in lexicographic order of the column list. Two
// solutions are equivalent exactly when their canonical forms are equal.
// It requires s to be a permutation, as every valid solution is.
func (s Solution) Canonical() Solution {
	best := s.Clone()
	img := make(Solution, len(s))
	for _, t := range Symmetries[1:] {
		transformInto(img, s, t)
		if slices.Compare(img, best) < 0 {
			copy(best, img)
		}
	}
	return best
}

// isCanonical reports whether s is the least of its eight images, using
// scratch (of the length of s) as working memory.
func isCanonical(s, scratch Solution) bool {
	for _, t := range Symmetries[1:] {
		transformInto(scratch, s, t)
		if slices.Compare(scratch, s) < 0 {
			return false
		}
	}
	return true
}

// Class returns the distinct images of s under the eight symmetries,
// sorted, s's canonical form first. Its length is the class size: 8 for
// most solutions, 4 for those unchanged by a half turn, 2 for those
// unchanged by a quarter turn, and 1 for the single queen of N = 1.
func (s Solution) Class() []Solution {
	class := make([]Solution, 0, 8)
	for _, t := range Symmetries {
		img := s.Transform(t)
		if !slices.ContainsFunc(class, func(o Solution) bool { return slices.Equal(o, img) }) {
			class = append(class, img)
		}
	}
	slices.SortFunc(class, slices.Compare)
	return class
}

// ClassSize returns the number of distinct solutions equivalent to s: 8, 4,
// 2, or 1 for N = 1. It equals len(s.Class()) without allocating the class.
func (s Solution) ClassSize() int {
	n := len(s)
	m := n - 1
	// s is unchanged by a half turn when s[m-r] == m-s[r] for every r, and by
	// a quarter turn when moreover s[s[r]] == m-r. No solution of N > 1 is
	// unchanged by a reflection.
	if n == 1 {
		return 1
	}
	for r, c := range s {
		if s[m-r] != m-c {
			return 8
		}
	}
	for r, c := range s {
		if s[c] != m-r {
			return 4
		}
	}
	return 2
}
