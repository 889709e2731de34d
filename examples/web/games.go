package main

import (
	"bytes"
	"context"
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
	"github.com/elasund/elasund/examples/internal/words"
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
	// yellow): "human" for a person (at least one), or a bot's name
	// (bots.Names, or a name bots.New reads: "ismcts:N", "ismcts-v:N",
	// "az:N", "ismcts:10ms", "az:10ms"). Its length is the number of players.
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

// createdJSON answers POST /api/games: each seat with, for a person's, the
// secret token that plays it and the link that carries it; the
// spectator's link; and the admin token, with which DELETE ends the game
// for everyone (given in this answer only: the server keeps its hash).
type createdJSON struct {
	ID        string        `json:"id"`
	Seats     []createdSeat `json:"seats"`
	Spectator string        `json:"spectator"`
	Admin     string        `json:"admin"`
}

type createdSeat struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`
	Token string `json:"token,omitempty"`
	URL   string `json:"url,omitempty"`
}

func (s *server) handleGames(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	if !s.allowCreation(w, r) {
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
	seats, tokens, err := s.seats(req.Seats)
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
	now := time.Now()
	ss, err := newSession(newID(), t, seats, s.store, now)
	if err != nil {
		writeError(w, http.StatusBadRequest, "seats: %v", err)
		return
	}
	admin := newToken()
	ss.admin = hashToken(admin)
	if err := s.addGame(ss, clientOf(r), now); err != nil {
		status := http.StatusTooManyRequests
		switch {
		case errors.Is(err, errShuttingDown):
			status = http.StatusServiceUnavailable
		case errors.Is(err, errStore):
			status = http.StatusInternalServerError
		}
		writeError(w, status, "%v", err)
		return
	}
	s.startBots(ss)
	base := baseURL(r) + "/g/" + ss.id
	out := createdJSON{ID: ss.id, Spectator: base, Admin: admin}
	for p, st := range seats {
		cs := createdSeat{Color: t.Color(elasund.Player(p)).String(), Kind: st.kind}
		if st.bot == nil {
			cs.Token, cs.URL = tokens[p], base+"#seat="+tokens[p]
		}
		out.Seats = append(out.Seats, cs)
	}
	writeJSON(w, http.StatusCreated, out)
}

// baseURL is the scheme and host the request reached: https behind a
// proxy that terminates TLS and says so (X-Forwarded-Proto).
func baseURL(r *http.Request) string {
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// seats reads who plays each seat: "human" (a person, with a new secret
// token, returned by seat) or a bot, seeded from the server's secret
// source (never from the game's seed).
func (s *server) seats(names []string) ([]seat, []string, error) {
	out := make([]seat, len(names))
	tokens := make([]string, len(names))
	humans := 0
	for p, name := range names {
		if strings.ToLower(strings.TrimSpace(name)) == human {
			humans++
			tokens[p] = newToken()
			out[p] = seat{kind: human, token: hashToken(tokens[p])}
			continue
		}
		seed := s.newSeed()
		b, err := s.newBot(name, seed)
		if err != nil {
			return nil, nil, fmt.Errorf("seats[%d]: %w", p, err)
		}
		out[p] = seat{kind: b.Name(), bot: b, seed: seed}
	}
	if humans == 0 {
		return nil, nil, errors.New(`seats: no seat is "human"; a game needs at least one person`)
	}
	return out, tokens, nil
}

// errShuttingDown refuses a new game or replay while the server closes.
var errShuttingDown = errors.New("the server is shutting down")

// addGame saves a new game, created by the client of address key client,
// in the store and holds it, unless MaxGames unfinished games are held or
// MaxGamesPerClient of that client's.
func (s *server) addGame(ss *session, client string, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return errShuttingDown
	case s.unfinishedLocked() >= s.opts.MaxGames && !s.evictLocked(now):
		return fmt.Errorf("too many games at once (at most %d); try again later", s.opts.MaxGames)
	case s.opts.MaxGamesPerClient > 0 && s.clientGamesLocked(client) >= s.opts.MaxGamesPerClient:
		return fmt.Errorf("too many games of your address (%s) at once (at most %d): end one, or try again later", client, s.opts.MaxGamesPerClient)
	}
	data, err := ss.t.MarshalBinary()
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		err = s.store.Create(ctx, storedGame{ID: ss.id, Seats: ss.seatsJSON(), Table: data, Created: now})
		cancel()
	}
	if err != nil {
		return fmt.Errorf("%w: %v", errStore, err)
	}
	s.games[ss.id] = ss
	if s.opts.MaxGamesPerClient > 0 {
		s.creators[ss.id] = client // forgotten once the game is no longer held
	}
	return nil
}

// unfinishedLocked counts the games held that go on. The caller holds s.mu.
func (s *server) unfinishedLocked() int {
	n := 0
	for _, ss := range s.games {
		if !ss.over() {
			n++
		}
	}
	return n
}

// session returns the game of the request's id, from memory or else from
// the store (a finished game, kept for its retention), and marks it used;
// or it writes a 404.
func (s *server) session(w http.ResponseWriter, r *http.Request) *session {
	id := r.PathValue("id")
	ss := s.lookup(id)
	if ss == nil {
		writeError(w, http.StatusNotFound, "no game %q (a finished game is kept for %v)", clip(id), s.opts.Retention)
		return nil
	}
	now := time.Now()
	if !s.fresh(ss, now) {
		writeError(w, http.StatusNotFound, "no game %q (a finished game is kept for %v)", clip(id), s.opts.Retention)
		return nil
	}
	ss.use(now)
	return ss
}

// seatOf reads the request's "Authorization: Bearer TOKEN" and returns the
// seat whose token it is: NoPlayer and true without the header or with
// the game's admin token (a spectator), false (after writing a 401) for a
// token of no seat or of a seat whose person left.
func seatOf(w http.ResponseWriter, r *http.Request, ss *session) (elasund.Player, bool) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return elasund.NoPlayer, true
	}
	token, ok := strings.CutPrefix(h, "Bearer ")
	token = strings.TrimSpace(token)
	p, left, found := ss.seatOf(token)
	switch {
	case ok && found && !left:
		return p, true
	case ok && !found && ss.isAdmin(token):
		return elasund.NoPlayer, true // the creator's admin token sees what a spectator sees
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="elasund", error="invalid_token"`)
	if ok && found {
		writeError(w, http.StatusUnauthorized, "the seat of this token (%s) left game %s, and the %s bot plays it: you may watch, without the token",
			ss.color(p), ss.id, ss.kindOf(p))
		return elasund.NoPlayer, false
	}
	writeError(w, http.StatusUnauthorized, "the Authorization header holds no seat's token of game %s (send Authorization: Bearer TOKEN, the token of your seat's link)", ss.id)
	return elasund.NoPlayer, false
}

