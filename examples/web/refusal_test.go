package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// permitOutOfRow returns a permit move the rules refuse for going outside
// the ship's row (ReasonPermitRow) in g's permit phase, or the zero Move.
func permitOutOfRow(g elasund.Game) elasund.Move {
	if g.Phase() != elasund.PhasePermit {
		return elasund.Move{}
	}
	for v := range 5 {
		for _, sq := range elasund.CitySquares(g.Players()) {
			m, err := elasund.ParseMove(fmt.Sprintf("permit %d %v", v, sq))
			var me *elasund.MoveError
			if err == nil && errors.As(g.Check(m), &me) && me.Reason == elasund.ReasonPermitRow {
				return m
			}
		}
	}
	return elasund.Move{}
}

// TestRefusalWords posts moves the server refuses, in a real position,
// and checks the answer: the engine's text stays in "error", for
// programs, and beside it come the reason's code, the plain sentence the
// page shows (never the engine's text) and the rule's section with a link
// to it; the game is unchanged.
func TestRefusalWords(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Hour, Seed: 9})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(9, 9))
	var outOfRow elasund.Move
	g, _ := playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool {
		outOfRow = permitOutOfRow(g)
		return outOfRow.Kind != elasund.NoMove
	})
	if outOfRow.Kind == elasund.NoMove {
		t.Fatal("no permit went out of the ship's row")
	}
	decider := g.Color(g.ToMove()).String()
	other := g.Color(1 - g.ToMove()).String()
	tests := []struct {
		name, color, move string
		status            int
		reason            string         // the code expected
		sentence          elasund.Reason // whose sentence (NoReason: words.Unreadable)
		section, anchor   string
	}{
		{"a permit out of the ship's row", decider, outOfRow.String(), 422, "permit-row", elasund.ReasonPermitRow, "§5", "5-permits"},
		{"the other seat's move", other, outOfRow.String(), 403, "not-your-decision", elasund.ReasonNotYourDecision, "§4", "4-a-turn"},
		{"chosen dice", decider, "roll 6 6", 422, "chance", elasund.ReasonChance, "§13", "13-what-each-player-knows"},
		{"not a move", decider, "fly", 400, "", elasund.NoReason, "", ""},
		{"after a forfeit", decider, outOfRow.String(), 422, "forfeited", elasund.ReasonForfeited, "§11", "11-end-of-the-game"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.reason == "forfeited" {
				if status, data, _ := doAs(t, ts, c.tokenOf(other), "DELETE", "/api/games/"+c.ID, ""); status != http.StatusOK {
					t.Fatalf("leaving: %d %s", status, data)
				}
				if st := stateAs(t, ts, c.ID, ""); st.End == nil { // loads the finished game
					t.Fatal("the game goes on")
				}
			}
			before, _, _ := gameOf(s, c.ID)
			status, data, _ := doAs(t, ts, c.tokenOf(tc.color), "POST", "/api/games/"+c.ID+"/moves", mustJSON(t, moveJSON{Move: tc.move}))
			var got refusalJSON
			decode(t, data, &got)
			want := words.Unreadable
			if tc.sentence != elasund.NoReason {
				want = words.Refusal(tc.sentence)
			}
			rules := ""
			if tc.anchor != "" {
				rules = "https://github.com/elasund/elasund/blob/main/RULES.md#" + tc.anchor
			}
			if status != tc.status || got.Reason != tc.reason || got.Sentence != want || got.Section != tc.section || got.Rules != rules {
				t.Fatalf("%d %s;\nwant %d, reason %q, sentence %q, section %q, rules %q", status, data, tc.status, tc.reason, want, tc.section, rules)
			}
			if !strings.HasPrefix(got.Error, "elasund:") || strings.Contains(got.Sentence, "elasund") || strings.Contains(got.Sentence, got.Error) {
				t.Fatalf("error %q, sentence %q: the engine's text is for programs, the sentence for people", got.Error, got.Sentence)
			}
			if after, _, _ := gameOf(s, c.ID); after != before {
				t.Fatal("a refused move changed the game")
			}
		})
	}
}
