package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/queenslab/queens"
)

// layoutFaults returns what is wrong with the layout of the page as it
// is shown: a page wider than the window, a key control hidden, cut off
// at the window's edge or overlapping another control.
const layoutFaults = `(() => {
	const out = [];
	const w = window.innerWidth;
	if (document.documentElement.scrollWidth > w) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a window of ' + w);
	const ids = ['#lang-en', '#lang-zh', '#tab-search', '#tab-gallery', '#tab-count', '#n', '#algo', '#reset', '#back', '#play', '#step', '#next', '#edit-open', '#lecture-open', '#quiz-open', '#present', '#keys-open', '#jb-place', '#jf-place', '#jf-rowend'];
	const boxes = [];
	for (const id of ids) {
		const e = document.querySelector(id);
		if (!e) { out.push(id + ' is missing'); continue; }
		const r = e.getBoundingClientRect();
		if (r.width < 8 || r.height < 8) { out.push(id + ' is not shown'); continue; }
		if (r.left < 0 || r.right > w + 0.5) out.push(id + ' is cut off: ' + Math.round(r.left) + '..' + Math.round(r.right));
		if (e.scrollWidth > e.clientWidth + 1 && e.tagName === 'BUTTON') out.push(id + ' does not hold its text');
		boxes.push([id, r]);
	}
	for (let i = 0; i < boxes.length; i++) {
		for (let j = i + 1; j < boxes.length; j++) {
			const [x, a] = boxes[i], [y, b] = boxes[j];
			if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(x + ' overlaps ' + y);
		}
	}
	return out;
})()`

// TestBrowserLanguages shows the page in English and in Chinese at
// 1366×768 and 390×844: the document's lang, the sentences of the page
// and of the search in the language, the layout whole. With -screenshots
// it writes en-1366x768.png, zh-390x844.png and the like.
func TestBrowserLanguages(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	want := map[string]struct{ tag, tab, play, status, tried string }{
		"en": {"en", "Search", "▶ Play", "Row ", "Row 8, column 1"},
		"zh": {"zh-Hans", "搜索", "▶ 播放", "第 ", "第 8 行第 1 列"},
	}
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
		for _, lang := range []string{"en", "zh"} {
			w := want[lang]
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=flags&step=131&lang=%s#search", lang))
			eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
			if got := eval[string](t, ctx, `document.documentElement.lang`); got != w.tag {
				t.Errorf("%s: the document's lang is %q, want %q", lang, got, w.tag)
			}
			for sel, wantText := range map[string]string{"#tab-search": w.tab, "#play": w.play} {
				if got := text(t, ctx, sel); got != wantText {
					t.Errorf("%s: %s says %q, want %q", lang, sel, got, wantText)
				}
			}
			if got := text(t, ctx, "#status"); !strings.HasPrefix(got, w.status) {
				t.Errorf("%s: the status %q does not start with %q", lang, got, w.status)
			}
			if got := eval[string](t, ctx, `document.querySelector('#tree').textContent`); !strings.Contains(got, "✕") {
				t.Errorf("%s: the tree shows no pruned square: %q", lang, got)
			}
			if lang == "zh" {
				// No English sentence is left on the search view, but for the
				// names of the methods and the code.
				left := eval[[]string](t, ctx, `[...document.querySelectorAll('#view-search :is(p, h2, label, button, dt, li, summary, legend, option, span):not(:has(*))')]
					.filter((e) => e.offsetParent !== null && !e.closest('pre, .state, .tree, #found, #algo, #compare'))
					.map((e) => e.textContent.trim()).filter((s) => /[a-z]{4,}/i.test(s.replace(/\b(queens|flags|flag|scan|rows|board|matrix|permute|bitboard|Shift|Alt|JSON|SVG|Java)\b/g, '')))`)
				for _, s := range left {
					t.Errorf("zh: English left on the page: %q", s)
				}
			}
			for _, f := range eval[[]string](t, ctx, layoutFaults) {
				t.Errorf("%s at %dx%d: %s", lang, size[0], size[1], f)
			}
			// The header keeps one row, the language switch beside the
			// tabs, even on a phone.
			if !eval[bool](t, ctx, `(() => {
				const a = document.querySelector('#tab-search').getBoundingClientRect(), b = document.querySelector('#lang-zh').getBoundingClientRect();
				return b.top < a.bottom && a.top < b.bottom;
			})()`) {
				t.Errorf("%s at %dx%d: the language switch is not on the row of the tabs", lang, size[0], size[1])
			}
			shoot(t, ctx, fmt.Sprintf("%s-%dx%d.png", lang, size[0], size[1]))
		}
		// The gallery and the count hold their layout in Chinese too.
		for _, view := range []string{"gallery", "count"} {
			do(t, ctx, "opening "+view, chromedp.Navigate(url+"?lang=zh#"+view))
			if view == "gallery" {
				waitFor(t, ctx, view, `document.querySelectorAll('#gallery .gboard').length > 0`)
			} else {
				waitFor(t, ctx, view, `document.querySelectorAll('#k-n option').length > 0`)
			}
			if got := eval[int](t, ctx, `document.documentElement.scrollWidth - window.innerWidth`); got > 0 {
				t.Errorf("zh %s at %dx%d: the page is %d px too wide", view, size[0], size[1], got)
			}
			if view == "count" {
				eval[bool](t, ctx, `(() => { const n = document.querySelector('#k-n'); n.value = '12'; document.querySelector('#k-go').click(); return true; })()`)
				waitFor(t, ctx, "the count", `document.querySelector('#k-total').textContent === '14,200'`)
				if got := text(t, ctx, "#k-status"); !strings.HasPrefix(got, "N = 12：14,200 个解，其中 1,787 个") {
					t.Errorf("zh count: %q", got)
				}
				time.Sleep(400 * time.Millisecond) // the bar's last move
			}
			shoot(t, ctx, fmt.Sprintf("zh-%s-%dx%d.png", view, size[0], size[1]))
		}
		if got := text(t, ctx, "#view-count .lead"); !strings.Contains(got, "计数") {
			t.Errorf("zh count view: %q", got)
		}
	}
}

