package queens

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
)

// TestCountResumes counts N=13 once recording every unit, then again
// resuming half of them: the second count adds the recorded half and
// counts only the rest, to the same totals.
func TestCountResumes(t *testing.T) {
	ctx := context.Background()
	p, err := PlanOf(ctx, 13)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	recorded := map[int]UnitResult{}
	first, err := Count(ctx, 13, Options{Plan: p, Record: func(r UnitResult) error {
		mu.Lock()
		defer mu.Unlock()
		recorded[r.Unit] = r
		return nil
	}})
	if err != nil || len(recorded) != p.Units {
		t.Fatalf("first count: %v, %d of %d units recorded", err, len(recorded), p.Units)
	}
	counted := 0
	second, err := Count(ctx, 13, Options{
		Resume: func(unit int) (UnitResult, bool) {
			r, ok := recorded[unit]
			return r, ok && unit%2 == 0
		},
		Record: func(r UnitResult) error {
			if r.Unit%2 == 0 {
				t.Errorf("unit %d was resumed and counted again", r.Unit)
			}
			counted++
			return nil
		},
	})
	if err != nil || second.Total != first.Total || second.Unique != first.Unique || second.Total != U128(known[12].total) {
		t.Fatalf("resumed count: %v total, %v unique, error %v; want %v and %v", second.Total, second.Unique, err, first.Total, first.Unique)
	}
	if counted != p.Units/2 {
		t.Errorf("the resumed count counted %d units, want %d", counted, p.Units/2)
	}
}

// TestCountRecordError stops the count at the first error of Record.
func TestCountRecordError(t *testing.T) {
	full := errors.New("disk full")
	_, err := Count(context.Background(), 14, Options{Record: func(UnitResult) error { return full }})
	if !errors.Is(err, full) {
		t.Fatalf("Count with a failing Record: %v, want the Record error", err)
	}
}

// TestCheckpointResumes counts through a checkpoint file in two runs,
// the first stopped after a few units, and checks the second counts on.
func TestCheckpointResumes(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.ckpt")
	p, err := PlanOf(ctx, 14)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := OpenCheckpoint(path, p)
	if err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	n := 0
	_, err = Count(cctx, 14, Options{Plan: p, Workers: 1, Resume: cp.Resume, Record: func(r UnitResult) error {
		if n++; n == 10 {
			cancel()
		}
		return cp.Record(r)
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want context.Canceled", err)
	}
	cp.Close()
	cp, err = OpenCheckpoint(path, p)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if cp.Resumed() < 10 {
		t.Fatalf("the checkpoint holds %d units, want at least 10", cp.Resumed())
	}
	res, err := Count(ctx, 14, Options{Plan: p, Resume: cp.Resume, Record: cp.Record})
	if err != nil || res.Total != U128(known[13].total) || res.Unique != U128(known[13].unique) {
		t.Fatalf("resumed: %v total, %v unique, error %v", res.Total, res.Unique, err)
	}
	other, _ := PlanOf(ctx, 13)
	if _, err := OpenCheckpoint(path, other); !errors.Is(err, ErrCheckpointMismatch) && !errors.Is(err, ErrCheckpointLocked) {
		t.Errorf("the checkpoint of N=14 opened for N=13: %v", err)
	}
}
