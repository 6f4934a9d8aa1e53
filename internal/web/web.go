// Package web serves the queens page and the small API behind it: a view
// that replays the search of any algorithm of [queens.Algorithms] (or of
// an instance, algo=instance, through [queens.Instance.Trace]) step by
// step, a gallery of the solutions of small boards, and a live count of
// larger ones. The page is embedded in the binary and works offline.
//
// The API's routes are registered in [Handler] and listed in
// CONTRIBUTING.md. The steps of a search start with the state before the
// first event sent, so that the page shows any step of a search of up to
// [MaxSteps] events without keeping the events before it. The page and
// the API's errors come in English or Chinese (lang, else the page's
// switch, else Accept-Language); results are the same in every language.
// Bad parameters get HTTP 400 and {"error": "..."}. Every request is
// bounded in size and time, and only a few searches and counts run at
// once, so that one browser tab cannot take the machine down.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens"
)

//go:embed static
var staticFiles embed.FS

// Limits of the API that the options cannot change.
const (
	// MaxTraceN is the largest board whose search the page replays.
	MaxTraceN = 16
	// MaxGalleryN is the largest board whose solutions the gallery lists.
	MaxGalleryN = 12
	// MaxPageSize is the most solutions one /api/solutions answer holds.
	MaxPageSize = 1000
)

// Defaults of [Options].
const (
	DefaultMaxCountN    = 18
	DefaultMaxEvents    = 200_000
	DefaultMaxCounts    = 2
	DefaultMaxTraces    = 4
	DefaultCountTimeout = 10 * time.Minute
	DefaultTraceTimeout = time.Minute
)

// ErrOptions is wrapped by the error of [Handler] for options out of range.
var ErrOptions = errors.New("bad server options")

// Options bounds the work the server does. The zero value of a field means
// its default.
type Options struct {
	// MaxCountN is the largest board that /api/count counts, at most
	// [queens.MaxN]; default [DefaultMaxCountN].
	MaxCountN int
	// MaxEvents caps the events of one /api/trace answer; default
	// [DefaultMaxEvents]. The steps the page plays, /api/steps, have no
	// cap: the boards they accept are bounded by [MaxSteps] instead.
	MaxEvents int
	// MaxCounts is the number of counts that may run at once; more get HTTP
	// 503. Default [DefaultMaxCounts].
	MaxCounts int
	// MaxTraces is the number of traces that may stream at once; more get
	// HTTP 503. Default [DefaultMaxTraces].
	MaxTraces int
	// CountTimeout stops a count that runs longer; default
	// [DefaultCountTimeout].
	CountTimeout time.Duration
	// TraceTimeout stops a trace that streams longer; default
	// [DefaultTraceTimeout].
	TraceTimeout time.Duration
	// CountWorkers is the number of goroutines of one count; 0 means one
	// per CPU.
	CountWorkers int
	// LoopbackOnly makes the server refuse requests whose Host header is
	// not a loopback name or address. A server that listens on loopback
	// should set it: then a web page elsewhere cannot reach it by pointing
	// one of its own host names at 127.0.0.1.
	LoopbackOnly bool
}

// withDefaults returns o with its zero fields set to their defaults, or an
// error for a field out of range.
func (o Options) withDefaults() (Options, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.MaxCountN, DefaultMaxCountN)
	def(&o.MaxEvents, DefaultMaxEvents)
	def(&o.MaxCounts, DefaultMaxCounts)
	def(&o.MaxTraces, DefaultMaxTraces)
	if o.CountTimeout == 0 {
		o.CountTimeout = DefaultCountTimeout
	}
	if o.TraceTimeout == 0 {
		o.TraceTimeout = DefaultTraceTimeout
	}
	switch {
	case o.MaxCountN < 1 || o.MaxCountN > queens.MaxN:
		return o, fmt.Errorf("%w: the largest N to count must be from 1 to %d, got %d", ErrOptions, queens.MaxN, o.MaxCountN)
	case o.MaxEvents < 1:
		return o, fmt.Errorf("%w: the event cap must be positive, got %d", ErrOptions, o.MaxEvents)
	case o.MaxCounts < 1 || o.MaxTraces < 1:
		return o, fmt.Errorf("%w: the numbers of concurrent counts and traces must be positive", ErrOptions)
	case o.CountTimeout < 0 || o.TraceTimeout < 0:
		return o, fmt.Errorf("%w: timeouts must be positive", ErrOptions)
	case o.CountWorkers < 0:
		return o, fmt.Errorf("%w: the number of count workers must not be negative, got %d", ErrOptions, o.CountWorkers)
	}
	return o, nil
}

