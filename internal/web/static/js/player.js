// The search view: the player that steps one method, or two side by side,
// through its search, with the method's state, its code and the URL that
// brings the same step back.

import { $, el, getJSON, fillSelect, fmt } from './api.js';
import { PLACE, SOLUTION } from './steps.js';
import { Pane } from './pane.js';
import { method, codeTag } from './methods.js';
import { renderState, renderCode } from './panels.js';
import { renderTree } from './tree.js';
import { renderStack } from './stack.js';
import { boardSVG, showBoard, dialogOpen } from './svg.js';
import { t, msg, lang, onLang, sp } from './i18n.js';

const nSel = $('#n'), algoSel = $('#algo'), cmpSel = $('#compare'), speed = $('#speed');
const playBtn = $('#play'), scrub = $('#scrub');
const MINIS = 24;

let algos = [];
let a = null, b = null; // the panes
let playing = false, acc = 0, lastTs = 0, raf = 0;
let active = false, lastURL = '', lastURLTime = 0;
let syncB = false; // the second pane is to follow a jump of the first
let instanceN = 13; // the largest board of the instance search

// The instance on the board: blocked squares (row*n+col), excluded
// diagonals (row+col for a / diagonal, row−col for a \ one) and preset
// queens (row → col). While it is not empty, the page plays the instance
// search instead of the method chosen.
const inst = { blocked: new Set(), sums: new Set(), diffs: new Set(), queens: new Map() };
const INSTANCE = { name: 'instance', checks: 'try' };

const info = (name) => (name === 'instance' ? { ...INSTANCE, steps_max_n: instanceN } : algos.find((x) => x.name === name));
const instanceOn = () => inst.blocked.size + inst.sums.size + inst.diffs.size + inst.queens.size > 0;

// init loads the table of algorithms and the step the URL names.
export async function init() {
  a = new Pane($('#panes'), '', request);
  a.board.onCell = editCell;
  try {
    algos = await getJSON('api/algorithms');
    instanceN = (await getJSON('api/limits')).instance_n || instanceN;
  } catch (err) {
    $('#status').textContent = t('Cannot load the algorithms: %s', err.message);
    return;
  }
  for (const x of algos) {
    algoSel.add(new Option(x.name, x.name));
    cmpSel.add(new Option(x.name, x.name));
  }
  const q = new URLSearchParams(location.search);
  algoSel.value = info(q.get('algo')) ? q.get('algo') : (info('flags') ? 'flags' : algos[0].name);
  cmpSel.value = info(q.get('compare')) && q.get('compare') !== algoSel.value ? q.get('compare') : '';
  const askedN = Number(q.get('n')) || 8;
  fillN(askedN);
  readInstance(q);
  fillN(askedN);
  noteN(askedN);
  const step = Math.max(0, Math.floor(Number(q.get('step')) || 0));
  const cstep = Math.max(0, Math.floor(Number(q.get('cstep')) || 0));
  load(step, cstep);
  if (instanceOn()) showEditor(true);
  const sol = Math.floor(Number(q.get('solution')) || 0);
  if (sol > 0) goSolution(sol);
  algoSel.addEventListener('change', () => { fillN(Number(nSel.value)); load(0, 0); });
  // Two methods start together, so that they step by the same placements.
  cmpSel.addEventListener('change', () => { fillN(Number(nSel.value)); load(0, 0); });
  nSel.addEventListener('change', () => { trimInstance(); noteN(0); load(0, 0); });
  $('#edit-clear').addEventListener('click', () => {
    inst.blocked.clear(); inst.sums.clear(); inst.diffs.clear(); inst.queens.clear();
    fillN(Number(nSel.value));
    load(0, 0);
  });
  onLang(() => { describe(); showSpeed(); noteN(nNote); $('#found').dataset.key = ''; request(); });
  for (const f of ready) f();
}

// noteN says why the board is smaller than the one the link asked for:
// the method plays only boards whose search it can replay to any step.
let nNote = 0;
function noteN(asked) {
  nNote = asked;
  const box = $('#n-note'), n = Number(nSel.value);
  const show = asked > n;
  box.hidden = !show;
  if (!show) return;
  const why = instanceOn()
    ? t('a board with blocked squares is searched up to %d×%d', instanceN, instanceN)
    : t('%s plays boards up to %d×%d step by step: a larger search has more than %s steps, too many to replay any of them in a second or two', algoSel.value, n, n, t('%d million', 100));
  box.textContent = t('You asked for N = %d; this shows N = %d, for %s.', asked, n, why);
}

// ready holds what waits for the page's first load.
const ready = [];

// squareName names a square as the command line does: b4 is the file b,
// the fourth rank from the bottom.
const squareName = (r, c, n) => `${String.fromCharCode(97 + c)}${n - r}`;

