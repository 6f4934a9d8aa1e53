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
// folded to its first frame and its last three.
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
  let h;
  if (!fs.length) {
    h = `<p class="state-note">${esc(matrix ? t('No queen yet: the stack is empty.') : t('No call yet: %s starts at the first row.', `${fn}(${param}=0)`))}</p>`;
  } else if (n > FOLD && fs.length > 4) {
    const hidden = fs.slice(1, -3);
    h = `<ol class="frames">${chip(fs[0], 0)}<li class="fold"><details><summary>${esc(t('%d frames folded', hidden.length))}</summary><ol class="frames inner">${hidden.map((f, i) => chip(f, i + 1)).join('')}</ol></details></li>${fs.slice(-3).map((f, i) => chip(f, fs.length - 3 + i)).join('')}</ol>`;
  } else {
    h = `<ol class="frames">${fs.map(chip).join('')}</ol>`;
  }
  const top = fs.length ? fs[fs.length - 1] : null;
  const title = matrix
    ? t('The explicit stack of matrix: %s, and the row %s = %d', 'queen[0..i-1]', 'i', top ? top.row : 0)
    : t('The recursion stack: %s', t('%d frames', fs.length));
  if (head.textContent !== title) head.textContent = title;
  box.dataset.frames = String(fs.length);
  if (box.dataset.html !== h) {
    // A fold the learner opened stays open while the search goes on.
    const open = !!box.querySelector('.fold details[open]');
    box.innerHTML = h;
    box.dataset.html = h;
    if (open) box.querySelector('.fold details')?.setAttribute('open', '');
  }
}
