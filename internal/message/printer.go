package message

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Entry is one sentence of the catalogue.
type Entry struct {
	// Key is the English text, with fmt verbs where values go; for a
	// sentence with plural forms, the form for any count but one.
	Key string
	// One is the English text for a count of exactly one, where it
	// differs from Key: "%d solution" against "%d solutions".
	One string
	// Zh is the Simplified Chinese text, with the same verbs; %[k]d and
	// the like put the values in another order. Chinese has no plural.
	Zh string
}

// catalogue holds every entry by its key; the files catalogue_*.go add to
// it, one part of the program each.
var catalogue = map[string]*Entry{}

// add adds entries to the catalogue. A key given twice is a mistake in the
// catalogue, and panics when the program starts.
func add(entries ...Entry) {
	for i := range entries {
		e := &entries[i]
		if _, dup := catalogue[e.Key]; dup {
			panic("message: the key " + strconv.Quote(e.Key) + " is in the catalogue twice")
		}
		catalogue[e.Key] = e
	}
}

// Entries returns every entry of the catalogue, sorted by key.
func Entries() []Entry {
	out := make([]Entry, 0, len(catalogue))
	for _, e := range catalogue {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// Has reports whether key is in the catalogue.
func Has(key string) bool {
	_, ok := catalogue[key]
	return ok
}

// Printer writes the catalogue's sentences in one language. The zero
// value writes English.
type Printer struct {
	lang Lang
}

// NewPrinter returns a printer of the language l.
func NewPrinter(l Lang) *Printer { return &Printer{lang: l} }

// Lang returns the language of the printer.
func (p *Printer) Lang() Lang {
	if p == nil {
		return English
	}
	return p.lang
}

// text returns the form of key for the count n (n < 0: no count) in the
// printer's language; a key not in the catalogue is its own text.
func (p *Printer) text(key string, n int64) string {
	e, ok := catalogue[key]
	if !ok {
		return key
	}
	if p.Lang() == Chinese && e.Zh != "" {
		return e.Zh
	}
	if n == 1 && e.One != "" {
		return e.One
	}
	return e.Key
}

// Sprintf formats the entry key with the values args, as fmt.Sprintf
// does, in the printer's language.
func (p *Printer) Sprintf(key string, args ...any) string {
	t := p.text(key, -1)
	if len(args) == 0 && !strings.Contains(t, "%%") {
		return t
	}
	return fmt.Sprintf(t, args...)
}

// Plural formats the entry key in the form its language uses for the
// count n, with the values args: in English "1 solution" but "92
// solutions". The count is not itself a value: pass it in args where the
// sentence shows it.
func (p *Printer) Plural(key string, n uint64, args ...any) string {
	c := int64(2)
	if n == 1 {
		c = 1
	}
	t := p.text(key, c)
	if len(args) == 0 {
		return t
	}
	return fmt.Sprintf(t, args...)
}

// Text returns the sentence s, which has no values, in the printer's
// language: the entry whose key is s, or s itself.
func (p *Printer) Text(s string) string { return p.text(s, -1) }

// Translate turns a sentence written in English into the printer's
// language. It looks the sentence up as a key, and otherwise finds the
// entry whose key, with its verbs read as values, matches the whole
// sentence: "N must be a whole number from 1 to 32, got \"abc\"" matches
// "N must be a whole number from 1 to %d, got %q". Values that are
// themselves sentences (%s, %v, %w) are translated in turn; quoted ones
// (%q) are kept as they are. A sentence no entry matches is returned as
// it is.
func (p *Printer) Translate(s string) string {
	if p.Lang() == English || s == "" {
		return s
	}
	return p.translate(s, 0)
}

// maxDepth bounds the nesting of sentences in sentences that Translate
// follows.
const maxDepth = 8

func (p *Printer) translate(s string, depth int) string {
	if e, ok := catalogue[s]; ok && e.Zh != "" {
		return e.Zh
	}
	if depth >= maxDepth {
		return s
	}
	// A text of paragraphs translates paragraph by paragraph, as the help
	// texts are kept; a paragraph that is not itself a key translates line
	// by line: the lines of a listing of choices, say.
	if strings.Contains(s, "\n\n") {
		paras := strings.Split(s, "\n\n")
		for i, para := range paras {
			paras[i] = p.translate(para, depth+1)
		}
		return strings.Join(paras, "\n\n")
	}
	if strings.Contains(s, "\n") {
		// A paragraph made from a key with verbs, such as a help text that
		// names a range of sizes, translates whole.
		if t, ok := p.byPattern(s, depth); ok {
			return t
		}
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = p.translate(l, depth+1)
		}
		return strings.Join(lines, "\n")
	}
	// A line of a two-column listing, "  name   what it is", translates
	// its second column.
	if m := listLine.FindStringSubmatch(s); m != nil {
		if t := p.translate(m[2], depth+1); t != m[2] {
			return m[1] + t
		}
	}
	// A line of an example, "  queens count 8   # what it does",
	// translates its comment.
	if m := exampleComment.FindStringSubmatch(s); m != nil {
		if t := p.translate(m[2], depth+1); t != m[2] {
			return m[1] + t
		}
	}
	if t, ok := p.byPattern(s, depth); ok {
		return t
	}
	return s
}

// byPattern translates s made from a key with verbs, the values that are
// sentences translated too, and reports whether a key matched.
func (p *Printer) byPattern(s string, depth int) (string, bool) {
	for _, pat := range patterns() {
		m := pat.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		vals := make([]string, len(pat.verbs))
		changed := false
		for i, v := range pat.verbs {
			vals[i] = m[i+1]
			if v == 's' || v == 'v' || v == 'w' {
				vals[i] = p.translate(vals[i], depth+1)
				changed = changed || vals[i] != m[i+1]
			}
		}
		// A key of punctuation alone, such as "%s: %s", only joins
		// sentences: it applies when it has sentences to join, and not to
		// English it would merely repunctuate.
		if pat.glue && !changed {
			continue
		}
		return fill(pat.entry.Zh, vals), true
	}
	return "", false
}

// exampleComment matches a line of an example with a comment: the
// command, the " # ", and the comment.
var exampleComment = regexp.MustCompile(`^(\s*queens\s.*?\s#\s+)(\S.*)$`)

// listLine matches a line of a two-column listing: an indented name, two
// spaces or more, and its description.
var listLine = regexp.MustCompile(`^(\s+\S+\s{2,})(\S.*)$`)

// pattern is a key with verbs, compiled to match the sentences made from
// it.
type pattern struct {
	entry *Entry
	re    *regexp.Regexp
	verbs []byte
	fixed int // the length of the key's text around its verbs
	// glue tells that the key's text around its verbs has no letters.
	glue bool
}

var (
	patternsOnce sync.Once
	patternList  []pattern
)

// patterns returns the compiled keys that have verbs, the most specific
// (the most fixed text) first, so that "%s: %s" is tried last.
func patterns() []pattern {
	patternsOnce.Do(func() {
		for _, e := range catalogue {
			if e.Zh == "" {
				continue
			}
			for _, key := range []string{e.Key, e.One} {
				if key == "" {
					continue
				}
				// A key of punctuation around more than two values,
				// such as "%s: %s %s", would split sentences at random
				// spaces: only Sprintf uses those.
				if pat, ok := compile(key, e); ok && !(pat.glue && len(pat.verbs) > 2) {
					patternList = append(patternList, pat)
				}
			}
		}
		sort.Slice(patternList, func(i, j int) bool {
			a, b := patternList[i], patternList[j]
			if a.fixed != b.fixed {
				return a.fixed > b.fixed
			}
			return a.entry.Key < b.entry.Key
		})
	})
	return patternList
}

// verbRE matches a verb of package fmt, with its flags, index, width and
// precision.
var verbRE = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]`)

// compile turns key, the key of e or its singular form, into a pattern,
// or reports that it has no verb to match.
func compile(key string, e *Entry) (pattern, bool) {
	locs := verbRE.FindAllStringIndex(key, -1)
	var (
		b     strings.Builder
		verbs []byte
		last  int
		fixed int
	)
	b.WriteString("^")
	for _, loc := range locs {
		lit := key[last:loc[0]]
		b.WriteString(regexp.QuoteMeta(lit))
		fixed += len(lit)
		verb := key[loc[1]-1]
		last = loc[1]
		switch verb {
		case '%':
			b.WriteString("%")
			continue
		case 'd':
			b.WriteString(`(-?\d+)`)
		case 'q':
			b.WriteString(`("(?:[^"\\]|\\.)*"|'[^']*'|` + "`[^`]*`" + `)`)
		default:
			b.WriteString(`(.*?)`)
		}
		verbs = append(verbs, verb)
	}
	if len(verbs) == 0 {
		return pattern{}, false
	}
	lit := key[last:]
	b.WriteString(regexp.QuoteMeta(lit))
	fixed += len(lit)
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		panic("message: the key " + strconv.Quote(key) + " does not compile: " + err.Error())
	}
	glue := !strings.ContainsFunc(verbRE.ReplaceAllString(key, ""), unicode.IsLetter)
	return pattern{entry: e, re: re, verbs: verbs, fixed: fixed, glue: glue}, true
}

// fill puts the values, as text, in the places of the verbs of t: in
// order, or as %[k]… indexes say.
func fill(t string, vals []string) string {
	var b strings.Builder
	next := 0
	last := 0
	for _, loc := range verbRE.FindAllStringIndex(t, -1) {
		b.WriteString(t[last:loc[0]])
		last = loc[1]
		verb := t[loc[0]:loc[1]]
		if verb == "%%" {
			b.WriteByte('%')
			continue
		}
		i := next
		if strings.HasPrefix(verb, "%[") {
			k, _ := strconv.Atoi(verb[2:strings.IndexByte(verb, ']')])
			i = k - 1
		}
		next = i + 1
		if i >= 0 && i < len(vals) {
			b.WriteString(vals[i])
		}
	}
	b.WriteString(t[last:])
	return b.String()
}
