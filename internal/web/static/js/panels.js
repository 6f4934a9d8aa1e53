// The state panel: the data structure of each method, drawn as it stands
// after the step shown, with the cells that the step reads or writes
// marked.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND } from './steps.js';
import { attacks } from './board.js';
import { boardScan } from './methods.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// array draws a one-line array: name, the values, and a class for each
// index (read, hit, set, clear). The 1s of an array of 0s and 1s are
// shaded; numbers is set for an array of column numbers, whose 1s are
// not.
function array(name, label, values, cls, title, numbers) {
  const cells = values.map((v, i) => {
    const c = cls ? cls(i) : '';
    const t = title ? title(i) : `${name}[${i}]`;
    return `<span class="c${c ? ' ' + c : ''}${!numbers && (v === 1 || v === true) ? ' on' : ''}" title="${esc(t)}">${esc(v === true ? 1 : v === false ? 0 : v)}</span>`;
  }).join('');
  const idx = values.map((_, i) => `<span>${i}</span>`).join('');
  return `<div class="arr" data-array="${esc(name)}"><div class="arr-name">${esc(label)}</div><div class="arr-cells">${cells}</div><div class="arr-idx" aria-hidden="true">${idx}</div></div>`;
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
  let text = 'Each array entry stands for a whole column or diagonal: 1 means a queen is on it.';
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
    text = `Row ${r + 1}, column ${c + 1} (row = ${r}, col = ${c} in the code): ${parts.join(', ')} → ${parts.length < 3 || d2[i2] ? 'attacked, skip it' : 'all clear: free'}. (d1 index row−col+${n - 1} = ${i1}, d2 index row+col = ${i2}.)`;
  } else if (ev && (ev.kind === PLACE || ev.kind === REMOVE)) {
    const r = ev.row, c = ev.col, how = ev.kind === PLACE ? 'set' : 'clear';
    mk.flag.set(c, how);
    mk.d1.set(r - c + n - 1, how);
    mk.d2.set(r + c, how);
    text = `${ev.kind === PLACE ? 'Set' : 'Clear'} flag[${c}], d1[${r - c + n - 1}] and d2[${r + c}].`;
  }
  return array('flag', 'flag[col]: a queen in column col', col, (i) => mk.flag.get(i)) +
    array('d1', 'd1[row−col+N−1]: "\\" diagonal', d1, (i) => mk.d1.get(i)) +
    array('d2', 'd2[row+col]: "/" diagonal', d2, (i) => mk.d2.get(i)) + note(text);
}

function scan(st, ev) {
  const n = st.n, q = st.queens;
  const vals = Array.from(q, (c) => (c < 0 ? '·' : c));
  const r = ev && ev.kind === TRY ? ev.row : -1;
  let rows = '';
  if (r > 0) {
    const c = ev.col;
    rows = '<table class="cmp"><thead><tr><th>i</th><th>queen[i]</th><th>same column?</th><th>|Δrow|</th><th>|Δcol|</th><th>diagonal?</th></tr></thead><tbody>';
    let stop = false;
    for (let i = 0; i < r; i++) {
      if (stop) {
        rows += `<tr class="skipped"><td>${i}</td><td>${q[i]}</td><td colspan="4">not compared: the check stopped above</td></tr>`;
        continue;
      }
      const dr = r - i, dc = Math.abs(c - q[i]);
      const same = q[i] === c, diag = dr === dc;
      stop = same || diag;
      rows += `<tr class="${stop ? 'hit' : ''}"><td>${i}</td><td>${q[i]}</td><td>${same ? 'yes' : 'no'}</td><td>${dr}</td><td>${dc}</td><td>${diag ? 'yes' : 'no'}</td></tr>`;
    }
    rows += '</tbody></table>';
  }
  const cls = (i) => (r >= 0 && i < r ? (i === ev.cf ? 'read hit' : ev.cf < 0 || i < ev.cf ? 'read' : '') : '');
  let text = 'queen[i] is the column of the queen in row i; nothing else is kept.';
  if (r === 0) text = 'The first row: no queen above to compare with.';
  else if (r > 0) text = `Row ${r + 1}, column ${ev.col + 1} (row = ${r}, col = ${ev.col} in the code), compared with the queens above, one by one:`;
  return array('queen', 'queen[i]: column of the queen in row i', vals, cls, null, true) + note(text) + rows;
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
  }, (i) => `i=${i}`, (j) => `col ${j}`);
  let text = 'board[i][col], as the tutorial keeps it: it fills column 0, then column 1, … Its column col is row col+1 of the board on the left.';
  if (part) {
    const where = { row: 'in the row to the left', up: 'on the diagonal up and to the left', down: 'on the diagonal down and to the left', check: '' }[part];
    text = part === 'check'
      ? `isSafe(${ev.col}, ${ev.row}) read ${read.size} squares to the left: no 1, so the square is safe.`
      : `isSafe(${ev.col}, ${ev.row}) found a 1 ${where} after reading ${read.size} squares.`;
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
  let text = 'table[i][j] counts the queens that attack the square; 0 means free.';
  if (ev && ev.kind === TRY) text = `Read table[${ev.row}][${ev.col}] = ${a[ev.row * n + ev.col]}: ${a[ev.row * n + ev.col] ? 'attacked' : 'free'}.`;
  if (ev && ev.kind === PLACE) text = `Add 1 to the ${changed.size} squares the new queen attacks.`;
  if (ev && ev.kind === REMOVE) text = `Subtract 1 from the ${changed.size} squares the queen attacked.`;
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
  const text = `rows[] for row ${r + 1}, rebuilt from the ${r} queen${r === 1 ? '' : 's'} above: ${marks} marks.` +
    (readCol >= 0 ? ` Read rows[${readCol}] = ${forbidden[readCol]}: ${forbidden[readCol] ? 'forbidden' : 'free'}.` : '');
  return array('rows', `rows[col]: forbidden in row ${r + 1}`, forbidden,
    (i) => (i === readCol ? (forbidden[i] ? 'read hit' : 'read') : ''),
    (i) => (by[i].length ? `column ${i + 1}: marked by the queen${by[i].length > 1 ? 's' : ''} in row ${by[i].join(', ')}` : `column ${i + 1}: free`)) + note(text);
}

