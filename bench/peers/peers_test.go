package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/instfile"
)

// diagsText writes diagonals as the generator prints them.
func diagsText(n int, ds []queens.Diagonal) string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteString(", ")
		}
		if d.Sum {
			fmt.Fprintf(&b, "[%d, 1]", d.K)
		} else {
			fmt.Fprintf(&b, "[%d, 0]", d.K+n-1)
		}
	}
	return "[" + b.String() + "]"
}

func TestGenDiagonals(t *testing.T) {
	// The generator's output for N = 10, seed 1, as its documentation
	// shows it, and that of N = 12, seed 7.
	for _, c := range []struct {
		n    int
		seed int64
		want string
	}{
		{10, 1, "[[4, 1], [2, 1], [14, 0], [8, 1], [8, 0], [7, 0], [3, 1], [12, 1], [18, 0], [5, 0], [14, 1], [0, 0], [15, 1], [17, 1]]"},
		{12, 7, "[[10, 1], [7, 0], [20, 0], [21, 0], [18, 0], [4, 1], [12, 1], [1, 1], [2, 1], [17, 1], [3, 1], [11, 1], [1, 0], [12, 0], [22, 0], [16, 1], [13, 1], [0, 0], [22, 1], [21, 1]]"},
	} {
		if got := diagsText(c.n, genDiagonals(c.n, 4, c.seed)); got != c.want {
			t.Errorf("genDiagonals(%d, 4, %d) = %s, want %s", c.n, c.seed, got, c.want)
		}
	}
}

func TestGenBlocked(t *testing.T) {
	// CSPLib's block-10-24-833.param, counted from 1.
	const want = "[[1, 2], [1, 3], [1, 7], [1, 10], [2, 3], [2, 8], [3, 9], [4, 1], [4, 2], [5, 5], [5, 7], [6, 4], [6, 7], [6, 10], [7, 1], [7, 6], [7, 7], [9, 2], [9, 3], [9, 4], [9, 10], [10, 4], [10, 6], [10, 8]]"
	bs, err := genBlocked(10, 24, 4, 833)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, q := range bs {
		parts = append(parts, fmt.Sprintf("[%d, %d]", q.Row+1, q.Col+1))
	}
	if got := "[" + strings.Join(parts, ", ") + "]"; got != want {
		t.Errorf("genBlocked(10, 24, 4, 833) = %s, want %s", got, want)
	}
}

// TestGeneratorsCSPLib checks the generators against every file of the
// CSPLib checkout that $PEERS_CSPLIB names: prob079's diag-N.tar.gz and
// prob080's block-10.tar.gz.
func TestGeneratorsCSPLib(t *testing.T) {
	dir := os.Getenv("PEERS_CSPLIB")
	if dir == "" {
		t.Skip("PEERS_CSPLIB names no CSPLib checkout")
	}
	checked := 0
	for n := 8; n <= 21; n++ {
		files, err := untar(filepath.Join(dir, "Problems", "prob079", "data", fmt.Sprintf("diag-%d.tar.gz", n)))
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			var seed int64
			if _, err := fmt.Sscanf(name, fmt.Sprintf("diag-%d-4-%%d.param", n), &seed); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			f, err := instfile.Read(name, data, -1)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(f.Diagonals, genDiagonals(n, 4, seed)) {
				t.Errorf("%s differs from genDiagonals", name)
			}
			checked++
		}
	}
	files, err := untar(filepath.Join(dir, "Problems", "prob080", "data", "block-10.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		var m int
		var seed int64
		if _, err := fmt.Sscanf(name, "block-10-%d-%d.param", &m, &seed); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, err := instfile.Read(name, data, -1)
		if err != nil {
			t.Fatal(err)
		}
		bs, err := genBlocked(10, m, 4, seed)
		if err != nil || !slices.Equal(f.Blocked, bs) {
			t.Errorf("%s differs from genBlocked (%v)", name, err)
		}
		checked++
	}
	t.Logf("%d files checked", checked)
}

