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
// ever wraps. A count is split into work units ([PlanOf] makes the
// [CountPlan]); [Options.Progress] hears how far it is, and
// [Options.Recount] counts a share of the units again by a second method.
//
// Long counts: [OpenCheckpoint] opens a [Checkpoint] file whose
// [Checkpoint.Record] and [Checkpoint.Resume], passed as the options of
// the same name, keep the finished units, so that a count stopped by
// Ctrl-C, a kill or a crash resumes where it stopped. [EstimateCount]
// times a sample of the units and returns an [Estimate] of a count's
// cost (core hours, wall time, memory) without counting it.
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
// Variants: an [Instance] is a board with preset queens, blocked squares
// and excluded diagonals ([Diagonal], [ParseDiagonals]), the constraint
// problems of CSPLib; [Instance.Solve] decides it, [Instance.Count] and
// [Instance.Solutions] count and list its solutions, and
// [Instance.CrossSolve] and [Instance.CrossCount] check an answer by an
// independent search (dancing links).
//
// Teaching: the backtracking algorithms of the classic tutorials are listed
// in one table, [Algorithms], from the plainest to the fastest. Each
// reports its search as a stream of [Event] values, so that a trace or an
// animation can show any of them, and counts its work in [Stats].
//
// All functions are safe for concurrent use; the package has no global
// mutable state.
package queens
