package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/memory"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/progress"
)

// estimateJSON is the JSON form of an estimate: times in seconds.
type estimateJSON struct {
	N        int     `json:"n"`
	Engine   string  `json:"engine"`
	Units    int     `json:"units"`
	Workers  int     `json:"workers"`
	Core     float64 `json:"core_s"`
	CoreH    float64 `json:"core_hours"`
	Wall     float64 `json:"wall_s"`
	Setup    float64 `json:"setup_s"`
	Longest  float64 `json:"longest_unit_s"`
	Peak     uint64  `json:"peak_bytes"`
	Samples  int     `json:"samples"`
	Error    float64 `json:"relative_error"`
	Measured float64 `json:"elapsed_s"` // the time the estimate took
}

// runEstimate prints what a count of N would cost, from a sample of its
// units.
func runEstimate(ctx context.Context, n int, f countFlags, io streams) error {
	start := time.Now()
	opts := queens.EstimateOptions{Workers: f.workers}
	stop := func() {}
	if !f.quiet && progress.IsTerminal(io.errOut) {
		st := newEstimateStatus(io.errOut, io.p, n)
		opts.Progress = st.update
		stop = st.stop
	}
	e, err := queens.EstimateCount(ctx, n, opts)
	// The status line is cleared before anything else is printed.
	stop()
	if err != nil {
		return countError(err, n, f)
	}
	if f.asJSON {
		return json.NewEncoder(io.out).Encode(estimateJSON{N: e.N, Engine: e.Engine, Units: e.Units, Workers: e.Workers,
			Core: e.Core, CoreH: e.Core / 3600, Wall: e.Wall, Setup: e.Setup, Longest: e.Longest,
			Peak: e.Memory, Samples: e.Samples, Error: e.Error, Measured: time.Since(start).Seconds()})
	}
	p := io.p
	_, err = fmt.Fprintf(io.out, "%s\n%s\n%s\n%s\n%s\n",
		p.Sprintf("N=%d: estimate from %d samples of %d units (%s engine), ±%.0f%%", n, e.Samples, e.Units, e.Engine, 100*e.Error),
		p.Sprintf("core time: %s (%.3g core hours)", span(e.Core), e.Core/3600),
		p.Sprintf("time on %d workers: %s (setup %s, longest unit %s); this computer has %d CPUs", e.Workers, span(e.Wall), span(e.Setup), span(e.Longest), runtime.NumCPU()),
		p.Sprintf("memory: %s at most", memory.Format(e.Memory)),
		p.Sprintf("in a year, %.3g cores count it", e.Core/(365*24*3600)))
	return err
}

// span formats seconds as the bar does, and from a thousand days on in
// years.
func span(s float64) string {
	if s >= 1000*86400 {
		return fmt.Sprintf("%.0f y", s/(365*86400))
	}
	return progress.Elapsed(time.Duration(s * float64(time.Second)))
}

// estimateStatus shows on a terminal how far an estimate has come, on
// one line that it writes again twice a second and clears at the end.
type estimateStatus struct {
	w     io.Writer
	p     *message.Printer
	n     int
	begin time.Time
	mu    sync.Mutex
	last  queens.EstimateProgress
	quit  chan struct{}
	wg    sync.WaitGroup
}

// newEstimateStatus starts showing the status of the estimate of N=n on
// w.
func newEstimateStatus(w io.Writer, p *message.Printer, n int) *estimateStatus {
	st := &estimateStatus{w: w, p: p, n: n, begin: time.Now(), quit: make(chan struct{}), last: queens.EstimateProgress{Phase: "plan"}}
	st.wg.Go(func() {
		tick := time.NewTicker(time.Second / 2)
		defer tick.Stop()
		for {
			st.draw()
			select {
			case <-tick.C:
			case <-st.quit:
				fmt.Fprint(st.w, "\r\x1b[K")
				return
			}
		}
	})
	return st
}

// update takes a report of the estimate.
func (st *estimateStatus) update(e queens.EstimateProgress) {
	st.mu.Lock()
	st.last = e
	st.mu.Unlock()
}

// draw writes the line of the status.
func (st *estimateStatus) draw() {
	st.mu.Lock()
	e := st.last
	st.mu.Unlock()
	elapsed := time.Since(st.begin)
	line := st.p.Sprintf("N=%d: making the plan, %s", st.n, progress.Elapsed(elapsed))
	switch {
	case e.Phase == "sample" && (e.Samples == 0 || e.Error == 0):
		line = st.p.Sprintf("N=%d: timing samples, %s of about %s", st.n, progress.Elapsed(elapsed), progress.Elapsed(max(e.Budget, elapsed)))
	case e.Phase == "sample":
		line = st.p.Sprintf("N=%d: timing samples, %d so far, %s of about %s, ±%.0f%%", st.n, e.Samples,
			progress.Elapsed(elapsed), progress.Elapsed(max(e.Budget, elapsed)), 100*e.Error)
	}
	fmt.Fprint(st.w, "\r"+line+"\x1b[K")
}

// stop clears the line.
func (st *estimateStatus) stop() {
	close(st.quit)
	st.wg.Wait()
}
