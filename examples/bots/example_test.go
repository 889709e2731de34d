package bots_test

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	// [az greedy greedy-v ismcts ismcts-v random]
	// ismcts:200 <nil>
	// bots: unknown bot "deep blue" (the bots are az, greedy, greedy-v, ismcts, ismcts-v, random; ismcts:N, ismcts-v:N, az:N search N iterations)
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

// A host whose player leaves stops the bot's search at once, rather than
// at its budget, and discards the result.
func ExampleChooseContext() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	for len(g.Legal()) == 1 { // to a real decision
		_ = g.Apply(g.Legal()[0])
	}
	b, _ := bots.NewISMCTS(1, bots.ISMCTSOptions{Budget: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel) // the player leaves
	start := time.Now()
	_, err := bots.ChooseContext(ctx, b, g.View(g.ToMove()))
	fmt.Println(errors.Is(err, context.Canceled), time.Since(start) < time.Minute)
	fmt.Println(err)
	// Output:
	// true true
	// bots: "ismcts:1m0s" stopped before choosing: context canceled
}

// A host that holds many bots between their moves (a web server's games)
// bounds what each search holds with TreeBytes and lets the trees go with
// Release after each move: the moves are those of a bot that keeps them.
func ExampleISMCTS_Release() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1, MaxTurns: 4})
	o := bots.ISMCTSOptions{Iterations: 200, TreeBytes: 1 << 20} // at most 1 MiB of tree a move
	kept, _ := bots.NewISMCTS(1, o)
	released, _ := bots.NewISMCTS(1, o)
	same := true
	for !g.Over() {
		v := g.View(g.ToMove())
		want, _ := kept.Choose(v)
		m, _ := released.Choose(v)
		released.Release() // nothing held until its next move
		same = same && m == want
		_ = g.Apply(m)
	}
	fmt.Println("same moves:", same)
	// Output: same moves: true
}
