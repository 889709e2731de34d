package bots

import (
	"testing"

	"github.com/elasund/elasund"
)

// TestNeutralWests checks the shortcut of AppendMoveFeatures: every move
// keepsNeutral accepts leaves the neutral buildings that produce as they
// were, and the heuristic's score after it, with them taken from the
// position before, is the score read from the board, bit for bit. It
// plays seeded games of 2, 3 and 4 players between random bots and tries
// every legal move of every decision; the games must meet neutral
// buildings that produce, and moves of each kind that keeps them.
func TestNeutralWests(t *testing.T) {
	w := &defaultWeights
	checked := map[elasund.MoveKind]int{}
	withNeutral := 0
	for _, players := range []int{2, 3, 4} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := elasund.New(elasund.Config{Players: players, Seed: seed, MaxTurns: 200})
			if err != nil {
				t.Fatal(err)
			}
			bot := NewRandom(seed)
			for !g.Over() {
				var before neutralWests
				before.find(g)
				if before.income != (squareSet{}) {
					withNeutral++
				}
				p := g.ToMove()
				for _, m := range g.Legal() {
					if !keepsNeutral(m.Kind) {
						continue
					}
					c := *g
					if err := c.Apply(m); err != nil {
						t.Fatalf("%d players, seed %d: %v refused: %v", players, seed, m, err)
					}
					var after neutralWests
					after.find(&c)
					if after != before {
						t.Fatalf("%d players, seed %d, turn %d: %v moved the neutral buildings that produce", players, seed, g.Turn(), m)
					}
					var s [elasund.MaxPlayers]float64
					playerValuesWith(w, &c, &s, &before)
					if got, want := scoreAgainst(w, &s, c.Players(), p), score(w, &c, p); got != want {
						t.Fatalf("%d players, seed %d, turn %d: %v scores %v with the neutral buildings kept, %v read from the board", players, seed, g.Turn(), m, got, want)
					}
					checked[m.Kind]++
				}
				m, err := bot.Choose(g.View(p))
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if withNeutral == 0 {
		t.Error("no position had a neutral building that produces")
	}
	for _, k := range []elasund.MoveKind{elasund.PlacePermit, elasund.TakeGold, elasund.MovePermit, elasund.UpgradePermit, elasund.BonusPermit, elasund.BonusGold, elasund.EndTurn, elasund.EndBuilding} {
		if checked[k] == 0 {
			t.Errorf("no %v move checked", k)
		}
	}
	t.Logf("%d positions with neutral buildings that produce; moves checked: %v", withNeutral, checked)
}
