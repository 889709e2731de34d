package elasund

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestMethodString(t *testing.T) {
	for _, tc := range []struct {
		m    Method
		want string
	}{
		{NoMethod, "not over"},
		{AllCubesPlaced, "all cubes placed"},
		{TurnLimitReached, "turn limit reached"},
		{Abandoned, "abandoned"},
		{Forfeited, "forfeited"},
		{Method(9), "Method(9)"},
	} {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("Method(%d).String() = %q, want %q", uint8(tc.m), got, tc.want)
		}
		if m, ok := parseMethod(tc.want); ok != (tc.m > NoMethod && tc.m <= Forfeited) || ok && m != tc.m {
			t.Errorf("parseMethod(%q) = %v, %v", tc.want, m, ok)
		}
	}
}

// endedGame returns a game of len(cubes) players (Red, Blue, Green, Yellow)
// with the cubes placed the list gives. A winner of -1 leaves it going on,
// -2 ends it at the turn limit, a seat ends it won by that seat. Only what
// Outcome reads is set: the position is not one play reaches.
func endedGame(t *testing.T, cubes []uint8, winner int) *Game {
	t.Helper()
	g := newTestGame(t, len(cubes))
	copy(g.cubes[:], cubes)
	switch {
	case winner == -2:
		g.phase = PhaseOver
	case winner >= 0:
		g.phase, g.winner = PhaseOver, int8(winner)
	}
	return g
}

// TestOutcomeRanking checks the ranking rule (interpretation 20) on
// positions whose standings are worked out by hand: the winner first,
// then by cubes placed with equal cubes sharing a place, a forfeiter last;
// places count the seats above (1, 2, 2, 4); the seats in first place
// share a return of 1.
func TestOutcomeRanking(t *testing.T) {
	const none, turnLimit = -1, -2
	tests := []struct {
		name    string
		cubes   []uint8
		winner  int   // as endedGame takes it
		end     uint8 // the host's ending
		method  Method
		won     Player
		places  []int
		order   []Player // the standings' seats
		returns []float64
		text    string
	}{
		{"red places the tenth cube", []uint8{10, 7, 7}, 0, 0, AllCubesPlaced, 0,
			[]int{1, 2, 2}, []Player{0, 1, 2}, []float64{1, 0, 0},
			"all cubes placed, red wins: 1. red 10 cubes, 2. blue 7 cubes, 2. green 7 cubes"},
		{"the winner is first whatever the cubes", []uint8{3, 10}, 1, 0, AllCubesPlaced, 1,
			[]int{2, 1}, []Player{1, 0}, []float64{0, 1},
			"all cubes placed, blue wins: 1. blue 10 cubes, 2. red 3 cubes"},
		{"the turn limit ranks by cubes", []uint8{3, 5, 5, 1}, turnLimit, 0, TurnLimitReached, NoPlayer,
			[]int{3, 1, 1, 4}, []Player{1, 2, 0, 3}, []float64{0, 0.5, 0.5, 0},
			"turn limit reached, no winner: 1. blue 5 cubes, 1. green 5 cubes, 3. red 3 cubes, 4. yellow 1 cube"},
		{"abandoned with equal cubes", []uint8{2, 2, 2, 2}, none, endAbandoned, Abandoned, NoPlayer,
			[]int{1, 1, 1, 1}, []Player{0, 1, 2, 3}, []float64{0.25, 0.25, 0.25, 0.25},
			"abandoned, no winner: 1. red 2 cubes, 1. blue 2 cubes, 1. green 2 cubes, 1. yellow 2 cubes"},
		{"three seats share first place", []uint8{4, 4, 1, 4}, none, endAbandoned, Abandoned, NoPlayer,
			[]int{1, 1, 4, 1}, []Player{0, 1, 3, 2}, []float64{1.0 / 3, 1.0 / 3, 0, 1.0 / 3},
			"abandoned, no winner: 1. red 4 cubes, 1. blue 4 cubes, 1. yellow 4 cubes, 4. green 1 cube"},
		{"two seats: the forfeiter's opponent wins", []uint8{6, 2}, none, endForfeit + 0, Forfeited, 1,
			[]int{2, 1}, []Player{1, 0}, []float64{0, 1},
			"forfeited by red, blue wins: 1. blue 2 cubes, 2. red 6 cubes (forfeited)"},
		{"four seats: nobody wins, the forfeiter is last", []uint8{4, 9, 4, 3}, none, endForfeit + 1, Forfeited, NoPlayer,
			[]int{1, 4, 1, 3}, []Player{0, 2, 3, 1}, []float64{0.5, 0, 0.5, 0},
			"forfeited by blue, no winner: 1. red 4 cubes, 1. green 4 cubes, 3. yellow 3 cubes, 4. blue 9 cubes (forfeited)"},
		{"three seats: the others share first place", []uint8{1, 1, 0}, none, endForfeit + 2, Forfeited, NoPlayer,
			[]int{1, 1, 3}, []Player{0, 1, 2}, []float64{0.5, 0.5, 0},
			"forfeited by green, no winner: 1. red 1 cube, 1. blue 1 cube, 3. green 0 cubes (forfeited)"},
		{"a game over by the rules stays so", []uint8{9, 10}, 1, endForfeit + 1, AllCubesPlaced, 1,
			[]int{2, 1}, []Player{1, 0}, []float64{0, 1},
			"all cubes placed, blue wins: 1. blue 10 cubes, 2. red 9 cubes"},
		{"not over", []uint8{4, 2, 2}, none, 0, NoMethod, NoPlayer,
			[]int{0, 0, 0}, nil, []float64{0, 0, 0}, "not over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := endedGame(t, tc.cubes, tc.winner).outcome(tc.end)
			if o.Method != tc.method || o.Winner != tc.won || o.Over() != (tc.method != NoMethod) {
				t.Fatalf("method %v, winner %d, over %v; want %v, %d", o.Method, o.Winner, o.Over(), tc.method, tc.won)
			}
			for p, want := range tc.places {
				if got := o.Place(Player(p)); got != want {
					t.Errorf("Place(%d) = %d, want %d", p, got, want)
				}
			}
			wantForfeiter := NoPlayer
			if tc.method == Forfeited {
				wantForfeiter = Player(tc.end - endForfeit)
			}
			if o.Forfeiter() != wantForfeiter {
				t.Errorf("Forfeiter = %d, want %d", o.Forfeiter(), wantForfeiter)
			}
			var seats []Player
			for i, s := range o.Standings() {
				seats = append(seats, s.Player)
				want := Standing{Player: s.Player, Color: Color(int(Red) + int(s.Player)), Place: tc.places[s.Player],
					Cubes: int(tc.cubes[s.Player]), Won: s.Player == tc.won, Forfeited: s.Player == wantForfeiter}
				if s != want {
					t.Errorf("standing %d = %+v, want %+v", i, s, want)
				}
			}
			if !slices.Equal(seats, tc.order) {
				t.Errorf("standings in the order of seats %v, want %v", seats, tc.order)
			}
			if got := o.Returns([]float64{7}); !slices.Equal(got, append([]float64{7}, tc.returns...)) {
				t.Errorf("Returns appended %v, want %v after the 7", got, tc.returns)
			}
			if got := o.String(); got != tc.text {
				t.Errorf("String() =\n%q, want\n%q", got, tc.text)
			}
			for _, p := range []Player{NoPlayer, Player(len(tc.cubes)), 9, -100} {
				if o.Place(p) != 0 {
					t.Errorf("Place(%d) = %d for a non-seat", p, o.Place(p))
				}
			}
		})
	}
}

