package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/testenv"
)

// mixedInput holds valid and invalid placements in several formats.
const mixedInput = `# a few placements, some wrong
1 5 8 6 3 7 2 4
1 2 3 4 5 6 7 8
{"n":4,"index":1,"cols":[1,3,0,2]}
{"n":4,"index":2,"cols":[1,3,2,0]}
Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4 w - - 0 1
QQ6/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/8 w - - 0 1

Solution 1
. Q . .
. . . Q
Q . . .
. . Q .

Solution 2
. Q . .
Q . . .
. . . Q
. . Q .

index,c1,c2,c3,c4,c5
1,1,3,5,2,4
2,1,3,5,4,2
queen 1 in row 1, column 2; queen 2 in row 2, column 4; queen 3 in row 3, column 1; queen 4 in row 4, column 3
2 4 1 9
`

func TestVerifyGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"verify-mixed", mixedInput, []string{"verify"}, 1},
		{"verify-valid", "1 5 8 6 3 7 2 4\n2 4 1 3\n", []string{"verify"}, 0},
		{"verify-base0", "0 4 7 5 2 6 1 3\n", []string{"verify"}, 1},
		{"verify-base0-ok", "0 4 7 5 2 6 1 3\n", []string{"verify", "--base", "0"}, 0},
		{"verify-unreadable", "1 5 8 6 3 7 2 4\n2 4 1 3\nhello world\n1 2\n", []string{"verify"}, 2},
		{"verify-empty", "", []string{"verify"}, 2},
		{"verify-svg", "", []string{"verify", "testdata/list-4-svg.golden"}, 2},
	} {
		r := runCLI(t.Context(), strings.NewReader(tc.stdin), tc.args...)
		r.wantExit(t, tc.code)
		golden(t, tc.name, r.String())
	}
}

func TestVerifyReportsEveryInvalid(t *testing.T) {
	r := runCLI(t.Context(), strings.NewReader(mixedInput), "verify")
	r.wantExit(t, exitNo)
	want := []string{
		"line 3: queens in rows 1 and 2 share a diagonal",
		"line 5: queens in rows 2 and 3 share a diagonal",
		"line 7: row 1 holds 2 queens",
		"line 16: queens in rows 1 and 2 share a diagonal",
		"line 23: queens in rows 1 and 4 share a diagonal",
		"line 25: queen in row 4 stands in column 9, off the 4×4 board",
	}
	if got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verify reported\n%s\nwant\n%s", r.stdout, strings.Join(want, "\n"))
	}
	if r.stderr != "queens: error: 6 of 12 solutions are invalid\n" {
		t.Errorf("stderr %q", r.stderr)
	}
}

func TestVerifyFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ten.json")
	runCLI(t.Context(), nil, "list", "10", "--format", "json", "-o", path).wantExit(t, 0)
	r := runCLI(t.Context(), nil, "verify", path)
	if r.code != 0 || r.stdout != "" || r.stderr != "724 solutions checked, all valid\n" {
		t.Errorf("verify FILE:\n%s", r)
	}
	data, _ := os.ReadFile(path)
	r = runCLI(t.Context(), bytes.NewReader(data), "verify", "-")
	if r.code != 0 || r.stderr != "724 solutions checked, all valid\n" {
		t.Errorf("verify -:\n%s", r)
	}
}

func TestVerifyBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"verify", missing}, "", "cannot read " + missing + ": no such file or directory"},
		{[]string{"verify", t.TempDir()}, "", "is a directory"},
		{[]string{"verify", "a", "b"}, "", "verify reads one file, got 2 arguments"},
		{[]string{"verify", "--base", "7"}, "1 2\n", "--base must be 0 or 1, got 7"},
		{[]string{"verify"}, "2 4 1 3\n{\"cols\":[1,2\n", "standard input: line 2: the JSON ends too early"},
		{[]string{"verify"}, "Q . .\n. . Q\n", "standard input: line 1: a board 3 squares wide and 2 high"},
		{[]string{"verify"}, "# only a comment\n\n", "no solutions in standard input"},
	} {
		runCLI(t.Context(), strings.NewReader(tc.stdin), tc.args...).wantError(t, 2, tc.want)
	}
}

