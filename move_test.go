package elasund

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// boardMoveTexts pairs hand-made moves of every kind with their notation
// (Move.String's documented form: kind words, then the fields, then
// "pay COLOUR" where influence is named).
func boardMoveTexts(t *testing.T) []struct {
	m    Move
	text string
} {
	return []struct {
		m    Move
		text string
	}{
		{Move{Kind: Roll}, "roll"},
		{Move{Kind: Roll, Dice: [2]uint8{3, 4}}, "roll 3 4"},
		{Move{Kind: Roll, Dice: [2]uint8{6, 1}}, "roll 6 1"},
		{Move{Kind: Steer, Row: 10}, "steer 10"},
		{Move{Kind: Steer, Row: 2}, "steer 2"},
		{Move{Kind: Pirates, Row: 12}, "pirates 12"},
		{Move{Kind: Discard, Cards: Cards{Gold: 1, Green: 1}}, "discard 1 gold 1 green"},
		{Move{Kind: Discard, Cards: Cards{Gold: 2, Blue: 1, Green: 3, Yellow: 4}}, "discard 2 gold 1 blue 3 green 4 yellow"},
		{Move{Kind: Discard, Cards: Cards{Yellow: 12}}, "discard 12 yellow"},
		{Move{Kind: ReturnInfluence, Cards: Cards{Blue: 2}}, "return 2 blue"},
		{Move{Kind: ReturnInfluence, Cards: Cards{Green: 1, Yellow: 1}}, "return 1 green 1 yellow"},
		{Move{Kind: Build, Building: Tavern, Square: sqr(t, "c5")}, "build tavern c5"},
		{Move{Kind: Build, Building: Tavern, Square: sqr(t, "c5"), Pay: InfluenceBlue}, "build tavern c5 pay blue"},
		{Move{Kind: Build, Building: LargeBuilding, Square: sqr(t, "h10"), Pay: InfluenceYellow}, "build large h10 pay yellow"},
		{Move{Kind: Build, Building: House, Square: sqr(t, "a2")}, "build house a2"},
		{Move{Kind: Build, Building: Workshop, Square: sqr(t, "i11")}, "build workshop i11"},
		{Move{Kind: Build, Building: Well, Square: sqr(t, "b3")}, "build well b3"},
		{Move{Kind: Build, Building: Market, Square: sqr(t, "d6"), Pay: InfluenceGreen}, "build market d6 pay green"},
		{Move{Kind: Build, Building: Shop, Square: sqr(t, "e8")}, "build shop e8"},
		{Move{Kind: BuildWall, Site: NorthSite(2)}, "wall Nc"},
		{Move{Kind: BuildWall, Site: SouthSite(7)}, "wall Sh"},
		{Move{Kind: BuildWall, Site: EastSite(11)}, "wall E11"},
		{Move{Kind: BuildWall, Site: EastSite(3)}, "wall E3"},
		{Move{Kind: BuildChurch}, "church"},
		{Move{Kind: KeepChurchTile, Tile: 7}, "keep 7"},
		{Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "e5")}, "rebuild totem e5"},
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "i12")}, "rebuild hut i12"},
		{Move{Kind: DeclineRebuild, Building: Hut}, "remove hut"},
		{Move{Kind: DeclineRebuild, Building: Totem}, "remove totem"},
		{Move{Kind: EndBuilding}, "end build"},
		{Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "e6")}, "permit 2 e6"},
		{Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "a12"), Pay: InfluenceGreen}, "permit 0 a12 pay green"},
		{Move{Kind: TakeGold}, "take gold"},
		{Move{Kind: MovePermit, From: sqr(t, "c5"), Square: sqr(t, "i12"), Pay: InfluenceYellow}, "move permit c5 i12 pay yellow"},
		{Move{Kind: UpgradePermit, Square: sqr(t, "d4"), Permit: 4, Pay: InfluenceBlue}, "upgrade permit d4 4 pay blue"},
		{Move{Kind: BonusPermit, Permit: 3, Square: sqr(t, "g9")}, "bonus permit 3 g9"},
		{Move{Kind: BonusGold}, "bonus gold"},
		{Move{Kind: EndTurn}, "end turn"},
	}
}

