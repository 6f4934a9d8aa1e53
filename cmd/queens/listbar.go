package main

import (
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/progress"
)

// listBar shows how far a serial listing to a file has come: by the
// solutions of --limit, or else by the placements of the first two rows,
// which the listing goes through in order.
type listBar struct {
	bar   *progress.Bar
	n     int
	limit uint64
	place []int // place[c0*n+c1]: how many prefixes come before (c0, c1)
	key   int   // the prefix of the last solution, c0*n+c1
	shown int
	units int
}

// newListBar returns the bar of the listing o, or nil when it shows none:
// for standard output, or a board of one row.
func newListBar(o listOptions) *listBar {
	if o.progress == nil || o.n < 2 || !progress.IsTerminal(o.progress) {
		return nil
	}
	b := &listBar{n: o.n, limit: o.limit, key: -1}
	if o.limit > 0 {
		b.units = int(min(o.limit, 1<<30))
	} else {
		// The placements of the first two rows that do not attack, in
		// lexicographic order.
		b.place = make([]int, o.n*o.n)
		for c0 := range o.n {
			for c1 := range o.n {
				if c1 < c0-1 || c1 > c0+1 {
					b.place[c0*o.n+c1] = b.units
					b.units++
				}
			}
		}
	}
	b.bar = progress.NewIn(o.progress, message.NewPrinter(o.lang), b.units, 0, time.Time{})
	if b.bar == nil {
		return nil
	}
	return b
}

// solution tells the bar of the index-th solution s.
func (b *listBar) solution(index uint64, s queens.Solution) {
	if b == nil {
		return
	}
	if b.limit > 0 {
		b.bar.Add(1)
		return
	}
	if key := s[0]*b.n + s[1]; key != b.key {
		b.key = key
		// The prefixes before this one are done.
		b.bar.Add(b.place[key] - b.shown)
		b.shown = b.place[key]
	}
}

// end marks the listing complete.
func (b *listBar) end() {
	if b == nil || b.limit > 0 {
		return
	}
	b.bar.Add(b.units - b.shown)
	b.shown = b.units
}

// stop stops drawing the bar.
func (b *listBar) stop() {
	if b != nil {
		b.bar.Stop()
	}
}