// readSquare reads a square named so on the n×n board, or returns null.
function readSquare(s, n) {
  const m = /^([a-z])(\d+)$/.exec(s.trim().toLowerCase());
  if (!m) return null;
  const c = m[1].charCodeAt(0) - 97, r = n - Number(m[2]);
  return r >= 0 && r < n && c < n ? [r, c] : null;
}

// readInstance takes the instance from the query: block, exclude and with
// as the command line writes them.
function readInstance(q) {
  const n = Math.min(Number(q.get('n')) || 8, instanceN);
  for (const s of (q.get('block') || '').split(',')) {
    const sq = readSquare(s, n);
    if (sq) inst.blocked.add(sq[0] * n + sq[1]);
  }
  for (const s of (q.get('with') || '').split(',')) {
    const sq = readSquare(s, n);
    if (sq) inst.queens.set(sq[0], sq[1]);
  }
  for (const s of (q.get('exclude') || '').split(',')) {
    const m = /^(sum|diff):(-?\d+)$/.exec(s.trim());
    if (m) (m[1] === 'sum' ? inst.sums : inst.diffs).add(Number(m[2]));
  }
  if (instanceOn()) {
    nSel.value = String(n);
    instN = n;
  }
}

// instN is the board the instance's squares belong to.
let instN = 0;

// trimInstance keeps the squares and diagonals of the instance that are
// on the board of the size chosen now.
function trimInstance() {
  const n = Number(nSel.value), old = instN || n;
  const blocked = [...inst.blocked].map((i) => [(i / old) | 0, i % old]).filter(([r, c]) => r < n && c < n);
  inst.blocked = new Set(blocked.map(([r, c]) => r * n + c));
  for (const k of [...inst.sums]) if (k > 2 * n - 2) inst.sums.delete(k);
  for (const k of [...inst.diffs]) if (Math.abs(k) > n - 1) inst.diffs.delete(k);
  for (const [r, c] of [...inst.queens]) if (r >= n || c >= n) inst.queens.delete(r);
  instN = n;
}

// instanceQuery returns the query of the instance, as the API takes it.
function instanceQuery(n) {
  const q = new URLSearchParams();
  const blocked = [...inst.blocked].sort((x, y) => x - y).map((i) => squareName((i / n) | 0, i % n, n));
  const diags = [...[...inst.sums].sort((x, y) => x - y).map((k) => `sum:${k}`), ...[...inst.diffs].sort((x, y) => x - y).map((k) => `diff:${k}`)];
  const queens = [...inst.queens].sort((x, y) => x[0] - y[0]).map(([r, c]) => squareName(r, c, n));
  if (queens.length) q.set('with', queens.join(','));
  if (blocked.length) q.set('block', blocked.join(','));
  if (diags.length) q.set('exclude', diags.join(','));
  return q;
}

// diagonalEnds returns the two end squares, [row, col], of the diagonal
// sum:k (row+col = k) or diff:k (row−col = k) of the n×n board.
function diagonalEnds(kind, k, n) {
  if (kind === 'sum') {
    const lo = Math.max(0, k - (n - 1)), hi = Math.min(k, n - 1);
    return [[hi, k - hi], [lo, k - lo]];
  }
  const lo = Math.max(0, k), hi = Math.min(n - 1, n - 1 + k);
  return [[hi, hi - k], [lo, lo - k]];
}

// showEditor opens or folds the board editor. While it is open, a click
// on the board edits it, and the board's files and ranks carry the names
// the editor writes.
export function showEditor(on) {
  $('#edit').hidden = !on;
  $('#edit-open').setAttribute('aria-expanded', String(on));
  if (a) {
    a.board.label(on);
    a.board.board.classList.toggle('editable', on);
  }
}

// editCell changes the instance where the board was clicked: by the mode
// chosen, or with Shift the / diagonal, with Alt the \ diagonal.
function editCell(r, c, e) {
  if ($('#edit').hidden) return;
  const n = a.n;
  const mode = e.shiftKey ? 'sum' : e.altKey ? 'diff' : $('#edit-mode').value;
  const toggle = (set, k) => { if (set.has(k)) set.delete(k); else set.add(k); };
  if (!instanceOn()) instN = n;
  if (mode === 'block') toggle(inst.blocked, r * n + c);
  else if (mode === 'sum') toggle(inst.sums, r + c);
  else if (mode === 'diff') toggle(inst.diffs, r - c);
  else if (inst.queens.get(r) === c) inst.queens.delete(r);
  else inst.queens.set(r, c);
  if (instanceOn() && n > instanceN) {
    nSel.value = String(instanceN);
    trimInstance();
  }
  fillN(Number(nSel.value));
  load(0, 0);
}

