package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/queenslab/queens/internal/message"
)

// Exit codes, as every subcommand uses them.
const (
	exitOK          = 0
	exitNo          = 1   // a definite no: no solution, an invalid solution found
	exitUsage       = 2   // bad usage or bad input
	exitMismatch    = 4   // two counts of the same part of a count disagree
	exitInterrupted = 130 // SIGINT or SIGTERM: 128 + 2, as a shell reports SIGINT
	exitHangup      = 129 // SIGHUP: 128 + 1
)

// errHangup is the cause of a context ended by SIGHUP: the terminal or
// the connection of the session went away.
var errHangup = errors.New("hung up")

// streams are the standard streams a subcommand reads and writes.
type streams struct {
	in     io.Reader
	out    io.Writer
	errOut io.Writer
	// p writes what a person reads in the language of --lang or of the
	// locale; nil writes English.
	p *message.Printer
}

// run executes the command line args and returns the exit code. It is the
// whole program but for the wiring of signals, which main does.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	lang, langErr := chooseLang(args, os.Getenv)
	io := streams{in: stdin, out: stdout, errOut: stderr, p: message.NewPrinter(lang)}
	completing := len(args) > 0 && strings.HasPrefix(args[0], "__complete")
	if langErr != nil && !completing {
		// A shell that completes a line being typed may pass a --lang
		// not yet written: it completes in the locale's language.
		return report(io, langErr)
	}
	root := newRootCmd(io)
	if completing {
		plainFlagUsage(root)
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	if ee, ok := errors.AsType[*exitError](err); ok && ee.sizeHint && cmd != nil && cmd != root {
		ee.hint = fmt.Sprintf("try 'queens %s 8'", cmd.Name())
	}
	code := report(io, err)
	if code == exitInterrupted && errors.Is(context.Cause(ctx), errHangup) {
		code = exitHangup
	}
	return code
}

// plainFlagUsage drops the backquotes around the value names of the
// flags of the tree, which help takes them from: a completion shows the
// usage as it is written.
func plainFlagUsage(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		plain := func(f *pflag.Flag) { f.Usage = strings.ReplaceAll(f.Usage, "`", "") }
		c.LocalFlags().VisitAll(plain)
		c.PersistentFlags().VisitAll(plain)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// chooseLang returns the language of the command line's --lang, else that
// of the locale variables getenv reads. It looks at the arguments before
// the command tree is built, so that the help texts, too, are in that
// language; the flag itself is then parsed as any other.
func chooseLang(args []string, getenv func(string) string) (message.Lang, error) {
	for i, a := range args {
		if a == "--" {
			break
		}
		var v string
		switch {
		case a == "--lang" && i+1 < len(args):
			v = args[i+1]
		case strings.HasPrefix(a, "--lang="):
			v = strings.TrimPrefix(a, "--lang=")
		default:
			continue
		}
		l, err := message.Parse(v)
		if err != nil {
			return message.FromEnv(getenv), usageError(fmt.Errorf("--lang: %w", err), "try --lang zh or --lang en")
		}
		return l, nil
	}
	return message.FromEnv(getenv), nil
}

func newRootCmd(io streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "queens",
		Short: "Count, list, solve and verify N-queens solutions",
		Long: `queens places N queens on an N×N chess board so that no two attack each
other: it counts the solutions, lists them in many formats, finds one,
checks given ones, and shows how the classic backtracking algorithms work.`,
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
	}
	var lang string
	root.PersistentFlags().StringVar(&lang, "lang", "", "print what people read in the language `L`: en or zh (default from LC_ALL, LC_MESSAGES or LANG)")
	_ = root.RegisterFlagCompletionFunc("lang", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"en", "zh"}, cobra.ShellCompDirectiveNoFileComp
	})
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newCountCmd(io),
		newListCmd(io),
		newVerifyCmd(io),
		newServeCmd(io),
		newSolveCmd(io),
		newConvertCmd(io),
		newTraceCmd(io),
		newBenchCmd(io),
		newWorkerCmd(io),
		newMergeCmd(io),
		newVersionCmd(io),
		newManCmd(io),
		newClusterTopic(),
		newTutorialsTopic(),
	)
	root.Version = versionLine()
	root.SetVersionTemplate("{{.Version}}\n")
	// The completion scripts go to the writer set when the command is made.
	root.SetOut(io.out)
	root.SetErr(io.errOut)
	strictHelp(root)
	strictCompletion(root)
	translateHelp(root, io.p)
	return root
}

