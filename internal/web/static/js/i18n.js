// The language of the page and its sentences. The server writes the
// sentences of the page in its language into the page itself; the key of
// each is its English text, with %d and %s where the values go, as in the
// catalogue on the server.

const STORE = 'queens-lang';
const LANGS = { en: 'en', zh: 'zh-Hans' };
const num = new Intl.NumberFormat('en-US');

let table = readTable();
const listeners = [];

function readTable() {
  const box = document.getElementById('messages');
  try {
    if (box) return JSON.parse(box.textContent);
  } catch (err) {
    // A page without its table shows the keys: English.
  }
  return { lang: 'en', text: {}, one: {} };
}

// lang returns the language of the page: 'en' or 'zh'.
export const lang = () => table.lang;

// sp returns what stands between two sentences: a space in English,
// nothing in Chinese, whose full stop needs none.
export const sp = () => (table.lang === 'zh' ? '' : ' ');

// msg marks a key for a sentence shown later and returns it as it is.
export const msg = (key) => key;

// t returns the sentence of key in the page's language with the values
// args in the places of its verbs. When the first value is a number, it
// is the count that chooses the form: "1 solution", "2 solutions".
export function t(key, ...args) {
  return format(pick(key, typeof args[0] === 'number' ? args[0] : null), args);
}

// tn is t for a sentence whose count n is not its first value.
export function tn(key, n, ...args) {
  return format(pick(key, n), args);
}

function pick(key, n) {
  if (n === 1 && table.one && Object.hasOwn(table.one, key)) return table.one[key];
  return Object.hasOwn(table.text, key) ? table.text[key] : key;
}

// format puts the values into the verbs of s: %d (a number, with
// thousands separators), %s, %v, %q (quoted), %% and the indexed forms
// %[2]d that Chinese uses to put the values in another order.
function format(s, args) {
  let next = 0;
  return s.replace(/%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([dsvq%])/g, (all, index, verb) => {
    if (verb === '%') return '%';
    const i = index ? Number(index) - 1 : next;
    next = i + 1;
    const v = args[i];
    if (verb === 'd') return typeof v === 'number' ? num.format(v) : String(v);
    if (verb === 'q') return JSON.stringify(String(v));
    return String(v);
  });
}

// match returns the language of a tag queens speaks, or null.
export function match(tag) {
  const l = String(tag || '').toLowerCase().replace('_', '-');
  if (l === 'zh' || l.startsWith('zh-')) return 'zh';
  if (l === 'en' || l.startsWith('en-')) return 'en';
  return null;
}

// wanted returns the language the page should be in: the lang parameter,
// else the one chosen with the switch before, else the first of the
// browser's languages that queens speaks, else English.
function wanted() {
  const q = match(new URLSearchParams(location.search).get('lang'));
  if (q) return q;
  let kept = null;
  try { kept = match(localStorage.getItem(STORE)); } catch (err) { /* no storage */ }
  if (kept) return kept;
  for (const l of navigator.languages || [navigator.language]) {
    const m = match(l);
    if (m) return m;
  }
  return 'en';
}

// onLang calls f whenever the language changes, after the page's own
// sentences are in the new one.
export function onLang(f) { listeners.push(f); }

// translate puts the elements under root into the page's language: the
// text of those with data-i18n, and the attributes that data-i18n-NAME
// names.
export function translate(root = document) {
  for (const e of root.querySelectorAll('[data-i18n]')) {
    const s = t(e.dataset.i18n);
    if (e.textContent !== s) e.textContent = s;
  }
  for (const name of ['title', 'aria-label', 'placeholder']) {
    for (const e of root.querySelectorAll(`[data-i18n-${name}]`)) {
      e.setAttribute(name, t(e.getAttribute(`data-i18n-${name}`)));
    }
  }
}

// label gives the element e the sentence of key, now and in every
// language the page switches to.
export function label(e, key) {
  e.dataset.i18n = key;
  e.textContent = t(key);
  return e;
}

// setLang puts the page into the language l ('en' or 'zh'); remember
// keeps the choice for the next visits.
export async function setLang(l, remember) {
  if (remember) {
    try { localStorage.setItem(STORE, l); } catch (err) { /* no storage */ }
    document.cookie = `${STORE}=${l}; path=/; max-age=31536000; samesite=lax`;
    const q = new URLSearchParams(location.search);
    q.set('lang', l);
    history.replaceState(null, '', `?${q}${location.hash}`);
  }
  if (l !== table.lang) {
    const res = await fetch(`api/messages?lang=${l}`);
    if (!res.ok) return;
    table = await res.json();
  }
  document.documentElement.lang = LANGS[table.lang] || 'en';
  translate();
  for (const f of listeners) f();
}

// A page served in another language than the one wanted (the server
// knows neither the switch's choice without its cookie nor the browser's
// languages beyond Accept-Language) turns into it before it shows more.
if (wanted() !== table.lang) {
  try {
    await setLang(wanted(), false);
  } catch (err) {
    // The page stays in the language it came in.
  }
}
document.documentElement.lang = LANGS[table.lang] || 'en';
