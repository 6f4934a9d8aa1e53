// Package outfile writes a result file so that readers never see it half
// written: the data goes to a temporary file in the same directory, which
// replaces the destination only when it is complete and synced.
//
// A new file gets the permissions a shell's redirection gives, 0666 less
// the umask; a replaced one keeps its permissions and, where the process
// may set them, its owner and group. A symbolic link is followed and its
// target replaced, and a read-only destination is refused. A
// temporary file is locked while it is written; one that a killed process
// left behind is removed by the next Create of the same destination.
package outfile

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/queenslab/queens/internal/filelock"
)

// ErrReadOnly is wrapped by the error of [Create] when the destination is
// a read-only file.
var ErrReadOnly = errors.New("the file is read-only")

// staleAge is how old an unlocked temporary file must be before Create
// takes it for the leftover of a killed process: a file just created by
// another process may not be locked yet.
const staleAge = time.Second

// File is a result file being written. Write to it, then call Commit to put
// it in place, or Abort to drop it; Abort after Commit does nothing, so
// `defer f.Abort()` is the usual pattern.
type File struct {
	path   string      // the path given to Create
	target string      // the file that path names, after symbolic links
	mode   fs.FileMode // the permissions the file gets
	// keepMode: a file is replaced, and mode is its permissions; else
	// the new file keeps those it was created with.
	keepMode bool
	owner    owner // the owner and group of the replaced file
	tmp      *os.File
	buf      writeFlusher
	done     bool
}

// writeFlusher is the buffer of a File.
type writeFlusher interface {
	io.Writer
	io.StringWriter
	Flush() error
}

// Create starts writing the file at path. Nothing appears at path, and a
// file already there stays as it is, until Commit. The special paths "" and
// "-" mean standard output, written through the same buffer, and Commit
// only flushes it; so do paths that are not regular files, such as
// /dev/null or a pipe. Those are written in whole lines, so that a reader
// of an output that stops early never gets half a line: only a line
// longer than [MaxLine] is written before its end.
//
// When path is a symbolic link, the file it points to is written. A
// destination without write permission gives an error wrapping
// [ErrReadOnly].
func Create(path string, stdout io.Writer) (*File, error) {
	return CreateContext(context.Background(), path, stdout)
}

// CreateContext is [Create], which returns ctx.Err() soon after ctx ends
// while the open of a named pipe waits for a reader (see [Open]).
func CreateContext(ctx context.Context, path string, stdout io.Writer) (*File, error) {
	if path == "" || path == "-" {
		return &File{buf: newLineWriter(stdout)}, nil
	}
	target, err := resolve(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	// A new file is created 0666 and the system takes the umask off, as
	// for a shell's redirection; the umask is never read, nor changed.
	mode, keepMode, own := fs.FileMode(0o666), false, owner{}
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			f, err := Open(ctx, target, os.O_WRONLY)
			if ctxErr := ctx.Err(); ctxErr != nil && f == nil {
				return nil, ctxErr
			}
			if err != nil {
				return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
			}
			return &File{tmp: f, buf: newLineWriter(f)}, nil
		}
		mode, keepMode, own = fi.Mode().Perm(), true, ownerOf(fi)
		if err := CheckWritable(target, fi.Mode()); err != nil {
			return nil, fmt.Errorf("cannot write %s: %w", path, err)
		}
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base)
	tmp, err := createTemp(dir, tempPrefix(base), mode)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	filelock.TryLock(tmp)
	return &File{path: path, target: target, mode: mode, keepMode: keepMode, owner: own, tmp: tmp, buf: bufio.NewWriterSize(tmp, 1<<16)}, nil
}

// createTemp creates a new file in dir whose name starts with prefix,
// with the permissions perm less the umask. A file that replaces another
// is created with that file's permissions, so that what it holds is
// never readable by more users than the old file's.
func createTemp(dir, prefix string, perm fs.FileMode) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// MaxLine is the length of the longest line that the standard output and
// other streams of a [File] hold back until its end.
const MaxLine = 16 << 20

// lineWriter buffers what goes to a stream and passes it on in whole
// lines, about 64 KiB at a time.
type lineWriter struct {
	w      io.Writer
	buf    []byte
	lastNL int   // the index in buf of its last newline, or -1
	err    error // the first error of w; it sticks
}

const lineChunk = 64 << 10

func newLineWriter(w io.Writer) *lineWriter {
	return &lineWriter{w: w, buf: make([]byte, 0, 2*lineChunk), lastNL: -1}
}

func (l *lineWriter) Write(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	l.newline(bytes.LastIndexByte(p, '\n'))
	l.buf = append(l.buf, p...)
	if err := l.spill(); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (l *lineWriter) WriteString(s string) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	l.newline(strings.LastIndexByte(s, '\n'))
	l.buf = append(l.buf, s...)
	if err := l.spill(); err != nil {
		return 0, err
	}
	return len(s), nil
}

