package anim

import (
	"bytes"
	"context"
	"image/gif"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// TestEncodeAsRender checks that Encode writes the very bytes that
// gif.EncodeAll writes of Render's animation, for one frame and many,
// with each option.
func TestEncodeAsRender(t *testing.T) {
	moves := []queens.EventKind{queens.EventPlace, queens.EventRemove}
	for _, tc := range []struct {
		algo        string
		n, from, to int
		o           Options
	}{
		{"", 5, 0, 0, Options{}}, {"", 5, 3, 3, Options{}}, {"", 6, 0, 40, Options{}}, {"rows", 8, 10, 200, Options{}},
		{"", 6, 0, 90, Options{Kinds: moves, Scale: 2, Lang: message.Chinese, Delay: 50}},
		{"matrix", 5, 7, 60, Options{NoCaption: true, Scale: 3}},
		{"", 5, 2, 3, Options{Kinds: moves}}, // one frame
	} {
		a, err := queens.LookupAlgorithm(tc.algo)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Render(context.Background(), a, tc.n, tc.from, tc.to, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if err := gif.EncodeAll(&want, g); err != nil {
			t.Fatal(err)
		}
		frames, err := Encode(context.Background(), &got, a, tc.n, tc.from, tc.to, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) || frames != len(g.Image) {
			t.Errorf("%s N=%d steps %d to %d, %+v: Encode wrote %d frames in %d bytes, EncodeAll %d in %d, not the same", a.Name, tc.n, tc.from, tc.to, tc.o, frames, got.Len(), len(g.Image), want.Len())
		}
	}
}
