package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/queenslab/queens/internal/message"
)

// untranslated returns the English words left in a text of the help in
// Chinese; the indented lines of command lines are code, not words.
func untranslated(s string) []string {
	var words []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(strings.TrimSpace(line), "queens ") {
			continue
		}
		words = append(words, message.EnglishWords(line)...)
	}
	return words
}

// TestHelpInChinese fails when a command or flag of the tree has help the
// catalogue does not translate.
func TestHelpInChinese(t *testing.T) {
	root := newRootCmd(streams{p: message.NewPrinter(message.Chinese)})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for what, text := range map[string]string{"short": c.Short, "long": c.Long} {
			if w := untranslated(text); len(w) > 0 {
				t.Errorf("%s: the %s help has the English words %q:\n%s", c.CommandPath(), what, w, text)
			}
		}
		check := func(f *pflag.Flag) {
			if w := untranslated(f.Usage); len(w) > 0 {
				t.Errorf("%s --%s: the help has the English words %q: %s", c.CommandPath(), f.Name, w, f.Usage)
			}
		}
		c.LocalFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// TestLanguageChoice runs commands as a user would, choosing the language
// by flag and by locale.
func TestLanguageChoice(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		env      string
		code     int
		out, err string
	}{
		{"count in Chinese by LANG", []string{"count", "8"}, "zh_CN.UTF-8", 0, "N=8：共 92 个解，其中 12 个本质不同", ""},
		{"count in English", []string{"count", "8"}, "en_US.UTF-8", 0, "N=8: 92 solutions, 12 unique", ""},
		{"flag over LANG", []string{"count", "8", "--lang", "en"}, "zh_CN.UTF-8", 0, "N=8: 92 solutions", ""},
		{"zh flag", []string{"--lang=zh", "count", "1"}, "C", 0, "N=1：共 1 个解", ""},
		{"one solution", []string{"count", "1"}, "C", 0, "N=1: 1 solution, 1 unique", ""},
		{"Chinese error", []string{"count", "abc", "--lang", "zh"}, "", 2, "", "queens: 错误：N 必须是 1 到 32 之间的整数，而不是 \"abc\""},
		{"Chinese hint", []string{"count", "abc", "--lang", "zh"}, "", 2, "", "queens: 提示：试试 'queens count 8'"},
		{"unknown language", []string{"count", "8", "--lang", "fr"}, "", 2, "", `unknown language "fr"`},
		{"help in Chinese", []string{"count", "--help"}, "zh_TW.UTF-8", 0, "统计 N×N 棋盘的解", ""},
		{"usage headings", []string{"count", "--help"}, "zh", 0, "用法：", ""},
		{"machine format unchanged", []string{"list", "4", "--format", "cols", "--lang", "zh"}, "", 0, "2 4 1 3\n3 1 4 2\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("LC_ALL", "")
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", c.env)
			var out, errOut bytes.Buffer
			code := run(context.Background(), c.args, strings.NewReader(""), &out, &errOut)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, c.code, errOut.String())
			}
			if !strings.Contains(out.String(), c.out) {
				t.Errorf("stdout %q lacks %q", out.String(), c.out)
			}
			if !strings.Contains(errOut.String(), c.err) {
				t.Errorf("stderr %q lacks %q", errOut.String(), c.err)
			}
		})
	}
}
