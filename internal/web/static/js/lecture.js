// The lecture: a narrated walk through the search. First every step of
// the 4×4 board, each with a sentence of why; then the 8×8 board with
// flags, as the tutorials teach it, at the moments that matter.

import { $, getJSON, fmt } from './api.js';
import { TRY, PLACE, REMOVE, SOLUTION, DEADEND } from './steps.js';
import { t, onLang, sp } from './i18n.js';
import { message, method } from './methods.js';
import { api, keyHooks, urlExtra } from './player.js';

const box = $('#lecture');
let slides = [], at = 0, open = false, seq = 0;

// why tells why the step after event ev (the event before step pos of
// the flags search, state st) happens.
function why(st, ev) {
  const n = st.n, q = st.queens;
  if (!ev) return t('Four queens, one per row, for two queens in a row would attack each other. flags keeps one flag per column, %s, and one per diagonal, %s and %s: a 1 means a queen stands on that line. The search starts with row 1, column 1.', 'flag[col]', 'd1[row−col+N−1]', 'd2[row+col]');
  const r = ev.row + 1, c = ev.col + 1;
  switch (ev.kind) {
    case TRY: {
      if (ev.cf < 0) return t('Row %d, column %d: %s, %s and %s are all 0. No queen above stands on this column or on either diagonal, so the square is free.', r, c, `flag[${ev.col}]`, `d1[${ev.row - ev.col + n - 1}]`, `d2[${ev.row + ev.col}]`);
      const f = ev.cf, qc = q[f];
      if (qc === ev.col) return t('Row %d, column %d: %s is 1, for the queen in row %d stands in this column. Two queens in one column attack each other, so the search skips the square.', r, c, `flag[${ev.col}]`, f + 1);
      const d1 = f - qc === ev.row - ev.col;
      return d1
        ? t('Row %d, column %d: %s is 1, for the queen in row %d stands on the same "\\" diagonal (row−col is the same for both). The search skips the square.', r, c, `d1[${ev.row - ev.col + n - 1}]`, f + 1)
        : t('Row %d, column %d: %s is 1, for the queen in row %d stands on the same "/" diagonal (row+col is the same for both). The search skips the square.', r, c, `d2[${ev.row + ev.col}]`, f + 1);
    }
    case PLACE:
      return ev.row === n - 1
        ? t('The square is free, so the last queen goes on row %d, column %d.', r, c)
        : t('The square is free, so a queen goes on it, and its three flags are set: the rows below will see this column and both diagonals taken at a glance. The search goes on with row %d.', r + 1);
    case REMOVE:
      if (ev.col < n - 1) return t('Everything below the queen in row %d, column %d has been tried. It is taken back, its flags are cleared, and the loop of row %d goes on with column %d.', r, c, r, c + 1);
      return ev.row > 0
        ? t('Everything below the queen in row %d, column %d has been tried. It is taken back and its flags are cleared; column %d was the last of row %d, so the loop ends and the search goes back to row %d.', r, c, c, r, r - 1)
        : t('Everything below the queen in row %d, column %d has been tried. It is taken back and its flags are cleared; column %d was the last of row 1, so the search is over.', r, c, c);
    case SOLUTION:
      return t('All %d queens stand and none attacks another: solution %d. The search does not stop here: it takes the last queen back to look for more.', n, st.solutions);
    case DEADEND:
      return ev.row > 0
        ? t('No column of row %d is free: the queens above leave no room. So a queen above stands where no solution can follow, and the search goes back to row %d to move it.', r, r - 1)
        : t('Row %d has no column left to try: the search is over.', r);
  }
  return '';
}

// The 8×8 part: each stop is a step, or the first event of a kind, with
// what the lecture says there.
const EIGHT = [
  { step: 0, title: () => t('8×8: the flag arrays'), say: () => t('Now the 8×8 board with flags, as the tutorial with flag and diagonal arrays teaches it. Eight columns give %s; the fifteen "\\" diagonals give %s, with 7 added so that the index is never negative; the fifteen "/" diagonals give %s.', 'flag[8]', 'd1[row−col+7]', 'd2[row+col]') },
  { step: 2, title: () => t('8×8: the first queen'), say: () => t('Row 1 takes column 1 at once: no queen stands yet. Setting %s, %s and %s is all it takes to remember the queen.', 'flag[0]', 'd1[7]', 'd2[0]') },
  { step: 3, title: () => t('8×8: a column flag'), say: () => t('Row 2, column 1: %s is 1. One array read decides, without looking at the queen itself.', 'flag[0]') },
  { step: 4, title: () => t('8×8: a diagonal flag'), say: () => t('Row 2, column 2: %s is 1, for row−col is the same as for the queen in row 1: one "\\" diagonal.', 'd1[7]') },
  { find: 'deadend', title: () => t('8×8: the first dead end'), say: () => t('The first dead end: every column of this row is attacked. The loop ends without placing a queen, the function returns, and the row above moves its queen one column on.') },
  { step: 131, title: () => t('8×8: the line to the queen that decides'), say: () => t('Deeper in the search: the ✕ marks a square found attacked, and the line leads to the queen whose flag decided. The stack on the right shows one call per row, each with its own column.') },
  { find: 'solution', title: () => t('8×8: the first solution'), say: () => t('The first solution, 1 5 8 6 3 7 2 4, the one the tutorials print first. The search goes on: it has 91 more to find.') },
  { end: true, title: () => t('8×8: the end'), say: () => t('The end: 92 solutions. Press Play to watch it all, or use the coarse steps (P, B, S, E) to move from one placement, backtrack or solution to the next.') },
];

