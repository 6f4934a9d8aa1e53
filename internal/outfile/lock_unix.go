//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package outfile

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, without waiting, and
// reports whether another process holds it. The system drops the lock
// when the file is closed or the process ends, however it ends.
func lockFile(f *os.File) (held bool, err error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return true, nil
		}
		return false, err
	}
}
