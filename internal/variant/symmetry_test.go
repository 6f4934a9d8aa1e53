package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// TestSymmetrySquare checks that the images of the squares under each
// symmetry make a permutation of the board that keeps a solution a
// solution, and that the symmetries compose as those of a square do.
func TestSymmetrySquare(t *testing.T) {
	const n = 8
	s := Solution{0, 4, 7, 5, 2, 6, 1, 3}
	in := Instance{N: n}
	image := func(tr Symmetry, q Square) Square { return tr.square(n, q) }
	for _, tr := range Symmetries {
		img := make(Solution, n)
		for r, c := range s {
			q := image(tr, Square{r, c})
			img[q.Row] = q.Col
		}
		if err := in.Validate(img); err != nil {
			t.Fatalf("%v maps %v to %v: %v", tr, s, img, err)
		}
	}
	for r := range n {
		for c := range n {
			q := Square{r, c}
			r90 := func(q Square) Square { return image(Rotate90, q) }
			for _, law := range []struct {
				name      string
				got, want Square
			}{
				{"rotate 90 twice", r90(r90(q)), image(Rotate180, q)},
				{"rotate 90 thrice", r90(r90(r90(q))), image(Rotate270, q)},
				{"rotate 90 four times", r90(r90(r90(r90(q)))), q},
				{"both mirrors", image(MirrorColumns, image(MirrorRows, q)), image(Rotate180, q)},
				{"transpose twice", image(Transpose, image(Transpose, q)), q},
				{"transpose, then mirror columns", image(MirrorColumns, image(Transpose, q)), image(Rotate90, q)},
				{"anti-transpose", image(Rotate180, image(Transpose, q)), image(AntiTranspose, q)},
			} {
				if law.got != law.want {
					t.Fatalf("%s of %v: %v, want %v", law.name, q, law.got, law.want)
				}
			}
		}
	}
}

// TestInstanceSymmetryGroup checks the symmetries found of a few
// instances.
func TestInstanceSymmetryGroup(t *testing.T) {
	for _, tc := range []struct {
		in   Instance
		want []Symmetry
	}{
		{Instance{N: 8}, Symmetries[:]},
		{Instance{N: 8, Blocked: []Square{{0, 0}}}, []Symmetry{Identity, Transpose}},
		{Instance{N: 8, Excluded: []Diagonal{{Sum: true, K: 7}}}, []Symmetry{Identity, Rotate180, Transpose, AntiTranspose}},
		{Instance{N: 8, Blocked: []Square{{0, 0}, {0, 7}, {7, 0}, {7, 7}}}, Symmetries[:]},
		{Instance{N: 8, Blocked: []Square{{0, 1}, {1, 7}, {7, 6}, {6, 0}}}, []Symmetry{Identity, Rotate90, Rotate180, Rotate270}},
		{Instance{N: 7, Queens: []Square{{3, 3}}}, Symmetries[:]},
		{Instance{N: 8, Queens: []Square{{0, 1}}}, []Symmetry{Identity}},
		{Instance{N: 6, Rows: []int{0, 5}, Cols: []int{0, 5}}, Symmetries[:]},
		{Instance{N: 6, Rows: []int{0, 5}, Cols: []int{1, 4}}, []Symmetry{Identity, Rotate180, MirrorColumns, MirrorRows}},
		{Instance{N: 6, Rows: []int{0, 1}, Cols: []int{0, 1}}, []Symmetry{Identity, Transpose}},
	} {
		if got := tc.in.symmetryGroup(); !slices.Equal(got, tc.want) {
			t.Errorf("%+v: symmetries %v, want %v", tc.in, got, tc.want)
		}
	}
}

// symmetricInstance returns a random instance on the n×n board that the
// symmetries gens, and the group they make, map to itself: the blocked
// squares, excluded diagonals and preset queens of randomInstance closed
// under gens, and with lines set, rows and columns in use closed under
// the reflections of the board.
func symmetricInstance(rng *rand.Rand, n int, gens []Symmetry, lines bool) Instance {
	in := randomInstance(rng, n)
	closure := func(qs []Square) []Square {
		for i := 0; i < len(qs); i++ {
			for _, g := range gens {
				if p := g.square(n, qs[i]); !slices.Contains(qs, p) {
					qs = append(qs, p)
				}
			}
		}
		return qs
	}
	// Some of the squares on which no queen may stand stay blocked, with
	// their images; the excluded diagonals become blocked squares, so
	// that their images need no diagonals of their own, except for the
	// long diagonals, which every symmetry maps onto each other.
	allow := in.allowed()
	keep := 2 + rng.IntN(4)
	in.Blocked = nil
	for r := range n {
		for c := range n {
			if !allow[r].has(c) && rng.IntN(keep) == 0 {
				in.Blocked = append(in.Blocked, Square{r, c})
			}
		}
	}
	in.Blocked = closure(in.Blocked)
	in.Excluded = nil
	if rng.IntN(4) == 0 {
		in.Excluded = []Diagonal{{Sum: true, K: n - 1}, {K: 0}}
	}
	if len(in.Queens) > 0 {
		in.Queens = closure(in.Queens[:1])
		if (&Instance{N: n, Queens: in.Queens}).Check() != nil {
			in.Queens = nil
		}
	}
	if lines {
		var use []int
		for i := range (n + 1) / 2 {
			if rng.IntN(3) > 0 {
				use = append(use, i)
				if n-1-i != i {
					use = append(use, n-1-i)
				}
			}
		}
		in.Rows, in.Cols = use, slices.Clone(use)
		in.Queens = slices.DeleteFunc(in.Queens, func(q Square) bool {
			return !slices.Contains(use, q.Row) || !slices.Contains(use, q.Col)
		})
	}
	return in
}

