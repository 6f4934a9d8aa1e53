// Requests to the server: JSON answers and streamed lines.

import { t, lang } from './i18n.js';

// getJSON fetches a JSON answer and throws the server's error message.
export async function getJSON(url, signal) {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json', 'Accept-Language': lang() } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
  return body;
}

// errorOf turns an answer that is not 200 into an error with the server's
// message.
export async function errorOf(res) {
  const body = await res.json().catch(() => null);
  const err = new Error((body && body.error) || `${res.status} ${res.statusText}`);
  err.status = res.status;
  return err;
}

// lines yields the lines of a streamed answer as they arrive.
export async function* lines(res) {
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  try {
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
  } finally {
    reader.cancel().catch(() => {});
  }
}

// sse yields the events of a Server-Sent Events answer as {event, data}.
export async function* sse(res) {
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

const num = new Intl.NumberFormat('en-US');

// fmt writes a number with thousands separators.
export const fmt = (v) => num.format(v);


// $ returns the first element that matches the selector.
export const $ = (sel) => document.querySelector(sel);

// el makes an element with the class and text given.
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

// fillSelect fills a select with the numbers lo..hi and keeps its value
// when it is still in range.
export function fillSelect(sel, lo, hi, value) {
  const keep = Number(sel.value) || value;
  sel.textContent = '';
  for (let i = lo; i <= hi; i++) sel.add(new Option(String(i), String(i)));
  sel.value = String(Math.min(Math.max(keep, lo), hi));
}
