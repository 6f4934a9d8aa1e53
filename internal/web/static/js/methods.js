// What the page says about each method: a few sentences for learners, the
// tutorial it comes from, its core as short code, the line of that code
// that each step executes, and the sentence that tells the step.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND, BLOCKED, EXCLUDED } from './steps.js';
import { t, tn, msg, sp } from './i18n.js';

// A code listing is a list of [text, tag, comment]; the tag names what
// the line does, so that a step can point at it. The comment, if any, is
// a key of the page's sentences, or a list of a key and its values.
const FLAGS_CODE = [
  ['func generate(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if flag[col] || d1[row-col+n-1] || d2[row+col] {', 'check'],
  ['      continue', 'skip', msg('a queen holds the column or a diagonal')],
  ['    }', ''],
  ['    place[row] = col', 'place'],
  ['    flag[col], d1[row-col+n-1], d2[row+col] = true, true, true', 'place'],
  ['    if row == n-1 {', ''],
  ['      print(place)', 'solution', [msg('all %s queens stand'), 'n']],
  ['    } else {', ''],
  ['      generate(row + 1)', ''],
  ['    }', ''],
  ['    flag[col], d1[row-col+n-1], d2[row+col] = false, false, false', 'remove'],
  ['  }', ''],
  [' ', 'dead', [msg('no column of this row was free: back to %s'), 'row-1']],
  ['}', ''],
];

const SCAN_CODE = [
  ['func findSpace(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    ok := true', ''],
  ['    for i := 0; i < row; i++ {', '', msg('every queen above')],
  ['      if queen[i] == col || abs(row-i) == abs(col-queen[i]) {', 'check'],
  ['        ok = false; break', 'skip'],
  ['      }', ''],
  ['    }', ''],
  ['    if !ok { continue }', ''],
  ['    queen[row] = col', 'place'],
  ['    if row == n-1 { print(queen) } else { findSpace(row + 1) }', 'solution'],
  ['   ', 'remove', [msg('back here: the next column overwrites %s'), 'queen[row]']],
  ['  }', ''],
  [' ', 'dead', [msg('no column of this row was free: back to %s'), 'row-1']],
  ['}', ''],
];

const BOARD_CODE = [
  ['func solveNQUtil(col int) {', '', msg('fills the board column by column')],
  ['  for i := 0; i < n; i++ {', ''],
  ['    if !isSafe(i, col) { continue }', 'skip'],
  ['    board[i][col] = 1', 'place'],
  ['    if col == n-1 { printSolution() } else { solveNQUtil(col + 1) }', 'solution'],
  ['    board[i][col] = 0', 'remove', msg('take it back, try the next row')],
  ['  }', ''],
  [' ', 'dead', [msg('no row of this column was safe: back to column %s'), 'col-1']],
  ['}', ''],
  ['func isSafe(row, col int) bool {', ''],
  ['  for j := 0; j < col; j++ { if board[row][j] == 1 { return false } }', 'row'],
  ['  for i, j := row, col; i >= 0 && j >= 0; i, j = i-1, j-1 { if board[i][j] == 1 { return false } }', 'up'],
  ['  for i, j := row, col; i < n && j >= 0; i, j = i+1, j-1 { if board[i][j] == 1 { return false } }', 'down'],
  ['  return true', 'check'],
  ['}', ''],
];

const MATRIX_CODE = [
  ['for i, lastqueen := 0, -1; ; {', ''],
  ['  j := searchLine(i, lastqueen+1)', 'check', [msg('the first %s with %s'), 'j', 'table[i][j] == 0']],
  ['  if j < 0 {', 'dead', [msg('no free square left in row %s'), 'i']],
  ['    if i == 0 { break }', ''],
  ['    i--; lastqueen = queen[i]', ''],
  ['    uptakeQueen(i)', 'remove', [msg('%s on every square it attacks'), '-1']],
  ['    continue', ''],
  ['  }', ''],
  ['  setQueen(i, j)', 'place', [msg('%s; %s on every square it attacks'), 'queen[i] = j', '+1']],
  ['  lastqueen = -1', ''],
  ['  if i == n-1 { print(queen); uptakeQueen(i); lastqueen = j; continue }', 'solution'],
  ['  i++', ''],
  ['}', ''],
  ['func searchLine(i, j int) int {', ''],
  ['  for ; j < n; j++ { if table[i][j] == 0 { return j } }', 'skip'],
  ['  return -1', ''],
  ['}', ''],
];