// Move.String writes the documented notation and ParseMove reads it back,
// ignoring case and extra blanks.
func TestBoardMoveStringParse(t *testing.T) {
	for _, tc := range boardMoveTexts(t) {
		if s := tc.m.String(); s != tc.text {
			t.Errorf("%+v.String() = %q, want %q", tc.m, s, tc.text)
		}
		for _, text := range []string{tc.text, strings.ToUpper(tc.text), "  " + strings.ReplaceAll(tc.text, " ", "\t  ") + " "} {
			m, err := ParseMove(text)
			if err != nil || m != tc.m {
				t.Errorf("ParseMove(%q) = %+v, %v; want %+v", text, m, err, tc.m)
			}
		}
	}
	if s := (Move{Kind: Discard}).String(); s != "discard nothing" {
		t.Errorf("empty discard String = %q", s)
	}
	if m, err := ParseMove("discard nothing"); err != nil || m != (Move{Kind: Discard}) {
		t.Errorf("ParseMove(discard nothing) = %v, %v", m, err)
	}
}

// ParseMove refuses text that is not the notation of a move, including
// fields the move's kind does not use.
func TestBoardParseMoveErrors(t *testing.T) {
	for _, s := range []string{
		"", "   ", "fly", "none", "end", "take", "bonus", "move", "upgrade", "pay blue",
		"roll 3", "roll 7 1", "roll 1 0x", "roll 1 2 3", "roll a b",
		"steer", "steer x", "steer 2 4", "steer 100", "pirates", "pirates -3",
		"discard", "discard 1", "discard 1 purple", "discard 1 gold 1 gold", "discard 99 gold 99 gold 99 gold", "return 1 blue 2 blue", "discard gold 1", "discard 100 gold", "discard nothing 1 gold",
		"return", "return 1 gold", "return 1 blue 1 gold",
		"build", "build tavern", "build castle c5", "build tavern z9", "build tavern c7", "build tavern c5 d5",
		"build none c5", "build tavern c5 pay red", "build tavern c5 pay", "build tavern c5 pay blue green",
		"wall", "wall Q3", "wall E7", "wall Nc Nd", "wall Nc pay blue",
		"church 1", "church pay blue", "keep", "keep 10", "keep x", "keep 1 2",
		"rebuild hut", "rebuild hut c5 pay blue",
		"end build now", "end turn now", "end turn pay blue", "take gold 2", "take gold pay green",
		"permit", "permit 5 c5", "permit 2 c7", "permit 2", "permit c5 2",
		"move permit c5", "move permit c5 d5 e5", "move permit c5 c7",
		"upgrade permit c5", "upgrade permit c5 9", "upgrade permit 3 c5",
		"bonus permit 2", "bonus permit 2 c5 pay blue", "bonus gold 1", "bonus gold pay blue",
		"roll pay green",
	} {
		if m, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %+v, want an error", s, m)
		} else if m != (Move{}) {
			t.Errorf("ParseMove(%q) error with move %+v, want the zero Move", s, m)
		}
	}
}

// boardPhaseOf is the phase each kind belongs to, from MoveKind's
// documentation (RULES.md §4's phases).
var boardPhaseOf = map[MoveKind]Phase{
	Roll: PhaseRoll, Steer: PhaseSteer, Pirates: PhasePirates, Discard: PhaseDiscard,
	ReturnInfluence: PhaseShortage, Build: PhaseBuild, BuildWall: PhaseBuild, BuildChurch: PhaseBuild,
	KeepChurchTile: PhaseChurchChoice, Rebuild: PhaseRebuild, EndBuilding: PhaseBuild,
	PlacePermit: PhasePermit, TakeGold: PhasePermit, MovePermit: PhaseBonus, UpgradePermit: PhaseBonus,
	BonusPermit: PhaseBonus, BonusGold: PhaseBonus, EndTurn: PhaseBonus, DeclineRebuild: PhaseRebuild,
}

// boardSamples is a well-formed move of every kind.
func boardSamples(t *testing.T) []Move {
	return []Move{
		{Kind: Roll}, {Kind: Roll, Dice: [2]uint8{2, 5}}, {Kind: Steer, Row: 4}, {Kind: Pirates, Row: 9},
		{Kind: Discard, Cards: Cards{Gold: 1}}, {Kind: ReturnInfluence, Cards: Cards{Blue: 1}},
		{Kind: Build, Building: House, Square: sqr(t, "b3")}, {Kind: BuildWall, Site: EastSite(3)},
		{Kind: BuildChurch}, {Kind: KeepChurchTile, Tile: 1}, {Kind: Rebuild, Building: Hut, Square: sqr(t, "b3")}, {Kind: DeclineRebuild, Building: Totem},
		{Kind: EndBuilding}, {Kind: PlacePermit, Permit: 0, Square: sqr(t, "b3")}, {Kind: TakeGold},
		{Kind: MovePermit, From: sqr(t, "b3"), Square: sqr(t, "b4"), Pay: InfluenceBlue},
		{Kind: UpgradePermit, Square: sqr(t, "b3"), Permit: 1, Pay: InfluenceBlue},
		{Kind: BonusPermit, Permit: 0, Square: sqr(t, "b3")}, {Kind: BonusGold}, {Kind: EndTurn},
	}
}

