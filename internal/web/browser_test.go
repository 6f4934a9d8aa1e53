package web

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

var screenshotDir = flag.String("screenshots", "", "write screenshots of the page at 1366×768 and 390×844 into this `directory` (browser test)")

// browserTimeout bounds the whole browser test, start of Chromium included.
const browserTimeout = 150 * time.Second

// findChromium returns the path of a Chromium or Chrome binary, or "".
func findChromium() string {
	if p := os.Getenv("QUEENS_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startServer serves the page on a free loopback port until the test ends
// and returns its URL. The options, if given, replace the defaults.
func startServer(t *testing.T, opts ...Options) string {
	t.Helper()
	o := Options{LoopbackOnly: true}
	if len(opts) > 0 {
		o = opts[0]
	}
	h, err := Handler(o)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv := NewServer("", h, ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		cancel()
		// The page's streams end with the context: the shutdown has a
		// deadline all the same, so that a stream left open fails the
		// test rather than hanging it.
		sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer scancel()
		if err := srv.Shutdown(sctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		select {
		case err := <-done:
			if !errors.Is(err, http.ErrServerClosed) {
				t.Errorf("server: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("the server did not end within 10s of its shutdown")
		}
	})
	return "http://" + ln.Addr().String() + "/"
}

// newBrowser starts a headless Chromium with a fresh profile; it stops
// when the test ends or browserTimeout has passed, or the limit given
// instead, for a test that walks many pages.
func newBrowser(t *testing.T, limit ...time.Duration) context.Context {
	t.Helper()
	testenv.SkipUnlessSlow(t, "a browser session")
	path := findChromium()
	if path == "" {
		t.Fatal("no Chromium found for the browser tests: install it (apt-get install chromium) or name it in QUEENS_CHROMIUM")
	}
	removeStaleProfiles(os.TempDir())
	profile, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", profilePrefix, os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	d := browserTimeout
	if len(limit) > 0 {
		d = limit[0]
	}
	limitCtx, cancelLimit := context.WithTimeout(context.Background(), d)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(limitCtx,
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		// Chromium keeps its singleton socket in a folder of TMPDIR, and leaves
		// it there: inside the profile, it goes with the profile.
		chromedp.Env("TMPDIR="+profile),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		// A page left for another one would wait in the back-forward
		// cache with its stream of steps paused, not closed: six such
		// streams take every connection Chromium opens to the server,
		// and the next page waits up to the trace timeout for one.
		chromedp.Flag("disable-back-forward-cache", true),
		chromedp.WindowSize(1366, 768),
	)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelCtx()
		cancelAlloc()
		cancelLimit()
		os.RemoveAll(profile)
	})
	return ctx
}

// profilePrefix starts the name of the temporary profile folder of each
// browser, followed by the process ID of the test that made it.
const profilePrefix = "queens-chromium-"

// removeStaleProfiles removes the profile folders in dir left by browser
// tests that were killed before they could clean up: those whose test
// process no longer runs.
func removeStaleProfiles(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), profilePrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pid, err := strconv.Atoi(strings.SplitN(rest, "-", 2)[0])
		if err != nil || pid == os.Getpid() || processRuns(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// processRuns reports whether a process with the ID pid runs.
func processRuns(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
}

// eval runs a JavaScript expression in the page and returns its value.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor waits until the JavaScript predicate holds.
func waitFor(t *testing.T, ctx context.Context, what, predicate string) {
	t.Helper()
	// The race detector slows the server several times, and a search a
	// page left behind may hold its seat for a while.
	timeout := 40 * time.Second
	if raceEnabled {
		timeout = 120 * time.Second
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout))); err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// boardSig returns the state of the board as the page sums it up: the
// queens, the event shown and the counters.
func boardSig(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector('#board').dataset.sig`)
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// watchErrors fails the test for every uncaught exception of the page.
func watchErrors(t *testing.T, ctx context.Context) {
	t.Helper()
	var (
		mu       sync.Mutex
		jsErrors []string
	)
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			mu.Lock()
			jsErrors = append(jsErrors, msg)
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range jsErrors {
			t.Errorf("JavaScript error: %s", msg)
		}
	})
}

// open loads the page at the query and waits until the step it names is
// shown.
func open(t *testing.T, ctx context.Context, url, query string) {
	t.Helper()
	do(t, ctx, "opening "+query, chromedp.Navigate(url+query))
	waitReady(t, ctx)
}

// waitReady waits until the page has the step it wants to show, and
// draws it.
func waitReady(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the step", `window.queensTesting && queensTesting.ready()`)
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
}

// replayed is the state of a search after some of its events, computed
// here from the library's events, independently of the page.
type replayed struct {
	queens                     []int
	last                       *queens.Event // the event before the step, or nil at step 0
	placed, removed, solutions int
}

func replayTo(events []queens.Event, n, step int) replayed {
	r := replayed{queens: make([]int, n)}
	for i := range r.queens {
		r.queens[i] = -1
	}
	for i := range step {
		e := events[i]
		switch e.Kind {
		case queens.EventPlace:
			r.queens[e.Row] = e.Col
			r.placed++
		case queens.EventRemove:
			r.queens[e.Row] = -1
			r.removed++
		case queens.EventSolution:
			r.solutions++
		}
		r.last = &events[i]
	}
	return r
}

// replaySearch is replayTo for a search too long to keep its events: it
// runs the search up to step.
func replaySearch(t *testing.T, a queens.Algorithm, n, step int) replayed {
	t.Helper()
	r := replayed{queens: make([]int, n)}
	for i := range r.queens {
		r.queens[i] = -1
	}
	seen := 0
	_, err := a.Search(context.Background(), n, func(e queens.Event) bool {
		one := replayTo([]queens.Event{e}, n, 1)
		switch e.Kind {
		case queens.EventPlace:
			r.queens[e.Row] = e.Col
		case queens.EventRemove:
			r.queens[e.Row] = -1
		}
		r.placed += one.placed
		r.removed += one.removed
		r.solutions += one.solutions
		last := e
		r.last = &last
		seen++
		return seen < step
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sig is the page's summary of the board, data-sig of #board.
func (r replayed) sig() string {
	q := make([]string, len(r.queens))
	for i, c := range r.queens {
		q[i] = fmt.Sprint(c)
	}
	ev := "0:-1:-1:-1"
	if r.last != nil {
		ev = fmt.Sprintf("%d:%d:%d:%d", r.last.Kind, r.last.Row, r.last.Col, r.last.Conflict)
	}
	return fmt.Sprintf("%s|%s|%d:%d:%d", strings.Join(q, ","), ev, r.placed, r.removed, r.solutions)
}

func lookup(t *testing.T, name string) queens.Algorithm {
	t.Helper()
	a, err := queens.LookupAlgorithm(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// goStep types k into the "Go to step" field and submits it.
func goStep(t *testing.T, ctx context.Context, k int) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => {
		document.querySelector('#goto-step').value = '%d';
		document.querySelector('#goto').requestSubmit();
		return true;
	})()`, k))
	waitFor(t, ctx, fmt.Sprintf("step %d", k), fmt.Sprintf(`queensTesting.pos() === %d && queensTesting.ready()`, k))
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
}

