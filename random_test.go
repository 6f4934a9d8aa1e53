package queens

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

func TestRandomValid(t *testing.T) {
	ctx := context.Background()
	var ch checker
	sizes := []int{1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 20, 31, 50, 64, 100, 257, 1000, 4099}
	for _, n := range sizes {
		for seed := range int64(20) {
			s, err := Random(ctx, n, seed)
			if err != nil {
				t.Fatalf("Random(%d, seed %d): %v", n, seed, err)
			}
			if len(s) != n {
				t.Fatalf("Random(%d, seed %d) has %d queens", n, seed, len(s))
			}
			if !ch.ok(s) {
				t.Fatalf("Random(%d, seed %d) = %v: %v", n, seed, s, s.Validate())
			}
		}
	}
}

func TestRandomLarge(t *testing.T) {
	n := 50_000
	if testenv.Slow() {
		n = 250_000
	}
	s, err := Random(context.Background(), n, 42)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestRandomReproducible(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{8, 30, 1000} {
		a, err := Random(ctx, n, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Random(ctx, n, 7)
		if !slices.Equal(a, b) {
			t.Errorf("Random(%d, 7) gave %v, then %v", n, a, b)
		}
	}
	a, _ := Random(ctx, 1000, 1)
	b, _ := Random(ctx, 1000, 2)
	if slices.Equal(a, b) {
		t.Error("seeds 1 and 2 gave the same 1000-queen solution")
	}
}

// TestRandomSpread checks that the search does not keep finding the same
// few solutions: 300 seeds on the 8×8 board should reach most of its 92.
func TestRandomSpread(t *testing.T) {
	seen := map[string]bool{}
	for seed := range int64(300) {
		s, err := Random(context.Background(), 8, seed)
		if err != nil {
			t.Fatal(err)
		}
		seen[s.String()] = true
	}
	if len(seen) < 60 {
		t.Errorf("300 seeds found only %d of the 92 solutions of 8×8", len(seen))
	}
}

func TestRandomErrors(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{2, 3} {
		if _, err := Random(ctx, n, 1); !errors.Is(err, ErrNoSolution) {
			t.Errorf("Random(%d) error = %v, want ErrNoSolution", n, err)
		}
	}
	for _, n := range []int{0, -1, MaxSolveN + 1} {
		if _, err := Random(ctx, n, 1); !errors.Is(err, ErrSize) {
			t.Errorf("Random(%d) error = %v, want ErrSize", n, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Random(cancelled, 100_000, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("Random with a cancelled context: error = %v, want context.Canceled", err)
	}
}

func ExampleRandom() {
	s, err := Random(context.Background(), 1000, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(s), s.Validate())
	// Output: 1000 <nil>
}

func BenchmarkRandom(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			seed := int64(0)
			for b.Loop() {
				seed++
				if _, err := Random(context.Background(), n, seed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