// translateHelp puts the help of every command and flag of the tree into
// the printer's language, and cobra's own headings with them.
func translateHelp(root *cobra.Command, p *message.Printer) {
	if p.Lang() == message.English {
		return
	}
	root.InitDefaultVersionFlag()
	usage := usageTemplateIn(p)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		c.Short = p.Translate(c.Short)
		c.Long = p.Translate(c.Long)
		c.Example = p.Translate(c.Example)
		translate := func(f *pflag.Flag) { f.Usage = p.Translate(f.Usage) }
		c.LocalFlags().VisitAll(translate)
		c.PersistentFlags().VisitAll(translate)
		c.SetUsageTemplate(usage)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

func init() {
	// defaultsZh writes the defaults that pflag appends to the help of a
	// flag, (default "x"), in Chinese brackets; only the Chinese usage
	// template uses it.
	cobra.AddTemplateFunc("defaultsZh", func(s string) string {
		return defaultNote.ReplaceAllString(s, "（默认 $1）")
	})
}

// defaultNote matches the note of a flag's default in pflag's help.
var defaultNote = regexp.MustCompile(`(?m)\(default (.*)\)$`)

// usageTemplateIn returns cobra's usage template, which help ends with,
// with its headings in the printer's language.
func usageTemplateIn(p *message.Printer) string {
	return `` + p.Text("Usage:") + `{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

` + p.Text("Aliases:") + `
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

` + p.Text("Examples:") + `
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

` + p.Text("Available Commands:") + `{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

` + p.Text("Flags:") + `
{{.LocalFlags.FlagUsages | trimTrailingWhitespaces | defaultsZh}}{{end}}{{if .HasAvailableInheritedFlags}}

` + p.Text("Global Flags:") + `
{{.InheritedFlags.FlagUsages | trimTrailingWhitespaces | defaultsZh}}{{end}}{{if .HasHelpSubCommands}}

` + p.Text("Additional help topics:") + `{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
  {{rpad .CommandPath .CommandPathPadding}} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableSubCommands}}

` + p.Sprintf("Use %q for more information about a command.", "{{.CommandPath}} [command] --help") + `{{end}}
`
}

// strictHelp makes 'queens help TOPIC' fail, with exit code 2, when there
// is no such command.
func strictHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	help, _, err := root.Find([]string{"help"})
	if err != nil || help == root {
		return
	}
	help.Run = nil
	help.RunE = func(c *cobra.Command, args []string) error {
		cmd, rest, err := root.Find(args)
		if err != nil || cmd == nil || len(rest) > 0 {
			return usageError(fmt.Errorf("no help topic %q", strings.Join(args, " ")), "see 'queens help' for the commands")
		}
		return cmd.Help()
	}
}

// strictCompletion makes 'queens completion SHELL' fail, with exit code 2,
// for a shell it does not know, and 'queens completion' alone.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	comp, _, err := root.Find([]string{"completion"})
	if err != nil || comp == root {
		return
	}
	var shells []string
	for _, c := range comp.Commands() {
		shells = append(shells, c.Name())
	}
	comp.Args = cobra.ArbitraryArgs
	comp.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError(errors.New("completion needs the name of a shell"), "try 'queens completion bash'; shells: "+strings.Join(shells, ", "))
		}
		return usageError(fmt.Errorf("no completion for the shell %q", args[0]), "shells: "+strings.Join(shells, ", "))
	}
}
