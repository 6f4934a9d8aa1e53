// The quiz: the page stops the search at a moment it picks and asks what
// comes next: which column is tried, whether a square is attacked and by
// which queen, whether the search backs up now. The answer is checked
// against the search's own next event, and the page keeps the score.

import { $, el } from './api.js';
import { TRY, PLACE, REMOVE, DEADEND } from './steps.js';
import { t, onLang, sp } from './i18n.js';
import { api, keyHooks } from './player.js';
import { checkMeets } from './methods.js';

const box = $('#quiz');
let open = false, q = null, right = 0, asked = 0, waiting = 0, kindTurn = 0;

const KINDS = ['column', 'attacked', 'back'];

// attackers returns the rows of the queens that attack (row, col).
function attackers(queens, row, col) {
  const out = [];
  for (let r = 0; r < row; r++) {
    const c = queens[r];
    if (c >= 0 && (c === col || Math.abs(c - col) === row - r)) out.push(r);
  }
  return out;
}

// nextColumnWhy tells why the search tries the square of ev after the
// event prev: the loop of a new row starts at its first column, a loop
// goes on after the column it tried or took its queen back from, and
// bitboard takes the lowest bit still free.
function nextColumnWhy(algo, prev, ev) {
  const r = ev.row + 1, c = ev.col + 1;
  if (algo === 'bitboard') return t('%s takes the lowest free bit of row %d: column %d.', 'bit = avail & −avail', r, c);
  if (prev && prev.row === ev.row && prev.kind === TRY) return t('The loop of row %d goes on from column %d to column %d.', r, prev.col + 1, c);
  if (prev && prev.row === ev.row && prev.kind === REMOVE) return t('The queen of column %d was taken back; the loop of row %d goes on with column %d.', prev.col + 1, r, c);
  return t('The loop of row %d starts at its first column.', r);
}

// fits reports whether a question of kind can be asked at step p, whose
// next event is ev, and returns it.
function question(kind, p, st, ev, algo) {
  if (!ev) return null;
  const n = st.n;
  if (kind === 'column' && ev.kind === TRY && algo !== 'permute') {
    const prev = p > 0 ? api.pane().steps.event(p - 1) : null;
    if (prev && prev.kind === TRY && prev.row !== ev.row) return null;
    return {
      kind, p, ev,
      text: t('Row %d: which column does the search try next?', ev.row + 1),
      answers: Array.from({ length: n }, (_, c) => [String(c + 1), c === ev.col]),
      explain: nextColumnWhy(algo, prev, ev),
    };
  }
  if (kind === 'attacked' && ev.kind === TRY && ev.cf >= -1 && algo !== 'permute' && algo !== 'bitboard') {
    const by = attackers(st.queens, ev.row, ev.col);
    // matrix reads a counter that all the attackers raised; the other
    // methods' checks stop at one queen, the one the trace names.
    const decides = (r) => (algo === 'matrix' ? by.includes(r) : r === ev.cf);
    const answers = [[t('free'), by.length === 0]];
    // Each queen's answer names its row; the whole sentence is its
    // title, so that the answers keep to one line.
    for (let r = 0; r < ev.row; r++) if (st.queens[r] >= 0) answers.push([t('row %d', r + 1), decides(r), t('attacked by the queen in row %d', r + 1)]);
    return {
      kind, p, ev,
      text: algo === 'matrix'
        ? t('The search tries row %d, column %d next. Is the square free, or attacked, and by which queen?', ev.row + 1, ev.col + 1)
        : t('The search tries row %d, column %d next. Is it free? If not, which queen does the check meet first?', ev.row + 1, ev.col + 1),
      answers,
      explain: by.length
        ? checkMeets(algo, ev, st.queens, n) + sp() + t('The loop skips the square and goes on with the next column.')
        : t('Free: no queen above attacks it, so a queen goes there and the search goes down to row %d.', ev.row + 2),
    };
  }
  if (kind === 'back' && (ev.kind === TRY || ev.kind === REMOVE || ev.kind === DEADEND || ev.kind === PLACE)) {
    const yes = ev.kind === REMOVE || ev.kind === DEADEND;
    return {
      kind, p, ev,
      text: t('Does the search back up now, taking a queen back or leaving a row with no free square?'),
      answers: [[t('yes, it backs up'), yes], [t('no, it goes on'), !yes]],
      explain: yes ? t('Yes: the next step goes back.') : t('No: the next step goes on in this row or below.'),
    };
  }
  return null;
}