// TestInstanceSymmetricCount compares the symmetric count of random
// symmetric instances with the plain count, with the filtered list of all
// solutions or bruteSolutions, and with the dancing links.
func TestInstanceSymmetricCount(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(8, 8))
	gensets := [][]Symmetry{
		{Rotate90}, {Rotate180}, {MirrorColumns}, {MirrorRows}, {Transpose}, {AntiTranspose},
		{Transpose, AntiTranspose}, {MirrorColumns, MirrorRows}, {Rotate90, Transpose},
	}
	tries := 300
	if !testenv.Slow() {
		tries = 100
	}
	symmetric, solvable := 0, 0
	for i := range tries {
		n := 1 + rng.IntN(10)
		lines := i%4 == 3
		in := symmetricInstance(rng, n, gensets[rng.IntN(len(gensets))], lines)
		if err := in.Check(); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
		group := in.symmetryGroup()
		if len(group) > 1 {
			symmetric++
		}
		var want int
		var all []Solution
		if lines {
			all = bruteSolutions(in)
		} else {
			all = plainSolutions(t, in)
		}
		want = len(all)
		if want > 0 && len(group) > 1 {
			solvable++
		}
		// Every symmetry found maps every solution to a solution.
		for _, s := range all {
			for _, g := range group {
				img := make(Solution, n)
				for r := range img {
					img[r] = -1
				}
				for r, c := range s {
					if c >= 0 {
						q := g.square(n, Square{r, c})
						img[q.Row] = q.Col
					}
				}
				if err := in.Validate(img); err != nil {
					t.Fatalf("%+v: %v maps the solution %v to %v: %v", in, g, s, img, err)
				}
			}
		}
		base, ok := newSearcher(&in)
		plain := U128(0)
		if ok {
			plain = base.run(ctx, 1, every, nil).total
		}
		if plain != U128(uint64(want)) {
			t.Fatalf("%+v: the plain count is %v, want %d", in, plain, want)
		}
		for _, w := range []int{1, 3} {
			got, err := in.Count(ctx, Options{Workers: w})
			if err != nil || got != plain {
				t.Fatalf("%+v (symmetries %v): Count with %d workers = %v, %v; want %v", in, group, w, got, err, plain)
			}
		}
		var lastDone, lastUnits int
		calls := 0
		got, err := in.Count(ctx, Options{Workers: 2, Progress: func(done, units int) {
			calls++
			lastDone, lastUnits = done, units
		}})
		if err != nil || got != plain {
			t.Fatalf("%+v: Count with progress = %v, %v; want %v", in, got, err, plain)
		}
		if calls != lastUnits || lastDone != lastUnits {
			t.Fatalf("%+v: %d progress calls, the last %d of %d; want one per unit", in, calls, lastDone, lastUnits)
		}
		if cross, err := in.CrossCount(ctx); err != nil || cross != plain {
			t.Fatalf("%+v: CrossCount = %v, %v; want %v", in, cross, err, plain)
		}
	}
	if symmetric < tries/2 || solvable < tries/4 {
		t.Errorf("only %d of %d instances have a symmetry, %d of them a solution", symmetric, tries, solvable)
	}
	t.Logf("%d of %d instances have a symmetry, %d of them a solution", symmetric, tries, solvable)
}

// TestInstanceSymmetricLarger compares the symmetric count with the plain
// one on symmetric boards too large for the filtered list.
func TestInstanceSymmetricLarger(t *testing.T) {
	ctx := context.Background()
	for _, in := range []Instance{
		{N: 13},
		{N: 12, Blocked: []Square{{0, 0}, {0, 11}, {11, 0}, {11, 11}}},
		{N: 13, Excluded: []Diagonal{{Sum: true, K: 12}, {K: 0}}},
		{N: 12, Excluded: []Diagonal{{Sum: true, K: 11}}, Queens: []Square{{2, 2}}},
		{N: 14, Blocked: []Square{{0, 1}, {1, 13}, {13, 12}, {12, 0}}},
	} {
		base, _ := newSearcher(&in)
		want := base.run(ctx, 2, every, nil).total
		if len(in.symmetryGroup()) < 2 {
			t.Fatalf("%+v: no symmetry found", in)
		}
		got, err := in.Count(ctx, Options{Workers: 2})
		if err != nil || got != want {
			t.Errorf("%+v: Count = %v, %v; want %v", in, got, err, want)
		}
	}
	// Random symmetric instances, against the dancing links.
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 8 {
		in := symmetricInstance(rng, 11+rng.IntN(2), []Symmetry{[]Symmetry{Rotate90, Rotate180, Transpose, MirrorRows}[i%4]}, i%3 == 2)
		want, err := in.CrossCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := in.Count(ctx, Options{Workers: 2})
		if err != nil || got != want {
			t.Errorf("%+v: Count = %v, %v; the dancing links count %v", in, got, err, want)
		}
		t.Logf("%d symmetries, %v solutions", len(in.symmetryGroup()), want)
	}
}
