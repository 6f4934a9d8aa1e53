package queens

import (
	"context"
	"iter"
	"math/bits"
	"runtime"
	"sync"
)

// SolutionsParallel returns an iterator over every solution of the n×n
// board in the order of [Solutions] (lexicographic), searched by workers
// goroutines (0: one per CPU, runtime.GOMAXPROCS). The listing is split
// into units by the queens of its first rows; the workers search the units
// ahead of the one being yielded, and the solutions come out in order.
//
// Memory stays bounded: at most workers+2 units in progress, each with at
// most 17 batches of 1024 solutions, (workers+2)·17·n KiB in all. The
// iterator reuses the solution it yields: Clone it to keep it past the
// loop body. Leaving the loop stops the workers before it returns.
//
// When ctx is cancelled, the sequence ends with ctx.Err() as its error.
// For n outside 1 ≤ n ≤ [MaxN], the sequence is a single error wrapping
// [ErrSize].
func SolutionsParallel(ctx context.Context, n, workers int) iter.Seq2[Solution, error] {
	return func(yield func(Solution, error) bool) {
		listParallel(ctx, n, workers, false, yield)
	}
}

// UniqueSolutionsParallel is [SolutionsParallel] for the listing of
// [UniqueSolutions]: one solution of each symmetry class, the canonical
// one, in lexicographic order. The workers test the symmetries too.
func UniqueSolutionsParallel(ctx context.Context, n, workers int) iter.Seq2[Solution, error] {
	return func(yield func(Solution, error) bool) {
		listParallel(ctx, n, workers, true, yield)
	}
}

const (
	batchLen     = 1024 // solutions in a batch
	unitBatches  = 16   // batches a unit holds, besides the one being filled
	windowExtra  = 2    // units in progress beyond one per worker
	parallelBase = 2    // rows of the prefixes of the units below N = 15
)

// parallelUnit is the part of a parallel listing that begins with one
// prefix. Its worker sends it batches of solutions, n bytes each, and
// closes batches when the unit is done; err, set before, is the reason it
// stopped early.
type parallelUnit struct {
	prefix  Solution
	batches chan *[]byte
	err     error
}

// prefixDepth returns the rows of the prefixes of the units of the n×n
// board: enough that an average unit holds a few thousand solutions or
// less, so that units spread the work evenly and fit their buffers.
func prefixDepth(n int) int {
	return min(n, max(parallelBase, (n-9)/2), 6)
}

// listParallel calls yield with the solutions of the n×n board in
// lexicographic order, the canonical ones alone if unique, searched by
// workers goroutines; see [SolutionsParallel].
func listParallel(ctx context.Context, n, workers int, unique bool, yield func(Solution, error) bool) {
	if err := checkSize(n, MaxN); err != nil {
		yield(nil, err)
		return
	}
	if err := ctx.Err(); err != nil {
		yield(nil, err)
		return
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := workers + windowExtra
	inner, cancel := context.WithCancel(ctx)
	var (
		wg   sync.WaitGroup
		pool = sync.Pool{New: func() any { b := make([]byte, 0, batchLen*n); return &b }}
	)

	// The dispatcher hands out the units in order, each to a worker and
	// to the queue of the consumer, after taking a place in the window;
	// the consumer gives the place back when it has yielded the unit. The
	// unit being yielded always holds a place, so the pipeline never
	// stalls for good. Every unit in the queue is closed, by its worker or,
	// when the listing stops early, by the dispatcher.
	places := make(chan struct{}, window)
	queue := make(chan *parallelUnit, window)
	work := make(chan *parallelUnit)
	wg.Go(func() {
		defer close(work)
		defer close(queue)
		placePrefixes(n, prefixDepth(n), func(p Solution) bool {
			select {
			case places <- struct{}{}:
			case <-inner.Done():
				return false
			}
			u := &parallelUnit{prefix: p.Clone(), batches: make(chan *[]byte, unitBatches)}
			queue <- u
			select {
			case work <- u:
				return true
			case <-inner.Done():
				u.err = inner.Err()
				close(u.batches)
				return false
			}
		})
	})
	for range workers {
		wg.Go(func() {
			scratch := make(Solution, n)
			for u := range work {
				u.err = listUnit(inner, n, u, unique, scratch, &pool)
				close(u.batches)
			}
		})
	}
	defer func() {
		cancel()
		for u := range queue {
			for b := range u.batches {
				pool.Put(b)
			}
		}
		wg.Wait()
	}()

	sol := make(Solution, n)
	done := ctx.Done()
	for u := range queue {
		for b := range u.batches {
			select {
			case <-done:
				pool.Put(b)
				yield(nil, ctx.Err())
				return
			default:
			}
			for i := 0; i < len(*b); i += n {
				for j, c := range (*b)[i : i+n] {
					sol[j] = int(c)
				}
				if !yield(sol, nil) {
					pool.Put(b)
					return
				}
			}
			pool.Put(b)
		}
		if u.err != nil {
			yield(nil, u.err)
			return
		}
		<-places
	}
	if err := ctx.Err(); err != nil {
		yield(nil, err)
	}
}

// listUnit sends the solutions of unit u of the n×n board to its
// batches, the canonical ones alone if unique (scratch is working memory
// of length n). It stops with ctx.Err() when ctx is cancelled.
func listUnit(ctx context.Context, n int, u *parallelUnit, unique bool, scratch Solution, pool *sync.Pool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var err error
	b := pool.Get().(*[]byte)
	*b = (*b)[:0]
	send := func() bool {
		select {
		case u.batches <- b:
			b = pool.Get().(*[]byte)
			*b = (*b)[:0]
			return true
		case <-ctx.Done():
			err = ctx.Err()
			return false
		}
	}
	done := ctx.Done()
	enumerateFrom(n, u.prefix, func(s Solution) bool {
		// A unit can run long: it stops at the next solution once ctx is
		// cancelled, rather than at the end of its batch.
		select {
		case <-done:
			err = ctx.Err()
			return false
		default:
		}
		if unique && !isCanonical(s, scratch) {
			return true
		}
		for _, c := range s {
			*b = append(*b, byte(c))
		}
		return len(*b) < batchLen*n || send()
	})
	if err == nil && len(*b) > 0 {
		send()
	}
	pool.Put(b)
	return err
}

// placePrefixes calls yield with every placement of queens on the first
// depth rows of the n×n board that no two attack, in lexicographic order,
// until it returns false. The prefix it yields is reused.
func placePrefixes(n, depth int, yield func(Solution) bool) {
	full := uint32(1)<<n - 1
	p := make(Solution, 0, depth)
	var place func(cols, left, right uint32) bool
	place = func(cols, left, right uint32) bool {
		if len(p) == depth {
			return yield(p)
		}
		for avail := full &^ (cols | left | right); avail != 0; avail &= avail - 1 {
			bit := avail & -avail
			p = append(p, bits.TrailingZeros32(bit))
			if !place(cols|bit, (left|bit)<<1, (right|bit)>>1) {
				return false
			}
			p = p[:len(p)-1]
		}
		return true
	}
	place(0, 0, 0)
}
