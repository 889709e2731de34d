package elasund

// FuzzNew: New with arbitrary configurations, checked against an
// independent rule of which configurations are valid (fuzz_test.go has the
// other targets).

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// fuzzDeck decodes FuzzNew's deck bytes by mode%3: nil; every byte a raw
// colour (an empty, non-nil deck if there are none); or a proper deck of 13
// cards of each colour, its order shuffled by swapping card i with card b%39
// for the i-th byte b.
func fuzzDeck(mode uint8, b []byte) []InfluenceColor {
	switch mode % 3 {
	case 1:
		d := make([]InfluenceColor, len(b))
		for i, c := range b {
			d[i] = InfluenceColor(c)
		}
		return d
	case 2:
		d := make([]InfluenceColor, TotalInfluenceCards)
		for i := range d {
			d[i] = InfluenceColor(1 + i%3)
		}
		for i, c := range b {
			j, k := i%TotalInfluenceCards, int(c)%TotalInfluenceCards
			d[j], d[k] = d[k], d[j]
		}
		return d
	}
	return nil
}

// fuzzStack decodes FuzzNew's church stack bytes like fuzzDeck: nil, raw
// tiles, or the nine tiles 1–9 shuffled by the bytes.
func fuzzStack(mode uint8, b []byte) []ChurchTile {
	switch mode % 3 {
	case 1:
		s := make([]ChurchTile, len(b))
		for i, c := range b {
			s[i] = ChurchTile(c)
		}
		return s
	case 2:
		s := make([]ChurchTile, ChurchTiles)
		for i := range s {
			s[i] = ChurchTile(i + 1)
		}
		for i, c := range b {
			j, k := i%ChurchTiles, int(c)%ChurchTiles
			s[j], s[k] = s[k], s[j]
		}
		return s
	}
	return nil
}

// wantConfigColors returns the seat colours a configuration asks for, or
// ok false if it is invalid, by the rules of Config's documentation: 2 to 4
// players given by Players or by Colors (both must agree when both are
// given); colours distinct, red to yellow, defaulting to red, blue, green,
// yellow; the first player NoColor or a playing colour; MaxTurns 0 to
// 2²⁰ (TurnLimit); a deck of 39 cards, 13 of each colour; a stack of the tiles 1 to 9
// once each.
func wantConfigColors(c Config) (colors []Color, ok bool) {
	colors = c.Colors
	if len(colors) == 0 {
		if c.Players < 2 || c.Players > 4 {
			return nil, false
		}
		colors = []Color{Red, Blue, Green, Yellow}[:c.Players]
	} else if c.Players != 0 && c.Players != len(colors) {
		return nil, false
	}
	if len(colors) < 2 || len(colors) > 4 {
		return nil, false
	}
	var seen [5]bool
	for _, col := range colors {
		if col < Red || col > Yellow || seen[col] {
			return nil, false
		}
		seen[col] = true
	}
	if c.FirstColor != NoColor && (c.FirstColor > Yellow || !seen[c.FirstColor]) {
		return nil, false
	}
	if c.MaxTurns < 0 || c.MaxTurns > 1<<20 {
		return nil, false
	}
	if c.InfluenceDeck != nil {
		var count [4]int
		for _, ic := range c.InfluenceDeck {
			if ic < InfluenceBlue || ic > InfluenceYellow {
				return nil, false
			}
			count[ic]++
		}
		if len(c.InfluenceDeck) != 39 || count != [4]int{0, 13, 13, 13} {
			return nil, false
		}
	}
	if c.ChurchStack != nil {
		var tiles [10]bool
		for _, t := range c.ChurchStack {
			if t < 1 || t > 9 || tiles[t] {
				return nil, false
			}
			tiles[t] = true
		}
		if len(c.ChurchStack) != 9 {
			return nil, false
		}
	}
	return colors, true
}