// TestBrowserFlagsState checks the state panel of flags at N=6 against
// arrays computed here, and the highlighted line of code against the kind
// of each event.
func TestBrowserFlagsState(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	const n = 6
	events, _ := allEvents(t, lookup(t, "flags"), n)
	open(t, ctx, url, fmt.Sprintf("?n=%d&algo=flags#search", n))
	for _, step := range []int{1, 2, 3, 9, 10, 57, 130, 200, len(events) - 3} {
		goStep(t, ctx, step)
		r := replayTo(events, n, step)
		col, d1, d2 := make([]byte, n), make([]byte, 2*n-1), make([]byte, 2*n-1)
		for _, a := range [][]byte{col, d1, d2} {
			for i := range a {
				a[i] = '0'
			}
		}
		for row, c := range r.queens {
			if c >= 0 {
				col[c], d1[row-c+n-1], d2[row+c] = '1', '1', '1'
			}
		}
		for name, want := range map[string][]byte{"flag": col, "d1": d1, "d2": d2} {
			got := eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#state [data-array=%s] .arr-cells .c')].map((c) => c.textContent).join('')`, name))
			if got != string(want) {
				t.Errorf("step %d: %s = %s on the page, want %s", step, name, got, want)
			}
		}
		// The flags that the step reads: those of the square tried.
		if e := r.last; e.Kind == queens.EventTry {
			got := eval[string](t, ctx, `document.querySelector('#state [data-array=flag] .read')?.title || ''`)
			if want := fmt.Sprintf("flag[%d]", e.Col); got != want {
				t.Errorf("step %d tries (%d, %d): the column flag read is %q, want %q", step, e.Row, e.Col, got, want)
			}
		}
		wantTag := map[queens.EventKind]string{queens.EventTry: "check", queens.EventPlace: "place", queens.EventRemove: "remove", queens.EventSolution: "solution", queens.EventDeadEnd: "dead"}[r.last.Kind]
		if r.last.Kind == queens.EventTry && r.last.Conflict >= 0 {
			wantTag = "skip"
		}
		if got := eval[string](t, ctx, `document.querySelector('#code .ln.on')?.dataset.tag || ''`); got != wantTag {
			t.Errorf("step %d (%s): code line %q is marked, want %q", step, r.last.Kind, got, wantTag)
		}
		if got, want := boardSig(t, ctx), r.sig(); got != want {
			t.Errorf("step %d: board %q, want %q", step, got, want)
		}
		// The tree has one node per queen placed so far.
		if got := eval[string](t, ctx, `document.querySelector('#tree').dataset.nodes`); got != fmt.Sprint(r.placed) {
			t.Errorf("step %d: the tree has %s nodes, want the %d placements", step, got, r.placed)
		}
	}
	// A click on the first node of the tree goes to the step that tried it:
	// step 1, the first square of the search.
	do(t, ctx, "clicking a tree node", chromedp.Click(chromedp.CSS("#tree .tn")))
	waitFor(t, ctx, "step 1", `queensTesting.pos() === 1`)
	// The line of code follows the kind of event: the first steps of the
	// search go try, place, try, …
	goStep(t, ctx, 1)
	first := eval[string](t, ctx, `document.querySelector('#code .ln.on').dataset.tag`)
	do(t, ctx, "pressing →", chromedp.KeyEvent(kb.ArrowRight))
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	second := eval[string](t, ctx, `document.querySelector('#code .ln.on').dataset.tag`)
	if first != "check" || second != "place" {
		t.Errorf("code lines of steps 1 and 2: %q and %q, want check and place", first, second)
	}
	// Played at the top speed, the search ends with its 4 solutions shown,
	// though the page draws only a few of its steps.
	eval[bool](t, ctx, `(() => { const s = document.querySelector('#speed'); s.value = s.max; s.dispatchEvent(new Event('input')); return true; })()`)
	if got := text(t, ctx, "#speed-out"); got != "1,000 steps/s" {
		t.Errorf("the top speed reads %q, want 1,000 steps/s", got)
	}
	do(t, ctx, "playing", chromedp.Click(chromedp.CSS("#play")))
	waitFor(t, ctx, "the end", `document.querySelector('#status').textContent.startsWith('Search finished: 4 solutions')`)
	if got := eval[int](t, ctx, `document.querySelectorAll('#found .mini').length`); got != 4 {
		t.Errorf("%d solutions shown after playing to the end, want 4", got)
	}
}

