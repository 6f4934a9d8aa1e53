package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

// known are the totals and unique counts of the small boards.
var known = []struct{ total, unique int }{
	{}, {1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12}, {352, 46}, {724, 92}, {2680, 341}, {14200, 1787},
}

func testServer(t *testing.T, opts Options) *server {
	t.Helper()
	s, err := newServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// request runs one request against h and returns the answer.
func request(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// decodeJSON decodes the body of a 200 JSON answer into v.
func decodeJSON(t *testing.T, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d, want 200; body %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("decoding %s: %v", rec.Body, err)
	}
}

// wantError checks that an answer is a JSON error with the status code
// and a message that contains each of the words.
func wantError(t *testing.T, rec *httptest.ResponseRecorder, code int, words ...string) {
	t.Helper()
	if rec.Code != code {
		t.Errorf("status %d, want %d; body %s", rec.Code, code, rec.Body)
		return
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("error Content-Type %q, want application/json", ct)
	}
	var body map[string]string
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body["error"] == "" || len(body) != 1 {
		t.Errorf("error body %q, want {\"error\": \"...\"} (%v)", rec.Body, err)
		return
	}
	for _, w := range words {
		if !strings.Contains(body["error"], w) {
			t.Errorf("error %q does not mention %q", body["error"], w)
		}
	}
}

func TestBadInput(t *testing.T) {
	h := testServer(t, Options{}).handler()
	// An algorithm that cannot trace N = 16, if the table has one.
	small := ""
	for _, a := range queens.Algorithms() {
		if a.MaxN < MaxTraceN {
			small = fmt.Sprintf("/api/trace?algo=%s&n=%d", a.Name, a.MaxN+1)
			break
		}
	}
	for _, tc := range []struct {
		target string
		code   int
		words  []string
	}{
		{"/api/trace?n=abc", 400, []string{"n must be", `"abc"`}},
		{"/api/trace", 400, []string{"n is missing"}},
		{"/api/trace?n=", 400, []string{"n is missing"}},
		{"/api/trace?n=0", 400, []string{"from 1 to 16"}},
		{"/api/trace?n=17&algo=bitboard", 400, []string{"from 1 to 16"}},
		{"/api/trace?n=-3", 400, nil},
		{"/api/trace?n=8.5", 400, nil},
		{"/api/trace?n=99999999999999999999999", 400, nil},
		{"/api/trace?n=8&n=9", 400, []string{"2 times"}},
		{"/api/trace?n=8&algo=nope", 400, []string{"unknown algorithm", "nope", "bitboard"}},
		{"/api/trace?n=8&limit=200001", 400, []string{"limit", "200000"}},
		{"/api/trace?n=8&limit=0", 400, []string{"limit"}},
		{"/api/trace?n=8&limit=many", 400, []string{"limit"}},
		{"/api/trace?n=8&format=xml", 400, []string{"format"}},
		{"/api/solutions", 400, []string{"n is missing"}},
		{"/api/solutions?n=abc", 400, []string{"n must be"}},
		{"/api/solutions?n=13", 400, []string{"from 1 to 12"}},
		{"/api/solutions?n=8&offset=-1", 400, []string{"offset"}},
		{"/api/solutions?n=8&limit=0", 400, []string{"limit"}},
		{"/api/solutions?n=8&limit=1001", 400, []string{"limit", "1000"}},
		{"/api/solutions?n=8&unique=maybe", 400, []string{"unique"}},
		{"/api/solutions?n=8&class=2", 400, []string{"class"}},
		{"/api/count", 400, []string{"n is missing"}},
		{"/api/count?n=abc", 400, []string{"n must be"}},
		{"/api/count?n=19", 400, []string{"from 1 to 18"}},
		{"/api/count?n=0", 400, nil},
		{"/api/nothing", 404, []string{"/api/nothing"}},
	} {
		t.Run(tc.target, func(t *testing.T) {
			wantError(t, request(h, "GET", tc.target), tc.code, tc.words...)
		})
	}
	if small != "" {
		t.Run(small, func(t *testing.T) {
			wantError(t, request(h, "GET", small), 400, "from 1 to")
		})
	}
	for _, target := range []string{"/api/trace?n=8", "/api/count?n=8", "/"} {
		rec := request(h, "POST", target)
		wantError(t, rec, 405, "POST")
		if rec.Header().Get("Allow") == "" {
			t.Errorf("POST %s: no Allow header", target)
		}
	}
	if rec := request(h, "GET", "/no-such-file.html"); rec.Code != 404 {
		t.Errorf("GET /no-such-file.html: status %d, want 404", rec.Code)
	}
}

func TestOptions(t *testing.T) {
	for _, opts := range []Options{
		{MaxCountN: queens.MaxN + 1},
		{MaxCountN: -1},
		{MaxEvents: -5},
		{MaxCounts: -1},
		{CountTimeout: -time.Second},
		{CountWorkers: -2},
	} {
		if _, err := Handler(opts); !errors.Is(err, ErrOptions) {
			t.Errorf("Handler(%+v) error = %v, want ErrOptions", opts, err)
		}
	}
	s := testServer(t, Options{MaxCountN: 12})
	wantError(t, request(s.handler(), "GET", "/api/count?n=13"), 400, "from 1 to 12")
	var lim limitsJSON
	decodeJSON(t, request(s.handler(), "GET", "/api/limits"), &lim)
	want := limitsJSON{TraceN: MaxTraceN, GalleryN: MaxGalleryN, CountN: 12, MaxEvents: DefaultMaxEvents, PageSize: MaxPageSize, MaxCounts: DefaultMaxCounts, InstanceN: MaxInstanceN}
	if lim != want {
		t.Errorf("limits = %+v, want %+v", lim, want)
	}
}

func TestStatic(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, tc := range []struct{ path, ctype, contains string }{
		{"/", "text/html", `<script type="module" src="js/main.js"`},
		{"/js/main.js", "javascript", "import"},
		{"/js/steps.js", "javascript", "api/steps"},
		{"/style.css", "text/css", ".board"},
		{"/queen.svg", "image/svg+xml", "<svg"},
		{"/favicon.ico", "image/svg+xml", "<svg"},
	} {
		rec := request(h, "GET", tc.path)
		if rec.Code != 200 {
			t.Errorf("GET %s: status %d", tc.path, rec.Code)
			continue
		}
		if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, tc.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %s", tc.path, ct, tc.ctype)
		}
		if !strings.Contains(rec.Body.String(), tc.contains) {
			t.Errorf("GET %s: body lacks %q", tc.path, tc.contains)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
	// Nothing of the page comes from elsewhere, and every module that a
	// module imports is there.
	modules, err := fs.Glob(staticFiles, "static/js/*.js")
	if err != nil || len(modules) < 5 {
		t.Fatalf("modules %v, %v", modules, err)
	}
	imports := 0
	importRE := regexp.MustCompile(`(?m)^import [^;]* from '\./([a-z]+\.js)';$`)
	for _, path := range append([]string{"/", "/style.css"}, modules...) {
		path = strings.TrimPrefix(path, "static")
		rec := request(h, "GET", path)
		body := rec.Body.String()
		// The policy forbids inline styles: a style attribute in markup
		// the page writes would be dropped, with a console error.
		if strings.Contains(body, ` style="`) || strings.Contains(body, ` style='`) {
			t.Errorf("%s writes a style attribute, which the page's Content-Security-Policy blocks", path)
		}
		if strings.HasSuffix(path, ".js") {
			if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
				t.Errorf("GET %s: Content-Type %q", path, ct)
			}
			for _, m := range importRE.FindAllStringSubmatch(body, -1) {
				imports++
				if _, err := fs.Stat(staticFiles, "static/js/"+m[1]); err != nil {
					t.Errorf("%s imports %s, which is missing", path, m[1])
				}
			}
		}
		body = strings.ReplaceAll(body, "http://www.w3.org/2000/svg", "")
		if strings.Contains(body, "://") {
			t.Errorf("%s refers to another site", path)
		}
	}
	if imports < len(modules) {
		t.Errorf("%d imports among %d modules: the pattern misses them", imports, len(modules))
	}
}

func TestLoopbackOnly(t *testing.T) {
	h := testServer(t, Options{LoopbackOnly: true}).handler()
	for host, ok := range map[string]bool{
		"127.0.0.1:8080": true, "localhost": true, "LOCALHOST:80": true, "[::1]:8080": true, "127.1.2.3": true,
		"example.com": false, "192.168.1.2:8080": false, "localhost.example.com": false, "": false,
	} {
		req := httptest.NewRequest("GET", "/api/limits", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if ok && rec.Code != 200 {
			t.Errorf("Host %q: status %d, want 200", host, rec.Code)
		}
		if !ok {
			wantError(t, rec, 403, "loopback")
		}
	}
}

func TestAlgorithms(t *testing.T) {
	var list []algorithmJSON
	decodeJSON(t, request(testServer(t, Options{}).handler(), "GET", "/api/algorithms"), &list)
	table := queens.Algorithms()
	if len(list) != len(table) {
		t.Fatalf("%d algorithms, want the %d of the table", len(list), len(table))
	}
	for i, a := range table {
		got := list[i]
		if got.Name != a.Name || got.Idea != a.Idea || got.Seed != a.Seed || got.MaxN != a.MaxN || got.TraceMaxN != min(a.MaxN, MaxTraceN) {
			t.Errorf("algorithm %d = %+v, want %s with max %d", i, got, a.Name, a.MaxN)
		}
		if got.Idea == "" {
			t.Errorf("algorithm %s has no idea to show", a.Name)
		}
		if got.StepsMaxN < 8 || got.StepsMaxN > got.MaxN || got.StepsMaxN != stepsMaxN(a) {
			t.Errorf("algorithm %s: the page plays it up to N=%d, want 8 to %d", a.Name, got.StepsMaxN, got.MaxN)
		}
		if got.Checks != ruleOf(a).String() || (got.Checks != "try" && got.Checks != "row" && got.Checks != "complete") {
			t.Errorf("algorithm %s: check rule %q", a.Name, got.Checks)
		}
		if got.WorkUnit != a.WorkUnit || got.WorkUnit == "" {
			t.Errorf("algorithm %s: unit of work %q, want %q", a.Name, got.WorkUnit, a.WorkUnit)
		}
	}
}

// traceLines runs a trace request and returns its events and end record.
func traceLines(t *testing.T, h http.Handler, target string) ([]queens.Event, traceEnd) {
	t.Helper()
	rec := request(h, "GET", target)
	if rec.Code != 200 {
		t.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
		t.Fatalf("Content-Type %q, want application/x-ndjson", ct)
	}
	var (
		events []queens.Event
		end    *traceEnd
	)
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		if end != nil {
			t.Fatalf("line after the end record: %s", sc.Text())
		}
		var rec struct {
			End *traceEnd `json:"end"`
			queens.Event
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if rec.End != nil {
			end = rec.End
			continue
		}
		events = append(events, rec.Event)
	}
	if end == nil {
		t.Fatalf("GET %s: no end record", target)
	}
	return events, *end
}

// replay checks a whole trace: places and removes alternate properly, and
// each solution event reports the queens on the board, valid and new. It
// returns the solutions.
func replay(t *testing.T, n int, events []queens.Event) []queens.Solution {
	t.Helper()
	board := make([]int, n)
	for i := range board {
		board[i] = -1
	}
	var sols []queens.Solution
	for i, e := range events {
		if e.Row < 0 || e.Row >= n || e.Col < -1 || e.Col >= n {
			t.Fatalf("event %d: %+v off the board", i, e)
		}
		switch e.Kind {
		case queens.EventTry:
			if e.Conflict >= 0 && board[e.Conflict] < 0 {
				t.Fatalf("event %d: %+v names row %d, which has no queen", i, e, e.Conflict)
			}
		case queens.EventPlace:
			if board[e.Row] != -1 {
				t.Fatalf("event %d: %+v on a row that has a queen", i, e)
			}
			board[e.Row] = e.Col
		case queens.EventRemove:
			if board[e.Row] != e.Col {
				t.Fatalf("event %d: %+v takes a queen that is not there", i, e)
			}
			board[e.Row] = -1
		case queens.EventSolution:
			if !slices.Equal(e.Queens, board) {
				t.Fatalf("event %d: solution %v, but the board holds %v", i, e.Queens, board)
			}
			if err := e.Queens.Validate(); err != nil {
				t.Fatalf("event %d: %v", i, err)
			}
			if slices.ContainsFunc(sols, func(s queens.Solution) bool { return slices.Equal(s, e.Queens) }) {
				t.Fatalf("event %d: solution %v again", i, e.Queens)
			}
			if e.Index != uint64(len(sols)+1) {
				t.Fatalf("event %d: solution index %d, want %d", i, e.Index, len(sols)+1)
			}
			sols = append(sols, e.Queens.Clone())
		case queens.EventDeadEnd:
		default:
			t.Fatalf("event %d: unknown kind %v", i, e.Kind)
		}
	}
	return sols
}

// TestTraceEveryAlgorithm replays the whole trace of every algorithm on a
// board it can finish and checks its solutions against the library's.
func TestTraceEveryAlgorithm(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, a := range queens.Algorithms() {
		for _, n := range []int{1, 4, 6} {
			if n > a.MaxN {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", a.Name, n), func(t *testing.T) {
				events, end := traceLines(t, h, fmt.Sprintf("/api/trace?n=%d&algo=%s", n, a.Name))
				if !end.Complete || end.Truncated || end.Error != "" || end.Events != len(events) || end.Limit != DefaultMaxEvents {
					t.Errorf("end record %+v for %d events", end, len(events))
				}
				sols := replay(t, n, events)
				want, _ := queens.Solutions(n)
				var all []queens.Solution
				for s := range want {
					all = append(all, s.Clone())
				}
				slices.SortFunc(sols, slices.Compare)
				if !slices.EqualFunc(sols, all, slices.Equal) {
					t.Errorf("solutions %v, want %v", sols, all)
				}
				if end.Solutions != uint64(len(all)) {
					t.Errorf("end record counts %d solutions, want %d", end.Solutions, len(all))
				}
			})
		}
	}
}

func TestTrace8(t *testing.T) {
	h := testServer(t, Options{}).handler()
	events, end := traceLines(t, h, "/api/trace?n=8&algo=bitboard")
	if sols := replay(t, 8, events); len(sols) != 92 || end.Solutions != 92 || !end.Complete {
		t.Errorf("%d solutions, end %+v; want 92, complete", len(sols), end)
	}
}

func TestTraceCap(t *testing.T) {
	h := testServer(t, Options{}).handler()
	rec := request(h, "GET", "/api/trace?n=8&limit=10")
	if got := rec.Header().Get("X-Queens-Event-Limit"); got != "10" {
		t.Errorf("X-Queens-Event-Limit = %q, want 10", got)
	}
	events, end := traceLines(t, h, "/api/trace?n=8&limit=10")
	if len(events) != 10 || !end.Truncated || end.Complete || end.Limit != 10 || end.Events != 10 {
		t.Errorf("%d events, end %+v; want 10, truncated", len(events), end)
	}
	replay(t, 8, events)

	// A trace exactly as long as the cap is complete.
	full, _ := traceLines(t, h, "/api/trace?n=5")
	events, end = traceLines(t, h, fmt.Sprintf("/api/trace?n=5&limit=%d", len(full)))
	if len(events) != len(full) || end.Truncated || !end.Complete {
		t.Errorf("trace capped at its own length %d: %d events, end %+v; want complete", len(full), len(events), end)
	}

	// The server's cap is the default limit and the most one may ask.
	h = testServer(t, Options{MaxEvents: 100}).handler()
	events, end = traceLines(t, h, "/api/trace?n=8")
	if len(events) != 100 || !end.Truncated || end.Limit != 100 {
		t.Errorf("server cap 100: %d events, end %+v", len(events), end)
	}
	wantError(t, request(h, "GET", "/api/trace?n=8&limit=101"), 400, "limit")
}

func TestTraceSSE(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, tc := range []struct{ target, accept string }{
		{"/api/trace?n=4", "text/event-stream"},
		{"/api/trace?n=4&format=sse", ""},
	} {
		rec := request(h, "GET", tc.target, "Accept", tc.accept)
		if ct := rec.Header().Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("%s: Content-Type %q, want text/event-stream", tc.target, ct)
		}
		events := parseSSE(t, rec.Body)
		var trace []queens.Event
		for _, ev := range events[:len(events)-1] {
			if ev.name != "message" {
				t.Fatalf("event %q before the end", ev.name)
			}
			var e queens.Event
			if err := json.Unmarshal([]byte(ev.data), &e); err != nil {
				t.Fatal(err)
			}
			trace = append(trace, e)
		}
		last := events[len(events)-1]
		var end traceEnd
		if last.name != "end" || json.Unmarshal([]byte(last.data), &end) != nil || !end.Complete || end.Events != len(trace) {
			t.Errorf("last event %+v, want end of %d events", last, len(trace))
		}
		if sols := replay(t, 4, trace); len(sols) != 2 {
			t.Errorf("%d solutions of N=4 in the SSE trace, want 2", len(sols))
		}
	}
}

