package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/anim"
)

// gif answers the steps from..to of one algorithm's search as an animated
// GIF, drawn as `queens trace --gif` draws it, within the same bounds:
// GET /api/gif?n=&algo=&from=&to=&events=&scale=&caption=&delay=. Steps
// count from 1, the first event; 0 is the empty board. from defaults to
// 1, to to the last step. events lists the kinds of event that make
// frames, as --events does (default: all); scale is 1 to 4; caption=0
// leaves out the sentences below the board, which are in the language of
// the request; delay is the time a frame shows in milliseconds, 20 to
// 10000 (default 200). A range that is empty, off the search or too large
// for a GIF gets 400.
func (s *server) gif(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("algo") == instanceAlgo {
		writeError(w, http.StatusBadRequest, "the GIF export draws the searches of the algorithms, not of an instance")
		return
	}
	srch, err := searchOf(q, func(a queens.Algorithm) int { return min(a.MaxN, MaxTraceN) })
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	algo, err := queens.LookupAlgorithm(srch.name)
	if err != nil {
		writeError(w, http.StatusBadRequest, trimLibraryPrefix(err))
		return
	}
	from, err := intParam(q, "from", 1, 0, MaxSteps)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	to := -1 // the last step
	if q.Get("to") != "" || len(q["to"]) > 1 {
		if to, err = intParam(q, "to", 0, 0, MaxSteps); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	opts, err := gifOptions(q)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	opts.Lang = langOf(r)
	if !s.takeTrace(w) {
		return
	}
	defer func() { <-s.traces }()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.TraceTimeout)
	defer cancel()
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.opts.TraceTimeout + 5*time.Second))

	from, to, err = anim.Span(ctx, algo, srch.n, from, to)
	// The frames are encoded as they are drawn, straight to the answer,
	// whose headers go out with its first bytes.
	out := &lazyWriter{w: w, start: func() {
		hd := w.Header()
		hd.Set("Content-Type", "image/gif")
		hd.Set("Cache-Control", "no-store")
		hd.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="queens-%d-%s-%d-%d.gif"`, srch.n, algo.Name, from, to))
	}}
	if err == nil && r.Method != http.MethodHead {
		_, err = anim.Encode(ctx, out, algo, srch.n, from, to, opts)
	} else if err == nil {
		out.start()
	}
	switch {
	case out.started:
		// An error after the first bytes cuts the answer short.
	case errors.Is(err, anim.ErrRange) || errors.Is(err, anim.ErrTooLarge):
		writeError(w, http.StatusBadRequest, err.Error())
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search was stopped: %s", trimLibraryPrefix(err)))
	}
}

// gifOptions reads the parameters of /api/gif that choose how it draws:
// events, scale, caption and delay.
func gifOptions(q url.Values) (anim.Options, error) {
	var o anim.Options
	if list := q.Get("events"); list != "" {
		for name := range strings.SplitSeq(list, ",") {
			var k queens.EventKind
			if err := k.UnmarshalText([]byte(strings.TrimSpace(name))); err != nil {
				return o, &paramError{fmt.Sprintf("events takes try, place, remove, solution and deadend, got %q", clip(name))}
			}
			o.Kinds = append(o.Kinds, k)
		}
	}
	var err error
	if o.Scale, err = intParam(q, "scale", 1, 1, anim.MaxScale); err != nil {
		return o, err
	}
	caption, err := intParam(q, "caption", 1, 0, 1)
	if err != nil {
		return o, err
	}
	o.NoCaption = caption == 0
	delay, err := intParam(q, "delay", 10*anim.FrameDelay, 20, 10*anim.MaxDelay)
	o.Delay = delay / 10
	return o, err
}

// lazyWriter passes writes on to w, calling start before the first.
type lazyWriter struct {
	w       io.Writer
	start   func()
	started bool
}

func (l *lazyWriter) Write(p []byte) (int, error) {
	if !l.started {
		l.started = true
		l.start()
	}
	return l.w.Write(p)
}