// §4: each kind of move is refused outside its phase with ErrWrongPhase.
func TestBoardWrongPhase(t *testing.T) {
	for ph := PhaseRoll; ph < PhaseOver; ph++ {
		for _, m := range boardSamples(t) {
			if boardPhaseOf[m.Kind] == ph {
				continue
			}
			g := newTestGame(t, 3)
			setShip(g, 3)
			setPhase(g, ph, 1)
			me := mustRefuse(t, g, m, ReasonWrongPhase)
			if me.Phase != ph || me.Move != m || !strings.Contains(me.Error(), "§") {
				t.Errorf("%v in %v: error %v", m, ph, me)
			}
			if hasMove(g, m) {
				t.Errorf("%v listed in phase %v", m, ph)
			}
		}
	}
}

// The zero Move, unknown kinds and fields a kind does not use are refused
// with ErrMalformedMove, even in the move's own phase.
func TestBoardMalformedMoves(t *testing.T) {
	c5, b3 := sqr(t, "c5"), sqr(t, "b3")
	cases := []struct {
		name string
		ph   Phase
		m    Move
		why  Reason
	}{
		{"zero move", PhaseRoll, Move{}, ReasonUnknownKind},
		{"zero move in bonus", PhaseBonus, Move{}, ReasonUnknownKind},
		{"kind 20", PhaseBonus, Move{Kind: numKinds}, ReasonUnknownKind},
		{"remove with square", PhaseRebuild, Move{Kind: DeclineRebuild, Building: Hut, Square: c5}, ReasonUnusedField},
		{"kind 200", PhaseRoll, Move{Kind: 200}, ReasonUnknownKind},
		{"kind 255", PhaseBuild, Move{Kind: 255}, ReasonUnknownKind},
		{"roll with square", PhaseRoll, Move{Kind: Roll, Square: c5}, ReasonUnusedField},
		{"roll with row", PhaseRoll, Move{Kind: Roll, Row: 3}, ReasonUnusedField},
		{"roll with pay", PhaseRoll, Move{Kind: Roll, Pay: InfluenceGreen}, ReasonUnusedField},
		{"steer with dice", PhaseSteer, Move{Kind: Steer, Row: 5, Dice: [2]uint8{1, 2}}, ReasonUnusedField},
		{"pirates with pay", PhasePirates, Move{Kind: Pirates, Row: 5, Pay: InfluenceBlue}, ReasonUnusedField},
		{"discard with square", PhaseDiscard, Move{Kind: Discard, Cards: Cards{Gold: 1}, Square: c5}, ReasonUnusedField},
		{"return with gold", PhaseShortage, Move{Kind: ReturnInfluence, Cards: Cards{Gold: 1, Blue: 1}}, ReasonUnusedField},
		{"build with row", PhaseBuild, Move{Kind: Build, Building: House, Square: b3, Row: 3}, ReasonUnusedField},
		{"build with permit", PhaseBuild, Move{Kind: Build, Building: House, Square: b3, Permit: 1}, ReasonUnusedField},
		{"build with from", PhaseBuild, Move{Kind: Build, Building: House, Square: b3, From: c5}, ReasonUnusedField},
		{"wall with square", PhaseBuild, Move{Kind: BuildWall, Site: EastSite(3), Square: c5}, ReasonUnusedField},
		{"wall with pay", PhaseBuild, Move{Kind: BuildWall, Site: EastSite(3), Pay: InfluenceBlue}, ReasonUnusedField},
		{"church with tile", PhaseBuild, Move{Kind: BuildChurch, Tile: 3}, ReasonUnusedField},
		{"keep with square", PhaseChurchChoice, Move{Kind: KeepChurchTile, Tile: 3, Square: c5}, ReasonUnusedField},
		{"rebuild with pay", PhaseRebuild, Move{Kind: Rebuild, Building: Hut, Square: b3, Pay: InfluenceBlue}, ReasonUnusedField},
		{"end build with site", PhaseBuild, Move{Kind: EndBuilding, Site: 1}, ReasonUnusedField},
		{"permit with from", PhasePermit, Move{Kind: PlacePermit, Permit: 0, Square: b3, From: c5}, ReasonUnusedField},
		{"take gold with pay", PhasePermit, Move{Kind: TakeGold, Pay: InfluenceYellow}, ReasonUnusedField},
		{"take gold with cards", PhasePermit, Move{Kind: TakeGold, Cards: Cards{Gold: 2}}, ReasonUnusedField},
		{"move permit with permit", PhaseBonus, Move{Kind: MovePermit, From: b3, Square: c5, Pay: InfluenceBlue, Permit: 1}, ReasonUnusedField},
		{"upgrade with from", PhaseBonus, Move{Kind: UpgradePermit, Square: b3, Permit: 1, Pay: InfluenceBlue, From: c5}, ReasonUnusedField},
		{"bonus permit with pay", PhaseBonus, Move{Kind: BonusPermit, Permit: 0, Square: c5, Pay: InfluenceBlue}, ReasonUnusedField},
		{"bonus gold with cards", PhaseBonus, Move{Kind: BonusGold, Cards: Cards{Gold: 2}}, ReasonUnusedField},
		{"permit paying colour 4", PhasePermit, Move{Kind: PlacePermit, Permit: 1, Square: c5, Pay: 4}, ReasonNotAnInfluenceColor},
		{"move permit paying colour 200", PhaseBonus, Move{Kind: MovePermit, From: b3, Square: c5, Pay: 200}, ReasonNotAnInfluenceColor},
		{"end turn with square", PhaseBonus, Move{Kind: EndTurn, Square: c5}, ReasonUnusedField},
		{"end turn with building", PhaseBonus, Move{Kind: EndTurn, Building: House}, ReasonUnusedField},
		{"end turn with dice", PhaseBonus, Move{Kind: EndTurn, Dice: [2]uint8{1, 1}}, ReasonUnusedField},
		{"end turn with tile", PhaseBonus, Move{Kind: EndTurn, Tile: 1}, ReasonUnusedField},
		{"end turn with site", PhaseBonus, Move{Kind: EndTurn, Site: 3}, ReasonUnusedField},
		{"forced die 0", PhaseRoll, Move{Kind: Roll, Dice: [2]uint8{0, 3}}, ReasonForcedDice},
		{"forced die 7", PhaseRoll, Move{Kind: Roll, Dice: [2]uint8{7, 1}}, ReasonForcedDice},
		{"steer to row 7", PhaseSteer, Move{Kind: Steer, Row: 7}, ReasonNotARow},
		{"pirates to row 0", PhasePirates, Move{Kind: Pirates, Row: 0}, ReasonNotARow},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			setShip(g, 3)
			setGold(t, g, 1, 20)
			setInfluence(t, g, 1, 3, 3, 3)
			placePermit(t, g, 1, 0, sqr(t, "b3"))
			setPhase(g, tc.ph, 1)
			me := mustRefuse(t, g, tc.m, tc.why)
			if errors.Is(me, ErrWrongPhase) || !strings.Contains(me.Error(), "§") {
				t.Errorf("error %v", me)
			}
			if hasMove(g, tc.m) {
				t.Errorf("%+v is listed in Legal", tc.m)
			}
			if err := g.Check(tc.m); !errors.Is(err, ErrMalformedMove) || err.Error() != me.Error() {
				t.Errorf("Check = %v, Apply = %v", err, me)
			}
		})
	}
}

