// Command web serves an online table of Elasund: people play together
// from their own browsers, with bots in the seats nobody takes, every game
// kept in a database; and a page that replays a recorded game.
//
// Usage (this example is its own Go module, so that the browser-driving
// dependency of its tests and the database driver never enter the
// library's go.mod):
//
//	cd examples/web && go run . [-addr 127.0.0.1:8080] [-db elasund-web.db]
//	go -C examples/web run .      # the same, from the repository's root
//
// It prints its address; open it in a browser. The first page is a lobby:
// choose each seat's player (a person, or a bot), create the table, and
// send each person the link of their seat: the link holds the seat's
// secret token, and whoever opens it plays that seat, from any browser
// (the page keeps the token, so a reload or a later visit plays on). The
// spectator link shows the public view. Every open page shows a move
// within a second of its being played (long polling). Click the
// highlighted squares, wall sites and sea rows, or the move list, to play
// your seat; a move that costs gold or cards is highlighted differently
// and played only once you confirm its cost. The replay page (/replay)
// steps through a finished game of the server (its link is shown at the
// end) or an uploaded record (the text form of elasund.Record, or -record
// FILE), in the view of any seat or the referee's.
//
// # The database
//
// The games are kept in the SQLite file -db (default elasund-web.db in
// the working directory; ":memory:" keeps nothing), through the pure-Go
// driver modernc.org/sqlite: no cgo, nothing to install. Its schema is
// versioned (the table schema_version) and migrated when the server
// starts. A move is durable before it is answered: the Table's saved form
// (elasund.Table.MarshalBinary) and the move's row of the log are
// committed in one transaction, in WAL mode with synchronous=FULL (the
// commit waits for the fsync of the log, so an answered move survives a
// crash of the machine, not only of the server), and only then is the move
// answered or shown to anyone. When the server starts it loads every
// unfinished game (UnmarshalBinary replays and checks its log, which must
// agree with the log's rows) and resumes its bots. A game nobody moved in
// or looked at for -idle is abandoned; a finished game is
// kept, for its end page and its replay, for -retention after its end and
// then deleted. Seat tokens are kept only as their SHA-256.
//
// One server serves a database file: it holds an exclusive lock on the
// file beside it (-db with ".lock" after) from its start to its end, and
// a second server started on the same file stops at once, naming the
// process that holds it. The lock is the operating system's, released
// however the process ends (SIGKILL too). A write that changes a game
// names the move it expects the game to be at, so that no copy of a game
// older than the database's can overwrite it.
//
// Several servers share one PostgreSQL database instead: -db
// postgres://… (or postgresql://…), through the pure-Go driver
// github.com/jackc/pgx/v5, with the same schema and migrations. Any server
// then takes any request: it brings its copy of a game up to the
// database's before it answers, hears of the others' moves through
// LISTEN/NOTIFY (which wakes its long polls), commits a move only if the
// game is still at the move before (the server that loses a race plays
// the move again on the game as it stands, as a second submission), and
// runs a game's bots only under the game's lease, which another server
// takes over within seconds if it dies. GET /healthz answers 200 while a
// server takes requests and its database answers, 503 once it shuts down
// (docs/web.md: running several behind a load balancer).
//
// # Fair play
//
// The server is the referee, and a client cannot cheat through it:
//
//   - Every game is held by an elasund.Table. A move is played only if it
//     comes with the token of the seat that decides (401 without a token
//     or with one of no seat, 403 with another seat's) and the Table lists
//     it for that seat; anything else is refused with the engine's reason
//     (a 422), which the page shows as a plain sentence with the rule's
//     section of RULES.md. The dice are the Table's: a forced roll ("roll
//     6 6") is refused.
//   - A client sees its seat's view and picture only, a spectator the
//     public view; every hand is shown once the game is over. A token is
//     192 bits from crypto/rand, compared in constant time. Nobody can
//     choose or learn the seed: a new game naming a seed is refused, every
//     game's seed and every bot's are drawn from crypto/rand, and the
//     record (which holds the seed) is given only once the game is over.
//     -seed N makes them predictable, for tests: whoever knows N foresees
//     every game.
//   - Another site's page cannot drive the API from its visitor's browser:
//     a request other than GET, HEAD and OPTIONS that the browser marks as
//     cross-origin (Sec-Fetch-Site, or an Origin that is not the Host) is
//     refused with a 403, and every POST must carry a JSON body sent as
//     Content-Type: application/json, one value with known fields and
//     nothing after it (else 415 or 400).
//   - Nor through DNS rebinding (another site's name made to point at this
//     server, which makes its page same-origin with the server's): every
//     request's Host must be a name of -allowed-hosts or an IP address
//     (else 421), and a request other than GET, HEAD and OPTIONS that
//     sends an Origin must name such a host too (else 403). By default the
//     names are localhost and the host of -addr if it is a name; behind a
//     reverse proxy or under a domain name, name it: -allowed-hosts
//     play.example.org ("*" allows any name, and turns the check off).
//   - A move is played on the state it was chosen on: a move sent with
//     "after" (the moves played when it was chosen) is refused with a 409
//     and the state as it is if the game has moved on, so that two pages
//     of one seat, or a stale one, never play twice on one decision.
//
// # Limits
//
// At most -max-games unfinished games and, separately, -max-games
// uploaded records are held, the records at most -max-replay-mb MiB in all
// (a record's moves and a snapshot every 32 moves: about 120 bytes a
// move). A new game's turn limit is -max-turns (a client may ask for up to
// 10,000). Bodies are at most 16 KiB (a record: 1 MiB, at most 50,000
// moves).
//
// A bot's move is bounded: an ISMCTS bot ("ismcts:N", "ismcts-v:N", "az:N") of
// more than -max-iterations iterations a move is refused, and every
// search stops at its iterations (-max-iterations for a bot named by its
// time, "ismcts:10ms"), its own time or -search-time, whichever comes
// first. At most
// -max-searches searches run at once; the other bots wait their turn. An
// ISMCTS iteration holds about half a kilobyte of search tree (100,000
// iterations: 25 to 45 MB live, 60 MB allocated, 1 to 3 s on one core of
// the machine this was measured on), and each search also stops at its
// share of -search-mb (see Memory). When a game is ended or expires, or
// the server stops, its bot starts no other search and a search under way is stopped
// (within a few of its iterations) and its move discarded; a game the server stops
// with is resumed, bots and all, when it starts again.
//
// The connections are bounded, so that idle or slow clients cannot hold
// the server: a request's headers must come within -header-timeout (10s)
// and the whole request, its body too, within -read-timeout (30s; else
// 408 or the connection is closed); an answer must be written within
// -write-timeout (30s) of its request, a long poll's wait (at most 20 s)
// added; a keep-alive connection idle for -conn-idle (30s) is closed. At
// most -max-conns (512) connections are open at once: the others wait in
// the system's queue of the listening socket, holding no file, and are
// served as others close; the cap is lowered to fit the process's limit of
// open files (ulimit -n) less 64. So that one client cannot fill them and
// make everyone wait, a client address (an IPv6 client's /64) may hold at
// most -max-conns-per-addr (64) of them: a connection beyond is closed at
// once (a browser opens about six).
//
// Each client address (an IPv6 client's /64) may create -create-burst
// (10) games and records at once and then -create-rate (6) a minute (429,
// with Retry-After, beyond; every POST of a game or a record counts, even
// one refused for its body), and hold at most -max-games-per-addr (10)
// unfinished games of the -max-games; ending a game does not give back
// its creation. At most 10,000 addresses are remembered (those whose
// allowance has refilled are forgotten first). Behind a reverse proxy
// every client has the proxy's address: X-Forwarded-For, which anyone can
// write, is not read, so raise these limits there (-max-conns-per-addr 0).
//
// Answers are compressed (gzip), carry an ETag (a state or a file the
// client has is answered 304), and a state leaves out the picture when
// the client says it has it (?svg=HASH). A person's move is answered in a
// few milliseconds (TestMoveLatency logs the percentiles of 400 moves: a
// 99th percentile of 7 to 13 ms over loopback in most runs on a two-core
// machine shared with other work, 26 ms in the slowest, with an fsync a
// move).
//
// Flags: -addr, -db (elasund-web.db), -retention (720h), -idle (2h),
// -record, -max-games (50), -max-replay-mb (64), -bot-delay (300ms, a pause
// before each bot move), -max-turns (300), -max-iterations (100000),
// -search-time (3s), -max-searches (2), -seed (0: secret seeds),
// -leave-bot (greedy), -allowed-hosts (localhost and -addr's name),
// -header-timeout (10s), -read-timeout (30s), -write-timeout (30s),
// -conn-idle (30s), -max-conns (512), -max-conns-per-addr (64),
// -create-rate (6 a minute),
// -create-burst (10), -max-games-per-addr (10). A timeout of 0 is none.
//
// # Memory
//
// The server's memory is bounded by its flags, part by part: the bots'
// searches by -search-mb (150 MiB in all: each of the -max-searches
// searches stops at its share, and a bot holds nothing between its
// moves); the unfinished games by -max-games (each at most about 657 KB
// at the turn limit 300: a picture for each seat and the spectator, and
// its log, 48 bytes a move); the finished games held by -finished-mb
// (32 MiB: the least recently used is let go first, and loaded again from
// the database when asked for); the uploaded records by -max-replay-mb.
// With the default flags the Go heap stays under about 286 MiB (-h prints
// the figure for the flags given, and the server logs it when it starts).
// A client may ask for up to 10,000 turns; a game played out that long
// holds up to 7.7 MB of log, so 50 of them would add up to about 356 MiB
// (millions of moves, each a request). Not counted: SQLite's page cache
// (2 MB, outside the Go heap) and the requests being answered (each its
// answer and, compressed, a gzip writer of about 1.2 MB). Between
// collections the process's resident memory may reach twice its heap
// (GOGC=100); GOMEMLIMIT holds it nearer.
//
// # API
//
// For other clients: bodies and answers are JSON; an error is a 4xx with
// {"error": "..."}. A move that is not played (400 for text that is not a
// move, 403 for a seat that does not decide, 422 for a move the rules
// refuse) adds "reason" (the code of elasund.Reason: "no-majority"),
// "sentence" (the refusal in plain words, which the page shows), "section"
// (the rule's section of RULES.md: "§6.2") and "rules" (a link to it). A
// seat's requests carry its token as "Authorization: Bearer TOKEN".
//
//	GET    /api/bots                          the bots' names and limits
//	GET    /healthz                           {"ok", "store", "server", "searching"}: 200, or 503 shutting down or without its database
//	POST   /api/games                         {"seats": ["human", "human", "greedy"], "rules": "default", "maxTurns": 0}
//	    → 201 {"id": …, "seats": [{"color": "red", "kind": "human", "token": …, "url": …}, {"color": "green", "kind": "greedy"}, …],
//	           "spectator": …, "admin": …}    admin: the token that ends the game for everyone, given here only
//	GET    /api/games/{id}[?after=V][&from=K][&svg=H]
//	                                          the state: with a token that seat's, without the spectator's;
//	                                          after=V waits (up to 20 s) for a move past version V, from=K sends
//	                                          the log from move K on, svg=H leaves out the picture if its hash is H
//	POST   /api/games/{id}/moves              {"move": "end build", "after": 41}: the deciding seat's token; answers its
//	                                          new state; with "after" (the version the move was chosen at) a 409 with
//	                                          the state now (and "error") if the game has moved on; without it (for
//	                                          scripts) the move is played on the game as it stands
//	GET    /api/games/{id}/record             the record (text), once the game is over
//	DELETE /api/games/{id}                    a seat's token: that seat's person leaves; if at least two seats stay
//	                                          that no person left (a bot's seat stays), -leave-bot plays the seat on
//	                                          and the game goes on, the seat shown "left": {"left": "red", "bot":
//	                                          "greedy", "over": false}; else the seat forfeits (ranked last) and the
//	                                          game ends: {"left": "red", "over": true, "method": "forfeited"}. The
//	                                          leaver's token then plays and sees nothing (401): they may watch.
//	                                          The admin token: the game is abandoned for everyone ({"over": true,
//	                                          "method": "abandoned"}); elsewhere it sees what a spectator sees and
//	                                          plays nothing. A finished game: 409. Kept for -retention.
//	POST   /api/replays                       {"record": "…a record's text…"}
//	GET    /api/replays/{id}                  its moves; the id of a finished game replays that game
//	GET    /api/replays/{id}/positions/{k}[?view=V]
//	                                          the picture after k moves, as V sees it: all (the referee), none
//	                                          (a spectator) or a seat's colour
//
// A state is {"id", "version" (moves played), "you" (the seat's colour, ""
// for a spectator), "seats" [{"color", "kind", "you", "left" (the person
// left; the bot "kind" plays the seat)}], "view" (View's
// JSON), "svg", "svgHash", "places" (with the picture: what stands on
// each square, wall site and sea row, in words, for screen readers),
// "moves" (the seat's legal moves, each with its place on the board, its
// "cost", empty for a free move, and "words", the move and its cost in
// words), "log" (the moves from "logFrom" on, each in notation and in
// "words"), "lastRoll" {"color", "dice", "turn"}, "note",
// "end" (once over: "winner"; "method", how it ended: "all cubes placed",
// "turn limit reached", "abandoned" or "forfeited"; "ending", why, in a
// sentence; "standings", by place, each with its "place", "cubes",
// "winner", "forfeited", "left" and, for information, its gold, trade points and
// hand; "returns" by seat, the seats in first place sharing 1; all from
// elasund.Table's Outcome; "record" and "replay" links)}.
//
// Its tests include some in a real headless Chromium (chromedp); they skip
// when none is installed (apt-get install chromium). ELASUND_CHROMIUM names
// the browser's binary ("none" skips them), ELASUND_REQUIRE_BROWSER=1 makes
// a missing browser a failure, and ELASUND_SCREENSHOTS names a directory
// for their screenshots. Their accessibility check injects axe-core,
// installed by npm ci in browsertest/ (or named by ELASUND_AXE). Others build this command and kill it with
// SIGKILL to check what its database keeps.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/elasund/elasund/examples/bots"
)