// fillN offers the boards that both chosen methods play to their end.
function fillN(want) {
  const on = instanceOn();
  algoSel.disabled = on;
  cmpSel.disabled = on;
  if (on) cmpSel.value = '';
  let max = on ? instanceN : info(algoSel.value).steps_max_n;
  if (cmpSel.value) max = Math.min(max, info(cmpSel.value).steps_max_n);
  fillSelect(nSel, 1, max, want);
  nSel.value = String(Math.min(Math.max(1, want), max));
}

function load(step, cstep) {
  pause();
  const n = Number(nSel.value), on = instanceOn();
  const x = on ? info('instance') : info(algoSel.value);
  let view = null;
  if (on) {
    instN = n;
    const q = instanceQuery(n);
    view = { ...inst, query: q.toString() ? `&${q}` : '' };
  }
  a.load(x, n, step, view);
  showEditor(!$('#edit').hidden);
  if (cmpSel.value) {
    if (!b) b = new Pane($('#panes'), '-b', request);
    b.load(info(cmpSel.value), n, cstep);
  } else if (b) {
    b.close();
    b = null;
  }
  $('#panes').classList.toggle('two', !!b);
  document.body.classList.toggle('comparing', !!b);
  document.body.classList.toggle('instance', on);
  $('#counter-toggle').hidden = x.name !== 'matrix';
  for (const id of ['#state-box-b', '#code-box-b']) $(id).hidden = !b;
  describe();
  $('#found').textContent = '';
  request();
}

// describe writes what the page says of the methods shown, in the page's
// language.
function describe() {
  if (!a || !a.algo) return;
  const x = a.algo, m = method(x), name = x.name === 'instance' ? m.title : x.name;
  if (x.name === 'instance') a.title.textContent = t('row by row, around blocked squares');
  $('#m-title').textContent = m.title;
  $('#m-keeps').textContent = m.keeps;
  $('#m-cost').textContent = m.cost;
  $('#m-from').textContent = m.from;
  $('#state-h').textContent = t('What %s keeps, after this step', name);
  $('#code-h').textContent = t('The core of %s; the marked line runs in this step', name);
  if (b) {
    $('#state-h-b').textContent = t('Beside it: what %s keeps, after its step', b.algo.name);
    $('#code-h-b').textContent = t('The core of %s', b.algo.name);
    $('#m-b').textContent = t('%s: %s %s', b.algo.name, method(b.algo).keeps, method(b.algo).cost);
  }
  const list = [];
  const n = a.n;
  const q = instanceQuery(n);
  const diag = (d) => {
    const [kind, k] = d.split(':');
    const ends = diagonalEnds(kind, Number(k), n);
    return `${d} (${ends.map(([r, c]) => squareName(r, c, n)).join('–')})`;
  };
  if (q.get('block')) list.push(t('blocked: %s', q.get('block').replaceAll(',', ', ')));
  if (q.get('exclude')) list.push(t('excluded: %s', q.get('exclude').split(',').map(diag).join(', ')));
  if (q.get('with')) list.push(t('preset queens: %s', q.get('with').replaceAll(',', ', ')));
  $('#edit-note').textContent = t('Squares are named as the command line names them: files %s from the left, ranks %s from the bottom (%s, %s). A diagonal is %s or %s, rows and columns counted from 0 from the top left, as %s takes it; its two end squares follow it.', `a–${String.fromCharCode(96 + n)}`, `1–${n}`, '--with', '--block', 'sum:K (row+col = K)', 'diff:K (row−col = K)', '--exclude') + sp() +
    t('%s-click excludes the / diagonal, %s-click the \\ diagonal. The search then runs row by row and passes over what is blocked.', 'Shift', 'Alt');
  $('#edit-list').textContent = list.length ? list.join(' · ') : t('The board has no blocked square: the page plays the method chosen above.');
}

// Speed: from one step every two seconds to 1,000 steps a second, on a
// log scale.
function rate() { return 0.5 * 2000 ** (Number(speed.value) / Number(speed.max)); }
function showSpeed() {
  const r = rate();
  $('#speed-out').textContent = r < 0.95 ? t('1 step / %d s', Math.round(1 / r)) : r < 1.05 ? t('1 step/s') : t('%d steps/s', Math.round(r));
}

// forward takes one step: in one pane one event, in two panes each to
// just after its next queen placement. It returns 'ok', 'wait' while
// steps are fetched, or 'end'.
function forward() {
  if (!b) {
    if (a.atEnd()) return 'end';
    if (!a.steps.has(a.pos + 1)) { a.steps.ask(a.pos + 1); return 'wait'; }
    a.pos++;
    a.passed();
    return 'ok';
  }
  const next = [a, b].map((p) => (p.atEnd() ? null : p.steps.next(p.pos, PLACE)));
  if (next.includes(-1)) return 'wait';
  if (next[0] === null && next[1] === null) {
    for (const p of [a, b]) if (p.total !== null) p.pos = p.total;
    return 'end';
  }
  [a, b].forEach((p, i) => { p.pos = next[i] === null ? (p.total ?? p.pos) : next[i]; });
  return 'ok';
}

