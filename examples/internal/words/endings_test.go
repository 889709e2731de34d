package words

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// played returns a table of cfg played by a seeded random player until
// it is over.
func played(t *testing.T, cfg elasund.Config) *elasund.Table {
	t.Helper()
	tb := newTable(t, cfg)
	r := rand.New(rand.NewPCG(cfg.Seed, 9))
	for !tb.Over() {
		p := tb.ToMove()
		legal := tb.Legal(p)
		if _, err := tb.Play(p, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// TestEnding checks the sentence of every way a game ends, against
// sentences written out in full where the position is known by hand, and
// against the cubes on the board where a random game decides.
func TestEnding(t *testing.T) {
	two := elasund.Config{Players: 2, Seed: 1}
	three := elasund.Config{Players: 3, Seed: 1}
	tests := []struct {
		name string
		make func() *elasund.Table
		want string
	}{
		{"not over", func() *elasund.Table { return newTable(t, two) }, "The game goes on."},
		{"abandoned at the start", func() *elasund.Table {
			tb := newTable(t, two)
			tb.Abandon()
			return tb
		}, "The game was abandoned; Red and Blue share the lead with 0 cubes."},
		{"forfeit of two", func() *elasund.Table {
			tb := newTable(t, two)
			if err := tb.Forfeit(0); err != nil {
				t.Fatal(err)
			}
			return tb
		}, "Red left the table, so Blue wins."},
		{"forfeit of three", func() *elasund.Table {
			tb := newTable(t, three)
			if err := tb.Forfeit(2); err != nil {
				t.Fatal(err)
			}
			return tb
		}, "Green left the table, which ended the game; Red and Blue share the lead with 0 cubes."},
		{"turn limit after one turn", func() *elasund.Table {
			return played(t, elasund.Config{Players: 2, Seed: 1, MaxTurns: 1})
		}, "The game reached its turn limit; Red and Blue share the lead with 0 cubes."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.make()
			if got := Ending(tb.Outcome(), tb.Color); got != tc.want {
				t.Errorf("Ending = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEndingRandomGames checks the sentences of random games that end by
// the rules and at a turn limit against the cubes on the board.
func TestEndingRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		tb := played(t, elasund.Config{Players: 3, Seed: seed})
		g, err := tb.Game()
		if err != nil {
			t.Fatal(err)
		}
		w := g.Winner()
		if w == elasund.NoPlayer || g.CubesPlaced(w) != elasund.CubesPerPlayer {
			t.Fatalf("seed %d: a random game ended without a winner by the rules", seed)
		}
		want := capital(g.Color(w).String()) + " won by placing all 10 cubes."
		if got := Ending(tb.Outcome(), tb.Color); got != want {
			t.Errorf("seed %d: Ending = %q, want %q", seed, got, want)
		}

		tb = played(t, elasund.Config{Players: 3, Seed: seed, MaxTurns: 40})
		g, _ = tb.Game()
		best, leaders := -1, []string{}
		for p := range elasund.Player(3) {
			switch c := g.CubesPlaced(p); {
			case c > best:
				best, leaders = c, []string{capital(g.Color(p).String())}
			case c == best:
				leaders = append(leaders, capital(g.Color(p).String()))
			}
		}
		got := Ending(tb.Outcome(), tb.Color)
		if !strings.HasPrefix(got, "The game reached its turn limit; ") {
			t.Errorf("seed %d: Ending = %q, not a turn limit", seed, got)
		}
		for _, l := range leaders {
			if !strings.Contains(got, l) {
				t.Errorf("seed %d: Ending = %q does not name leader %s", seed, got, l)
			}
		}
		if len(leaders) == 1 && !strings.Contains(got, " leads with ") || len(leaders) > 1 && !strings.Contains(got, " share the lead with ") {
			t.Errorf("seed %d: Ending = %q for leaders %v", seed, got, leaders)
		}
	}
}
