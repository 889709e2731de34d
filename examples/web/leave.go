package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// defaultLeaveBot is the bot that plays on a seat its person left, unless
// -leave-bot names another: the greedy bot, which plays at once, costs
// nothing to run and plays sensibly.
const defaultLeaveBot = "greedy"

// Errors of a seat that cannot leave.
var (
	errGameOver    = errors.New("the game is over")
	errLeftAlready = errors.New("the seat's person has left already, and a bot plays it")
	errSeatsStore  = errors.New("the seat could not be handed to a bot, since the database did not keep it; it was not")
)

// leave makes the person of seat p leave the game. If at least two seats
// would remain that no person left (a bot's seat stays), the seat is
// handed to bot b (seeded with seed) and the game goes on; the seats are
// saved before the bot plays, and leave reports true. Otherwise the seat
// forfeits (Table.Forfeit: the game ends for everyone, p last), the game is
// saved as finished, the session stops, and leave reports false.
func (ss *session) leave(p elasund.Player, b bots.Bot, seed uint64, now time.Time) (handed bool, err error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.stopped:
		return false, errClosed
	case ss.t.Over():
		return false, errGameOver
	case ss.seats[p].bot != nil:
		return false, errLeftAlready
	}
	stay := 0
	for q, st := range ss.seats {
		if elasund.Player(q) != p && !st.left {
			stay++
		}
	}
	if stay < 2 {
		return false, ss.forfeitLocked(p, now)
	}
	was, old := ss.seats, ss.seatsJSON()
	ss.seats = slices.Clone(was)
	ss.seats[p] = seat{kind: b.Name(), bot: b, seed: seed, token: was[p].token, left: true}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	err = ss.saveSeatsLocked(ctx, old, now)
	cancel()
	if err != nil {
		ss.seats = was
		return false, fmt.Errorf("%w: %w", errSeatsStore, err)
	}
	ss.notify() // the pages show the seat played by the bot
	return true, nil
}

// forfeitLocked ends the game by seat p's forfeit, saves it ended and
// stops the session. If another server changed the game meanwhile (the
// store refuses the save as stale), the table is put back as it was and
// the session goes on, so that the caller can load the game again and
// leave on it (leaveSeat does). The caller holds ss.mu.
func (ss *session) forfeitLocked(p elasund.Player, now time.Time) error {
	before, err := ss.t.MarshalBinary()
	if err != nil {
		return err
	}
	if err = ss.t.Forfeit(p); err == nil {
		err = ss.saveEndedLocked(now)
	}
	if errors.Is(err, errStale) {
		var t elasund.Table
		if uerr := t.UnmarshalBinary(before); uerr == nil {
			ss.t = &t
			return err
		}
	}
	ss.stopLocked()
	return err
}

// leftJSON answers DELETE /api/games/{id}.
type leftJSON struct {
	ID     string `json:"id"`
	Left   string `json:"left,omitempty"`   // the colour of the seat that left
	Bot    string `json:"bot,omitempty"`    // the bot that plays that seat now, when the game goes on
	Over   bool   `json:"over"`             // the game is over
	Method string `json:"method,omitempty"` // how it ended: "forfeited" (the seat left) or "abandoned" (the admin token)
}

// handleDelete serves DELETE /api/games/{id}: with a seat's token that
// seat's person leaves (handed to a bot, or forfeiting when fewer than two
// seats would stay); with the game's admin token the game is abandoned
// for everyone.
func (s *server) handleDelete(w http.ResponseWriter, r *http.Request, ss *session) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if token = strings.TrimSpace(token); ok && token != "" && ss.isAdmin(token) {
		if ss.over() {
			writeError(w, http.StatusConflict, "game %s: %v", ss.id, errGameOver)
			return
		}
		if err := s.abandonGame(ss, time.Now()); err != nil {
			s.logger.Printf("game %s: saving it abandoned: %v", ss.id, err)
		}
		s.forget(ss)
		writeJSON(w, http.StatusOK, leftJSON{ID: ss.id, Over: true, Method: elasund.Abandoned.String()})
		return
	}
	p, ok := needSeat(w, r, ss, "leaving a game (or ending it, with the game's admin token)")
	if !ok {
		return
	}
	out, err := s.leaveSeat(ss, p)
	switch {
	case errors.Is(err, errClosed):
		writeError(w, http.StatusNotFound, "no game %q: %v", ss.id, err)
	case errors.Is(err, errGameOver), errors.Is(err, errLeftAlready), errors.Is(err, errStale):
		writeError(w, http.StatusConflict, "game %s: %v", ss.id, err)
	case errors.Is(err, errSeatsStore):
		s.logger.Printf("game %s: %v", ss.id, err)
		writeError(w, http.StatusServiceUnavailable, "%v", err)
	default:
		writeJSON(w, http.StatusOK, out)
	}
}

// leaveSeat makes seat p's person leave: the seat is handed to the leave
// bot and the bots go on, or it forfeits and the game, over, is let go
// from memory (it is loaded from the store for its end page).
func (s *server) leaveSeat(ss *session, p elasund.Player) (leftJSON, error) {
	seed := s.newSeed()
	b, err := s.newBot(s.opts.LeaveBot, seed)
	if err != nil {
		return leftJSON{}, fmt.Errorf("the bot %q: %w", s.opts.LeaveBot, err) // checked when the server starts
	}
	out := leftJSON{ID: ss.id, Left: ss.color(p)}
	handed, err := ss.leave(p, b, seed, time.Now())
	if errors.Is(err, errStale) && s.shared != nil && s.sync(ss) {
		handed, err = ss.leave(p, b, seed, time.Now()) // on the seats another server saved meanwhile
	}
	switch {
	case handed:
		s.startBots(ss)
		out.Bot = b.Name()
		return out, nil
	case errors.Is(err, errClosed), errors.Is(err, errGameOver), errors.Is(err, errLeftAlready), errors.Is(err, errSeatsStore),
		errors.Is(err, errStale): // stale again after loading the game anew: the person may try again
		return leftJSON{}, err
	case err != nil:
		s.logger.Printf("game %s: saving the forfeit of seat %d: %v", ss.id, p, err)
	}
	s.forget(ss)
	out.Over, out.Method = true, elasund.Forfeited.String()
	return out, nil
}

// forget lets a game the server ended go from memory.
func (s *server) forget(ss *session) {
	s.mu.Lock()
	if s.games[ss.id] == ss {
		delete(s.games, ss.id)
	}
	s.mu.Unlock()
}

// color returns the colour of seat p's name.
func (ss *session) color(p elasund.Player) string {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.t.Color(p).String()
}

// kindOf returns who plays seat p: "human" or a bot's name.
func (ss *session) kindOf(p elasund.Player) string {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.seats[p].kind
}
