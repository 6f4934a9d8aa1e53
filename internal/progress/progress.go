// Package progress draws the progress of a long count on a terminal: a bar
// of the work units done, with the rate, the elapsed time and an estimate
// of the time left.
//
// The bar is drawn by its own goroutine a few times a second; the counting
// code only tells it, through [Bar.Add], that units are done. Nothing is
// drawn on an output that is not a terminal, so logs and pipes stay clean.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/queenslab/queens/internal/message"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal: an *os.File whose file
// descriptor refers to one.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// minWidth is the narrowest terminal a bar is drawn on.
const minWidth = 40

// assumedWidth is the width of a terminal that does not tell its size, as
// some pseudo-terminals and serial consoles do not.
const assumedWidth = 80

// wideTerminal reports whether w is a terminal at least minWidth columns
// wide; one that reports no size counts as assumedWidth wide.
func wideTerminal(w io.Writer) bool {
	if !IsTerminal(w) {
		return false
	}
	return terminalWidth(term.GetSize(int(w.(*os.File).Fd()))) >= minWidth
}

// terminalWidth returns the width of a terminal from what term.GetSize
// reports, assumedWidth when it reports no width.
func terminalWidth(width, _ int, err error) int {
	if err != nil || width <= 0 {
		return assumedWidth
	}
	return width
}

// Bar is a progress bar of work units. The methods of a nil *Bar do
// nothing, so code that reports progress needs no check of whether a bar
// is shown.
type Bar struct {
	p     *mpb.Progress
	bar   *mpb.Bar
	units int
	base  int          // units done before start, which the rate leaves out
	done  atomic.Int64 // units done, base included
	start time.Time
	words *words

	// The estimated work of all units, of those done before start and of
	// those done, when SetWork gave it: the share done and the time left
	// then go by work rather than by units.
	mu                       sync.Mutex
	work, workBase, workDone float64
	// The share done and the time left as the count estimates them, when
	// SetEstimate gave them (known): they replace the bar's own.
	known    bool
	fraction float64
	eta      time.Duration
}

// SetEstimate gives the bar the share of the work done, from 0 to 1, and
// the time left (negative: unknown), as the count estimates them from
// the units being counted too; the bar then shows them instead of its
// own estimates from the units done.
func (b *Bar) SetEstimate(fraction float64, eta time.Duration) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.known, b.fraction, b.eta = true, fraction, eta
	b.mu.Unlock()
	// The fill follows the share done, not the units.
	if cur := int64(min(max(fraction, 0), 1) * float64(b.units)); cur < int64(b.units) {
		b.bar.SetCurrent(cur)
	}
}

// SetWork makes the bar weigh units by their estimated work: total for
// all units, done for those finished before start. Units of a count vary
// widely in size, and the share of the work done tells the time left far
// better than the share of the units.
func (b *Bar) SetWork(total, done float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.work, b.workBase, b.workDone = total, done, done
	b.mu.Unlock()
}

// AddWork records that n more units, of the given estimated work, are
// done.
func (b *Bar) AddWork(n int, work float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.workDone += work
	b.mu.Unlock()
	b.Add(n)
}

// New shows a bar of units work units on w, done of which were finished
// before start (for instance by an earlier run that a checkpoint
// recorded); a zero start means now. When w is not a terminal (or one
// narrower than 40 columns), or there are no units, New returns nil: a bar
// that draws nothing.
func New(w io.Writer, units, done int, start time.Time) *Bar {
	return NewIn(w, nil, units, done, start)
}

// NewIn is [New] with the labels of the bar in the language of p.
func NewIn(w io.Writer, p *message.Printer, units, done int, start time.Time) *Bar {
	if units <= 0 || !wideTerminal(w) {
		return nil
	}
	return newBar(w, newWords(p), units, done, start)
}

// NewBytes shows a bar of the writing of total bytes on w, in MiB, with
// the labels in the language of p; as [New], it returns nil where it
// draws nothing. [Bar.Add] then counts MiB written.
func NewBytes(w io.Writer, p *message.Printer, total int64) *Bar {
	mib := int((total + 1<<20 - 1) >> 20)
	if mib <= 0 || !wideTerminal(w) {
		return nil
	}
	words := newWords(p)
	words.units, words.rate = p.Text("MiB %d/%d"), p.Text("%s MiB/s  elapsed %s")
	return newBar(w, words, mib, 0, time.Time{})
}

// words are the labels of a bar in one language.
type words struct {
	units, rate, done, etaNone, eta string
}

// newWords returns the labels of a bar in the language of p.
func newWords(p *message.Printer) *words {
	return &words{
		units:   p.Text("units %d/%d"),
		rate:    p.Text("%s units/s  elapsed %s"),
		done:    p.Text("done"),
		etaNone: p.Text("eta -"),
		eta:     p.Text("eta %s"),
	}
}

// english are the labels of a bar in English.
var english = newWords(nil)

// newBar shows a bar on w whether or not it is a terminal.
func newBar(w io.Writer, words *words, units, done int, start time.Time, opts ...mpb.ContainerOption) *Bar {
	if start.IsZero() {
		start = time.Now()
	}
	done = min(max(done, 0), units)
	b := &Bar{units: units, base: done, start: start, words: words}
	b.done.Store(int64(done))
	b.p = mpb.New(append([]mpb.ContainerOption{mpb.WithOutput(w), mpb.WithWidth(72), mpb.WithRefreshRate(200 * time.Millisecond)}, opts...)...)
	b.bar = b.p.AddBar(int64(units),
		mpb.PrependDecorators(decor.Any(b.counts, decor.WCSyncWidth)),
		mpb.AppendDecorators(decor.Any(b.times)),
		mpb.BarFillerTrim(),
	)
	b.bar.SetCurrent(int64(done))
	return b
}

