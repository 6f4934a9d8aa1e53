package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadTime returns the CPU time of the calling thread, and whether the
// system told it.
func threadTime() (time.Duration, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
