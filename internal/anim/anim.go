// Package anim draws the steps of a teaching algorithm's search as an
// animated GIF, one frame per event, with the looks of the web page's
// board and of the svg format: the same squares and queen, attacked
// squares hatched, the square tried framed in blue (free) or red
// (attacked, with a line to its attacker), a queen just placed framed, one
// just taken back as a ghost, solutions in gold and a dead-end row
// crossed out.
//
// The steps of a search are its events, counted from 1: step k shows the
// board after event k, with that event marked; step 0 is the empty board
// before the first event. [Span] checks a range of steps against the
// search and the bounds on the size of a GIF; [Render] draws it.
package anim

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/gif"

	"github.com/queenslab/queens"
)

// The bounds on a GIF. A range of steps past either is refused before
// anything is drawn.
const (
	// MaxFrames is the most frames, and so steps, one GIF holds.
	MaxFrames = 5000
	// MaxBytes bounds the estimated size of the file, see [Estimate].
	MaxBytes = 50 << 20
)

// The delays of the frames, in hundredths of a second.
const (
	FrameDelay = 20
	LastDelay  = 200
)

// ErrRange is wrapped by the errors of [Span] for steps outside the
// search or a range that is empty.
var ErrRange = errors.New("bad range of steps")

// ErrTooLarge is wrapped by the errors of [Span] for a range of steps that
// would make too large a GIF.
var ErrTooLarge = errors.New("the animation would be too large")

// Estimate returns a pessimistic estimate of the size in bytes of a GIF
// of frames steps of the n×n board: the first frame whole, at a byte a
// pixel, and each other frame at a sixteenth of that. Most steps change a
// square or two and take far less (the 8×8 board averages about 3 KB a
// frame, a fortieth); a solution or a dead end redraws a row or the
// whole board.
func Estimate(n, frames int) int64 {
	if frames <= 0 {
		return 0
	}
	side := int64(Side(n))
	return side*side + int64(frames-1)*side*side/16
}

// Span checks the steps from..to of the search of the n×n board by a;
// to < 0 means the last step. It runs the search (without drawing) to
// find its number of steps, and returns the range with to filled in. It
// refuses an empty range, steps past the end and ranges that make more
// than [MaxFrames] frames or an estimate over [MaxBytes].
func Span(ctx context.Context, a queens.Algorithm, n, from, to int) (int, int, error) {
	if err := a.CheckSize(n); err != nil {
		return from, to, err
	}
	if from < 0 {
		return from, to, fmt.Errorf("%w: steps are counted from 0 (the empty board), got %d", ErrRange, from)
	}
	if to >= 0 && from > to {
		return from, to, fmt.Errorf("%w: the first step, %d, comes after the last, %d", ErrRange, from, to)
	}
	if to >= 0 {
		if err := checkSize(n, from, to); err != nil {
			return from, to, err
		}
	}
	// The search is counted up to the last step asked for, or, to the
	// end, no further than the most frames allow.
	stop := to
	if to < 0 {
		stop = from + MaxFrames
	}
	steps := 0
	_, err := a.Search(ctx, n, func(queens.Event) bool {
		steps++
		return steps <= stop
	})
	if err != nil {
		return from, to, err
	}
	last := to
	if to < 0 {
		last = steps
		if steps > stop {
			return from, to, fmt.Errorf("%w: steps %d to the end make more than %d frames", ErrTooLarge, from, MaxFrames)
		}
	}
	if last > steps || from > steps {
		return from, to, fmt.Errorf("%w: the search of the %d×%d board by %s has %d steps, not %d", ErrRange, n, n, a.Name, steps, max(last, from))
	}
	if err := checkSize(n, from, last); err != nil {
		return from, to, err
	}
	return from, last, nil
}

// checkSize refuses the range from..to of the n×n board when its GIF
// would be too large.
func checkSize(n, from, to int) error {
	frames := to - from + 1
	if frames > MaxFrames {
		return fmt.Errorf("%w: steps %d to %d make %d frames, more than %d", ErrTooLarge, from, to, frames, MaxFrames)
	}
	if size := Estimate(n, frames); size > MaxBytes {
		return fmt.Errorf("%w: steps %d to %d of the %d×%d board make about %d MB, more than %d MB", ErrTooLarge, from, to, n, n, size>>20, MaxBytes>>20)
	}
	return nil
}

