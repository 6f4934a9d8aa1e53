// The steps of one search, fetched from the server as they are needed.
//
// The page keeps a window of at most CAP events and the state of the
// board every CK events inside it. A step outside the window is fetched
// anew: the server runs the search again and starts its answer with the
// state before the first event it sends, so any step of the search is in
// reach and memory stays bounded on both sides.

import { t, lang } from './i18n.js';

// The kinds of event, as the server numbers them.
export const TRY = 1, PLACE = 2, REMOVE = 3, SOLUTION = 4, DEADEND = 5;

// The conflict of a try of a square that the instance forbids: a blocked
// square, or one on an excluded diagonal. Any other conflict is the row
// of the attacking queen, or -1 for a free square.
export const BLOCKED = -2, EXCLUDED = -3;

const CAP = 1 << 18; // events kept
const AHEAD = 1 << 15; // events read ahead of the step shown
const BEHIND = 1 << 14; // events kept behind a step that was jumped to
const CK = 512; // events between two saved states

// State is the board and the counters after some steps of a search.
export class State {
  constructor(n, start) {
    this.n = n;
    this.queens = Int8Array.from(start ? start.queens : new Array(n).fill(-1));
    this.step = start ? start.step : 0;
    this.placed = start ? start.placed : 0;
    this.removed = start ? start.removed : 0;
    this.solutions = start ? start.solutions : 0;
    this.checks = start ? start.checks : 0;
    // work: the method's own unit of work so far, when the server tells
    // it (hasWork); else the page shows the checks alone.
    this.hasWork = !!(start && start.work != null);
    this.work = this.hasWork ? start.work : 0;
    // tree[r]: {nodes, dead}, the squares of row r tried under the queens
    // above, each {c, at, x, o, p, k, r} as the server writes them.
    this.tree = start ? start.tree.map((lv) => ({ nodes: lv.nodes.map((nd) => ({ ...nd })), dead: !!lv.dead }))
      : Array.from({ length: n }, () => ({ nodes: [], dead: false }));
  }

  clone() {
    const s = new State(this.n);
    s.queens.set(this.queens);
    s.step = this.step;
    s.placed = this.placed;
    s.removed = this.removed;
    s.solutions = this.solutions;
    s.checks = this.checks;
    s.work = this.work;
    s.hasWork = this.hasWork;
    s.tree = this.tree.map((lv) => ({ nodes: lv.nodes.map((nd) => ({ ...nd })), dead: lv.dead }));
    return s;
  }

  // open returns the node of row r whose queen stands: the last tried.
  open(r) {
    const nodes = this.tree[r].nodes;
    return nodes.length ? nodes[nodes.length - 1] : null;
  }

  clearBelow(r) {
    if (r + 1 < this.n) this.tree[r + 1] = { nodes: [], dead: false };
  }

  // apply moves the state past one event; rule is how the algorithm counts
  // its checks ("try", "row" or "complete"), as the server does.
  apply(kind, row, col, cf, rule, work) {
    const n = this.n;
    if (work !== undefined) {
      this.work += work;
      this.hasWork = true;
    }
    switch (kind) {
      case TRY:
        if (rule !== 'row') this.checks++;
        this.tree[row].nodes.push({ c: col, at: this.step + 1, x: cf !== -1, p: 0, k: 0 });
        break;
      case PLACE: {
        this.queens[row] = col;
        this.placed++;
        if (rule === 'row' && row < n - 1) this.checks++;
        for (let r = 0; r < row; r++) { const up = this.open(r); if (up) up.p++; }
        let node = this.open(row);
        if (!node || node.c !== col) {
          node = { c: col, at: this.step + 1, x: false, p: 0, k: 0 };
          this.tree[row].nodes.push(node);
        }
        node.o = true;
        node.p++;
        this.clearBelow(row);
        break;
      }
      case REMOVE: {
        this.queens[row] = -1;
        this.removed++;
        const node = this.open(row);
        if (node) node.o = false;
        this.clearBelow(row);
        break;
      }
      case SOLUTION:
        this.solutions++;
        if (rule === 'complete') this.checks += n - 1;
        for (let r = 0; r < n; r++) { const node = this.open(r); if (node) node.k++; }
        break;
      case DEADEND:
        if (rule === 'complete' && col >= 0) {
          this.checks += row;
          const node = this.open(n - 1);
          if (node) node.r = true;
        } else {
          this.tree[row].dead = true;
        }
        break;
    }
    this.step++;
  }
}

