package elasund

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsSayElasundOnce: the errors of the package that wrap a
// sentinel begin "elasund: " and say it only once, also where an error of
// the package quotes another (a record's illegal move, a table's log, a
// saved game's square); and they still wrap what they quote. (The
// sentinels themselves are TestSentinels'.)
func TestErrorsSayElasundOnce(t *testing.T) {
	newGame := func() *Game {
		g, err := New(Config{Players: 2, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	must := func(err error) {
		if err != nil {
			t.Helper()
			t.Fatal(err)
		}
	}
	g := newGame()
	rec, err := NewRecorder(Config{Players: 2, Seed: 5})
	must(err)
	must(rec.Apply(g, Move{Kind: Roll}))
	record := rec.Record()
	record.Moves = append(record.Moves, Move{Kind: Roll})
	_, replayErr := record.Replay()
	tbl, err := NewTable(Config{Players: 2, Seed: 5})
	must(err)
	var load Table
	var loaded Game
	saved, err := newGame().MarshalJSON()
	must(err)
	hut := `"hut":"` + g.BuildingOrigin(0, Hut).String() + `"`
	if !strings.Contains(string(saved), hut) {
		t.Fatalf("the saved game has no %s: %s", hut, saved)
	}
	badSquare := strings.Replace(string(saved), hut, `"hut":"z9"`, 1)
	unsavable := *newGame()
	unsavable.phase = PhaseOver + 1

	for _, tc := range []struct {
		name     string
		err      error
		sentinel error
		want     string // the text contains it
	}{
		{"Apply", g.Apply(Move{Kind: EndTurn}), ErrWrongPhase, `elasund: illegal move "end turn"`},
		{"Replay", replayErr, ErrIllegalMove, `elasund: record: move 2 (turn 1) "roll": illegal move "roll" in phase`},
		{"ParseRecord move", second(ParseRecord("[Players \"2\"]\n1. fly\n")), ErrNotation, `elasund: bad record: line 2: cannot parse move "fly"`},
		{"ParseRecord rules", second(ParseRecord("[Rules \"house\"]\n")), ErrNotation, `tag Rules: cannot parse rules "house"`},
		{"ParseMove", second(ParseMove("fly")), ErrNotation, `elasund: cannot parse move "fly"`},
		{"ParseSquare", second(ParseSquare("z9")), ErrNotation, `elasund: cannot parse square "z9"`},
		{"ParseWallSite", second(ParseWallSite("N")), ErrNotation, `elasund: cannot parse wall site "N"`},
		{"ParseRules", second(ParseRules("house")), ErrNotation, `elasund: cannot parse rules "house"`},
		{"New", second(New(Config{Players: 5})), ErrInvalidConfig, "elasund: invalid configuration: 5 players"},
		{"Table.Play", second(tbl.Play(1-tbl.ToMove(), Move{Kind: Roll})), ErrNotYourDecision, "elasund: illegal move"},
		{"Table.Record", second(tbl.Record()), ErrGameInProgress, "elasund: the game is not over"},
		{"Table.Game", second(tbl.Game()), ErrGameInProgress, "elasund: the game is not over"},
		{"Table.Forfeit", tbl.Forfeit(7), ErrNotYourDecision, "elasund: not this seat's decision: 7 is not a seat"},
		{"Table.Undo", second((&Table{}).Undo()), ErrNoGame, "elasund: no game"},
		{"Table.UnmarshalJSON move", load.UnmarshalJSON([]byte(`{"version":1,"config":{"players":2,"seed":5,"rules":"default"},"moves":["end turn"]}`)),
			ErrWrongPhase, `elasund: invalid state: table: move 1 "end turn": illegal move "end turn"`},
		{"Table.UnmarshalJSON notation", load.UnmarshalJSON([]byte(`{"version":1,"config":{"players":2,"seed":5,"rules":"default"},"moves":["fly"]}`)),
			ErrNotation, `elasund: bad encoding: table: move 1: cannot parse move "fly"`},
		{"Game.UnmarshalJSON", loaded.UnmarshalJSON([]byte(badSquare)), ErrBadEncoding, `elasund: bad encoding: red hut: cannot parse square "z9"`},
		{"MarshalBinary", second(unsavable.MarshalBinary()), ErrBadEncoding, "elasund: invalid state: the game cannot be saved: bad encoding: phase"},
		{"Validate", (&Game{}).Validate(), ErrInvalidState, "elasund: invalid state"},
		{"MoveFromIndex", second(MoveFromIndex(-1)), ErrActionIndex, "elasund: action index out of range"},
		{"WriteSVG", g.WriteSVG(&strings.Builder{}, SVGOptions{Scale: -1}), ErrSVGOptions, "elasund: invalid SVG options"},
	} {
		if tc.err == nil {
			t.Errorf("%s: no error; want one with %q", tc.name, tc.want)
			continue
		}
		s := tc.err.Error()
		if !strings.HasPrefix(s, "elasund: ") || strings.Count(s, "elasund:") != 1 {
			t.Errorf("%s: %q does not say \"elasund: \" once, at its start", tc.name, s)
		}
		if !strings.Contains(s, tc.want) {
			t.Errorf("%s: %q does not contain %q", tc.name, s, tc.want)
		}
		if !errors.Is(tc.err, tc.sentinel) {
			t.Errorf("%s: %q does not wrap %v", tc.name, s, tc.sentinel)
		}
	}
}

// sentinels is every exported error of the package, by name.
// TestSentinels fails when a non-test file declares an exported
// package-level variable that is neither here nor in notErrors, so the
// list cannot fall behind.
var sentinels = map[string]error{
	"ErrIllegalMove":     ErrIllegalMove,
	"ErrGameOver":        ErrGameOver,
	"ErrWrongPhase":      ErrWrongPhase,
	"ErrMalformedMove":   ErrMalformedMove,
	"ErrCannotPay":       ErrCannotPay,
	"ErrInvalidConfig":   ErrInvalidConfig,
	"ErrInvalidState":    ErrInvalidState,
	"ErrBadEncoding":     ErrBadEncoding,
	"ErrNotation":        ErrNotation,
	"ErrBadRecord":       ErrBadRecord,
	"ErrWrongGame":       ErrWrongGame,
	"ErrActionIndex":     ErrActionIndex,
	"ErrNilArgument":     ErrNilArgument,
	"ErrSVGOptions":      ErrSVGOptions,
	"ErrNotYourDecision": ErrNotYourDecision,
	"ErrChance":          ErrChance,
	"ErrNotListed":       ErrNotListed,
	"ErrGameInProgress":  ErrGameInProgress,
	"ErrNoGame":          ErrNoGame,
	"ErrNothingToUndo":   ErrNothingToUndo,
}

// notErrors are the exported package-level variables that are not errors.
var notErrors = map[string]bool{}

// sentinelsElsewhere are the files besides errors.go that may declare
// exported errors: table.go's, until they move to errors.go.
var sentinelsElsewhere = map[string]bool{}

// TestSentinels: every exported error of the package, found by parsing
// the package's files, is in sentinels, says "elasund: " once, at its
// start, and is declared in errors.go with a doc comment.
func TestSentinels(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for _, id := range vs.Names {
					if !id.IsExported() {
						continue
					}
					found[id.Name] = true
					if notErrors[id.Name] {
						continue
					}
					if _, ok := sentinels[id.Name]; !ok {
						t.Errorf("%s: exported variable %s is in neither sentinels nor notErrors", name, id.Name)
						continue
					}
					if name != "errors.go" && !sentinelsElsewhere[name] {
						t.Errorf("%s is declared in %s, not in errors.go", id.Name, name)
					}
					if vs.Doc == nil && (len(gd.Specs) > 1 || gd.Doc == nil) {
						t.Errorf("%s has no doc comment", id.Name)
					}
				}
			}
		}
	}
	for name, err := range sentinels {
		if !found[name] {
			t.Errorf("sentinels holds %s, which no file of the package declares", name)
		}
		if s := err.Error(); !strings.HasPrefix(s, errPrefix) || strings.Count(s, "elasund:") != 1 {
			t.Errorf("%s: %q does not say %q once, at its start", name, s, errPrefix)
		}
	}
	for name := range notErrors {
		if !found[name] {
			t.Errorf("notErrors holds %s, which no file of the package declares", name)
		}
	}
}

// TestZeroGameNoGame: a zero Game's refusal wraps ErrNoGame beside
// ErrGameOver and ErrIllegalMove, with ReasonNoGame.
func TestZeroGameNoGame(t *testing.T) {
	var g Game
	err := g.Apply(Move{Kind: Roll})
	var me *MoveError
	if !errors.As(err, &me) || me.Reason != ReasonNoGame {
		t.Fatalf("Apply on the zero Game = %v; want a MoveError for ReasonNoGame", err)
	}
	for _, want := range []error{ErrIllegalMove, ErrGameOver, ErrNoGame} {
		if !errors.Is(err, want) {
			t.Errorf("Apply on the zero Game = %v; want it to wrap %v", err, want)
		}
	}
	if errors.Is(err, ErrWrongPhase) {
		t.Errorf("Apply on the zero Game = %v wraps ErrWrongPhase", err)
	}
}
