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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var screenshotDir = flag.String("screenshots", "", "write screenshots of the page at 1280 and 360 pixels wide into this `directory` (browser test)")

// browserTimeout bounds the whole browser test, start of Chromium included.
const browserTimeout = 60 * time.Second

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
// and returns its URL.
func startServer(t *testing.T) string {
	t.Helper()
	h, err := Handler(Options{LoopbackOnly: true})
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
		srv.Shutdown(context.Background())
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("server: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/"
}

// newBrowser starts a headless Chromium with a fresh profile; it stops
// when the test ends or browserTimeout has passed.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" {
		if os.Getenv("QUEENS_BROWSER_TESTS") == "1" {
			t.Fatal("QUEENS_BROWSER_TESTS=1 but no Chromium was found: install it (apt-get install chromium) or name it in QUEENS_CHROMIUM")
		}
		t.Skip("skipping the browser test: no Chromium found (apt-get install chromium); QUEENS_BROWSER_TESTS=1 turns this skip into a failure")
	}
	profile, err := os.MkdirTemp("", "queens-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	limit, cancelLimit := context.WithTimeout(context.Background(), browserTimeout)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(limit,
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(1280, 900),
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
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(40*time.Second))); err != nil {
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

// TestBrowser drives the page in a headless Chromium: it replays the whole
// search of the flags algorithm on the 8×8 board, steps back, and lists
// the 12 symmetry classes in the gallery.
func TestBrowser(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	// Every uncaught exception of the page fails the test.
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
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range jsErrors {
			t.Errorf("JavaScript error: %s", msg)
		}
	}()
	do(t, ctx, "opening the page", chromedp.Navigate(url+"#search"))
	waitFor(t, ctx, "the algorithms", `document.querySelectorAll('#algo option').length > 0`)

	// N = 8 and flags.
	got := eval[string](t, ctx, `(() => {
		const a = document.querySelector('#algo');
		a.value = 'flags';
		a.dispatchEvent(new Event('change'));
		const n = document.querySelector('#n');
		n.value = '8';
		n.dispatchEvent(new Event('change'));
		return a.value + '/' + n.value;
	})()`)
	if got != "flags/8" {
		t.Fatalf("choosing flags and N=8: the page shows %q; is the flags algorithm registered?", got)
	}

	// Full speed to the end.
	eval[string](t, ctx, `(() => {
		const s = document.querySelector('#speed');
		s.value = s.max;
		s.dispatchEvent(new Event('input'));
		return s.value;
	})()`)
	do(t, ctx, "pressing Play", chromedp.Click(chromedp.CSS("#play")))
	waitFor(t, ctx, "the end of the search", `document.querySelector('#status').textContent.startsWith('Search finished')`)
	if got := text(t, ctx, "#c-solutions"); got != "92" {
		t.Errorf("solutions counter = %q, want 92", got)
	}
	if got := eval[int](t, ctx, `document.querySelectorAll('#found .mini').length`); got != 92 {
		t.Errorf("%d small boards of solutions found, want 92", got)
	}
	if got := text(t, ctx, "#status"); !strings.Contains(got, "92 solutions") {
		t.Errorf("status at the end = %q, want it to mention 92 solutions", got)
	}
	for _, k := range []string{"#c-place", "#c-back"} {
		if got := text(t, ctx, k); got == "0" {
			t.Errorf("counter %s is 0 after the whole search", k)
		}
	}

	// One step back from the end changes the board and the step counter.
	endSig, endSteps := boardSig(t, ctx), text(t, ctx, "#c-steps")
	do(t, ctx, "stepping back", chromedp.Click(chromedp.CSS("#back")))
	if got := boardSig(t, ctx); got == endSig {
		t.Errorf("the board did not change on a step back from the end: %q", got)
	}
	if got := text(t, ctx, "#c-steps"); got == endSteps {
		t.Errorf("steps counter stayed %s on a step back", got)
	}

	// Step back restores the state before the last step exactly; with the
	// keys this time.
	do(t, ctx, "resetting", chromedp.Click(chromedp.CSS("#reset")))
	sigs := []string{boardSig(t, ctx)}
	for range 40 {
		do(t, ctx, "pressing →", chromedp.KeyEvent(kb.ArrowRight))
		sigs = append(sigs, boardSig(t, ctx))
	}
	if got := text(t, ctx, "#c-steps"); got != "40" {
		t.Fatalf("steps counter = %q after 40 steps, want 40", got)
	}
	for i := 40; i > 30; i-- {
		do(t, ctx, "pressing ←", chromedp.KeyEvent(kb.ArrowLeft))
		if got := boardSig(t, ctx); got != sigs[i-1] {
			t.Fatalf("after stepping back from step %d the board is %q, want %q as it was", i, got, sigs[i-1])
		}
		if sigs[i] == sigs[i-1] {
			t.Errorf("steps %d and %d look the same: %q", i-1, i, sigs[i])
		}
	}
	if want := "0,-1,-1,-1,-1,-1,-1,-1|"; !strings.HasPrefix(sigs[2], want) {
		t.Errorf("after two steps of flags the board is %q, want one queen in row 1, column 1 (%s...)", sigs[2], want)
	}
	// Space plays and pauses, here at one step a second.
	eval[string](t, ctx, `(() => {
		const s = document.querySelector('#speed');
		s.value = s.min;
		s.dispatchEvent(new Event('input'));
		return s.value;
	})()`)
	do(t, ctx, "pressing Space", chromedp.KeyEvent(" "))
	waitFor(t, ctx, "playing", `document.querySelector('#play').textContent.includes('Pause')`)
	do(t, ctx, "pressing Space", chromedp.KeyEvent(" "))
	waitFor(t, ctx, "paused", `document.querySelector('#play').textContent.includes('Play')`)
	shoot(t, ctx, "search.png")

	// The gallery of the 8×8 board, one per class: 12 boards whose class
	// sizes add up to 92.
	do(t, ctx, "opening the gallery", chromedp.Click(chromedp.CSS("#tab-gallery")))
	waitFor(t, ctx, "the first page of solutions", `document.querySelectorAll('#gallery .gboard').length === 48`)
	if got := text(t, ctx, "#g-range"); got != "1–48 of 92" {
		t.Errorf("gallery range = %q, want 1–48 of 92", got)
	}
	do(t, ctx, "choosing one per class", chromedp.Click(chromedp.CSS("#g-unique")))
	waitFor(t, ctx, "the 12 classes", `document.querySelectorAll('#gallery .gboard').length === 12`)
	sum := eval[int](t, ctx, `[...document.querySelectorAll('#gallery .gboard')].reduce((s, b) => s + Number(b.dataset.classSize), 0)`)
	if sum != 92 {
		t.Errorf("the class sizes of the 12 classes add up to %d, want 92", sum)
	}
	// The members of one class.
	do(t, ctx, "showing a class", chromedp.Click(chromedp.CSS("#gallery .gboard:nth-child(10) .card-actions button")))
	waitFor(t, ctx, "the class dialog", `document.querySelector('#dialog').open`)
	if got, want := eval[int](t, ctx, `document.querySelectorAll('#dlg-body .member').length`),
		eval[int](t, ctx, `Number(document.querySelector('#gallery .gboard:nth-child(10)').dataset.classSize)`); got != want {
		t.Errorf("the class dialog shows %d boards, want the class size %d", got, want)
	}
	shoot(t, ctx, "gallery.png")

	if *screenshotDir != "" {
		documentationShots(t, ctx, url)
	}
}

