package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/outfile"
)

// TestCommitOutputHint checks that a result file that cannot be renamed
// into place is a usage error whose hint says why queens renames, and
// that nothing is left behind.
func TestCommitOutputHint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := outfile.Create(filepath.Join(dir, "x.txt"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := out.Write([]byte("1 5 8 6 3 7 2 4\n")); err != nil {
		t.Fatal(err)
	}
	// The directory goes away while the file is written: the rename that
	// puts the file in place fails.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	err = commitOutput(out)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitUsage {
		t.Fatalf("commitOutput = %v, want a usage error", err)
	}
	if !strings.Contains(ee.hint, "renames it") {
		t.Errorf("hint %q does not say that queens renames the file", ee.hint)
	}
	var b bytes.Buffer
	if code := report(streams{errOut: &b}, err); code != exitUsage || strings.Count(b.String(), "\n") != 2 {
		t.Errorf("report: exit %d, %q; want exit 2 and two lines", code, b.String())
	}
	if strings.Contains(b.String(), ".tmp-") {
		t.Errorf("the error names the temporary file: %q", b.String())
	}
}
