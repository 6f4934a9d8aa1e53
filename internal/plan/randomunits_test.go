package plan

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

var (
	randomUnitsN = flag.Int("random-units-n", 0, "board size of which TestRandomUnits counts random units whole (skipped when 0)")
	randomUnits  = flag.Int("random-units", 60, "number of units TestRandomUnits counts")
)

// TestRandomUnits projects the core time of a count from units drawn at
// random, each counted whole, two at a time: their mean time times the
// number of units, with its standard error. It checks --estimate, which
// times slices of units, where a whole count takes too long.
func TestRandomUnits(t *testing.T) {
	n := *randomUnitsN
	if n == 0 {
		t.Skip("give -random-units-n N")
	}
	p, err := New(n)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	ids := make(chan int, *randomUnits)
	for range *randomUnits {
		ids <- 1 + rng.IntN(len(p.Units)-1) // unit 0 is one of a kind
	}
	close(ids)
	var mu sync.Mutex
	var sum, squares float64
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for id := range ids {
				start := time.Now()
				if _, err := p.Count(context.Background(), id); err != nil {
					t.Error(err)
					return
				}
				took := time.Since(start).Seconds()
				mu.Lock()
				sum, squares = sum+took, squares+took*took
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	k := float64(*randomUnits)
	mean := sum / k
	spread := math.Sqrt(max(0, squares/k-mean*mean) / (k - 1))
	coreSeconds := mean * float64(len(p.Units)-1)
	t.Logf("N=%d: %d random units of %d, %.3f s each on average: %.4g core seconds (%.4g core hours) ±%.1f %%",
		n, *randomUnits, len(p.Units), mean, coreSeconds, coreSeconds/3600, 100*spread/mean)
}
