package tourney

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// scripted is a test bot that plays like Random until its decision number
// at (counting from 1), where do decides instead.
type scripted struct {
	rnd   *bots.Random
	n, at int
	do    func(v elasund.View) (elasund.Move, error)

	finished *Outcome // set by Finish
	closed   bool
}

func (*scripted) Name() string { return "scripted" }

func (s *scripted) Choose(v elasund.View) (elasund.Move, error) {
	s.n++
	if s.n == s.at {
		return s.do(v)
	}
	return s.rnd.Choose(v)
}

func (s *scripted) Finish(_ elasund.View, o Outcome) { s.finished = &o }
func (s *scripted) Close() error                     { s.closed = true; return nil }

// randomBots returns n random bots, seeded 1, 2, ….
func randomBots(n int) []bots.Bot {
	out := make([]bots.Bot, n)
	for i := range out {
		out[i] = bots.NewRandom(uint64(i + 1))
	}
	return out
}

// TestPlayForfeits: a bot that panics, returns an error, returns a move
// that is not legal, or returns a forced roll, forfeits: the game stops at
// that decision (the record holds the moves before it and is not over),
// and the result is the library's Outcome of that forfeit (Table.Forfeit
// at a table that played the same moves): the bot ranked last, in a game
// of two the other seat the winner, in a larger one no winner and the
// others placed by their cubes. The Table decides what is illegal: the
// result's Err is its refusal (ErrChance for a forced roll), Refusal its
// code, and the reason says it in plain words, not in the engine's text.
// Every bot hears the outcome and is closed.
func TestPlayForfeits(t *testing.T) {
	errLost := errors.New("lost my way")
	cases := []struct {
		name    string
		do      func(v elasund.View) (elasund.Move, error)
		reason  string // the forfeit reason starts so
		err     error  // the result's Err wraps it
		refusal elasund.Reason
	}{
		{"panic", func(elasund.View) (elasund.Move, error) { panic("boom") }, "panic: boom at ", errPanic, elasund.NoReason},
		{"runtime error", func(v elasund.View) (elasund.Move, error) {
			zero := v.Players() / 5 // 2 to 4 players
			return elasund.Move{Kind: elasund.MoveKind(1 / zero)}, nil
		}, "panic: runtime error: integer divide by zero at ", errPanic, elasund.NoReason},
		{"error", func(elasund.View) (elasund.Move, error) { return elasund.Move{}, errLost }, "error: lost my way", errLost, elasund.NoReason},
		{"fault", func(elasund.View) (elasund.Move, error) { return elasund.Move{}, &Fault{"timeout: asleep"} }, "timeout: asleep", nil,
			elasund.NoReason},
		{"zero move", func(elasund.View) (elasund.Move, error) { return elasund.Move{}, nil },
			`played "none", a move the rules refuse: That is not a move of this game. (unknown-kind, rules §`,
			elasund.ErrIllegalMove, elasund.ReasonUnknownKind},
		{"illegal move", func(v elasund.View) (elasund.Move, error) {
			// A move of the wrong phase.
			if v.Phase() == elasund.PhaseRoll {
				return elasund.Move{Kind: elasund.EndTurn}, nil
			}
			return elasund.Move{Kind: elasund.Roll}, nil
		}, `played "`, elasund.ErrWrongPhase, elasund.ReasonWrongPhase},
		{"forced roll", func(v elasund.View) (elasund.Move, error) {
			return elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}}, nil
		}, `played "roll 6 6", a move the rules refuse: The table rolls the dice for you. (chance, rules §13)`,
			elasund.ErrChance, elasund.ReasonChance},
	}
	for _, c := range cases {
		for _, players := range []int{2, 3, 4} {
			for _, at := range []int{1, 40} {
				t.Run(fmt.Sprintf("%s/%dp/at%d", c.name, players, at), func(t *testing.T) {
					seats := randomBots(players)
					const cheat = 1
					s := &scripted{rnd: bots.NewRandom(99), at: at, do: c.do}
					seats[cheat] = s
					if c.name == "forced roll" {
						// It forfeits at its first roll from its decision at on.
						s.do = func(v elasund.View) (elasund.Move, error) {
							if v.Phase() != elasund.PhaseRoll {
								s.at++
								return s.rnd.Choose(v)
							}
							return elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}}, nil
						}
					}
					cfg := elasund.Config{Players: players, Seed: 5, MaxTurns: 300}
					r, err := Play(context.Background(), cfg, seats)
					if err != nil {
						t.Fatal(err)
					}
					if r.Forfeit != cheat || !strings.HasPrefix(r.Reason, c.reason) || r.Refusal != c.refusal {
						t.Fatalf("forfeit by %d for %q (refusal %v); want %d for %q… (%v)", r.Forfeit, r.Reason, r.Refusal, cheat, c.reason, c.refusal)
					}
					if strings.Contains(r.Reason, "elasund:") || strings.Contains(r.Reason, "illegal move") {
						t.Errorf("the reason %q quotes the engine's text", r.Reason)
					}
					var f *Fault
					if r.Err == nil || c.err != nil && !errors.Is(r.Err, c.err) || c.err == nil && !errors.As(r.Err, &f) {
						t.Errorf("the result's error is %v; want one that wraps %v", r.Err, c.err)
					}
					if s.n != s.at {
						t.Errorf("the bot decided %d times; it forfeited at %d", s.n, s.at)
					}
					// The record holds the moves before the forfeit, and the
					// game they reach is the one the referee stopped.
					if r.Record.Over {
						t.Error("the record of a forfeited game is over")
					}
					g, err := r.Record.Replay()
					if err != nil {
						t.Fatal(err)
					}
					if g.ToMove() != cheat || g.Over() {
						t.Errorf("the record stops where %d decides (over %v), not at the forfeit by %d", g.ToMove(), g.Over(), cheat)
					}
					// The places and returns are the library's.
					checkOutcome(t, r, replayed(t, r.Record, func(tb *elasund.Table) error { return tb.Forfeit(cheat) }))
					if r.Method != elasund.Forfeited || r.Place[cheat] != players {
						t.Errorf("%v, the forfeiting seat's place %d; want forfeited, last (%d)", r.Method, r.Place[cheat], players)
					}
					if s.finished == nil || s.finished.Forfeit != cheat || !s.closed {
						t.Errorf("the bot heard %+v and was closed: %v", s.finished, s.closed)
					}
				})
			}
		}
	}
}

