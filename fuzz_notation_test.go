package elasund

// FuzzParseMove: the move notation under arbitrary text, and the round trip
// of every canonical move (fuzz_test.go has the other targets).

import (
	"slices"
	"strings"
	"testing"
)

// notationCovers reports whether the notation can write canonical move m
// (RULES-independent: the ranges the notation of Move.String spells): a kind
// from roll to end turn; dice 0 to 6; a row of the board; card counts of at
// most two digits; a building from hut to large; a square of the board; a
// wall site of the 4-player game; a tile 0 to 9; a permit 0 to 4; a colour
// or none.
func notationCovers(m Move) bool {
	sqOK := func(s Square) bool { return s.Valid() }
	payOK := m.Pay <= InfluenceYellow
	bldOK := m.Building >= Hut && m.Building <= LargeBuilding
	switch m.Kind {
	case Roll:
		return m.Dice[0] <= 6 && m.Dice[1] <= 6
	case Steer, Pirates:
		rows := Rows()
		return slices.Contains(rows[:], m.Row)
	case Discard, ReturnInfluence:
		return m.Cards.Gold <= 99 && m.Cards.Blue <= 99 && m.Cards.Green <= 99 && m.Cards.Yellow <= 99
	case Build:
		return bldOK && sqOK(m.Square) && payOK
	case Rebuild:
		return bldOK && sqOK(m.Square)
	case DeclineRebuild:
		return bldOK
	case BuildWall:
		return slices.Contains(WallSites(MaxPlayers), m.Site)
	case KeepChurchTile:
		return m.Tile <= 9
	case PlacePermit:
		return m.Permit <= 4 && sqOK(m.Square) && payOK
	case BonusPermit:
		return m.Permit <= 4 && sqOK(m.Square)
	case MovePermit:
		return sqOK(m.From) && sqOK(m.Square) && payOK
	case UpgradePermit:
		return sqOK(m.Square) && m.Permit <= 4 && payOK
	case BuildChurch, EndBuilding, TakeGold, BonusGold, EndTurn:
		return true
	}
	return false
}

