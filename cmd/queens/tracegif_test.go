package main

import (
	"bytes"
	"fmt"
	"image/gif"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/memory"
)

// countEvents returns the number of events that trace --json prints for
// args.
func countEvents(t *testing.T, args ...string) int {
	t.Helper()
	r := runCLI(t.Context(), nil, append([]string{"trace", "--json", "--limit", "0"}, args...)...)
	r.wantExit(t, 0)
	return strings.Count(r.stdout, "\n")
}

// decodeGIF reads the GIF at path.
func decodeGIF(t *testing.T, path string) *gif.GIF {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

func TestTraceGIF(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.gif")
	r := runCLI(t.Context(), nil, "trace", "6", "--algo", "flags", "--gif", path)
	r.wantExit(t, 0)
	g := decodeGIF(t, path)
	events := countEvents(t, "6", "--algo", "flags")
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// It says what it wrote: the file, the frames and the size.
	said := fmt.Sprintf("queens: wrote %s: %d frames (steps 1 to %d), %s\n", path, len(g.Image), len(g.Image), memory.Format(uint64(info.Size())))
	if r.stdout != "" || r.stderr != said {
		t.Errorf("trace --gif printed %q and %q, want nothing and %q", r.stdout, r.stderr, said)
	}
	if len(g.Image) != events || events < 1000 {
		t.Errorf("%d frames, want one per event: %d", len(g.Image), events)
	}
	if g.Delay[0] != 20 || g.Delay[len(g.Delay)-1] <= 20 || g.Config.Width >= g.Config.Height || g.Config.Width < 300 {
		t.Errorf("delays %d…%d, size %d×%d", g.Delay[0], g.Delay[len(g.Delay)-1], g.Config.Width, g.Config.Height)
	}

	// A range of steps: from and to are both shown.
	for _, c := range []struct{ from, to, frames int }{{1, 1, 1}, {0, 9, 10}, {100, 160, 61}, {events - 4, events, 5}} {
		r := runCLI(t.Context(), nil, "trace", "6", "--gif", path, "--from", strconv.Itoa(c.from), "--to", strconv.Itoa(c.to))
		r.wantExit(t, 0)
		if g := decodeGIF(t, path); len(g.Image) != c.frames {
			t.Errorf("--from %d --to %d: %d frames, want %d", c.from, c.to, len(g.Image), c.frames)
		}
	}
	r = runCLI(t.Context(), nil, "trace", "8", "--algo", "scan", "--gif", path, "--from", "20000")
	r.wantExit(t, 0)
	if g := decodeGIF(t, path); len(g.Image) != countEvents(t, "8", "--algo", "scan")-20000+1 {
		t.Errorf("--from 20000 to the end: %d frames", len(g.Image))
	}
}

func TestTraceGIFRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.gif")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"8"}, "more than 5000 frames"},                      // the whole search
		{[]string{"8", "--from", "1", "--to", "5001"}, "5001 frames"}, // one frame too many
		{[]string{"6", "--from", "9", "--to", "3"}, "comes after the last"},
		{[]string{"6", "--to", "4000"}, "has 1248 steps, not 4000"},
		{[]string{"6", "--from", "1249"}, "has 1248 steps, not 1249"},
		{[]string{"6", "--from", "-1"}, "counted from 0"},
		{[]string{"6", "--to", "-2"}, "--to must be 0 or more"},
		{[]string{"6", "--json"}, "does not go with"},
		{[]string{"6", "--limit", "5"}, "--limit is for the log"},
	} {
		r := runCLI(t.Context(), nil, append([]string{"trace", "--gif", path}, c.args...)...)
		r.wantError(t, exitUsage, c.want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused ranges left %d files behind: %v", len(entries), entries)
	}
	r := runCLI(t.Context(), nil, "trace", "6", "--from", "3")
	r.wantError(t, exitUsage, "--from and --to choose the steps of --gif")
}

