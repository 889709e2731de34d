package words

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/elasund/elasund"
)

// jargon are the words of the engine and its API that a sentence for a
// person must not use; jargonRE the patterns of them.
var (
	jargon = []string{
		"§", "elasund", "Move", "Kind", "Legal", "Pay", "Phase", "Reason",
		"NoPlayer", "Player(", "footprint", "seat", "referee", "nil",
	}
	// a phase by number, an identifier in camel case, a reason's code
	jargonRE = regexp.MustCompile(`(?i:phase [0-9])|[a-z][A-Z]|[a-z]+-[a-z]+-[a-z]+`)
)

// maxSentence is the most bytes a sentence may take: a line to read at a
// glance.
const maxSentence = 220

// checkSentence reports what is wrong with s as a sentence for a person.
func checkSentence(s string) []string {
	var bad []string
	if s == "" {
		return []string{"empty"}
	}
	if first, _ := utf8.DecodeRuneInString(s); !unicode.IsUpper(first) {
		bad = append(bad, "does not start with a capital letter")
	}
	if !strings.HasSuffix(s, ".") {
		bad = append(bad, "does not end with a full stop")
	}
	if len(s) > maxSentence {
		bad = append(bad, fmt.Sprintf("is %d bytes long, more than %d", len(s), maxSentence))
	}
	for _, j := range jargon {
		if strings.Contains(s, j) {
			bad = append(bad, fmt.Sprintf("contains %q", j))
		}
	}
	if m := jargonRE.FindString(s); m != "" {
		bad = append(bad, fmt.Sprintf("contains %q", m))
	}
	return bad
}

// plain returns a rule's text or a sentence without its section and final
// full stop, in lower case, to compare them.
func plain(s string) string {
	if i := strings.Index(s, ": "); i >= 0 && strings.HasPrefix(s, "§") {
		s = s[i+2:]
	}
	return strings.ToLower(strings.TrimSuffix(s, "."))
}

// TestRefusalEveryReason checks the sentence of every reason the library
// lists: it has one of its own (a new reason without one fails here),
// shaped as a sentence, without the engine's jargon, not the engine's
// text, and no other reason's.
func TestRefusalEveryReason(t *testing.T) {
	seen := map[string]elasund.Reason{}
	for _, r := range elasund.Reasons() {
		s := Refusal(r)
		if _, ok := refusals[r]; !ok || s == NotAllowed {
			t.Errorf("%v has no sentence of its own (Refusal gives %q); add one to refusals", r, s)
			continue
		}
		for _, b := range checkSentence(s) {
			t.Errorf("%v: %q %s", r, s, b)
		}
		if plain(s) == plain(r.Rule()) || strings.Contains(s, r.Rule()) {
			t.Errorf("%v: %q is the engine's text %q", r, s, r.Rule())
		}
		if other, ok := seen[s]; ok {
			t.Errorf("%v and %v have the same sentence %q", other, r, s)
		}
		seen[s] = r
		for _, general := range []string{Unreadable, WentWrong} {
			if s == general {
				t.Errorf("%v: %q is the sentence of an error that is no refusal", r, s)
			}
		}
	}
	for r := range refusals {
		if !slices.Contains(elasund.Reasons(), r) {
			t.Errorf("refusals has a sentence for %v, which is no reason of elasund.Reasons", r)
		}
	}
}

// TestGeneralSentences checks the sentences of errors that name no reason
// of their own, as TestRefusalEveryReason checks a reason's.
func TestGeneralSentences(t *testing.T) {
	for _, s := range []string{Unreadable, NotAllowed, WentWrong} {
		for _, b := range checkSentence(s) {
			t.Errorf("%q %s", s, b)
		}
	}
	for _, k := range kinds {
		for _, b := range checkSentence(k.sentence) {
			t.Errorf("sentence of %v: %q %s", k.err, k.sentence, b)
		}
	}
}

