package progress

import (
	"encoding/json"
	"io"
	"math"
	"sync"
	"time"
)

// Line is one report of [Lines]: a JSON object on a line of its own, in
// the same form in every language, for scripts and dashboards.
type Line struct {
	Elapsed  float64  `json:"elapsed_s"` // seconds since the count began
	Fraction float64  `json:"fraction"`  // the share done, from 0 to 1
	ETA      *float64 `json:"eta_s"`     // seconds left; null while unknown
	Done     int      `json:"units_done"`
	Units    int      `json:"units"`
	// Solutions counts the solutions of the units done, as a bare
	// number with every digit.
	Solutions json.RawMessage `json:"solutions"`
}

// Lines writes a count's progress as JSON lines: at most one a period,
// and the last one whenever it comes. Its methods are safe for concurrent
// use.
type Lines struct {
	w      io.Writer
	every  time.Duration
	now    func() time.Time
	mu     sync.Mutex
	last   time.Time
	wrote  bool
	failed bool
}

// NewLines returns a writer of lines on w, one at most every period;
// now tells the time (nil: time.Now).
func NewLines(w io.Writer, every time.Duration, now func() time.Time) *Lines {
	if now == nil {
		now = time.Now
	}
	return &Lines{w: w, every: every, now: now}
}

// Report writes l unless a line went out less than a period ago; a final
// report (the count is done) always goes out. Seconds are rounded to the
// millisecond, the fraction to nine digits: a count of days moves
// by a millionth in seconds.
func (ls *Lines) Report(l Line, final bool) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	t := ls.now()
	if ls.failed || !final && ls.wrote && t.Sub(ls.last) < ls.every {
		return
	}
	l.Elapsed = math.Round(l.Elapsed*1000) / 1000
	l.Fraction = math.Round(l.Fraction*1e9) / 1e9
	if l.ETA != nil {
		e := math.Round(*l.ETA*1000) / 1000
		l.ETA = &e
	}
	if l.Solutions == nil {
		l.Solutions = json.RawMessage("0")
	}
	data, err := json.Marshal(l)
	if err == nil {
		_, err = ls.w.Write(append(data, '\n'))
	}
	// A reader that went away stops the lines, not the count.
	ls.failed = err != nil
	ls.last, ls.wrote = t, true
}