// needSeat is seatOf for a request that must come from a person's seat:
// without a token it writes a 401.
func needSeat(w http.ResponseWriter, r *http.Request, ss *session, what string) (elasund.Player, bool) {
	p, ok := seatOf(w, r, ss)
	if ok && p == elasund.NoPlayer {
		w.Header().Set("WWW-Authenticate", `Bearer realm="elasund"`)
		writeError(w, http.StatusUnauthorized, "%s needs a seat's token: send Authorization: Bearer TOKEN, the token of your seat's link", what)
		return p, false
	}
	return p, ok
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
		s.handleDelete(w, r, ss)
		return
	}
	p, ok := seatOf(w, r, ss)
	if !ok {
		return
	}
	q := r.URL.Query()
	from := 0
	if f := q.Get("from"); f != "" {
		var err error
		if from, err = strconv.Atoi(f); err != nil || from < 0 {
			writeError(w, http.StatusBadRequest, "from: %q is not a number of moves", clip(f))
			return
		}
	}
	// ?after=V waits until the game has moved past version V, at most
	// MaxWait, so that a page needs no busy polling.
	if a := q.Get("after"); a != "" {
		after, err := strconv.Atoi(a)
		if err != nil {
			writeError(w, http.StatusBadRequest, "after: %q is not a version number", clip(a))
			return
		}
		if changed, wait := ss.changes(after); wait {
			// A long poll may outlast the server's write timeout: its
			// deadline is moved past the wait.
			s.extendWrite(w, s.opts.MaxWait)
			t := time.NewTimer(s.opts.MaxWait)
			select {
			case <-changed:
			case <-t.C:
			case <-r.Context().Done():
			case <-s.stop:
			}
			t.Stop()
		}
		if ss.isStopped() && !ss.over() {
			writeError(w, http.StatusNotFound, "no game %q: %v", ss.id, errClosed)
			return
		}
	}
	st, err := ss.state(p, from, q.Get("svg"))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeState(w, r, http.StatusOK, st)
}

