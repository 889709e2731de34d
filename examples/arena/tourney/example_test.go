package tourney_test

import (
	"context"
	"fmt"
	"log"

	"github.com/elasund/elasund/examples/arena/tourney"
	"github.com/elasund/elasund/examples/bots"
)

// A host that seats external programs calls Supervise first thing in
// main, runs them in sandboxes where it can, and deals every seating
// apart where it cannot: a program outside a sandbox could remember a deal
// from one seating to the next.
func ExampleSupervise() {
	tourney.Supervise() // a run of this binary as a program's supervisor ends here
	sandbox := tourney.CheckSandbox() == nil
	python := tourney.Entrant{Name: "mybot", New: func(tourney.Seat) (bots.Bot, error) {
		return tourney.NewExec([]string{"python3", "mybot.py"}, tourney.ExecOptions{Sandbox: sandbox}), nil
	}}
	key := tourney.NewKey()
	t := &tourney.Tournament{Entrants: []tourney.Entrant{python, tourney.BuiltIn("greedy")}, Players: 2, Games: 100,
		Key: &key, SeatingSeeds: !sandbox, MaxTurns: 300}
	games, err := t.Run(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(games), "games")
}
