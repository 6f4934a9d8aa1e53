package queens

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// internalName matches a name of one of the module's internal packages,
// as a qualifier ("plan.Plan") or in a doc link ("[plan.Sampler]").
var internalName = regexp.MustCompile(`\b(plan|join|memory|checkpoint|variant|format|message|cluster|shard|progress|eta|anim|web|outfile|filelock|instfile|testenv)\.[A-Z]\w*`)

// TestExportedDocs checks the package as 'go doc -all' shows it: no doc
// comment or exported declaration names an internal package, which a
// user of the library cannot import; and the package overview names
// every entry point.
func TestExportedDocs(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/queenslab/queens")
	if err != nil {
		t.Fatal(err)
	}
	check := func(what, text string) {
		if m := internalName.FindString(text); m != "" {
			t.Errorf("%s names the internal %s:\n%s", what, m, text)
		}
	}
	decl := func(node any) string {
		var b strings.Builder
		printer.Fprint(&b, fset, node)
		return b.String()
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			check(strings.Join(v.Names, ", "), v.Doc+"\n"+exportedOnly(decl(v.Decl)))
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			check(f.Name, f.Doc+"\n"+decl(f.Decl.Type))
		}
	}
	check("the package overview", p.Doc)
	values(p.Consts)
	values(p.Vars)
	funcs(p.Funcs)
	for _, typ := range p.Types {
		if !ast.IsExported(typ.Name) {
			continue
		}
		check(typ.Name, typ.Doc+"\n"+exportedOnly(decl(typ.Decl)))
		values(typ.Consts)
		values(typ.Vars)
		funcs(typ.Funcs)
		funcs(typ.Methods)
	}
	for _, entry := range []string{"[Count]", "[Solutions]", "[Complete]", "[Instance]", "[Instance.Solve]", "[Instance.Count]",
		"[OpenCheckpoint]", "[Checkpoint]", "[EstimateCount]", "[Algorithms]", "[Construct]", "[Random]", "[PlanOf]"} {
		if !strings.Contains(p.Doc, entry) {
			t.Errorf("the package overview does not name %s", entry)
		}
	}
	if _, err := os.Stat("doc.go"); err != nil {
		t.Errorf("the package overview lives in doc.go: %v", err)
	}
}

// exportedOnly drops the lines of a declaration that declare or comment
// unexported fields, which go doc leaves out too.
func exportedOnly(src string) string {
	var kept []string
	for _, line := range strings.Split(src, "\n") {
		field := strings.TrimSpace(line)
		if field != "" && !strings.HasPrefix(field, "//") && !ast.IsExported(strings.Fields(field)[0]) && strings.Contains(field, " ") && !strings.ContainsAny(field[:1], "({}") {
			continue
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}
