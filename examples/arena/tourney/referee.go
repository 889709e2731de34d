// Package tourney is the referee and tournament engine of examples/arena:
// it plays games of elasund between bots, seats the bots in every order,
// runs the games in parallel with results that do not depend on the
// parallelism, and sums the results up: win rates with Wilson intervals,
// win rates by seat, head-to-head records and Elo ratings. It also seats
// external programs that speak the arena's line protocol, which Exec's
// documentation specifies.
//
// The command examples/arena is its front end; a server can use Play to
// referee one game and Run to hold a tournament.
//
// # Fair play
//
// Every game is held by an elasund.Table, the library's referee (Play): a
// bot is handed only its seat's view, and its move is played only if the
// Table accepts it, which refuses a forced roll (elasund.ErrChance) and
// any move it does not list for the deciding seat. What the arena adds is
// its forfeit rule: a bot that errs, panics, times out or plays a move the
// Table refuses loses the game (Outcome).
//
// A bot that knew its game's seed could foresee every card and roll, so
// where the seeds come from matters (Tournament):
//
//   - a Key (NewKey) deals the tournament in secret: every seed is an
//     HMAC of the key, so that a bot learns nothing of a deal from what it
//     can read, the records of other deals included, as long as the key
//     stays out of its reach (the command keeps it in its memory until the
//     end; a key written in a file is as safe as the file);
//   - a Seed deals it in public (GameSeed): fine for bots that are trusted
//     or are handed nothing but views (in-process ones), and for runs that
//     must be reproduced by name, not for programs that can read the seed
//     wherever the host keeps it (an exec bot can read its parent's command
//     line under /proc);
//   - Play with Config.Seed 0 has the Table draw a secret seed of its own.
//
// A game's record tells its deal: a host that lets the bots' side read
// records while a tournament runs waits until every game of the deal is
// over. A deal played in every seating (duplicate play) is fair only if a
// bot cannot carry what it saw from one seating to the next: an Exec bot
// runs with a private directory of its own for each game, under a
// supervisor that kills every process it started when its game ends (on
// Linux, in a host that calls Supervise), and, where CheckSandbox allows,
// in a sandbox where nothing it writes survives its game; a host that
// cannot sandbox its programs deals every seating apart
// (Tournament.SeatingSeeds). See Exec.
package tourney

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// Starter is implemented by a bot that must hear that its game starts
// before its first decision (an external program's hello). Start gets the
// view of the bot's seat at the start of the game. An error forfeits the
// game. The context ends when the game is abandoned.
type Starter interface {
	Start(ctx context.Context, v elasund.View) error
}

// Finisher is implemented by a bot that wants to hear how its game ended.
// Finish gets the final view of the bot's seat and the outcome; the
// referee calls it once, at the end of every game the bot started, forfeit
// or not.
type Finisher interface {
	Finish(v elasund.View, o Outcome)
}

// A bot that holds resources (an external program) implements io.Closer:
// the referee closes every bot of a game when the game ends.

// Outcome is how a game ended, as the referee rules it.
type Outcome struct {
	// Winner is the winning seat, or NoPlayer for a draw: a game that
	// reached its turn limit, or a forfeit that left a tie for the lead.
	Winner elasund.Player
	// Forfeit is the seat that forfeited the game, or NoPlayer.
	Forfeit elasund.Player
	// Reason says why the game ended: "won", "turn limit", or the
	// forfeit's reason ("panic: …", "error: …", "illegal move …",
	// "timeout: …", …).
	Reason string
	// Err is the error that made the seat Forfeit, nil if none: the bot's
	// error (a *Fault for an external program), a panic's, or the
	// Table's refusal of its move, a *elasund.MoveError that wraps
	// elasund.ErrIllegalMove and the reason (elasund.ErrChance for a
	// forced roll, elasund.ErrNotListed, …).
	Err error
}

// Result is the result of one game played by Play.
type Result struct {
	Outcome
	// Turns is the game's length in turns (elasund.Game.Turn at the
	// end), Moves the number of moves applied.
	Turns, Moves int
	// Cubes holds each seat's cubes on the board at the end.
	Cubes []int
	// Rank holds each seat's place, 0 for the first: the winner first, a
	// forfeiting seat last, the others by cubes on the board; seats with
	// equal places share the better one (1, 2, 2, 4 is written 0, 1, 1, 3).
	Rank []int
	// Decisions counts each seat's decisions and Think sums the time its
	// bot took over them.
	Decisions []int
	Think     []time.Duration
	// Record is the game's record (Table.Record): its Config and moves,
	// rolls forced to the dice that came up. A forfeited game's record is
	// not over.
	Record elasund.Record
}

// Fault is an error a bot returns to give the reason of its forfeit as the
// results should show it; the referee shows other errors as "error: …".
type Fault struct{ Reason string }

// Error returns the reason.
func (f *Fault) Error() string { return f.Reason }

func faultf(format string, args ...any) error { return &Fault{fmt.Sprintf(format, args...)} }

// errPanic marks the error of a recovered panic.
var errPanic = errors.New("panic")

// The reasons of games that end without a forfeit.
const (
	reasonWon       = "won"
	reasonTurnLimit = "turn limit"
)

