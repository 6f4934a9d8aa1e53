//go:build unix

package main

import (
	"runtime"
	"syscall"
)

// peakMemory returns the peak resident set of the process in bytes, or 0
// where the system does not tell it.
func peakMemory() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil || ru.Maxrss <= 0 {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return uint64(ru.Maxrss) // bytes there, kilobytes elsewhere
	}
	return uint64(ru.Maxrss) << 10
}
