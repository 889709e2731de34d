package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

func (s *server) handleBots(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"bots": bots.Names(), "maxTurns": s.opts.MaxTurns,
		"maxIterations": s.opts.MaxIterations, "searchTime": s.opts.SearchTime.String(),
	})
}

// newGameJSON is the body of POST /api/games.
type newGameJSON struct {
	// Seats says who plays each seat, in seat order (red, blue, green,
	// yellow): "you" once, and a bot's name (bots.Names, or "ismcts:N")
	// for each other seat. Its length is the number of players.
	Seats []string `json:"seats"`
	// Seed is refused unless absent, null or 0: the server draws every
	// game's seed in secret, since whoever knows it foresees every card
	// and roll.
	Seed json.RawMessage `json:"seed"`
	// Rules are the rule options, as elasund.ParseRules reads them.
	Rules string `json:"rules"`
	// MaxTurns, if positive, overrides the server's turn limit (at most
	// maxTurnsAsked).
	MaxTurns int `json:"maxTurns"`
}

func (s *server) handleGames(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	var req newGameJSON
	if !readJSON(w, r, &req, maxJSONBody) {
		return
	}
	if seed := string(bytes.TrimSpace(req.Seed)); seed != "" && seed != "null" && seed != "0" {
		writeError(w, http.StatusBadRequest, "seed: a client may not choose the seed (whoever knows it foresees every card and roll); the server draws it in secret")
		return
	}
	n := len(req.Seats)
	if n < elasund.MinPlayers || n > elasund.MaxPlayers {
		writeError(w, http.StatusBadRequest, "seats: %d seats given; a game has 2 to 4", n)
		return
	}
	cfg := elasund.Config{Players: n, MaxTurns: s.opts.MaxTurns}
	if req.MaxTurns > 0 {
		cfg.MaxTurns = min(req.MaxTurns, maxTurnsAsked)
	}
	if req.Rules != "" {
		rules, err := elasund.ParseRules(req.Rules)
		if err != nil {
			writeError(w, http.StatusBadRequest, "rules: %v", err)
			return
		}
		cfg.Rules = rules
	}
	seats, err := s.seats(req.Seats)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	cfg.Seed = s.newSeed()
	t, err := elasund.NewTable(cfg)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	ss, err := newSession(newID(), t, seats, time.Now())
	if err != nil {
		writeError(w, http.StatusBadRequest, "seats: %v", err)
		return
	}
	if err := s.addGame(ss); err != nil {
		status := http.StatusTooManyRequests
		if errors.Is(err, errShuttingDown) {
			status = http.StatusServiceUnavailable
		}
		writeError(w, status, "%v", err)
		return
	}
	s.startBots(ss)
	st, err := ss.state()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusCreated, st)
}

// seats reads who plays each seat: "you" once, and bots, each seeded from
// the server's secret source (never from the game's seed).
func (s *server) seats(names []string) ([]seat, error) {
	out := make([]seat, len(names))
	you := false
	for p, name := range names {
		if strings.ToLower(strings.TrimSpace(name)) == "you" {
			if you {
				return nil, errors.New(`seats: "you" is given twice; one seat is yours, the others are bots`)
			}
			you, out[p] = true, seat{name: "you"}
			continue
		}
		b, err := s.newBot(name, s.newSeed())
		if err != nil {
			return nil, fmt.Errorf("seats[%d]: %w", p, err)
		}
		out[p] = seat{name: b.Name(), bot: b}
	}
	if !you {
		return nil, errors.New(`seats: no seat is "you"`)
	}
	return out, nil
}

// errShuttingDown refuses a new game or replay while the server closes.
var errShuttingDown = errors.New("the server is shutting down")

// addGame holds a new session, unless MaxGames are held.
func (s *server) addGame(ss *session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return errShuttingDown
	case len(s.games) >= s.opts.MaxGames:
		return fmt.Errorf("too many games at once (at most %d); try again later", s.opts.MaxGames)
	}
	s.games[ss.id] = ss
	return nil
}

// session returns the game of the request's id and marks it used, or
// writes a 404.
func (s *server) session(w http.ResponseWriter, r *http.Request) *session {
	id := r.PathValue("id")
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	if ss == nil {
		writeError(w, http.StatusNotFound, "no game %q (it may have ended after being idle)", clip(id))
		return nil
	}
	ss.use(time.Now())
	return ss
}

// removeGame removes the game id, abandons it and stops its bots.
func (s *server) removeGame(id string) {
	s.mu.Lock()
	ss := s.games[id]
	delete(s.games, id)
	s.mu.Unlock()
	if ss != nil {
		ss.close()
	}
}

func (s *server) handleGame(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet, http.MethodDelete) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	if r.Method == http.MethodDelete {
		s.removeGame(ss.id)
		writeJSON(w, http.StatusOK, map[string]string{"deleted": ss.id})
		return
	}
	// ?after=V waits until the game has moved past version V (a bot's
	// move), at most MaxWait, so the page needs no busy polling.
	if a := r.URL.Query().Get("after"); a != "" {
		after, err := strconv.Atoi(a)
		if err != nil {
			writeError(w, http.StatusBadRequest, "after: %q is not a version number", clip(a))
			return
		}
		if changed, wait := ss.changes(after); wait {
			t := time.NewTimer(s.opts.MaxWait)
			select {
			case <-changed:
			case <-t.C:
			case <-r.Context().Done():
			case <-s.stop:
			}
			t.Stop()
		}
		if ss.isClosed() {
			writeError(w, http.StatusNotFound, "no game %q: %v", ss.id, errClosed)
			return
		}
	}
	st, err := ss.state()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// moveJSON is the body of POST /api/games/{id}/moves.
type moveJSON struct {
	Move string `json:"move"` // in the notation of elasund.ParseMove
}

func (s *server) handleMoves(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	var req moveJSON
	if !readJSON(w, r, &req, maxJSONBody) {
		return
	}
	m, err := elasund.ParseMove(req.Move)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	// The Table is the referee: it plays only a move it lists for the
	// person's seat, and its refusal, citing the rule, is the answer.
	st, err := ss.play(m)
	switch {
	case errors.Is(err, errClosed):
		writeError(w, http.StatusNotFound, "no game %q: %v", ss.id, err)
		return
	case errors.Is(err, elasund.ErrNotYourDecision):
		writeError(w, http.StatusConflict, "%v", err)
		return
	case err != nil:
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	s.startBots(ss)
	writeJSON(w, http.StatusOK, st)
}

// handleRecord sends the record of a finished game. While the game goes on
// the Table refuses it: with the seed and the moves a record gives away
// every hand and every future roll.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	rec, err := ss.record()
	if errors.Is(err, elasund.ErrGameInProgress) {
		writeError(w, http.StatusConflict, "the record is given once the game is over: it holds the seed, which tells every hand and roll")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="elasund-`+ss.id[:8]+`.txt"`)
	io.WriteString(w, rec.String())
}
