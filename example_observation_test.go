package elasund_test

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund"
)

// The input of a learning bot: the encoding of what the player who
// decides may know, next to the mask of their legal actions. The buffers
// are reused, so encoding allocates nothing. Offsets come from the layout
// in AppendObservation's doc comment; seat 0 is always the viewer.
func ExampleView_AppendObservation() {
	g, _ := elasund.New(elasund.Config{Players: 3, Seed: 5, FirstColor: elasund.Red})
	_ = g.Apply(elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{2, 2}}) // the ship to row 4
	obs := make([]float32, 0, elasund.ObservationSize)
	var mask []bool

	v := g.View(g.ToMove())
	obs = v.AppendObservation(obs[:0])
	mask = v.AppendLegalMask(mask[:0])
	legal := 0
	for _, ok := range mask {
		if ok {
			legal++
		}
	}
	fmt.Println(len(obs), "values in,", legal, "of", len(mask), "actions out")

	board := obs[:25*90] // 25 planes of 10 rows of 9 squares
	city := 0
	for _, x := range board[:90] { // plane 0: the city
		city += int(x)
	}
	fmt.Println("squares in the city:", city)
	const seats, me, next = 2250, 0, 36
	fmt.Printf("I hold %.0f gold and %.0f influence cards; the next player %.0f and %.0f\n",
		obs[seats+me+1]*20, obs[seats+me+2]*20, obs[seats+next+1]*20, obs[seats+next+2]*20)
	ship := slices.Index(obs[2604:2614], 1)
	fmt.Println("the ship is in row", elasund.Rows()[ship])
	// Output:
	// 2659 values in, 3 of 31838 actions out
	// squares in the city: 70
	// I hold 3 gold and 2 influence cards; the next player 3 and 2
	// the ship is in row 4
}
