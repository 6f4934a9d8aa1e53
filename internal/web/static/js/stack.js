// The recursion stack: one frame per row the search is in, with its row
// and its loop variable, as the method's code names them. matrix has no
// recursion: its stack is the array of the queens' columns and the row i
// it works on.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND } from './steps.js';
import { t } from './i18n.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// CALLS names each method's recursive function, its row parameter and its
// loop variable.
const CALLS = {
  flags: ['generate', 'row', 'col'],
  scan: ['findSpace', 'row', 'col'],
  board: ['solveNQUtil', 'col', 'i'],
  rows: ['getArrangement', 'row', 'col'],
  bitboard: ['search', 'row', 'bit'],
  permute: ['extend', 'row', 'col'],
  instance: ['search', 'row', 'col'],
};

// FOLD is the largest board whose stack is shown whole; a deeper one is
// folded to its first frame and its last three. Where the stack keeps to
// one line (a wide screen), more frames fold until the rest fit.
const FOLD = 10;

// frames returns the frames of the search after the event ev: each
// {row, v}, v the loop variable's column, or null before the loop runs,
// or n once it has run out.
export function frames(st, ev) {
  const n = st.n, q = st.queens, out = [];
  if (!ev) return out;
  let depth = 0;
  while (depth < n && q[depth] >= 0) depth++;
  for (let r = 0; r < depth; r++) out.push({ row: r, v: q[r] });
  switch (ev.kind) {
    case TRY:
      if (ev.row === depth) out.push({ row: depth, v: ev.col });
      break;
    case REMOVE:
      out.push({ row: ev.row, v: ev.col });
      break;
    case DEADEND:
      if (ev.row === depth) out.push({ row: depth, v: n });
      break;
    case PLACE:
    case SOLUTION:
      break;
  }
  return out;
}

// renderStack draws the stack of algo after the event ev into box.
export function renderStack(box, head, algo, st, ev) {
  const n = st.n, fs = frames(st, ev);
  const matrix = algo === 'matrix';
  const [fn, param, loop] = CALLS[algo] || CALLS.flags;
  const value = (f) => {
    if (f.v === n) return t('%s = %d: the loop is over', loop, n);
    if (algo === 'bitboard') return `${loop}=1<<${f.v}`;
    return `${loop}=${f.v}`;
  };
  const chip = (f, i) => {
    const top = i === fs.length - 1;
    const text = matrix ? `queen[${f.row}] = ${f.v === n ? '–' : f.v}` : `${fn}(${param}=${f.row}) ${value(f)}`;
    return `<li class="frame${top ? ' top' : ''}" data-row="${f.row}" data-var="${f.v}"><code>${esc(text)}</code></li>`;
  };
  // list draws the frames with k of them folded away: those after the
  // first, or when k is all but the running one, the first too. A short
  // fold gives only the number of its frames.
  const list = (k, short) => {
    if (!k) return `<ol class="frames">${fs.map(chip).join('')}</ol>`;
    const from = k >= fs.length - 1 ? 0 : 1, hidden = fs.slice(from, from + k), say = esc(t('%d frames folded', hidden.length));
    const fold = `<li class="fold"><details><summary${short ? ` title="${say}" aria-label="${say}">${hidden.length}` : `>${say}`}</summary><ol class="frames inner">${hidden.map((f, i) => chip(f, from + i)).join('')}</ol></details></li>`;
    return `<ol class="frames">${from ? chip(fs[0], 0) : ''}${fold}${fs.slice(from + k).map((f, i) => chip(f, from + k + i)).join('')}</ol>`;
  };
  let fold = n > FOLD && fs.length > 4 ? fs.length - 4 : 0;
  const empty = `<p class="state-note">${esc(matrix ? t('No queen yet: the stack is empty.') : t('No call yet: %s starts at the first row.', `${fn}(${param}=0)`))}</p>`;
  const top = fs.length ? fs[fs.length - 1] : null;
  const title = matrix
    ? t('The explicit stack of matrix: %s, row %s = %d', 'queen[0..i-1]', 'i', top ? top.row : 0)
    : t('The recursion stack: %s', t('%d frames', fs.length));
  if (head.textContent !== title) head.textContent = title;
  box.dataset.frames = String(fs.length);
  // A fold the learner opened stays open while the search goes on.
  const open = !!box.querySelector('.fold details[open]');
  const put = (h) => {
    if (box.dataset.html === h) return;
    box.innerHTML = h;
    box.dataset.html = h;
    if (open) box.querySelector('.fold details')?.setAttribute('open', '');
  };
  if (!fs.length) { box.dataset.key = ''; put(empty); return; }
  // The same frames in a box of the same width fold as they did.
  const key = `${fs.map((f) => `${f.row}:${f.v}`).join(' ')}|${box.clientWidth}|${title}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  put(list(fold));
  // Fold one frame more while the line overflows, keeping the running
  // one. The line is set to the right, so it overflows on the left.
  const over = () => {
    const ol = box.querySelector('.frames');
    return ol.firstElementChild.getBoundingClientRect().left < ol.getBoundingClientRect().left - 0.5 || ol.scrollWidth > ol.clientWidth + 1;
  };
  while (fold < fs.length - 1 && over()) put(list(++fold));
  if (fold && over()) put(list(fold, true));
}