const ROWS_CODE = [
  ['func getArrangement(row int) {', ''],
  ['  rows := make([]bool, n)', '', msg('rebuilt for every row')],
  ['  for i := 0; i < row; i++ {', '', msg('mark what each queen above attacks')],
  ['    d := row - i', ''],
  ['    rows[cols[i]] = true; rows[cols[i]-d] = true; rows[cols[i]+d] = true', ''],
  ['  }', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if rows[col] {', 'check', msg('one entry read')],
  ['      continue', 'skip', msg('forbidden by a queen above')],
  ['    }', ''],
  ['    cols[row] = col', 'place', [msg('%s was false: free'), 'rows[col]']],
  ['    if row == n-1 { print(cols) } else { getArrangement(row + 1) }', 'solution'],
  ['   ', 'remove', [msg('back here: the next column overwrites %s'), 'cols[row]']],
  ['  }', ''],
  [' ', 'dead', [msg('no column of this row was free: back to %s'), 'row-1']],
  ['}', ''],
];

const BITBOARD_CODE = [
  ['func search(row int, cols, left, right uint) {', ''],
  ['  avail := full &^ (cols | left | right)', 'masks', msg('all free squares of the row')],
  ['  if avail == 0 { return }', 'dead', [msg('no free square: back to %s'), 'row-1']],
  ['  for avail != 0 {', ''],
  ['    bit := avail & -avail', 'check', msg('the lowest free column')],
  ['    avail ^= bit', ''],
  ['    if row == n-1 { count++; continue }', 'solution', [msg('all %s queens stand'), 'n']],
  ['    search(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1)', 'place'],
  ['  }', 'remove', msg('back here: the next free bit')],
  ['}', ''],
];

const PERMUTE_CODE = [
  ['func extend(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if used[col] { continue }', 'check', msg('only the columns are checked here')],
  ['    perm[row], used[col] = col, true', 'place'],
  ['    if row < n-1 { extend(row + 1) } else { check() }', ''],
  ['    used[col] = false', 'remove'],
  ['  }', ''],
  ['}', ''],
  ['func check() {', '', [msg('all %s queens stand: now look at the diagonals'), 'n']],
  ['  for r := 1; r < n; r++ {', ''],
  ['    for i := 0; i < r; i++ {', ''],
  ['      if abs(perm[r]-perm[i]) == r-i { return }', 'dead', msg('a diagonal pair')],
  ['    }', ''],
  ['  }', ''],
  ['  print(perm)', 'solution'],
  ['}', ''],
];

const INSTANCE_CODE = [
  ['func search(row int) {', ''],
  ['  for col := 0; col < n; col++ {', '', msg('only the preset column in a row with a preset queen')],
  ['    if blocked[row][col] || excluded(row, col) {', 'forbid'],
  ['      continue', '', msg('the board forbids the square')],
  ['    }', ''],
  ['    if attacked(row, col) {', 'check', msg('compare with every queen above')],
  ['      continue', 'skip'],
  ['    }', ''],
  ['    queen[row] = col', 'place'],
  ['    if row == n-1 { print(queen) } else { search(row + 1) }', 'solution'],
  ['    queen[row] = -1', 'remove'],
  ['  }', ''],
  [' ', 'dead', [msg('no column of this row was free: back to %s'), 'row-1']],
  ['}', ''],
];

// The methods the page knows, by the algorithm's name. keeps and cost are
// the sentences for learners; from names the tutorial. Each is a key of
// the page's sentences, or a list of a key and its values.
export const METHODS = {
  permute: {
    title: msg('Every permutation, checked at the end'),
    keeps: msg('Keeps the permutation being built and which columns it uses. Each row takes a column no earlier row uses, so rows and columns never clash; the diagonals are not looked at until all N queens stand.'),
    cost: [msg('A check while building is one look at %s; a complete placement then costs up to N−1 row comparisons. Almost every placement turns out wrong, so it places far more queens than backtracking: 50 times more at N = 8, 280 times at N = 10.'), 'used[col]'],
    from: msg('The brute-force baseline that courses start from; none of the tutorials uses it.'),
    code: PERMUTE_CODE,
  },
  board: {
    title: msg('A 0/1 board filled column by column'),
    keeps: msg('Keeps the whole board as 0s and 1s and fills it one column at a time, trying the rows of the column from the top. A square is safe when its row and both diagonals to its left hold no 1.'),
    cost: msg('A check walks the board to the left of the square: up to about 3N squares read. The board here is drawn row by row, so the tutorial\'s column is a row of this board.'),
    from: [msg('From the column-by-column tutorial, its first program (%s and %s, one solution; here it goes on to find them all).'), 'isSafe', 'solveNQUtil'],
    code: BOARD_CODE,
  },
  scan: {
    title: msg('Compare with every earlier queen'),
    keeps: [msg('Keeps only where the queens stand: %s is the column of the queen in row %s. A new square is compared with every queen above it.'), 'queen[i]', 'i'],
    cost: msg('A check costs one comparison per queen above, up to N−1: same column, or as many rows apart as columns apart.'),
    from: msg('From the tutorial of three eight-queens methods, method 3; the column-by-column tutorial, its second program; the tutorial of six timed Java programs, code 2 ("place, then check").'),
    code: SCAN_CODE,
  },
  matrix: {
    title: msg('A counter on every square'),
    keeps: msg('Keeps a counter on every square: how many queens attack it. Placing a queen adds 1 along its row, column and diagonals; taking it back subtracts 1. It runs without recursion, remembering where to resume a row.'),
    cost: msg('A check reads one counter. Placing or removing a queen updates about 4N counters.'),
    from: msg('From the tutorial of three eight-queens methods, method 1 ("matrix maintenance", without recursion).'),
    code: MATRIX_CODE,
  },
  rows: {
    title: msg('A forbidden list rebuilt for every row'),
    keeps: msg('Before each row it builds, from scratch, the list of columns that the queens above forbid: each queen marks its column and the two squares of its diagonals in this row.'),
    cost: msg('A check reads one entry of the list, but the list costs up to 3 marks per queen above every time a row is entered.'),
    from: msg('From the tutorial of six timed Java programs, code 6.'),
    code: ROWS_CODE,
  },
  flags: {
    title: msg('Flags for columns and diagonals'),
    keeps: msg('Keeps one flag per column and one per diagonal in each direction. All squares of a "\\" diagonal share row−col, all squares of a "/" diagonal share row+col, so one array entry stands for a whole diagonal.'),
    cost: msg('A check reads three flags. Placing a queen sets three flags, taking it back clears them.'),
    from: [msg('From the N-queens tutorial with flag and diagonal arrays (%s); the tutorial of three eight-queens methods, method 2; the tutorial of six timed Java programs, codes 1, 3 and 5.'), 'flag, d1, d2'],
    code: FLAGS_CODE,
  },
  bitboard: {
    title: msg('Bit masks: a whole row in one expression'),
    keeps: [msg('Keeps the attacked columns and both kinds of diagonal as bits of three machine words. One expression, %s, gives all free squares of the row at once; moving down a row shifts the diagonal masks by one bit.'), '~(cols | left | right)'],
    cost: msg('One check per row, whatever N is, and attacked squares are never even tried: it makes the same placements as scan or flags with 8 times fewer checks at N = 8, and the gap grows with N.'),
    from: msg('The classic bitmask search; none of the tutorials uses it.'),
    code: BITBOARD_CODE,
  },
  instance: {
    title: msg('Row by row, around blocked squares'),
    keeps: [msg('Keeps where the queens stand, %s, and the squares the board forbids: blocked squares, the squares of excluded diagonals, and in a row with a preset queen every square but its own. A forbidden square is tried and passed over at once; a free one is compared with every queen above, as scan does.'), 'queen[i]'],
    cost: msg('A check reads whether the square is forbidden, then makes one comparison per queen above. Blocked squares do not stop attacks: a queen still attacks across them.'),
    from: [msg('Blocked squares, excluded diagonals and preset queens make the harder relatives of the puzzle: deciding whether such a board has a solution at all is %s-complete (%s, 2017).'), 'NP', 'Gent, Jefferson, Nightingale'],
    code: INSTANCE_CODE,
  },
};

// tr returns the sentence of a key, or of a list of a key and its values.
export function tr(x) {
  if (!x) return '';
  return Array.isArray(x) ? t(...x) : t(x);
}

// method returns what the page says of the algorithm, in the page's
// language, with plain words for one it does not know.
export function method(algo) {
  const m = METHODS[algo.name];
  if (!m) return { title: algo.name, keeps: algo.idea, cost: '', from: '', code: [] };
  return { title: tr(m.title), keeps: tr(m.keeps), cost: tr(m.cost), from: tr(m.from), code: m.code };
}

// boardFinder returns, for a square the board method tries, the part of
// isSafe that finds a queen ('row', 'up' or 'down') and the squares it
// reads, in the tutorial's coordinates: board[i][j] is the square in row
// i, column j of the tutorial, that is row j, column i of the page's board.
export function boardScan(queens, evRow, evCol, n) {
  const col = evRow, row = evCol; // transposed back
  const has = (i, j) => queens[j] === i && j < col;
  const read = [];
  for (let j = 0; j < col; j++) {
    read.push([row, j]);
    if (has(row, j)) return { part: 'row', read, hit: [row, j] };
  }
  for (let i = row, j = col; i >= 0 && j >= 0; i--, j--) {
    read.push([i, j]);
    if (has(i, j)) return { part: 'up', read, hit: [i, j] };
  }
  for (let i = row, j = col; i < n && j >= 0; i++, j--) {
    read.push([i, j]);
    if (has(i, j)) return { part: 'down', read, hit: [i, j] };
  }
  return { part: 'check', read, hit: null };
}

// codeTag returns the tag of the code line that event ev executes; prev
// is the event before it, when known.
export function codeTag(algo, ev, queens, n, prev) {
  if (!ev) return '';
  if (algo === 'matrix' && ev.kind === REMOVE && prev && prev.kind === SOLUTION) return 'solution';
  if (algo === 'bitboard' && ev.kind === PLACE && ev.row === n - 1) return 'solution';
  switch (ev.kind) {
    case TRY:
      if (ev.cf < -1) return 'forbid';
      if (algo === 'board') return ev.cf >= 0 ? boardScan(queens, ev.row, ev.col, n).part : 'check';
      if (algo === 'permute') return 'check';
      return ev.cf >= 0 ? 'skip' : 'check';
    case PLACE: return 'place';
    case REMOVE: return 'remove';
    case SOLUTION: return 'solution';
    case DEADEND: return 'dead';
  }
  return '';
}

// message returns the sentence that tells the step ev, the event that led
// to the state st.
export function message(algo, ev, st) {
  const n = st.n, q = st.queens;
  if (!ev) return t('Press Play, or Step for one event. For a lesson, open the Lecture (L) or the Quiz (Q).');
  const r = ev.row + 1, c = ev.col + 1, f = ev.cf;
  switch (ev.kind) {
    case TRY:
      if (f === BLOCKED) return t('Row %d: try column %d. The square is blocked: pass over it.', r, c);
      if (f === EXCLUDED) return t('Row %d: try column %d. The square lies on an excluded diagonal: pass over it.', r, c);
      if (algo === 'permute') {
        return f >= 0
          ? t('Row %d: column %d is used by the queen in row %d; skip it.', r, c, f + 1)
          : permuteFree(q, ev.row, ev.col, n);
      }
      if (algo === 'bitboard') return t('Row %d: the lowest free bit of the row is column %d.', r, c);
      if (f >= 0) return t('Row %d: try column %d.', r, c) + sp() + checkMeets(algo, ev, q, n);
      return t('Row %d: try column %d. No queen attacks it.', r, c);
    case PLACE:
      return t('Row %d: place a queen in column %d.', r, c);
    case REMOVE:
      return t('Row %d: take the queen in column %d back and go on with the next column.', r, c);
    case SOLUTION:
      return t('Solution %d: %s.', st.solutions, Array.from(q, (x) => (x < 0 ? '·' : x + 1)).join(' '));
    case DEADEND:
      if (ev.col >= 0 && f >= 0) {
        const dr = ev.row - f, dc = Math.abs(ev.col - q[f]);
        return t('Not a solution: the queens in rows %d and %d share a diagonal (%s and %s apart).', f + 1, r, t('%d rows', dr), t('%d columns', dc));
      }
      return ev.row > 0 ? t('Row %d: no free square. Back to row %d.', r, r - 1) : t('Row %d: no square left to try.', r);
  }
  return '';
}

// lineOf returns the line along which the queen of row f attacks the
// square (row, col): 0 its column, 1 its "\" diagonal, 2 its "/" one.
export function lineOf(q, f, row, col) {
  if (q[f] === col) return 0;
  return f - q[f] === row - col ? 1 : 2;
}

// checkMeets tells what the method's own check meets first on the
// attacked square of the try ev, with the queens q above: the flag and
// the queen that set it (flags), the square read (board), the first
// queen compared that attacks (scan), the counter and the queens that
// raised it (matrix), the forbidden entry and the queen that marked it
// first (rows), the column's owner (permute). The server names that queen
// in ev.cf, in the order of the method's code.
export function checkMeets(algo, ev, q, n) {
  const f = ev.cf, row = ev.row, col = ev.col;
  const line = lineOf(q, f, row, col);
  switch (algo) {
    case 'flags': {
      const flag = [`flag[${col}]`, `d1[${row - col + n - 1}]`, `d2[${row + col}]`][line];
      return t('The first flag the check finds set is %s; the queen in row %d set it.', flag, f + 1);
    }
    case 'board':
      return [
        t('Reading the board, the check meets the queen in row %d in the column above.', f + 1),
        t('Reading the board, the check meets the queen in row %d on the "\\" diagonal above.', f + 1),
        t('Reading the board, the check meets the queen in row %d on the "/" diagonal above.', f + 1),
      ][line];
    case 'matrix': {
      const by = [];
      for (let i = 0; i < row; i++) {
        if (q[i] >= 0 && (q[i] === col || Math.abs(q[i] - col) === row - i)) by.push(i + 1);
      }
      return tn('Its counter %s is %d: the queens in rows %s raised it.', by.length, `table[${row}][${col}]`, by.length, by.join(', '));
    }
    case 'rows':
      return t('%s is marked: the queen in row %d marked it first.', `rows[${col}]`, f + 1);
    case 'permute':
      return t('Column %d is used by the queen in row %d.', col + 1, f + 1);
  }
  return line === 0
    ? t('Compared from the top, the queen in row %d is the first that attacks it, along the column.', f + 1)
    : t('Compared from the top, the queen in row %d is the first that attacks it, along a diagonal.', f + 1);
}

// permuteFree tells a free column of permute: the queen goes there even
// when a queen above attacks the square along a diagonal, for permute
// looks at the diagonals only once all queens stand.
function permuteFree(q, row, col, n) {
  let by = -1;
  for (let i = 0; i < row; i++) {
    if (Math.abs(q[i] - col) === row - i) { by = i; break; }
  }
  const r = row + 1, c = col + 1;
  if (by < 0) return t('Row %d: column %d is unused, and no queen attacks the square. The queen goes there.', r, c);
  return t('Row %d: column %d is unused, so the queen goes there, although the queen in row %d attacks it along a diagonal: permute checks the diagonals only once all %d queens stand.', r, c, by + 1, n);
}
