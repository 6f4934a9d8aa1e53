package anim

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/queenslab/queens"
)

// margin is the white border around the picture, as the svg format has
// it around the board.
const margin = 10

// cellSize returns the side of a square in pixels: the board is about
// 320 pixels wide, as in the svg format, and a square at least 10.
func cellSize(n int) int { return max(10, 320/n) }

// Size returns the width and height in pixels of the frames of the n×n
// board at the scale given (1 to [MaxScale]), with the caption or
// without.
func Size(n, scale int, caption bool) (int, int) {
	d := newDrawer(n, max(scale, 1), caption)
	return d.w, d.h
}

// The colours of the picture, as indices of palette. The tints are the
// page's translucent colours laid over a light and a dark square.
const (
	cWhite = iota // the margin, the halos and the queen's outline
	cLight
	cDark
	cHatchLight // the hatching of an attacked square
	cHatchDark
	cOK  // the frame of a free square tried and of a queen just placed
	cBad // the frame of an attacked square tried, its attacker, the line and ✕
	cQueen
	cOutline // around the board
	cGoldLight
	cGoldDark
	cDeadLight // a row without a free square: tinted, hatched and crossed out
	cDeadDark
	cDeadHatchLight
	cDeadHatchDark
	cGhostLight // a queen just taken back, faint
	cGhostDark
	cGhostEdgeLight
	cGhostEdgeDark
	cInk                      // the text, in inkLevels tints from the faintest to the full ink
	cClear = cInk + inkLevels // the pixels of a frame that leave the one before as it is
)

// inkLevels is the number of tints of the text over white.
const inkLevels = 7

var (
	light, dark = rgb(0xf0d9b5), rgb(0xb58863)
	hatch       = rgb(0x1e0f32) // at 65 %
	gold        = rgb(0xf0be28) // at 75 %
	deadTint    = rgb(0xc2410c) // at 30 %
	queenFill   = rgb(0x222222)
	white       = rgb(0xffffff)
	ink         = rgb(0x222222) // the labels, lighter, and the caption
)

// palette holds the colours in the order of their indices.
var palette = color.Palette{
	cWhite:          white,
	cLight:          light,
	cDark:           dark,
	cHatchLight:     blend(hatch, 0.65, light),
	cHatchDark:      blend(hatch, 0.65, dark),
	cOK:             rgb(0x0060b0),
	cBad:            rgb(0xc2410c),
	cQueen:          queenFill,
	cOutline:        rgb(0x555555),
	cGoldLight:      blend(gold, 0.75, light),
	cGoldDark:       blend(gold, 0.75, dark),
	cDeadLight:      blend(deadTint, 0.3, light),
	cDeadDark:       blend(deadTint, 0.3, dark),
	cDeadHatchLight: blend(hatch, 0.65, blend(deadTint, 0.3, light)),
	cDeadHatchDark:  blend(hatch, 0.65, blend(deadTint, 0.3, dark)),
	cGhostLight:     blend(queenFill, 0.32, light),
	cGhostDark:      blend(queenFill, 0.32, dark),
	cGhostEdgeLight: blend(white, 0.32, light),
	cGhostEdgeDark:  blend(white, 0.32, dark),
	cInk:            blend(ink, 1.0/inkLevels, white),
	cInk + 1:        blend(ink, 2.0/inkLevels, white),
	cInk + 2:        blend(ink, 3.0/inkLevels, white),
	cInk + 3:        blend(ink, 4.0/inkLevels, white),
	cInk + 4:        blend(ink, 5.0/inkLevels, white),
	cInk + 5:        blend(ink, 6.0/inkLevels, white),
	cInk + 6:        ink,
	cClear:          color.Transparent,
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// blend lays the colour c with opacity alpha over the colour under.
func blend(c color.RGBA, alpha float64, under color.RGBA) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8(math.Round(alpha*float64(a) + (1-alpha)*float64(b))) }
	return color.RGBA{R: mix(c.R, under.R), G: mix(c.G, under.G), B: mix(c.B, under.B), A: 0xff}
}

// The marks an event puts on a square, as the page's board sets them.
const (
	markTry    = 1 << iota // the square tried
	markBad                // ... and found attacked
	markSource             // the queen that attacks it
	markPlaced             // the queen just placed
	markGhost              // the queen just taken back
	markWin                // a queen of a solution
	markDead               // a square of a row without a free one
)

