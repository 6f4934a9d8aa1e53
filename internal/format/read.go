package format

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/message"
)

// ReadOptions tune a [Reader].
type ReadOptions struct {
	// ZeroBased reads the columns of cols and csv lines as counted from 0
	// instead of 1. JSON columns always count from 0, and those of the
	// other formats are fixed by the format.
	ZeroBased bool
	// Check makes the Reader check long lines of columns itself as it
	// reads them, in memory of a few bits per queen rather than the
	// columns, and stop at the first attack it can name: the placements
	// of those lines are Checked.
	Check bool
}

// Placement is a placement of queens read by a [Reader].
type Placement struct {
	// Line is the number of the line, counted from 1, on which the
	// placement starts.
	Line int
	// Format names the format it was written in: cols, csv, json, fen,
	// sentences (in English or Chinese), solution, board (Q or x for a
	// queen) or matrix (1 for a queen).
	Format string
	// Queens holds the column of the queen in each row, counted from 0,
	// as the library does; it may stand off the board. The Reader reuses
	// its memory for the next placement. It is nil when Err is set.
	Queens queens.Solution
	// Err is set, to a [*RowError], when the placement cannot be a
	// solution because a row holds no queen or more than one.
	Err error
	// Checked tells that the Reader checked the placement as it read it,
	// as [ReadOptions.Check] asks: Err is then the verdict, nil for a
	// solution, and Queens is nil. The fault it names is the first one in
	// reading order, as [queens.Solution.Validate] names it, but for lines
	// of more than 2^18 queens with a queen off the board; an attack on a
	// queen past the first 2^18 names no earlier row.
	Checked bool
}

// RowError reports a row of a placement that does not hold exactly one
// queen. It wraps [queens.ErrInvalid].
type RowError struct {
	Row    int // the row, counted from 0; the message counts from 1
	Queens int // the number of queens in it
}

// Error returns a sentence such as "row 3 holds 2 queens".
func (e *RowError) Error() string {
	if e.Queens == 0 {
		return fmt.Sprintf("row %d holds no queen", e.Row+1)
	}
	return fmt.Sprintf("row %d holds %d queens", e.Row+1, e.Queens)
}

// Unwrap returns [queens.ErrInvalid].
func (e *RowError) Unwrap() error { return queens.ErrInvalid }

// SyntaxError reports input that a Reader cannot read.
type SyntaxError struct {
	Line int    // the line, counted from 1
	Msg  string // what is wrong with it
}

// Error returns the message with its line number: "line 7: ...".
func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Reader reads placements of queens, one after another, from text in the
// line formats that [Writer] writes: cols and csv lines, JSON lines, FEN
// lines, sentences in English or Chinese, "Solution: " lines of the rows
// of the queens of the columns, and board or matrix blocks (rows of Q and
// ., of x and 0, or of 1 and 0). It recognises the format of every line or
// block by itself, so that formats may be mixed. It skips blank lines,
// lines that begin with #, "Solution k" and "第k种情况" headers, csv headers
// and total lines such as "92 solutions" and "共有92种摆放方法". A line of
// numbers separated by commas is a csv row, first field its index, after a
// csv header, and a line of columns without one; a single number is one
// column, or after a "Solution k" header the one cell of a 1×1 matrix.
//
// A Reader streams: it keeps one placement at a time, in time and memory
// proportional to the board size, and reads cols and csv lines of any
// length without holding the line; board and matrix blocks take N² cells.
type Reader struct {
	br    *bufio.Reader
	base  int
	check bool // ReadOptions.Check
	line  int  // the number of the line read last
	p     Placement
	nums  []int  // the numbers of the line being read; the columns of p
	text  []byte // the whole line, for the formats that need it
	cells []byte // one row of a board, white space removed
	plain []byte // a board row with its glyphs made plain
	err   error  // sticky: the first error returned

	midLine bool // the last chunk filled the buffer: its line goes on

	// The board or matrix block being read, if rows > 0.
	grid      []byte // the cells of its rows so far
	gridWidth int
	gridRows  int
	gridLine  int // the line it starts on

	csvFields int   // the fields of the last csv header, or 0
	header    bool  // the line before was a "Solution k" header
	blank     bool  // the line before was blank
	read      int   // the placements read so far
	counts    []int // queens per row, for the sentences format
}

// NewReader returns a Reader of placements from r.
func NewReader(r io.Reader, opts ReadOptions) *Reader {
	rd := &Reader{br: bufio.NewReaderSize(r, 64<<10), base: 1, check: opts.Check}
	if opts.ZeroBased {
		rd.base = 0
	}
	return rd
}

