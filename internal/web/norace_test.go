//go:build !race

package web

// raceEnabled tells the tests that the race detector slows them down.
const raceEnabled = false
