package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/testenv"
)

// listKnown are the totals and unique counts of the boards the list
// tests run (OEIS A000170 and A002562).
var listKnown = map[int][2]int{
	1: {1, 1}, 2: {0, 0}, 3: {0, 0}, 4: {2, 1}, 5: {10, 2}, 6: {4, 1}, 7: {40, 6},
	8: {92, 12}, 9: {352, 46}, 10: {724, 92}, 11: {2680, 341}, 12: {14200, 1787},
}

func TestListGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"list-4-board", []string{"list", "4", "--format", "board"}},
		{"list-4-matrix", []string{"list", "4", "--format", "matrix"}},
		{"list-6-cols", []string{"list", "6"}},
		{"list-6-cols-base0", []string{"list", "6", "--format", "cols", "--base", "0"}},
		{"list-4-sentences", []string{"list", "4", "--format", "sentences"}},
		{"list-5-json", []string{"list", "5", "--format", "json"}},
		{"list-5-csv", []string{"list", "5", "--format", "csv"}},
		{"list-8-fen", []string{"list", "8", "--format", "fen", "--limit", "5"}},
		{"list-8-unique-board", []string{"list", "8", "--unique", "--format", "board", "--limit", "3"}},
		{"list-8-unique-cols", []string{"list", "8", "--unique"}},
		{"list-3-board", []string{"list", "3", "--format", "board"}},
		{"list-1-matrix", []string{"list", "1", "--format", "matrix"}},
		{"list-4-svg", []string{"list", "4", "--format", "svg"}},
		{"list-6-svg-limit", []string{"list", "6", "--format", "svg", "--limit", "1"}},
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantExit(t, 0)
		golden(t, tc.name, r.String())
	}
}

func TestListCounts(t *testing.T) {
	maxN := 12
	if !testenv.Slow() {
		maxN = 10
	}
	for n := 1; n <= maxN; n++ {
		for i, args := range [][]string{{"list", fmt.Sprint(n)}, {"list", fmt.Sprint(n), "--unique"}} {
			r := runCLI(t.Context(), nil, args...)
			r.wantExit(t, 0)
			got, want := strings.Count(r.stdout, "\n"), listKnown[n][i]
			wantErr := ""
			if want == 0 {
				wantErr = fmt.Sprintf("queens: the %d×%d board has no solutions\n", n, n)
			}
			if got != want || r.stderr != wantErr {
				t.Errorf("%s: %d lines, want %d; stderr %q, want %q", args, got, want, r.stderr, wantErr)
			}
		}
	}
	r := runCLI(t.Context(), nil, "list", "8")
	if first, _, _ := strings.Cut(r.stdout, "\n"); first != "1 5 8 6 3 7 2 4" {
		t.Errorf("first 8×8 solution %q, want 1 5 8 6 3 7 2 4", first)
	}
}

func TestListLimit(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		lines int
	}{
		{[]string{"list", "8", "--limit", "3"}, 3},
		{[]string{"list", "8", "--limit", "92"}, 92},
		{[]string{"list", "8", "--limit", "1000"}, 92},
		{[]string{"list", "8", "--limit", "0"}, 92},
		{[]string{"list", "8", "--unique", "--limit", "5"}, 5},
		{[]string{"list", "29", "--limit", "2"}, 2}, // a large board whose first solutions come at once
	} {
		r := runCLI(t.Context(), nil, tc.args...)
		r.wantExit(t, 0)
		if got := strings.Count(r.stdout, "\n"); got != tc.lines {
			t.Errorf("%s: %d lines, want %d", tc.args, got, tc.lines)
		}
	}
	// The footer of a listing cut short says how many it listed, and
	// claims no total for the board.
	r := runCLI(t.Context(), nil, "list", "8", "--format", "board", "--limit", "2")
	if !strings.HasSuffix(r.stdout, "\n\n2 solutions listed\n") || strings.Count(r.stdout, "Solution ") != 2 {
		t.Errorf("board --limit 2 does not end with the number listed:\n%s", r.stdout)
	}
	for _, tc := range [][]string{
		{"list", "8", "--unique", "--limit", "2", "--format", "board", "--lang", "zh"},
		{"solve", "8", "--lang", "zh"},
	} {
		r := runCLI(t.Context(), nil, tc...)
		if !strings.Contains(r.stdout, "列出了") || strings.Contains(r.stdout, "共有") {
			t.Errorf("%s: the footer claims a total:\n%s", tc, r.stdout)
		}
	}
}

