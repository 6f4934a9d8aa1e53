package plan

import (
	"context"
	"fmt"
	"testing"
)

// work is what an engine does for the count of one board: its number of
// units and the sums of their results.
type work struct {
	units                int
	total, unique, nodes uint64
}

// pinnedWork holds, for each plan version, the work of each engine for
// N = 1..16 (the search engine) and N = 10..16 (the join engine). The totals and unique counts are the known ones; the units
// and the nodes are those the engines make and place. A change of the
// nodes is a change of the search: a rotation chosen worse than before
// (more nodes), a miscounted last row, a kernel that enters more
// children, or a list of the join made differently. A change that is
// meant must come with new numbers here, and a change of the units with
// a new Version.
var pinnedWork = map[int]map[string]map[int]work{
	3: {
		EngineSearch: {
			1:  {1, 1, 1, 0},
			2:  {0, 0, 0, 0},
			3:  {0, 0, 0, 0},
			4:  {2, 2, 1, 0},
			5:  {5, 10, 2, 3},
			6:  {16, 4, 1, 8},
			7:  {34, 40, 6, 50},
			8:  {78, 92, 12, 264},
			9:  {147, 352, 46, 1312},
			10: {272, 724, 92, 6267},
			11: {452, 2680, 341, 31836},
			12: {730, 14200, 1787, 178576},
			13: {1105, 73712, 9233, 988653},
			14: {1632, 365596, 45752, 5298875},
			15: {2310, 2279184, 285053, 28520776},
			16: {3206, 14772512, 1846955, 174093825},
		},
		EngineJoin: {
			10: {72, 724, 92, 2472},
			11: {1216, 2680, 341, 11002},
			12: {253, 14200, 1787, 30184},
			13: {1780, 73712, 9233, 197937},
			14: {844, 365596, 45752, 440310},
			15: {1999, 2279184, 285053, 4109438},
			16: {1497, 14772512, 1846955, 7917832},
		},
	},
}

// TestPinnedWork counts N = 1..16 with each engine that covers the size
// and compares the work with the pinned numbers of this plan version, so
// that a search that grows, or shrinks by skipping solutions whose count
// the symmetries happen to restore, fails here and not in a benchmark
// nobody ran. Under -short the search engine stops at N = 15.
func TestPinnedWork(t *testing.T) {
	engines, ok := pinnedWork[Version]
	if !ok {
		t.Fatalf("plan version %d has no pinned work: count N = 8..16 with each engine and add the numbers", Version)
	}
	for _, engine := range []string{EngineSearch, EngineJoin} {
		for n := 1; n <= 16; n++ {
			want, ok := engines[engine][n]
			if !ok {
				if engine == EngineSearch || n >= JoinFrom {
					t.Errorf("%s engine, N=%d: nothing pinned", engine, n)
				}
				continue
			}
			if testing.Short() && engine == EngineSearch && n == 16 {
				continue
			}
			t.Run(fmt.Sprintf("%s/n=%d", engine, n), func(t *testing.T) {
				newPlan := NewSearch
				if engine == EngineJoin {
					newPlan = NewJoin
				}
				p, err := newPlan(n)
				if err != nil {
					t.Fatal(err)
				}
				got := work{units: len(p.Units)}
				// Run never calls OnResult from two goroutines at once.
				err = p.Run(context.Background(), RunOptions{OnResult: func(r Result) {
					got.total += r.Total
					got.unique += r.Unique
					got.nodes += r.Nodes
				}})
				if err != nil {
					t.Fatal(err)
				}
				got.unique /= p.UniqueScale
				if got != want {
					t.Errorf("%s engine, N=%d: %d units, total %d, unique %d, nodes %d; pinned %d, %d, %d, %d",
						engine, n, got.units, got.total, got.unique, got.nodes, want.units, want.total, want.unique, want.nodes)
				}
			})
		}
	}
}
