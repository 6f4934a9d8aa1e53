// Package testenv holds the one switch between the quick test run and the
// whole one.
//
// `go test ./...` is the quick run: every package is tested, each at the
// sizes that take seconds. QUEENS_SLOW_TESTS=1 adds the slow tests: the
// browser sessions of the web page, the cluster's deep counts, the larger
// boards of every engine. `-short` keeps a run quick even when the variable
// is set.
package testenv

import (
	"os"
	"testing"
)

// Variable is the environment variable that turns the slow tests on.
const Variable = "QUEENS_SLOW_TESTS"

// Slow reports whether the slow tests run: Variable is "1" and the run is
// not -short. It must be called from a test, after flag parsing.
func Slow() bool {
	return os.Getenv(Variable) == "1" && !testing.Short()
}

// SkipUnlessSlow skips t unless the slow tests run, saying what it leaves out
// and how to run it.
func SkipUnlessSlow(t testing.TB, what string) {
	t.Helper()
	if !Slow() {
		t.Skipf("slow test (%s): runs with %s=1", what, Variable)
	}
}
