// Package cputime reads the CPU time of the calling thread: samples of a
// count are timed in it, so that other work on the computer, which takes
// the processor from the sampling thread now and then, does not lengthen
// them.
package cputime

import (
	"runtime"
	"time"
)

// start is the wall clock's origin for Thread where there is no thread
// clock.
var start = time.Now()

// Thread returns the CPU time the calling thread has used, user and
// system, or where the system cannot tell ([Exact] is false) the wall
// time since the program started. Readings compare only on one thread:
// the caller keeps its goroutine on its thread between them (see [Lock]).
func Thread() time.Duration {
	if d, ok := threadTime(); ok {
		return d
	}
	return time.Since(start)
}

// Since returns the CPU time of the calling thread since the reading t of
// [Thread].
func Since(t time.Duration) time.Duration { return Thread() - t }

// Exact reports whether [Thread] reads the CPU time of the thread rather
// than the wall clock.
func Exact() bool {
	_, ok := threadTime()
	return ok
}

// Lock keeps the calling goroutine on its thread, so that readings of
// [Thread] compare, until the returned function is called.
func Lock() (unlock func()) {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
