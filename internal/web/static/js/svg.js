// Solutions drawn as SVG, downloaded, and shown large in the dialog.

import { $ } from './api.js';
import { t, msg } from './i18n.js';

const LIGHT = '#f0d9b5', DARK = '#b58863';
const QUEEN = '<g fill="#222" stroke="#fff" stroke-width="3.5" stroke-linejoin="round">' +
  '<path d="M23 77 L11 35 L30 55 L32 23 L45 51 L50 18 L55 51 L68 23 L70 55 L89 35 L77 77 Z"/>' +
  '<circle cx="11" cy="31" r="6"/><circle cx="32" cy="19" r="6"/><circle cx="50" cy="14" r="6"/>' +
  '<circle cx="68" cy="19" r="6"/><circle cx="89" cy="31" r="6"/>' +
  '<rect x="20" y="79" width="60" height="11" rx="3"/></g>';

// boardSVG draws a solution (the column of the queen in each row) as a
// standalone SVG document.
export function boardSVG(cols, title) {
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

// download offers a solution as an SVG file.
export function download(cols, name) {
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
  [msg('identity'), (r, c) => [r, c]],
  [msg('rotate 90°'), (r, c, m) => [c, m - r]],
  [msg('rotate 180°'), (r, c, m) => [m - r, m - c]],
  [msg('rotate 270°'), (r, c, m) => [m - c, r]],
  [msg('mirror columns'), (r, c, m) => [r, m - c]],
  [msg('mirror rows'), (r, c, m) => [m - r, c]],
  [msg('transpose'), (r, c) => [c, r]],
  [msg('anti-transpose'), (r, c, m) => [m - c, m - r]],
];

function transform(cols, f) {
  const m = cols.length - 1, out = new Array(cols.length);
  cols.forEach((c, r) => { const [r2, c2] = f(r, c, m); out[r2] = c2; });
  return out;
}

const dialog = $('#dialog');
let dialogCols = null;
dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); });
$('#dlg-svg').addEventListener('click', () => { if (dialogCols) download(dialogCols); });

// dialogOpen reports whether the dialog is shown.
export const dialogOpen = () => dialog.open;

// showBoard shows one solution large.
export function showBoard(title, cols, note) {
  dialogCols = cols;
  $('#dlg-title').textContent = title;
  const body = $('#dlg-body');
  body.className = 'dlg-body';
  body.innerHTML = boardSVG(cols);
  const p = document.createElement('p');
  p.textContent = note || t('Columns, row by row: %s', cols.map((c) => (c < 0 ? '·' : c + 1)).join(' '));
  body.append(p);
  $('#dlg-svg').hidden = false;
  dialog.showModal();
}

// showClass shows the members of a symmetry class, each named by the
// symmetries that map the canonical solution onto it.
export function showClass(canonical, members) {
  dialogCols = null;
  $('#dlg-title').textContent = t('The class of %s: %s', canonical.map((c) => c + 1).join(' '), t('%d solutions', members.length));
  const body = $('#dlg-body');
  body.className = 'dlg-body many';
  body.textContent = '';
  for (const m of members) {
    const names = SYMMETRIES.filter(([, f]) => transform(canonical, f).join() === m.join()).map(([name]) => t(name));
    const fig = document.createElement('figure');
    fig.className = 'member';
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'mini';
    btn.title = t('Download as SVG');
    btn.innerHTML = boardSVG(m);
    btn.addEventListener('click', () => download(m));
    const cap = document.createElement('figcaption');
    cap.textContent = `${m.map((c) => c + 1).join(' ')} · ${names.join(t(', '))}`;
    fig.append(btn, cap);
    body.append(fig);
  }
  $('#dlg-svg').hidden = true;
  dialog.showModal();
}