// TestListVerifyRoundTrip lists solutions in every format and checks them
// with verify, which must find them all valid.
func TestListVerifyRoundTrip(t *testing.T) {
	for _, name := range format.Names() {
		if name == "svg" {
			continue // a picture; internal/format reads its queens back
		}
		for _, n := range []int{1, 4, 5, 6, 8} {
			if name == "fen" && n != 8 {
				continue
			}
			for _, base := range []string{"0", "1"} {
				for _, unique := range []bool{false, true} {
					args := []string{"list", fmt.Sprint(n), "--format", name}
					if name == "cols" || name == "csv" {
						args = append(args, "--base", base) // the others refuse it
					}
					if unique {
						args = append(args, "--unique")
					}
					l := runCLI(t.Context(), nil, args...)
					l.wantExit(t, 0)
					v := runCLI(t.Context(), strings.NewReader(l.stdout), "verify", "--base", base)
					i := 0
					if unique {
						i = 1
					}
					want := fmt.Sprintf("%d solutions checked, all valid\n", listKnown[n][i])
					if listKnown[n][i] == 1 {
						want = "1 solution checked, all valid\n"
					}
					if v.code != 0 || v.stdout != "" || v.stderr != want {
						t.Errorf("%s | queens verify --base %s:\n%s", strings.Join(args, " "), base, v)
					}
				}
			}
		}
	}
}

func TestListBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "8", "--format", "xml"}, `unknown format "xml"`},
		{[]string{"list", "10", "--format", "fen"}, "fen describes an 8×8 chess board, not 10×10"},
		{[]string{"list", "4", "--format", "fen"}, "fen describes an 8×8 chess board, not 4×4"},
		{[]string{"list", "8", "--base", "2"}, "--base must be 0 or 1, got 2"},
		{[]string{"list", "8", "--base", "x"}, `--base must be a whole number, got "x"`},
		{[]string{"list", "8", "--limit", "-1"}, "--limit must be 0 (no limit) or more, got -1"},
		{[]string{"list", "8", "--limit", "many"}, `--limit must be a whole number, got "many"`},
		{[]string{"list", "11", "--format", "svg"}, "svg draws at most 1000 boards"},
		{[]string{"list", "8", "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "out.txt")}, "cannot write"},
	} {
		runCLI(t.Context(), nil, tc.args...).wantError(t, 2, tc.want)
	}
}

func TestListOutputFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "eight.txt")
	r := runCLI(t.Context(), nil, "list", "8", "--format", "json", "-o", path)
	r.wantExit(t, 0)
	if r.stdout != "" || r.stderr != "" {
		t.Errorf("list -o wrote to the terminal:\n%s", r)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := runCLI(t.Context(), nil, "list", "8", "--format", "json").stdout; string(data) != want {
		t.Error("the file differs from standard output")
	}
	noTempFiles(t, dir, 1)
}

// noTempFiles fails the test unless dir holds exactly files files.
func noTempFiles(t *testing.T, dir string, files int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != files {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want %d files", names, files)
	}
}

