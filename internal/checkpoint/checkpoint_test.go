package checkpoint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var testHeader = Header{N: 12, PlanVersion: 1, Fingerprint: "f00dfeed", Units: 40}

func testRecord(unit int) Record {
	return Record{Unit: unit, Total: uint64(unit) * 1000003, Unique: uint64(unit) * 7, Nodes: 1<<40 + uint64(unit)}
}

// write creates a checkpoint at a new path holding the records of units.
func write(t *testing.T, units ...int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ckpt")
	f, err := Open(path, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		if err := f.Append(testRecord(u)); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func records(units ...int) []Record {
	var rs []Record
	for _, u := range units {
		rs = append(rs, testRecord(u))
	}
	return rs
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	path := write(t, 3, 0, 39, 17)
	want := records(3, 0, 39, 17)

	h, got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	wantH := testHeader
	wantH.Format, wantH.Version = FormatName, Version
	if h != wantH {
		t.Errorf("Read header = %+v, want %+v", h, wantH)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Read records = %v, want %v", got, want)
	}
	if n := bytes.Count(readFile(t, path), []byte("\n")); n != 5 {
		t.Errorf("file has %d lines, want 5", n)
	}

	f, err := Open(path, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !slices.Equal(f.Records(), want) || f.Torn() != 0 {
		t.Errorf("Open: records %v torn %d, want %v and 0", f.Records(), f.Torn(), want)
	}
	if r, ok := f.Done(39); !ok || r != testRecord(39) {
		t.Errorf("Done(39) = %v, %v", r, ok)
	}
	if _, ok := f.Done(1); ok {
		t.Error("Done(1) reports a unit never recorded")
	}
	// Appending a record already there changes nothing.
	before := readFile(t, path)
	if err := f.Append(testRecord(17)); err != nil {
		t.Errorf("Append of a recorded unit with the same result: %v", err)
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readFile(t, path), before) {
		t.Error("Append of a recorded unit changed the file")
	}
	// A new record is appended.
	if err := f.Append(testRecord(5)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, got, _ := Read(path); !slices.Equal(got, records(3, 0, 39, 17, 5)) {
		t.Errorf("after a resumed append: %v", got)
	}
}

func TestAppendErrors(t *testing.T) {
	f, err := Open(filepath.Join(t.TempDir(), "c"), testHeader)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Append(testRecord(2)); err != nil {
		t.Fatal(err)
	}
	other := testRecord(2)
	other.Total++
	if err := f.Append(other); !errors.Is(err, ErrConflict) {
		t.Errorf("Append of a conflicting record: %v, want ErrConflict", err)
	}
	for _, u := range []int{-1, testHeader.Units} {
		if err := f.Append(Record{Unit: u}); err == nil {
			t.Errorf("Append of unit %d outside the plan succeeded", u)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Append(testRecord(3)); !errors.Is(err, ErrClosed) {
		t.Errorf("Append after Close: %v, want ErrClosed", err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestTornLastLine(t *testing.T) {
	path := write(t, 1, 2, 3)
	clean := readFile(t, path)
	lines := strings.SplitAfter(string(clean), "\n")
	lastRecord := lines[len(lines)-2]
	withoutLast := strings.Join(lines[:len(lines)-2], "")

	cases := []struct {
		name    string
		content string
		want    []Record
	}{
		{"partial line", string(clean) + lastRecord[:20], records(1, 2, 3)},
		{"no newline", withoutLast + strings.TrimSuffix(lastRecord, "\n"), records(1, 2)},
		{"bad checksum", withoutLast + strings.Replace(lastRecord, `"total":3000009`, `"total":3000008`, 1), records(1, 2)},
		{"zero bytes", string(clean) + strings.Repeat("\x00", 4096), records(1, 2, 3)},
		{"garbage line", string(clean) + "}{\n", records(1, 2, 3)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, got, err := Read(path); err != nil || !slices.Equal(got, c.want) {
				t.Errorf("Read = %v, %v; want %v", got, err, c.want)
			}
			f, err := Open(path, testHeader)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if !slices.Equal(f.Records(), c.want) {
				t.Errorf("Open records = %v, want %v", f.Records(), c.want)
			}
			good := len(withoutLast)
			if len(c.want) == 3 {
				good = len(clean)
			}
			if f.Torn() != int64(len(c.content)-good) {
				t.Errorf("Torn = %d, want %d", f.Torn(), len(c.content)-good)
			}
			if err := f.Append(testRecord(9)); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			// The torn line is gone, and the new record follows the
			// last good one.
			_, got, err := Read(path)
			if want := append(slices.Clone(c.want), testRecord(9)); err != nil || !slices.Equal(got, want) {
				t.Errorf("after append: %v, %v; want %v", got, err, want)
			}
			if !strings.HasPrefix(string(readFile(t, path)), string(clean[:good])) {
				t.Error("the good part of the file changed")
			}
		})
	}
}

// refuse checks that Open refuses the checkpoint at path with an error
// wrapping want, and leaves the file as it was.
func refuse(t *testing.T, path string, h Header, want error) {
	t.Helper()
	before, _ := os.ReadFile(path)
	f, err := Open(path, h)
	if err == nil {
		f.Close()
		t.Fatalf("Open succeeded, want %v", want)
	}
	if !errors.Is(err, want) {
		t.Errorf("Open: %v, want %v", err, want)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error message has more than one line: %q", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a refused checkpoint was changed")
	}
}

func TestCorruptMiddle(t *testing.T) {
	path := write(t, 1, 2, 3)
	clean := string(readFile(t, path))
	cases := map[string]string{
		"changed digit":   strings.Replace(clean, `"total":2000006`, `"total":2000007`, 1),
		"truncated line":  strings.Replace(clean, `"nodes":1099511627778,`, ``, 1),
		"empty line":      strings.Replace(clean, "\n", "\n\n", 2),
		"removed newline": strings.Replace(clean, "}\n{\"unit\":2", "}{\"unit\":2", 1),
		"unknown field":   strings.Replace(clean, `{"unit":2,`, `{"unit":2,"x":1,`, 1),
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			if content == clean {
				t.Fatal("the test did not change the file")
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			refuse(t, path, testHeader, ErrCorrupt)
			if _, _, err := Read(path); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Read: %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestUnitOutsidePlan(t *testing.T) {
	path := write(t, 1, 39)
	small := testHeader
	small.Units = 39
	// A plan of another length is a mismatch, found in the header...
	refuse(t, path, small, ErrMismatch)
	// ...but a header and record that disagree are damage.
	line, err := encodeLine(Record{Unit: 40}, fileSeed(t, path))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(line)
	f.Write(line)
	f.Close()
	refuse(t, path, testHeader, ErrCorrupt)
}

func TestDuplicates(t *testing.T) {
	path := write(t, 1, 2)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	seed := fileSeed(t, path)
	same, _ := encodeLine(testRecord(1), seed)
	f.Write(same)
	f.Write(same)
	f.Close()
	// The same result twice is harmless.
	c, err := Open(path, testHeader)
	if err != nil {
		t.Fatalf("Open with a repeated record: %v", err)
	}
	if !slices.Equal(c.Records(), records(1, 2)) {
		t.Errorf("records = %v", c.Records())
	}
	c.Close()

	// A different result for the same unit is not.
	other := testRecord(2)
	other.Unique++
	diff, _ := encodeLine(other, seed)
	f, _ = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.Write(diff)
	f.Write(same) // so that the conflict is not the last line
	f.Close()
	refuse(t, path, testHeader, ErrConflict)
}

func TestMismatch(t *testing.T) {
	path := write(t, 1, 2, 3)
	for name, change := range map[string]func(*Header){
		"N":            func(h *Header) { h.N = 13 },
		"plan version": func(h *Header) { h.PlanVersion = 2 },
		"fingerprint":  func(h *Header) { h.Fingerprint = "deadbeef" },
		"units":        func(h *Header) { h.Units = 41 },
	} {
		t.Run(name, func(t *testing.T) {
			h := testHeader
			change(&h)
			refuse(t, path, h, ErrMismatch)
		})
	}
	// A header of a later format version.
	clean := string(readFile(t, path))
	newer := strings.Replace(strings.SplitAfter(clean, "\n")[0], fmt.Sprintf(`"version":%d`, Version), fmt.Sprintf(`"version":%d`, Version+1), 1)
	newer = string(mustLine(t, newer))
	os.WriteFile(path, []byte(newer), 0o644)
	refuse(t, path, testHeader, ErrMismatch)
}

// fileSeed returns the checksum of the header of the checkpoint at path,
// where the checksums of its records start.
func fileSeed(t *testing.T, path string) uint32 {
	t.Helper()
	first, _, _ := bytes.Cut(readFile(t, path), []byte("\n"))
	return headerSum(first)
}

// mustLine recomputes the checksum of a header line that a test changed.
func mustLine(t *testing.T, line string) []byte {
	t.Helper()
	i := strings.LastIndex(line, `,"crc":`)
	var h Header
	if err := json.Unmarshal([]byte(line[:i]+"}"), &h); err != nil {
		t.Fatal(err)
	}
	b, err := encodeLine(h, 0)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNotACheckpoint(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"text":          "hello\nworld\n",
		"json":          `{"a":1}` + "\n",
		"no newline":    `{"format":"queens-checkpoint","other":1`,
		"other program": `{"format":"other","version":1}` + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
			os.WriteFile(path, []byte(content), 0o644)
			refuse(t, path, testHeader, ErrNotCheckpoint)
		})
	}
	t.Run("damaged header", func(t *testing.T) {
		path := write(t)
		b := readFile(t, path)
		b[bytes.Index(b, []byte(`"n":12`))+5] = '3'
		os.WriteFile(path, b, 0o644)
		refuse(t, path, testHeader, ErrCorrupt)
	})
	t.Run("directory", func(t *testing.T) {
		f, err := Open(dir, testHeader)
		if err == nil || !strings.Contains(err.Error(), "directory") {
			t.Errorf("Open of a directory: %v", err)
			f.Close()
		}
	})
	t.Run("missing directory", func(t *testing.T) {
		f, err := Open(filepath.Join(dir, "no", "such"), testHeader)
		if err == nil {
			t.Error("Open in a missing directory succeeded")
			f.Close()
		}
		if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
			t.Error("Open created a directory")
		}
	})
}

// TestForeignRecords appends the records of a checkpoint of another count
// to one of this count: they must not pass as records of this count.
func TestForeignRecords(t *testing.T) {
	path := write(t, 1, 2)
	other := filepath.Join(t.TempDir(), "other")
	h := testHeader
	h.N, h.Fingerprint = 11, "0badf00d"
	f, err := Open(other, h)
	if err != nil {
		t.Fatal(err)
	}
	for u := 3; u < 8; u++ {
		f.Append(testRecord(u))
	}
	f.Close()
	_, foreign, _ := strings.Cut(string(readFile(t, other)), "\n")
	g, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	g.WriteString(foreign)
	g.Close()
	refuse(t, path, testHeader, ErrCorrupt)
	if _, _, err := Read(path); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Read: %v, want ErrCorrupt", err)
	}
}

// TestTornHeader opens a checkpoint whose creation was cut off while its
// header was being written: it starts afresh.
func TestTornHeader(t *testing.T) {
	path := write(t)
	header := readFile(t, path)
	for _, n := range []int{1, 20, len(header) - 1} {
		if err := os.WriteFile(path, header[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path, testHeader)
		if err != nil {
			t.Fatalf("Open with %d bytes of the header: %v", n, err)
		}
		f.Append(testRecord(5))
		f.Close()
		if _, got, err := Read(path); err != nil || !slices.Equal(got, records(5)) {
			t.Errorf("after %d bytes of the header: %v, %v", n, got, err)
		}
	}
}

// TestCreateRace opens a new checkpoint from several goroutines at once:
// exactly one may hold it, the others must find it locked.
func TestCreateRace(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no file locks here")
	}
	dir := t.TempDir()
	for i := range 300 {
		path := filepath.Join(dir, fmt.Sprint(i))
		var (
			wg     sync.WaitGroup
			start  = make(chan struct{})
			mu     sync.Mutex
			opened []*File
		)
		for range 4 {
			wg.Go(func() {
				<-start
				f, err := Open(path, testHeader)
				if err != nil && !errors.Is(err, ErrLocked) {
					t.Errorf("Open: %v", err)
				}
				if err == nil {
					mu.Lock()
					opened = append(opened, f)
					mu.Unlock()
				}
			})
		}
		close(start)
		wg.Wait()
		for _, f := range opened {
			f.Close()
		}
		if len(opened) != 1 {
			t.Fatalf("round %d: %d of 4 simultaneous Opens of a new checkpoint succeeded, want 1", i, len(opened))
		}
	}
}

func TestEmptyFileStartsAfresh(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Records()) != 0 {
		t.Errorf("records of a new checkpoint: %v", f.Records())
	}
	f.Close()
	if h, _, err := Read(path); err != nil || h.N != testHeader.N {
		t.Errorf("Read of the new checkpoint: %+v, %v", h, err)
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(entries))
	}
}

func TestLocked(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no file locks here")
	}
	path := write(t, 1)
	f, err := Open(path, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	refuse(t, path, testHeader, ErrLocked)
	f.Close()
	g, err := Open(path, testHeader)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	g.Close()
}

func TestBatchedSync(t *testing.T) {
	f, err := Open(filepath.Join(t.TempDir(), "c"), testHeader)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for u := range 10 {
		if err := f.Append(testRecord(u)); err != nil {
			t.Fatal(err)
		}
	}
	// The batch is synced after SyncInterval; a busy disk may take a
	// while longer.
	const patience = 30 * time.Second
	deadline := time.Now().Add(patience)
	for {
		f.mu.Lock()
		dirty := f.dirty
		f.mu.Unlock()
		if !dirty {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("records still not synced %v after they were appended", patience)
		}
		time.Sleep(SyncInterval / 10)
	}
	// Every record was written at once, before any sync.
	if _, got, err := Read(f.Path()); err != nil || len(got) != 10 {
		t.Errorf("Read: %d records, %v", len(got), err)
	}
}

func FuzzParse(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "c")
	c, err := Open(path, testHeader)
	if err != nil {
		f.Fatal(err)
	}
	for u := range 3 {
		c.Append(testRecord(u))
	}
	c.Close()
	seed, _ := os.ReadFile(path)
	f.Add(seed)
	f.Add(seed[:len(seed)-7])
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, rs, good, err := parse("c", data)
		if err != nil {
			return
		}
		if good < 0 || good > int64(len(data)) || good < int64(len(data)) && data[good-1] != '\n' {
			t.Fatalf("valid length %d of %d bytes", good, len(data))
		}
		seen := map[int]bool{}
		for _, r := range rs {
			if r.Unit < 0 || r.Unit >= h.Units || seen[r.Unit] {
				t.Fatalf("bad or repeated unit %d in %v", r.Unit, rs)
			}
			seen[r.Unit] = true
		}
		// The valid part parses to the same records, with nothing torn.
		_, rs2, good2, err := parse("c", data[:good])
		if err != nil || good2 != good || !slices.Equal(rs, rs2) {
			t.Fatalf("reparse of the valid part: %v %d %v", rs2, good2, err)
		}
	})
}
