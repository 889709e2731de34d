package main

// One game for the Python package's State (elasund/state.py): the logic of
// the state_*.go exports in Go types, so that Go tests reach it (a _test.go
// file cannot use cgo). The exports only look up handles, check and convert
// the buffers C passes, and call these.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"

	"github.com/elasund/elasund"
)

// pyState is the value behind a State's handle: a game, by value, so that
// a clone is one allocation.
type pyState struct {
	g elasund.Game
}

// The status of a state, as elasund_state_apply returns it: the seat to
// move, 0 to 3, or one of these.
const (
	statusChance   = elasund.MaxPlayers     // the roll: chance plays
	statusTerminal = elasund.MaxPlayers + 1 // the game is over
)

// stateRandSeq is the second word of the PCG that a seed makes for a
// re-deal (resample_from_infostate, state_from_view): Go's
// rand.New(rand.NewPCG(seed, stateRandSeq)), the stream New seeds the game
// with ("elasund").
const stateRandSeq = 0x656c6173756e64

// stateRand returns the random source of a re-deal with seed.
func stateRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stateRandSeq))
}

// Errors of the state functions that are not the library's.
var (
	// errNoIndex: a move that parses but has no action index.
	errNoIndex = errors.New("elasund: the move has no action index")
	// errSeat: a player number that is not a seat of the game.
	errSeat = errors.New("elasund: not a player of the game")
	// errBuffer: a buffer too small for what is written into it.
	errBuffer = errors.New("elasund: buffer too small")
	// errInput: a buffer or input that C passes wrongly (NULL with a
	// length, or an absurd length).
	errInput = errors.New("elasund: bad argument")
)

// newPyState starts the game of Config{Players, Seed, Rules, MaxTurns},
// with rules in ParseRules' notation.
func newPyState(players int64, seed uint64, rules string, maxTurns int64) (*pyState, error) {
	r, err := elasund.ParseRules(rules)
	if err != nil {
		return nil, err
	}
	// Out-of-range counts reach New clamped to values it refuses alike.
	g, err := elasund.New(elasund.Config{Players: clampInt(players), Seed: seed, Rules: r, MaxTurns: clampInt(maxTurns)})
	if err != nil {
		return nil, err
	}
	return &pyState{g: *g}, nil
}

// clampInt converts v to an int: exactly where an int has 64 bits, clamped
// to the int32 range where it has 32 (a value beyond it is out of range for
// every count of the game).
func clampInt(v int64) int {
	if strconv.IntSize == 64 {
		return int(v)
	}
	return int(max(min(v, 1<<31-1), -1<<31))
}

// status returns the state's status: the seat to move, statusChance in the
// roll or statusTerminal once the game is over.
func (s *pyState) status() int64 {
	switch {
	case s.g.Over():
		return statusTerminal
	case s.g.Phase() == elasund.PhaseRoll:
		return statusChance
	}
	return int64(s.g.ToMove())
}

// describe returns the number of players times 8 plus the status.
func (s *pyState) describe() int64 {
	return int64(s.g.Players())<<3 | s.status()
}

// seat returns p as a seat of the game, or an error.
func (s *pyState) seat(p int64) (elasund.Player, error) {
	if p < 0 || p >= int64(s.g.Players()) {
		return elasund.NoPlayer, fmt.Errorf("%w: %d (the seats are 0 to %d)", errSeat, p, s.g.Players()-1)
	}
	return elasund.Player(p), nil
}

// moveOf returns the move of action index a.
func moveOf(a int64) (elasund.Move, error) {
	if a < 0 || a >= elasund.NumActions {
		return elasund.Move{}, fmt.Errorf("%w: %d is not in [0, %d)", elasund.ErrActionIndex, a, elasund.NumActions)
	}
	return elasund.MoveFromIndex(int(a))
}

// apply plays action a (any move Apply accepts, forced rolls included) and
// returns the new status. On an error the state is unchanged.
func (s *pyState) apply(a int64) (int64, error) {
	m, err := moveOf(a)
	if err != nil {
		return 0, err
	}
	if err := s.g.Apply(m); err != nil {
		return 0, err
	}
	return s.status(), nil
}

// applyLegal is apply, which also writes the new position's legal actions
// into dst when it has room (legal): it returns the status plus 8 times one
// more than their number, or 8 times 0 when it wrote none (dst too small,
// or empty). An error is apply's, and the state is unchanged.
func (s *pyState) applyLegal(a int64, dst []int64) (int64, error) {
	st, err := s.apply(a)
	if err != nil || len(dst) == 0 {
		return st, err
	}
	n, err := s.legal(dst)
	if err != nil {
		return st, nil // played; only the list is missing
	}
	return st | int64(n+1)<<3, nil
}

// chance reports whether the state is a chance node: the roll of a game
// that goes on.
func (s *pyState) chance() bool {
	return s.g.Phase() == elasund.PhaseRoll && !s.g.Over()
}

// stateSizes are the sizes Python reads once (elasund_state_sizes): the
// action space, the observation, the most players, the legal actions'
// buffer and the turn limit.
var stateSizes = [...]int64{elasund.NumActions, elasund.ObservationSize, elasund.MaxPlayers, maxLegalActions, elasund.TurnLimit}

// chanceOutcomes writes the chance outcomes (AppendChanceOutcomes), their
// actions into actions and their probabilities into probs, and returns how
// many: 0 but at a chance node.
func (s *pyState) chanceOutcomes(actions []int64, probs []float64) (int, error) {
	var buf [11]elasund.ChanceOutcome
	outs := s.g.AppendChanceOutcomes(buf[:0])
	if len(outs) > min(len(actions), len(probs)) {
		return 0, fmt.Errorf("%w: %d chance outcomes, room for %d", errBuffer, len(outs), min(len(actions), len(probs)))
	}
	for i, o := range outs {
		actions[i], probs[i] = int64(o.Move.Index()), o.Probability
	}
	return len(outs), nil
}

