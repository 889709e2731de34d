package bots_test

import (
	"fmt"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// A referee holds the game and hands each bot only its seat's view.
func Example() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1, MaxTurns: 300})
	seats := []bots.Bot{bots.NewGreedy(1), bots.NewRandom(2)}
	for !g.Over() {
		p := g.ToMove()
		m, err := seats[p].Choose(g.View(p))
		if err != nil {
			panic(err)
		}
		if err := g.Apply(m); err != nil {
			panic(err)
		}
	}
	fmt.Println(seats[g.Winner()].Name(), "won with", g.CubesPlaced(g.Winner()), "cubes")
	// Output: greedy won with 10 cubes
}

// New makes a bot by name, as the arena, the terminal game and the web
// server do.
func ExampleNew() {
	fmt.Println(bots.Names())
	b, err := bots.New("ismcts:200", 1)
	fmt.Println(b.Name(), err)
	_, err = bots.New("deep blue", 1)
	fmt.Println(err)
	// Output:
	// [greedy greedy-v ismcts ismcts-v random]
	// ismcts:200 <nil>
	// bots: unknown bot "deep blue" (the bots are greedy, greedy-v, ismcts, ismcts-v, random, and ismcts:N or ismcts-v:N for N iterations a move)
}

// An ISMCTS bot searches a budget of iterations, or of time, with one or
// more workers.
func ExampleNewISMCTS() {
	b, err := bots.NewISMCTS(1, bots.ISMCTSOptions{Iterations: 300, Workers: 2})
	if err != nil {
		panic(err)
	}
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	for g.Phase() != elasund.PhaseBuild { // the first roll is the only move
		_ = g.Apply(g.Legal()[0])
	}
	m, err := b.Choose(g.View(g.ToMove()))
	fmt.Println(g.View(g.ToMove()).IsLegal(m), err)
	// Output: true <nil>
}

// A Greedy bot with weights of its own: here one that only counts cubes
// and cards.
func ExampleNewGreedyWeights() {
	w := bots.Weights{Cube: 10, Gold: 1, Influence: 1}
	b := bots.NewGreedyWeights(1, w)
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	fmt.Println(w.Value(g, 0), b.Name())
	// Output: 4 greedy
}
