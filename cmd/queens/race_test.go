//go:build race

package main

// raceEnabled tells the tests that the race detector slows the listing
// down many times, so that the longest of them leave it to the runs
// without it.
const raceEnabled = true
