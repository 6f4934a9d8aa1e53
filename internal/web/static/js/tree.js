// The search tree: the root is the empty board, each square tried is a
// child of the queen above it. The page draws the part that hangs on the
// path to the queens on the board, as a tree of nodes and edges: level r
// is row r+1 of the board, and a node stands above the column it tried,
// so the tree reads like the board turned into a family tree. The
// subtrees the search has left are folded into their node, with their
// counts. Everything is placed by SVG attributes and styled by classes:
// the page's security policy forbids inline styles.

import { fmt } from './api.js';
import { t } from './i18n.js';

const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[ch]));

// The geometry of the drawing, in SVG units: the gap between two columns
// and two levels, the radius of a node, the margin on the left for the
// row labels.
const DX = 46, DY = 44, R = 14, LEFT = 58, TOP = 34;

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
  const x = (c) => LEFT + DX / 2 + c * DX;
  const y = (r) => TOP + R + 18 + r * DY;
  let levels = 0;
  while (levels < n && (st.tree[levels].nodes.length || st.tree[levels].dead)) levels++;
  const width = LEFT + n * DX + 8, height = y(Math.max(levels, 1) - 1) + R + 26;
  // The root, the empty board, above the middle of the board.
  const rootX = x((n - 1) / 2), rootY = TOP;
  let edges = '', marks = '';
  let px = rootX, py = rootY; // the parent of the next level: the queen standing above
  for (let r = 0; r < levels; r++) {
    const lv = st.tree[r];
    marks += `<text class="trow" x="4" y="${y(r) + 4}">${esc(t('row %d', r + 1))}</text>`;
    let open = null;
    for (const nd of lv.nodes) {
      const here = tried ? nd.at === cur : nd.o && r === deepest;
      let cls = 'tn';
      let label = String(nd.c + 1), sub = '';
      let title = t('Row %d, column %d', r + 1, nd.c + 1);
      if (nd.x) {
        cls += ' x';
        label = '✕';
        title = t('%s: attacked, pruned', title);
        pruned++;
      } else {
        if (nd.o) { cls += ' o'; open = nd; }
        if (nd.k) cls += ' sol';
        if (nd.r) cls += ' rej';
        sub = (nd.p > 1 ? fmt(nd.p) : '') + (nd.k ? ` ★${fmt(nd.k)}` : '');
        title = t('%s: %s placed in its subtree, %s', title, t('%d queens', nd.p), t('%d solutions', nd.k)) + (nd.o ? t('; its queen stands') : '') + (nd.r ? t('; not a solution') : '');
      }
      if (here) cls += ' cur';
      const cx = x(nd.c), cy = y(r);
      edges += `<line class="tedge${nd.o ? ' path' : nd.x ? ' x' : ''}" x1="${px}" y1="${py + R}" x2="${cx}" y2="${cy - R}"/>`;
      marks += `<g class="${cls}" data-at="${nd.at}" role="button" tabindex="0" aria-label="${esc(title)}"><title>${esc(title)}</title>` +
        `<circle cx="${cx}" cy="${cy}" r="${R}"/><text class="tl" x="${cx}" y="${cy + 5}">${esc(label)}</text>` +
        (sub ? `<text class="tsub" x="${cx}" y="${cy + R + 11}">${esc(sub)}</text>` : '') + '</g>';
    }
    if (lv.dead) marks += `<text class="tdead" x="${x(n - 1) + R}" y="${y(r) + 4}" text-anchor="end">${esc(t('no free square'))}</text>`;
    if (!open) break;
    px = x(open.c);
    py = y(r);
  }
  const root = `<g class="troot"><circle cx="${rootX}" cy="${rootY}" r="6"/><text x="4" y="14">${esc(t('Empty board'))} · ${esc(t('%d nodes below, one per queen placed', nodes))}</text></g>`;
  const h = `<svg class="tsvg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-label="${esc(t('The search tree so far'))}">${edges}${root}${marks}</svg>`;
  box.dataset.nodes = String(nodes);
  box.dataset.pruned = String(pruned);
  if (box.dataset.html !== h) {
    box.innerHTML = h;
    box.dataset.html = h;
    const go = (e) => {
      const g = e.target.closest('[data-at]');
      if (g) jump(Number(g.dataset.at));
    };
    box.onclick = go;
    box.onkeydown = (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); go(e); } };
  }
}

function lastOpen(st) {
  let r = -1;
  for (let i = 0; i < st.n; i++) if (st.queens[i] >= 0) r = i;
  return r;
}
