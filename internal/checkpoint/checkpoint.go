// Package checkpoint records the finished work units of a long count in a
// file, so that a count stopped by Ctrl-C, a kill or a crash resumes where
// it left off and ends with the same total.
//
// A checkpoint is a file of JSON lines: a [Header] (format, board size,
// the plan's version, fingerprint and length), then one [Record] per unit.
// Each line ends with a "crc" field, the CRC-32C of the line before it;
// a record's is taken over the header's bytes too, so that a record copied
// from another count's checkpoint does not pass. [Open] locks the file
// before it reads it. Records are appended and synced at most
// [SyncInterval] after they are written. A crash can tear only the last
// line, which Open cuts off; a bad line anywhere else means the file was
// damaged afterwards, and Open refuses it with [ErrCorrupt] rather than
// guess which records to trust.
package checkpoint

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/queenslab/queens/internal/filelock"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/outfile"
)

// FormatName is the value of the format field of every checkpoint header.
const FormatName = "queens-checkpoint"

// Version is the version of the file format that this package writes and
// reads.
const Version = 2

// SyncInterval is the longest time a record written by [File.Append]
// stays in the operating system's cache before it is synced to disk.
const SyncInterval = 100 * time.Millisecond

// Errors wrapped by the errors of [Open], [Read] and [File.Append].
var (
	// ErrMismatch: the checkpoint belongs to another count: another board
	// size, plan version, plan fingerprint or number of units.
	ErrMismatch = errors.New("checkpoint belongs to another count")
	// ErrCorrupt: the checkpoint has a bad line before its last one, a bad
	// header, or a record that cannot belong to its plan.
	ErrCorrupt = errors.New("checkpoint is damaged")
	// ErrConflict: a unit is recorded twice with different results.
	ErrConflict = errors.New("checkpoint records a unit twice with different results")
	// ErrNotCheckpoint: the file is not a queens checkpoint at all.
	ErrNotCheckpoint = errors.New("not a queens checkpoint")
	// ErrLocked: another process has the checkpoint open.
	ErrLocked = errors.New("checkpoint is in use by another process")
	// ErrClosed: the file was closed.
	ErrClosed = errors.New("checkpoint is closed")
)

// Header identifies the count a checkpoint belongs to.
type Header struct {
	Format      string `json:"format"`       // always FormatName
	Version     int    `json:"version"`      // the file format version, Version
	N           int    `json:"n"`            // the board size
	PlanVersion int    `json:"plan_version"` // the version of the work-unit plan
	Fingerprint string `json:"fingerprint"`  // the fingerprint of the plan
	Units       int    `json:"units"`        // the number of units in the plan
}

// Record is the result of one finished work unit, or of some pieces of a
// unit counted in pieces: Pieces has bit k set for each piece k it adds
// up, and is 0 for a whole unit's result.
type Record struct {
	Unit   int    `json:"unit"` // the unit's ID, from 0 to Header.Units-1
	Total  uint64 `json:"total"`
	Unique uint64 `json:"unique"`
	Nodes  uint64 `json:"nodes"`
	Pieces uint64 `json:"pieces,omitempty"`
}

// ledger holds the records of a checkpoint by unit: a unit's whole
// result, or else the records of the pieces of it counted so far.
type ledger struct {
	whole  map[int]Record
	pieces map[int][]Record
}

func newLedger(size int) ledger {
	return ledger{whole: make(map[int]Record, size), pieces: make(map[int][]Record)}
}

// add adds r and reports whether it is new; see check.
func (l *ledger) add(r Record) (bool, string) {
	known, conflict := l.check(r)
	if known || conflict != "" {
		return false, conflict
	}
	if r.Pieces == 0 {
		l.whole[r.Unit] = r
		delete(l.pieces, r.Unit)
	} else {
		l.pieces[r.Unit] = append(l.pieces[r.Unit], r)
	}
	return true, ""
}

// check reports whether r adds nothing to the ledger: a record it holds
// already, or the record of pieces of a unit it holds whole. For a record
// that tells a unit's result, or a piece's, differently from one held it
// returns what differs.
func (l *ledger) check(r Record) (known bool, conflict string) {
	if old, ok := l.whole[r.Unit]; ok {
		if r.Pieces == 0 && old != r {
			return false, fmt.Sprintf("unit %d was %s, now %s", r.Unit, describe(old), describe(r))
		}
		return true, ""
	}
	if r.Pieces == 0 {
		return false, ""
	}
	for _, old := range l.pieces[r.Unit] {
		if old == r {
			return true, ""
		}
		if old.Pieces&r.Pieces != 0 {
			return false, fmt.Sprintf("unit %d, pieces %#x, was %s, now pieces %#x, %s", r.Unit, old.Pieces, describe(old), r.Pieces, describe(r))
		}
	}
	return false, ""
}

