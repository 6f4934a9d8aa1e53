//go:build unix

package main

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queenslab/queens/internal/outfile"
)

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestHintsByCause checks that the hint of an error follows its cause: a
// full disk is named as such, for -o and for standard output, standard
// output never gets the hints of -o, and an address that is not this
// computer's is not taken for a port in use.
func TestHintsByCause(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err == nil {
		r := runCLI(context.Background(), nil, "list", "8", "-o", "/dev/full")
		r.wantError(t, exitUsage, "no space left on device")
		r.wantHint(t, "the disk is full")
	}
	for _, tc := range []struct {
		err  syscall.Errno
		hint string
	}{{syscall.ENOSPC, "the disk is full"}, {syscall.EIO, ""}, {syscall.EACCES, ""}} {
		var stderr strings.Builder
		stdout := failingWriter{&fs.PathError{Op: "write", Path: "/dev/stdout", Err: tc.err}}
		code := run(context.Background(), []string{"list", "8"}, strings.NewReader(""), stdout, &stderr)
		_, hint, _ := strings.Cut(stderr.String(), "queens: hint: ")
		if code != exitUsage || !strings.Contains(hint, tc.hint) || strings.Contains(hint, "-o") || tc.hint == "" && hint != "" {
			t.Errorf("list 8 to a standard output that fails with %v: exit %d, stderr %q", tc.err, code, stderr.String())
		}
	}
	for _, tc := range []struct {
		err        error
		file, done string
	}{
		{syscall.ENOSPC, "the disk is full", "the disk is full"},
		{syscall.EDQUOT, "the disk is full", "the disk is full"},
		{syscall.EROFS, "read-only", "read-only"},
		{syscall.EACCES, "writable directory", "rename"},
		{syscall.ENOENT, "writable directory", "rename"},
	} {
		err := &fs.PathError{Op: "open", Path: "x", Err: tc.err}
		if h := fileHint(err, "writable directory"); !strings.Contains(h, tc.file) {
			t.Errorf("fileHint(%v) = %q, want %q in it", tc.err, h, tc.file)
		}
		out, cerr := outfile.Create(filepath.Join(t.TempDir(), "out"), nil)
		if cerr != nil {
			t.Fatal(cerr)
		}
		out.Abort()
		if h := commitHint(out, err, "rename"); !strings.Contains(h, tc.done) || tc.done == "" && h != "" {
			t.Errorf("commitHint(%v) = %q, want %q in it", tc.err, h, tc.done)
		}
	}
	for _, tc := range []struct {
		err  syscall.Errno
		hint string
	}{{syscall.EADDRNOTAVAIL, "not an address of this computer"}, {syscall.EADDRINUSE, "another port"}, {syscall.EACCES, "below 1024"}} {
		if h := listenHint(&os.SyscallError{Syscall: "bind", Err: tc.err}); !strings.Contains(h, tc.hint) {
			t.Errorf("listenHint(%v) = %q, want %q in it", tc.err, h, tc.hint)
		}
	}
	// 192.0.2.1 (TEST-NET-1) is no address of this computer.
	r := runCLI(context.Background(), nil, "serve", "--addr", "192.0.2.1:8080")
	r.wantError(t, exitUsage, "cannot listen on 192.0.2.1:8080")
	r.wantHint(t, "not an address of this computer")
}

// TestWorkerGiveUpReport checks that a worker that finds no server gives
// up after --give-up, and says so.
func TestWorkerGiveUpReport(t *testing.T) {
	start := time.Now()
	r := runCLI(context.Background(), nil, "worker", "--nats", "nats://127.0.0.1:1", "--give-up", "1s")
	if took := time.Since(start); took < time.Second || !strings.Contains(r.stderr, "gave up after 1s") {
		t.Errorf("%s\nafter %v: want it to give up after 1s", r, took)
	}
}

// TestCheckpointNotCreatedHalf starts a count whose checkpoint cannot be
// written (a file size limit of 0): it fails, and leaves no checkpoint.
func TestCheckpointNotCreatedHalf(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	ckpt := filepath.Join(t.TempDir(), "count.ckpt")
	cmd := exec.Command("sh", "-c", `trap '' XFSZ; ulimit -f 0; exec "$0" count 8 --quiet --checkpoint "$1"`, bin, ckpt)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage || !strings.Contains(stderr.String(), "cannot create checkpoint") {
		t.Errorf("%v; stderr %q; want exit 2, cannot create checkpoint", err, stderr.String())
	}
	if _, err := os.Stat(ckpt); !os.IsNotExist(err) {
		t.Errorf("the failed count left its checkpoint behind (%v)", err)
	}
}