// TestVerifyHugeLine checks one solution of a million queens, written as
// one line of columns of about 7 MB, as 'queens solve' writes it.
func TestVerifyHugeLine(t *testing.T) {
	n := 1_000_000
	if !testenv.Slow() {
		n = 50_000
	}
	s, err := queens.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	w, _ := format.New("cols", &in, format.Options{})
	w.Write(1, s)
	w.Close()
	size := in.Len()
	s[n-1], s[n-2] = s[n-2], s[n-1] // and the same, spoilt
	w, _ = format.New("cols", &in, format.Options{})
	w.Write(2, s)
	w.Close()

	start := time.Now()
	r := runCLI(t.Context(), &in, "verify")
	t.Logf("verified two lines of %d columns (%d bytes each) in %v", n, size, time.Since(start))
	want := fmt.Sprintf("line 2: %v\n", s.Validate())
	if r.code != exitNo || r.stdout != want {
		t.Errorf("%s\nwant exit 1 and %q", r, want)
	}
}

func TestVerifyJSON(t *testing.T) {
	r := runCLI(t.Context(), strings.NewReader(mixedInput), "verify", "--json")
	r.wantExit(t, exitNo)
	var rep verifyReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("%s\nwant one JSON object: %v", r, err)
	}
	plain := runCLI(t.Context(), strings.NewReader(mixedInput), "verify")
	if int(rep.Checked-rep.Valid) != len(rep.Invalid) || len(rep.Invalid) != strings.Count(plain.stdout, "\n") {
		t.Errorf("report %+v; the plain output lists %d invalid placements", rep, strings.Count(plain.stdout, "\n"))
	}
	for i, inv := range rep.Invalid {
		if want := fmt.Sprintf("line %d: %s", inv.Line, inv.Error); strings.Split(plain.stdout, "\n")[i] != want || inv.Format == "" {
			t.Errorf("invalid %d: %+v, plain output %q", i, inv, strings.Split(plain.stdout, "\n")[i])
		}
	}
	r = runCLI(t.Context(), strings.NewReader("1 5 8 6 3 7 2 4\n"), "verify", "--json")
	r.wantExit(t, exitOK)
	if r.stdout != `{"checked":1,"valid":1,"invalid":[]}`+"\n" || r.stderr != "" {
		t.Errorf("%s\nwant the report of one valid solution alone", r)
	}
}

// TestVerifyReadsEveryListing lists boards in every --format and --style
// and verifies the listing: every solution is read back, and valid. The
// SVG picture is the one format verify refuses, with exit 2.
func TestVerifyReadsEveryListing(t *testing.T) {
	type listing struct{ flag, name string }
	var all []listing
	for _, f := range format.Names() {
		all = append(all, listing{"--format", f})
	}
	for _, s := range format.StyleNames() {
		all = append(all, listing{"--style", s})
	}
	for _, l := range all {
		for _, n := range []int{1, 4, 6, 8} {
			list := runCLI(t.Context(), nil, "list", fmt.Sprint(n), l.flag, l.name)
			if list.code != exitOK {
				continue // a format or style of 8×8 only
			}
			v := runCLI(t.Context(), strings.NewReader(list.stdout), "verify")
			want := fmt.Sprintf("%d solutions checked, all valid\n", countKnown[n][0])
			if n == 1 {
				want = "1 solution checked, all valid\n"
			}
			switch {
			case l.name == "svg":
				if v.code != exitUsage || !strings.Contains(v.stderr, "is not a solution format") {
					t.Errorf("list %d %s %s | verify: %s", n, l.flag, l.name, v)
				}
			case v.code != exitOK || v.stderr != want:
				t.Errorf("list %d %s %s | verify: %s\nwant %q", n, l.flag, l.name, v, want)
			}
		}
	}
}

// TestVerifyOnesAndZeros reads lines of columns made of 1s and 0s as
// columns, and rows of a matrix as rows.
func TestVerifyOnesAndZeros(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		code    int
	}{
		{"1 1 1 1\n", "line 1: queens in rows 1 and 2 share a column\n", exitNo},
		{"1 1\n", "line 1: queens in rows 1 and 2 share a column\n", exitNo},
		{"0 1\n1 1\n", "line 1: row 2 holds 2 queens\n", exitNo},
		{"1 5 8 6 3 7 2 4\n\n5\n", "line 3: queen in row 1 stands in column 5, off the 1×1 board\n", exitNo},
	} {
		r := runCLI(t.Context(), strings.NewReader(tc.in), "verify")
		if r.code != tc.code || r.stdout != tc.out {
			t.Errorf("verify of %q: %s\nwant exit %d and %q", tc.in, r, tc.code, tc.out)
		}
	}
}
