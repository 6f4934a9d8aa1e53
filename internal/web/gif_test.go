package web

import (
	"bytes"
	"encoding/json"
	"image/gif"
	"net/http"
	"strings"
	"testing"
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
