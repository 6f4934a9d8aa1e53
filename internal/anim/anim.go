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
// search and the bounds on the size of a GIF; [Render] draws it and
// [Encode] writes it as it draws.
package anim

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/gif"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/narrate"
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
// of frames steps of the n×n board at the first scale, with captions: the
// first frame whole, at a byte a pixel, and each other frame at a
// sixteenth of that. Most steps change a square or two and the caption
// and take far less (the 8×8 board averages about 2.4 KB a frame, a
// sixtieth); a solution or a dead end redraws a row or the whole board.
func Estimate(n, frames int) int64 {
	if frames <= 0 {
		return 0
	}
	w, h := Size(n, 1, true)
	area := int64(w) * int64(h)
	return area + int64(frames-1)*area/16
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

// Options choose how [Render] and [Encode] draw. The zero value draws
// every event, at the first scale, with English captions.
type Options struct {
	// Kinds are the kinds of event that make a frame; none means every
	// kind. The board still moves past the other events, unseen: with
	// placements and removals only, a slide shows the queens come and go
	// without every square tried.
	Kinds []queens.EventKind
	// Scale multiplies the side of a square and the size of the text: 2
	// draws the board twice as large, for a slide. 0 means 1.
	Scale int
	// Lang is the language of the captions.
	Lang message.Lang
	// NoCaption leaves out the caption, the sentence of each event below
	// the board, as trace writes it.
	NoCaption bool
	// Delay is the time a frame shows, in hundredths of a second; 0 means
	// [FrameDelay]. The last frame shows at least [LastDelay].
	Delay int
}

// MaxScale is the largest Scale of [Options].
const MaxScale = 4

// MaxDelay is the largest Delay of [Options], ten seconds.
const MaxDelay = 1000

// renderer draws the frames of a range of steps, each frame the part of
// the picture that changed, its unchanged pixels clear.
type renderer struct {
	a        queens.Algorithm
	n        int
	from, to int
	o        Options
	kinds    uint32 // bit k: events of kind k make frames
	d        *drawer
	words    *narrate.Words
	text     []byte
	cfg      image.Config
	// prev is the picture of the frame before, cur the one being drawn.
	prev, cur *image.Paletted
}

// newRenderer checks the options and the size of the GIF of the steps
// from..to, a range that [Span] accepted.
func newRenderer(a queens.Algorithm, n, from, to int, o Options) (*renderer, error) {
	o.Scale = max(o.Scale, 1)
	if o.Scale > MaxScale {
		return nil, fmt.Errorf("%w: the scale must be from 1 to %d, got %d", ErrRange, MaxScale, o.Scale)
	}
	if o.Delay < 0 || o.Delay > MaxDelay {
		return nil, fmt.Errorf("%w: the delay must be from 0 to %d hundredths of a second, got %d", ErrRange, MaxDelay, o.Delay)
	}
	if o.Delay == 0 {
		o.Delay = FrameDelay
	}
	if err := checkSize(n, from, to); err != nil {
		return nil, err
	}
	if size := Estimate(n, to-from+1) * int64(o.Scale*o.Scale); size > MaxBytes {
		return nil, fmt.Errorf("%w: steps %d to %d of the %d×%d board at scale %d make about %d MB, more than %d MB", ErrTooLarge, from, to, n, n, o.Scale, size>>20, MaxBytes>>20)
	}
	r := &renderer{a: a, n: n, from: from, to: to, o: o}
	for _, k := range o.Kinds {
		r.kinds |= 1 << k
	}
	r.d = newDrawer(n, o.Scale, !o.NoCaption)
	if !o.NoCaption {
		r.words = narrate.New(message.NewPrinter(o.Lang), a.Name)
	}
	r.cfg = image.Config{ColorModel: palette, Width: r.d.w, Height: r.d.h}
	r.prev = image.NewPaletted(image.Rect(0, 0, r.d.w, r.d.h), palette)
	r.cur = image.NewPaletted(r.prev.Rect, palette)
	return r, nil
}

// run draws the frames and hands each to put, the first whole.
func (r *renderer) run(ctx context.Context, put func(*image.Paletted) error) error {
	first := true
	add := func(ev *queens.Event) error {
		r.d.draw(r.cur, ev, string(r.text))
		whole := first
		rect := r.cur.Rect
		if !whole {
			rect = changed(r.prev, r.cur)
		}
		first = false
		frame := image.NewPaletted(rect, palette)
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			i := r.cur.PixOffset(rect.Min.X, y)
			row, old := r.cur.Pix[i:i+rect.Dx()], r.prev.Pix[i:i+rect.Dx()]
			dst := frame.Pix[frame.PixOffset(rect.Min.X, y):]
			if whole {
				copy(dst, row)
				continue
			}
			for x, v := range row {
				if v == old[x] {
					v = cClear
				}
				dst[x] = v
			}
		}
		r.prev, r.cur = r.cur, r.prev
		return put(frame)
	}
	var err error
	if r.from == 0 {
		if r.words != nil {
			r.text = r.words.AppendStart(r.text[:0], r.n)
		}
		err = add(nil)
	}
	step := 0
	_, serr := r.a.Search(ctx, r.n, func(e queens.Event) bool {
		if step == r.to || err != nil {
			return false
		}
		step++
		r.d.apply(&e)
		shown := step >= r.from && (r.kinds == 0 || r.kinds&(1<<e.Kind) != 0)
		switch {
		case r.words == nil:
		case shown:
			r.text = r.words.AppendText(r.text[:0], e, r.n)
		default:
			r.words.Follow(e)
		}
		if shown {
			err = add(&e)
		}
		return step < r.to
	})
	switch {
	case serr != nil:
		return serr
	case err != nil:
		return err
	case step != r.to:
		return fmt.Errorf("%w: the search of the %d×%d board by %s has %d steps, not %d", ErrRange, r.n, r.n, r.a.Name, step, r.to)
	case first:
		return fmt.Errorf("%w: no event of the kinds asked for between steps %d and %d", ErrRange, r.from, r.to)
	}
	return nil
}

// lastDelay is the delay of the last frame.
func (r *renderer) lastDelay() int { return max(LastDelay, r.o.Delay) }

// Render draws the steps from..to of the search of the n×n board by a,
// a range that [Span] accepted, as o chooses: a frame per step, or per
// event of the kinds o names, with the empty board first when from is 0.
// Each frame after the first holds only the part of the picture that
// changed, its other pixels clear.
func Render(ctx context.Context, a queens.Algorithm, n, from, to int, o Options) (*gif.GIF, error) {
	r, err := newRenderer(a, n, from, to, o)
	if err != nil {
		return nil, err
	}
	g := &gif.GIF{Config: r.cfg}
	err = r.run(ctx, func(frame *image.Paletted) error {
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, r.o.Delay)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g.Delay[len(g.Delay)-1] = r.lastDelay()
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
