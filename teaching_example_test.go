package queens_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/queenslab/queens"
)

func ExampleAlgorithms() {
	for _, a := range queens.Algorithms() {
		fmt.Printf("%-8s up to N=%d\n", a.Name, a.MaxN)
	}
	// Output:
	// permute  up to N=10
	// board    up to N=13
	// scan     up to N=13
	// matrix   up to N=13
	// rows     up to N=14
	// flags    up to N=14
	// bitboard up to N=32
}

func ExampleAlgorithm_Events() {
	flags, err := queens.LookupAlgorithm("flags")
	if err != nil {
		panic(err)
	}
	var steps []string
	for e := range flags.Events(context.Background(), 4) {
		switch e.Kind {
		case queens.EventPlace:
			steps = append(steps, fmt.Sprintf("place %d,%d", e.Row, e.Col))
		case queens.EventDeadEnd:
			fmt.Printf("%s: dead end in row %d\n", strings.Join(steps, ", "), e.Row)
			steps = steps[:0]
		case queens.EventSolution:
			fmt.Printf("%s: solution %d: %v\n", strings.Join(steps, ", "), e.Index, e.Queens)
			return
		}
	}
	// Output:
	// place 0,0, place 1,2: dead end in row 2
	// place 1,3, place 2,1: dead end in row 3
	// place 0,1, place 1,3, place 2,0, place 3,2: solution 1: 2 4 1 3
}

func ExampleAlgorithm_Search() {
	for _, name := range []string{"scan", "bitboard"} {
		a, _ := queens.LookupAlgorithm(name)
		st, err := a.Search(context.Background(), 8, nil)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %d solutions, %d queens placed, %d safety checks\n", a.Name, st.Solutions, st.Nodes, st.Checks)
	}
	// Output:
	// scan: 92 solutions, 2056 queens placed, 15720 safety checks
	// bitboard: 92 solutions, 2056 queens placed, 1965 safety checks
}
