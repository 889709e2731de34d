package elasund

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxFuncLines is the most lines a function (or method) of the module may
// take, from its func keyword to its closing brace, unless it is a table:
// a body that is a single return of a composite literal.
const maxFuncLines = 80

// funcLenExceptions are the functions of the example packages, by file and
// name, known to be longer than maxFuncLines, with their length when they
// were listed. Each may not grow; once one is split, TestFunctionLengths
// asks for its entry to go, so that the list only shrinks. The root package
// has none.
var funcLenExceptions = map[string]int{}

// funcLen is a function of a source file and its length in lines.
type funcLen struct {
	name  string // as in funcLenExceptions: file, ":", receiver type and "." if a method, name
	lines int
}

// longFuncs returns the functions of the parsed file f, named as in file,
// that are longer than max lines and not tables.
func longFuncs(fset *token.FileSet, file string, f *ast.File, max int) []funcLen {
	var long []funcLen
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || isTable(fd.Body) {
			continue
		}
		n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
		if n > max {
			long = append(long, funcLen{file + ":" + funcName(fd), n})
		}
	}
	return long
}

// funcName returns a function's name, a method's prefixed with its
// receiver's type name and a dot.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// isTable reports whether a function body is a single return of a
// composite literal (or of its address).
func isTable(body *ast.BlockStmt) bool {
	if len(body.List) != 1 {
		return false
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	e := ret.Results[0]
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	_, ok = e.(*ast.CompositeLit)
	return ok
}

// moduleSources returns the non-test Go files of the module's packages:
// the root package and those under examples/, leaving out directories
// that are modules of their own (examples/web), testdata and hidden ones.
// The paths are relative to the module root, with slashes.
func moduleSources(t *testing.T) []string {
	t.Helper()
	var files []string
	root, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, root...)
	err = filepath.WalkDir("examples", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, filepath.ToSlash(f))
		}
	}
	return out
}

// TestFunctionLengths holds every function of the module's packages (the
// root package and the examples, but for examples/web, a module of its
// own) to maxFuncLines, but for tables and funcLenExceptions.
func TestFunctionLengths(t *testing.T) {
	files := moduleSources(t)
	inExamples := func(f string) bool { return strings.HasPrefix(f, "examples/") }
	if !slices.Contains(files, "validate.go") || !slices.ContainsFunc(files, inExamples) {
		t.Fatalf("the module's sources were not found: %v", files)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, fl := range longFuncs(fset, file, f, maxFuncLines) {
			was, known := funcLenExceptions[fl.name]
			switch {
			case !known:
				t.Errorf("%s is %d lines long; split it by meaning into functions of at most %d lines", fl.name, fl.lines, maxFuncLines)
			case fl.lines > was:
				t.Errorf("%s is %d lines long, longer than the %d lines of funcLenExceptions; split it rather", fl.name, fl.lines, was)
			}
			seen[fl.name] = true
		}
	}
	for name := range funcLenExceptions {
		if !seen[name] {
			t.Errorf("%s is no longer a function longer than %d lines: remove it from funcLenExceptions", name, maxFuncLines)
		}
	}
}

// TestLongFuncs checks the measure on sources made for it.
func TestLongFuncs(t *testing.T) {
	body := func(n int) string { return strings.Repeat("\t_ = 0\n", n) }
	tableRows := strings.Repeat("\t\t1,\n", 90)
	tests := []struct {
		name, src string
		want      []funcLen
	}{
		{"80 lines", "func f() {\n" + body(78) + "}\n", nil},
		{"81 lines", "func f() {\n" + body(79) + "}\n", []funcLen{{"x.go:f", 81}}},
		{"method", "type T int\nfunc (t *T) m() {\n" + body(80) + "}\n", []funcLen{{"x.go:T.m", 82}}},
		{"generic method", "type T[E any] []E\nfunc (t T[E]) m() {\n" + body(80) + "}\n", []funcLen{{"x.go:T.m", 82}}},
		{"table", "func f() []int {\n\treturn []int{\n" + tableRows + "\t}\n}\n", nil},
		{"table's address", "type T struct{ a []int }\nfunc f() *T {\n\treturn &T{a: []int{\n" + tableRows + "\t}}\n}\n", nil},
		{"more than a return", "func f() []int {\n\tx := 0\n\treturn []int{\n" + tableRows + "\tx}\n}\n",
			[]funcLen{{"x.go:f", 95}}},
		{"a return of a call", "func f() []int {\n\treturn append([]int{\n" + tableRows + "\t})\n}\n",
			[]funcLen{{"x.go:f", 94}}},
		{"two", "func f() {\n" + body(81) + "}\nfunc g() {}\nfunc h() {\n" + body(90) + "}\n",
			[]funcLen{{"x.go:f", 83}, {"x.go:h", 92}}},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package x\n"+tt.src, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := longFuncs(fset, "x.go", f, maxFuncLines); !slices.Equal(got, tt.want) {
			t.Errorf("%s: longFuncs = %v, want %v", tt.name, got, tt.want)
		}
	}
}
