// Package queens solves, counts and lists the solutions of the N-queens
// problem: place N queens on an N×N chess board so that no two attack each
// other along a row, a column or a diagonal.
//
// A [Solution] holds the column of the queen in each row. [Count] counts the
// solutions of a board size, both in total and up to the eight symmetries of
// the square ([Canonical]); [Solutions] streams every solution in
// lexicographic order of the column list, and [UniqueSolutions] one solution
// per symmetry class. [First] returns the solution the classic backtracking
// programs find first.
//
// The teaching algorithms of the package are listed in one table,
// [Algorithms]; each of them reports what it does as a stream of [Event]
// values, so that a trace or an animation can show any of them.
//
// All functions are safe for concurrent use; the package has no global
// mutable state.
package queens
