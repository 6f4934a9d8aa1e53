package plan

import (
	"math/bits"
)

// search is the search of one unit: a depth-first search over the rows
// that hold no border queen, from top to bottom, with the columns and the
// two diagonals that the queens above attack kept as bits.
type search struct {
	n      int
	levels int        // rows without a border queen
	rows   [32]int    // rows[k]: the board row of level k
	mask   [32]uint32 // columns a queen may take in level k: free of the border queens' columns and attacks
	shift  [32]uint   // rows[k+1] - rows[k]
	check  int        // the level at which the search looks for cancellation
	stab   uint8      // symmetries that map the border to itself
	border [32]int    // column of the border queen in each row, or -1
	nodes  uint64
	sols   uint64
	total  uint64 // for symmetric units: solutions with their class sizes
	done   <-chan struct{}
	stop   bool
	queens [32]int // for symmetric units: column of the queen in each row
}

// newSearch prepares the search of unit u of the n×n board.
func newSearch(n int, u Unit) *search {
	s := &search{n: n, stab: u.stab}
	m := n - 1
	b := border{u.Top, u.Bottom, u.Left, u.Right}
	sq := b.squares(n)
	for r := range n {
		s.border[r] = -1
	}
	var takenCols uint32
	for _, q := range sq {
		s.border[q.r] = q.c
		takenCols |= 1 << q.c
	}
	full := uint32(1<<n - 1)
	for r := 1; r < m; r++ {
		if s.border[r] >= 0 {
			continue
		}
		mask := full &^ takenCols
		for _, q := range sq {
			d := r - q.r
			if d < 0 {
				d = -d
			}
			if c := q.c - d; c >= 0 {
				mask &^= 1 << c
			}
			if c := q.c + d; c < n {
				mask &^= 1 << c
			}
		}
		s.rows[s.levels] = r
		s.mask[s.levels] = mask
		s.levels++
	}
	for k := 0; k+1 < s.levels; k++ {
		s.shift[k] = uint(s.rows[k+1] - s.rows[k])
	}
	s.check = max(0, s.levels-10)
	return s
}

// estimate returns a rough measure of the size of the search, for ordering
// the units from the largest to the smallest.
func (s *search) estimate() float64 {
	est, width := 0.0, 1.0
	for k := range s.levels {
		width *= max(1, float64(bits.OnesCount32(s.mask[k]))-float64(2*k))
		est += width
	}
	return est
}

// run searches the unit. For a unit whose border no symmetry maps to
// itself it counts the solutions in s.sols; otherwise it counts in s.sols
// the solutions that are the least of their images under the border's
// symmetries, and in s.total the sizes of their symmetry classes.
func (s *search) run() {
	if s.levels == 0 {
		s.leaf()
		return
	}
	s.place(0, 0, 0, 0)
}

// place searches level k, given the columns and diagonals that the queens
// of the levels above attack in its row.
func (s *search) place(k int, cols, ld, rd uint32) {
	if k == s.check {
		select {
		case <-s.done:
			s.stop = true
		default:
		}
	}
	if s.stop {
		return
	}
	avail := s.mask[k] &^ (cols | ld | rd)
	if k == s.levels-1 {
		for avail != 0 {
			bit := avail & -avail
			avail ^= bit
			s.nodes++
			s.queens[s.rows[k]] = bits.TrailingZeros32(bit)
			s.leaf()
		}
		return
	}
	sh := s.shift[k]
	for avail != 0 {
		bit := avail & -avail
		avail ^= bit
		s.nodes++
		s.queens[s.rows[k]] = bits.TrailingZeros32(bit)
		s.place(k+1, cols|bit, (ld|bit)<<sh, (rd|bit)>>sh)
	}
}

// leaf counts a solution: all rows hold a queen.
func (s *search) leaf() {
	if s.stab == 1 {
		s.sols++
		return
	}
	n := s.n
	sol := s.queens[:n]
	for r := range n {
		if s.border[r] >= 0 {
			sol[r] = s.border[r]
		}
	}
	fixed := 0
	var img [32]int
	for t := range 8 {
		if s.stab&(1<<t) == 0 {
			continue
		}
		for r, c := range sol {
			q := transform(t, square{r, c}, n)
			img[q.r] = q.c
		}
		switch cmpCols(img[:n], sol) {
		case -1:
			return // an image is less: it, not this one, stands for the class
		case 0:
			fixed++
		}
	}
	s.sols++
	s.total += uint64(8 / fixed)
}

func cmpCols(a, b []int) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
