package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := runCLI(t.Context(), nil, args...)
		r.wantExit(t, exitOK)
		if !strings.HasPrefix(r.stdout, "queens ") || !strings.Contains(r.stdout, runtime.Version()) || r.stdout != versionLine()+"\n" || r.stderr != "" {
			t.Errorf("%s\nwant the version line %q", r, versionLine())
		}
	}
	runCLI(t.Context(), nil, "version", "extra").wantError(t, exitUsage, "unknown command")
}

func TestMan(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man1")
	r := runCLI(t.Context(), nil, "man", dir)
	r.wantExit(t, exitOK)
	root := newRootCmd(streams{})
	pages := []string{"queens.1"}
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			pages = append(pages, "queens-"+c.Name()+".1")
		}
	}
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Errorf("no page %s: %v", page, err)
			continue
		}
		text := string(data)
		if !strings.Contains(text, `.TH "QUEENS" "1"`) || !strings.Contains(text, ".SH SYNOPSIS") || strings.Contains(text, "Auto generated") {
			t.Errorf("%s is not a manual page of queens:\n%.300s", page, text)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "queens-count.1")); !strings.Contains(string(data), "checkpoint") {
		t.Error("the page of count lacks the text of its help")
	}
	runCLI(t.Context(), nil, "man").wantError(t, exitUsage, "man takes one directory")
}