func TestTraceBusy(t *testing.T) {
	s := testServer(t, Options{MaxTraces: 1})
	s.traces <- struct{}{}
	rec := request(s.handler(), "GET", "/api/trace?n=4")
	wantError(t, rec, 503, "traces")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After header")
	}
	<-s.traces
	if rec := request(s.handler(), "GET", "/api/trace?n=4"); rec.Code != 200 || len(s.traces) != 0 {
		t.Errorf("after the slot is free: status %d, %d slots taken", rec.Code, len(s.traces))
	}
}

func TestSolutions(t *testing.T) {
	h := testServer(t, Options{}).handler()
	var page solutionsJSON
	decodeJSON(t, request(h, "GET", "/api/solutions?n=8&limit=2"), &page)
	first := solutionJSON{Index: 1, Cols: queens.Solution{0, 4, 7, 5, 2, 6, 1, 3}, Text: "1 5 8 6 3 7 2 4", ClassSize: 8}
	if page.N != 8 || page.Total != 92 || page.Limit != 2 || len(page.Solutions) != 2 || !equalSolution(page.Solutions[0], first) {
		t.Errorf("first page of N=8 = %+v", page)
	}

	for n := 1; n <= MaxGalleryN; n++ {
		if !testenv.Slow() && n > 10 {
			break
		}
		// All solutions of the larger boards make many pages: their
		// classes, and the total, are enough.
		if n > 10 {
			decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/solutions?n=%d&limit=1", n)), &page)
			if page.Total != known[n].total {
				t.Errorf("N=%d has %d solutions, want %d", n, page.Total, known[n].total)
			}
		}
		modes := []bool{false, true}
		if n > 10 {
			modes = modes[1:]
		}
		for _, unique := range modes {
			t.Run(fmt.Sprintf("%d/unique=%v", n, unique), func(t *testing.T) {
				checkListing(t, h, n, unique)
			})
		}
	}

	// Beyond the end: an empty page, and the total still.
	decodeJSON(t, request(h, "GET", "/api/solutions?n=8&offset=92"), &page)
	if page.Total != 92 || len(page.Solutions) != 0 || page.Solutions == nil {
		t.Errorf("page beyond the end = %+v, want no solutions and the total 92", page)
	}
}

