package web

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/testenv"
)

// lessonView is a script that reports what of a lesson's screen is not
// in view: the board, the state panel (whole, not cut by its box), the
// current frame of the stack (never of zero size), the code, its marked
// line with 8 lines of code around it, the Play controls, and any label
// cut short. It returns the problems, one sentence each.
const lessonView = `(() => {
	const out = [], H = window.innerHeight, W = window.innerWidth;
	const check = (name, e, minH = 4) => {
		if (!e) { out.push(name + ' missing'); return null; }
		const r = e.getBoundingClientRect();
		if (r.height < minH || r.width < 4) out.push(name + ' has no size (' + Math.round(r.width) + '×' + Math.round(r.height) + ')');
		else if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) out.push(name + ' at y ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ', x ' + Math.round(r.left) + '..' + Math.round(r.right));
		return r;
	};
	check('the board', document.querySelector('#board'));
	check('the state panel', document.querySelector('#state'));
	const sb = document.querySelector('#state-box');
	if (sb.scrollHeight > sb.clientHeight + 1 || sb.scrollWidth > sb.clientWidth + 1) out.push('the state panel is cut: ' + sb.scrollWidth + '×' + sb.scrollHeight + ' in ' + sb.clientWidth + '×' + sb.clientHeight);
	check('the current stack frame', document.querySelector('#stack .frame.top'));
	check('the Play button', document.querySelector('#play'));
	check('the Step button', document.querySelector('#step'));
	check('the code', document.querySelector('#code'));
	const line = check('the marked code line', document.querySelector('#code .ln.on'));
	const code = document.querySelector('#code');
	if (line && code) {
		const box = code.getBoundingClientRect();
		const vis = { top: Math.max(box.top, 0), bottom: Math.min(box.bottom, H) };
		if (line.top < vis.top - 0.5 || line.bottom > vis.bottom + 0.5) out.push('the marked line is out of its listing');
		const lines = [...code.querySelectorAll('.ln')].filter((l) => { const r = l.getBoundingClientRect(); return r.top >= vis.top - 0.5 && r.bottom <= vis.bottom + 0.5; }).length;
		const all = code.querySelectorAll('.ln').length;
		if (lines < Math.min(9, all)) out.push('only ' + lines + ' of ' + all + ' code lines in view');
	}
	// A frame of the stack is whole or folded away, never cut.
	const stack = document.querySelector('#stack').getBoundingClientRect();
	for (const f of document.querySelectorAll('#stack .frames:not(.inner) > li')) {
		const r = f.getBoundingClientRect();
		if (r.left < stack.left - 0.5 || r.right > stack.right + 0.5) out.push('stack frame cut: ' + f.textContent);
	}
	// A title left to screen readers is one pixel wide.
	const shown = (e) => e.offsetParent !== null && getComputedStyle(e).visibility === 'visible' && e.getBoundingClientRect().width > 1;
	for (const e of document.querySelectorAll('.pane .stats dt, .panel button, .panel h2, .panel label, .panel summary, .stage button, .stage label, .player .jump, .arr-name, .grid th, .cmp th, #stack .frame')) {
		if (shown(e) && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible')) out.push('label cut: ' + e.textContent.trim().slice(0, 40));
	}
	if (document.scrollingElement.scrollTop !== 0) out.push('the page scrolled');
	return out;
})()`

// typeSizes is a script that returns the smallest type, in pixels, of
// the code, of the stack and of the indices of the state's arrays and
// tables.
const typeSizes = `(() => {
	const px = (sel) => Math.min(...[...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null).map((e) => parseFloat(getComputedStyle(e).fontSize)), 99);
	return [px('#code .ln'), px('#stack .frame, #stack .fold summary'), px('#state .ci, #state .grid th')];
})()`

// lessonPlaces is a script that returns the top and the bottom of the
// state, the stack, the code and the Play button.
const lessonPlaces = `['#state-box', '#stack-box', '#code-box', '#play'].flatMap((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; })`

