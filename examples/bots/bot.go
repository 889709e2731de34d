// Package bots holds reference players for elasund: Random, Greedy and
// ISMCTS (information-set Monte Carlo tree search), behind one small Bot
// interface that a tournament referee (examples/arena), a terminal game
// (examples/play) or a web server can seat.
//
// A bot is handed only what its player may know: the player's
// elasund.View (RULES.md §13). To search, a bot draws full games consistent
// with the view with View.Sample; it cannot reach the real game's hidden
// cards, deck order or future dice, because it is never given them.
//
// Bots are deterministic: the same seed and the same sequence of views
// give the same moves.
package bots

import (
	"fmt"
	"sort"
	"strings"

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

// Factory makes a bot from a seed.
type Factory func(seed uint64) Bot

// factories are the bots New knows, by name.
var factories = map[string]Factory{
	"random": func(seed uint64) Bot { return NewRandom(seed) },
	"greedy": func(seed uint64) Bot { return NewGreedy(seed) },
}

// Names lists the names New accepts, sorted.
func Names() []string {
	names := make([]string, 0, len(factories))
	for n := range factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New returns the bot called name (one of Names), seeded with seed.
func New(name string, seed uint64) (Bot, error) {
	f, ok := factories[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("bots: unknown bot %q (the bots are %s)", name, strings.Join(Names(), ", "))
	}
	return f(seed), nil
}
