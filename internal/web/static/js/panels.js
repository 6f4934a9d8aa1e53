// The state panel: the data structure of each method, drawn as it stands
// after the step shown, with the cells that the step reads or writes
// marked.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND, BLOCKED } from './steps.js';
import { attacks } from './board.js';
import { boardScan } from './methods.js';
import { t, tn, sp } from './i18n.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// array draws a one-line array: name, the values, and a class for each
// index (read, hit, set, clear). The 1s of an array of 0s and 1s are
// shaded; numbers is set for an array of column numbers, whose 1s are
// not.
function array(name, label, values, cls, title, numbers) {
  const cells = values.map((v, i) => {
    const c = cls ? cls(i) : '';
    const t = title ? title(i) : `${name}[${i}]`;
    // Each entry carries its index under it, so that a long array wraps
    // on a narrow screen and its indices stay with their entries.
    return `<span class="cw"><span class="c${c ? ' ' + c : ''}${!numbers && (v === 1 || v === true) ? ' on' : ''}" title="${esc(t)}">${esc(v === true ? 1 : v === false ? 0 : v)}</span><span class="ci" aria-hidden="true">${i}</span></span>`;
  }).join('');
  return `<div class="arr" data-array="${esc(name)}"><div class="arr-name">${esc(label)}</div><div class="arr-cells">${cells}</div></div>`;
}

// grid draws an n×n table; cell(i, j) returns [text, class].
function grid(name, n, cell, rowLabel, colLabel) {
  let h = `<table class="grid" data-grid="${esc(name)}"><thead><tr><th></th>`;
  for (let j = 0; j < n; j++) h += `<th scope="col">${colLabel(j)}</th>`;
  h += '</tr></thead><tbody>';
  for (let i = 0; i < n; i++) {
    h += `<tr><th scope="row">${rowLabel(i)}</th>`;
    for (let j = 0; j < n; j++) {
      const [t, c] = cell(i, j);
      h += `<td${c ? ` class="${c}"` : ''}>${esc(t)}</td>`;
    }
    h += '</tr>';
  }
  return h + '</tbody></table>';
}

// focusRow returns the row whose data the step is about: the row tried,
// or for a placement the row the search moves on to.
function focusRow(ev, n) {
  if (!ev) return 0;
  if (ev.kind === PLACE) return Math.min(ev.row + 1, n - 1);
  if (ev.kind === SOLUTION) return n - 1;
  return ev.row;
}

const note = (s) => `<p class="state-note">${s}</p>`;

function flags(st, ev) {
  const n = st.n, q = st.queens;
  const col = new Array(n).fill(0), d1 = new Array(2 * n - 1).fill(0), d2 = new Array(2 * n - 1).fill(0);
  q.forEach((c, r) => {
    if (c < 0) return;
    col[c] = 1;
    d1[r - c + n - 1] = 1;
    d2[r + c] = 1;
  });
  const mk = { flag: new Map(), d1: new Map(), d2: new Map() };
  let text = t('Each array entry stands for a whole column or diagonal: 1 means a queen is on it.');
  if (ev && ev.kind === TRY) {
    const r = ev.row, c = ev.col, i1 = r - c + n - 1, i2 = r + c;
    // The check stops at the first flag that is set.
    const reads = [['flag', c, col[c]], ['d1', i1, d1[i1]], ['d2', i2, d2[i2]]];
    const parts = [];
    for (const [name, i, v] of reads) {
      mk[name].set(i, v ? 'read hit' : 'read');
      parts.push(`${name}[${i}] = ${v}`);
      if (v) break;
    }
    text = t('Row %d, column %d (%s in the code): %s → %s.', r + 1, c + 1, `row = ${r}, col = ${c}`, parts.join(', '), parts.length < 3 || d2[i2] ? t('attacked, skip it') : t('all clear: free')) +
      sp() + t('(The index of %s is %s = %d, that of %s is %s = %d.)', 'd1', `row−col+${n - 1}`, i1, 'd2', 'row+col', i2);
  } else if (ev && (ev.kind === PLACE || ev.kind === REMOVE)) {
    const r = ev.row, c = ev.col, how = ev.kind === PLACE ? 'set' : 'clear';
    mk.flag.set(c, how);
    mk.d1.set(r - c + n - 1, how);
    mk.d2.set(r + c, how);
    text = (ev.kind === PLACE ? t('Set %s, %s and %s.', `flag[${c}]`, `d1[${r - c + n - 1}]`, `d2[${r + c}]`) : t('Clear %s, %s and %s.', `flag[${c}]`, `d1[${r - c + n - 1}]`, `d2[${r + c}]`));
  }
  return array('flag', t('%s: a queen in the column', 'flag[col]'), col, (i) => mk.flag.get(i)) +
    array('d1', t('%s: "\\" diagonal', 'd1[row−col+N−1]'), d1, (i) => mk.d1.get(i)) +
    array('d2', t('%s: "/" diagonal', 'd2[row+col]'), d2, (i) => mk.d2.get(i)) + note(text);
}

