//go:build !unix

package main

// freeSpace returns false: this system does not tell the free space here.
func freeSpace(string) (uint64, bool) { return 0, false }