func equalSolution(a, b solutionJSON) bool {
	return a.Index == b.Index && slices.Equal(a.Cols, b.Cols) && a.Text == b.Text && a.ClassSize == b.ClassSize
}

// checkListing pages through all solutions of n (or one per class) and
// checks them against the library and the known counts.
func checkListing(t *testing.T, h http.Handler, n int, unique bool) {
	const limit = MaxPageSize
	var (
		got        []solutionJSON
		classTotal int
	)
	for offset := 0; ; offset += limit {
		var page solutionsJSON
		decodeJSON(t, request(h, "GET", fmt.Sprintf("/api/solutions?n=%d&offset=%d&limit=%d&unique=%v&class=1", n, offset, limit, unique)), &page)
		want := known[n].total
		if unique {
			want = known[n].unique
		}
		if page.Total != want || page.N != n || page.Unique != unique || page.Offset != offset {
			t.Fatalf("page at %d: n %d, total %d, unique %v; want total %d", offset, page.N, page.Total, page.Unique, want)
		}
		got = append(got, page.Solutions...)
		if offset+limit >= page.Total {
			break
		}
	}
	for i, s := range got {
		if s.Index != i+1 {
			t.Fatalf("solution %d has index %d", i+1, s.Index)
		}
		if err := s.Cols.Validate(); err != nil || len(s.Cols) != n {
			t.Fatalf("solution %d: %v: %v", s.Index, s.Cols, err)
		}
		if s.Text != s.Cols.String() || s.ClassSize != s.Cols.ClassSize() {
			t.Fatalf("solution %d: %+v: text or class size wrong", s.Index, s)
		}
		if i > 0 && slices.Compare(got[i-1].Cols, s.Cols) >= 0 {
			t.Fatalf("solutions %d and %d out of order", i, i+1)
		}
		if len(s.Members) != s.ClassSize {
			t.Fatalf("solution %d: %d members, class size %d", s.Index, len(s.Members), s.ClassSize)
		}
		for _, m := range s.Members {
			if m.Validate() != nil || !slices.Equal(m.Canonical(), s.Cols.Canonical()) {
				t.Fatalf("solution %d: member %v is not in its class", s.Index, m)
			}
		}
		if unique && !slices.Equal(s.Cols, s.Cols.Canonical()) {
			t.Fatalf("class %d: %v is not canonical", s.Index, s.Cols)
		}
		classTotal += s.ClassSize
	}
	if unique && classTotal != known[n].total {
		t.Errorf("class sizes add up to %d, want the total %d", classTotal, known[n].total)
	}
}

