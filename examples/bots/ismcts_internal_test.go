package bots

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund"
)

// TestISMCTSIterations checks that a search runs exactly its iterations,
// split among its workers.
func TestISMCTSIterations(t *testing.T) {
	v := firstBuildView(t)
	for _, o := range []ISMCTSOptions{{Iterations: 1}, {Iterations: 37}, {Iterations: 37, Workers: 4}, {Iterations: 3, Workers: 5}} {
		b, err := NewISMCTS(1, o)
		if err != nil {
			t.Fatal(err)
		}
		m, done, err := b.search(v)
		if err != nil || !v.IsLegal(m) {
			t.Fatalf("%+v: %v, %v", o, m, err)
		}
		if done != o.Iterations {
			t.Errorf("%+v: %d iterations, want %d", o, done, o.Iterations)
		}
	}
}

// TestISMCTSRolls checks that the tree's chance nodes draw each sum of
// two dice with its probability: over 36,000 draws, each count within
// five standard deviations of its expectation.
func TestISMCTSRolls(t *testing.T) {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr := &tree{r: rand.New(rand.NewPCG(1, 2))}
	const n = 36000
	var count [13]int
	for i := 0; i < n; i++ {
		m := tr.roll(g)
		if m.Kind != elasund.Roll || !g.IsLegal(m) {
			t.Fatalf("roll %v", m)
		}
		count[m.Dice[0]+m.Dice[1]]++
	}
	for s := 2; s <= 12; s++ {
		p := float64(6-max(s-7, 7-s)) / 36
		want, sd := n*p, math.Sqrt(n*p*(1-p))
		if math.Abs(float64(count[s])-want) > 5*sd {
			t.Errorf("sum %d drawn %d times, want %.0f ± %.0f", s, count[s], want, 5*sd)
		}
	}
}

// firstBuildView returns the view of the first player's first decision
// with more than one legal move of a game between greedy bots.
func firstBuildView(tb testing.TB) elasund.View {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 3})
	if err != nil {
		tb.Fatal(err)
	}
	b := NewGreedy(1)
	for !g.Over() {
		v := g.View(g.ToMove())
		if len(v.Legal()) > 1 {
			return v
		}
		m, _ := b.Choose(v)
		_ = g.Apply(m)
	}
	tb.Fatal("no decision")
	return elasund.View{}
}

// BenchmarkISMCTSIterations measures the search's iterations a second on
// one core (one worker), over the decisions of a game between greedy
// bots.
func BenchmarkISMCTSIterations(b *testing.B) {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 7, MaxTurns: 300})
	if err != nil {
		b.Fatal(err)
	}
	greedy := NewGreedy(1)
	var views []elasund.View
	for !g.Over() {
		v := g.View(g.ToMove())
		if len(v.Legal()) > 1 {
			views = append(views, v)
		}
		m, _ := greedy.Choose(v)
		_ = g.Apply(m)
	}
	bot, err := NewISMCTS(1, ISMCTSOptions{Iterations: 1000})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	iters := 0
	for i := 0; i < b.N; i++ {
		_, done, err := bot.search(views[i%len(views)])
		if err != nil {
			b.Fatal(err)
		}
		iters += done
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(iters)/float64(b.N), "iterations/op")
}