// build makes the slides: every step of the 4×4 search, then the stops
// of the 8×8 one.
async function build() {
  const four = await getJSON('api/summary?n=4&algo=flags');
  const out = [];
  for (let k = 0; k <= four.events; k++) out.push({ n: 4, step: k });
  // The chapters of the 4×4 walk: its start, its first dead end, its
  // first solution; the slide of step k is slide k.
  const dead = (await getJSON('api/jump?n=4&algo=flags&from=0&event=deadend')).step;
  const sol = (await getJSON('api/jump?n=4&algo=flags&from=0&event=solution')).step;
  out[0].title = () => t('4×4: the start');
  if (out[dead]) out[dead].title = () => t('4×4: the first dead end');
  if (out[sol]) out[sol].title = () => t('4×4: the first solution');
  for (const s of EIGHT) out.push({ n: 8, ...s });
  return out;
}

// OTHER is the shorter lecture of each method but flags, on the 8×8
// board: what it keeps, how its check finds an attacked square, a square
// deep in the search, its first dead end and solution, and what the whole
// search costs it, in its own unit. It is about what differs from flags,
// which the long lecture teaches step by step.
const OTHER = [
  { step: 0, title: () => t('What it keeps'), say: (algo) => method({ name: algo }).keeps },
  { step: 3, title: () => t('Its check'), say: (algo, st, ev) => message(algo, ev, st) + sp() + method({ name: algo }).cost },
  { step: 131, title: () => t('Deeper in the search'), say: (algo, st, ev) => message(algo, ev, st) },
  { find: 'deadend', title: () => t('The first dead end'), say: (algo, st, ev) => message(algo, ev, st) },
  { find: 'solution', title: () => t('The first solution'), say: (algo, st, ev) => message(algo, ev, st) },
  { end: true, title: () => t('The end'), say: (algo, st) => t('The end: %d solutions. %s did it with %s %s.', st.solutions, algo, fmt(st.work ?? 0), unitOf(algo)) },
];

// unitOf names the unit of work of the method, in the page's language.
function unitOf(algo) {
  const p = api.pane();
  return p && p.algo.name === algo ? p.unit() : '';
}

// buildFor makes the slides of the lecture of algo but flags.
function buildFor(algo) {
  return OTHER.map((x) => ({ n: 8, algo, ...x, say: (st, ev) => x.say(algo, st, ev) }));
}

// chapters fills the menu that jumps to each part of the lecture.
function chapters() {
  const menu = $('#lecture-chapter');
  const opts = slides.map((s, i) => [i, s.title]).filter(([, f]) => f);
  let h = '';
  for (const [i, f] of opts) h += `<option value="${i}">${esc(f())}</option>`;
  if (menu.dataset.html !== h) { menu.innerHTML = h; menu.dataset.html = h; }
  // The chapter the page is in: the last one at or before it.
  let cur = opts.length ? opts[0][0] : 0;
  for (const [i] of opts) if (i <= at) cur = i;
  menu.value = String(cur);
}

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// lectureOf names the method whose lecture the slides hold.
let lectureOf = 'flags';

// arrived tells whether the board has reached the step of the page shown
// since the lecture last moved it.
let arrived = false;

// before is the view the teacher was on when the lecture opened, given
// back when it closes: n, method and step.
let before = null;

async function show() {
  const my = ++seq, s = slides[at];
  box.dataset.step = ''; // until the page's step is drawn
  let step = s.step ?? 0;
  const algo = s.algo || 'flags';
  if (s.find) step = (await getJSON(`api/jump?n=${s.n}&algo=${algo}&from=0&event=${s.find}`)).step;
  if (s.end) step = (await getJSON(`api/summary?n=${s.n}&algo=${algo}`)).events;
  if (my !== seq) return;
  s.resolved = step;
  arrived = false;
  const p = api.pane();
  if (!p || p.n !== s.n || p.algo.name !== algo || p.inst) api.setup(s.n, algo, step);
  else api.goStep(step);
  text();
}

