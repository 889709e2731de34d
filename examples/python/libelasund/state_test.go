package main

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime/cgo"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/elasund/elasund"
)

// playedStates returns the positions of seeded random games of 2, 3 and 4
// players (forced and plain rolls mixed), with a turn limit.
func playedStates(t testing.TB, games int) []pyState {
	t.Helper()
	var out []pyState
	for i := range games {
		s, err := newPyState(int64(2+i%3), uint64(i), []string{"default", "english"}[i%2], 150)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 1))
		dst := make([]int64, maxLegalActions)
		for s.status() != statusTerminal {
			out = append(out, *s)
			n, err := s.legal(dst)
			if err != nil {
				t.Fatal(err)
			}
			a := dst[r.IntN(n)]
			if s.status() == statusChance && r.IntN(2) == 0 {
				a = 0 // the plain roll
			}
			if _, err := s.apply(a); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		out = append(out, *s)
	}
	return out
}

// TestStateMaxLegal checks that the legal actions of played positions fit
// the buffer Python passes, the library's bound.
func TestStateMaxLegal(t *testing.T) {
	most := 0
	for _, s := range playedStates(t, 30) {
		most = max(most, len(s.g.Legal()))
	}
	if most > maxLegalActions || most < 100 {
		t.Errorf("at most %d legal moves in played games; want 100 to %d", most, maxLegalActions)
	}
}

// TestStateLegal checks legal and mask against the library: the forced
// rolls of AppendChanceOutcomes at the roll, AppendLegalIndices and
// AppendLegalMask elsewhere.
func TestStateLegal(t *testing.T) {
	dst := make([]int64, maxLegalActions)
	mask := make([]byte, elasund.NumActions)
	for i, s := range playedStates(t, 6) {
		n, err := s.legal(dst)
		if err != nil {
			t.Fatal(err)
		}
		var want []int64
		wantMask := make([]byte, elasund.NumActions)
		if s.g.Phase() == elasund.PhaseRoll && !s.g.Over() {
			for _, o := range s.g.AppendChanceOutcomes(nil) {
				want = append(want, int64(o.Move.Index()))
				wantMask[o.Move.Index()] = 1
			}
		} else {
			for _, a := range s.g.AppendLegalIndices(nil) {
				want = append(want, int64(a))
			}
			for a, ok := range s.g.AppendLegalMask(nil) {
				if ok {
					wantMask[a] = 1
				}
			}
		}
		if !slices.Equal(dst[:n], want) {
			t.Fatalf("position %d: legal %v, want %v", i, dst[:n], want)
		}
		if err := s.mask(mask); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mask, wantMask) {
			t.Fatalf("position %d: the mask differs from the library's", i)
		}
	}
}