func TestParse(t *testing.T) {
	got, err := parseInts("1-3,7")
	if err != nil || !slices.Equal(got, []int{1, 2, 3, 7}) {
		t.Errorf("parseInts = %v, %v", got, err)
	}
	for _, bad := range []string{"", "3-1", "a", "1-"} {
		if _, err := parseInts(bad); err == nil {
			t.Errorf("parseInts(%q) takes it", bad)
		}
	}
	for s, want := range map[string][]int{"N-4..N": {6, 7, 8, 9, 10}, "N-2,N-1": {8, 9}, "2N,3N+1": {20, 31}, "18": {18}} {
		f, err := parseRel(s)
		if err != nil || !slices.Equal(f(10), want) {
			t.Errorf("parseRel(%q): %v; want %v at N = 10", s, err, want)
		}
	}
	for _, bad := range []string{"", "M", "N*2", "N-"} {
		if _, err := parseRel(bad); err == nil {
			t.Errorf("parseRel(%q) takes it", bad)
		}
	}
}

// TestPipelineLimit checks that the whole process group goes at the
// limit, a child that holds the output open included.
func TestPipelineLimit(t *testing.T) {
	start := time.Now()
	_, _, _, _, timedOut, err := pipeline([][]string{{"sh", "-c", "sleep 30 & sleep 30"}, {"cat"}}, os.Environ(), 200*time.Millisecond)
	if err != nil || !timedOut {
		t.Errorf("pipeline: timed out %v, %v", timedOut, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("pipeline took %s after the limit of 200ms", d)
	}
}

// smallInstances are the boards on which each peer's encoding must give
// our counts: Excluded Diagonals of the generator, Blocked n-Queens of
// the other generator, preset queens, and an empty board.
func smallInstances(t *testing.T) []queens.Instance {
	var out []queens.Instance
	for _, n := range []int{6, 8, 10} {
		ds := genDiagonals(n, 4, 3)
		for _, d := range []int{n / 2, n - 2} {
			out = append(out, queens.Instance{N: n, Excluded: ds[:d]})
		}
		bs, err := genBlocked(n, 2*n, 4, 5)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, queens.Instance{N: n, Blocked: bs})
	}
	return append(out,
		queens.Instance{N: 8},
		queens.Instance{N: 9, Queens: []queens.Square{{Row: 0, Col: 2}, {Row: 4, Col: 1}}, Blocked: []queens.Square{{Row: 8, Col: 8}}},
		queens.Instance{N: 7, Excluded: []queens.Diagonal{{Sum: true, K: 6}, {K: 0}}},
	)
}

func TestPeersCount(t *testing.T) {
	work := t.TempDir()
	for name, data := range map[string][]byte{"queens.lp": aspModel, "queens.mzn": mznModel} {
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	xs := smallInstances(t)
	for _, s := range solvers("", work) {
		if s.name == "queens" {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			if m := s.missing(); len(m) > 0 {
				t.Skipf("%s not found: the %s peer is not checked", strings.Join(m, ", "), s.name)
			}
			for i, in := range xs {
				want, err := in.Count(context.Background(), queens.Options{})
				if err != nil {
					t.Fatal(err)
				}
				f, err := writeFiles(work, fmt.Sprint(i), &in)
				if err != nil {
					t.Fatal(err)
				}
				r := s.run(&in, f, false, time.Minute, os.Environ())
				wantAnswer := ansSolution
				if want == (queens.Uint128{}) {
					wantAnswer = ansNone
				}
				if r.answer != wantAnswer {
					t.Errorf("instance %d (%+v): %s answers %s (%s), want %s", i, in, s.name, r.answer, r.msg, wantAnswer)
				}
				if s.count {
					r := s.run(&in, f, true, time.Minute, os.Environ())
					if r.answer != ansCount || fmt.Sprint(r.count) != want.String() {
						t.Errorf("instance %d (%+v): %s counts %s (%s), want %s", i, in, s.name, r.text(), r.msg, want)
					}
				}
			}
		})
	}
}