// TestOutcomeOfNoGame: the zero Game, and the zero Outcome, have no seats
// and are not over.
func TestOutcomeOfNoGame(t *testing.T) {
	o := (&Game{}).Outcome()
	if o != (Outcome{Winner: NoPlayer, forfeiter: NoPlayer}) || o.Over() || o.Standings() != nil ||
		len(o.Returns(nil)) != 0 || o.Place(0) != 0 || o.String() != "not over" {
		t.Errorf("the zero Game's outcome %+v", o)
	}
	var z Outcome
	if z.Over() || z.Standings() != nil || len(z.Returns(nil)) != 0 || z.Place(0) != 0 || z.Forfeiter() != 0 {
		t.Errorf("the zero Outcome: over %v, standings %v", z.Over(), z.Standings())
	}
}

// TestOutcomeOfPlayedGames: games played to their end by the rules (seeded
// random play) are won by the seat that placed ten cubes, or end at the
// turn limit without a winner.
func TestOutcomeOfPlayedGames(t *testing.T) {
	for _, tc := range []struct {
		players  int
		seed     uint64
		maxTurns int
	}{{2, 5, 0}, {3, 6, 0}, {4, 7, 0}, {3, 8, 6}, {4, 9, 12}} {
		g, err := New(Config{Players: tc.players, Seed: tc.seed, MaxTurns: tc.maxTurns})
		if err != nil {
			t.Fatal(err)
		}
		r := newChooser(tc.seed)
		var buf []Move
		for !g.Over() {
			if o := g.Outcome(); o.Over() || o.Winner != NoPlayer {
				t.Fatalf("mid-game outcome %v", o)
			}
			buf = g.AppendLegal(buf[:0])
			mustApply(t, g, buf[r.intn(len(buf))])
		}
		o := g.Outcome()
		switch {
		case tc.maxTurns > 0:
			if o.Method != TurnLimitReached || o.Winner != NoPlayer || g.Turn() != tc.maxTurns {
				t.Errorf("%+v: %v after %d turns, want the turn limit", tc, o, g.Turn())
			}
		case o.Method != AllCubesPlaced || o.Winner != g.Winner() || g.CubesPlaced(o.Winner) != CubesPerPlayer || o.Place(o.Winner) != 1:
			t.Errorf("%+v: %v, winner %d with %d cubes", tc, o, g.Winner(), g.CubesPlaced(g.Winner()))
		}
		if v := g.View(0); v.Outcome() != o || v.Winner() != o.Winner {
			t.Errorf("%+v: the view's outcome %v, the game's %v", tc, v.Outcome(), o)
		}
	}
}

