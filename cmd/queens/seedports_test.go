package main

// The ports of the tutorials' programs that write the golden files of
// seeds_test.go: each prints what its program prints, statement by
// statement, with its own search and without the library.

import (
	"fmt"
	"strings"
)

// The searches of the tutorials, without the library. seedRows places
// the queens row by row, trying the columns from the left, and gives
// visit the column of the queen in each row, from 0; seedColumns places
// them column by column, trying the rows from the top, and gives the row
// of the queen in each column. Both visit the solutions in the order
// their programs print them.
func seedRows(n int, visit func(q []int)) { seedSearch(n, visit) }

func seedColumns(n int, visit func(p []int)) {
	// A search by columns is the search by rows of the board turned about
	// its diagonal: the same code, with rows and columns swapped.
	seedSearch(n, visit)
}

func seedSearch(n int, visit func([]int)) {
	q := make([]int, n)
	var place func(k int)
	place = func(k int) {
		if k == n {
			visit(q)
			return
		}
	next:
		for v := range n {
			for i := range k {
				if q[i] == v || q[i]-v == k-i || v-q[i] == k-i {
					continue next
				}
			}
			q[k] = v
			place(k + 1)
		}
	}
	place(0)
}

// seed000Method1 prints as seed 000's counter board program: cout << "x "
// or "0 " per square, endl per row, endl per board, then the count.
func seed000Method1() string {
	var b strings.Builder
	solution := 0
	seedRows(8, func(queen []int) {
		solution++
		for i := range 8 {
			for j := range 8 {
				if queen[i] == j {
					b.WriteString("x ")
				} else {
					b.WriteString("0 ")
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	})
	fmt.Fprintf(&b, "%d\n", solution)
	return b.String()
}

// seed000Method2 prints as seed 000's method 2: printf("\n解答 %d\n"),
// then " Q" or " ." per square, columns and rows from 1.
func seed000Method2() string {
	var b strings.Builder
	num := 0
	seedRows(8, func(q []int) {
		queen := make([]int, 9)
		for i, c := range q {
			queen[i+1] = c + 1
		}
		num++
		fmt.Fprintf(&b, "\n解答 %d\n", num)
		for y := 1; y <= 8; y++ {
			for x := 1; x <= 8; x++ {
				if queen[y] == x {
					b.WriteString(" Q")
				} else {
					b.WriteString(" .")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed000Method3 prints as seed 000's method 3: cout << queen[i] << ' '
// for the columns from 1, endl; then endl and the count.
func seed000Method3() string {
	var b strings.Builder
	count := 0
	seedRows(8, func(q []int) {
		for _, c := range q {
			fmt.Fprintf(&b, "%d ", c+1)
		}
		b.WriteString("\n")
		count++
	})
	fmt.Fprintf(&b, "\n%d\n", count)
	return b.String()
}

// seed002 prints as seed 002's programs, of N = 8 and of any N:
// printf("第%d种情况\n"), the board with "%3d", then "\n共有%d种摆放方法\n".
func seed002(n int) string {
	var b strings.Builder
	num := 0
	seedRows(n, func(place []int) {
		num++
		fmt.Fprintf(&b, "第%d种情况\n", num)
		for i := range n {
			for j := range n {
				cell := 0
				if place[i] == j {
					cell = 1
				}
				fmt.Fprintf(&b, "%3d", cell)
			}
			b.WriteString("\n")
		}
	})
	fmt.Fprintf(&b, "\n共有%d种摆放方法\n", num)
	return b.String()
}

// seed003First prints as seed 003's first program, N = 4.
func seed003First() string { return seed003FirstN(4) }

// seed003FirstN prints the first solution the search column by column
// finds, as the cells of board[row][col] without spaces, or "No
// solution".
func seed003FirstN(n int) string {
	var board [][]int
	seedColumns(n, func(p []int) {
		if board != nil {
			return
		}
		board = make([][]int, n)
		for i := range board {
			board[i] = make([]int, n)
		}
		for col, row := range p {
			board[row][col] = 1
		}
	})
	if board == nil {
		return "No solution\n"
	}
	var b strings.Builder
	for i := range n {
		for j := range n {
			fmt.Fprint(&b, board[i][j])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// seed003All prints as seed 003's second program, N = 4.
func seed003All() string { return seed003AllN(4) }

// seed003AllN prints cout << "Solution: ", then position[i] << " " for
// each column, endl.
func seed003AllN(n int) string {
	var b strings.Builder
	seedColumns(n, func(position []int) {
		b.WriteString("Solution: ")
		for i := range n {
			fmt.Fprintf(&b, "%d ", position[i])
		}
		b.WriteString("\n")
	})
	return b.String()
}

// seed004Code1 prints as seed 004's code 1, but for its time line.
func seed004Code1() string {
	var b strings.Builder
	b.WriteString("开始解决8皇后算法问题\n")
	num := 0
	seedRows(8, func(q []int) {
		queen := make([]int, 9) // queen[0] is never set
		for i, c := range q {
			queen[i+1] = c + 1
		}
		num++
		fmt.Fprintf(&b, "\n解答%d = ", num)
		for i := range queen {
			fmt.Fprintf(&b, "%d,", queen[i])
		}
		b.WriteString("\n")
		for y := 1; y <= 8; y++ {
			for x := 1; x <= 8; x++ {
				if queen[y] == x {
					b.WriteString("Q")
				} else {
					b.WriteString("X")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed004Code2 prints as seed 004's code 2, but for its time line.
func seed004Code2() string {
	var b strings.Builder
	var sum int
	h := 1
	seedRows(8, func(q []int) {
		sum++
		b.WriteString("\n")
		fmt.Fprintf(&b, "方案%d\n", h)
		h++
		for i, c := range q {
			fmt.Fprintf(&b, "皇后%d在%d行%d列、", i+1, i+1, c+1)
		}
		b.WriteString("\n")
	})
	b.WriteString("\n")
	fmt.Fprintf(&b, "详细方案如上所示，可行个数为:%d\n", sum)
	return b.String()
}

// seed004Code3 prints as seed 004's code 3, but for its time line.
func seed004Code3() string {
	var b strings.Builder
	count := 0
	seedRows(8, func(location []int) {
		count++
		b.WriteString("\n")
		fmt.Fprintf(&b, "以下是皇后在棋盘上的第%d种方式的摆放\n", count)
		b.WriteString("\n")
		for y := 0; y <= 7; y++ {
			for x := 0; x <= 7; x++ {
				if location[y] == x {
					b.WriteString("Q")
				} else {
					b.WriteString("X")
				}
			}
			b.WriteString("\n")
		}
	})
	return b.String()
}

// seed004Code4 prints as seed 004's code 4, which places its queens
// column by column: "(" + col + "," + queens[col] + ")  ", from 1.
func seed004Code4() string {
	var b strings.Builder
	seedColumns(8, func(queens []int) {
		for col := 1; col <= 8; col++ {
			fmt.Fprintf(&b, "(%d,%d)  ", col, queens[col-1]+1)
		}
		b.WriteString("\n")
	})
	return b.String()
}

// seed004Code5 prints as seed 004's code 5, whose last line has no line
// end.
func seed004Code5() string {
	var b strings.Builder
	b.WriteString("////////////////////////////八皇后问题////////////////////////////////\n")
	b.WriteString("在8行8列的棋盘上放置8个皇后,皇后可吃掉与她处于同行或同列或同一对角线上的其他棋子,使任一个皇后都不能吃掉其他的7个皇后共有92种方法\n")
	num := 0
	seedRows(8, func(queenline []int) {
		num++
		fmt.Fprintf(&b, "\n皇后摆放第%d种方案:\n", num)
		b.WriteString("行分别为1 2 3 4 5 6 7 8 列分别为\n")
		for i1 := range 8 {
			fmt.Fprintf(&b, "%d ", queenline[i1]+1)
		}
	})
	return b.String()
}

// seed004Code6 prints as seed 004's code 6, but for its time line: row i
// of its board marks the square j where cols[j] == i, the board turned
// about its diagonal.
func seed004Code6() string {
	var b strings.Builder
	num := 0
	seedRows(8, func(cols []int) {
		num++
		fmt.Fprintf(&b, "第%d种走法  \n", num)
		for i := range 8 {
			for j := range 8 {
				if i == cols[j] {
					b.WriteString("0 ")
				} else {
					b.WriteString("+ ")
				}
			}
			b.WriteString(" \n")
		}
	})
	fmt.Fprintf(&b, "%d皇后问题有%d种摆放方法。\n", 8, num)
	return b.String()
}
