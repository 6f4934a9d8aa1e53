// Package instfile reads and writes the files in which the constraint
// programming community publishes n-queens instances (CSPLib problems 079
// and 080): Essence′ parameter files and the output of the Excluded
// Diagonals generator; it also writes an instance as DIMACS CNF for SAT
// solvers. Every instance is a [queens.Instance].
package instfile

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/queenslab/queens"
)

// SyntaxError is the error of a file that cannot be read: it names the
// file, the line and the column (both counted from 1, the column in
// characters) where reading failed.
type SyntaxError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Instance is what [Read] finds in a file.
type Instance struct {
	// Instance is the instance the file describes, with the diagonals its
	// numdiags, or the diagonals argument of Read, asks for.
	queens.Instance
	// Diagonals is the whole diags list of a generator's file, of which
	// the instance excludes the first entries; nil for other files.
	Diagonals []queens.Diagonal
}

// Read reads an instance from data, the contents of file name, of either kind:
//
//   - Essence′ parameter files ("letting NAME = VALUE" or "be", "$" starts
//     a comment, an optional "language ESSENCE' 1.0" line first): n, the
//     board size; blocks, blocked [row, col] pairs counted from 1; init,
//     the preset queens' pairs, counted from 0.
//   - the Excluded Diagonals generator's output, "NAME = VALUE": n; diags,
//     pairs [v, t] where t = 1 is the sum diagonal row+col = v and t = 0
//     the difference diagonal row−col = v−(n−1), counted from 0; numdiags,
//     how many of them, from the start of the list, the instance excludes.
//
// diagonals, when not negative, overrides numdiags, as the generator's
// documentation prescribes for fewer diagonals. Lists may span lines and
// end in a comma. A bad file yields a [*SyntaxError] with its name; the
// instance returned passes [queens.Instance.Check].
func Read(name string, data []byte, diagonals int) (*Instance, error) {
	p := &parser{file: name, src: data, line: 1, col: 1}
	stmts, err := p.statements()
	if err != nil {
		return nil, err
	}
	return p.interpret(stmts, diagonals)
}

// token kinds.
const (
	tokEOF = iota
	tokIdent
	tokInt
	tokPunct // one of = [ ] ,
)

// token is one token of a file, with the position of its first character.
type token struct {
	kind      int
	text      string
	line, col int
}

// value is the value of a statement: a whole number, or a list of values.
type value struct {
	num       int
	list      []value
	isList    bool
	line, col int
}

// statement is one "NAME = VALUE" of a file.
type statement struct {
	name      string
	val       value
	line, col int
}

// parser reads the tokens of src, keeping the position of the next
// character.
type parser struct {
	file      string
	src       []byte
	pos       int
	line, col int
	peeked    *token
}

// errorAt returns a SyntaxError at a position.
func (p *parser) errorAt(line, col int, format string, args ...any) error {
	return &SyntaxError{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// advance moves past one character.
func (p *parser) advance() {
	r, size := utf8.DecodeRune(p.src[p.pos:])
	p.pos += size
	if r == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
}

// next returns the next token.
func (p *parser) next() (token, error) {
	if t := p.peeked; t != nil {
		p.peeked = nil
		return *t, nil
	}
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.advance()
		case c == '$' || c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.advance()
			}
		default:
			return p.scan()
		}
	}
	return token{kind: tokEOF, line: p.line, col: p.col}, nil
}

// peek returns the next token and leaves it to be read again.
func (p *parser) peek() (token, error) {
	t, err := p.next()
	if err == nil {
		p.peeked = &t
	}
	return t, err
}

// scan reads the token that starts at the current character, which is no
// space.
func (p *parser) scan() (token, error) {
	t := token{line: p.line, col: p.col}
	start := p.pos
	c := p.src[p.pos]
	switch {
	case c == '=' || c == '[' || c == ']' || c == ',':
		p.advance()
		t.kind = tokPunct
	case c == '-' || isDigit(c):
		p.advance()
		for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			p.advance()
		}
		t.kind = tokInt
		if p.pos-start == 1 && c == '-' {
			return t, p.errorAt(t.line, t.col, "a minus sign without a number")
		}
	case isLetter(c):
		for p.pos < len(p.src) && (isLetter(p.src[p.pos]) || isDigit(p.src[p.pos]) || p.src[p.pos] == '\'' || p.src[p.pos] == '.') {
			p.advance()
		}
		t.kind = tokIdent
	default:
		r, _ := utf8.DecodeRune(p.src[p.pos:])
		return t, p.errorAt(t.line, t.col, "unexpected character %q", r)
	}
	t.text = string(p.src[start:p.pos])
	return t, nil
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }

// describe names a token for an error message.
func describe(t token) string {
	if t.kind == tokEOF {
		return "the end of the file"
	}
	return strconv.Quote(t.text)
}

// statements reads every statement of the file.
func (p *parser) statements() ([]statement, error) {
	var stmts []statement
	for {
		t, err := p.next()
		if err != nil {
			return nil, err
		}
		switch {
		case t.kind == tokEOF:
			return stmts, nil
		case t.kind == tokIdent && t.text == "language" && len(stmts) == 0:
			p.skipLine()
			continue
		case t.kind == tokIdent && t.text == "letting":
			if t, err = p.next(); err != nil {
				return nil, err
			}
		}
		if t.kind != tokIdent {
			return nil, p.errorAt(t.line, t.col, "want a statement such as 'letting n = 8' or 'n = 8', got %s", describe(t))
		}
		s := statement{name: t.text, line: t.line, col: t.col}
		eq, err := p.next()
		if err != nil {
			return nil, err
		}
		if !(eq.kind == tokPunct && eq.text == "=" || eq.kind == tokIdent && eq.text == "be") {
			return nil, p.errorAt(eq.line, eq.col, "want '=' after %s, got %s", t.text, describe(eq))
		}
		if s.val, err = p.value(0); err != nil {
			return nil, err
		}
		stmts = append(stmts, s)
	}
}

// skipLine skips the rest of the line.
func (p *parser) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.advance()
	}
}

// maxDepth is the deepest nesting of lists a file may have.
const maxDepth = 4

// value reads a whole number or a list, at the nesting depth given.
func (p *parser) value(depth int) (value, error) {
	t, err := p.next()
	if err != nil {
		return value{}, err
	}
	v := value{line: t.line, col: t.col}
	switch {
	case t.kind == tokInt:
		n, err := strconv.Atoi(t.text)
		if err != nil || n > 1<<30 || n < -(1<<30) {
			return v, p.errorAt(t.line, t.col, "number %s is too large", t.text)
		}
		v.num = n
		return v, nil
	case t.kind == tokPunct && t.text == "[":
		if depth == maxDepth {
			return v, p.errorAt(t.line, t.col, "lists nested more than %d deep", maxDepth)
		}
		v.isList = true
		for {
			t, err := p.peek()
			if err != nil {
				return v, err
			}
			if t.kind == tokPunct && t.text == "]" {
				p.next()
				return v, nil
			}
			e, err := p.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.list = append(v.list, e)
			sep, err := p.next()
			if err != nil {
				return v, err
			}
			switch {
			case sep.kind == tokPunct && sep.text == "]":
				return v, nil
			case sep.kind == tokPunct && sep.text == ",":
			default:
				return v, p.errorAt(sep.line, sep.col, "want ',' or ']' in the list, got %s", describe(sep))
			}
		}
	}
	return v, p.errorAt(t.line, t.col, "want a number or a list, got %s", describe(t))
}

