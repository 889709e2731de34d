// Package bots holds reference players for elasund: Random, Greedy and
// ISMCTS (information-set Monte Carlo tree search), behind one small Bot
// interface that a tournament referee (examples/arena), a terminal game
// (examples/play) or a web server can seat.
//
// Two of them learned: GreedyV ("greedy-v") and ISMCTS with
// ISMCTSOptions.Value ("ismcts-v") judge positions with a ValueModel, the
// probability that a view's player wins, fitted by examples/train to
// positions of self-play games and embedded in the package
// (DefaultValueModel, LinearValueModel). The command that remakes them is
// in the package doc of examples/train.
//
// The strongest, "az", is ISMCTS steered as AlphaZero is: an Evaluator
// (ISMCTSOptions.Evaluator) gives each position's moves prior
// probabilities, the search chooses among them by PUCT, and the same
// evaluator judges the positions the playouts reach. Its AZModel
// (DefaultAZModel, az.bin) is a policy over the moves' features and a
// value, both fitted to the search's own self-play (its root visits,
// ChooseWithPolicy, and the games' returns) by examples/train; games of
// three and four players it judges by ismcts-v's value.
//
// A bot is handed only what its player may know: the player's
// elasund.View (RULES.md §13). To search, a bot draws full games consistent
// with the view with View.Redeal; it cannot reach the real game's hidden
// cards, deck order or future dice, because it is never given them.
//
// Bots are deterministic: the same seed and the same sequence of views
// give the same moves.
//
// A bot is not safe for concurrent use: it keeps its random source and
// its buffers (ISMCTS its search trees, until ISMCTS.Release) from one
// Choose to the next, so one bot decides for one seat at a time. Make a bot for each seat and
// game played at once, as the arena does; bots of one name and seed make
// the same moves. ISMCTS with several Workers searches in parallel inside
// one Choose.
//
// A host that may lose interest in a move before the bot has chosen it (a
// web server whose game is deleted) asks through ChooseContext: a bot that
// implements ContextChooser, as ISMCTS does, stops its search when the
// context is done and returns the context's error; the others are fast
// and choose as Choose does.
package bots

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/elasund/elasund"
)

// Bot chooses moves for one seat of a game.
type Bot interface {
	// Name returns the bot's name, such as "greedy".
	Name() string
	// Choose returns one of v.Legal() for the viewer, who decides now
	// (v.Decides() is true). An error means the bot could not decide; a
	// referee treats it, like an illegal move, as a loss.
	Choose(v elasund.View) (elasund.Move, error)
}

// ContextChooser is implemented by a bot whose search a host can stop,
// such as ISMCTS.
type ContextChooser interface {
	// ChooseContext is Choose, stopped when ctx is done: if ctx is done
	// before the bot has chosen, it returns at once (within a few
	// iterations of a search) an error that wraps ctx.Err()
	// (context.Canceled or context.DeadlineExceeded, checkable with
	// errors.Is) and no move, not the best move found so far. With a ctx
	// that is never done it returns Choose's move.
	ChooseContext(ctx context.Context, v elasund.View) (elasund.Move, error)
}

// ChooseContext asks b to choose from v unless ctx is done: with
// b.ChooseContext if b is a ContextChooser (its search stops when ctx is
// done), otherwise with b.Choose once ctx.Err() is checked. If ctx is done
// first, the error wraps ctx.Err(); a nil b is an error that wraps
// ErrUnknownBot.
func ChooseContext(ctx context.Context, b Bot, v elasund.View) (elasund.Move, error) {
	if b == nil {
		return elasund.Move{}, fmt.Errorf("%w: a nil bot cannot choose", ErrUnknownBot)
	}
	if err := ctx.Err(); err != nil {
		return elasund.Move{}, stopped(b.Name(), err)
	}
	if c, ok := b.(ContextChooser); ok {
		return c.ChooseContext(ctx, v)
	}
	return b.Choose(v)
}

// stopped is the error of a bot whose host stopped it with a context
// whose error is err.
func stopped(name string, err error) error {
	return fmt.Errorf("bots: %s stopped before choosing: %w", quote(name), err)
}

// ErrUnknownBot is wrapped by New's error for a name it does not know.
var ErrUnknownBot = errors.New("bots: unknown bot")

// factory makes a bot from a seed.
type factory func(seed uint64) Bot