// sseEvent is one Server-Sent Event.
type sseEvent struct{ name, data string }

func parseSSE(t *testing.T, r io.Reader) []sseEvent {
	t.Helper()
	var (
		events []sseEvent
		cur    = sseEvent{name: "message"}
	)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.data != "" {
				events = append(events, cur)
			}
			cur = sseEvent{name: "message"}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data += strings.TrimPrefix(line, "data: ")
		default:
			t.Fatalf("unexpected SSE line %q", line)
		}
	}
	if cur.data != "" {
		t.Fatalf("unterminated SSE event %+v", cur)
	}
	if len(events) == 0 {
		t.Fatal("no events")
	}
	return events
}

func TestCount(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for n := 1; n <= 10; n++ {
		rec := request(h, "GET", fmt.Sprintf("/api/count?n=%d", n))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/event-stream" {
			t.Fatalf("n=%d: status %d, Content-Type %q", n, rec.Code, rec.Header().Get("Content-Type"))
		}
		events := parseSSE(t, rec.Body)
		if events[0].name != "start" {
			t.Errorf("n=%d: first event %q, want start", n, events[0].name)
		}
		for _, ev := range events[1 : len(events)-1] {
			var p countProgress
			if ev.name != "progress" || json.Unmarshal([]byte(ev.data), &p) != nil || p.UnitsDone > p.Units || p.ElapsedMS < 0 {
				t.Errorf("n=%d: bad progress event %+v", n, ev)
			}
		}
		last := events[len(events)-1]
		var res struct {
			N      int   `json:"n"`
			Total  int64 `json:"total"`
			Unique int64 `json:"unique"`
		}
		if last.name != "result" || json.Unmarshal([]byte(last.data), &res) != nil {
			t.Fatalf("n=%d: last event %+v, want a result", n, last)
		}
		if res.N != n || res.Total != int64(known[n].total) || res.Unique != int64(known[n].unique) {
			t.Errorf("n=%d: result %+v, want %d total, %d unique", n, res, known[n].total, known[n].unique)
		}
	}
}

