package tourney

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// entrants returns n built-in random entrants named r0, r1, ….
func entrants(n int) []Entrant {
	out := make([]Entrant, n)
	for i := range out {
		out[i] = BuiltIn("random")
		out[i].Name = fmt.Sprintf("r%d", i)
	}
	return out
}

// TestSeatings: every ordered choice of distinct entrants for the seats,
// once each, in lexicographic order; every entrant sits in every seat
// equally often; Len rounds the games up to whole deals.
func TestSeatings(t *testing.T) {
	cases := []struct {
		bots, players, want int
	}{
		{2, 2, 2}, {3, 2, 6}, {3, 3, 6}, {4, 3, 24}, {4, 4, 24}, {5, 2, 20}, {6, 4, 360},
	}
	for _, c := range cases {
		tr := &Tournament{Entrants: entrants(c.bots), Players: c.players}
		s := tr.Seatings()
		if len(s) != c.want {
			t.Errorf("%d bots, %d seats: %d seatings; want %d", c.bots, c.players, len(s), c.want)
			continue
		}
		if !slices.IsSortedFunc(s, slices.Compare[[]int]) {
			t.Errorf("%d bots, %d seats: not in lexicographic order", c.bots, c.players)
		}
		seen := map[string]bool{}
		inSeat := make([][]int, c.bots)
		for e := range inSeat {
			inSeat[e] = make([]int, c.players)
		}
		for _, seating := range s {
			key := fmt.Sprint(seating)
			if seen[key] {
				t.Errorf("seating %v twice", seating)
			}
			seen[key] = true
			used := map[int]bool{}
			for p, e := range seating {
				if used[e] {
					t.Errorf("seating %v seats %d twice", seating, e)
				}
				used[e] = true
				inSeat[e][p]++
			}
		}
		for e := range inSeat {
			for p := range inSeat[e] {
				if inSeat[e][p] != inSeat[0][0] {
					t.Errorf("%d bots, %d seats: bot %d sits in seat %d %d times, bot 0 in seat 0 %d times",
						c.bots, c.players, e, p, inSeat[e][p], inSeat[0][0])
				}
			}
		}
		for _, games := range []int{1, c.want, c.want + 1, 3*c.want - 1} {
			tr.Games = games
			want := (games + c.want - 1) / c.want * c.want
			if tr.Len() != want {
				t.Errorf("%d bots, %d seats, %d games: Len %d; want %d", c.bots, c.players, games, tr.Len(), want)
			}
		}
	}
	three := (&Tournament{Entrants: entrants(3), Players: 3}).Seatings()
	want := [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	if !reflect.DeepEqual(three, want) {
		t.Errorf("3 bots in 3 seats: %v; want %v", three, want)
	}
}

// TestRunSeatingSeeds: with SeatingSeeds every game of a deal has a seed
// of its own, SeatingSeed of the deal and seating (Key.SeatingSeed with a
// key); without, the seatings of a deal share the deal's.
func TestRunSeatingSeeds(t *testing.T) {
	k := NewKey()
	cases := []struct {
		key   *Key
		apart bool
		want  func(d, s int) uint64
	}{
		{nil, false, func(d, s int) uint64 { return GameSeed(9, d) }},
		{nil, true, func(d, s int) uint64 { return SeatingSeed(9, d, s) }},
		{&k, false, func(d, s int) uint64 { return k.DealSeed(d) }},
		{&k, true, func(d, s int) uint64 { return k.SeatingSeed(d, s) }},
	}
	for _, c := range cases {
		tr := &Tournament{Entrants: entrants(3), Players: 2, Games: 12, Seed: 9, Key: c.key, SeatingSeeds: c.apart, MaxTurns: 20, Parallel: 2}
		games, err := tr.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		seen := map[uint64]bool{}
		for i, g := range games {
			if want := c.want(i/6, i%6); g.Config.Seed != want {
				t.Errorf("key %v, apart %v: game %d: seed %d; want %d", c.key != nil, c.apart, i, g.Config.Seed, want)
			}
			seen[g.Config.Seed] = true
		}
		if want := map[bool]int{false: 2, true: 12}[c.apart]; len(seen) != want {
			t.Errorf("key %v, apart %v: %d seeds for 12 games; want %d", c.key != nil, c.apart, len(seen), want)
		}
	}
}

// TestRunGames: game i is seating i mod S of deal i/S; the games of a deal
// share their seed, and different deals do not; every bot is made with
// BotSeed of its game and seat.
func TestRunGames(t *testing.T) {
	var made atomic.Int64
	es := entrants(3)
	seeds := make([][]uint64, 12)
	for i := range seeds {
		seeds[i] = make([]uint64, 2)
	}
	for e := range es {
		es[e].New = func(s Seat) (bots.Bot, error) {
			made.Add(1)
			seeds[s.Game][s.Seat] = s.Seed
			return bots.NewRandom(s.Seed), nil
		}
	}
	tr := &Tournament{Entrants: es, Players: 2, Games: 12, Seed: 9, MaxTurns: 50, Parallel: 2}
	games, err := tr.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seatings := tr.Seatings()
	for i, g := range games {
		if g.Index != i || g.Deal != i/6 || !reflect.DeepEqual(g.Seating, seatings[i%6]) || !g.Played {
			t.Errorf("game %d: index %d, deal %d, seating %v, played %v", i, g.Index, g.Deal, g.Seating, g.Played)
		}
		if g.Config.Seed != GameSeed(9, i/6) || g.Config.MaxTurns != 50 || g.Config.Players != 2 {
			t.Errorf("game %d: config %+v", i, g.Config)
		}
		for p := range 2 {
			if seeds[i][p] != BotSeed(9, i, p) {
				t.Errorf("game %d seat %d: bot seed %d; want %d", i, p, seeds[i][p], BotSeed(9, i, p))
			}
		}
		if len(g.Result.Record.Moves) != 0 {
			t.Errorf("game %d keeps its record", i)
		}
	}
	if made.Load() != 24 {
		t.Errorf("%d bots made for 12 games of 2", made.Load())
	}
	if GameSeed(9, 0) == GameSeed(9, 1) || GameSeed(9, 0) == GameSeed(10, 0) || BotSeed(9, 0, 0) == BotSeed(9, 0, 1) {
		t.Error("seeds collide")
	}
}

// TestRunDeterministic: the same tournament played 1, 2 and 5 games at a
// time gives the same games, results and records (bots use their seeds).
func TestRunDeterministic(t *testing.T) {
	var runs [][]Match
	for _, parallel := range []int{1, 2, 5} {
		tr := &Tournament{Entrants: entrants(3), Players: 3, Games: 30, Seed: 4, MaxTurns: 300, Parallel: parallel, KeepRecords: true}
		games, err := tr.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			games[i].Result.Think = nil // time is not a result
		}
		runs = append(runs, games)
	}
	for i := 1; i < len(runs); i++ {
		if !reflect.DeepEqual(runs[0], runs[i]) {
			for g := range runs[0] {
				if !reflect.DeepEqual(runs[0][g], runs[i][g]) {
					t.Fatalf("run %d differs from run 0 first in game %d:\n%+v\n%+v", i, g, runs[0][g].Result.Outcome, runs[i][g].Result.Outcome)
				}
			}
		}
	}
	winners := map[elasund.Player]int{}
	for _, g := range runs[0] {
		winners[g.Result.Winner]++
	}
	if len(winners) < 2 {
		t.Errorf("winners %v: the games look alike", winners)
	}
}