// watchConsole fails the test for every console error and policy
// violation of the page, besides its uncaught exceptions.
func watchConsole(t *testing.T, ctx context.Context) {
	t.Helper()
	var (
		mu   sync.Mutex
		errs []string
	)
	if err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning && strings.Contains(e.Entry.Text, "Content Security Policy") {
				msg = e.Entry.Text + " " + e.Entry.URL
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				msg = "console.error"
			}
		case *runtime.EventExceptionThrown:
			msg = e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		}
		if msg != "" {
			mu.Lock()
			errs = append(errs, msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	do(t, ctx, "enabling the log", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, log.Enable, cdp.Empty{})
		return err
	}))
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for i, msg := range errs {
			if i == 10 {
				t.Errorf("… and %d more", len(errs)-10)
				break
			}
			t.Errorf("console: %s", msg)
		}
	})
}

// TestBrowserLessonModes opens every mode of a lesson of every method at
// 1366×768 and 1280×720, in English and Chinese: the plain view, the
// lecture open, the quiz open, and presenting mode with the lecture. In
// each, the board, the state panel, the current stack frame, the marked
// code line with the code around it and the Play controls are on the
// screen, no label is cut, and the page logs no error; stepping moves
// neither the state nor the stack nor the code, and the lecture and the
// quiz take the place of the settings, not the code's. The code, the
// stack and the indices keep a size a classroom can read. With
// -screenshots it saves each mode at 1366×768, of flags and matrix.
func TestBrowserLessonModes(t *testing.T) {
	testenv.SkipUnlessSlow(t, "a lesson of every method in headless Chromium")
	// The test opens about fifty pages one after the other; a stream of
	// steps a page left behind may hold its seat a while.
	url := startServer(t, Options{LoopbackOnly: true, MaxTraces: 64})
	ctx := newBrowser(t, 8*time.Minute)
	watchConsole(t, ctx)
	// The lecture's page at step 131 of the 8×8 board: for flags, after
	// the pages of the 4×4 walk, its sixth stop; for another method, its
	// third page.
	four, _ := allEvents(t, lookup(t, "flags"), 4)
	lecturePage := map[bool]int{true: len(four) + 1 + 6, false: 3}
	report := func(what string) {
		t.Helper()
		eval[bool](t, ctx, `(document.activeElement && document.activeElement.blur && document.activeElement.blur(), queensTesting.drawNow(), true)`)
		fails := eval[[]string](t, ctx, lessonView)
		for _, f := range fails {
			t.Errorf("%s: %s", what, f)
		}
		if len(fails) > 0 {
			t.Logf("%s: the panel holds %s", what, eval[string](t, ctx, `[...document.querySelectorAll('.panel > *, .deck > *')].filter((e) => e.offsetParent !== null).map((e) => (e.id || e.className) + ' ' + Math.round(e.getBoundingClientRect().top) + '+' + Math.round(e.getBoundingClientRect().height)).join(', ')`))
		}
	}
	var least [3]float64 // the smallest type met outside presenting mode
	least[0], least[1], least[2] = 99, 99, 99
	presenting := 99.0
	// Each page is checked at both sizes: the viewport changes, the page
	// stays, which spares half the pages and their searches.
	sizes := [][2]int64{{1366, 768}, {1280, 720}}
	resize := func(size [2]int64) {
		t.Helper()
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
	}
	for _, a := range queens.Algorithms() {
		for _, lang := range []string{"en", "zh"} {
			where := func(size [2]int64) string { return fmt.Sprintf("%dx%d %s %s", size[0], size[1], a.Name, lang) }
			// shot saves the mode at 1366×768: call it at that size.
			shot := func(mode string) {
				if *screenshotDir == "" {
					return
				}
				switch a.Name {
				case "flags":
					save(t, ctx, fmt.Sprintf("lesson-%s-%s-1366x768.png", mode, lang), false)
				case "matrix":
					save(t, ctx, fmt.Sprintf("lesson-%s-%s-%s-1366x768.png", a.Name, mode, lang), false)
				}
			}
			resize(sizes[0])
			open(t, ctx, url, "?n=8&algo="+a.Name+"&step=131&lang="+lang+"#search")
			var plain [2][]float64
			for i, size := range sizes {
				at := where(size)
				if i > 0 {
					resize(size)
				}
				report(at + " plain")
				if i == 0 {
					shot("plain")
				}
				typ := eval[[]float64](t, ctx, typeSizes)
				for j, want := range []float64{14, 13, 12} {
					least[j] = min(least[j], typ[j])
					if typ[j] < want {
						t.Errorf("%s: %s in %.1f px type, want %.0f or more", at, []string{"the code", "the stack", "the indices"}[j], typ[j], want)
					}
				}
				plain[i] = eval[[]float64](t, ctx, lessonPlaces)
			}
			// The state, the stack, the code and the player hold still
			// while stepping, at any event: twelve steps at each size, each
			// drawn from step 131: at 1280×720, where the plain view was
			// left, then, back at step 131, at 1366×768, where the lecture
			// opens. The page draws step 131 first at each size, as when
			// it is opened there.
			for i, size := range [][2]int64{sizes[1], sizes[0]} {
				if i > 0 {
					goStep(t, ctx, 131)
					resize(size)
				}
				moves := eval[[]string](t, ctx, fmt.Sprintf(`(() => {
					const out = [], moved = new Set(), places = () => %s, names = ['state', 'stack', 'code', 'Play button'];
					const from = queensTesting.pos(), was = (queensTesting.drawNow(), places());
					for (let k = 1; k <= 12; k++) {
						document.querySelector('#step').click();
						queensTesting.drawNow();
						if (queensTesting.pos() !== from + k) { out.push('step ' + (from + k) + ' not taken at once'); break; }
						const now = places();
						now.forEach((v, i) => {
							if (Math.abs(v - was[i]) > 1 && !moved.has(i)) out.push('step ' + (from + k) + ' moves the ' + (i %% 2 ? 'bottom' : 'top') + ' of the ' + names[i >> 1] + ' by ' + Math.round(v - was[i]) + ' px');
							if (Math.abs(v - was[i]) > 1) moved.add(i);
						});
					}
					return out;
				})()`, lessonPlaces))
				for _, m := range moves {
					t.Errorf("%s: %s", where(size), m)
				}
			}

			// The lecture takes the settings' place: the state and the code
			// stay where they were.
			check := func(size int, what, sel string) {
				t.Helper()
				at := where(sizes[size])
				for _, f := range eval[[]string](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight + 0.5 || r.height < 4 ? [Math.round(r.top) + '..' + Math.round(r.bottom)] : []; })()`, sel)) {
					t.Errorf("%s: %s at %s", at, what, f)
				}
				now := eval[[]float64](t, ctx, lessonPlaces)
				for i, name := range []string{"state", "stack", "code"} {
					if d := now[2*i] - plain[size][2*i]; d > 1 {
						t.Errorf("%s: %s pushes the %s down by %.0f px", at, what, name, d)
					}
				}
			}
			// atBothSizes checks the mode's panel at each size, the page
			// resized from the first, and takes the first one's picture.
			atBothSizes := func(mode, what, sel string) {
				for i, size := range sizes {
					if i > 0 {
						resize(size)
					}
					report(where(size) + " " + mode)
					check(i, what, sel)
					if i == 0 {
						shot(mode)
					}
				}
			}
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=%s&step=131&lecture=%d&lang=%s#search", a.Name, lecturePage[a.Name == "flags"], lang))
			waitFor(t, ctx, "the lecture", `!document.querySelector('#lecture').hidden && document.querySelector('#lecture').dataset.step === '131' && queensTesting.ready()`)
			atBothSizes("lecture", "the lecture", "#lecture")
			// Presenting mode, at 1280×720 first, where the lecture was left.
			do(t, ctx, "presenting", chromedp.KeyEvent("f"))
			waitFor(t, ctx, "presenting", `document.body.classList.contains('presenting')`)
			waitReady(t, ctx)
			for _, i := range []int{1, 0} {
				at := where(sizes[i])
				resize(sizes[i])
				report(at + " presenting with the lecture")
				if px := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.querySelector('#code .ln.on')).fontSize)`); px < 15 {
					t.Errorf("%s presenting: code in %.1f px type, want 15 or more", at, px)
				} else {
					presenting = min(presenting, px)
				}
			}
			shot("present")
			do(t, ctx, "leaving", chromedp.KeyEvent("f"))

			open(t, ctx, url, "?n=8&algo="+a.Name+"&step=100&lang="+lang+"#search")
			do(t, ctx, "the quiz", chromedp.Click(chromedp.CSS("#quiz-open")))
			do(t, ctx, "a question", chromedp.Click(chromedp.CSS("#quiz-next")))
			waitFor(t, ctx, "a question", `document.querySelectorAll('#quiz-answers button').length > 0`)
			waitReady(t, ctx)
			atBothSizes("quiz", "the quiz", "#quiz")
		}
	}
	// Side by side, a coarse step brings both panes to the same event:
	// after Next solution, solution k in both.
	for _, size := range sizes {
		resize(size)
		for _, lang := range []string{"en", "zh"} {
			at := fmt.Sprintf("%dx%d %s", size[0], size[1], lang)
			open(t, ctx, url, "?n=8&algo=flags&compare=board&lang="+lang+"#search")
			for k := 1; k <= 2; k++ {
				do(t, ctx, "next solution", chromedp.Click(chromedp.CSS("#next")))
				waitFor(t, ctx, fmt.Sprintf("solution %d in both panes", k), fmt.Sprintf(`document.querySelector('#c-solutions')?.textContent === '%d' && document.querySelector('#c-solutions-b')?.textContent === '%d'`, k, k))
			}
			// The note gives each method's work in its own unit and the
			// times of the 10×10 board, where they differ.
			waitFor(t, ctx, "the times", `document.querySelector('#compare-note').textContent.includes('10×10')`)
			note := text(t, ctx, "#compare-note")
			for _, want := range map[string][]string{"en": {"array reads", "squares read", "ms"}, "zh": {"数组读取", "毫秒"}}[lang] {
				if !strings.Contains(note, want) {
					t.Errorf("%s: the note %q lacks %q", at, note, want)
				}
			}
			if strings.Contains(note, "as many array reads as") {
				t.Errorf("%s: the note compares two units: %q", at, note)
			}
		}
	}
	t.Logf("the smallest type: code %.1f px, stack %.1f px, indices %.1f px; presenting, code %.1f px", least[0], least[1], least[2], presenting)
}

