package queens

import (
	"context"
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/queenslab/queens/internal/plan"
)

// piecedPlan returns the plan of the n×n board with its units cut into
// pieces of about cost each, as those of N = 28 are cut by their time.
func piecedPlan(t *testing.T, n int, cost float64) *CountPlan {
	t.Helper()
	p, err := plan.NewPieced(n, cost)
	if err != nil {
		t.Fatal(err)
	}
	return &CountPlan{N: n, Version: p.Version, Engine: p.Engine, Fingerprint: p.Fingerprint(),
		Units: len(p.Units), UniqueScale: p.UniqueScale, p: p}
}

// TestCheckpointOfPieces counts N = 13 with its units in pieces and a
// checkpoint, stopped three times: each run counts only the pieces the
// file lacks, the file holds the pieces of units begun and a whole
// record of each unit finished, and the last run ends with the known
// counts.
func TestCheckpointOfPieces(t *testing.T) {
	ctx := context.Background()
	whole, err := plan.NewJoin(13)
	if err != nil {
		t.Fatal(err)
	}
	var most float64
	for _, u := range whole.Units {
		most = max(most, u.Cost())
	}
	p := piecedPlan(t, 13, most/20)
	pieces := 0
	for _, u := range p.p.Units {
		pieces += u.Pieces()
	}
	if pieces < 2*len(p.p.Units) {
		t.Fatalf("%d pieces in %d units: too few to test", pieces, len(p.p.Units))
	}
	path := filepath.Join(t.TempDir(), "pieces.ckpt")
	counted := map[[2]int]int{} // how often each piece or unit was counted
	record := func(cp *Checkpoint, stop int, cancel func()) func(UnitResult) error {
		var n atomic.Int64
		return func(r UnitResult) error {
			key := [2]int{r.Unit, int(r.Pieces)}
			if r.Pieces != 0 && bits.OnesCount64(r.Pieces) != 1 {
				t.Errorf("unit %d: a record of pieces %#x, not of one piece", r.Unit, r.Pieces)
			}
			counted[key]++
			if int(n.Add(1)) == stop {
				cancel()
			}
			return cp.Record(r)
		}
	}
	for run, stop := range []int{pieces / 5, pieces / 3, pieces / 4, 0} {
		cp, err := OpenCheckpoint(path, p)
		if err != nil {
			t.Fatal(err)
		}
		cctx, cancel := context.WithCancel(ctx)
		res, err := Count(cctx, 13, Options{Plan: p, Workers: 3, Resume: cp.Resume, Record: record(cp, stop, cancel)})
		cancel()
		cp.Close()
		if stop > 0 {
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("run %d: %v, want context.Canceled", run, err)
			}
			continue
		}
		if err != nil || res.Total != U128(known[12].total) || res.Unique != U128(known[12].unique) {
			t.Fatalf("last run: %v total, %v unique, error %v", res.Total, res.Unique, err)
		}
	}
	for key, n := range counted {
		if n > 1 {
			t.Errorf("unit %d, pieces %#x: counted %d times", key[0], key[1], n)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if lines, want := strings.Count(string(data), `"pieces"`), pieces-len(p.p.Units); lines < want/2 {
		t.Errorf("the checkpoint holds %d records of pieces, want about %d", lines, want)
	}
	cp, err := OpenCheckpoint(path, p)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if cp.Units() != len(p.p.Units) || cp.Resumed() != len(p.p.Units) {
		t.Errorf("the finished checkpoint holds %d units whole (%d resumed), want %d", cp.Units(), cp.Resumed(), len(p.p.Units))
	}
}

// TestResumeRefusesStrangePieces resumes a count from results of pieces a
// unit does not have: the count refuses them.
func TestResumeRefusesStrangePieces(t *testing.T) {
	p := piecedPlan(t, 11, 1e3)
	u := p.p.Units[1]
	bad := map[int]UnitResult{
		u.ID: {Unit: u.ID, Total: 1, Pieces: 1 << u.Pieces()},
		0:    {Unit: 0, Total: 1, Pieces: 1},
	}
	for unit, r := range bad {
		_, err := Count(context.Background(), 11, Options{Plan: p, Resume: func(i int) (UnitResult, bool) {
			return r, i == unit
		}})
		if !errors.Is(err, ErrInconsistent) {
			t.Errorf("resumed %+v: %v, want ErrInconsistent", r, err)
		}
	}
}
