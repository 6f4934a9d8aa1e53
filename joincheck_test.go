package queens

import (
	"context"
	"flag"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/join"
)

var (
	crossN     = flag.Int("join-check-n", 0, "board size whose cheapest join items TestJoinItemsAgainstInstances checks (default: a few small boards)")
	crossItems = flag.Int("join-check-items", 20, "number of items TestJoinItemsAgainstInstances checks for -join-check-n")
	crossShare = flag.Int("join-check-share", 50, "the items checked for -join-check-n are spread over the cheapest 1/share of all items")
)

// itemInstance returns the sub-problem of one item of the join as an
// instance: the configuration's middle queens preset and, in every other
// row, the squares of the half the east set does not give it blocked, so
// that its solutions are the item's.
func itemInstance(n, x, y int, rows uint32) Instance {
	m, h := n/2, n-n/2
	in := Instance{N: n}
	if x >= 0 {
		in.Queens = append(in.Queens, Square{m, x})
		if y != m {
			in.Queens = append(in.Queens, Square{y, m})
		}
	}
	for r := range n {
		if x >= 0 && (r == m || r == y) {
			continue
		}
		from, to := h, n // block the east half
		if rows&(1<<r) != 0 {
			from, to = 0, m
		}
		for c := from; c < to; c++ {
			in.Blocked = append(in.Blocked, Square{r, c})
		}
	}
	return in
}

// checkItems counts items of the n×n join with the join's counter and as
// instances with the variant search, one item per core at a time, and
// reports how many agreed and how many had solutions.
func checkItems(t *testing.T, n int, pick func(e *join.Engine) [][2]int) {
	e, err := join.New(n)
	if err != nil {
		t.Fatal(err)
	}
	items := pick(e)
	type result struct {
		ci   int
		rows uint32
		join uint64
		want Uint128
		err  error
	}
	results := make([]result, len(items))
	next := make(chan int)
	start := time.Now()
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(items)) {
		c := e.NewCounter()
		wg.Go(func() {
			for i := range next {
				ci, rows := items[i][0], e.Sets(items[i][0])[items[i][1]]
				got, _ := c.Count(ci, rows)
				x, y := e.Middle(ci)
				in := itemInstance(n, x, y, rows)
				want, err := in.Count(context.Background(), Options{Workers: 1})
				results[i] = result{ci, rows, got, want, err}
				if *crossN > 0 {
					t.Logf("N=%d configuration %d east set %b: join %d, instance %s (%v)", n, ci, rows, got, want, time.Since(start).Round(time.Second))
				}
			}
		})
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	nonzero := 0
	for _, r := range results {
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.want.Hi != 0 || r.want.Lo != r.join {
			t.Fatalf("N=%d configuration %d east set %b: join %d, instance %s", n, r.ci, r.rows, r.join, r.want)
		}
		if r.join > 0 {
			nonzero++
		}
	}
	t.Logf("N=%d: %d items agree (%d with solutions) in %v", n, len(items), nonzero, time.Since(start).Round(time.Millisecond))
}

// TestJoinItemsAgainstInstances counts items of the join as instances of
// the variant search, an independent count: every item of small boards,
// a sample of larger ones, and with -join-check-n the cheapest items of
// any size the join takes (N = 22 to 28 are what it is for).
func TestJoinItemsAgainstInstances(t *testing.T) {
	if *crossN > 0 {
		checkItems(t, *crossN, func(e *join.Engine) [][2]int { return cheapest(e, *crossItems, *crossShare) })
		return
	}
	for _, n := range []int{8, 9, 12, 13} {
		step := 1
		if n >= 12 {
			step = 97
		}
		checkItems(t, n, func(e *join.Engine) [][2]int {
			var out [][2]int
			for ci := range e.Configs() {
				for i := 0; i < len(e.Sets(ci)); i += step {
					out = append(out, [2]int{ci, i})
				}
			}
			return out
		})
	}
}

// cheapest returns k items, as (configuration, index) pairs, evenly
// spread over the cheapest 1/share of the items by estimated cost (the
// very cheapest have no solution): for each of k quantiles of the costs,
// the first item that costs that much. The costs are sorted as a copy,
// not the items, so that the 408 million items of N = 27 take 1.6 GB.
func cheapest(e *join.Engine, k, share int) [][2]int {
	items := 0
	for ci := range e.Configs() {
		items += len(e.Sets(ci))
	}
	costs := make([]float32, 0, items)
	for ci := range e.Configs() {
		for i := range e.Sets(ci) {
			costs = append(costs, float32(e.Cost(ci, i)))
		}
	}
	slices.Sort(costs)
	low := max(k, len(costs)/share)
	want := make(map[float32][]int) // quantile cost → places in out
	for i := range min(k, len(costs)) {
		c := costs[i*low/k]
		want[c] = append(want[c], i)
	}
	out := make([][2]int, min(k, len(costs)))
	costs = nil
	for ci := range e.Configs() {
		for i := range e.Sets(ci) {
			c := float32(e.Cost(ci, i))
			if places := want[c]; len(places) > 0 {
				out[places[0]] = [2]int{ci, i}
				want[c] = places[1:]
			}
		}
	}
	return out
}
