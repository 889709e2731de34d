// Command render plays a seeded game of random players to a given turn and
// writes a picture of the position as SVG.
//
// Usage:
//
//	go run ./examples/render [-players 4] [-seed 7] [-turn 40] [-reveal all] [-scale 1] [-o board.svg]
//
// -o - (the default) writes to standard output. -reveal chooses whose
// influence colours the picture shows: "all" (every hand, the default),
// "none" (public information only) or a player's colour ("red").
// If the game ends before the turn, the final position is drawn.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/elasund/elasund"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli runs the command with the arguments args, writing the picture to
// stdout (or -o) and messages to stderr; it returns the exit status: 0, 1
// when the picture cannot be made or written, 2 for bad flags. -h prints
// the usage and is status 0.
func cli(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 4, "number of players, 2 to 4")
	seed := fs.Uint64("seed", 7, "seed of the game and of the random players")
	turn := fs.Int("turn", 40, "play until this turn begins (1: the opening position)")
	reveal := fs.String("reveal", "all", `whose influence colours to show: "all", "none" or a player's colour`)
	scale := fs.Float64("scale", 1, "scale of the picture's width and height")
	out := fs.String("o", "-", `output `+"`FILE`"+` ("-": standard output)`)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: render [-players N] [-seed N] [-turn N] [-reveal all|none|COLOUR] [-scale X] [-o FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "render: unexpected arguments %q\n", fs.Args())
		fs.Usage()
		return 2
	}
	var buf bytes.Buffer
	if err := run(&buf, stderr, *players, *seed, *turn, *reveal, *scale); err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	var err error
	if *out == "-" || *out == "" {
		_, err = stdout.Write(buf.Bytes())
	} else {
		err = os.WriteFile(*out, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	return 0
}

// run plays the game and writes its picture to out; notes go to log.
func run(out, log io.Writer, players int, seed uint64, turn int, reveal string, scale float64) error {
	if turn < 1 {
		return fmt.Errorf("-turn must be at least 1, not %d", turn)
	}
	g, err := elasund.New(elasund.Config{Players: players, Seed: seed})
	if err != nil {
		return err
	}
	opts := elasund.SVGOptions{Scale: scale}
	switch reveal {
	case "all":
		opts.Reveal = elasund.RevealAll
	case "none":
		opts.Reveal = elasund.RevealNone
	default:
		p := elasund.NoPlayer
		for s := range g.Players() {
			if g.Color(elasund.Player(s)).String() == reveal {
				p = elasund.Player(s)
			}
		}
		if p == elasund.NoPlayer {
			return fmt.Errorf(`-reveal %q: want "all", "none" or the colour of a player of this game`, reveal)
		}
		opts.Reveal = elasund.RevealSeat(p)
	}
	if err := playTo(g, rand.New(rand.NewPCG(seed, 0x72656e646572)), turn); err != nil { // "render"
		return err
	}
	if g.Over() && g.Turn() < turn {
		fmt.Fprintf(log, "render: the game ended in turn %d; drawing its final position\n", g.Turn())
	}
	return g.WriteSVG(out, opts)
}

// playTo plays random legal moves until turn begins or the game ends.
func playTo(g *elasund.Game, r *rand.Rand, turn int) error {
	buf := make([]elasund.Move, 0, 1024)
	for !g.Over() && !(g.Turn() >= turn && g.Phase() == elasund.PhaseRoll) {
		buf = g.AppendLegal(buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("turn %d, phase %v: no legal move", g.Turn(), g.Phase())
		}
		if err := g.Apply(buf[r.IntN(len(buf))]); err != nil {
			return fmt.Errorf("a listed move was refused: %w", err)
		}
	}
	return nil
}