function scan(st, ev) {
  const n = st.n, q = st.queens;
  const vals = Array.from(q, (c) => (c < 0 ? '·' : c));
  const r = ev && ev.kind === TRY ? ev.row : -1;
  // The table of the comparisons keeps a row for each of the n−1 queens
  // that can stand above, blank where there is none, and stands blank
  // when the step compares nothing: the panel keeps its size while the
  // search goes on.
  let rows = `<table class="cmp${r > 0 ? '' : ' idle'}"><thead><tr><th>i</th><th>queen[i]</th><th>${esc(t('same column?'))}</th><th>${esc(t('|Δrow|'))}</th><th>${esc(t('|Δcol|'))}</th><th>${esc(t('diagonal?'))}</th></tr></thead><tbody>`;
  if (r > 0) {
    const c = ev.col;
    let stop = false;
    for (let i = 0; i < r; i++) {
      if (stop) {
        rows += `<tr class="skipped"><td>${i}</td><td>${q[i]}</td><td colspan="4">${esc(t('not compared: the check stopped above'))}</td></tr>`;
        continue;
      }
      const dr = r - i, dc = Math.abs(c - q[i]);
      const same = q[i] === c, diag = dr === dc;
      stop = same || diag;
      rows += `<tr class="${stop ? 'hit' : ''}"><td>${i}</td><td>${q[i]}</td><td>${esc(same ? t('yes') : t('no'))}</td><td>${dr}</td><td>${dc}</td><td>${esc(diag ? t('yes') : t('no'))}</td></tr>`;
    }
  }
  for (let i = Math.max(r, 0); i < n - 1; i++) rows += '<tr class="pad" aria-hidden="true"><td colspan="6">&nbsp;</td></tr>';
  rows += '</tbody></table>';
  const cls = (i) => (r >= 0 && i < r ? (i === ev.cf ? 'read hit' : ev.cf < 0 || i < ev.cf ? 'read' : '') : '');
  let text = t('%s is the column of the queen in row %s; nothing else is kept.', 'queen[i]', 'i');
  if (r === 0) text = t('The first row: no queen above to compare with.');
  else if (r > 0) text = t('Row %d, column %d (%s in the code), compared with the queens above, one by one:', r + 1, ev.col + 1, `row = ${r}, col = ${ev.col}`);
  return array('queen', t('%s: column of the queen in row %s', 'queen[i]', 'i'), vals, cls, null, true) + note(text) + rows;
}

function board(st, ev) {
  const n = st.n, q = st.queens;
  let read = new Set(), hit = '', cur = '', part = '';
  if (ev && ev.kind === TRY) {
    const s = boardScan(q, ev.row, ev.col, n);
    read = new Set(s.read.map(([i, j]) => `${i},${j}`));
    hit = s.hit ? `${s.hit[0]},${s.hit[1]}` : '';
    cur = `${ev.col},${ev.row}`;
    part = s.part;
  } else if (ev && (ev.kind === PLACE || ev.kind === REMOVE)) {
    cur = `${ev.col},${ev.row}`;
  }
  const html = grid('board', n, (i, j) => {
    const key = `${i},${j}`;
    const c = [key === cur ? 'cur' : '', key === hit ? 'hit' : read.has(key) ? 'read' : ''].filter(Boolean).join(' ');
    return [q[j] === i ? 1 : 0, c];
  }, (i) => `i=${i}`, (j) => `col=${j}`);
  let text = t('%s, as the tutorial keeps it: it fills column 0, then column 1, … Its column %s is row %s of the board on the left.', 'board[i][col]', 'col', 'col+1');
  if (part) {
    const call = `isSafe(${ev.col}, ${ev.row})`;
    text = {
      check: () => t('%s read %d squares to the left: no 1, so the square is safe.', call, read.size),
      row: () => t('%s found a 1 in the row to the left after reading %d squares.', call, read.size),
      up: () => t('%s found a 1 on the diagonal up and to the left after reading %d squares.', call, read.size),
      down: () => t('%s found a 1 on the diagonal down and to the left after reading %d squares.', call, read.size),
    }[part]();
  }
  return note(text) + html;
}

