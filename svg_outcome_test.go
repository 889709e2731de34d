package elasund

import (
	"bytes"
	"errors"
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

// TestTableWriteSVG: a table draws its ended game with every hand and its
// own ending (a forfeit the Game alone does not know); before the end it
// refuses RevealAll and draws a seat's picture as that seat's view does.
func TestTableWriteSVG(t *testing.T) {
	tables := endedTables(t)
	var b bytes.Buffer
	if err := tables["forfeited, two seats"].WriteSVG(&b, SVGOptions{Reveal: RevealAll}); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, "game over: blue wins") || !strings.Contains(s, "red · seat 0 · forfeited") || strings.Contains(s, "to move") {
		t.Error("the picture of a forfeited table does not say how it ended")
	}
	tab := newTestTable(t, Config{Players: 2, Seed: 3})
	if err := tab.WriteSVG(&b, SVGOptions{Reveal: RevealAll}); !errors.Is(err, ErrGameInProgress) {
		t.Errorf("RevealAll before the end: %v, want ErrGameInProgress", err)
	}
	var fromTable, fromView bytes.Buffer
	if err := tab.WriteSVG(&fromTable, SVGOptions{Reveal: RevealSeat(1)}); err != nil {
		t.Fatal(err)
	}
	if err := tab.View(1).WriteSVG(&fromView, SVGOptions{Reveal: RevealSeat(1)}); err != nil {
		t.Fatal(err)
	}
	if fromTable.String() != fromView.String() {
		t.Error("a seat's picture from the table differs from its view's")
	}
	var zero Table
	if err := zero.WriteSVG(&b, SVGOptions{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("the zero Table: %v, want ErrNoGame", err)
	}
}