// TestBrowserLanguageSwitch chooses the language the way a visitor does:
// the browser's languages first, then the switch, which is remembered
// over them, then ?lang=.
func TestBrowserLanguageSwitch(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	do(t, ctx, "a Chinese browser", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome", AcceptLanguage: "zh-CN,zh",
		})
		return err
	}))
	open(t, ctx, url, "?n=6&algo=scan&step=3#search")
	if got := eval[string](t, ctx, `document.documentElement.lang + ' ' + navigator.languages[0]`); got != "zh-Hans zh-CN" {
		t.Fatalf("a Chinese browser gets lang %q", got)
	}
	if got := text(t, ctx, "#c-place"); got == "" {
		t.Error("no counters")
	}
	// The switch puts the page into English at once, and the choice
	// outlives the visit.
	do(t, ctx, "switching to English", chromedp.Click(chromedp.CSS("#lang-en")))
	waitFor(t, ctx, "English", `document.documentElement.lang === 'en' && document.querySelector('#tab-search').textContent === 'Search'`)
	waitReady(t, ctx)
	for sel, want := range map[string]string{"#status": "Row 2: try column 1.", "#state-h": "What scan keeps", "#code": "every queen above"} {
		if got := text(t, ctx, sel); !strings.Contains(got, want) {
			t.Errorf("after the switch, %s says %q, want %q", sel, got, want)
		}
	}
	if got := eval[string](t, ctx, `localStorage.getItem('queens-lang') + ' ' + document.querySelector('#lang-en').getAttribute('aria-pressed')`); got != "en true" {
		t.Errorf("the switch left %q", got)
	}
	open(t, ctx, url, "?n=6&algo=scan&step=3#search")
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "en" {
		t.Errorf("the choice of English is forgotten: lang %q", got)
	}
	do(t, ctx, "switching to Chinese", chromedp.Click(chromedp.CSS("#lang-zh")))
	waitFor(t, ctx, "Chinese", `document.documentElement.lang === 'zh-Hans' && document.querySelector('#status').textContent.startsWith('第 2 行')`)
	if got := eval[string](t, ctx, `new URLSearchParams(location.search).get('lang')`); got != "zh" {
		t.Errorf("the URL names the language %q, want zh", got)
	}
	// ?lang= wins over the choice remembered.
	open(t, ctx, url, "?n=6&algo=scan&step=3&lang=en#search")
	if got := text(t, ctx, "#tab-count"); got != "Count" {
		t.Errorf("?lang=en: the tab says %q", got)
	}
}