// boardFuzzMove returns a move with random fields: half the time only the
// fields its kind uses, so that many are well-formed.
func boardFuzzMove(r *rand.Rand) Move {
	sq := func() Square {
		if r.IntN(8) == 0 {
			return Square(90 + r.IntN(166))
		}
		return Square(r.IntN(NumSquares))
	}
	m := Move{
		Kind:     MoveKind(r.IntN(21)),
		Building: Building(r.IntN(11)),
		Square:   sq(),
		From:     sq(),
		Row:      Row(r.IntN(14)),
		Permit:   uint8(r.IntN(6)),
		Site:     WallSite(r.IntN(22)),
		Tile:     ChurchTile(r.IntN(11)),
		Pay:      InfluenceColor(r.IntN(5)),
		Cards:    Cards{uint8(r.IntN(3)), uint8(r.IntN(3)), uint8(r.IntN(3)), uint8(r.IntN(3))},
		Dice:     [2]uint8{uint8(r.IntN(8)), uint8(r.IntN(8))},
	}
	if r.IntN(2) == 0 {
		m = canonical(m)
	}
	if m.Kind == Roll && r.IntN(2) == 0 {
		m.Dice = [2]uint8{}
	}
	return m
}

// Over a few hundred random-play positions of 2–4 players: Legal has no
// duplicates; every legal move's String reads back with ParseMove and is
// accepted by IsLegal, Check and Apply (leaving a valid state); random
// moves get the same verdict from IsLegal, Check and Apply, a refused one
// leaves the state unchanged and names a rule, and an accepted one is in
// Legal (forced dice aside).
func TestBoardRandomPlayAPI(t *testing.T) {
	positions := 0
	for n := 2; n <= 4; n++ {
		for seed := uint64(0); seed < 3; seed++ {
			g, err := New(Config{Players: n, Seed: seed*10 + uint64(n)})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for step := 0; step < 120 && !g.Over(); step++ {
				positions++
				legal := g.Legal()
				seen := map[Move]bool{}
				for _, m := range legal {
					if seen[m] {
						t.Fatalf("Legal lists %v twice", m)
					}
					seen[m] = true
					if back, err := ParseMove(m.String()); err != nil || back != m {
						t.Errorf("ParseMove(%q) = %+v, %v; want %+v", m.String(), back, err, m)
					}
					if canonical(m) != m {
						t.Errorf("Legal move %+v sets a field its kind does not use", m)
					}
					if !g.IsLegal(m) || g.Check(m) != nil {
						t.Errorf("Legal move %v: IsLegal %v Check %v", m, g.IsLegal(m), g.Check(m))
					}
					c := g.Clone()
					if err := c.Apply(m); err != nil {
						t.Errorf("Legal move %v refused: %v", m, err)
					} else if err := c.Validate(); err != nil {
						t.Errorf("after %v: %v", m, err)
					}
				}
				for i := 0; i < 30; i++ {
					m := boardFuzzMove(r)
					c := g.Clone()
					chk, ok := g.Check(m), g.IsLegal(m)
					err := c.Apply(m)
					// Forced dice are chance outcomes, not choices: Check
					// and Apply accept them, Legal and IsLegal do not.
					forced := m.Kind == Roll && m.Dice != [2]uint8{}
					if (chk == nil) != (err == nil) || ok != (chk == nil && !forced) {
						t.Fatalf("%+v: Check %v, IsLegal %v, Apply %v", m, chk, ok, err)
					}
					if chk == nil {
						if seen[m] != ok {
							t.Errorf("%+v: IsLegal %v, in Legal %v (phase %v)", m, ok, seen[m], g.Phase())
						}
						continue
					}
					if chk.Error() != err.Error() || !errors.Is(err, ErrIllegalMove) {
						t.Errorf("%+v: Check %v, Apply %v", m, chk, err)
					}
					if !strings.Contains(err.Error(), "§") {
						t.Errorf("%+v: error names no rule: %v", m, err)
					}
					if *c != *g {
						t.Errorf("refused %+v changed the game", m)
					}
				}
				mustApply(t, g, boardRandomMove(t, g, r))
				mustValid(t, g)
			}
		}
	}
	if positions < 300 {
		t.Errorf("only %d positions", positions)
	}
}

// A turn starts with the roll: at the start of the game (and after each
// EndTurn) the only legal move is the plain roll (§4 step 1).
func TestBoardLegalAtStart(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g := newTestGame(t, n)
		if l := g.Legal(); len(l) != 1 || l[0] != (Move{Kind: Roll}) {
			t.Errorf("%d players: Legal at the start = %v, want [roll]", n, l)
		}
		setPhase(g, PhaseBonus, n-1)
		mustApply(t, g, Move{Kind: EndTurn})
		if l := g.Legal(); len(l) != 1 || l[0] != (Move{Kind: Roll}) || g.ToMove() != 0 {
			t.Errorf("%d players: Legal after EndTurn = %v (to move %d), want [roll] for seat 0", n, l, g.ToMove())
		}
		buf := make([]Move, 0, 8)
		if l := g.AppendLegal(buf); len(l) != 1 || &l[0] != &buf[:1][0] {
			t.Errorf("AppendLegal did not use the buffer")
		}
	}
}
