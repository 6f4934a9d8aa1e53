// A pane: one method's search on the board, with its counters. The
// search view shows one pane, or two side by side.

import { Steps, SOLUTION } from './steps.js';
import { Board } from './board.js';
import { message } from './methods.js';
import { el, fmt } from './api.js';
import { t, msg, label } from './i18n.js';

// UNITS are the units in which the methods count their own work, as the
// server names them: listed here so that the page carries their
// translations.
export const UNITS = [msg('array reads'), msg('comparisons'), msg('squares read'), msg('counter updates'), msg('entries rebuilt'), msg('word operations'), msg('pairs checked')];

// put writes a counter; its length sets the size of its type, so that a
// large number shrinks to fit its card instead of being cut.
function put(dd, text) {
  if (dd.textContent === text) return;
  dd.textContent = text;
  dd.style.setProperty('--len', String(Math.max(5, text.length)));
}

// Pane shows the search of one algorithm; suffix tells the ids of its
// elements apart ('' for the first pane, '-b' for the second).
export class Pane {
  constructor(box, suffix, onData) {
    this.suffix = suffix;
    this.onData = onData;
    this.root = el('div', 'pane');
    this.title = el('h2', 'pane-title');
    this.title.id = 'title' + suffix;
    this.board = new Board(this.root, 'board' + suffix);
    this.root.prepend(this.title);
    this.status = el('p', 'status');
    this.status.id = 'status' + suffix;
    this.status.setAttribute('aria-live', 'polite');
    this.stats = el('dl', 'stats');
    this.counters = {};
    this.cards = {};
    for (const [key, name] of [['steps', msg('Steps')], ['place', msg('Placements')], ['checks', msg('Checks')], ['work', ''], ['back', msg('Backtracks')], ['solutions', msg('Solutions')]]) {
      const d = el('div');
      const dd = el('dd', '', '0');
      const dt = el('dt');
      dd.id = `c-${key}${suffix}`;
      if (name) label(dt, name);
      d.append(dt, dd);
      this.stats.append(d);
      this.counters[key] = dd;
      this.cards[key] = d;
    }
    // The card of the method's own unit of work, shown once the server
    // tells that work.
    this.cards.work.hidden = true;
    this.cards.work.className = 'work';
    this.workLabel = this.cards.work.querySelector('dt');
    this.whole = el('p', 'whole muted');
    this.whole.id = 'whole' + suffix;
    this.root.append(this.status, this.stats, this.whole);
    box.append(this.root);
    this.steps = null;
    this.pos = 0;
    this.found = new Map(); // solution number -> columns, as met
  }

  // load starts the search of algo (an entry of /api/algorithms) on n;
  // inst, for the instance search, holds its squares and its query.
  load(algo, n, pos, inst) {
    if (this.steps) this.steps.close();
    this.algo = algo;
    this.n = n;
    this.inst = inst || null;
    this.pos = pos || 0;
    this.found = new Map();
    this.title.textContent = algo.name === 'instance' ? t('row by row, around blocked squares') : algo.name;
    this.board.build(n);
    this.board.setInstance(this.inst);
    this.steps = new Steps(n, algo.name, algo.checks, this.onData, this.inst ? this.inst.query : '');
  }

  close() {
    if (this.steps) this.steps.close();
    this.root.remove();
  }

  // unit returns the name of the method's unit of work in the page's
  // language, or '' when the server does not name one.
  unit() {
    const u = this.algo && (this.algo.work_unit || this.algo.workUnit);
    return u ? t(u) : '';
  }

  get total() { return this.steps ? this.steps.total : null; }

  // atEnd reports whether the pane shows the last step of the search.
  atEnd() { return this.total !== null && this.pos >= this.total; }

  // keep remembers the solution that the step shows, if it shows one, for
  // the small boards under the player; the most recent 200 are kept.
  keep(st, ev) {
    if (!ev || ev.kind !== SOLUTION || this.found.has(st.solutions)) return;
    if (this.found.size >= 200) this.found.delete(this.found.keys().next().value);
    this.found.set(st.solutions, Array.from(st.queens));
  }

  // passed is told that the player moved on past step pos-1 without
  // drawing it, so that a solution there is not missed.
  passed() {
    const ev = this.steps.event(this.pos - 1);
    if (ev && ev.kind === SOLUTION) {
      const st = this.steps.at(this.pos);
      if (st) this.keep(st, ev);
    }
  }

  // draw shows step pos; it returns {st, ev}, or null while the step is
  // being fetched.
  draw(counters) {
    const s = this.steps;
    if (s.total !== null && this.pos > s.total) this.pos = s.total;
    const st = s.at(this.pos);
    if (!st) {
      const text = s.error ? t('Cannot load the search: %s', s.error.message) : t('Fetching step %d…', this.pos);
      if (this.status.textContent !== text) this.status.textContent = text;
      this.root.classList.add('waiting');
      return null;
    }
    this.root.classList.remove('waiting');
    const ev = this.pos > 0 ? s.event(this.pos - 1) : null;
    this.keep(st, ev);
    let text = message(this.algo.name, ev, st);
    if (this.atEnd()) text = t('Search finished: %s in %s.', t('%d solutions', st.solutions), t('%d steps', this.pos));
    this.board.draw(st, ev, counters, text);
    if (this.status.textContent !== text) this.status.textContent = text;
    const c = this.counters;
    put(c.steps, fmt(this.pos));
    put(c.place, fmt(st.placed));
    put(c.checks, fmt(st.checks));
    put(c.back, fmt(st.removed));
    put(c.solutions, fmt(st.solutions));
    const unit = this.unit();
    this.cards.work.hidden = !(st.hasWork && unit);
    if (st.hasWork && unit) {
      put(c.work, fmt(st.work));
      const name = t('Work: %s', unit);
      if (this.workLabel.textContent !== name) this.workLabel.textContent = name;
      this.workLabel.title = t('What %s spends on its own, counted in its own unit: %s', this.algo.name, unit);
    }
    const sum = s.summary;
    const ms = sum ? (sum.search_ms < 1 ? '< 1' : fmt(Math.round(sum.search_ms))) : '';
    const whole = !sum ? ''
      : sum.work != null && unit
        ? t('Whole search: %s, %s, %s, %s: %s, %s ms without the page watching.', t('%d steps', sum.events), t('%d placements', sum.nodes), t('%d checks', sum.checks), unit, fmt(sum.work), ms)
        : t('Whole search: %s, %s, %s, %s ms without the page watching.', t('%d steps', sum.events), t('%d placements', sum.nodes), t('%d checks', sum.checks), ms);
    if (this.whole.textContent !== whole) this.whole.textContent = whole;
    return { st, ev };
  }
}