function backward() {
  if (!b) {
    if (a.pos > 0) a.pos--;
    return;
  }
  const prev = [a, b].map((p) => p.steps.prev(p.pos, PLACE));
  if (prev.includes(-1)) return;
  [a, b].forEach((p, i) => { p.pos = prev[i]; });
}

function play() {
  if (a.atEnd()) { a.pos = 0; if (b) b.pos = 0; }
  playing = true;
  lastTs = 0;
  acc = 1; // the first step at once
  request();
}

export function pause() {
  playing = false;
  request();
}

function step() { pause(); forward(); request(); }
function back() { pause(); backward(); request(); }
function reset() { pause(); a.pos = 0; if (b) b.pos = 0; request(); }

// goStep shows step k of the first pane.
export function goStep(k) {
  pause();
  const total = a.total;
  a.pos = Math.max(0, Math.min(Math.floor(k) || 0, total ?? k));
  syncB = !!b;
  request();
}

// follow moves the second pane to the same event as the first, once the
// first pane's step is there: just after the same solution when the first
// pane shows one, else just after as many placements as it has made.
let followSeq = 0;
async function follow() {
  const st = a.steps.at(a.pos);
  if (!st) return;
  syncB = false;
  const pane = b, seq = ++followSeq;
  try {
    const last = a.pos > 0 ? a.steps.event(a.pos - 1) : null;
    const where = last && last.kind === SOLUTION ? `solution=${st.solutions}` : `placement=${st.placed}`;
    const res = await fetch(`api/locate?n=${pane.n}&algo=${encodeURIComponent(pane.algo.name)}${pane.inst ? pane.inst.query : ''}&${where}`, { headers: { 'Accept-Language': lang() } });
    if (seq !== followSeq || pane !== b) return;
    if (res.status === 503) {
      setTimeout(() => { if (seq === followSeq) { syncB = true; request(); } }, 500);
      return;
    }
    const body = await res.json();
    if (seq !== followSeq || pane !== b) return;
    // A 400 says the other method places fewer queens: it stands at its end.
    if (res.ok) pane.pos = body.step;
    else if (pane.total !== null) pane.pos = pane.total;
  } catch (err) {
    // The server is gone; the pane stays where it is.
  }
  request();
}

async function goSolution(k) {
  pause();
  $('#goto-note').textContent = '';
  try {
    const r = await getJSON(`api/locate?n=${a.n}&algo=${encodeURIComponent(a.algo.name)}${a.inst ? a.inst.query : ''}&solution=${k}`);
    a.pos = r.step;
    syncB = !!b;
  } catch (err) {
    $('#goto-note').textContent = err.message;
  }
  request();
}

function request() {
  if (!raf) raf = requestAnimationFrame(frame);
}

function frame(ts) {
  raf = 0;
  if (!a || !a.steps) return;
  let waiting = false;
  if (syncB && b) {
    follow();
    waiting = syncB;
  }
  if (playing) {
    const dt = lastTs ? Math.min(ts - lastTs, 250) : 0;
    lastTs = ts;
    acc = Math.min(acc + dt / 1000 * rate(), rate() / 4 + 1);
    while (acc >= 1) {
      const r = forward();
      if (r === 'wait') { waiting = true; break; }
      if (r === 'end') { playing = false; break; }
      acc--;
    }
  }
  if (active) draw();
  if (playing || waiting) request();
}

// activate shows or hides the view; a hidden view does not draw.
export function activate(on) {
  active = on;
  if (!on) pause();
  request();
}

// holdStill keeps a box from shrinking while the same search is shown,
// so that what stands below it (the stack, the code) holds still while
// stepping: its least height grows to the tallest it has been. key names
// the search and the layout (mode, window, lecture or quiz open); another
// one starts afresh. It sets the height through the
// CSSOM, which the page's security policy allows.
function holdStill(box, key) {
  if (box.dataset.holdKey !== key) {
    box.dataset.holdKey = key;
    box.style.minHeight = '';
  }
  const h = box.getBoundingClientRect().height;
  if (h > parseFloat(box.style.minHeight || '0')) box.style.minHeight = `${Math.ceil(h)}px`;
}