// text writes the slide's sentences once its step is drawn.
function text() {
  if (!open || !slides.length) return;
  const p = api.pane();
  follow(p);
  const s = slides[at];
  $('#lecture-h').textContent = s.algo ? t('Lecture: what %s does differently, on the 8×8 board', s.algo) : s.n === 4 ? t('Lecture, part 1: the 4×4 board, step by step') : t('Lecture, part 2: the 8×8 board with flags');
  $('#lecture-pos').textContent = t('%d of %d', at + 1, slides.length);
  chapters();
  if (urlExtra.lecture !== String(at + 1)) { urlExtra.lecture = String(at + 1); api.request(); }
  $('#lecture-back').disabled = at === 0;
  $('#lecture-next').disabled = at === slides.length - 1;
  box.dataset.slide = String(at);
  if (!p || p.n !== s.n || p.algo.name !== (s.algo || 'flags') || s.resolved === undefined) return;
  const st = p.steps.at(p.pos);
  if (!st) return;
  // Between two stops of the 8×8 part, the step's own why.
  const ev = p.pos > 0 ? p.steps.event(p.pos - 1) : null;
  const say = s.say && p.pos === s.resolved ? s.say(st, ev) : s.algo ? message(s.algo, ev, st) : why(st, ev);
  const el = $('#lecture-text');
  if (el.textContent !== say) el.textContent = say;
  box.dataset.step = String(p.pos);
}

// follow moves the lecture to where the board is when the teacher moved
// it by the player (a step, a coarse step, a click in the tree): on the
// 4×4 board, the page of that step; on the 8×8 board, the last stop at
// or before it.
function follow(p) {
  const s = slides[at];
  if (!p || p.algo.name !== (s.algo || 'flags') || p.n !== s.n || s.resolved === undefined) return;
  // Until the board has reached the page's step, it is on its way there,
  // not moved away by the teacher.
  if (p.pos === s.resolved) { arrived = true; return; }
  if (!arrived) return;
  if (p.n === 4 && !s.algo) {
    if (slides[p.pos] && slides[p.pos].n === 4) { at = p.pos; slides[at].resolved = p.pos; }
    return;
  }
  let k = -1;
  slides.forEach((x, i) => { if (x.n === 8 && x.resolved !== undefined && x.resolved <= p.pos) k = i; });
  if (k >= 0) at = k;
}

export async function toggle(on, page) {
  const was = open;
  open = on ?? !open;
  box.hidden = !open;
  $('#lecture-open').setAttribute('aria-pressed', String(open));
  if (!open) {
    delete urlExtra.lecture;
    if (was && before) {
      const p = api.pane(), b = before;
      before = null;
      if (p && (p.n !== b.n || p.algo.name !== b.algo)) api.setup(b.n, b.algo, b.step);
      else api.goStep(b.step);
    }
    api.request();
    return;
  }
  api.pause();
  const p = api.pane();
  if (!was && p && !p.inst && !page) before = { n: p.n, algo: p.algo.name, step: p.pos };
  if (page) at = page - 1;
  // The lecture of the method the teacher is on: flags' long one, or the
  // shorter one of another method.
  const want = p && !p.inst && p.algo.name !== 'flags' && p.algo.name !== 'instance' ? p.algo.name : 'flags';
  if (want !== lectureOf) {
    lectureOf = want;
    slides = want === 'flags' ? [] : buildFor(want);
    if (!page) at = 0;
  }
  if (!slides.length) slides = await build();
  at = Math.min(at, slides.length - 1);
  show();
}

function go(d) {
  if (!slides.length) return; // still being built
  const k = Math.max(0, Math.min(slides.length - 1, at + d));
  if (k === at) return;
  at = k;
  show();
}

// goSlide shows the slide k, counted from 0 (for links and tests).
export function goSlide(k) { at = Math.max(0, Math.min(slides.length - 1, k)); show(); }

$('#lecture-open').addEventListener('click', () => toggle());
$('#lecture-close').addEventListener('click', () => toggle(false));
$('#lecture-next').addEventListener('click', () => go(1));
$('#lecture-back').addEventListener('click', () => go(-1));
api.onDraw(text);
onLang(text);
keyHooks.push((e) => {
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (k === 'l' && !e.shiftKey) { toggle(); return true; }
  if (!open) return false;
  if (['ArrowRight', 'PageDown', 'n'].includes(k)) { go(1); return true; }
  if (['ArrowLeft', 'PageUp'].includes(k)) { go(-1); return true; }
  return false;
});
$('#lecture-chapter').addEventListener('change', (e) => goSlide(Number(e.target.value)));
// ?lecture=K opens the lecture at its page K, as the URL keeps it.
api.ready(() => {
  const k = Math.floor(Number(new URLSearchParams(location.search).get('lecture')));
  if (k >= 1) toggle(true, k);
});
