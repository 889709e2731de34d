package bots_test

import (
	"fmt"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// A ValueModel rates a player's chances from their view; greedy-v and
// ismcts-v play by it. The players' chances, each judged from their own
// view, need not sum to 1: ismcts-v divides each by their sum.
func ExampleValueModel_Win() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 42})
	m := bots.DefaultValueModel() // one per goroutine: it holds buffers
	for p := range elasund.Player(2) {
		fmt.Printf("seat %d wins with probability %.2f\n", p, m.Win(g.View(p)))
	}
	b, _ := bots.New("ismcts-v:300", 1)
	fmt.Println(b.Name())
	// Output:
	// seat 0 wins with probability 0.46
	// seat 1 wins with probability 0.45
	// ismcts-v:300
}