// TestRefusalNoReason checks what Refusal gives for values that refuse
// nothing or are no reason.
func TestRefusalNoReason(t *testing.T) {
	for _, r := range []elasund.Reason{elasund.NoReason, elasund.Reason(200), elasund.Reason(255)} {
		if got := Refusal(r); got != NotAllowed {
			t.Errorf("Refusal(%v) = %q, want NotAllowed %q", r, got, NotAllowed)
		}
	}
}

// TestCheckSentence checks that the test's checks catch what they are
// for, so that TestRefusalEveryReason cannot pass by checking nothing.
func TestCheckSentence(t *testing.T) {
	tests := []struct {
		s       string
		wantBad bool
	}{
		{"You have no wall tiles left.", false},
		{"", true},
		{"you have no wall tiles left.", true},
		{"You have no wall tiles left", true},
		{"§7: the player's wall stack is empty.", true},
		{"It is elasund: no.", true},
		{"That Move is refused.", true},
		{"That is not allowed in phase 3.", true},
		{"That is not allowed in Phase 3.", true},
		{"That is a well-known rule.", false},
		{"Your permit-not-in-supply.", true},
		{"See cannot-pay-build-over.", true},
		{"Use the PlacePermit kind.", true},
		{"The footprint is too small.", true},
		{"Ask seat 1.", true},
		{strings.Repeat("a", maxSentence) + "A.", true},
	}
	for _, tt := range tests {
		if bad := checkSentence(tt.s); (len(bad) > 0) != tt.wantBad {
			t.Errorf("checkSentence(%q) = %q, want bad %v", tt.s, bad, tt.wantBad)
		}
	}
}

// refused returns the error of the move s played in g, which must be
// refused.
func refused(t *testing.T, g *elasund.Game, s string) error {
	t.Helper()
	m, err := elasund.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	err = g.Check(m)
	if err == nil {
		t.Fatalf("%q is legal", s)
	}
	return err
}

