// Package queens solves, counts and lists the solutions of the N-queens
// problem: place N queens on an N×N chess board so that no two attack each
// other along a row, a column or a diagonal.
//
// A [Solution] holds the column of the queen in each row, counted from 0;
// [Solution.Validate] names the first pair of queens that attack each
// other, and [Solution.Canonical] and [Solution.Class] relate a solution to
// its images under the eight [Symmetries] of the board.
//
// Counting: [Count] counts the solutions of a board of up to [MaxN] rows,
// both in total and up to symmetry, on every core and with the fastest
// engine unless [Options] say otherwise. Totals are [Uint128], so no sum
// ever wraps.
//
// Listing: [Solutions] streams every solution in lexicographic order of
// the column list, the order of the classic backtracking programs, and
// [UniqueSolutions] one solution per symmetry class; [SolutionsParallel]
// and [UniqueSolutionsParallel] list the same in the same order on every
// core. [First] returns the first solution.
//
// Solving large boards: [Construct] builds a solution for any N in time
// proportional to N, [Random] finds one by min-conflicts local search, and
// [Complete] and [CountCompletions] extend a board on which some queens
// ([Square], [ParseSquares]) already stand.
//
// Teaching: the backtracking algorithms of the classic tutorials are listed
// in one table, [Algorithms], from the plainest to the fastest. Each
// reports its search as a stream of [Event] values, so that a trace or an
// animation can show any of them, and counts its work in [Stats].
//
// All functions are safe for concurrent use; the package has no global
// mutable state.
package queens
