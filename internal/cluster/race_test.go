//go:build race

package cluster

// raceEnabled tells the tests that the race detector slows the embedded
// server down many times, so that they count smaller boards.
const raceEnabled = true