// play applies the moves to g.
func play(t *testing.T, g *elasund.Game, moves ...string) *elasund.Game {
	t.Helper()
	for _, s := range moves {
		m, err := elasund.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// newGame returns a new game of cfg.
func newGame(t *testing.T, cfg elasund.Config) *elasund.Game {
	t.Helper()
	g, err := elasund.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newTable returns a new table of cfg.
func newTable(t *testing.T, cfg elasund.Config) *elasund.Table {
	t.Helper()
	tb, err := elasund.NewTable(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// over returns a game of two players that has ended (at its turn limit).
func over(t *testing.T) *elasund.Game {
	t.Helper()
	g := newGame(t, elasund.Config{Players: 2, Seed: 1, MaxTurns: 1})
	for !g.Over() {
		if err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestExplainRefusals checks Explain on refusals in real positions, of a
// Game and of a Table: it gives the sentence of the refusal's reason.
func TestExplainRefusals(t *testing.T) {
	two := elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Red}
	rolled := func() *elasund.Game { return play(t, newGame(t, two), "roll 2 3") } // ship in row 5
	tests := []struct {
		name   string
		err    func() error
		reason elasund.Reason
		want   string
	}{
		{"end turn before the roll", func() error { return refused(t, newGame(t, two), "end turn") },
			elasund.ReasonWrongPhase, "That kind of move is not allowed at this point of the turn."},
		{"permit outside the ship's row", func() error { return refused(t, play(t, rolled(), "end build"), "permit 0 c9") },
			elasund.ReasonPermitRow, "Without paying influence, a permit goes in the ship's row or, if that row is full, the nearest row north or south with an empty square; for 2 influence cards of one colour it may go in any row."},
		{"tavern without permits", func() error { return refused(t, rolled(), "build tavern c2") },
			elasund.ReasonPermitCount, "Too few permits lie under that building's squares: it needs 1, or 2 for a tavern or shop, or 3 for a large building, and everyone's permits count."},
		{"church at the start", func() error { return refused(t, rolled(), "church") },
			elasund.ReasonCannotPayChurch, "A church tile costs 7 gold, and you have less."},
		{"after the end", func() error { return refused(t, over(t), "roll") },
			elasund.ReasonGameOver, "The game is over."},
		{"the other seat", func() error {
			tb := newTable(t, two)
			_, err := tb.Play(1-tb.ToMove(), elasund.Move{Kind: elasund.Roll})
			return err
		}, elasund.ReasonNotYourDecision, "It is not your turn to decide."},
		{"forced dice at a table", func() error {
			tb := newTable(t, two)
			return tb.Check(tb.ToMove(), elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{3, 4}})
		}, elasund.ReasonChance, "The table rolls the dice for you."},
		{"abandoned table", func() error {
			tb := newTable(t, two)
			tb.Abandon()
			_, err := tb.Play(tb.ToMove(), elasund.Move{Kind: elasund.Roll})
			return err
		}, elasund.ReasonAbandoned, "The host ended this game before anyone won."},
		{"forfeited table", func() error {
			tb := newTable(t, elasund.Config{Players: 3, Seed: 1})
			if err := tb.Forfeit(2); err != nil {
				t.Fatal(err)
			}
			_, err := tb.Play(tb.ToMove(), elasund.Move{Kind: elasund.Roll})
			return err
		}, elasund.ReasonForfeited, "A player left the table, which ended this game."},
		{"wrapped by the host", func() error {
			return fmt.Errorf("game 7: %w", refused(t, newGame(t, two), "end turn"))
		}, elasund.ReasonWrongPhase, "That kind of move is not allowed at this point of the turn."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			var me *elasund.MoveError
			if !errors.As(err, &me) || me.Reason != tt.reason {
				t.Fatalf("the position gives %v, want a refusal for %v", err, tt.reason)
			}
			got := Explain(err)
			if got != tt.want {
				t.Errorf("Explain(%v) = %q, want %q", err, got, tt.want)
			}
			if got != Refusal(tt.reason) {
				t.Errorf("Explain(%v) = %q, not Refusal(%v) %q", err, got, tt.reason, Refusal(tt.reason))
			}
			if strings.Contains(got, me.Rule) || strings.Contains(got, "elasund") {
				t.Errorf("Explain(%v) = %q quotes the engine", err, got)
			}
		})
	}
}

// TestExplainOther checks Explain on errors that are no refusal of a
// Reason: nil, ParseMove's, the bare sentinels, a MoveError without a
// reason, and errors of other packages.
func TestExplainOther(t *testing.T) {
	_, notation := elasund.ParseMove("fly to the moon")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"ParseMove", notation, "That is not a move I can read."},
		{"ParseMove wrapped", fmt.Errorf("line 3: %w", notation), "That is not a move I can read."},
		{"ErrGameOver", fmt.Errorf("%w: over", elasund.ErrGameOver), "The game is over."},
		{"ErrNotYourDecision", elasund.ErrNotYourDecision, "It is not your turn to decide."},
		{"ErrChance", elasund.ErrChance, "The table rolls the dice for you."},
		{"ErrNotListed", elasund.ErrNotListed, "That move is not among the moves you can make right now."},
		{"ErrWrongPhase", elasund.ErrWrongPhase, "That kind of move is not allowed at this point of the turn."},
		{"ErrCannotPay", fmt.Errorf("%w: %w", elasund.ErrIllegalMove, elasund.ErrCannotPay), "You cannot pay for that."},
		{"ErrMalformedMove", elasund.ErrMalformedMove, "Part of that move does not fit this game."},
		{"ErrIllegalMove", elasund.ErrIllegalMove, "That move is not allowed right now."},
		{"MoveError without a reason", &elasund.MoveError{Rule: "§4: made up"}, "That move is not allowed right now."},
		{"MoveError of no reason", &elasund.MoveError{Reason: 250}, "That move is not allowed right now."},
		{"ErrBadRecord", elasund.ErrBadRecord, "Something went wrong with that move."},
		{"another package's", errors.New("disk full"), "Something went wrong with that move."},
	}
	for _, tt := range tests {
		if got := Explain(tt.err); got != tt.want {
			t.Errorf("%s: Explain(%v) = %q, want %q", tt.name, tt.err, got, tt.want)
		}
	}
}