// FuzzNew calls New with arbitrary configurations. It must refuse exactly
// the invalid ones (wantConfigColors) with an error wrapping
// ErrInvalidConfig and a nil game, and leave the caller's slices alone. A
// game it returns validates, is in the first player's roll of turn 1 and not
// over, lists Roll as its only legal move, and reflects the configuration:
// player count and colours, the first player if given, the turn limit, 3
// gold and the top cards of a given deck dealt one to each seat in order, a
// given church stack in order. A second New of the same configuration gives
// an equal game, and a few random moves from it keep it valid.
func FuzzNew(f *testing.F) {
	// players, colours, seed, first colour, MaxTurns, deck mode and bytes,
	// stack mode and bytes.
	f.Add(2, []byte{}, uint64(1), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(3, []byte{}, uint64(2), uint8(2), int64(100), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(4, []byte{}, uint64(3), uint8(4), int64(1), uint8(2), []byte{5, 17, 38, 0}, uint8(2), []byte{8, 3})
	f.Add(0, []byte{4, 1}, uint64(4), uint8(1), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{3, 2, 4}, uint64(5), uint8(0), int64(0), uint8(2), []byte{}, uint8(0), []byte{})
	f.Add(4, []byte{2, 4, 1, 3}, uint64(6), uint8(3), int64(TurnLimit), uint8(0), []byte{}, uint8(2), []byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(2, []byte{}, uint64(7), uint8(0), int64(0), uint8(1), []byte{1, 2, 3}, uint8(0), []byte{})
	deck := func(last ...byte) []byte { // yellow, blue, green, … and the last cards
		d := []byte(strings.Repeat("\x03\x01\x02", 13))
		return append(d[:39-len(last)], last...)
	}
	f.Add(3, []byte{}, uint64(26), uint8(0), int64(0), uint8(1), deck(), uint8(0), []byte{})
	f.Add(3, []byte{}, uint64(27), uint8(0), int64(0), uint8(1), deck(1), uint8(0), []byte{})           // 14 blue, 12 green
	f.Add(3, []byte{}, uint64(28), uint8(0), int64(0), uint8(1), deck(4), uint8(0), []byte{})           // no colour
	f.Add(3, []byte{}, uint64(29), uint8(0), int64(0), uint8(1), deck(2, 2), uint8(0), []byte{})        // 12 blue, 14 green
	f.Add(3, []byte{}, uint64(29), uint8(0), int64(0), uint8(1), append(deck(), 2), uint8(0), []byte{}) // 40 cards
	f.Add(2, []byte{}, uint64(30), uint8(0), int64(0), uint8(0), []byte{}, uint8(1), []byte{9, 8, 7, 6, 5, 4, 3, 2, 1})
	f.Add(2, []byte{}, uint64(31), uint8(0), int64(0), uint8(0), []byte{}, uint8(1), []byte{9, 8, 7, 6, 5, 4, 3, 2})
	f.Add(2, []byte{}, uint64(8), uint8(0), int64(0), uint8(0), []byte{}, uint8(1), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(2, []byte{}, uint64(9), uint8(0), int64(0), uint8(0), []byte{}, uint8(1), []byte{1, 2, 3, 4, 5, 6, 7, 8, 8})
	f.Add(2, []byte{}, uint64(10), uint8(0), int64(0), uint8(0), []byte{}, uint8(1), []byte{0, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(2, []byte{}, uint64(11), uint8(0), int64(0), uint8(1), []byte{}, uint8(1), []byte{})
	f.Add(1, []byte{}, uint64(12), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(5, []byte{}, uint64(13), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(-1, []byte{}, uint64(14), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(3, []byte{1, 2}, uint64(15), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{1, 1}, uint64(16), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{0, 1}, uint64(17), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{1, 5}, uint64(18), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{1, 2, 3, 4, 1}, uint64(19), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(0, []byte{1}, uint64(20), uint8(0), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(21), uint8(3), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(22), uint8(9), int64(0), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(23), uint8(0), int64(-1), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(24), uint8(0), int64(math.MaxUint32+1), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(26), uint8(0), int64(TurnLimit+1), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(27), uint8(0), int64(math.MaxUint32), uint8(0), []byte{}, uint8(0), []byte{})
	f.Add(2, []byte{}, uint64(25), uint8(0), int64(math.MinInt64), uint8(0), []byte{}, uint8(0), []byte{})

	f.Fuzz(func(t *testing.T, players int, colors []byte, seed uint64, first uint8, maxTurns int64,
		deckMode uint8, deck []byte, stackMode uint8, stack []byte) {
		c := Config{Players: players, Seed: seed, FirstColor: Color(first), MaxTurns: int(maxTurns),
			InfluenceDeck: fuzzDeck(deckMode, deck), ChurchStack: fuzzStack(stackMode, stack)}
		for _, b := range colors {
			c.Colors = append(c.Colors, Color(b))
		}
		saved := Config{Colors: slices.Clone(c.Colors), InfluenceDeck: slices.Clone(c.InfluenceDeck),
			ChurchStack: slices.Clone(c.ChurchStack)}
		wantColors, valid := wantConfigColors(c)
		g, err := New(c)
		if !slices.Equal(c.Colors, saved.Colors) || !slices.Equal(c.InfluenceDeck, saved.InfluenceDeck) ||
			!slices.Equal(c.ChurchStack, saved.ChurchStack) {
			t.Fatalf("New changed the configuration's slices")
		}
		if err != nil {
			if valid {
				t.Fatalf("New(%+v) refused a valid configuration: %v", c, err)
			}
			if !errors.Is(err, ErrInvalidConfig) || g != nil {
				t.Fatalf("New(%+v) = %v, %v; want a nil game and an error wrapping ErrInvalidConfig", c, g, err)
			}
			return
		}
		if !valid {
			t.Fatalf("New(%+v) accepted an invalid configuration", c)
		}
		if g == nil {
			t.Fatal("New returned a nil game and no error")
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("New(%+v): %v", c, err)
		}
		n := len(wantColors)
		fp := g.FirstPlayer()
		if g.Players() != n || g.Over() || g.Phase() != PhaseRoll || g.Turn() != 1 || g.Winner() != NoPlayer ||
			fp < 0 || int(fp) >= n || g.Active() != fp || g.ToMove() != fp {
			t.Fatalf("New(%+v): %d players, phase %v, turn %d, winner %d, first %d, active %d, to move %d",
				c, g.Players(), g.Phase(), g.Turn(), g.Winner(), fp, g.Active(), g.ToMove())
		}
		if legal := g.Legal(); len(legal) != 1 || legal[0] != (Move{Kind: Roll}) {
			t.Fatalf("New(%+v): legal moves %v, want only roll", c, legal)
		}
		if c.FirstColor != NoColor && g.Color(fp) != c.FirstColor {
			t.Fatalf("first player is %v, configured %v", g.Color(fp), c.FirstColor)
		}
		if g.maxTurns != uint32(c.MaxTurns) {
			t.Fatalf("turn limit %d, configured %d", g.maxTurns, c.MaxTurns)
		}
		for p := range n {
			pl := Player(p)
			if g.Color(pl) != wantColors[p] || g.PlayerOf(wantColors[p]) != pl {
				t.Fatalf("seat %d is %v, want %v", p, g.Color(pl), wantColors[p])
			}
			if h := g.Hand(pl); h.Gold != StartingGold || h.Influence() != StartingInfluence {
				t.Fatalf("seat %d starts with %v", p, h)
			}
			if c.InfluenceDeck != nil && g.Influence(pl, c.InfluenceDeck[p]) != 1 {
				t.Fatalf("seat %d holds %v, not the deck's card %d (%v)", p, g.Hand(pl), p, c.InfluenceDeck[p])
			}
		}
		if c.InfluenceDeck != nil {
			for i, ic := range c.InfluenceDeck[n:] {
				if got := InfluenceColor(g.deck[int(g.deckLen)-1-i] + 1); got != ic {
					t.Fatalf("deck card %d from the top is %v, configured %v", i, got, ic)
				}
			}
		}
		if c.ChurchStack != nil {
			for i, tile := range c.ChurchStack {
				if got := ChurchTile(g.church[int(g.churchLen)-1-i]); got != tile {
					t.Fatalf("church stack tile %d from the top is %d, configured %d", i, got, tile)
				}
			}
		}
		g2, err := New(c)
		if err != nil || *g2 != *g {
			t.Fatalf("a second New of the same configuration: %v, or a different game:\n%s", err, diffGames(g, g2))
		}
		r := newChooser(seed)
		var buf []Move
		for i := 0; i < 40 && !g.Over(); i++ {
			buf = g.AppendLegal(buf[:0])
			m := buf[r.intn(len(buf))]
			if err := g.Apply(m); err != nil {
				t.Fatalf("move %d, listed %v refused: %v", i, m, err)
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("move %d, after %v: %v", i, m, err)
			}
		}
	})
}
