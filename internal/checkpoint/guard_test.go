package checkpoint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTornTailCutBeforeAppend guards the truncation of a torn last line
// when a checkpoint is resumed: after the resumed count appends a record,
// the file is exactly its good part and the new record. Without the cut,
// a torn tail longer than the new record would stay behind it, and one
// shorter would leave its bytes glued to nothing: the records would still
// parse, so only the file's length shows it.
func TestTornTailCutBeforeAppend(t *testing.T) {
	path := write(t, 1, 2, 3)
	clean := readFile(t, path)
	line, err := encodeLine(testRecord(9), fileSeed(t, path))
	if err != nil {
		t.Fatal(err)
	}
	for name, tail := range map[string]string{
		"zero bytes":     strings.Repeat("\x00", 4096),
		"long fragment":  strings.Repeat(`{"unit":7,"total":1,`, 20),
		"short fragment": `{"unit":7`,
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, append(slices.Clone(clean), tail...), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Open(path, testHeader)
			if err != nil {
				t.Fatal(err)
			}
			if f.Torn() != int64(len(tail)) {
				t.Errorf("Torn = %d, want %d", f.Torn(), len(tail))
			}
			if err := f.Append(testRecord(9)); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			got := readFile(t, path)
			if want := string(clean) + string(line); string(got) != want {
				t.Errorf("after the resumed append the file has %d bytes, want %d (the good part and the new record)", len(got), len(want))
			}
		})
	}
}

// TestSmallPlans guards the header check at its bounds: the count of
// N = 1 has one unit, those of N = 2 and 3 have none, and each has a
// checkpoint like any other.
func TestSmallPlans(t *testing.T) {
	for _, h := range []Header{{N: 1, PlanVersion: 3, Fingerprint: "01", Units: 1}, {N: 2, PlanVersion: 3, Fingerprint: "02", Units: 0}} {
		path := filepath.Join(t.TempDir(), "c")
		f, err := Open(path, h)
		if err != nil {
			t.Fatalf("N=%d, %d units: %v", h.N, h.Units, err)
		}
		if h.Units > 0 {
			if err := f.Append(Record{Unit: 0, Total: 1, Unique: 1}); err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
		if _, rs, err := Read(path); err != nil || len(rs) != h.Units {
			t.Errorf("N=%d: Read = %v, %v; want %d records", h.N, rs, err, h.Units)
		}
	}
}

// TestCorruptLineNumber guards the line number a damaged checkpoint's
// error names: the header is line 1, the first record line 2.
func TestCorruptLineNumber(t *testing.T) {
	path := write(t, 1, 2, 3, 4)
	clean := string(readFile(t, path))
	bad := strings.Replace(clean, `"total":3000009`, `"total":3000008`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Read(path); err == nil || !strings.Contains(err.Error(), "line 4:") {
		t.Errorf("Read of a checkpoint whose third record is damaged: %v, want an error naming line 4", err)
	}
}

// dirty reports whether f holds records not yet synced to disk.
func dirty(f *File) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dirty
}

// TestSyncPolicy guards when records reach the disk: a record appended
// within SyncInterval of the last sync waits for the batch, one appended
// after a longer quiet spell is synced at once, Sync syncs whatever is
// waiting, and so does Close.
func TestSyncPolicy(t *testing.T) {
	f, err := Open(filepath.Join(t.TempDir(), "c"), testHeader)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The last sync "in an hour": the batch waits that long, whatever
	// pauses the machine makes between Append and the look at it.
	f.mu.Lock()
	f.lastSync = time.Now().Add(time.Hour)
	f.mu.Unlock()
	if err := f.Append(testRecord(1)); err != nil {
		t.Fatal(err)
	}
	if !dirty(f) {
		t.Error("a record appended right after a sync was synced at once, not batched")
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if dirty(f) {
		t.Error("Sync left records unsynced")
	}
	// A quiet spell of several intervals: the next record is synced at
	// once.
	f.mu.Lock()
	f.lastSync = time.Now().Add(-20 * SyncInterval)
	f.mu.Unlock()
	if err := f.Append(testRecord(2)); err != nil {
		t.Fatal(err)
	}
	if dirty(f) {
		t.Error("a record appended after a quiet spell was not synced at once")
	}
	f.mu.Lock()
	f.lastSync = time.Now().Add(time.Hour)
	f.mu.Unlock()
	if err := f.Append(testRecord(3)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if dirty(f) {
		t.Error("Close left records unsynced")
	}
}

// TestOpenLeavesCleanFile guards the file of a checkpoint that ended
// cleanly, records or none: opening and closing it writes nothing, not
// even the header again or a cut at its own length, so that its time of
// modification stays that of the last record.
func TestOpenLeavesCleanFile(t *testing.T) {
	for _, units := range [][]int{nil, {1, 2}} {
		path := write(t, units...)
		before := readFile(t, path)
		old := time.Now().Add(-time.Hour).Truncate(time.Second)
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path, testHeader)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.ModTime().Equal(old) || string(readFile(t, path)) != string(before) {
			t.Errorf("a clean checkpoint of %d records was written to when opened: modified %v, want %v", len(units), fi.ModTime(), old)
		}
	}
}
