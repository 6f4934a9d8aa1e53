//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package filelock

import (
	"errors"
	"os"
)

// TryLock fails with [errors.ErrUnsupported]: this system has no file
// locks that the package knows.
func TryLock(*os.File) (bool, error) { return false, errors.ErrUnsupported }
