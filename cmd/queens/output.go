package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens"
	"github.com/queenslab/queens/internal/format"
	"github.com/queenslab/queens/internal/message"
	"github.com/queenslab/queens/internal/outfile"
)

// createOutput starts writing the result file of the -o flag of cmd, or
// standard output when the flag is absent or "-". The errors are usage
// errors with a hint.
func createOutput(cmd *cobra.Command, path string, stdout io.Writer) (*outfile.File, error) {
	if path == "" && cmd.Flags().Changed("output") {
		return nil, usageError(errors.New("-o needs a file name"), "leave -o out, or give -o -, to write to standard output")
	}
	out, err := outfile.CreateContext(cmd.Context(), path, stdout)
	switch {
	case out == nil && cmd.Context().Err() != nil:
		return nil, cmd.Context().Err()
	case errors.Is(err, outfile.ErrReadOnly):
		return nil, usageError(err, "give another -o file, or make this one writable (chmod u+w) to replace it")
	case err != nil:
		return nil, usageError(err, fileHint(err, "-o needs the path of a file in a writable directory"))
	}
	return out, nil
}

// commitOutput puts the result file in place, or flushes standard
// output.
func commitOutput(out *outfile.File) error {
	if err := out.Commit(); err != nil {
		return usageError(err, commitHint(out, err, "queens writes -o to a temporary file and renames it: the directory must let this user replace the file"))
	}
	return nil
}

// fileHint returns the hint for an error of creating or writing a file,
// chosen by its cause: a full disk or a read-only file system has its
// own; any other cause gets otherwise.
func fileHint(err error, otherwise string) string {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "the disk is full: free some space, or write to another disk"
	case errors.Is(err, syscall.EROFS):
		return "the file system is read-only: write to another one"
	}
	return otherwise
}

// commitHint returns the hint for an error of putting the result file
// out in place: rename is the hint of a file whose rename failed. A full
// disk has its own, and standard output no other.
func commitHint(out *outfile.File, err error, rename string) string {
	if out.Renames() {
		return fileHint(err, rename)
	}
	return fileHint(err, "")
}

// formatHelp lists the formats with their descriptions, for help texts.
func formatHelp() string {
	var b strings.Builder
	for _, name := range format.Names() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.Describe(name))
	}
	return b.String()
}

// completions returns a completion function of the names, each with its
// description in the language of p.
func completions(p *message.Printer, names []string, describe func(string) string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, name := range names {
			out = append(out, name+"\t"+p.Translate(describe(name)))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFormats completes the value of a --format flag.
func completeFormats(p *message.Printer) cobra.CompletionFunc {
	return completions(p, format.Names(), format.Describe)
}

// glyphsHelp lists the glyphs of the board format, for help texts.
func glyphsHelp() string {
	var b strings.Builder
	for _, name := range format.GlyphNames() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.DescribeGlyphs(name))
	}
	return b.String()
}

// completeGlyphs completes the value of a --glyphs flag.
func completeGlyphs(p *message.Printer) cobra.CompletionFunc {
	return completions(p, format.GlyphNames(), format.DescribeGlyphs)
}

// stylesHelp lists the styles of the tutorials' programs, for help texts.
func stylesHelp() string {
	var b strings.Builder
	for _, name := range format.StyleNames() {
		fmt.Fprintf(&b, "  %-10s %s\n", name, format.DescribeStyle(name))
	}
	return b.String()
}

// checkGlyphs returns a usage error for glyphs that are unknown, or given
// with a format other than board.
func checkGlyphs(name, glyphs string, given bool) error {
	if format.DescribeGlyphs(glyphs) == "" {
		return usageError(fmt.Errorf("unknown glyphs %q", glyphs), "glyphs: "+strings.Join(format.GlyphNames(), ", "))
	}
	if given && name != "board" && slices.Contains(format.Names(), name) {
		return usageError(fmt.Errorf("--glyphs applies to the board format, not to %s", name), "try --format board --glyphs "+glyphs)
	}
	return nil
}

// writeResult writes through write to the file path names, or to standard
// output for "" and "-". A file appears only when write succeeds: on an
// error, or an interrupt (ctx ends), the file stays as it was.
func writeResult(ctx context.Context, std streams, path string, write func(io.Writer) error) error {
	out, err := outfile.CreateContext(ctx, path, std.out)
	if ctxErr := ctx.Err(); ctxErr != nil && out == nil {
		return ctxErr
	}
	if err != nil {
		return usageError(err, fileHint(err, "check that the directory exists and is writable"))
	}
	defer out.Abort()
	if err := write(out); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return usageError(err, commitHint(out, err, "check that the directory exists and is writable"))
	}
	return nil
}

// ctxWriter is a writer that fails with ctx.Err() once ctx is done, so
// that Ctrl-C stops a long output (and its file is not kept).
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// drawsBoard reports whether the format draws every square of the board,
// N² characters or more, and so cannot serve large N.
func drawsBoard(name string) bool {
	return name == "board" || name == "matrix" || name == "svg"
}

// checkFormat returns a usage error unless the format can print a
// solution of the n×n board.
func checkFormat(name string, n int) error {
	if _, err := format.New(name, io.Discard, format.Options{N: n}); err != nil {
		hint := "formats: " + strings.Join(format.Names(), ", ")
		if errors.Is(err, queens.ErrSize) {
			hint = "use another --format, such as cols"
		}
		return usageError(err, hint)
	}
	if drawsBoard(name) && n > maxDrawN {
		return usageError(fmt.Errorf("--format %s draws all N² squares: it works up to N = %d, got %d", name, maxDrawN, n), "use --format cols")
	}
	return nil
}

// writeSolution writes s as solution 1 in the format with the options.
// The writers stream: even the cols line of ten million queens goes out
// in chunks.
func writeSolution(w io.Writer, name string, opts format.Options, s queens.Solution) error {
	fw, err := format.New(name, w, opts)
	if err != nil {
		return usageError(err, "")
	}
	if err := fw.Write(1, s); err != nil {
		return err
	}
	return fw.Close()
}
