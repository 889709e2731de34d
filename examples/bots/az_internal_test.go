package bots

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
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
