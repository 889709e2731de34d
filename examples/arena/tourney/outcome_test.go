package tourney

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// replayed plays the moves of rec at a new Table of rec's Config (its
// seed: the same cards and dice), rolls as plain rolls, ends it with end
// (Table.Forfeit, Table.Abandon, or nothing), and returns the library's
// Outcome of that table.
func replayed(t *testing.T, rec elasund.Record, end func(*elasund.Table) error) elasund.Outcome {
	t.Helper()
	tb, err := elasund.NewTable(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rec.Moves {
		if m.Kind == elasund.Roll {
			m.Dice = [2]uint8{} // the table rolls them as they fell
		}
		if _, err := tb.Play(tb.ToMove(), m); err != nil {
			t.Fatalf("move %d %v: %v", i, m, err)
		}
	}
	if end != nil {
		if err := end(tb); err != nil {
			t.Fatal(err)
		}
	}
	if !tb.Over() {
		t.Fatal("the replayed table is not over")
	}
	return tb.Outcome()
}

// checkOutcome checks that the result r is the library's Outcome o: the
// method, winner and forfeiter, and every seat's place, return and cubes.
func checkOutcome(t *testing.T, r Result, o elasund.Outcome) {
	t.Helper()
	if r.Method != o.Method || r.Winner != o.Winner || r.Forfeit != o.Forfeiter() {
		t.Errorf("%v, winner %d, forfeit %d; the library's outcome is %v", r.Method, r.Winner, r.Forfeit, o)
	}
	n := len(o.Returns(nil))
	place, cubes := make([]int, n), make([]int, n)
	for _, s := range o.Standings() {
		place[s.Player], cubes[s.Player] = s.Place, s.Cubes
	}
	if !slices.Equal(r.Place, place) || !slices.Equal(r.Returns, o.Returns(nil)) || !slices.Equal(r.Cubes, cubes) {
		t.Errorf("places %v, returns %v, cubes %v; the library's: %v, %v, %v (%v)",
			r.Place, r.Returns, r.Cubes, place, o.Returns(nil), cubes, o)
	}
}

// stopper is a bot that plays like Random and, at its decision number at,
// calls stop (which ends the referee's context) and returns the move it
// would have played, or an error if fail: the referee must abandon the
// game, not forfeit the bot, whatever the bot does once the context ends.
type stopper struct {
	rnd   *bots.Random
	n, at int
	stop  func()
	fail  bool
}

func (*stopper) Name() string { return "stopper" }

func (s *stopper) Choose(v elasund.View) (elasund.Move, error) {
	s.n++
	if s.n == s.at {
		s.stop()
		if s.fail {
			return elasund.Move{}, context.Canceled
		}
	}
	return s.rnd.Choose(v)
}

// TestOutcomeIsTheLibrarys (issue 22's acceptance test for the arena): a
// game won by the rules, one that reaches its turn limit, one a bot
// forfeits and one abandoned when the referee's context ends give the
// places, returns, winner and method of the library's Outcome for the same
// seed and moves (the record's moves played at a new Table, ended by
// Table.Forfeit or Table.Abandon), for two, three and four players.
func TestOutcomeIsTheLibrarys(t *testing.T) {
	errGiveUp := errors.New("give up")
	cases := []struct {
		name     string
		maxTurns int
		seat1    func(stop func()) bots.Bot // the bot of seat 1; the others are random
		method   elasund.Method
		end      func(*elasund.Table) error // what ends the replayed table
	}{
		{"won", 300, func(func()) bots.Bot { return bots.NewRandom(7) }, elasund.AllCubesPlaced, nil},
		{"turn limit", 30, func(func()) bots.Bot { return bots.NewRandom(7) }, elasund.TurnLimitReached, nil},
		{"forfeit", 300, func(func()) bots.Bot {
			return &scripted{rnd: bots.NewRandom(7), at: 60, do: func(elasund.View) (elasund.Move, error) { return elasund.Move{}, errGiveUp }}
		}, elasund.Forfeited, func(tb *elasund.Table) error { return tb.Forfeit(1) }},
		{"refused move", 300, func(func()) bots.Bot {
			return &scripted{rnd: bots.NewRandom(7), at: 60, do: func(elasund.View) (elasund.Move, error) { return elasund.Move{}, nil }}
		}, elasund.Forfeited, func(tb *elasund.Table) error { return tb.Forfeit(1) }},
		{"abandoned", 300, func(stop func()) bots.Bot { return &stopper{rnd: bots.NewRandom(7), at: 60, stop: stop} },
			elasund.Abandoned, func(tb *elasund.Table) error { tb.Abandon(); return nil }},
		{"abandoned, the bot stopped", 300, func(stop func()) bots.Bot {
			return &stopper{rnd: bots.NewRandom(7), at: 60, stop: stop, fail: true}
		}, elasund.Abandoned, func(tb *elasund.Table) error { tb.Abandon(); return nil }},
	}
	for _, c := range cases {
		for players := 2; players <= 4; players++ {
			t.Run(fmt.Sprintf("%s/%dp", c.name, players), func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				seats := randomBots(players)
				seats[1] = c.seat1(cancel)
				cfg := elasund.Config{Players: players, Seed: 21, MaxTurns: c.maxTurns}
				r, err := Play(ctx, cfg, seats)
				if c.method == elasund.Abandoned {
					if !errors.Is(err, context.Canceled) {
						t.Fatalf("an abandoned game: Play returned %v", err)
					}
					if r.Reason != "abandoned" || r.Err != nil || r.Refusal != elasund.NoReason {
						t.Errorf("an abandoned game: reason %q, error %v, refusal %v", r.Reason, r.Err, r.Refusal)
					}
				} else if err != nil {
					t.Fatal(err)
				}
				if r.Method != c.method {
					t.Fatalf("the game ended by %v (%s); the case wants %v", r.Method, r.Reason, c.method)
				}
				checkOutcome(t, r, replayed(t, r.Record, c.end))
			})
		}
	}
}