// Next reads the next placement. At the end of the input it returns
// io.EOF; for input it cannot read, a [*SyntaxError]. After an error it
// returns the same error again. The placement and its Queens are valid
// until the next call.
func (r *Reader) Next() (*Placement, error) {
	if r.err != nil {
		return nil, r.err
	}
	p, err := r.next()
	if err != nil {
		r.err = err
		return nil, err
	}
	r.read++
	return p, nil
}

func (r *Reader) syntax(line int, format string, args ...any) error {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// chunk returns the next piece of the current line, without its line
// end: at most the size of the buffer. more reports that the line goes
// on. At the end of the input it returns io.EOF and no bytes. The bytes
// are valid until the next read.
func (r *Reader) chunk() (b []byte, more bool, err error) {
	b, err = r.br.ReadSlice('\n')
	midLine := r.midLine
	r.midLine = err == bufio.ErrBufferFull
	switch {
	case err == nil:
		return b[:len(b)-1], false, nil
	case err == bufio.ErrBufferFull:
		return b, true, nil
	case err == io.EOF && (len(b) > 0 || midLine):
		return b, false, nil // the last line, without a line end
	}
	return nil, false, err
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func trimLeft(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// MaxLine is the length of the longest line a Reader reads whole: every
// line but those of columns, which stream, and headers and comments,
// which it skips. No solution of a size that can be verified needs more
// (a board of MaxBoard squares a side, the JSON of a million columns).
const MaxLine = 8 << 20

// MaxBoard is the width of the widest board a Reader reads: it keeps the
// squares of a board until its last row.
const MaxBoard = 4096

// restOfLine appends the rest of the current line to r.text, after t, the
// part read so far. A line longer than MaxLine is an error, and the rest
// of it is skipped.
func (r *Reader) restOfLine(t []byte, more bool) ([]byte, error) {
	r.text = append(r.text[:0], t...)
	long := false
	for more {
		var b []byte
		var err error
		b, more, err = r.chunk()
		if err != nil {
			return nil, err
		}
		if long = long || len(r.text)+len(b) > MaxLine; !long {
			if len(r.text)+len(b) > cap(r.text) {
				r.text = slices.Grow(r.text, max(len(b), cap(r.text))) // doubles: few copies
			}
			r.text = append(r.text, b...)
		}
	}
	if long {
		if cap(r.text) > 2*len(t)+4096 {
			r.text = nil // the memory of a long line goes back
		}
		return nil, r.syntax(r.line, "a line of more than %d MiB: no solution is written on such a line but as columns", MaxLine>>20)
	}
	return trimRight(r.text), nil
}

// The kinds of line a Reader tells apart.
const (
	kindSkip = iota // header, total line, comment
	kindNumbers
	kindJSON
	kindFEN
	kindSentences
	kindGrid
	kindUnknown
	kindMarkup  // a line of SVG, XML or HTML
	kindColumns // "Solution: " and the rows of the queens of the columns
	kindPairs   // "(1,1)  (2,5)  …": the squares of the queens
)

func (r *Reader) next() (*Placement, error) {
	for {
		t, more, err := r.chunk()
		if err == io.EOF {
			if r.gridRows > 0 {
				return nil, r.unfinishedBoard()
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		r.line++
		if r.line == 1 {
			t = bytes.TrimPrefix(t, []byte("\xef\xbb\xbf")) // a byte order mark
		}
		t = trimLeft(t)
		for len(t) == 0 && more { // a long run of white space
			if t, more, err = r.chunk(); err != nil {
				return nil, err
			}
			t = trimLeft(t)
		}
		if !more {
			t = r.plainRow(trimRight(t))
		}
		kind := classify(t, more)
		if r.header && !more && (string(t) == "0" || string(t) == "1") {
			// The matrix of a 1×1 board, or its board of 0 and +: the
			// board format writes a queen there, and no format an
			// empty square alone.
			kind = kindGrid
			if t[0] == '0' {
				t = []byte("Q")
			}
		}
		if kind == kindNumbers && r.gridRows > 0 && !more && isGridRow(append(t[:len(t):len(t)], " 0"...)) {
			kind = kindGrid // "1 1" within a matrix: a row of two queens
		}
		r.header = kind == kindSkip && (isHeader(t) || isProse(t) || isChineseHeader(t))
		blank := r.blank
		r.blank = len(t) == 0 && !more
		if kind == kindNumbers {
			r.blank = blank // read by the case of the total below
		}
		if r.gridRows > 0 && kind != kindGrid {
			return nil, r.unfinishedBoard()
		}
		switch kind {
		case kindSkip:
			csv := hasWord(t, "index,") || bytes.EqualFold(t, []byte("index"))
			fields := bytes.Count(t, []byte(",")) + 1
			for more { // the rest of a long header or comment
				if t, more, err = r.chunk(); err != nil {
					return nil, err
				}
				fields += bytes.Count(t, []byte(","))
			}
			if csv {
				r.csvFields = fields
			}
			continue
		case kindNumbers:
			if !more && r.blank && isNumber(t) && string(t) == strconv.Itoa(r.read) && r.atEOF() {
				// The total that ends the listings of seed 000, after a
				// blank line: "92", the number of placements read.
				continue
			}
			return r.numbers(t, more)
		case kindUnknown:
			if more {
				t = t[:min(len(t), 40)]
			}
			return nil, r.syntax(r.line, "cannot read %q: not a solution format", abbreviate(t))
		case kindMarkup:
			if more {
				t = t[:min(len(t), 40)]
			}
			return nil, r.syntax(r.line, "cannot read %q: an SVG picture or other markup is not a solution format", abbreviate(t))
		}
		line, err := r.restOfLine(t, more)
		if err != nil {
			return nil, err
		}
		switch kind {
		case kindJSON:
			return r.json(line)
		case kindFEN:
			return r.fen(line)
		case kindSentences:
			if bytes.HasPrefix(line, []byte("皇后")) {
				return r.sentencesZh(line)
			}
			return r.sentences(line)
		case kindColumns:
			return r.columns(line)
		case kindPairs:
			return r.pairs(line)
		}
		if p, err := r.gridRow(line); p != nil || err != nil {
			return p, err
		}
	}
}

// plainRow returns t, a whole line, with the glyphs of the boards the
// board format draws turned into those of the plain board (Q and .),
// and without the rank that labels a row of the board of an instance: ♛
// and ♕ are queens, · and ▪ empty squares; @ is a preset queen and # a
// blocked square; on a row of 0 and +, 0 is a queen. The line of file
// letters and the legend of the board of an instance become blank.
func (r *Reader) plainRow(t []byte) []byte {
	if isFileLine(t) || isLegend(t) {
		return t[:0]
	}
	rest := t
	if i := bytes.IndexByte(t, ' '); i > 0 && isNumber(t[:i]) && t[0] != '0' {
		rest = trimLeft(t[i:]) // a rank, perhaps
	}
	if !bytes.ContainsAny(rest, "♛♕·▪@#+") && len(rest) == len(t) {
		return t
	}
	zero := bytes.IndexByte(rest, '+') >= 0
	// On a row of x and 0, a preset queen is an x and a blocked square
	// a 0, as the row's own glyphs.
	xo := !zero && bytes.IndexByte(rest, '0') >= 0
	b := r.plain[:0]
	cells := 0
	for _, c := range string(rest) {
		switch {
		case c == '@' && xo:
			c = 'x'
		case c == '#' && xo:
			c = '0'
		case c == '♛' || c == '♕' || c == '@' || c == '0' && zero:
			c = 'Q'
		case c == '·' || c == '▪' || c == '#' || c == '+':
			c = '.'
		}
		if c >= 0x80 {
			return t
		}
		if !isSpace(byte(c)) {
			cells++
		}
		b = append(b, byte(c))
	}
	r.plain = b
	// A rank before 0 and 1 would make a matrix of a line of numbers;
	// before x and 0 it is the rank of a board of those glyphs.
	numbers := bytes.ContainsAny(b, "01") && !bytes.ContainsAny(b, "xX")
	if !isGridRow(b) || numbers && len(rest) != len(t) || t[0] == '#' && cells < 2 {
		return t // not a board row after all
	}
	return b
}

// isFileLine reports whether t is the line of file letters under the
// board of an instance: "a b c d e f g h".
func isFileLine(t []byte) bool {
	f := bytes.Fields(t)
	if len(f) == 0 {
		return false
	}
	for i, x := range f {
		if len(x) != 1 || x[0] != byte('a'+i) {
			return false
		}
	}
	return true
}

// isLegend reports whether t is the legend under the board of an
// instance, in English or Chinese.
func isLegend(t []byte) bool {
	for _, w := range []string{"preset queen, ", "blocked square", "预设的皇后，", "禁放的格子"} {
		if bytes.Contains(t, []byte(w)) {
			return true
		}
	}
	return false
}

// abbreviate shortens a long line for an error message.
func abbreviate(b []byte) string {
	if len(b) > 40 {
		return string(b[:37]) + "..."
	}
	return string(b)
}

// classify tells what kind of line t is, from its start when more says
// it goes on. t has no leading white space, nor trailing when it is the
// whole line.
func classify(t []byte, more bool) int {
	if len(t) == 0 || t[0] == '#' || isProse(t) {
		return kindSkip
	}
	switch c := t[0]; {
	case c == '{':
		return kindJSON
	case more:
		// A long line: only the formats that grow with N.
		switch {
		case c >= '0' && c <= '9':
			return kindNumbers
		case c == '<':
			return kindMarkup
		case hasWord(t, "index,"):
			return kindSkip
		case hasWord(t, "queen "), bytes.HasPrefix(t, []byte("皇后")):
			return kindSentences
		case hasWord(t, "solution:"):
			return kindColumns
		case isGridRow(t):
			return kindGrid
		}
		return kindUnknown
	case c == '<':
		return kindMarkup
	case c == '(':
		return kindPairs
	case bytes.IndexByte(t, '/') >= 0 && isFEN(t):
		return kindFEN
	case hasWord(t, "queen "), bytes.HasPrefix(t, []byte("皇后")):
		return kindSentences
	case isColumns(t):
		return kindColumns
	case isHeader(t) || isTotal(t) || isChineseHeader(t):
		return kindSkip
	case isGridRow(t):
		return kindGrid
	case c >= '0' && c <= '9':
		return kindNumbers
	}
	return kindUnknown
}

// isFEN reports whether the first field of t is made of what the piece
// placement of a FEN holds: pieces, digits and slashes.
func isFEN(t []byte) bool {
	if i := bytes.IndexAny(t, " \t"); i >= 0 {
		t = t[:i]
	}
	for _, c := range t {
		if c != '/' && (c < '0' || c > '9') && strings.IndexByte("KkQqRrBbNnPp", c) < 0 {
			return false
		}
	}
	return true
}

// hasWord reports whether t begins with the lower-case prefix w, in any
// case.
func hasWord(t []byte, w string) bool {
	return len(t) >= len(w) && bytes.EqualFold(t[:len(w)], []byte(w))
}

// isHeader reports whether t is a "Solution k" header or a csv header.
func isHeader(t []byte) bool {
	f := bytes.Fields(t)
	if len(f) == 0 {
		return false
	}
	if bytes.EqualFold(f[0], []byte("solution")) || bytes.EqualFold(f[0], []byte("solution:")) {
		return len(f) == 1 || len(f) == 2 && isNumber(bytes.TrimSuffix(f[1], []byte(":")))
	}
	return hasWord(t, "index,") || bytes.EqualFold(t, []byte("index"))
}

// isColumns reports whether t is a line of the solution format:
// "Solution: " and the rows of the queens of the columns, such as
// "Solution: 1 3 0 2". A "Solution: k" with a single number k is a
// header, unless k is 0: the line of the 1×1 board.
func isColumns(t []byte) bool {
	f := bytes.Fields(t)
	if len(f) < 2 || !bytes.EqualFold(f[0], []byte("solution:")) {
		return false
	}
	for _, x := range f[1:] {
		if !isNumber(x) {
			return false
		}
	}
	return len(f) > 2 || string(f[1]) == "0"
}

// isProse reports whether t is a line of Chinese prose: a title, header
// or total of the tutorials' styles, such as "解答 1", "方案1",
// "皇后摆放第1种方案:" or "详细方案如上所示，可行个数为:4". It holds Han
// characters and is not a line of sentences, which start with 皇后 and
// the number of a queen.
func isProse(t []byte) bool {
	if !bytes.ContainsFunc(t, func(c rune) bool { return unicode.Is(unicode.Han, c) }) {
		return false
	}
	rest, sentence := bytes.CutPrefix(t, []byte("皇后"))
	return !sentence || len(rest) == 0 || rest[0] < '0' || rest[0] > '9'
}

// isChineseHeader reports whether t is a header or total line of the
// human formats in Chinese: "第1种情况", "共有92种摆放方法", "列出了2种摆放方法".
func isChineseHeader(t []byte) bool {
	return bytes.HasPrefix(t, []byte("第")) && bytes.HasSuffix(t, []byte("种情况")) ||
		(bytes.HasPrefix(t, []byte("共有")) || bytes.HasPrefix(t, []byte("列出了"))) && bytes.HasSuffix(t, []byte("方法"))
}

// isTotal reports whether t is a total line: "92 solutions", "1 unique
// solution", "no solutions", "2 solutions listed".
func isTotal(t []byte) bool {
	f := bytes.Fields(t)
	if len(f) > 2 && bytes.EqualFold(f[len(f)-1], []byte("listed")) {
		f = f[:len(f)-1]
	}
	if len(f) < 2 || len(f) > 3 || !isNumber(f[0]) && !bytes.EqualFold(f[0], []byte("no")) {
		return false
	}
	if len(f) == 3 && !bytes.EqualFold(f[1], []byte("unique")) {
		return false
	}
	last := f[len(f)-1]
	return bytes.EqualFold(last, []byte("solution")) || bytes.EqualFold(last, []byte("solutions"))
}

func isNumber(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// gridCell reports whether c may stand for a square of a board or matrix.
func gridCell(c byte) bool {
	switch c {
	case 'Q', 'q', 'x', 'X', '.', '-', '_', '0', '1':
		return true
	}
	return false
}

// isGridRow reports whether t is a row of a board or matrix: its cells
// are Q . x - _ 0 1, with or without spaces between them. A row of only 0
// and 1 must have at least two cells separated by spaces, so that a line
// of columns such as "10" or "1" is not taken for one.
func isGridRow(t []byte) bool {
	letters, tokens, long := false, 0, false
	inToken := false
	for i, c := range t {
		switch {
		case isSpace(c):
			inToken = false
			continue
		case !gridCell(c):
			return false
		case c != '0' && c != '1':
			letters = true
		}
		if !inToken {
			tokens++
			inToken = true
		} else if i > 0 {
			long = true
		}
	}
	if !letters && tokens == 1 && len(t) >= 4 {
		// A row of 0 and 1 without spaces, as seed 003 prints it: a
		// line of one column that long is off any board it could be.
		return true
	}
	return letters || tokens >= 2 && !long && bytes.IndexByte(t, '0') >= 0
}

// maxDigits bounds the numbers of a cols or csv line.
const maxDigits = 12

// numbers reads a line of numbers: columns separated by white space, or
// csv fields separated by commas. t is its start; when more is set, the
// rest is read in chunks and never held whole.
func (r *Reader) numbers(t []byte, more bool) (*Placement, error) {
	if r.check && more {
		return r.checkNumbers(t, more)
	}
	line := r.line
	nums := r.nums[:0]
	v, digits, commas := 0, 0, 0
	for {
		for _, c := range t {
			if d := c - '0'; d < 10 {
				if digits == maxDigits {
					r.nums = nums
					return nil, r.syntax(line, "number too large in a line of columns")
				}
				v = v*10 + int(d)
				digits++
				continue
			}
			if digits > 0 {
				nums = append(nums, v)
				v, digits = 0, 0
			}
			switch {
			case isSpace(c):
			case c == ',':
				commas++
				if len(nums) != commas {
					r.nums = nums
					return nil, r.syntax(line, "empty field or stray comma in a csv row")
				}
			default:
				r.nums = nums
				return nil, r.syntax(line, "unexpected %q in a line of columns", c)
			}
		}
		if !more {
			break
		}
		var err error
		if t, more, err = r.chunk(); err != nil {
			r.nums = nums
			return nil, err
		}
	}
	if digits > 0 {
		nums = append(nums, v)
	}
	r.nums = nums
	p := &r.p
	*p = Placement{Line: line, Format: "cols"}
	if commas > 0 {
		if len(nums) != commas+1 {
			return nil, r.syntax(line, "empty field or stray comma in a csv row")
		}
		// A csv row, as list writes it, follows its header and begins
		// with an index; without a header, the fields are columns.
		if r.csvFields > 0 {
			if len(nums) != r.csvFields {
				return nil, r.syntax(line, "a csv row of %d fields, its header of %d", len(nums), r.csvFields)
			}
			p.Format = "csv"
			nums = nums[1:] // the index
		}
	}
	if r.base != 0 {
		for i := range nums {
			nums[i] -= r.base
		}
	}
	p.Queens = nums
	return p, nil
}

// checkNumbers reads a long line of numbers, as numbers does, and checks
// its columns as they come, without keeping more than holdLimit of them:
// the placement it returns is Checked. At the first attack that no queen
// off the board can come before, it skips the rest of the line unread.
func (r *Reader) checkNumbers(t []byte, more bool) (*Placement, error) {
	line := r.line
	check := newLineCheck(r.nums)
	defer func() { r.nums = check.held }()
	v, digits, commas, fields := 0, 0, 0, 0
	index, stopped := false, false
	first := -1 // the first number, until its separator tells what it is
	take := func(v int) {
		fields++
		if fields == 1 {
			first = v
			return
		}
		stopped = check.add(v - r.base)
	}
	for !stopped {
		for _, c := range t {
			if d := c - '0'; d < 10 {
				if digits == maxDigits {
					return nil, r.skipLine(more, r.syntax(line, "number too large in a line of columns"))
				}
				v = v*10 + int(d)
				digits++
				continue
			}
			if digits > 0 {
				take(v)
				v, digits = 0, 0
			}
			if first >= 0 {
				// A csv row after its header begins with an index.
				if index = c == ',' && r.csvFields > 0; !index {
					stopped = check.add(first - r.base)
				}
				first = -1
			}
			switch {
			case stopped:
			case isSpace(c):
			case c == ',':
				commas++
				if fields != commas {
					return nil, r.skipLine(more, r.syntax(line, "empty field or stray comma in a csv row"))
				}
			default:
				return nil, r.skipLine(more, r.syntax(line, "unexpected %q in a line of columns", c))
			}
			if stopped {
				break
			}
		}
		if !more || stopped {
			break
		}
		var err error
		if t, more, err = r.chunk(); err != nil {
			return nil, err
		}
	}
	p := &r.p
	*p = Placement{Line: line, Format: "cols", Checked: true}
	if index {
		p.Format = "csv"
	}
	if stopped {
		p.Err = check.verdict()
		return p, r.skipLine(more, nil)
	}
	if digits > 0 {
		take(v)
	}
	if first >= 0 {
		check.add(first - r.base)
	}
	switch {
	case commas > 0 && fields != commas+1:
		return nil, r.syntax(line, "empty field or stray comma in a csv row")
	case index && fields != r.csvFields:
		return nil, r.syntax(line, "a csv row of %d fields, its header of %d", fields, r.csvFields)
	}
	p.Err = check.verdict()
	return p, nil
}

// skipLine reads the rest of the current line, when more says it goes on,
// without keeping it, and returns err, or the error of the reading.
func (r *Reader) skipLine(more bool, err error) error {
	for more {
		var rerr error
		if _, more, rerr = r.chunk(); rerr != nil {
			return rerr
		}
	}
	return err
}

// json reads a line {"n":8,"index":1,"cols":[0,4,7,5,2,6,1,3]}.
func (r *Reader) json(line []byte) (*Placement, error) {
	var v struct {
		N    *int  `json:"n"`
		Cols []int `json:"cols"`
	}
	v.Cols = r.nums[:0]
	if err := json.Unmarshal(line, &v); err != nil {
		return nil, r.syntax(r.line, "%v", message.JSONError(err))
	}
	r.nums = v.Cols[:0]
	if len(v.Cols) == 0 {
		return nil, r.syntax(r.line, `JSON object without "cols"`)
	}
	if v.N != nil && *v.N != len(v.Cols) {
		return nil, r.syntax(r.line, `JSON object with "n" %d but %s`, *v.N, plural(len(v.Cols), "column"))
	}
	r.p = Placement{Line: r.line, Format: "json", Queens: v.Cols}
	return &r.p, nil
}

// fen reads the piece placement of a FEN, the first field of the line;
// the fields after it (side to move and so on) are not checked.
func (r *Reader) fen(line []byte) (*Placement, error) {
	board := line
	if i := bytes.IndexAny(line, " \t"); i >= 0 {
		board = line[:i]
	}
	ranks := bytes.Split(board, []byte("/"))
	if len(ranks) != 8 {
		return nil, r.syntax(r.line, "a FEN board has 8 ranks, this one %d", len(ranks))
	}
	cols := r.nums[:0]
	var rowErr *RowError
	for row, rank := range ranks {
		file, count, col := 0, 0, -1
		for _, c := range rank {
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case c == 'Q' || c == 'q':
				if count == 0 {
					col = file
				}
				count++
				file++
			case strings.IndexByte("KkRrBbNnPp", c) >= 0:
				r.nums = cols
				return nil, r.syntax(r.line, "FEN holds a piece other than a queen: %q", c)
			default:
				r.nums = cols
				return nil, r.syntax(r.line, "unexpected %q in a FEN", c)
			}
		}
		if file != 8 {
			r.nums = cols
			return nil, r.syntax(r.line, "FEN rank %d has %s, not 8", 8-row, squares(file))
		}
		if count != 1 && rowErr == nil {
			rowErr = &RowError{Row: row, Queens: count}
		}
		cols = append(cols, col)
	}
	r.nums = cols
	r.p = Placement{Line: r.line, Format: "fen", Queens: cols}
	if rowErr != nil {
		r.p.Queens, r.p.Err = nil, rowErr
	}
	return &r.p, nil
}

// sentences reads "queen 1 in row 1, column 1; queen 2 in row 2, column 5;
// …", the rows and columns counted from 1.
func (r *Reader) sentences(line []byte) (*Placement, error) {
	line = bytes.TrimSuffix(line, []byte("."))
	clauses := bytes.Split(line, []byte(";"))
	n := len(clauses)
	cols, counts := r.emptyRows(n)
	for _, clause := range clauses {
		f := bytes.Fields(bytes.ReplaceAll(clause, []byte(","), []byte(" ")))
		if len(f) != 7 || !bytes.EqualFold(f[0], []byte("queen")) || string(f[2]) != "in" || string(f[3]) != "row" || string(f[5]) != "column" ||
			!isNumber(f[1]) || !isNumber(f[4]) || !isNumber(f[6]) || len(f[4]) > maxDigits || len(f[6]) > maxDigits {
			return nil, r.syntax(r.line, "cannot read %q: expected \"queen i in row r, column c\"", abbreviate(bytes.TrimSpace(clause)))
		}
		row, _ := strconv.Atoi(string(f[4]))
		col, _ := strconv.Atoi(string(f[6]))
		place(cols, counts, row-1, col-1)
	}
	return r.rowsRead("sentences", cols, counts), nil
}

// sentencesZh reads the sentences in Chinese, "皇后1在1行1列、皇后2在2行5列、
// …", the rows and columns counted from 1.
func (r *Reader) sentencesZh(line []byte) (*Placement, error) {
	clauses := bytes.Split(bytes.TrimSuffix(line, []byte("、")), []byte("、"))
	n := len(clauses)
	cols, counts := r.emptyRows(n)
	for _, clause := range clauses {
		c := bytes.TrimSpace(clause)
		var f [3][]byte
		ok := bytes.HasPrefix(c, []byte("皇后"))
		c = bytes.TrimPrefix(c, []byte("皇后"))
		for i, sep := range []string{"在", "行", "列"} {
			j := bytes.Index(c, []byte(sep))
			if !ok || j < 0 {
				ok = false
				break
			}
			f[i], c = c[:j], c[j+len(sep):]
			ok = isNumber(f[i]) && len(f[i]) <= maxDigits
		}
		if !ok || len(c) > 0 {
			return nil, r.syntax(r.line, "cannot read %q: expected \"皇后i在r行c列\"", abbreviate(bytes.TrimSpace(clause)))
		}
		row, _ := strconv.Atoi(string(f[1]))
		col, _ := strconv.Atoi(string(f[2]))
		place(cols, counts, row-1, col-1)
	}
	return r.rowsRead("sentences", cols, counts), nil
}

// atEOF reports whether the input has nothing after the line just read.
func (r *Reader) atEOF() bool {
	_, err := r.br.Peek(1)
	return err == io.EOF
}

// pairs reads a line of the squares of the queens, "(1,1)  (2,5)  …", the
// row and the column of each counted from 1, as seed 004 prints them. A
// tutorial that prints them column by column gives the board turned about
// its diagonal, which is a solution exactly when the board is one.
func (r *Reader) pairs(line []byte) (*Placement, error) {
	fields := bytes.Fields(line)
	cols, counts := r.emptyRows(len(fields))
	for _, f := range fields {
		inner, ok := bytes.CutPrefix(f, []byte("("))
		if ok {
			inner, ok = bytes.CutSuffix(inner, []byte(")"))
		}
		a, b, comma := bytes.Cut(inner, []byte(","))
		if !ok || !comma || !isNumber(a) || !isNumber(b) || len(a) > maxDigits || len(b) > maxDigits {
			return nil, r.syntax(r.line, "cannot read %q: expected \"(row,column)\"", abbreviate(f))
		}
		row, _ := strconv.Atoi(string(a))
		col, _ := strconv.Atoi(string(b))
		place(cols, counts, row-1, col-1)
	}
	return r.rowsRead("pairs", cols, counts), nil
}

// columns reads a line of the solution format, "Solution: 1 3 0 2": the
// row of the queen in each column, counted from 0.
func (r *Reader) columns(line []byte) (*Placement, error) {
	f := bytes.Fields(line)[1:]
	n := len(f)
	cols, counts := r.emptyRows(n)
	for col, x := range f {
		if !isNumber(x) || len(x) > maxDigits {
			return nil, r.syntax(r.line, "cannot read %q: expected the row of the queen in each column", abbreviate(x))
		}
		row, _ := strconv.Atoi(string(x))
		place(cols, counts, row, col)
	}
	return r.rowsRead("solution", cols, counts), nil
}

// rowsRead returns the placement of the columns cols, or of the first row
// emptyRows returns the columns of the queens of n rows, none placed yet
// (-1), and how many queens each row holds, in the reader's buffers.
func (r *Reader) emptyRows(n int) (cols, counts []int) {
	cols, counts = r.nums[:0], r.counts[:0]
	for range n {
		cols = append(cols, -1)
		counts = append(counts, 0)
	}
	r.nums, r.counts = cols, counts
	return cols, counts
}

// place records a queen in row and col, both counted from 0: the first
// of its row gives the row's column, and every one counts. A row off the
// board is left out; the count of queens tells the missing row.
func place(cols, counts []int, row, col int) {
	if row >= 0 && row < len(cols) {
		if counts[row] == 0 {
			cols[row] = col
		}
		counts[row]++
	}
}

// whose count of queens is not one.
func (r *Reader) rowsRead(format string, cols, counts []int) *Placement {
	r.p = Placement{Line: r.line, Format: format, Queens: cols}
	for row, count := range counts {
		if count != 1 {
			r.p.Queens, r.p.Err = nil, &RowError{Row: row, Queens: count}
			break
		}
	}
	return &r.p
}

// gridRow adds a row to the board being read, and returns the placement
// when the board is complete: when it has as many rows as columns.
func (r *Reader) gridRow(line []byte) (*Placement, error) {
	cells := r.cells[:0]
	for _, c := range line {
		if !isSpace(c) {
			cells = append(cells, c)
		}
	}
	r.cells = cells
	if r.gridRows == 0 {
		if len(cells) > MaxBoard {
			return nil, r.syntax(r.line, "a board %d squares wide: boards up to %d squares wide are read; write larger ones as columns", len(cells), MaxBoard)
		}
		r.grid, r.gridWidth, r.gridLine = r.grid[:0], len(cells), r.line
	} else if len(cells) != r.gridWidth {
		return nil, r.syntax(r.line, "a board row of %d squares after rows of %d", len(cells), r.gridWidth)
	}
	r.grid = append(r.grid, cells...)
	r.gridRows++
	if r.gridRows < r.gridWidth {
		return nil, nil
	}
	return r.board()
}

// unfinishedBoard returns the error for a board that ends before it has
// as many rows as columns.
func (r *Reader) unfinishedBoard() error {
	rows, width := r.gridRows, r.gridWidth
	r.gridRows = 0
	return r.syntax(r.gridLine, "a board %d squares wide and %d high: a board needs as many rows as columns", width, rows)
}

// squares returns "1 square" or "8 squares".
func squares(n int) string { return plural(n, "square") }

// plural returns n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// board turns the complete board in r.grid into a placement. A board of
// Q marks queens with Q (the others squares may be . x X 0 - _); a board
// without Q but with 1 is a matrix, with 1 for a queen and 0 for a free
// square; and a board with neither marks queens with x, as the counter
// board of the classic program prints it.
func (r *Reader) board() (*Placement, error) {
	n, line := r.gridWidth, r.gridLine
	r.gridRows = 0
	g := r.grid
	hasQ := bytes.ContainsAny(g, "Qq")
	hasOne := bytes.IndexByte(g, '1') >= 0
	hasX := bytes.ContainsAny(g, "xX")
	var isQueen func(c byte) bool
	format := "board"
	switch {
	case hasQ && hasOne:
		return nil, r.syntax(line, "board marks queens both with Q and with 1")
	case hasQ:
		isQueen = func(c byte) bool { return c == 'Q' || c == 'q' }
	case hasOne && hasX:
		return nil, r.syntax(line, "matrix holds both 1 and x")
	case hasOne:
		isQueen = func(c byte) bool { return c == '1' }
		format = "matrix"
	default:
		isQueen = func(c byte) bool { return c == 'x' || c == 'X' }
	}
	cols := r.nums[:0]
	r.p = Placement{Line: line, Format: format}
	for row := range n {
		count, col := 0, -1
		for i, c := range g[row*n : (row+1)*n] {
			if isQueen(c) {
				if count == 0 {
					col = i
				}
				count++
			}
		}
		if count != 1 && r.p.Err == nil {
			r.p.Err = &RowError{Row: row, Queens: count}
		}
		cols = append(cols, col)
	}
	r.nums = cols
	if r.p.Err == nil {
		r.p.Queens = cols
	}
	return &r.p, nil
}
