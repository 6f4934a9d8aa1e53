package queens

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// collect returns the events of the algorithm's search on the n×n board,
// with the solutions cloned, and the work it reports.
func collect(t *testing.T, a Algorithm, n int) ([]Event, Stats) {
	t.Helper()
	var events []Event
	st, err := a.Search(context.Background(), n, func(e Event) bool {
		e.Queens = e.Queens.Clone()
		events = append(events, e)
		return true
	})
	if err != nil {
		t.Fatalf("%s N=%d: %v", a.Name, n, err)
	}
	return events, st
}

// eventMaxN is the largest N whose event streams the tests check.
func eventMaxN(a Algorithm) int {
	if a.Name == "permute" {
		return 7
	}
	return 8
}

// TestEventStreamsAgree checks that the algorithms that search row by row
// report the same steps: the same places, removes, solutions and dead
// ends as flags, and, for those that test square by square, the same tries.
func TestEventStreamsAgree(t *testing.T) {
	skipTries := func(events []Event) []Event {
		return slices.DeleteFunc(slices.Clone(events), func(e Event) bool { return e.Kind == EventTry })
	}
	for n := 1; n <= 8; n++ {
		ref, _ := collect(t, flagsAlgorithm, n)
		refSteps := skipTries(ref)
		for _, a := range Algorithms() {
			if a.Name == "permute" || a.Name == "flags" {
				continue
			}
			events, _ := collect(t, a, n)
			if a.Name == "matrix" {
				for i := range events {
					events[i].Delta = 0 // only matrix reports its counters
				}
			}
			if a.Name != "board" { // the others name another attacker: TestConflictFollowsCheck
				events = maskConflicts(events)
			}
			if i := firstDifference(skipTries(events), refSteps); i >= 0 {
				t.Errorf("%s N=%d: steps differ from flags at step %d", a.Name, n, i)
				continue
			}
			want := ref
			if a.Name != "board" {
				want = maskConflicts(ref)
			}
			if a.Name == "bitboard" { // tries only the free squares
				want = slices.DeleteFunc(slices.Clone(ref), func(e Event) bool { return e.Kind == EventTry && e.Conflict >= 0 })
			}
			if i := firstDifference(events, want); i >= 0 {
				t.Errorf("%s N=%d: events differ from flags at event %d", a.Name, n, i)
			}
		}
	}
}

// maskConflicts returns a copy of events in which every attacked try
// names row 0 as its conflict, for comparing the tries of algorithms whose
// checks meet the attackers in different orders.
func maskConflicts(events []Event) []Event {
	events = slices.Clone(events)
	for i, e := range events {
		if e.Kind == EventTry && e.Conflict >= 0 {
			events[i].Conflict = 0
		}
	}
	return events
}

// firstDifference returns the index of the first event where got and want
// differ, or -1 when they are equal.
func firstDifference(got, want []Event) int {
	for i := range min(len(got), len(want)) {
		if !eventsEqual(got[i], want[i]) {
			return i
		}
	}
	if len(got) != len(want) {
		return min(len(got), len(want))
	}
	return -1
}

func eventsEqual(a, b Event) bool {
	return a.Kind == b.Kind && a.Row == b.Row && a.Col == b.Col && a.Depth == b.Depth &&
		a.Conflict == b.Conflict && a.Index == b.Index && a.Delta == b.Delta && slices.Equal(a.Queens, b.Queens)
}

// TestEventStreamWellFormed replays the events of every algorithm on a
// board of its own and checks each one against it.
func TestEventStreamWellFormed(t *testing.T) {
	for _, a := range Algorithms() {
		for n := 1; n <= eventMaxN(a); n++ {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				events, st := collect(t, a, n)
				checkStream(t, a, n, events, st)
			})
		}
	}
}

