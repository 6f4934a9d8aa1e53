package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/queenslab/queens/internal/message"
)

// langCookie is the cookie in which the page remembers the language chosen
// with its switch, so that the next page the server sends is in it from
// the first paint.
const langCookie = "queens-lang"

// langOf returns the language of a request: its lang parameter, else,
// for the page, the language it remembers in its cookie, else the first
// one of Accept-Language that queens speaks, else English. A lang
// parameter that names no language queens speaks is passed over. The
// script of the page sends its language in Accept-Language, so that the
// API's errors come in it.
func langOf(r *http.Request) message.Lang {
	if v := r.URL.Query().Get("lang"); v != "" {
		if l, err := message.Parse(v); err == nil {
			return l
		}
	}
	if c, err := r.Cookie(langCookie); err == nil && !strings.HasPrefix(r.URL.Path, "/api/") {
		if l, err := message.Parse(c.Value); err == nil {
			return l
		}
	}
	return message.MatchAccept(r.Header.Get("Accept-Language"))
}

// langWriter is a response writer that knows the language of its request,
// so that the errors written to it are in that language.
type langWriter struct {
	http.ResponseWriter
	p *message.Printer
}

// Unwrap returns the writer underneath, for http.ResponseController.
func (w *langWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// withLang hands every handler a writer that knows the request's language.
func withLang(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&langWriter{ResponseWriter: w, p: message.NewPrinter(langOf(r))}, r)
	})
}

// translate returns the sentence msg, written in English, in the language
// of the request that w answers.
func translate(w http.ResponseWriter, msg string) string {
	if lw, ok := w.(*langWriter); ok {
		return lw.p.Translate(msg)
	}
	return msg
}

// page is the page in each language, with its sentences in place and the
// table of them that its script uses.
type page struct {
	keys  []string                // the keys of the catalogue the page uses, sorted
	html  map[message.Lang][]byte // index.html in each language
	table map[message.Lang][]byte // the sentences of the page in each language, as JSON
}

// newPage localizes the embedded page into every language of the
// catalogue.
func newPage(assets fs.FS) (*page, error) {
	src, err := fs.ReadFile(assets, "index.html")
	if err != nil {
		return nil, err
	}
	keys, err := pageKeys(assets)
	if err != nil {
		return nil, err
	}
	p := &page{keys: keys, html: map[message.Lang][]byte{}, table: map[message.Lang][]byte{}}
	for _, l := range message.Langs {
		full := message.TableOf(l)
		t := message.Table{Lang: full.Lang, Text: map[string]string{}, One: map[string]string{}}
		for _, k := range keys {
			t.Text[k] = full.Text[k]
			if one, ok := full.One[k]; ok {
				t.One[k] = one
			}
		}
		js, err := json.Marshal(t) // escapes <, > and &: safe inside a script element
		if err != nil {
			return nil, err
		}
		p.table[l] = js
		pr := message.NewPrinter(l)
		out, _ := localize(src, pr.Text)
		out = bytes.Replace(out, []byte(`<html lang="en">`), []byte(`<html lang="`+l.BCP47()+`">`), 1)
		data := append([]byte(`<script type="application/json" id="messages">`), js...)
		data = append(data, "</script>\n</head>"...)
		out = bytes.Replace(out, []byte("</head>"), data, 1)
		p.html[l] = out
	}
	return p, nil
}

// index answers the page in the language of the request.
func (s *server) index(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Language", langOf(r).BCP47())
	hd.Set("Vary", "Accept-Language, Cookie")
	w.Write(s.page.html[langOf(r)])
}

