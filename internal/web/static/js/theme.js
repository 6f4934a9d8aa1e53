// The theme switch: light or dark, whatever the system prefers; the page
// follows the system until the switch is pressed, and remembers it.

import { $ } from './api.js';

const STORE = 'queens-theme';
const dark = () => matchMedia('(prefers-color-scheme: dark)').matches;

function apply(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  const on = theme ? theme === 'dark' : dark();
  $('#theme').setAttribute('aria-pressed', String(on));
}

let kept = null;
try { kept = localStorage.getItem(STORE); } catch (err) { /* no storage */ }
apply(kept === 'dark' || kept === 'light' ? kept : null);

$('#theme').addEventListener('click', () => {
  const now = document.documentElement.dataset.theme || (dark() ? 'dark' : 'light');
  const next = now === 'dark' ? 'light' : 'dark';
  apply(next);
  try { localStorage.setItem(STORE, next); } catch (err) { /* no storage */ }
});
