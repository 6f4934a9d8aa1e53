// Package outfile writes a result file so that readers never see it half
// written: the data goes to a temporary file in the same directory, which
// replaces the destination only when it is complete and synced.
package outfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// File is a result file being written. Write to it, then call Commit to put
// it in place, or Abort to drop it; Abort after Commit does nothing, so
// `defer f.Abort()` is the usual pattern.
type File struct {
	path string
	tmp  *os.File
	buf  *bufio.Writer
	done bool
}

// Create starts writing the file at path. Nothing appears at path, and a
// file already there stays as it is, until Commit. The special paths "" and
// "-" mean standard output, written through the same buffer, and Commit
// only flushes it; so do paths that are not regular files, such as
// /dev/null.
func Create(path string, stdout io.Writer) (*File, error) {
	if path == "" || path == "-" {
		return &File{buf: bufio.NewWriterSize(stdout, 1<<16)}, nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &File{tmp: f, buf: bufio.NewWriterSize(f, 1<<16)}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	return &File{path: path, tmp: tmp, buf: bufio.NewWriterSize(tmp, 1<<16)}, nil
}

// Write writes p to the buffer of the file.
func (f *File) Write(p []byte) (int, error) { return f.buf.Write(p) }

// WriteString writes s to the buffer of the file.
func (f *File) WriteString(s string) (int, error) { return f.buf.WriteString(s) }

// Commit flushes and syncs the file and renames it into place, with the
// permissions a newly created file gets.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if err := f.buf.Flush(); err != nil {
		f.remove()
		return err
	}
	if f.tmp == nil {
		return nil
	}
	if f.path == "" { // a device or pipe: nothing to rename
		return f.tmp.Close()
	}
	if err := f.tmp.Chmod(0o644); err != nil {
		f.remove()
		return err
	}
	if err := f.tmp.Sync(); err != nil {
		f.remove()
		return err
	}
	if err := f.tmp.Close(); err != nil {
		os.Remove(f.tmp.Name())
		return err
	}
	if err := os.Rename(f.tmp.Name(), f.path); err != nil {
		os.Remove(f.tmp.Name())
		return err
	}
	return nil
}

// Abort drops the file: the destination keeps what it held before. After
// Commit it does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.remove()
}

func (f *File) remove() {
	if f.tmp == nil {
		return
	}
	f.tmp.Close()
	if f.path != "" {
		os.Remove(f.tmp.Name())
	}
}
