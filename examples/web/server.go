package main

import (
	"crypto/rand"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

//go:embed assets
var assets embed.FS

// options configure a server.
type options struct {
	MaxGames int           // games (and, separately, replays) held at once
	Idle     time.Duration // a game or replay unused this long is removed
	BotDelay time.Duration // a pause before each bot move, so a person can follow
	MaxTurns int           // the turn limit of new games (0: none)
	MaxWait  time.Duration // the longest a request waits for a bot's move
}

// Request body limits.
const (
	maxJSONBody   = 16 << 10 // a new game or a move
	maxRecordBody = 1 << 20  // a record to replay
)

// server serves the pages and the API. It is the referee of every game: a
// browser receives its seat's view and picture, never the Game.
type server struct {
	opts   options
	mux    *http.ServeMux
	logger *log.Logger

	mu      sync.Mutex // guards the maps and closed
	games   map[string]*session
	replays map[string]*replay
	closed  bool

	stop     chan struct{}  // closed by Close: the janitor and the bots stop
	wg       sync.WaitGroup // the janitor and the bots' goroutines
	stopOnce sync.Once
}

// newServer returns a server with its janitor running; Close stops it.
func newServer(opts options, logger *log.Logger) *server {
	if opts.MaxGames <= 0 {
		opts.MaxGames = 1
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = 20 * time.Second
	}
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &server{
		opts: opts, logger: logger, mux: http.NewServeMux(),
		games: map[string]*session{}, replays: map[string]*replay{},
		stop: make(chan struct{}),
	}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	s.mux.HandleFunc("/{$}", s.page(static, "index.html"))
	s.mux.HandleFunc("/replay", s.page(static, "replay.html"))
	s.mux.Handle("/static/", s.staticFiles(static))
	s.mux.HandleFunc("/api/bots", s.handleBots)
	s.mux.HandleFunc("/api/games", s.handleGames)
	s.mux.HandleFunc("/api/games/{id}", s.handleGame)
	s.mux.HandleFunc("/api/games/{id}/moves", s.handleMoves)
	s.mux.HandleFunc("/api/games/{id}/record", s.handleRecord)
	s.mux.HandleFunc("/api/replays", s.handleReplays)
	s.mux.HandleFunc("/api/replays/{id}", s.handleReplay)
	s.mux.HandleFunc("/api/replays/{id}/positions/{k}", s.handlePosition)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such page or API: %s", r.URL.Path)
	})
	if opts.Idle > 0 {
		interval := min(opts.Idle/4, time.Minute)
		s.wg.Add(1)
		go s.janitor(max(interval, time.Millisecond))
	}
	return s
}

// ServeHTTP serves a request; a panic in a handler becomes a 500 with a
// JSON error and never takes the server down.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logger.Printf("panic serving %s %s: %v", r.Method, r.URL.Path, v)
			writeError(w, http.StatusInternalServerError, "internal error")
		}
	}()
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// Close removes every game and replay and stops the janitor and the bots.
func (s *server) Close() {
	s.stopOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		for id, ss := range s.games {
			ss.mu.Lock()
			ss.closed = true
			ss.mu.Unlock()
			delete(s.games, id)
		}
		clear(s.replays)
		s.mu.Unlock()
		close(s.stop)
	})
	s.wg.Wait()
}

// janitor removes idle games and replays until Close.
func (s *server) janitor(interval time.Duration) {
	defer s.wg.Done()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.sweep(now)
		}
	}
}

// sweep removes the games and replays unused since now minus the idle
// timeout, and returns how many it removed.
func (s *server) sweep(now time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for id, ss := range s.games {
		ss.mu.Lock()
		if now.Sub(ss.lastUsed) > s.opts.Idle {
			ss.closed = true
			delete(s.games, id)
			n++
		}
		ss.mu.Unlock()
	}
	for id, rp := range s.replays {
		if !rp.permanent && now.Sub(rp.lastUsed) > s.opts.Idle {
			delete(s.replays, id)
			n++
		}
	}
	return n
}

// apiError is the body of every error response.
type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...)})
}

// allow answers a request whose method is not one of methods with 405 and
// reports whether the method is allowed.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, http.StatusMethodNotAllowed, "method %s is not allowed here (use %s)", r.Method, strings.Join(methods, " or "))
	return false
}

