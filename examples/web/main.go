// Command web serves a page where a person plays Elasund against the
// reference bots in a browser, and a page that replays a recorded game.
//
// Usage (this example is its own Go module, so that the browser-driving
// dependency of its tests never enters the library's go.mod):
//
//	cd examples/web && go run . [-addr 127.0.0.1:8080] [-record FILE]
//	go -C examples/web run .      # the same, from the repository's root
//
// It prints its address; open it in a browser. The play page (/) starts a
// game: the player count, a bot for each other seat, your seat. Click the
// highlighted squares, wall sites and sea rows on the board, or the move
// list, to play your seat; the bots move on the server. The replay page
// (/replay) loads a record (the text form of elasund.Record: upload one,
// or start the server with -record FILE) and steps through it forwards and
// backwards with the board drawn at each move.
//
// # Fair play
//
// The server is the referee, and a client cannot cheat through it:
//
//   - Every game is held by an elasund.Table. A move is played only if the
//     Table lists it for the person's seat when that seat decides; anything
//     else is refused with the engine's reason (a 409 for another seat's
//     decision, a 422 otherwise). The dice are the Table's: a forced roll
//     ("roll 6 6") is refused.
//   - A client sees its seat's view and picture only. It can neither choose
//     nor learn the seed: a new game naming a seed is refused, every game's
//     seed and every bot's are drawn from crypto/rand, and the record (which
//     holds the seed) is given only once the game is over. -seed N makes
//     them predictable, for tests: whoever knows N foresees every game.
//   - Another site's page cannot drive the API from its visitor's browser:
//     a request other than GET, HEAD and OPTIONS that the browser marks as
//     cross-origin (Sec-Fetch-Site, or an Origin that is not the Host) is
//     refused with a 403, and every POST must carry a JSON body sent as
//     Content-Type: application/json, one value with known fields and
//     nothing after it (else 415 or 400).
//
// # Limits
//
// At most -max-games games and, separately, -max-games uploaded records are
// held, the records at most -max-replay-mb MiB in all (a record's moves and
// a snapshot every 32 moves: about 120 bytes a move); a game or record
// unused for -idle is removed, and a removed game is abandoned. A new
// game's turn limit is -max-turns (a client may ask for up to 10,000). Bodies
// are at most 16 KiB (a record: 1 MiB, at most 50,000 moves).
//
// A bot's move is bounded: an ISMCTS bot ("ismcts:N") of more than
// -max-iterations iterations a move is refused, and every search stops at
// its iterations or at -search-time, whichever comes first. At most
// -max-searches searches run at once; the other bots wait their turn. An
// ISMCTS iteration holds about half a kilobyte of search tree (100,000
// iterations: 25 to 45 MB live, 60 MB allocated, 1 to 3 s on one core of
// the machine this was measured on), so with the defaults the searches use
// at most about 150 MB. When a game is deleted or expires, or the server
// stops, its bot starts no other search and the move of a search under way
// (which ends within -search-time) is discarded.
//
// Flags: -addr, -record, -max-games (50), -max-replay-mb (64), -idle
// (30m), -bot-delay (300ms, a pause before each bot move), -max-turns
// (300), -max-iterations (100000), -search-time (3s), -max-searches (2),
// -seed (0: secret seeds).
//
// # API
//
// For other clients: bodies and answers are JSON; an error is a 4xx with
// {"error": "..."}.
//
//	GET    /api/bots                          the bots' names and limits
//	POST   /api/games                         {"seats": ["you", "random", "ismcts:5000"], "rules": "default", "maxTurns": 0}
//	GET    /api/games/{id}[?after=V]          the state; after=V waits for a move past version V
//	POST   /api/games/{id}/moves              {"move": "end build"}
//	GET    /api/games/{id}/record             the record (text), once the game is over
//	DELETE /api/games/{id}                    abandons the game
//	POST   /api/replays                       {"record": "…a record's text…"}
//	GET    /api/replays/{id}                  its moves
//	GET    /api/replays/{id}/positions/{k}    the picture after k moves
//
// A game's id is its key: whoever has it plays the person's seat.
//
// Its tests include two in a real headless Chromium (chromedp); they skip
// when none is installed (apt-get install chromium). ELASUND_CHROMIUM names
// the browser's binary ("none" skips them), ELASUND_REQUIRE_BROWSER=1 makes
// a missing browser a failure, and ELASUND_SCREENSHOTS names a directory
// for their screenshots.
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
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

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
	if err := fl.Parse(args); err != nil {
		return err
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
	opts.MaxReplayBytes = *replayMB << 20
	if opts.Seed != 0 {
		fmt.Fprintf(stderr, "web: -seed %d: every game is predictable; use it for tests only\n", opts.Seed)
	}
	logger := log.New(stderr, "web: ", log.LstdFlags)
	st, err := openSQLite(*dbPath)
	if err != nil {
		return err
	}
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
