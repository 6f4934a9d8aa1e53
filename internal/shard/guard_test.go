package shard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/plan"
)

// without returns a copy of pt without the result of unit.
func without(pt *Part, unit int) *Part {
	c := *pt
	c.Results = nil
	for _, r := range pt.Results {
		if r.Unit != unit {
			c.Results = append(c.Results, r)
		}
	}
	return &c
}

// TestMergeOneUnitMissing guards the check that every unit has a result:
// a merge that lacks exactly one unit must fail, and name that unit. A
// check weakened to "more than one unit missing" would print a short
// total with success.
func TestMergeOneUnitMissing(t *testing.T) {
	p := newPlan(t, 8)
	whole, names := parts(t, p, 1)
	last := len(p.Units) - 1
	for _, unit := range []int{0, 40, last} {
		_, err := Merge([]*Part{without(whole[0], unit)}, names)
		want := fmt.Sprintf("1 of %d units have no result (units %d)", len(p.Units), unit)
		if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), want) {
			t.Errorf("merge without unit %d: %v, want ErrMissing saying %q", unit, err, want)
		}
	}
	// Every shard is there, one of them short of a unit: no shard is
	// named as missing.
	three, names3 := parts(t, p, 3)
	three[1] = without(three[1], 1)
	_, err := Merge(three, names3)
	if !errors.Is(err, ErrMissing) || !strings.HasSuffix(err.Error(), "(units 1)") {
		t.Errorf("merge of all shards, one without unit 1: %v, want ErrMissing ending with the unit", err)
	}
}

// TestMergeMissingList guards the list of missing units in the error:
// the first five, comma-separated, and an ellipsis only when there are
// more.
func TestMergeMissingList(t *testing.T) {
	p := newPlan(t, 8)
	pts, names := parts(t, p, 8)
	for _, tc := range []struct {
		shards []int
		want   string
	}{
		{[]int{0, 1, 2, 3, 4, 5, 7}, "(units 6, 14, 22, 30, 38, …); missing shards: 6/8"},
		{[]int{1, 2, 3, 4, 5, 6, 7}, "(units 0, 8, 16, 24, 32, …); missing shards: 0/8"},
	} {
		var sub []*Part
		var subNames []string
		for _, i := range tc.shards {
			sub, subNames = append(sub, pts[i]), append(subNames, names[i])
		}
		if _, err := Merge(sub, subNames); !errors.Is(err, ErrMissing) || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("merge of shards %v: %v, want ErrMissing ending %q", tc.shards, err, tc.want)
		}
	}
	// Exactly five missing units are listed without an ellipsis.
	short := pts[0]
	for _, u := range []int{8, 16, 24, 32} {
		short = without(short, u)
	}
	short = without(short, 0)
	_, err := Merge(append([]*Part{short}, pts[1:]...), names)
	if want := "5 of 78 units have no result (units 0, 8, 16, 24, 32)"; !errors.Is(err, ErrMissing) || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("merge without five units: %v, want ErrMissing ending %q", err, want)
	}
}

// TestMergeDuplicateDiffers guards the comparison of a unit's results in
// two parts: all of them must agree, not the total alone. A part whose
// result differs only in the unique count or only in the nodes is a
// conflict, and the error names both parts.
func TestMergeDuplicateDiffers(t *testing.T) {
	p := newPlan(t, 10)
	pts, names := parts(t, p, 3)
	for field, change := range map[string]func(*plan.Result){
		"unique": func(r *plan.Result) { r.Unique++ },
		"nodes":  func(r *plan.Result) { r.Nodes++ },
		"total":  func(r *plan.Result) { r.Total-- },
	} {
		bad := *pts[2]
		bad.Results = append([]plan.Result{}, bad.Results...)
		change(&bad.Results[3])
		all := []*Part{pts[0], pts[1], pts[2], &bad}
		_, err := Merge(all, append(append([]string{}, names...), "bad.json"))
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), " in "+names[2]+" but ") || !strings.HasSuffix(err.Error(), " in bad.json") {
			t.Errorf("duplicate that differs in %s: %v, want ErrConflict naming %s and bad.json", field, err, names[2])
		}
		// The same in the other order: the first part seen is named first.
		_, err = Merge([]*Part{&bad, pts[0], pts[1], pts[2]}, append([]string{"bad.json"}, names...))
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), " in bad.json but ") || !strings.HasSuffix(err.Error(), " in "+names[2]) {
			t.Errorf("duplicate that differs in %s, seen first: %v, want ErrConflict naming bad.json, then %s", field, err, names[2])
		}
	}
}

