package elasund

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"os"
)

// TestViewDocs: the doc comment of every View method that only forwards
// to Game's method of its name is Game's, as vdGenerate writes it (with
// -update, which go generate passes, it rewrites view.go), so that the accessors the two share are
// documented once and cannot drift; ChurchChoice, whose view hides the
// drawn tiles from all but their drawer, and Phase, which a table's view
// may stop, keep their own.
func TestViewDocs(t *testing.T) {
	res, err := vdGenerate(".")
	if err != nil {
		t.Fatal(err)
	}
	if *update && string(res.Current) != string(res.Want) {
		if err := os.WriteFile(vdViewFile, res.Want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the doc comments of View.%s", strings.Join(res.Stale, ", View."))
	} else if len(res.Stale) > 0 || string(res.Current) != string(res.Want) {
		t.Errorf("the doc comments of View.%s are not Game's: run go generate", strings.Join(res.Stale, ", View."))
	}
	// The generator finds the forwarders (49 when it was written), and
	// what it keeps is what this test expects.
	if len(res.Forwarders) < 45 {
		t.Errorf("the generator finds %d forwarders: %q", len(res.Forwarders), res.Forwarders)
	}
	if !slices.Contains(res.vdOwn, "ChurchChoice") {
		t.Errorf("the forwarders with their own doc are %q; want ChurchChoice among them", res.vdOwn)
	}
	for _, name := range []string{"Gold", "At", "Turn", "Config", "CubesInRow"} {
		if !slices.Contains(res.Forwarders, name) {
			t.Errorf("View.%s is not found to forward to Game.%s", name, name)
		}
	}
}

// TestViewDocAt: View.At's doc says, as Game.At's, what an empty square
// gives (it once did not), read without the generator.
func TestViewDocAt(t *testing.T) {
	docs := map[string]string{}
	fset := token.NewFileSet()
	for _, file := range []string{"view.go", "building.go"} {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "At" && fd.Recv != nil && fd.Doc != nil {
				docs[file] = fd.Doc.Text()
			}
		}
	}
	if docs["view.go"] == "" || docs["view.go"] != docs["building.go"] || !strings.Contains(docs["view.go"], "for an empty square") {
		t.Errorf("View.At's doc %q; Game.At's %q", docs["view.go"], docs["building.go"])
	}
}