// Options choose how [RenderWith] draws: which events make frames and how
// large the board is.
type Options struct {
	// Kinds are the kinds of event that make a frame; none means every
	// kind. The board still moves past the other events, unseen: with
	// placements and removals only, a slide shows the queens come and go
	// without every square tried.
	Kinds []queens.EventKind
	// Scale multiplies the side of a square: 2 draws the board twice as
	// large, for a slide. 0 means 1.
	Scale int
}

// MaxScale is the largest Scale of [Options].
const MaxScale = 4

// Render draws the steps from..to of the search of the n×n board by a,
// a range that [Span] accepted, one frame per step. Each frame after the
// first holds only the part of the picture that changed.
func Render(ctx context.Context, a queens.Algorithm, n, from, to int) (*gif.GIF, error) {
	return RenderWith(ctx, a, n, from, to, Options{})
}

// RenderWith is [Render] with the events and the size that o chooses. The
// board before step from is always the first frame when from is 0.
func RenderWith(ctx context.Context, a queens.Algorithm, n, from, to int, o Options) (*gif.GIF, error) {
	scale := max(o.Scale, 1)
	if scale > MaxScale {
		return nil, fmt.Errorf("%w: the scale must be from 1 to %d, got %d", ErrRange, MaxScale, scale)
	}
	if err := checkSize(n, from, to); err != nil {
		return nil, err
	}
	if size := Estimate(n, to-from+1) * int64(scale*scale); size > MaxBytes {
		return nil, fmt.Errorf("%w: steps %d to %d of the %d×%d board at scale %d make about %d MB, more than %d MB", ErrTooLarge, from, to, n, n, scale, size>>20, MaxBytes>>20)
	}
	var kinds uint32 // bit k: events of kind k make frames
	for _, k := range o.Kinds {
		kinds |= 1 << k
	}
	shown := func(k queens.EventKind) bool { return kinds == 0 || kinds&(1<<k) != 0 }
	d := newDrawer(n, scale)
	g := &gif.GIF{Config: image.Config{ColorModel: palette, Width: d.side, Height: d.side}}
	prev := image.NewPaletted(image.Rect(0, 0, d.side, d.side), palette)
	cur := image.NewPaletted(prev.Rect, palette)
	add := func(ev *queens.Event) {
		d.draw(cur, ev)
		r := changed(prev, cur)
		if len(g.Image) == 0 {
			r = cur.Rect
		}
		frame := image.NewPaletted(r, palette)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(frame.Pix[frame.PixOffset(r.Min.X, y):frame.PixOffset(r.Max.X, y)], cur.Pix[cur.PixOffset(r.Min.X, y):cur.PixOffset(r.Max.X, y)])
		}
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, FrameDelay)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	step := 0
	if from == 0 {
		add(nil)
	}
	_, err := a.Search(ctx, n, func(e queens.Event) bool {
		if step == to {
			return false
		}
		step++
		d.apply(&e)
		if step >= from && shown(e.Kind) {
			add(&e)
		}
		return step < to
	})
	if err != nil {
		return nil, err
	}
	if step != to {
		return nil, fmt.Errorf("%w: the search of the %d×%d board by %s has %d steps, not %d", ErrRange, n, n, a.Name, step, to)
	}
	if len(g.Image) == 0 {
		return nil, fmt.Errorf("%w: no event of the kinds asked for between steps %d and %d", ErrRange, from, to)
	}
	g.Delay[len(g.Delay)-1] = LastDelay
	return g, nil
}

// changed returns the smallest rectangle outside which a and b are the
// same; at least one pixel, for a frame cannot be empty.
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{Min: b.Rect.Max, Max: b.Rect.Min}
	for y := b.Rect.Min.Y; y < b.Rect.Max.Y; y++ {
		i := b.PixOffset(b.Rect.Min.X, y)
		row, old := b.Pix[i:i+b.Rect.Dx()], a.Pix[i:i+b.Rect.Dx()]
		for x := range row {
			if row[x] != old[x] {
				r.Min.X, r.Max.X = min(r.Min.X, x), max(r.Max.X, x+1)
				r.Min.Y, r.Max.Y = min(r.Min.Y, y), max(r.Max.Y, y+1)
			}
		}
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}
