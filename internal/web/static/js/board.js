// The board of one pane: queens, attacked squares, and the marks of the
// step shown.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND } from './steps.js';
import { el } from './api.js';
import { t } from './i18n.js';

const SVGNS = 'http://www.w3.org/2000/svg';

// attacks returns, for every square, how many queens attack it along a
// row, a column or a diagonal (a queen's own square is not counted).
export function attacks(queens, n) {
  const a = new Int16Array(n * n);
  for (let qr = 0; qr < n; qr++) {
    const qc = queens[qr];
    if (qc < 0) continue;
    for (let i = 0; i < n; i++) {
      if (i !== qc) a[qr * n + i]++;
      if (i === qr) continue;
      a[i * n + qc]++;
      const d1 = qc + (i - qr), d2 = qc - (i - qr);
      if (d1 >= 0 && d1 < n) a[i * n + d1]++;
      if (d2 >= 0 && d2 < n) a[i * n + d2]++;
    }
  }
  return a;
}

// Board draws an n×n board into a container.
export class Board {
  constructor(box, id) {
    this.frame = el('div', 'board-frame');
    this.files = el('div', 'files');
    this.ranks = el('div', 'ranks');
    this.files.setAttribute('aria-hidden', 'true');
    this.ranks.setAttribute('aria-hidden', 'true');
    const inner = el('div', 'board-box');
    this.board = el('div', 'board');
    if (id) this.board.id = id;
    this.board.setAttribute('role', 'img');
    this.overlay = document.createElementNS(SVGNS, 'svg');
    this.overlay.setAttribute('class', 'overlay');
    this.overlay.setAttribute('aria-hidden', 'true');
    inner.append(this.board, this.overlay);
    this.frame.append(this.files, this.ranks, inner);
    box.append(this.frame);
    this.n = 0;
    this.cells = [];
    this.inst = null;
    this.onCell = null;
    this.board.addEventListener('click', (e) => {
      const cell = e.target.closest('.cell');
      if (!cell || !this.onCell) return;
      const i = this.cells.indexOf(cell);
      if (i >= 0) this.onCell((i / this.n) | 0, i % this.n, e);
    });
  }

  // setInstance marks the squares that the instance inst forbids or
  // presets: inst.blocked holds row*n+col of each blocked square,
  // inst.sums and inst.diffs the excluded diagonals (row+col, row−col),
  // inst.queens the preset column of each row that has one.
  setInstance(inst) {
    this.inst = inst;
  }

