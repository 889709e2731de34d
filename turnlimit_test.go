package elasund

// Tests of TurnLimit: the turn counter never wraps, in play, in New or in
// a saved game.

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The limit is 2²⁰ turns, as documented: far above any game, and far below
// where the 32-bit counter of the saved forms, or an int of 32 bits, wraps.
func TestTurnLimitValue(t *testing.T) {
	if TurnLimit != 1<<20 {
		t.Errorf("TurnLimit %d; its documentation says 2^20", TurnLimit)
	}
}

// A game ends without a winner when it has played TurnLimit turns (or
// MaxTurns, the smaller), with Turn at the limit; the state validates,
// saves and loads, and nothing is legal. One turn before, it goes on.
func TestTurnLimitEndsGame(t *testing.T) {
	for _, tc := range []struct {
		maxTurns int
		played   uint32 // turns played before the turn
		over     bool
		turn     int // Turn after it
	}{
		{0, TurnLimit - 1, true, 1 << 20},
		{0, TurnLimit - 2, false, 1 << 20},
		{TurnLimit, TurnLimit - 1, true, 1 << 20},
		{TurnLimit, TurnLimit - 2, false, 1 << 20},
		{TurnLimit - 1, TurnLimit - 2, true, 1<<20 - 1},
	} {
		g, err := New(Config{Players: 2, Seed: 1, FirstColor: Red, MaxTurns: tc.maxTurns})
		if err != nil {
			t.Fatalf("MaxTurns %d: %v", tc.maxTurns, err)
		}
		g.turn = tc.played // as if played
		boardPlayTurn(t, g)
		if g.Over() != tc.over || g.Winner() != NoPlayer || g.Turn() != tc.turn {
			t.Errorf("MaxTurns %d, %d turns played, one more: Over %v, Winner %d, Turn %d; want Over %v, Turn %d",
				tc.maxTurns, tc.played, g.Over(), g.Winner(), g.Turn(), tc.over, tc.turn)
		}
		if tc.over && len(g.Legal()) != 0 {
			t.Errorf("MaxTurns %d: moves listed after the limit", tc.maxTurns)
		}
		if err := g.Validate(); err != nil {
			t.Errorf("MaxTurns %d: %v", tc.maxTurns, err)
		}
		b, err := g.MarshalBinary()
		if err != nil {
			t.Fatalf("MaxTurns %d: MarshalBinary: %v", tc.maxTurns, err)
		}
		var loaded Game
		if err := loaded.UnmarshalBinary(b); err != nil || loaded != *g {
			t.Errorf("MaxTurns %d: the saved game loads as another (%v)", tc.maxTurns, err)
		}
	}
}

// New refuses a MaxTurns beyond TurnLimit, and takes TurnLimit itself.
func TestTurnLimitConfig(t *testing.T) {
	for _, tc := range []struct {
		maxTurns int
		ok       bool
	}{
		{TurnLimit, true},
		{TurnLimit + 1, false},
		{1<<32 - 1, false},
		{-1, false},
	} {
		g, err := New(Config{Players: 2, MaxTurns: tc.maxTurns})
		switch {
		case tc.ok && (err != nil || int(g.maxTurns) != tc.maxTurns):
			t.Errorf("MaxTurns %d: %v", tc.maxTurns, err)
		case !tc.ok && (!errors.Is(err, ErrInvalidConfig) || g != nil || !strings.Contains(err.Error(), "(0 to 1048576)")):
			t.Errorf("MaxTurns %d: %v, %v; want ErrInvalidConfig and the range", tc.maxTurns, g, err)
		}
	}
}

// A saved game whose counters are beyond TurnLimit does not load, in
// either form (ErrBadEncoding), nor does one at the limit that goes on
// (ErrInvalidState); a game over at the limit does.
func TestTurnLimitLoad(t *testing.T) {
	g := randomPosition(t, Config{Players: 2, Seed: 3}, 3, false, 40)
	over := *g // a game that ended at the limit, as far as the counters go
	over.turn, over.phase, over.toMove = TurnLimit, PhaseOver, over.active
	for _, tc := range []struct {
		name     string
		from     *Game
		maxTurns uint32
		turn     uint32
		want     error
	}{
		{"turns played at the top of the counter", g, 0, 1<<32 - 1, ErrBadEncoding},
		{"turns played beyond the limit", g, 0, TurnLimit + 1, ErrBadEncoding},
		{"a turn limit beyond the limit", g, TurnLimit + 1, 5, ErrBadEncoding},
		{"a turn limit at the top of the counter", g, 1<<32 - 1, 5, ErrBadEncoding},
		{"the limit reached, the game going on", g, 0, TurnLimit, ErrInvalidState},
		{"MaxTurns reached, the game going on", g, 9, 9, ErrInvalidState},
		{"the limit reached, the game over", &over, 0, TurnLimit, nil},
		{"MaxTurns at the limit, reached", &over, TurnLimit, TurnLimit, nil},
	} {
		bin, err := tc.from.MarshalBinary()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		binary.BigEndian.PutUint32(bin[7:], tc.maxTurns)
		binary.BigEndian.PutUint32(bin[11:], tc.turn)
		var j map[string]any
		js, _ := json.Marshal(tc.from)
		if err := json.Unmarshal(js, &j); err != nil {
			t.Fatal(err)
		}
		j["maxTurns"], j["turnsPlayed"] = tc.maxTurns, tc.turn
		js, _ = json.Marshal(j)
		for form, load := range map[string]func(*Game) error{
			"binary": func(d *Game) error { return d.UnmarshalBinary(bin) },
			"JSON":   func(d *Game) error { return d.UnmarshalJSON(js) },
		} {
			var d Game
			err := load(&d)
			switch {
			case tc.want == nil && err != nil:
				t.Errorf("%s (%s): %v", tc.name, form, err)
			case tc.want == nil && (d.Turn() != int(tc.turn) || !d.Over()):
				t.Errorf("%s (%s): loaded at turn %d, over %v", tc.name, form, d.Turn(), d.Over())
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("%s (%s): error %v; want %v", tc.name, form, err, tc.want)
			}
		}
	}
}
