package main

import (
	crand "crypto/rand"
	"embed"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"math/rand/v2"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/elasund/elasund/examples/bots"
)

//go:embed assets
var assets embed.FS

// options configure a server. newServer gives a zero field its default.
type options struct {
	MaxGames       int           // unfinished games (and, separately, replays) held at once
	MaxReplayBytes int64         // the memory the replays held may take, in all (default 64 MiB)
	Idle           time.Duration // an unfinished game unused this long is abandoned, a replay removed (0: never)
	Retention      time.Duration // a finished game is deleted from the store this long after its end (0: never)
	BotDelay       time.Duration // a pause before each bot move, so a person can follow
	MaxTurns       int           // the turn limit of new games (0: none)
	MaxWait        time.Duration // the longest a request waits for a move (default 20 s)
	MaxIterations  int           // the most iterations an ISMCTS bot may search a move (default 100,000)
	SearchTime     time.Duration // the longest a bot searches a move (default 3 s)
	MaxSearches    int           // the bots' searches run at once; the others wait (default 2)
	LeaveBot       string        // the bot that plays on a seat its person left (default "greedy")
	// AllowedHosts are the host names the server answers to (Host, and
	// the Origin of a request that changes something); IP addresses are
	// always allowed, "*" allows every host. Empty: "localhost" only.
	AllowedHosts []string
	// CreateRate is the new games and records a client address may
	// create a minute, after CreateBurst at once (0: no limit; the flag's
	// default is 6, with a burst of 10).
	CreateRate  float64
	CreateBurst int
	// MaxGamesPerClient bounds the unfinished games held that one client
	// address created (0: only MaxGames; the flag's default is 10).
	MaxGamesPerClient int
	// WriteTimeout is the http.Server's, which a long poll moves past its
	// wait (0: none).
	WriteTimeout time.Duration
	// Seed, if not 0, makes the server's games predictable, for tests:
	// the seeds of the games and of the bots are drawn from a source
	// seeded with it instead of crypto/rand, so whoever knows it foresees
	// every card and roll. 0, the default, keeps them secret.
	Seed uint64

	// The memory of the searches and of the finished games (memory.go).
	SearchBytes   int64 // the memory the bots' searches may hold at once, in all (default 150 MiB)
	FinishedBytes int64 // the memory the finished games held may take (default 32 MiB)
}

// Request body limits.
const (
	maxJSONBody   = 16 << 10 // a new game or a move
	maxRecordBody = 1 << 20  // a record to replay, as JSON
	maxTurnsAsked = 10000    // the largest turn limit a new game may ask for
)

// server serves the pages and the API. Every game is refereed by an
// elasund.Table inside a session: a browser receives its seat's view and
// picture, never the game, and plays only the moves the Table lists for
// its seat. The store keeps every game.
type server struct {
	opts   options
	mux    *http.ServeMux
	logger *log.Logger
	cross  *http.CrossOriginProtection
	hosts  hostList
	store  store
	shared sharedStore // store, when several servers share it (shared.go); else nil

	creations *limiter // the creations of each client address

	mu          sync.Mutex // guards the fields below
	games       map[string]*session
	creators    map[string]string // a game's id → its creator's address (clientOf), while it is held
	replays     map[string]*replay
	replayBytes int64      // the accounted size of the replays held
	fixed       *rand.Rand // the source of seeds with options.Seed, else nil
	closed      bool

	finished *finishedGames // guarded by mu: the finished games held, within FinishedBytes

	slots      chan struct{} // a search slot is taken while a bot searches
	searching  atomic.Int64  // the searches running now
	searches   atomic.Int64  // the searches started, in all
	searchPeak atomic.Int64  // the most searches that ran at once

	stop     chan struct{}  // closed by Close: the janitor and the bots stop
	wg       sync.WaitGroup // the janitor and the bots' goroutines
	stopOnce sync.Once
}

