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
	"github.com/elasund/elasund/examples/internal/words"
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
// referee calls it once, at the end of every game the bot started that
// ends by the rules or by a forfeit (not a game abandoned because Play's
// context ended).
type Finisher interface {
	Finish(v elasund.View, o Outcome)
}

// A bot that holds resources (an external program) implements io.Closer:
// the referee closes every bot of a game when the game ends.

// Outcome is how a game ended, as the referee rules it. The referee holds
// the game at an elasund.Table and ends it there: Table.Forfeit when a bot
// fails, Table.Abandon when Play's context ends. Method, Winner and
// Forfeit are the Table's elasund.Outcome; the arena adds why a bot
// forfeited.
type Outcome struct {
	// Method is how the game ended (elasund.Outcome.Method):
	// elasund.AllCubesPlaced, TurnLimitReached, Forfeited or Abandoned.
	Method elasund.Method
	// Winner is the winning seat (elasund.Outcome.Winner): the seat that
	// placed its tenth cube, or in a game of two seats the seat that did
	// not forfeit. It is NoPlayer for a draw, a game without a winner: one
	// that reached its turn limit, a forfeit in a game of three or four
	// seats, an abandoned game. (Result.Place and Result.Returns still
	// rank the seats of a draw.)
	Winner elasund.Player
	// Forfeit is the seat that forfeited the game
	// (elasund.Outcome.Forfeiter), or NoPlayer.
	Forfeit elasund.Player
	// Reason says why the game ended, in words: "won", "turn limit",
	// "abandoned", or the forfeit's reason ("panic: …", "error: …",
	// "timeout: …", or for a move the Table refused `played "roll 6 6", a
	// move the rules refuse: The table rolls the dice for you. (chance,
	// rules §13)`: the move, the plain sentence of the rule it breaks, the
	// refusal's code and the section of RULES.md).
	Reason string
	// Refusal is the code of the rule the forfeiting seat's move broke,
	// the Reason of the Table's refusal (elasund.MoveError.Reason:
	// elasund.ReasonChance for a forced roll, ReasonNotListed, …);
	// elasund.NoReason for a forfeit of another kind and a game without
	// a forfeit.
	Refusal elasund.Reason
	// Err is the error that made the seat Forfeit, nil if none: the bot's
	// error (a *Fault for an external program), a panic's, or the
	// Table's refusal of its move, a *elasund.MoveError that wraps
	// elasund.ErrIllegalMove and the reason (elasund.ErrChance for a
	// forced roll, elasund.ErrNotListed, …).
	Err error
}

// Result is the result of one game played by Play. Its places and
// returns are those of the library's elasund.Outcome of the game's
// Table: the arena ranks nobody itself.
type Result struct {
	Outcome
	// Turns is the game's length in turns (elasund.Game.Turn at the
	// end), Moves the number of moves applied.
	Turns, Moves int
	// Cubes holds each seat's cubes on the board at the end.
	Cubes []int
	// Place holds each seat's place, elasund.Outcome.Place: 1 for first,
	// by the library's one ranking rule (RULES.md, interpretation 20): the
	// winner first, then the others by cubes placed, equal cubes sharing a
	// place (1, 2, 2, 4), a forfeiting seat last.
	Place []int
	// Returns holds each seat's return, elasund.Outcome.Returns: the seats
	// in first place share 1 (a win is 1; k seats sharing first place get
	// 1/k each) and every other seat gets 0. It is the score the
	// tournament sums (Standing.Score) and compares (Elo).
	Returns []float64
	// Decisions counts each seat's decisions and Think sums the time its
	// bot took over them.
	Decisions []int
	Think     []time.Duration
	// Record is the game's record (Table.Record): its Config and moves,
	// rolls forced to the dice that came up. The record of a forfeited or
	// abandoned game is not over; its Termination tag says how it ended.
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
	reasonAbandoned = "abandoned"
)

