package elasund

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorsSayElasundOnce: every error of the package, sentinel or
// wrapped, begins "elasund: " and says it only once, also where an error
// of the package quotes another (a record's illegal move, a table's log, a
// saved game's square); and it still wraps what it quotes.
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
	for _, sentinel := range []error{ErrIllegalMove, ErrGameOver, ErrWrongPhase, ErrMalformedMove, ErrCannotPay,
		ErrInvalidConfig, ErrInvalidState, ErrBadEncoding, ErrBadRecord, ErrActionIndex, ErrSVGOptions, ErrNotation,
		ErrNotYourDecision, ErrChance, ErrNotListed, ErrGameInProgress, ErrNoGame, ErrNothingToUndo} {
		if s := sentinel.Error(); !strings.HasPrefix(s, "elasund: ") || strings.Count(s, "elasund:") != 1 {
			t.Errorf("sentinel %q does not say \"elasund: \" once, at its start", s)
		}
	}
}
