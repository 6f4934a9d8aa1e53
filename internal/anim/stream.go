package anim

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"io"

	"github.com/queenslab/queens"
)

// Encode draws the steps from..to of the search of the n×n board by a, a
// range that [Span] accepted, as o chooses, and writes them to w as the
// animated GIF that [Render] and gif.EncodeAll make, byte for byte; but
// it encodes each frame as it is drawn, so that it holds two pictures and
// one frame at a time, not the whole animation. It returns the number of
// frames.
func Encode(ctx context.Context, w io.Writer, a queens.Algorithm, n, from, to int, o Options) (int, error) {
	r, err := newRenderer(a, n, from, to, o)
	if err != nil {
		return 0, err
	}
	var (
		buf     bytes.Buffer
		frames  int
		pending *image.Paletted // drawn, written when the next one is, as the last gets another delay
	)
	// put writes a frame: the GIF of the frame alone, less its trailer
	// and, after the first, its header; the first is followed by the
	// extension that loops the animation, as EncodeAll writes it when
	// there are more frames.
	put := func(frame *image.Paletted, delay int, more bool) error {
		buf.Reset()
		if err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{frame}, Delay: []int{delay}, Disposal: []byte{gif.DisposalNone}, Config: r.cfg}); err != nil {
			return err
		}
		b := buf.Bytes()
		head := headerLen(b)
		if frames == 0 {
			if _, err := w.Write(b[:head]); err != nil {
				return err
			}
			if more {
				if _, err := w.Write([]byte{0x21, 0xff, 0x0b, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 0x03, 0x01, 0x00, 0x00, 0x00}); err != nil {
					return err
				}
			}
		}
		frames++
		_, err := w.Write(b[head : len(b)-1])
		return err
	}
	err = r.run(ctx, func(frame *image.Paletted) error {
		if pending != nil {
			if err := put(pending, r.o.Delay, true); err != nil {
				return err
			}
		}
		pending = frame
		return nil
	})
	if err != nil {
		return frames, err
	}
	if err := put(pending, r.lastDelay(), false); err != nil {
		return frames, err
	}
	_, err = w.Write([]byte{0x3b})
	return frames, err
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
