// The search view: the player that steps one method, or two side by side,
// through its search, with the method's state, its code and the URL that
// brings the same step back.

import { $, el, fmt, getJSON, fillSelect } from './api.js';
import { PLACE } from './steps.js';
import { Pane } from './pane.js';
import { method, codeTag } from './methods.js';
import { renderState, renderCode } from './panels.js';
import { renderTree } from './tree.js';
import { boardSVG, showBoard, dialogOpen } from './svg.js';

const nSel = $('#n'), algoSel = $('#algo'), cmpSel = $('#compare'), speed = $('#speed');
const playBtn = $('#play'), scrub = $('#scrub');
const MINIS = 24;

let algos = [];
let a = null, b = null; // the panes
let playing = false, acc = 0, lastTs = 0, raf = 0;
let active = false, lastURL = '', lastURLTime = 0;
let syncB = false; // the second pane is to follow a jump of the first

const info = (name) => algos.find((x) => x.name === name);

// init loads the table of algorithms and the step the URL names.
export async function init() {
  a = new Pane($('#panes'), '', request);
  try {
    algos = await getJSON('api/algorithms');
  } catch (err) {
    $('#status').textContent = `Cannot load the algorithms: ${err.message}`;
    return;
  }
  for (const x of algos) {
    algoSel.add(new Option(x.name, x.name));
    cmpSel.add(new Option(x.name, x.name));
  }
  const q = new URLSearchParams(location.search);
  algoSel.value = info(q.get('algo')) ? q.get('algo') : (info('flags') ? 'flags' : algos[0].name);
  cmpSel.value = info(q.get('compare')) && q.get('compare') !== algoSel.value ? q.get('compare') : '';
  fillN(Number(q.get('n')) || 8);
  const step = Math.max(0, Math.floor(Number(q.get('step')) || 0));
  const cstep = Math.max(0, Math.floor(Number(q.get('cstep')) || 0));
  load(step, cstep);
  algoSel.addEventListener('change', () => { fillN(Number(nSel.value)); load(0, 0); });
  // Two methods start together, so that they step by the same placements.
  cmpSel.addEventListener('change', () => { fillN(Number(nSel.value)); load(0, 0); });
  nSel.addEventListener('change', () => load(0, 0));
}

// fillN offers the boards that both chosen methods play to their end.
function fillN(want) {
  let max = info(algoSel.value).steps_max_n;
  if (cmpSel.value) max = Math.min(max, info(cmpSel.value).steps_max_n);
  fillSelect(nSel, 1, max, want);
  nSel.value = String(Math.min(Math.max(1, want), max));
}

function load(step, cstep) {
  pause();
  const n = Number(nSel.value), x = info(algoSel.value);
  a.load(x, n, step);
  if (cmpSel.value) {
    if (!b) b = new Pane($('#panes'), '-b', request);
    b.load(info(cmpSel.value), n, cstep);
  } else if (b) {
    b.close();
    b = null;
  }
  $('#panes').classList.toggle('two', !!b);
  document.body.classList.toggle('comparing', !!b);
  const m = method(x);
  $('#m-title').textContent = m.title;
  $('#m-keeps').textContent = m.keeps;
  $('#m-cost').textContent = m.cost;
  $('#m-from').textContent = m.from ? (m.from.startsWith('the ') ? `From ${m.from}` : m.from) : '';
  $('#state-name').textContent = x.name;
  $('#code-name').textContent = x.name;
  $('#counter-toggle').hidden = x.name !== 'matrix';
  for (const id of ['#state-box-b', '#code-box-b']) $(id).hidden = !b;
  if (b) {
    $('#state-name-b').textContent = b.algo.name;
    $('#code-name-b').textContent = b.algo.name;
    $('#m-b').textContent = `${b.algo.name}: ${method(b.algo).keeps} ${method(b.algo).cost}`;
  }
  $('#found').textContent = '';
  request();
}

