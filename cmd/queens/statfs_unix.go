//go:build unix

package main

import "syscall"

// freeSpace returns the bytes free to this user in the file system of
// dir, and whether the system told.
func freeSpace(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
