package anim

import (
	"bytes"
	"context"
	"errors"
	"image/gif"
	"testing"

	"github.com/queenslab/queens"
)

func TestRender(t *testing.T) {
	ctx := context.Background()
	for _, a := range queens.Algorithms() {
		from, to, err := Span(ctx, a, 4, 0, -1)
		if err != nil {
			t.Fatal(err)
		}
		events := 0
		a.Search(ctx, 4, func(queens.Event) bool { events++; return true })
		if from != 0 || to != events {
			t.Errorf("%s: span %d..%d, want 0..%d", a.Name, from, to, events)
		}
		g, err := Render(ctx, a, 4, from, to, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := gif.EncodeAll(&buf, g); err != nil {
			t.Fatal(err)
		}
		back, err := gif.DecodeAll(&buf)
		if w, _ := Size(4, 1, true); err != nil || len(back.Image) != events+1 || back.Image[0].Rect.Dx() != w {
			t.Errorf("%s: %v, %d frames, want the empty board and %d events", a.Name, err, len(back.Image), events)
		}
	}
}

func TestSpanRefuses(t *testing.T) {
	ctx := context.Background()
	a, _ := queens.LookupAlgorithm("scan")
	for _, c := range []struct {
		from, to int
		want     error
	}{{-1, 5, ErrRange}, {6, 5, ErrRange}, {1, 99, ErrRange}, {99, -1, ErrRange}, {1, MaxFrames + 1, ErrTooLarge}} {
		if _, _, err := Span(ctx, a, 4, c.from, c.to); !errors.Is(err, c.want) {
			t.Errorf("steps %d..%d of N=4 (60 tries, 98 events): %v, want %v", c.from, c.to, err, c.want)
		}
	}
	if _, _, err := Span(ctx, a, 8, 1, -1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("the whole search of N=8: %v, want %v", err, ErrTooLarge)
	}
	if Estimate(8, MaxFrames) > MaxBytes {
		t.Errorf("%d frames of the 8×8 board are estimated at %d bytes, over the bound", MaxFrames, Estimate(8, MaxFrames))
	}
}

// TestRenderOptions draws the 4×4 search of flags with placements and
// removals only, at twice the size: one frame for the empty board and one
// for each of those events, the board twice as wide; a scale, a delay or
// kinds that make no frame are refused.
func TestRenderOptions(t *testing.T) {
	ctx := context.Background()
	a, _ := queens.LookupAlgorithm("flags")
	moves, events := 0, 0
	a.Search(ctx, 4, func(e queens.Event) bool {
		events++
		if e.Kind == queens.EventPlace || e.Kind == queens.EventRemove {
			moves++
		}
		return true
	})
	g, err := Render(ctx, a, 4, 0, events, Options{Kinds: []queens.EventKind{queens.EventPlace, queens.EventRemove}, Scale: 2, Delay: 70})
	if err != nil {
		t.Fatal(err)
	}
	w, h := Size(4, 2, true)
	if len(g.Image) != moves+1 || g.Config.Width != w || g.Config.Height != h {
		t.Errorf("%d frames of %d×%d pixels, want %d frames of %d×%d", len(g.Image), g.Config.Width, g.Config.Height, moves+1, w, h)
	}
	w1, _ := Size(4, 1, true)
	if board := 4 * cellSize(4) * 2; w < board+2*margin || w > 2*w1 {
		t.Errorf("at scale 2 the frames are %d pixels wide, %d at scale 1; want room for a board of %d", w, w1, board)
	}
	if g.Delay[0] != 70 || g.Delay[len(g.Delay)-1] != LastDelay {
		t.Errorf("delays %d…%d, want 70 and %d for the last", g.Delay[0], g.Delay[len(g.Delay)-1], LastDelay)
	}
	if _, err := Render(ctx, a, 4, 1, 2, Options{Kinds: []queens.EventKind{queens.EventSolution}}); !errors.Is(err, ErrRange) {
		t.Errorf("steps 1..2 with solutions only: %v, want %v", err, ErrRange)
	}
	for _, o := range []Options{{Scale: MaxScale + 1}, {Delay: -1}, {Delay: MaxDelay + 1}} {
		if _, err := Render(ctx, a, 4, 0, 5, o); !errors.Is(err, ErrRange) {
			t.Errorf("%+v: %v, want %v", o, err, ErrRange)
		}
	}
}