// factories are the bots New knows, by name.
var factories = map[string]factory{
	"random":   func(seed uint64) Bot { return NewRandom(seed) },
	"greedy":   func(seed uint64) Bot { return NewGreedy(seed) },
	"greedy-v": func(seed uint64) Bot { return NewGreedyV(seed) },
	"ismcts": func(seed uint64) Bot {
		b, _ := NewISMCTS(seed, ISMCTSOptions{Iterations: DefaultIterations})
		return b
	},
	"ismcts-v": func(seed uint64) Bot {
		b, _ := NewISMCTS(seed, ISMCTSOptions{Iterations: DefaultIterations, Value: LinearValueModel()})
		return b
	},
	"az": func(seed uint64) Bot {
		b, _ := NewISMCTS(seed, ISMCTSOptions{Iterations: DefaultIterations, Evaluator: DefaultAZModel()})
		return b
	},
}

// Names lists the names New accepts, sorted: "az", "greedy", "greedy-v",
// "ismcts", "ismcts-v" and "random". New also accepts "ismcts:N",
// "ismcts-v:N" and "az:N", a search of N iterations a move (1 to
// MaxIterations), and "ismcts:T", "ismcts-v:T" and "az:T", a search of a
// time T a move, a Go duration from 1ms to MaxNamedBudget
// ("ismcts:10ms"), whose moves depend on the machine and its load;
// "ismcts" is "ismcts:1000", "ismcts-v" "ismcts-v:1000" and "az"
// "az:1000".
// The "-v" bots judge positions with learned models: greedy-v with
// DefaultValueModel, ismcts-v with LinearValueModel; "az" is ISMCTS
// steered by the priors and judged by the values of DefaultAZModel, a
// policy and a value trained by its own self-play (docs/learning.md).
func Names() []string {
	names := make([]string, 0, len(factories))
	for n := range factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New returns the bot called name, seeded with seed: one of Names, or
// "ismcts:N", "ismcts-v:N" or "az:N" for an ISMCTS bot of N iterations a
// move, or "ismcts:T", "ismcts-v:T" or "az:T" for one of a time T a move (the bot's Name
// is then as its ISMCTSOptions give it: "ismcts:10ms"; its tree holds
// every iteration that fits in T, about half a kilobyte each, so a host
// that must bound memory sets Iterations too, as examples/web does).
// Names are not
// case sensitive. An unknown name is an error that wraps ErrUnknownBot;
// an N that is neither a whole number from 1 to MaxIterations nor a
// duration from 1ms to MaxNamedBudget, one that wraps ErrOptions, as
// NewISMCTS's do.
func New(name string, seed uint64) (Bot, error) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if f, ok := factories[lower]; ok {
		return f(seed), nil
	}
	for _, base := range []string{"ismcts", "ismcts-v", "az"} {
		rest, ok := strings.CutPrefix(lower, base+":")
		if !ok {
			continue
		}
		o, err := namedBudget(rest)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: the N of %s:N is iterations (1 to %d) or a time (1ms to %v)", ErrOptions, quote(name), base, MaxIterations, MaxNamedBudget)
		}
		switch base {
		case "ismcts-v":
			o.Value = LinearValueModel()
		case "az":
			o.Evaluator = DefaultAZModel()
		}
		return NewISMCTS(seed, o)
	}
	return nil, fmt.Errorf("%w %s (the bots are %s; ismcts:N, ismcts-v:N, az:N search N iterations)", ErrUnknownBot, quote(name), strings.Join(Names(), ", "))
}

// MaxNamedBudget bounds the time a move of the bots "ismcts:T",
// "ismcts-v:T" and "az:T" (a duration T) search.
const MaxNamedBudget = time.Minute

// namedBudget reads the N of "ismcts:N": a number of iterations, or a
// time a move.
func namedBudget(n string) (ISMCTSOptions, error) {
	if i, err := strconv.Atoi(n); err == nil {
		if i < 1 || i > MaxIterations {
			return ISMCTSOptions{}, ErrOptions
		}
		return ISMCTSOptions{Iterations: i}, nil
	}
	d, err := time.ParseDuration(n)
	if err != nil || d < time.Millisecond || d > MaxNamedBudget {
		return ISMCTSOptions{}, ErrOptions
	}
	return ISMCTSOptions{Budget: d}, nil
}

// quote quotes a name for an error, cut to its first 60 bytes.
func quote(s string) string {
	const max = 60
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}
