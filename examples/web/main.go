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
// A bot's move is bounded: an ISMCTS bot ("ismcts:N", "ismcts-v:N") of
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
// -search-time (3s), -max-searches (2), -seed (0: secret seeds).
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
//	POST   /api/games                         {"seats": ["human", "human", "greedy"], "rules": "default", "maxTurns": 0}
//	    → 201 {"id": …, "seats": [{"color": "red", "kind": "human", "token": …, "url": …}, {"color": "green", "kind": "greedy"}, …], "spectator": …}
//	GET    /api/games/{id}[?after=V][&from=K][&svg=H]
//	                                          the state: with a token that seat's, without the spectator's;
//	                                          after=V waits (up to 20 s) for a move past version V, from=K sends
//	                                          the log from move K on, svg=H leaves out the picture if its hash is H
//	POST   /api/games/{id}/moves              {"move": "end build"}: the deciding seat's token; answers its new state
//	GET    /api/games/{id}/record             the record (text), once the game is over
//	DELETE /api/games/{id}                    a seat's token: that seat leaves, which ends the game (the seat
//	                                          forfeits: it is ranked last; kept for -retention)
//	POST   /api/replays                       {"record": "…a record's text…"}
//	GET    /api/replays/{id}                  its moves; the id of a finished game replays that game
//	GET    /api/replays/{id}/positions/{k}[?view=V]
//	                                          the picture after k moves, as V sees it: all (the referee), none
//	                                          (a spectator) or a seat's colour
//
// A state is {"id", "version" (moves played), "you" (the seat's colour, ""
// for a spectator), "seats" [{"color", "kind", "you"}], "view" (View's
// JSON), "svg", "svgHash", "moves" (the seat's legal moves, each with its
// place on the board and its "cost", empty for a free move), "log" (the
// moves from "logFrom" on), "lastRoll" {"color", "dice", "turn"}, "note",
// "end" (once over: "winner"; "method", how it ended: "all cubes placed",
// "turn limit reached", "abandoned" or "forfeited"; "ending", why, in a
// sentence; "standings", by place, each with its "place", "cubes",
// "winner", "forfeited" and, for information, its gold, trade points and
// hand; "returns" by seat, the seats in first place sharing 1; all from
// elasund.Table's Outcome; "record" and "replay" links)}.
//
// Its tests include some in a real headless Chromium (chromedp); they skip
// when none is installed (apt-get install chromium). ELASUND_CHROMIUM names
// the browser's binary ("none" skips them), ELASUND_REQUIRE_BROWSER=1 makes
// a missing browser a failure, and ELASUND_SCREENSHOTS names a directory
// for their screenshots. Others build this command and kill it with
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
	"net/http"
	"os"
	"os/signal"
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

// run parses the flags, serves until ctx is done, and shuts down.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("web", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:8080", "address to listen on")
	record := fl.String("record", "", "a record file to offer on the replay page")
	dbPath := fl.String("db", defaultDB, `the SQLite database file that keeps the games (":memory:" keeps nothing)`)
	var opts options
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
	// The memory of the searches and of the finished games (memory.go).
	searchMB := fl.Int64("search-mb", defaultSearchBytes>>20, "MiB that the bots' searches may hold at once, in all: each of -max-searches stops at its share")
	finishedMB := fl.Int64("finished-mb", defaultFinishedBytes>>20, "MiB that the finished games held in memory may take (the others are loaded from the database when asked for)")
	withMemory := func(o options) options {
		o.MaxReplayBytes, o.SearchBytes, o.FinishedBytes = *replayMB<<20, *searchMB<<20, *finishedMB<<20
		return o
	}
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "usage: web [-addr ADDR] [-db FILE] [-record FILE] [flags]")
		fl.PrintDefaults()
		fmt.Fprintf(fl.Output(), "memory: at most about %v, with games of %d turns\n", memoryBound(withMemory(opts), opts.MaxTurns), opts.MaxTurns)
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return badFlags{err}
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fl.Args())
	}
	switch {
	case opts.MaxGames < 1 || opts.MaxSearches < 1:
		return errors.New("-max-games and -max-searches must be at least 1")
	case opts.Idle < 0 || opts.BotDelay < 0 || opts.MaxTurns < 0 || opts.Retention < 0:
		return errors.New("-idle, -retention, -bot-delay and -max-turns must not be negative")
	case *replayMB < 1 || *replayMB > 1<<20:
		return errors.New("-max-replay-mb must be from 1 to 1048576")
	case opts.MaxIterations < 1 || opts.MaxIterations > bots.MaxIterations:
		return fmt.Errorf("-max-iterations must be from 1 to %d", bots.MaxIterations)
	case opts.SearchTime <= 0:
		return errors.New("-search-time must be positive")
	}
	if err := checkMemoryFlags(*searchMB, *finishedMB, opts.MaxSearches); err != nil {
		return err
	}
	opts = withMemory(opts)
	if opts.Seed != 0 {
		fmt.Fprintf(stderr, "web: -seed %d: every game is predictable; use it for tests only\n", opts.Seed)
	}
	logger := log.New(stderr, "web: ", log.LstdFlags)
	st, err := openSQLite(*dbPath)
	if err != nil {
		return err
	}
	logger.Printf("memory: at most about %v, with games of %d turns", memoryBound(opts, opts.MaxTurns), opts.MaxTurns)
	defer st.Close()
	s, err := newServer(opts, st, logger)
	if err != nil {
		logger.Printf("some games were not resumed: %v", err)
	}
	defer s.Close() // before the store closes
	if *record != "" {
		data, err := os.ReadFile(*record)
		if err != nil {
			return err
		}
		rp, err := newReplay(string(data))
		if err != nil {
			return fmt.Errorf("%s: %w", *record, err)
		}
		rp.id, rp.permanent = "file", true
		if err := s.addReplay(rp); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "loaded %s: %d moves", *record, len(rp.rec.Moves))
		if len(rp.rec.Tags) > 0 {
			fmt.Fprintf(stdout, " (%s)", sortedTags(rp.rec.Tags))
		}
		fmt.Fprintln(stdout)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(stderr, "web: ", log.LstdFlags)}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "elasund web: play at %s/ and replay at %s/replay (games kept in %s)\n", url, url, *dbPath)
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
