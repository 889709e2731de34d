package words

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// TestMove checks the log's sentence of a move of every kind, written out
// by hand, and the button's phrase of the same move with and without a
// cost.
func TestMove(t *testing.T) {
	tests := []struct {
		move     string
		sentence string // Move("Red", move)
		option   string // Option(move, nothing)
	}{
		{"roll", "Red rolled the dice.", "Roll the dice"},
		{"roll 3 4", "Red rolled 3 and 4 (7).", "Roll the dice"},
		{"steer 5", "Red steered the ship to row 5.", "Steer the ship to row 5"},
		{"pirates 9", "Red sent the pirates to row 9.", "Send the pirates to row 9"},
		{"discard 1 gold 2 blue", "Red gave the pirates 1 gold and 2 blue influence cards.", "Give the pirates 1 gold and 2 blue influence cards"},
		{"discard 2 gold", "Red gave the pirates 2 gold.", "Give the pirates 2 gold"},
		{"return 1 green", "Red returned 1 green influence card in the shortage.", "Return 1 green influence card"},
		{"return 1 blue 1 green 1 yellow", "Red returned 1 blue, 1 green and 1 yellow influence cards in the shortage.",
			"Return 1 blue, 1 green and 1 yellow influence cards"},
		{"build market e8", "Red built a market at e8.", "Build a market at e8"},
		{"build market e8 pay blue", "Red built a market at e8, paying 3 blue influence cards to build over one of its size.",
			"Build a market at e8, over one of its size"},
		{"build large c2", "Red built a large building at c2.", "Build a large building at c2"},
		{"build house d5", "Red built a house at d5.", "Build a house at d5"},
		{"wall Nc", "Red built a wall tile at Nc, on the north wall, for 2 gold.", "Build a wall tile at Nc, on the north wall"},
		{"wall Sf", "Red built a wall tile at Sf, on the south wall, for 2 gold.", "Build a wall tile at Sf, on the south wall"},
		{"wall E5", "Red built a wall tile at E5, on the east wall, for 4 gold.", "Build a wall tile at E5, on the east wall"},
		{"church", "Red built a church tile for 7 gold.", "Build a church tile"},
		{"keep 7", "Red kept church tile 7.", "Keep church tile 7"},
		{"rebuild hut d4", "Red rebuilt a hut at d4.", "Rebuild your hut at d4"},
		{"remove totem", "Red removed a totem from the game.", "Remove your totem from the game"},
		{"end build", "Red stopped building.", "Stop building"},
		{"permit 2 f11", "Red placed a permit worth 2 on f11.", "Place a permit worth 2 on f11"},
		{"permit 0 c9 pay yellow", "Red placed a permit worth 0 on c9, paying 2 yellow influence cards to place it outside the ship's row.",
			"Place a permit worth 0 on c9, outside the ship's row"},
		{"take gold", "Red took 2 gold.", "Take 2 gold"},
		{"move permit c5 d5 pay green", "Red moved a permit from c5 to d5, paying 2 green influence cards.", "Shift your permit from c5 to d5"},
		{"upgrade permit d4 4 pay blue", "Red upgraded the permit on d4 to one worth 4, paying 2 blue influence cards and the difference in gold.",
			"Upgrade your permit on d4 to one worth 4"},
		{"bonus permit 3 g9", "Red placed a bonus permit worth 3 on g9, paying one influence card of each colour and 3 gold.",
			"Place a bonus permit worth 3 on g9"},
		{"bonus gold", "Red took 2 gold as a bonus, paying one influence card of each colour.", "Take 2 gold as a bonus"},
		{"end turn", "Red ended the turn.", "End the turn"},
	}
	kinds := map[elasund.MoveKind]bool{}
	for _, tt := range tests {
		m, err := elasund.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		kinds[m.Kind] = true
		if got := Move("Red", m); got != tt.sentence {
			t.Errorf("Move(Red, %q) = %q, want %q", tt.move, got, tt.sentence)
		}
		if got := Option(m, elasund.Cards{}); got != tt.option {
			t.Errorf("Option(%q, nothing) = %q, want %q", tt.move, got, tt.option)
		}
		cost := elasund.Cards{Gold: 5, Blue: 3}
		if got, want := Option(m, cost), tt.option+" for 5 gold and 3 blue influence cards"; got != want {
			t.Errorf("Option(%q, %v) = %q, want %q", tt.move, cost, got, want)
		}
	}
	for k := elasund.Roll; k <= elasund.DeclineRebuild; k++ {
		if !kinds[k] {
			t.Errorf("no case of the kind %v", k)
		}
	}
	unknown := elasund.Move{Kind: elasund.NoMove}
	if got, want := Move("Blue", unknown), `Blue played "none".`; got != want {
		t.Errorf("Move of no kind = %q, want %q", got, want)
	}
	if got := Option(unknown, elasund.Cards{}); got != "none" {
		t.Errorf("Option of no kind = %q, want the notation", got)
	}
}

