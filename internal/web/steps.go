package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/queenslab/queens"
)

// MaxSteps is the most events a search may have for the page to offer its
// board: the server runs such a search to any of its steps in a second
// or two, so that every step can be reached, forward and back.
const MaxSteps = 100_000_000

// stepsN is, per algorithm, the largest board whose search has at most
// [MaxSteps] events. An algorithm missing here gets defaultStepsN.
var stepsN = map[string]int{
	"permute":  10,
	"board":    13,
	"scan":     13,
	"matrix":   13,
	"rows":     13,
	"flags":    13,
	"bitboard": 14,
}

// defaultStepsN is the largest board offered for an algorithm that stepsN
// does not name.
const defaultStepsN = 10

// stepsMaxN returns the largest board whose search the page plays with
// the algorithm a.
func stepsMaxN(a queens.Algorithm) int {
	n, ok := stepsN[a.Name]
	if !ok {
		n = defaultStepsN
	}
	return min(n, a.MaxN, MaxTraceN)
}

// checkRule tells how an algorithm counts its safety checks, so that the
// page can show the checks made up to any step: the events say what was
// tried, not what the check cost.
type checkRule uint8

const (
	// checkPerTry: one check per square tried (the square-by-square
	// algorithms).
	checkPerTry checkRule = iota
	// checkPerRow: one check per row entered, the one mask expression that
	// finds all its free squares (bitboard).
	checkPerRow
	// checkComplete: one check per square tried for a free column, then
	// one per queen compared once all queens stand (permute).
	checkComplete
)

// String returns the rule's name as /api/algorithms lists it.
func (r checkRule) String() string {
	switch r {
	case checkPerRow:
		return "row"
	case checkComplete:
		return "complete"
	}
	return "try"
}

// ruleOf returns the check rule of the algorithm a.
func ruleOf(a queens.Algorithm) checkRule {
	switch a.Name {
	case "bitboard":
		return checkPerRow
	case "permute":
		return checkComplete
	}
	return checkPerTry
}

// stepState is the state of a search after its first Step events: what
// the page needs to draw that step without the events before it.
type stepState struct {
	Step      int    `json:"step"`
	Queens    []int  `json:"queens"` // column of the queen in each row, -1 for none
	Placed    uint64 `json:"placed"`
	Removed   uint64 `json:"removed"`
	Solutions uint64 `json:"solutions"`
	Checks    uint64 `json:"checks"`
	// Work is the work of the search so far, in its algorithm's unit:
	// the sum of the Work of the events before Step.
	Work uint64 `json:"work"`
	// Tree is the search tree so far, as much of it as hangs on the path
	// to the queens on the board: Tree[r] holds the squares of row r
	// tried under the queens of rows 0..r-1. The subtrees the search has
	// left are folded into their root's counts.
	Tree []treeLevel `json:"tree"`
}

// treeLevel is the part of the search tree in one row: the squares tried
// under the current path, in the order tried.
type treeLevel struct {
	Nodes []treeNode `json:"nodes"`
	Dead  bool       `json:"dead,omitempty"` // the row had no free square
}

// treeNode is one square tried.
type treeNode struct {
	Col      int    `json:"c"`
	At       int    `json:"at"`          // the step just after its try
	Attacked bool   `json:"x,omitempty"` // the try found it attacked, blocked or excluded: pruned
	Open     bool   `json:"o,omitempty"` // its queen stands on the board
	Placed   uint64 `json:"p"`           // queens placed in its subtree, its own included
	Found    uint64 `json:"k"`           // solutions in its subtree
	Rejected bool   `json:"r,omitempty"` // a complete placement that is no solution (permute)
}

// newStepState returns the state of a search of rule on an n×n board
// before its first event.
func newStepState(n int, rule checkRule) *stepState {
	s := &stepState{Queens: make([]int, n), Tree: make([]treeLevel, n)}
	for i := range s.Queens {
		s.Queens[i] = -1
	}
	for i := range s.Tree {
		s.Tree[i].Nodes = []treeNode{}
	}
	if rule == checkPerRow {
		s.Checks = 1 // the first row's masks, before any event
	}
	return s
}