// newline notes where the last newline of what is about to be appended
// falls in the buffer: at i of it, or nowhere for i < 0.
func (l *lineWriter) newline(i int) {
	if i >= 0 {
		l.lastNL = len(l.buf) + i
	}
}

// spill writes out the whole lines of a full buffer (or all of it when a
// line outgrows MaxLine), and returns the first error of the writer.
func (l *lineWriter) spill() error {
	if len(l.buf) >= lineChunk {
		switch {
		case l.lastNL >= 0:
			l.emit(l.lastNL+1, true)
		case len(l.buf) >= MaxLine:
			l.emit(len(l.buf), false) // the buffer serves the rest of the line
		}
	}
	return l.err
}

// emit writes the first n bytes of the buffer and keeps the rest; with
// shrink, a buffer grown large for a long line is given back.
func (l *lineWriter) emit(n int, shrink bool) {
	if _, err := l.w.Write(l.buf[:n]); err != nil {
		l.err = err
		return
	}
	rest := copy(l.buf, l.buf[n:])
	l.buf = l.buf[:rest]
	l.lastNL = bytes.LastIndexByte(l.buf, '\n')
	if shrink && cap(l.buf) > 4*lineChunk && len(l.buf) < lineChunk {
		l.buf = append(make([]byte, 0, 2*lineChunk), l.buf...)
	}
}

// Flush writes all that the buffer holds, the end of a line included.
func (l *lineWriter) Flush() error {
	if l.err == nil && len(l.buf) > 0 {
		l.emit(len(l.buf), true)
	}
	return l.err
}

// tempPrefix is the start of the names of the temporary files of the
// destination base.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// resolve follows the symbolic links of path to the file they name, which
// need not exist.
func resolve(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// CheckWritable refuses, with [ErrReadOnly], the file at path, of mode
// mode, when it has no write permission: for its owner, or for this
// process. The owner's bit is looked at even for root, who may write
// anything: a file made read-only is meant to stay as it is.
func CheckWritable(path string, mode fs.FileMode) error {
	if mode&0o200 == 0 {
		return ErrReadOnly
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if errors.Is(err, fs.ErrPermission) {
		return ErrReadOnly
	}
	if err == nil {
		f.Close()
	}
	return nil
}

// removeStale removes the temporary files of the destination base in dir
// that no process holds: the leftovers of a killed one.
func removeStale(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := tempPrefix(base)
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		if fi, err := e.Info(); err != nil || time.Since(fi.ModTime()) < staleAge {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.OpenFile(name, os.O_RDWR, 0)
		if err != nil {
			continue
		}
		if held, err := filelock.TryLock(f); err == nil && !held {
			os.Remove(name)
		}
		f.Close()
	}
}

// Write writes p to the buffer of the file.
func (f *File) Write(p []byte) (int, error) { return f.buf.Write(p) }

// WriteString writes s to the buffer of the file.
func (f *File) WriteString(s string) (int, error) { return f.buf.WriteString(s) }

// Renames reports whether Commit puts the file in place by renaming a
// temporary file: false for standard output and other streams.
func (f *File) Renames() bool { return f.path != "" }

// Commit flushes and syncs the file and renames it into place, with the
// permissions, owner and group of the file it replaces (the owner and the
// group where the process may set them), or those a newly created file
// gets.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if err := f.buf.Flush(); err != nil {
		f.remove()
		return f.fail(err)
	}
	if f.tmp == nil {
		return nil
	}
	if f.path == "" { // a device or pipe: nothing to rename
		return f.tmp.Close()
	}
	if f.keepMode {
		// The owner first: a change of owner clears the set-user-ID and
		// set-group-ID bits, which the mode then puts back.
		f.owner.give(f.tmp)
		if err := f.tmp.Chmod(f.mode); err != nil {
			f.remove()
			return f.fail(err)
		}
	}
	if err := f.tmp.Sync(); err != nil {
		f.remove()
		return f.fail(err)
	}
	if err := os.Rename(f.tmp.Name(), f.target); err != nil {
		f.remove()
		return fmt.Errorf("cannot replace %s: %w", f.path, unwrapLink(err))
	}
	err := f.tmp.Close()
	if d, derr := os.Open(filepath.Dir(f.target)); derr == nil {
		d.Sync()
		d.Close()
	}
	if err != nil {
		return f.fail(err)
	}
	return nil
}

// fail returns an error of writing the file, without the name of the
// temporary file.
func (f *File) fail(err error) error {
	if f.path == "" {
		return err
	}
	return fmt.Errorf("cannot write %s: %w", f.path, unwrapPath(err))
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
	if f.path != "" {
		os.Remove(f.tmp.Name())
	}
	f.tmp.Close()
}

// unwrapPath drops the operation and the file name from a *fs.PathError:
// the name may be that of the temporary file, which means nothing to the
// reader of the message.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// unwrapLink drops the operation and the file names from a *os.LinkError.
func unwrapLink(err error) error {
	if le, ok := errors.AsType[*os.LinkError](err); ok {
		return le.Err
	}
	return err
}