// Steps is the search of one algorithm on one board, as far as the page
// has it. onData is called whenever more of it arrived; extra is what the
// requests add to their query, such as the squares of an instance.
export class Steps {
  constructor(n, algo, rule, onData, extra) {
    this.n = n;
    this.algo = algo;
    this.extra = extra || '';
    this.rule = rule;
    this.onData = onData;
    this.total = null; // events of the whole search, once known
    this.summary = null;
    this.error = null;
    this.lo = 0;
    this.len = 0;
    this.kind = new Uint8Array(CAP);
    this.row = new Int8Array(CAP);
    this.col = new Int8Array(CAP);
    this.cf = new Int8Array(CAP);
    this.work = new Uint32Array(CAP); // the work of each event, when the server sends it
    this.hasW = false;
    this.saved = []; // saved[i]: the state before event lo + i*CK
    this.tail = null; // the state after the last event kept
    this.cur = null; // the state last asked for
    this.want = 0; // the step the page shows
    this.gen = 0; // the number of the stream that is read
    this.controller = null;
    this.wake = null;
    this.ended = false; // the search ended within the window
    this.lastOpen = -Infinity;
    this.resumed = 0; // streams continued where the server stopped one
    this.lastBreak = -1; // the step where a stream last broke off
    this.timer = 0;
    this.loadSummary();
    this.open(0);
  }

  async loadSummary() {
    for (let tries = 0; tries < 20; tries++) {
      try {
        const res = await fetch(`api/summary?n=${this.n}&algo=${encodeURIComponent(this.algo)}${this.extra}`, { headers: { 'Accept-Language': lang() } });
        if (res.status === 503) { await sleep(800); continue; }
        const body = await res.json();
        if (!res.ok) throw new Error(body.error || res.statusText);
        this.summary = body;
        this.total = body.events;
        this.onData();
        return;
      } catch (err) {
        this.error = err;
        this.onData();
        return;
      }
    }
  }

  close() {
    clearTimeout(this.timer);
    this.gen++;
    if (this.controller) this.controller.abort();
    this.controller = null;
    if (this.wake) this.wake();
  }

  // has reports whether the events before step p, and the state after
  // them, can be shown without fetching.
  has(p) {
    return this.tail !== null && p >= this.lo && p <= this.lo + this.len && (p === 0 || p - 1 >= this.lo);
  }

  // at returns the state after p events, or null while they are fetched.
  at(p) {
    this.ask(p);
    if (!this.has(p)) return null;
    let s = this.cur;
    if (!s || s.step > p || s.step < this.lo || p - s.step > 2 * CK) {
      // The state saved before p's block of events; past the last block
      // (a window that has no event yet, or p at its end) the tail is it.
      const i = Math.floor((p - this.lo) / CK);
      s = (i < this.saved.length ? this.saved[i] : this.tail).clone();
    }
    for (let i = s.step - this.lo; s.step < p; i++) s.apply(this.kind[i], this.row[i], this.col[i], this.cf[i], this.rule, this.hasW ? this.work[i] : undefined);
    this.cur = s;
    return s;
  }

  // event returns event i as {kind, row, col, cf}, or null when it is not
  // in the window.
  event(i) {
    const j = i - this.lo;
    if (j < 0 || j >= this.len) return null;
    return { kind: this.kind[j], row: this.row[j], col: this.col[j], cf: this.cf[j], work: this.hasW ? this.work[j] : undefined };
  }

  // next returns the first step after p that follows an event of the
  // kind, or -1 when it is not known yet (more is being fetched), or null
  // when the search has no such event after p.
  next(p, kind) {
    this.ask(p);
    if (!this.has(p)) return -1;
    for (let i = p - this.lo; i < this.len; i++) {
      if (this.kind[i] === kind) return this.lo + i + 1;
    }
    if (this.ended) return null;
    this.ask(this.lo + this.len);
    return -1;
  }

  // prev returns the last step before p that follows an event of the
  // kind, 0 when there is none, or -1 while older events are fetched.
  prev(p, kind) {
    this.ask(p);
    if (!this.has(p)) return -1;
    for (let i = p - 2 - this.lo; i >= 0; i--) {
      if (this.kind[i] === kind) return this.lo + i + 1;
    }
    if (this.lo === 0) return 0;
    this.open(Math.max(0, p - BEHIND));
    return -1;
  }

  // ask tells the step the page wants to show; a step far from the window
  // opens a new stream.
  ask(p) {
    if (this.total !== null) p = Math.min(p, this.total);
    this.want = p;
    const far = p < this.lo || (p > 0 && p - 1 < this.lo) || p > this.lo + this.len + AHEAD;
    if (far && !(this.opening && this.opening.from <= p && p <= this.opening.from + AHEAD)) {
      this.open(Math.max(0, p - BEHIND));
    }
    if (this.wake) this.wake();
  }

