package plan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/testenv"
)

// known holds the totals (OEIS A000170) and unique counts (OEIS A002562)
// for n = 1..17; known[n-1] is board size n.
var known = []struct{ total, unique uint64 }{
	{1, 1}, {0, 0}, {0, 0}, {2, 1}, {10, 2}, {4, 1}, {40, 6}, {92, 12},
	{352, 46}, {724, 92}, {2680, 341}, {14200, 1787}, {73712, 9233},
	{365596, 45752}, {2279184, 285053}, {14772512, 1846955},
	{95815104, 11977939},
}

// countAll counts every unit of p one after the other with Count.
func countAll(t *testing.T, p *Plan) []Result {
	t.Helper()
	results := make([]Result, 0, len(p.Units))
	for _, u := range p.Units {
		r, err := p.Count(context.Background(), u.ID)
		if err != nil {
			t.Fatalf("N=%d unit %d: %v", p.N, u.ID, err)
		}
		if r.Unit != u.ID {
			t.Fatalf("N=%d: result of unit %d labelled %d", p.N, u.ID, r.Unit)
		}
		results = append(results, r)
	}
	return results
}

func sum(results []Result) (total, unique, nodes uint64) {
	for _, r := range results {
		total += r.Total
		unique += r.Unique
		nodes += r.Nodes
	}
	return total, unique, nodes
}

func TestUnitsSumToKnownCounts(t *testing.T) {
	// Under -short too the sizes go past N = 12: at N = 13 the join
	// engine has more units than at 12 and 14, and the outer levels of
	// the search engine place queens (see TestPinnedWork for it).
	maxN := 15
	if !testenv.Slow() {
		maxN = 13
	}
	for n := 1; n <= maxN; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			p, err := New(n)
			if err != nil {
				t.Fatal(err)
			}
			total, unique, _ := sum(countAll(t, p))
			if unique%p.UniqueScale != 0 {
				t.Errorf("N=%d: unique sum %d is not a multiple of %d", n, unique, p.UniqueScale)
			}
			unique /= p.UniqueScale
			if want := known[n-1]; total != want.total || unique != want.unique {
				t.Errorf("N=%d: units sum to total %d unique %d, want %d and %d", n, total, unique, want.total, want.unique)
			}
		})
	}
}

// solutions returns every solution of the n×n board, found by the plainest
// search, as the column of the queen in each row.
func solutions(n int) [][]int {
	var all [][]int
	queens := make([]int, n)
	var place func(row int, cols, ld, rd uint64)
	place = func(row int, cols, ld, rd uint64) {
		if row == n {
			all = append(all, slices.Clone(queens))
			return
		}
		for c := range n {
			bit := uint64(1) << c
			if (cols|ld|rd)&bit == 0 {
				queens[row] = c
				place(row+1, cols|bit, (ld|bit)<<1, (rd|bit)>>1)
			}
		}
	}
	place(0, 0, 0, 0)
	return all
}

// borderOf returns the border queens of a solution.
func borderOf(sol []int) border {
	n := len(sol)
	b := border{top: sol[0], bottom: sol[n-1]}
	for r, c := range sol {
		if c == 0 {
			b.left = r
		}
		if c == n-1 {
			b.right = r
		}
	}
	return b
}

// canonicalSolution returns the least of the eight images of sol.
func canonicalSolution(sol []int) []int {
	n := len(sol)
	best := slices.Clone(sol)
	img := make([]int, n)
	for t := 1; t < 8; t++ {
		for r, c := range sol {
			q := transform(t, square{r, c}, n)
			img[q.r] = q.c
		}
		if slices.Compare(img, best) < 0 {
			copy(best, img)
		}
	}
	return best
}

