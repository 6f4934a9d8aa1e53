//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package outfile

import (
	"errors"
	"os"
)

// lockFile fails where the package has no file locks: no temporary file
// can then be told to be a leftover, and none is removed.
func lockFile(*os.File) (bool, error) { return false, errors.ErrUnsupported }
