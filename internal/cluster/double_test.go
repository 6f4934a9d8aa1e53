package cluster

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/plan"
)

// TestDouble counts a fifth of the units twice, on two workers: the counts
// agree, and the result names the two workers of each such unit.
func TestDouble(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, Name: "alpha", Logf: t.Logf})
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, Name: "beta", Logf: t.Logf})
	p := newPlan(t, 11)
	res, err := Count(context.Background(), nc, p, Options{Logf: t.Logf, Double: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	checkKnown(t, res)
	if want := (len(p.Units) + 4) / 5; len(res.Doubled) != want {
		t.Fatalf("%d units counted twice, want %d", len(res.Doubled), want)
	}
	apart := 0
	for _, d := range res.Doubled {
		if d.First == "" || d.Second == "" {
			t.Errorf("unit %d: counted by %q and %q", d.Unit, d.First, d.Second)
		}
		if d.First != d.Second {
			apart++
		}
	}
	if apart == 0 {
		t.Errorf("no unit counted by two workers: %+v", res.Doubled)
	}
}

// TestDoubleDisagree has a faulty worker beside a good one, with every
// unit counted twice: the count fails, naming a unit and both workers.
func TestDoubleDisagree(t *testing.T) {
	s := testServer(t, "")
	nc := testConn(t, s)
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, Name: "good", Logf: t.Logf})
	goWork(t, testConn(t, s), WorkOptions{Workers: 1, Name: "faulty", Logf: t.Logf, spoil: func(r *plan.Result) { r.Total++ }})
	p := newPlan(t, 10)
	_, err := Count(context.Background(), nc, p, Options{Logf: t.Logf, Double: 1})
	if !errors.Is(err, ErrIntegrity) || !strings.Contains(err.Error(), "by good") || !strings.Contains(err.Error(), "by faulty") {
		t.Fatalf("error %v, want an integrity error naming both workers", err)
	}
}
