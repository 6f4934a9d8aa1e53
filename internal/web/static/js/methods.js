// What the page says about each method: a few sentences for learners, the
// tutorial it comes from, its core as short code, the line of that code
// that each step executes, and the sentence that tells the step.

import { TRY, PLACE, REMOVE, SOLUTION, DEADEND } from './steps.js';
import { fmt, plural } from './api.js';

// A code listing is a list of [text, tag]; the tag names what the line
// does, so that a step can point at it.
const FLAGS_CODE = [
  ['func generate(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if flag[col] || d1[row-col+n-1] || d2[row+col] {', 'check'],
  ['      continue // a queen holds the column or a diagonal', 'skip'],
  ['    }', ''],
  ['    place[row] = col', 'place'],
  ['    flag[col], d1[row-col+n-1], d2[row+col] = true, true, true', 'place'],
  ['    if row == n-1 {', ''],
  ['      print(place) // all n queens stand', 'solution'],
  ['    } else {', ''],
  ['      generate(row + 1)', ''],
  ['    }', ''],
  ['    flag[col], d1[row-col+n-1], d2[row+col] = false, false, false', 'remove'],
  ['  }', ''],
  ['  // no column of this row was free: back to row-1', 'dead'],
  ['}', ''],
];

const SCAN_CODE = [
  ['func findSpace(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    ok := true', ''],
  ['    for i := 0; i < row; i++ { // every queen above', ''],
  ['      if queen[i] == col || abs(row-i) == abs(col-queen[i]) {', 'check'],
  ['        ok = false; break', 'skip'],
  ['      }', ''],
  ['    }', ''],
  ['    if !ok { continue }', ''],
  ['    queen[row] = col', 'place'],
  ['    if row == n-1 { print(queen) } else { findSpace(row + 1) }', 'solution'],
  ['    // back here: the next column overwrites queen[row]', 'remove'],
  ['  }', ''],
  ['  // no column of this row was free: back to row-1', 'dead'],
  ['}', ''],
];

