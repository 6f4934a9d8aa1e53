// queens: the page that replays the search, shows the gallery and counts.
// Plain JavaScript modules, no framework, no build step.

import { lang, setLang, onLang } from './i18n.js';
import { $ } from './api.js';
import * as player from './player.js';
import * as gallery from './gallery.js';
import * as counter from './count.js';
import './lecture.js';
import './quiz.js';
import './theme.js';

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
  player.activate(name === 'search');
  if (name === 'gallery') gallery.show();
  if (name === 'count') counter.show();
}

// The language switch: the choice is remembered for the next visits.
const langButtons = document.querySelectorAll('.langs button');
function showLang() {
  for (const b of langButtons) b.setAttribute('aria-pressed', String(b.dataset.lang === lang()));
}
for (const b of langButtons) b.addEventListener('click', () => setLang(b.dataset.lang, true));
onLang(showLang);
showLang();

window.addEventListener('hashchange', route);
route();
player.init();
window.queensTesting = player.testing;
