package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund"
)

// TestAZSearchAllocs checks that az's search, priors and all, allocates
// nothing once its storage has grown (as TestISMCTSSearchAllocs does for
// ismcts), in positions of 2-, 3- and 4-player games.
func TestAZSearchAllocs(t *testing.T) {
	for players := 2; players <= 4; players++ {
		views := greedyViews(t, players, uint64(players))
		for _, at := range []int{0, len(views) / 2, len(views) - 1} {
			v := views[at]
			b, err := NewISMCTS(1, ISMCTSOptions{Iterations: 1000, Evaluator: DefaultAZModel()})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := b.search(context.Background(), v); err != nil {
				t.Fatal(err)
			}
			least := uint64(math.MaxUint64)
			for range 3 {
				b.r = rand.New(rand.NewPCG(1, ismctsStream))
				least = min(least, mallocs(func() { _, _, _ = b.search(context.Background(), v) }))
			}
			if least != 0 {
				t.Errorf("%d players, view %d: az's search of 1000 iterations allocates %d times", players, at, least)
			}
		}
	}
}

// TestPUCTScalesWithPlayers checks that PUCT weighs rewards against
// priors alike with 2 and 4 players: with more than two, whose rewards
// share 1 with a mean of 1/players, the exploration shrinks by
// 2/players. The node is the same in both games: a move of prior 0.9
// and mean reward 0.20 and one of prior 0.1 and mean reward 0.45, each
// played 20 times of 100. Judged with cPUCT 1, the prior's favourite
// wins (0.20 + 0.9·10/21 = 0.63 against 0.45 + 0.1·10/21 = 0.50); with
// half that, the better reward does (0.41 against 0.47).
func TestPUCTScalesWithPlayers(t *testing.T) {
	for _, c := range []struct {
		players int
		want    int32
	}{{2, 0}, {4, 1}} {
		g, err := elasund.New(elasund.Config{Players: c.players, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		legal := g.AppendLegal(nil)
		for greedy := NewGreedy(1); len(legal) < 2 && !g.Over(); legal = g.AppendLegal(legal[:0]) {
			m, _ := greedy.Choose(g.View(g.ToMove()))
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if len(legal) < 2 {
			t.Fatalf("%d players: %d legal moves", c.players, len(legal))
		}
		tr := &tree{policy: true}
		tr.nodes = []node{
			{player: elasund.NoPlayer, visits: 100, first: 2, next: -1, cands: 0, ncands: 2},
			{move: legal[0], visits: 20, reward: 20 * 0.20, first: -1, next: -1, cands: -1},
			{move: legal[1], visits: 20, reward: 20 * 0.45, first: -1, next: 1, cands: -1},
		}
		tr.cands = []cand{{legal[0], 1}, {legal[1], 2}}
		tr.prior = []float32{0.9, 0.1}
		if got := tr.selectPUCT(0, g); got != c.want {
			t.Errorf("%d players: PUCT chose candidate %d, want %d", c.players, got, c.want)
		}
	}
}
