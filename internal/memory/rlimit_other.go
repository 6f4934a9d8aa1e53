//go:build !linux

package memory

// addressSpaceLeft returns 0: the limit of address space is read on
// Linux only.
func addressSpaceLeft() uint64 { return 0 }