function bits(mask, n) {
  return Array.from({ length: n }, (_, c) => ((mask >> c) & 1));
}

function bitboard(st, ev) {
  const n = st.n, q = st.queens, r = focusRow(ev, n), full = (1 << n) - 1;
  let cols = 0, left = 0, right = 0;
  for (let i = 0; i < r; i++) {
    if (q[i] < 0) continue;
    const d = r - i;
    cols |= 1 << q[i];
    left |= (1 << (q[i] + d)) & full;
    if (q[i] - d >= 0) right |= 1 << (q[i] - d);
  }
  const or = cols | left | right, avail = full & ~or;
  const taken = ev && ev.kind === TRY ? ev.col : -1;
  const cls = (i) => (i === taken ? 'hit' : '');
  const freeCls = (i) => (i === taken ? 'hit' : taken >= 0 && i < taken && (avail >> i) & 1 ? 'done' : '');
  const text = `Masks of row ${r + 1}; bit c is column c+1, drawn from the left like the board. ` +
    (taken >= 0 ? `bit = avail & −avail takes the lowest free bit, column ${taken + 1}.` : avail ? '' : 'avail = 0: no free square in this row.');
  return array('cols', 'cols', bits(cols, n)) + array('left', 'left (\\ diagonals)', bits(left, n)) + array('right', 'right (/ diagonals)', bits(right, n)) +
    array('or', 'cols | left | right', bits(or, n)) + array('avail', 'avail = ~(…) & full', bits(avail, n), freeCls) +
    (taken >= 0 ? array('bit', 'bit', bits(1 << taken, n), cls) : '') + note(text);
}

function permute(st, ev) {
  const n = st.n, q = st.queens;
  const used = new Array(n).fill(0);
  q.forEach((c) => { if (c >= 0) used[c] = 1; });
  const perm = Array.from(q, (c) => (c < 0 ? '·' : c));
  let text = 'perm[row] is the column of the queen in row; used[col] tells which columns are taken.';
  let pair = new Set(), readCol = -1;
  if (ev && ev.kind === TRY) {
    readCol = ev.col;
    text = `Read used[${ev.col}] = ${ev.cf >= 0 ? 1 : 0}${ev.cf >= 0 ? `: row ${ev.cf + 1} has that column` : ': unused'}.`;
  } else if (ev && ev.kind === DEADEND && ev.col >= 0) {
    const i = ev.cf, r = ev.row;
    pair = new Set([i, r]);
    text = `All ${n} queens stand; the check finds rows ${i} and ${r} on one diagonal: |perm[${r}] − perm[${i}]| = |${q[r]} − ${q[i]}| = ${Math.abs(q[r] - q[i])} = ${r} − ${i}.`;
  } else if (ev && ev.kind === SOLUTION) {
    text = `All ${n} queens stand and no two share a diagonal: a solution.`;
  }
  return array('perm', 'perm[row]', perm, (i) => (pair.has(i) ? 'hit' : ''), null, true) +
    array('used', 'used[col]', used, (i) => (i === readCol ? (used[i] ? 'read hit' : 'read') : '')) + note(text);
}

const PANELS = { flags, scan, board, matrix, rows, bitboard, permute };

// renderState draws the state panel of the algorithm into box.
export function renderState(box, algo, st, ev) {
  const f = PANELS[algo];
  const html = f ? f(st, ev) : note('This method has no state panel yet.');
  if (box.dataset.html !== html) {
    box.innerHTML = html;
    box.dataset.html = html;
  }
}

// renderCode draws a listing with the line of tag marked.
export function renderCode(box, code, tag) {
  const key = code.length + '|' + tag;
  if (box.dataset.key === key && box.dataset.code === code[0]?.[0]) return;
  box.dataset.key = key;
  box.dataset.code = code[0]?.[0] || '';
  let first = true;
  box.innerHTML = code.map(([text, t]) => {
    const on = tag && t === tag && first;
    if (on) first = false;
    return `<span class="ln${on ? ' on' : ''}" data-tag="${esc(t)}">${esc(text)}</span>`;
  }).join('');
  box.dataset.line = tag;
}