// moveJSON is the body of POST /api/games/{id}/moves.
type moveJSON struct {
	Move string `json:"move"` // in the notation of elasund.ParseMove
	// After, if present, is the number of moves played when the move was
	// chosen (the state's version): the move is refused with 409 and the
	// state now if the game has moved on since. The page always sends it;
	// a program may leave it out, and its move is then played on the game
	// as it stands when it arrives.
	After *int `json:"after,omitempty"`
}

// staleJSON answers a move chosen on a state the game has moved on from
// (409): the state now, as a GET gives it to the seat, and the error.
type staleJSON struct {
	stateJSON
	Error string `json:"error"`
}

func (s *server) handleMoves(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	p, ok := needSeat(w, r, ss, "a move")
	if !ok {
		return
	}
	var req moveJSON
	if !readJSON(w, r, &req, maxJSONBody) {
		return
	}
	m, err := elasund.ParseMove(req.Move)
	if err != nil {
		writeRefusal(w, http.StatusBadRequest, err)
		return
	}
	after := -1
	if req.After != nil {
		if after = *req.After; after < 0 {
			writeError(w, http.StatusBadRequest, "after: %d is not a number of moves", after)
			return
		}
	}
	q := r.URL.Query()
	from, _ := strconv.Atoi(q.Get("from"))
	// The Table is the referee: it plays only a move it lists for the
	// token's seat when that seat decides, and its refusal, citing the
	// rule, is the answer. The move is saved before the answer.
	err = s.play(ss, p, m, after)
	switch {
	case errors.Is(err, errStaleMove):
		st, serr := ss.state(p, from, q.Get("svg"))
		if serr != nil {
			writeError(w, http.StatusInternalServerError, "%v", serr)
			return
		}
		writeJSON(w, http.StatusConflict, staleJSON{st, err.Error() + "; the answer is the game as it stands: choose again"})
		return
	case errors.Is(err, errClosed):
		writeError(w, http.StatusNotFound, "no game %q: %v", ss.id, err)
		return
	case errors.Is(err, elasund.ErrNotYourDecision):
		writeRefusal(w, http.StatusForbidden, err)
		return
	case errors.Is(err, errStore):
		s.logger.Printf("game %s: %v", ss.id, err)
		writeError(w, http.StatusServiceUnavailable, "%v", err)
		return
	case err != nil:
		writeRefusal(w, http.StatusUnprocessableEntity, err)
		return
	}
	s.startBots(ss)
	st, err := ss.state(p, from, q.Get("svg"))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeState(w, r, http.StatusOK, st)
}

// refusalJSON is the answer to a move that is not played: the engine's
// error, for programs and logs, and for a person the plain sentence of
// the rule that refused it, which the page shows, with the rule's section
// of RULES.md and a link to it.
type refusalJSON struct {
	Error    string `json:"error"`             // the engine's text ("elasund: illegal move …")
	Reason   string `json:"reason,omitempty"`  // the reason's code (elasund.Reason: "no-majority"), if the engine gave one
	Sentence string `json:"sentence"`          // for a person (words.Explain)
	Section  string `json:"section,omitempty"` // the rule's section of RULES.md, "§6.2"
	Rules    string `json:"rules,omitempty"`   // a link to that section
}

// rulesURL is where RULES.md, the rules the engine cites, is read.
const rulesURL = "https://github.com/elasund/elasund/blob/main/RULES.md"

// writeRefusal answers a move that was not played, err being the error
// of elasund.ParseMove or of the Table.
func writeRefusal(w http.ResponseWriter, status int, err error) {
	out := refusalJSON{Error: err.Error(), Sentence: words.Explain(err)}
	var me *elasund.MoveError
	if errors.As(err, &me) {
		out.Reason, out.Section = me.Reason.String(), words.Section(me.Reason)
		if a := words.RulesAnchor(me.Reason); a != "" {
			out.Rules = rulesURL + "#" + a
		}
	}
	writeJSON(w, status, out)
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