// TestStateStatus checks the status through a game: the roll is chance,
// then the seat to move, and the end is terminal.
func TestStateStatus(t *testing.T) {
	s, err := newPyState(3, 9, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.status(); st != statusChance {
		t.Errorf("a new game's status is %d; want %d (chance)", st, statusChance)
	}
	if d := s.describe(); d != 3<<3|statusChance {
		t.Errorf("describe() = %d; want %d", d, 3<<3|statusChance)
	}
	st, err := s.apply(0)
	if err != nil {
		t.Fatal(err)
	}
	if st != int64(s.g.ToMove()) || st < 0 || st >= 3 {
		t.Errorf("after the roll the status is %d; want the seat to move, %d", st, s.g.ToMove())
	}
	for _, s := range playedStates(t, 3) {
		if s.g.Over() != (s.status() == statusTerminal) {
			t.Errorf("Over() is %v but the status is %d", s.g.Over(), s.status())
		}
	}
}

// TestStateApplyRefuses checks that a refused action returns the
// library's error and leaves the state as it was.
func TestStateApplyRefuses(t *testing.T) {
	s, err := newPyState(2, 4, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	endTurn, _ := parseAction("end turn")
	for _, tc := range []struct {
		a    int64
		want error
		text string
	}{
		{-1, elasund.ErrActionIndex, "-1 is not in [0, 31838)"},
		{elasund.NumActions, elasund.ErrActionIndex, "31838 is not in"},
		{1 << 62, elasund.ErrActionIndex, "is not in"},
		{endTurn, elasund.ErrWrongPhase, "§4"},
	} {
		before := *s
		_, err := s.apply(tc.a)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("apply(%d) = %v; want an error wrapping %v that says %q", tc.a, err, tc.want, tc.text)
		}
		if s.g.Key() != before.g.Key() || *s != before {
			t.Errorf("apply(%d) changed the state", tc.a)
		}
	}
}

// TestStateActionStrings checks that every action's notation reads back
// as the same action.
func TestStateActionStrings(t *testing.T) {
	for a := range int64(elasund.NumActions) {
		text, err := actionString(a)
		if err != nil {
			t.Fatalf("actionString(%d): %v", a, err)
		}
		back, err := parseAction(text)
		if err != nil || back != a {
			t.Fatalf("parseAction(%q) = %d, %v; want %d", text, back, err, a)
		}
	}
	for _, a := range []int64{-1, elasund.NumActions, -1 << 63} {
		if _, err := actionString(a); !errors.Is(err, elasund.ErrActionIndex) {
			t.Errorf("actionString(%d): %v; want an error wrapping ErrActionIndex", a, err)
		}
	}
}

// TestStateParseActionRefuses checks the errors of text that is no move
// and of moves that have no index.
func TestStateParseActionRefuses(t *testing.T) {
	for _, tc := range []struct {
		text string
		want error
	}{
		{"", elasund.ErrNotation},
		{"fly", elasund.ErrNotation},
		{"roll 7 1", elasund.ErrNotation},
		{"discard nothing", errNoIndex},
		{"build large i12", errNoIndex},
		{"move permit c5 c5 pay blue", errNoIndex},
	} {
		if a, err := parseAction(tc.text); !errors.Is(err, tc.want) {
			t.Errorf("parseAction(%q) = %d, %v; want an error wrapping %v", tc.text, a, err, tc.want)
		}
	}
}

// TestStateSeats checks that the functions taking a player refuse
// numbers that are no seat of the game.
func TestStateSeats(t *testing.T) {
	s, err := newPyState(3, 1, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	obs := make([]float32, elasund.ObservationSize)
	for _, p := range []int64{-1, 3, 4, 1 << 40, -1 << 63} {
		if err := s.observation(p, obs); !errors.Is(err, errSeat) {
			t.Errorf("observation(%d): %v; want errSeat", p, err)
		}
		if _, err := s.viewJSON(p); !errors.Is(err, errSeat) {
			t.Errorf("viewJSON(%d): %v; want errSeat", p, err)
		}
		if _, err := s.redeal(p, 1); !errors.Is(err, errSeat) {
			t.Errorf("redeal(%d): %v; want errSeat", p, err)
		}
	}
	for p := range int64(3) {
		if err := s.observation(p, obs); err != nil {
			t.Errorf("observation(%d): %v", p, err)
		}
		want := s.g.View(elasund.Player(p)).AppendObservation(nil)
		if !slices.Equal(obs, want) {
			t.Errorf("observation(%d) differs from the library's", p)
		}
	}
}

// TestStateBuffers checks the refusals of buffers too small.
func TestStateBuffers(t *testing.T) {
	s, err := newPyState(4, 1, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.legal(make([]int64, 10)); !errors.Is(err, errBuffer) {
		t.Errorf("legal into 10 at the roll: %v; want errBuffer (11 outcomes)", err)
	}
	if err := s.mask(make([]byte, elasund.NumActions-1)); !errors.Is(err, errBuffer) {
		t.Errorf("mask: %v; want errBuffer", err)
	}
	if err := s.observation(0, make([]float32, elasund.ObservationSize-1)); !errors.Is(err, errBuffer) {
		t.Errorf("observation: %v; want errBuffer", err)
	}
	if _, err := s.returns(make([]float64, 3)); !errors.Is(err, errBuffer) {
		t.Errorf("returns: %v; want errBuffer", err)
	}
	if _, err := s.chanceOutcomes(make([]int64, 11), make([]float64, 10)); !errors.Is(err, errBuffer) {
		t.Errorf("chanceOutcomes: %v; want errBuffer", err)
	}
	if _, err := stateSlice[byte](nil, 5, "x"); !errors.Is(err, errInput) {
		t.Errorf("stateSlice(NULL, 5): %v; want errInput", err)
	}
	one := []byte{1}
	if _, err := stateSlice[byte](unsafe.Pointer(&one[0]), stateMaxBuffer+1, "x"); !errors.Is(err, errInput) {
		t.Errorf("stateSlice of %d: %v; want errInput", stateMaxBuffer+1, err)
	}
	if b, err := stateSlice[byte](nil, 0, "x"); err != nil || b != nil {
		t.Errorf("stateSlice(NULL, 0) = %v, %v; want nil, nil", b, err)
	}
}

// TestStateChanceOutcomes checks the outcomes at the roll (the library's)
// and elsewhere (none).
func TestStateChanceOutcomes(t *testing.T) {
	s, err := newPyState(2, 3, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	as, ps := make([]int64, 16), make([]float64, 16)
	n, err := s.chanceOutcomes(as, ps)
	if err != nil || n != 11 {
		t.Fatalf("chanceOutcomes at the roll = %d, %v; want 11", n, err)
	}
	for i, o := range s.g.AppendChanceOutcomes(nil) {
		if as[i] != int64(o.Move.Index()) || ps[i] != o.Probability {
			t.Errorf("outcome %d = %d, %v; want %d, %v", i, as[i], ps[i], o.Move.Index(), o.Probability)
		}
	}
	if _, err := s.apply(0); err != nil {
		t.Fatal(err)
	}
	if n, err := s.chanceOutcomes(as, ps); n != 0 || err != nil {
		t.Errorf("chanceOutcomes after the roll = %d, %v; want 0", n, err)
	}
}

// TestStateRedeal checks that a re-deal keeps the player's view, depends
// only on the seed, and is Game.Redeal with stateRand.
func TestStateRedeal(t *testing.T) {
	positions := playedStates(t, 3)
	for i := 0; i < len(positions); i += 25 {
		s := &positions[i]
		for p := range int64(s.g.Players()) {
			c, err := s.redeal(p, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			seat := elasund.Player(p)
			if c.g.View(seat) != s.g.View(seat) {
				t.Fatalf("position %d: the re-deal for %d changed their view", i, p)
			}
			want := s.g
			if err := want.Redeal(seat, rand.New(rand.NewPCG(uint64(i), 0x656c6173756e64))); err != nil {
				t.Fatal(err)
			}
			if c.g != want {
				t.Fatalf("position %d: the re-deal is not Game.Redeal with the seed's source", i)
			}
		}
	}
}

// TestStateFromView checks that a view's JSON loads back into a game with
// the same view.
func TestStateFromView(t *testing.T) {
	positions := playedStates(t, 2)
	for i := 0; i < len(positions); i += 40 {
		s := &positions[i]
		for p := range int64(s.g.Players()) {
			j, err := s.viewJSON(p)
			if err != nil {
				t.Fatal(err)
			}
			c, err := pyStateFromView(j, 5)
			if err != nil {
				t.Fatal(err)
			}
			if seat := elasund.Player(p); c.g.View(seat) != s.g.View(seat) {
				t.Fatalf("position %d: the game from %d's view has another view", i, p)
			}
		}
	}
	for _, bad := range []string{"", "{}", "null", `{"state":"AA=="}`} {
		if _, err := pyStateFromView([]byte(bad), 1); !errors.Is(err, elasund.ErrBadEncoding) {
			t.Errorf("pyStateFromView(%q): %v; want ErrBadEncoding", bad, err)
		}
	}
}

// TestStateUnmarshal checks the binary round trip and a refusal.
func TestStateUnmarshal(t *testing.T) {
	positions := playedStates(t, 1)
	s := &positions[len(positions)/2]
	b, err := s.g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	c, err := unmarshalPyState(b)
	if err != nil || c.g != s.g {
		t.Fatalf("unmarshalPyState(MarshalBinary) = %v; want the same game", err)
	}
	if _, err := unmarshalPyState(b[:len(b)-1]); !errors.Is(err, elasund.ErrBadEncoding) {
		t.Errorf("unmarshalPyState of a cut state: %v; want ErrBadEncoding", err)
	}
}

// TestStateNew checks the configuration and its refusals.
func TestStateNew(t *testing.T) {
	s, err := newPyState(3, 7, "english", 40)
	if err != nil {
		t.Fatal(err)
	}
	g, err := elasund.New(elasund.Config{Players: 3, Seed: 7, Rules: elasund.EnglishEdition, MaxTurns: 40})
	if err != nil {
		t.Fatal(err)
	}
	if s.g != *g {
		t.Error("newPyState(3, 7, english, 40) is not New(Config{3, 7, EnglishEdition, 40})")
	}
	for _, tc := range []struct {
		players, maxTurns int64
		rules             string
		want              error
	}{
		{1, 0, "default", elasund.ErrInvalidConfig},
		{5, 0, "default", elasund.ErrInvalidConfig},
		{1 << 40, 0, "default", elasund.ErrInvalidConfig},
		{-1 << 63, 0, "default", elasund.ErrInvalidConfig},
		{2, -1, "default", elasund.ErrInvalidConfig},
		{2, elasund.TurnLimit + 1, "default", elasund.ErrInvalidConfig},
		{2, 1 << 62, "default", elasund.ErrInvalidConfig},
		{2, 0, "", elasund.ErrNotation},
		{2, 0, "english+x", elasund.ErrNotation},
		{2, 0, "default\x00", elasund.ErrNotation},
	} {
		if _, err := newPyState(tc.players, 1, tc.rules, tc.maxTurns); !errors.Is(err, tc.want) {
			t.Errorf("newPyState(%d, %q, %d): %v; want %v", tc.players, tc.rules, tc.maxTurns, err, tc.want)
		}
	}
}

// TestLookupState checks that handles of other values, freed handles and
// numbers that are no handle are refused, not a crash.
func TestLookupState(t *testing.T) {
	live := cgo.NewHandle(&pyState{})
	defer live.Delete()
	if s, err := lookupState(uintptr(live)); err != nil || s == nil {
		t.Fatalf("lookupState of a live state: %v", err)
	}
	other := cgo.NewHandle("a VecEnv, say")
	defer other.Delete()
	freed := cgo.NewHandle(&pyState{})
	freed.Delete()
	for _, h := range []uintptr{0, uintptr(other), uintptr(freed), 1 << 60, ^uintptr(0)} {
		if _, err := lookupState(h); !errors.Is(err, errHandle) {
			t.Errorf("lookupState(%d): %v; want errHandle", h, err)
		}
	}
}

// TestStateSizes checks the sizes Python reads.
func TestStateSizes(t *testing.T) {
	want := []int64{elasund.NumActions, elasund.ObservationSize, elasund.MaxPlayers, maxLegalActions, elasund.TurnLimit}
	if !slices.Equal(stateSizes[:], want) {
		t.Errorf("stateSizes = %v; want %v", stateSizes, want)
	}
}

// BenchmarkStateLegal measures legal at the positions of a game, for the
// Python package's legal_actions.
func BenchmarkStateLegal(b *testing.B) {
	positions := playedStates(b, 1)
	dst := make([]int64, maxLegalActions)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := positions[i%len(positions)].legal(dst); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStateApplyLegal checks that applyLegal returns the status and the
// new position's legal actions, or none when they do not fit.
func TestStateApplyLegal(t *testing.T) {
	positions := playedStates(t, 2)
	dst, want := make([]int64, maxLegalActions), make([]int64, maxLegalActions)
	for i := 0; i+1 < len(positions); i++ {
		s := positions[i]
		next := positions[i+1]
		if s.g.Over() {
			continue // the last position of a game; the next is another game
		}
		// The action that led to next: the one whose result has next's key.
		n, err := s.legal(want)
		if err != nil {
			t.Fatal(err)
		}
		a := int64(-1)
		for _, b := range append(want[:n:n], 0) {
			c := s
			if _, err := c.apply(b); err == nil && c.g.Key() == next.g.Key() {
				a = b
				break
			}
		}
		if a < 0 {
			t.Fatalf("position %d: no action leads to the next position", i)
		}
		c := s
		st, err := c.applyLegal(a, dst)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.legal(want)
		if err != nil {
			t.Fatal(err)
		}
		if st&7 != c.status() || st>>3 != int64(m+1) || !slices.Equal(dst[:m], want[:m]) {
			t.Fatalf("position %d: applyLegal = %d (status %d, %d actions); want status %d, %d actions %v",
				i, st, st&7, st>>3-1, c.status(), m, want[:m])
		}
		for _, short := range [][]int64{dst[:0], dst[:max(m-1, 0)]} {
			if len(short) == m {
				continue // (no legal action: the empty buffer fits)
			}
			c = s
			if st, err := c.applyLegal(a, short); err != nil || st != c.status() {
				t.Fatalf("position %d: applyLegal into %d for %d actions = %d, %v; want the status alone, %d",
					i, len(short), m, st, err, c.status())
			}
		}
	}
	s, err := newPyState(2, 1, "default", 0)
	if err != nil {
		t.Fatal(err)
	}
	before := *s
	if _, err := s.applyLegal(-1, dst); !errors.Is(err, elasund.ErrActionIndex) || *s != before {
		t.Errorf("applyLegal(-1) = %v, changing the state: %v; want ErrActionIndex and no change", err, *s != before)
	}
}

// TestStateRollout: a rollout ends the game (its returns sum to 1), leaves
// the state as it was, and is the same for the same seed.
func TestStateRollout(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, err := newPyState(int64(players), 5, "default", 0)
		if err != nil {
			t.Fatal(err)
		}
		before := s.g.Key()
		var a, b [4]float64
		n, err := s.rollout(9, a[:])
		if err != nil || n != players {
			t.Fatalf("%d players: rollout = %d, %v", players, n, err)
		}
		if _, err := s.rollout(9, b[:]); err != nil || a != b {
			t.Errorf("%d players: the same seed gave %v and %v", players, a, b)
		}
		sum := 0.0
		for _, x := range a[:n] {
			sum += x
		}
		if sum != 1 {
			t.Errorf("%d players: returns %v sum to %v, want 1 (a game over)", players, a[:n], sum)
		}
		if s.g.Key() != before {
			t.Errorf("%d players: the rollout changed the state", players)
		}
		if _, err := s.rollout(9, a[:players-1]); !errors.Is(err, errBuffer) {
			t.Errorf("%d players: a short buffer: %v, want errBuffer", players, err)
		}
	}
}
