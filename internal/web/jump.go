package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/queenslab/queens"
)

// jumpKinds are the coarse steps of the player: the event each one looks
// for, by the name the page sends.
var jumpKinds = map[string]queens.EventKind{
	"place":    queens.EventPlace,
	"remove":   queens.EventRemove,
	"solution": queens.EventSolution,
	"deadend":  queens.EventDeadEnd,
	"rowend":   0, // the end (or, backwards, the start) of the loop over a row
}

// jumpAnswer is the answer of /api/jump: the step to show, and whether
// the search has such an event in that direction at all.
type jumpAnswer struct {
	Step  int  `json:"step"`
	Found bool `json:"found"`
}

// jump answers the step of a coarse step from step from: forward, the
// step just after the next event of the kind; with dir=back, the step
// just after the last one before the event that step from shows. For
// rowend, forward is the last step of the loop over row (the step before
// the search acts on a row above it, or just after its dead end), and
// back the step where that loop began. Without such an event, forward
// answers the end of the search and back step 0, with found false.
func (s *server) jump(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, stepsMaxN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := q.Get("event")
	kind, ok := jumpKinds[name]
	if !ok {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("event must be place, remove, solution, deadend or rowend, got %q", clip(name)))
		return
	}
	from, err := intParam(q, "from", 0, 0, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	row, err := intParam(q, "row", 0, 0, srch.n-1)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	back := q.Get("dir") == "back"
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()

	i := 0 // the number of the event the visit gets, from 0
	ans := jumpAnswer{}
	_, err = srch.run(ctx, func(e queens.Event) bool {
		defer func() { i++ }()
		if back {
			if i >= from-1 {
				return false
			}
			if kind == 0 && e.Row < row || kind != 0 && e.Kind == kind {
				ans = jumpAnswer{Step: i + 1, Found: true}
			}
			return true
		}
		if i < from {
			return true
		}
		switch {
		case kind == 0 && e.Row < row:
			ans = jumpAnswer{Step: i, Found: true}
			return false
		case kind == 0 && e.Kind == queens.EventDeadEnd && e.Row == row && e.Depth == row:
			ans = jumpAnswer{Step: i + 1, Found: true}
			return false
		case kind != 0 && e.Kind == kind:
			ans = jumpAnswer{Step: i + 1, Found: true}
			return false
		}
		return true
	})
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search was stopped: %s", trimLibraryPrefix(err)))
		return
	}
	if !back && !ans.Found {
		ans.Step = i // the search ended: its last step
		if kind == 0 && row == 0 {
			ans.Found = true // the loop over the first row ends with the search
		}
	}
	writeJSON(w, ans)
}

// metSolution is one solution of a search, by its number.
type metSolution struct {
	K    uint64 `json:"k"`
	Cols []int  `json:"cols"`
}

// met answers the last solutions, limit at most, that a search meets in
// its first step events, with their numbers: the page shows them under
// the player after a jump, when it has not passed them itself.
func (s *server) met(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, stepsMaxN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	step, err := intParam(q, "step", -1, 0, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	limit, err := intParam(q, "limit", 24, 1, 200)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()
	ring := make([]metSolution, 0, limit)
	i, k := 0, uint64(0)
	_, err = srch.run(ctx, func(e queens.Event) bool {
		if i >= step {
			return false
		}
		i++
		if e.Kind == queens.EventSolution {
			k++
			cols := make([]int, len(e.Queens))
			copy(cols, e.Queens)
			if len(ring) == limit {
				ring = append(ring[:0], ring[1:]...)
			}
			ring = append(ring, metSolution{K: k, Cols: cols})
		}
		return true
	})
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search was stopped: %s", trimLibraryPrefix(err)))
		return
	}
	writeJSON(w, struct {
		Solutions []metSolution `json:"solutions"`
	}{ring})
}
