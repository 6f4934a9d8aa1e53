//go:build unix

package outfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// write creates path with Create, writes a line and commits it.
func write(t *testing.T, path string) {
	t.Helper()
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
}

// TestUmask creates new files under several umasks: each gets 0666 less
// the umask, as a shell's redirection gives, and a replaced file keeps
// its mode whatever the umask.
func TestUmask(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	for _, mask := range []int{0o077, 0o022, 0o002, 0o027} {
		syscall.Umask(mask)
		path := filepath.Join(dir, "new")
		os.Remove(path)
		write(t, path)
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != os.FileMode(0o666&^mask) {
			t.Errorf("umask %03o: a new file has mode %v, want %v", mask, fi.Mode().Perm(), os.FileMode(0o666&^mask))
		}
	}
	syscall.Umask(0o077)
	path := filepath.Join(dir, "shared")
	os.WriteFile(path, []byte("old\n"), 0o664)
	os.Chmod(path, 0o664)
	write(t, path)
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o664 {
		t.Errorf("umask 077: a replaced 0664 file became %v", fi.Mode().Perm())
	}
}

// TestKeepsOwner replaces a file that another user and group own: as
// root, the new file is theirs too.
func TestKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root may give a file to another user")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "theirs.txt")
	os.WriteFile(path, []byte("old\n"), 0o640)
	if err := os.Chown(path, 4321, 8765); err != nil {
		t.Skip(err)
	}
	write(t, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 4321 || st.Gid != 8765 || fi.Mode().Perm() != 0o640 {
		t.Errorf("the replaced file is owned by %d:%d with mode %v, want 4321:8765 and 0640", st.Uid, st.Gid, fi.Mode().Perm())
	}
}
