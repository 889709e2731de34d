package elasund

// The view-doc generator, in this test file so that the library stays one
// package, writes the doc comments of the View methods that only
// forward to the Game method of their name, so that the accessors Game and
// View share are documented once, on Game.
//
// A forwarder is a method of View (in view.go) whose body is the single
// statement
//
//	return v.g.Name(params...)
//
// where v is its receiver, Name its own name and params its own
// parameters, in order. Its doc comment is the doc comment of Game's
// method Name, as written, with two words changed for the reader of View:
// "zero Game" becomes "zero View" (the zero View holds the zero Game) and a
// receiver "g." becomes "v.". A forwarder whose meaning is not Game's (the
// view hides what Game's method would show) keeps the doc comment it has
// when that comment ends with the directive
//
//	//viewdoc:own
//
// which go doc does not show. Every other method is left alone.
//
// TestViewDocs fails when view.go differs from what it would write, and
// with -update rewrites view.go (go generate runs it so).

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// vdViewFile is the file of the package that holds View's forwarders.
const vdViewFile = "view.go"

// vdOwn is the directive that keeps a forwarder's own doc comment.
const vdOwn = "//viewdoc:own"

// vdResult is what vdGenerate found in a package.
type vdResult struct {
	Current []byte // view.go as it is
	Want    []byte // view.go with every forwarder's doc comment Game's

	// Forwarders names the forwarders whose doc comments are Game's, Own
	// the forwarders that keep their own, Stale the forwarders whose doc
	// comment differs from Game's (Current is not Want); each in the
	// order of view.go.
	Forwarders, vdOwn, Stale []string
}

// vdGenerate reads the Go package in dir (its non-test files) and returns
// its view.go as it is and as it should be.
func vdGenerate(dir string) (vdResult, error) {
	var res vdResult
	fset := token.NewFileSet()
	gameDocs, err := vdGameMethodDocs(fset, dir)
	if err != nil {
		return res, err
	}
	path := filepath.Join(dir, vdViewFile)
	src, err := os.ReadFile(path)
	if err != nil {
		return res, err
	}
	res.Current = src
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return res, err
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !vdIsForwarder(fd) {
			continue
		}
		name := fd.Name.Name
		if fd.Doc != nil && vdHasOwn(fd.Doc) {
			res.vdOwn = append(res.vdOwn, name)
			continue
		}
		lines, ok := gameDocs[name]
		if !ok {
			return res, fmt.Errorf("viewdoc: View.%s forwards to Game.%s, which has no doc comment", name, name)
		}
		text := vdComment(lines)
		start := fset.Position(fd.Pos()).Offset
		end := start
		if fd.Doc != nil {
			start = fset.Position(fd.Doc.Pos()).Offset
			end = fset.Position(fd.Doc.End()).Offset
			text = strings.TrimSuffix(text, "\n")
		}
		res.Forwarders = append(res.Forwarders, name)
		if string(src[start:end]) != text {
			res.Stale = append(res.Stale, name)
			edits = append(edits, edit{start, end, text})
		}
	}
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	want, err := format.Source(out.Bytes())
	if err != nil {
		return res, fmt.Errorf("viewdoc: the rewritten %s: %w", vdViewFile, err)
	}
	res.Want = want
	return res, nil
}

// vdGameMethodDocs returns the raw doc comment lines (each with its "//")
// of the methods of Game, by name, from the non-test Go files of dir.
func vdGameMethodDocs(fset *token.FileSet, dir string) (map[string][]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	docs := map[string][]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || vdReceiverType(fd) != "Game" {
				continue
			}
			var lines []string
			for _, c := range fd.Doc.List {
				if !vdIsDirective(c.Text) {
					lines = append(lines, c.Text)
				}
			}
			docs[fd.Name.Name] = lines
		}
	}
	if len(docs) == 0 {
		return nil, errors.New("viewdoc: no documented method of Game in " + dir)
	}
	return docs, nil
}

// vdReceiverType returns the name of the type of fd's receiver, without a
// star, or "" for a function.
func vdReceiverType(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// vdIsForwarder reports whether fd is a method of View whose body is
// "return v.g.Name(params...)", Name being its own name and params its
// parameters in order.
func vdIsForwarder(fd *ast.FuncDecl) bool {
	if vdReceiverType(fd) != "View" || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	recv := fd.Recv.List[0].Names[0].Name
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	call, ok := ret.Results[0].(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != fd.Name.Name {
		return false
	}
	field, ok := sel.X.(*ast.SelectorExpr)
	if !ok || field.Sel.Name != "g" {
		return false
	}
	if id, ok := field.X.(*ast.Ident); !ok || id.Name != recv {
		return false
	}
	var params []string
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			params = append(params, n.Name)
		}
	}
	var args []string
	for _, a := range call.Args {
		id, ok := a.(*ast.Ident)
		if !ok {
			return false
		}
		args = append(args, id.Name)
	}
	return slices.Equal(params, args)
}

// vdDirective matches a directive comment, which go doc does not show.
var vdDirective = regexp.MustCompile(`^//[a-z0-9]+:[a-z0-9]`)

// vdIsDirective reports whether the comment line c is a directive.
func vdIsDirective(c string) bool { return vdDirective.MatchString(c) }

// vdHasOwn reports whether the doc comment doc carries the directive vdOwn.
func vdHasOwn(doc *ast.CommentGroup) bool {
	for _, c := range doc.List {
		if strings.TrimSpace(c.Text) == vdOwn {
			return true
		}
	}
	return false
}

// vdReceiver matches the receiver g in a Game doc comment: "g." after
// anything but a letter, digit or underscore.
var vdReceiver = regexp.MustCompile(`(^|[^A-Za-z0-9_])g\.`)

// vdComment returns Game's doc comment lines as View's, a line each.
func vdComment(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		l = strings.ReplaceAll(l, "zero Game", "zero View")
		l = vdReceiver.ReplaceAllString(l, "${1}v.")
		b.WriteString(l + "\n")
	}
	return b.String()
}