// get returns the whole record of unit, or else the sum of the records
// of its pieces, whose Pieces marks them all, and whether there is any.
func (l *ledger) get(unit int) (Record, bool) {
	if r, ok := l.whole[unit]; ok {
		return r, true
	}
	parts := l.pieces[unit]
	if len(parts) == 0 {
		return Record{}, false
	}
	sum := Record{Unit: unit}
	for _, r := range parts {
		sum.Total += r.Total
		sum.Unique += r.Unique
		sum.Nodes += r.Nodes
		sum.Pieces |= r.Pieces
	}
	return sum, true
}

// File is an open checkpoint, ready for appending. Its methods are safe
// for use by several goroutines.
type File struct {
	path   string
	header Header
	seed   uint32   // the checksum of the header line, where each record's checksum starts
	loaded []Record // the records found when the file was opened, in file order
	torn   int64    // bytes of a torn last line cut off at open
	units  ledger

	mu       sync.Mutex
	f        *os.File
	dirty    bool // written but not yet synced
	lastSync time.Time
	timer    *time.Timer
	err      error // the first write or sync error; it sticks
}

// Open opens the checkpoint at path for the count that h describes, and
// locks it against other processes. The Format and Version fields of h are
// filled in by Open.
//
// When no file exists at path, or an empty one, Open creates the
// checkpoint with its header. Otherwise it reads the file: a header that
// does not match h gives an error wrapping [ErrMismatch], a bad line
// before the last one or a record of a unit outside the plan one wrapping
// [ErrCorrupt], two records of a unit that differ one wrapping
// [ErrConflict]. The file is not changed when Open fails. A torn last line
// is cut off: [File.Torn] tells how many bytes were dropped.
func Open(path string, h Header) (*File, error) {
	h.Format, h.Version = FormatName, Version
	if err := checkHeader(h); err != nil {
		return nil, err
	}
	header, err := encodeLine(h, 0)
	if err != nil {
		return nil, err
	}
	verb := "open"
	switch fi, err := os.Stat(path); {
	case errors.Is(err, os.ErrNotExist):
		verb = "create"
	case err != nil:
		return nil, fmt.Errorf("cannot open checkpoint: %w", err)
	case fi.IsDir():
		return nil, fmt.Errorf("checkpoint %s is a directory", path)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("checkpoint %s is not a regular file", path)
	default:
		// A file made read-only stays as it is, even for root, as for -o.
		if err := outfile.CheckWritable(path, fi.Mode()); err != nil {
			return nil, fmt.Errorf("cannot %s checkpoint %s: %w", verb, path, err)
		}
	}

	// The file is locked before anything decides whether it is new, so
	// that of two processes starting at once one holds the checkpoint and
	// the other finds it locked.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot %s checkpoint %s: %w", verb, path, unwrapPath(err))
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %s", err, path)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("checkpoint %s is not a regular file", path)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot read checkpoint: %w", err)
	}
	if bytes.HasPrefix(header, data) && len(data) < len(header) {
		// A new file, an empty one, or one whose header was torn as it
		// was written: no record can be lost by writing the header.
		if err := writeHeader(f, header); err != nil {
			if verb == "create" {
				// No checkpoint is left behind without its header: the
				// next count would take the empty file for its own.
				os.Remove(path)
			}
			f.Close()
			return nil, fmt.Errorf("cannot create checkpoint %s: %w", path, unwrapPath(err))
		}
		syncDir(filepath.Dir(path))
		data = header
	}
	got, records, good, err := parse(path, data)
	if err == nil {
		err = match(path, got, h)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	cf := &File{path: path, header: h, seed: headerSum(header), loaded: records, torn: int64(len(data)) - good, units: newLedger(len(records)), f: f, lastSync: time.Now()}
	for _, r := range records {
		cf.units.add(r)
	}
	if cf.torn > 0 {
		err := f.Truncate(good)
		if err == nil {
			err = f.Sync()
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot cut the torn last line off checkpoint %s: %w", path, err)
		}
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot open checkpoint: %w", err)
	}
	return cf, nil
}

// Read reads the checkpoint at path without changing or locking it, and
// returns its header and records, in file order. A torn last line is
// ignored. The errors are those of [Open], but for [ErrMismatch].
func Read(path string) (Header, []Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Header{}, nil, fmt.Errorf("cannot read checkpoint: %w", err)
	}
	h, records, _, err := parse(path, data)
	return h, records, err
}

