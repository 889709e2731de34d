package elasund

import (
	"math/rand/v2"
	"testing"
)

// TestExtraFieldsAsCanonical: check refuses a move with a field its kind
// does not use by the table kindFields rather than by canonical; the two
// must agree for every kind, on every field alone (at its smallest and
// largest value) and on random moves.
func TestExtraFieldsAsCanonical(t *testing.T) {
	setters := []func(m *Move, v uint8){
		func(m *Move, v uint8) { m.Building = Building(v) },
		func(m *Move, v uint8) { m.Square = Square(v) },
		func(m *Move, v uint8) { m.From = Square(v) },
		func(m *Move, v uint8) { m.Row = Row(v) },
		func(m *Move, v uint8) { m.Permit = v },
		func(m *Move, v uint8) { m.Site = WallSite(v) },
		func(m *Move, v uint8) { m.Tile = ChurchTile(v) },
		func(m *Move, v uint8) { m.Pay = InfluenceColor(v) },
		func(m *Move, v uint8) { m.Cards.Gold = v },
		func(m *Move, v uint8) { m.Cards.Blue = v },
		func(m *Move, v uint8) { m.Cards.Green = v },
		func(m *Move, v uint8) { m.Cards.Yellow = v },
		func(m *Move, v uint8) { m.Dice[0] = v },
		func(m *Move, v uint8) { m.Dice[1] = v },
	}
	agree := func(m Move) {
		t.Helper()
		if got, want := setFields(m)&^kindFields[m.Kind] != 0, canonical(m) != m; got != want {
			t.Fatalf("%+v: extra fields by kindFields %v, by canonical %v", m, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for k := NoMove; k < numKinds; k++ {
		agree(Move{Kind: k})
		for _, set := range setters {
			for _, v := range []uint8{1, 255} {
				m := Move{Kind: k}
				set(&m, v)
				agree(m)
			}
		}
		for range 2000 {
			m := Move{Kind: k}
			for _, set := range setters {
				if r.IntN(3) == 0 {
					set(&m, uint8(r.IntN(256)))
				}
			}
			agree(m)
		}
	}
}
