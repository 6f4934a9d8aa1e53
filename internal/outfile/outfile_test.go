package outfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/filelock"
)

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "result.txt")
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	f.WriteString("92 solutions\n")
	f.Write(bytes.Repeat([]byte("x"), 200000)) // past the buffer
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the file exists before Commit: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) != 13+200000 || string(data[:13]) != "92 solutions\n" {
		t.Fatalf("file holds %d bytes, %v", len(data), err)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, want 0644", fi.Mode().Perm())
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %v after Commit, want the file alone", names)
	}
	f.Abort() // after Commit: nothing happens
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Abort after Commit removed the file: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Errorf("second Commit: %v", err)
	}
}

func TestAbortKeepsPrevious(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "result.txt")
	if err := os.WriteFile(path, []byte("previous\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(bytes.Repeat([]byte("new "), 100000)) // some of it reaches the temporary file
	if names := entries(t, dir); len(names) != 2 {
		t.Errorf("while writing, the directory holds %v, want the file and a temporary one", names)
	}
	f.Abort()
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "previous\n" {
		t.Errorf("after Abort the file holds %q, %v", data, err)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("after Abort the directory holds %v", names)
	}
	if err := f.Commit(); err != nil {
		t.Errorf("Commit after Abort: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "previous\n" {
		t.Errorf("Commit after Abort changed the file to %q", data)
	}
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "result.txt")
	os.WriteFile(path, []byte("old\n"), 0o600)
	f, _ := Create(path, nil)
	f.WriteString("new\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "new\n" {
		t.Errorf("file holds %q, want the new contents", data)
	}
}

func TestStdout(t *testing.T) {
	for _, path := range []string{"", "-"} {
		var out bytes.Buffer
		f, err := Create(path, &out)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("1 5 8 6 3 7 2 4\n")
		if out.Len() != 0 {
			t.Errorf("%q: written before Commit, without buffering", path)
		}
		if err := f.Commit(); err != nil || out.String() != "1 5 8 6 3 7 2 4\n" {
			t.Errorf("%q: standard output got %q, %v", path, out.String(), err)
		}
		out.Reset()
		f, _ = Create(path, &out)
		f.WriteString("dropped\n")
		f.Abort()
		if out.Len() != 0 {
			t.Errorf("%q: Abort wrote %q", path, out.String())
		}
	}
}

func TestDevice(t *testing.T) {
	f, err := Create(os.DevNull, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("gone\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode().IsRegular() {
		t.Errorf("%s replaced by a regular file: %v", os.DevNull, err)
	}
}

func TestCreateError(t *testing.T) {
	if _, err := Create(filepath.Join(t.TempDir(), "no", "dir", "x.txt"), nil); err == nil {
		t.Error("Create in a missing directory: no error")
	}
}

func TestKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after Commit: %v, %v; want 0600", fi.Mode().Perm(), err)
	}
}

func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "sub", "target.txt")
	os.WriteFile(target, []byte("old\n"), 0o640)
	link := filepath.Join(dir, "link.txt")
	dangling := filepath.Join(dir, "dangling.txt")
	if err := os.Symlink(filepath.Join("sub", "target.txt"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink(filepath.Join("sub", "new.txt"), dangling)
	for _, path := range []string{link, dangling} {
		f, err := Create(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("new\n")
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link: %v", path, err)
		}
		if data, err := os.ReadFile(path); err != nil || string(data) != "new\n" {
			t.Errorf("%s reads %q, %v; want the new contents", path, data, err)
		}
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("the target's mode became %v", fi.Mode().Perm())
	}
	if names := entries(t, filepath.Join(dir, "sub")); len(names) != 2 {
		t.Errorf("the target's directory holds %v", names)
	}
}

func TestReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.txt")
	if err := os.WriteFile(path, []byte("keep\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path, nil)
	if err == nil {
		f.Abort()
		t.Fatal("Create of a read-only file succeeded")
	}
	if !errors.Is(err, ErrReadOnly) || err.Error() != "cannot write "+path+": the file is read-only" {
		t.Errorf("Create of a read-only file: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "keep\n" {
		t.Errorf("the read-only file now holds %q", data)
	}
}

func TestErrorsNameNoTempFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such")
	_, err := Create(filepath.Join(dir, "x.txt"), nil)
	if err == nil || strings.Contains(err.Error(), ".tmp-") || !strings.Contains(err.Error(), "x.txt") {
		t.Errorf("Create in a missing directory: %v", err)
	}
}

// TestStaleTemp leaves temporary files as a killed process would, and one
// that a running process holds: Create removes the first and keeps the
// other.
func TestStaleTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.txt")
	old := time.Now().Add(-time.Minute)
	stale := filepath.Join(dir, ".x.txt.tmp-1933814768")
	held := filepath.Join(dir, ".x.txt.tmp-42")
	other := filepath.Join(dir, ".y.txt.tmp-7")
	for _, name := range []string{stale, held, other} {
		os.WriteFile(name, []byte("half a li"), 0o600)
		os.Chtimes(name, old, old)
	}
	h, err := os.OpenFile(held, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := filelock.TryLock(h); err != nil {
		t.Skip("no file locks here:", err)
	}
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("done\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	got := entries(t, dir)
	want := []string{".x.txt.tmp-42", ".y.txt.tmp-7", "x.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("directory holds %v, want %v", got, want)
	}
}

// writes records each write it is given.
type writes struct{ calls [][]byte }

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, bytes.Clone(p))
	return len(p), nil
}

// TestWholeLines writes lines in pieces that cut them anywhere: standard
// output gets whole lines only, at every write, and all of them at Commit.
func TestWholeLines(t *testing.T) {
	var w writes
	f, err := Create("-", &w)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	for i := range 50000 {
		line := strings.Repeat("7 ", i%40) + "8\n"
		want.WriteString(line)
		f.WriteString(line[:len(line)/3])
		f.Write([]byte(line[len(line)/3:]))
	}
	f.WriteString("no end")
	want.WriteString("no end")
	if len(w.calls) < 10 {
		t.Fatalf("%d writes before Commit, want the output passed on as it comes", len(w.calls))
	}
	for i, c := range w.calls {
		if !bytes.HasSuffix(c, []byte("\n")) {
			t.Fatalf("write %d of %d bytes ends in %q, not a newline", i, len(c), c[max(0, len(c)-10):])
		}
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := bytes.Join(w.calls, nil); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("standard output got %d bytes, want %d", len(got), want.Len())
	}

	// A line longer than MaxLine is passed on before its end.
	w.calls = nil
	f, _ = Create("-", &w)
	f.Write(bytes.Repeat([]byte("1 "), MaxLine/2+1))
	if len(w.calls) != 1 || len(w.calls[0]) < MaxLine {
		t.Errorf("a line of more than MaxLine bytes: %d writes", len(w.calls))
	}
	f.Abort()
}

// TestLongLineMemory writes a line of 200 MiB to standard output in
// pieces: past MaxLine it goes out as it comes, through one buffer,
// instead of a buffer grown afresh for every MaxLine, whose garbage a
// large solution would double the memory of.
func TestLongLineMemory(t *testing.T) {
	w := newLineWriter(io.Discard)
	piece := bytes.Repeat([]byte("12345 "), 64<<10/6)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for total := 0; total < 200<<20; total += len(piece) {
		if _, err := w.Write(piece); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 8*MaxLine {
		t.Errorf("a line of 200 MiB allocated %d MiB, want at most %d", got>>20, 8*MaxLine>>20)
	}
}
