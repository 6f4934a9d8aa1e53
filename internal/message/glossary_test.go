package message

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGlossary fails when a Chinese text of the catalogue or the Chinese
// README uses a word the glossary avoids, in place of its one term.
func TestGlossary(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.zh-CN.md"))
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"README.zh-CN.md": string(readme)}
	for _, e := range Entries() {
		texts["the Chinese of "+strings.ReplaceAll(e.Key, "\n", " ")] = e.Zh
	}
	for _, g := range glossary {
		for where, text := range texts {
			for _, bad := range g.avoid {
				if strings.Contains(text, bad) {
					t.Errorf("%s says %q where the glossary's term for %q is %q", where, bad, g.English, g.Chinese)
				}
			}
		}
		used := false
		for _, text := range texts {
			used = used || strings.Contains(text, g.Chinese)
		}
		if !used {
			t.Errorf("the glossary's term %q for %q is used nowhere", g.Chinese, g.English)
		}
	}
}

// zhLink matches a Markdown link of README.zh-CN.md to another page of
// the repository, and what follows it.
var zhLink = regexp.MustCompile(`\]\(((?:docs/|CONTRIBUTING)[^)#]*\.md)[^)]*\)(.?)`)

// TestChineseReadmeMarksEnglish fails when README.zh-CN.md links an
// English page without saying so: by （英文… after the link, or in the
// list that says all its pages are English.
func TestChineseReadmeMarksEnglish(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.zh-CN.md"))
	if err != nil {
		t.Fatal(err)
	}
	const englishList = "下面的页面都是英文的。"
	text := string(data)
	body, list, ok := strings.Cut(text, englishList)
	if !ok {
		t.Fatalf("README.zh-CN.md has no list of English pages introduced by %q", englishList)
	}
	links := 0
	for _, line := range strings.Split(body, "\n") {
		for _, m := range zhLink.FindAllStringSubmatchIndex(line, -1) {
			links++
			if !strings.HasPrefix(line[m[1]-len(line[m[4]:m[5]]):], "（英文") {
				t.Errorf("README.zh-CN.md links %s without （英文）: %s", line[m[2]:m[3]], line)
			}
		}
	}
	if links == 0 || len(zhLink.FindAllString(list, -1)) == 0 {
		t.Errorf("README.zh-CN.md: %d links to English pages in the text, %d in the list", links, len(zhLink.FindAllString(list, -1)))
	}
}
