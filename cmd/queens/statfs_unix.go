//go:build unix

package main

import "syscall"

// freeSpace returns the bytes free to this user in the file system of
// dir, and whether the system told. A file system of no size, such as
// /sys or /proc, tells nothing: whether a file can be made there is
// for the writing to find out.
func freeSpace(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil || st.Blocks == 0 {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
