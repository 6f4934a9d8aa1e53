package plan

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// work is what an engine does for the count of one board: its number of
// units and the sums of their results.
type work struct {
	units                int
	total, unique, nodes uint64
}

// pinnedWork holds, for each plan version, the work of each engine for
// N = 1..16 (the search engine) and N = 10..16 (the join engine). The totals and unique counts are the known ones; the units
// and the nodes are those the engines make and place (for the search,
// the border queens of each unit and the queens its search places). A change of the
// nodes is a change of the search: a rotation chosen worse than before
// (more nodes), a miscounted last row, a kernel that enters more
// children, or a list of the join made differently. A change that is
// meant must come with new numbers here, and a change of the units with
// a new Version.
var pinnedWork = map[int]map[string]map[int]work{
	7: {
		EngineSearch: {
			1:  {1, 1, 1, 1},
			2:  {0, 0, 0, 0},
			3:  {0, 0, 0, 0},
			4:  {2, 2, 1, 7},
			5:  {5, 10, 2, 20},
			6:  {16, 4, 1, 66},
			7:  {34, 40, 6, 176},
			8:  {78, 92, 12, 561},
			9:  {147, 352, 46, 1879},
			10: {272, 724, 92, 7327},
			11: {452, 2680, 341, 33608},
			12: {730, 14200, 1787, 181451},
			13: {1105, 73712, 9233, 993018},
			14: {1632, 365596, 45752, 5305337},
			15: {2310, 2279184, 285053, 28529938},
			16: {3206, 14772512, 1846955, 174106558},
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
			if !testenv.Slow() && engine == EngineSearch && n == 16 {
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

// TestEngineBySize guards the choice of engine at the edges of the join
// engine's range, and the sizes NewJoin refuses. (New(JoinTo) takes the
// join engine too, but counting its groups takes minutes.)
func TestEngineBySize(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		if want := n >= JoinFrom && n <= JoinTo; JoinPicked(n) != want {
			t.Errorf("JoinPicked(%d) = %v", n, !want)
		}
	}
	for _, tc := range []struct {
		n      int
		engine string
	}{{JoinFrom - 1, EngineSearch}, {JoinFrom, EngineJoin}, {JoinFrom + 1, EngineJoin}, {JoinTo + 1, EngineSearch}} {
		p, err := New(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if p.Engine != tc.engine {
			t.Errorf("New(%d) takes the %s engine, want %s", tc.n, p.Engine, tc.engine)
		}
	}
	for _, n := range []int{JoinFrom - 1, JoinTo + 1, 0} {
		if _, err := NewJoin(n); !errors.Is(err, ErrSize) {
			t.Errorf("NewJoin(%d) error = %v, want ErrSize", n, err)
		}
	}
}

// TestSymmetricUnitCost guards the weight of the join's unit of the
// symmetric solutions: its searches are of half and a quarter of the
// board, so it weighs less than most batches of east sets, and a
// progress bar does not count it as a large share of the work.
func TestSymmetricUnitCost(t *testing.T) {
	p, err := NewJoin(16)
	if err != nil {
		t.Fatal(err)
	}
	var costs []float64
	for _, u := range p.Units[1:] {
		costs = append(costs, u.Cost())
	}
	slices.Sort(costs)
	if c, median := p.Units[0].Cost(), costs[len(costs)/2]; c <= 0 || c >= median {
		t.Errorf("the unit of the symmetric solutions costs %v, the median batch %v", c, median)
	}
}

// completions counts by brute force the ways to put one queen on each of
// the rows of the levels in free, on the open squares of their masks,
// attacked by none of the queens in cols, d1 and d2 (as the search keeps
// them) nor by each other.
func completions(s *search, free []int, cols uint32, d1, d2 uint64) uint64 {
	if len(free) == 0 {
		return 1
	}
	k, r := free[0], s.rows[free[0]]
	var count uint64
	for c := range s.n {
		bit := uint32(1) << c
		a, d := uint64(1)<<(r+c), uint64(1)<<(c-r+s.n-1)
		if s.mask[k]&bit == 0 || cols&bit != 0 || d1&a != 0 || d2&d != 0 {
			continue
		}
		count += completions(s, free[1:], cols|bit, d1|a, d2|d)
	}
	return count
}

// TestKernelCompletes guards the kernel of the search engine, the last
// two levels (its tail) above all: from every solution of the boards of
// N = 6..11, with the queens of one to four of its levels taken away,
// the kernel counts the ways to put them back that a brute force finds.
func TestKernelCompletes(t *testing.T) {
	for n := 6; n <= 11; n++ {
		checked := 0
		for _, sol := range solutions(n) {
			var s search
			s.init(n, borderOf(sol))
			for subset := 1; subset < 1<<s.levels; subset++ {
				if k := bits.OnesCount(uint(subset)); k > 4 || k == s.levels && s.levels > 4 {
					continue
				}
				var used, cols uint32
				var d1, d2 uint64
				var free []int
				for k := range s.levels {
					if subset&(1<<k) != 0 {
						free = append(free, k)
						continue
					}
					r, c := s.rows[k], sol[s.rows[k]]
					used |= 1 << k
					cols |= 1 << c
					d1 |= 1 << (r + c)
					d2 |= 1 << (c - r + n - 1)
				}
				got, _ := s.kernel(used, cols, d1, d2)
				if want := completions(&s, free, cols, d1, d2); got != want || got == 0 {
					t.Fatalf("N=%d, solution %v without the queens of levels %v: the kernel counts %d completions, brute force %d", n, sol, free, got, want)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("N=%d: no partial solution checked", n)
		}
	}
}

// TestCountFixedRotations guards countFixed for all three rotations,
// the quarter turns too, whose fixed solutions first appear at N = 4, 5,
// 8, 9 and 12: for every border a rotation maps to itself, the count is
// that of the solutions with the border that the rotation fixes.
func TestCountFixedRotations(t *testing.T) {
	for n := 4; n <= 12; n++ {
		want := map[[2]int]map[border]uint64{}
		img := make([]int, n)
		for _, sol := range solutions(n) {
			for rot := 1; rot <= 3; rot++ {
				for r, c := range sol {
					q := transform(rot, square{r, c}, n)
					img[q.r] = q.c
				}
				if slices.Equal(img, sol) {
					key := [2]int{rot, 0}
					if want[key] == nil {
						want[key] = map[border]uint64{}
					}
					want[key][borderOf(sol)]++
				}
			}
		}
		p, _ := NewSearch(n)
		fixed := 0
		for _, u := range p.Units {
			for rot := 1; rot <= 3; rot++ {
				for tr := range 4 {
					b := u.border().image(tr, n)
					if b.image(rot, n) != b {
						continue
					}
					got := countFixed(n, b, rot)
					if w := want[[2]int{rot, 0}][b]; got != w {
						t.Errorf("N=%d border %v: %d solutions fixed by rotation %d, want %d", n, b, got, rot, w)
					}
					fixed += int(got)
				}
			}
		}
		if (n%4 == 0 || n%4 == 1) && fixed == 0 {
			t.Errorf("N=%d: no fixed solution found, the test checks nothing", n)
		}
	}
}