// TestCost checks cards in words.
func TestCost(t *testing.T) {
	tests := []struct {
		c    elasund.Cards
		want string
	}{
		{elasund.Cards{}, "nothing"},
		{elasund.Cards{Gold: 1}, "1 gold"},
		{elasund.Cards{Yellow: 1}, "1 yellow influence card"},
		{elasund.Cards{Blue: 2}, "2 blue influence cards"},
		{elasund.Cards{Gold: 3, Green: 2}, "3 gold and 2 green influence cards"},
		{elasund.Cards{Gold: 4, Blue: 1, Green: 1, Yellow: 1}, "4 gold and 1 blue, 1 green and 1 yellow influence cards"},
		{elasund.Cards{Blue: 1, Yellow: 2}, "1 blue and 2 yellow influence cards"},
	}
	for _, tt := range tests {
		if got := Cost(tt.c); got != tt.want {
			t.Errorf("Cost(%+v) = %q, want %q", tt.c, got, tt.want)
		}
	}
}

// TestMoveEveryLegal plays seeded random games of 2, 3 and 4 players and
// checks the words of every legal move and of every move played: a
// sentence without the engine's jargon that names the player and the
// squares, site or row the move names, and a phrase for the button that
// tells the cost View.Cost gives.
func TestMoveEveryLegal(t *testing.T) {
	for players := 2; players <= 4; players++ {
		g := newGame(t, elasund.Config{Players: players, Seed: uint64(players), MaxTurns: 40})
		r := rand.New(rand.NewPCG(uint64(players), 3))
		seen := map[elasund.MoveKind]bool{}
		for !g.Over() {
			v := g.View(g.ToMove())
			legal := g.Legal()
			for _, m := range legal {
				checkMoveWords(t, v, m)
				seen[m.Kind] = true
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if len(seen) < 10 {
			t.Errorf("%d players: only %d kinds of moves were legal: %v", players, len(seen), seen)
		}
	}
}

// checkMoveWords checks the words of move m, legal in view v.
func checkMoveWords(t *testing.T, v elasund.View, m elasund.Move) {
	t.Helper()
	name := capital(v.Color(v.Viewer()).String())
	s := Move(name, m)
	for _, b := range checkSentence(s) {
		t.Errorf("Move(%v): %q %s", m, s, b)
	}
	opt := Option(m, v.Cost(m))
	for _, b := range checkSentence(opt + ".") {
		t.Errorf("Option(%v): %q %s", m, opt, b)
	}
	if !strings.HasPrefix(s, name+" ") || strings.Contains(m.String(), " ") && strings.Contains(s, m.String()) {
		t.Errorf("Move(%v) = %q: not a sentence about %s in words", m, s, name)
	}
	var names []string
	switch m.Kind {
	case elasund.Build, elasund.Rebuild, elasund.PlacePermit, elasund.BonusPermit, elasund.UpgradePermit:
		names = []string{m.Square.String()}
	case elasund.MovePermit:
		names = []string{m.From.String(), m.Square.String()}
	case elasund.BuildWall:
		names = []string{m.Site.String()}
	case elasund.Steer, elasund.Pirates:
		names = []string{"row " + m.Row.String()}
	}
	for _, n := range names {
		if !strings.Contains(s, n) || !strings.Contains(opt, n) {
			t.Errorf("%v: %q and %q do not both name %s", m, s, opt, n)
		}
	}
	if c := v.Cost(m); c.Total() > 0 && !strings.HasSuffix(opt, " for "+Cost(c)) {
		t.Errorf("Option(%v) = %q does not tell its cost %v", m, opt, c)
	}
}
