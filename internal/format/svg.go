package format

import (
	"fmt"
	"strconv"

	"github.com/queenslab/queens"
)

// MaxSVGBoards is the most boards the svg format draws in one picture.
const MaxSVGBoards = 1000

// svgWriter draws one SVG picture: a single board, or a grid of numbered
// boards when there are several. An SVG document cannot grow after it is
// begun, so the writer keeps the solutions (at most MaxSVGBoards) and
// draws them all when it is closed.
type svgWriter struct {
	*out
	n       int
	cols    []int // the solutions, one after another
	indices []uint64
}

func newSVG(o *out, opts Options) (Writer, error) {
	return &svgWriter{out: o, n: opts.N}, nil
}

func (w *svgWriter) Write(index uint64, s queens.Solution) error {
	if err := w.check(s); err != nil {
		return err
	}
	if w.n == 0 {
		w.n = len(s)
	}
	if len(s) != w.n {
		return fmt.Errorf("format: svg draws boards of one size, got %d×%d after %d×%d", len(s), len(s), w.n, w.n)
	}
	if len(w.indices) == MaxSVGBoards {
		return fmt.Errorf("%w: svg draws at most %d boards", ErrTooMany, MaxSVGBoards)
	}
	w.cols = append(w.cols, s...)
	w.indices = append(w.indices, index)
	return nil
}

// The colours of the squares and the queen, and the outline of the queen
// (a crown on a base) in a 100×100 box.
const (
	svgLight = "#f0d9b5"
	svgDark  = "#b58863"
	svgQueen = `<path d="M20 80 L10 34 L24 56 L30 24 L40 50 L50 18 L60 50 L70 24 L76 56 L90 34 L80 80 Z M18 84 H82 V92 H18 Z" fill="#222" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`
)

func (w *svgWriter) Close() error {
	count := len(w.indices)
	b := w.buf
	if count == 0 {
		b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">`+"\n"...)
		b = append(b, `<text x="100" y="25" text-anchor="middle" font-family="sans-serif" font-size="14">no solutions</text>`+"\n</svg>\n"...)
		w.buf = b
		return w.flush()
	}
	n := w.n
	cell := max(10, 320/n)
	board := n * cell
	const margin, gap = 10, 16
	label := 0
	if count > 1 {
		label = 22
	}
	perRow := max(1, min(count, (1280+gap)/(board+gap)))
	rows := (count + perRow - 1) / perRow
	width := 2*margin + perRow*board + (perRow-1)*gap
	height := 2*margin + rows*(board+label) + (rows-1)*gap

	num := func(b []byte, v int) []byte { return strconv.AppendInt(b, int64(v), 10) }
	attr := func(b []byte, name string, v int) []byte {
		b = append(b, ' ')
		b = append(b, name...)
		b = append(b, `="`...)
		return append(num(b, v), '"')
	}
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`...)
	b = attr(b, "width", width)
	b = attr(b, "height", height)
	b = append(b, ` viewBox="0 0 `...)
	b = append(append(num(b, width), ' '), strconv.Itoa(height)+`">`+"\n"...)
	b = append(b, "<title>"...)
	b = num(b, n)
	b = append(b, "-queens: "...)
	if count == 1 {
		b = append(b, "solution "...)
		b = strconv.AppendUint(b, w.indices[0], 10)
	} else {
		b = append(b, strconv.Itoa(count)+" solutions"...)
	}
	b = append(b, "</title>\n<defs>\n"...)
	b = append(b, `<pattern id="squares" patternUnits="userSpaceOnUse"`...)
	b = attr(b, "width", 2*cell)
	b = attr(b, "height", 2*cell)
	b = append(b, `><rect`...)
	b = attr(b, "width", 2*cell)
	b = attr(b, "height", 2*cell)
	b = append(b, ` fill="`+svgLight+`"/><path d="M`...)
	c := strconv.Itoa(cell)
	b = append(b, c+" 0h"+c+"v"+c+"h-"+c+"zM0 "+c+"h"+c+"v"+c+"h-"+c+`z" fill="`+svgDark+`"/></pattern>`+"\n"...)
	b = append(b, `<symbol id="queen" viewBox="0 0 100 100">`+svgQueen+"</symbol>\n</defs>\n"...)

	for k, index := range w.indices {
		x := margin + (k%perRow)*(board+gap)
		y := margin + (k/perRow)*(board+label+gap)
		b = append(b, `<g transform="translate(`...)
		b = append(append(num(b, x), ' '), strconv.Itoa(y)+`)">`...)
		b = append(b, `<rect`...)
		b = attr(b, "width", board)
		b = attr(b, "height", board)
		b = append(b, ` fill="url(#squares)" stroke="#555"/>`+"\n"...)
		for r, col := range w.cols[k*n : (k+1)*n] {
			if uint(col) >= uint(n) {
				continue
			}
			b = append(b, `<use xlink:href="#queen"`...)
			b = attr(b, "x", col*cell)
			b = attr(b, "y", r*cell)
			b = attr(b, "width", cell)
			b = attr(b, "height", cell)
			b = append(b, "/>\n"...)
			if len(b) >= flushAt {
				w.buf = b
				if err := w.flush(); err != nil {
					return err
				}
				b = w.buf
			}
		}
		if label > 0 {
			b = append(b, `<text`...)
			b = attr(b, "x", board/2)
			b = attr(b, "y", board+16)
			b = append(b, ` text-anchor="middle" font-family="sans-serif" font-size="14">Solution `...)
			b = strconv.AppendUint(b, index, 10)
			b = append(b, "</text>"...)
		}
		b = append(b, "</g>\n"...)
	}
	w.buf = append(b, "</svg>\n"...)
	return w.flush()
}