// FuzzParseMove checks the move notation. For arbitrary text s: ParseMove
// does not panic; what it accepts is a canonical move the notation covers
// and reads back from its own String; surrounding white space changes
// nothing. For the canonical move decoded from the bytes b (every field a
// byte, then only the fields its kind uses kept): ParseMove of its String
// (and of that in upper case) gives it back exactly when the notation
// covers it, and fails otherwise.
func FuzzParseMove(f *testing.F) {
	// Each entry pairs a text with the fields of a move.
	texts := []string{
		"roll", "roll 3 4", "steer 5", "pirates 12", "discard 1 gold 2 blue", "discard nothing",
		"return 1 green 1 yellow", "build tavern c5 pay blue", "build house a2", "wall E5", "wall nc",
		"church", "keep 7", "rebuild hut d4", "end build", "permit 2 d8", "permit 0 a2 pay yellow",
		"take gold", "move permit c5 d5 pay green", "upgrade permit c5 3 pay blue", "bonus permit 4 i12",
		"bonus gold", "end turn", "", "roll 7 1", "steer 7", "build none c5", "BUILD Large A2",
		"wall E7", "discard 1 gold 1 gold", "keep 10", "permit 5 a2", "rebuild hut d4 pay blue",
		"move permit c5", "  end \t turn ", "discard 100 gold", "upgrade permit c5 4", "permit 4 i12",
		"keep 9", "roll 6 6", "wall e11", "discard 99 gold 99 blue 99 green 99 yellow", "rebuild totem A02",
		"remove hut", "remove totem d4", "REMOVE Totem", "remove",
	}
	square := func(s string) Square { q, _ := ParseSquare(s); return q }
	moves := []Move{ // the edges of each kind's ranges, and beyond
		{Kind: Roll, Dice: [2]uint8{6, 6}}, {Kind: Roll, Dice: [2]uint8{0, 6}}, {Kind: Roll, Dice: [2]uint8{7, 1}},
		{Kind: Steer, Row: 12}, {Kind: Pirates, Row: 2}, {Kind: Pirates, Row: 7}, {Kind: Steer, Row: 13},
		{Kind: Discard, Cards: Cards{99, 99, 99, 99}}, {Kind: Discard, Cards: Cards{Blue: 100}},
		{Kind: ReturnInfluence, Cards: Cards{Yellow: 99}},
		{Kind: Build, Building: LargeBuilding, Square: square("i12"), Pay: InfluenceYellow},
		{Kind: Build, Building: LargeBuilding + 1, Square: square("a2")}, {Kind: Build, Building: Hut, Square: NumSquares},
		{Kind: Build, Building: Tavern, Square: square("e6"), Pay: InfluenceYellow + 1},
		{Kind: Rebuild, Building: Totem, Square: square("a2")}, {Kind: BuildWall, Site: EastSite(11)},
		{Kind: BuildWall, Site: numWallSites}, {Kind: KeepChurchTile, Tile: 9}, {Kind: KeepChurchTile, Tile: 10},
		{Kind: PlacePermit, Permit: 4, Square: square("i12"), Pay: InfluenceYellow}, {Kind: PlacePermit, Permit: 5, Square: square("a2")},
		{Kind: MovePermit, From: square("i12"), Square: square("a2"), Pay: InfluenceGreen},
		{Kind: UpgradePermit, Square: square("a2"), Permit: 4, Pay: InfluenceBlue},
		{Kind: BonusPermit, Permit: 4, Square: square("a12")}, {Kind: BonusGold}, {Kind: EndTurn + 1},
		{Kind: DeclineRebuild, Building: Totem}, {Kind: DeclineRebuild, Building: LargeBuilding + 1}, {Kind: numKinds},
	}
	for i := range max(len(texts), len(moves)) {
		var s string
		var b []byte
		if i < len(texts) {
			s = texts[i]
		}
		if i < len(moves) {
			for k := range numMoveFields {
				b = append(b, *fuzzMoveField(&moves[i], k))
			}
		}
		f.Add(s, b)
	}

	f.Fuzz(func(t *testing.T, s string, b []byte) {
		m, err := ParseMove(s)
		if err == nil {
			if canonical(m) != m {
				t.Fatalf("ParseMove(%q) = %s, which sets a field its kind does not use", s, moveDesc(m))
			}
			if !notationCovers(m) {
				t.Fatalf("ParseMove(%q) = %s, which the notation cannot write (%q)", s, moveDesc(m), m.String())
			}
			if back, err := ParseMove(m.String()); err != nil || back != m {
				t.Fatalf("ParseMove(%q) = %s, but ParseMove(%q) = %s, %v", s, moveDesc(m), m.String(), moveDesc(back), err)
			}
		}
		if m2, err2 := ParseMove(" \t" + s + "\n "); m2 != m || (err2 == nil) != (err == nil) {
			t.Fatalf("ParseMove(%q) = %s, %v, but with white space around %s, %v", s, moveDesc(m), err, moveDesc(m2), err2)
		}

		r := &fuzzBytes{b}
		var d Move
		for i := range numMoveFields {
			*fuzzMoveField(&d, i) = r.next()
		}
		d = canonical(d)
		str := d.String()
		for _, text := range []string{str, strings.ToUpper(str)} {
			back, err := ParseMove(text)
			if notationCovers(d) && (err != nil || back != d) {
				t.Fatalf("move %s written %q reads back as %s, %v", moveDesc(d), text, moveDesc(back), err)
			}
			if !notationCovers(d) && err == nil {
				t.Fatalf("move %s the notation cannot write, written %q, reads as %s", moveDesc(d), text, moveDesc(back))
			}
		}
	})
}

// TestRegressionParseMoveRowSeven: FuzzParseMove found that ParseMove read
// "steer 7" as a Steer to row 7, which is no row (rows are 2–6 and 8–12,
// RULES.md §1), so the move's String, "steer -", did not read back. Steer
// and Pirates must name a row of the board; every row reads back.
func TestRegressionParseMoveRowSeven(t *testing.T) {
	for _, s := range []string{"steer 7", "pirates 7", "steer 0", "pirates 1", "steer 01", "pirates 13", "steer 07"} {
		if m, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %#v, want an error: not a row", s, rawMove(m))
		}
	}
	for _, k := range []MoveKind{Steer, Pirates} {
		for _, r := range []Row{2, 3, 4, 5, 6, 8, 9, 10, 11, 12} {
			want := Move{Kind: k, Row: r}
			if got, err := ParseMove(want.String()); err != nil || got != want {
				t.Errorf("ParseMove(%q) = %#v, %v; want %#v", want.String(), rawMove(got), err, rawMove(want))
			}
		}
	}
}