// readJSON decodes the body, at most maxJSONBody bytes of one JSON object
// with known fields only, into v; on failure it writes the error response
// and returns false.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		return true
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "the body is larger than %d bytes", tooBig.Limit)
		return false
	}
	writeError(w, http.StatusBadRequest, "the body is not the JSON object expected: %v", err)
	return false
}

// newID returns an unguessable id: a game's id is the key to its seat.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (s *server) page(static fs.FS, name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		data, err := fs.ReadFile(static, name)
		if err != nil {
			writeError(w, http.StatusNotFound, "no page %s", name)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(data)
	}
}

func (s *server) staticFiles(static fs.FS) http.Handler {
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		if _, err := fs.Stat(static, name); err != nil || name == "" || strings.HasSuffix(name, "/") {
			writeError(w, http.StatusNotFound, "no file %s", r.URL.Path)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

func (s *server) handleBots(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"bots": bots.Names(), "maxTurns": s.opts.MaxTurns})
}

// newGameJSON is the body of POST /api/games.
type newGameJSON struct {
	// Seats says who plays each seat, in seat order (red, blue, green,
	// yellow): "you" once, and a bot's name (bots.Names) for each other
	// seat. Its length is the number of players.
	Seats []string `json:"seats"`
	// Seed seeds the game and the bots; 0 draws one at random.
	Seed uint64 `json:"seed"`
	// Rules are the rule options, as elasund.ParseRules reads them.
	Rules string `json:"rules"`
	// MaxTurns, if positive, overrides the server's turn limit.
	MaxTurns int `json:"maxTurns"`
}

func (s *server) handleGames(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	var req newGameJSON
	if !readJSON(w, r, &req) {
		return
	}
	n := len(req.Seats)
	if n < elasund.MinPlayers || n > elasund.MaxPlayers {
		writeError(w, http.StatusBadRequest, "seats: %d seats given; a game has 2 to 4", n)
		return
	}
	cfg := elasund.Config{Players: n, Seed: req.Seed, MaxTurns: s.opts.MaxTurns}
	if cfg.Seed == 0 {
		cfg.Seed = randomSeed()
	}
	if req.MaxTurns > 0 {
		cfg.MaxTurns = min(req.MaxTurns, 10000)
	}
	if req.Rules != "" {
		rules, err := elasund.ParseRules(req.Rules)
		if err != nil {
			writeError(w, http.StatusBadRequest, "rules: %v", err)
			return
		}
		cfg.Rules = rules
	}
	g, err := elasund.New(cfg)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	ss := &session{id: newID(), human: elasund.NoPlayer, g: *g, rec: elasund.NewRecorder(cfg),
		changed: make(chan struct{}), lastUsed: time.Now()}
	for p, who := range req.Seats {
		who = strings.ToLower(strings.TrimSpace(who))
		if who == "you" {
			if ss.human != elasund.NoPlayer {
				writeError(w, http.StatusBadRequest, `seats: "you" is given twice; one seat is yours, the others are bots`)
				return
			}
			ss.human, ss.players[p] = elasund.Player(p), "you"
			continue
		}
		b, err := bots.New(who, cfg.Seed^uint64(p+1)*0x9e3779b97f4a7c15)
		if err != nil {
			writeError(w, http.StatusBadRequest, "seats[%d]: %v", p, err)
			return
		}
		ss.bots[p], ss.players[p] = b, b.Name()
	}
	if ss.human == elasund.NoPlayer {
		writeError(w, http.StatusBadRequest, `seats: no seat is "you"`)
		return
	}
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	case len(s.games) >= s.opts.MaxGames:
		s.mu.Unlock()
		writeError(w, http.StatusTooManyRequests, "too many games at once (at most %d); try again later", s.opts.MaxGames)
		return
	}
	s.games[ss.id] = ss
	s.mu.Unlock()
	ss.mu.Lock()
	s.startBots(ss)
	st, err := ss.state()
	ss.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusCreated, st)
}

// session returns the game of the request's id and marks it used, or
// writes a 404.
func (s *server) session(w http.ResponseWriter, r *http.Request) *session {
	id := r.PathValue("id")
	s.mu.Lock()
	ss := s.games[id]
	s.mu.Unlock()
	if ss == nil {
		writeError(w, http.StatusNotFound, "no game %q (it may have ended after being idle)", id)
		return nil
	}
	ss.mu.Lock()
	ss.lastUsed = time.Now()
	ss.mu.Unlock()
	return ss
}

