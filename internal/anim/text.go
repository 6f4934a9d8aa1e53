package anim

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"image"
	"io"
	"math"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The font of the labels and captions: the glyphs of WenQuanYi Micro Hei
// (Apache License 2.0, see FONT-NOTICE) that the sentences of the events
// use, rasterised at a large size by fontgen, its own module, and scaled
// down here with their coverage averaged, so that the text is smooth at
// every size.
//
//go:generate go run -C fontgen . -o ../glyphs.bin
//go:embed glyphs.bin
var glyphData []byte

// master is a glyph as fontgen rasterised it: its advance in 64ths of a
// pixel, its box from the origin on the baseline (y grows downwards) and
// its coverage, 0 to 15 a pixel.
type master struct {
	adv    int
	x0, y0 int
	w, h   int
	cover  []uint8
}

// fontData is the whole font at its size em.
type fontData struct {
	em, ascent, descent int
	glyphs              map[rune]*master
}

// loadFont reads the embedded font once.
var loadFont = sync.OnceValue(func() *fontData {
	f, err := parseFont(glyphData)
	if err != nil {
		panic(err) // TestFont reads it
	}
	return f
})

// errNotFont is the error of data that is not a font that fontgen wrote.
var errNotFont = errors.New("the embedded font is damaged")

// parseFont reads the font that fontgen writes: "QGF1", the size, ascent,
// descent and number of glyphs, then each glyph's rune, advance, box and
// coverage two pixels a byte, all gzipped.
func parseFont(data []byte) (*fontData, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if len(raw) < 12 || string(raw[:4]) != "QGF1" {
		return nil, errNotFont
	}
	le := binary.LittleEndian
	i16 := func(b []byte) int { return int(int16(le.Uint16(b))) }
	f := &fontData{em: i16(raw[4:]), ascent: i16(raw[6:]), descent: i16(raw[8:]), glyphs: map[rune]*master{}}
	count, b := i16(raw[10:]), raw[12:]
	for range count {
		if len(b) < 12 {
			return nil, io.ErrUnexpectedEOF
		}
		g := &master{adv: i16(b[4:]), x0: i16(b[6:]), y0: i16(b[8:]), w: int(b[10]), h: int(b[11])}
		r := rune(le.Uint32(b))
		b = b[12:]
		size := (g.w*g.h + 1) / 2
		if len(b) < size {
			return nil, io.ErrUnexpectedEOF
		}
		g.cover = make([]uint8, g.w*g.h)
		for i := range g.cover {
			g.cover[i] = b[i/2] >> (4 * (i % 2)) & 15
		}
		b = b[size:]
		f.glyphs[r] = g
	}
	if f.em <= 0 || len(b) != 0 {
		return nil, errNotFont
	}
	return f, nil
}

// glyph is a glyph at the size of a face: its advance and its box from
// the origin, and its coverage, 0 to 255 a pixel.
type glyph struct {
	adv    float64
	x0, y0 int
	w, h   int
	cover  []uint8
}

// face is the font at px pixels to the em, its glyphs scaled as they are
// first used.
type face struct {
	f      *fontData
	px     int
	scale  float64 // px / em
	glyphs map[rune]*glyph
}

func newFace(px int) *face {
	f := loadFont()
	return &face{f: f, px: px, scale: float64(px) / float64(f.em), glyphs: map[rune]*glyph{}}
}

// ascent and descent are the height of the face above and below the
// baseline, in pixels.
func (f *face) ascent() int  { return int(math.Ceil(float64(f.f.ascent) * f.scale)) }
func (f *face) descent() int { return int(math.Ceil(float64(f.f.descent) * f.scale)) }

