package message

import (
	"strings"
	"testing"
)

// TestChineseSpacing fails when a Chinese sentence puts an ASCII space
// next to full-width punctuation, as in "（ 代码 ）": Chinese sets its
// punctuation without spaces around it. The indentation of a help
// text's lines is layout, not a space in a sentence.
func TestChineseSpacing(t *testing.T) {
	const fullWidth = "，。：；！？、（）【】《》「」“”‘’"
	for _, e := range Entries() {
		z := []rune(e.Zh)
		for i, r := range z {
			if r != ' ' || indent(z[:i]) {
				continue
			}
			if i > 0 && strings.ContainsRune(fullWidth, z[i-1]) || i+1 < len(z) && strings.ContainsRune(fullWidth, z[i+1]) {
				t.Errorf("%q: a space beside full-width punctuation in %q", e.Key, e.Zh)
				break
			}
		}
	}
}

// indent reports whether the line that ends at the end of before holds
// nothing but spaces.
func indent(before []rune) bool {
	for i := len(before) - 1; i >= 0 && before[i] != '\n'; i-- {
		if before[i] != ' ' {
			return false
		}
	}
	return true
}
