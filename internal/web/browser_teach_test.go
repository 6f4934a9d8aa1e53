package web

import (
	"bytes"
	"fmt"
	"image/gif"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/anim"
	"github.com/queenslab/queens/internal/message"
)

// The browser tests of the search page as a teacher uses it: a steady
// board, one screen per lesson, coarse steps, the stack, the lecture, the
// quiz, the keys and the smaller defects found trying it in class.

// rowHeights is a script that returns the height of every row of the
// board and of its rank labels, in pixels.
const rowHeights = `(() => {
	const cells = [...document.querySelectorAll('#board .cell')], n = Math.round(Math.sqrt(cells.length));
	const rows = [];
	for (let r = 0; r < n; r++) rows.push(cells[r * n].getBoundingClientRect().height);
	const ranks = [...document.querySelectorAll('.ranks span')].slice(0, n).map((s) => s.getBoundingClientRect().height);
	const tops = [...document.querySelectorAll('.ranks span')].slice(0, n).map((s, r) => Math.abs(s.getBoundingClientRect().top - cells[r * n].getBoundingClientRect().top));
	return { rows, ranks, off: Math.max(...tops) };
})()`

type heights struct {
	Rows, Ranks []float64
	Off         float64
}

// TestBrowserSteadyBoard measures the rows of the board at steps that
// show ✕ marks and dead ends: all are the same height, on a laptop and
// on a phone, and the rank labels stay beside their rows.
func TestBrowserSteadyBoard(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "flags"), 8)
	dead := 0
	for i, e := range events {
		if e.Kind == queens.EventDeadEnd {
			dead = i + 1
			break
		}
	}
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
		for _, step := range []int{131, dead, 3} {
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=flags&step=%d#search", step))
			if marks := eval[int](t, ctx, `[...document.querySelectorAll('#board .cell')].filter((c) => c.textContent === '✕').length`); marks == 0 {
				t.Fatalf("step %d shows no ✕", step)
			}
			h := eval[heights](t, ctx, rowHeights)
			lo, hi := h.Rows[0], h.Rows[0]
			for _, v := range append(h.Rows, h.Ranks...) {
				lo, hi = min(lo, v), max(hi, v)
			}
			if hi-lo > 1 || h.Off > 1 {
				t.Errorf("%dx%d step %d: rows %v, rank labels %v (%.1f px off): want all the same", size[0], size[1], step, h.Rows, h.Ranks, h.Off)
			}
		}
	}
}

// inView is a script that reports what of the board, the state panel and
// the marked code line is not entirely on the screen.
const inView = `(() => {
	const out = [], H = window.innerHeight, W = window.innerWidth;
	const check = (name, e) => {
		if (!e) { out.push(name + ' missing'); return; }
		const r = e.getBoundingClientRect();
		if (r.height < 4 || r.top < 0 || r.bottom > H + 0.5 || r.left < 0 || r.right > W + 0.5) out.push(name + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom));
		return r;
	};
	check('the board', document.querySelector('#board'));
	check('the state panel', document.querySelector('#state-box'));
	const line = check('the marked code line', document.querySelector('#code .ln.on'));
	const box = document.querySelector('#code').getBoundingClientRect();
	if (line && (line.top < box.top - 0.5 || line.bottom > box.bottom + 0.5)) out.push('the marked line is scrolled out of its listing');
	if (document.scrollingElement.scrollTop !== 0) out.push('the page scrolled');
	return out;
})()`

// TestBrowserOneScreen opens every method at a step deep in its search on
// a laptop's screens: the board, the state panel and the marked line of
// code are all on the screen, without scrolling. F fills the screen with
// large type; F again leaves.
func TestBrowserOneScreen(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	for _, size := range [][2]int64{{1366, 768}, {1280, 720}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
		for _, a := range queens.Algorithms() {
			for _, step := range []int{shotStep(t, a), 40} {
				open(t, ctx, url, fmt.Sprintf("?n=8&algo=%s&step=%d#search", a.Name, step))
				for _, f := range eval[[]string](t, ctx, inView) {
					t.Errorf("%dx%d %s step %d: %s", size[0], size[1], a.Name, step, f)
				}
			}
		}
	}
	do(t, ctx, "resizing", chromedp.EmulateViewport(1366, 768))
	open(t, ctx, url, "?n=8&algo=flags&step=131#search")
	before := eval[[]float64](t, ctx, `[parseFloat(getComputedStyle(document.documentElement).fontSize), document.querySelector('#board').getBoundingClientRect().width]`)
	eval[bool](t, ctx, `(document.body.focus(), true)`)
	do(t, ctx, "pressing F", chromedp.KeyEvent("f"))
	waitFor(t, ctx, "presenting mode", `document.body.classList.contains('presenting')`)
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	after := eval[[]float64](t, ctx, `[parseFloat(getComputedStyle(document.documentElement).fontSize), document.querySelector('#board').getBoundingClientRect().width]`)
	if after[0] < 1.2*before[0] || after[1] < before[1] {
		t.Errorf("presenting: type %.0f px and board %.0f px, against %.0f and %.0f: want larger", after[0], after[1], before[0], before[1])
	}
	if eval[bool](t, ctx, `document.querySelector('header.top').getBoundingClientRect().height > 0`) {
		t.Error("presenting: the header is still shown")
	}
	for _, f := range eval[[]string](t, ctx, inView) {
		t.Errorf("presenting: %s", f)
	}
	do(t, ctx, "pressing F again", chromedp.KeyEvent("f"))
	waitFor(t, ctx, "the page again", `!document.body.classList.contains('presenting')`)
}