// defaultDB is the database file a server keeps its games in, in its
// working directory, unless -db names another.
const defaultDB = "elasund-web.db"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	var bad badFlags
	switch {
	case errors.Is(err, flag.ErrHelp):
		// -h: the usage went to standard error; asking for it is no failure.
	case errors.As(err, &bad):
		os.Exit(2) // the flag package said what is wrong, and the usage
	case err != nil:
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

// badFlags is the error of flags the command cannot parse.
type badFlags struct{ err error }

func (b badFlags) Error() string { return b.err.Error() }
func (b badFlags) Unwrap() error { return b.err }

// config is what the flags say.
type config struct {
	addr, record, db string
	opts             options
	timeouts         timeouts
	maxConns         int
	connsPerAddr     int
}

// parseFlags reads the command's flags, writing the usage and the flag
// package's complaints to stderr.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	fl := flag.NewFlagSet("web", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var c config
	opts := &c.opts
	fl.StringVar(&c.addr, "addr", "127.0.0.1:8080", "address to listen on")
	fl.StringVar(&c.record, "record", "", "a record file to offer on the replay page")
	fl.StringVar(&c.db, "db", defaultDB, `the SQLite database file that keeps the games (":memory:" keeps nothing), or a PostgreSQL database that several servers share (postgres://…)`)
	fl.IntVar(&opts.MaxGames, "max-games", 50, "games (and, separately, loaded records) held at once")
	fl.DurationVar(&opts.Idle, "idle", 2*time.Hour, "abandon a game nobody moved in or looked at this long, and remove a loaded record unused this long (0: never)")
	fl.DurationVar(&opts.Retention, "retention", 30*24*time.Hour, "keep a finished game for replay this long, then delete it (0: forever)")
	fl.DurationVar(&opts.BotDelay, "bot-delay", 300*time.Millisecond, "pause before each bot move, so that a person can follow")
	fl.IntVar(&opts.MaxTurns, "max-turns", 300, "turn limit of new games, after which a game ends without a winner (0: none)")
	replayMB := fl.Int64("max-replay-mb", 64, "MiB that the loaded records may take in all")
	fl.IntVar(&opts.MaxIterations, "max-iterations", defaultMaxIterations, "the most iterations an ISMCTS bot may search a move (ismcts:N)")
	fl.DurationVar(&opts.SearchTime, "search-time", defaultSearchTime, "the longest a bot searches a move")
	fl.IntVar(&opts.MaxSearches, "max-searches", defaultMaxSearches, "bot searches run at once; the other bots wait")
	fl.Uint64Var(&opts.Seed, "seed", 0, "for tests only: draw the games' and bots' seeds from this seed, which makes every game predictable (0: secret seeds)")
	fl.StringVar(&opts.LeaveBot, "leave-bot", defaultLeaveBot, "the bot that plays on a seat its person left")
	hosts := netFlags(fl, &c)
	// The memory of the searches and of the finished games (memory.go).
	searchMB := fl.Int64("search-mb", defaultSearchBytes>>20, "MiB that the bots' searches may hold at once, in all: each of -max-searches stops at its share")
	finishedMB := fl.Int64("finished-mb", defaultFinishedBytes>>20, "MiB that the finished games held in memory may take (the others are loaded from the database when asked for)")
	withMemory := func(o *options) *options {
		o.MaxReplayBytes, o.SearchBytes, o.FinishedBytes = *replayMB<<20, *searchMB<<20, *finishedMB<<20
		return o
	}
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "usage: web [-addr ADDR] [-db FILE] [-record FILE] [flags]")
		fl.PrintDefaults()
		fmt.Fprintf(fl.Output(), "memory: at most about %v, with games of %d turns\n", memoryBound(*withMemory(opts), opts.MaxTurns), opts.MaxTurns)
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return c, err
		}
		return c, badFlags{err}
	}
	if fl.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %v", fl.Args())
	}
	to := c.timeouts
	switch {
	case opts.MaxGames < 1 || opts.MaxSearches < 1:
		return c, errors.New("-max-games and -max-searches must be at least 1")
	case opts.Idle < 0 || opts.BotDelay < 0 || opts.MaxTurns < 0 || opts.Retention < 0:
		return c, errors.New("-idle, -retention, -bot-delay and -max-turns must not be negative")
	case *replayMB < 1 || *replayMB > 1<<20:
		return c, errors.New("-max-replay-mb must be from 1 to 1048576")
	case opts.MaxIterations < 1 || opts.MaxIterations > bots.MaxIterations:
		return c, fmt.Errorf("-max-iterations must be from 1 to %d", bots.MaxIterations)
	case opts.SearchTime <= 0:
		return c, errors.New("-search-time must be positive")
	case to.Header < 0 || to.Read < 0 || to.Write < 0 || to.Idle < 0:
		return c, errors.New("-header-timeout, -read-timeout, -write-timeout and -conn-idle must not be negative")
	case c.maxConns < 1 || opts.CreateBurst < 1:
		return c, errors.New("-max-conns and -create-burst must be at least 1")
	case opts.CreateRate < 0 || opts.MaxGamesPerClient < 0 || c.connsPerAddr < 0:
		return c, errors.New("-create-rate, -max-games-per-addr and -max-conns-per-addr must not be negative")
	}
	opts.AllowedHosts = defaultHosts(c.addr)
	if *hosts != "" {
		opts.AllowedHosts = strings.Split(*hosts, ",")
	}
	if err := checkMemoryFlags(*searchMB, *finishedMB, opts.MaxSearches); err != nil {
		return c, err
	}
	withMemory(opts)
	opts.WriteTimeout = to.Write
	return c, nil
}

