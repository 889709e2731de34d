package bots

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund"
)

// TestISMCTSPlayoutOptions checks the playout length the options give:
// the defaults with and without a value model, none for a negative
// number, and an error past MaxPlayout.
func TestISMCTSPlayoutOptions(t *testing.T) {
	m := LinearValueModel()
	for _, c := range []struct {
		o    ISMCTSOptions
		want int
	}{
		{ISMCTSOptions{}, DefaultPlayout},
		{ISMCTSOptions{Value: m}, DefaultValuePlayout},
		{ISMCTSOptions{Playout: 7}, 7},
		{ISMCTSOptions{Playout: 7, Value: m}, 7},
		{ISMCTSOptions{Playout: -5}, -1},
		{ISMCTSOptions{Playout: MaxPlayout}, MaxPlayout},
	} {
		b, err := NewISMCTS(1, c.o)
		if err != nil {
			t.Fatalf("Playout %d: %v", c.o.Playout, err)
		}
		if got := b.Options().Playout; got != c.want {
			t.Errorf("Playout %d, value %v: Options().Playout = %d, want %d", c.o.Playout, c.o.Value != nil, got, c.want)
		}
	}
	if _, err := NewISMCTS(1, ISMCTSOptions{Playout: MaxPlayout + 1}); !errors.Is(err, ErrOptions) {
		t.Errorf("Playout MaxPlayout+1: %v, want ErrOptions", err)
	}
	v := firstBuildView(t)
	for _, po := range []int{-1, 1, 60} {
		b, _ := NewISMCTS(1, ISMCTSOptions{Iterations: 50, Playout: po, Value: m})
		if mv, err := b.Choose(v); err != nil || !v.IsLegal(mv) {
			t.Errorf("Playout %d: %v, %v", po, mv, err)
		}
	}
}

// TestPlayoutLength checks that a playout plays the moves it is set to
// before the position is judged: none leaves the game as it was, one
// plays one of its legal moves, and more take it further.
func TestPlayoutLength(t *testing.T) {
	g := midgame(t, 2, 60)
	tr := &tree{eval: NewValueEvaluator(LinearValueModel())}
	tr.r = rand.New(&tr.src)
	w := DefaultWeights()
	tr.w = &w
	var reward [elasund.MaxPlayers]float64

	tr.moves = -1
	c := g.Clone()
	tr.playout(c, &reward)
	if *c != *g {
		t.Error("a playout of no moves changed the game")
	}
	var want [elasund.MaxPlayers]float64
	tr.eval.Evaluate(g, nil, &want, nil)
	if reward != want {
		t.Errorf("a playout of no moves rewarded %v; the position is judged %v", reward, want)
	}

	tr.moves = 1
	c = g.Clone()
	tr.playout(c, &reward)
	one := false
	for _, m := range g.Legal() {
		d := g.Clone()
		if d.Apply(m) == nil && *d == *c {
			one = true
		}
	}
	if !one {
		t.Error("a playout of one move did not play one of the position's legal moves")
	}

	tr.moves = 40
	d := g.Clone()
	tr.playout(d, &reward)
	if d.Turn() <= c.Turn() {
		t.Errorf("a playout of 40 moves ended at turn %d, one move's at %d", d.Turn(), c.Turn())
	}
}

// TestJudge checks the rewards of a value model at the playouts' ends:
// with two players the player to move gets the model's probability from
// their view and the other 1 minus it; with four each gets their
// probability as a share of the sum.
func TestJudge(t *testing.T) {
	m := LinearValueModel()
	e := NewValueEvaluator(m)
	for _, n := range []int{2, 4} {
		for _, moves := range []int{10, 40, 90} {
			g := midgame(t, n, moves)
			var reward [elasund.MaxPlayers]float64
			e.Evaluate(g, nil, &reward, nil)
			sum := 0.0
			for q := 0; q < n; q++ {
				sum += reward[q]
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("%d players, %d moves: rewards %v sum to %v", n, moves, reward, sum)
			}
			if n == 2 {
				p := g.ToMove()
				if want := m.Win(g.View(p)); reward[p] != want {
					t.Errorf("2 players, %d moves: the player to move got %v, the model says %v", moves, reward[p], want)
				}
				continue
			}
			total := 0.0
			for q := 0; q < n; q++ {
				total += m.Win(g.View(elasund.Player(q)))
			}
			for q := 0; q < n; q++ {
				if want := m.Win(g.View(elasund.Player(q))) / total; math.Abs(reward[q]-want) > 1e-12 {
					t.Errorf("4 players, %d moves: player %d got %v, want %v", moves, q, reward[q], want)
				}
			}
		}
	}
}

// midgame returns the game of n greedy bots after the given number of
// moves (or at its end), not over.
func midgame(tb testing.TB, n, moves int) *elasund.Game {
	tb.Helper()
	g, err := elasund.New(elasund.Config{Players: n, Seed: 11, MaxTurns: 300})
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]Bot, n)
	for i := range bots {
		bots[i] = NewGreedy(uint64(i + 1))
	}
	for i := 0; i < moves; i++ {
		m, err := bots[g.ToMove()].Choose(g.View(g.ToMove()))
		if err != nil {
			tb.Fatal(err)
		}
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			tb.Fatal(err)
		}
		if c.Over() {
			break
		}
		g = c
	}
	return g
}
