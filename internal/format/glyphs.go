package format

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnknownGlyphs is wrapped by the error of [New] for glyphs that are
// not one of [GlyphNames].
var ErrUnknownGlyphs = errors.New("unknown glyphs")

// glyphSet is what the board format draws its squares with. Every glyph
// is one character wide on a terminal, so that the file letters of a
// labelled board stand under their squares.
type glyphSet struct {
	name, alias, help string
	queen, empty      string
	// preset and blocked mark the squares of an instance: a queen placed
	// before the search, and a square no queen may stand on.
	preset, blocked string
}

// glyphSets are the glyphs of the board, the default first. The names
// are the glyphs themselves: a queen, then an empty square.
var glyphSets = []glyphSet{
	{name: "Q.", help: "Q for a queen, . for an empty square", queen: "Q", empty: ".", preset: "@", blocked: "#"},
	{name: "x0", help: "x for a queen, 0 for an empty square", queen: "x", empty: "0", preset: "@", blocked: "#"},
	{name: "QX", help: "Q for a queen, X for an empty square", queen: "Q", empty: "X", preset: "@", blocked: "#"},
	{name: "0+", help: "0 for a queen, + for an empty square", queen: "0", empty: "+", preset: "@", blocked: "#"},
	{name: "unicode", alias: "♛·", help: "♛ for a queen, · for an empty square", queen: "♛", empty: "·", preset: "♕", blocked: "▪"},
}

// GlyphNames returns the names of the glyphs the board format draws
// with, the default (Q.) first.
func GlyphNames() []string {
	names := make([]string, len(glyphSets))
	for i, g := range glyphSets {
		names[i] = g.name
	}
	return names
}

// DescribeGlyphs returns a one-line description of the named glyphs, or
// "" for an unknown name.
func DescribeGlyphs(name string) string {
	if g, ok := glyphsNamed(name); ok {
		return g.help
	}
	return ""
}

// glyphsNamed returns the glyphs of a name or alias; "" names the
// default.
func glyphsNamed(name string) (glyphSet, bool) {
	if name == "" {
		return glyphSets[0], true
	}
	for _, g := range glyphSets {
		if name == g.name || name == g.alias && g.alias != "" {
			return g, true
		}
	}
	return glyphSet{}, false
}

// errGlyphs returns the error of an unknown name of glyphs.
func errGlyphs(name string) error {
	return fmt.Errorf("%w %q (known: %s)", ErrUnknownGlyphs, name, strings.Join(GlyphNames(), ", "))
}