// writeHeader makes the locked file f hold only the header line, synced
// to disk.
func writeHeader(f *os.File, header []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.WriteAt(header, 0); err != nil {
		return err
	}
	return f.Sync()
}

// unwrapPath drops the operation and temporary file name from a
// *os.PathError, which would only confuse the reader of the message.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*os.PathError](err); ok {
		return pe.Err
	}
	return err
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Path returns the path of the checkpoint.
func (f *File) Path() string { return f.path }

// Header returns the header of the checkpoint.
func (f *File) Header() Header { return f.header }

// Records returns the records that the checkpoint held when it was opened,
// in file order, each once: a unit's whole result, or those of its
// pieces that came before it.
func (f *File) Records() []Record { return slices.Clone(f.loaded) }

// Torn returns the number of bytes of a torn last line that [Open] cut
// off; 0 when the file ended cleanly.
func (f *File) Torn() int64 { return f.torn }

// Units returns the number of units the file records whole: those it
// held when it was opened and those appended since.
func (f *File) Units() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.units.whole)
}

// Done reports whether the checkpoint holds the record of unit, or of
// some of its pieces, and returns it: the unit's whole record, or the
// sum of the records of its pieces, with Pieces marking them all.
func (f *File) Done(unit int) (Record, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.units.get(unit)
}

// Append records the result of a finished unit, or of pieces of one.
// The record is written at once and synced within [SyncInterval].
// Appending a record the file already holds, or one of pieces of a unit
// it holds whole, does nothing; appending a different result for a unit
// or a piece it holds returns an error wrapping [ErrConflict]. After a
// write or sync error, every later call returns that error.
func (f *File) Append(r Record) error {
	if r.Unit < 0 || r.Unit >= f.header.Units {
		return fmt.Errorf("checkpoint %s: unit %d outside the plan of %d units", f.path, r.Unit, f.header.Units)
	}
	line, err := encodeLine(r, f.seed)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if f.f == nil {
		return ErrClosed
	}
	if known, conflict := f.units.check(r); conflict != "" {
		return fmt.Errorf("%w: %s: %s", ErrConflict, f.path, conflict)
	} else if known {
		return nil
	}
	if _, err := f.f.Write(line); err != nil {
		f.err = fmt.Errorf("cannot write checkpoint: %w", err)
		return f.err
	}
	f.units.add(r)
	f.dirty = true
	if wait := SyncInterval - time.Since(f.lastSync); wait <= 0 {
		return f.syncLocked()
	} else if f.timer == nil {
		f.timer = time.AfterFunc(wait, func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.timer = nil
			if f.f != nil && f.err == nil {
				f.syncLocked()
			}
		})
	}
	return nil
}

func describe(r Record) string {
	return fmt.Sprintf("total %d unique %d nodes %d", r.Total, r.Unique, r.Nodes)
}

// Sync writes every record appended so far to disk.
func (f *File) Sync() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if f.f == nil {
		return ErrClosed
	}
	return f.syncLocked()
}

func (f *File) syncLocked() error {
	if !f.dirty {
		return nil
	}
	if err := f.f.Sync(); err != nil {
		f.err = fmt.Errorf("cannot sync checkpoint: %w", err)
		return f.err
	}
	f.dirty, f.lastSync = false, time.Now()
	return nil
}

// Close syncs the records appended so far, releases the lock and closes
// the file. It returns the first write or sync error of the file's life.
// Closing a closed File does nothing.
func (f *File) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.f == nil {
		return f.err
	}
	if f.timer != nil {
		f.timer.Stop()
		f.timer = nil
	}
	if f.err == nil {
		f.syncLocked()
	}
	if err := f.f.Close(); err != nil && f.err == nil {
		f.err = fmt.Errorf("cannot close checkpoint: %w", err)
	}
	f.f = nil
	return f.err
}

// crcTable is the CRC-32C table: the checksum of every line.
var crcTable = crc32.MakeTable(crc32.Castagnoli)

// crcField opens the checksum field, the last of every line.
var crcField = []byte(`,"crc":"`)

// encodeLine returns v as a JSON object with the checksum field added at
// its end, and a newline. The checksum continues from seed: 0 for the
// header, the header's checksum for a record.
func encodeLine(v any, seed uint32) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	b = append(b[:len(b)-1], crcField...)
	sum := crc32.Update(seed, crcTable, b[:len(b)-len(crcField)])
	b = fmt.Appendf(b, "%08x\"}\n", sum)
	return b, nil
}

// headerSum returns the checksum of a header line: the seed of the
// checksums of the records that follow it.
func headerSum(line []byte) uint32 {
	i := bytes.LastIndex(line, crcField)
	if i < 0 {
		return 0
	}
	return crc32.Checksum(line[:i], crcTable)
}