// TestUnitsPartitionSolutions files every solution of small boards under
// the unit of its border, and checks each unit's count against the
// solutions filed under it: the units partition the solutions, each
// solution falls in exactly one unit, and each class of equivalent
// solutions in exactly one unit. It goes up to N = 13, the first size
// where the outer levels of a unit's search place queens before the
// kernel takes over: a diagonal off by one there shows in the units'
// counts even where the totals agree.
func TestUnitsPartitionSolutions(t *testing.T) {
	for n := 1; n <= 13; n++ {
		p, err := NewSearch(n)
		if err != nil {
			t.Fatal(err)
		}
		id := map[border]int{}
		for _, u := range p.Units {
			b := u.border()
			if _, dup := id[b]; dup {
				t.Fatalf("N=%d: border %v twice in the plan", n, b)
			}
			if b.canonical(n) != b {
				t.Fatalf("N=%d: unit %v is not in canonical form", n, u)
			}
			id[b] = u.ID
		}
		wantTotal := make([]uint64, len(p.Units))
		classes := make([]map[string]bool, len(p.Units))
		for _, sol := range solutions(n) {
			u, ok := id[borderOf(sol).canonical(n)]
			if !ok {
				t.Fatalf("N=%d: solution %v has no unit", n, sol)
			}
			wantTotal[u]++
			if classes[u] == nil {
				classes[u] = map[string]bool{}
			}
			classes[u][fmt.Sprint(canonicalSolution(sol))] = true
		}
		for i, r := range countAll(t, p) {
			if r.Total != wantTotal[i] || r.Unique != uint64(len(classes[i])) {
				t.Errorf("N=%d %v: total %d unique %d, want %d and %d", n, p.Units[i], r.Total, r.Unique, wantTotal[i], len(classes[i]))
			}
		}
	}
}

// TestUnitsCoverBorders checks that every possible border is the image of
// exactly one unit's border, and that the units' orbits add up to all of
// them.
func TestUnitsCoverBorders(t *testing.T) {
	for n := 1; n <= 13; n++ {
		p, _ := NewSearch(n)
		inPlan := map[border]bool{}
		images := 0
		for _, u := range p.Units {
			inPlan[u.border()] = true
			images += orbit(u.stab)
		}
		valid := 0
		for top := range n {
			for bottom := range n {
				for left := range n {
					for right := range n {
						b := border{top, bottom, left, right}
						if !b.valid(n) {
							continue
						}
						valid++
						if !inPlan[b.canonical(n)] {
							t.Fatalf("N=%d: border %v is no unit's image", n, b)
						}
					}
				}
			}
		}
		if images != valid {
			t.Errorf("N=%d: units stand for %d borders, there are %d", n, images, valid)
		}
	}
}

func TestNewBadSize(t *testing.T) {
	for _, n := range []int{-1, 0, MaxN + 1} {
		if _, err := New(n); !errors.Is(err, ErrSize) {
			t.Errorf("New(%d) error = %v, want ErrSize", n, err)
		}
	}
}

// TestNewContextCancelled makes plans of both engines under a cancelled
// context, and under one that a deadline ends while the plan of the
// largest join board is made: each returns the context's error, and the
// second soon after the deadline, where the plan takes a second or more
// under the race detector.
func TestNewContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, n := range []int{8, JoinFrom, JoinTo, JoinTo + 1} {
		if p, err := NewContext(ctx, n); p != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("NewContext(cancelled, %d) = %v, %v; want no plan and context.Canceled", n, p, err)
		}
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := NewContext(ctx, JoinTo); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("NewContext(%d) with a deadline of 20 ms: error %v, want context.DeadlineExceeded", JoinTo, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("NewContext(%d) took %v to notice its deadline", JoinTo, d)
	}
}

func TestPlanDeterministic(t *testing.T) {
	a, _ := New(12)
	b, _ := New(12)
	if !slices.Equal(a.Units, b.Units) || a.Fingerprint() != b.Fingerprint() {
		t.Fatal("two plans of N=12 differ")
	}
	for i, u := range a.Units {
		if u.ID != i {
			t.Fatalf("Units[%d].ID = %d", i, u.ID)
		}
	}
	seen := map[string]int{}
	for n := 1; n <= 20; n++ {
		p, _ := New(n)
		f := p.Fingerprint()
		if m, ok := seen[f]; ok {
			t.Errorf("plans of N=%d and N=%d share the fingerprint %s", m, n, f)
		}
		seen[f] = n
	}
}

