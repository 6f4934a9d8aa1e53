package plan

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// piecedPlan returns the join plan of the n×n board with its units cut
// into pieces as the plans of the largest boards are, but at a cost small
// enough that most units of this board get several.
func piecedPlan(t *testing.T, n int, perUnit float64) *Plan {
	t.Helper()
	whole, err := NewJoin(n)
	if err != nil {
		t.Fatal(err)
	}
	var most float64
	for _, u := range whole.Units {
		most = max(most, u.Cost())
	}
	p, err := NewPieced(n, most/perUnit)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPiecesAddUp counts the units of plans cut into pieces piece by
// piece: each unit's pieces merge into the result of the unit counted in
// one piece, and the whole count is the known one.
func TestPiecesAddUp(t *testing.T) {
	for _, tc := range []struct {
		n       int
		perUnit float64
	}{{10, 7}, {11, 64}, {12, 5}, {13, 40}} {
		whole, err := NewJoin(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		p := piecedPlan(t, tc.n, tc.perUnit)
		if p.Fingerprint() == whole.Fingerprint() {
			t.Fatalf("N=%d: the fingerprint does not change with the pieces", tc.n)
		}
		cut := 0
		var total, unique uint64
		for _, u := range p.Units {
			want, err := whole.Count(context.Background(), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			var got Result
			for k := range u.Pieces() {
				r, err := p.CountPiece(context.Background(), u.ID, k)
				if err != nil {
					t.Fatal(err)
				}
				if u.Pieces() > 1 && r.Pieces != 1<<k {
					t.Fatalf("N=%d unit %d piece %d: marks pieces %#x", tc.n, u.ID, k, r.Pieces)
				}
				if got, err = p.Merge(got, r); err != nil {
					t.Fatal(err)
				}
			}
			if u.Pieces() > 1 {
				cut++
			}
			if got.Unit != want.Unit || got.Total != want.Total || got.Unique != want.Unique || got.Pieces != 0 {
				t.Fatalf("N=%d %v: pieces add up to %+v, the unit counts %+v", tc.n, u, got, want)
			}
			if all, _ := p.Count(context.Background(), u.ID); all != got {
				t.Fatalf("N=%d unit %d: Count gives %+v, the pieces %+v", tc.n, u.ID, all, got)
			}
			total += got.Total
			unique += got.Unique
		}
		if cut < len(p.Units)/4 {
			t.Fatalf("N=%d: only %d of %d units in pieces", tc.n, cut, len(p.Units))
		}
		if k := known[tc.n-1]; total != k.total || unique != 8*k.unique {
			t.Fatalf("N=%d: %d solutions and %d unique shares, want %d and %d", tc.n, total, unique, k.total, 8*k.unique)
		}
	}
}

// TestMergeRefuses merges results that do not belong together.
func TestMergeRefuses(t *testing.T) {
	p := piecedPlan(t, 11, 8)
	u := p.Units[len(p.Units)/2]
	for u.Pieces() < 3 {
		u = p.Units[u.ID-1]
	}
	a, b := Result{Unit: u.ID, Pieces: 1}, Result{Unit: u.ID, Pieces: 3}
	for _, pair := range [][2]Result{{a, b}, {a, {Unit: u.ID}}, {a, {Unit: u.ID - 1, Pieces: 2}}} {
		if _, err := p.Merge(pair[0], pair[1]); !errors.Is(err, ErrPieces) {
			t.Errorf("merge of %+v and %+v: %v, want ErrPieces", pair[0], pair[1], err)
		}
	}
	if _, err := p.CountPiece(context.Background(), u.ID, u.Pieces()); !errors.Is(err, ErrUnit) {
		t.Errorf("piece %d of a unit of %d: %v", u.Pieces(), u.Pieces(), err)
	}
}

// TestRunResumesPieces runs a pieced plan with some units and some pieces
// of others taken as done: Run counts exactly the rest, piece by piece,
// tells the time of a unit once, and the results add up with those
// resumed to the known count.
func TestRunResumesPieces(t *testing.T) {
	p := piecedPlan(t, 12, 6)
	rng := rand.New(rand.NewPCG(1, 2))
	resumed := map[int]Result{}
	skip := map[int]bool{}
	for _, u := range p.Units {
		switch rng.IntN(3) {
		case 0:
			r, err := p.Count(context.Background(), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			skip[u.ID], resumed[u.ID] = true, r
		case 1:
			if u.Pieces() == 1 {
				continue
			}
			var part Result
			for k := range u.Pieces() {
				if rng.IntN(2) == 0 {
					r, _ := p.CountPiece(context.Background(), u.ID, k)
					part, _ = p.Merge(part, r)
				}
			}
			if part.Pieces != 0 {
				resumed[u.ID] = part
			}
		}
	}
	got := map[int]Result{}
	took := map[int]int{}
	err := p.Run(context.Background(), RunOptions{
		Workers: 3,
		Skip:    func(unit int) bool { return skip[unit] },
		Resumed: func(unit int) uint64 { return resumed[unit].Pieces },
		Took:    func(unit int, _ time.Duration) { took[unit]++ },
		OnResult: func(r Result) {
			if r.Pieces&resumed[r.Unit].Pieces != 0 || skip[r.Unit] {
				t.Errorf("unit %d: counted %#x again", r.Unit, r.Pieces)
			}
			var err error
			if got[r.Unit], err = p.Merge(got[r.Unit], r); err != nil {
				t.Error(err)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var total uint64
	for _, u := range p.Units {
		r := resumed[u.ID]
		if !skip[u.ID] {
			var err error
			if r, err = p.Merge(r, got[u.ID]); err != nil {
				t.Fatal(err)
			}
			if took[u.ID] != 1 {
				t.Errorf("unit %d: its time told %d times", u.ID, took[u.ID])
			}
		}
		if r.Pieces != 0 || r.Unit != u.ID {
			t.Fatalf("unit %d: %+v is not whole", u.ID, r)
		}
		total += r.Total
	}
	if total != known[11].total {
		t.Fatalf("%d solutions, want %d", total, known[11].total)
	}
}