// checkStream checks one stream of events, as TestEventStreamWellFormed
// describes.
func checkStream(t *testing.T, a Algorithm, n int, events []Event, st Stats) {
	t.Helper()
	var (
		board     Solution // the queens on the board, one per row from the top
		solutions uint64
		places    uint64
		tries     int
		rowTries  = -1 // the row whose squares are being tried
	)
	for i, e := range events {
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("event %d %+v: "+format, append([]any{i, e}, args...)...)
		}
		depth := len(board)
		wantDelta := 0
		if a.Name == "matrix" {
			wantDelta = 1
		}
		switch e.Kind {
		case EventTry:
			tries++
			if e.Row != depth || e.Depth != depth || e.Col < 0 || e.Col >= n {
				fail("try off the row being filled (%d queens on the board)", depth)
			}
			if rowTries == e.Row && e.Col <= events[i-1].Col && events[i-1].Kind == EventTry {
				fail("columns tried out of order")
			}
			rowTries = e.Row
			attacked := firstAttacker(append(board, e.Col), depth, e.Col) >= 0
			if a.Name == "permute" { // looks at columns only
				attacked = slices.Contains(board, e.Col)
			}
			switch {
			case attacked != (e.Conflict >= 0):
				fail("conflict %d, but the square is attacked: %v", e.Conflict, attacked)
			case e.Conflict >= 0 && !attacks(board[e.Conflict], e.Conflict, e.Row, e.Col):
				fail("the queen of row %d does not attack the square", e.Conflict)
			}
			// Which attacker it names: TestConflictFollowsCheck.
		case EventPlace:
			places++
			if e.Row != depth || e.Depth != depth+1 || e.Col < 0 || e.Col >= n || e.Delta != wantDelta {
				fail("bad place with %d queens on the board", depth)
			}
			if a.Name != "permute" && firstAttacker(append(board, e.Col), depth, e.Col) >= 0 {
				fail("queen placed on an attacked square")
			}
			if a.Name == "permute" && slices.Contains(board, e.Col) {
				fail("queen placed in a used column")
			}
			if tries > 0 && (events[i-1].Kind != EventTry || events[i-1].Row != e.Row || events[i-1].Col != e.Col) {
				fail("place not right after the try of its square")
			}
			board = append(board, e.Col)
		case EventRemove:
			if depth == 0 || e.Row != depth-1 || e.Col != board[depth-1] || e.Depth != depth-1 || e.Delta != -wantDelta {
				fail("remove does not take back the last queen of %v", board)
			}
			board = board[:depth-1]
			rowTries = e.Row
		case EventSolution:
			solutions++
			if depth != n || e.Depth != n || e.Row != n-1 || e.Col != board[n-1] || e.Index != solutions {
				fail("bad solution after %d solutions, %d queens", solutions-1, depth)
			}
			if !slices.Equal(e.Queens, board) {
				fail("solution %v is not the board %v", e.Queens, board)
			}
			if err := e.Queens.Validate(); err != nil {
				fail("invalid solution: %v", err)
			}
		case EventDeadEnd:
			switch {
			case e.Depth == depth && e.Row == depth && e.Col == -1 && e.Conflict == -1:
				for c := range n {
					if firstAttacker(append(board, c), depth, c) < 0 {
						fail("dead end, but column %d is free", c)
					}
				}
			case a.Name == "permute" && depth == n && e.Depth == n && e.Col == board[e.Row] && e.Conflict >= 0 && e.Conflict < e.Row:
				if firstAttacker(board, e.Row, e.Col) != e.Conflict {
					fail("rejected placement %v: row %d is not the first attacker", board, e.Conflict)
				}
			default:
				fail("bad dead end with %d queens on the board", depth)
			}
		default:
			fail("unknown kind")
		}
	}
	if len(board) != 0 {
		t.Errorf("search ends with queens %v on the board", board)
	}
	if solutions != known[n-1].total || st.Solutions != solutions {
		t.Errorf("%d solution events, Stats.Solutions %d, want %d", solutions, st.Solutions, known[n-1].total)
	}
	if st.Nodes != places {
		t.Errorf("%d place events, Stats.Nodes %d", places, st.Nodes)
	}
	if a.Name != "bitboard" && st.Checks < uint64(tries) {
		t.Errorf("%d tries, Stats.Checks only %d", tries, st.Checks)
	}
}

// TestEventStopEarly stops every search after k events, through visit
// and through the iterator, and checks that no event comes after.
func TestEventStopEarly(t *testing.T) {
	for _, a := range Algorithms() {
		for _, k := range []int{1, 2, 7, 50, 333} {
			seen := 0
			_, err := a.Search(context.Background(), 8, func(Event) bool {
				seen++
				return seen < k
			})
			if err != nil || seen != k {
				t.Errorf("%s: stopped at event %d, saw %d events, error %v", a.Name, k, seen, err)
			}
			seen = 0
			for range a.Events(context.Background(), 8) { // would panic on an event after break
				if seen++; seen == k {
					break
				}
			}
			if seen != k {
				t.Errorf("%s: Events gave %d events, want %d", a.Name, seen, k)
			}
		}
	}
}

