package bots_test

import (
	"context"
	"fmt"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// The bot "az" searches with the priors and values of an AZModel; its
// root visits, from ChooseWithPolicy, are what its policy is trained on.
// The first iteration judges the root, and each of the others plays one
// of its moves.
func ExampleISMCTS_ChooseWithPolicy() {
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 42})
	for len(g.Legal()) < 2 {
		_ = g.Apply(g.Legal()[0])
	}
	b, _ := bots.New("az:100", 1)
	v := g.View(g.ToMove())
	m, visits, _ := b.(*bots.ISMCTS).ChooseWithPolicy(context.Background(), v, nil)
	sum := 0
	for _, x := range visits {
		sum += x.Visits
	}
	fmt.Println(b.Name(), len(visits) == len(v.Legal()), sum, v.IsLegal(m))
	// Output:
	// az:100 true 99 true
}

// An Evaluator of one's own plugs into the search as the package's do:
// this one wraps the az model and makes its priors flat.
type flatPriors struct{ e bots.Evaluator }

func (f flatPriors) Evaluate(g *elasund.Game, legal []elasund.Move, value *[elasund.MaxPlayers]float64, priors []float64) bool {
	f.e.Evaluate(g, nil, value, nil)
	for i := range priors {
		priors[i] = 1 / float64(len(priors))
	}
	return priors != nil
}

func (f flatPriors) Clone() bots.Evaluator { return flatPriors{f.e.Clone()} }

func ExampleEvaluator() {
	b, _ := bots.NewISMCTS(1, bots.ISMCTSOptions{Iterations: 200, Evaluator: flatPriors{bots.DefaultAZModel()}})
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 42})
	m, _ := b.Choose(g.View(g.ToMove()))
	fmt.Println(b.Name(), g.IsLegal(m))
	// Output:
	// ismcts-e:200 true
}
