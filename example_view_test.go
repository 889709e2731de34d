package elasund_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/elasund/elasund"
)

// A player's view: their own cards, the others' card counts, and the
// legal moves when they decide; nothing they may not know. A game that
// differs only in hidden cards gives the same view.
func ExampleGame_View() {
	g, _ := elasund.New(elasund.Config{Players: 3, Seed: 5, FirstColor: elasund.Red})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{2, 2}}) // row 4: the huts draw influence
	red := g.View(0)
	fmt.Println("red holds", red.Hand(0))
	for p := elasund.Player(1); p < 3; p++ {
		fmt.Println(g.Color(p), "holds", red.Gold(p), "gold and", red.InfluenceCards(p), "influence cards")
	}
	fmt.Println("red decides:", red.Decides(), "-", len(red.Legal()), "legal moves")
	fmt.Println("blue decides:", g.View(1).Decides(), "-", len(g.View(1).Legal()), "legal moves")

	c := *g
	_ = c.Redeal(0, rand.New(rand.NewPCG(1, 2))) // other hands and the deck re-dealt
	fmt.Println("same view for red:", c.View(0) == red)

	b, _ := json.Marshal(g.View(1))
	fmt.Println(string(b[:55]), "…")
	// Output:
	// red holds 3 gold 1 green 1 yellow
	// blue holds 3 gold and 2 influence cards
	// green holds 3 gold and 1 influence cards
	// red decides: true - 3 legal moves
	// blue decides: false - 0 legal moves
	// same view for red: true
	// {"viewer":"blue","phase":"build","turn":1,"maxTurns":0, …
}

// Flat Monte Carlo over determinized copies: for each legal move of the
// player who decides, play random games from copies in which everything
// that player may not know is drawn anew, and keep the move that wins
// most. The bot sees no hidden card and no future roll.
func ExampleGame_Redeal() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 11, FirstColor: elasund.Red})
	for _, m := range []elasund.Move{{Kind: elasund.Roll, Dice: [2]uint8{4, 4}}, {Kind: elasund.EndBuilding}} {
		_ = g.Apply(m)
	}
	me := g.ToMove()
	r := rand.New(rand.NewPCG(1, 2))
	var buf []elasund.Move
	// playout plays random moves to the end (or a cap) and returns the winner.
	playout := func(c *elasund.Game) elasund.Player {
		for k := 0; k < 3000 && !c.Over(); k++ {
			buf = c.AppendLegal(buf[:0])
			_ = c.Apply(buf[r.IntN(len(buf))])
		}
		return c.Winner()
	}
	best, bestWins := elasund.Move{}, -1
	for _, m := range g.Legal() {
		wins := 0
		for range 8 {
			c := *g
			if err := c.Redeal(me, r); err != nil {
				panic(err) // not reached: r is not nil and g is a real game
			}
			_ = c.Apply(m)
			if playout(&c) == me {
				wins++
			}
		}
		if wins > bestWins {
			best, bestWins = m, wins
		}
	}
	fmt.Println(len(g.Legal()), "moves tried; chosen:", best)
	// Output:
	// 11 moves tried; chosen: permit 0 a8
}

// The fixed integer action space: a policy that scores all NumActions
// indices (a neural network, say) picks the best legal one through the
// mask, and MoveFromIndex turns the index back into a move.
func ExampleGame_AppendLegalMask() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Red})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{1, 1}}) // ship to row 2
	_ = g.Apply(elasund.Move{Kind: elasund.EndBuilding})

	mask := g.AppendLegalMask(nil)
	score := func(i int) float64 { return float64(i%97) / 97 } // stands in for a network's output
	best := -1
	for i, ok := range mask {
		if ok && (best < 0 || score(i) > score(best)) {
			best = i
		}
	}
	m, _ := elasund.MoveFromIndex(best)
	fmt.Println(elasund.NumActions, "actions,", len(g.AppendLegalIndices(nil)), "legal; best", best, "=", m)
	first, n := elasund.ActionRange(elasund.PlacePermit)
	fmt.Println("permit placements are indices", first, "to", first+n-1)
	fmt.Println(elasund.Move{Kind: elasund.TakeGold}.Index(), elasund.Move{Kind: elasund.EndTurn, Square: 3}.Index())
	// Output:
	// 31838 actions, 21 legal; best 4849 = permit 1 e2
	// permit placements are indices 4473 to 6272
	// 6273 -1
}

// The chance outcomes of a roll, for expectimax: one forced roll per sum.
func ExampleGame_AppendChanceOutcomes() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	for _, o := range g.AppendChanceOutcomes(nil) {
		fmt.Printf("%s %.4f\n", o.Move, o.Probability)
	}
	// Output:
	// roll 1 1 0.0278
	// roll 1 2 0.0556
	// roll 2 2 0.0833
	// roll 2 3 0.1111
	// roll 3 3 0.1389
	// roll 3 4 0.1667
	// roll 4 4 0.1389
	// roll 4 5 0.1111
	// roll 5 5 0.0833
	// roll 5 6 0.0556
	// roll 6 6 0.0278
}
