// The count view: the server counts a larger board on all its cores and
// reports its progress.

import { $, getJSON, errorOf, sse, fmt, fillSelect } from './api.js';

const nSel = $('#k-n'), go = $('#k-go'), stop = $('#k-stop');
let ready = false, controller = null;

// show fills the menu the first time the view is opened.
export async function show() {
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

// The units differ in size, so the rate of the first few says little:
// the time left is shown once a tenth of the units is done, or after
// three seconds.
function progress(p) {
  $('#k-elapsed').textContent = duration(p.elapsed_ms);
  if (p.units > 0) {
    $('#k-bar').classList.remove('busy');
    $('#k-units').textContent = `${fmt(p.units_done)} / ${fmt(p.units)}`;
    $('#k-fill').style.width = `${(100 * p.units_done / p.units).toFixed(1)}%`;
    $('#k-rate').textContent = p.rate > 0 ? `${fmt(Math.round(p.rate))}/s` : '–';
    const settled = p.units_done * 10 >= p.units || p.elapsed_ms >= 3000;
    $('#k-eta').textContent = p.units_done > 0 && settled && p.eta_ms != null ? `about ${duration(p.eta_ms)}` : 'estimating…';
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