// startBots starts the goroutine that plays the bots' moves if a bot
// decides and none runs. The caller holds ss.mu.
func (s *server) startBots(ss *session) {
	if ss.running || ss.closed || ss.g.Over() || ss.g.ToMove() == ss.human {
		return
	}
	select {
	case <-s.stop:
		return
	default:
	}
	ss.running = true
	s.wg.Add(1)
	go s.runBots(ss)
}

// runBots plays the bots' moves until the person decides, the game ends or
// the session is closed. A bot chooses from its seat's view, outside the
// session's lock.
func (s *server) runBots(ss *session) {
	defer s.wg.Done()
	for {
		if s.opts.BotDelay > 0 {
			select {
			case <-s.stop:
				ss.mu.Lock()
				ss.running = false
				ss.mu.Unlock()
				return
			case <-time.After(s.opts.BotDelay):
			}
		}
		ss.mu.Lock()
		b, v, version, ok := ss.botTurn()
		ss.mu.Unlock()
		if !ok {
			return
		}
		m, err := choose(b, v)
		ss.mu.Lock()
		ss.playBot(b.Name(), version, m, err)
		if ss.version == version { // nothing was played: stop rather than spin
			ss.running = false
			ss.mu.Unlock()
			return
		}
		ss.mu.Unlock()
	}
}

// choose asks the bot, turning a panic into an error.
func choose(b bots.Bot, v elasund.View) (m elasund.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return b.Choose(v)
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
		s.mu.Lock()
		delete(s.games, ss.id)
		s.mu.Unlock()
		ss.mu.Lock()
		ss.closed = true
		ss.mu.Unlock()
		writeJSON(w, http.StatusOK, map[string]string{"deleted": ss.id})
		return
	}
	// ?after=V waits until the game has moved past version V (a bot's
	// move), at most MaxWait, so the page needs no busy polling.
	if a := r.URL.Query().Get("after"); a != "" {
		after, err := strconv.Atoi(a)
		if err != nil {
			writeError(w, http.StatusBadRequest, "after: %q is not a version number", a)
			return
		}
		ss.mu.Lock()
		changed, waiting := ss.changed, ss.version <= after && !ss.g.Over() && !ss.yourMove()
		ss.mu.Unlock()
		if waiting {
			t := time.NewTimer(s.opts.MaxWait)
			select {
			case <-changed:
			case <-t.C:
			case <-r.Context().Done():
			case <-s.stop:
			}
			t.Stop()
		}
	}
	ss.mu.Lock()
	st, err := ss.state()
	ss.mu.Unlock()
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
	if !readJSON(w, r, &req) {
		return
	}
	m, err := elasund.ParseMove(req.Move)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		writeError(w, http.StatusNotFound, "no game %q", ss.id)
		return
	}
	if p := ss.g.ToMove(); !ss.g.Over() && p != ss.human {
		writeError(w, http.StatusConflict, "it is %v's decision (the %s bot), not yours", ss.g.Color(p), ss.players[p])
		return
	}
	// The engine is the referee: its refusal, citing the rule, is the
	// answer to an illegal move.
	if err := ss.g.Check(m); err != nil {
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	if err := ss.apply(m); err != nil {
		writeError(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	ss.note = ""
	s.startBots(ss)
	st, err := ss.state()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// handleRecord sends the record of a finished game. While the game goes on
// it is refused: with the seed and the moves a record gives away every hand
// and every future roll.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	over, rec := ss.g.Over(), ss.rec.Record()
	ss.mu.Unlock()
	if !over {
		writeError(w, http.StatusConflict, "the record is given once the game is over (it holds the seed, which tells every hand and roll)")
		return
	}
	// Who played each seat, as tags named by colour: [Red "you"], [Blue "random"].
	rec.Tags = map[string]string{"Event": "elasund web game"}
	for p := range rec.Config.Players {
		c := ss.g.Color(elasund.Player(p)).String()
		rec.Tags[strings.ToUpper(c[:1])+c[1:]] = ss.players[p]
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="elasund-`+ss.id[:8]+`.txt"`)
	io.WriteString(w, rec.String())
}
