package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

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
		m, done, err := b.search(context.Background(), v)
		if err != nil || !v.IsLegal(m) {
			t.Fatalf("%+v: %v, %v", o, m, err)
		}
		if done != o.Iterations {
			t.Errorf("%+v: %d iterations, want %d", o, done, o.Iterations)
		}
	}
}

// TestISMCTSReservesBoundedStorage checks that a bot of millions of
// iterations does not reserve their nodes before it searches (48 bytes a
// node: 480 MB for 10,000,000): a search stopped after a few milliseconds
// holds room for at most 262,144 nodes, and a short search reserves
// exactly what it needs.
func TestISMCTSReservesBoundedStorage(t *testing.T) {
	v := firstBuildView(t)
	b, err := NewISMCTS(1, ISMCTSOptions{Iterations: MaxIterations})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := b.ChooseContext(ctx, v); err == nil {
		t.Fatal("a search of MaxIterations ended within 20 ms")
	}
	for _, tr := range b.trees {
		if c := cap(tr.nodes); c > 1<<18 { // 12 MiB: room to grow, far from 480 MB
			t.Errorf("a tree of a search stopped after 20 ms holds room for %d nodes", c)
		}
	}
	small, _ := NewISMCTS(1, ISMCTSOptions{Iterations: 100})
	if _, err := small.Choose(v); err != nil {
		t.Fatal(err)
	}
	if c := cap(small.trees[0].nodes); c != 101 {
		t.Errorf("a search of 100 iterations reserved %d nodes, want 101", c)
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
		if m.Kind != elasund.Roll || g.Check(m) != nil {
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

// TestISMCTSSearchAllocs checks that a search with one worker allocates
// nothing once its trees' storage has grown: after a search of 2000
// iterations from a view, the same search (the bot's source reseeded) and
// its first 1000 iterations allocate nothing, in positions of the opening,
// the middle and the end of 2-, 3- and 4-player games, whether its context
// can be cancelled (and is not) or not.
func TestISMCTSSearchAllocs(t *testing.T) {
	live, cancel := context.WithCancel(context.Background())
	defer cancel()
	live.Done() // its channel, made once for every search
	for players := 2; players <= 4; players++ {
		views := greedyViews(t, players, uint64(players))
		for _, at := range []int{0, len(views) / 2, len(views) - 1} {
			v := views[at]
			b, err := NewISMCTS(1, ISMCTSOptions{Iterations: 2000})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := b.search(context.Background(), v); err != nil {
				t.Fatal(err)
			}
			for _, ctx := range []context.Context{context.Background(), live} {
				for _, iters := range []int{1000, 2000} {
					b.opts.Iterations = iters
					// The fewest of three tries, for the runtime's own
					// allocations that may fall within one.
					least := uint64(math.MaxUint64)
					for range 3 {
						b.r = rand.New(rand.NewPCG(1, ismctsStream))
						least = min(least, mallocs(func() { _, _, _ = b.search(ctx, v) }))
					}
					if least != 0 {
						t.Errorf("%d players, view %d, context %v: a search of %d iterations allocates %d times", players, at, ctx, iters, least)
					}
				}
			}
		}
	}
}

// mallocs returns the number of heap allocations f makes, run alone.
func mallocs(f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
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
	benchmarkIterations(b, ISMCTSOptions{Iterations: 1000})
}

// BenchmarkISMCTSValueIterations is BenchmarkISMCTSIterations for the
// search of "ismcts-v": 40-move playouts judged by LinearValueModel.
func BenchmarkISMCTSValueIterations(b *testing.B) {
	benchmarkIterations(b, ISMCTSOptions{Iterations: 1000, Value: LinearValueModel()})
}

// BenchmarkAZIterations is BenchmarkISMCTSIterations for the search of
// "az": priors and values from DefaultAZModel.
func BenchmarkAZIterations(b *testing.B) {
	benchmarkIterations(b, ISMCTSOptions{Iterations: 1000, Evaluator: DefaultAZModel()})
}

func benchmarkIterations(b *testing.B, o ISMCTSOptions) {
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
	bot, err := NewISMCTS(1, o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	iters := 0
	for i := 0; i < b.N; i++ {
		_, done, err := bot.search(context.Background(), views[i%len(views)])
		if err != nil {
			b.Fatal(err)
		}
		iters += done
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(iters)/float64(b.N), "iterations/op")
}

// TestRootLegalInRedeals checks what lets a search skip the legality
// check of its root's candidates (tree.available): the moves a deciding
// view lists are legal in every game drawn from that view, whose decider
// is the viewer. It plays seeded games of 2, 3 and 4 players between
// greedy bots and draws 20 games from each decision's view.
func TestRootLegalInRedeals(t *testing.T) {
	decisions := 0
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := elasund.New(elasund.Config{Players: players, Seed: seed, MaxTurns: 300})
			if err != nil {
				t.Fatal(err)
			}
			b := NewGreedy(seed)
			r := rand.New(rand.NewPCG(seed, uint64(players)))
			var legal []elasund.Move
			var d elasund.Game
			for !g.Over() {
				v := g.View(g.ToMove())
				legal = v.AppendLegal(legal[:0])
				if len(legal) > 1 {
					decisions++
					for range 20 {
						if err := v.RedealInto(&d, r); err != nil {
							t.Fatal(err)
						}
						if d.ToMove() != v.Viewer() {
							t.Fatalf("%d players, seed %d, turn %d: a redeal's decider is %v, not the viewer %v", players, seed, g.Turn(), d.ToMove(), v.Viewer())
						}
						for _, m := range legal {
							if !d.IsLegal(m) {
								t.Fatalf("%d players, seed %d, turn %d: %v, legal in the view, is not in a game drawn from it", players, seed, g.Turn(), m)
							}
						}
					}
				}
				m, _ := b.Choose(v)
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if decisions < 500 {
		t.Fatalf("only %d decisions checked", decisions)
	}
	t.Logf("%d decisions, 20 games drawn from each", decisions)
}

// TestValuesInSquareOrder checks Weights.values against the plain reading
// of the board that it replaced (At on every square, each player's terms
// added in square order), bit for bit: the search's rewards and move
// orders, and so the moves it chooses, depend on the last bit of a sum.
// The positions are those of games between greedy and random bots, and
// every position one legal move away from them.
func TestValuesInSquareOrder(t *testing.T) {
	w := DefaultWeights()
	checked := 0
	for seed := uint64(0); seed < 6; seed++ {
		g, err := elasund.New(elasund.Config{Players: 2 + int(seed%3), Seed: seed, MaxTurns: 120})
		if err != nil {
			t.Fatal(err)
		}
		seats := []interface {
			Choose(elasund.View) (elasund.Move, error)
		}{NewGreedy(seed), NewRandom(seed), NewGreedy(seed + 9), NewRandom(seed + 9)}
		for !g.Over() {
			for _, m := range g.Legal() {
				c := *g
				if err := c.Apply(m); err != nil {
					t.Fatal(err)
				}
				var got, want [elasund.MaxPlayers]float64
				playerValues(&w, &c, &got)
				valuesBySquare(&w, &c, &want)
				if got != want {
					t.Fatalf("seed %d, turn %d, after %v: values %v, want %v", seed, g.Turn(), m, got, want)
				}
				checked++
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

// valuesBySquare is Weights.values as it read the board before it knew
// where the permits are: At on each of the 90 squares.
func valuesBySquare(w *Weights, g *elasund.Game, s *[elasund.MaxPlayers]float64) {
	n := g.Players()
	for q := 0; q < n; q++ {
		p := elasund.Player(q)
		h := g.Hand(p)
		v := w.Cube*float64(g.CubesPlaced(p)) +
			w.Trade*float64(g.TradePoints(p)) +
			w.Wall*float64(elasund.WallTilesPerPlayer-g.WallTilesLeft(p)) +
			w.Gold*float64(h.Gold) + w.Influence*float64(h.Influence()) -
			w.Gold*float64(g.Pending(p))
		switch g.Winner() {
		case elasund.NoPlayer:
		case p:
			v += w.Win
		default:
			v -= w.Win
		}
		s[q] = v
	}
	for sq := elasund.Square(0); sq < elasund.NumSquares; sq++ {
		c := g.At(sq)
		ri := int(sq) / elasund.NumColumns
		switch {
		case c.Building != elasund.NoBuilding:
			if c.BuildingOwner < 0 || int(c.BuildingOwner) >= n || c.Building.Income() == elasund.NoIncome || sq.Col() != c.Origin.Col() {
				continue
			}
			s[c.BuildingOwner] += w.Income * rowWays[ri]
		case c.HasPermit:
			p := c.PermitOwner
			if p < 0 || int(p) >= n {
				continue
			}
			s[p] += w.Permit + w.PermitValue*float64(c.Permit)
			if east := g.At(sq + 1); sq.Col()+1 < elasund.NumColumns && east.HasPermit && east.PermitOwner == p {
				s[p] += w.PermitPair
			}
			if below := g.At(sq + elasund.NumColumns); below.HasPermit && below.PermitOwner == p {
				s[p] += w.PermitPair
			}
		}
	}
}
