package web

import (
	"fmt"
	"testing"

	"github.com/queenslab/queens"
)

// TestJump checks every coarse step of the 6×6 flags search, forward and
// back from every step, against the events counted here.
func TestJump(t *testing.T) {
	s := testServer(t, Options{})
	h := s.handler()
	const n = 6
	events, _ := allEvents(t, lookup(t, "flags"), n)
	kinds := map[string]queens.EventKind{"place": queens.EventPlace, "remove": queens.EventRemove, "solution": queens.EventSolution, "deadend": queens.EventDeadEnd}
	for name, kind := range kinds {
		for from := 0; from <= len(events); from += 7 {
			want := jumpAnswer{Step: len(events)}
			for i := from; i < len(events); i++ {
				if events[i].Kind == kind {
					want = jumpAnswer{Step: i + 1, Found: true}
					break
				}
			}
			var got jumpAnswer
			decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/jump?n=%d&algo=flags&event=%s&from=%d", n, name, from)), &got)
			if got != want {
				t.Errorf("%s from %d: %+v, want %+v", name, from, got, want)
			}
			want = jumpAnswer{}
			for i := from - 2; i >= 0; i-- {
				if events[i].Kind == kind {
					want = jumpAnswer{Step: i + 1, Found: true}
					break
				}
			}
			decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/jump?n=%d&algo=flags&event=%s&from=%d&dir=back", n, name, from)), &got)
			if got != want {
				t.Errorf("back to %s from %d: %+v, want %+v", name, from, got, want)
			}
		}
	}
	// The end of row 3's loop: the step before the search goes back above
	// it, and where that loop began.
	var got jumpAnswer
	from := 0
	for i, e := range events {
		if e.Kind == queens.EventTry && e.Row == 3 {
			from = i + 1
			break
		}
	}
	decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/jump?n=%d&algo=flags&event=rowend&row=3&from=%d", n, from)), &got)
	if !got.Found || got.Step <= from || events[got.Step].Row >= 3 && events[got.Step-1].Kind != queens.EventDeadEnd {
		t.Errorf("end of row 3 from %d: %+v", from, got)
	}
	for i := from; i < got.Step; i++ {
		if events[i].Row < 3 {
			t.Errorf("end of row 3 from %d: %+v passes event %d in row %d", from, got, i, events[i].Row)
		}
	}
	decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/jump?n=%d&algo=flags&event=rowend&row=3&from=%d&dir=back", n, from)), &got)
	if e := events[got.Step-1]; e.Kind != queens.EventPlace || e.Row != 2 {
		t.Errorf("start of row 3: %+v, after %+v", got, e)
	}
	wantError(t, request(h, "GET", "/api/jump?n=6&algo=flags&event=queen"), 400, "event")
}

// TestMet checks the solutions met before a step: their numbers and
// columns, the last ones only.
func TestMet(t *testing.T) {
	h := testServer(t, Options{}).handler()
	events, _ := allEvents(t, lookup(t, "flags"), 8)
	var sols []metSolution
	step := 0
	for i, e := range events {
		if e.Kind == queens.EventSolution {
			sols = append(sols, metSolution{K: e.Index, Cols: []int(e.Queens)})
			if len(sols) == 30 {
				step = i + 1
				break
			}
		}
	}
	var got struct{ Solutions []metSolution }
	decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/met?n=8&algo=flags&step=%d&limit=5", step)), &got)
	if len(got.Solutions) != 5 || fmt.Sprint(got.Solutions) != fmt.Sprint(sols[25:]) {
		t.Errorf("met before step %d: %v, want %v", step, got.Solutions, sols[25:])
	}
	decodeJSON(t, request(h, "GET", "/api/met?n=6&algo=instance&with=d5&step=100000"), &got)
	if len(got.Solutions) == 0 || got.Solutions[0].Cols[1] != 3 {
		t.Errorf("met with a preset queen: %v", got.Solutions)
	}
}