// pick looks from the step shown on for a moment to ask about, 3 to 12
// steps on, of the next kind in turn; while events are being fetched it
// tries again with the next drawing.
function pick() {
  const p0 = api.pos(), pane = api.pane(), s = pane.steps, algo = pane.algo.name;
  if (pane.atEnd()) { api.goStep(0); waiting = 1; return; }
  const start = p0 + 3 + Math.floor(Math.random() * 10);
  // The kinds in turn, each looked for in the steps ahead; a kind that
  // does not fit the method (bitboard tries free squares only) gives way
  // to the next at once, so one click always brings a question.
  for (let k = 0; k < KINDS.length; k++) {
    const kind = KINDS[(kindTurn + k) % KINDS.length];
    for (let p = start; p < start + 400; p++) {
      const st = s.at(p), ev = s.event(p);
      if (!st || !ev) { waiting = 1; return; }
      const found = question(kind, p, st, ev, algo);
      if (found) {
        kindTurn += k + 1;
        waiting = 0;
        q = found;
        api.goStep(p);
        render();
        return;
      }
    }
  }
  kindTurn++;
  waiting = 1;
}

function render() {
  // While a question waits, the board hides what the answer could be read
  // from: the hatching of the attacked squares.
  document.body.classList.toggle('quiz-asks', open && !!q && !q.done);
  $('#quiz-score').textContent = t('score %d of %d', right, asked);
  const answers = $('#quiz-answers');
  answers.textContent = '';
  $('#quiz-verdict').textContent = '';
  if (!q) { $('#quiz-q').textContent = t('Press "Next question": the search goes on and stops at a moment to ask you about.'); return; }
  $('#quiz-q').textContent = q.text;
  box.dataset.kind = q.kind;
  box.dataset.step = String(q.p);
  q.answers.forEach(([label, , long], i) => {
    const b = el('button', 'answer', label);
    b.type = 'button';
    if (long) { b.title = long; b.setAttribute('aria-label', long); }
    b.dataset.i = String(i);
    b.addEventListener('click', () => answer(i));
    answers.append(b);
  });
}

function answer(i) {
  if (!q || q.done) return;
  q.done = true;
  asked++;
  const ok = q.answers[i][1];
  if (ok) right++;
  const buttons = $('#quiz-answers').querySelectorAll('button');
  buttons.forEach((b, j) => {
    b.disabled = true;
    if (q.answers[j][1]) b.classList.add('right');
    if (j === i && !ok) b.classList.add('wrong');
  });
  document.body.classList.remove('quiz-asks');
  $('#quiz-verdict').textContent = (ok ? t('Right.') : t('Not quite.')) + sp() + q.explain;
  box.dataset.verdict = ok ? 'right' : 'wrong';
  $('#quiz-score').textContent = t('score %d of %d', right, asked);
  api.goStep(q.p + 1); // the step the question was about
}

export function toggle(on) {
  open = on ?? !open;
  box.hidden = !open;
  $('#quiz-open').setAttribute('aria-pressed', String(open));
  if (open) { api.pause(); render(); } else document.body.classList.remove('quiz-asks');
}

function next() { q = null; box.dataset.verdict = ''; render(); pick(); }

$('#quiz-open').addEventListener('click', () => toggle());
$('#quiz-close').addEventListener('click', () => toggle(false));
$('#quiz-next').addEventListener('click', next);
api.onDraw(() => { if (open && waiting) { waiting = 0; pick(); } });
onLang(() => { if (open && q) { const keep = q; q = question(keep.kind, keep.p, api.pane().steps.at(keep.p), keep.ev, api.pane().algo.name) || keep; render(); } });
keyHooks.push((e) => {
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (k === 'q' && !e.shiftKey) { toggle(); return true; }
  if (!open) return false;
  if (/^[1-9]$/.test(k) && q && !q.done && Number(k) <= q.answers.length) { answer(Number(k) - 1); return true; }
  if (k === 'Enter' && e.target.tagName !== 'BUTTON') { next(); return true; }
  return false;
});
