package queens

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/plan"
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
	// The fraction may step back a little as the weights of the parts of
	// the plan are measured again, but stays from 0 to 1.
	for i, r := range reports {
		if r.Fraction < 0 || r.Fraction > 1 {
			t.Errorf("report %d: fraction %g", i, r.Fraction)
		}
	}
}