// newServer returns a server of the games of st, with its janitor
// running; Close stops it (and leaves st open). It resumes every
// unfinished game of st; a game that does not load is named in the error,
// and the server serves the others.
func newServer(opts options, st store, logger *log.Logger) (*server, error) {
	opts.MaxGames = max(opts.MaxGames, 1)
	if opts.MaxReplayBytes <= 0 {
		opts.MaxReplayBytes = 64 << 20
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = 20 * time.Second
	}
	if opts.MaxIterations <= 0 {
		opts.MaxIterations = defaultMaxIterations
	}
	opts.MaxIterations = min(opts.MaxIterations, bots.MaxIterations)
	if opts.SearchTime <= 0 {
		opts.SearchTime = defaultSearchTime
	}
	if opts.MaxSearches <= 0 {
		opts.MaxSearches = defaultMaxSearches
	}
	if opts.LeaveBot == "" {
		opts.LeaveBot = defaultLeaveBot
	}
	if len(opts.AllowedHosts) == 0 {
		opts.AllowedHosts = defaultHosts("")
	}
	if opts.SearchBytes <= 0 {
		opts.SearchBytes = defaultSearchBytes
	}
	if opts.FinishedBytes <= 0 {
		opts.FinishedBytes = defaultFinishedBytes
	}
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &server{
		opts: opts, logger: logger, mux: http.NewServeMux(), cross: http.NewCrossOriginProtection(), store: st,
		shared: asShared(st),
		hosts:  newHostList(opts.AllowedHosts), creations: newLimiter(opts.CreateRate, opts.CreateBurst, maxClients),
		games: map[string]*session{}, creators: map[string]string{}, replays: map[string]*replay{},
		finished: newFinishedGames(opts.FinishedBytes),
		slots:    make(chan struct{}, opts.MaxSearches), stop: make(chan struct{}),
	}
	if opts.Seed != 0 {
		s.fixed = rand.New(rand.NewPCG(opts.Seed, 0x5eed))
	}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	s.mux.HandleFunc("/{$}", s.page(static, "index.html"))
	s.mux.HandleFunc("/g/{id}", s.page(static, "index.html"))
	s.mux.HandleFunc("/replay", s.page(static, "replay.html"))
	s.mux.HandleFunc("/favicon.ico", s.page(static, "favicon.svg"))
	s.mux.Handle("/static/", s.staticFiles(static))
	s.mux.HandleFunc("/healthz", s.handleHealth)
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
	err = s.resumeGames()
	if opts.Idle > 0 || opts.Retention > 0 {
		interval := time.Minute
		for _, d := range []time.Duration{opts.Idle, opts.Retention} {
			if d > 0 {
				interval = min(interval, d/4)
			}
		}
		s.wg.Add(1)
		go s.janitor(max(interval, time.Millisecond))
	}
	return s, err
}

// ServeHTTP serves a request; a panic in a handler becomes a 500 with a
// JSON error and never takes the server down.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if acceptsGzip(r) {
		gz := newGzipWriter(w)
		defer gz.Close() // after the recovery below has written its error
		w = gz
	}
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
	// A name that is not the server's (DNS rebinding) is refused first.
	if !s.checkHost(w, r) {
		return
	}
	// Another site's page must not drive the API with its visitor's
	// browser: a request that changes something (any method but GET, HEAD
	// and OPTIONS) is refused when the browser says it comes from another
	// origin (Sec-Fetch-Site, or an Origin that is not this Host).
	// Clients that are not browsers send neither header and pass.
	if err := s.cross.Check(r); err != nil {
		writeError(w, http.StatusForbidden, "a cross-site request is refused (%v): use the API from this server's pages or from a program", err)
		return
	}
	if !s.checkOrigin(w, r) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Close stops every game, leaving it in the store as it stands, removes
