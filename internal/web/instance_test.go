package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/queenslab/queens"
)

// instanceEvents returns the events of the trace of in.
func instanceEvents(t *testing.T, in queens.Instance) ([]queens.Event, queens.Stats) {
	t.Helper()
	var events []queens.Event
	stats, err := in.Trace(context.Background(), func(e queens.Event) bool {
		events = append(events, e)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return events, stats
}

// TestInstanceSteps checks the steps, the summary and the located
// solutions of the search of an instance against the library's trace.
func TestInstanceSteps(t *testing.T) {
	s := testServer(t, Options{})
	// b6 is row 0, column 1 of the 6×6 board; sum:5 the anti-diagonal.
	in := queens.Instance{N: 6, Blocked: []queens.Square{{Row: 0, Col: 1}}, Excluded: []queens.Diagonal{{Sum: true, K: 5}}, Queens: []queens.Square{{Row: 1, Col: 5}}}
	const query = "n=6&algo=instance&block=b6&exclude=sum:5&with=f5"
	events, stats := instanceEvents(t, in)
	ans := getSteps(t, s, "/api/steps?"+query)
	if len(ans.events) != len(events) || ans.end == nil || !ans.end.Complete || ans.end.Events != len(events) {
		t.Fatalf("%d events and end %+v, want %d events", len(ans.events), ans.end, len(events))
	}
	blockedTries := 0
	for i, e := range events {
		if got, want := ans.events[i], [4]int{int(e.Kind), e.Row, e.Col, e.Conflict}; got != want {
			t.Fatalf("event %d: %v, want %v", i, got, want)
		}
		if e.Kind == queens.EventTry && e.Conflict == queens.ConflictBlocked {
			blockedTries++
		}
		if e.Kind == queens.EventPlace && (e.Row == 0 && e.Col == 1 || e.Row+e.Col == 5) {
			t.Fatalf("event %d places a queen on a forbidden square: %+v", i, e)
		}
	}
	if blockedTries == 0 {
		t.Error("the search never tried the blocked square")
	}
	// From the middle on, the start state is the one the events leave.
	mid := len(events) / 2
	part := getSteps(t, s, fmt.Sprintf("/api/steps?%s&from=%d&count=5", query, mid))
	state := newStepState(6, checkPerTry)
	for i := range mid {
		state.apply(&events[i], checkPerTry)
	}
	if part.start.Step != mid || fmt.Sprint(part.start.Queens) != fmt.Sprint(state.Queens) || len(part.events) != 5 {
		t.Errorf("start at %d: %+v, want the queens %v", mid, part.start, state.Queens)
	}
	var sum summary
	decodeJSON(t, request(s.handler(), "GET", "/api/summary?"+query), &sum)
	if sum.Algo != instanceAlgo || sum.Events != len(events) || sum.Solutions != stats.Solutions || sum.Checks != stats.Checks {
		t.Errorf("summary %+v, want %d events and %+v", sum, len(events), stats)
	}
	count, err := in.Count(context.Background(), queens.Options{})
	if err != nil || count != queens.U128(stats.Solutions) || stats.Solutions == 0 {
		t.Fatalf("the trace finds %d solutions, Count %v (%v)", stats.Solutions, count, err)
	}
	k := 0
	for i, e := range events {
		if e.Kind == queens.EventSolution {
			k++
			var got struct{ Step int }
			decodeJSON(t, request(s.handler(), "GET", fmt.Sprintf("/api/locate?%s&solution=%d", query, k)), &got)
			if got.Step != i+1 {
				t.Errorf("solution %d: step %d, want %d", k, got.Step, i+1)
			}
		}
	}
	// The trace answers the same events as the steps.
	trace, end := traceLines(t, s.handler(), "/api/trace?"+query)
	if len(trace) != len(events) || !end.Complete {
		t.Errorf("trace: %d events, end %+v; want %d", len(trace), end, len(events))
	}
}

// TestInstanceBadInput checks that a bad instance gets a JSON error that
// names what is wrong.
func TestInstanceBadInput(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, c := range []struct {
		query string
		words []string
	}{
		{"n=8&algo=flags&block=a1", []string{"block", "algo=instance"}},
		{"n=8&algo=instance&block=z9", []string{"block", "z9"}},
		{"n=8&algo=instance&block=a1&block=a2", []string{"block", "2 times"}},
		{"n=8&algo=instance&exclude=sum:99", []string{"exclude", "sum:99"}},
		{"n=8&algo=instance&exclude=up:3", []string{"exclude", "up:3"}},
		{"n=8&algo=instance&with=a1,b2", []string{"with", "a1", "b2"}},
		{"n=14&algo=instance", []string{"n", "13"}},
		{"algo=instance", []string{"n"}},
	} {
		for _, api := range []string{"steps", "summary", "locate", "trace"} {
			q := c.query
			if api == "locate" {
				q += "&solution=1"
			}
			wantError(t, request(h, "GET", "/api/"+api+"?"+q), 400, c.words...)
		}
	}
}
