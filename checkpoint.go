package queens

import (
	"errors"

	"github.com/queenslab/queens/internal/checkpoint"
	"github.com/queenslab/queens/internal/plan"
)

// Checkpoint is a file that records the finished units of a count, so
// that a count stopped by Ctrl-C, a kill or a crash resumes where it
// stopped: pass [Checkpoint.Resume] and [Checkpoint.Record] as the
// options of the same name. Each record is checksummed and bound to the
// file's header (N, plan version and fingerprint), and synced to disk
// within a tenth of a second; the file is locked while it is open.
type Checkpoint struct {
	f *checkpoint.File
	p *plan.Plan
}

// Errors of [OpenCheckpoint], wrapped by its error.
var (
	ErrCheckpointMismatch = errors.New("checkpoint of another count")           // the file is the checkpoint of another count or plan
	ErrCheckpointCorrupt  = errors.New("damaged checkpoint")                    // the file was damaged or changed
	ErrCheckpointConflict = errors.New("checkpoint records a unit differently") // the file records a unit twice, differently
	ErrNotCheckpoint      = errors.New("not a queens checkpoint")               // the file is something else
	ErrCheckpointLocked   = errors.New("checkpoint in use")                     // another process has it open
)

// checkpointErrors pairs the errors of the checkpoint file with those of
// this package that stand for them.
var checkpointErrors = []errorPair{
	{checkpoint.ErrMismatch, ErrCheckpointMismatch},
	{checkpoint.ErrCorrupt, ErrCheckpointCorrupt},
	{checkpoint.ErrConflict, ErrCheckpointConflict},
	{checkpoint.ErrNotCheckpoint, ErrNotCheckpoint},
	{checkpoint.ErrLocked, ErrCheckpointLocked},
}

// OpenCheckpoint opens the checkpoint at path of a count with plan p,
// creating it when it does not exist. A checkpoint of another count, a
// damaged one or another file is refused and left as it is.
func OpenCheckpoint(path string, p *CountPlan) (*Checkpoint, error) {
	f, err := checkpoint.Open(path, checkpoint.Header{N: p.N, PlanVersion: p.Version, Fingerprint: p.Fingerprint, Units: p.Units})
	if err != nil {
		return nil, publicError(err, checkpointErrors...)
	}
	return &Checkpoint{f: f, p: p.p}, nil
}

// Resume returns the recorded result of a unit, if the file holds one:
// the whole unit's, or the sum of those of the pieces of it the file
// holds (see [UnitResult]).
func (c *Checkpoint) Resume(unit int) (UnitResult, bool) {
	r, ok := c.f.Done(unit)
	return UnitResult(r), ok
}

// Record appends the result of a unit, or of a piece of one, to the
// file. Once the file holds every piece of a unit, it appends the
// unit's whole result too, which a later run reads alone.
func (c *Checkpoint) Record(r UnitResult) error {
	if err := c.f.Append(checkpoint.Record(r)); err != nil || r.Pieces == 0 {
		return err
	}
	sum, _ := c.f.Done(r.Unit)
	whole, err := c.p.Merge(plan.Result(sum), plan.Result{})
	if err != nil || whole.Pieces != 0 {
		return err
	}
	return c.f.Append(checkpoint.Record(whole))
}

// Resumed returns the number of units the file held whole when it was
// opened.
func (c *Checkpoint) Resumed() int {
	whole := 0
	for _, r := range c.f.Records() {
		if r.Pieces == 0 {
			whole++
		}
	}
	return whole
}

// Units returns the number of units the file records now.
func (c *Checkpoint) Units() int { return c.f.Units() }

// Torn returns the bytes of an incomplete last record that opening the
// file dropped (a crash while it was written): its unit is counted again.
func (c *Checkpoint) Torn() int64 { return c.f.Torn() }

// Close syncs and closes the file.
func (c *Checkpoint) Close() error { return c.f.Close() }