func TestCountBusy(t *testing.T) {
	s := testServer(t, Options{MaxCounts: 2})
	s.counts <- struct{}{}
	s.counts <- struct{}{}
	rec := request(s.handler(), "GET", "/api/count?n=8")
	wantError(t, rec, 503, "2 counts")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After header")
	}
	<-s.counts
	if rec := request(s.handler(), "GET", "/api/count?n=8"); rec.Code != 200 || len(s.counts) != 1 {
		t.Errorf("with a free slot: status %d, %d slots taken after", rec.Code, len(s.counts))
	}
}

// TestCountCancel checks that a count stops when its client goes away, and
// frees its slot.
func TestCountCancel(t *testing.T) {
	s := testServer(t, Options{MaxCounts: 1})
	srv := httptest.NewServer(s.handler())
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/count?n=18", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "event: start\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	if len(s.counts) != 1 {
		t.Fatalf("%d counts running, want 1", len(s.counts))
	}
	cancel()
	res.Body.Close()
	deadline := time.Now().Add(10 * time.Second)
	for len(s.counts) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the count still runs 10 s after its client left")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCountTimeout(t *testing.T) {
	s := testServer(t, Options{CountTimeout: 50 * time.Millisecond})
	rec := request(s.handler(), "GET", "/api/count?n=18")
	events := parseSSE(t, rec.Body)
	last := events[len(events)-1]
	if last.name != "error" || !strings.Contains(last.data, "longer than 50ms") {
		t.Errorf("last event %+v, want an error about the time limit", last)
	}
}

