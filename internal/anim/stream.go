package anim

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/gif"
	"io"

	"github.com/queenslab/queens"
)

// Encode draws the steps from..to of the search of the n×n board by a, a
// range that [Span] accepted, and writes them to w as the animated GIF
// that [Render] and gif.EncodeAll make, byte for byte; but it encodes
// each frame as it is drawn, so that it holds two pictures and one
// frame at a time, not the whole animation.
func Encode(ctx context.Context, w io.Writer, a queens.Algorithm, n, from, to int) error {
	if err := checkSize(n, from, to); err != nil {
		return err
	}
	d := newDrawer(n, 1)
	cfg := image.Config{ColorModel: palette, Width: d.side, Height: d.side}
	prev := image.NewPaletted(image.Rect(0, 0, d.side, d.side), palette)
	cur := image.NewPaletted(prev.Rect, palette)
	var (
		buf     bytes.Buffer
		frames  int
		pending *image.Paletted // drawn, written when the next one is, as the last gets another delay
		werr    error
	)
	// put writes a frame: the GIF of the frame alone, less its trailer
	// and, after the first, its header; the first is followed by the
	// extension that loops the animation, as EncodeAll writes it.
	put := func(frame *image.Paletted, delay int) {
		if werr != nil {
			return
		}
		buf.Reset()
		if werr = gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{frame}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone}, Config: cfg}); werr != nil {
			return
		}
		b := buf.Bytes()
		head := headerLen(b)
		if frames == 0 {
			if _, werr = w.Write(b[:head]); werr != nil {
				return
			}
			if to > from {
				_, werr = w.Write([]byte{0x21, 0xff, 0x0b, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0x00, 0x00, 0x00})
			}
		}
		if werr == nil {
			_, werr = w.Write(b[head : len(b)-1])
		}
		frames++
	}
	add := func(ev *queens.Event) {
		d.draw(cur, ev)
		r := changed(prev, cur)
		if frames == 0 && pending == nil {
			r = cur.Rect
		}
		frame := image.NewPaletted(r, palette)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(frame.Pix[frame.PixOffset(r.Min.X, y):frame.PixOffset(r.Max.X, y)], cur.Pix[cur.PixOffset(r.Min.X, y):cur.PixOffset(r.Max.X, y)])
		}
		if pending != nil {
			put(pending, FrameDelay)
		}
		pending = frame
		prev, cur = cur, prev
	}
	step := 0
	if from == 0 {
		add(nil)
	}
	_, err := a.Search(ctx, n, func(e queens.Event) bool {
		if step == to || werr != nil {
			return false
		}
		step++
		d.apply(&e)
		if step >= from {
			add(&e)
		}
		return step < to
	})
	switch {
	case err != nil:
		return err
	case werr != nil:
		return werr
	case pending == nil || frames+1 != to-from+1:
		return fmt.Errorf("%w: the search of the %d×%d board by %s has %d steps, not %d", ErrRange, n, n, a.Name, step, to)
	}
	put(pending, LastDelay)
	if werr == nil {
		_, werr = w.Write([]byte{0x3b})
	}
	return werr
}

// headerLen returns the length of the header of the GIF b: its signature,
// its logical screen descriptor and its global colour table.
func headerLen(b []byte) int {
	const lsd = 6 + 7
	if b[10]&0x80 == 0 {
		return lsd
	}
	return lsd + 3<<(b[10]&7+1)
}