// TestBrowserLectureState checks that the lecture gives back the view it
// took, keeps its page in the URL, follows the board when the teacher
// steps with the player, and jumps to its chapters.
func TestBrowserLectureState(t *testing.T) {
	testenv.SkipUnlessSlow(t, "the lecture in headless Chromium")
	url := startServer(t)
	ctx := newBrowser(t)
	watchConsole(t, ctx)
	open(t, ctx, url, "?n=6&algo=flags&step=40&lang=en#search")
	do(t, ctx, "opening the lecture", chromedp.Click(chromedp.CSS("#lecture-open")))
	waitFor(t, ctx, "page 1", `document.querySelector('#lecture').dataset.step === '0' && document.querySelector('#n').value === '4'`)
	for range 9 {
		do(t, ctx, "next page", chromedp.Click(chromedp.CSS("#lecture-next")))
	}
	waitFor(t, ctx, "page 10 in the URL", `document.querySelector('#lecture').dataset.step === '9' && new URLSearchParams(location.search).get('lecture') === '10'`)
	do(t, ctx, "closing", chromedp.Click(chromedp.CSS("#lecture-close")))
	waitFor(t, ctx, "the view given back", `document.querySelector('#n').value === '6' && document.querySelector('#algo').value === 'flags' && queensTesting.pos() === 40 && queensTesting.ready() && !new URLSearchParams(location.search).has('lecture')`)

	// Space presses a focused button; it does not also play.
	eval[bool](t, ctx, `(document.querySelector('#quiz-open').focus(), true)`)
	do(t, ctx, "Space on the Quiz button", chromedp.KeyEvent(" "))
	waitFor(t, ctx, "the quiz", `!document.querySelector('#quiz').hidden`)
	if eval[string](t, ctx, `document.querySelector('#play').getAttribute('aria-pressed')`) == "true" {
		t.Error("Space on a focused button also plays")
	}
	do(t, ctx, "closing the quiz", chromedp.Click(chromedp.CSS("#quiz-close")))
	// The theme switch turns the page dark, and back.
	bg := `getComputedStyle(document.body).backgroundColor`
	light := eval[string](t, ctx, bg)
	do(t, ctx, "the theme switch", chromedp.Click(chromedp.CSS("#theme")))
	if dark := eval[string](t, ctx, bg); dark == light || eval[string](t, ctx, `document.documentElement.dataset.theme`) != "dark" {
		t.Errorf("the theme switch leaves the page %s (was %s)", dark, light)
	}
	do(t, ctx, "the theme switch again", chromedp.Click(chromedp.CSS("#theme")))
	if again := eval[string](t, ctx, bg); again != light {
		t.Errorf("the theme switch pressed twice leaves the page %s, not %s", again, light)
	}

	// A reload returns to the page the URL names.
	open(t, ctx, url, "?n=4&algo=flags&step=9&lecture=10&lang=en#search")
	waitFor(t, ctx, "page 10 after a reload", `!document.querySelector('#lecture').hidden && document.querySelector('#lecture').dataset.slide === '9' && document.querySelector('#lecture').dataset.step === '9'`)
	// A coarse step moves the lecture with the board.
	eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
	do(t, ctx, "next solution", chromedp.Click(chromedp.CSS("#next")))
	waitFor(t, ctx, "the lecture at the solution", `queensTesting.pos() > 9 && document.querySelector('#lecture').dataset.slide === String(queensTesting.pos()) && document.querySelector('#lecture').dataset.step === String(queensTesting.pos())`)
	if say := text(t, ctx, "#lecture-text"); !strings.Contains(say, "solution 1") {
		t.Errorf("at the first solution the lecture says %q", say)
	}
	// The chapter menu jumps to the 8×8 board's first solution.
	events, _ := allEvents(t, lookup(t, "flags"), 8)
	first := 0
	for i, e := range events {
		if e.Kind == queens.EventSolution {
			first = i + 1
			break
		}
	}
	chapter := eval[string](t, ctx, `[...document.querySelectorAll('#lecture-chapter option')].find((o) => o.textContent === '8×8: the first solution')?.value ?? ''`)
	if chapter == "" {
		t.Fatalf("no chapter for the first solution: %q", eval[[]string](t, ctx, `[...document.querySelectorAll('#lecture-chapter option')].map((o) => o.textContent)`))
	}
	do(t, ctx, "picking the chapter", chromedp.SetValue(chromedp.CSS("#lecture-chapter"), chapter))
	eval[bool](t, ctx, `(document.querySelector('#lecture-chapter').dispatchEvent(new Event('change')), true)`)
	waitFor(t, ctx, "the first 8×8 solution", fmt.Sprintf(`document.querySelector('#n').value === '8' && queensTesting.pos() === %d && document.querySelector('#lecture').dataset.step === '%d'`, first, first))
}

