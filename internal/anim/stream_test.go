package anim

import (
	"bytes"
	"context"
	"image/gif"
	"testing"

	"github.com/queenslab/queens"
)

// TestEncodeAsRender checks that Encode writes the very bytes that
// gif.EncodeAll writes of Render's animation, for one frame and many.
func TestEncodeAsRender(t *testing.T) {
	for _, tc := range []struct {
		algo        string
		n, from, to int
	}{
		{"", 5, 0, 0}, {"", 5, 3, 3}, {"", 6, 0, 40}, {"rows", 8, 10, 200},
	} {
		a, err := queens.LookupAlgorithm(tc.algo)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Render(context.Background(), a, tc.n, tc.from, tc.to)
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if err := gif.EncodeAll(&want, g); err != nil {
			t.Fatal(err)
		}
		if err := Encode(context.Background(), &got, a, tc.n, tc.from, tc.to); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s N=%d steps %d to %d: Encode wrote %d bytes, EncodeAll %d, not the same", a.Name, tc.n, tc.from, tc.to, got.Len(), want.Len())
		}
	}
}
