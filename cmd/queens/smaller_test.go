package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPresetOnForbidden refuses, as bad input, a preset queen of --with
// on a square of --block or a diagonal of --exclude, naming them; a
// preset clear of both still has its completion.
func TestPresetOnForbidden(t *testing.T) {
	ctx := t.Context()
	runCLI(ctx, nil, "solve", "8", "--with", "b4,d5", "--block", "b4").wantError(t, 2, "the preset queen on b4 stands on a blocked square")
	runCLI(ctx, nil, "solve", "8", "--with", "a1", "--exclude", "sum:7").wantError(t, 2, "the preset queen on a1 stands on the excluded diagonal sum:7")
	runCLI(ctx, nil, "solve", "8", "--with", "1:1", "--exclude", "diff:0").wantError(t, 2, "excluded diagonal diff:0")
	runCLI(ctx, nil, "solve", "8", "--with", "b4", "--block", "c4").wantExit(t, 0)
}

// TestCountOneNodes counts the 1×1 board: its one queen is a node, as
// each queen placed is on the other boards.
func TestCountOneNodes(t *testing.T) {
	r := runCLI(t.Context(), nil, "count", "1")
	r.wantExit(t, 0)
	if !strings.Contains(r.stdout, "\nnodes: 1\n") {
		t.Errorf("%s\nwant nodes: 1", r)
	}
}

// TestCheckpointReadOnly refuses a read-only checkpoint file as -o
// refuses a read-only result file, even for root, and leaves it as it
// is.
func TestCheckpointReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.ckpt")
	if err := os.WriteFile(path, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	runCLI(t.Context(), nil, "count", "8", "--checkpoint", path).wantError(t, 2, "the file is read-only")
	if data, _ := os.ReadFile(path); len(data) != 0 {
		t.Errorf("the read-only checkpoint was written: %q", data)
	}
}

// TestOutputPseudoFS writes a solution into /sys, which has no free
// space to speak of: the error is that the file cannot be made, not that
// the disk is full.
func TestOutputPseudoFS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/sys is Linux's")
	}
	if _, err := os.Stat("/sys/kernel"); err != nil {
		t.Skip("no /sys")
	}
	r := runCLI(t.Context(), nil, "solve", "8", "-o", "/sys/queens-test.txt")
	r.wantError(t, 2, "cannot write /sys/queens-test.txt")
	if strings.Contains(r.stderr, "free") {
		t.Errorf("%s\nthe error speaks of free space", r)
	}
}
