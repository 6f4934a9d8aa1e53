package queens

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// checker tests placements for being solutions like Solution.Validate,
// but without allocating: it marks the columns and diagonals in use with
// a number that is new for each placement, so its memory needs no
// clearing. The tests below check thousands of boards with it, which
// Validate would make slow under the race detector.
type checker struct {
	mark []uint32
	gen  uint32
}

// ok reports whether s is a solution.
func (ch *checker) ok(s Solution) bool {
	n := len(s)
	if len(ch.mark) < 5*n {
		ch.mark = make([]uint32, 5*n)
	}
	ch.gen++
	g := ch.gen
	cols, diag, anti := ch.mark[:n], ch.mark[n:3*n], ch.mark[3*n:5*n]
	for r, c := range s {
		if c < 0 || c >= n || cols[c] == g || diag[r+c] == g || anti[r-c+n] == g {
			return false
		}
		cols[c], diag[r+c], anti[r-c+n] = g, g, g
	}
	return n > 0
}

// TestChecker holds the checker to Validate.
func TestChecker(t *testing.T) {
	var ch checker
	rng := rand.New(rand.NewPCG(1, 2))
	valid := 0
	for i := range 20000 {
		n := 1 + i%9
		s := Solution(rng.Perm(n))
		if i%7 == 0 {
			s[rng.IntN(n)] = rng.IntN(n+2) - 1
		}
		want := s.Validate() == nil
		if want {
			valid++
		}
		if got := ch.ok(s); got != want {
			t.Fatalf("checker says %v for %v, Validate says %v", got, s, want)
		}
	}
	if valid < 100 {
		t.Fatalf("only %d of the random placements are solutions", valid)
	}
}

func TestConstructEveryN(t *testing.T) {
	var ch checker
	for n := 1; n <= 5000; n++ {
		s, err := Construct(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("Construct(%d) error = %v, want ErrNoSolution", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
		if len(s) != n || !ch.ok(s) {
			t.Fatalf("Construct(%d) = %v: %v", n, s, s.Validate())
		}
		if n <= 500 {
			if err := s.Validate(); err != nil {
				t.Fatalf("Construct(%d) = %v: %v", n, s, err)
			}
		}
	}
}

// TestConstructMillion checks boards near a million queens, one for each
// case of the formula: n even or odd, and the even board it works on
// ≡ 2 (mod 6) or not.
func TestConstructMillion(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("large boards")
	}
	var ch checker
	for _, n := range []int{999_999, 1_000_000, 1_000_002, 1_000_003} {
		s, err := Construct(n)
		if err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
		if len(s) != n || !ch.ok(s) {
			t.Errorf("Construct(%d) (n mod 6 = %d): %v", n, n%6, s.Validate())
		}
	}
}

func TestConstructKnownSmall(t *testing.T) {
	// Even n, n mod 6 ≠ 2: even columns first, then odd ones.
	for n, want := range map[int]string{
		1:  "1",
		4:  "2 4 1 3",
		5:  "2 4 1 3 5",
		6:  "2 4 6 1 3 5",
		8:  "4 6 8 2 7 1 3 5", // n mod 6 = 2: the wrapping form
		9:  "4 6 8 2 7 1 3 5 9",
		10: "2 4 6 8 10 1 3 5 7 9",
	} {
		s, err := Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(); got != want {
			t.Errorf("Construct(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestConstructBadSize(t *testing.T) {
	for _, n := range []int{-5, 0, MaxSolveN + 1} {
		if _, err := Construct(n); !errors.Is(err, ErrSize) {
			t.Errorf("Construct(%d) error = %v, want ErrSize", n, err)
		}
	}
}

func ExampleConstruct() {
	s, err := Construct(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s, s.Validate() == nil)
	// Output: 4 6 8 2 7 1 3 5 true
}

func BenchmarkConstruct(b *testing.B) {
	for b.Loop() {
		if _, err := Construct(1_000_000); err != nil {
			b.Fatal(err)
		}
	}
}
