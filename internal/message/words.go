package message

import (
	"regexp"
	"strings"
)

// names are the words that stay in Latin letters in Chinese text: names
// of programs, formats, protocols, units and symbols.
var names = map[string]bool{
	"queens": true, "N": true, "Q": true, "NATS": true, "JetStream": true,
	"JSON": true, "CSV": true, "FEN": true, "SVG": true, "CPU": true,
	"URL": true, "ID": true, "TLS": true, "SSE": true, "DIMACS": true,
	"CNF": true, "SAT": true, "CSPLib": true, "Essence": true, "Ctrl": true,
	"KiB": true, "MiB": true, "GiB": true, "TiB": true, "ms": true,
	"ns": true, "µs": true, "s": true, "min": true, "h": true, "x": true,
	"X": true, "Slurm": true, "Kubernetes": true, "Unicode": true,
	"Go": true, "C": true, "Java": true, "Knuth": true, "Burnside": true,
	"en": true, "zh": true, "UTF": true, "ETA": true, "AVX": true,
	"PATH": true, "bash": true, "zsh": true, "fish": true, "man": true,
	"dfs": true, "construct": true, "random": true, "sum": true, "diff": true,
	"board": true, "matrix": true, "cols": true, "sentences": true,
	"solution": true, "json": true, "csv": true, "fen": true, "svg": true,
	"permute": true, "scan": true, "rows": true, "flags": true,
	"bitboard": true, "join": true, "search": true, "HTTP": true,
	"LC_ALL": true, "LC_MESSAGES": true, "LANG": true, "NO_COLOR": true,
	"stdout": true, "stderr": true, "stdin": true, "GNU": true, "DLX": true,
	// Subcommands, values of flags and keywords of file formats.
	"count": true, "list": true, "solve": true, "verify": true, "trace": true,
	"bench": true, "serve": true, "worker": true, "merge": true,
	"convert": true, "completion": true, "version": true, "help": true,
	"cluster": true, "tutorials": true,
	"all": true, "auto": true, "always": true, "never": true, "host": true,
	"port": true, "pid": true, "essence": true, "diags": true, "dimacs": true,
	"numdiags": true, "letting": true, "init": true, "blocks": true,
	"param": true, "runs": true, "none": true, "undecided": true, "goroutine": true, "shell": true,
	"powershell": true, "Linux": true, "macOS": true, "Excluded": true,
	"Diagonals": true, "Indexed": true, "Job": true, "JWT": true, "kill": true,
	"chmod": true, "true": true, "false": true, "unicode": true, "Shift": true,
	"lp": true, "mps": true, "HiGHS": true, "q_R_C": true,
}

// isName reports whether w stays in Latin letters in Chinese text: a name
// of the list, a variable of one letter, or a placeholder or environment
// variable in capitals (FILE, DIR, QUEENS_NATS_TOKEN).
func isName(w string) bool {
	return names[w] || len(w) == 1 || strings.ToUpper(w) == w
}

// code matches what Chinese text quotes as it is: quoted values, flags
// with their value, command lines, and chess squares or diagonals.
var code = regexp.MustCompile("'[^']*'|\"[^\"]*\"|`[^`]*`|%(?:\\[\\d+\\])?[-+# 0]*\\d*(?:\\.\\d+)?[a-zA-Z]|--?[a-zA-Z][a-zA-Z0-9-]*(?:[ =][a-z0-9][a-z0-9:,._/-]*)?|\\b[a-z]\\d+\\b|https?://\\S+|\\bnats://\\S+")

var latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z_]*`)

// EnglishWords returns the English words left in a Chinese text: the
// words in Latin letters that are not names, values or pieces of command
// lines. A complete translation has none.
func EnglishWords(s string) []string {
	var out []string
	for _, w := range latinWord.FindAllString(code.ReplaceAllString(s, " "), -1) {
		if !isName(w) {
			out = append(out, w)
		}
	}
	return out
}