func TestListInterrupted(t *testing.T) {
	for _, args := range [][]string{
		{"list", "14", "--format", "board"}, // serial
		{"list", "14"},                      // parallel, where there are several CPUs
		{"list", "14", "--unique", "--format", "json"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.txt")
		const previous = "the previous listing\n"
		if err := os.WriteFile(path, []byte(previous), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append(args, "-o", path)

		// Cancelled before it starts, and while it runs.
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		runCLI(ctx, nil, args...).wantExit(t, exitInterrupted)
		ctx, cancel = context.WithCancel(t.Context())
		time.AfterFunc(30*time.Millisecond, cancel) // as Ctrl-C would
		r := runCLI(ctx, nil, args...)
		cancel()
		if r.code != exitInterrupted || r.stderr != "queens: interrupted\n" {
			t.Fatalf("%s\nwant exit %d (the listing of N=14 takes longer than the timeout)", r, exitInterrupted)
		}
		data, err := os.ReadFile(path)
		if err != nil || string(data) != previous {
			t.Errorf("%s: after the interrupt the file holds %d bytes (%v), want the previous contents", args, len(data), err)
		}
		noTempFiles(t, dir, 1)
	}
}

// failWriter fails after a number of bytes.
type failWriter struct{ left int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.left {
		return 0, errors.New("no space left on device")
	}
	w.left -= len(p)
	return len(p), nil
}

func TestListWriteError(t *testing.T) {
	for _, workers := range []int{1, 3} {
		o := listOptions{n: 12, format: "cols", base: 1}
		_, err := listWith(t.Context(), &failWriter{left: 100000}, o, workers)
		if err == nil || err.Error() != "no space left on device" {
			t.Errorf("%d workers: error %v, want the writer's", workers, err)
		}
	}
}

// TestListParallelMatchesSerial checks that the listing with several
// workers writes the bytes of the serial one, in formats that number the
// solutions and in the orders and selections of the flags.
func TestListParallelMatchesSerial(t *testing.T) {
	sizes := []int{4, 8, 12, 13}
	if !testenv.Slow() {
		sizes = sizes[:3]
	}
	for _, n := range sizes {
		for _, o := range []listOptions{
			{n: n, format: "cols", base: 0},
			{n: n, format: "cols", base: 1},
			{n: n, format: "json", base: 1, limit: 1000},
			{n: n, format: "solution", base: 1},
			{n: n, format: "sentences", base: 1, unique: true},
			{n: n, format: "board", glyphs: "Q.", base: 1, unique: true, order: "columns", limit: 50},
		} {
			var serial bytes.Buffer
			want, err := listWith(t.Context(), &serial, o, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{2, 5} {
				var par bytes.Buffer
				got, err := listWith(t.Context(), &par, o, workers)
				if err != nil {
					t.Fatal(err)
				}
				if got != want || !bytes.Equal(par.Bytes(), serial.Bytes()) {
					t.Errorf("%+v, %d workers: %d solutions, output equal %v; serial %d", o, workers, got, bytes.Equal(par.Bytes(), serial.Bytes()), want)
				}
			}
		}
	}
}

func TestListAllocs(t *testing.T) {
	// The allocations of a serial listing do not grow with the number of
	// solutions. The count takes in every goroutine of the test binary,
	// and one of an earlier test may still be ending: the least of five
	// counts is the listing's own.
	allocs := func(n int) float64 {
		o := listOptions{n: n, format: "cols", base: 1}
		list := func() { listWith(context.Background(), discard{}, o, 1) }
		least := testing.AllocsPerRun(3, list)
		for range 4 {
			least = min(least, testing.AllocsPerRun(3, list))
		}
		return least
	}
	if a6, a10 := allocs(6), allocs(10); a10 > a6 {
		t.Errorf("listing allocates %v times for N=6 (4 solutions) and %v for N=10 (724)", a6, a10)
	}
}

// discard is io.Discard without its special cases.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func BenchmarkList(b *testing.B) {
	for _, tc := range []struct {
		name    string
		workers int
	}{{"serial", 1}, {"parallel", 2}} {
		b.Run(tc.name, func(b *testing.B) {
			o := listOptions{n: 12, format: "cols", base: 1}
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var total uint64
			for b.Loop() {
				n, _ := listWith(context.Background(), discard{}, o, tc.workers)
				total += n
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/solution")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(total), "allocs/solution")
		})
	}
}
