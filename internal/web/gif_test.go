package web

import (
	"bytes"
	"encoding/json"
	"image/gif"
	"net/http"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/anim"
	"github.com/queenslab/queens/internal/message"
)

func TestGIF(t *testing.T) {
	h := testServer(t, Options{}).handler()
	rec := request(h, "GET", "/api/gif?n=5&algo=flags&from=3&to=42")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/gif" {
		t.Fatalf("status %d, type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	g, err := gif.DecodeAll(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 40 {
		t.Errorf("%d frames, want the 40 steps from 3 to 42", len(g.Image))
	}
	// Without from and to: the whole search of the 4×4 board, 98 events.
	rec = request(h, "GET", "/api/gif?n=4&algo=flags")
	if g, err := gif.DecodeAll(bytes.NewReader(rec.Body.Bytes())); err != nil || len(g.Image) != 98 {
		t.Errorf("whole search of N=4: %v, status %d", err, rec.Code)
	}

	for target, want := range map[string]string{
		"/api/gif?n=8&algo=flags":                      "more than 5000 frames",
		"/api/gif?n=8&algo=flags&from=1&to=9000":       "9000 frames, more than 5000",
		"/api/gif?n=6&algo=flags&from=10&to=2":         "comes after the last",
		"/api/gif?n=6&algo=flags&to=5000":              "has 1248 steps, not 5000",
		"/api/gif?n=6&algo=flags&from=x":               "from must be a whole number",
		"/api/gif?n=99&algo=flags":                     "n must be a whole number",
		"/api/gif?n=6&algo=nope":                       "unknown algorithm",
		"/api/gif?n=6&algo=instance&with=b4":           "not of an instance",
		"/api/gif?n=6&algo=flags&from=10&to=2&lang=zh": "之后",
	} {
		rec := request(h, "GET", target)
		var body errorBody
		if rec.Code != http.StatusBadRequest || json.Unmarshal(rec.Body.Bytes(), &body) != nil || !strings.Contains(body.Error, want) || strings.Contains(body.Error, "\n") {
			t.Errorf("GET %s: %d %s, want 400 and one line with %q", target, rec.Code, rec.Body, want)
		}
	}
}

// TestGIFOptions asks for GIFs as the page's export does, with events,
// scale, caption, delay and language, and gets the very bytes that
// anim.Render draws with those options; bad values get 400.
func TestGIFOptions(t *testing.T) {
	h := testServer(t, Options{}).handler()
	flags, _ := queens.LookupAlgorithm("flags")
	moves := []queens.EventKind{queens.EventPlace, queens.EventRemove, queens.EventSolution}
	for _, c := range []struct {
		query, accept string
		from, to      int
		want          anim.Options
	}{
		{"&from=0&to=98&events=place,remove,solution&scale=2&delay=700&lang=zh", "", 0, 98, anim.Options{Kinds: moves, Scale: 2, Delay: 70, Lang: message.Chinese}},
		{"&from=0&to=98&events=place,remove,solution&scale=2&delay=700&lang=en", "zh", 0, 98, anim.Options{Kinds: moves, Scale: 2, Delay: 70}},
		{"&from=3&to=20", "zh-CN", 3, 20, anim.Options{Lang: message.Chinese}},
		{"&from=3&to=20&caption=0&scale=3", "", 3, 20, anim.Options{NoCaption: true, Scale: 3}},
	} {
		rec := request(h, "GET", "/api/gif?n=4&algo=flags"+c.query, "Accept-Language", c.accept)
		g, err := anim.Render(t.Context(), flags, 4, c.from, c.to, c.want)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := gif.EncodeAll(&want, g); err != nil {
			t.Fatal(err)
		}
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want.Bytes()) {
			t.Errorf("GET %s (Accept-Language %q): %d, %d bytes; want the %d bytes of %+v", c.query, c.accept, rec.Code, rec.Body.Len(), want.Len(), c.want)
		}
	}
	for target, want := range map[string]string{
		"/api/gif?n=4&algo=flags&events=place,jump":           `events takes try, place, remove, solution and deadend, got "jump"`,
		"/api/gif?n=4&algo=flags&scale=5":                     "scale must be a whole number from 1 to 4",
		"/api/gif?n=4&algo=flags&caption=2":                   "caption must be a whole number from 0 to 1",
		"/api/gif?n=4&algo=flags&delay=10":                    "delay must be a whole number from 20 to 10000",
		"/api/gif?n=4&algo=flags&from=1&to=2&events=solution": "no event of the kinds asked for",
		"/api/gif?n=4&algo=flags&events=jump&lang=zh":         "'events' 可取",
	} {
		rec := request(h, "GET", target)
		var body errorBody
		if rec.Code != http.StatusBadRequest || json.Unmarshal(rec.Body.Bytes(), &body) != nil || !strings.Contains(body.Error, want) {
			t.Errorf("GET %s: %d %s, want 400 and %q", target, rec.Code, rec.Body, want)
		}
	}
}
