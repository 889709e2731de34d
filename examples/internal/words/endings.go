package words

import (
	"fmt"

	"github.com/elasund/elasund"
)

// Ending returns a sentence for a person that says how a game ended and
// who won, from its outcome, naming the seats by their colours (colour
// gives a seat's colour; pass Table.Color or Game.Color):
//
//	"Red won by placing all 10 cubes."
//	"The game reached its turn limit; Blue leads with 7 cubes."
//	"The game was abandoned; Red and Green share the lead with 4 cubes."
//	"Blue left the table, so Red wins."
//
// A game that is not over gives "The game goes on.". The standings
// themselves (every seat's place and cubes) come from o.Standings.
func Ending(o elasund.Outcome, colour func(elasund.Player) elasund.Color) string {
	name := func(p elasund.Player) string { return capital(colour(p).String()) }
	switch o.Method {
	case elasund.AllCubesPlaced:
		return fmt.Sprintf("%s won by placing all %d cubes.", name(o.Winner), elasund.CubesPerPlayer)
	case elasund.Forfeited:
		if o.Winner != elasund.NoPlayer {
			return fmt.Sprintf("%s left the table, so %s wins.", name(o.Forfeiter()), name(o.Winner))
		}
		return fmt.Sprintf("%s left the table, which ended the game; %s", name(o.Forfeiter()), leaders(o, name))
	case elasund.TurnLimitReached:
		return "The game reached its turn limit; " + leaders(o, name)
	case elasund.Abandoned:
		return "The game was abandoned; " + leaders(o, name)
	}
	return "The game goes on."
}

// leaders says who holds first place of an ended game without a winner.
func leaders(o elasund.Outcome, name func(elasund.Player) string) string {
	var first []string
	cubes := 0
	for _, s := range o.Standings() {
		if s.Place == 1 {
			first = append(first, name(s.Player))
			cubes = s.Cubes
		}
	}
	switch len(first) {
	case 0:
		return "nobody leads."
	case 1:
		return fmt.Sprintf("%s leads with %s.", first[0], plural(cubes, "cube"))
	}
	who := first[0]
	for i, f := range first[1:] {
		if i == len(first)-2 {
			who += " and " + f
		} else {
			who += ", " + f
		}
	}
	return fmt.Sprintf("%s share the lead with %s.", who, plural(cubes, "cube"))
}

// capital gives s a capital first letter (of a to z).
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func plural(n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}
