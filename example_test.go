package elasund_test

import (
	"errors"
	"fmt"

	"github.com/elasund/elasund"
)

// Set up a game, force the first roll, and play a turn.
func Example() {
	g, err := elasund.New(elasund.Config{Players: 3, Seed: 42, FirstColor: elasund.Red})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Phase(), "- to move:", g.Color(g.ToMove()))

	// Force the dice (a Roll with Dice {0, 0} would roll the seeded dice).
	if err := g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{3, 5}}); err != nil {
		panic(err)
	}
	fmt.Println("ship in row", g.Ship(), "- red has", g.Gold(0), "gold") // red's totem e8+e9 paid 1 gold

	// No build this turn; place permit 0 in the ship's row for free.
	d8, _ := elasund.ParseSquare("d8")
	for _, m := range []elasund.Move{
		{Kind: elasund.EndBuilding},
		{Kind: elasund.PlacePermit, Permit: 0, Square: d8},
		{Kind: elasund.EndTurn},
	} {
		if err := g.Apply(m); err != nil {
			panic(err)
		}
		fmt.Println(m)
	}
	fmt.Println("permit 0 of red on", g.PermitSquare(0, 0), "- next:", g.Color(g.ToMove()), g.Phase())
	// Output:
	// roll - to move: red
	// ship in row 8 - red has 4 gold
	// end build
	// permit 0 d8
	// end turn
	// permit 0 of red on d8 - next: blue roll
}

// List the legal moves of the player who must decide.
func ExampleGame_Legal() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Red})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{1, 1}}) // ship to row 2
	_ = g.Apply(elasund.Move{Kind: elasund.EndBuilding})
	// Red holds 3 gold and 1 influence card: permits 0–3 on the five squares
	// of row 2 (a 2-player city is a–e wide), or take 2 gold.
	moves := g.Legal()
	fmt.Println(len(moves), "legal moves in phase", g.Phase())
	for _, m := range moves[:3] {
		fmt.Println(m)
	}
	fmt.Println(moves[len(moves)-1])
	// Output:
	// 21 legal moves in phase permit
	// permit 0 a2
	// permit 0 b2
	// permit 0 c2
	// take gold
}

// An illegal move is refused with an error that names the rule, and the
// game is left unchanged.
func ExampleGame_Apply_illegal() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	err := g.Apply(elasund.Move{Kind: elasund.EndTurn})
	fmt.Println(errors.Is(err, elasund.ErrIllegalMove), errors.Is(err, elasund.ErrWrongPhase))
	fmt.Println(err)
	// Output:
	// true true
	// elasund: illegal move "end turn" in phase roll: §4: this kind of move belongs to another phase of the turn
}

// Moves have a readable notation that ParseMove reads back.
func ExampleParseMove() {
	m, err := elasund.ParseMove("build tavern c5 pay blue")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Kind, m.Building, m.Square, m.Pay)
	fmt.Println(m)
	// Output:
	// build tavern c5 blue
	// build tavern c5 pay blue
}