// TestBrowserURL checks that a URL with step= shows that step's board, and
// that the page writes its step into the URL.
func TestBrowserURL(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "scan"), 8)
	open(t, ctx, url, "?n=8&algo=scan&step=300#search")
	if got, want := boardSig(t, ctx), replayTo(events, 8, 300).sig(); got != want {
		t.Errorf("?step=300: board %q, want %q", got, want)
	}
	if got := text(t, ctx, "#c-steps"); got != "300" {
		t.Errorf("?step=300: steps counter %q", got)
	}
	// scan's state is the positions array: the queens' columns.
	var want []string
	for _, c := range replayTo(events, 8, 300).queens {
		want = append(want, map[bool]string{true: fmt.Sprint(c), false: "·"}[c >= 0])
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll('#state [data-array=queen] .arr-cells .c')].map((c) => c.textContent).join(' ')`); got != strings.Join(want, " ") {
		t.Errorf("?step=300: scan's positions array %q, want %q", got, strings.Join(want, " "))
	}
	do(t, ctx, "pressing →", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the URL", `location.search.includes('step=301')`)
	// A focused menu does not take the arrow keys: the search stays.
	eval[bool](t, ctx, `(document.querySelector('#algo').focus(), true)`)
	do(t, ctx, "pressing → on the menu", chromedp.KeyEvent(kb.ArrowRight))
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	if got := eval[string](t, ctx, `document.querySelector('#algo').value + ' ' + queensTesting.pos()`); got != "scan 302" {
		t.Errorf("→ on the focused menu: %q, want the same method one step on (scan 302)", got)
	}
	// Space on the focused Play button plays once, not twice.
	eval[bool](t, ctx, `(document.querySelector('#play').focus(), true)`)
	do(t, ctx, "pressing Space on Play", chromedp.KeyEvent(" "))
	time.Sleep(300 * time.Millisecond)
	if got := text(t, ctx, "#play"); !strings.Contains(got, "Pause") {
		t.Errorf("after Space on the focused Play button it reads %q, want Pause", got)
	}
	do(t, ctx, "pressing Space on Pause", chromedp.KeyEvent(" "))
	waitFor(t, ctx, "paused", `document.querySelector('#play').textContent.includes('Play')`)
	// A step past the end shows the end.
	open(t, ctx, url, "?n=6&algo=flags&step=99999#search")
	if got := text(t, ctx, "#status"); !strings.HasPrefix(got, "Search finished: 4 solutions") {
		t.Errorf("?step past the end: status %q", got)
	}
	open(t, ctx, url, "?n=8&algo=scan&step=302#search")
	// The end of the search, reached by the timeline, and one step back.
	goStep(t, ctx, len(events))
	if got := text(t, ctx, "#status"); !strings.Contains(got, "Search finished: 92 solutions") {
		t.Errorf("status at the end = %q", got)
	}
	end := boardSig(t, ctx)
	do(t, ctx, "stepping back", chromedp.Click(chromedp.CSS("#back")))
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	if got, want := boardSig(t, ctx), replayTo(events, 8, len(events)-1).sig(); got != want || got == end {
		t.Errorf("one step back from the end: board %q, want %q", got, want)
	}
	// Far into the search of a large board, and back one step from there.
	const far = 12_000_000
	flags := lookup(t, "flags")
	open(t, ctx, url, fmt.Sprintf("?n=12&algo=flags&step=%d#search", far))
	if got, want := boardSig(t, ctx), replaySearch(t, flags, 12, far).sig(); got != want {
		t.Errorf("flags at N=12, step %d: board %q, want %q", far, got, want)
	}
	do(t, ctx, "stepping back", chromedp.Click(chromedp.CSS("#back")))
	waitReady(t, ctx)
	back := replaySearch(t, flags, 12, far-1)
	if got, want := boardSig(t, ctx), back.sig(); got != want {
		t.Errorf("flags at N=12, step %d: board %q, want %q", far-1, got, want)
	}
	// The next solution, found by the server, and the one after it.
	for k := back.solutions + 1; k <= back.solutions+2; k++ {
		do(t, ctx, "next solution", chromedp.Click(chromedp.CSS("#next")))
		want := thousands(uint64(k))
		waitFor(t, ctx, "solution "+want, fmt.Sprintf(`document.querySelector('#c-solutions').textContent === %q && queensTesting.ready()`, want))
	}
	open(t, ctx, url, "?n=8&algo=scan&step=20000#search")
	// Solution 7, by the form.
	eval[bool](t, ctx, `(() => { document.querySelector('#goto-sol').value = '7'; document.querySelector('#goto-sol-form').requestSubmit(); return true; })()`)
	waitFor(t, ctx, "solution 7", `document.querySelector('#c-solutions').textContent === '7' && queensTesting.ready()`)
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	if got := text(t, ctx, "#status"); !strings.HasPrefix(got, "Solution 7:") {
		t.Errorf("at solution 7 the status says %q", got)
	}
}

// TestBrowserCompare checks that two panes step together, each to its
// next placement, with the counts of the library.
func TestBrowserCompare(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	open(t, ctx, url, "?n=8&algo=scan&compare=bitboard#search")
	if got := eval[int](t, ctx, `document.querySelectorAll('.pane').length`); got != 2 {
		t.Fatalf("%d panes, want 2", got)
	}
	const steps = 12
	for range steps {
		do(t, ctx, "stepping", chromedp.Click(chromedp.CSS("#step")))
		waitReady(t, ctx)
	}
	for _, c := range []struct{ algo, suffix string }{{"scan", ""}, {"bitboard", "-b"}} {
		events, _ := allEvents(t, lookup(t, c.algo), 8)
		placed, step := 0, 0
		for i, e := range events {
			if e.Kind == queens.EventPlace {
				if placed++; placed == steps {
					step = i + 1
					break
				}
			}
		}
		r := replayTo(events, 8, step)
		if got := text(t, ctx, "#c-place"+c.suffix); got != fmt.Sprint(steps) {
			t.Errorf("%s: %s placements after %d steps, want %d", c.algo, got, steps, steps)
		}
		if got := text(t, ctx, "#c-steps"+c.suffix); got != fmt.Sprint(step) {
			t.Errorf("%s: at step %s, want %d", c.algo, got, step)
		}
		if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#board%s').dataset.sig`, c.suffix)); got != r.sig() {
			t.Errorf("%s: board %q, want %q", c.algo, got, r.sig())
		}
	}
	// The second method's state and code: bitboard's masks, and the line
	// of a placement.
	if got := eval[int](t, ctx, `document.querySelectorAll('#state-b [data-array=avail] .c').length`); got != 8 {
		t.Errorf("the second state panel shows %d bits of avail, want 8", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#code-b .ln.on')?.dataset.tag || ''`); got != "place" {
		t.Errorf("the second pane's code marks %q, want the placement", got)
	}
	waitFor(t, ctx, "the URL", `location.search.includes('compare=bitboard') && location.search.includes('cstep=')`)
	// A jump of the first pane takes the second one to as many placements.
	goStep(t, ctx, 1000)
	want := text(t, ctx, "#c-place")
	waitFor(t, ctx, "the second pane", fmt.Sprintf(`document.querySelector('#c-place-b').textContent === %q`, want))
	if want == "12" {
		t.Errorf("step 1000 of scan has %s placements, as many as step 12's", want)
	}
	if checks := text(t, ctx, "#c-checks-b"); checks == text(t, ctx, "#c-checks") {
		t.Errorf("scan and bitboard made the same number of checks, %s", checks)
	}
}

