package tourney

import (
	"context"
	"testing"
)

// BenchmarkRandomGames measures the referee's throughput: 200 games of two
// random bots a round, one at a time (b.N rounds).
func BenchmarkRandomGames(b *testing.B) {
	for b.Loop() {
		tr := &Tournament{Entrants: entrants(2), Players: 2, Games: 200, Seed: 1, MaxTurns: 300, Parallel: 1}
		if _, err := tr.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