function draw() {
  const counters = $('#counters').checked && a.algo && a.algo.name === 'matrix';
  const shown = a.draw(counters);
  const shownB = b ? b.draw(false) : null;
  if (shownB) {
    renderState($('#state-b'), b.algo.name, shownB.st, shownB.ev);
    renderCode($('#code-b'), method(b.algo).code, codeTag(b.algo.name, shownB.ev, shownB.st.queens, shownB.st.n, b.steps.event(b.pos - 2)));
  }
  if (shown) {
    const { st, ev } = shown;
    const m = method(a.algo);
    renderState($('#state'), a.algo.name, st, ev);
    holdStill($('#state'), `${a.algo.name}/${st.n}/${document.body.className}/${innerWidth}x${innerHeight}/${$('#lecture').hidden}${$('#quiz').hidden}`);
    renderCode($('#code'), m.code, codeTag(a.algo.name, ev, st.queens, st.n, a.steps.event(a.pos - 2)));
    showLine($('#code'));
    renderStack($('#stack'), $('#stack-h'), a.algo.name, st, ev);
    renderTree($('#tree'), st, a.pos, goStep);
    drawMinis(st.solutions);
  }
  for (const f of drawn) f(shown);
  drawCompare();
  const total = a.total;
  scrub.max = String(total ?? Math.max(a.pos, 1));
  scrub.value = String(a.pos);
  scrub.disabled = total === null;
  $('#scrub-out').textContent = total === null ? t('step %d', a.pos) : t('step %d of %d', a.pos, total);
  playBtn.textContent = playing ? t('❚❚ Pause') : t('▶ Play');
  playBtn.setAttribute('aria-pressed', String(playing));
  $('#back').disabled = a.pos === 0;
  $('#step').disabled = a.atEnd() && (!b || b.atEnd());
  $('#next').disabled = a.atEnd();
  if (playing && shown) {
    const text = shown.ev ? $('#status').textContent : t('Playing…');
    if ($('#status').textContent !== text) $('#status').textContent = text;
  }
  writeURL();
}

// drawCompare says, with two panes, how the two methods' work compares
// so far and over the whole search: in each method's own unit of work
// when the server counts it, beside the squares both tried.
// timed holds, for each method, its whole search of the TIMED×TIMED
// board as the server times it once: on the small boards of a lesson
// every method takes under a millisecond, on this one the times differ.
// It is the largest board every method takes (permute stops at 10).
const TIMED = 10;
const timed = new Map();
function timeOf(name) {
  if (!timed.has(name)) {
    timed.set(name, null);
    getJSON(`api/summary?n=${TIMED}&algo=${encodeURIComponent(name)}`)
      .then((r) => { timed.set(name, r); request(); })
      .catch(() => {});
  }
  return timed.get(name);
}

// drawCompare writes the note under two panes: each method's work so far
// in its own unit, the placements and checks they share as a ratio, and
// their times on the TIMED×TIMED board.
function drawCompare() {
  const box = $('#compare-note');
  let text = '';
  const ratio = (x, y) => (y === 0 ? '–' : x >= y ? `${(x / y).toFixed(x / y < 10 ? 1 : 0)}×` : `1/${(y / x).toFixed(y / x < 10 ? 1 : 0)}`);
  const own = (p, st) => (st.hasWork && p.unit() ? t('%s: %s, %s, %s %s', p.algo.name, t('%d placements', st.placed), t('%d checks', st.checks), fmt(st.work), p.unit()) : t('%s: %s, %s', p.algo.name, t('%d placements', st.placed), t('%d checks', st.checks)));
  if (b && a.steps.cur && b.steps.cur && !a.inst) {
    const sa = a.steps.cur, sb = b.steps.cur, na = a.algo.name, nb = b.algo.name;
    text = t('So far, %s; %s.', own(a, sa), own(b, sb)) + sp() +
      t('%s places %s and checks %s as much as %s.', nb, ratio(sb.placed, sa.placed), ratio(sb.checks, sa.checks), na);
    const ta = timeOf(na), tb = timeOf(nb);
    if (ta && tb) {
      const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
      const [slow, fast, f] = tb.search_ms >= ta.search_ms ? [nb, na, tb.search_ms / Math.max(ta.search_ms, 1e-3)] : [na, nb, ta.search_ms / Math.max(tb.search_ms, 1e-3)];
      text += sp() + t('The whole search of the %d×%d board, timed once: %s %s ms, %s %s ms; %s takes %s× as long as %s.', TIMED, TIMED, na, ms(ta.search_ms), nb, ms(tb.search_ms), slow, f.toFixed(f < 10 ? 1 : 0), fast);
    }
  } else if (b && a.steps.cur && b.steps.cur) {
    const sa = a.steps.cur, sb = b.steps.cur;
    text = t('So far, %s; %s.', own(a, sa), own(b, sb));
  }
  if (box.textContent !== text) box.textContent = text;
  box.hidden = !b;
}

// urlExtra holds what the lecture and the quiz add to the URL, such as
// the lecture's page, so that a reload or a shared link returns to it.
export const urlExtra = {};

