package message

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// machine are strings made by calls that look like sentences but are read
// by programs or are another library's words: names of files and keys,
// the version line, terminal controls, and the log of the NATS server.
var machine = map[string]bool{
	"n%d-*.manifest": true, ".s%d": true, "n%d-v%d-%s": true,
	"queens %s%s, %s %s/%s": true, ", revision %s": true,
	"nats server: %s": true, "json": true, "EventKind(%d)": true, "%dh%02dm%02ds": true,
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%": true,
}

// covered reports whether the catalogue translates the sentences that k
// makes: it has k, or the sentences k makes with the words its code puts
// in, or k wraps an error (%w) and has both the sentence around it and
// the one that goes on after it, as Translate puts them together.
func covered(k string) bool {
	if Has(k) || specialized(k) {
		return true
	}
	// The first %w after the start: a key that starts with one would
	// split into itself.
	i := strings.Index(k[min(1, len(k)):], "%w") + 1
	if i <= 0 || i+2 == len(k) {
		return false
	}
	return covered(k[:i+2]) && covered("%w"+k[i+2:])
}

// specialized reports whether the catalogue has the sentences that k
// makes with the words its code puts in it, such as "queens in rows %d and
// %d share a diagonal" for "queens in rows %d and %d share a %s".
func specialized(k string) bool {
	var b strings.Builder
	last := 0
	for _, loc := range verbRE.FindAllStringIndex(k, -1) {
		b.WriteString(regexp.QuoteMeta(k[last:loc[0]]))
		b.WriteString(`.+?`)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(k[last:]))
	re := regexp.MustCompile("^" + b.String() + "$")
	for key := range catalogue {
		if re.MatchString(key) {
			return true
		}
	}
	return false
}

// hasWord matches a word of three letters or more.
var hasWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// sentenceArg returns the argument of call that is a sentence for people,
// when call is one that takes one: the text of an error, a hint, a line
// written through a printer or a log.
func sentenceArg(call *ast.CallExpr) ast.Expr {
	var name string
	switch f := call.Fun.(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	switch name {
	case "Errorf", "New", "Sprintf", "Plural", "Text", "logf", "logger":
		if name == "New" {
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.X.(*ast.Ident).Name != "errors" {
				return nil
			}
		}
		return arg(0)
	case "say", "usageError":
		return arg(1)
	}
	return nil
}

// key returns the catalogue key that e makes: its string literals, with
// %s for each value joined to them, as Translate reads the result; false
// when e holds no literal.
func key(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		l, lok := key(e.X)
		r, rok := key(e.Y)
		if !lok && !rok {
			return "", false
		}
		if !lok {
			l = "%s"
		}
		if !rok {
			r = "%s"
		}
		return l + r, true
	case *ast.ParenExpr:
		return key(e.X)
	}
	return "", false
}

// TestSourcesTranslated fails when the command line or the cluster makes
// a sentence, in an error, a hint or a log line, that the catalogue does
// not have: a sentence added in English alone.
func TestSourcesTranslated(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range []string{"../../cmd/queens", "../cluster", "../..", "../checkpoint", "../shard", "../plan", "../instfile", "../outfile", "../filelock", "../progress"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no sources in %s: %v", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			hints := map[ast.Node]bool{} // the results of the functions that make hints
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok {
					for _, spec := range gd.Specs {
						if vs, ok := spec.(*ast.ValueSpec); ok {
							for i, name := range vs.Names {
								if strings.HasSuffix(name.Name, "Hint") && i < len(vs.Values) {
									hints[vs.Values[i]] = true
								}
							}
						}
					}
				}
				if fd, ok := d.(*ast.FuncDecl); ok && strings.HasSuffix(fd.Name.Name, "Hint") && fd.Body != nil {
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
							hints[r.Results[0]] = true
						}
						return true
					})
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				var e ast.Expr
				if x, ok := n.(ast.Expr); ok && hints[x] {
					e = x
				}
				switch n := n.(type) {
				case *ast.CallExpr:
					e = sentenceArg(n)
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "hint" {
						e = n.Value
					}
				}
				k, ok := key(e)
				// The command line prints the library's errors without
				// their "queens: ", and translates what follows.
				k = strings.TrimPrefix(k, "queens: ")
				if !ok || machine[k] || !hasWord.MatchString(verbRE.ReplaceAllString(k, "")) {
					return true // no words: values and their units alone
				}
				if !covered(k) {
					t.Errorf("%s: %q is not in the catalogue", fset.Position(e.Pos()), k)
				}
				return true
			})
		}
	}
}