// apply moves the state past the event e.
func (s *stepState) apply(e *queens.Event, rule checkRule) {
	n := len(s.Queens)
	s.Work += e.Work
	switch e.Kind {
	case queens.EventTry:
		if rule != checkPerRow {
			s.Checks++
		}
		lv := &s.Tree[e.Row]
		lv.Nodes = append(lv.Nodes, treeNode{Col: e.Col, At: s.Step + 1, Attacked: e.Conflict != -1})
	case queens.EventPlace:
		s.Queens[e.Row] = e.Col
		s.Placed++
		if rule == checkPerRow && e.Row < n-1 {
			s.Checks++ // the masks of the next row
		}
		for r := range e.Row {
			if node := s.openNode(r); node != nil {
				node.Placed++
			}
		}
		lv := &s.Tree[e.Row]
		if k := len(lv.Nodes); k == 0 || lv.Nodes[k-1].Col != e.Col {
			lv.Nodes = append(lv.Nodes, treeNode{Col: e.Col, At: s.Step + 1}) // placed without a try
		}
		node := &lv.Nodes[len(lv.Nodes)-1]
		node.Open = true
		node.Placed++
		s.clearBelow(e.Row)
	case queens.EventRemove:
		s.Queens[e.Row] = -1
		s.Removed++
		if node := s.openNode(e.Row); node != nil {
			node.Open = false
		}
		s.clearBelow(e.Row)
	case queens.EventSolution:
		s.Solutions++
		if rule == checkComplete {
			s.Checks += uint64(n - 1)
		}
		for r := range n {
			if node := s.openNode(r); node != nil {
				node.Found++
			}
		}
	case queens.EventDeadEnd:
		if rule == checkComplete && e.Depth == n {
			s.Checks += uint64(e.Row) // rows 1..Row compared with those above
			if node := s.openNode(n - 1); node != nil {
				node.Rejected = true
			}
		} else {
			s.Tree[e.Row].Dead = true
		}
	}
	s.Step++
}

// openNode returns the node of row r whose queen stands, the last one
// tried, or nil when the row has none.
func (s *stepState) openNode(r int) *treeNode {
	lv := s.Tree[r].Nodes
	if len(lv) == 0 {
		return nil
	}
	return &lv[len(lv)-1]
}

// clearBelow forgets the row below row r: a queen placed in row r starts
// it afresh, and one taken back folds it into its counts.
func (s *stepState) clearBelow(r int) {
	if r+1 < len(s.Tree) {
		s.Tree[r+1] = treeLevel{Nodes: s.Tree[r+1].Nodes[:0]}
	}
}

// stepsEnd is the last record of a steps answer when the search ended in
// it: the number of events of the whole search and its work.
type stepsEnd struct {
	Events   int          `json:"events"`
	Complete bool         `json:"complete"`
	Stats    queens.Stats `json:"stats"`
	Error    string       `json:"error,omitempty"`
}

