package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/queenslab/queens/internal/message"
)

// mdLink matches an inline Markdown link or image: the text and the
// target, up to a title or the closing parenthesis.
var mdLink = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// TestDocLinks checks that every relative link of the Markdown pages of
// the repository leads to a file or folder that exists, and that a link
// to a heading (page.md#heading) names a heading of that page.
func TestDocLinks(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pages := markdownFiles(t, root)
	if len(pages) < 5 {
		t.Fatalf("found %d Markdown pages, want the READMEs and docs/", len(pages))
	}
	anchors := map[string]map[string]bool{} // by page, the anchors of its headings
	headings := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		data, err := os.ReadFile(page)
		if err != nil {
			return nil
		}
		anchors[page] = headingAnchors(string(data))
		return anchors[page]
	}
	links := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for _, line := range outsideCode(string(data)) {
			for _, m := range mdLink.FindAllStringSubmatch(line.text, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				path, anchor, _ := strings.Cut(target, "#")
				file := page
				if path != "" {
					file = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
				}
				info, err := os.Stat(file)
				switch {
				case err != nil:
					t.Errorf("%s:%d: the link %q leads nowhere", rel, line.number, target)
				case anchor != "" && !info.IsDir() && strings.HasSuffix(file, ".md") && !headings(file)[anchor]:
					t.Errorf("%s:%d: the link %q names no heading of %s", rel, line.number, target, filepath.Base(file))
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found %d relative links, want the links between the pages", links)
	}
}

// markdownFiles returns the Markdown files under root, outside testdata
// and hidden folders.
func markdownFiles(t *testing.T, root string) []string {
	var pages []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// numberedLine is a line of a page and its number from 1: as written, and
// with its code spans blanked out.
type numberedLine struct {
	number    int
	raw, text string
}

// outsideCode returns the lines of a Markdown page outside fenced code
// blocks, with inline code spans blanked out.
func outsideCode(page string) []numberedLine {
	var lines []numberedLine
	fence := ""
	for i, l := range strings.Split(page, "\n") {
		trimmed := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		lines = append(lines, numberedLine{i + 1, l, codeSpan.ReplaceAllString(l, "``")})
	}
	return lines
}

var codeSpan = regexp.MustCompile("`[^`]*`")

// headingAnchors returns the anchors GitHub gives the headings of a page:
// lower case, punctuation dropped, spaces as hyphens, and -1, -2 … after
// a repeated one.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, l := range outsideCode(page) {
		text, ok := strings.CutPrefix(strings.TrimLeft(l.raw, "#"), " ")
		if !ok || !strings.HasPrefix(l.raw, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(text)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if k := seen[a]; k > 0 {
			anchors[a+"-"+strconv.Itoa(k)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// helpRef matches the help a text sends the reader to: 'queens help X' or
// 'queens X --help'.
var helpRef = regexp.MustCompile(`queens help ([a-z][a-z-]*)|queens ([a-z][a-z-]*) --help`)

// TestHelpNamesExist checks that every 'queens help X' and 'queens X
// --help' that a help text (in each language) or a Markdown page names
// is a command or a help topic.
func TestHelpNamesExist(t *testing.T) {
	root := newRootCmd(streams{})
	exists := func(name string) bool {
		c, _, err := root.Find([]string{name})
		return err == nil && c != root
	}
	check := func(where, text string) int {
		refs := 0
		for _, m := range helpRef.FindAllStringSubmatch(text, -1) {
			name := m[1] + m[2]
			refs++
			if !exists(name) {
				t.Errorf("%s names %q, which is no command or help topic of queens", where, m[0])
			}
		}
		return refs
	}
	refs := 0
	for _, l := range message.Langs {
		var walk func(c *cobra.Command)
		walk = func(c *cobra.Command) {
			where := c.CommandPath() + " --help --lang " + l.String()
			refs += check(where, c.Short+"\n"+c.Long+"\n"+c.Example)
			c.Flags().VisitAll(func(f *pflag.Flag) { refs += check(where+" (--"+f.Name+")", f.Usage) })
			for _, sub := range c.Commands() {
				walk(sub)
			}
		}
		walk(newRootCmd(streams{p: message.NewPrinter(l)}))
	}
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range markdownFiles(t, dir) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, page)
		refs += check(rel, string(data))
	}
	if refs == 0 {
		t.Error("no help text or page names 'queens help X': the check would miss a broken one")
	}
}
