package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestTryLock locks a file through one descriptor and finds it held
// through another, until the first is closed.
func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	a, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	held, err := TryLock(a)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("no file locks here")
	}
	if err != nil || held {
		t.Fatalf("first lock: held %v, error %v", held, err)
	}
	b, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if held, err := TryLock(b); err != nil || !held {
		t.Fatalf("second lock while the first is open: held %v, error %v", held, err)
	}
	a.Close()
	if held, err := TryLock(b); err != nil || held {
		t.Fatalf("second lock after the first is closed: held %v, error %v", held, err)
	}
}