// TestRunRefuses: bad settings are refused before any game.
func TestRunRefuses(t *testing.T) {
	ok := Tournament{Entrants: entrants(2), Players: 2, Games: 1, MaxTurns: 10}
	dup := entrants(2)
	dup[1].Name = dup[0].Name
	cases := []struct {
		name string
		edit func(t *Tournament)
		want string
	}{
		{"one bot", func(t *Tournament) { t.Entrants = entrants(1) }, "at least 2"},
		{"five players", func(t *Tournament) { t.Players = 5 }, "2 to 4"},
		{"too few bots", func(t *Tournament) { t.Players = 3 }, "more than once"},
		{"no games", func(t *Tournament) { t.Games = 0 }, "at least 1"},
		{"no turn limit", func(t *Tournament) { t.MaxTurns = 0 }, "positive"},
		{"negative parallel", func(t *Tournament) { t.Parallel = -1 }, "parallel"},
		{"same names", func(t *Tournament) { t.Entrants = dup }, "two entrants"},
		{"no New", func(t *Tournament) { t.Entrants = []Entrant{{Name: "x"}, {Name: "y"}} }, "needs a name and a New"},
	}
	for _, c := range cases {
		tr := ok
		c.edit(&tr)
		if _, err := tr.Run(context.Background()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error about %q", c.name, err, c.want)
		}
	}
}

// TestRunStops: an error of OnGame or of New, or the end of the context,
// stops the tournament with that error; the games not finished are left
// unplayed and those finished keep their results.
func TestRunStops(t *testing.T) {
	stop := errors.New("enough")
	tr := &Tournament{Entrants: entrants(2), Players: 2, Games: 40, MaxTurns: 300, Parallel: 2}
	n := 0
	tr.OnGame = func(g *Match) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	}
	games, err := tr.Run(context.Background())
	if !errors.Is(err, stop) {
		t.Fatalf("OnGame's error: Run returned %v", err)
	}
	played := 0
	for _, g := range games {
		if g.Played {
			played++
		}
	}
	if played < 3 || played == len(games) {
		t.Errorf("%d of %d games played after OnGame stopped the run at the third", played, len(games))
	}

	es := entrants(2)
	es[1].New = func(s Seat) (bots.Bot, error) { return nil, errors.New("no such bot") }
	tr = &Tournament{Entrants: es, Players: 2, Games: 4, MaxTurns: 300, Parallel: 1}
	if _, err := tr.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "no such bot") {
		t.Errorf("New's error: Run returned %v", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	es = entrants(2)
	es[0].New = func(s Seat) (bots.Bot, error) { return slow{bots.NewRandom(s.Seed)}, nil }
	tr = &Tournament{Entrants: es, Players: 2, Games: 1000, MaxTurns: 300, Parallel: 2}
	start := time.Now()
	games, err = tr.Run(ctx)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("the end of the context: Run returned %v after %v", err, time.Since(start))
	}
	for _, g := range games {
		if g.Played {
			t.Errorf("game %d was played to its end in 50 ms by a slow bot", g.Index)
		}
	}
}

// slow is a bot that takes a millisecond over each move.
type slow struct{ bots.Bot }

func (s slow) Choose(v elasund.View) (elasund.Move, error) {
	time.Sleep(time.Millisecond)
	return s.Bot.Choose(v)
}
