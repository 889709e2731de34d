package elasund_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/elasund/elasund"
)

// A host ends a three-seat game when a seat forfeits, and reports how it
// ended: the method, every seat's place with the cubes that decided it,
// and the returns a learner is paid (the seats in first place share 1).
func ExampleOutcome() {
	t, err := elasund.NewTable(elasund.Config{Players: 3, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Outcome().Over(), t.Outcome().Returns(nil))
	r := rand.New(rand.NewPCG(1, 2)) // the seats play at random
	for t.Len() < 250 && !t.Over() {
		p := t.ToMove()
		legal := t.Legal(p)
		if _, err := t.Play(p, legal[r.IntN(len(legal))]); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := t.Forfeit(t.ToMove()); err != nil { // the seat to move leaves
		fmt.Println(err)
		return
	}
	out := t.Outcome()
	fmt.Println(out.Method, "by", t.Color(out.Forfeiter()), "- winner:", t.Color(out.Winner))
	for _, s := range out.Standings() {
		fmt.Println(s.Place, s.Color, s.Cubes, "cubes", s.Forfeited)
	}
	fmt.Println(out.Returns(nil))
	fmt.Println(out)
	// Output:
	// false [0 0 0]
	// forfeited by green - winner: none
	// 1 red 6 cubes false
	// 2 blue 2 cubes false
	// 3 green 6 cubes true
	// [1 0 0]
	// forfeited by green, no winner: 1. red 6 cubes, 2. blue 2 cubes, 3. green 6 cubes (forfeited)
}