// stateMoves holds the buffers of moves that legal and mask list the legal
// moves into: Game.AppendLegal into a buffer that is there already is some
// 20 times faster than AppendLegalIndices, which zeroes a buffer for the
// longest list on every call.
var stateMoves = sync.Pool{New: func() any {
	b := make([]elasund.Move, 0, maxLegalActions)
	return &b
}}

// legalMoves calls f with the legal moves of the position (not the chance
// outcomes), in Legal's order.
func (s *pyState) legalMoves(f func([]elasund.Move) error) error {
	bp := stateMoves.Get().(*[]elasund.Move)
	moves := s.g.AppendLegal((*bp)[:0])
	err := f(moves)
	*bp = moves[:0]
	stateMoves.Put(bp)
	return err
}

// legal writes the legal actions into dst and returns how many: at a
// chance node the indices of the forced rolls of AppendChanceOutcomes,
// otherwise those of AppendLegalIndices, in their order.
func (s *pyState) legal(dst []int64) (int, error) {
	if s.chance() {
		var buf [11]elasund.ChanceOutcome
		outs := s.g.AppendChanceOutcomes(buf[:0])
		if len(outs) > len(dst) {
			return 0, fmt.Errorf("%w: %d chance outcomes, room for %d", errBuffer, len(outs), len(dst))
		}
		for i, o := range outs {
			dst[i] = int64(o.Move.Index())
		}
		return len(outs), nil
	}
	n := 0
	err := s.legalMoves(func(moves []elasund.Move) error {
		if len(moves) > len(dst) {
			return fmt.Errorf("%w: %d legal actions, room for %d", errBuffer, len(moves), len(dst))
		}
		for _, m := range moves {
			if i := m.Index(); i >= 0 { // as AppendLegalIndices: every listed move has one
				dst[n] = int64(i)
				n++
			}
		}
		return nil
	})
	return n, err
}

// mask writes NumActions bytes into dst, 1 at the legal actions (as legal
// lists them) and 0 elsewhere.
func (s *pyState) mask(dst []byte) error {
	if len(dst) < elasund.NumActions {
		return fmt.Errorf("%w: a mask of %d bytes, room for %d", errBuffer, elasund.NumActions, len(dst))
	}
	dst = dst[:elasund.NumActions]
	clear(dst)
	if s.chance() {
		var buf [11]elasund.ChanceOutcome
		for _, o := range s.g.AppendChanceOutcomes(buf[:0]) {
			dst[o.Move.Index()] = 1
		}
		return nil
	}
	return s.legalMoves(func(moves []elasund.Move) error {
		for _, m := range moves {
			if i := m.Index(); i >= 0 {
				dst[i] = 1
			}
		}
		return nil
	})
}

// observation writes View(p).AppendObservation into dst.
func (s *pyState) observation(p int64, dst []float32) error {
	seat, err := s.seat(p)
	if err != nil {
		return err
	}
	if len(dst) < elasund.ObservationSize {
		return fmt.Errorf("%w: an observation of %d values, room for %d", errBuffer, elasund.ObservationSize, len(dst))
	}
	s.g.View(seat).AppendObservation(dst[:0])
	return nil
}

// returns writes Outcome().Returns into dst and returns how many.
func (s *pyState) returns(dst []float64) (int, error) {
	if n := s.g.Players(); len(dst) < n {
		return 0, fmt.Errorf("%w: %d returns, room for %d", errBuffer, n, len(dst))
	}
	return len(s.g.Outcome().Returns(dst[:0])), nil
}

// clone returns an independent copy.
func (s *pyState) clone() *pyState {
	c := *s
	return &c
}

// redeal returns a copy re-dealt for seat p (Game.Redeal) with the random
// source of seed.
func (s *pyState) redeal(p int64, seed uint64) (*pyState, error) {
	seat, err := s.seat(p)
	if err != nil {
		return nil, err
	}
	c := *s
	if err := c.g.Redeal(seat, stateRand(seed)); err != nil {
		return nil, err
	}
	return &c, nil
}

// unmarshalPyState loads a state that Game.MarshalBinary wrote.
func unmarshalPyState(data []byte) (*pyState, error) {
	s := new(pyState)
	if err := s.g.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return s, nil
}

// viewJSON returns seat p's View as JSON.
func (s *pyState) viewJSON(p int64) ([]byte, error) {
	seat, err := s.seat(p)
	if err != nil {
		return nil, err
	}
	return s.g.View(seat).MarshalJSON()
}

// pyStateFromView loads a view from its JSON and re-deals it (View.Redeal)
// with the random source of seed.
func pyStateFromView(data []byte, seed uint64) (*pyState, error) {
	var v elasund.View
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	s := new(pyState)
	if err := v.RedealInto(&s.g, stateRand(seed)); err != nil {
		return nil, err
	}
	return s, nil
}

// actionString returns the notation of action a (Move.String).
func actionString(a int64) (string, error) {
	m, err := moveOf(a)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// parseAction returns the action index of the move written s (ParseMove).
func parseAction(s string) (int64, error) {
	m, err := elasund.ParseMove(s)
	if err != nil {
		return 0, err
	}
	i := m.Index()
	if i < 0 {
		return 0, fmt.Errorf("%w: %s (no position allows it)", errNoIndex, m)
	}
	return int64(i), nil
}
