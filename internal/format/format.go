// Package format writes N-queens solutions in the forms people and programs
// read them in — boards, 0/1 matrices, lines of columns, sentences, the
// column-major "Solution:" lines, JSON, CSV, chess FEN and SVG pictures —
// and reads them back for checking. The formats made for reading speak
// English or Chinese; the others never change with the language. The
// styles ([NewStyle]) print exactly what the programs of the classic
// tutorials print.
//
// A [Writer] streams: it keeps no solution once Write returns (but for
// svg, which draws one picture) and buffers its output, so that writing
// millions of solutions costs little more than finding them. A [Reader]
// reads the line formats back, recognising the format of each line or
// block by itself.
package format

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// ErrUnknownFormat is wrapped by the error of [New] for a name that is not
// one of [Names].
var ErrUnknownFormat = errors.New("unknown format")

// ErrTooMany is wrapped by the error of a Writer given more solutions than
// its format can hold: svg draws at most [MaxSVGBoards] boards.
var ErrTooMany = errors.New("too many solutions for the format")

// Options tune a [Writer]. The zero value writes columns counted from 1,
// and the words of the human formats in English.
type Options struct {
	// N is the board size when it is known in advance, or 0. With it, New
	// refuses a size the format cannot show (fen needs 8) and the csv
	// header is written even when no solution follows.
	N int
	// ZeroBased counts columns from 0 in the cols and csv formats. The
	// json and solution formats always count from 0, as the library does;
	// the human formats always count from 1.
	ZeroBased bool
	// Unique tells that the solutions are one per symmetry class: the
	// total line of the human formats then reads "12 unique solutions".
	Unique bool
	// Partial tells that the solutions are some of the board's, not all
	// (a --limit, or the one solution found): the total line then says
	// how many were listed, "2 solutions listed", rather than claiming
	// the board's total.
	Partial bool
	// Lang is the language of the words of the human formats (board,
	// matrix, sentences): "Solution 1" or "第1种情况". The other formats
	// never change with it.
	Lang message.Lang
	// Glyphs names the glyphs of the board format, one of [GlyphNames];
	// "" is the default, Q and ".".
	Glyphs string
	// Labels labels the ranks of the board format down its left side,
	// rank 1 at the bottom, and its files a, b, … along the bottom, as
	// chess squares are named (up to N = 26, [queens.MaxChessN]).
	Labels bool
	// Presets and Blocked are the preset queens and the blocked squares
	// of an instance: the board format, given N, marks them with glyphs
	// of their own and explains the marks in a line under the board.
	Presets, Blocked []queens.Square
}

// Writer writes solutions in one format.
type Writer interface {
	// Write writes the solution s, numbered index (counted from 1). The
	// writer does not keep s. It returns the first error of the
	// underlying writer, and keeps returning it.
	Write(index uint64, s queens.Solution) error
	// Flush hands what the writer has buffered to the underlying writer,
	// without ending the output: more solutions may follow. (The svg
	// writer draws nothing before Close.)
	Flush() error
	// Close writes what ends the output, such as the total line of the
	// human formats, and flushes the buffer. It does not close the
	// underlying writer.
	Close() error
}

// formats is the table of formats, in the order of [Names].
var formats = []struct {
	name, help string
	new        func(o *out, opts Options) (Writer, error)
}{
	{"board", "a board of Q and . per solution, numbered, then the total", newBoard},
	{"matrix", "a grid of 0 and 1 (a queen) per solution, numbered, then the total", newMatrix},
	{"cols", "a line of columns per solution, from 1 (from 0 with --base 0)", newCols},
	{"sentences", "queen 1 in row 1, column 1; … per solution, numbered, then the total", newSentences},
	{"solution", `"Solution: " and the row of the queen in each column, from 0; listed column by column`, newSolution},
	{"json", `a line {"n":8,"index":1,"cols":[0,4,7,5,2,6,1,3]}; columns from 0`, newJSON},
	{"csv", "a header index,c1,…,cN, then a row per solution; columns as cols", newCSV},
	{"fen", "a chess FEN line per solution, white queens, rank 8 first (8×8 only)", newFEN},
	{"svg", fmt.Sprintf("one SVG picture: the board, or a grid of up to %d boards", MaxSVGBoards), newSVG},
}

// Names returns the names of the formats, in the order help texts list
// them: board, matrix, cols, sentences, solution, json, csv, fen, svg.
func Names() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// Describe returns a one-line description of the named format, in
// English, or "" for an unknown name. The description is a key of the
// catalogue of package message, which translates it.
func Describe(name string) string {
	for _, f := range formats {
		if f.name == name {
			return f.help
		}
	}
	return ""
}

// New returns a Writer of the named format that writes to w. It returns an
// error wrapping [ErrUnknownFormat] for an unknown name, one wrapping
// [ErrUnknownGlyphs] for unknown opts.Glyphs, and one wrapping
// [queens.ErrSize] when opts.N is a size the format cannot show.
func New(name string, w io.Writer, opts Options) (Writer, error) {
	for _, f := range formats {
		if f.name == name {
			return f.new(&out{w: w, buf: make([]byte, 0, bufSize)}, opts)
		}
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownFormat, name, joinNames())
}

func joinNames() string {
	b := []byte(nil)
	for i, n := range Names() {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, n...)
	}
	return string(b)
}

// flushAt is the size at which a writer hands its buffer to the underlying
// writer. It is at least the buffer of an outfile or bufio.Writer, so
// that these pass it on without copying.
const flushAt = 64 << 10

// bufSize is the capacity of the buffer of a writer: past flushAt, room
// for a line of maxTable columns of 8 bytes.
const bufSize = flushAt + 8*maxTable + 64

// out is the buffer every writer appends to.
type out struct {
	w     io.Writer
	buf   []byte
	err   error
	count uint64 // solutions written
}

// Flush writes the buffer out and empties it.
func (o *out) Flush() error { return o.flush() }

// flush writes the buffer out and empties it.
func (o *out) flush() error {
	if o.err == nil && len(o.buf) > 0 {
		_, o.err = o.w.Write(o.buf)
	}
	o.buf = o.buf[:0]
	return o.err
}

// done writes the buffer out after a solution has been appended to it.
func (o *out) done() error {
	o.count++
	if len(o.buf) >= flushAt {
		return o.flush()
	}
	return o.err
}

var errEmpty = errors.New("format: a solution needs at least one queen")

// check returns the error Write should return before writing s.
func (o *out) check(s queens.Solution) error {
	if o.err != nil {
		return o.err
	}
	if len(s) == 0 {
		return errEmpty
	}
	return nil
}

// digitTable returns the decimal strings of from..from+n-1, each followed
// by a space.
func digitTable(from, n int) []string {
	t := make([]string, n)
	for i := range t {
		t[i] = strconv.Itoa(from+i) + " "
	}
	return t
}

// maxTable bounds the tables of digit strings: larger boards, which only
// the constructions can solve, format their numbers one by one.
const maxTable = 4096
