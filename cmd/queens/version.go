package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// versionLine says which build of queens this is: the module version, the
// revision and time of the commit it was built from where the build
// recorded them, and the Go release.
func versionLine() string {
	version, vcs := "(devel)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		var rev, when, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = ", modified"
				}
			}
		}
		if rev != "" {
			vcs = fmt.Sprintf(", revision %s", rev[:min(len(rev), 12)])
			if when != "" || modified != "" {
				vcs += " (" + strings.TrimPrefix(when+modified, ", ") + ")"
			}
		}
	}
	return fmt.Sprintf("queens %s%s, %s %s/%s", version, vcs, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func newVersionCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of queens",
		Long: `Print the version of queens: the module version, the revision of the
source it was built from (when the build recorded it), and the Go release
and platform. 'queens --version' prints the same.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(io.out, versionLine())
			return err
		},
	}
}

func newManCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write the manual pages of queens and its subcommands to DIR",
		Long: `Write a manual page in section 1 for queens and for each of its
subcommands to DIR, which is created if need be: queens.1,
queens-count.1 and so on, made from the same text as the help.`,
		Example: `  queens man /usr/local/share/man/man1
  queens man man1 && man ./man1/queens-count.1`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError(fmt.Errorf("man takes one directory, got %d arguments", len(args)), "try 'queens man man1'")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usageError(fmt.Errorf("cannot create %s: %w", dir, errors.Unwrap(err)), "give a directory that can be written")
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true
			source, _, _ := strings.Cut(versionLine(), ",")
			header := &doc.GenManHeader{Title: "QUEENS", Section: "1", Source: source, Manual: "queens manual"}
			if err := doc.GenManTree(root, header, dir); err != nil {
				return usageError(fmt.Errorf("cannot write the manual pages: %w", err), "")
			}
			io.say("", "manual pages written to %s", dir)
			return nil
		},
	}
}