// TestBrowserCoarseSteps moves by placements, backtracks, solutions and
// rows, forward and back, by buttons and keys, and checks each landing
// against the events; at N = 12 ten solutions take a few seconds.
func TestBrowserCoarseSteps(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "flags"), 8)
	open(t, ctx, url, "?n=8&algo=flags&step=131#search")
	nextOf := func(from int, kind queens.EventKind) int {
		for i := from; i < len(events); i++ {
			if events[i].Kind == kind {
				return i + 1
			}
		}
		return len(events)
	}
	lastOf := func(from int, kind queens.EventKind) int {
		for i := from - 2; i >= 0; i-- {
			if events[i].Kind == kind {
				return i + 1
			}
		}
		return 0
	}
	pos := 131
	waitPos := func(what string, want int) {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf("%s: step %d", what, want), fmt.Sprintf(`queensTesting.pos() === %d && queensTesting.ready()`, want))
		eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
		pos = want
	}
	for _, c := range []struct {
		key, button string
		kind        queens.EventKind
		back        bool
	}{
		{"p", "#jf-place", queens.EventPlace, false},
		{"P", "#jb-place", queens.EventPlace, true},
		{"b", "#jf-remove", queens.EventRemove, false},
		{"B", "#jb-remove", queens.EventRemove, true},
		{"s", "#jf-solution", queens.EventSolution, false},
		{"S", "#jb-solution", queens.EventSolution, true},
	} {
		want := nextOf(pos, c.kind)
		if c.back {
			want = lastOf(pos, c.kind)
		}
		do(t, ctx, "pressing "+c.key, chromedp.KeyEvent(c.key))
		waitPos("key "+c.key, want)
		want2 := nextOf(pos, c.kind)
		if c.back {
			want2 = lastOf(pos, c.kind)
		}
		do(t, ctx, "clicking "+c.button, chromedp.Click(chromedp.CSS(c.button)))
		waitPos(c.button, want2)
	}
	// The end of this row: the last step before the search acts on a row
	// above, and back to where the row's loop began.
	goStep(t, ctx, 131)
	row := events[130].Row
	if events[130].Kind == queens.EventPlace {
		row++
	}
	end := 131
	for end < len(events) && events[end].Row >= row && !(events[end-1].Kind == queens.EventDeadEnd && events[end-1].Row == row) {
		end++
	}
	do(t, ctx, "pressing E", chromedp.KeyEvent("e"))
	waitPos("E", end)
	begin := 0
	for i := end - 2; i >= 0; i-- {
		if events[i].Row < row {
			begin = i + 1
			break
		}
	}
	do(t, ctx, "pressing Shift+E", chromedp.KeyEvent("E"))
	waitPos("Shift+E", begin)
	// Ten solutions of the 12×12 board, from its start, in seconds.
	open(t, ctx, url, "?n=12&algo=flags&step=0#search")
	start := time.Now()
	for range 10 {
		before := eval[int](t, ctx, `queensTesting.pos()`)
		do(t, ctx, "next solution", chromedp.Click(chromedp.CSS("#next")))
		waitFor(t, ctx, "the next solution", fmt.Sprintf(`queensTesting.pos() > %d && queensTesting.ready()`, before))
	}
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("ten solutions at N = 12 took %v", d)
	}
	if got := text(t, ctx, "#c-solutions"); got != "10" {
		t.Errorf("after ten times next solution at N = 12: %s solutions", got)
	}
}

