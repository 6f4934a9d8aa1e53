// The gallery: every solution of a small board, or one per symmetry class,
// page by page.

import { $, getJSON, fillSelect } from './api.js';
import { t, onLang } from './i18n.js';
import { boardSVG, download, showBoard, showClass } from './svg.js';

const nSel = $('#g-n'), uniqueBox = $('#g-unique'), pageIn = $('#g-page');
const pageSize = 48;
let limits = null, offset = 0, total = 0, loaded = '', controller = null, shown = null;

// show loads the gallery the first time it is opened.
export async function show() {
  if (!limits) {
    try {
      limits = await getJSON('api/limits');
    } catch (err) {
      $('#g-note').textContent = t('Cannot reach the server: %s', err.message);
      return;
    }
    fillSelect(nSel, 1, limits.gallery_n, 8);
    nSel.value = '8';
  }
  load();
}

const pages = () => Math.max(1, Math.ceil(total / pageSize));

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
    if (err.name !== 'AbortError') $('#g-note').textContent = t('Cannot load the solutions: %s', err.message);
    return;
  }
  loaded = key;
  total = page.total;
  render(page);
}

function render(page) {
  shown = page;
  const box = $('#gallery');
  box.textContent = '';
  const n = page.n;
  if (page.total === 0) {
    $('#g-note').textContent = t('The %d×%d board has no solution.', n, n);
  } else if (page.unique) {
    $('#g-note').textContent = t('The %d×%d board has %s. Each board is the least of its class in column order; the badge tells how many solutions its rotations and reflections make.', n, n, t('%d symmetry classes', page.total));
  } else {
    $('#g-note').textContent = t('The %d×%d board has %s, in the order the backtracking search finds them.', n, n, t('%d solutions', page.total));
  }
  const last = Math.min(page.offset + page.solutions.length, page.total);
  $('#g-range').textContent = page.total ? t('%d–%d of %d', page.offset + 1, last, page.total) : '';
  const at = Math.floor(page.offset / pageSize) + 1;
  pageIn.max = String(pages());
  pageIn.value = String(at);
  $('#g-pages').textContent = t('of %d', pages());
  $('#g-first').disabled = $('#g-prev').disabled = page.offset === 0;
  $('#g-next').disabled = $('#g-last').disabled = last >= page.total;
  for (const s of page.solutions) {
    const fig = document.createElement('figure');
    fig.className = 'card gboard';
    fig.dataset.classSize = s.class_size;
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'board-btn';
    btn.title = t('Show it large');
    btn.innerHTML = boardSVG(s.cols, s.text);
    btn.addEventListener('click', () => showBoard(page.unique ? t('Class %d of the %d×%d board', s.index, n, n) : t('Solution %d of the %d×%d board', s.index, n, n), s.cols));
    const cap = document.createElement('figcaption');
    const b = document.createElement('b');
    b.textContent = `#${s.index}`;
    cap.append(b, s.text);
    const actions = document.createElement('div');
    actions.className = 'card-actions';
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.textContent = s.class_size === 1 ? t('alone') : t('class of %d', s.class_size);
    badge.title = t('Solutions among its rotations and reflections');
    actions.append(badge);
    if (page.unique && s.members) {
      const more = document.createElement('button');
      more.type = 'button';
      more.textContent = t('Show all %d', s.class_size);
      more.addEventListener('click', () => showClass(s.cols, s.members));
      actions.append(more);
    }
    if (!page.unique) {
      // The flags search meets the solutions in this order: the link
      // opens the step just after it meets this one.
      const where = document.createElement('a');
      where.className = 'where';
      where.href = `?n=${n}&algo=flags&solution=${s.index}#search`;
      where.textContent = t('Where the search meets it');
      actions.append(where);
    }
    const svg = document.createElement('button');
    svg.type = 'button';
    svg.textContent = 'SVG';
    svg.title = t('Download this board as an SVG file');
    svg.addEventListener('click', () => download(s.cols));
    actions.append(svg);
    fig.append(btn, cap, actions);
    box.append(fig);
  }
}

// goPage shows page k, counted from 1.
function goPage(k) {
  k = Math.min(Math.max(1, Math.round(k) || 1), pages());
  offset = (k - 1) * pageSize;
  load();
}

nSel.addEventListener('change', () => { offset = 0; load(); });
uniqueBox.addEventListener('change', () => { offset = 0; load(); });
$('#g-first').addEventListener('click', () => goPage(1));
$('#g-prev').addEventListener('click', () => goPage(offset / pageSize));
$('#g-next').addEventListener('click', () => goPage(offset / pageSize + 2));
$('#g-last').addEventListener('click', () => goPage(pages()));
pageIn.addEventListener('change', () => goPage(Number(pageIn.value)));
onLang(() => { if (shown) render(shown); });
