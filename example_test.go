package queens_test

import (
	"context"
	"fmt"

	"github.com/queenslab/queens"
)

func ExampleCount() {
	res, err := queens.Count(context.Background(), 8, queens.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Total, "solutions,", res.Unique, "unique")
	// Output: 92 solutions, 12 unique
}

func ExampleSolutions() {
	seq, err := queens.Solutions(6)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range seq {
		fmt.Println(s) // columns counted from 1
	}
	// Output:
	// 2 4 6 1 3 5
	// 3 6 2 5 1 4
	// 4 1 5 2 6 3
	// 5 3 1 6 4 2
}

func ExampleUniqueSolutions() {
	seq, _ := queens.UniqueSolutions(8)
	n := 0
	for s := range seq {
		n++
		if n <= 3 {
			fmt.Println(s, "stands for", s.ClassSize(), "solutions")
		}
	}
	fmt.Println(n, "classes")
	// Output:
	// 1 5 8 6 3 7 2 4 stands for 8 solutions
	// 1 6 8 3 7 4 2 5 stands for 8 solutions
	// 2 4 6 8 3 1 7 5 stands for 8 solutions
	// 12 classes
}

func ExampleFirst() {
	s, _ := queens.First(8)
	fmt.Println(s)
	fmt.Println([]int(s)) // the library counts columns from 0
	_, err := queens.First(3)
	fmt.Println(err)
	// Output:
	// 1 5 8 6 3 7 2 4
	// [0 4 7 5 2 6 1 3]
	// no solution: the 3×3 board has none
}

func ExampleSolution_Validate() {
	fmt.Println(queens.Solution{1, 3, 0, 2}.Validate())
	fmt.Println(queens.Solution{0, 2, 4, 1, 5, 3}.Validate())
	fmt.Println(queens.Solution{0, 6, 1}.Validate())
	// Output:
	// <nil>
	// queens in rows 2 and 5 share a diagonal
	// queen in row 2 stands in column 7, off the 3×3 board
}

func ExampleSolution_Canonical() {
	s := queens.Solution{3, 1, 6, 2, 5, 7, 4, 0} // 4 2 7 3 6 8 5 1
	fmt.Println(s.Canonical())
	fmt.Println(len(s.Class()), "equivalent solutions")
	// Output:
	// 1 5 8 6 3 7 2 4
	// 8 equivalent solutions
}

func ExampleSolution_Transform() {
	s := queens.Solution{1, 3, 0, 2}
	for _, t := range []queens.Symmetry{queens.Identity, queens.Rotate90, queens.MirrorColumns} {
		fmt.Printf("%-14s %v\n", t, s.Transform(t))
	}
	// A quarter turn leaves this solution as it is: its class has two.
	fmt.Println(s.ClassSize())
	// Output:
	// identity       2 4 1 3
	// rotate 90°     2 4 1 3
	// mirror columns 3 1 4 2
	// 2
}

func ExampleUint128() {
	x := queens.U128(1 << 63).Mul64(4).Add64(1) // past the 64-bit range
	fmt.Println(x, x.IsUint64())
	// Output: 36893488147419103233 false
}

func ExampleSolutionsParallel() {
	// Every solution of the 10×10 board, in the order of Solutions, found
	// by one worker per CPU.
	count := 0
	for s, err := range queens.SolutionsParallel(context.Background(), 10, 0) {
		if err != nil {
			fmt.Println(err)
			return
		}
		if count++; count <= 2 {
			fmt.Println(s)
		}
	}
	fmt.Println(count, "solutions")
	// Output:
	// 1 3 6 8 10 5 9 2 4 7
	// 1 3 6 9 7 10 4 2 5 8
	// 724 solutions
}