// messages answers the sentences of the page in the language that the
// lang parameter names, or else the request prefers.
func (s *server) messages(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	if v := r.URL.Query().Get("lang"); v != "" {
		var err error
		if l, err = message.Parse(v); err != nil {
			writeError(w, http.StatusBadRequest, "lang: "+err.Error())
			return
		}
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	w.Write(s.page.table[l])
	w.Write([]byte("\n"))
}

// tagRE matches a start tag; attrRE, one of its attributes.
var (
	tagRE  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*(?:="[^"]*")?)*)\s*(/?)>`)
	attrRE = regexp.MustCompile(`\s+([a-zA-Z][a-zA-Z0-9:-]*)(?:="([^"]*)")?`)
	spaces = regexp.MustCompile(`\s+`)
)

// localize puts the sentences of the page into the language of tr, which
// returns the text of a key, and returns the page with the keys it met.
//
// An element with the attribute data-i18n holds plain text, which is the
// key of its sentence, its spaces folded; an attribute data-i18n-NAME
// says that the attribute NAME of the element holds a key. In the page
// localize returns, the value of data-i18n and of each data-i18n-NAME is
// the key, and the text and the attributes are in tr's language, so that
// the script can put the page into another language.
func localize(src []byte, tr func(string) string) ([]byte, []string) {
	var (
		out  bytes.Buffer
		keys []string
		last int
	)
	for _, m := range tagRE.FindAllSubmatchIndex(src, -1) {
		tag := src[m[0]:m[1]]
		if !bytes.Contains(tag, []byte("data-i18n")) {
			continue
		}
		out.Write(src[last:m[0]])
		last = m[1]
		attrs := attrRE.FindAllSubmatch(src[m[4]:m[5]], -1)
		vals := map[string]string{}
		for _, a := range attrs {
			vals[string(a[1])] = html.UnescapeString(string(a[2]))
		}
		out.WriteString("<" + string(src[m[2]:m[3]]))
		text := false
		for _, a := range attrs {
			name, val := string(a[1]), vals[string(a[1])]
			switch {
			case name == "data-i18n":
				text = true
				continue
			case strings.HasPrefix(name, "data-i18n-"):
				continue // written with the attribute it names
			case hasAttr(attrs, "data-i18n-"+name):
				key := vals["data-i18n-"+name]
				if key == "" {
					key = val
				}
				keys = append(keys, key)
				fmt.Fprintf(&out, ` %s="%s" data-i18n-%s="%s"`, name, html.EscapeString(tr(key)), name, html.EscapeString(key))
				continue
			}
			if a[2] == nil {
				out.WriteString(" " + name)
			} else {
				fmt.Fprintf(&out, ` %s="%s"`, name, html.EscapeString(val))
			}
		}
		if !text {
			out.Write(src[m[6]:m[7]])
			out.WriteString(">")
			continue
		}
		end := bytes.IndexByte(src[m[1]:], '<')
		if end < 0 {
			end = len(src) - m[1]
		}
		key := vals["data-i18n"]
		if key == "" {
			key = strings.TrimSpace(spaces.ReplaceAllString(html.UnescapeString(string(src[m[1]:m[1]+end])), " "))
		}
		keys = append(keys, key)
		fmt.Fprintf(&out, ` data-i18n="%s">%s`, html.EscapeString(key), html.EscapeString(tr(key)))
		last = m[1] + end
	}
	out.Write(src[last:])
	return out.Bytes(), keys
}

// hasAttr reports whether the attributes include one named name.
func hasAttr(attrs [][][]byte, name string) bool {
	for _, a := range attrs {
		if string(a[1]) == name {
			return true
		}
	}
	return false
}

// callRE matches the calls of the script that name a key of the
// catalogue: t('…'), tn('…', n) and msg('…'), with the key in single or
// double quotes.
var callRE = regexp.MustCompile(`\b(?:t|tn|msg)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")`)

// scriptKeys returns the keys of the catalogue that the script src names.
func scriptKeys(src []byte) ([]string, error) {
	var keys []string
	for _, m := range callRE.FindAllSubmatch(src, -1) {
		lit := m[1]
		if lit == nil {
			lit = m[2]
		}
		key, err := unquoteJS(string(lit))
		if err != nil {
			return nil, err
		}
		keys = append(keys, key)
	}
	return keys, nil
}

// unquoteJS reads the text of a JavaScript string literal without its
// quotes, as far as the page's keys use escapes: \\, \', \", \n and \uXXXX.
func unquoteJS(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'u':
			if i+4 >= len(s) {
				return "", fmt.Errorf("bad escape in %q", s)
			}
			v, err := strconv.ParseUint(s[i+1:i+5], 16, 16)
			if err != nil {
				return "", fmt.Errorf("bad escape in %q", s)
			}
			b.WriteRune(rune(v))
			i += 4
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), nil
}

// pageKeys returns the keys of the catalogue that the page and its
// scripts use, sorted, each once.
func pageKeys(assets fs.FS) ([]string, error) {
	src, err := fs.ReadFile(assets, "index.html")
	if err != nil {
		return nil, err
	}
	_, keys := localize(src, func(s string) string { return s })
	scripts, err := fs.Glob(assets, "js/*.js")
	if err != nil {
		return nil, err
	}
	for _, name := range scripts {
		js, err := fs.ReadFile(assets, name)
		if err != nil {
			return nil, err
		}
		more, err := scriptKeys(js)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		keys = append(keys, more...)
	}
	slices.Sort(keys)
	return slices.Compact(keys), nil
}
