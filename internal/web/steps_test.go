package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

// allEvents returns every event of the algorithm's search on an n×n board
// and its work, straight from the library.
func allEvents(t *testing.T, a queens.Algorithm, n int) ([]queens.Event, queens.Stats) {
	t.Helper()
	var events []queens.Event
	stats, err := a.Search(context.Background(), n, func(e queens.Event) bool {
		e.Queens = e.Queens.Clone()
		events = append(events, e)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return events, stats
}

// TestCheckRules checks that the checks the page counts event by event
// add up to the checks each algorithm counts itself, and that the state
// follows the board.
func TestCheckRules(t *testing.T) {
	for _, a := range queens.Algorithms() {
		for n := 1; n <= min(8, a.MaxN); n++ {
			events, stats := allEvents(t, a, n)
			rule := ruleOf(a)
			s := newStepState(n, rule)
			for i := range events {
				s.apply(&events[i], rule)
				if e := events[i]; e.Kind == queens.EventSolution && !slices.Equal(s.Queens, []int(e.Queens)) {
					t.Fatalf("%s n=%d event %d: the state holds %v, the solution is %v", a.Name, n, i, s.Queens, e.Queens)
				}
			}
			if s.Checks != stats.Checks || s.Placed != stats.Nodes || s.Solutions != stats.Solutions || s.Step != len(events) {
				t.Errorf("%s n=%d: the page counts %d checks, %d placements, %d solutions, %d steps; the search %d, %d, %d, %d",
					a.Name, n, s.Checks, s.Placed, s.Solutions, s.Step, stats.Checks, stats.Nodes, stats.Solutions, len(events))
			}
			if s.Work != stats.Work {
				t.Errorf("%s n=%d: the steps add up to %d units of work, the search counts %d", a.Name, n, s.Work, stats.Work)
			}
			if s.Removed != s.Placed {
				t.Errorf("%s n=%d: %d queens removed, %d placed", a.Name, n, s.Removed, s.Placed)
			}
		}
	}
}

// TestTree checks the search tree of the state after every event: its
// nodes count the queens placed and the solutions found, and its open
// nodes are the queens on the board.
func TestTree(t *testing.T) {
	for _, a := range queens.Algorithms() {
		const n = 6
		events, _ := allEvents(t, a, n)
		rule := ruleOf(a)
		s := newStepState(n, rule)
		for i := range events {
			s.apply(&events[i], rule)
			var placed, found uint64
			for _, node := range s.Tree[0].Nodes {
				placed += node.Placed
				found += node.Found
			}
			if placed != s.Placed || found != s.Solutions {
				t.Fatalf("%s event %d: the tree holds %d placements and %d solutions, the search made %d and found %d", a.Name, i, placed, found, s.Placed, s.Solutions)
			}
			for r, c := range s.Queens {
				open := 0
				for _, node := range s.Tree[r].Nodes {
					if node.Open {
						open++
						if node.Col != c {
							t.Fatalf("%s event %d: open node of row %d in column %d, the queen is in %d", a.Name, i, r, node.Col, c)
						}
					}
				}
				if want := map[bool]int{true: 1, false: 0}[c >= 0]; open != want {
					t.Fatalf("%s event %d: %d open nodes in row %d, want %d", a.Name, i, open, r, want)
				}
			}
		}
	}
}

// stepsAnswer is a decoded answer of /api/steps.
type stepsAnswer struct {
	start  stepState
	events [][4]int
	end    *stepsEnd
}

// getSteps runs a steps request and decodes its answer.
func getSteps(t *testing.T, s *server, target string) stepsAnswer {
	t.Helper()
	rec := request(s.handler(), "GET", target)
	if rec.Code != 200 {
		t.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body)
	}
	var (
		ans     stepsAnswer
		started bool
	)
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		line := sc.Bytes()
		if ans.end != nil {
			t.Fatalf("GET %s: line after the end: %s", target, line)
		}
		if line[0] == '[' {
			var e [4]int
			if err := json.Unmarshal(line, &e); err != nil {
				t.Fatalf("GET %s: line %s: %v", target, line, err)
			}
			if !started {
				t.Fatalf("GET %s: event before the start record", target)
			}
			ans.events = append(ans.events, e)
			continue
		}
		var rec struct {
			Start *stepState `json:"start"`
			End   *stepsEnd  `json:"end"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("GET %s: line %s: %v", target, line, err)
		}
		switch {
		case rec.Start != nil && !started:
			ans.start, started = *rec.Start, true
		case rec.End != nil && started:
			ans.end = rec.End
		default:
			t.Fatalf("GET %s: unexpected line %s", target, line)
		}
	}
	if !started {
		t.Fatalf("GET %s: no start record", target)
	}
	return ans
}

// TestSteps checks that any slice of the steps of a search is the slice of
// the library's events, and starts with the state the events before it
// leave.
func TestSteps(t *testing.T) {
	s := testServer(t, Options{})
	for _, c := range []struct {
		algo string
		n    int
	}{{"flags", 6}, {"permute", 5}, {"bitboard", 7}, {"matrix", 5}} {
		a, err := queens.LookupAlgorithm(c.algo)
		if err != nil {
			t.Fatal(err)
		}
		events, stats := allEvents(t, a, c.n)
		rule := ruleOf(a)
		// The state before each event, computed here.
		states := []stepState{}
		trees := []string{}
		st := newStepState(c.n, rule)
		for i := range events {
			states = append(states, *st)
			b, _ := json.Marshal(st.Tree)
			trees = append(trees, string(b))
			st.Queens = slices.Clone(st.Queens)
			st.apply(&events[i], rule)
		}
		states = append(states, *st)
		b, _ := json.Marshal(st.Tree)
		trees = append(trees, string(b))

		whole := getSteps(t, s, fmt.Sprintf("/api/steps?n=%d&algo=%s", c.n, c.algo))
		if whole.end == nil || !whole.end.Complete || whole.end.Events != len(events) || whole.end.Stats != stats {
			t.Fatalf("%s n=%d: end %+v, want %d events and %+v", c.algo, c.n, whole.end, len(events), stats)
		}
		if len(whole.events) != len(events) {
			t.Fatalf("%s n=%d: %d events, want %d", c.algo, c.n, len(whole.events), len(events))
		}
		for i, e := range events {
			if want := [4]int{int(e.Kind), e.Row, e.Col, e.Conflict}; whole.events[i] != want {
				t.Fatalf("%s n=%d event %d: %v, want %v", c.algo, c.n, i, whole.events[i], want)
			}
		}
		for _, from := range []int{0, 1, 17, len(events) / 2, len(events) - 1, len(events), len(events) + 5} {
			const count = 40
			got := getSteps(t, s, fmt.Sprintf("/api/steps?n=%d&algo=%s&from=%d&count=%d", c.n, c.algo, from, count))
			at := min(from, len(events))
			want := states[at]
			if got.start.Step != want.Step || !slices.Equal(got.start.Queens, want.Queens) || got.start.Placed != want.Placed ||
				got.start.Removed != want.Removed || got.start.Solutions != want.Solutions || got.start.Checks != want.Checks ||
				got.start.Work != want.Work {
				t.Errorf("%s n=%d from %d: start %+v, want %+v", c.algo, c.n, from, got.start, want)
			}
			if b, _ := json.Marshal(got.start.Tree); string(b) != trees[at] {
				t.Errorf("%s n=%d from %d: tree %s, want %s", c.algo, c.n, from, b, trees[at])
			}
			wantEvents := whole.events[at:min(at+count, len(events))]
			if !slices.Equal(got.events, wantEvents) {
				t.Errorf("%s n=%d from %d: %d events, want the %d from there", c.algo, c.n, from, len(got.events), len(wantEvents))
			}
			if ends := at+count >= len(events); ends != (got.end != nil) {
				t.Errorf("%s n=%d from %d: end record %+v; the search ends within the answer: %v", c.algo, c.n, from, got.end, ends)
			}
		}
	}
}

// TestSummary checks the summary of a search against the library.
func TestSummary(t *testing.T) {
	s := testServer(t, Options{})
	for range 2 { // the second answer comes from the cache
		var sum summary
		decodeJSON(t, request(s.handler(), "GET", "/api/summary?n=8&algo=scan"), &sum)
		if sum.Algo != "scan" || sum.N != 8 || sum.Events != 20568 || sum.Solutions != 92 || sum.Nodes != 2056 || sum.Checks != 15720 || sum.Work != 46752 || sum.SearchMS < 0 {
			t.Errorf("summary %+v, want scan at N=8: 20568 events, 92 solutions, 2056 placements, 15720 checks, 46752 comparisons", sum)
		}
	}
}

// TestLocate checks the step of a solution against the library's events.
func TestLocate(t *testing.T) {
	s := testServer(t, Options{})
	a, _ := queens.LookupAlgorithm("rows")
	events, _ := allEvents(t, a, 6)
	k := 0
	for i, e := range events {
		if e.Kind != queens.EventSolution {
			continue
		}
		k++
		var got struct{ Step int }
		decodeJSON(t, request(s.handler(), "GET", fmt.Sprintf("/api/locate?n=6&algo=rows&solution=%d", k)), &got)
		if got.Step != i+1 {
			t.Errorf("solution %d: step %d, want %d", k, got.Step, i+1)
		}
	}
	if k != 4 {
		t.Fatalf("%d solutions of the 6×6 board, want 4", k)
	}
	wantError(t, request(s.handler(), "GET", "/api/locate?n=6&algo=rows&solution=5"), 400, "4 solutions")
	placed := 0
	for i, e := range events {
		if e.Kind != queens.EventPlace {
			continue
		}
		if placed++; placed%17 != 1 {
			continue
		}
		var got struct{ Step int }
		decodeJSON(t, request(s.handler(), "GET", fmt.Sprintf("/api/locate?n=6&algo=rows&placement=%d", placed)), &got)
		if got.Step != i+1 {
			t.Errorf("placement %d: step %d, want %d", placed, got.Step, i+1)
		}
	}
	var zero struct{ Step int }
	decodeJSON(t, request(s.handler(), "GET", "/api/locate?n=6&algo=rows&placement=0"), &zero)
	if zero.Step != 0 {
		t.Errorf("placement 0: step %d, want 0", zero.Step)
	}
	wantError(t, request(s.handler(), "GET", fmt.Sprintf("/api/locate?n=6&algo=rows&placement=%d", placed+1)), 400, "places")
	wantError(t, request(s.handler(), "GET", "/api/locate?n=6&algo=rows&placement=1&solution=1"), 400, "not both")
	wantError(t, request(s.handler(), "GET", "/api/locate?n=6&algo=rows"), 400, "solution is missing")
}

// TestStepsBadInput checks that boards beyond what the page plays, and
// bad parameters, get 400.
func TestStepsBadInput(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, target := range []string{
		"/api/steps?n=11&algo=permute",
		"/api/steps?n=0&algo=flags",
		"/api/steps?algo=flags",
		"/api/steps?n=8&algo=nope",
		"/api/steps?n=8&algo=flags&from=-1",
		"/api/steps?n=8&algo=flags&count=x",
		"/api/summary?n=14&algo=flags",
		"/api/summary?n=8&algo=nope",
	} {
		wantError(t, request(h, "GET", target), 400)
	}
}

// TestStepsBudget checks that the largest board offered with each
// algorithm has at most MaxSteps events, so that every step of it stays
// in reach.
func TestStepsBudget(t *testing.T) {
	if !testenv.Slow() || raceEnabled {
		t.Skip("counts the events of the largest boards offered, too slow with -short or -race")
	}
	for _, a := range queens.Algorithms() {
		n := stepsMaxN(a)
		events := 0
		_, err := a.Search(context.Background(), n, func(queens.Event) bool { events++; return events <= MaxSteps })
		if err != nil {
			t.Fatal(err)
		}
		if events > MaxSteps {
			t.Errorf("%s at N=%d has more than %d events", a.Name, n, MaxSteps)
		}
	}
}
