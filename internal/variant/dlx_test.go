package variant

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// TestDLXKnownCounts checks the dancing links on the plain boards.
func TestDLXKnownCounts(t *testing.T) {
	ctx := context.Background()
	want := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680}
	for i, w := range want {
		in := Instance{N: i + 1}
		if got, err := in.CrossCount(ctx); err != nil || got != U128(w) {
			t.Errorf("N=%d: CrossCount = %v, %v; want %d", i+1, got, err, w)
		}
	}
}

// TestDLXAgainstPlain compares the dancing links with the filtered list
// of all solutions and with the bitboard search, on random small
// instances.
func TestDLXAgainstPlain(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 13))
	maxN, tries := 10, 40
	if !testenv.Slow() {
		maxN, tries = 8, 15
	}
	for n := 1; n <= maxN; n++ {
		for range tries {
			in := randomInstance(rng, n)
			want := len(plainSolutions(t, in))
			checkDLX(t, ctx, in, want)
		}
	}
}

// TestDLXLines compares the dancing links with bruteSolutions on
// instances with only some rows and columns in use.
func TestDLXLines(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 80))
	for range 300 {
		n := 1 + rng.IntN(8)
		in := randomInstance(rng, n)
		k := rng.IntN(n + 1)
		in.Rows = rng.Perm(n)[:k]
		in.Cols = rng.Perm(n)[:k]
		in.Queens = slices.DeleteFunc(in.Queens, func(q Square) bool {
			return !slices.Contains(in.Rows, q.Row) || !slices.Contains(in.Cols, q.Col)
		})
		checkDLX(t, ctx, in, len(bruteSolutions(in)))
	}
}

// TestDLXAgainstSearch compares the dancing links with the bitboard
// search on random instances too large for the filtered list: Excluded
// Diagonals and Blocked n-Queens instances of the benchmarks' kinds, and
// wide boards.
func TestDLXAgainstSearch(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 30))
	tries := 40
	if !testenv.Slow() {
		tries = 10
	}
	for i := range tries {
		n := 11 + rng.IntN(5)
		var in Instance
		switch i % 3 {
		case 0:
			in = excludedInstance(n, n-3+rng.IntN(4), rng.Uint64())
		case 1:
			in = blockedInstance(n, 0.2+0.3*rng.Float64(), rng.Uint64())
		default:
			in = randomInstance(rng, n)
		}
		count, err := in.Count(ctx, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		checkDLX(t, ctx, in, int(count.Lo))
	}
	sol, _ := Construct(70)
	in := Instance{N: 70}
	for r, c := range sol[:64] {
		in.Queens = append(in.Queens, Square{r, c})
	}
	in.Blocked = []Square{{69, sol[69]}}
	checkDLX(t, ctx, in, len(bruteSolutions(in)))
}

// checkDLX checks that CrossCount counts want solutions of the instance
// and that CrossSolve agrees.
func checkDLX(t *testing.T, ctx context.Context, in Instance, want int) {
	t.Helper()
	got, err := in.CrossCount(ctx)
	if err != nil || got != U128(uint64(want)) {
		t.Fatalf("%+v: CrossCount = %v, %v; want %d", in, got, err, want)
	}
	s, err := in.CrossSolve(ctx)
	switch {
	case want == 0 && !errors.Is(err, ErrNoSolution):
		t.Fatalf("%+v: CrossSolve = %v, %v; want ErrNoSolution", in, s, err)
	case want > 0 && err != nil:
		t.Fatalf("%+v: CrossSolve: %v", in, err)
	case want > 0:
		if verr := in.Validate(s); verr != nil {
			t.Fatalf("%+v: CrossSolve = %v: %v", in, s, verr)
		}
	}
}
