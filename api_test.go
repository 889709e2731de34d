package elasund

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// apiPackages are the packages whose exported API is held in
// testdata/api: the library and the example packages others import.
var apiPackages = []struct{ dir, file string }{
	{".", "elasund.txt"},
	{"examples/bots", "bots.txt"},
	{"examples/arena/tourney", "tourney.txt"},
}

// TestAPI fails when the exported API of a held package changes without
// its file in testdata/api changing too, so that every API change is a
// visible diff in review. After a deliberate change, run
//
//	go test -run TestAPI -update .
//
// and commit the new files with the change.
func TestAPI(t *testing.T) {
	for _, p := range apiPackages {
		got, err := exportedAPI(p.dir)
		if err != nil {
			t.Fatalf("%s: %v", p.dir, err)
		}
		path := filepath.Join("testdata", "api", p.file)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run TestAPI -update . to write it)", err)
		}
		if got != string(want) {
			t.Errorf("the exported API of %s is not %s:\n%s\nIf the change is meant, run go test -run TestAPI -update . and commit the file.",
				p.dir, path, setDiff(string(want), got))
		}
	}
}

// exportedAPI lists the exported declarations of the package in dir, one
// a line, sorted: funcs and methods with their signatures, types with
// their exported fields or methods, constants and variables with their
// types.
func exportedAPI(dir string) (string, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, "example.com/"+filepath.Base(dir))
	if err != nil {
		return "", err
	}
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	src := func(n any) string {
		var b bytes.Buffer
		_ = printer.Fprint(&b, fset, n)
		return strings.Join(strings.Fields(b.String()), " ")
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				for _, n := range vs.Names {
					if !n.IsExported() {
						continue
					}
					typ := ""
					if vs.Type != nil {
						typ = " " + src(vs.Type)
					}
					add("%s %s%s", v.Decl.Tok, n.Name, typ)
				}
			}
		}
	}
	fn := func(f *doc.Func) {
		f.Decl.Doc, f.Decl.Body = nil, nil
		add("%s", src(f.Decl))
	}
	values(pkg.Consts)
	values(pkg.Vars)
	for _, f := range pkg.Funcs {
		fn(f)
	}
	for _, typ := range pkg.Types {
		spec := typ.Decl.Specs[0].(*ast.TypeSpec)
		switch st := spec.Type.(type) {
		case *ast.StructType:
			add("type %s struct", spec.Name.Name)
			for _, field := range st.Fields.List {
				for _, n := range field.Names {
					add("type %s struct, %s %s", spec.Name.Name, n.Name, src(field.Type))
				}
				if len(field.Names) == 0 {
					add("type %s struct, embedded %s", spec.Name.Name, src(field.Type))
				}
			}
		case *ast.InterfaceType:
			add("type %s interface", spec.Name.Name)
			for _, m := range st.Methods.List {
				for _, n := range m.Names {
					add("type %s interface, %s%s", spec.Name.Name, n.Name, strings.TrimPrefix(src(m.Type), "func"))
				}
			}
		default:
			add("type %s %s", spec.Name.Name, src(spec.Type))
		}
		values(typ.Consts)
		values(typ.Vars)
		for _, f := range typ.Funcs {
			fn(f)
		}
		for _, m := range typ.Methods {
			fn(m)
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n") + "\n", nil
}

// setDiff lists the lines only in want (-) and only in got (+).
func setDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}