// TestBrowserPermute steps through the whole search of permute on the 5×5
// board and checks that every sentence agrees with the board drawn.
func TestBrowserPermute(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "permute"), 5)
	open(t, ctx, url, "?n=5&algo=permute#search")
	// The page steps and draws in one go here; each sentence is read with
	// the board it goes with.
	bad := eval[[]string](t, ctx, fmt.Sprintf(`(() => {
		const out = [];
		const cell = (r, c) => document.querySelectorAll('#board .cell')[r * 5 + c].className;
		for (let i = 1; i <= %d; i++) {
			document.querySelector('#step').click();
			queensTesting.drawNow();
			const s = document.querySelector('#status').textContent;
			const sig = document.querySelector('#board').dataset.sig.split('|');
			const q = sig[0].split(',').map(Number);
			const [k, r, c, f] = sig[1].split(':').map(Number);
			let ok = true, m;
			if ((m = s.match(/^Row (\d): column (\d) is used by the queen in row (\d)/))) {
				ok = k === 1 && +m[1] === r + 1 && +m[2] === c + 1 && q[+m[3] - 1] === c && cell(r, c).includes(' a');
			} else if ((m = s.match(/^Row (\d): column (\d) is unused, and no queen attacks/))) {
				ok = k === 1 && +m[1] === r + 1 && +m[2] === c + 1 && !cell(r, c).includes(' a') && !q.includes(c);
			} else if ((m = s.match(/^Row (\d): column (\d) is unused, so the queen goes there, although the queen in row (\d) attacks it along a diagonal/))) {
				const a = +m[3] - 1;
				ok = k === 1 && +m[1] === r + 1 && +m[2] === c + 1 && cell(r, c).includes(' a') && Math.abs(q[a] - c) === r - a;
			} else if ((m = s.match(/^Not a solution: the queens in rows (\d) and (\d) share a diagonal/))) {
				const i1 = +m[1] - 1, i2 = +m[2] - 1;
				ok = k === 5 && Math.abs(q[i1] - q[i2]) === i2 - i1 && cell(i1, q[i1]).includes('src') && cell(i2, q[i2]).includes('src');
			} else if ((m = s.match(/^Row (\d): place a queen in column (\d)/))) {
				ok = k === 2 && q[+m[1] - 1] === +m[2] - 1 && cell(+m[1] - 1, +m[2] - 1).includes(' q');
			} else if ((m = s.match(/^Row (\d): take the queen in column (\d) back/))) {
				ok = k === 3 && q[+m[1] - 1] === -1 && cell(+m[1] - 1, +m[2] - 1).includes('ghost');
			} else if ((m = s.match(/^Solution (\d+): ([\d ]+)\./))) {
				ok = k === 4 && m[2] === q.map((x) => x + 1).join(' ');
			} else if (s.startsWith('Search finished')) {
				ok = i === %d;
			} else {
				ok = false;
			}
			if (!ok) out.push(i + ': ' + s + ' [' + sig.join('|') + ']');
		}
		return out;
	})()`, len(events), len(events)))
	for _, b := range bad {
		t.Errorf("step %s", b)
	}
	if got := text(t, ctx, "#c-solutions"); got != "10" {
		t.Errorf("%s solutions at the end of permute at N=5, want 10", got)
	}
}

