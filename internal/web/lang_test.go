package web

import (
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/queenslab/queens/internal/message"
)

// TestPageKeys fails when the page or its script names a sentence that
// the catalogue lacks: a data-i18n text or attribute of index.html, or a
// t('…'), tn('…') or msg('…') of static/js.
func TestPageKeys(t *testing.T) {
	assets, err := fs.Sub(staticFiles, "static")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := pageKeys(assets)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) < 100 {
		t.Fatalf("only %d keys found: the patterns miss them", len(keys))
	}
	for _, k := range keys {
		if !message.Has(k) {
			t.Errorf("the page uses %q, which is not in the catalogue", k)
		}
	}
}

// TestWebCatalogueUsed fails when an entry of the page's part of the
// catalogue is used neither by the page nor by the server.
func TestWebCatalogueUsed(t *testing.T) {
	src, err := os.ReadFile("../message/catalogue_web.go")
	if err != nil {
		t.Fatal(err)
	}
	assets, err := fs.Sub(staticFiles, "static")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := pageKeys(assets)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, k := range keys {
		used[k] = true
	}
	var server strings.Builder
	files, _ := fs.Glob(os.DirFS("."), "*.go")
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			server.Write(b)
		}
	}
	entries := regexp.MustCompile(`Key: ("(?:[^"\\]|\\.)*")`).FindAllStringSubmatch(string(src), -1)
	if len(entries) < 100 {
		t.Fatalf("only %d entries found: the pattern misses them", len(entries))
	}
	for _, m := range entries {
		key, err := strconv.Unquote(m[1])
		if err != nil {
			t.Fatal(err)
		}
		if !used[key] && !strings.Contains(server.String(), strconv.Quote(key)) {
			t.Errorf("%q is in the catalogue of the page, but neither the page nor the server uses it", key)
		}
	}
}

// TestPageLanguage checks that the page comes in the language of the
// request, with its sentences and its table in that language, and that
// the machine formats of the API do not change with it.
func TestPageLanguage(t *testing.T) {
	h := testServer(t, Options{}).handler()
	for _, c := range []struct {
		header  []string
		target  string
		lang    string
		contain string
	}{
		{nil, "/", `lang="en"`, `data-i18n="Search">Search<`},
		{[]string{"Accept-Language", "zh-CN,zh;q=0.9,en;q=0.8"}, "/", `lang="zh-Hans"`, `data-i18n="Search">搜索<`},
		{[]string{"Accept-Language", "zh-CN"}, "/?lang=en", `lang="en"`, `title="Back to the start (R)"`},
		{[]string{"Cookie", langCookie + "=zh"}, "/", `lang="zh-Hans"`, `data-i18n-title="Back to the start (R)"`},
		{[]string{"Cookie", langCookie + "=zh"}, "/?lang=en", `lang="en"`, `"lang":"en"`},
		{nil, "/?lang=zh", `lang="zh-Hans"`, `"lang":"zh"`},
		{nil, "/?lang=fr", `lang="en"`, `<title data-i18n="queens · watch the search">queens · watch the search</title>`},
	} {
		rec := request(h, "GET", c.target, c.header...)
		body := rec.Body.String()
		if rec.Code != 200 || !strings.Contains(body, `<html `+c.lang+`>`) || !strings.Contains(body, c.contain) {
			t.Errorf("GET %s %v: status %d, want %s and %q in\n%.600s", c.target, c.header, rec.Code, c.lang, c.contain, body)
		}
		if !strings.Contains(body, `<script type="application/json" id="messages">`) {
			t.Errorf("GET %s %v: no table of sentences", c.target, c.header)
		}
	}
	// The table the script fetches when the language switches.
	var table message.Table
	decodeJSON(t, request(h, "GET", "/api/messages?lang=zh"), &table)
	if table.Lang != "zh" || table.Text["Search"] != "搜索" || len(table.One) != 0 {
		t.Errorf("zh table: %s, %q, %d singular forms", table.Lang, table.Text["Search"], len(table.One))
	}
	decodeJSON(t, request(h, "GET", "/api/messages", "Accept-Language", "en-GB"), &table)
	if table.Lang != "en" || table.One["%d solutions"] != "%d solution" {
		t.Errorf("en table: %s, singular %q", table.Lang, table.One["%d solutions"])
	}
	wantError(t, request(h, "GET", "/api/messages?lang=fr"), 400, "fr")
	// Errors come in the request's language; results do not change.
	wantError(t, request(h, "GET", "/api/steps?n=99&algo=flags", "Accept-Language", "zh"), 400, "必须是")
	en := request(h, "GET", "/api/solutions?n=6&limit=2").Body.String()
	zh := request(h, "GET", "/api/solutions?n=6&limit=2&lang=zh", "Accept-Language", "zh").Body.String()
	if en != zh {
		t.Errorf("the solutions change with the language:\n%s\n%s", en, zh)
	}
}

// TestLocalize checks the rewriting of the page's marked elements.
func TestLocalize(t *testing.T) {
	src := []byte(`<p data-i18n>Two
	  lines &amp; more</p><button title="Go on" data-i18n-title id="x">▶</button><img src="a.png" alt="">`)
	out, keys := localize(src, func(s string) string { return "<" + s + ">" })
	want := `<p data-i18n="Two lines &amp; more">&lt;Two lines &amp; more&gt;</p><button title="&lt;Go on&gt;" data-i18n-title="Go on" id="x">▶</button><img src="a.png" alt="">`
	if string(out) != want {
		t.Errorf("localize:\n got %s\nwant %s", out, want)
	}
	if strings.Join(keys, "|") != "Two lines & more|Go on" {
		t.Errorf("keys %q", keys)
	}
	js := []byte(`t('Row %d: it\'s'), tn("%d queens", n), msg('a \\ b'), split('x'), t(key)`)
	got, err := scriptKeys(js)
	if err != nil || strings.Join(got, "|") != `Row %d: it's|%d queens|a \ b` {
		t.Errorf("scriptKeys = %q, %v", got, err)
	}
}