// netFlags defines the flags of the HTTP front's limits, and returns
// -allowed-hosts.
func netFlags(fl *flag.FlagSet, c *config) *string {
	hosts := fl.String("allowed-hosts", "", "comma-separated host names the server answers to, against DNS rebinding; IP addresses are always allowed, * allows any (default: localhost and the host of -addr if it is a name)")
	to, opts := &c.timeouts, &c.opts
	fl.DurationVar(&to.Header, "header-timeout", defaultHeaderTimeout, "the longest a client may take to send a request's headers (0: no limit)")
	fl.DurationVar(&to.Read, "read-timeout", defaultReadTimeout, "the longest a client may take to send a whole request, its body too (0: no limit)")
	fl.DurationVar(&to.Write, "write-timeout", defaultWriteTimeout, "the longest an answer may take, from the end of its request; a long poll adds its wait (0: no limit)")
	fl.DurationVar(&to.Idle, "conn-idle", defaultConnIdle, "close a keep-alive connection idle this long between requests (0: -read-timeout)")
	fl.IntVar(&c.maxConns, "max-conns", defaultMaxConns, "connections open at once; the others wait to be accepted (lowered to fit the limit of open files)")
	fl.IntVar(&c.connsPerAddr, "max-conns-per-addr", defaultConnsPerAddr, "connections open at once from one client address; more are closed at once (0: only -max-conns)")
	fl.Float64Var(&opts.CreateRate, "create-rate", defaultCreateRate, "new games and records a client address may create a minute, after -create-burst at once (0: no limit)")
	fl.IntVar(&opts.CreateBurst, "create-burst", defaultCreateBurst, "new games and records a client address may create at once")
	fl.IntVar(&opts.MaxGamesPerClient, "max-games-per-addr", defaultGamesPerAddr, "unfinished games of one client address held at once (0: only -max-games)")
	return hosts
}

