package queens

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/plan"
	"github.com/queenslab/queens/internal/testenv"
)

// TestRecountMismatch spoils the result of one unit on purpose: the
// recount of every unit finds it, and the error names the unit.
func TestRecountMismatch(t *testing.T) {
	countHook = func(r *plan.Result) {
		if r.Unit == 7 {
			r.Total++
		}
	}
	defer func() { countHook = nil }()
	_, err := Count(context.Background(), 12, Options{Workers: 2, Recount: 1})
	if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "unit 7:") {
		t.Fatalf("error %v, want ErrMismatch naming unit 7", err)
	}
}

// TestRecountAgrees checks that a recount of a tenth of the units of
// either engine agrees, and says how many units it recounted.
func TestRecountAgrees(t *testing.T) {
	for _, n := range []int{9, 13} {
		res, err := Count(context.Background(), n, Options{Workers: 2, Recount: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := PlanOf(context.Background(), n)
		if want := (p.Units + 9) / 10; res.Recounted != want {
			t.Errorf("N=%d: %d units recounted, want %d", n, res.Recounted, want)
		}
	}
}

// TestProgressEvery checks that a count reports on a timer, with the
// share done and an estimate of the time left, not only when units end.
func TestProgressEvery(t *testing.T) {
	var reports []Progress
	_, err := Count(context.Background(), 15, Options{Workers: 2, ProgressEvery: 20 * time.Millisecond, Progress: func(p Progress) {
		reports = append(reports, p)
	}})
	if err != nil {
		t.Fatal(err)
	}
	last := reports[len(reports)-1]
	if last.Fraction != 1 || last.ETA != 0 || last.Total != U128(2279184) {
		t.Errorf("last report %+v", last)
	}
	// The fraction is the cost done over the cost of all: from 0 to 1,
	// and it never falls, whatever the times measured say.
	for i, r := range reports {
		if r.Fraction < 0 || r.Fraction > 1 || i > 0 && r.Fraction < reports[i-1].Fraction {
			t.Errorf("report %d: fraction %g after %g", i, r.Fraction, reports[max(i-1, 0)].Fraction)
		}
	}
}

// TestProgressNeverFalls counts N = 19, whose plan the count takes in
// the estimator's order, reporting every millisecond: the fraction never
// falls, and the time left, once known, stays known.
func TestProgressNeverFalls(t *testing.T) {
	testenv.SkipUnlessSlow(t, "a count of N = 19")
	var reports []Progress
	_, err := Count(context.Background(), 19, Options{Workers: 2, ProgressEvery: time.Millisecond, Progress: func(p Progress) {
		reports = append(reports, p)
	}})
	if err != nil {
		t.Fatal(err)
	}
	known := false
	for i, r := range reports {
		if i > 0 && r.Fraction < reports[i-1].Fraction {
			t.Fatalf("report %d of %d: the fraction fell from %g to %g", i, len(reports), reports[i-1].Fraction, r.Fraction)
		}
		if known && r.ETA < 0 {
			t.Fatalf("report %d of %d: the time left was known and is not", i, len(reports))
		}
		known = known || r.ETA >= 0
	}
	if !known {
		t.Error("no report knew the time left")
	}
}
