// The search tree: the root is the empty board, each square tried is a
// child of the queen above it. The page draws the part that hangs on the
// path to the queens on the board; the subtrees the search has left are
// folded into one node each, with their counts.

import { fmt } from './api.js';
import { t } from './i18n.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// renderTree draws the tree of the state st into box; cur is the step
// shown, whose node is marked. A click on a node calls jump with the step
// of its try.
export function renderTree(box, st, cur, jump) {
  const n = st.n;
  let nodes = 0, pruned = 0;
  for (const nd of st.tree[0].nodes) nodes += nd.p;
  // The node of the step shown: the square it tried, or else the deepest
  // queen standing.
  const tried = st.tree.some((lv) => lv.nodes.some((nd) => nd.at === cur));
  const deepest = lastOpen(st);
  let h = `<div class="troot">${esc(t('Empty board'))} <span class="muted">· ${esc(t('%d nodes below, one per queen placed', nodes))}</span></div>`;
  for (let r = 0; r < n; r++) {
    const lv = st.tree[r];
    if (!lv.nodes.length && !lv.dead) break;
    h += `<div class="tlevel" style="--depth:${r}"><span class="trow">${esc(t('row %d', r + 1))}</span>`;
    for (const nd of lv.nodes) {
      const here = tried ? nd.at === cur : nd.o && r === deepest;
      let cls = 'tn';
      let label = String(nd.c + 1);
      let title = t('Row %d, column %d', r + 1, nd.c + 1);
      if (nd.x) {
        cls += ' x';
        label = `${nd.c + 1}✕`;
        title = t('%s: attacked, pruned', title);
        pruned++;
      } else {
        if (nd.o) cls += ' o';
        if (nd.k) cls += ' sol';
        if (nd.r) cls += ' rej';
        const sub = nd.p > 1 ? ` · ${fmt(nd.p)}` : '';
        const sols = nd.k ? ` ★${fmt(nd.k)}` : '';
        label += sub + sols;
        title = t('%s: %s placed in its subtree, %s', title, t('%d queens', nd.p), t('%d solutions', nd.k)) + (nd.o ? t('; its queen stands') : '') + (nd.r ? t('; not a solution') : '');
      }
      if (here) cls += ' cur';
      h += `<button type="button" class="${cls}" data-at="${nd.at}" title="${esc(title)}">${esc(label)}</button>`;
    }
    if (lv.dead) h += `<span class="tdead">${esc(t('no free square'))}</span>`;
    h += '</div>';
  }
  box.dataset.nodes = String(nodes);
  box.dataset.pruned = String(pruned);
  if (box.dataset.html !== h) {
    box.innerHTML = h;
    box.dataset.html = h;
    box.onclick = (e) => {
      const b = e.target.closest('button[data-at]');
      if (b) jump(Number(b.dataset.at));
    };
  }
}

function lastOpen(st) {
  let r = -1;
  for (let i = 0; i < st.n; i++) if (st.queens[i] >= 0) r = i;
  return r;
}
