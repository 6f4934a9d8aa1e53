package outfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
