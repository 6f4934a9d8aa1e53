package web

import (
	"strings"
	"testing"
)

// TestStyleSheetBlocks checks that the style sheet's braces pair up and
// that no indented line stands outside a block. A stray copy of a block's
// end breaks both: its rules, meant for one width, apply at every width,
// and the browser drops the rule that follows its extra brace.
func TestStyleSheetBlocks(t *testing.T) {
	b, err := staticFiles.ReadFile("static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	depth, comment := 0, false
	var quote byte
	for i, line := range strings.Split(string(b), "\n") {
		// A line that starts at the top level must not be indented, unless
		// it goes on with a comment.
		if depth == 0 && !comment && quote == 0 && strings.HasPrefix(line, " ") && strings.TrimSpace(line) != "" {
			t.Errorf("style.css:%d: an indented line outside any block: %s", i+1, strings.TrimSpace(line))
		}
		for j := 0; j < len(line); j++ {
			c := line[j]
			switch {
			case comment:
				if c == '*' && j+1 < len(line) && line[j+1] == '/' {
					comment = false
					j++
				}
			case quote != 0:
				if c == '\\' {
					j++
				} else if c == quote {
					quote = 0
				}
			case c == '/' && j+1 < len(line) && line[j+1] == '*':
				comment = true
				j++
			case c == '"' || c == '\'':
				quote = c
			case c == '{':
				depth++
			case c == '}':
				depth--
				if depth < 0 {
					t.Fatalf("style.css:%d: a brace closes no block", i+1)
				}
			}
		}
	}
	if depth != 0 || comment || quote != 0 {
		t.Errorf("style.css ends inside a block (%d open), a comment (%v) or a string (%q)", depth, comment, quote)
	}
}
