package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLines checks that Lines writes one JSON object a line, at most one
// a period but always the final one, on a fake clock.
func TestLines(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(0, 0)
	ls := NewLines(&buf, time.Second, func() time.Time { return now })
	eta := 12.34567
	for i := range 25 {
		ls.Report(Line{Elapsed: float64(i) / 10, Fraction: float64(i) / 100, ETA: &eta, Done: i, Units: 100}, false)
		now = now.Add(100 * time.Millisecond)
	}
	ls.Report(Line{Elapsed: 2.5, Fraction: 1, Done: 100, Units: 100, Solutions: []byte("92")}, true)
	got := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		`{"elapsed_s":0,"fraction":0,"eta_s":12.346,"units_done":0,"units":100,"solutions":0}`,
		`{"elapsed_s":1,"fraction":0.1,"eta_s":12.346,"units_done":10,"units":100,"solutions":0}`,
		`{"elapsed_s":2,"fraction":0.2,"eta_s":12.346,"units_done":20,"units":100,"solutions":0}`,
		`{"elapsed_s":2.5,"fraction":1,"eta_s":null,"units_done":100,"units":100,"solutions":92}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
