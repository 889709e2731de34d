package main

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/bots"
)

// makeEntrants makes the entrants of the -bots list, and names the Elo
// anchor: the first bot that is random, else the first bot. An exec: bot
// without a label is called by the name it gives in its hello, which it is
// started once to say (helloName).
func makeEntrants(ctx context.Context, o *options, stderr io.Writer) ([]tourney.Entrant, string, error) {
	var entrants []tourney.Entrant
	anchor := ""
	count := map[string]int{}
	for _, spec := range o.bots {
		label, bot := splitLabel(spec)
		var e tourney.Entrant
		if cmd, ok := strings.CutPrefix(bot, "exec:"); ok {
			args := strings.Fields(cmd)
			if len(args) == 0 {
				return nil, "", fmt.Errorf("%q names no program", spec)
			}
			if _, err := exec.LookPath(args[0]); err != nil {
				return nil, "", fmt.Errorf("%q: %v", spec, err)
			}
			if label == spec {
				label = helloName(ctx, o, args, spec, stderr)
			}
			e.New = func(s tourney.Seat) (bots.Bot, error) {
				return tourney.NewExec(args, execOptions(o, stderr, fmt.Sprintf("%s (game %d, seat %d): ", label, s.Game, s.Seat))), nil
			}
		} else {
			if _, err := bots.New(bot, 0); err != nil {
				return nil, "", err
			}
			e = tourney.BuiltIn(bot)
		}
		count[label]++
		if count[label] > 1 {
			label += "#" + strconv.Itoa(count[label])
		}
		e.Name = label
		if anchor == "" && strings.EqualFold(bot, "random") {
			anchor = label
		}
		entrants = append(entrants, e)
	}
	return entrants, anchor, nil
}

// helloName starts the program args, exchanges hellos as for seat 0 of a
// game of the tournament (no game follows: the arena closes the program's
// input), and returns the name the program gives; spec, with a warning on
// stderr, if it gives none or cannot say hello.
func helloName(ctx context.Context, o *options, args []string, spec string, stderr io.Writer) string {
	warn := func(format string, a ...any) string {
		if stderr != nil {
			fmt.Fprintf(stderr, "arena: %s: "+format+"; it is called %q in the results\n", append([]any{spec}, append(a, spec)...)...)
		}
		return spec
	}
	t, err := elasund.NewTable(elasund.Config{Players: o.players, MaxTurns: o.maxTurns, Rules: o.rules})
	if err != nil {
		return warn("%v", err)
	}
	b := tourney.NewExec(args, execOptions(o, stderr, spec+" (hello): "))
	defer b.Close()
	if err := b.Start(ctx, t.View(0)); err != nil {
		return warn("no hello: %v", err)
	}
	if b.Name() == "exec" {
		return warn("its hello gives no name")
	}
	return b.Name()
}

// execOptions returns the options of an exec: bot whose standard error
// goes to stderr, each line prefixed.
func execOptions(o *options, stderr io.Writer, prefix string) tourney.ExecOptions {
	max := o.errMax
	if max == 0 {
		max = -1 // no bound
	}
	return tourney.ExecOptions{Timeout: o.timeout, Stderr: stderr, Prefix: prefix, MaxStderr: max, Sandbox: o.sandbox}
}

// splitLabel splits "LABEL=BOT"; a spec without a label is its own label.
// A label is a word of letters, digits, '-', '_' and '.'.
func splitLabel(spec string) (label, bot string) {
	i := strings.IndexByte(spec, '=')
	if i <= 0 || i == len(spec)-1 {
		return spec, spec
	}
	for _, r := range spec[:i] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return spec, spec
		}
	}
	return spec[:i], spec[i+1:]
}