// TestBrowserStack checks the frames of the recursion at every step of
// the 5×5 flags search against the events, the matrix method's explicit
// stack, and the fold of a deep one at N = 12.
func TestBrowserStack(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	const n = 5
	events, _ := allEvents(t, lookup(t, "flags"), n)
	open(t, ctx, url, fmt.Sprintf("?n=%d&algo=flags#search", n))
	got := eval[[]string](t, ctx, fmt.Sprintf(`(() => {
		const out = [];
		for (let i = 1; i <= %d; i++) {
			document.querySelector('#step').click();
			queensTesting.drawNow();
			out.push([...document.querySelectorAll('#stack .frame')].map((f) => f.dataset.row + ':' + f.dataset.var).join(' '));
		}
		return out;
	})()`, len(events)))
	for i, e := range events {
		r := replayTo(events, n, i+1)
		var want []string
		depth := 0
		for depth < n && r.queens[depth] >= 0 {
			want = append(want, fmt.Sprintf("%d:%d", depth, r.queens[depth]))
			depth++
		}
		switch {
		case e.Kind == queens.EventTry && e.Row == depth:
			want = append(want, fmt.Sprintf("%d:%d", depth, e.Col))
		case e.Kind == queens.EventRemove:
			want = append(want, fmt.Sprintf("%d:%d", e.Row, e.Col))
		case e.Kind == queens.EventDeadEnd:
			want = append(want, fmt.Sprintf("%d:%d", e.Row, n))
		}
		if i < len(got) && got[i] != strings.Join(want, " ") {
			t.Errorf("step %d (%v): stack %q, want %q", i+1, e.Kind, got[i], strings.Join(want, " "))
		}
	}
	if h := text(t, ctx, "#stack .frame code"); !strings.HasPrefix(h, "generate(row=0)") {
		t.Errorf("a frame of flags reads %q", h)
	}
	open(t, ctx, url, "?n=8&algo=matrix&step=131#search")
	if h := text(t, ctx, "#stack-h"); !strings.Contains(h, "queen[0..i-1]") {
		t.Errorf("matrix's stack is titled %q", h)
	}
	open(t, ctx, url, "?n=12&algo=flags&step=400#search")
	if eval[int](t, ctx, `document.querySelectorAll('#stack .fold').length`) != 1 || eval[bool](t, ctx, `document.querySelector('#stack .fold details').open`) {
		t.Error("the stack of a 12×12 search deep down is not folded")
	}
}

// TestBrowserLecture walks the lecture: every step of the 4×4 board with
// its sentence, in both languages, by button and key; then the 8×8 part;
// and the gallery's link to the step where the search meets a solution.
func TestBrowserLecture(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "flags"), 4)
	for _, lang := range []string{"en", "zh"} {
		open(t, ctx, url, "?n=8&algo=flags&lang="+lang+"#search")
		do(t, ctx, "pressing L", chromedp.KeyEvent("l"))
		waitFor(t, ctx, "the lecture", `!document.querySelector('#lecture').hidden && document.querySelector('#lecture').dataset.step === '0'`)
		prev := ""
		for k := 1; k <= len(events); k++ {
			if k%2 == 0 {
				do(t, ctx, "Next", chromedp.Click(chromedp.CSS("#lecture-next")))
			} else {
				do(t, ctx, "→", chromedp.KeyEvent(kb.ArrowRight))
			}
			waitFor(t, ctx, fmt.Sprintf("slide %d", k), fmt.Sprintf(`document.querySelector('#lecture').dataset.step === '%d' && queensTesting.pos() === %d && document.querySelector('#n').value === '4'`, k, k))
			say := text(t, ctx, "#lecture-text")
			if len([]rune(say)) < 20 || say == prev {
				t.Errorf("%s slide %d (%v): %q", lang, k, events[k-1].Kind, say)
			}
			prev = say
			if lang == "zh" && strings.Contains(say, " the ") {
				t.Errorf("zh slide %d in English: %q", k, say)
			}
		}
		do(t, ctx, "←", chromedp.KeyEvent(kb.ArrowLeft))
		waitFor(t, ctx, "back one slide", fmt.Sprintf(`document.querySelector('#lecture').dataset.step === '%d'`, len(events)-1))
		do(t, ctx, "Next", chromedp.Click(chromedp.CSS("#lecture-next")))
		do(t, ctx, "Next", chromedp.Click(chromedp.CSS("#lecture-next")))
		waitFor(t, ctx, "the 8×8 part", `document.querySelector('#n').value === '8' && document.querySelector('#algo').value === 'flags' && document.querySelector('#lecture').dataset.step === '0'`)
		if h := text(t, ctx, "#lecture-h"); !strings.Contains(h, "8×8") {
			t.Errorf("%s: the second part is titled %q", lang, h)
		}
	}
	// From the gallery's tenth 8×8 solution to the step after the search
	// meets it.
	do(t, ctx, "the gallery", chromedp.Navigate(url+"?lang=en#gallery"))
	waitFor(t, ctx, "the gallery", `document.querySelectorAll('#gallery .gboard a.where').length >= 10`)
	href := eval[string](t, ctx, `document.querySelector('#gallery .gboard:nth-child(10) a.where').href`)
	do(t, ctx, "following the link", chromedp.Navigate(href))
	waitFor(t, ctx, "the step", `location.hash === '#search' && window.queensTesting && document.querySelector('#c-solutions')?.textContent === '10' && queensTesting.ready()`)
	events8, _ := allEvents(t, lookup(t, "flags"), 8)
	k := 0
	for i, e := range events8 {
		if e.Kind == queens.EventSolution {
			if k++; k == 10 {
				if got := eval[int](t, ctx, `queensTesting.pos()`); got != i+1 {
					t.Errorf("the link to solution 10 shows step %d, want %d", got, i+1)
				}
				break
			}
		}
	}
}

