package anim

import (
	"context"
	"image"
	"image/gif"
	"strings"
	"testing"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/narrate"
)

// TestFont reads the embedded font and checks that it has every character
// of the sentences of the events, in every language, of every algorithm's
// search of the boards up to 6×6: a character it lacks is drawn as a box.
func TestFont(t *testing.T) {
	f, err := parseFont(glyphData)
	if err != nil {
		t.Fatal(err)
	}
	if f.em != 64 || f.ascent <= 0 || len(f.glyphs) < 95 {
		t.Fatalf("a font of %d pixels, ascent %d, %d glyphs", f.em, f.ascent, len(f.glyphs))
	}
	missing := map[rune]string{}
	check := func(b []byte) {
		for _, r := range string(b) {
			if _, ok := f.glyphs[r]; !ok {
				missing[r] = string(b)
			}
		}
	}
	for _, l := range message.Langs {
		for _, a := range queens.Algorithms() {
			for n := 1; n <= min(6, a.MaxN); n++ {
				w := narrate.New(message.NewPrinter(l), a.Name)
				check(w.AppendStart(nil, n))
				a.Search(context.Background(), n, func(e queens.Event) bool {
					check(w.AppendText(nil, e, n))
					return true
				})
			}
		}
	}
	for r, s := range missing {
		t.Errorf("the font has no %q, of %q: run go generate ./internal/anim", r, s)
	}
}

// TestWrap breaks sentences to a width: English at its spaces, Chinese
// between its characters but never before a comma or a closing
// bracket; a line no wider than the width unless it is a single word.
func TestWrap(t *testing.T) {
	f := newFace(14)
	for _, s := range []string{
		"try row 12 col 10: forbidden, marked first by the queen in row 10 (its diagonal)",
		"尝试第 3 行第 2 列：已禁用，最先由第 2 行的皇后标记（同一对角线）",
		"Supercalifragilistic expialidocious",
	} {
		width := 120.0
		spans := f.wrap(s, width)
		var back []string
		for i, sp := range spans {
			line := s[sp[0]:sp[1]]
			back = append(back, line)
			if f.width(line) > width && strings.Contains(line, " ") {
				t.Errorf("%q: line %d, %q, is %.0f pixels wide, more than %.0f", s, i, line, f.width(line), width)
			}
			if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") || line == "" {
				t.Errorf("%q: line %d is %q", s, i, line)
			}
			for _, mark := range []string{"，", "：", "）"} {
				if i > 0 && strings.HasPrefix(line, mark) {
					t.Errorf("%q: line %d, %q, begins with %s", s, i, line, mark)
				}
			}
		}
		if len(spans) < 2 || strings.ReplaceAll(strings.Join(back, ""), " ", "") != strings.ReplaceAll(s, " ", "") {
			t.Errorf("%q wraps to %q", s, back)
		}
	}
	if spans := f.wrap("free", 120); len(spans) != 1 || spans[0] != [2]int{0, 4} {
		t.Errorf("a short sentence wraps to %v", spans)
	}
}

// pictures returns the pictures a GIF of Render shows, each frame laid
// over the one before where it is not clear.
func pictures(g *gif.GIF) []*image.Paletted {
	var out []*image.Paletted
	canvas := image.NewPaletted(image.Rect(0, 0, g.Config.Width, g.Config.Height), palette)
	for _, fr := range g.Image {
		for y := fr.Rect.Min.Y; y < fr.Rect.Max.Y; y++ {
			for x := fr.Rect.Min.X; x < fr.Rect.Max.X; x++ {
				if v := fr.ColorIndexAt(x, y); v != cClear {
					canvas.SetColorIndex(x, y, v)
				}
			}
		}
		c := *canvas
		c.Pix = append([]uint8(nil), canvas.Pix...)
		out = append(out, &c)
	}
	return out
}

func render(t *testing.T, n, from, to int, o Options) (*drawer, []*image.Paletted) {
	t.Helper()
	a, _ := queens.LookupAlgorithm("flags")
	g, err := Render(context.Background(), a, n, from, to, o)
	if err != nil {
		t.Fatal(err)
	}
	return newDrawer(n, max(o.Scale, 1), !o.NoCaption), pictures(g)
}

