package elasund_test

import (
	"errors"
	"fmt"

	"github.com/elasund/elasund"
)

// A host referees a game between two seats through a Table: each seat sees
// only its View and submits moves for itself; the table rolls the dice and
// keeps the record until the game is over.
func ExampleTable() {
	// Seed 0 (the zero value) draws a secret seed; this example fixes one
	// so that its output does not change.
	t, err := elasund.NewTable(elasund.Config{Players: 2, Seed: 7, MaxTurns: 60})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The seats' players: here each plays the first move listed for it.
	choose := func(v elasund.View) elasund.Move { return v.Legal()[0] }

	// A seat may not move for another, nor choose the dice.
	other := 1 - t.ToMove()
	_, err = t.Play(other, elasund.Move{Kind: elasund.Roll})
	fmt.Println(errors.Is(err, elasund.ErrNotYourDecision))
	_, err = t.Play(t.ToMove(), elasund.Move{Kind: elasund.Roll, Dice: [2]uint8{6, 6}})
	fmt.Println(errors.Is(err, elasund.ErrChance))
	_, err = t.Record()
	fmt.Println(errors.Is(err, elasund.ErrGameInProgress))

	for !t.Over() {
		p := t.ToMove()
		if _, err := t.Play(p, choose(t.View(p))); err != nil {
			fmt.Println(err) // a refused move leaves the table as it was
			return
		}
	}
	out := t.Outcome() // how the game ended, and every seat's place
	fmt.Println(t.Color(out.Winner), "won in", t.Turn(), "turns:", out.Method)
	for _, s := range out.Standings() {
		fmt.Println(s.Place, s.Color, s.Cubes, "cubes")
	}
	rec, _ := t.Record()
	fmt.Println("the record replays:", replays(rec))
	// Output:
	// true
	// true
	// true
	// blue won in 49 turns: all cubes placed
	// 1 blue 10 cubes
	// 2 red 3 cubes
	// the record replays: true
}

func replays(r elasund.Record) bool {
	_, err := r.Replay()
	return err == nil
}
