package main

import (
	"crypto/sha256"
	"hash"
	"testing"

	"github.com/queenslab/queens/internal/testenv"
)

// sum is a writer that keeps only the SHA-256 of what it is given, and
// its length, so that two listings of millions of lines compare cheaply.
type sum struct {
	h hash.Hash
	n int
}

func (s *sum) Write(p []byte) (int, error) {
	s.n += len(p)
	return s.h.Write(p)
}

// TestListParallelMatchesSerialDeep guards the order of the parallel
// listing from N = 15 on, where the units of queens.SolutionsParallel are
// the prefixes of three rows rather than two (TestListParallelMatchesSerial
// checks the smaller boards): the bytes must be those of the serial
// listing, so that two units written in the wrong order, or a unit left
// out, fail here.
func TestListParallelMatchesSerialDeep(t *testing.T) {
	if !testenv.Slow() || raceEnabled {
		t.Skip("lists the 2279184 solutions of N=15 three times; CI runs it without the race detector")
	}
	o := listOptions{n: 15, format: "cols", base: 1}
	serial := &sum{h: sha256.New()}
	want, err := listWith(t.Context(), serial, o, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want != 2279184 {
		t.Fatalf("the serial listing of N=15 has %d solutions", want)
	}
	for _, workers := range []int{2, 3} {
		par := &sum{h: sha256.New()}
		got, err := listWith(t.Context(), par, o, workers)
		if err != nil {
			t.Fatal(err)
		}
		if got != want || par.n != serial.n || string(par.h.Sum(nil)) != string(serial.h.Sum(nil)) {
			t.Errorf("%d workers: %d solutions in %d bytes that are not the serial listing's (%d solutions in %d bytes)", workers, got, par.n, want, serial.n)
		}
	}
}
