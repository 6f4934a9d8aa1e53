package queens

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestCountKnown(t *testing.T) {
	for _, a := range Algorithms() {
		maxN := min(knownMaxN(testing.Short()), a.MaxN)
		if a.Name != "bitboard" {
			maxN = min(maxN, 12) // the teaching searches are slow under -race
		}
		for n := 1; n <= maxN; n++ {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				res, err := Count(context.Background(), n, Options{Algorithm: a.Name, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				want := known[n-1]
				if res.Total != U128(want.total) || res.Unique != U128(want.unique) {
					t.Errorf("Count(%d) = total %v unique %v, want %d and %d", n, res.Total, res.Unique, want.total, want.unique)
				}
				if res.N != n || res.Algorithm != a.Name {
					t.Errorf("result labelled N=%d algorithm %q", res.N, res.Algorithm)
				}
			})
		}
	}
}

func TestCountBadSize(t *testing.T) {
	for _, n := range []int{-1, 0, MaxN + 1, 1000} {
		if _, err := Count(context.Background(), n, Options{}); !errors.Is(err, ErrSize) {
			t.Errorf("Count(%d) error = %v, want ErrSize", n, err)
		}
		if _, err := Solutions(n); !errors.Is(err, ErrSize) {
			t.Errorf("Solutions(%d) error = %v, want ErrSize", n, err)
		}
	}
	if _, err := Count(context.Background(), 8, Options{Algorithm: "nope"}); !errors.Is(err, ErrUnknownAlgorithm) {
		t.Errorf("unknown algorithm error = %v", err)
	}
}

func TestCountCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, 16, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Count with cancelled context: error = %v, want context.Canceled", err)
	}
}