// TestOutcomeByHand: results written by hand, for games ended early
// enough that nobody has placed a cube.
func TestOutcomeByHand(t *testing.T) {
	giveUp := func() bots.Bot {
		return &scripted{rnd: bots.NewRandom(1), at: 1, do: func(elasund.View) (elasund.Move, error) {
			return elasund.Move{}, errors.New("give up")
		}}
	}
	np := elasund.NoPlayer
	cases := []struct {
		name     string
		players  int
		maxTurns int
		giveUp   int  // the seat whose bot gives up at its first decision, or -1
		cancel   bool // the context has ended before the game starts
		method   elasund.Method
		winner   elasund.Player
		forfeit  elasund.Player
		reason   string
		place    []int
		returns  []float64
	}{
		{"forfeit at the start, 2 players", 2, 300, 0, false, elasund.Forfeited, 1, 0, "error: give up",
			[]int{2, 1}, []float64{0, 1}},
		{"forfeit at the start by the second seat, 2 players", 2, 300, 1, false, elasund.Forfeited, 0, 1, "error: give up",
			[]int{1, 2}, []float64{1, 0}},
		{"forfeit at the start, 3 players", 3, 300, 1, false, elasund.Forfeited, np, 1, "error: give up",
			[]int{1, 3, 1}, []float64{0.5, 0, 0.5}},
		{"forfeit at the start, 4 players", 4, 300, 2, false, elasund.Forfeited, np, 2, "error: give up",
			[]int{1, 1, 4, 1}, []float64{1.0 / 3, 1.0 / 3, 0, 1.0 / 3}},
		{"turn limit after turn 1, 2 players", 2, 1, -1, false, elasund.TurnLimitReached, np, np, "turn limit",
			[]int{1, 1}, []float64{0.5, 0.5}},
		{"turn limit after turn 1, 4 players", 4, 1, -1, false, elasund.TurnLimitReached, np, np, "turn limit",
			[]int{1, 1, 1, 1}, []float64{0.25, 0.25, 0.25, 0.25}},
		{"abandoned at the start, 3 players", 3, 300, -1, true, elasund.Abandoned, np, np, "abandoned",
			[]int{1, 1, 1}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seats := randomBots(c.players)
			if c.giveUp >= 0 {
				seats[c.giveUp] = giveUp()
			}
			ctx, cancel := context.WithCancel(context.Background())
			if c.cancel {
				cancel()
			}
			defer cancel()
			// Seat 0 (red) starts, so that the forfeits come at turn 1.
			cfg := elasund.Config{Players: c.players, Seed: 3, MaxTurns: c.maxTurns, FirstColor: elasund.Red}
			r, err := Play(ctx, cfg, seats)
			if (err != nil) != c.cancel {
				t.Fatalf("Play returned %v", err)
			}
			if r.Method != c.method || r.Winner != c.winner || r.Forfeit != c.forfeit || r.Reason != c.reason ||
				!slices.Equal(r.Place, c.place) || !slices.Equal(r.Returns, c.returns) || slices.Max(r.Cubes) != 0 {
				t.Errorf("%v, winner %d, forfeit %d, %q, places %v, returns %v, cubes %v; want %v, %d, %d, %q, %v, %v, no cubes",
					r.Method, r.Winner, r.Forfeit, r.Reason, r.Place, r.Returns, r.Cubes,
					c.method, c.winner, c.forfeit, c.reason, c.place, c.returns)
			}
		})
	}
}
