package main

// The --animate mode of trace: the board drawn in place on a terminal,
// frame by frame.

import (
	"fmt"
	"io"
	"strings"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/narrate"
)

// animation draws the board of a trace in place on a terminal, with ANSI
// escape sequences.
type animation struct {
	w      io.Writer
	o      traceOptions
	queens []int // queens[row]: the column of the queen in row, or -1
	events int
	found  uint64
	buf    []byte
	status string // the status line above the board, to fill in
	// legendText is the legend line, made at the first frame.
	legendText string
}

func newAnimation(w io.Writer, o traceOptions) *animation {
	if o.words == nil {
		o.words = narrate.New(nil, o.algo.Name)
	}
	q := make([]int, o.n)
	for i := range q {
		q[i] = -1
	}
	return &animation{w: w, o: o, queens: q, status: o.words.Printer().Text("%s  N=%d  event %d  solutions %d")}
}

// The looks of the squares.
const (
	ansiReset    = "\x1b[0m"
	ansiLight    = "\x1b[48;5;223m\x1b[38;5;16m" // light square
	ansiDark     = "\x1b[48;5;137m\x1b[38;5;16m" // dark square
	ansiAttacked = "\x1b[48;5;245m\x1b[38;5;238m"
	ansiTryFree  = "\x1b[48;5;114m\x1b[38;5;16m\x1b[1m"
	ansiTryBad   = "\x1b[48;5;167m\x1b[38;5;16m\x1b[1m"
	ansiAttacker = "\x1b[48;5;167m\x1b[38;5;231m\x1b[1m"
	ansiFound    = "\x1b[48;5;114m\x1b[38;5;16m\x1b[1m"
)

// plainGlyph returns the square that style and glyph paint, drawn in
// characters alone: a board without colour still tells every square apart.
func plainGlyph(style, glyph string) string {
	switch style {
	case ansiAttacker:
		return "!Q"
	case ansiAttacked:
		return " -"
	case ansiLight, ansiDark:
		if glyph == "  " {
			return " ."
		}
	}
	return glyph
}

// frame applies e to the board and draws it, with a status line.
func (a *animation) frame(e queens.Event) error {
	a.events++
	switch e.Kind {
	case queens.EventPlace:
		a.queens[e.Row] = e.Col
	case queens.EventRemove:
		a.queens[e.Row] = -1
	case queens.EventSolution:
		a.found = e.Index
	}
	n := a.o.n
	b := append(a.buf[:0], "\x1b[H"...) // home
	b = fmt.Appendf(b, a.status, a.o.algo.Name, n, a.events, a.found)
	b = append(b, "\x1b[K\n\n"...)
	for r := range n {
		b = append(b, "  "...)
		for c := range n {
			style, glyph := ansiLight, "  "
			if (r+c)%2 == 1 {
				style = ansiDark
			}
			switch {
			case a.queens[r] == c && e.Kind == queens.EventSolution:
				style, glyph = ansiFound, " Q"
			case a.queens[r] == c && e.Kind == queens.EventTry && e.Conflict == r:
				style, glyph = ansiAttacker, " Q"
			case a.queens[r] == c:
				glyph = " Q"
			case e.Kind == queens.EventTry && e.Row == r && e.Col == c && e.Conflict >= 0:
				style, glyph = ansiTryBad, " x"
			case e.Kind == queens.EventTry && e.Row == r && e.Col == c:
				style, glyph = ansiTryFree, " ?"
			case a.attacked(r, c):
				style, glyph = ansiAttacked, "░░"
			}
			if a.o.color {
				b = append(b, style...)
				b = append(b, glyph...)
				b = append(b, ansiReset...)
			} else {
				b = append(b, plainGlyph(style, glyph)...)
			}
		}
		b = append(b, "\x1b[K\n"...)
	}
	b = append(b, "\n  "...)
	b = a.o.words.AppendText(b, e, n)
	b = append(b, "\x1b[K\n\n  "...)
	b = append(b, a.legend()...)
	b = append(b, "\x1b[K\n\x1b[J"...)
	a.buf = b
	_, err := a.w.Write(b)
	if err == nil {
		if f, ok := a.w.(interface{ Flush() error }); ok {
			err = f.Flush()
		}
	}
	return err
}

// legend returns the line that says what the squares of the board mean,
// drawn as the board draws them.
func (a *animation) legend() string {
	if a.legendText != "" {
		return a.legendText
	}
	w := a.o.words
	square := func(style, glyph string) string {
		if a.o.color {
			return style + glyph + ansiReset
		}
		return plainGlyph(style, glyph)
	}
	a.legendText = strings.Join([]string{
		square(ansiLight, " Q") + " " + w.Printer().Text("queen"),
		square(ansiAttacked, "░░") + " " + w.Printer().Text("attacked"),
		square(ansiTryFree, " ?") + " " + w.Printer().Text("tried, free"),
		square(ansiTryBad, " x") + " " + w.Printer().Text("tried, attacked"),
		square(ansiAttacker, " Q") + " " + w.Printer().Text("the attacking queen"),
		square(ansiFound, " Q") + " " + w.Printer().Text("a solution"),
	}, "  ")
	return a.legendText
}

// attacked reports whether a queen on the board attacks the empty square
// (r, c).
func (a *animation) attacked(r, c int) bool {
	for qr, qc := range a.queens {
		if qc < 0 {
			continue
		}
		if d := qc - c; qr == r || d == 0 || d == qr-r || d == r-qr {
			return true
		}
	}
	return false
}

// end writes the last status line, below the board.
func (a *animation) end(st queens.Stats) error {
	_, err := fmt.Fprintf(a.w, "\n  %s\n", a.o.words.Printer().Sprintf("done: %s", traceSummary(a.o.words.Printer(), st)))
	return err
}