// server holds the handlers' shared state: the options and the slots of
// the counts and traces that run.
type server struct {
	opts   Options
	counts chan struct{} // one token per running count
	traces chan struct{} // one token per streaming trace
	sums   summaries     // the summaries of the searches asked for so far
	page   *page         // the page in every language
}

// Handler returns the handler of the page and the API, bounded by opts. It
// returns an error wrapping [ErrOptions] for options out of range.
func Handler(opts Options) (http.Handler, error) {
	s, err := newServer(opts)
	if err != nil {
		return nil, err
	}
	return s.handler(), nil
}

// newServer checks the options and makes the shared state of the handlers.
func newServer(opts Options) (*server, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	assets, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, err
	}
	pg, err := newPage(assets)
	if err != nil {
		return nil, err
	}
	return &server{
		opts:   opts,
		counts: make(chan struct{}, opts.MaxCounts),
		traces: make(chan struct{}, opts.MaxTraces),
		page:   pg,
	}, nil
}

// handler routes the requests to the page and the API.
func (s *server) handler() http.Handler {
	assets, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree always has the directory
	}
	mux := http.NewServeMux()
	mux.Handle("/api/algorithms", get(s.algorithms))
	mux.Handle("/api/limits", get(s.limits))
	mux.Handle("/api/trace", get(s.trace))
	mux.Handle("/api/steps", get(s.steps))
	mux.Handle("/api/summary", get(s.summarize))
	mux.Handle("/api/locate", get(s.locate))
	mux.Handle("/api/jump", get(s.jump))
	mux.Handle("/api/met", get(s.met))
	mux.Handle("/api/gif", get(s.gif))
	mux.Handle("/api/solutions", get(s.solutions))
	mux.Handle("/api/count", get(s.count))
	mux.Handle("/api/messages", get(s.messages))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such API endpoint: %s", r.URL.Path))
	})
	icon, err := fs.ReadFile(assets, "queen.svg")
	if err != nil {
		panic(err) // embedded with the page
	}
	// Browsers ask for /favicon.ico whatever the page links: answer with
	// the page's icon, an SVG, rather than a 404.
	mux.Handle("/favicon.ico", get(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Length", strconv.Itoa(len(icon)))
		if r.Method != http.MethodHead {
			w.Write(icon)
		}
	}))
	mux.Handle("/{$}", get(s.index))
	mux.Handle("/", get(http.FileServerFS(assets).ServeHTTP))
	h := headers(withLang(mux))
	if s.opts.LoopbackOnly {
		h = loopbackOnly(h)
	}
	return h
}

// NewServer returns an HTTP server for addr that serves h with timeouts
// that keep slow or idle clients from holding connections; the trace and
// count streams extend the write timeout to their own limits. Every request's
// context derives from base: cancelling it ends the streams that run, so
// that Shutdown can finish.
func NewServer(addr string, h http.Handler, base context.Context) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // the streams extend their own
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    32 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
}

// get restricts a handler to the GET and HEAD methods.
func get(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s is not allowed; use GET", r.Method))
			return
		}
		h(w, r)
	})
}

// headers sets the headers every answer carries: the page loads nothing
// from elsewhere and runs no inline script.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			hd.Set("Cache-Control", "no-cache")
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackOnly refuses requests whose Host is not a loopback name or
// address.
func loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLoopbackHost(r.Host) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not a loopback address; this server answers only on loopback", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// isLoopbackHost reports whether host, with or without a port, names the
// local machine: localhost, or a loopback IP address.
func isLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errorBody is the JSON body of every error answer.
type errorBody struct {
	Error string `json:"error"`
}

// writeError answers with the status code and a JSON error body.
func writeError(w http.ResponseWriter, code int, msg string) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(errorBody{Error: translate(w, msg)})
}

// writeJSON answers 200 with v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

// paramError is a bad query parameter; its message is the one the client
// sees.
type paramError struct{ msg string }

func (e *paramError) Error() string { return e.msg }

