package words_test

import (
	"fmt"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/internal/words"
)

// A table refuses a seat's move; the player is told why in the game's
// words, with the section of the rules as a link, never the engine's
// text.
func Example() {
	tb, err := elasund.NewTable(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []elasund.Move{
		{Kind: elasund.Roll, Dice: [2]uint8{3, 4}},
		{Kind: elasund.EndTurn},
	} {
		_, err := tb.Play(tb.ToMove(), m)
		fmt.Println(words.Explain(err))
	}

	r := elasund.ReasonNoMajority
	fmt.Printf("%s (<a href=\"RULES.md#%s\">%s</a>)\n", words.Refusal(r), words.RulesAnchor(r), words.Section(r))

	_, err = elasund.ParseMove("fly to the moon")
	fmt.Println(words.Explain(err))
	// Output:
	// The table rolls the dice for you.
	// That kind of move is not allowed at this point of the turn.
	// The values of your permits under that building must add up to more than anyone else's there; a tie lets nobody build. (<a href="RULES.md#62-permit-majority">§6.2</a>)
	// That is not a move I can read.
}

// Explain gives a sentence for any error of a move, and nothing for no
// error.
func ExampleExplain() {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = g.Check(elasund.Move{Kind: elasund.BuildChurch})
	fmt.Println(err)
	fmt.Println(words.Explain(err))
	fmt.Printf("%q\n", words.Explain(g.Check(elasund.Move{Kind: elasund.Roll})))
	// Output:
	// elasund: illegal move "church" in phase roll: §4: this kind of move belongs to another phase of the turn
	// That kind of move is not allowed at this point of the turn.
	// ""
}

// Sections gives each section of a rule that two sections state, and
// SectionAnchor the anchor of each.
func ExampleSections() {
	r := elasund.ReasonCoversChurch
	fmt.Println(words.Refusal(r))
	for _, s := range words.Sections(r) {
		fmt.Printf("%s: RULES.md#%s\n", s, words.SectionAnchor(s))
	}
	// Output:
	// You cannot build over a church tile.
	// §6.1: RULES.md#61-footprint
	// §8: RULES.md#8-the-church
}

// Move tells a log what a player did; Option tells a button what a move
// would do, with what it costs the player who may play it.
func ExampleMove() {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Red})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"roll 2 3", "end build"} {
		m, _ := elasund.ParseMove(s)
		if err := g.Apply(m); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(words.Move("Red", m))
	}
	m, _ := elasund.ParseMove("permit 2 b5")
	v := g.View(g.ToMove())
	fmt.Println(words.Option(m, v.Cost(m)))
	fmt.Println(words.Move("Red", m))
	fmt.Println(words.Contents(v, m.Square))
	// Output:
	// Red rolled 2 and 3 (5).
	// Red stopped building.
	// Place a permit worth 2 on b5 for 2 gold
	// Red placed a permit worth 2 on b5.
	// empty
}
