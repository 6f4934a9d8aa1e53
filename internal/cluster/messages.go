package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/plan"
)

// The names of the JetStream objects a run uses. Every run shares them; the
// run ID in subjects and keys keeps runs apart.
const (
	// StreamName is the work-queue stream of units to count.
	StreamName = "QUEENS_WORK"
	// ConsumerName is the durable pull consumer every worker pulls from.
	ConsumerName = "queens-workers"
	// BucketName is the key-value bucket of manifests and results.
	BucketName = "queens"

	workSubjects   = "queens.work.>"
	controlSubject = "queens.control"
	maxMessageSize = 4096
)

// ErrIntegrity is wrapped by errors about results that cannot be trusted:
// two different results for one unit, or a store that holds a different
// run under the same key.
var ErrIntegrity = errors.New("integrity error")

// errMalformed is wrapped by the errors of messages that are not what they
// claim to be.
var errMalformed = errors.New("malformed")

// The format tags of the messages and records, so that a foreign message
// that happens to be JSON is told apart.
const (
	taskFormat     = "queens-task/1"
	resultFormat   = "queens-result/1"
	manifestFormat = "queens-run/1"
	piecesFormat   = "queens-pieces/1"
	controlFormat  = "queens-control/1"
)

// RunID returns the ID of the run that counts plan p: it names N, the plan
// version and the plan's fingerprint, so that a restarted coordinator
// finds the same run and a different plan never shares it.
func RunID(p *plan.Plan) string {
	return fmt.Sprintf("n%d-v%d-%s", p.N, p.Version, p.Fingerprint())
}

func workSubject(run string, unit int) string {
	return "queens.work." + run + "." + strconv.Itoa(unit)
}

func workSubjectsOf(run string) string { return "queens.work." + run + ".>" }

func msgID(run string, unit int) string { return run + "." + strconv.Itoa(unit) }

func manifestKey(run string) string { return run + ".manifest" }

func resultKey(run string, unit int) string { return run + ".unit." + strconv.Itoa(unit) }

func conflictKey(run string, unit int) string { return run + ".conflict." + strconv.Itoa(unit) }

// checkKey is the key of the second count of a unit that the run counts
// twice (see [Options.Double]); checkSuffix ends the subject of its task.
func checkKey(run string, unit int) string { return run + ".check." + strconv.Itoa(unit) }

const checkSuffix = ".check"

// piecesKey is the key under which the worker that counts the unit of
// task t in pieces keeps the pieces it has counted, so that a worker
// that takes the unit over after it stopped counts only the others.
func (t task) piecesKey() string {
	key := t.Run + ".pieces." + strconv.Itoa(t.Unit)
	if t.Check {
		key += checkSuffix
	}
	return key
}

// pieces is the record of the pieces of a unit counted so far: their
// mask and the sums of their counts (see plan.Result).
type pieces struct {
	Format string `json:"format"`
	Run    string `json:"run"`
	Unit   int    `json:"unit"`
	Pieces uint64 `json:"pieces"`
	Total  uint64 `json:"total"`
	Unique uint64 `json:"unique"`
	Nodes  uint64 `json:"nodes"`
	Check  string `json:"check"` // the CRC-32C of the fields above
}

func (r pieces) checksum() string {
	canon := fmt.Sprintf("%s %s %d %d %d %d %d", piecesFormat, r.Run, r.Unit, r.Pieces, r.Total, r.Unique, r.Nodes)
	return fmt.Sprintf("%08x", crc32.Checksum([]byte(canon), crc32.MakeTable(crc32.Castagnoli)))
}

func newPieces(run string, res plan.Result) pieces {
	r := pieces{Format: piecesFormat, Run: run, Unit: res.Unit, Pieces: res.Pieces, Total: res.Total, Unique: res.Unique, Nodes: res.Nodes}
	r.Check = r.checksum()
	return r
}

// decodePieces decodes the record of pieces of unit of the run.
func decodePieces(data []byte, run string, unit int) (plan.Result, error) {
	var r pieces
	if err := decodeStrict(data, &r); err != nil {
		return plan.Result{}, err
	}
	switch {
	case r.Format != piecesFormat:
		return plan.Result{}, fmt.Errorf("%w: format %q", errMalformed, r.Format)
	case r.Check != r.checksum():
		return plan.Result{}, fmt.Errorf("%w: checksum %s does not match the counts (want %s)", errMalformed, r.Check, r.checksum())
	case r.Run != run || r.Unit != unit:
		return plan.Result{}, fmt.Errorf("%w: pieces of run %s unit %d stored for unit %d of run %s", errMalformed, r.Run, r.Unit, unit, run)
	}
	return plan.Result{Unit: r.Unit, Total: r.Total, Unique: r.Unique, Nodes: r.Nodes, Pieces: r.Pieces}, nil
}

// keyOf returns the key of the result a task asks for.
func (t task) key() string {
	if t.Check {
		return checkKey(t.Run, t.Unit)
	}
	return resultKey(t.Run, t.Unit)
}

// doubleUnits returns the units of a run of units units that are counted
// twice, share of them (one at least when share > 0): chosen at random,
// but the same for every coordinator of the run.
func doubleUnits(run string, units int, share float64) []int {
	if share <= 0 || units == 0 {
		return nil
	}
	k := min(units, max(1, int(math.Ceil(share*float64(units)))))
	seed := crc32.Checksum([]byte(run), crc32.MakeTable(crc32.Castagnoli))
	chosen := rand.New(rand.NewPCG(uint64(seed), 0x7175656e73)).Perm(units)[:k]
	slices.Sort(chosen)
	return chosen
}