// intParam parses the query parameter name as a whole number from lo to
// hi. A missing or empty parameter means def; a def below lo makes the
// parameter required.
func intParam(q map[string][]string, name string, def, lo, hi int) (int, error) {
	vals := q[name]
	if len(vals) > 1 {
		return 0, &paramError{fmt.Sprintf("parameter %s is given %d times", name, len(vals))}
	}
	if len(vals) == 0 || vals[0] == "" {
		if def < lo {
			return 0, &paramError{fmt.Sprintf("parameter %s is missing: it must be a whole number from %d to %d", name, lo, hi)}
		}
		return def, nil
	}
	v, err := strconv.Atoi(vals[0])
	if err != nil || v < lo || v > hi {
		return 0, &paramError{fmt.Sprintf("%s must be a whole number from %d to %d, got %q", name, lo, hi, clip(vals[0]))}
	}
	return v, nil
}

// boolParam parses the query parameter name as a boolean: 1, t, true, 0,
// f, false and the like. A missing or empty parameter means false.
func boolParam(q map[string][]string, name string) (bool, error) {
	vals := q[name]
	if len(vals) > 1 {
		return false, &paramError{fmt.Sprintf("parameter %s is given %d times", name, len(vals))}
	}
	if len(vals) == 0 || vals[0] == "" {
		return false, nil
	}
	v, err := strconv.ParseBool(vals[0])
	if err != nil {
		return false, &paramError{fmt.Sprintf("%s must be 0 or 1, got %q", name, clip(vals[0]))}
	}
	return v, nil
}

// clip shortens a parameter value for an error message.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// algorithmJSON is one algorithm as /api/algorithms lists it.
type algorithmJSON struct {
	Name      string `json:"name"`
	Idea      string `json:"idea"`
	Seed      string `json:"seed"`
	MaxN      int    `json:"max_n"`
	TraceMaxN int    `json:"trace_max_n"` // the largest N /api/trace accepts with it
	StepsMaxN int    `json:"steps_max_n"` // the largest N /api/steps and /api/summary accept with it
	Checks    string `json:"checks"`      // how it counts its checks: "try", "row" or "complete"
	WorkUnit  string `json:"work_unit"`   // the unit of its work, in English: a key of the catalogue
}

// algorithms answers the table of algorithms, in its order.
func (s *server) algorithms(w http.ResponseWriter, r *http.Request) {
	list := []algorithmJSON{}
	for _, a := range queens.Algorithms() {
		list = append(list, algorithmJSON{Name: a.Name, Idea: a.Idea, Seed: a.Seed, MaxN: a.MaxN, TraceMaxN: min(a.MaxN, MaxTraceN), StepsMaxN: stepsMaxN(a), Checks: ruleOf(a).String(), WorkUnit: a.WorkUnit})
	}
	writeJSON(w, list)
}

// limitsJSON are the limits of the server, as /api/limits answers them.
type limitsJSON struct {
	TraceN    int `json:"trace_n"`
	GalleryN  int `json:"gallery_n"`
	CountN    int `json:"count_n"`
	MaxEvents int `json:"max_events"`
	PageSize  int `json:"page_size"`
	MaxCounts int `json:"max_counts"`
	InstanceN int `json:"instance_n"` // the largest board of algo=instance
}

func (s *server) limits(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, limitsJSON{
		TraceN: MaxTraceN, GalleryN: MaxGalleryN, CountN: s.opts.MaxCountN,
		MaxEvents: s.opts.MaxEvents, PageSize: MaxPageSize, MaxCounts: s.opts.MaxCounts,
		InstanceN: MaxInstanceN,
	})
}

// acquire takes a slot of sem without waiting, and reports whether there
// was one.
func acquire(sem chan struct{}) bool {
	select {
	case sem <- struct{}{}:
		return true
	default:
		return false
	}
}

// takeTrace takes a seat for a search streamed or replayed on the server,
// or answers 503 and returns false when every seat is taken. The caller
// gives the seat back with <-s.traces.
func (s *server) takeTrace(w http.ResponseWriter) bool {
	if acquire(s.traces) {
		return true
	}
	w.Header().Set("Retry-After", "2")
	writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the server is streaming %d traces already; try again in a moment", cap(s.traces)))
	return false
}

// wantsSSE reports whether the request asks for Server-Sent Events, by the
// format parameter or by its Accept header, or returns an error for an
// unknown format.
func wantsSSE(r *http.Request) (bool, error) {
	switch f := r.URL.Query().Get("format"); f {
	case "sse":
		return true, nil
	case "ndjson":
		return false, nil
	case "":
		return strings.Contains(r.Header.Get("Accept"), "text/event-stream"), nil
	default:
		return false, &paramError{fmt.Sprintf("format must be ndjson or sse, got %q", clip(f))}
	}
}
