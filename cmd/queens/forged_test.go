package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/checkpoint"
	"github.com/queenslab/queens/internal/message"
)

// forgeCheckpoint counts N = n with a checkpoint, then writes a copy of
// it whose records of the units forged say two solutions more, each with
// its checksum recomputed as an editor who knows the format would, and
// returns the copy's path.
func forgeCheckpoint(t *testing.T, n int, forged ...int) string {
	t.Helper()
	dir := t.TempDir()
	honest, copy := filepath.Join(dir, "honest.ckpt"), filepath.Join(dir, "forged.ckpt")
	runCLI(context.Background(), nil, "count", fmt.Sprint(n), "--quiet", "--checkpoint", honest).wantExit(t, exitOK)
	h, records, err := checkpoint.Read(honest)
	if err != nil {
		t.Fatal(err)
	}
	f, err := checkpoint.Open(copy, h)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, r := range records {
		for _, u := range forged {
			if r.Unit == u {
				r.Total += 2
			}
		}
		if err := f.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	return copy
}

// TestRecountForgedCheckpoint resumes a checkpoint with forged records:
// without --recount the count takes them, as a checksum cannot tell an
// edit; --recount 100 names every forged unit and fails with exit 4.
func TestRecountForgedCheckpoint(t *testing.T) {
	forged := []int{1, 5, 9}
	path := forgeCheckpoint(t, 12, forged...)
	r := runCLI(context.Background(), nil, "count", "12", "--quiet", "--checkpoint", path)
	r.wantExit(t, exitOK)
	if !strings.Contains(r.stdout, "14206") {
		t.Fatalf("%s\nwant the forged total 14206", r)
	}
	r = runCLI(context.Background(), nil, "count", "12", "--quiet", "--checkpoint", path, "--recount", "100")
	r.wantExit(t, exitMismatch)
	if !strings.Contains(r.stderr, "the recount disagrees on units 1, 5, 9;") {
		t.Errorf("%s\nwant units 1, 5 and 9 named, and no other", r)
	}
	r = runCLI(context.Background(), nil, "count", "12", "--quiet", "--checkpoint", path, "--recount", "100", "--lang", "zh")
	r.wantExit(t, exitMismatch)
	if line, _, _ := strings.Cut(r.stderr, "\n"); len(message.EnglishWords(line)) > 0 {
		t.Errorf("English in %q: %q", line, message.EnglishWords(line))
	}
}