// TestBrowserGallery lists the 12 symmetry classes of the 8×8 board.
func TestBrowserGallery(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	do(t, ctx, "opening the gallery", chromedp.Navigate(url+"#gallery"))
	waitFor(t, ctx, "the first page of solutions", `document.querySelectorAll('#gallery .gboard').length === 48`)
	if got := text(t, ctx, "#g-range"); got != "1–48 of 92" {
		t.Errorf("gallery range = %q, want 1–48 of 92", got)
	}
	do(t, ctx, "choosing one per class", chromedp.Click(chromedp.CSS("#g-unique")))
	waitFor(t, ctx, "the 12 classes", `document.querySelectorAll('#gallery .gboard').length === 12`)
	if got := text(t, ctx, "#g-note"); !strings.Contains(got, "12 symmetry classes") {
		t.Errorf("gallery note %q", got)
	}
	sum := eval[int](t, ctx, `[...document.querySelectorAll('#gallery .gboard')].reduce((s, b) => s + Number(b.dataset.classSize), 0)`)
	if sum != 92 {
		t.Errorf("the class sizes of the 12 classes add up to %d, want 92", sum)
	}
	do(t, ctx, "showing a class", chromedp.Click(chromedp.CSS("#gallery .gboard:nth-child(10) .card-actions button")))
	waitFor(t, ctx, "the class dialog", `document.querySelector('#dialog').open`)
	if got, want := eval[int](t, ctx, `document.querySelectorAll('#dlg-body .member').length`),
		eval[int](t, ctx, `Number(document.querySelector('#gallery .gboard:nth-child(10)').dataset.classSize)`); got != want {
		t.Errorf("the class dialog shows %d boards, want the class size %d", got, want)
	}
	// N = 1 has one class, said in the singular; page numbers jump.
	eval[bool](t, ctx, `(() => { const d = document.querySelector('#dialog'); d.close(); const n = document.querySelector('#g-n'); n.value = '1'; n.dispatchEvent(new Event('change')); return true; })()`)
	waitFor(t, ctx, "N = 1", `document.querySelector('#g-note').textContent.includes('1×1')`)
	if got := text(t, ctx, "#g-note"); !strings.Contains(got, "1 symmetry class.") {
		t.Errorf("gallery note for N=1: %q", got)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil || len(png) < 1000 {
		t.Errorf("screenshot of the gallery: %d bytes, %v", len(png), err)
	}
}

// TestBrowserShots writes the screenshots of the documentation when the
// -screenshots flag names a directory: every method at 1366×768 and
// 390×844, two methods side by side, the gallery and the count view.
func TestBrowserShots(t *testing.T) {
	if *screenshotDir == "" {
		t.Skip("no -screenshots directory")
	}
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
		for _, a := range queens.Algorithms() {
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=%s&step=%d#search", a.Name, shotStep(t, a)))
			eval[bool](t, ctx, `(document.activeElement.blur(), document.querySelector('#intro').open = false, true)`)
			save(t, ctx, fmt.Sprintf("search-%s-%d.png", a.Name, size[0]), size[0] > 1000)
		}
		open(t, ctx, url, "?n=8&algo=scan&step=0&compare=bitboard#search")
		for range 20 {
			do(t, ctx, "stepping", chromedp.Click(chromedp.CSS("#step")))
			waitReady(t, ctx)
		}
		eval[bool](t, ctx, `(document.querySelector('#intro').open = false, true)`)
		save(t, ctx, fmt.Sprintf("compare-%d.png", size[0]), false)
		do(t, ctx, "opening the gallery", chromedp.Navigate(url+"#gallery"))
		waitFor(t, ctx, "the gallery", `document.querySelectorAll('#gallery .gboard').length > 0`)
		save(t, ctx, fmt.Sprintf("gallery-%d.png", size[0]), false)
		do(t, ctx, "opening the count", chromedp.Navigate(url+"#count"))
		waitFor(t, ctx, "the menu", `document.querySelectorAll('#k-n option').length > 0`)
		eval[bool](t, ctx, `(() => { const n = document.querySelector('#k-n'); n.value = '14'; document.querySelector('#k-go').click(); return true; })()`)
		waitFor(t, ctx, "the count", `document.querySelector('#k-total').textContent === '365,596'`)
		time.Sleep(400 * time.Millisecond) // the bar's last move
		save(t, ctx, fmt.Sprintf("count-%d.png", size[0]), false)
	}
	// The dark theme, where the board and its marks keep their colours.
	do(t, ctx, "resizing", chromedp.EmulateViewport(1366, 768))
	do(t, ctx, "the dark theme", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
		})
		return err
	}))
	open(t, ctx, url, "?n=8&algo=matrix&step=131#search")
	eval[bool](t, ctx, `(document.querySelector('#counters').click(), document.activeElement.blur(), true)`)
	waitReady(t, ctx)
	save(t, ctx, "search-matrix-dark-1366.png", false)
}