// TestBrowserLectureWalk turns every page of the lecture, in English and
// Chinese, and checks each against the library's trace of the 4×4 board:
// the page is at the trace's step, names its row and column, names for an
// attacked square the queen that the flags check meets first and the
// flag it reads, never a column past the board, and ends the search where
// it ends.
func TestBrowserLectureWalk(t *testing.T) {
	testenv.SkipUnlessSlow(t, "every page of the lecture in headless Chromium")
	url := startServer(t)
	ctx := newBrowser(t)
	watchConsole(t, ctx)
	events, _ := allEvents(t, lookup(t, "flags"), 4)
	for _, lang := range []string{"en", "zh"} {
		open(t, ctx, url, "?n=4&algo=flags&step=0&lecture=1&lang="+lang+"#search")
		waitFor(t, ctx, "page 1", `!document.querySelector('#lecture').hidden && document.querySelector('#lecture').dataset.step === '0'`)
		r := replayed{queens: []int{-1, -1, -1, -1}}
		for k := 1; k <= len(events); k++ {
			do(t, ctx, "next page", chromedp.Click(chromedp.CSS("#lecture-next")))
			waitFor(t, ctx, fmt.Sprintf("page %d", k+1), fmt.Sprintf(`document.querySelector('#lecture').dataset.step === '%d' && queensTesting.pos() === %d`, k, k))
			say := text(t, ctx, "#lecture-text")
			if testing.Verbose() {
				t.Logf("%s page %d: %s", lang, k+1, say) // for reading the lecture through
			}
			e := events[k-1]
			where := map[string]string{"en": fmt.Sprintf("Row %d, column %d", e.Row+1, e.Col+1), "zh": fmt.Sprintf("第 %d 行第 %d 列", e.Row+1, e.Col+1)}[lang]
			switch e.Kind {
			case queens.EventTry:
				if !strings.Contains(say, where) {
					t.Errorf("%s page %d: %q does not name %s", lang, k+1, say, where)
				}
				if e.Conflict >= 0 {
					flag := fmt.Sprintf("flag[%d]", e.Col)
					if c := r.queens[e.Conflict]; c != e.Col {
						if e.Conflict-c == e.Row-e.Col {
							flag = fmt.Sprintf("d1[%d]", e.Row-e.Col+3)
						} else {
							flag = fmt.Sprintf("d2[%d]", e.Row+e.Col)
						}
					}
					by := map[string]string{"en": fmt.Sprintf("row %d", e.Conflict+1), "zh": fmt.Sprintf("第 %d 行", e.Conflict+1)}[lang]
					if !strings.Contains(say, flag) || !strings.Contains(say, by) {
						t.Errorf("%s page %d: %q does not name %s set by %s", lang, k+1, say, flag, by)
					}
				}
				r.last = &e
			case queens.EventPlace:
				r.queens[e.Row] = e.Col
			case queens.EventRemove:
				r.queens[e.Row] = -1
				if e.Col == 3 && !strings.Contains(say, map[string]string{"en": "was the last", "zh": "最后一列"}[lang]) {
					t.Errorf("%s page %d: the queen of the last column is taken back, and the page says %q", lang, k+1, say)
				}
			}
			if strings.Contains(say, "column 5") || strings.Contains(say, "第 5 列") {
				t.Errorf("%s page %d names a fifth column of the 4×4 board: %q", lang, k+1, say)
			}
			if k < len(events) && (strings.Contains(say, "search is over") || strings.Contains(say, "搜索到此结束")) {
				t.Errorf("%s page %d ends the search at step %d of %d: %q", lang, k+1, k, len(events), say)
			}
		}
		if say := text(t, ctx, "#lecture-text"); !strings.Contains(say, map[string]string{"en": "search is over", "zh": "结束"}[lang]) {
			t.Errorf("%s: the last page of the 4×4 walk says %q", lang, say)
		}
		// Every other method has its own, shorter lecture, on its own
		// search: opening it keeps the method, and each page is at the
		// step the trace gives it.
		for _, a := range queens.Algorithms() {
			if a.Name == "flags" {
				continue
			}
			open(t, ctx, url, "?n=8&algo="+a.Name+"&step=7&lang="+lang+"#search")
			do(t, ctx, "opening the lecture", chromedp.Click(chromedp.CSS("#lecture-open")))
			waitFor(t, ctx, a.Name+"'s lecture", `!document.querySelector('#lecture').hidden && document.querySelector('#lecture').dataset.step === '0'`)
			if h := text(t, ctx, "#lecture-h"); !strings.Contains(h, a.Name) {
				t.Errorf("%s %s: the lecture is %q", lang, a.Name, h)
			}
			evs, st := allEvents(t, a, 8)
			prev := ""
			for page := 2; ; page++ {
				if eval[bool](t, ctx, `document.querySelector('#lecture-next').disabled`) {
					break
				}
				do(t, ctx, "next page", chromedp.Click(chromedp.CSS("#lecture-next")))
				waitFor(t, ctx, fmt.Sprintf("%s page %d", a.Name, page), fmt.Sprintf(`document.querySelector('#lecture').dataset.slide === '%d' && document.querySelector('#lecture').dataset.step === String(queensTesting.pos()) && document.querySelector('#algo').value === %q && queensTesting.ready()`, page-1, a.Name))
				say := text(t, ctx, "#lecture-text")
				if testing.Verbose() {
					t.Logf("%s %s page %d: %s", lang, a.Name, page, say)
				}
				if len([]rune(say)) < 15 || say == prev {
					t.Errorf("%s %s page %d: %q", lang, a.Name, page, say)
				}
				prev = say
				p := eval[int](t, ctx, `queensTesting.pos()`)
				if e := evs[p-1]; e.Kind == queens.EventTry && e.Conflict >= 0 && !strings.Contains(say, fmt.Sprint(e.Conflict+1)) {
					t.Errorf("%s %s page %d: the try of row %d column %d names row %d first, and the page says %q", lang, a.Name, page, e.Row+1, e.Col+1, e.Conflict+1, say)
				}
			}
			if p := eval[int](t, ctx, `queensTesting.pos()`); p != len(evs) {
				t.Errorf("%s %s: the last page is at step %d, the search ends at %d", lang, a.Name, p, len(evs))
			}
			if say := text(t, ctx, "#lecture-text"); !strings.Contains(say, fmt.Sprint(st.Solutions)) || !strings.Contains(say, thousands(st.Work)) {
				t.Errorf("%s %s: the last page says %q, not %d solutions and %s units of work", lang, a.Name, say, st.Solutions, thousands(st.Work))
			}
		}
	}
}
