package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/queenslab/queens"
)

// progressEvery is the time between two progress events of a count.
const progressEvery = 250 * time.Millisecond

// countStart is the data of the "start" event of a count.
type countStart struct {
	N       int `json:"n"`
	Workers int `json:"workers"` // 0: one per CPU
}

// countProgress is the data of a "progress" event of a count. Units and
// the rate and ETA are zero until the engine reports its first unit.
type countProgress struct {
	UnitsDone int      `json:"units_done"`
	Units     int      `json:"units"`
	ElapsedMS float64  `json:"elapsed_ms"`
	Rate      float64  `json:"rate"`             // units per second
	ETAMS     *float64 `json:"eta_ms,omitempty"` // estimated time left, when known
	Found     uint64   `json:"found"`            // solutions in the units finished so far
}

// countResult is the data of the "result" event of a count.
type countResult struct {
	N         int            `json:"n"`
	Total     queens.Uint128 `json:"total"`
	Unique    queens.Uint128 `json:"unique"`
	Nodes     queens.Uint128 `json:"nodes"`
	ElapsedMS float64        `json:"elapsed_ms"`
	Algorithm string         `json:"algorithm"`
}

// count runs one count and streams it as Server-Sent Events: "start", then
// "progress" events four times a second, then "result" or "error". The
// count stops when the client goes away.
func (s *server) count(w http.ResponseWriter, r *http.Request) {
	n, err := intParam(r.URL.Query(), "n", 0, 1, s.opts.MaxCountN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !acquire(s.counts) {
		w.Header().Set("Retry-After", "30")
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the server runs %d counts already; try again when one has finished", cap(s.counts)))
		return
	}
	defer func() { <-s.counts }()

	ctx, cancel := context.WithTimeout(r.Context(), s.opts.CountTimeout)
	defer cancel()
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Now().Add(s.opts.CountTimeout + 5*time.Second))
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	if r.Method == http.MethodHead {
		return
	}
	ev := &eventWriter{w: w, rc: rc}
	ev.send("start", countStart{N: n, Workers: s.opts.CountWorkers})

	var (
		mu    sync.Mutex
		last  queens.Progress
		found uint64 // the running total of the units counted
	)
	type outcome struct {
		res queens.Result
		err error
	}
	done := make(chan outcome, 1)
	start := time.Now()
	go func() {
		res, err := queens.Count(ctx, n, queens.Options{
			Workers: s.opts.CountWorkers,
			Progress: func(p queens.Progress) {
				mu.Lock()
				last = p
				mu.Unlock()
			},
			Record: func(u queens.UnitResult) error {
				mu.Lock()
				found += u.Total
				mu.Unlock()
				return nil
			},
		})
		done <- outcome{res, err}
	}()
	progress := func() countProgress {
		mu.Lock()
		p, f := last, found
		mu.Unlock()
		cp := progressOf(p, time.Since(start))
		cp.Found = f
		return cp
	}

	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			ev.send("progress", progress())
		case out := <-done:
			// The count has stopped: it no longer holds the CPUs, so its
			// slot may go to the next one even if the client has left.
			switch {
			case out.err == nil:
				ev.send("progress", progress())
				res := out.res
				ev.send("result", countResult{N: res.N, Total: res.Total, Unique: res.Unique, Nodes: res.Nodes,
					ElapsedMS: millis(res.Elapsed), Algorithm: res.Algorithm})
			case errors.Is(out.err, context.Canceled):
				ev.send("error", errorBody{translate(w, "the count was cancelled")})
			case errors.Is(out.err, context.DeadlineExceeded):
				ev.send("error", errorBody{translate(w, fmt.Sprintf("the count took longer than %s and was stopped", s.opts.CountTimeout))})
			default:
				ev.send("error", errorBody{translate(w, trimLibraryPrefix(out.err))})
			}
			return
		}
	}
}

// progressOf turns the progress the engine reports into a progress event,
// with the rate of units and an estimate of the time left: from the
// share of the estimated work done where the engine weighs its units,
// else from the share of the units.
func progressOf(p queens.Progress, elapsed time.Duration) countProgress {
	if p.Elapsed > 0 {
		elapsed = max(elapsed, p.Elapsed)
	}
	cp := countProgress{UnitsDone: p.UnitsDone, Units: p.Units, ElapsedMS: millis(elapsed)}
	if p.UnitsDone > 0 && elapsed > 0 {
		cp.Rate = float64(p.UnitsDone) / elapsed.Seconds()
		switch {
		case p.Work > 0 && p.WorkDone > p.WorkResumed:
			eta := millis(elapsed) * max(0, p.Work-p.WorkDone) / (p.WorkDone - p.WorkResumed)
			cp.ETAMS = &eta
		case p.Work == 0 && p.Units >= p.UnitsDone:
			eta := float64(p.Units-p.UnitsDone) / cp.Rate * 1000
			cp.ETAMS = &eta
		}
	}
	return cp
}

// millis returns d in milliseconds.
func millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}

// eventWriter writes Server-Sent Events and flushes each one. After the
// first failed write it writes nothing more.
type eventWriter struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

// send writes one event with the given name and v as JSON data.
func (e *eventWriter) send(name string, v any) {
	if e.err != nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		e.err = err
		return
	}
	if _, e.err = fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", name, data); e.err == nil {
		e.err = e.rc.Flush()
	}
}