// Speed: from one step every two seconds to 1,000 steps a second, on a
// log scale.
function rate() { return 0.5 * 2000 ** (Number(speed.value) / Number(speed.max)); }
function showSpeed() {
  const r = rate();
  $('#speed-out').textContent = r < 0.95 ? `1 step / ${Math.round(1 / r)} s` : r < 1.05 ? '1 step/s' : `${fmt(Math.round(r))} steps/s`;
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

// nextSolution jumps to just after the next solution of the first pane;
// the server finds it, however far on it is.
function nextSolution() {
  pause();
  const st = a.steps.cur;
  if (!st || st.step !== a.pos) return;
  const sum = a.steps.summary;
  if (sum && st.solutions >= sum.solutions) {
    goStep(sum.events);
    return;
  }
  goSolution(st.solutions + 1);
}

// goStep shows step k of the first pane.
function goStep(k) {
  pause();
  const total = a.total;
  a.pos = Math.max(0, Math.min(Math.floor(k) || 0, total ?? k));
  syncB = !!b;
  request();
}

// follow moves the second pane to the step just after as many placements
// as the first pane has made, once the first pane's step is there.
let followSeq = 0;
async function follow() {
  const st = a.steps.at(a.pos);
  if (!st) return;
  syncB = false;
  const pane = b, seq = ++followSeq;
  try {
    const res = await fetch(`api/locate?n=${pane.n}&algo=${encodeURIComponent(pane.algo.name)}&placement=${st.placed}`);
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
    const r = await getJSON(`api/locate?n=${a.n}&algo=${encodeURIComponent(a.algo.name)}&solution=${k}`);
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
    renderCode($('#code'), m.code, codeTag(a.algo.name, ev, st.queens, st.n, a.steps.event(a.pos - 2)));
    renderTree($('#tree'), st, a.pos, goStep);
    drawMinis(st.solutions);
  }
  drawCompare();
  const total = a.total;
  scrub.max = String(total ?? Math.max(a.pos, 1));
  scrub.value = String(a.pos);
  scrub.disabled = total === null;
  $('#scrub-out').textContent = total === null ? `step ${fmt(a.pos)}` : `step ${fmt(a.pos)} of ${fmt(total)}`;
  playBtn.textContent = playing ? '❚❚ Pause' : '▶ Play';
  playBtn.setAttribute('aria-pressed', String(playing));
  $('#back').disabled = a.pos === 0;
  $('#step').disabled = a.atEnd() && (!b || b.atEnd());
  $('#next').disabled = a.atEnd();
  if (playing && shown) {
    const text = shown.ev ? $('#status').textContent : 'Playing…';
    if ($('#status').textContent !== text) $('#status').textContent = text;
  }
  writeURL();
}

// drawCompare says, with two panes, how the two methods' work compares
// so far and over the whole search.
function drawCompare() {
  const box = $('#compare-note');
  let text = '';
  const ratio = (x, y) => (y === 0 ? '–' : x >= y ? `${(x / y).toFixed(x / y < 10 ? 1 : 0)}×` : `1/${(y / x).toFixed(y / x < 10 ? 1 : 0)}`);
  if (b && a.steps.cur && b.steps.cur) {
    const sa = a.steps.cur, sb = b.steps.cur, na = a.algo.name, nb = b.algo.name;
    text = `So far: ${na} ${fmt(sa.placed)} placements and ${fmt(sa.checks)} checks; ${nb} ${fmt(sb.placed)} and ${fmt(sb.checks)}: ${nb} checks ${ratio(sb.checks, sa.checks)} as much.`;
    const ua = a.steps.summary, ub = b.steps.summary;
    if (ua && ub) {
      text += ` Whole search: ${nb} places ${ratio(ub.nodes, ua.nodes)} and checks ${ratio(ub.checks, ua.checks)} as much as ${na}.`;
    }
  }
  if (box.textContent !== text) box.textContent = text;
  box.hidden = !b;
}

function writeURL() {
  const q = new URLSearchParams({ n: String(a.n), algo: a.algo.name, step: String(a.pos) });
  if (b) {
    q.set('compare', b.algo.name);
    q.set('cstep', String(b.pos));
  }
  const url = `?${q}${location.hash}`;
  const now = performance.now();
  if (url === lastURL || (playing && now - lastURLTime < 500)) return;
  lastURL = url;
  lastURLTime = now;
  history.replaceState(null, '', url);
}

function drawMinis(solutions) {
  const box = $('#found');
  const nums = [...a.found.keys()].filter((k) => k <= solutions).sort((x, y) => x - y).slice(-MINIS);
  const key = nums.join(',');
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    box.textContent = '';
    for (const k of nums) {
      const cols = a.found.get(k);
      const btn = el('button', 'mini');
      btn.type = 'button';
      btn.title = `Solution ${k}: ${cols.map((x) => x + 1).join(' ')}`;
      btn.innerHTML = boardSVG(cols, btn.title);
      btn.addEventListener('click', () => showBoard(`Solution ${k} of the ${a.n}×${a.n} board`, cols));
      box.append(btn);
    }
  }
  const note = solutions > nums.length ? `(${fmt(solutions)}; the last ${fmt(nums.length)} met shown)` : `(${fmt(solutions)})`;
  const el2 = $('#found-note');
  if (el2.textContent !== note) el2.textContent = note;
}

// Controls and keys.
playBtn.addEventListener('click', () => (playing ? pause() : play()));
$('#step').addEventListener('click', step);
$('#back').addEventListener('click', back);
$('#reset').addEventListener('click', reset);
$('#next').addEventListener('click', nextSolution);
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

// The keys work wherever the focus is, except in a text field: a
// focused menu or slider does not take the arrows and Space for itself.
document.addEventListener('keydown', (e) => {
  if (!active || dialogOpen() || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target, tag = t.tagName;
  if (tag === 'TEXTAREA' || (tag === 'INPUT' && !['checkbox', 'range'].includes(t.type))) return;
  const actions = {
    ' ': () => (playing ? pause() : play()),
    ArrowRight: step,
    ArrowLeft: back,
    s: nextSolution,
    S: nextSolution,
    r: reset,
    R: reset,
  };
  const f = actions[e.key];
  if (!f) return;
  if ((tag === 'SELECT' || tag === 'BUTTON') && !['ArrowRight', 'ArrowLeft', ' '].includes(e.key)) return;
  e.preventDefault();
  f();
}, true);

// testing exposes the player's state to the page's tests.
export const testing = {
  pos: () => a.pos,
  posB: () => (b ? b.pos : -1),
  drawNow: () => draw(),
  resumed: () => a.steps.resumed,
  ready: () => !!(a && a.steps && a.steps.has(a.pos) && a.total !== null && (!b || (b.steps.has(b.pos) && b.total !== null))),
};
