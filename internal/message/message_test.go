package message

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{
		"en": English, "zh": Chinese, "zh-CN": Chinese, "zh_TW": Chinese,
		"zh-Hant": Chinese, "en_GB.UTF-8": English, "ZH": Chinese,
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "fr", "klingon!", "C"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) gave no error", in)
		}
	}
}

func TestFromEnv(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	cases := []struct {
		vars map[string]string
		want Lang
	}{
		{map[string]string{}, English},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, Chinese},
		{map[string]string{"LANG": "zh_TW.Big5"}, Chinese},
		{map[string]string{"LANG": "zh"}, Chinese},
		{map[string]string{"LANG": "de_DE.UTF-8"}, English},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, Chinese},
		// LC_ALL overrides everything, even with a language queens lacks.
		{map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, English},
		{map[string]string{"LC_ALL": "zh_SG.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, Chinese},
	}
	for _, c := range cases {
		if got := FromEnv(env(c.vars)); got != c.want {
			t.Errorf("FromEnv(%v) = %v, want %v", c.vars, got, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	if got := Match("fr-FR", "zh-CN", "en"); got != Chinese {
		t.Errorf("Match(fr, zh-CN, en) = %v", got)
	}
	if got := Match("fr-FR", "de"); got != English {
		t.Errorf("Match(fr, de) = %v", got)
	}
	if got := MatchAccept("fr-CH, fr;q=0.9, zh-TW;q=0.8, en;q=0.7"); got != Chinese {
		t.Errorf("MatchAccept with zh-TW before en = %v", got)
	}
	if got := MatchAccept("en-US,en;q=0.9,zh-CN;q=0.8"); got != English {
		t.Errorf("MatchAccept with en first = %v", got)
	}
	if got := MatchAccept("!!"); got != English {
		t.Errorf("MatchAccept of a bad header = %v", got)
	}
}

func TestPlural(t *testing.T) {
	en, zh := NewPrinter(English), NewPrinter(Chinese)
	if got := en.Plural("%d solutions", 1, 1); got != "1 solution" {
		t.Errorf("en one: %q", got)
	}
	if got := en.Plural("%d solutions", 0, 0); got != "0 solutions" {
		t.Errorf("en zero: %q", got)
	}
	if got := en.Plural("%d solutions", 92, 92); got != "92 solutions" {
		t.Errorf("en many: %q", got)
	}
	if got := zh.Plural("%d solutions", 1, 1); got != "1 个解" {
		t.Errorf("zh: %q", got)
	}
	var none *Printer
	if got := none.Sprintf("%d solutions", 3); got != "3 solutions" {
		t.Errorf("nil printer: %q", got)
	}
}

func TestTranslate(t *testing.T) {
	zh := NewPrinter(Chinese)
	cases := map[string]string{
		"error":                "错误",
		"not in the catalogue": "not in the catalogue",
		"--lang: unknown language \"fr\" (known: en, zh)": "--lang：未知的语言 \"fr\"（可选：en、zh）",
		"interrupted\nerror":                              "已中断\n错误",
	}
	for in, want := range cases {
		if got := zh.Translate(in); got != want {
			t.Errorf("Translate(%q) = %q, want %q", in, got, want)
		}
	}
	if got := NewPrinter(English).Translate("error"); got != "error" {
		t.Errorf("English Translate changed the text: %q", got)
	}
}

func TestFill(t *testing.T) {
	if got := fill("%[2]s 与 %[1]d，%d%%", []string{"7", "x"}); got != "x 与 7，x%" {
		t.Errorf("fill = %q", got)
	}
}

// verbs returns the verbs of a text, sorted, without %%.
func verbs(s string) []string {
	var vs []string
	for _, v := range verbRE.FindAllString(s, -1) {
		if v == "%%" {
			continue
		}
		v = regexp.MustCompile(`\[\d+\]`).ReplaceAllString(v, "")
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return vs
}

// TestCatalogueComplete fails when an entry lacks its Chinese text, or
// when a text does not take the same values as its key.
func TestCatalogueComplete(t *testing.T) {
	for _, e := range Entries() {
		if e.Zh == "" {
			t.Errorf("%q has no Chinese text", e.Key)
			continue
		}
		if !slices.Equal(verbs(e.Key), verbs(e.Zh)) {
			t.Errorf("%q and its Chinese %q take different values", e.Key, e.Zh)
		}
		if e.One != "" && !slices.Equal(verbs(e.Key), verbs(e.One)) {
			t.Errorf("%q and its singular %q take different values", e.Key, e.One)
		}
	}
}

// TestChineseHasNoEnglish fails when a Chinese text still has an English
// word that is not a name, a value or a piece of a command line.
func TestChineseHasNoEnglish(t *testing.T) {
	for _, e := range Entries() {
		if words := EnglishWords(e.Zh); len(words) > 0 {
			t.Errorf("the Chinese text of %q has the English word %q: %q", e.Key, words[0], e.Zh)
		}
	}
}

func TestTable(t *testing.T) {
	zh := TableOf(Chinese)
	if zh.Lang != "zh" || zh.Text["error"] != "错误" {
		t.Errorf("zh table: %v %q", zh.Lang, zh.Text["error"])
	}
	en := TableOf(English)
	if en.One["%d solutions"] != "%d solution" || en.Text["%d solutions"] != "%d solutions" {
		t.Errorf("en plural forms: %q %q", en.One["%d solutions"], en.Text["%d solutions"])
	}
	if _, ok := zh.One["%d solutions"]; ok {
		t.Error("zh has a singular form")
	}
	if !strings.Contains(string(JSON(Chinese)), `"错误"`) {
		t.Error("JSON lacks a Chinese text")
	}
}

func TestTranslateParagraphsAndListings(t *testing.T) {
	zh := NewPrinter(Chinese)
	in := "error\n\ninterrupted\n  name    error"
	want := "错误\n\n已中断\n  name    错误"
	if got := zh.Translate(in); got != want {
		t.Errorf("Translate(%q) = %q, want %q", in, got, want)
	}
}

// TestGlueNeedsSentences checks that a key of punctuation alone does not
// repunctuate English it cannot translate.
func TestGlueNeedsSentences(t *testing.T) {
	zh := NewPrinter(Chinese)
	if got := zh.Translate("one picture: the board"); got != "one picture: the board" {
		t.Errorf("glue applied to English alone: %q", got)
	}
	if got := zh.Translate("fr: error"); got != "fr：错误" {
		t.Errorf("glue with a sentence to join: %q", got)
	}
}