const BOARD_CODE = [
  ['func solveNQUtil(col int) { // fills the board column by column', ''],
  ['  for i := 0; i < n; i++ {', ''],
  ['    if !isSafe(i, col) { continue }', 'skip'],
  ['    board[i][col] = 1', 'place'],
  ['    if col == n-1 { printSolution() } else { solveNQUtil(col + 1) }', 'solution'],
  ['    board[i][col] = 0 // take it back, try the next row', 'remove'],
  ['  }', ''],
  ['  // no row of this column was safe: back to column col-1', 'dead'],
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
  ['  j := searchLine(i, lastqueen+1) // first j with table[i][j] == 0', 'check'],
  ['  if j < 0 { // no free square left in row i', 'dead'],
  ['    if i == 0 { break }', ''],
  ['    i--; lastqueen = queen[i]', ''],
  ['    uptakeQueen(i) // -1 on every square it attacks', 'remove'],
  ['    continue', ''],
  ['  }', ''],
  ['  setQueen(i, j) // queen[i] = j; +1 on every square it attacks', 'place'],
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
  ['  rows := make([]bool, n) // rebuilt for every row', ''],
  ['  for i := 0; i < row; i++ { // mark what each queen above attacks', ''],
  ['    d := row - i', ''],
  ['    rows[cols[i]] = true; rows[cols[i]-d] = true; rows[cols[i]+d] = true', ''],
  ['  }', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if rows[col] { // one entry read', 'check'],
  ['      continue // forbidden by a queen above', 'skip'],
  ['    }', ''],
  ['    cols[row] = col // rows[col] was false: free', 'place'],
  ['    if row == n-1 { print(cols) } else { getArrangement(row + 1) }', 'solution'],
  ['    // back here: the next column overwrites cols[row]', 'remove'],
  ['  }', ''],
  ['  // no column of this row was free: back to row-1', 'dead'],
  ['}', ''],
];

const BITBOARD_CODE = [
  ['func search(row int, cols, left, right uint) {', ''],
  ['  avail := full &^ (cols | left | right) // all free squares of the row', 'masks'],
  ['  if avail == 0 { return } // no free square: back to row-1', 'dead'],
  ['  for avail != 0 {', ''],
  ['    bit := avail & -avail // the lowest free column', 'check'],
  ['    avail ^= bit', ''],
  ['    if row == n-1 { count++; continue } // all n queens stand', 'solution'],
  ['    search(row+1, cols|bit, (left|bit)<<1, (right|bit)>>1)', 'place'],
  ['  } // back here: the next free bit', 'remove'],
  ['}', ''],
];

const PERMUTE_CODE = [
  ['func extend(row int) {', ''],
  ['  for col := 0; col < n; col++ {', ''],
  ['    if used[col] { continue } // only the columns are checked here', 'check'],
  ['    perm[row], used[col] = col, true', 'place'],
  ['    if row < n-1 { extend(row + 1) } else { check() }', ''],
  ['    used[col] = false', 'remove'],
  ['  }', ''],
  ['}', ''],
  ['func check() { // all n queens stand: now look at the diagonals', ''],
  ['  for r := 1; r < n; r++ {', ''],
  ['    for i := 0; i < r; i++ {', ''],
  ['      if abs(perm[r]-perm[i]) == r-i { return } // a diagonal pair', 'dead'],
  ['    }', ''],
  ['  }', ''],
  ['  print(perm)', 'solution'],
  ['}', ''],
];

// The methods the page knows, by the algorithm's name. keeps and cost are
// the sentences for learners; from names the tutorial.
export const METHODS = {
  permute: {
    title: 'Every permutation, checked at the end',
    keeps: 'Keeps the permutation being built and which columns it uses. Each row takes a column no earlier row uses, so rows and columns never clash; the diagonals are not looked at until all N queens stand.',
    cost: 'A check while building is one look at used[col]; a complete placement then costs up to N−1 row comparisons. Almost every placement turns out wrong, so it places far more queens than backtracking: 50 times more at N = 8, 280 times at N = 10.',
    from: 'The brute-force baseline that courses start from; none of the tutorials uses it.',
    code: PERMUTE_CODE,
  },
  board: {
    title: 'A 0/1 board filled column by column',
    keeps: 'Keeps the whole board as 0s and 1s and fills it one column at a time, trying the rows of the column from the top. A square is safe when its row and both diagonals to its left hold no 1.',
    cost: 'A check walks the board to the left of the square: up to about 3N squares read. The board here is drawn row by row, so the tutorial\'s column is a row of this board.',
    from: 'the column-by-column tutorial, its first program (isSafe and solveNQUtil, one solution; here it goes on to find them all).',
    code: BOARD_CODE,
  },
  scan: {
    title: 'Compare with every earlier queen',
    keeps: 'Keeps only where the queens stand: queen[i] is the column of the queen in row i. A new square is compared with every queen above it.',
    cost: 'A check costs one comparison per queen above, up to N−1: same column, or as many rows apart as columns apart (|Δrow| = |Δcol|).',
    from: 'the tutorial of three eight-queens methods, method 3; the column-by-column tutorial, its second program; the tutorial of six timed Java programs, code 2 ("place, then check").',
    code: SCAN_CODE,
  },
  matrix: {
    title: 'A counter on every square',
    keeps: 'Keeps a counter on every square: how many queens attack it. Placing a queen adds 1 along its row, column and diagonals; taking it back subtracts 1. It runs without recursion, remembering where to resume a row.',
    cost: 'A check reads one counter. Placing or removing a queen updates about 4N counters.',
    from: 'the tutorial of three eight-queens methods, method 1 ("matrix maintenance", without recursion).',
    code: MATRIX_CODE,
  },
  rows: {
    title: 'A forbidden list rebuilt for every row',
    keeps: 'Before each row it builds, from scratch, the list of columns that the queens above forbid: each queen marks its column and the two squares of its diagonals in this row.',
    cost: 'A check reads one entry of the list, but the list costs up to 3 marks per queen above every time a row is entered.',
    from: 'the tutorial of six timed Java programs, code 6.',
    code: ROWS_CODE,
  },
  flags: {
    title: 'Flags for columns and diagonals',
    keeps: 'Keeps one flag per column and one per diagonal in each direction. All squares of a "\\" diagonal share row−col, all squares of a "/" diagonal share row+col, so one array entry stands for a whole diagonal.',
    cost: 'A check reads three flags. Placing a queen sets three flags, taking it back clears them.',
    from: 'the N-queens tutorial with flag and diagonal arrays (flag, d1, d2); the tutorial of three eight-queens methods, method 2; the tutorial of six timed Java programs, codes 1, 3 and 5.',
    code: FLAGS_CODE,
  },
  bitboard: {
    title: 'Bit masks: a whole row in one expression',
    keeps: 'Keeps the attacked columns and both kinds of diagonal as bits of three machine words. One expression, ~(cols | left | right), gives all free squares of the row at once; moving down a row shifts the diagonal masks by one bit.',
    cost: 'One check per row, whatever N is, and attacked squares are never even tried: it makes the same placements as scan or flags with 8 times fewer checks at N = 8, and the gap grows with N.',
    from: 'The classic bitmask search; none of the tutorials uses it.',
    code: BITBOARD_CODE,
  },
};

// method returns what the page knows of the algorithm, with plain words
// for one it does not know.
export function method(algo) {
  return METHODS[algo.name] || { title: algo.name, keeps: algo.idea, cost: '', from: '', code: [] };
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
  if (!ev) return 'Ready. Press Play, or Step to go one event at a time.';
  const r = ev.row + 1, c = ev.col + 1, f = ev.cf;
  switch (ev.kind) {
    case TRY:
      if (algo === 'permute') {
        return f >= 0
          ? `Row ${r}: column ${c} is used by the queen in row ${f + 1}; skip it.`
          : permuteFree(q, ev.row, ev.col, n);
      }
      if (algo === 'bitboard') return `Row ${r}: the lowest free bit of the row is column ${c}.`;
      if (f >= 0) {
        const how = q[f] === ev.col ? 'along the column' : 'along a diagonal';
        return `Row ${r}: try column ${c}. Attacked ${how} by the queen in row ${f + 1}.`;
      }
      return `Row ${r}: try column ${c}. No queen attacks it.`;
    case PLACE:
      return `Row ${r}: place a queen in column ${c}.`;
    case REMOVE:
      return `Row ${r}: take the queen in column ${c} back and go on with the next column.`;
    case SOLUTION:
      return `Solution ${fmt(st.solutions)}: ${Array.from(q, (x) => x + 1).join(' ')}.`;
    case DEADEND:
      if (ev.col >= 0 && f >= 0) {
        const dr = ev.row - f, dc = Math.abs(ev.col - q[f]);
        return `Not a solution: the queens in rows ${f + 1} and ${r} share a diagonal (${plural(dr, 'row')} and ${plural(dc, 'column')} apart).`;
      }
      return ev.row > 0 ? `Row ${r}: no free square. Back to row ${r - 1}.` : `Row ${r}: no square left to try.`;
  }
  return '';
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
  if (by < 0) return `Row ${r}: column ${c} is unused, and no queen attacks the square. The queen goes there.`;
  return `Row ${r}: column ${c} is unused, so the queen goes there, although the queen in row ${by + 1} attacks it along a diagonal: permute checks the diagonals only once all ${n} queens stand.`;
}