// parseResultKey returns the unit of a result key of the run.
func parseResultKey(run, key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, run+".unit.")
	if !ok {
		return 0, false
	}
	u, err := strconv.Atoi(rest)
	return u, err == nil && u >= 0 && strconv.Itoa(u) == rest
}

// task is the message that asks a worker to count one unit. It carries
// everything a worker needs to rebuild the plan and check that it is the
// same plan.
type task struct {
	Format      string `json:"format"`
	Run         string `json:"run"`
	N           int    `json:"n"`
	PlanVersion int    `json:"plan_version"`
	Fingerprint string `json:"fingerprint"`
	Unit        int    `json:"unit"`
	// Check marks the second count of a unit counted twice: its result
	// goes to the unit's check key, by a worker other than the first
	// where it can.
	Check bool `json:"check,omitempty"`
}

// manifest records what a run counts, once per run.
type manifest struct {
	Format      string `json:"format"`
	Run         string `json:"run"`
	N           int    `json:"n"`
	PlanVersion int    `json:"plan_version"`
	Fingerprint string `json:"fingerprint"`
	Units       int    `json:"units"`
}

func newManifest(run string, p *plan.Plan) manifest {
	return manifest{Format: manifestFormat, Run: run, N: p.N, PlanVersion: p.Version, Fingerprint: p.Fingerprint(), Units: len(p.Units)}
}

// record is a unit's result as the bucket stores it.
type record struct {
	Format string  `json:"format"`
	Run    string  `json:"run"`
	Unit   int     `json:"unit"`
	Total  uint64  `json:"total"`
	Unique uint64  `json:"unique"`
	Nodes  uint64  `json:"nodes"`
	Worker string  `json:"worker,omitempty"`
	Millis float64 `json:"elapsed_ms"`
	// Check is the CRC-32C of the canonical form of the fields above
	// that matter, so that a damaged or hand-made record is noticed.
	Check string `json:"check"`
}

func (r record) checksum() string {
	canon := fmt.Sprintf("%s %s %d %d %d %d", resultFormat, r.Run, r.Unit, r.Total, r.Unique, r.Nodes)
	return fmt.Sprintf("%08x", crc32.Checksum([]byte(canon), crc32.MakeTable(crc32.Castagnoli)))
}

func newRecord(run string, res plan.Result, worker string, millis float64) record {
	r := record{Format: resultFormat, Run: run, Unit: res.Unit, Total: res.Total, Unique: res.Unique, Nodes: res.Nodes, Worker: worker, Millis: millis}
	r.Check = r.checksum()
	return r
}

// sameCount reports whether two records give the same counts for the same
// unit; who counted and how long it took do not matter.
func (r record) sameCount(s record) bool {
	return r.Run == s.Run && r.Unit == s.Unit && r.Total == s.Total && r.Unique == s.Unique && r.Nodes == s.Nodes
}

func (r record) String() string {
	return fmt.Sprintf("total %d, unique %d, nodes %d (by %s)", r.Total, r.Unique, r.Nodes, r.Worker)
}

// control is a notice from a coordinator to the workers.
type control struct {
	Format string `json:"format"`
	Event  string `json:"event"` // "ready": the work queue is set up; "shutdown": the coordinator's server goes away
	Run    string `json:"run"`
	// The count's result, with "shutdown": a worker that joined a count
	// already finished, or that counted none of it, learns the outcome.
	N      int             `json:"n,omitempty"`
	Total  *queens.Uint128 `json:"total,omitempty"`
	Unique *queens.Uint128 `json:"unique,omitempty"`
}

// decodeStrict decodes one JSON object of a known shape, refusing unknown
// fields, trailing data and oversized input.
func decodeStrict(data []byte, v any) error {
	if len(data) > maxMessageSize {
		return fmt.Errorf("%w: %d bytes", errMalformed, len(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", errMalformed, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: data after the object", errMalformed)
	}
	return nil
}

// decodeRecord decodes a stored result and checks its format, checksum and
// that it belongs to the run and unit its key names.
func decodeRecord(data []byte, run string, unit int) (record, error) {
	var r record
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	switch {
	case r.Format != resultFormat:
		return r, fmt.Errorf("%w: format %q", errMalformed, r.Format)
	case r.Check != r.checksum():
		return r, fmt.Errorf("%w: checksum %s does not match the counts (want %s)", errMalformed, r.Check, r.checksum())
	case r.Run != run || r.Unit != unit:
		return r, fmt.Errorf("%w: result of run %s unit %d stored as unit %d of run %s", errMalformed, r.Run, r.Unit, unit, run)
	}
	return r, nil
}

// decodeTask decodes a work message and checks it against its subject.
func decodeTask(subject string, data []byte) (task, error) {
	var t task
	if err := decodeStrict(data, &t); err != nil {
		return t, err
	}
	switch {
	case t.Format != taskFormat:
		return t, fmt.Errorf("%w: format %q", errMalformed, t.Format)
	case t.Check && subject != workSubject(t.Run, t.Unit)+checkSuffix, !t.Check && subject != workSubject(t.Run, t.Unit):
		return t, fmt.Errorf("%w: task for run %s unit %d sent on %s", errMalformed, t.Run, t.Unit, subject)
	}
	return t, nil
}
