package outfile

import (
	"context"
	"io/fs"
	"os"
)

// Open opens the file at path as os.OpenFile does with flag (and no
// creation), but returns ctx.Err() soon after ctx ends while the open
// waits: the open of a named pipe waits for a process at its other end,
// which may never come. A pipe left waiting is opened at its other end
// for a moment, so that its open returns and its file is closed.
func Open(ctx context.Context, path string, flag int) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(path, flag, 0)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, flag, 0)
		done <- opened{f, err}
	}()
	select {
	case o := <-done:
		return o.f, o.err
	case <-ctx.Done():
	}
	other, err := openOtherEnd(path, flag)
	if err != nil {
		// The open ends when a process comes to the other end, or with
		// this one.
		go func() {
			if o := <-done; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
	if o := <-done; o.f != nil {
		o.f.Close()
	}
	other.Close()
	return nil, ctx.Err()
}