// run parses the flags, serves until ctx is done, and shuts down.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	if c.opts.Seed != 0 {
		fmt.Fprintf(stderr, "web: -seed %d: every game is predictable; use it for tests only\n", c.opts.Seed)
	}
	logger := log.New(stderr, "web: ", log.LstdFlags)
	st, err := openStore(c.db)
	if err != nil {
		return err
	}
	logger.Printf("memory: at most about %v, with games of %d turns", memoryBound(c.opts, c.opts.MaxTurns), c.opts.MaxTurns)
	defer st.Close()
	s, err := newServer(c.opts, st, logger)
	if err != nil {
		logger.Printf("some games were not resumed: %v", err)
	}
	defer s.Close() // before the store closes
	if _, err := s.newBot(c.opts.LeaveBot, 1); err != nil {
		return fmt.Errorf("-leave-bot: %w", err)
	}
	if c.record != "" {
		if err := loadRecord(s, c.record, stdout); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	n, why := connCap(c.maxConns)
	if why != "" {
		logger.Print(why)
	}
	ln = limitListener(ln, n, c.connsPerAddr)
	hs := httpServer(s, c.timeouts, log.New(stderr, "web: ", log.LstdFlags))
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "elasund web: play at %s/ and replay at %s/replay (games kept in %s)\n", url, url, redact(c.db))
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	s.Close() // ends the long polls, so that Shutdown need not wait for them
	if err := hs.Shutdown(shutdown); err != nil {
		return err
	}
	return nil
}

// loadRecord offers the record of file on the replay page, as "file".
func loadRecord(s *server, file string, stdout io.Writer) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	rp, err := newReplay(string(data))
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	rp.id, rp.permanent = "file", true
	if err := s.addReplay(rp); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "loaded %s: %d moves", file, len(rp.rec.Moves))
	if len(rp.rec.Tags) > 0 {
		fmt.Fprintf(stdout, " (%s)", sortedTags(rp.rec.Tags))
	}
	fmt.Fprintln(stdout)
	return nil
}