// TestOutcomeProperties is a rapid property over random games at a table,
// ended by the rules, at a random point by Abandon, or by a random seat's
// Forfeit: the outcome is over; the returns sum to 1 and are 1/k for the k
// seats in first place; the winner is first and alone there; a forfeiter
// is last and alone there; among the others, more cubes is a better
// place and equal cubes the same place; the standings list every seat
// once, by place and seat; every view tells the same outcome.
func TestOutcomeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
		tab, err := NewTable(Config{Players: n, Seed: rapid.Uint64().Draw(t, "seed"), MaxTurns: rapid.IntRange(1, 80).Draw(t, "maxTurns")})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "play"), 1))
		for steps := rapid.IntRange(0, 3000).Draw(t, "steps"); steps > 0 && !tab.Over(); steps-- {
			p := tab.ToMove()
			legal := tab.Legal(p)
			if _, err := tab.Play(p, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if !tab.Over() {
			if f := rapid.IntRange(-1, n-1).Draw(t, "forfeiter"); f < 0 {
				tab.Abandon()
			} else if err := tab.Forfeit(Player(f)); err != nil {
				t.Fatal(err)
			}
		}
		checkOutcome(t, tab)
	})
}

// checkOutcome checks the properties TestOutcomeProperties states.
func checkOutcome(t *rapid.T, tab *Table) {
	o, n := tab.Outcome(), tab.Players()
	if !o.Over() || o.Winner != tab.Winner() {
		t.Fatalf("outcome %v of a table that is over", o)
	}
	returns := o.Returns(nil)
	sum, first := 0.0, 0
	for p := range Player(n) {
		sum += returns[p]
		if o.Place(p) == 1 {
			first++
		}
	}
	if len(returns) != n || sum != 1 {
		t.Fatalf("returns %v sum to %v", returns, sum)
	}
	for p := range Player(n) {
		if want := 0.0; o.Place(p) == 1 && returns[p] != 1/float64(first) || o.Place(p) != 1 && returns[p] != want {
			t.Fatalf("seat %d in place %d has return %v (%d seats first)", p, o.Place(p), returns[p], first)
		}
		cubes := tab.View(NoPlayer).CubesPlaced(p)
		for q := range Player(n) {
			switch {
			case p == q:
			case p == o.Winner || q == o.Forfeiter():
				if o.Place(p) >= o.Place(q) {
					t.Fatalf("%v: seat %d (winner %d, forfeiter %d) not above seat %d", o, p, o.Winner, o.Forfeiter(), q)
				}
			case q == o.Winner || p == o.Forfeiter():
			case cubes > tab.View(NoPlayer).CubesPlaced(q) && o.Place(p) >= o.Place(q),
				cubes == tab.View(NoPlayer).CubesPlaced(q) && o.Place(p) != o.Place(q):
				t.Fatalf("%v: seats %d and %d are not ranked by cubes", o, p, q)
			}
		}
	}
	st := o.Standings()
	if len(st) != n || !slices.IsSortedFunc(st, func(a, b Standing) int {
		return 4*(a.Place-b.Place) + int(a.Player-b.Player)
	}) {
		t.Fatalf("standings %+v", st)
	}
	for p := range Player(n) + 1 {
		if v := tab.View(p - 1); v.Outcome() != o || !v.Over() || v.Decides() {
			t.Fatalf("seat %d's view: outcome %v, over %v, decides %v", p-1, v.Outcome(), v.Over(), v.Decides())
		}
	}
}

// TestOutcomeDoesNotAllocate: an Outcome is built, ranked and read without
// allocating (Standings and Returns given room).
func TestOutcomeDoesNotAllocate(t *testing.T) {
	tab := newTestTable(t, Config{Players: 4, Seed: 3})
	playTable(t, tab, rand.New(rand.NewPCG(3, 3)), 200)
	if err := tab.Forfeit(2); err != nil {
		t.Fatal(err)
	}
	st := make([]Standing, 0, MaxPlayers)
	ret := make([]float64, 0, MaxPlayers)
	v := tab.View(1)
	allocs := testing.AllocsPerRun(100, func() {
		o := tab.Outcome()
		st = o.AppendStandings(st[:0])
		ret = o.Returns(ret[:0])
		_ = v.Outcome().Place(1) + tab.g.Outcome().Place(0)
	})
	if allocs != 0 {
		t.Errorf("Outcome, AppendStandings and Returns allocate %v times", allocs)
	}
}