// Play referees one game of cfg between bots, bots[i] in seat i. The game
// is held by an elasund.Table, the library's referee: the bot of the seat
// that decides is handed only that seat's view (Table.View), and its move
// is played only if the Table accepts it (Table.Play: a move Legal lists
// for that seat; a forced roll is refused with elasund.ErrChance, since the
// Table rolls the dice). When cfg.Seed is 0 the Table draws a secret seed.
//
// A bot that panics, returns an error or returns a move the Table refuses
// forfeits (Table.Forfeit): the game stops there, and the Table's
// elasund.Outcome ranks the bot last; in a game of two seats the other
// seat wins, in a larger one nobody does (a draw) and the others are
// placed by their cubes. A game that reaches cfg.MaxTurns is a draw, its
// seats placed by their cubes. Every place and return of the Result is the
// Table's Outcome's.
//
// Bots that implement Starter are started, in seat order, before the first
// move; Finisher hears the outcome and io.Closer is closed at the end.
// Play returns an error, and no result, when cfg is not a valid
// configuration or len(bots) is not the number of players. When ctx ends
// before the game does, a bot stopped by it has not forfeited: Play
// abandons the game (Table.Abandon: Method elasund.Abandoned, no winner,
// the seats placed by their cubes) and returns its result with ctx's
// error, without telling the Finishers (a tournament leaves such a game
// unplayed).
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
	res := Result{Decisions: make([]int, n), Think: make([]time.Duration, n)}
	forfeit := func(p elasund.Player, reason string, err error) {
		if ctx.Err() != nil {
			t.Abandon() // a bot stopped by the end of ctx has not forfeited
			return
		}
		res.Reason, res.Err = reason, err
		_ = t.Forfeit(p) // p is a seat of a game that goes on
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
		if ctx.Err() != nil {
			t.Abandon()
			break
		}
		p := t.ToMove()
		start := time.Now()
		m, err := choose(seats[p], t.View(p))
		res.Think[p] += time.Since(start)
		res.Decisions[p]++
		if err != nil {
			forfeit(p, reason("error", err), err)
		} else if _, err := t.Play(p, m); err != nil {
			why, code := refusal(m, err)
			forfeit(p, why, err)
			res.Refusal = code
		}
	}
	res = finish(t, res)
	if t.Abandoned() {
		return res, ctx.Err()
	}
	for p, b := range seats {
		if f, ok := b.(Finisher); ok && started[p] {
			_ = protect(func() error { f.Finish(t.View(elasund.Player(p)), res.Outcome); return nil })
		}
	}
	return res, nil
}

// finish fills in the result of the game over at t from the Table's
// Outcome.
func finish(t *elasund.Table, res Result) Result {
	o := t.Outcome()
	res.Method, res.Winner, res.Forfeit = o.Method, o.Winner, o.Forfeiter()
	switch o.Method {
	case elasund.AllCubesPlaced:
		res.Reason = reasonWon
	case elasund.TurnLimitReached:
		res.Reason = reasonTurnLimit
	case elasund.Abandoned:
		res.Reason, res.Err, res.Refusal = reasonAbandoned, nil, elasund.NoReason
	}
	res.Turns, res.Moves = t.Turn(), t.Len()
	res.Record, _ = t.Record() // t is over
	n := t.Players()
	res.Cubes, res.Place = make([]int, n), make([]int, n)
	for _, s := range o.Standings() {
		res.Cubes[s.Player], res.Place[s.Player] = s.Cubes, s.Place
	}
	res.Returns = o.Returns(make([]float64, 0, n))
	return res
}

// refusal words the Table's refusal err of move m, for a forfeit's
// reason: the move, the plain sentence of the rule it breaks
// (words.Refusal, never the engine's text), the refusal's code and the
// section of RULES.md that states the rule; and the code.
func refusal(m elasund.Move, err error) (string, elasund.Reason) {
	var me *elasund.MoveError
	if !errors.As(err, &me) { // not reached: the Table refuses with a *MoveError
		return fmt.Sprintf("played %q, a move the table refuses: %s", m.String(), words.Explain(err)), elasund.NoReason
	}
	aside := me.Reason.String()
	if s := words.Section(me.Reason); s != "" {
		aside += ", rules " + s
	}
	return fmt.Sprintf("played %q, a move the rules refuse: %s (%s)", me.Move.String(), words.Refusal(me.Reason), aside), me.Reason
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