// glyph returns the glyph of r at the face's size: a box for a character
// the font lacks.
func (f *face) glyph(r rune) *glyph {
	if g, ok := f.glyphs[r]; ok {
		return g
	}
	m, ok := f.f.glyphs[r]
	if !ok {
		m = f.box()
	}
	s := f.scale
	x0, y0 := int(math.Floor(float64(m.x0)*s)), int(math.Floor(float64(m.y0)*s))
	x1, y1 := int(math.Ceil(float64(m.x0+m.w)*s)), int(math.Ceil(float64(m.y0+m.h)*s))
	g := &glyph{adv: float64(m.adv) / 64 * s, x0: x0, y0: y0, w: x1 - x0, h: y1 - y0}
	// Each pixel of the master adds its coverage to the pixels of the
	// glyph it overlaps, by the area it covers of each.
	sum := make([]float64, g.w*g.h)
	for my := range m.h {
		top, bottom := float64(m.y0+my)*s-float64(y0), float64(m.y0+my+1)*s-float64(y0)
		for mx := range m.w {
			c := m.cover[my*m.w+mx]
			if c == 0 {
				continue
			}
			left, right := float64(m.x0+mx)*s-float64(x0), float64(m.x0+mx+1)*s-float64(x0)
			for y := int(top); y < g.h && float64(y) < bottom; y++ {
				dy := min(bottom, float64(y+1)) - max(top, float64(y))
				for x := int(left); x < g.w && float64(x) < right; x++ {
					dx := min(right, float64(x+1)) - max(left, float64(x))
					sum[y*g.w+x] += float64(c) * dx * dy
				}
			}
		}
	}
	g.cover = make([]uint8, len(sum))
	for i, v := range sum {
		g.cover[i] = uint8(math.Round(min(1, v/15) * 255))
	}
	f.glyphs[r] = g
	return g
}

// box is the glyph of a character the font lacks: the outline of a box
// as wide as a digit.
func (f *face) box() *master {
	d := f.f.glyphs['0']
	w, h := d.adv/64-f.f.em/8, f.f.ascent*3/4
	m := &master{adv: d.adv, x0: f.f.em / 16, y0: -h, w: w, h: h, cover: make([]uint8, w*h)}
	line := max(1, f.f.em/16)
	for y := range h {
		for x := range w {
			if x < line || y < line || x >= w-line || y >= h-line {
				m.cover[y*w+x] = 15
			}
		}
	}
	return m
}

// width returns the width of s in pixels.
func (f *face) width(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += f.glyph(r).adv
	}
	return w
}

// draw writes s into img with its baseline at y, starting at x, in the
// colours of the ink ramp; strength from 0 to 1 lightens it, for labels.
func (f *face) draw(img *image.Paletted, x float64, y int, s string, strength float64) {
	for _, r := range s {
		g := f.glyph(r)
		gx, gy := int(math.Round(x))+g.x0, y+g.y0
		for j := range g.h {
			for i := range g.w {
				c := g.cover[j*g.w+i]
				if c == 0 || !(image.Point{gx + i, gy + j}).In(img.Rect) {
					continue
				}
				level := int(math.Round(float64(c) / 255 * strength * inkLevels))
				if level > 0 {
					o := img.PixOffset(gx+i, gy+j)
					img.Pix[o] = max(img.Pix[o], uint8(cInk+level-1)) // where glyphs overlap, the darker
				}
			}
		}
		x += g.adv
	}
}

// wrap breaks s into lines no wider than width, given as the start and
// end of each in s: at spaces, which it drops, and between Chinese
// characters, but not before a closing mark nor after an opening one. A
// word wider than a line stands alone on it.
func (f *face) wrap(s string, width float64) [][2]int {
	var lines [][2]int
	start, next, end := 0, -1, 0 // the line; the latest break after start: where the next line starts, where this one ends
	lineWidth := 0.0
	prev := rune(-1)
	for i, r := range s {
		switch {
		case r == ' ':
			if i > start {
				next, end = i+1, i
			}
		case i > start && prev != ' ' && breakBetween(prev, r):
			next, end = i, i
		}
		w := f.glyph(r).adv
		if lineWidth+w > width && r != ' ' && next > start {
			lines = append(lines, [2]int{start, end})
			start, next = next, -1
			lineWidth = f.width(s[start:i])
		}
		lineWidth += w
		prev = r
	}
	if start < len(s) || len(lines) == 0 {
		lines = append(lines, [2]int{start, len(s)})
	}
	return lines
}

// breakBetween reports whether a line may break between a and b, neither
// a space: next to a Chinese character, unless b closes or a opens.
func breakBetween(a, b rune) bool {
	wide := func(r rune) bool {
		return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef || r == '“' || r == '”'
	}
	if !wide(a) && !wide(b) {
		return false
	}
	switch b {
	case '，', '。', '：', '；', '！', '？', '）', '”', '、':
		return false
	}
	switch a {
	case '（', '“':
		return false
	}
	return true
}

// ellipsis cuts s, with "…", to fit width.
func (f *face) ellipsis(s string, width float64) string {
	for s != "" && f.width(s+"…") > width {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s + "…"
}
