package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocExamples runs every "$ queens …" example of README.md,
// README.zh-CN.md, CONTRIBUTING.md and docs/**/*.md and compares its
// output with the one the page shows, so that the pages cannot drift from
// the program. docexamples_test.go describes the format of the examples.
func TestDocExamples(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pages := docPages(t, root)
	if len(pages) == 0 {
		t.Fatal("no Markdown page found at the root of the repository")
	}
	docEnv(t)
	for _, page := range pages {
		checkDocPage(t, root, page, filepath.Join(root, "docs"), func(t *testing.T, r docResult) {
			if r.msg != "" {
				t.Error(r.msg)
			}
		})
	}
}

// docPages returns the pages whose examples are tested, relative to root:
// those of them that exist.
func docPages(t *testing.T, root string) []string {
	var pages []string
	for _, name := range []string{"README.md", "README.zh-CN.md", "CONTRIBUTING.md"} {
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			pages = append(pages, name)
		}
	}
	var docs []string
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	slices.Sort(docs)
	return append(pages, docs...)
}

// docEnv makes the examples speak English whatever the locale of the
// machine (a --lang in an example still wins) and take no shard from a
// batch system's variables.
func docEnv(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
		t.Setenv(v, "")
	}
}

// docResult is the outcome of one example, or one break of the format,
// of a page.
type docResult struct {
	name string // file:line
	line string // the text of that line
	msg  string // what is wrong, "" if nothing
}

// checkDocPage runs the examples of the page at root/page, one subtest of
// t each, named file:line, and passes each outcome to report; breaks of
// the format are reported as subtests too.
//
// Every block runs in a fresh temporary directory holding a link "docs"
// to docsDir. The command line resolves relative paths against the
// working directory of the process, as a shell user expects, so a
// subtest enters its block's directory with t.Chdir; that is why the
// examples run one after the other, not in parallel.
func checkDocPage(t *testing.T, root, page, docsDir string, report func(*testing.T, docResult)) {
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	blocks, problems := parseDoc(string(data))
	// The subtests go in the order of the page's lines.
	type item struct {
		line int
		run  func(t *testing.T, name string)
	}
	var items []item
	for _, p := range problems {
		items = append(items, item{p.line, func(t *testing.T, name string) {
			report(t, docResult{name, lines[p.line-1], name + ": " + p.msg})
		}})
	}
	for _, b := range blocks {
		dir := t.TempDir()
		if err := os.Symlink(docsDir, filepath.Join(dir, "docs")); err != nil {
			t.Fatal(err)
		}
		for _, c := range b.commands {
			items = append(items, item{c.line, func(t *testing.T, name string) {
				t.Chdir(dir)
				report(t, docResult{name, lines[c.line-1], checkCommand(t.Context(), name, c)})
			}})
		}
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.line - b.line })
	for _, it := range items {
		name := fmt.Sprintf("%s:%d", page, it.line)
		t.Run(name, func(t *testing.T) { it.run(t, name) })
	}
}

// TestDocExamplesHarness runs the harness on pages made for it: the
// examples of pass.md must pass, with the machine's locale Chinese, and
// every example and break of the format in fail.md must be reported, with
// its place and its reason.
func TestDocExamplesHarness(t *testing.T) {
	t.Setenv("LANG", "zh_CN.UTF-8")
	docEnv(t)
	root, err := filepath.Abs(filepath.Join("testdata", "docs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("pass", func(t *testing.T) {
		n := 0
		checkDocPage(t, root, "pass.md", filepath.Join(root), func(t *testing.T, r docResult) {
			n++
			if r.msg != "" {
				t.Error(r.msg)
			}
		})
		if n != 10 {
			t.Errorf("pass.md: %d examples run, want 10", n)
		}
	})
	// The reasons of the failures, by the text of the line reported; ""
	// for an example that passes.
	want := map[string][]string{
		"$ queens list 4 -o four.txt":    {""},
		"$ queens verify four.txt":       {"fail.md:13: $ queens verify four.txt\n", "exit status 2, the page says 0", "+ queens: error:", "- 2 solutions checked, all valid"},
		"$ queens count 8":               {"fail.md:18:", "- N=8: 93 solutions, 12 unique\n+ N=8: 92 solutions, 12 unique\n  nodes: 561\n  time: "},
		"$ queens count 6":               {"fail.md:22:", "- nodes: 67\n+ nodes: 66\n"},
		"$ queens count 7":               {"fail.md:26:", "  nodes: 176\n+ time: "},
		"$ queens count abc":             {"fail.md:29:", "exit status 2, the page says 0"},
		"$ queens list 6 --format cols":  {"fail.md:32:", "  2 4 6 1 3 5\n  ...\n~ 3 6 2 5 1 4\n~ 4 1 5 2 6 3\n~ 5 3 1 6 4 2\n- 5 3 1 6 4 3\n"},
		"$ queens count 5 > out.txt":     {"fail.md:36:", "'>':", "not supported"},
		"$ cat out.txt":                  {"fail.md:37:", `the program "cat"`},
		"$ queens count 4 # exit code 0": {"fail.md:38:", `is not "# exit N"`},
		"```console":                     {"fail.md:41:", "without a \"$ \" command"},
		"$ queens count 9":               {"fail.md:46:", `info string is "sh"`},
		"$ queens count 10":              {"fail.md:50:", `info string is ""`},
	}
	var got []docResult
	t.Run("fail", func(t *testing.T) {
		checkDocPage(t, root, "fail.md", root, func(_ *testing.T, r docResult) {
			got = append(got, r)
		})
	})
	seen := map[string]bool{}
	for _, r := range got {
		key := strings.TrimSpace(r.line)
		seen[key] = true
		w, ok := want[key]
		switch {
		case !ok:
			t.Errorf("%s: %q is not in the table of the test:\n%s", r.name, key, r.msg)
		case w[0] == "" && r.msg != "":
			t.Errorf("%s: want no failure, got\n%s", r.name, r.msg)
		case w[0] != "" && r.msg == "":
			t.Errorf("%s: %s passed; it must fail", r.name, key)
		default:
			for _, s := range w {
				if !strings.Contains(r.msg, s) {
					t.Errorf("%s: the report does not contain %q:\n%s", r.name, s, r.msg)
				}
			}
		}
	}
	for key := range want {
		if !seen[key] {
			t.Errorf("fail.md: %q was not reported", key)
		}
	}
}
