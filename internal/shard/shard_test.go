package shard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/plan"
)

// known holds the totals (OEIS A000170) and unique counts (OEIS A002562)
// of the board sizes the tests count; known[n] is board size n.
var known = map[int]struct{ total, unique uint64 }{
	1: {1, 1}, 3: {0, 0}, 4: {2, 1}, 8: {92, 12}, 10: {724, 92}, 12: {14200, 1787}, 13: {73712, 9233},
}

func newPlan(t *testing.T, n int) *plan.Plan {
	t.Helper()
	p, err := plan.New(n)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// parts counts every shard of m and returns the parts, each written and
// read back.
func parts(t *testing.T, p *plan.Plan, m int) ([]*Part, []string) {
	t.Helper()
	var pts []*Part
	var names []string
	for i := range m {
		pt, err := Count(context.Background(), p, Spec{i, m}, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := pt.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("shard %d/%d written and read back: %v", i, m, err)
		}
		pts = append(pts, back)
		names = append(names, fmt.Sprintf("part-%d.json", i))
	}
	return pts, names
}

func TestMergeKnown(t *testing.T) {
	for _, tc := range []struct{ n, m int }{{1, 1}, {3, 2}, {4, 3}, {8, 1}, {10, 7}, {12, 3}, {13, 4}, {8, 100}} {
		t.Run(fmt.Sprintf("n=%d,m=%d", tc.n, tc.m), func(t *testing.T) {
			p := newPlan(t, tc.n)
			pts, names := parts(t, p, tc.m)
			covered := 0
			for _, pt := range pts {
				covered += len(pt.Results)
			}
			if covered != len(p.Units) {
				t.Errorf("the shards hold %d results, the plan has %d units", covered, len(p.Units))
			}
			s, err := Merge(pts, names)
			if err != nil {
				t.Fatal(err)
			}
			want := known[tc.n]
			if s.Total.Uint64() != want.total || s.Unique.Uint64() != want.unique || s.Units != len(p.Units) {
				t.Errorf("merged: total %s, unique %s, %d units; want %d, %d, %d", s.Total, s.Unique, s.Units, want.total, want.unique, len(p.Units))
			}
		})
	}
}

func TestMergeRefuses(t *testing.T) {
	p := newPlan(t, 10)
	pts, names := parts(t, p, 3)
	other, otherNames := parts(t, newPlan(t, 9), 3)

	// Identical duplicates are fine, in any order.
	if _, err := Merge(append(append([]*Part{}, pts...), pts[1]), append(append([]string{}, names...), "copy.json")); err != nil {
		t.Errorf("merge with an identical duplicate: %v", err)
	}

	missing := append([]*Part{}, pts[0], pts[2])
	_, err := Merge(missing, []string{names[0], names[2]})
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "missing shards: 1/3") {
		t.Errorf("merge without shard 1: %v, want ErrMissing naming shard 1/3", err)
	}

	_, err = Merge([]*Part{pts[0], pts[1], other[2]}, []string{names[0], names[1], otherNames[2]})
	if !errors.Is(err, ErrMixed) {
		t.Errorf("merge of N=10 and N=9 parts: %v, want ErrMixed", err)
	}

	// A part that claims another plan version.
	foreign := *pts[2]
	foreign.PlanVersion++
	_, err = Merge([]*Part{pts[0], pts[1], &foreign}, names)
	if !errors.Is(err, ErrMixed) {
		t.Errorf("merge of plan versions %d and %d: %v, want ErrMixed", p.Version, foreign.PlanVersion, err)
	}
	// Parts of one version whose fingerprint is not this build's plan.
	var forged []*Part
	for _, pt := range pts {
		f := *pt
		f.Fingerprint = "0000000000000000"
		forged = append(forged, &f)
	}
	if _, err = Merge(forged, names); !errors.Is(err, ErrMixed) {
		t.Errorf("merge of parts of another plan: %v, want ErrMixed", err)
	}

	// The same unit with a different result.
	bad := *pts[1]
	bad.Results = append([]plan.Result{}, bad.Results...)
	bad.Results[0].Total += 8
	_, err = Merge([]*Part{pts[0], pts[1], pts[2], &bad}, append(names, "bad.json"))
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("merge with a conflicting duplicate: %v, want ErrConflict naming bad.json", err)
	}
	if _, err := Merge(nil, nil); !errors.Is(err, ErrMissing) {
		t.Errorf("merge of nothing: %v, want ErrMissing", err)
	}
}

