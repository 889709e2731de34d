// Command replay reads a game record, replays it move by move, checks that
// every move is legal and that the result is the one recorded, and prints
// the final position (or every position with -all) as the referee's
// picture.
//
// Usage:
//
//	go run ./examples/replay [-all] FILE
//
// FILE is a record as Record.String writes it (examples/selfplay -records
// DIR writes one per game); - reads standard input. The exit status is 1 if
// the record cannot be read or does not replay.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/elasund/elasund"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// cli runs the command with the arguments args, reading a record "-" from
// stdin, writing the positions to stdout and messages to stderr; it
// returns the exit status: 0, 1 when the record cannot be read or does not
// replay, 2 for bad arguments. -h prints the usage and is status 0.
func cli(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	all := fs.Bool("all", false, "print the position after every move, not only the last")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: replay [-all] FILE (- for standard input)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if err := run(stdout, stdin, fs.Arg(0), *all); err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	return 0
}

// run replays the record in file path ("-": in) and prints to out.
func run(out io.Writer, in io.Reader, path string, all bool) error {
	var text []byte
	var err error
	if path == "-" {
		text, err = io.ReadAll(in)
	} else {
		text, err = os.ReadFile(path)
	}
	if err != nil {
		return err
	}
	rec, err := elasund.ParseRecord(string(text))
	if err != nil {
		return err
	}
	// Replay checks everything at once; stepping through the moves here
	// prints the positions along the way.
	g, err := elasund.New(rec.Config)
	if err != nil {
		return err
	}
	if all {
		fmt.Fprintf(out, "Start\n\n%v\n", g)
	}
	for i, m := range rec.Moves {
		who, turn := g.Color(g.ToMove()), g.Turn()
		if err := g.Apply(m); err != nil {
			fmt.Fprintf(out, "The position before move %d:\n\n%v\n", i+1, g)
			return &elasund.ReplayError{Index: i, Turn: turn, Move: m, Err: err}
		}
		if all {
			fmt.Fprintf(out, "Move %d, turn %d: %v: %v\n\n%v\n", i+1, turn, who, m, g)
		}
	}
	if !all {
		fmt.Fprintf(out, "%v\n", g)
	}
	// The result: Replay checks it (and, once more, every move).
	if _, err := rec.Replay(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d moves, %s\n", len(rec.Moves), result(g))
	return nil
}

// result describes how the replayed game stands.
func result(g *elasund.Game) string {
	switch {
	case g.Winner() != elasund.NoPlayer:
		return fmt.Sprintf("%v won in turn %d.", g.Color(g.Winner()), g.Turn())
	case g.Over():
		return fmt.Sprintf("the game ended at its turn limit after %d turns.", g.Turn())
	}
	return fmt.Sprintf("the game goes on in turn %d.", g.Turn())
}