  build(n) {
    this.n = n;
    this.board.textContent = '';
    this.board.style.setProperty('--n', n);
    // Every row and column the same size, whatever a square shows: a ✕
    // or a digit never makes its row taller.
    this.board.style.gridTemplateColumns = `repeat(${n}, minmax(0, 1fr))`;
    this.board.style.gridTemplateRows = `repeat(${n}, minmax(0, 1fr))`;
    this.cells = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const cell = el('div', (r + c) % 2 ? 'cell d' : 'cell l');
        cell.dataset.base = cell.className;
        this.board.append(cell);
        this.cells.push(cell);
      }
    }
    this.overlay.setAttribute('viewBox', `0 0 ${n} ${n}`);
    this.chess = null;
    this.label(false);
  }

  // label names the files and ranks: by number from the top left, as the
  // sentences of the steps count rows and columns, or with chess on as
  // the command line names squares (files a, b, … and ranks from the
  // bottom), which the board editor uses.
  label(chess) {
    if (this.chess === chess) return;
    this.chess = chess;
    const n = this.n;
    this.files.textContent = '';
    this.ranks.textContent = '';
    for (let i = 0; i < n; i++) {
      this.files.append(el('span', '', chess ? String.fromCharCode(97 + i) : String(i + 1)));
      this.ranks.append(el('span', '', chess ? String(n - i) : String(i + 1)));
    }
    this.frame.classList.toggle('chess', chess);
  }

  // draw shows the state st after the event ev; counters writes the
  // number of attackers on every free square.
  draw(st, ev, counters, status) {
    const n = this.n, queens = st.queens;
    const attack = attacks(queens, n);
    const extra = new Map();
    const mark = (row, col, cls) => {
      if (row < 0 || col < 0 || row >= n || col >= n) return;
      const key = row * n + col;
      extra.set(key, (extra.get(key) || '') + ' ' + cls);
    };
    let line = null;
    const k = ev ? ev.kind : 0;
    if (k === TRY) {
      if (ev.cf < -1) {
        mark(ev.row, ev.col, 'try bad');
      } else if (ev.cf >= 0) {
        mark(ev.row, ev.col, 'try bad');
        mark(ev.cf, queens[ev.cf], 'src');
        line = [ev.cf, queens[ev.cf], ev.row, ev.col];
      } else {
        mark(ev.row, ev.col, 'try');
      }
    } else if (k === PLACE) {
      mark(ev.row, ev.col, 'placed');
    } else if (k === REMOVE) {
      mark(ev.row, ev.col, 'ghost');
    } else if (k === SOLUTION) {
      for (let r = 0; r < n; r++) mark(r, queens[r], 'win');
    } else if (k === DEADEND) {
      if (ev.col >= 0 && ev.cf >= 0) {
        mark(ev.row, ev.col, 'src');
        mark(ev.cf, queens[ev.cf], 'src');
        line = [ev.cf, queens[ev.cf], ev.row, ev.col];
      } else {
        for (let i = 0; i < n; i++) mark(ev.row, i, 'dead');
      }
    }
    for (let i = 0; i < n * n; i++) {
      const cell = this.cells[i];
      const qr = (i / n) | 0, qc = i % n;
      let cls = cell.dataset.base;
      const queen = queens[qr] === qc;
      if (queen) cls += ' q';
      else if (attack[i] > 0) cls += ' a';
      const inst = this.inst;
      if (inst) {
        if (inst.blocked.has(i)) cls += ' blk';
        else if (inst.sums.has(qr + qc) || inst.diffs.has(qr - qc)) cls += ' exd';
        if (!queen && inst.queens.get(qr) === qc) cls += ' pre';
      }
      const x = extra.get(i);
      if (x) cls += x;
      if (cell.className !== cls) cell.className = cls;
      // A mark that does not need colour: ✕ on a tried square that is
      // attacked and on the squares of a dead-end row.
      const text = !queen && x && (x.includes('bad') || x.includes('dead')) ? '✕' : '';
      if (cell.textContent !== text) cell.textContent = text;
    }
    let svg = '';
    if (line) {
      const xy = `x1="${line[1] + 0.5}" y1="${line[0] + 0.5}" x2="${line[3] + 0.5}" y2="${line[2] + 0.5}"`;
      svg += `<line class="halo" ${xy} stroke-width="0.14"/><line ${xy} stroke-width="0.07"/>` +
        `<circle cx="${line[1] + 0.5}" cy="${line[0] + 0.5}" r="0.09"/>`;
    }
    if (counters) {
      // The digits come after the line, so that it never covers them.
      for (let i = 0; i < n * n; i++) {
        const qr = (i / n) | 0, qc = i % n;
        if (queens[qr] === qc) continue;
        svg += `<text x="${qc + 0.5}" y="${qr + 0.5}" class="cnt${attack[i] ? '' : ' zero'}">${attack[i]}</text>`;
      }
    }
    if (this.overlay.dataset.svg !== svg) {
      this.overlay.innerHTML = svg;
      this.overlay.dataset.svg = svg;
    }
    this.board.dataset.sig = `${Array.from(queens).join(',')}|${k}:${ev ? ev.row : -1}:${ev ? ev.col : -1}:${ev ? ev.cf : -1}|${st.placed}:${st.removed}:${st.solutions}`;
    this.board.setAttribute('aria-label', t('Board of %d by %d. %s', n, n, status));
  }
}