func TestProgressOf(t *testing.T) {
	p := progressOf(queens.Progress{UnitsDone: 25, Units: 100, Elapsed: 2 * time.Second}, time.Second)
	if p.Rate != 12.5 || p.ETAMS == nil || *p.ETAMS != 6000 || p.ElapsedMS != 2000 {
		t.Errorf("progress = %+v, want 12.5 units/s, 6 s left", p)
	}
	p = progressOf(queens.Progress{}, 1500*time.Millisecond)
	if p.Rate != 0 || p.ETAMS != nil || p.ElapsedMS != 1500 {
		t.Errorf("progress before the first unit = %+v", p)
	}
	// Weighed by work: a quarter of the units but a tenth of the work in
	// two seconds leaves eighteen seconds, not six.
	p = progressOf(queens.Progress{UnitsDone: 25, Units: 100, Work: 100, WorkDone: 10, Elapsed: 2 * time.Second}, time.Second)
	if p.ETAMS == nil || *p.ETAMS != 18000 {
		t.Errorf("progress weighed by work = %+v, want 18 s left", p)
	}
}

// FuzzQuery sends arbitrary query strings to the API: every answer is
// 200, or a JSON error with status 400.
func FuzzQuery(f *testing.F) {
	for _, q := range []string{"n=8", "n=8&limit=2", "n=abc", "n=4&unique=1&class=true", "n=8&offset=90&limit=5",
		"n=&limit=", "n=5&algo=flags&limit=7&format=sse", "n=%zz", "n=1&n=2", "limit=-1&n=3", "n=+4", "n=0x8", "n=12&unique=t",
		"n=6&algo=flags&from=100&count=5", "n=5&algo=permute&from=99999", "n=6&algo=rows&solution=2", "n=6&solution=9", "n=7&from=&count=",
		"n=6&algo=instance&block=b6&exclude=sum:5&with=f5", "n=8&algo=instance&block=z9", "n=5&algo=instance&with=a1,b2&solution=1",
		"n=7&algo=instance&exclude=diff:-3,s:2&from=10&count=3&lang=zh", "n=4&algo=flags&block=a1", "lang=zh", "lang=xx&n=4"} {
		for _, endpoint := range []string{"trace", "solutions", "count", "steps", "summary", "locate", "messages"} {
			f.Add(endpoint, q)
		}
	}
	s, err := newServer(Options{MaxEvents: 2000, MaxCountN: 9})
	if err != nil {
		f.Fatal(err)
	}
	h := s.handler()
	f.Fuzz(func(t *testing.T, endpoint, query string) {
		switch endpoint {
		case "trace", "solutions", "count", "steps", "summary", "locate", "messages":
		default:
			return
		}
		req := httptest.NewRequest("GET", "/api/"+endpoint, nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200:
		case 400:
			wantError(t, rec, 400)
		default:
			t.Fatalf("GET /api/%s?%s: status %d: %s", endpoint, query, rec.Code, rec.Body)
		}
	})
}

func TestIntParam(t *testing.T) {
	q := map[string][]string{"a": {"7"}, "b": {""}, "c": {"x"}, "d": {"1", "2"}, "e": {strconv.Itoa(1 << 40)}}
	for _, tc := range []struct {
		name        string
		def, lo, hi int
		want        int
		ok          bool
	}{
		{"a", 0, 1, 10, 7, true},
		{"a", 0, 8, 10, 0, false},
		{"b", 3, 1, 10, 3, true},
		{"b", 0, 1, 10, 0, false},
		{"missing", 5, 0, 10, 5, true},
		{"c", 5, 0, 10, 0, false},
		{"d", 5, 0, 10, 0, false},
		{"e", 5, 0, 1 << 30, 0, false},
	} {
		got, err := intParam(q, tc.name, tc.def, tc.lo, tc.hi)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("intParam(%s, %d, %d, %d) = %d, %v", tc.name, tc.def, tc.lo, tc.hi, got, err)
		}
	}
}