// TestBrowserQuiz answers the quiz's questions from the events computed
// here: right answers score, a wrong one does not, and the question asked
// is about the step after the one shown.
func TestBrowserQuiz(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	events, _ := allEvents(t, lookup(t, "flags"), 6)
	kinds := map[string]bool{}
	for _, lang := range []string{"en", "zh"} {
		open(t, ctx, url, "?n=6&algo=flags&lang="+lang+"#search")
		do(t, ctx, "pressing Q", chromedp.KeyEvent("q"))
		waitFor(t, ctx, "the quiz", `!document.querySelector('#quiz').hidden`)
		for round := range 6 {
			do(t, ctx, "next question", chromedp.Click(chromedp.CSS("#quiz-next")))
			waitFor(t, ctx, "a question", `document.querySelectorAll('#quiz-answers button').length > 0 && queensTesting.pos() === Number(document.querySelector('#quiz').dataset.step)`)
			p := eval[int](t, ctx, `queensTesting.pos()`)
			kind := eval[string](t, ctx, `document.querySelector('#quiz').dataset.kind`)
			kinds[kind] = true
			e := events[p]
			r := replayTo(events, 6, p)
			labels := eval[[]string](t, ctx, `[...document.querySelectorAll('#quiz-answers button')].map((b) => b.textContent)`)
			right := -1
			for i, l := range labels {
				switch kind {
				case "column":
					if l == fmt.Sprint(e.Col+1) {
						right = i
					}
				case "back":
					if (e.Kind == queens.EventRemove || e.Kind == queens.EventDeadEnd) == (i == 0) {
						right = i
					}
				case "attacked":
					if e.Conflict < 0 && i == 0 || e.Conflict >= 0 && i > 0 && strings.Contains(l, fmt.Sprint(e.Conflict+1)) && attacks(r.queens, e.Conflict, e.Row, e.Col) {
						right = i
					}
				}
			}
			if right < 0 {
				t.Fatalf("%s round %d: no answer fits the %s question at step %d: %q", lang, round, kind, p, labels)
			}
			pick := right
			if round == 2 {
				pick = (right + 1) % len(labels) // one wrong answer
			}
			do(t, ctx, "answering", chromedp.KeyEvent(fmt.Sprint(pick+1)))
			waitFor(t, ctx, "the verdict", `document.querySelector('#quiz').dataset.verdict !== ''`)
			if got, want := eval[string](t, ctx, `document.querySelector('#quiz').dataset.verdict`), map[bool]string{true: "right", false: "wrong"}[pick == right]; got != want {
				t.Errorf("%s round %d (%s at step %d): verdict %s, want %s", lang, round, kind, p, got, want)
			}
		}
		want := map[string]string{"en": "score 5 of 6", "zh": "得分 5 / 6"}[lang]
		if got := text(t, ctx, "#quiz-score"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if len(kinds) < 3 {
		t.Errorf("the quiz asked only %v", kinds)
	}
}

// attacks reports whether the queen of row r attacks (row, col).
func attacks(q []int, r, row, col int) bool {
	c := q[r]
	return c == col || c-col == row-r || col-c == row-r
}

// TestBrowserKeys checks the list of keys, the keys with the focus on a
// player button, and the speed slider's arrows.
func TestBrowserKeys(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	open(t, ctx, url, "?n=8&algo=flags&step=131#search")
	do(t, ctx, "pressing ?", chromedp.KeyEvent("?"))
	waitFor(t, ctx, "the keys", `document.querySelector('#keys-dialog').open`)
	list := text(t, ctx, "#keys-table")
	for _, k := range []string{"Space", "→", "←", "P", "B", "S", "E", "R", "F", "L", "Q", "I", "?"} {
		if !strings.Contains(list, k) {
			t.Errorf("the list of keys lacks %s: %q", k, list)
		}
	}
	do(t, ctx, "closing", chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, "no dialog", `!document.querySelector('#keys-dialog').open`)
	// S and R with the focus on a player button.
	eval[bool](t, ctx, `(document.querySelector('#back').focus(), true)`)
	do(t, ctx, "pressing S", chromedp.KeyEvent("s"))
	waitFor(t, ctx, "the next solution", `document.querySelector('#c-solutions').textContent === '1' && queensTesting.ready()`)
	eval[bool](t, ctx, `(document.querySelector('#step').focus(), true)`)
	do(t, ctx, "pressing R", chromedp.KeyEvent("r"))
	waitFor(t, ctx, "the start", `queensTesting.pos() === 0`)
	// The speed slider's arrows change the speed, not the step.
	goStep(t, ctx, 50)
	speed := eval[string](t, ctx, `document.querySelector('#speed').value`)
	eval[bool](t, ctx, `(document.querySelector('#speed').focus(), true)`)
	do(t, ctx, "pressing → on the speed", chromedp.KeyEvent(kb.ArrowRight))
	do(t, ctx, "pressing → on the speed", chromedp.KeyEvent(kb.ArrowRight))
	eval[bool](t, ctx, `(queensTesting.drawNow(), true)`)
	if got := eval[string](t, ctx, `document.querySelector('#speed').value + ' ' + queensTesting.pos()`); got != fmt.Sprintf("%d 50", atoi(speed)+2) {
		t.Errorf("→ twice on the speed slider at %s: %q, want the speed 2 up at step 50", speed, got)
	}
	// A text field keeps its keys.
	eval[bool](t, ctx, `(document.querySelector('#goto-step').focus(), true)`)
	do(t, ctx, "typing s", chromedp.KeyEvent("s"))
	time.Sleep(200 * time.Millisecond)
	if got := eval[int](t, ctx, `queensTesting.pos()`); got != 50 {
		t.Errorf("s typed in a text field moved the search to step %d", got)
	}
}

func atoi(s string) int {
	v := 0
	fmt.Sscan(s, &v)
	return v
}

// TestBrowserDefects checks the smaller defects found trying the page in
// class, each where it showed.
func TestBrowserDefects(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	cut := `[...document.querySelectorAll('.stats dd')].filter((d) => d.offsetParent && d.scrollWidth > d.clientWidth + 1).map((d) => d.id + ' ' + d.textContent)`
	t.Run("counters", func(t *testing.T) {
		for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
			do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
			open(t, ctx, url, "?n=12&algo=flags&step=12100000#search")
			open(t, ctx, url, "?n=12&algo=flags&step=99999999#search")
			for _, c := range eval[[]string](t, ctx, cut) {
				t.Errorf("%dx%d: the counter %s is cut", size[0], size[1], c)
			}
			open(t, ctx, url, "?n=12&algo=scan&step=99999999&compare=matrix&cstep=99999999#search")
			for _, c := range eval[[]string](t, ctx, cut) {
				t.Errorf("%dx%d, two methods: the counter %s is cut", size[0], size[1], c)
			}
		}
	})
	t.Run("compare code", func(t *testing.T) {
		for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
			do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
			open(t, ctx, url, "?n=8&algo=flags&step=20&compare=board&cstep=20#search")
			if got := eval[[]string](t, ctx, `[...document.querySelectorAll('.code')].filter((c) => c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > window.innerWidth + 0.5).map((c) => c.id + ': ' + c.scrollWidth + ' > ' + c.clientWidth)`); len(got) > 0 {
				t.Errorf("%dx%d: code cut on the right: %v", size[0], size[1], got)
			}
		}
	})
	do(t, ctx, "resizing", chromedp.EmulateViewport(1366, 768))
	t.Run("bitboard avail", func(t *testing.T) {
		events, _ := allEvents(t, lookup(t, "bitboard"), 8)
		checked := 0
		for i, e := range events {
			if e.Kind != queens.EventRemove || checked == 3 {
				continue
			}
			checked++
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=bitboard&step=%d#search", i+1))
			if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelectorAll('#state [data-array=avail] .c')[%d].textContent`, e.Col)); got != "0" {
				t.Errorf("step %d, after row %d's queen in column %d is taken back: avail shows its bit as %s", i+1, e.Row+1, e.Col+1, got)
			}
		}
	})
	t.Run("square names", func(t *testing.T) {
		open(t, ctx, url, "?n=6&algo=flags&block=b6&exclude=sum:5,diff:-2#search")
		if got := eval[string](t, ctx, `[...document.querySelectorAll('.ranks span')].map((s) => s.textContent).join('') + ' ' + [...document.querySelectorAll('.files span')].map((s) => s.textContent).join('')`); got != "654321 abcdef" {
			t.Errorf("the editor's board is labelled %q, want the chess names 654321 abcdef", got)
		}
		list := text(t, ctx, "#edit-list")
		for _, w := range []string{"b6", "sum:5 (a1–f6)", "diff:-2 (f3–c6)"} {
			if !strings.Contains(list, w) {
				t.Errorf("the instance is listed as %q, without %q", list, w)
			}
		}
		do(t, ctx, "folding the editor", chromedp.Click(chromedp.CSS("#edit-open")))
		if got := eval[string](t, ctx, `[...document.querySelectorAll('.ranks span')].map((s) => s.textContent).join('')`); got != "123456" {
			t.Errorf("without the editor the ranks read %q, as the step sentences count rows", got)
		}
	})
	t.Run("solutions met", func(t *testing.T) {
		open(t, ctx, url, "?n=8&algo=flags#search")
		eval[bool](t, ctx, `(() => { document.querySelector('#goto-sol').value = '30'; document.querySelector('#goto-sol-form').requestSubmit(); return true; })()`)
		waitFor(t, ctx, "the small boards", `document.querySelectorAll('#found .mini').length === 24`)
		if got := eval[string](t, ctx, `[...document.querySelectorAll('#found .mini')].map((b) => b.dataset.k).join(',')`); !strings.HasPrefix(got, "7,8,") || !strings.HasSuffix(got, ",30") {
			t.Errorf("after a jump to solution 30 the small boards are %s", got)
		}
		open(t, ctx, url, "?n=6&algo=flags&with=d5&step=99999#search")
		waitFor(t, ctx, "the small boards", `document.querySelectorAll('#found .mini').length === 1`)
	})
	t.Run("N too large", func(t *testing.T) {
		for _, lang := range []string{"en", "zh"} {
			open(t, ctx, url, "?n=16&algo=flags&lang="+lang+"#search")
			n := eval[string](t, ctx, `document.querySelector('#n').value`)
			note := text(t, ctx, "#n-note")
			if n == "16" || !strings.Contains(note, "16") || !strings.Contains(note, n) || eval[bool](t, ctx, `document.querySelector('#n-note').hidden`) {
				t.Errorf("%s: ?n=16 shows N = %s with the note %q", lang, n, note)
			}
		}
	})
	t.Run("running total", func(t *testing.T) {
		do(t, ctx, "opening the count", chromedp.Navigate(url+"?lang=en#count"))
		waitFor(t, ctx, "the menu", `document.querySelectorAll('#k-n option').length > 0`)
		eval[bool](t, ctx, `(() => {
			window.totals = [];
			new MutationObserver(() => totals.push(document.querySelector('#k-total').textContent)).observe(document.querySelector('#k-total'), { childList: true, characterData: true, subtree: true });
			const n = document.querySelector('#k-n'); n.value = '16'; document.querySelector('#k-go').click(); return true;
		})()`)
		waitFor(t, ctx, "the count", `document.querySelector('#k-total').textContent === '14,772,512'`)
		if got := eval[[]string](t, ctx, `totals.filter((s) => s.includes('so far'))`); len(got) == 0 {
			t.Error("the count showed no running total on its way")
		}
	})
	t.Run("Chinese player", func(t *testing.T) {
		open(t, ctx, url, "?n=8&algo=flags&lang=zh#search")
		if got := eval[string](t, ctx, `document.querySelector('.controls').getAttribute('aria-label')`); got != "播放器" {
			t.Errorf("the player's label in Chinese: %q", got)
		}
		if got := eval[[]float64](t, ctx, `(() => { const o = document.querySelector('#scrub-out'); return [o.getBoundingClientRect().height, parseFloat(getComputedStyle(o).lineHeight) || 24]; })()`); got[0] > 1.5*got[1] {
			t.Errorf("%q wraps: %.0f px high", text(t, ctx, "#scrub-out"), got[0])
		}
	})
	t.Run("phone", func(t *testing.T) {
		do(t, ctx, "resizing", chromedp.EmulateViewport(390, 844))
		for _, a := range queens.Algorithms() {
			open(t, ctx, url, fmt.Sprintf("?n=8&algo=%s&step=%d#search", a.Name, shotStep(t, a)))
			if got := eval[[]string](t, ctx, `[...document.querySelectorAll('#state *, #code, #stack *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')).map((e) => (e.dataset.array || e.className || e.tagName) + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 5)`); len(got) > 0 {
				t.Errorf("390x844 %s: past the screen's edge: %v", a.Name, got)
			}
		}
	})
}

// TestBrowserWork checks each method's own work: the card with its unit,
// at the end of the 6×6 search equal to the search's Work; the comparison
// of two methods in their units, in both languages; and the GIF export,
// a file for a short range and the server's message for a range too long.
func TestBrowserWork(t *testing.T) {
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	for _, a := range queens.Algorithms() {
		_, stats := allEvents(t, a, 6)
		open(t, ctx, url, fmt.Sprintf("?n=6&algo=%s&step=99999#search", a.Name))
		if got := text(t, ctx, "#c-work"); got != thousands(stats.Work) {
			t.Errorf("%s at the end: work %s, want %d", a.Name, got, stats.Work)
		}
		if got := text(t, ctx, "#c-work-card dt, #c-work ~ dt, .stats div:has(#c-work) dt"); !strings.Contains(got, a.WorkUnit) {
			t.Errorf("%s: the work is labelled %q, without %q", a.Name, got, a.WorkUnit)
		}
	}
	// Each method's work in its own unit, never one unit against another,
	// and the times of the 10×10 board.
	for lang, words := range map[string][]string{
		"en": {"10×10", "flags: 0 placements, 0 checks, 0 array reads", "scan: 0 placements, 0 checks, 0 comparisons", "ms"},
		"zh": {"10×10", "flags：放置 0 次，检查 0 次，0 数组读取", "scan：放置 0 次，检查 0 次，0 比较", "毫秒"},
	} {
		open(t, ctx, url, "?n=8&algo=flags&step=0&compare=scan&lang="+lang+"#search")
		waitFor(t, ctx, "the times", `document.querySelector('#compare-note').textContent.includes('10×10')`)
		note := text(t, ctx, "#compare-note")
		for _, w := range words {
			if !strings.Contains(note, w) {
				t.Errorf("%s: the comparison %q says nothing like %q", lang, note, w)
			}
		}
	}
	open(t, ctx, url, "?n=6&algo=flags&step=0#search")
	eval[bool](t, ctx, `(() => {
		document.querySelector('#gif-box').open = true;
		window.saved = [];
		const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () { if (this.download) saved.push(this.download); else click.call(this); };
		document.querySelector('#gif-from').value = '0';
		document.querySelector('#gif-to').value = '12';
		document.querySelector('#gif-form').requestSubmit();
		return true;
	})()`)
	waitFor(t, ctx, "the GIF", `saved.length === 1`)
	if got := eval[string](t, ctx, `saved[0]`); got != "queens-6-flags-0-12.gif" {
		t.Errorf("the GIF is saved as %q", got)
	}
	eval[bool](t, ctx, `(() => { document.querySelector('#gif-to').value = '99999999'; document.querySelector('#gif-form').requestSubmit(); return true; })()`)
	waitFor(t, ctx, "the refusal", `document.querySelector('#gif-note').textContent.startsWith('No GIF: ')`)

	// For a slide, in Chinese: the form's events, size, pace and caption
	// and the page's language go to the server, and its GIF is the one
	// drawn so, with Chinese captions.
	open(t, ctx, url, "?n=4&algo=flags&step=0&lang=zh#search")
	eval[bool](t, ctx, `(() => {
		document.querySelector('#gif-box').open = true;
		window.saved = [];
		window.gifs = [];
		const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () { if (this.download) saved.push(this.download); else click.call(this); };
		const get = window.fetch;
		window.fetch = async (u, o) => {
			const res = await get(u, o);
			if (String(u).includes('api/gif')) gifs.push([String(u), (await res.clone().arrayBuffer()).byteLength]);
			return res;
		};
		document.querySelector('#gif-from').value = '0';
		document.querySelector('#gif-to').value = '98';
		document.querySelector('#gif-events').value = 'place,remove,solution';
		document.querySelector('#gif-scale').value = '2';
		document.querySelector('#gif-delay').value = '1000';
		document.querySelector('#gif-form').requestSubmit();
		return true;
	})()`)
	waitFor(t, ctx, "the slide's GIF", `saved.length === 1 && gifs.length === 1`)
	got := eval[string](t, ctx, `gifs[0][0]`)
	for _, want := range []string{"from=0&to=98&", "events=place%2Cremove%2Csolution&scale=2&delay=1000&caption=1", "lang=zh"} {
		if !strings.Contains(got, want) {
			t.Errorf("the page asks for %s, without %s", got, want)
		}
	}
	flags, _ := queens.LookupAlgorithm("flags")
	g, err := anim.Render(t.Context(), flags, 4, 0, 98, anim.Options{Kinds: []queens.EventKind{queens.EventPlace, queens.EventRemove, queens.EventSolution}, Scale: 2, Delay: 100, Lang: message.Chinese})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	gif.EncodeAll(&want, g)
	if size := eval[int](t, ctx, `gifs[0][1]`); size != want.Len() {
		t.Errorf("the page got a GIF of %d bytes, want the %d of the slide asked for", size, want.Len())
	}
}

// TestBrowserTeachShots writes the screenshots of the teaching views,
// in English and Chinese, at 1366×768 and 390×844, when -screenshots
// names a directory: the lesson screen, the lecture, the quiz, the keys,
// presenting mode and the board editor.
func TestBrowserTeachShots(t *testing.T) {
	if *screenshotDir == "" {
		t.Skip("no -screenshots directory")
	}
	url := startServer(t)
	ctx := newBrowser(t)
	watchErrors(t, ctx)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(size[0], size[1]))
		for _, lang := range []string{"en", "zh"} {
			name := func(view string) string { return fmt.Sprintf("teach-%s-%s-%d.png", view, lang, size[0]) }
			open(t, ctx, url, "?n=8&algo=flags&step=131&lang="+lang+"#search")
			eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
			save(t, ctx, name("lesson"), false)
			open(t, ctx, url, "?n=8&algo=flags&step=0&lecture=1&lang="+lang+"#search")
			waitFor(t, ctx, "the lecture", `document.querySelector('#lecture').dataset.step === '0' && queensTesting.ready()`)
			for range 9 {
				do(t, ctx, "next slide", chromedp.Click(chromedp.CSS("#lecture-next")))
			}
			waitFor(t, ctx, "slide 9", `document.querySelector('#lecture').dataset.step === '9' && queensTesting.ready()`)
			eval[bool](t, ctx, `(document.activeElement.blur(), queensTesting.drawNow(), true)`)
			save(t, ctx, name("lecture"), false)
			open(t, ctx, url, "?n=6&algo=flags&lang="+lang+"#search")
			do(t, ctx, "the quiz", chromedp.Click(chromedp.CSS("#quiz-open")))
			do(t, ctx, "a question", chromedp.Click(chromedp.CSS("#quiz-next")))
			waitFor(t, ctx, "a question", `document.querySelectorAll('#quiz-answers button').length > 0`)
			do(t, ctx, "an answer", chromedp.Click(chromedp.CSS("#quiz-answers button")))
			waitReady(t, ctx)
			save(t, ctx, name("quiz"), false)
			open(t, ctx, url, "?n=8&algo=flags&step=131&lang="+lang+"#search")
			eval[bool](t, ctx, `(document.body.focus(), true)`)
			do(t, ctx, "the keys", chromedp.KeyEvent("?"))
			waitFor(t, ctx, "the keys", `document.querySelector('#keys-dialog').open`)
			save(t, ctx, name("keys"), false)
			do(t, ctx, "closing", chromedp.KeyEvent(kb.Escape))
			if size[0] > 1000 {
				do(t, ctx, "presenting", chromedp.KeyEvent("f"))
				waitFor(t, ctx, "presenting", `document.body.classList.contains('presenting')`)
				waitReady(t, ctx)
				save(t, ctx, name("present"), false)
				do(t, ctx, "leaving", chromedp.KeyEvent("f"))
			}
			open(t, ctx, url, "?n=8&algo=flags&step=40&block=b6,e4&exclude=sum:7&with=c8&lang="+lang+"#search")
			save(t, ctx, name("editor"), false)
			open(t, ctx, url, "?n=8&algo=flags&step=300&compare=scan&cstep=310&lang="+lang+"#search")
			waitFor(t, ctx, "the comparison", `document.querySelector('#compare-note').textContent.length > 80`)
			save(t, ctx, name("compare"), false)
		}
	}
}