  // open starts a new window at step from. While the timeline is dragged
  // the page asks for many; it opens at most one every 200 ms, the last
  // one asked for.
  open(from) {
    this.opening = { from };
    const now = performance.now(), wait = this.lastOpen + 200 - now;
    clearTimeout(this.timer);
    if (wait > 0) {
      this.timer = setTimeout(() => this.open(from), wait);
      return;
    }
    this.lastOpen = now;
    this.close();
    this.opening = { from };
    this.read(this.gen, from, true);
  }

  // read streams events from step from on into the window; fresh starts
  // a new window there, else the events continue the window. It reads
  // only while the page needs more, so that a chunk of the answer never
  // pushes the step shown out of the window.
  async read(gen, from, fresh) {
    const controller = new AbortController();
    this.controller = controller;
    let res, started = false;
    try {
      res = await fetch(`api/steps?n=${this.n}&algo=${encodeURIComponent(this.algo)}${this.extra}&from=${from}`, { signal: controller.signal, headers: { 'Accept-Language': lang() } });
      if (res.status === 503) {
        await sleep(700);
        if (gen === this.gen) this.read(gen, from, fresh);
        return;
      }
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        throw new Error(body.error || res.statusText);
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '', over = false;
      for (;;) {
        let start = 0;
        for (let nl; (nl = buf.indexOf('\n', start)) >= 0;) {
          if (started && !this.hungry()) break;
          const line = buf.slice(start, nl);
          start = nl + 1;
          if (line.charCodeAt(0) === 91) { // '['
            const [k, r, c, f, w] = JSON.parse(line);
            this.push(k, r, c, f, w);
            continue;
          }
          const rec = JSON.parse(line);
          if (rec.start && !started) {
            started = true;
            if (fresh) this.reset(rec.start);
            else if (rec.start.step !== this.lo + this.len) throw new Error(t('the steps do not continue where they broke off'));
          } else if (rec.end) {
            over = true;
            if (!rec.end.error) { // else the server stopped: go on from here
              this.ended = true;
              this.total = rec.end.events;
              this.stats = rec.end.stats;
            }
            break;
          }
        }
        buf = buf.slice(start);
        if (start > 0) this.onData();
        if (over || gen !== this.gen) break;
        if (started && !this.hungry()) {
          await new Promise((resolve) => { this.wake = resolve; });
          this.wake = null;
          continue;
        }
        const { value, done } = await reader.read();
        if (gen !== this.gen) break;
        if (done) break; // what is left of buf is a line cut off

        buf += value;
      }
      reader.cancel().catch(() => {});
      if (gen === this.gen && !this.ended) {
        // The server stopped the stream (a slow reader meets its time
        // limit): go on where it broke off.
        this.resumed++;
        this.read(gen, this.lo + this.len, false);
        return;
      }
    } catch (err) {
      if (err.name === 'AbortError' || gen !== this.gen) return;
      // A stream cut off in the middle (the server's time limit, or the
      // network) goes on where it broke off, a few times at most without
      // progress.
      if (this.tail && (started || !fresh) && this.lo + this.len > this.lastBreak) {
        this.lastBreak = this.lo + this.len;
        this.resumed++;
        this.read(gen, this.lo + this.len, false);
        return;
      }
      this.error = err;
    }
    if (gen === this.gen) {
      this.opening = null;
      this.onData();
    }
  }

  // hungry reports whether the stream should be read on: the step shown is
  // near the end of the window, and the window has room.
  hungry() {
    const end = this.lo + this.len;
    if (end - this.want >= AHEAD) return false;
    return this.len < CAP || this.want - this.lo > CAP / 2 + CK;
  }

  reset(start) {
    this.lo = start.step;
    this.len = 0;
    this.ended = false;
    this.tail = new State(this.n, start);
    this.saved = [];
    this.cur = null;
  }

  push(k, r, c, f, w) {
    if (this.len === CAP) {
      const drop = CAP / 2;
      for (const a of [this.kind, this.row, this.col, this.cf, this.work]) a.copyWithin(0, drop);
      this.saved.splice(0, drop / CK);
      this.lo += drop;
      this.len -= drop;
    }
    if (this.len % CK === 0) this.saved.push(this.tail.clone());
    const j = this.len++;
    this.kind[j] = k;
    this.row[j] = r;
    this.col[j] = c;
    this.cf[j] = f;
    if (w !== undefined) this.hasW = true;
    this.work[j] = w || 0;
    this.tail.apply(k, r, c, f, this.rule, w);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
