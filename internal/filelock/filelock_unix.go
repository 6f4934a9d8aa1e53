//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package filelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// TryLock takes an exclusive advisory lock on f, without waiting, and
// reports whether another process holds it. The system drops the lock
// when the file is closed or the process ends, however it ends. On a file
// system without locks the error wraps [errors.ErrUnsupported].
func TryLock(f *os.File) (held bool, err error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return true, nil
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP):
			return false, fmt.Errorf("%w: %w", errors.ErrUnsupported, err)
		}
		return false, err
	}
}