// TestEventJSON checks the form the web page reads: lowercase field names,
// the kind as a word, and a round trip.
func TestEventJSON(t *testing.T) {
	e := Event{Kind: EventSolution, Row: 3, Col: 2, Depth: 4, Conflict: -1, Index: 1, Queens: Solution{1, 3, 0, 2}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"kind":"solution","row":3,"col":2,"depth":4,"conflict":-1,"index":1,"queens":[1,3,0,2]}`
	if string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
	var back Event
	if err := json.Unmarshal(b, &back); err != nil || !eventsEqual(back, e) {
		t.Errorf("round trip gave %+v, %v", back, err)
	}
	b, _ = json.Marshal(Event{Kind: EventPlace, Row: 0, Col: 5, Depth: 1, Conflict: -1, Delta: 1})
	if want := `{"kind":"place","row":0,"col":5,"depth":1,"conflict":-1,"delta":1}`; string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
	if err := json.Unmarshal([]byte(`{"kind":"jump"}`), &back); err == nil {
		t.Error("unknown kind accepted")
	}
	for k := EventTry; k <= EventDeadEnd; k++ {
		var got EventKind
		if err := got.UnmarshalText([]byte(k.String())); err != nil || got != k {
			t.Errorf("kind %v: round trip %v, %v", k, got, err)
		}
	}
}

// TestSearchWithoutEventsAllocates checks that a search without a visit
// function allocates only its board, not per node: a search of N=8 makes
// thousands of nodes (40320 permutations for permute), and a few dozen
// allocations leave room for what the runtime and the race detector
// count besides. The count takes in every goroutine of the test binary,
// and a goroutine of an earlier test may still be ending: the least of
// five counts is the search's own.
func TestSearchWithoutEventsAllocates(t *testing.T) {
	for _, a := range Algorithms() {
		search := func() { a.Search(context.Background(), 8, nil) }
		allocs := testing.AllocsPerRun(3, search)
		for range 4 {
			allocs = min(allocs, testing.AllocsPerRun(3, search))
		}
		if allocs > 64 {
			t.Errorf("%s: %v allocations for N=8", a.Name, allocs)
		}
	}
}

// plainKernel counts the solutions of the n×n board with the bitmask
// search and nothing else: no events, no statistics, no context. It is
// the baseline of BenchmarkEventsOverhead.
func plainKernel(n int) uint64 {
	full := uint32(1)<<n - 1
	var search func(cols, left, right uint32) uint64
	search = func(cols, left, right uint32) uint64 {
		if cols == full {
			return 1
		}
		var total uint64
		for avail := full &^ (cols | left | right); avail != 0; {
			bit := avail & -avail
			avail ^= bit
			total += search(cols|bit, (left|bit)<<1, (right|bit)>>1)
		}
		return total
	}
	return search(0, 0, 0)
}

// BenchmarkEventsOverhead shows what the events cost: the bitboard search
// of the teaching table without and with a visit function, against a plain
// kernel without events, and the counting engine of Count on one
// goroutine, which must be at least as fast as the plain kernel.
func BenchmarkEventsOverhead(b *testing.B) {
	const n = 12
	ctx := context.Background()
	solutions := float64(known[n-1].total) // time per solution: the one measure all four share
	perSolution := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/solutions, "ns/solution")
	}
	b.Run("kernel", func(b *testing.B) {
		for b.Loop() {
			if plainKernel(n) != known[n-1].total {
				b.Fatal("wrong count")
			}
		}
		perSolution(b)
	})
	b.Run("search-without-visit", func(b *testing.B) {
		for b.Loop() {
			bitboardAlgorithm.Search(ctx, n, nil)
		}
		perSolution(b)
	})
	b.Run("search-with-visit", func(b *testing.B) {
		for b.Loop() {
			bitboardAlgorithm.Search(ctx, n, func(Event) bool { return true })
		}
		perSolution(b)
	})
	b.Run("count-engine", func(b *testing.B) {
		for b.Loop() {
			if res, _ := Count(ctx, n, Options{Algorithm: "bitboard", Workers: 1}); res.Total != U128(known[n-1].total) {
				b.Fatal("wrong count")
			}
		}
		perSolution(b)
	})
}