// TestPlayEndsNormally: a game between random bots ends with the game's
// winner, or at the turn limit as a draw; the record replays to the same
// result, and the places and returns are the library's Outcome's.
func TestPlayEndsNormally(t *testing.T) {
	draws, wins := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		maxTurns := 300
		if seed%3 == 0 {
			maxTurns = 10 // ends at the limit
		}
		cfg := elasund.Config{Players: 2 + int(seed%3), Seed: seed, MaxTurns: maxTurns}
		r, err := Play(context.Background(), cfg, randomBots(cfg.Players))
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Record.Replay()
		if err != nil || !r.Record.Over {
			t.Fatalf("seed %d: the record does not replay to its end: %v (over %v)", seed, err, r.Record.Over)
		}
		switch {
		case r.Forfeit != elasund.NoPlayer:
			t.Fatalf("seed %d: forfeit by %d: %s", seed, r.Forfeit, r.Reason)
		case r.Winner != g.Winner():
			t.Fatalf("seed %d: winner %d; the game's is %d", seed, r.Winner, g.Winner())
		case r.Winner == elasund.NoPlayer && (r.Reason != "turn limit" || r.Turns != maxTurns):
			t.Fatalf("seed %d: a draw after %d turns for %q", seed, r.Turns, r.Reason)
		case r.Winner != elasund.NoPlayer && r.Reason != "won":
			t.Fatalf("seed %d: a win for %q", seed, r.Reason)
		}
		checkOutcome(t, r, replayed(t, r.Record, nil))
		if r.Winner == elasund.NoPlayer {
			draws++
		} else {
			wins++
		}
		if r.Turns != g.Turn() || r.Moves != len(r.Record.Moves) {
			t.Errorf("seed %d: %d turns, %d moves; the game has %d, %d", seed, r.Turns, r.Moves, g.Turn(), len(r.Record.Moves))
		}
		total := 0
		for p := range r.Decisions {
			total += r.Decisions[p]
		}
		if total != r.Moves {
			t.Errorf("seed %d: %d decisions for %d moves", seed, total, r.Moves)
		}
	}
	if draws == 0 || wins == 0 {
		t.Errorf("%d draws and %d wins: the test wants both", draws, wins)
	}
}