// TestBrowserInstance blocks a square and excludes a diagonal by clicking
// the board, and plays the search to its end: it never places a queen
// there and finds the solutions of the instance.
func TestBrowserInstance(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	open(t, ctx, url, "?n=6&algo=flags#search")
	// The editor is folded away until asked for; while it is, a click on
	// the board edits nothing.
	do(t, ctx, "clicking the folded editor's board", chromedp.Click(chromedp.CSS("#board .cell:nth-child(2)")))
	if eval[bool](t, ctx, `new URLSearchParams(location.search).has('block')`) {
		t.Error("a click on the board blocked a square while the editor was folded")
	}
	do(t, ctx, "opening the editor", chromedp.Click(chromedp.CSS("#edit-open")))
	// Row 0, column 1 holds the queen of the first 6×6 solution.
	do(t, ctx, "blocking b6", chromedp.Click(chromedp.CSS("#board .cell:nth-child(2)")))
	waitFor(t, ctx, "the instance", `new URLSearchParams(location.search).get('block') === 'b6'`)
	waitReady(t, ctx)
	eval[bool](t, ctx, `(() => {
		const cell = document.querySelectorAll('#board .cell')[6 * 2 + 3]; // row 2, column 3: sum 5
		cell.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
		return true;
	})()`)
	waitFor(t, ctx, "the excluded diagonal", `new URLSearchParams(location.search).get('exclude') === 'sum:5'`)
	waitReady(t, ctx)
	in := queens.Instance{N: 6, Blocked: []queens.Square{{Row: 0, Col: 1}}, Excluded: []queens.Diagonal{{Sum: true, K: 5}}}
	events, stats := instanceEvents(t, in)
	if got := eval[int](t, ctx, `document.querySelectorAll('#board .cell.blk').length * 10 + document.querySelectorAll('#board .cell.exd').length`); got != 16 {
		t.Errorf("the board marks %d: want 1 blocked square and the 6 of the diagonal (16)", got)
	}
	if eval[bool](t, ctx, `document.querySelector('#algo').disabled`) != true {
		t.Error("the method menu is not disabled while the instance is searched")
	}
	bad := eval[[]string](t, ctx, fmt.Sprintf(`(() => {
		const out = [];
		for (let i = 1; i <= %d; i++) {
			document.querySelector('#step').click();
			queensTesting.drawNow();
			const q = document.querySelector('#board').dataset.sig.split('|')[0].split(',').map(Number);
			if (q[0] === 1) out.push(i + ': a queen on the blocked square');
			q.forEach((c, r) => { if (c >= 0 && r + c === 5) out.push(i + ': a queen on the excluded diagonal'); });
			if (document.querySelectorAll('#code .ln.on').length !== 1) out.push(i + ': no line of code marked');
		}
		return out;
	})()`, len(events)))
	for _, b := range bad {
		t.Errorf("step %s", b)
	}
	if got := text(t, ctx, "#c-solutions"); got != fmt.Sprint(stats.Solutions) {
		t.Errorf("%s solutions at the end, want %d", got, stats.Solutions)
	}
	if got := text(t, ctx, "#c-checks"); got != fmt.Sprint(stats.Checks) {
		t.Errorf("%s checks at the end, want %d", got, stats.Checks)
	}
	// A blocked square tried says so.
	for i, e := range events {
		if e.Kind == queens.EventTry && e.Conflict == queens.ConflictBlocked {
			goStep(t, ctx, i+1)
			if got := text(t, ctx, "#status"); !strings.Contains(got, "blocked") {
				t.Errorf("step %d tries the blocked square, and says %q", i+1, got)
			}
			break
		}
	}
	// A picture of the search around the blocked squares, in Chinese.
	open(t, ctx, url, "?n=8&algo=flags&block=c6,f3,d8&exclude=sum:7&with=b4&step=40&lang=zh#search")
	eval[bool](t, ctx, `(document.activeElement.blur(), document.querySelector('#intro').open = false, true)`)
	if got := text(t, ctx, "#m-title"); got != "逐行搜索，绕开禁放的格子" {
		t.Errorf("the method of the instance is called %q", got)
	}
	shoot(t, ctx, "instance-zh-1366x768.png")
	// Reloading keeps the instance; clearing it brings the method back.
	open(t, ctx, url, "?n=6&algo=flags&block=b6&exclude=sum:5#search")
	if got := eval[int](t, ctx, `document.querySelectorAll('#board .cell.blk').length`); got != 1 {
		t.Errorf("after a reload, %d blocked squares", got)
	}
	do(t, ctx, "clearing", chromedp.Click(chromedp.CSS("#edit-clear")))
	waitFor(t, ctx, "the plain board", `!new URLSearchParams(location.search).has('block') && !document.querySelector('#algo').disabled`)
	// A preset queen, by the mode of the menu: the search starts with its
	// row's only square when it reaches it.
	eval[bool](t, ctx, `(() => {
		const m = document.querySelector('#edit-mode');
		m.value = 'queen';
		m.dispatchEvent(new Event('change'));
		document.querySelectorAll('#board .cell')[6 + 3].click(); // row 1, column 3: d5
		return true;
	})()`)
	waitFor(t, ctx, "the preset queen", `new URLSearchParams(location.search).get('with') === 'd5' && document.querySelectorAll('#board .cell.pre').length === 1`)
	waitReady(t, ctx)
	if got := text(t, ctx, "#edit-list"); !strings.Contains(got, "preset queens: d5") {
		t.Errorf("the instance is listed as %q", got)
	}
}

// shoot takes a screenshot of the window and writes it into the
// -screenshots directory, when one is named.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *screenshotDir != "" {
		save(t, ctx, name, false)
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil || len(png) < 1000 {
		t.Errorf("screenshot %s: %d bytes, %v", name, len(png), err)
	}
}
