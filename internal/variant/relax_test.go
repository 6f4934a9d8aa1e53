package variant

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// generatorBoard returns a board of CSPLib's Excluded Diagonals generator
// from its list of diagonals: [k, 1] the diagonal with row+col = k, [k, 0]
// the one with row−col = k−(n−1).
func generatorBoard(n int, diags [][2]int) *Instance {
	in := &Instance{N: n}
	for _, d := range diags {
		if d[1] == 1 {
			in.Excluded = append(in.Excluded, Diagonal{Sum: true, K: d[0]})
		} else {
			in.Excluded = append(in.Excluded, Diagonal{K: d[0] - (n - 1)})
		}
	}
	return in
}

// board31 is queens-diag-gen.py 31 4 2 with its first 30 diagonals: its
// relaxation has no solution.
func board31() *Instance {
	return generatorBoard(31, [][2]int{{55, 1}, {23, 0}, {54, 0}, {28, 0}, {54, 1}, {10, 0}, {48, 0}, {25, 0}, {3, 1}, {45, 0},
		{47, 0}, {5, 1}, {57, 1}, {29, 0}, {41, 0}, {33, 0}, {15, 0}, {31, 0}, {17, 0}, {56, 0},
		{32, 0}, {59, 0}, {23, 1}, {53, 1}, {22, 0}, {42, 0}, {52, 0}, {51, 0}, {10, 1}, {43, 0}})
}

// board37 is queens-diag-gen.py 37 4 2 with its first 36 diagonals: the
// search alone does not decide it within a minute; the relaxation has no
// solution.
func board37() *Instance {
	return generatorBoard(37, [][2]int{{59, 0}, {44, 0}, {58, 0}, {62, 0}, {7, 1}, {28, 0}, {11, 1}, {10, 1}, {46, 1}, {41, 0},
		{21, 1}, {39, 1}, {21, 0}, {32, 1}, {27, 1}, {34, 0}, {4, 1}, {61, 0}, {39, 0}, {20, 1},
		{19, 0}, {64, 0}, {65, 1}, {51, 0}, {40, 1}, {25, 1}, {51, 1}, {45, 0}, {69, 1}, {55, 1},
		{66, 1}, {23, 1}, {53, 0}, {32, 0}, {35, 0}, {34, 1}})
}

// TestRefuteExact checks the relaxation against the exact answer on small
// boards: where it refutes, dancing links finds no solution; it refutes
// some boards, and every certificate it checks holds.
func TestRefuteExact(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(59, 1))
	refuted, none := 0, 0
	for i := range 3000 {
		n := 4 + rng.IntN(6)
		in := randomInstance(rng, n)
		for range rng.IntN(n) {
			in.Excluded = append(in.Excluded, randomDiagonal(rng, n))
		}
		if i%3 == 0 {
			// Rows and columns not in use, as many of each.
			k := 1 + rng.IntN(n)
			in.Queens = nil
			in.Rows, in.Cols = rng.Perm(n)[:k], rng.Perm(n)[:k]
		}
		count, err := CrossCount(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		if count == (Total{}) {
			none++
		}
		if refute(ctx, &in) {
			refuted++
			if count != (Total{}) {
				t.Fatalf("%+v: refuted, but it has %v solutions", in, count)
			}
		}
	}
	t.Logf("%d boards without a solution, %d refuted by the relaxation", none, refuted)
	if refuted < none/10 {
		t.Errorf("the relaxation refuted %d of %d boards without a solution", refuted, none)
	}
}

// TestRefuteRowsColumns checks a board whose relaxation fails by counting
// alone: three rows in use and two columns.
func TestRefuteRowsColumns(t *testing.T) {
	in := &Instance{N: 8, Rows: []int{0, 3, 6}, Cols: []int{1, 5}}
	if !refute(context.Background(), in) {
		t.Error("three rows and two columns: not refuted")
	}
	in.Cols = append(in.Cols, 7)
	if refute(context.Background(), in) {
		t.Error("three rows and three columns: refuted")
	}
}

// TestCertificateChecked checks that proves accepts the certificate of a
// refuted board and refuses it once any weight moves against it.
func TestCertificateChecked(t *testing.T) {
	in := board31()
	p, ok := newRelaxation(in)
	if !ok {
		t.Fatal("no relaxation")
	}
	y := p.farkas(context.Background())
	if y == nil {
		t.Fatal("31-2 with 30 diagonals: the relaxation has a solution")
	}
	z := p.certificate(y)
	if !p.proves(z) {
		t.Fatal("the certificate does not prove")
	}
	for i := range z {
		bad := append([]int64(nil), z...)
		if i < p.eq {
			bad[i]++ // an excess on the squares of the line
		} else {
			bad[i]-- // an excess on the squares of the diagonal, or v < 0
		}
		if p.proves(bad) && len(p.lines[i]) > 0 && !slack(p, z, i) {
			t.Errorf("line %d moved by one: still a proof", i)
		}
	}
	if p.proves(z[1:]) || p.proves(make([]int64, len(z))) {
		t.Error("a short or zero certificate proves")
	}
	if !refute(context.Background(), in) {
		t.Error("refute: false")
	}
}

// slack reports whether every square of line i has room below 0 for the
// change of one, so that moving the line's weight leaves a proof.
func slack(p *relaxation, z []int64, i int) bool {
	if i >= p.eq && z[i] == 0 {
		return false
	}
	for _, v := range p.lines[i] {
		if p.excess(z, int(v)) == 0 {
			return false
		}
	}
	return true
}

// TestSolveByRelaxation checks that Solve stops on the generator's board at
// once, and says what decided it.
func TestSolveByRelaxation(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	sol, how, err := SolveHow(ctx, board37(), 2, true)
	if sol != nil || err != nil || how != ByRelaxation {
		t.Errorf("SolveHow = %v, %v, %v; want none by the relaxation", sol, how, err)
	}
	t.Logf("none by the relaxation after %s", time.Since(start))
	in := board37()
	in.Excluded = in.Excluded[:20]
	sol, how, err = SolveHow(ctx, in, 2, true)
	if err != nil || in.Validate(sol) != nil || how != BySearch {
		t.Errorf("20 diagonals: SolveHow = %v, %v, %v; want a solution", sol, how, err)
	}
}

// BenchmarkRefute measures the relaxation of the generator's board.
func BenchmarkRefute(b *testing.B) {
	in := board37()
	for b.Loop() {
		if !refute(context.Background(), in) {
			b.Fatal("not refuted")
		}
	}
}