// decodeLine checks the checksum of one line, without its newline, which
// continues from seed as in [encodeLine], and decodes the line into v.
// Fields that v does not have are an error.
func decodeLine(line []byte, v any, seed uint32) error {
	i := bytes.LastIndex(line, crcField)
	if i < 0 {
		return errors.New("no checksum")
	}
	hexSum := line[i+len(crcField):]
	if len(hexSum) != 8+2 || string(hexSum[8:]) != `"}` {
		return errors.New("malformed checksum")
	}
	var want [4]byte
	if _, err := hex.Decode(want[:], hexSum[:8]); err != nil {
		return errors.New("malformed checksum")
	}
	sum := crc32.Update(seed, crcTable, line[:i])
	if sum != uint32(want[0])<<24|uint32(want[1])<<16|uint32(want[2])<<8|uint32(want[3]) {
		return errors.New("checksum mismatch")
	}
	dec := json.NewDecoder(io.MultiReader(bytes.NewReader(line[:i]), bytes.NewReader([]byte("}"))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad record: %v", message.JSONError(err))
	}
	return nil
}

// parse reads the content of a checkpoint. It returns the header, the
// records, each unit once, and the length of the valid part of data: all
// of it but a torn last line.
func parse(path string, data []byte) (Header, []Record, int64, error) {
	var h Header
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || !bytes.HasPrefix(first, []byte(`{"format":"`+FormatName+`"`)) {
		return h, nil, 0, fmt.Errorf("%s is %w: its first line is not a checkpoint header", path, ErrNotCheckpoint)
	}
	if err := decodeLine(first, &h, 0); err != nil {
		return h, nil, 0, fmt.Errorf("%w: %s line 1, the header: %v", ErrCorrupt, path, err)
	}
	if err := checkHeader(h); err != nil {
		return h, nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	seed := headerSum(first)
	good := int64(len(first) + 1)
	var records []Record
	units := newLedger(0)
	for lineNo := 2; len(rest) > 0; lineNo++ {
		line, next, complete := bytes.Cut(rest, []byte("\n"))
		last := len(next) == 0
		var r Record
		err := decodeLine(line, &r, seed)
		if !complete || err != nil && last {
			break // a torn last line: ignored
		}
		if err != nil {
			return h, nil, 0, fmt.Errorf("%w: %s line %d: %v", ErrCorrupt, path, lineNo, err)
		}
		if r.Unit < 0 || r.Unit >= h.Units {
			return h, nil, 0, fmt.Errorf("%w: %s line %d: unit %d outside the plan of %d units", ErrCorrupt, path, lineNo, r.Unit, h.Units)
		}
		if added, conflict := units.add(r); conflict != "" {
			return h, nil, 0, fmt.Errorf("%w: %s line %d: %s", ErrConflict, path, lineNo, conflict)
		} else if added {
			records = append(records, r)
		}
		good += int64(len(line) + 1)
		rest = next
	}
	return h, records, good, nil
}

// checkHeader checks that the format version of h is one this package
// reads and that its fields make sense.
func checkHeader(h Header) error {
	if h.Version != Version {
		return fmt.Errorf("%w: checkpoint format version %d, this program reads version %d", ErrMismatch, h.Version, Version)
	}
	if h.N < 1 || h.Units < 0 {
		return fmt.Errorf("%w: header has N=%d and %d units", ErrCorrupt, h.N, h.Units)
	}
	return nil
}

// match checks that the header got, read from path, is the header want of
// the count about to run.
func match(path string, got, want Header) error {
	switch {
	case got.N != want.N:
		return fmt.Errorf("%w: %s was written for N=%d, not N=%d", ErrMismatch, path, got.N, want.N)
	case got.PlanVersion != want.PlanVersion:
		return fmt.Errorf("%w: %s was written with work-unit plan version %d, this program uses version %d", ErrMismatch, path, got.PlanVersion, want.PlanVersion)
	case got.Fingerprint != want.Fingerprint:
		return fmt.Errorf("%w: %s was written for the plan with fingerprint %s, this program's plan has %s", ErrMismatch, path, got.Fingerprint, want.Fingerprint)
	case got.Units != want.Units:
		return fmt.Errorf("%w: %s was written for a plan of %d units, this program's plan has %d", ErrMismatch, path, got.Units, want.Units)
	}
	return nil
}

// lock takes an exclusive lock on f, without waiting: ErrLocked when
// another process holds it. A file system without locks goes on unlocked.
func lock(f *os.File) error {
	held, err := filelock.TryLock(f)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		return nil
	case err != nil:
		return err
	case held:
		return ErrLocked
	}
	return nil
}
