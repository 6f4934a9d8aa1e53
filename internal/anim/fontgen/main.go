// Command fontgen makes the font of the GIF's labels and captions,
// ../glyphs.bin: the glyphs of WenQuanYi Micro Hei (Apache License 2.0,
// see ../FONT-NOTICE) that the captions need, rasterised at 64 pixels to
// the em with 16 levels of coverage, gzipped. The glyphs are the printable
// ASCII characters and every other character of the sentences of the
// events, in every language, of every algorithm's search of the small
// boards. It is its own module so that the queens module needs no
// rasteriser; run it again (go generate ./internal/anim) when a sentence
// gains a character. The font comes with Debian's fonts-wqy-microhei.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/narrate"
)

// em is the size of the glyphs in pixels.
const em = 64

func main() {
	src := flag.String("font", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "the font collection to rasterise")
	out := flag.String("o", "../glyphs.bin", "the file to write")
	flag.Parse()
	data, err := os.ReadFile(*src)
	if err != nil {
		log.Fatal(err)
	}
	f, err := opentype.Parse(firstFont(data))
	if err != nil {
		log.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: em, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		log.Fatal(err)
	}
	m := face.Metrics()
	var b bytes.Buffer
	b.WriteString("QGF1")
	put := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	rs := runes()
	put([]int16{em, int16(m.Ascent.Round()), int16(m.Descent.Round()), int16(len(rs))})
	for _, r := range rs {
		dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
		if !ok {
			log.Fatalf("the font has no glyph for %q", r)
		}
		if dr.Dx() > 255 || dr.Dy() > 255 {
			log.Fatalf("the glyph of %q is too large: %v", r, dr)
		}
		put(uint32(r))
		put([]int16{int16(adv), int16(dr.Min.X), int16(dr.Min.Y)})
		put([]uint8{uint8(dr.Dx()), uint8(dr.Dy())})
		nib := make([]byte, (dr.Dx()*dr.Dy()+1)/2)
		i := 0
		for y := range dr.Dy() {
			for x := range dr.Dx() {
				_, _, _, a := mask.At(mp.X+x, mp.Y+y).RGBA()
				v := byte((a*15 + 0x7fff) / 0xffff)
				nib[i/2] |= v << (4 * (i % 2))
				i++
			}
		}
		b.Write(nib)
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	zw.Write(b.Bytes())
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, z.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d glyphs, %d bytes\n", *out, len(rs), z.Len())
}

// firstFont returns the first font of the collection ttc as a font file
// of its own, its tables 4-byte aligned as the sfnt parser wants them (the
// collection of WenQuanYi Micro Hei has them anywhere).
func firstFont(ttc []byte) []byte {
	be := binary.BigEndian
	if string(ttc[:4]) != "ttcf" {
		return ttc
	}
	off := int(be.Uint32(ttc[12:]))
	tables := int(be.Uint16(ttc[off+4:]))
	head := 12 + 16*tables
	out := make([]byte, head, len(ttc))
	copy(out, ttc[off:off+12])
	for i := range tables {
		dir := ttc[off+12+16*i:]
		at, length := int(be.Uint32(dir[8:])), int(be.Uint32(dir[12:]))
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		entry := out[12+16*i:]
		copy(entry, dir[:8]) // tag and checksum
		be.PutUint32(entry[8:], uint32(len(out)))
		be.PutUint32(entry[12:], uint32(length))
		out = append(out, ttc[at:at+length]...)
	}
	return out
}

// runes returns the characters the GIF draws, sorted: printable ASCII, the
// ellipsis and those of the sentences of the searches of boards up to
// 7×7.
func runes() []rune {
	seen := map[rune]bool{}
	for r := rune(' '); r <= '~'; r++ {
		seen[r] = true
	}
	seen['…'] = true // the end of a caption cut short
	add := func(b []byte) {
		for _, r := range string(b) {
			seen[r] = true
		}
	}
	for _, l := range message.Langs {
		p := message.NewPrinter(l)
		for _, a := range queens.Algorithms() {
			for n := 1; n <= min(7, a.MaxN); n++ {
				w := narrate.New(p, a.Name)
				add(w.AppendStart(nil, n))
				a.Search(context.Background(), n, func(e queens.Event) bool {
					add(w.AppendText(nil, e, n))
					return true
				})
			}
		}
	}
	var rs []rune
	for r := range seen {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	return rs
}