// TestPlayRefusesBadTables: a wrong number of bots or a bad Config is an
// error, not a game.
func TestPlayRefusesBadTables(t *testing.T) {
	if _, err := Play(context.Background(), elasund.Config{Players: 3}, randomBots(2)); err == nil {
		t.Error("3 seats and 2 bots: no error")
	}
	if _, err := Play(context.Background(), elasund.Config{Players: 5}, randomBots(5)); err == nil {
		t.Error("5 players: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Play(ctx, elasund.Config{Players: 2}, randomBots(2)); !errors.Is(err, context.Canceled) {
		t.Errorf("an ended context: %v", err)
	}
}

// spy records every view it is handed.
type spy struct {
	rnd   *bots.Random
	views []elasund.View
}

func (*spy) Name() string { return "spy" }
func (s *spy) Choose(v elasund.View) (elasund.Move, error) {
	s.views = append(s.views, v)
	return s.rnd.Choose(v)
}

// TestRefereeHandsOnlyTheSeatsView: at every decision the bot is handed
// exactly the view of its own seat of the real game, g.View(seat), checked
// against the game rebuilt from the record.
func TestRefereeHandsOnlyTheSeatsView(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		seats := make([]bots.Bot, players)
		spies := make([]*spy, players)
		for p := range seats {
			spies[p] = &spy{rnd: bots.NewRandom(uint64(p))}
			seats[p] = spies[p]
		}
		cfg := elasund.Config{Players: players, Seed: 11, MaxTurns: 300}
		r, err := Play(context.Background(), cfg, seats)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := elasund.New(cfg)
		seen := make([]int, players)
		for i, m := range r.Record.Moves {
			p := g.ToMove()
			if got := spies[p].views[seen[p]]; got != g.View(p) {
				t.Fatalf("%d players, move %d: seat %d was handed a view that is not its own view of the game", players, i, p)
			}
			seen[p]++
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		for p := range spies {
			if seen[p] != len(spies[p].views) {
				t.Errorf("seat %d was asked %d times for %d moves", p, len(spies[p].views), seen[p])
			}
		}
	}
}

// TestViewHoldsNothingElse: a View is a plain value with no pointer, slice,
// map, interface, function, channel or string inside it, however deep: a
// bot handed one can reach nothing but its bytes, which Game.View fills
// with what the seat may know (and two games that differ only in what the
// seat may not know give equal views: the root package's tests).
func TestViewHoldsNothingElse(t *testing.T) {
	var walk func(typ reflect.Type, path string)
	walk = func(typ reflect.Type, path string) {
		switch typ.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		case reflect.Array:
			walk(typ.Elem(), path+"[]")
		case reflect.Struct:
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		default:
			t.Errorf("%s is a %v: a View could lead somewhere else", path, typ.Kind())
		}
	}
	walk(reflect.TypeOf(elasund.View{}), "View")
}