// TestPlanStable pins the plans down: checkpoints, shards and cluster
// results refer to units by ID, so a change of the split must come with a
// new Version (and new fingerprints here).
func TestPlanStable(t *testing.T) {
	if Version != 7 {
		t.Skip("fingerprints below are those of version 7")
	}
	want := map[int]struct {
		units       int
		fingerprint string
	}{
		4:  {2, "b7c52a64c7b5f542"},
		8:  {78, "19ccb6e591cd1bc4"},
		12: {253, "946ce8fae6e9264f"},
		17: {2050, "fb3034dbe80d99ce"},
		32: {83190, "eb2f314e83fe12e9"},
	}
	for n, w := range want {
		if !testenv.Slow() && n > 20 {
			continue
		}
		p, _ := New(n)
		if len(p.Units) != w.units || p.Fingerprint() != w.fingerprint {
			t.Errorf("N=%d: %d units, fingerprint %s; want %d and %s", n, len(p.Units), p.Fingerprint(), w.units, w.fingerprint)
		}
	}
}

func TestRunParallelEqualsSerial(t *testing.T) {
	p, _ := New(12)
	want := countAll(t, p)
	got := make([]Result, len(p.Units))
	seen := make([]bool, len(p.Units))
	var mu sync.Mutex
	inside := false
	err := p.Run(context.Background(), RunOptions{Workers: 4, OnResult: func(r Result) {
		mu.Lock()
		if inside {
			t.Error("OnResult called by two goroutines at once")
		}
		inside = true
		mu.Unlock()
		if seen[r.Unit] {
			t.Errorf("unit %d reported twice", r.Unit)
		}
		seen[r.Unit] = true
		got[r.Unit] = r
		time.Sleep(time.Microsecond)
		mu.Lock()
		inside = false
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Error("parallel results differ from serial ones")
	}
}

func TestRunSkip(t *testing.T) {
	p, _ := New(11)
	var reported []int
	asked := map[int]int{}
	err := p.Run(context.Background(), RunOptions{
		Workers:  3,
		Skip:     func(u int) bool { asked[u]++; return u%3 == 0 },
		OnResult: func(r Result) { reported = append(reported, r.Unit) },
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(reported)
	var want []int
	for _, u := range p.Units {
		if asked[u.ID] != 1 {
			t.Errorf("Skip asked %d times about unit %d", asked[u.ID], u.ID)
		}
		if u.ID%3 != 0 {
			want = append(want, u.ID)
		}
	}
	if !slices.Equal(reported, want) {
		t.Errorf("reported %d units, want the %d not skipped", len(reported), len(want))
	}
	// Skipping everything counts nothing and is no error.
	err = p.Run(context.Background(), RunOptions{
		Skip:     func(int) bool { return true },
		OnResult: func(r Result) { t.Errorf("unit %d reported though skipped", r.Unit) },
	})
	if err != nil {
		t.Errorf("Run skipping every unit: %v", err)
	}
}

func TestRunEmptyPlan(t *testing.T) {
	for _, n := range []int{2, 3} {
		p, _ := New(n)
		if len(p.Units) != 0 {
			t.Errorf("N=%d has %d units, want none", n, len(p.Units))
		}
		if err := p.Run(context.Background(), RunOptions{}); err != nil {
			t.Errorf("N=%d: %v", n, err)
		}
	}
}

func TestCountBadUnit(t *testing.T) {
	p, _ := New(8)
	for _, id := range []int{-1, len(p.Units)} {
		_, err := p.Count(context.Background(), id)
		if want := fmt.Sprintf("N=8 has units 0 to %d", len(p.Units)-1); !errors.Is(err, ErrUnit) || !strings.Contains(err.Error(), want) {
			t.Errorf("Count(unit %d) error = %v, want ErrUnit saying %q", id, err, want)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	p, _ := New(20)
	ctx, cancel := context.WithCancel(context.Background())
	reported := 0
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	err := p.Run(ctx, RunOptions{Workers: 2, OnResult: func(Result) { reported++ }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run error = %v, want context.Canceled", err)
	}
	// A unit notices the cancellation between two subtrees of its
	// search. Under the race detector, on two cores that the tests of
	// the other packages share, a subtree has taken most of a second;
	// the whole count of N = 20 takes minutes.
	if d := time.Since(start); d > 50*time.Millisecond+2*time.Second {
		t.Errorf("Run took %v to notice the cancellation", d)
	}
}

func TestCountCancelledUnit(t *testing.T) {
	p, _ := NewSearch(24)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.Count(ctx, 0) // the largest unit: hours of work
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Count error = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Count took %v to notice the deadline", d)
	}
}

func TestCountAllocatesNothing(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	p, _ := NewSearch(12)
	if a := testing.AllocsPerRun(20, func() { p.Count(context.Background(), 3) }); a != 0 {
		t.Errorf("Count allocates %v times per unit", a)
	}
}

func TestCountFixed(t *testing.T) {
	// Solutions that a half turn maps to themselves, by border, against
	// the solutions themselves.
	for n := 4; n <= 10; n++ {
		want := map[border]uint64{}
		for _, sol := range solutions(n) {
			same := true
			for r, c := range sol {
				if sol[n-1-r] != n-1-c {
					same = false
				}
			}
			if same {
				want[borderOf(sol)]++
			}
		}
		p, _ := NewSearch(n)
		for _, u := range p.Units {
			for _, b := range []border{u.border(), u.border().image(1, n)} {
				if b.image(2, n) != b {
					continue
				}
				if got := countFixed(n, b, 2); got != want[b] {
					t.Errorf("N=%d border %v: %d solutions fixed by a half turn, want %d", n, b, got, want[b])
				}
			}
		}
	}
}

func BenchmarkUnit(b *testing.B) {
	p, _ := NewSearch(14)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		r, _ := p.Count(context.Background(), 0)
		nodes = r.Nodes
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes)/float64(b.N), "ns/node")
}

func BenchmarkNew(b *testing.B) {
	for _, n := range []int{17, 32} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				New(n)
			}
		})
	}
}