// Play referees one game of cfg between bots, bots[i] in seat i. The game
// is held by an elasund.Table, the library's referee: the bot of the seat
// that decides is handed only that seat's view (Table.View), and its move
// is played only if the Table accepts it (Table.Play: a move Legal lists
// for that seat; a forced roll is refused with elasund.ErrChance, since the
// Table rolls the dice). When cfg.Seed is 0 the Table draws a secret seed.
//
// A bot that panics, returns an error or returns a move the Table refuses
// forfeits: the game stops there (Table.Abandon), the bot loses and is
// ranked last, and of the other seats the one with the most cubes on the
// board wins (a tie for the most is a draw). A game that reaches
// cfg.MaxTurns is a draw.
//
// Bots that implement Starter are started, in seat order, before the first
// move; Finisher hears the outcome and io.Closer is closed at the end.
// Play returns an error, and no result, when cfg is not a valid
// configuration, when len(bots) is not the number of players, or when ctx
// ends before the game does.
func Play(ctx context.Context, cfg elasund.Config, seats []bots.Bot) (Result, error) {
	t, err := elasund.NewTable(cfg)
	if err != nil {
		return Result{}, err
	}
	n := t.Players()
	if len(seats) != n {
		return Result{}, fmt.Errorf("tourney: %d bots for %d seats", len(seats), n)
	}
	started := make([]bool, n)
	defer func() {
		for p, b := range seats {
			if c, ok := b.(interface{ Close() error }); ok && started[p] {
				_ = c.Close()
			}
		}
	}()
	res := Result{
		Outcome:   Outcome{Winner: elasund.NoPlayer, Forfeit: elasund.NoPlayer},
		Decisions: make([]int, n),
		Think:     make([]time.Duration, n),
	}
	forfeit := func(p elasund.Player, reason string, err error) {
		res.Forfeit, res.Reason, res.Err = p, reason, err
		t.Abandon()
	}
	for p := elasund.Player(0); int(p) < n && !t.Over(); p++ {
		started[p] = true
		if s, ok := seats[p].(Starter); ok {
			if err := protect(func() error { return s.Start(ctx, t.View(p)) }); err != nil {
				forfeit(p, reason("cannot start", err), err)
			}
		}
	}
	for !t.Over() {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		p := t.ToMove()
		start := time.Now()
		m, err := choose(seats[p], t.View(p))
		res.Think[p] += time.Since(start)
		res.Decisions[p]++
		if err != nil {
			forfeit(p, reason("error", err), err)
		} else if _, err := t.Play(p, m); err != nil {
			// The Table's refusal: elasund: illegal move "…" in phase …: why.
			forfeit(p, strings.TrimPrefix(err.Error(), "elasund: "), err)
		}
	}
	if err := ctx.Err(); err != nil && res.Forfeit != elasund.NoPlayer {
		// A bot stopped by the end of ctx has not forfeited.
		return Result{}, err
	}
	return finish(t, seats, started, res), nil
}

// finish fills in the result of the game over at t and tells the bots.
func finish(t *elasund.Table, seats []bots.Bot, started []bool, res Result) Result {
	res.Turns, res.Moves = t.Turn(), t.Len()
	res.Record, _ = t.Record() // t is over or abandoned
	board := t.View(elasund.NoPlayer)
	res.Cubes = make([]int, len(seats))
	for p := range res.Cubes {
		res.Cubes[p] = board.CubesPlaced(elasund.Player(p))
	}
	switch {
	case res.Forfeit != elasund.NoPlayer:
		res.Winner = adjudicate(res.Cubes, res.Forfeit)
	case t.Winner() != elasund.NoPlayer:
		res.Winner, res.Reason = t.Winner(), reasonWon
	default:
		res.Reason = reasonTurnLimit
	}
	res.Rank = ranks(res.Cubes, res.Winner, res.Forfeit)
	for p, b := range seats {
		if f, ok := b.(Finisher); ok && started[p] {
			_ = protect(func() error { f.Finish(t.View(elasund.Player(p)), res.Outcome); return nil })
		}
	}
	return res
}

// choose asks b for its move, turning a panic into an error.
func choose(b bots.Bot, v elasund.View) (m elasund.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	return b.Choose(v)
}

// reason words the forfeit for err: a *Fault's reason, a panic's
// description, else what: err.
func reason(what string, err error) string {
	var f *Fault
	switch {
	case errors.As(err, &f):
		return f.Reason
	case errors.Is(err, errPanic):
		return err.Error()
	}
	return what + ": " + err.Error()
}

// protect calls f, turning a panic into an error.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	return f()
}

// panicError describes a recovered panic with the first lines of its
// stack that are not the runtime's.
func panicError(r any) error {
	where := ""
	for _, line := range strings.Split(string(debug.Stack()), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasSuffix(line, ")") || !strings.Contains(line, ".go:") || strings.Contains(line, "/runtime/") ||
			strings.Contains(line, "tourney/referee.go") {
			continue
		}
		where = " at " + line
		if i := strings.LastIndex(line, " +0x"); i >= 0 {
			where = " at " + line[:i]
		}
		break
	}
	return fmt.Errorf("%w: %v%s", errPanic, r, where)
}

// adjudicate returns the winner of a game that seat f forfeited: the other
// seat with the most cubes on the board, or NoPlayer for a tie for the
// most.
func adjudicate(cubes []int, f elasund.Player) elasund.Player {
	best, winner := -1, elasund.NoPlayer
	for p, c := range cubes {
		switch {
		case elasund.Player(p) == f:
		case c > best:
			best, winner = c, elasund.Player(p)
		case c == best:
			winner = elasund.NoPlayer
		}
	}
	return winner
}

// ranks returns each seat's place (see Result.Rank).
func ranks(cubes []int, winner, forfeit elasund.Player) []int {
	n := len(cubes)
	// score orders the seats: higher is better.
	score := func(p int) int {
		switch elasund.Player(p) {
		case winner:
			return 1 << 20
		case forfeit:
			return -1
		}
		return cubes[p]
	}
	rank := make([]int, n)
	for p := range rank {
		for q := 0; q < n; q++ {
			if score(q) > score(p) {
				rank[p]++
			}
		}
	}
	return rank
}