// drawer draws the board of one search, step after step: the columns
// numbered above it and the rows to its left, from 1 as the sentences of
// the events and the page's board count them, and the caption below.
type drawer struct {
	n, cell int
	w, h    int     // the picture
	ox, oy  int     // the top left corner of the board
	queens  []int   // queens[row]: the column of its queen, or -1
	sprite  []uint8 // the queen in a square: 0 nothing, 1 fill, 2 outline
	marks   []uint8 // per square, for the step being drawn
	attacks []uint8 // per square, the queens that attack it
	label   *face
	names   []string // the numbers of the rows and columns
	// The caption: its size, as large as the scale makes it unless its
	// sentence needs more than captionLines lines, where it shrinks to
	// the smallest; the top of its first line; the faces by size.
	captionPx, smallestPx int
	captionTop, lineGap   int
	faces                 map[int]*face
}

// captionLines is the number of lines the caption has room for.
const captionLines = 2

func newDrawer(n, scale int, caption bool) *drawer {
	cell := cellSize(n) * scale
	d := &drawer{n: n, cell: cell, queens: make([]int, n), marks: make([]uint8, n*n), attacks: make([]uint8, n*n)}
	for i := range d.queens {
		d.queens[i] = -1
	}
	d.sprite = queenSprite(cell)
	for i := range n {
		d.names = append(d.names, strconv.Itoa(i+1))
	}
	// The labels are as large as the caption's letters, smaller on a
	// board of small squares.
	d.label = newFace(min(13*scale, max(9, cell*11/20)))
	gap := d.label.px / 2
	d.ox = margin + int(math.Ceil(d.label.width(strconv.Itoa(n)))) + gap
	d.oy = margin + d.label.ascent() + d.label.descent() + gap/2
	board := n * cell
	d.w, d.h = d.ox+board+margin, d.oy+board+margin
	if caption {
		d.captionPx = 14 * scale
		d.smallestPx = d.captionPx * 4 / 5
		d.faces = map[int]*face{}
		f := d.face(d.captionPx)
		d.lineGap = int(math.Ceil(float64(d.captionPx) * 1.35))
		d.captionTop = d.oy + board + d.captionPx*2/3
		d.h = d.captionTop + (captionLines-1)*d.lineGap + f.ascent() + f.descent() + margin
	}
	return d
}

// face returns the caption's face of px pixels to the em.
func (d *drawer) face(px int) *face {
	f, ok := d.faces[px]
	if !ok {
		f = newFace(px)
		d.faces[px] = f
	}
	return f
}

// apply moves the board past the event e.
func (d *drawer) apply(e *queens.Event) {
	switch e.Kind {
	case queens.EventPlace:
		d.queens[e.Row] = e.Col
	case queens.EventRemove:
		d.queens[e.Row] = -1
	}
}

// draw draws the board into img, with the marks of the event ev that led
// to it (nil draws the board before the first event), the labels and the
// caption, if the drawer has one.
func (d *drawer) draw(img *image.Paletted, ev *queens.Event, caption string) {
	n, cell := d.n, d.cell
	clear(d.marks)
	clear(d.attacks)
	for qr, qc := range d.queens {
		if qc < 0 {
			continue
		}
		for i := range n {
			if i != qc {
				d.attacks[qr*n+i]++
			}
			if i == qr {
				continue
			}
			d.attacks[i*n+qc]++
			if c := qc + i - qr; c >= 0 && c < n {
				d.attacks[i*n+c]++
			}
			if c := qc - i + qr; c >= 0 && c < n {
				d.attacks[i*n+c]++
			}
		}
	}
	mark := func(r, c int, m uint8) {
		if r >= 0 && c >= 0 && r < n && c < n {
			d.marks[r*n+c] |= m
		}
	}
	line := [4]int{-1}
	if ev != nil {
		switch ev.Kind {
		case queens.EventTry:
			switch {
			case ev.Conflict >= 0:
				mark(ev.Row, ev.Col, markTry|markBad)
				mark(ev.Conflict, d.queens[ev.Conflict], markSource)
				line = [4]int{ev.Conflict, d.queens[ev.Conflict], ev.Row, ev.Col}
			case ev.Conflict < -1:
				mark(ev.Row, ev.Col, markTry|markBad)
			default:
				mark(ev.Row, ev.Col, markTry)
			}
		case queens.EventPlace:
			mark(ev.Row, ev.Col, markPlaced)
		case queens.EventRemove:
			mark(ev.Row, ev.Col, markGhost)
		case queens.EventSolution:
			for r, c := range d.queens {
				mark(r, c, markWin)
			}
		case queens.EventDeadEnd:
			if ev.Col >= 0 && ev.Conflict >= 0 {
				mark(ev.Row, ev.Col, markSource)
				mark(ev.Conflict, d.queens[ev.Conflict], markSource)
				line = [4]int{ev.Conflict, d.queens[ev.Conflict], ev.Row, ev.Col}
			} else {
				for c := range n {
					mark(ev.Row, c, markDead)
				}
			}
		}
	}

	for i := range img.Pix {
		img.Pix[i] = cWhite
	}
	board := n * cell
	fill(img, image.Rect(d.ox-1, d.oy-1, d.ox+board+1, d.oy+board+1), cOutline)
	for r := range n {
		for c := range n {
			d.square(img, r, c)
		}
	}
	if line[0] >= 0 {
		d.line(img, line)
	}
	d.labels(img)
	if d.faces != nil {
		d.caption(img, caption)
	}
}

