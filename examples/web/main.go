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
// list, to play your seat; the bots move on the server. The server is the
// referee: the page receives only its seat's view (elasund.View's JSON) and
// a picture drawn with what that seat may know, and the engine's refusal,
// citing the rule, for an illegal move.
//
// The replay page (/replay) loads a record (the text form of
// elasund.Record: upload one, or start the server with -record FILE) and
// steps through it forwards and backwards with the board drawn at each
// move.
//
// Flags: -addr, -record, -max-games (games and records held at once),
// -idle (a game unused this long is removed), -bot-delay (a pause before
// each bot move), -max-turns (the turn limit of new games).
//
// The API, for other clients (bodies and answers are JSON; an error is a
// 4xx with {"error": "..."}):
//
//	GET    /api/bots                          the bots' names
//	POST   /api/games                         {"seats": ["you", "random", …], "seed": 0, "rules": "default"}
//	GET    /api/games/{id}[?after=V]          the state; after=V waits for a move past version V
//	POST   /api/games/{id}/moves              {"move": "end build"}
//	GET    /api/games/{id}/record             the record, once the game is over
//	DELETE /api/games/{id}
//	POST   /api/replays                       a record's text
//	GET    /api/replays/{id}                  its moves
//	GET    /api/replays/{id}/positions/{k}    the picture after k moves
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
)

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
	var opts options
	fl.IntVar(&opts.MaxGames, "max-games", 50, "games (and, separately, loaded records) held at once")
	fl.DurationVar(&opts.Idle, "idle", 30*time.Minute, "remove a game or loaded record unused this long (0: never)")
	fl.DurationVar(&opts.BotDelay, "bot-delay", 300*time.Millisecond, "pause before each bot move, so that a person can follow")
	fl.IntVar(&opts.MaxTurns, "max-turns", 300, "turn limit of new games, after which a game ends without a winner (0: none)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fl.Args())
	}
	if opts.MaxGames < 1 || opts.Idle < 0 || opts.BotDelay < 0 || opts.MaxTurns < 0 {
		return errors.New("-max-games must be at least 1, and -idle, -bot-delay and -max-turns not negative")
	}
	s := newServer(opts, log.New(stderr, "web: ", log.LstdFlags))
	defer s.Close()
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
	fmt.Fprintf(stdout, "elasund web: play at %s/ and replay at %s/replay\n", url, url)
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
