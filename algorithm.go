package queens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
)

// ErrUnknownAlgorithm is wrapped by the error of [LookupAlgorithm] for a
// name that is not in the table.
var ErrUnknownAlgorithm = errors.New("unknown algorithm")

// Algorithm is one way of searching for solutions, as listed by
// [Algorithms].
type Algorithm struct {
	Name string // short name, used by --algo flags
	Idea string // the idea in one line
	Seed string // where the method comes from
	MaxN int    // the largest N it finishes in reasonable time
	// WorkUnit names, in English and in the plural, the unit in which
	// the search counts its [Stats.Work], such as "array reads".
	WorkUnit string

	// Search runs the algorithm on an n×n board. It accepts any n from 1
	// to the package's [MaxN], so that a caller may run it past the
	// algorithm's practical MaxN on purpose; it returns an error wrapping
	// [ErrSize] for other n. When visit is not nil it receives every event
	// in order, and returning false from it stops the search early; a
	// search without visit pays nothing for events. Search returns the
	// work done, and ctx.Err() when ctx is cancelled.
	Search func(ctx context.Context, n int, visit func(Event) bool) (Stats, error)

	// count counts the solutions. Every algorithm of the table has one.
	count func(ctx context.Context, n int, opts Options) (Result, error)
}

// algorithms is the one table of algorithms, from the plainest idea to the
// fastest: the ladder a learner climbs. It is never modified.
var algorithms = []Algorithm{
	permuteAlgorithm,
	boardAlgorithm,
	scanAlgorithm,
	matrixAlgorithm,
	rowsAlgorithm,
	flagsAlgorithm,
	bitboardAlgorithm,
}

// Algorithms returns the table of algorithms, from the plainest to the
// fastest. The last one is the default of [Count].
func Algorithms() []Algorithm {
	return append([]Algorithm(nil), algorithms...)
}

// LookupAlgorithm returns the algorithm with the given name; the empty
// name means the fastest.
func LookupAlgorithm(name string) (Algorithm, error) {
	if name == "" {
		return algorithms[len(algorithms)-1], nil
	}
	var names []string
	for _, a := range algorithms {
		if a.Name == name {
			return a, nil
		}
		names = append(names, a.Name)
	}
	return Algorithm{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownAlgorithm, name, strings.Join(names, ", "))
}

// Events returns the events of the algorithm's search on an n×n board as an
// iterator. Breaking out of the loop stops the search. An n outside
// 1..MaxN yields nothing; check it with [Algorithm.CheckSize] first.
func (a Algorithm) Events(ctx context.Context, n int) iter.Seq[Event] {
	return func(yield func(Event) bool) {
		if a.CheckSize(n) != nil {
			return
		}
		a.Search(ctx, n, yield)
	}
}

// CheckSize returns an error wrapping [ErrSize] unless 1 ≤ n ≤ a.MaxN.
func (a Algorithm) CheckSize(n int) error {
	if err := checkSize(n, a.MaxN); err != nil {
		return fmt.Errorf("%s: %w", a.Name, err)
	}
	return nil
}

// searchWith returns the Search of a teaching algorithm whose search is
// run: it checks n, sets up the tracer and reports what it counted.
func searchWith(run func(t *tracer, n int)) func(context.Context, int, func(Event) bool) (Stats, error) {
	return func(ctx context.Context, n int, visit func(Event) bool) (Stats, error) {
		if err := checkSize(n, MaxN); err != nil {
			return Stats{}, err
		}
		t := newTracer(ctx, visit)
		if t.poll(); !t.stop {
			run(t, n)
		}
		return t.Stats, t.err
	}
}

// countWith returns the count of a teaching algorithm whose search is run.
// It runs the search without events and tests every solution for being
// the canonical one of its symmetry class.
func countWith(run func(t *tracer, n int)) func(context.Context, int, Options) (Result, error) {
	return func(ctx context.Context, n int, _ Options) (Result, error) {
		var unique uint64
		scratch := make(Solution, n)
		t := newTracer(ctx, nil)
		t.found = func(s Solution) {
			if isCanonical(s, scratch) {
				unique++
			}
		}
		if t.poll(); !t.stop {
			run(t, n)
		}
		return Result{Total: U128(t.Solutions), Unique: U128(unique), Nodes: U128(t.Nodes)}, t.err
	}
}
