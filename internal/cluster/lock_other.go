//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package cluster

import "os"

// lockFile does nothing where the package has no file locks.
func lockFile(*os.File) (bool, error) { return false, nil }
