package web

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/queenslab/queens"
)

// instanceAlgo is the name under which the API replays the search of an
// instance: a board with preset queens, blocked squares or excluded
// diagonals, searched row by row by [queens.Instance.Trace].
const instanceAlgo = "instance"

// MaxInstanceN is the largest board of an instance whose search the page
// plays: its search has no more events than scan's on the plain board.
const MaxInstanceN = 13

// search is one search that the API replays: an algorithm of
// [queens.Algorithms] on the plain board, or the trace of an instance.
type search struct {
	name string // the algorithm, or instanceAlgo
	n    int
	rule checkRule
	key  string // tells the search apart from every other, for the summaries
	run  func(ctx context.Context, visit func(queens.Event) bool) (queens.Stats, error)
}

// searchOf reads the search that the parameters name: algo and n, and
// for algo=instance the instance's preset queens (with), blocked squares
// (block) and excluded diagonals (exclude), as the command line takes
// them: "b4,d5", "a1,3:3", "sum:7,diff:-2". maxN returns the largest
// board of an algorithm.
func searchOf(q url.Values, maxN func(queens.Algorithm) int) (search, error) {
	name := q.Get("algo")
	if name != instanceAlgo {
		for _, p := range []string{"with", "block", "exclude"} {
			if q.Get(p) != "" {
				return search{}, &paramError{fmt.Sprintf("parameter %s needs algo=%s", p, instanceAlgo)}
			}
		}
		algo, err := queens.LookupAlgorithm(name)
		if err != nil {
			return search{}, &paramError{trimLibraryPrefix(err)}
		}
		n, err := intParam(q, "n", 0, 1, maxN(algo))
		if err != nil {
			return search{}, err
		}
		return search{
			name: algo.Name, n: n, rule: ruleOf(algo), key: fmt.Sprintf("%s/%d", algo.Name, n),
			run: func(ctx context.Context, visit func(queens.Event) bool) (queens.Stats, error) {
				return algo.Search(ctx, n, visit)
			},
		}, nil
	}
	in, err := instanceOf(q)
	if err != nil {
		return search{}, err
	}
	return search{
		name: instanceAlgo, n: in.N, rule: checkPerTry, key: instanceKey(in),
		run: func(ctx context.Context, visit func(queens.Event) bool) (queens.Stats, error) {
			return in.Trace(ctx, visit)
		},
	}, nil
}

// instanceOf reads and checks the instance of the parameters n, with,
// block and exclude.
func instanceOf(q url.Values) (*queens.Instance, error) {
	n, err := intParam(q, "n", 0, 1, MaxInstanceN)
	if err != nil {
		return nil, err
	}
	in := &queens.Instance{N: n}
	for _, p := range []string{"with", "block", "exclude"} {
		if vals := q[p]; len(vals) > 1 {
			return nil, &paramError{fmt.Sprintf("parameter %s is given %d times", p, len(vals))}
		}
		v := q.Get(p)
		if len(v) > 4096 {
			return nil, &paramError{fmt.Sprintf("parameter %s is too long", p)}
		}
		switch p {
		case "with":
			in.Queens, err = queens.ParseSquares(n, v)
		case "block":
			in.Blocked, err = queens.ParseSquareList(n, v)
		case "exclude":
			in.Excluded, err = queens.ParseDiagonals(n, v)
		}
		if err != nil {
			return nil, &paramError{p + ": " + trimLibraryPrefix(err)}
		}
	}
	if err := in.Check(); err != nil {
		return nil, &paramError{trimLibraryPrefix(err)}
	}
	return in, nil
}

// instanceKey names the instance in, as the summaries keep it.
func instanceKey(in *queens.Instance) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%d", instanceAlgo, in.N)
	for _, q := range in.Queens {
		fmt.Fprintf(&b, " q%s", q)
	}
	for _, q := range in.Blocked {
		fmt.Fprintf(&b, " b%s", q)
	}
	for _, d := range in.Excluded {
		fmt.Fprintf(&b, " %s", d)
	}
	return b.String()
}
