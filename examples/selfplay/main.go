// Command selfplay plays games of Elasund between random players and prints
// the winners, the average game length in turns and the games per second.
//
// Usage:
//
//	go run ./examples/selfplay [-players 4] [-games 1000] [-seed 1] [-maxturns 1000] [-rules default] [-records DIR]
//
// -rules chooses the rule options of RULES.md §12: default (the majority
// reading), english (the English edition: both options), or one option
// alone, adjacent-permit-rows or shortage-voids-income. A bad flag value
// exits with status 2.
//
// With -records DIR it writes each game's record to DIR/game-SEED.txt, for
// examples/replay.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/elasund/elasund"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli parses the flags in args and plays, writing the report to out and
// errors to errOut. It returns the exit status: 0, 1 when play fails, 2
// for a bad flag.
func cli(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(errOut)
	players := fs.Int("players", 4, "number of players, 2 to 4")
	games := fs.Int("games", 1000, "number of games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	maxTurns := fs.Int("maxturns", 1000, "end a game without a winner after this many turns (0: no limit; random play can reach positions where nobody can ever win)")
	rules := elasund.DefaultRules
	fs.Func("rules", "the `rules` to play (rule options of RULES.md §12): "+ruleNames()+" (default \"default\")", func(s string) error {
		r, err := parseRules(s)
		rules = r
		return err
	})
	records := fs.String("records", "", "write each game's record to `DIR`/game-SEED.txt")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: selfplay [-players N] [-games N] [-seed N] [-maxturns N] [-rules R] [-records DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := run(out, *players, *games, *seed, *maxTurns, rules, *records); err != nil {
		fmt.Fprintln(errOut, "selfplay:", err)
		return 1
	}
	return 0
}

// ruleSets are the values -rules accepts, by their names (Rules.String).
var ruleSets = []elasund.Rules{elasund.DefaultRules, elasund.EnglishEdition,
	elasund.AdjacentPermitRows, elasund.ShortageVoidsIncome}

// ruleNames lists the names -rules accepts.
func ruleNames() string {
	names := make([]string, len(ruleSets))
	for i, r := range ruleSets {
		names[i] = r.String()
	}
	return strings.Join(names, ", ")
}

// parseRules reads a -rules value.
func parseRules(s string) (elasund.Rules, error) {
	for _, r := range ruleSets {
		if r.String() == s {
			return r, nil
		}
	}
	return elasund.DefaultRules, fmt.Errorf("unknown rules %q; want one of %s", s, ruleNames())
}

func run(out io.Writer, players, games int, seed uint64, maxTurns int, rules elasund.Rules, records string) error {
	if games < 1 {
		return fmt.Errorf("-games must be at least 1, not %d", games)
	}
	if records != "" {
		if err := os.MkdirAll(records, 0o755); err != nil {
			return err
		}
	}
	wins := map[elasund.Color]int{}
	var (
		colors []elasund.Color
		played elasund.Rules // the rules the games report they play
	)
	noWinner, turns, moves := 0, 0, 0
	buf := make([]elasund.Move, 0, 4096)
	start := time.Now()
	for i := 0; i < games; i++ {
		cfg := elasund.Config{Players: players, Seed: seed + uint64(i), MaxTurns: maxTurns, Rules: rules}
		g, err := elasund.New(cfg)
		if err != nil {
			return err
		}
		if colors == nil {
			for p := 0; p < g.Players(); p++ {
				colors = append(colors, g.Color(elasund.Player(p)))
			}
			played = g.Rules()
		}
		var rec *elasund.Recorder // records the game with -records
		if records != "" {
			if rec, err = elasund.NewRecorder(cfg); err != nil {
				return err
			}
		}
		// The random players draw from their own source, seeded per game.
		r := rand.New(rand.NewPCG(seed+uint64(i), 0x73656c66))
		for !g.Over() {
			buf = g.AppendLegal(buf[:0])
			m := buf[r.IntN(len(buf))]
			if rec != nil {
				err = rec.Apply(g, m)
			} else {
				err = g.Apply(m)
			}
			if err != nil {
				return fmt.Errorf("game %d: %v", i, err)
			}
			moves++
		}
		if rec != nil {
			name := filepath.Join(records, fmt.Sprintf("game-%d.txt", cfg.Seed))
			if err := os.WriteFile(name, []byte(rec.Record().String()), 0o644); err != nil {
				return err
			}
		}
		turns += g.Turn()
		if w := g.Winner(); w != elasund.NoPlayer {
			wins[g.Color(w)]++
		} else {
			noWinner++
		}
	}
	elapsed := time.Since(start).Seconds()
	fmt.Fprintf(out, "%d games of %d players (seeds %d to %d), %v rules\n", games, players, seed, seed+uint64(games)-1, played)
	fmt.Fprintln(out, "winners:")
	for _, c := range colors {
		fmt.Fprintf(out, "  %-6v %6d  (%.1f%%)\n", c, wins[c], 100*float64(wins[c])/float64(games))
	}
	if noWinner > 0 {
		fmt.Fprintf(out, "  none   %6d  (turn limit)\n", noWinner)
	}
	fmt.Fprintf(out, "average game length: %.1f turns, %.1f moves\n", float64(turns)/float64(games), float64(moves)/float64(games))
	fmt.Fprintf(out, "speed: %.0f games/s, %.0f moves/s\n", float64(games)/elapsed, float64(moves)/elapsed)
	return nil
}