// fingerprint hashes everything a bot can get from a view: the value
// itself through reflection (fmt's %#v prints unexported fields), its JSON,
// every exported method called with many arguments, and a determinized
// game drawn from it with a fixed source.
func fingerprint(v elasund.View) [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%#v\n", v)
	data, err := json.Marshal(v)
	fmt.Fprintf(h, "%s %v\n", data, err)
	args := []int64{-1, 0, 1, 2, 3, 4, 5, 7, 9, 11, 20, 33, 47, 60, 80, 120}
	rv := reflect.ValueOf(v)
	for i := 0; i < rv.NumMethod(); i++ {
		m := rv.Method(i)
		name := rv.Type().Method(i).Name
		mt := m.Type()
		// Every combination of arguments for up to two integer parameters.
		var call func(in []reflect.Value)
		call = func(in []reflect.Value) {
			if len(in) == mt.NumIn() {
				for _, out := range m.Call(in) {
					if mask, ok := out.Interface().([]bool); ok { // LegalMask: 31,838 of them
						b := make([]byte, len(mask))
						for i, x := range mask {
							if x {
								b[i] = 1
							}
						}
						h.Write(b)
						continue
					}
					fmt.Fprintf(h, "%s %#v\n", name, out.Interface())
				}
				return
			}
			pt := mt.In(len(in))
			switch {
			case pt == reflect.TypeOf((*rand.Rand)(nil)):
				call(append(in, reflect.ValueOf(rand.New(rand.NewPCG(1, 2)))))
			case pt.Kind() == reflect.Slice:
				call(append(in, reflect.Zero(pt)))
			case pt.Kind() >= reflect.Int && pt.Kind() <= reflect.Uint64:
				for _, a := range args {
					x := reflect.New(pt).Elem()
					if pt.Kind() <= reflect.Int64 {
						x.SetInt(a)
					} else {
						x.SetUint(uint64(a))
					}
					call(append(in, x))
				}
			default:
				call(append(in, reflect.Zero(pt)))
			}
		}
		call(nil)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// cheater chooses by a hash of everything it can find in its view, so any
// hidden information that reached it would change its choices.
type cheater struct {
	prints [][32]byte
}

func (*cheater) Name() string { return "cheater" }
func (c *cheater) Choose(v elasund.View) (elasund.Move, error) {
	fp := fingerprint(v)
	c.prints = append(c.prints, fp)
	legal := v.Legal()
	return legal[int(fp[0])%len(legal)], nil
}

// TestCheaterGainsNothing plays two real games that differ only in what
// seat 0, a cheater, may not know: seat 1's starting card and the order of
// the deck and of the church stack. At every decision of the cheater where
// the two games have had the same moves and seat 0 may know the same
// things, everything the cheater can find in what the referee handed it is
// identical (so are its choices), although the games differ; yet the same
// search on seat 1's view tells the games apart at once. Whatever a bot
// does with what it is given, it learns nothing hidden.
func TestCheaterGainsNothing(t *testing.T) {
	deckA := make([]elasund.InfluenceColor, elasund.TotalInfluenceCards)
	for i := range deckA {
		deckA[i] = elasund.InfluenceColor(1 + (i*7)%3)
	}
	deckB := append([]elasund.InfluenceColor(nil), deckA...)
	last := len(deckB) - 1
	for deckB[last] == deckB[1] {
		last--
	}
	deckB[1], deckB[last] = deckB[last], deckB[1] // seat 1's starting card and a deep card
	stackA := []elasund.ChurchTile{1, 2, 3, 4, 5, 6, 7, 8, 9}
	stackB := []elasund.ChurchTile{9, 8, 7, 6, 5, 4, 3, 2, 1}
	cfgA := elasund.Config{Players: 2, Seed: 3, FirstColor: elasund.Red, MaxTurns: 100, InfluenceDeck: deckA, ChurchStack: stackA}
	cfgB := cfgA
	cfgB.InfluenceDeck, cfgB.ChurchStack = deckB, stackB

	play := func(cfg elasund.Config) (Result, *cheater) {
		c := &cheater{}
		// Seat 1 plays without showing its influence cards as long as it
		// can: its card differs between the games.
		r, err := Play(context.Background(), cfg, []bots.Bot{c, passive{}})
		if err != nil {
			t.Fatal(err)
		}
		return r, c
	}
	rA, cA := play(cfgA)
	rB, cB := play(cfgB)

	gA, _ := elasund.New(cfgA)
	gB, _ := elasund.New(cfgB)
	if fingerprint(gA.View(1)) == fingerprint(gB.View(1)) {
		t.Fatal("seat 1's views are alike: the games do not differ in a way the fingerprint sees")
	}
	compared, k := 0, 0
	for i := 0; i < len(rA.Record.Moves) && i < len(rB.Record.Moves); i++ {
		if gA.ToMove() == 0 {
			if gA.View(0) == gB.View(0) {
				if *gA == *gB {
					t.Fatalf("move %d: the games are equal; they should differ in hidden parts", i)
				}
				if cA.prints[k] != cB.prints[k] {
					t.Fatalf("move %d: the cheater found something different in two games that differ only in what it may not know", i)
				}
				if rA.Record.Moves[i] != rB.Record.Moves[i] {
					t.Fatalf("move %d: the cheater chose %v and %v", i, rA.Record.Moves[i], rB.Record.Moves[i])
				}
				compared++
			}
			k++
		}
		if rA.Record.Moves[i] != rB.Record.Moves[i] {
			break // the games part here
		}
		if err := gA.Apply(rA.Record.Moves[i]); err != nil {
			t.Fatal(err)
		}
		if err := gB.Apply(rB.Record.Moves[i]); err != nil {
			t.Fatal(err)
		}
	}
	if compared < 30 {
		t.Errorf("only %d decisions of the cheater compared; the test wants at least 30", compared)
	}
	t.Logf("%d decisions of the cheater compared", compared)
}

// firstLegal plays the first legal move.
type firstLegal struct{}

func (firstLegal) Name() string { return "first" }
func (firstLegal) Choose(v elasund.View) (elasund.Move, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return elasund.Move{}, errors.New("no legal move")
	}
	return legal[0], nil
}

// passive plays the first legal move that shows no influence card (no
// payment in a colour, no influence discarded), else the first legal move.
type passive struct{}

func (passive) Name() string { return "passive" }
func (passive) Choose(v elasund.View) (elasund.Move, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return elasund.Move{}, errors.New("no legal move")
	}
	for _, m := range legal {
		if m.Pay == 0 && m.Cards.Blue+m.Cards.Green+m.Cards.Yellow == 0 && m.Kind != elasund.BonusPermit && m.Kind != elasund.BonusGold {
			return m, nil
		}
	}
	return legal[0], nil
}
