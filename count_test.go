package queens

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

func TestCountKnown(t *testing.T) {
	for _, a := range Algorithms() {
		maxN := min(knownMaxN(!testenv.Slow()), a.MaxN)
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

// TestHoldMemory checks the soft memory limit a large count sets: the
// estimate and an eighth, given back afterwards; none for a small count,
// nor where a limit is set already (GOMEMLIMIT).
func TestHoldMemory(t *testing.T) {
	if debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Skip("a memory limit is set for the tests")
	}
	restore := holdMemory(1 << 30)
	if got, want := debug.SetMemoryLimit(-1), int64(1<<30+1<<27+64<<20); got != want {
		t.Errorf("limit during a count of 1 GiB = %d, want %d", got, want)
	}
	inner := holdMemory(2 << 30) // a limit is set: left alone
	if got := debug.SetMemoryLimit(-1); got != int64(1<<30+1<<27+64<<20) {
		t.Errorf("a second count changed the limit to %d", got)
	}
	inner()
	restore()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit after the count = %d, want none", got)
	}
	restore = holdMemory(1 << 20)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a count of 1 MiB set the limit to %d", got)
	}
	restore()
}

// TestEstimateSmallBoards checks that the estimate of every board up to
// N = 9 ends well: the plan of N = 1 has one unit of no cost, those of
// N = 2 and 3 none, those of N = 6 and 7 a unit costlier than a stratum.
func TestEstimateSmallBoards(t *testing.T) {
	for n := 1; n <= 9; n++ {
		est, err := EstimateCount(context.Background(), n, EstimateOptions{Workers: 1, Budget: time.Millisecond})
		if err != nil || est.N != n || est.Core < 0 || est.Wall < est.Setup {
			t.Errorf("EstimateCount(%d) = %+v, %v", n, est, err)
		}
	}
}