// TestMergeMixedNamesPart guards the error of parts of different counts:
// it names the first part and the one that differs from it.
func TestMergeMixedNamesPart(t *testing.T) {
	pts, names := parts(t, newPlan(t, 8), 3)
	other, _ := parts(t, newPlan(t, 9), 3)
	_, err := Merge([]*Part{pts[0], other[1], pts[2]}, []string{"a.json", "b.json", "c.json"})
	if !errors.Is(err, ErrMixed) || !strings.Contains(err.Error(), "a.json is N=8") || !strings.Contains(err.Error(), "but b.json is N=9") {
		t.Errorf("merge of N=8 and N=9 parts: %v, want ErrMixed naming a.json and b.json", err)
	}
	_, err = Merge([]*Part{pts[0], pts[1], other[2]}, names)
	if !errors.Is(err, ErrMixed) || !strings.Contains(err.Error(), "but "+names[2]+" is N=9") {
		t.Errorf("merge with an N=9 third part: %v, want ErrMixed naming %s", err, names[2])
	}
}

// rewrite writes pt with a fresh checksum, as a forger would, and reads
// it back.
func rewrite(t *testing.T, pt *Part) error {
	t.Helper()
	pt.Check = pt.checksum()
	var buf bytes.Buffer
	if err := pt.Write(&buf); err != nil {
		t.Fatal(err)
	}
	_, err := Read(&buf)
	return err
}

// TestReadRefusesUnitIDs guards the check of the unit IDs of a part with
// a valid checksum: an ID of the part's shard but beyond the plan (which
// Merge would use as an index), and a unit repeated in place of the next
// one, are refused.
func TestReadRefusesUnitIDs(t *testing.T) {
	p := newPlan(t, 8) // 78 units: shard 0/2 holds 0, 2, …, 76
	pt, err := Count(context.Background(), p, Spec{0, 2}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rewrite(t, pt); err != nil {
		t.Fatalf("a good part: %v", err)
	}
	beyond := *pt
	beyond.Results = append([]plan.Result{}, pt.Results...)
	beyond.Results[len(beyond.Results)-1].Unit = len(p.Units)
	if err := rewrite(t, &beyond); !errors.Is(err, ErrFormat) {
		t.Errorf("part with unit %d of a plan of %d units: %v, want ErrFormat", len(p.Units), len(p.Units), err)
	}
	repeated := *pt
	repeated.Results = append([]plan.Result{}, pt.Results...)
	repeated.Results[5] = repeated.Results[4]
	if err := rewrite(t, &repeated); !errors.Is(err, ErrFormat) {
		t.Errorf("part with unit %d twice: %v, want ErrFormat", repeated.Results[4].Unit, err)
	}
	negative := *pt
	negative.Results = append([]plan.Result{}, pt.Results...)
	negative.Shard = Spec{0, 1}
	negative.Units = len(pt.Results)
	negative.Results[0].Unit = -1
	if err := rewrite(t, &negative); !errors.Is(err, ErrFormat) {
		t.Errorf("part with unit -1: %v, want ErrFormat", err)
	}
}

// TestCountRefusesSpec guards the check of the shard Count is given: an
// index from 0 to M-1.
func TestCountRefusesSpec(t *testing.T) {
	p := newPlan(t, 6)
	for _, s := range []Spec{{3, 3}, {-1, 3}, {0, 0}, {4, 3}} {
		if _, err := Count(context.Background(), p, s, 1, nil); !errors.Is(err, ErrSpec) {
			t.Errorf("Count of shard %v: %v, want ErrSpec", s, err)
		}
	}
	for _, s := range []Spec{{0, 1}, {2, 3}} {
		if _, err := Count(context.Background(), p, s, 1, nil); err != nil {
			t.Errorf("Count of shard %v: %v", s, err)
		}
	}
}

// TestCountMillis guards the time a part records: in milliseconds, at
// most the time the count took.
func TestCountMillis(t *testing.T) {
	p := newPlan(t, 12)
	start := time.Now()
	pt, err := Count(context.Background(), p, Spec{0, 1}, 1, nil)
	elapsed := float64(time.Since(start).Microseconds()) / 1000
	if err != nil {
		t.Fatal(err)
	}
	if pt.Millis <= 0 || pt.Millis > elapsed {
		t.Errorf("part records %v ms, the count took %v ms", pt.Millis, elapsed)
	}
}

// TestParseRangeMessage guards the range an index error states.
func TestParseRangeMessage(t *testing.T) {
	_, err := Parse("5/3", nil)
	if want := "must be a whole number from 0 to 2 for 3 shards"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Parse(5/3): %v, want %q", err, want)
	}
}
