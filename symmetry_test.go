package queens

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// compose returns the symmetry that applies a, then b, read off its action
// on an asymmetric permutation.
func compose(t *testing.T, a, b Symmetry) Symmetry {
	t.Helper()
	s := Solution{1, 3, 0, 4, 2, 6, 5} // no symmetry maps it to itself
	img := s.Transform(a).Transform(b)
	for _, c := range Symmetries {
		if slices.Equal(s.Transform(c), img) {
			return c
		}
	}
	t.Fatalf("%v then %v is none of the eight symmetries", a, b)
	return 0
}

func TestSymmetryGroup(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	perms := make([]Solution, 50)
	for i := range perms {
		perms[i] = Solution(rng.Perm(1 + rng.IntN(12)))
	}
	var table [8][8]Symmetry
	for _, a := range Symmetries {
		for _, b := range Symmetries {
			c := compose(t, a, b)
			table[a][b] = c
			// The composition law read off one permutation holds for all.
			for _, p := range perms {
				if !slices.Equal(p.Transform(a).Transform(b), p.Transform(c)) {
					t.Fatalf("%v then %v = %v on one board but not on %v", a, b, c, p)
				}
			}
		}
	}
	for _, a := range Symmetries {
		if table[Identity][a] != a || table[a][Identity] != a {
			t.Errorf("identity is not neutral for %v", a)
		}
		inverses := 0
		for _, b := range Symmetries {
			if table[a][b] == Identity {
				inverses++
			}
		}
		if inverses != 1 {
			t.Errorf("%v has %d inverses, want 1", a, inverses)
		}
		for _, b := range Symmetries {
			for _, c := range Symmetries {
				if table[table[a][b]][c] != table[a][table[b][c]] {
					t.Errorf("composition is not associative for %v, %v, %v", a, b, c)
				}
			}
		}
	}
	// The rotations are the powers of a quarter turn, and the reflections
	// are their own inverses.
	for _, tc := range []struct{ a, b, want Symmetry }{
		{Rotate90, Rotate90, Rotate180},
		{Rotate180, Rotate90, Rotate270},
		{Rotate270, Rotate90, Identity},
		{MirrorColumns, MirrorColumns, Identity},
		{MirrorRows, MirrorRows, Identity},
		{Transpose, Transpose, Identity},
		{AntiTranspose, AntiTranspose, Identity},
		{MirrorColumns, MirrorRows, Rotate180},
		{Transpose, AntiTranspose, Rotate180},
	} {
		if got := table[tc.a][tc.b]; got != tc.want {
			t.Errorf("%v then %v = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSymmetryGeometry(t *testing.T) {
	// The squares (0,0) (1,2) (2,3) (3,1) of a 4×4 board, and where each
	// symmetry takes them.
	s := Solution{0, 2, 3, 1}
	for _, tc := range []struct {
		t    Symmetry
		want Solution
	}{
		{Identity, Solution{0, 2, 3, 1}},
		{Rotate90, Solution{3, 0, 2, 1}},      // (r,c) -> (c, 3-r), clockwise
		{Rotate180, Solution{2, 0, 1, 3}},     // (r,c) -> (3-r, 3-c)
		{Rotate270, Solution{2, 1, 3, 0}},     // (r,c) -> (3-c, r)
		{MirrorColumns, Solution{3, 1, 0, 2}}, // (r,c) -> (r, 3-c)
		{MirrorRows, Solution{1, 3, 2, 0}},    // (r,c) -> (3-r, c)
		{Transpose, Solution{0, 3, 1, 2}},     // (r,c) -> (c, r)
		{AntiTranspose, Solution{1, 2, 0, 3}}, // (r,c) -> (3-c, 3-r)
	} {
		if got := s.Transform(tc.t); !slices.Equal(got, tc.want) {
			t.Errorf("%v of %v = %v, want %v", tc.t, s, got, tc.want)
		}
	}
}

func TestSymmetryString(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Symmetries {
		name := s.String()
		if name == "" || name == "unknown symmetry" || seen[name] {
			t.Errorf("symmetry %d has name %q", s, name)
		}
		seen[name] = true
	}
	if Symmetry(8).String() != "unknown symmetry" {
		t.Errorf("Symmetry(8).String() = %q", Symmetry(8).String())
	}
}

// checkClass checks the invariants of Canonical, Class and ClassSize for
// the solution s.
func checkClass(t *testing.T, s Solution) {
	t.Helper()
	orig := s.Clone()
	canon := s.Canonical()
	if !slices.Equal(s, orig) {
		t.Fatalf("Canonical modified its receiver %v", orig)
	}
	if !slices.Equal(canon.Canonical(), canon) {
		t.Fatalf("Canonical is not idempotent: %v -> %v -> %v", s, canon, canon.Canonical())
	}
	if slices.Compare(canon, s) > 0 {
		t.Fatalf("Canonical(%v) = %v is greater than the solution", s, canon)
	}
	class := s.Class()
	if len(class) != s.ClassSize() {
		t.Fatalf("%v: ClassSize = %d, len(Class) = %d", s, s.ClassSize(), len(class))
	}
	if !slices.Equal(class[0], canon) {
		t.Fatalf("%v: Class()[0] = %v, Canonical = %v", s, class[0], canon)
	}
	if !slices.IsSortedFunc(class, slices.Compare) {
		t.Fatalf("%v: Class not sorted: %v", s, class)
	}
	if !slices.ContainsFunc(class, func(o Solution) bool { return slices.Equal(o, s) }) {
		t.Fatalf("%v: Class does not contain the solution", s)
	}
	scratch := make(Solution, len(s))
	if isCanonical(s, scratch) != slices.Equal(s, canon) {
		t.Fatalf("%v: isCanonical disagrees with Canonical", s)
	}
	for _, t2 := range Symmetries {
		img := s.Transform(t2)
		if !slices.Equal(img.Canonical(), canon) {
			t.Fatalf("%v: image under %v has canonical form %v, want %v", s, t2, img.Canonical(), canon)
		}
		if err := img.Validate(); err != nil {
			t.Fatalf("%v: image under %v is not a solution: %v", s, t2, err)
		}
	}
}

func TestClassSizesSumToTotal(t *testing.T) {
	for n := 1; n <= 10; n++ {
		seq, err := Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		sum, classes := 0, 0
		sizes := map[int]int{}
		for s := range seq {
			checkClass(t, s)
			if slices.Equal(s, s.Canonical()) {
				classes++
				sum += s.ClassSize()
				sizes[s.ClassSize()]++
			}
		}
		if want := known[n-1]; uint64(sum) != want.total || uint64(classes) != want.unique {
			t.Errorf("n=%d: %d classes summing to %d, want %d classes of %d solutions", n, classes, sum, want.unique, want.total)
		}
		if n == 8 && (sizes[8] != 11 || sizes[4] != 1) {
			t.Errorf("8×8 class sizes %v, want eleven of 8 and one of 4", sizes)
		}
		if n == 4 && sizes[2] != 1 {
			t.Errorf("4×4 class sizes %v, want one of 2", sizes)
		}
	}
}

func FuzzSymmetry(f *testing.F) {
	f.Add([]byte{0, 4, 7, 5, 2, 6, 1, 3})
	f.Add([]byte{1, 3, 0, 2})
	f.Add([]byte{9})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || len(b) > 40 {
			return
		}
		// Turn the bytes into a permutation: the order that sorts them.
		s := make(Solution, len(b))
		for i := range s {
			s[i] = i
		}
		slices.SortStableFunc(s, func(x, y int) int { return int(b[x]) - int(b[y]) })
		if s.Validate() == nil {
			checkClass(t, s)
			return
		}
		// Any permutation: the transforms still form the group, and the
		// canonical form is the least image.
		canon := s.Canonical()
		for _, t2 := range Symmetries {
			img := s.Transform(t2)
			if slices.Compare(img, canon) < 0 {
				t.Fatalf("%v: image %v under %v is less than the canonical form %v", s, img, t2, canon)
			}
			if !slices.Equal(img.Canonical(), canon) {
				t.Fatalf("%v: canonical form not class invariant", s)
			}
		}
	})
}
