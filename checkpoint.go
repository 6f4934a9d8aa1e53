package queens

import (
	"errors"

	"github.com/queenslab/queens/internal/checkpoint"
)

// Checkpoint is a file that records the finished units of a count, so
// that a count stopped by Ctrl-C, a kill or a crash resumes where it
// stopped: pass [Checkpoint.Resume] and [Checkpoint.Record] as the
// options of the same name. Each record is checksummed and bound to the
// file's header (N, plan version and fingerprint), and synced to disk
// within a tenth of a second; the file is locked while it is open.
type Checkpoint struct {
	f *checkpoint.File
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
	return &Checkpoint{f: f}, nil
}

// Resume returns the recorded result of a unit, if the file holds one.
func (c *Checkpoint) Resume(unit int) (UnitResult, bool) {
	r, ok := c.f.Done(unit)
	return UnitResult(r), ok
}

// Record appends the result of a unit to the file.
func (c *Checkpoint) Record(r UnitResult) error { return c.f.Append(checkpoint.Record(r)) }

// Resumed returns the number of units the file held when it was opened.
func (c *Checkpoint) Resumed() int { return len(c.f.Records()) }

// Units returns the number of units the file records now.
func (c *Checkpoint) Units() int { return c.f.Units() }

// Torn returns the bytes of an incomplete last record that opening the
// file dropped (a crash while it was written): its unit is counted again.
func (c *Checkpoint) Torn() int64 { return c.f.Torn() }

// Close syncs and closes the file.
func (c *Checkpoint) Close() error { return c.f.Close() }