// steps streams the events of one algorithm's search from event number
// from on, count of them at most (all when count is 0 or missing). The
// first line is {"start": state}, the state before event from; each event
// follows on a line of its own as [kind, row, col, conflict, work]; when the
// search ends within the answer, a last line {"end": {...}} says so.
//
// The search runs from its start each time and skips the events before
// from, so that any step is reachable and neither side keeps the events
// it does not show. A client that reads slowly holds the search back.
func (s *server) steps(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, stepsMaxN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	n := srch.n
	from, err := intParam(q, "from", 0, 0, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	count, err := intParam(q, "count", 0, 0, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()

	ctx, cancel := context.WithTimeout(r.Context(), s.opts.TraceTimeout)
	defer cancel()
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Now().Add(s.opts.TraceTimeout + 5*time.Second))
	// A client that reads slowly holds the search in a write; at the time
	// limit that write fails at once, and the client goes on from the last
	// step it got with a new request.
	stopWrites := context.AfterFunc(ctx, func() { rc.SetWriteDeadline(time.Now()) })
	defer stopWrites()
	hd := w.Header()
	hd.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	if r.Method == http.MethodHead {
		return
	}

	bw := bufio.NewWriterSize(w, 32<<10)
	rule := srch.rule
	state := newStepState(n, rule)
	var (
		writeErr error
		started  bool // the start record is written
		stopped  bool // count events are sent, the search did not end
		sent     int
		buf      []byte
	)
	flush := func() {
		if writeErr == nil {
			writeErr = bw.Flush()
		}
		if writeErr == nil {
			writeErr = rc.Flush()
		}
	}
	writeRecord := func(v any) {
		b, _ := json.Marshal(v)
		bw.Write(b)
		bw.WriteByte('\n')
	}
	start := func() {
		started = true
		writeRecord(struct {
			Start *stepState `json:"start"`
		}{state})
		flush()
	}
	stats, searchErr := srch.run(ctx, func(e queens.Event) bool {
		if state.Step < from {
			state.apply(&e, rule)
			return true
		}
		if !started {
			start()
		}
		if count > 0 && sent == count {
			stopped = true
			return false
		}
		buf = append(buf[:0], '[')
		buf = strconv.AppendInt(buf, int64(e.Kind), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(e.Row), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(e.Col), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(e.Conflict), 10)
		buf = append(buf, ',')
		buf = strconv.AppendUint(buf, e.Work, 10)
		buf = append(buf, ']', '\n')
		if _, err := bw.Write(buf); err != nil {
			writeErr = err
			return false
		}
		state.apply(&e, rule)
		if sent++; sent%flushEvery == 0 {
			flush()
		}
		return writeErr == nil
	})
	if writeErr != nil {
		return // the client is gone
	}
	if !started {
		start() // from is at or past the end: the state there is the last one
	}
	if stopped {
		flush()
		return
	}
	end := stepsEnd{Events: state.Step, Complete: searchErr == nil, Stats: stats}
	switch {
	case errors.Is(searchErr, context.DeadlineExceeded):
		end.Error = translate(w, fmt.Sprintf("the trace took longer than %s and was stopped", s.opts.TraceTimeout))
	case searchErr != nil:
		end.Error = trimLibraryPrefix(searchErr)
	}
	writeRecord(struct {
		End stepsEnd `json:"end"`
	}{end})
	flush()
}

// summary is what the page knows of a whole search before it plays it:
// its number of events, its work, and the time it takes without anybody
// watching.
type summary struct {
	Algo      string  `json:"algo"`
	N         int     `json:"n"`
	Events    int     `json:"events"`
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Checks    uint64  `json:"checks"`
	Work      uint64  `json:"work"` // in the algorithm's own unit
	SearchMS  float64 `json:"search_ms"`
}

// maxSummaries bounds the summaries kept: there are few plain searches,
// but as many instances as a client cares to send.
const maxSummaries = 4096

// summaries keeps the summaries computed so far; a search of the same
// algorithm and board always has the same summary.
type summaries struct {
	mu   sync.Mutex
	done map[string]summary
}

// summarize answers the summary of one algorithm's search on one board.
// Like a count it runs the whole search, so the count's time limit bounds
// it, not the shorter one of a stream.
func (s *server) summarize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, stepsMaxN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	n := srch.n
	key := srch.key
	s.sums.mu.Lock()
	sum, ok := s.sums.done[key]
	s.sums.mu.Unlock()
	if ok {
		writeJSON(w, sum)
		return
	}
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()
	sum = summary{Algo: srch.name, N: n}
	stats, err := srch.run(ctx, func(queens.Event) bool { sum.Events++; return true })
	if err == nil {
		start := time.Now()
		_, err = srch.run(ctx, nil)
		sum.SearchMS = float64(time.Since(start).Microseconds()) / 1000
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search was stopped: %s", trimLibraryPrefix(err)))
		return
	}
	sum.Solutions, sum.Nodes, sum.Checks, sum.Work = stats.Solutions, stats.Nodes, stats.Checks, stats.Work
	s.sums.mu.Lock()
	if s.sums.done == nil || len(s.sums.done) >= maxSummaries {
		s.sums.done = make(map[string]summary) // instances are many: start afresh
	}
	s.sums.done[key] = sum
	s.sums.mu.Unlock()
	writeJSON(w, sum)
}

// locate answers {"step": s}, within the time limit of a count: the solution-th solution of a search, or
// its placement-th queen placed, is the event before step s. Exactly one
// of the two parameters is given; a search with fewer solutions or
// placements gets 400. Step 0 stands for placement 0.
func (s *server) locate(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, stepsMaxN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	n := srch.n
	kind, what := queens.EventSolution, "solution"
	if q.Has("placement") {
		kind, what = queens.EventPlace, "placement"
	}
	lo := 1
	if kind == queens.EventPlace {
		lo = 0
	}
	k, err := intParam(q, what, -1, lo, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if q.Has("solution") && q.Has("placement") {
		writeError(w, http.StatusBadRequest, "give solution or placement, not both")
		return
	}
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()
	step, found := 0, 0
	var stats queens.Stats
	if k > 0 {
		stats, err = srch.run(ctx, func(e queens.Event) bool {
			step++
			if e.Kind == kind {
				found++
			}
			return found < k
		})
	}
	switch {
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search was stopped: %s", trimLibraryPrefix(err)))
	case found < k && kind == queens.EventSolution:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("the %d×%d board has %d solutions, not %d", n, n, stats.Solutions, k))
	case found < k:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("the search of the %d×%d board places %d queens, not %d", n, n, stats.Nodes, k))
	default:
		writeJSON(w, struct {
			Step int `json:"step"`
		}{step})
	}
}
