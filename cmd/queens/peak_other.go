//go:build !unix

package main

// peakMemory returns 0: this system does not tell the peak resident set.
func peakMemory() uint64 { return 0 }