// shotStep is the step of the 8×8 search shown in the screenshot of a
// method: a try that meets an attack a few queens down, or for permute
// its first complete placement that is no solution.
func shotStep(t *testing.T, a queens.Algorithm) int {
	switch a.Name {
	case "permute":
		events, _ := allEvents(t, a, 8)
		for i, e := range events {
			if e.Kind == queens.EventDeadEnd && e.Col >= 0 {
				return i + 1
			}
		}
	case "bitboard":
		return 57
	}
	return 131
}

// save writes a screenshot into screenshotDir: of the whole page when it
// is wide, of the screen at phone size, where what fits on one screen is
// the point.
func save(t *testing.T, ctx context.Context, name string, wide bool) {
	t.Helper()
	shot := chromedp.CaptureScreenshot()
	if wide {
		shot = chromedp.FullScreenshot(100)
	}
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*screenshotDir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserEveryMethod steps through the whole search of every method
// on the 5×5 board: at every step a line of its code is marked, its state
// panel is drawn, and its tree has one node per queen placed.
func TestBrowserEveryMethod(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	for _, a := range queens.Algorithms() {
		events, stats := allEvents(t, a, 5)
		open(t, ctx, url, fmt.Sprintf("?n=5&algo=%s#search", a.Name))
		bad := eval[[]string](t, ctx, fmt.Sprintf(`(() => {
			const out = [];
			for (let i = 1; i <= %d; i++) {
				document.querySelector('#step').click();
				queensTesting.drawNow();
				const on = document.querySelectorAll('#code .ln.on');
				const placed = document.querySelector('#c-place').textContent;
				const nodes = document.querySelector('#tree').dataset.nodes;
				if (on.length !== 1) out.push(i + ': ' + on.length + ' lines marked');
				if (!document.querySelector('#state').textContent.trim()) out.push(i + ': no state drawn');
				if (nodes !== placed) out.push(i + ': ' + nodes + ' tree nodes, ' + placed + ' placements');
			}
			return out;
		})()`, len(events)))
		for _, b := range bad {
			t.Errorf("%s step %s", a.Name, b)
		}
		// At the end, the page's counters are the search's own.
		for sel, want := range map[string]uint64{"#c-checks": stats.Checks, "#c-place": stats.Nodes, "#c-solutions": stats.Solutions} {
			if got := text(t, ctx, sel); got != thousands(want) {
				t.Errorf("%s at the end: %s = %s, want %d", a.Name, sel, got, want)
			}
		}
	}
}

// thousands writes v as the page does, with commas between thousands.
func thousands(v uint64) string {
	s := fmt.Sprint(v)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestBrowserResume checks that the page goes on where a stream of steps
// broke off: the server stops every stream after a second here, long
// before the page has read the search.
func TestBrowserResume(t *testing.T) {
	url := startServer(t, Options{LoopbackOnly: true, TraceTimeout: time.Second})
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	flags := lookup(t, "flags")
	open(t, ctx, url, "?n=12&algo=flags#search")
	time.Sleep(1500 * time.Millisecond) // the first stream times out meanwhile
	// Each step is within what the page reads ahead, so that it reads on
	// in the stream it has; once the server has cut that off, the page
	// must continue it to get further.
	for step := 30_000; step <= 2_400_000; step += 30_000 {
		goStep(t, ctx, step)
		if step%600_000 != 0 {
			continue
		}
		if got, want := boardSig(t, ctx), replaySearch(t, flags, 12, step).sig(); got != want {
			t.Errorf("step %d: board %q, want %q", step, got, want)
		}
	}
	if got := eval[int](t, ctx, `queensTesting.resumed()`); got == 0 {
		t.Error("no stream was continued: the test did not reach what it tests")
	}
}

// TestBrowserStepsWindowEdges asks the steps' window for the state at its
// edges: a window that has its start but no event yet (as when a chunk of
// the stream ends right after the start), and the end of a window whose
// events fill whole blocks between saved states.
func TestBrowserStepsWindowEdges(t *testing.T) {
	url := startServer(t, Options{LoopbackOnly: true})
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	open(t, ctx, url, "?n=8&algo=flags#search")
	waitReady(t, ctx)
	eval[bool](t, ctx, `(() => {
	  window.edges = undefined;
	  (async () => {
	    try {
	      const m = await import('./js/steps.js');
	      const res = await fetch('api/steps?n=8&algo=flags&from=0');
	      const lines = (await res.text()).split('\n').filter((l) => l).map((l) => JSON.parse(l));
	      const start = lines.find((l) => l.start).start;
	      const events = lines.filter((l) => Array.isArray(l));
	      const s = new m.Steps(8, 'flags', 'flags', () => {}, '');
	      s.ask = () => {}; // the window is filled here, not by a stream
	      s.reset(start);
	      const out = [];
	      const first = s.at(0);
	      out.push(first ? first.step + ':' + Array.from(first.queens).join(',') : 'null');
	      for (let i = 0; i < 1024; i++) s.push(...events[i]);
	      for (const p of [0, 511, 512, 513, 1023, 1024]) {
	        const st = s.at(p);
	        out.push(p + '=' + (st ? st.step : 'null'));
	      }
	      const end = s.at(1024);
	      out.push(Array.from(end.queens).join(',') === Array.from(s.tail.queens).join(',') ? 'tail' : 'not the tail');
	      window.edges = out.join(' ');
	    } catch (err) {
	      window.edges = 'error: ' + err.message;
	    }
	  })();
	  return true;
	})()`)
	waitFor(t, ctx, "the window's edges", `window.edges !== undefined`)
	got := eval[string](t, ctx, `window.edges`)
	want := "0:-1,-1,-1,-1,-1,-1,-1,-1 0=0 511=511 512=512 513=513 1023=1023 1024=1024 tail"
	if got != want {
		t.Errorf("states at the window's edges: %q, want %q", got, want)
	}
}

func TestRemoveStaleProfiles(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no process to outlive:", err)
	}
	stale := filepath.Join(dir, fmt.Sprintf("%s%d-123", profilePrefix, dead.Process.Pid))
	live := filepath.Join(dir, fmt.Sprintf("%s%d-456", profilePrefix, os.Getpid()))
	other := filepath.Join(dir, "queens-other-1")
	for _, d := range []string{stale, live, other} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	removeStaleProfiles(dir)
	for d, want := range map[string]bool{stale: false, live: true, other: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s: kept %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}