// shoot saves a screenshot of the page into the test's temporary
// directory.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(png) < 1000 {
		t.Errorf("screenshot %s has only %d bytes", name, len(png))
	}
}

// documentationShots writes screenshots of the search view in the middle
// of the 8×8 search, at 1280 and 360 pixels wide, into screenshotDir.
func documentationShots(t *testing.T, ctx context.Context, url string) {
	for _, width := range []int64{1280, 360} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(width, 860))
		do(t, ctx, "opening the page", chromedp.Navigate(url+"#search"), chromedp.Reload())
		waitFor(t, ctx, "the trace", `document.querySelector('#load').textContent.startsWith('Whole search')`)
		// On to the fourth solution, then to the next attacked square.
		for i := range 4 {
			do(t, ctx, "next solution", chromedp.Click(chromedp.CSS("#next")))
			waitFor(t, ctx, "a solution", fmt.Sprintf(`document.querySelector('#c-solutions').textContent === '%d'`, i+1))
		}
		for range 200 {
			if strings.Contains(text(t, ctx, "#status"), "Attacked along a diagonal") {
				break
			}
			do(t, ctx, "step", chromedp.KeyEvent(kb.ArrowRight))
		}
		eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(*screenshotDir, fmt.Sprintf("search-%d.png", width))
		if err := os.WriteFile(name, png, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, view := range []string{"gallery", "count"} {
			do(t, ctx, "opening "+view, chromedp.Click(chromedp.CSS("#tab-"+view)))
			time.Sleep(500 * time.Millisecond)
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(*screenshotDir, fmt.Sprintf("%s-%d.png", view, width)), png, 0o644)
		}
	}
}