function writeURL() {
  const q = new URLSearchParams({ n: String(a.n), algo: a.algo.name === 'instance' ? algoSel.value : a.algo.name, step: String(a.pos) });
  if (a.inst) for (const [k, v] of instanceQuery(a.n)) q.set(k, v);
  const keep = new URLSearchParams(location.search).get('lang');
  if (keep) q.set('lang', keep);
  for (const [k, v] of Object.entries(urlExtra)) if (v) q.set(k, v);
  if (b) {
    q.set('compare', b.algo.name);
    q.set('cstep', String(b.pos));
  }
  const url = `?${String(q).replace(/%2C/g, ',').replace(/%3A/g, ':')}${location.hash}`;
  const now = performance.now();
  if (url === lastURL || (playing && now - lastURLTime < 500)) return;
  lastURL = url;
  lastURLTime = now;
  history.replaceState(null, '', url);
}

// drawMinis shows the last solutions met up to the step shown: those the
// player passed, and after a jump the ones it skipped, which the server
// names.
let metKey = '', metSeq = 0;
function drawMinis(solutions) {
  const box = $('#found');
  const want = Math.min(MINIS, solutions);
  let nums = [...a.found.keys()].filter((k) => k <= solutions).sort((x, y) => x - y).slice(-MINIS);
  const complete = nums.length === want && (want === 0 || nums[nums.length - 1] === solutions);
  if (!complete && !playing) fetchMet(solutions);
  const key = nums.join(',');
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    box.textContent = '';
    for (const k of nums) {
      const cols = a.found.get(k);
      const btn = el('button', 'mini');
      btn.type = 'button';
      btn.dataset.k = String(k);
      btn.title = t('Solution %d: %s', k, cols.map((x) => (x < 0 ? '·' : x + 1)).join(' '));
      btn.innerHTML = boardSVG(cols, btn.title);
      btn.addEventListener('click', () => showBoard(t('Solution %d of the %d×%d board', k, a.n, a.n), cols));
      box.append(btn);
    }
  }
  const note = solutions > nums.length ? t('(%d; the last %d met shown)', solutions, nums.length) : t('(%d)', solutions);
  const el2 = $('#found-note');
  if (el2.textContent !== note) el2.textContent = note;
}

// fetchMet asks the server for the last solutions met before the step
// shown, once per step and search.
async function fetchMet(solutions) {
  const pane = a, pos = a.pos, key = `${pane.algo.name}/${pane.n}/${pane.inst ? pane.inst.query : ''}/${pos}`;
  if (key === metKey) return;
  metKey = key;
  const seq = ++metSeq;
  try {
    const r = await getJSON(`api/met?n=${pane.n}&algo=${encodeURIComponent(pane.algo.name)}${pane.inst ? pane.inst.query : ''}&step=${pos}&limit=${MINIS}`);
    if (seq !== metSeq || pane !== a) return;
    for (const m of r.solutions) if (!pane.found.has(m.k)) pane.found.set(m.k, m.cols);
    if (r.solutions.length) request();
  } catch (err) {
    // The small boards wait for the next step.
  }
}

// showLine scrolls the listing, not the page, so that its marked line is
// in view, and the view starts at a whole line, not half of one.
function showLine(box) {
  const on = box.querySelector('.ln.on');
  if (!on) return;
  const pad = parseFloat(getComputedStyle(box).paddingTop) || 0;
  const at = (e) => e.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
  // lineAt returns where the view starts to show the last line that
  // begins at or above y, the listing's end permitting.
  const lineAt = (y) => {
    let to = 0;
    y = Math.min(y, box.scrollHeight - box.clientHeight);
    for (const ln of box.querySelectorAll('.ln')) {
      const v = at(ln) - pad;
      if (v > y + 0.5) break;
      to = v;
    }
    return Math.max(0, to);
  };
  const top = at(on), bottom = top + on.offsetHeight;
  let to = lineAt(box.scrollTop);
  // A line out of view comes to the middle of the listing.
  if (top < to || bottom > to + box.clientHeight) to = lineAt(top - Math.max(0, (box.clientHeight - on.offsetHeight) / 2));
  // The marked line whole comes first.
  to = Math.max(to, bottom - box.clientHeight);
  if (Math.abs(box.scrollTop - to) > 0.5) box.scrollTop = to;
}

// The coarse steps: to the next or the last placement, backtrack or
// solution, or to the end or the start of the row the search is in. The
// server finds the step, however far it is.
const JUMPS = { place: msg('placement'), remove: msg('backtrack'), solution: msg('solution'), rowend: msg('this row') };
let jumpSeq = 0;