// labels numbers the columns above the board and the rows to its left, in
// a lighter ink than the caption's.
func (d *drawer) labels(img *image.Paletted) {
	const strength = 0.6
	f := d.label
	for i, s := range d.names {
		w := f.width(s)
		centre := float64(d.ox) + (float64(i)+0.5)*float64(d.cell)
		f.draw(img, centre-w/2, d.oy-f.descent()-f.px/4, s, strength)
		middle := d.oy + i*d.cell + d.cell/2
		f.draw(img, float64(d.ox-f.px/2)-w, middle+(f.ascent()-f.descent())/2, s, strength)
	}
}

// caption writes s below the board, from its left edge, on as many lines
// as it has room for: in a smaller face when it needs, cut short when even
// that is too small.
func (d *drawer) caption(img *image.Paletted, s string) {
	width := float64(d.n * d.cell)
	px := d.captionPx
	f := d.face(px)
	lines := f.wrap(s, width)
	for len(lines) > captionLines && px > d.smallestPx {
		px--
		f = d.face(px)
		lines = f.wrap(s, width)
	}
	y := d.captionTop + d.face(d.captionPx).ascent()
	for i, l := range lines[:min(len(lines), captionLines)] {
		text := s[l[0]:l[1]]
		if i == captionLines-1 && len(lines) > captionLines {
			text = f.ellipsis(s[l[0]:], width)
		}
		f.draw(img, float64(d.ox), y+i*d.lineGap, text, 1)
	}
}

// square draws the square (r, c) with its queen and marks.
func (d *drawer) square(img *image.Paletted, r, c int) {
	n, cell := d.n, d.cell
	x0, y0 := d.ox+c*cell, d.oy+r*cell
	m := d.marks[r*n+c]
	queen := d.queens[r] == c
	odd := (r+c)%2 == 1
	base, hatched := uint8(cLight), uint8(cHatchLight)
	switch {
	case m&markWin != 0:
		base = cGoldLight
	case m&markDead != 0:
		base, hatched = cDeadLight, cDeadHatchLight
	}
	if odd {
		base++ // each dark colour follows its light one
		hatched++
	}
	hatch := !queen && (d.attacks[r*n+c] > 0 || m&markDead != 0)
	for y := range cell {
		row := img.Pix[img.PixOffset(x0, y0+y):]
		for x := range cell {
			px := base
			if hatch && (x0+x+y0+y)%11 < 2 {
				px = hatched
			}
			row[x] = px
		}
	}
	if queen || m&markGhost != 0 {
		fillc, edge := uint8(cQueen), uint8(cWhite)
		if !queen {
			fillc, edge = cGhostLight, cGhostEdgeLight
			if odd {
				fillc, edge = cGhostDark, cGhostEdgeDark
			}
		}
		for y := range cell {
			row := img.Pix[img.PixOffset(x0, y0+y):]
			for x, s := range d.sprite[y*cell : (y+1)*cell] {
				switch s {
				case 1:
					row[x] = fillc
				case 2:
					row[x] = edge
				}
			}
		}
	}
	if !queen && m&(markBad|markDead) != 0 {
		d.cross(img, x0, y0)
	}
	sq := image.Rect(x0, y0, x0+cell, y0+cell)
	w := max(3, cell*9/100)
	switch {
	case m&markPlaced != 0:
		frame(img, sq, max(4, cell*13/100), cOK)
	case m&markSource != 0:
		dash := max(2, cell*5/100)
		frame(img, sq.Inset(dash), w, cBad)
		dashed(img, sq, dash)
	case m&markBad != 0:
		frame(img, sq, w, cBad)
	case m&markTry != 0:
		frame(img, sq, w, cOK)
	}
}

// frame draws a band of width w and colour along the inner edge of r,
// and a white halo of 2 pixels inside it.
func frame(img *image.Paletted, r image.Rectangle, w int, colour uint8) {
	border(img, r.Inset(w), 2, cWhite)
	border(img, r, w, colour)
}

// border draws a band of width w along the inner edge of r.
func border(img *image.Paletted, r image.Rectangle, w int, colour uint8) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), colour)
	fill(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), colour)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), colour)
	fill(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), colour)
}

