package narrate

import (
	"context"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// TestFollow tells the tries of every algorithm's search of the 6×6 board
// after following its placements and removals untold, as a GIF of tries
// alone does: each sentence is the one of the whole log, which names the
// flag, square or counter behind an attacked try.
func TestFollow(t *testing.T) {
	for _, a := range queens.Algorithms() {
		for _, l := range message.Langs {
			p := message.NewPrinter(l)
			all, tries := New(p, a.Name), New(p, a.Name)
			var want, got []byte
			named := 0
			a.Search(context.Background(), 6, func(e queens.Event) bool {
				want = all.AppendText(want[:0], e, 6)
				if e.Kind != queens.EventTry {
					tries.Follow(e)
					return true
				}
				got = tries.AppendText(got[:0], e, 6)
				if string(got) != string(want) {
					t.Errorf("%s, %s: %q after following, want %q", a.Name, l, got, want)
					return false
				}
				if e.Conflict >= 0 && !strings.Contains(string(got), p.Sprintf("attacked by the queen in row %d", e.Conflict+1)) {
					named++
				}
				return true
			})
			if a.Name != "scan" && a.Name != "bitboard" && named == 0 {
				t.Errorf("%s, %s: no try names the algorithm's own check", a.Name, l)
			}
		}
	}
}

// TestStart tells the board before the first event.
func TestStart(t *testing.T) {
	for l, want := range map[message.Lang]string{message.English: "flags, N=6: the empty board", message.Chinese: "flags，N=6：空棋盘"} {
		if got := string(New(message.NewPrinter(l), "flags").AppendStart(nil, 6)); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
