package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
)

// newTutorialsTopic returns the help topic 'queens help tutorials': the
// four tutorials queens grew from, and the algorithms and print styles
// that come from each.
func newTutorialsTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "tutorials",
		Short: "The four tutorials the algorithms and print styles come from",
		Long: `queens grew from four Chinese tutorials on the eight-queens and N-queens
problems. Each algorithm of --algo is written the way its tutorial thinks,
and each --style prints what one of their programs prints; a style is
named after its tutorial and program (004-2: tutorial 004, code 2).

  000  three eight-queens methods, in C++. Method 1, "matrix maintenance":
       a counter per square, raised by every queen that attacks it, and no
       recursion (--algo matrix). Method 2: flags for the columns and both
       diagonals (--algo flags). Method 3: each new queen checked against
       the earlier ones (--algo scan). Styles 000-1, 000-2 and 000-3.
  002  recursive backtracking for eight and for N queens, in C, with the
       arrays 'flag', 'd1' and 'd2' (--algo flags). Style 002.
  003  the N-queens problem column by column, in C++. The first program
       fills a 0/1 board and looks left along the row and both diagonals
       (--algo board); the second keeps the queens' positions and checks
       each earlier one (--algo scan). Style 003a, and --format solution.
  004  six timed Java programs, with the puzzle's history (Bezzel 1848,
       Gauss, 92 solutions). Codes 1, 3 and 5 keep flags (--algo flags),
       code 2 places, then checks (--algo scan), code 6 rebuilds each row's
       forbidden columns (--algo rows). Styles 004-1 to 004-6.

permute and bitboard come from none of them: permute is the brute force
every course starts from, bitboard the classic bitmask search, the
fastest. 'queens bench --help' lists each algorithm with its tutorial, and
'queens list --help' each style.`,
	}
}

// algorithmSources lists each algorithm with the tutorial and program it
// comes from, a line each, for help texts.
func algorithmSources() string {
	var b strings.Builder
	for _, a := range queens.Algorithms() {
		fmt.Fprintf(&b, "  %-9s %s\n", a.Name, a.Seed)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