// every replay and stops the janitor and the bots. A bot's search under
// way is stopped (within a few of its iterations) and its move
// discarded: Close returns once it has.
func (s *server) Close() {
	s.stopOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		games := s.games
		s.games = map[string]*session{}
		clear(s.replays)
		s.replayBytes = 0
		s.finished.clear()
		s.mu.Unlock()
		for _, ss := range games {
			ss.stop()
		}
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
			s.expire(now)
		}
	}
}

// sweep removes the games and replays unused since now minus the idle
// timeout, and returns how many it removed. A removed game that goes on
// is abandoned (saved as finished, kept for the retention) and its bots
// stop; a finished one stays in the store. A game held in play that is
// over and still used moves to the finished games held.
func (s *server) sweep(now time.Time) int {
	if s.opts.Idle <= 0 {
		s.retireFinished()
		return 0
	}
	var idle []*session
	s.mu.Lock()
	for id, ss := range s.games {
		if ss.idle(now, s.opts.Idle) {
			idle = append(idle, ss)
			delete(s.games, id)
		}
	}
	n := len(idle) + s.finished.sweep(now, s.opts.Idle)
	for id, rp := range s.replays {
		if !rp.permanent && now.Sub(rp.lastUsed) > s.opts.Idle {
			s.dropReplay(id)
			n++
		}
	}
	s.mu.Unlock()
	for _, ss := range idle {
		s.letGoIdle(ss, now)
	}
	s.abandonIdle(now)
	s.retireFinished()
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

// readJSON decodes the body, at most limit bytes of one JSON value with
// known fields only and nothing after it, into v; on failure it writes the
// error response and returns false. The body must be sent as
// application/json: a browser sends that type across sites only after
// asking the server (a CORS preflight, which this server never grants), so
// a form or a "simple" request of another site cannot post here.
func readJSON(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "the body must be JSON sent as Content-Type: application/json, not %q", clip(ct))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, after := dec.Token(); after != io.EOF {
			err = errors.New("data after the JSON value")
			var tooBig *http.MaxBytesError
			if errors.As(after, &tooBig) {
				err = after
			}
		}
	}
	if err == nil {
		return true
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "the body is larger than %d bytes", tooBig.Limit)
		return false
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		writeError(w, http.StatusRequestTimeout, "the body came too slowly (the server's -read-timeout)")
		return false
	}
	writeError(w, http.StatusBadRequest, "the body is not the JSON object expected: %v", err)
	return false
}

// clip returns s, cut to at most 60 bytes, for an error message.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	return s[:60] + "…"
}

// newID returns an unguessable id: a game's id is the key to its seat.
func newID() string {
	var b [16]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newToken returns a seat's secret token: 192 bits from crypto/rand, in
// base64url (32 characters).
func newToken() string {
	var b [24]byte
	crand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newSeed returns a seed for a game or a bot: from crypto/rand, so that
// no client can learn or foresee it, or, with options.Seed, the next of the
// operator's fixed sequence. It is never 0.
func (s *server) newSeed() uint64 {
	for {
		var seed uint64
		if s.fixed != nil {
			s.mu.Lock()
			seed = s.fixed.Uint64()
			s.mu.Unlock()
		} else {
			var b [8]byte
			crand.Read(b[:])
			seed = binary.LittleEndian.Uint64(b[:])
		}
		if seed != 0 {
			return seed
		}
	}
}

func (s *server) page(static fs.FS, name string) http.HandlerFunc {
	data, err := fs.ReadFile(static, name)
	etag := contentTag(data)
	ctype := mime.TypeByExtension(path.Ext(name))
	return func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		if err != nil {
			writeError(w, http.StatusNotFound, "no page %s", name)
			return
		}
		serveContent(w, r, ctype, etag, data)
	}
}

func (s *server) staticFiles(static fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		data, err := fs.ReadFile(static, name)
		if err != nil || name == "" || strings.HasSuffix(name, "/") {
			writeError(w, http.StatusNotFound, "no file %s", r.URL.Path)
			return
		}
		serveContent(w, r, mime.TypeByExtension(path.Ext(name)), contentTag(data), data)
	})
}
