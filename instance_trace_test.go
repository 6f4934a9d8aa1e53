package queens

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// traceInstance returns an instance on the n×n board drawn from rng, with
// a preset queen or two, blocked squares and excluded diagonals.
func traceInstance(rng *rand.Rand, n int) Instance {
	in := Instance{N: n}
	for range rng.IntN(3) {
		q := Square{rng.IntN(n), rng.IntN(n)}
		if CheckPresets(n, append(slices.Clone(in.Queens), q)) == nil {
			in.Queens = append(in.Queens, q)
		}
	}
	for range rng.IntN(2 * n) {
		in.Blocked = append(in.Blocked, Square{rng.IntN(n), rng.IntN(n)})
	}
	for range rng.IntN(n/2 + 1) {
		d := Diagonal{Sum: rng.IntN(2) == 0, K: rng.IntN(2*n-1) - (n - 1)}
		if d.Sum {
			d.K += n - 1
		}
		in.Excluded = append(in.Excluded, d)
	}
	return in
}

// traced runs the trace of in and returns its solutions, checking the
// events as they come: a try of a blocked square or of one on an
// excluded diagonal must say so, and only free squares get queens.
func traced(t *testing.T, in Instance) ([]Solution, Stats) {
	t.Helper()
	var (
		sols  []Solution
		tries uint64
		depth int
		last  Event
	)
	blocked := map[Square]bool{}
	for _, q := range in.Blocked {
		blocked[q] = true
	}
	stats, err := in.Trace(context.Background(), func(e Event) bool {
		sq := Square{e.Row, e.Col}
		switch e.Kind {
		case EventTry:
			tries++
			excluded := slices.ContainsFunc(in.Excluded, func(d Diagonal) bool { return d.Contains(sq) })
			switch {
			case blocked[sq] && e.Conflict != ConflictBlocked:
				t.Fatalf("%v: blocked square %v tried with conflict %d", in, sq, e.Conflict)
			case !blocked[sq] && excluded && e.Conflict != ConflictExcluded:
				t.Fatalf("%v: square %v of an excluded diagonal tried with conflict %d", in, sq, e.Conflict)
			}
		case EventPlace:
			if last.Kind != EventTry || last.Row != e.Row || last.Col != e.Col || last.Conflict != -1 {
				t.Fatalf("%v: queen placed on %v after %+v", in, sq, last)
			}
			depth++
		case EventRemove:
			depth--
		case EventSolution:
			if e.Depth != depth || e.Index != uint64(len(sols)+1) {
				t.Fatalf("%v: solution %d at depth %d, %d queens stand", in, e.Index, e.Depth, depth)
			}
			sols = append(sols, e.Queens.Clone())
		}
		last = e
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if depth != 0 || stats.Checks != tries || stats.Solutions != uint64(len(sols)) {
		t.Fatalf("%v: depth %d at the end, %d tries, stats %+v, %d solutions", in, depth, tries, stats, len(sols))
	}
	return sols, stats
}

func TestInstanceTraceAgainstSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 13))
	for i := range 300 {
		in := traceInstance(rng, 1+i%8)
		got, _ := traced(t, in)
		var want []Solution
		for s, err := range in.Solutions(context.Background()) {
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, s.Clone())
		}
		slices.SortFunc(want, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%+v: the trace finds %v, Solutions %v", in, got, want)
		}
		for _, s := range got {
			if err := in.Validate(s); err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
		}
	}
}

// TestInstanceTracePlain checks that the trace of a plain board is the
// search of the scan algorithm, event for event.
func TestInstanceTracePlain(t *testing.T) {
	for n := 1; n <= 7; n++ {
		var want, got []Event
		if _, err := scanAlgorithm.Search(context.Background(), n, func(e Event) bool {
			e.Queens = nil
			want = append(want, e)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		in := Instance{N: n}
		if _, err := in.Trace(context.Background(), func(e Event) bool {
			e.Queens = nil
			got = append(got, e)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(a, b Event) bool {
			return a.Kind == b.Kind && a.Row == b.Row && a.Col == b.Col && a.Depth == b.Depth && a.Conflict == b.Conflict && a.Index == b.Index
		}) {
			t.Fatalf("N=%d: the trace differs from scan's search (%d events against %d)", n, len(got), len(want))
		}
	}
}

func TestInstanceTraceLines(t *testing.T) {
	in := Instance{N: 6, Rows: []int{0, 2, 3, 5}, Cols: []int{1, 2, 4, 5}}
	got, _ := traced(t, in)
	var want []Solution
	for s, err := range in.Solutions(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, s.Clone())
	}
	slices.SortFunc(want, slices.Compare)
	if len(want) == 0 || !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("the trace finds %v, Solutions %v", got, want)
	}
}

func TestInstanceTraceStops(t *testing.T) {
	in := Instance{N: 8, Blocked: []Square{{0, 0}}}
	events := 0
	stats, err := in.Trace(context.Background(), func(Event) bool { events++; return events < 10 })
	if err != nil || events != 10 || stats.Solutions != 0 {
		t.Fatalf("stopped after %d events, %+v, %v", events, stats, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := in.Trace(ctx, nil); err == nil {
		t.Fatal("a cancelled trace gave no error")
	}
	bad := Instance{N: 4, Queens: []Square{{0, 0}, {1, 1}}}
	if _, err := bad.Trace(context.Background(), nil); err == nil {
		t.Fatal("the trace of a bad instance gave no error")
	}
}
