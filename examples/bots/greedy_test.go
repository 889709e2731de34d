package bots_test

import (
	"math"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// rowWays is the number of the 36 rolls of two dice that send the ship to
// row r.
func rowWays(r elasund.Row) int { return 6 - max(int(r)-7, 7-int(r)) }

// TestWeightsTerms checks each term of the heuristic on its own, against
// the quantity it stands for computed through the public accessors, at
// every position of games between greedy and random bots.
func TestWeightsTerms(t *testing.T) {
	tests := []struct {
		name string
		w    bots.Weights
		want func(g *elasund.Game, p elasund.Player) float64
	}{
		{"cubes", bots.Weights{Cube: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			return float64(g.CubesPlaced(p))
		}},
		{"win", bots.Weights{Win: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			switch g.Winner() {
			case elasund.NoPlayer:
				return 0
			case p:
				return 1
			}
			return -1
		}},
		{"income", bots.Weights{Income: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			n := 0
			for _, b := range g.Buildings() {
				if b.Owner != p || b.Building.Income() == elasund.NoIncome {
					continue
				}
				for dy := 0; dy < b.Building.Height(); dy++ {
					n += rowWays((b.Origin + elasund.Square(dy*elasund.NumColumns)).Row())
				}
			}
			return float64(n)
		}},
		{"trade", bots.Weights{Trade: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			return float64(g.TradePoints(p))
		}},
		{"permits", bots.Weights{Permit: 1, PermitValue: 10}, func(g *elasund.Game, p elasund.Player) float64 {
			x := 0.0
			for v := 0; v < elasund.PermitsPerPlayer; v++ {
				if g.PermitSquare(p, v).Valid() {
					x += 1 + 10*float64(v)
				}
			}
			return x
		}},
		{"permit pairs", bots.Weights{PermitPair: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			n := 0
			for v := 0; v < elasund.PermitsPerPlayer; v++ {
				for u := 0; u < elasund.PermitsPerPlayer; u++ {
					a, b := g.PermitSquare(p, v), g.PermitSquare(p, u)
					if a.Valid() && b.Valid() && (b == a+1 && b.Col() == a.Col()+1 || b == a+elasund.NumColumns) {
						n++
					}
				}
			}
			return float64(n)
		}},
		{"wall", bots.Weights{Wall: 1}, func(g *elasund.Game, p elasund.Player) float64 {
			return float64(elasund.WallTilesPerPlayer - g.WallTilesLeft(p))
		}},
		{"cards", bots.Weights{Gold: 1, Influence: 10}, func(g *elasund.Game, p elasund.Player) float64 {
			h := g.Hand(p)
			return float64(h.Gold) + 10*float64(h.Influence()) - float64(g.Pending(p))
		}},
	}
	checked := 0
	for seed := uint64(0); seed < 4; seed++ {
		g, err := elasund.New(elasund.Config{Players: 2 + int(seed%3), Seed: seed, MaxTurns: 150})
		if err != nil {
			t.Fatal(err)
		}
		seats := []bots.Bot{bots.NewGreedy(seed), bots.NewRandom(seed), bots.NewGreedy(seed + 9), bots.NewRandom(seed + 9)}
		for {
			for _, tt := range tests {
				for p := elasund.Player(0); int(p) < g.Players(); p++ {
					if got, want := tt.w.Value(g, p), tt.want(g, p); math.Abs(got-want) > 1e-9 {
						t.Fatalf("%s, seed %d, turn %d, seat %d: Value = %v, want %v", tt.name, seed, g.Turn(), p, got, want)
					}
				}
			}
			checked++
			if g.Over() {
				break
			}
			m, err := seats[g.ToMove()].Choose(g.View(g.ToMove()))
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions", checked)
}

// TestWeightsScore checks the comparison with the best opponent, and the
// value of the starting position with the default weights.
func TestWeightsScore(t *testing.T) {
	g, err := elasund.New(elasund.Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := bots.DefaultWeights()
	// Red (hut d4, totem e8–e9) and blue (hut c4, totem b8–b9) produce in
	// rows 4, 8 and 9; green (hut d10, totem e5–e6) in rows 10, 5 and 6.
	// Everyone holds 3 gold and 1 influence card.
	values := []float64{
		w.Income*(3+5+4) + 3*w.Gold + w.Influence,
		w.Income*(3+5+4) + 3*w.Gold + w.Influence,
		w.Income*(3+4+5) + 3*w.Gold + w.Influence,
	}
	for p, want := range values {
		if got := w.Value(g, elasund.Player(p)); math.Abs(got-want) > 1e-9 {
			t.Errorf("Value(seat %d) = %v, want %v", p, got, want)
		}
		best := 0.0
		for q, v := range values {
			if q != p {
				best = max(best, v)
			}
		}
		if got, want := w.Score(g, elasund.Player(p)), want-w.Opponent*best; math.Abs(got-want) > 1e-9 {
			t.Errorf("Score(seat %d) = %v, want %v", p, got, want)
		}
	}
	if got := w.Value(g, elasund.NoPlayer); got != 0 {
		t.Errorf("Value(NoPlayer) = %v, want 0", got)
	}
}

// TestGreedyMaximizes checks that Greedy plays a move of the best score
// one move deep: with the weight of cubes alone it puts the most cubes on
// the board that any legal move does, and with the weight of cost alone it
// plays a move of the least cost; at every decision of games between such
// bots and random ones.
func TestGreedyMaximizes(t *testing.T) {
	cubes := func(g *elasund.Game, m elasund.Move) float64 {
		c := *g
		if c.Apply(m) != nil {
			return -1
		}
		return float64(c.CubesPlaced(g.ToMove()))
	}
	cost := func(g *elasund.Game, m elasund.Move) float64 { return -float64(g.Cost(m).Total()) }
	tests := []struct {
		name  string
		w     bots.Weights
		value func(g *elasund.Game, m elasund.Move) float64 // to maximize
	}{
		{"cubes", bots.Weights{Cube: 1}, cubes},
		{"cost", bots.Weights{Cost: 1}, cost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gaps := 0
			for seed := uint64(0); seed < 6; seed++ {
				g, err := elasund.New(elasund.Config{Players: 2, Seed: seed, MaxTurns: 150})
				if err != nil {
					t.Fatal(err)
				}
				seats := []bots.Bot{bots.NewGreedyWeights(seed, tt.w), bots.NewRandom(seed)}
				for !g.Over() {
					p := g.ToMove()
					m, err := seats[p].Choose(g.View(p))
					if err != nil {
						t.Fatal(err)
					}
					if p == 0 {
						best, worst := math.Inf(-1), math.Inf(1)
						for _, l := range g.Legal() {
							best, worst = max(best, tt.value(g, l)), min(worst, tt.value(g, l))
						}
						if best > worst {
							gaps++
						}
						if got := tt.value(g, m); got != best {
							t.Errorf("seed %d, turn %d: greedy played %v, worth %v; the best move is worth %v", seed, g.Turn(), m, got, best)
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
		})
	}
}
