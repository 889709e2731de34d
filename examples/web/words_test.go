package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// TestStateWords checks the plain words a state carries for the page: the
// log's sentences name the reader's own seat "You" and the others by
// colour (a spectator's, every seat by colour), written out by hand for
// the opening moves; each legal move's words say its cost in words; and
// the places of the board (every square, wall site and sea row) are
// described with the picture, and left out when the page has it.
func TestStateWords(t *testing.T) {
	s, ts := testServer(t, options{MaxGames: 2, Idle: time.Hour, Seed: 4})
	c := create(t, ts, `{"seats": ["human", "human"]}`)
	r := rand.New(rand.NewPCG(4, 4))
	playUntil(t, s, ts, c, r, func(g elasund.Game, _ elasund.Move) bool { return g.Turn() >= 3 })
	red := stateAs(t, ts, c.ID, c.tokenOf("red"))
	spectator := stateAs(t, ts, c.ID, "")
	if len(red.Log) < 4 || len(red.Log) != len(spectator.Log) {
		t.Fatalf("logs of %d and %d moves", len(red.Log), len(spectator.Log))
	}
	for i, e := range red.Log {
		who := "You"
		if e.Color != "red" {
			who = capitalize(e.Color)
		}
		if !strings.HasPrefix(e.Words, who+" ") || !strings.HasSuffix(e.Words, ".") {
			t.Errorf("red's log line %d of %s: %q", e.N, e.Color, e.Words)
		}
		if sp := spectator.Log[i]; !strings.HasPrefix(sp.Words, capitalize(e.Color)+" ") ||
			strings.TrimPrefix(sp.Words, capitalize(e.Color)) != strings.TrimPrefix(e.Words, who) {
			t.Errorf("the spectator's log line %d: %q; red's %q", e.N, sp.Words, e.Words)
		}
		if e.Text == "end build" && !strings.HasSuffix(e.Words, " stopped building.") {
			t.Errorf("%q in words: %q", e.Text, e.Words)
		}
		if e.Text == "take gold" && !strings.HasSuffix(e.Words, " took 2 gold.") {
			t.Errorf("%q in words: %q", e.Text, e.Words)
		}
	}
	if first := red.Log[0]; !strings.HasPrefix(first.Text, "roll ") || !strings.Contains(first.Words, " rolled "+
		strings.Replace(strings.TrimPrefix(first.Text, "roll "), " ", " and ", 1)+" (") {
		t.Errorf("the first move %q in words: %q", first.Text, first.Words)
	}
	// The decider's moves: each in words, paid ones with their cost.
	decider := red
	if len(red.Moves) == 0 {
		decider = stateAs(t, ts, c.ID, c.tokenOf("blue"))
	}
	if len(decider.Moves) == 0 {
		t.Fatal("nobody decides")
	}
	for _, m := range decider.Moves {
		if m.Words == "" || m.Words == m.Text || (m.Cost != "") != (m.CostWords != "") ||
			(m.CostWords != "" && !strings.HasSuffix(m.Words, " for "+m.CostWords)) {
			t.Errorf("%q: words %q, cost %q in words %q", m.Text, m.Words, m.Cost, m.CostWords)
		}
		if (m.Kind == "permit" || m.Kind == "bonus permit") && !strings.Contains(m.Words, "permit worth "+m.Permit+" on "+m.Square) {
			t.Errorf("%q: permit %q, words %q", m.Text, m.Permit, m.Words)
		}
	}
	// The places: every one described, with the picture only.
	g, _, _ := gameOf(s, c.ID)
	want := len(elasund.CitySquares(2)) + len(elasund.WallSites(2)) + len(elasund.Rows())
	if len(red.Places) != want {
		t.Errorf("%d places described, want %d", len(red.Places), want)
	}
	if got := red.Places["row-"+g.Ship().String()]; !strings.HasSuffix(got, ", where the ship is") {
		t.Errorf("the ship's row is described %q", got)
	}
	for _, sq := range elasund.CitySquares(2) {
		at := g.At(sq)
		got := red.Places["sq-"+sq.String()]
		if (at.Building == elasund.NoBuilding && !at.HasPermit && at.ChurchTile == 0) != strings.HasSuffix(got, "empty") {
			t.Errorf("%v holds %+v, described %q", sq, at, got)
		}
	}
	var again stateJSON
	_, data, _ := doAs(t, ts, c.tokenOf("red"), "GET", "/api/games/"+c.ID+"?svg="+red.SVGHash, "")
	decode(t, data, &again)
	if again.SVG != "" || again.Places != nil {
		t.Errorf("a page that has the picture is sent it again (%d bytes) or its places (%d)", len(again.SVG), len(again.Places))
	}
}
