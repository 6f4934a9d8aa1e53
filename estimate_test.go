package queens

import (
	"context"
	"testing"
	"time"
)

// TestEstimateProgress checks that an estimate reports its rounds of
// samples as it times them, and states an error.
func TestEstimateProgress(t *testing.T) {
	var reports []EstimateProgress
	e, err := EstimateCount(context.Background(), 14, EstimateOptions{Workers: 1, Budget: time.Second / 2,
		Progress: func(p EstimateProgress) { reports = append(reports, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) < 3 {
		t.Fatalf("%d reports, want one before the sample and one a round, 2 rounds at least", len(reports))
	}
	for i, r := range reports {
		if r.Phase != "sample" || i > 0 && (r.Samples <= reports[i-1].Samples || r.Elapsed < reports[i-1].Elapsed) {
			t.Fatalf("report %d of %d: %+v after %+v", i, len(reports), r, reports[max(i-1, 0)])
		}
	}
	if last := reports[len(reports)-1]; last.Samples != e.Samples || last.Error != e.Error {
		t.Errorf("the last report %+v is not the estimate's %d samples, error %g", last, e.Samples, e.Error)
	}
	if e.Error <= 0 || e.Error > 1 || e.Core <= 0 {
		t.Errorf("estimate %+v: core time or error amiss", e)
	}
}

// TestTQuantile checks the t quantiles against the table's.
func TestTQuantile(t *testing.T) {
	for _, c := range []struct {
		df   int
		want float64
	}{{1, 12.71}, {2, 4.30}, {5, 2.57}, {10, 2.23}, {25, 2.06}, {100, 1.98}} {
		got := tQuantile(c.df)
		if got < c.want || got > 1.2*c.want {
			t.Errorf("t(%d) = %.3f, want %.2f or a little more", c.df, got, c.want)
		}
	}
}
