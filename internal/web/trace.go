package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/queenslab/queens"
)

// traceEnd is the last record of a trace: how many events came, and
// whether the search ended or the cap or an error cut it short.
type traceEnd struct {
	Events    int    `json:"events"`
	Solutions uint64 `json:"solutions"` // solution events among them
	Complete  bool   `json:"complete"`  // the search ran to its end
	Truncated bool   `json:"truncated"` // the cap stopped it: more events would follow
	Limit     int    `json:"limit"`     // the cap of this request
	Error     string `json:"error,omitempty"`
}

// flushEvery is the number of events between two flushes of a trace, so
// that the page can start playing before the search ends.
const flushEvery = 2048

// trace streams the events of one algorithm's search. NDJSON carries one
// event per line and a last line {"end": {...}}; SSE carries one "message"
// per event and a last "end" event with the same record. The header
// X-Queens-Event-Limit tells the cap of the request.
func (s *server) trace(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	srch, err := searchOf(q, func(a queens.Algorithm) int { return min(a.MaxN, MaxTraceN) })
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	limit, err := intParam(q, "limit", s.opts.MaxEvents, 1, s.opts.MaxEvents)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	sse, err := wantsSSE(r)
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

	hd := w.Header()
	if sse {
		hd.Set("Content-Type", "text/event-stream")
	} else {
		hd.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	}
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Queens-Event-Limit", strconv.Itoa(limit))
	hd.Set("X-Accel-Buffering", "no")
	if r.Method == http.MethodHead {
		return
	}

	bw := bufio.NewWriterSize(w, 32<<10)
	enc := json.NewEncoder(bw)
	var (
		end      = traceEnd{Limit: limit}
		writeErr error
	)
	flush := func() {
		if writeErr == nil {
			writeErr = bw.Flush()
		}
		if writeErr == nil {
			writeErr = rc.Flush()
		}
	}
	_, searchErr := srch.run(ctx, func(e queens.Event) bool {
		if end.Events == limit {
			end.Truncated = true
			return false
		}
		if sse {
			bw.WriteString("data: ")
		}
		if err := enc.Encode(e); err != nil {
			writeErr = err
			return false
		}
		if sse {
			bw.WriteByte('\n')
		}
		end.Events++
		if e.Kind == queens.EventSolution {
			end.Solutions++
		}
		if end.Events%flushEvery == 0 {
			flush()
		}
		return writeErr == nil
	})
	if writeErr != nil {
		return // the client is gone
	}
	switch {
	case errors.Is(searchErr, context.DeadlineExceeded):
		end.Error = translate(w, fmt.Sprintf("the trace took longer than %s and was stopped", s.opts.TraceTimeout))
	case searchErr != nil:
		end.Error = trimLibraryPrefix(searchErr)
	default:
		end.Complete = !end.Truncated
	}
	if sse {
		bw.WriteString("event: end\ndata: ")
		enc.Encode(end)
		bw.WriteByte('\n')
	} else {
		enc.Encode(struct {
			End traceEnd `json:"end"`
		}{end})
	}
	flush()
}

// trimLibraryPrefix returns the message of a library error without the
// "queens: " prefix that some of them carry.
func trimLibraryPrefix(err error) string {
	msg := err.Error()
	if len(msg) > len("queens: ") && msg[:len("queens: ")] == "queens: " {
		return msg[len("queens: "):]
	}
	return msg
}