function matrix(st, ev) {
  const n = st.n, q = st.queens, a = attacks(q, n);
  const changed = new Set();
  if (ev && (ev.kind === PLACE || ev.kind === REMOVE)) {
    const one = new Int8Array(n).fill(-1);
    one[ev.row] = ev.col;
    attacks(one, n).forEach((v, i) => { if (v) changed.add(i); });
  }
  const html = grid('table', n, (i, j) => {
    const k = i * n + j;
    if (q[i] === j) return ['Q', 'queen'];
    let c = a[k] ? 'on' : '';
    if (ev && ev.kind === TRY && ev.row === i && ev.col === j) c += a[k] ? ' read hit' : ' read';
    if (changed.has(k)) c += ev.kind === PLACE ? ' set' : ' clear';
    return [a[k], c];
  }, (i) => `${i}`, (j) => `${j}`);
  let text = t('%s counts the queens that attack the square; 0 means free.', 'table[i][j]');
  if (ev && ev.kind === TRY) text = t('Read %s = %d: %s.', `table[${ev.row}][${ev.col}]`, a[ev.row * n + ev.col], a[ev.row * n + ev.col] ? t('attacked') : t('free'));
  if (ev && ev.kind === PLACE) text = t('Add 1 to the %d squares the new queen attacks.', changed.size);
  if (ev && ev.kind === REMOVE) text = t('Subtract 1 from the %d squares the queen attacked.', changed.size);
  return note(text) + html;
}

function rows(st, ev) {
  const n = st.n, q = st.queens, r = focusRow(ev, n);
  const forbidden = new Array(n).fill(0), by = Array.from({ length: n }, () => []);
  let marks = 0;
  for (let i = 0; i < r; i++) {
    const c = q[i];
    if (c < 0) continue;
    const d = r - i;
    for (const x of [c, c - d, c + d]) {
      if (x < 0 || x >= n) continue;
      forbidden[x] = 1;
      by[x].push(i + 1);
      marks++;
    }
  }
  const readCol = ev && ev.kind === TRY ? ev.col : -1;
  const text = t('%s for row %d, rebuilt from the queens above (%s): %s.', 'rows[]', r + 1, t('%d queens', r), t('%d marks', marks)) +
    (readCol >= 0 ? sp() + t('Read %s = %d: %s.', `rows[${readCol}]`, forbidden[readCol], forbidden[readCol] ? t('forbidden') : t('free')) : '');
  return array('rows', t('%s: forbidden in row %d', 'rows[col]', r + 1), forbidden,
    (i) => (i === readCol ? (forbidden[i] ? 'read hit' : 'read') : ''),
    (i) => (by[i].length ? tn('column %d: marked by the queens in rows %s', by[i].length, i + 1, by[i].join(', ')) : t('column %d: free', i + 1))) + note(text);
}

function bits(mask, n) {
  return Array.from({ length: n }, (_, c) => ((mask >> c) & 1));
}

function bitboard(st, ev) {
  const n = st.n, q = st.queens, r = focusRow(ev, n), full = (1 << n) - 1;
  // The bits this row's loop has taken out of avail so far: every column
  // of the row tried before, and after a placement or a take-back the
  // column of that queen too (avail ^= bit ran before it).
  let spent = 0;
  if (ev && ev.kind !== SOLUTION && ev.kind !== PLACE) {
    for (const nd of st.tree[r].nodes) if (ev.kind !== TRY || nd.c !== ev.col) spent |= 1 << nd.c;
  }
  let cols = 0, left = 0, right = 0;
  for (let i = 0; i < r; i++) {
    if (q[i] < 0) continue;
    const d = r - i;
    cols |= 1 << q[i];
    left |= (1 << (q[i] + d)) & full;
    if (q[i] - d >= 0) right |= 1 << (q[i] - d);
  }
  const or = cols | left | right, free = full & ~or, avail = free & ~spent;
  const taken = ev && ev.kind === TRY ? ev.col : -1;
  const cls = (i) => (i === taken ? 'hit' : '');
  const freeCls = (i) => (i === taken ? 'hit' : (spent >> i) & 1 && (free >> i) & 1 ? 'done' : '');
  const text = t('Masks of row %d; bit %s is column %s, drawn from the left like the board.', r + 1, 'c', 'c+1') + sp() +
    (taken >= 0 ? t('%s takes the lowest free bit, column %d.', 'bit = avail & −avail', taken + 1)
      : ev && ev.kind === REMOVE ? t('Back in row %d: the bit of column %d left %s before the queen went down, so the loop goes on with the bits still set.', r + 1, ev.col + 1, 'avail')
        : avail ? '' : t('%s: no free square in this row.', 'avail = 0'));
  return array('cols', 'cols', bits(cols, n)) + array('left', t('%s (\\ diagonals)', 'left'), bits(left, n)) + array('right', t('%s (/ diagonals)', 'right'), bits(right, n)) +
    array('or', 'cols | left | right', bits(or, n)) + array('avail', 'avail = ~(…) & full', bits(avail, n), freeCls) +
    // bit has its place even between two tries, so that the panel
    // keeps its size.
    (taken >= 0 ? array('bit', 'bit', bits(1 << taken, n), cls) : array('bit', 'bit', bits(0, n)).replace('class="arr"', 'class="arr idle" aria-hidden="true"')) + note(text);
}