// TestTraceGIFForASlide draws the 4×4 search of flags with placements,
// removals and solutions only, twice as large, each frame shown 0.7 s: a
// frame for the empty board and one for each such event, each twice as
// wide as the plain GIF's, less the margins; bad lists, scales and delays
// are refused before anything is written.
func TestTraceGIFForASlide(t *testing.T) {
	dir := t.TempDir()
	plain, slide := filepath.Join(dir, "plain.gif"), filepath.Join(dir, "slide.gif")
	runCLI(t.Context(), nil, "trace", "4", "--gif", plain, "--from", "0").wantExit(t, 0)
	runCLI(t.Context(), nil, "trace", "4", "--gif", slide, "--from", "0", "--events", "place,remove,solution", "--scale", "2", "--delay", "700ms").wantExit(t, 0)
	r := runCLI(t.Context(), nil, "trace", "4", "--json", "--limit", "0")
	want := 1 + strings.Count(r.stdout, `"kind":"place"`) + strings.Count(r.stdout, `"kind":"remove"`) + strings.Count(r.stdout, `"kind":"solution"`)
	p, s := decodeGIF(t, plain), decodeGIF(t, slide)
	if len(s.Image) != want || s.Config.Width != 2*p.Config.Width-20 || s.Delay[0] != 70 || p.Delay[0] != 20 {
		t.Errorf("the slide has %d frames %d pixels wide, shown %d hundredths; want %d frames, %d wide, 70", len(s.Image), s.Config.Width, s.Delay[0], want, 2*p.Config.Width-20)
	}
	for _, args := range [][]string{
		{"--events", "place,jump"},
		{"--scale", "0"},
		{"--scale", "5"},
		{"--delay", "10ms"},
		{"--delay", "25ms"},
		{"--delay", "11s"},
		{"--from", "1", "--to", "2", "--events", "solution"},
	} {
		bad := filepath.Join(dir, "bad.gif")
		r := runCLI(t.Context(), nil, append([]string{"trace", "4", "--gif", bad}, args...)...)
		r.wantExit(t, 2)
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("%v: a file was written", args)
		}
	}
	runCLI(t.Context(), nil, "trace", "4", "--events", "place").wantExit(t, 2)
	runCLI(t.Context(), nil, "trace", "4", "--caption=false").wantError(t, exitUsage, "--caption are for --gif")
}

// TestTraceGIFCaption draws the same steps with the caption in English, in
// Chinese and without: the three differ only below the board, and the GIF
// without the caption is as wide and less high.
func TestTraceGIFCaption(t *testing.T) {
	dir := t.TempDir()
	en, zh, bare := filepath.Join(dir, "en.gif"), filepath.Join(dir, "zh.gif"), filepath.Join(dir, "bare.gif")
	runCLI(t.Context(), nil, "trace", "5", "--gif", en, "--to", "12").wantExit(t, 0)
	runCLI(t.Context(), nil, "--lang", "zh", "trace", "5", "--gif", zh, "--to", "12").wantExit(t, 0)
	runCLI(t.Context(), nil, "trace", "5", "--gif", bare, "--to", "12", "--caption=false").wantExit(t, 0)
	e, z, b := decodeGIF(t, en), decodeGIF(t, zh), decodeGIF(t, bare)
	if e.Config.Width != z.Config.Width || e.Config.Height != z.Config.Height || b.Config.Width != e.Config.Width || b.Config.Height >= e.Config.Height {
		t.Fatalf("sizes %d×%d, %d×%d in Chinese, %d×%d without the caption", e.Config.Width, e.Config.Height, z.Config.Width, z.Config.Height, b.Config.Width, b.Config.Height)
	}
	// The first frames: the board and its labels alike, the caption not.
	fe, fz, fb := e.Image[0], z.Image[0], b.Image[0]
	top, bottom, board := 0, 0, b.Config.Height-10 // less the margin
	for y := range e.Config.Height {
		for x := range e.Config.Width {
			switch {
			case y < board && (fe.ColorIndexAt(x, y) != fz.ColorIndexAt(x, y) || fe.ColorIndexAt(x, y) != fb.ColorIndexAt(x, y)):
				top++
			case y >= board && fe.ColorIndexAt(x, y) != fz.ColorIndexAt(x, y):
				bottom++
			}
		}
	}
	if top != 0 || bottom == 0 {
		t.Errorf("the three differ in %d pixels of the board and its labels, English and Chinese in %d below it; want 0 and some", top, bottom)
	}
}

// TestDocSlideGIF runs the command that docs/learn.md shows for the GIF
// of a slide and checks that it writes the very GIF the page shows:
// remake it with that command in docs/web when the drawing changes.
func TestDocSlideGIF(t *testing.T) {
	const shown = "web/trace-4-flags.gif"
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "learn.md"))
	if err != nil {
		t.Fatal(err)
	}
	var command string
	for line := range strings.SplitSeq(string(page), "\n") {
		if strings.HasPrefix(line, "$ queens ") && strings.Contains(line, " --gif "+filepath.Base(shown)+" ") {
			command = strings.TrimPrefix(line, "$ queens ")
		}
	}
	if command == "" || !strings.Contains(string(page), "]("+shown+")") {
		t.Fatalf("learn.md shows no command writing %s, or not the picture", shown)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", shown))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	runCLI(t.Context(), nil, strings.Fields(command)...).wantExit(t, 0)
	got, err := os.ReadFile(filepath.Base(shown))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("'queens %s' writes %d bytes, not the %d of docs/%s: run it in docs/web", command, len(got), len(want), shown)
	}
	if len(want) > 512<<10 {
		t.Errorf("docs/%s is %d KiB, too large for a page", shown, len(want)>>10)
	}
}
