//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// TestOutputUmask writes -o and a shard part under umask 077 with the
// built command: the new files are 0600, as a shell's redirection makes
// them.
func TestOutputUmask(t *testing.T) {
	if !testenv.Slow() {
		t.Skip("builds the command")
	}
	bin := buildQueens(t)
	dir := t.TempDir()
	for _, args := range [][]string{
		{"list", "8", "-o", filepath.Join(dir, "u")},
		{"count", "8", "--shard", "0/2", "--quiet", "-o", filepath.Join(dir, "part-0.json")},
	} {
		cmd := exec.Command("sh", append([]string{"-c", `umask 077; exec "$@"`, "sh", bin}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		path := args[len(args)-1]
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%v under umask 077: mode %v, %v; want 0600", args, fi.Mode().Perm(), err)
		}
	}
}
