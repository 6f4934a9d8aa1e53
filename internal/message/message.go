// Package message is the one catalogue of the sentences queens shows a
// person, in English and in Simplified Chinese (简体中文), and the choice of
// the language to show them in.
//
// The key of an entry is its English text, with the verbs of package fmt
// where values go, as in "N must be a whole number from 1 to %d, got %q".
// A [Printer] formats a key in its language ([Printer.Sprintf],
// [Printer.Plural]); [Printer.Translate] turns a sentence already written
// in English, such as the text of an error, into the printer's language by
// finding the entry it was made from. Machine formats (columns, JSON, CSV,
// FEN, SVG) never pass through here.
package message

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Lang is a language queens speaks.
type Lang int

// The languages queens speaks. English is the zero value and the default.
const (
	English Lang = iota
	Chinese
)

// Langs lists the languages, in the order a language switch shows them.
var Langs = []Lang{English, Chinese}

// String returns the short name of the language, as --lang and ?lang= take
// it: "en" or "zh".
func (l Lang) String() string {
	if l == Chinese {
		return "zh"
	}
	return "en"
}

// BCP47 returns the language's tag for documents, such as the lang
// attribute of the web page: "en" or "zh-Hans".
func (l Lang) BCP47() string {
	if l == Chinese {
		return "zh-Hans"
	}
	return "en"
}

// Name returns the name of the language in itself: "English" or "中文".
func (l Lang) Name() string {
	if l == Chinese {
		return "中文"
	}
	return "English"
}

// Parse returns the language a --lang value names: "en" or "zh", or any
// tag or locale of those languages, such as "zh-CN", "zh_TW" or "en_GB".
func Parse(s string) (Lang, error) {
	if l, ok := match(s); ok {
		return l, nil
	}
	return English, fmt.Errorf("unknown language %q (known: en, zh)", s)
}

// supported are the languages of the catalogue, in the order of Lang.
var supported = []language.Tag{language.English, language.SimplifiedChinese}

var matcher = language.NewMatcher(supported)

// match returns the language of one tag or POSIX locale name, and whether
// it is one queens speaks. Any Chinese, Traditional included, reads the
// Simplified catalogue rather than English.
func match(s string) (Lang, bool) {
	s = strings.TrimSpace(s)
	// POSIX locales: language_TERRITORY.codeset@modifier.
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	if s == "" || s == "C" || s == "POSIX" {
		return English, false
	}
	tag, err := language.Parse(s)
	if err != nil {
		return English, false
	}
	return matchTag(tag)
}

// matchTag returns the language of tag, and whether queens speaks it.
func matchTag(tag language.Tag) (Lang, bool) {
	if base, _ := tag.Base(); base.String() == "zh" {
		return Chinese, true
	}
	_, i, conf := matcher.Match(tag)
	if conf == language.No {
		return English, false
	}
	return Lang(i), true
}

// Match returns the first of the preferred languages that queens speaks,
// such as the languages of navigator.languages, and English when none is.
func Match(preferred ...string) Lang {
	for _, p := range preferred {
		if l, ok := match(p); ok {
			return l
		}
	}
	return English
}

// MatchAccept returns the language an Accept-Language header prefers,
// English when it names none that queens speaks.
func MatchAccept(header string) Lang {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return English
	}
	for _, t := range tags {
		if l, ok := matchTag(t); ok {
			return l
		}
	}
	return English
}

// FromEnv returns the language of the locale variables, as getenv reads
// them: the first of LC_ALL, LC_MESSAGES and LANG that is set decides, as
// in POSIX; English when none is set or it names another language.
func FromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			l, _ := match(v)
			return l
		}
	}
	return English
}
