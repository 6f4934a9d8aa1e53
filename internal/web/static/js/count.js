// The count view: the server counts a larger board on all its cores and
// reports its progress.

import { $, getJSON, errorOf, sse, fmt, fillSelect } from './api.js';
import { t, lang, onLang } from './i18n.js';

const nSel = $('#k-n'), go = $('#k-go'), stop = $('#k-stop');
let ready = false, controller = null;

// say writes the status line, and again whenever the language changes.
let status = () => '';
function say(f) {
  status = f;
  $('#k-status').textContent = f();
}
// The cells whose text is a sentence are written again too.
let cells = {};
function put(id, f) {
  cells[id] = f;
  $(id).textContent = f();
}
onLang(() => {
  $('#k-status').textContent = status();
  for (const [id, f] of Object.entries(cells)) $(id).textContent = f();
});

// show fills the menu the first time the view is opened.
export async function show() {
  if (ready) return;
  try {
    const limits = await getJSON('api/limits');
    fillSelect(nSel, 1, limits.count_n, Math.min(14, limits.count_n));
    nSel.value = String(Math.min(14, limits.count_n));
    ready = true;
  } catch (err) {
    say(() => t('Cannot reach the server: %s', err.message));
  }
}

function duration(ms) {
  if (ms == null || !isFinite(ms)) return '–';
  if (ms < 1000) return t('%d ms', Math.round(ms));
  const s = ms / 1000;
  if (s < 60) return t('%s s', s.toFixed(1));
  const m = Math.floor(s / 60), rest = Math.round(s % 60);
  if (m < 60) return t('%d min %d s', m, rest);
  return t('%d h %d min', Math.floor(m / 60), m % 60);
}

function clear() {
  cells = {};
  for (const id of ['#k-units', '#k-rate', '#k-elapsed', '#k-eta', '#k-total', '#k-unique']) $(id).textContent = '–';
  $('#k-fill').style.width = '0';
}

// The units differ in size, so the rate of the first few says little:
// the time left is shown once a tenth of the units is done, or after
// three seconds.
function progress(p) {
  put('#k-elapsed', () => duration(p.elapsed_ms));
  if (p.units > 0) {
    $('#k-bar').classList.remove('busy');
    $('#k-units').textContent = `${fmt(p.units_done)} / ${fmt(p.units)}`;
    $('#k-fill').style.width = `${(100 * p.units_done / p.units).toFixed(1)}%`;
    put('#k-rate', () => (p.rate > 0 ? t('%d/s', Math.round(p.rate)) : '–'));
    // The running total: the solutions of the units counted so far.
    if (p.found != null) put('#k-total', () => t('%s so far', fmt(p.found)));
    const settled = p.units_done * 10 >= p.units || p.elapsed_ms >= 3000;
    put('#k-eta', () => (p.units_done > 0 && settled && p.eta_ms != null ? t('about %s', duration(p.eta_ms)) : t('estimating…')));
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
  say(() => t('Counting the solutions of the %d×%d board…', n, n));
  try {
    const res = await fetch(`api/count?n=${n}`, { signal: controller.signal, headers: { Accept: 'text/event-stream', 'Accept-Language': lang() } });
    if (!res.ok) throw await errorOf(res);
    let finished = false;
    for await (const { event, data } of sse(res)) {
      if (event === 'progress') progress(data);
      else if (event === 'result') {
        finished = true;
        $('#k-fill').style.width = '100%';
        delete cells['#k-total'];
        $('#k-total').textContent = fmt(data.total);
        $('#k-unique').textContent = fmt(data.unique);
        put('#k-elapsed', () => duration(data.elapsed_ms));
        put('#k-eta', () => t('done'));
        say(() => t('N = %d: %s, %s of them unique up to rotation and reflection; %s placed in %s.', n, t('%d solutions', Number(data.total)), fmt(data.unique), t('%d queens', Number(data.nodes)), duration(data.elapsed_ms)));
      } else if (event === 'error') {
        finished = true;
        say(() => t('The count failed: %s', data.error));
      }
    }
    if (!finished) say(() => t('The connection to the server broke off.'));
  } catch (err) {
    say(() => (err.name === 'AbortError' ? t('Cancelled.') : t('The count failed: %s', err.message)));
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
