package tourney_test

import (
	"context"
	"slices"
	"testing"

	"github.com/elasund/elasund/examples/arena/tourney"
)

// TestShard: a shard plays exactly its deals, each game as the run of
// every deal plays it, and a shard outside the shards is refused.
func TestShard(t *testing.T) {
	tour := func(shard, shards int) tourney.Tournament {
		return tourney.Tournament{
			Entrants: []tourney.Entrant{tourney.BuiltIn("greedy"), tourney.BuiltIn("random")},
			Players:  2, Games: 14, Seed: 4, MaxTurns: 200, Parallel: 2, Shard: shard, Shards: shards,
		}
	}
	all := tour(0, 0)
	want, err := all.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	one := tour(1, 3)
	got, err := one.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for i, g := range got {
		if g.Played != (g.Deal%3 == 1) {
			t.Errorf("game %d of deal %d: played %v in shard 1/3", i, g.Deal, g.Played)
		}
		if g.Played {
			played++
			w := want[i]
			if g.Result.Winner != w.Result.Winner || g.Result.Moves != w.Result.Moves || !slices.Equal(g.Result.Cubes, w.Result.Cubes) {
				t.Errorf("game %d: %+v in the shard, %+v in the whole run", i, g.Result.Outcome, w.Result.Outcome)
			}
		}
	}
	if played != 4 { // deals 1 and 4 of 7, 2 seatings each
		t.Errorf("shard 1/3 played %d games, want 4", played)
	}
	for _, s := range [][2]int{{3, 3}, {-1, 2}, {0, -1}, {1, 0}} {
		bad := tour(s[0], s[1])
		if _, err := bad.Run(context.Background()); err == nil {
			t.Errorf("shard %d of %d: no error", s[0], s[1])
		}
	}
}