func TestReadRefuses(t *testing.T) {
	p := newPlan(t, 8)
	pt, err := Count(context.Background(), p, Spec{1, 4}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := pt.Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	for name, text := range map[string]string{
		"empty":     "",
		"not json":  "N=8: 92 solutions",
		"truncated": good[:len(good)/2],
		"trailing":  good + "{}",
		"edited":    strings.Replace(good, `"total": `, `"total": 1`, 1),
		"format":    strings.Replace(good, `"queens-part"`, `"queens-checkpoint"`, 1),
		"version":   strings.Replace(good, `"format_version": 1`, `"format_version": 2`, 1),
		"unknown":   strings.Replace(good, `"n": 8,`, `"n": 8, "x": 1,`, 1),
		"shard":     strings.Replace(good, `"index": 1`, `"index": 4`, 1),
		"negative":  regexp.MustCompile(`"elapsed_ms": [0-9.e+-]+`).ReplaceAllString(good, `"elapsed_ms": -5`),
		"absurd":    regexp.MustCompile(`"elapsed_ms": [0-9.e+-]+`).ReplaceAllString(good, `"elapsed_ms": 1e308`),
		"century":   regexp.MustCompile(`"elapsed_ms": [0-9.e+-]+`).ReplaceAllString(good, `"elapsed_ms": 3.2e12`),
	} {
		if _, err := Read(strings.NewReader(text)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: Read = %v, want ErrFormat", name, err)
		}
	}
	// A part that leaves out one of its units, with a fresh checksum.
	short := *pt
	short.Results = short.Results[1:]
	short.Check = short.checksum()
	buf.Reset()
	short.Write(&buf)
	if _, err := Read(&buf); !errors.Is(err, ErrFormat) {
		t.Errorf("part without one of its units: %v, want ErrFormat", err)
	}
	// A unit of another shard, with a fresh checksum.
	moved := *pt
	moved.Results = append([]plan.Result{}, moved.Results...)
	moved.Results[0].Unit++
	moved.Check = moved.checksum()
	buf.Reset()
	moved.Write(&buf)
	if _, err := Read(&buf); !errors.Is(err, ErrFormat) {
		t.Errorf("part with a unit of another shard: %v, want ErrFormat", err)
	}
}

func TestParse(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	none := env(nil)
	for _, tc := range []struct {
		text string
		env  map[string]string
		want Spec
	}{
		{"0/3", nil, Spec{0, 3}},
		{"2/3", nil, Spec{2, 3}},
		{"0/1", nil, Spec{0, 1}},
		{"3", map[string]string{"JOB_COMPLETION_INDEX": "2"}, Spec{2, 3}},
		{"3", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, Spec{1, 3}},
		{"3", map[string]string{"JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "1"}, Spec{0, 3}},
		{"1/3", map[string]string{"JOB_COMPLETION_INDEX": "2"}, Spec{1, 3}},
	} {
		got, err := Parse(tc.text, env(tc.env))
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) with %v = %v, %v; want %v", tc.text, tc.env, got, err, tc.want)
		}
	}
	for _, text := range []string{"", "3", "/3", "3/3", "-1/3", "1/0", "1/-2", "a/3", "1/b", "1/2/3", "0x1/2"} {
		if got, err := Parse(text, none); !errors.Is(err, ErrSpec) {
			t.Errorf("Parse(%q) = %v, %v; want ErrSpec", text, got, err)
		}
	}
	if _, err := Parse("3", env(map[string]string{"SLURM_ARRAY_TASK_ID": "3"})); !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), "SLURM_ARRAY_TASK_ID") {
		t.Errorf("index 3 of 3 from Slurm: %v, want ErrSpec naming the variable", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/3", "3", "2/3", "a/b", "/", "9999999999999999999/1"} {
		f.Add(s, "1")
	}
	f.Fuzz(func(t *testing.T, text, index string) {
		s, err := Parse(text, func(string) string { return index })
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrSpec", text, err)
			}
			return
		}
		if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
			t.Fatalf("Parse(%q) = %v, outside 0 ≤ I < M", text, s)
		}
	})
}

func TestShardUnits(t *testing.T) {
	for units := range 12 {
		for m := 1; m <= 5; m++ {
			sum := 0
			for i := range m {
				n := 0
				for u := range units {
					if (Spec{i, m}).Has(u) {
						n++
					}
				}
				if got := ShardUnits(units, Spec{i, m}); got != n {
					t.Errorf("ShardUnits(%d, %d/%d) = %d, want %d", units, i, m, got, n)
				}
				sum += n
			}
			if sum != units {
				t.Errorf("the shards of %d cover %d of %d units", m, sum, units)
			}
		}
	}
}

func TestCountCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, newPlan(t, 12), Spec{0, 2}, 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Count with a cancelled context: %v, want context.Canceled", err)
	}
}

func FuzzRead(f *testing.F) {
	p, _ := plan.New(6)
	pt, _ := Count(context.Background(), p, Spec{0, 2}, 1, nil)
	var buf bytes.Buffer
	pt.Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format":"queens-part"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pt, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("Read error %v does not wrap ErrFormat", err)
			}
			return
		}
		if pt.Check != pt.checksum() || len(pt.Results) != ShardUnits(pt.Units, pt.Shard) {
			t.Fatalf("Read accepted an inconsistent part: %+v", pt)
		}
	})
}

func ExampleParse() {
	// A Slurm array task of --array=0-7 runs shard 5 of 8.
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "5"}
	s, err := Parse("8", func(k string) string { return env[k] })
	fmt.Println(s, err)
	s, err = Parse("2/8", nil)
	fmt.Println(s, err)
	// Output:
	// 5/8 <nil>
	// 2/8 <nil>
}