// TestJoinMatchesSearch counts the boards both engines cover with each,
// unit by unit summed, and compares the totals and the unique counts.
func TestJoinMatchesSearch(t *testing.T) {
	maxN := 14
	if !testenv.Slow() {
		maxN = 12
	}
	for n := JoinFrom; n <= maxN; n++ {
		s, _ := NewSearch(n)
		j, err := NewJoin(n)
		if err != nil {
			t.Fatal(err)
		}
		st, su, _ := sum(countAll(t, s))
		jt, ju, _ := sum(countAll(t, j))
		if st != jt || su*j.UniqueScale != ju {
			t.Errorf("N=%d: search %d total %d unique, join %d total %d/%d unique", n, st, su, jt, ju, j.UniqueScale)
		}
		if !j.Units[0].SymmetricSolutions || j.Units[0].Cost() <= 0 {
			t.Errorf("N=%d: unit 0 of the join plan is %v, cost %v", n, j.Units[0], j.Units[0].Cost())
		}
	}
}

// TestJoinUnitsCoverSets checks that the batches of a join plan cover
// every east set of every configuration once, in order.
func TestJoinUnitsCoverSets(t *testing.T) {
	for _, n := range []int{JoinFrom, 15, 16, 17} {
		p, _ := NewJoin(n)
		next := map[int]int{}
		for _, u := range p.Units[1:] {
			ci := int(u.Config)
			if u.SymmetricSolutions || int(u.First) != next[ci] || u.Last <= u.First {
				t.Fatalf("N=%d: %v follows east set %d of configuration %d", n, u, next[ci], ci)
			}
			next[ci] = int(u.Last)
		}
		for ci := range p.join.Configs() {
			if next[ci] != len(p.join.Sets(ci)) {
				t.Errorf("N=%d: configuration %d has %d east sets, the units cover %d", n, ci, len(p.join.Sets(ci)), next[ci])
			}
		}
	}
}