function permute(st, ev) {
  const n = st.n, q = st.queens;
  const used = new Array(n).fill(0);
  q.forEach((c) => { if (c >= 0) used[c] = 1; });
  const perm = Array.from(q, (c) => (c < 0 ? '·' : c));
  let text = t('%s is the column of the queen in the row; %s tells which columns are taken.', 'perm[row]', 'used[col]');
  let pair = new Set(), readCol = -1;
  if (ev && ev.kind === TRY) {
    readCol = ev.col;
    text = ev.cf >= 0 ? t('Read %s = 1: row %d has that column.', `used[${ev.col}]`, ev.cf + 1) : t('Read %s = 0: unused.', `used[${ev.col}]`);
  } else if (ev && ev.kind === DEADEND && ev.col >= 0) {
    const i = ev.cf, r = ev.row;
    pair = new Set([i, r]);
    text = t('All %d queens stand; the check finds rows %d and %d on one diagonal: %s.', n, i, r, `|perm[${r}] − perm[${i}]| = |${q[r]} − ${q[i]}| = ${Math.abs(q[r] - q[i])} = ${r} − ${i}`);
  } else if (ev && ev.kind === SOLUTION) {
    text = t('All %d queens stand and no two share a diagonal: a solution.', n);
  }
  return array('perm', 'perm[row]', perm, (i) => (pair.has(i) ? 'hit' : ''), null, true) +
    array('used', 'used[col]', used, (i) => (i === readCol ? (used[i] ? 'read hit' : 'read') : '')) + note(text);
}

// instance is the state of the instance search: the queens, as scan
// keeps them; the squares the board forbids never change, and a try of
// one is decided before any queen is compared.
function instance(st, ev) {
  if (!ev || ev.kind !== TRY || ev.cf >= -1) {
    const html = scan(st, ev);
    return ev ? html : note(t('Blocked squares and excluded diagonals never change: the search only reads them, before it compares a square with the queens above.')) + html;
  }
  const vals = Array.from(st.queens, (c) => (c < 0 ? '·' : c));
  const text = ev.cf === BLOCKED
    ? t('Row %d, column %d: the square is blocked, so the search passes over it without comparing it with the queens above.', ev.row + 1, ev.col + 1)
    : t('Row %d, column %d: the square lies on an excluded diagonal, so the search passes over it without comparing it with the queens above.', ev.row + 1, ev.col + 1);
  return array('queen', t('%s: column of the queen in row %s', 'queen[i]', 'i'), vals, null, null, true) + note(text);
}

const PANELS = { flags, scan, board, matrix, rows, bitboard, permute, instance };

// renderState draws the state panel of the algorithm into box.
export function renderState(box, algo, st, ev) {
  const f = PANELS[algo];
  const html = f ? f(st, ev) : note(t('This method has no state panel yet.'));
  if (box.dataset.html !== html) {
    box.innerHTML = html;
    box.dataset.html = html;
    box.dataset.algo = algo;
  }
}

// renderCode draws a listing with the line of tag marked.
export function renderCode(box, code, tag) {
  const key = code.length + '|' + tag + '|' + document.documentElement.lang;
  if (box.dataset.key === key && box.dataset.code === code[0]?.[0]) return;
  box.dataset.key = key;
  box.dataset.code = code[0]?.[0] || '';
  let first = true;
  box.innerHTML = code.map(([text, tg, comment]) => {
    const on = tag && tg === tag && first;
    if (on) first = false;
    const c = comment ? ' // ' + (Array.isArray(comment) ? t(...comment) : t(comment)) : '';
    const here = on ? ` data-here="${esc(t('◀ this step'))}"` : '';
    return `<span class="ln${on ? ' on' : ''}" data-tag="${esc(tg)}"${here}>${esc(text + c)}</span>`;
  }).join('');
  box.dataset.line = tag;
}