// inked counts the pixels of text in the rectangle r of p.
func inked(p *image.Paletted, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if v := p.ColorIndexAt(x, y); v >= cInk && v < cInk+inkLevels {
				n++
			}
		}
	}
	return n
}

// differ counts the pixels of r that differ between a and b.
func differ(a, b *image.Paletted, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.ColorIndexAt(x, y) != b.ColorIndexAt(x, y) {
				n++
			}
		}
	}
	return n
}

// TestLabelsAndCaption checks the text of the frames: a number above
// every column and left of every row, the same in every frame; below the
// board, the sentence of the event, which changes with it, in the
// language asked for, and nothing there without the caption.
func TestLabelsAndCaption(t *testing.T) {
	for _, scale := range []int{1, 2} {
		d, en := render(t, 5, 0, 6, Options{Scale: scale})
		_, zh := render(t, 5, 0, 6, Options{Scale: scale, Lang: message.Chinese})
		board := 5 * d.cell
		for i := range 5 {
			above := image.Rect(d.ox+i*d.cell, margin, d.ox+(i+1)*d.cell, d.oy-1)
			left := image.Rect(margin-2, d.oy+i*d.cell, d.ox-1, d.oy+(i+1)*d.cell)
			for _, r := range []image.Rectangle{above, left} {
				if inked(en[0], r) == 0 || inked(zh[0], r) == 0 || differ(en[0], en[6], r) != 0 || differ(en[0], zh[0], r) != 0 {
					t.Errorf("scale %d: no label of row or column %d in %v, or not the same in every frame", scale, i+1, r)
				}
			}
		}
		below := image.Rect(0, d.oy+board+1, d.w, d.h)
		for i := range en {
			if inked(en[i], below) == 0 || inked(zh[i], below) == 0 || differ(en[i], zh[i], below) == 0 {
				t.Errorf("scale %d, frame %d: no caption, or the same in English and Chinese", scale, i)
			}
		}
		// Steps 1 and 2 try and place the same square: "try row 1 col
		// 1: free", "place row 1 col 1".
		if differ(en[1], en[2], below) == 0 || differ(zh[1], zh[2], below) == 0 {
			t.Errorf("scale %d: steps 1 and 2 have the same caption", scale)
		}
		// The Chinese caption is drawn with the glyphs of its
		// characters, not boxes: "尝试" begins it, wider than "try".
		if inked(zh[1], below) <= inked(en[1], below) {
			t.Errorf("scale %d: the Chinese caption has %d pixels of ink, the English %d", scale, inked(zh[1], below), inked(en[1], below))
		}

		plain, bare := render(t, 5, 0, 6, Options{Scale: scale, NoCaption: true})
		if plain.h >= d.h || plain.w != d.w || inked(bare[3], image.Rect(0, plain.oy+board+1, plain.w, plain.h)) != 0 || inked(bare[3], image.Rect(0, 0, plain.w, plain.oy)) == 0 {
			t.Errorf("scale %d: without the caption the frames are %d×%d, with it %d×%d; want less high, with labels but no text below", scale, plain.w, plain.h, d.w, d.h)
		}
	}
}

// TestLongCaption fits the longest sentences in the caption's lines,
// smaller or cut short, never over the edge of the picture.
func TestLongCaption(t *testing.T) {
	d := newDrawer(4, 1, true)
	img := image.NewPaletted(image.Rect(0, 0, d.w, d.h), palette)
	for _, s := range []string{
		"try row 12 col 10: forbidden, marked first by the queen in row 10 (its diagonal)",
		strings.Repeat("a very long sentence ", 10),
		strings.Repeat("很长的句子", 20),
	} {
		clear(img.Pix)
		d.caption(img, s)
		right := image.Rect(d.ox+4*d.cell+1, d.oy, d.w, d.h)
		under := image.Rect(0, d.captionTop+captionLines*d.lineGap, d.w, d.h)
		if inked(img, right) != 0 || inked(img, under) > 0 {
			t.Errorf("%q: %d pixels of ink right of the board, %d under the lines", s, inked(img, right), inked(img, under))
		}
	}
}
