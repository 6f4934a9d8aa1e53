package queens

import (
	"context"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// The search of the 4×4 board, shared by the row-by-row methods: 16
// queens placed (4 in row 0, 6 in row 1, 4 in row 2, 2 in row 3), 15 rows
// entered (1, 4, 6, 4), so 60 squares tried, of which the 16 placed are
// free and 44 attacked; 2 solutions. The figures below count each
// method's own unit of work over that search by hand.
var workOfFour = map[string]uint64{
	// A free square reads its 3 flags: 16 × 3 = 48. An attacked one stops
	// at the first flag set: 28 in a taken column (1 read), 9 on a taken
	// diagonal (2 reads), 7 on a taken anti-diagonal (3 reads):
	// 28 + 18 + 21 = 67. In all 48 + 67 = 115.
	"flags": 115,
	// A free square in row r is compared with the r queens above:
	// 4·0 + 6·1 + 4·2 + 2·3 = 20. An attacked one stops at its first
	// attacker, in row i after i+1 comparisons: 28 by the queen of row 0,
	// 12 by row 1, 4 by row 2: 28 + 24 + 12 = 64. In all 20 + 64 = 84.
	"scan": 84,
	// A free square (r, c) reads the r squares above it, then each
	// diagonal upwards from the square itself: r + min(r, c)+1 +
	// min(r, 3-c)+1. Over the 16 placed squares: 8 + 26 + 26 + 16 = 76.
	// An attacked square stops at the first queen it reads: the tries of
	// row 1 read 4·1 + 3·3 + 4 + 2·5 = 27, those of row 2
	// 6·1 + 6·2 + 4·4 + 2·5 + 6 + 7 = 57, those of row 3
	// 4·1 + 4·2 + 4·3 + 5 + 7 = 36: 120.
	// In all 76 + 120 = 196.
	"board": 196,
	// Placing or removing a queen updates the 3 other squares of its row,
	// the 3 of its column and its diagonals: 3 squares from an edge
	// square, 5 from one of the 4 central squares, so 9 or 11 updates.
	// Of the 16 queens placed 4 stand on central squares ((1,1), (1,2),
	// (2,1), (2,2)), and each is removed again: 2 × (16·9 + 4·2) = 304.
	"matrix": 304,
	// Each of the 15 rows entered clears its 4 entries: 60. Then each
	// queen above marks its column and the diagonal squares on the board:
	// row 1 under columns 0, 1, 2, 3: 2 + 3 + 3 + 2 = 10; the 6 entries
	// of row 2: 2 each for the queen of row 0, and 3, 2, 2, 2, 2, 3 for
	// those of row 1: 26; the 4 of row 3: 7 + 5 + 5 + 7 = 24. In all
	// 60 + 10 + 26 + 24 = 120.
	"rows": 120,
	// Each of the 15 rows entered costs 3 operations for its free squares,
	// each of the 16 queens 3 to take its bit, and each of the 14 queens
	// above the last row 5 for the next masks: 45 + 48 + 70 = 163.
	"bitboard": 163,
	// All 24 permutations are checked. A solution compares all 6 pairs:
	// 2 × 6 = 12. A placement whose queen in row r is attacked first by
	// the one of row i compares r(r-1)/2 + i+1 pairs: 12 rejected at row 1
	// by row 0 (1 pair), 2 at row 2 by row 0 (2), 6 at row 2 by row 1 (3),
	// 2 at row 3 by row 2 (6): 12 + 4 + 18 + 12 = 46. In all 12 + 46 = 58.
	"permute": 58,
}

// TestWorkByHand checks the work of every algorithm on the 4×4 board
// against the counts by hand above, with and without events.
func TestWorkByHand(t *testing.T) {
	for _, a := range Algorithms() {
		want, ok := workOfFour[a.Name]
		if !ok {
			t.Errorf("%s: no work counted by hand", a.Name)
			continue
		}
		if a.WorkUnit == "" {
			t.Errorf("%s: no unit of work", a.Name)
		}
		quiet, err := a.Search(context.Background(), 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		watched, _ := a.Search(context.Background(), 4, func(Event) bool { return true })
		if quiet.Work != want || watched.Work != want {
			t.Errorf("%s N=4: work %d (%d with events), counted by hand %d %s", a.Name, quiet.Work, watched.Work, want, a.WorkUnit)
		}
	}
}

// TestEventWorkAddsUp checks that the Work of the events of a search adds
// up to the work of the search, for every algorithm and several sizes.
func TestEventWorkAddsUp(t *testing.T) {
	top := 8
	if !testenv.Slow() {
		top = 6
	}
	for _, a := range Algorithms() {
		for n := 1; n <= min(top, a.MaxN); n++ {
			var sum uint64
			var events int
			st, err := a.Search(context.Background(), n, func(e Event) bool {
				sum += e.Work
				events++
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum != st.Work || (n >= 4 && st.Work == 0) {
				t.Errorf("%s N=%d: the %d events carry %d units of work, the search counts %d", a.Name, n, events, sum, st.Work)
			}
		}
	}
}

// TestWorkTellsMethodsApart checks what the units are for: on the 8×8
// board the square-by-square methods try the same squares, but each pays
// a different price for them.
func TestWorkTellsMethodsApart(t *testing.T) {
	seen := map[uint64]string{}
	var checks uint64
	for _, name := range []string{"flags", "scan", "board", "matrix", "rows"} {
		a, _ := LookupAlgorithm(name)
		st, err := a.Search(context.Background(), 8, nil)
		if err != nil {
			t.Fatal(err)
		}
		if checks != 0 && st.Checks != checks {
			t.Errorf("%s: %d checks, the others %d", name, st.Checks, checks)
		}
		checks = st.Checks
		if other, ok := seen[st.Work]; ok {
			t.Errorf("%s and %s both count %d units of work", name, other, st.Work)
		}
		seen[st.Work] = name
	}
}
