package elasund

import (
	"bytes"
	"strings"
	"testing"
)

// TestTableEndedViewsSVG: the picture of a view of an ended table says
// how it ended, marks the forfeiting seat and the winner, and shows
// nobody to move, whichever seat the rules would have waiting.
func TestTableEndedViewsSVG(t *testing.T) {
	tables := endedTables(t)
	for _, tc := range []struct {
		name, want string
		marks      []string
	}{
		{"abandoned", "game over: abandoned, no winner", nil},
		{"forfeited, two seats", "game over: blue wins", []string{"red · seat 0 · forfeited", "blue · seat 1 · winner"}},
		{"forfeited, four seats", "game over: green forfeited, no winner", []string{"green · seat 2 · forfeited"}},
		{"turn limit", "game over: turn limit reached, no winner", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			v := tables[tc.name].View(1)
			if err := v.WriteSVG(&b, SVGOptions{Reveal: RevealSeat(1)}); err != nil {
				t.Fatal(err)
			}
			s := b.String()
			if !strings.Contains(s, tc.want) {
				t.Errorf("the picture does not say %q", tc.want)
			}
			if strings.Contains(s, "to move") {
				t.Error("the picture of an ended game shows a seat to move")
			}
			for _, m := range tc.marks {
				if !strings.Contains(s, m) {
					t.Errorf("the picture does not mark %q", m)
				}
			}
		})
	}
}
