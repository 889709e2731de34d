package bots

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// The goldens of this file were recorded from the search as it was at
// commit f57f44c, before its heuristic's board pass and its tree were
// rewritten for speed: speed must not change what the search does.

// greedyViews returns the views of the decisions with more than one legal
// move of a game of players greedy bots seeded with seed.
func greedyViews(tb testing.TB, players int, seed uint64) []elasund.View {
	tb.Helper()
	g, err := elasund.New(elasund.Config{Players: players, Seed: seed, MaxTurns: 300})
	if err != nil {
		tb.Fatal(err)
	}
	greedy := NewGreedy(seed)
	var views []elasund.View
	for !g.Over() {
		v := g.View(g.ToMove())
		if len(v.Legal()) > 1 {
			views = append(views, v)
		}
		m, err := greedy.Choose(v)
		if err != nil {
			tb.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return views
}

// rootVisits returns the visits of the root's moves that have a node, in
// the order of the root's candidates, joined by spaces.
func rootVisits(tr *tree) string {
	var out []string
	for _, c := range tr.candidates(0) {
		if c.child >= 0 {
			out = append(out, fmt.Sprint(tr.nodes[c.child].visits))
		}
	}
	return strings.Join(out, " ")
}

// TestISMCTSGolden checks that fixed seeds choose the recorded moves, and
// that a one-worker search visits the root's moves as recorded (the
// visits of the root's moves that have a node, in the order of its
// candidates), in positions of 2-, 3- and 4-player games.
func TestISMCTSGolden(t *testing.T) {
	tests := []struct {
		players    int
		gameSeed   uint64
		at         int // the index of the view among greedyViews'
		iterations int
		workers    int
		want       string
		visits     string // for one worker
	}{
		{2, 7, 0, 300, 0, "wall Nd", "109 98 92"},
		{2, 7, 0, 500, 3, "wall Nd", ""},
		{2, 7, 3, 300, 0, "take gold", "18 18 17 17 16 17 23 20 17 15 14 16 17 14 14 12 14 13 7"},
		{2, 7, 3, 500, 3, "take gold", ""},
		{2, 7, 10, 300, 0, "end build", "182 60 57"},
		{2, 7, 10, 500, 3, "end build", ""},
		{2, 7, 25, 300, 0, "move permit c5 a5 pay blue", "20 22 18 28 14 21 15 10 11 14 15 11 12 11 20 21 18 11 7"},
		{2, 7, 25, 500, 3, "move permit c5 a5 pay blue", ""},
		{2, 7, 60, 300, 0, "permit 2 a11", "13 17 20 16 19 18 17 16 16 19 14 19 16 16 16 15 14 11 7"},
		{2, 7, 60, 500, 3, "permit 3 a11", ""},
		{2, 7, 120, 300, 0, "build tavern d10 pay blue", "34 37 36 30 35 4 1 2 15 18 18 18 6 7 5 4 18 4 7"},
		{2, 7, 120, 500, 3, "build large d10", ""},
		{3, 11, 0, 300, 0, "wall Nf", "103 101 95"},
		{3, 11, 0, 500, 3, "wall Nf", ""},
		{3, 11, 3, 300, 0, "pirates 8", "30 34 32 36 38 36 33 31 29"},
		{3, 11, 3, 500, 3, "pirates 8", ""},
		{3, 11, 10, 300, 0, "end turn", "23 19 17 16 15 18 19 17 18 17 17 13 15 15 14 16 13 10 7"},
		{3, 11, 10, 500, 3, "end turn", ""},
		{3, 11, 25, 300, 0, "build tavern b4", "31 29 37 35 22 21 13 16 24 15 14 13 17 12"},
		{3, 11, 25, 500, 3, "build shop b4", ""},
		{3, 11, 60, 300, 0, "take gold", "20 23 18 20 28 19 14 14 15 16 16 12 16 13 16 13 12 9 5"},
		{3, 11, 60, 500, 3, "take gold", ""},
		{3, 11, 120, 300, 0, "take gold", "19 20 15 19 18 18 20 17 16 17 18 14 16 14 13 14 13 11 7"},
		{3, 11, 120, 500, 3, "take gold", ""},
		{4, 5, 0, 300, 0, "wall Sh", "70 77 66 42 44"},
		{4, 5, 0, 500, 3, "wall Sh", ""},
		{4, 5, 3, 300, 0, "end turn", "23 19 15 15 15 17 20 18 18 21 17 16 15 15 13 12 12 11 7"},
		{4, 5, 3, 500, 3, "end turn", ""},
		{4, 5, 10, 300, 0, "permit 0 a3", "20 18 17 17 17 16 17 17 17 17 17 16 16 16 15 14 12 11 9"},
		{4, 5, 10, 500, 3, "permit 0 a3", ""},
		{4, 5, 25, 300, 0, "bonus gold", "17 23 18 16 21 14 16 15 16 17 16 19 16 15 15 14 12 11 8"},
		{4, 5, 25, 500, 3, "bonus gold", ""},
		{4, 5, 60, 300, 0, "end build", "155 45 77 22"},
		{4, 5, 60, 500, 3, "end build", ""},
		{4, 5, 120, 300, 0, "discard 1 blue 1 green", "78 73 70 78"},
		{4, 5, 120, 500, 3, "discard 2 gold", ""},
		{4, 5, 200, 300, 0, "move permit g5 a12 pay yellow", "20 25 19 11 16 17 14 17 17 14 21 21 15 14 13 11 15 12 7"},
		{4, 5, 200, 500, 3, "move permit g5 a12 pay yellow", ""},
	}
	views := map[[2]uint64][]elasund.View{}
	for _, tc := range tests {
		key := [2]uint64{uint64(tc.players), tc.gameSeed}
		if views[key] == nil {
			views[key] = greedyViews(t, tc.players, tc.gameSeed)
		}
		v := views[key][tc.at]
		b, err := NewISMCTS(uint64(tc.at)+1, ISMCTSOptions{Iterations: tc.iterations, Workers: tc.workers})
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.Choose(v)
		if err != nil || m.String() != tc.want {
			t.Errorf("%d players, seed %d, view %d, %d iterations, %d workers: %v, %v; want %s",
				tc.players, tc.gameSeed, tc.at, tc.iterations, tc.workers, m, err, tc.want)
		}
		if tc.workers > 1 {
			continue
		}
		if got := rootVisits(b.trees[0]); got != tc.visits {
			t.Errorf("%d players, seed %d, view %d, %d iterations: root visits\n%s\nwant\n%s",
				tc.players, tc.gameSeed, tc.at, tc.iterations, got, tc.visits)
		}
	}
}

// TestISMCTSGoldenGames checks whole games between an ISMCTS bot and
// greedy bots against the recorded ones: every move of the game is hashed,
// so that one move chosen differently anywhere changes the hash.
func TestISMCTSGoldenGames(t *testing.T) {
	tests := []struct {
		players, iterations, workers int
		moves                        int
		hash                         uint64
		winner                       elasund.Player
	}{
		{2, 80, 0, 251, 0x71576dc9f7bf26de, 0},
		{3, 80, 2, 271, 0x88181b5e45057d7, 2},
	}
	for _, tc := range tests {
		n, h, w := ismctsGame(t, tc.players, ISMCTSOptions{Iterations: tc.iterations, Workers: tc.workers})
		if n != tc.moves || h != tc.hash || w != tc.winner {
			t.Errorf("%d players, ismcts:%d with %d workers: %d moves, hash %#x, winner %d; want %d, %#x, %d",
				tc.players, tc.iterations, tc.workers, n, h, w, tc.moves, tc.hash, tc.winner)
		}
	}
}

// ismctsGame plays a game of seed 21 and at most 60 turns between an
// ISMCTS bot with the options opts, seeded 5, in the first seat and greedy
// bots, and returns the number of moves, the FNV-1a hash of the moves'
// notation (one a line) and the winner.
func ismctsGame(tb testing.TB, players int, opts ISMCTSOptions) (int, uint64, elasund.Player) {
	tb.Helper()
	g, err := elasund.New(elasund.Config{Players: players, Seed: 21, MaxTurns: 60})
	if err != nil {
		tb.Fatal(err)
	}
	seats := make([]Bot, players)
	for q := range seats {
		seats[q] = NewGreedy(uint64(q))
	}
	if seats[0], err = NewISMCTS(5, opts); err != nil {
		tb.Fatal(err)
	}
	h := fnv.New64a()
	n := 0
	for ; !g.Over(); n++ {
		p := g.ToMove()
		m, err := seats[p].Choose(g.View(p))
		if err != nil {
			tb.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
		fmt.Fprintln(h, m)
	}
	return n, h.Sum64(), g.Winner()
}