// Add records that n more units are done.
func (b *Bar) Add(n int) {
	if b == nil || n <= 0 {
		return
	}
	b.done.Add(int64(n))
	b.mu.Lock()
	known := b.known
	b.mu.Unlock()
	if !known {
		b.bar.IncrBy(n)
	}
}

// Stop stops drawing the bar and leaves its last state on the screen. It
// returns once the bar is drawn for the last time, so that what is printed
// next comes after it.
func (b *Bar) Stop() {
	if b == nil {
		return
	}
	if int(b.done.Load()) < b.units {
		b.bar.Abort(false)
	} else {
		b.bar.SetTotal(int64(b.units), true)
	}
	b.p.Wait()
}

// counts is the decorator before the bar: "units 120/3206".
func (b *Bar) counts(decor.Statistics) string {
	return fmt.Sprintf(b.words.units, b.done.Load(), b.units) + " "
}

// times is the decorator after the bar: the share done, the rate, the
// elapsed time and the estimate of the time left.
func (b *Bar) times(decor.Statistics) string {
	b.mu.Lock()
	work, base, done := b.work, b.workBase, b.workDone
	known, fraction, eta := b.known, b.fraction, b.eta
	b.mu.Unlock()
	if known {
		return " " + b.words.describeEstimate(int(b.done.Load()), b.base, b.units, fraction, eta, time.Since(b.start))
	}
	if work > 0 {
		return " " + b.words.describeWork(int(b.done.Load()), b.base, b.units, done, base, work, time.Since(b.start))
	}
	return " " + b.words.describe(int(b.done.Load()), b.base, b.units, time.Since(b.start))
}

// describeWork formats the state of a count whose units have estimated
// work: as describe, with the share done and the time left taken from
// the work (done of total, base of it before the run began).
func (w *words) describeWork(units, unitsBase, unitsAll int, done, base, total float64, elapsed time.Duration) string {
	pct := 100 * min(1, done/total)
	s := fmt.Sprintf("%5.1f%%", pct)
	rate := 0.0
	if sec := elapsed.Seconds(); sec > 0 {
		rate = float64(units-unitsBase) / sec
	}
	s += "  " + fmt.Sprintf(w.rate, formatRate(rate), formatDuration(elapsed))
	switch {
	case units >= unitsAll:
		s += "  " + w.done
	case done <= base || elapsed <= 0:
		s += "  " + w.etaNone
	default:
		eta := time.Duration(float64(elapsed) * (total - done) / (done - base))
		s += "  " + fmt.Sprintf(w.eta, formatDuration(eta))
	}
	return s
}

// describeEstimate formats the state of a count as describe does, with
// the share done and the time left (negative: unknown) the count
// estimated.
func (w *words) describeEstimate(units, unitsBase, unitsAll int, fraction float64, eta, elapsed time.Duration) string {
	s := fmt.Sprintf("%5.1f%%", 100*min(max(fraction, 0), 1))
	rate := 0.0
	if sec := elapsed.Seconds(); sec > 0 {
		rate = float64(units-unitsBase) / sec
	}
	s += "  " + fmt.Sprintf(w.rate, formatRate(rate), formatDuration(elapsed))
	switch {
	case units >= unitsAll:
		s += "  " + w.done
	case eta < 0:
		s += "  " + w.etaNone
	default:
		s += "  " + fmt.Sprintf(w.eta, formatDuration(eta))
	}
	return s
}

// describe formats the state of a count: done of units finished, base of
// them before the run began elapsed ago.
func (w *words) describe(done, base, units int, elapsed time.Duration) string {
	pct := 100.0
	if units > 0 {
		pct = 100 * float64(done) / float64(units)
	}
	s := fmt.Sprintf("%5.1f%%", pct)
	ran := done - base
	rate := 0.0
	if sec := elapsed.Seconds(); sec > 0 {
		rate = float64(ran) / sec
	}
	s += "  " + fmt.Sprintf(w.rate, formatRate(rate), formatDuration(elapsed))
	switch {
	case done >= units:
		s += "  " + w.done
	case ran <= 0 || rate == 0:
		s += "  " + w.etaNone
	default:
		eta := time.Duration(float64(units-done) / rate * float64(time.Second))
		s += "  " + fmt.Sprintf(w.eta, formatDuration(eta))
	}
	return s
}

// formatRate formats a rate with three significant digits or so.
func formatRate(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("%.0f", r)
	case r >= 10:
		return fmt.Sprintf("%.1f", r)
	}
	return fmt.Sprintf("%.2f", r)
}

// Elapsed formats a measured time in the unit that reads best, with
// three significant digits or so: "0.042 ms", "3.21 ms", "412 ms",
// "19.1 s", and from a minute on as the bar shows times: "3m05s".
func Elapsed(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", ms)
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", ms)
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1f ms", ms)
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", ms)
	case d < 10*time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return formatDuration(d)
}

// formatDuration formats d rounded to the second: "42s", "3m05s",
// "2h07m03s", "3d04h".
func formatDuration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	case s < 48*3600:
		return fmt.Sprintf("%dh%02dm%02ds", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%dd%02dh", s/86400, s/3600%24)
}