// rowNow is the row whose loop the step shown is in.
function rowNow() {
  const ev = a.pos > 0 ? a.steps.event(a.pos - 1) : null;
  if (!ev) return 0;
  if (ev.kind === PLACE) return Math.min(ev.row + 1, a.n - 1);
  if (ev.kind === SOLUTION) return a.n - 1;
  return Math.max(0, Math.min(ev.row, a.n - 1));
}

export async function jump(kind, back) {
  pause();
  const seq = ++jumpSeq;
  $('#goto-note').textContent = '';
  try {
    const r = await getJSON(`api/jump?n=${a.n}&algo=${encodeURIComponent(a.algo.name)}${a.inst ? a.inst.query : ''}&from=${a.pos}&event=${kind}&row=${rowNow()}${back ? '&dir=back' : ''}`);
    if (seq !== jumpSeq) return;
    a.pos = r.step;
    syncB = !!b;
    if (!r.found) {
      $('#goto-note').textContent = back
        ? t('No %s before this step: back to the start.', t(JUMPS[kind]))
        : t('No %s after this step: on to the end of the search.', t(JUMPS[kind]));
    }
  } catch (err) {
    $('#goto-note').textContent = err.message;
  }
  request();
}

// Presenting mode: the board, the state and the code fill the screen in
// large type, for a projector.
export function present(on) {
  on = on ?? !document.body.classList.contains('presenting');
  document.body.classList.toggle('presenting', on);
  $('#present').setAttribute('aria-pressed', String(on));
  const fs = document.fullscreenElement;
  try {
    if (on && !fs && document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
    if (!on && fs) document.exitFullscreen().catch(() => {});
  } catch (err) {
    // A browser without full screen keeps the mode in the window.
  }
  request();
}
document.addEventListener('fullscreenchange', () => {
  if (!document.fullscreenElement && document.body.classList.contains('presenting')) present(false);
});

// The GIF of a range of steps, drawn by the server as the SVG boards are.
async function exportGIF(e) {
  e.preventDefault();
  const note = $('#gif-note');
  const from = Math.max(0, Math.floor(Number($('#gif-from').value) || 0));
  const to = Math.max(0, Math.floor(Number($('#gif-to').value) || 0));
  const name = a.algo.name;
  note.textContent = t('Drawing steps %d to %d…', from, to);
  try {
    // The labels and captions come in the page's language; the events,
    // size, pace and caption as the form chooses, for a slide.
    const look = `&events=${encodeURIComponent($('#gif-events').value)}&scale=${$('#gif-scale').value}&delay=${$('#gif-delay').value}&caption=${$('#gif-caption').checked ? 1 : 0}`;
    const res = await fetch(`api/gif?n=${a.n}&algo=${encodeURIComponent(name)}${a.inst ? a.inst.query : ''}&from=${from}&to=${to}${look}&lang=${lang()}`, { headers: { 'Accept-Language': lang() } });
    if (!res.ok) {
      const body = (await res.text()).trim();
      let msg1 = body.split('\n')[0];
      try { msg1 = JSON.parse(body).error || msg1; } catch (err) { /* a line of text */ }
      note.textContent = t('No GIF: %s', msg1 || `${res.status} ${res.statusText}`);
      return;
    }
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `queens-${a.n}-${name}-${from}-${to}.gif`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
    note.textContent = t('Saved %s.', link.download);
  } catch (err) {
    note.textContent = t('No GIF: %s', err.message);
  }
}

// Controls and keys.
playBtn.addEventListener('click', () => (playing ? pause() : play()));
$('#step').addEventListener('click', step);
$('#back').addEventListener('click', back);
$('#reset').addEventListener('click', reset);
$('#next').addEventListener('click', () => jump('solution'));
for (const btn of document.querySelectorAll('.coarse button[data-jump]')) {
  btn.addEventListener('click', () => jump(btn.dataset.jump, btn.dataset.dir === 'back'));
}
$('#present').addEventListener('click', () => present());
$('#edit-open').addEventListener('click', () => showEditor($('#edit').hidden));
$('#gif-form').addEventListener('submit', exportGIF);
$('#gif-box').addEventListener('toggle', () => {
  if (!$('#gif-box').open || !a) return;
  $('#gif-from').value = String(a.pos);
  $('#gif-to').value = String(Math.min(a.pos + 60, a.total ?? a.pos + 60));
});
speed.addEventListener('input', showSpeed);
$('#counters').addEventListener('change', request);
scrub.addEventListener('input', () => goStep(Number(scrub.value)));
$('#goto').addEventListener('submit', (e) => {
  e.preventDefault();
  $('#goto-note').textContent = '';
  const k = Number($('#goto-step').value);
  if ($('#goto-step').value !== '' && k >= 0) goStep(k);
});
$('#goto-sol-form').addEventListener('submit', (e) => {
  e.preventDefault();
  $('#goto-note').textContent = '';
  const k = Number($('#goto-sol').value);
  if (k >= 1) goSolution(Math.floor(k));
});
showSpeed();

// KEYS lists every key of the search view, as the list that "?" shows.
export const KEYS = [
  ['Space', msg('play or pause')],
  ['→', msg('one step forward')],
  ['←', msg('one step back')],
  ['P', msg('next placement')], ['Shift+P', msg('previous placement')],
  ['B', msg('next backtrack')], ['Shift+B', msg('previous backtrack')],
  ['S', msg('next solution')], ['Shift+S', msg('previous solution')],
  ['E', msg('end of this row')], ['Shift+E', msg('start of this row')],
  ['R', msg('back to the start')],
  ['F', msg('presenting mode on or off')],
  ['L', msg('the lecture on or off; in it, → and ← turn its pages')],
  ['Q', msg('the quiz on or off; 1 to 9 answer it')],
  ['I', msg('the board editor open or folded')],
  ['?', msg('this list of keys')],
  ['Esc', msg('close this list; leave presenting mode')],
];

function showKeys() {
  const dlg = $('#keys-dialog');
  if (dlg.open) { dlg.close(); return; }
  const table = $('#keys-table');
  table.textContent = '';
  for (const [k, what] of KEYS) {
    const tr = el('tr');
    const th = el('th');
    for (const part of k.split('+')) {
      if (th.childNodes.length) th.append('+');
      th.append(el('kbd', '', part === 'Space' ? t('Space') : part === 'Shift' ? t('Shift') : part));
    }
    tr.append(th, el('td', '', t(what)));
    table.append(tr);
  }
  dlg.showModal();
}
$('#keys-open').addEventListener('click', showKeys);

// keyHooks are asked first: the lecture and the quiz take the keys they
// use while they are open. A hook returns true when it took the key.
export const keyHooks = [];

// textField reports whether the element takes typed text: there the keys
// are the field's.
const textField = (x) => x.isContentEditable || x.tagName === 'TEXTAREA' ||
  (x.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit', 'reset', 'color', 'file'].includes(x.type));

// The keys work wherever the focus is, except in a text field. A slider
// keeps its arrows: the speed slider's change the speed, the timeline's
// the step. A focused menu does not take the arrows and Space for itself.
document.addEventListener('keydown', (e) => {
  if (!active || e.ctrlKey || e.metaKey || e.altKey) return;
  const x = e.target;
  if (textField(x)) return;
  if (e.key === '?') {
    if (dialogOpen()) return;
    e.preventDefault();
    showKeys();
    return;
  }
  if (dialogOpen() || $('#keys-dialog').open) return;
  if (e.key === 'Escape' && document.body.classList.contains('presenting')) { present(false); return; }
  const arrows = ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];
  if (x.tagName === 'INPUT' && x.type === 'range' && arrows.includes(e.key)) return;
  // Space presses a focused button, ticks a box or opens a menu: it does
  // not also play or pause.
  if (e.key === ' ' && x.closest && x.closest('button, summary, select, input, [role="button"]')) return;
  for (const h of keyHooks) if (h(e)) { e.preventDefault(); return; }
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const sh = e.shiftKey;
  const actions = {
    ' ': () => (playing ? pause() : play()),
    ArrowRight: step,
    ArrowLeft: back,
    p: () => jump('place', sh),
    b: () => jump('remove', sh),
    s: () => jump('solution', sh),
    e: () => jump('rowend', sh),
    r: reset,
    f: () => present(),
    i: () => showEditor($('#edit').hidden),
  };
  const f = actions[k];
  if (!f) return;
  e.preventDefault();
  f();
}, true);

// drawn holds functions told of every step drawn: the lecture and the
// quiz follow the player so.
const drawn = [];

// api is what the lecture and the quiz use of the player.
export const api = {
  ready: (f) => (algos.length ? f() : ready.push(f)),
  // setup shows the search of algo on the n×n board at step, with no
  // instance and no second method.
  setup(n, algo, step) {
    inst.blocked.clear(); inst.sums.clear(); inst.diffs.clear(); inst.queens.clear();
    algoSel.value = algo;
    cmpSel.value = '';
    fillN(n);
    noteN(0);
    showEditor(false);
    load(step || 0, 0);
  },
  goStep: (k) => goStep(k),
  pause: () => pause(),
  pos: () => a.pos,
  pane: () => a,
  onDraw: (f) => drawn.push(f),
  request: () => request(),
};

// testing exposes the player's state to the page's tests.
export const testing = {
  pos: () => a.pos,
  posB: () => (b ? b.pos : -1),
  drawNow: () => draw(),
  resumed: () => a.steps.resumed,
  ready: () => !!(a && a.steps && a.steps.has(a.pos) && a.total !== null && (!b || (b.steps.has(b.pos) && b.total !== null))),
};
