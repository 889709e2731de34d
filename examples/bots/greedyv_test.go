package bots_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// obsCubes is the observation's value of the viewer's cubes on the board
// (/ 10): the first seat block's "cubes".
const obsCubes = 2250 + 25

// TestGreedyVMaximizes checks that GreedyV plays a move that maximizes its
// model's value: with a model that counts the mover's cubes on the board,
// a move that places the most cubes (public, so whatever the sample).
func TestGreedyVMaximizes(t *testing.T) {
	w1 := make([]float32, obsSize)
	w1[obsCubes] = 1
	cubes, err := bots.NewValueModel(0, w1, nil, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	value := func(g *elasund.Game, m elasund.Move) float64 {
		c := *g
		if c.Apply(m) != nil {
			return -1
		}
		return float64(c.CubesPlaced(g.ToMove()))
	}
	gaps := 0
	for seed := uint64(0); seed < 4; seed++ {
		g, err := elasund.New(elasund.Config{Players: 2, Seed: seed, MaxTurns: 150})
		if err != nil {
			t.Fatal(err)
		}
		seats := []bots.Bot{bots.NewGreedyValue(seed, cubes), bots.NewRandom(seed)}
		for !g.Over() {
			p := g.ToMove()
			m, err := seats[p].Choose(g.View(p))
			if err != nil {
				t.Fatal(err)
			}
			legal := g.Legal()
			ends := slices.ContainsFunc(legal, func(l elasund.Move) bool {
				c := *g
				return c.Apply(l) == nil && c.Over()
			})
			if p == 0 && !ends {
				best, worst := math.Inf(-1), math.Inf(1)
				for _, l := range legal {
					best, worst = max(best, value(g, l)), min(worst, value(g, l))
				}
				if best > worst {
					gaps++
				}
				if got := value(g, m); got != best {
					t.Errorf("seed %d, turn %d: greedy-v played %v, worth %v cubes; the best move is worth %v", seed, g.Turn(), m, got, best)
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if gaps < 10 {
		t.Errorf("only %d decisions where the choice mattered", gaps)
	}
}

// TestGreedyVGames plays whole games of every player count with greedy-v,
// checking each move against the view, and checks that the same seeds
// give the same game.
func TestGreedyVGames(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			names := []string{"greedy-v", "greedy", "greedy-v", "random"}[:players]
			cfg := elasund.Config{Players: players, Seed: uint64(players), MaxTurns: 60}
			a := play(t, cfg, newBots(t, 1, names...))
			b := play(t, cfg, newBots(t, 1, names...))
			if !slices.Equal(a, b) {
				t.Errorf("the same seeds gave different games (%d and %d moves)", len(a), len(b))
			}
			if len(a) < 20 {
				t.Errorf("the game lasted %d moves", len(a))
			}
		})
	}
}

// TestGreedyVZero checks that the zero GreedyV is NewGreedyV(0).
func TestGreedyVZero(t *testing.T) {
	cfg := elasund.Config{Players: 2, Seed: 9, MaxTurns: 30}
	a := play(t, cfg, []bots.Bot{&bots.GreedyV{}, bots.NewGreedy(1)})
	b := play(t, cfg, []bots.Bot{bots.NewGreedyV(0), bots.NewGreedy(1)})
	if !slices.Equal(a, b) {
		t.Errorf("the zero GreedyV played another game than NewGreedyV(0)")
	}
}
