// queens: the page that replays the search, shows the gallery and counts.
// Plain JavaScript, no framework, no build step.
'use strict';

(() => {
  const $ = (sel) => document.querySelector(sel);
  const num = new Intl.NumberFormat('en-US');
  const fmt = (v) => num.format(v);

  // Event kinds, as the server names them, and their codes in the trace.
  const TRY = 1, PLACE = 2, REMOVE = 3, SOLUTION = 4, DEADEND = 5;
  const KINDS = { try: TRY, place: PLACE, remove: REMOVE, solution: SOLUTION, deadend: DEADEND };

  // The most small boards the search view shows.
  const MAX_MINIS = 500;

  // ---------------------------------------------------------------- API

  // getJSON fetches a JSON answer and throws the server's error message.
  async function getJSON(url, signal) {
    const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
    return body;
  }

  // lines yields the lines of a streamed answer as they arrive.
  async function* lines(res) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let start = 0;
      for (let nl; (nl = buf.indexOf('\n', start)) >= 0; start = nl + 1) {
        yield buf.slice(start, nl);
      }
      buf = buf.slice(start);
    }
    if (buf) yield buf;
  }

  // sse yields the events of a Server-Sent Events answer as {event, data}.
  async function* sse(res) {
    let event = 'message', data = [];
    for await (const raw of lines(res)) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '') {
        if (data.length) yield { event, data: JSON.parse(data.join('\n')) };
        event = 'message';
        data = [];
      } else if (line.startsWith('event:')) {
        event = line.slice(6).trim();
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
      }
    }
  }

  async function errorOf(res) {
    const body = await res.json().catch(() => null);
    return new Error((body && body.error) || `${res.status} ${res.statusText}`);
  }

  // ---------------------------------------------------------------- boards as SVG

  const LIGHT = '#f0d9b5', DARK = '#b58863';
  const QUEEN = '<g fill="#222" stroke="#fff" stroke-width="3.5" stroke-linejoin="round">' +
    '<path d="M23 77 L11 35 L30 55 L32 23 L45 51 L50 18 L55 51 L68 23 L70 55 L89 35 L77 77 Z"/>' +
    '<circle cx="11" cy="31" r="6"/><circle cx="32" cy="19" r="6"/><circle cx="50" cy="14" r="6"/>' +
    '<circle cx="68" cy="19" r="6"/><circle cx="89" cy="31" r="6"/>' +
    '<rect x="20" y="79" width="60" height="11" rx="3"/></g>';

  // boardSVG draws a solution (the column of the queen in each row) as a
  // standalone SVG document.
  function boardSVG(cols, title) {
    const n = cols.length, s = 100;
    const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n * s} ${n * s}" width="${n * 40}" height="${n * 40}" role="img">`];
    parts.push(`<title>${title || cols.map((c) => c + 1).join(' ')}</title>`);
    parts.push(`<rect width="${n * s}" height="${n * s}" fill="${LIGHT}"/>`);
    const dark = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if ((r + c) % 2 === 1) dark.push(`M${c * s} ${r * s}h${s}v${s}h-${s}z`);
      }
    }
    if (dark.length) parts.push(`<path fill="${DARK}" d="${dark.join('')}"/>`);
    cols.forEach((c, r) => {
      if (c >= 0) parts.push(`<g transform="translate(${c * s + 8} ${r * s + 8}) scale(0.84)">${QUEEN}</g>`);
    });
    parts.push('</svg>');
    return parts.join('');
  }

  function download(cols, name) {
    const blob = new Blob([boardSVG(cols) + '\n'], { type: 'image/svg+xml' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name || `queens-${cols.length}-${cols.map((c) => c + 1).join('-')}.svg`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  }

  // The eight symmetries of the board, as the library names them.
  const SYMMETRIES = [
    ['identity', (r, c, m) => [r, c]],
    ['rotate 90°', (r, c, m) => [c, m - r]],
    ['rotate 180°', (r, c, m) => [m - r, m - c]],
    ['rotate 270°', (r, c, m) => [m - c, r]],
    ['mirror columns', (r, c, m) => [r, m - c]],
    ['mirror rows', (r, c, m) => [m - r, c]],
    ['transpose', (r, c, m) => [c, r]],
    ['anti-transpose', (r, c, m) => [m - c, m - r]],
  ];

  function transform(cols, f) {
    const m = cols.length - 1, out = new Array(cols.length);
    cols.forEach((c, r) => { const [r2, c2] = f(r, c, m); out[r2] = c2; });
    return out;
  }

  // ---------------------------------------------------------------- dialog

  const dialog = $('#dialog');
  let dialogCols = null;
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
  $('#dlg-svg').addEventListener('click', () => { if (dialogCols) download(dialogCols); });

  function showBoard(title, cols, note) {
    dialogCols = cols;
    $('#dlg-title').textContent = title;
    const body = $('#dlg-body');
    body.className = 'dlg-body';
    body.innerHTML = boardSVG(cols);
    const p = document.createElement('p');
    p.textContent = note || `Columns, row by row: ${cols.map((c) => c + 1).join(' ')}`;
    body.append(p);
    $('#dlg-svg').hidden = false;
    dialog.showModal();
  }

  // showClass shows the members of a symmetry class, each named by the
  // symmetries that map the canonical solution onto it.
  function showClass(canonical, members) {
    dialogCols = null;
    $('#dlg-title').textContent = `The class of ${canonical.map((c) => c + 1).join(' ')}: ${members.length} solutions`;
    const body = $('#dlg-body');
    body.className = 'dlg-body many';
    body.textContent = '';
    for (const m of members) {
      const names = SYMMETRIES.filter(([, f]) => transform(canonical, f).join() === m.join()).map(([name]) => name);
      const fig = document.createElement('figure');
      fig.className = 'member';
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'mini';
      btn.title = 'Download as SVG';
      btn.innerHTML = boardSVG(m);
      btn.addEventListener('click', () => download(m));
      const cap = document.createElement('figcaption');
      cap.textContent = `${m.map((c) => c + 1).join(' ')} · ${names.join(', ')}`;
      fig.append(btn, cap);
      body.append(fig);
    }
    $('#dlg-svg').hidden = true;
    dialog.showModal();
  }

  // ---------------------------------------------------------------- views

  const views = ['search', 'gallery', 'count'];
  let current = '';

  function route() {
    let name = location.hash.replace(/^#/, '');
    if (!views.includes(name)) name = 'search';
    if (name === current) return;
    current = name;
    for (const v of views) {
      $(`#view-${v}`).hidden = v !== name;
      const tab = $(`#tab-${v}`);
      if (v === name) tab.setAttribute('aria-current', 'page'); else tab.removeAttribute('aria-current');
    }
    if (name !== 'search') player.pause();
    if (name === 'gallery') gallery.show();
    if (name === 'count') counter.show();
    if (name === 'search') player.draw();
  }

  function fillSelect(sel, lo, hi, value) {
    const keep = Number(sel.value) || value;
    sel.textContent = '';
    for (let i = lo; i <= hi; i++) sel.add(new Option(String(i), String(i)));
    sel.value = String(Math.min(Math.max(keep, lo), hi));
  }

  // ---------------------------------------------------------------- trace

  // Trace holds the events of one search in typed arrays, as they stream
  // in, and the solutions they report.
  class Trace {
    constructor(n, algo) {
      this.n = n;
      this.algo = algo;
      this.len = 0;
      this.kind = new Uint8Array(0);
      this.row = new Int8Array(0);
      this.col = new Int8Array(0);
      this.conflict = new Int8Array(0);
      this.prev = new Int8Array(0); // the row's column before the event, for undo
      this.solutions = new Map(); // event index -> columns
      this.hasDelta = false;
      this.end = null; // the server's last record, once it came
      this.error = null;
      this.controller = new AbortController();
      this.grow(4096);
    }

    grow(size) {
      for (const key of ['kind', 'row', 'col', 'conflict', 'prev']) {
        const a = new this[key].constructor(size);
        a.set(this[key]);
        this[key] = a;
      }
    }

    add(e) {
      if (e.end) {
        this.end = e.end;
        return;
      }
      if (this.len === this.kind.length) this.grow(this.len * 2);
      const i = this.len++;
      this.kind[i] = KINDS[e.kind] || 0;
      this.row[i] = e.row;
      this.col[i] = e.col;
      this.conflict[i] = e.conflict;
      if (e.queens) this.solutions.set(i, e.queens);
      if (e.delta) this.hasDelta = true;
    }

    get done() { return this.end !== null || this.error !== null; }

    async load(onProgress) {
      try {
        const url = `api/trace?n=${this.n}&algo=${encodeURIComponent(this.algo)}`;
        const res = await fetch(url, { signal: this.controller.signal, headers: { Accept: 'application/x-ndjson' } });
        if (!res.ok) throw await errorOf(res);
        let count = 0;
        for await (const line of lines(res)) {
          if (line) this.add(JSON.parse(line));
          if (++count % 4096 === 0) onProgress();
        }
        if (!this.end) throw new Error('the trace broke off');
      } catch (err) {
        if (err.name === 'AbortError') return;
        this.error = err;
      }
      onProgress();
    }

    abort() { this.controller.abort(); }
  }

  // ---------------------------------------------------------------- search view

  const player = (() => {
    const board = $('#board'), overlay = $('#overlay');
    const nSel = $('#n'), algoSel = $('#algo'), speed = $('#speed');
    const playBtn = $('#play');
    let algos = [];
    let trace = null;
    let cells = [];
    let pathItems = [];
    let minis = [];
    // The state after the first pos events of the trace.
    let pos = 0, queens = [], placed = 0, removed = 0, found = [];
    let playing = false, toSolution = false, acc = 0, lastTs = 0, raf = 0;
    let lastStatus = '';

    function algo() { return algos.find((a) => a.name === algoSel.value); }

    async function init() {
      try {
        algos = await getJSON('api/algorithms');
      } catch (err) {
        $('#status').textContent = `Cannot load the algorithms: ${err.message}`;
        return;
      }
      for (const a of algos) algoSel.add(new Option(a.name, a.name));
      // Start with the classic flag arrays when the table has them.
      const start = algos.find((a) => a.name === 'flags') || algos[0];
      algoSel.value = start.name;
      fillSelect(nSel, 1, start.trace_max_n, 8);
      nSel.value = String(Math.min(8, start.trace_max_n));
      algoSel.addEventListener('change', () => { fillSelect(nSel, 1, algo().trace_max_n, 8); load(); });
      nSel.addEventListener('change', load);
      load();
    }

    function load() {
      pause();
      if (trace) trace.abort();
      const a = algo();
      $('#idea').textContent = a.idea;
      $('#seed').textContent = `From: ${a.seed}`;
      trace = new Trace(Number(nSel.value), a.name);
      buildBoard(trace.n);
      reset();
      const t = trace;
      t.load(() => { if (t === trace) request(); });
    }

    function buildBoard(n) {
      board.textContent = '';
      board.style.setProperty('--n', n);
      board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
      cells = [];
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const cell = document.createElement('div');
          cell.className = (r + c) % 2 ? 'cell d' : 'cell l';
          cell.dataset.base = cell.className;
          board.append(cell);
          cells.push(cell);
        }
      }
      overlay.setAttribute('viewBox', `0 0 ${n} ${n}`);
      const labels = (el) => {
        el.textContent = '';
        for (let i = 1; i <= n; i++) {
          const s = document.createElement('span');
          s.textContent = i;
          el.append(s);
        }
      };
      labels($('#files'));
      labels($('#ranks'));
      const path = $('#path');
      path.textContent = '';
      pathItems = [];
      for (let r = 0; r < n; r++) {
        const li = document.createElement('li');
        li.innerHTML = `<small>${r + 1}</small><span>·</span>`;
        li.title = `Row ${r + 1}`;
        path.append(li);
        pathItems.push(li);
      }
      $('#found').textContent = '';
      minis = [];
    }

    function reset() {
      if (!trace) return;
      pause();
      pos = 0;
      queens = new Array(trace.n).fill(-1);
      placed = removed = 0;
      found = [];
      draw();
    }

    // forward applies event pos.
    function forward() {
      const i = pos, r = trace.row[i], k = trace.kind[i];
      if (k === PLACE) {
        trace.prev[i] = queens[r];
        queens[r] = trace.col[i];
        placed++;
      } else if (k === REMOVE) {
        trace.prev[i] = queens[r];
        queens[r] = -1;
        removed++;
      } else if (k === SOLUTION) {
        found.push(i);
      }
      pos++;
      return k;
    }

    // backward undoes event pos-1.
    function backward() {
      const i = --pos, k = trace.kind[i];
      if (k === PLACE) {
        queens[trace.row[i]] = trace.prev[i];
        placed--;
      } else if (k === REMOVE) {
        queens[trace.row[i]] = trace.prev[i];
        removed--;
      } else if (k === SOLUTION) {
        found.pop();
      }
    }

    function solutionCols(i) {
      return trace.solutions.get(i) || queens.slice();
    }

    // Speed: the slider's top means as fast as the browser draws;
    // below it, from 1 to 5,000 steps a second on a log scale.
    function maxSpeed() { return Number(speed.value) >= Number(speed.max); }
    function rate() { return Math.round(10 ** (Number(speed.value) / 99 * Math.log10(5000))); }
    function showSpeed() {
      const r = rate();
      $('#speed-out').textContent = maxSpeed() ? 'full speed' : r === 1 ? '1 step/s' : `${fmt(r)} steps/s`;
    }

    function play() {
      if (!trace || trace.error) return;
      if (pos >= trace.len && trace.done) reset();
      playing = true;
      acc = 0;
      lastTs = 0;
      request();
    }

    function pause() {
      playing = false;
      toSolution = false;
      request();
    }

    // The steps the user asks for show at once, not at the next frame.
    function step() {
      if (!trace) return;
      pause();
      if (pos < trace.len) forward();
      draw();
    }

    function back() {
      if (!trace) return;
      pause();
      if (pos > 0) backward();
      draw();
    }

    function nextSolution() {
      if (!trace || (pos >= trace.len && trace.done)) return;
      play();
      toSolution = true;
    }

    function request() {
      if (!raf) raf = requestAnimationFrame(frame);
    }

    function frame(ts) {
      raf = 0;
      if (playing) {
        const fast = toSolution || maxSpeed();
        let budget = Infinity;
        if (!fast) {
          const dt = lastTs ? Math.min(ts - lastTs, 250) : 0;
          acc = Math.min(acc + dt / 1000 * rate(), rate() / 4 + 1);
          budget = Math.floor(acc);
          acc -= budget;
        }
        lastTs = ts;
        const t0 = performance.now();
        for (let k = 1; budget > 0; k++, budget--) {
          if (pos >= trace.len) {
            if (trace.done) { playing = false; toSolution = false; }
            break;
          }
          if (forward() === SOLUTION && toSolution) { playing = false; toSolution = false; break; }
          if ((k & 511) === 0 && performance.now() - t0 > 11) break;
        }
      }
      draw();
      if (playing) request();
    }

    // draw shows the state after pos events.
    function draw() {
      if (!trace || current !== 'search') return;
      const n = trace.n, cur = pos - 1;
      const k = cur >= 0 ? trace.kind[cur] : 0;
      const r = cur >= 0 ? trace.row[cur] : -1;
      const c = cur >= 0 ? trace.col[cur] : -1;
      const cf = cur >= 0 ? trace.conflict[cur] : -1;
      const counters = !$('#counter-toggle').hidden && $('#counters').checked;

      // How many queens attack each square: row, column and diagonals.
      const attack = new Int16Array(n * n);
      for (let qr = 0; qr < n; qr++) {
        const qc = queens[qr];
        if (qc < 0) continue;
        for (let i = 0; i < n; i++) {
          attack[qr * n + i]++;
          if (i !== qr) attack[i * n + qc]++;
          const d1 = qc + (i - qr), d2 = qc - (i - qr);
          if (i !== qr && d1 >= 0 && d1 < n) attack[i * n + d1]++;
          if (i !== qr && d2 >= 0 && d2 < n) attack[i * n + d2]++;
        }
        attack[qr * n + qc]--; // its own square, counted by the row
      }

      const extra = new Map(); // square -> classes of the current event
      const mark = (row, col, cls) => {
        if (row < 0 || col < 0 || row >= n || col >= n) return;
        const key = row * n + col;
        extra.set(key, (extra.get(key) || '') + ' ' + cls);
      };
      let line = null;
      let status = '';
      const cols = (row) => queens[row] + 1;
      switch (k) {
        case 0:
          status = trace.error ? `Cannot load the trace: ${trace.error.message}` : 'Ready: press Play, or Step to go one event at a time.';
          break;
        case TRY:
          if (cf >= 0) {
            mark(r, c, 'try bad');
            mark(cf, queens[cf], 'src');
            line = [cf, queens[cf], r, c];
            const how = queens[cf] === c ? 'along the column' : 'along a diagonal';
            status = `Row ${r + 1}: try column ${c + 1}. Attacked ${how} by the queen in row ${cf + 1}.`;
          } else {
            mark(r, c, 'try');
            status = `Row ${r + 1}: try column ${c + 1}. No queen attacks it.`;
          }
          break;
        case PLACE:
          mark(r, c, 'placed');
          status = `Row ${r + 1}: place a queen in column ${c + 1}.`;
          break;
        case REMOVE:
          mark(r, c, 'ghost');
          status = `Row ${r + 1}: take the queen in column ${c + 1} back.`;
          break;
        case SOLUTION: {
          for (let qr = 0; qr < n; qr++) mark(qr, queens[qr], 'win');
          const idx = found.length;
          status = `Solution ${fmt(idx)}: ${solutionCols(cur).map((x) => x + 1).join(' ')}.`;
          break;
        }
        case DEADEND:
          if (c >= 0 && cf >= 0) {
            mark(r, c, 'src');
            mark(cf, queens[cf], 'src');
            line = [cf, queens[cf], r, c];
            status = `Not a solution: the queens in rows ${cf + 1} and ${r + 1} attack each other.`;
          } else {
            for (let i = 0; i < n; i++) mark(r, i, 'dead');
            status = r > 0 ? `Row ${r + 1}: no free square. Back to row ${r}.` : `Row ${r + 1}: no square left to try.`;
          }
          break;
      }
      if (pos >= trace.len && trace.done && trace.len > 0) {
        if (trace.end && trace.end.complete) {
          status = `Search finished: ${fmt(found.length)} solution${found.length === 1 ? '' : 's'} in ${fmt(trace.len)} steps.`;
        } else if (trace.end && trace.end.truncated) {
          status = `Stopped at the server's cap of ${fmt(trace.end.limit)} steps; the search goes on beyond it.`;
        }
      }

      for (let i = 0; i < n * n; i++) {
        const cell = cells[i];
        const qr = (i / n) | 0, qc = i % n;
        let cls = cell.dataset.base;
        if (queens[qr] === qc) cls += ' q';
        else if (attack[i] > 0) cls += ' a';
        const x = extra.get(i);
        if (x) cls += x;
        if (cell.className !== cls) cell.className = cls;
        const text = counters && queens[qr] !== qc ? String(attack[i]) : '';
        if (cell.textContent !== text) cell.textContent = text;
      }

      const svgLine = line
        ? `<line x1="${line[1] + 0.5}" y1="${line[0] + 0.5}" x2="${line[3] + 0.5}" y2="${line[2] + 0.5}" stroke-width="0.09"/>` +
          `<circle cx="${line[3] + 0.5}" cy="${line[2] + 0.5}" r="0.1"/>`
        : '';
      if (overlay.dataset.line !== svgLine) {
        overlay.innerHTML = svgLine;
        overlay.dataset.line = svgLine;
      }
      board.dataset.sig = `${queens.join(',')}|${k}:${r}:${c}:${cf}|${placed}:${removed}:${found.length}`;
      board.setAttribute('aria-label', `Board of ${n} by ${n}. ${status}`);

      if (status !== lastStatus) {
        $('#status').textContent = status;
        lastStatus = status;
      }
      $('#c-steps').textContent = fmt(pos);
      $('#c-place').textContent = fmt(placed);
      $('#c-back').textContent = fmt(removed);
      $('#c-solutions').textContent = fmt(found.length);
      const depth = queens.filter((x) => x >= 0).length;
      $('#depth').textContent = `depth ${depth}`;
      pathItems.forEach((li, row) => {
        const text = queens[row] >= 0 ? String(cols(row)) : '·';
        const span = li.lastChild;
        if (span.textContent !== text) span.textContent = text;
        li.classList.toggle('empty', queens[row] < 0);
        li.classList.toggle('cur', row === r && k !== SOLUTION);
      });

      playBtn.textContent = playing ? '❚❚ Pause' : '▶ Play';
      playBtn.setAttribute('aria-pressed', String(playing));
      $('#back').disabled = pos === 0;
      $('#step').disabled = pos >= trace.len;
      $('#next').disabled = pos >= trace.len && trace.done;
      $('#counter-toggle').hidden = !(trace.hasDelta || trace.algo === 'matrix');

      drawMinis();
      drawLoad();
    }

    function drawMinis() {
      const want = Math.min(found.length, MAX_MINIS);
      while (minis.length > want) minis.pop().remove();
      const box = $('#found');
      while (minis.length < want) {
        const i = found[minis.length];
        const idx = minis.length + 1;
        const cols = solutionCols(i).slice();
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'mini';
        btn.title = `Solution ${idx}: ${cols.map((x) => x + 1).join(' ')}`;
        btn.innerHTML = boardSVG(cols, btn.title);
        btn.addEventListener('click', () => showBoard(`Solution ${idx} of the ${trace.n}×${trace.n} board`, cols));
        box.append(btn);
        minis.push(btn);
      }
      const note = found.length > MAX_MINIS ? `(${fmt(found.length)}, the first ${fmt(MAX_MINIS)} shown)` : `(${fmt(found.length)})`;
      const el = $('#found-note');
      if (el.textContent !== note) el.textContent = note;
    }

    function drawLoad() {
      const el = $('#load');
      let text, warn = false;
      if (trace.error) {
        text = `The trace did not load: ${trace.error.message}`;
        warn = true;
      } else if (!trace.end) {
        text = `Loading the trace: ${fmt(trace.len)} events so far…`;
      } else if (trace.end.truncated) {
        text = `The trace stops at the server's cap of ${fmt(trace.end.limit)} events: the search goes on beyond what this page can show. Try a smaller N.`;
        warn = true;
      } else if (trace.end.error) {
        text = `The trace stopped early: ${trace.end.error}`;
        warn = true;
      } else {
        text = `Whole search loaded: ${fmt(trace.len)} events.`;
      }
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle('warn', warn);
    }

    // Controls and keys.
    playBtn.addEventListener('click', () => (playing ? pause() : play()));
    $('#step').addEventListener('click', step);
    $('#back').addEventListener('click', back);
    $('#reset').addEventListener('click', reset);
    $('#next').addEventListener('click', nextSolution);
    speed.addEventListener('input', () => { showSpeed(); acc = 0; });
    $('#counters').addEventListener('change', request);
    showSpeed();

    document.addEventListener('keydown', (e) => {
      if (current !== 'search' || dialog.open || e.ctrlKey || e.metaKey || e.altKey) return;
      const tag = e.target.tagName;
      if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && e.target.type !== 'checkbox')) return;
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
      e.preventDefault();
      f();
    });

    return { init, pause, draw: request };
  })();

  // ---------------------------------------------------------------- gallery view

  const gallery = (() => {
    const nSel = $('#g-n'), uniqueBox = $('#g-unique');
    let limits = null, offset = 0, total = 0, pageSize = 48, loaded = '', controller = null;

    async function show() {
      if (!limits) {
        try {
          limits = await getJSON('api/limits');
        } catch (err) {
          $('#g-note').textContent = `Cannot reach the server: ${err.message}`;
          return;
        }
        fillSelect(nSel, 1, limits.gallery_n, 8);
        nSel.value = '8';
      }
      load();
    }

    async function load() {
      const n = Number(nSel.value), unique = uniqueBox.checked;
      const key = `${n}/${unique}/${offset}`;
      if (key === loaded) return;
      if (controller) controller.abort();
      controller = new AbortController();
      const url = `api/solutions?n=${n}&offset=${offset}&limit=${pageSize}&unique=${unique ? 1 : 0}&class=${unique ? 1 : 0}`;
      let page;
      try {
        page = await getJSON(url, controller.signal);
      } catch (err) {
        if (err.name !== 'AbortError') $('#g-note').textContent = `Cannot load the solutions: ${err.message}`;
        return;
      }
      loaded = key;
      total = page.total;
      render(page);
    }

    function render(page) {
      const box = $('#gallery');
      box.textContent = '';
      const n = page.n;
      const what = page.unique ? 'symmetry classes' : 'solutions';
      if (page.total === 0) {
        $('#g-note').textContent = `The ${n}×${n} board has no solution.`;
      } else if (page.unique) {
        const sum = page.total;
        $('#g-note').textContent = `The ${n}×${n} board has ${fmt(sum)} ${what}. Each board is the least of its class in column order; the badge tells how many solutions its rotations and reflections make.`;
      } else {
        $('#g-note').textContent = `The ${n}×${n} board has ${fmt(page.total)} ${what}, in the order the classic backtracking finds them.`;
      }
      const last = Math.min(page.offset + page.solutions.length, page.total);
      $('#g-range').textContent = page.total ? `${fmt(page.offset + 1)}–${fmt(last)} of ${fmt(page.total)}` : '';
      $('#g-prev').disabled = page.offset === 0;
      $('#g-next').disabled = last >= page.total;
      for (const s of page.solutions) {
        const fig = document.createElement('figure');
        fig.className = 'card gboard';
        fig.dataset.classSize = s.class_size;
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'board-btn';
        btn.title = 'Show it large';
        btn.innerHTML = boardSVG(s.cols, s.text);
        btn.addEventListener('click', () => showBoard(`${page.unique ? 'Class' : 'Solution'} ${fmt(s.index)} of the ${n}×${n} board`, s.cols));
        const cap = document.createElement('figcaption');
        const b = document.createElement('b');
        b.textContent = `#${s.index}`;
        cap.append(b, s.text);
        const actions = document.createElement('div');
        actions.className = 'card-actions';
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = s.class_size === 1 ? 'alone' : `class of ${s.class_size}`;
        badge.title = 'Solutions among its rotations and reflections';
        actions.append(badge);
        if (page.unique && s.members) {
          const more = document.createElement('button');
          more.type = 'button';
          more.textContent = `Show all ${s.class_size}`;
          more.addEventListener('click', () => showClass(s.cols, s.members));
          actions.append(more);
        }
        const svg = document.createElement('button');
        svg.type = 'button';
        svg.textContent = 'SVG';
        svg.title = 'Download this board as an SVG file';
        svg.addEventListener('click', () => download(s.cols));
        actions.append(svg);
        fig.append(btn, cap, actions);
        box.append(fig);
      }
    }

    nSel.addEventListener('change', () => { offset = 0; load(); });
    uniqueBox.addEventListener('change', () => { offset = 0; load(); });
    $('#g-prev').addEventListener('click', () => { offset = Math.max(0, offset - pageSize); load(); });
    $('#g-next').addEventListener('click', () => { if (offset + pageSize < total) { offset += pageSize; load(); } });

    return { show };
  })();

  // ---------------------------------------------------------------- count view

  const counter = (() => {
    const nSel = $('#k-n'), go = $('#k-go'), stop = $('#k-stop');
    let ready = false, controller = null;

    async function show() {
      if (ready) return;
      try {
        const limits = await getJSON('api/limits');
        fillSelect(nSel, 1, limits.count_n, Math.min(14, limits.count_n));
        nSel.value = String(Math.min(14, limits.count_n));
        ready = true;
      } catch (err) {
        $('#k-status').textContent = `Cannot reach the server: ${err.message}`;
      }
    }

    function duration(ms) {
      if (ms == null || !isFinite(ms)) return '–';
      if (ms < 1000) return `${Math.round(ms)} ms`;
      const s = ms / 1000;
      if (s < 60) return `${s.toFixed(1)} s`;
      const m = Math.floor(s / 60), rest = Math.round(s % 60);
      if (m < 60) return `${m} min ${rest} s`;
      return `${Math.floor(m / 60)} h ${m % 60} min`;
    }

    function clear() {
      for (const id of ['#k-units', '#k-rate', '#k-elapsed', '#k-eta', '#k-total', '#k-unique']) $(id).textContent = '–';
      $('#k-fill').style.width = '0';
    }

    function progress(p) {
      $('#k-elapsed').textContent = duration(p.elapsed_ms);
      if (p.units > 0) {
        $('#k-bar').classList.remove('busy');
        $('#k-units').textContent = `${fmt(p.units_done)} / ${fmt(p.units)}`;
        $('#k-fill').style.width = `${(100 * p.units_done / p.units).toFixed(1)}%`;
        $('#k-rate').textContent = p.rate > 0 ? `${fmt(Math.round(p.rate))}/s` : '–';
        $('#k-eta').textContent = p.units_done > 0 ? duration(p.eta_ms) : '–';
      }
    }

    async function run() {
      const n = Number(nSel.value);
      clear();
      controller = new AbortController();
      go.disabled = true;
      stop.disabled = false;
      nSel.disabled = true;
      $('#k-bar').classList.add('busy');
      $('#k-status').textContent = `Counting the solutions of the ${n}×${n} board…`;
      try {
        const res = await fetch(`api/count?n=${n}`, { signal: controller.signal, headers: { Accept: 'text/event-stream' } });
        if (!res.ok) throw await errorOf(res);
        let finished = false;
        for await (const { event, data } of sse(res)) {
          if (event === 'progress') progress(data);
          else if (event === 'result') {
            finished = true;
            $('#k-fill').style.width = '100%';
            $('#k-total').textContent = fmt(data.total);
            $('#k-unique').textContent = fmt(data.unique);
            $('#k-elapsed').textContent = duration(data.elapsed_ms);
            $('#k-eta').textContent = 'done';
            $('#k-status').textContent = `N = ${n}: ${fmt(data.total)} solutions, ${fmt(data.unique)} of them unique up to rotation and reflection; ${fmt(data.nodes)} queens placed in ${duration(data.elapsed_ms)}.`;
          } else if (event === 'error') {
            finished = true;
            $('#k-status').textContent = `The count failed: ${data.error}`;
          }
        }
        if (!finished) $('#k-status').textContent = 'The connection to the server broke off.';
      } catch (err) {
        $('#k-status').textContent = err.name === 'AbortError' ? 'Cancelled.' : `The count failed: ${err.message}`;
      } finally {
        $('#k-bar').classList.remove('busy');
        controller = null;
        go.disabled = false;
        stop.disabled = true;
        nSel.disabled = false;
      }
    }

    go.addEventListener('click', run);
    stop.addEventListener('click', () => { if (controller) controller.abort(); });
    // Leaving the page ends the count on the server too.
    window.addEventListener('pagehide', () => { if (controller) controller.abort(); });

    return { show };
  })();

  window.addEventListener('hashchange', route);
  route();
  player.init();
})();
