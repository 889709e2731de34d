package elasund_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/elasund/elasund"
)

// Draw a position as SVG. The zero SVGOptions draw the public picture, with
// no player's influence colours; RevealSeat draws what one player knows, and
// RevealAll every hand.
func ExampleGame_WriteSVG() {
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 1})
	if err != nil {
		panic(err)
	}
	var public, red bytes.Buffer
	if err := g.WriteSVG(&public, elasund.SVGOptions{}); err != nil {
		panic(err)
	}
	if err := g.WriteSVG(&red, elasund.SVGOptions{Reveal: elasund.RevealSeat(g.PlayerOf(elasund.Red)), Scale: 0.5}); err != nil {
		panic(err)
	}
	svg := public.String()
	fmt.Println(strings.Contains(svg, `<svg xmlns="http://www.w3.org/2000/svg"`))
	fmt.Println("buildings:", strings.Count(svg, `class="building `))
	fmt.Println(strings.Contains(svg, `id="bld-c4" class="building hut blue"`))
	// The public picture shows each hand's influence as a count on a card
	// back; red's picture shows red's own colours.
	fmt.Println("card backs:", strings.Count(svg, "card influence hidden"), strings.Count(red.String(), "card influence hidden"))
	// Output:
	// true
	// buildings: 4
	// true
	// card backs: 2 1
}