// interpret turns the statements into an instance.
func (p *parser) interpret(stmts []statement, diagonals int) (*Instance, error) {
	byName := make(map[string]*statement)
	for i := range stmts {
		s := &stmts[i]
		switch s.name {
		case "n", "blocks", "init", "diags", "numdiags":
		default:
			return nil, p.errorAt(s.line, s.col, "unknown parameter %q (want n, blocks, init, diags or numdiags)", s.name)
		}
		if prev, ok := byName[s.name]; ok {
			return nil, p.errorAt(s.line, s.col, "%s is given twice, first on line %d", s.name, prev.line)
		}
		byName[s.name] = s
	}
	ns, ok := byName["n"]
	if !ok {
		return nil, p.errorAt(p.line, p.col, "the file gives no board size n")
	}
	if ns.val.isList || ns.val.num < 1 || ns.val.num > queens.MaxInstanceN {
		return nil, p.errorAt(ns.val.line, ns.val.col, "n must be a whole number from 1 to %d", queens.MaxInstanceN)
	}
	n := ns.val.num
	out := &Instance{Instance: queens.Instance{N: n}}
	var err error
	if s := byName["blocks"]; s != nil {
		if out.Blocked, err = p.squares(s, n, 1); err != nil {
			return nil, err
		}
	}
	if s := byName["init"]; s != nil {
		if out.Queens, err = p.squares(s, n, 0); err != nil {
			return nil, err
		}
		if err := queens.CheckPresets(n, out.Queens); err != nil {
			return nil, p.errorAt(s.val.line, s.val.col, "init: %v", err)
		}
	}
	ds, nd := byName["diags"], byName["numdiags"]
	if ds == nil {
		if nd != nil {
			return nil, p.errorAt(nd.line, nd.col, "numdiags without a diags list")
		}
		if diagonals >= 0 {
			return nil, fmt.Errorf("%s: the file lists no diagonals to take %d of", p.file, diagonals)
		}
		return out, nil
	}
	if out.Diagonals, err = p.diagonals(ds, n); err != nil {
		return nil, err
	}
	take := len(out.Diagonals)
	if nd != nil {
		if nd.val.isList || nd.val.num < 0 || nd.val.num > len(out.Diagonals) {
			return nil, p.errorAt(nd.val.line, nd.val.col, "numdiags must be a whole number from 0 to %d, the length of diags", len(out.Diagonals))
		}
		take = nd.val.num
	}
	if diagonals >= 0 {
		if diagonals > take {
			return nil, fmt.Errorf("%s: the file has %d diagonals, not %d", p.file, take, diagonals)
		}
		take = diagonals
	}
	out.Excluded = out.Diagonals[:take:take]
	return out, nil
}

// pair returns the two numbers of the list [a, b].
func (p *parser) pair(v value, what string) (a, b int, err error) {
	if !v.isList || len(v.list) != 2 || v.list[0].isList || v.list[1].isList {
		return 0, 0, p.errorAt(v.line, v.col, "want %s", what)
	}
	return v.list[0].num, v.list[1].num, nil
}

// squares reads the list of [row, col] pairs of statement s, counted from
// base.
func (p *parser) squares(s *statement, n, base int) ([]queens.Square, error) {
	if !s.val.isList {
		return nil, p.errorAt(s.val.line, s.val.col, "%s must be a list of [row, col] pairs", s.name)
	}
	var qs []queens.Square
	for _, v := range s.val.list {
		r, c, err := p.pair(v, "a [row, col] pair")
		if err != nil {
			return nil, err
		}
		r, c = r-base, c-base
		if r < 0 || r >= n || c < 0 || c >= n {
			return nil, p.errorAt(v.line, v.col, "%s: [%d,%d] is off the %d×%d board (rows and columns from %d to %d)", s.name, r+base, c+base, n, n, base, n-1+base)
		}
		qs = append(qs, queens.Square{Row: r, Col: c})
	}
	return qs, nil
}

// diagonals reads the diags list of statement s.
func (p *parser) diagonals(s *statement, n int) ([]queens.Diagonal, error) {
	if !s.val.isList {
		return nil, p.errorAt(s.val.line, s.val.col, "diags must be a list of [v, t] pairs")
	}
	ds := make([]queens.Diagonal, 0, len(s.val.list))
	for _, v := range s.val.list {
		k, t, err := p.pair(v, "a [v, t] pair, t = 1 for a sum diagonal and 0 for a difference")
		if err != nil {
			return nil, err
		}
		if t != 0 && t != 1 {
			return nil, p.errorAt(v.list[1].line, v.list[1].col, "diags: the kind of a diagonal is 1 (sum) or 0 (difference), got %d", t)
		}
		if k < 0 || k > 2*n-2 {
			return nil, p.errorAt(v.line, v.col, "diags: diagonal %d misses the %d×%d board (from 0 to %d)", k, n, n, 2*n-2)
		}
		d := queens.Diagonal{Sum: t == 1, K: k}
		if !d.Sum {
			d.K = k - (n - 1)
		}
		ds = append(ds, d)
	}
	return ds, nil
}
