package bots_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/elasund/elasund/examples/arena/tourney"
)

// TestStrength measures the strength table of docs/bots.md: each pairing plays
// ELASUND_STRENGTH games (at least 200 for the table), 2 players, both
// seatings of every deal, seed 1, a draw at turn 300. It is opt-in, and
// slow (ISMCTS takes about 20 ms a decision):
//
//	ELASUND_STRENGTH=200 go test -run '^TestStrength$' -v -timeout 90m ./examples/bots
//
// It prints each pairing's wins, losses, draws, win rate and 95% Wilson
// interval, and fails when a claimed rate is outside the interval's
// reach (the interval's upper bound below the claim).
func TestStrength(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("ELASUND_STRENGTH"))
	if games <= 0 {
		t.Skip("set ELASUND_STRENGTH=200 to measure the bots' strength")
	}
	pairings := []struct {
		a, b  string
		claim float64
	}{
		{"greedy", "random", 0.85},
		{"ismcts", "greedy", 0.70},
	}
	for _, pr := range pairings {
		tour := tourney.Tournament{
			Entrants: []tourney.Entrant{tourney.BuiltIn(pr.a), tourney.BuiltIn(pr.b)},
			Players:  2, Games: games, Seed: 1, MaxTurns: 300, Parallel: 2,
		}
		played, err := tour.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		s := tourney.Summarize([]string{pr.a, pr.b}, 2, played, pr.b)
		h, _ := s.Pair(pr.a, pr.b)
		t.Logf("%s vs %s: %d games, %d–%d, %d draws; %s wins %.1f%%, 95%% CI %.1f–%.1f%% (claim ≥ %.0f%%)",
			pr.a, pr.b, h.Games, h.AWins, h.BWins, h.Games-h.AWins-h.BWins, pr.a, 100*h.WinRate, 100*h.Low, 100*h.High, 100*pr.claim)
		if h.High < pr.claim {
			t.Errorf("%s beat %s in %.1f%% of %d games: the claim of %.0f%% is out of reach", pr.a, pr.b, 100*h.WinRate, h.Games, 100*pr.claim)
		}
	}
}
