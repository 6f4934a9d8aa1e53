//go:build !race

package join

// raceEnabled tells the tests that the race detector slows the join down
// many times, so that the boards of N = 21 leave it to the runs without
// it.
const raceEnabled = false
