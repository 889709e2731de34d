package elasund

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// game is the Game side of the test packages.
const vdGame = `package p

type Game struct{ n int }

// At returns what stands on square s: Contents{} for an empty square.
func (g *Game) At(s int) int { return s }

// Turn returns the turn; 0 for the zero Game. New(g.Config()) and
// eg.x stay.
func (g *Game) Turn() int { return g.n }

// Pair returns a and b.
//
//go:noinline
func (g *Game) Pair(a, b int) (int, int) { return a, b }

func (g *Game) Bare() int { return 0 }
`

// others are methods that are not forwarders: they call another method,
// do more, pass other arguments or belong to another type.
const vdOthers = "// At a.\nfunc (v View) At(s int) int { return v.g.Turn() }\n\n" +
	"// Turn b.\nfunc (v View) Turn() int {\n\tif v.g.n > 0 {\n\t\treturn 0\n\t}\n\treturn v.g.Turn()\n}\n\n" +
	"// Pair c.\nfunc (v View) Pair(a, b int) (int, int) { return v.g.Pair(b, a) }\n\n" +
	"// Bare d.\nfunc (v *Other) Bare() int { return v.g.Bare() }\n\ntype Other struct{ g Game }\n"

// head is the start of every test package's view.go.
const vdHead = "package p\n\ntype View struct{ g Game }\n\n"

func TestViewDocGenerate(t *testing.T) {
	cases := []struct {
		name, view, want       string // view.go without the head, and as it should be
		forwarders, own, stale []string
		err                    string // a part of the error, if one is wanted
	}{{
		name:       "a short doc becomes Game's",
		view:       "// At returns what stands on s.\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		want:       "// At returns what stands on square s: Contents{} for an empty square.\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		forwarders: []string{"At"}, stale: []string{"At"},
	}, {
		name:       "no doc gets Game's",
		view:       "func (v View) At(s int) int { return v.g.At(s) }\n",
		want:       "// At returns what stands on square s: Contents{} for an empty square.\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		forwarders: []string{"At"}, stale: []string{"At"},
	}, {
		name:       "zero Game and the receiver g. are the View's; a directive is left out",
		view:       "// Turn.\nfunc (v View) Turn() int { return v.g.Turn() }\n\n// Pair.\nfunc (w View) Pair(a, b int) (int, int) { return w.g.Pair(a, b) }\n",
		want:       "// Turn returns the turn; 0 for the zero View. New(v.Config()) and\n// eg.x stay.\nfunc (v View) Turn() int { return v.g.Turn() }\n\n// Pair returns a and b.\nfunc (w View) Pair(a, b int) (int, int) { return w.g.Pair(a, b) }\n",
		forwarders: []string{"Turn", "Pair"}, stale: []string{"Turn", "Pair"},
	}, {
		name:       "up to date",
		view:       "// At returns what stands on square s: Contents{} for an empty square.\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		want:       "// At returns what stands on square s: Contents{} for an empty square.\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		forwarders: []string{"At"},
	}, {
		name: "a forwarder marked own keeps its doc",
		view: "// At hides.\n//\n//viewdoc:own\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		want: "// At hides.\n//\n//viewdoc:own\nfunc (v View) At(s int) int { return v.g.At(s) }\n",
		own:  []string{"At"},
	}, {
		name: "methods that do more, or call another, or with other arguments, are not forwarders",
		view: vdOthers,
		want: vdOthers,
	}, {
		name: "Game's method has no doc",
		view: "func (v View) Bare() int { return v.g.Bare() }\n",
		err:  "Game.Bare, which has no doc comment",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			vdWrite(t, dir, "game.go", vdGame)
			// A test file's doc of Bare is not Game's.
			vdWrite(t, dir, "game_test.go", "package p\n\n// Bare from a test.\nfunc (g *Game) Bare() int { return 1 }\n")
			vdWrite(t, dir, vdViewFile, vdHead+c.view)
			res, err := vdGenerate(dir)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v; want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Current) != vdHead+c.view {
				t.Errorf("Current is not view.go:\n%s", res.Current)
			}
			if string(res.Want) != vdHead+c.want {
				t.Errorf("Want:\n%s\nwant:\n%s", res.Want, vdHead+c.want)
			}
			for _, l := range []struct {
				what      string
				got, want []string
			}{{"Forwarders", res.Forwarders, c.forwarders}, {"Own", res.vdOwn, c.own}, {"Stale", res.Stale, c.stale}} {
				if !slices.Equal(l.got, l.want) {
					t.Errorf("%s = %q; want %q", l.what, l.got, l.want)
				}
			}
		})
	}
}

// TestGenerateNoGame: a directory without Game's methods, or without
// view.go, is an error.
func TestViewDocGenerateNoGame(t *testing.T) {
	dir := t.TempDir()
	vdWrite(t, dir, vdViewFile, vdHead)
	if _, err := vdGenerate(dir); err == nil || !strings.Contains(err.Error(), "no documented method of Game") {
		t.Errorf("without Game: %v", err)
	}
	dir = t.TempDir()
	vdWrite(t, dir, "game.go", vdGame)
	if _, err := vdGenerate(dir); err == nil {
		t.Error("without view.go: no error")
	}
}

func vdWrite(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