// dashed draws a white dashed band of width w along the inner edge of r,
// dashes and gaps 2w long.
func dashed(img *image.Paletted, r image.Rectangle, w int) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			edge := x < r.Min.X+w || x >= r.Max.X-w || y < r.Min.Y+w || y >= r.Max.Y-w
			if edge && ((x-r.Min.X)/(2*w)+(y-r.Min.Y)/(2*w))%2 == 0 {
				img.Pix[img.PixOffset(x, y)] = cWhite
			}
		}
	}
}

// fill paints the rectangle r.
func fill(img *image.Paletted, r image.Rectangle, colour uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for x := range row {
			row[x] = colour
		}
	}
}

// cross draws ✕ in the square whose corner is (x0, y0): two red strokes
// with a white halo, as the page writes it on a square found attacked.
func (d *drawer) cross(img *image.Paletted, x0, y0 int) {
	c := float64(d.cell)
	lo, hi := 0.32*c, 0.68*c
	half := max(1.2, 0.05*c)
	for y := range d.cell {
		for x := range d.cell {
			px, py := float64(x)+0.5, float64(y)+0.5
			dist := min(segment(px, py, lo, lo, hi, hi), segment(px, py, lo, hi, hi, lo))
			switch {
			case dist <= half:
				img.Pix[img.PixOffset(x0+x, y0+y)] = cBad
			case dist <= half+1.2:
				img.Pix[img.PixOffset(x0+x, y0+y)] = cWhite
			}
		}
	}
}

// line draws the line from the centre of the attacker's square l[0], l[1]
// to that of the attacked one l[2], l[3], red with a white halo, and a dot
// on the attacker, as the page's overlay does.
func (d *drawer) line(img *image.Paletted, l [4]int) {
	c := float64(d.cell)
	ox, oy := float64(d.ox), float64(d.oy)
	ax, ay := ox+(float64(l[1])+0.5)*c, oy+(float64(l[0])+0.5)*c
	bx, by := ox+(float64(l[3])+0.5)*c, oy+(float64(l[2])+0.5)*c
	red, halo, dot := max(1, 0.035*c), max(2, 0.07*c), max(2, 0.09*c)
	box := image.Rect(int(min(ax, bx)-halo-dot), int(min(ay, by)-halo-dot), int(max(ax, bx)+halo+dot)+1, int(max(ay, by)+halo+dot)+1).Intersect(img.Rect)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			dist := segment(px, py, ax, ay, bx, by)
			switch {
			case math.Hypot(px-ax, py-ay) <= dot || dist <= red:
				img.Pix[img.PixOffset(x, y)] = cBad
			case dist <= halo:
				img.Pix[img.PixOffset(x, y)] = cWhite
			}
		}
	}
}

// segment returns the distance from (px, py) to the segment from (ax, ay)
// to (bx, by).
func segment(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = max(0, min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	return math.Hypot(px-ax-t*dx, py-ay-t*dy)
}

// crown is the outline of the queen of the svg format, a crown, in a box
// of 100×100; its base is the rectangle from (18, 84) to (82, 92).
var crown = [][2]float64{{20, 80}, {10, 34}, {24, 56}, {30, 24}, {40, 50}, {50, 18}, {60, 50}, {70, 24}, {76, 56}, {90, 34}, {80, 80}}

// queenSprite draws the queen in a square of cell pixels, inset by 9 % on
// every side as on the page: 1 where it is filled, 2 on its white outline,
// 4 units wide as in the svg format.
func queenSprite(cell int) []uint8 {
	s := make([]uint8, cell*cell)
	box := 0.82 * float64(cell)
	off := 0.09 * float64(cell)
	base := [][2]float64{{18, 84}, {82, 84}, {82, 92}, {18, 92}}
	for y := range cell {
		for x := range cell {
			u := (float64(x) + 0.5 - off) / box * 100
			v := (float64(y) + 0.5 - off) / box * 100
			if u < -2 || v < -2 || u > 102 || v > 102 {
				continue
			}
			dist := min(edgeDistance(u, v, crown), edgeDistance(u, v, base))
			switch {
			case dist <= 2:
				s[y*cell+x] = 2
			case inside(u, v, crown) || inside(u, v, base):
				s[y*cell+x] = 1
			}
		}
	}
	return s
}

// inside reports whether (u, v) lies inside the polygon p.
func inside(u, v float64, p [][2]float64) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if (a[1] > v) != (b[1] > v) && u < (b[0]-a[0])*(v-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// edgeDistance returns the distance from (u, v) to the outline of p.
func edgeDistance(u, v float64, p [][2]float64) float64 {
	d := math.Inf(1)
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		d = min(d, segment(u, v, p[j][0], p[j][1], p[i][0], p[i][1]))
	}
	return d
}
