package elasund

import (
	"errors"
	"testing"
)

// reasonNeverGiven are the reasons no refusal gives today: safeguards of
// checks that another check comes before. A Table refuses a move Check
// accepts but Legal does not list (ReasonNotListed), and Legal lists every
// move Check accepts (TestTablePlaysExactlyTheListedMoves) but for a
// forced roll, which ReasonChance refuses first.
var reasonNeverGiven = map[Reason]bool{ReasonNotListed: true}

// TestEveryReasonRefused plays, for each reason, a move refused for it in
// a position that passes Validate (the zero Game aside), and so checks
// that every reason but reasonNeverGiven's is given, with its category
// and rule text. A new reason fails the test until it has a position here.
func TestEveryReasonRefused(t *testing.T) {
	given := map[Reason]bool{}
	for _, c := range gameRefusals() {
		given[c.why] = true
		t.Run(c.why.String(), func(t *testing.T) {
			g, m := c.setup(t)
			if c.why != ReasonNoGame {
				mustValid(t, g)
			}
			mustRefuse(t, g, m, c.why)
		})
	}
	for _, c := range tableRefusals() {
		given[c.why] = true
		t.Run("table/"+c.why.String(), func(t *testing.T) {
			tab, p, m := c.play(t)
			n := tab.Len()
			_, err := tab.Play(p, m)
			var me *MoveError
			if !errors.As(err, &me) || me.Reason != c.why || me.Move != m || me.Rule == "" {
				t.Fatalf("Play(%v, %v) = %v; want a *MoveError for %v", p, m, err, c.why)
			}
			if cat := refusalCategory[c.why]; !errors.Is(err, ErrIllegalMove) || (cat != nil && !errors.Is(err, cat)) {
				t.Errorf("Play(%v, %v) = %v; want it to wrap ErrIllegalMove and %v", p, m, err, cat)
			}
			if tab.Len() != n {
				t.Errorf("the refused move was logged")
			}
		})
	}
	for _, r := range Reasons() {
		if !given[r] && !reasonNeverGiven[r] {
			t.Errorf("no refusal here is for %v (%s): add a position for it", r, r.Rule())
		}
		if given[r] && reasonNeverGiven[r] {
			t.Errorf("%v is given here: take it out of reasonNeverGiven", r)
		}
	}
}

// A gameRefusal is a move refused for reason why in the position setup
// makes.
type gameRefusal struct {
	why   Reason
	setup func(t *testing.T) (*Game, Move)
}

// gameRefusals is a refused move for each reason of a Game.
func gameRefusals() []gameRefusal {
	return []gameRefusal{
		{ReasonGameOver, func(t *testing.T) (*Game, Move) { return overGame(t), Move{Kind: Roll} }},
		{ReasonNoGame, func(t *testing.T) (*Game, Move) { return &Game{}, Move{Kind: Roll} }},
		{ReasonUnknownKind, func(t *testing.T) (*Game, Move) { return newTestGame(t, 2), Move{Kind: numKinds} }},
		{ReasonUnusedField, func(t *testing.T) (*Game, Move) { return newTestGame(t, 2), Move{Kind: Roll, Row: 5} }},
		{ReasonWrongPhase, func(t *testing.T) (*Game, Move) { return newTestGame(t, 2), Move{Kind: EndTurn} }},
		{ReasonNotASquare, func(t *testing.T) (*Game, Move) {
			return permGame(t, 2, 5, PhasePermit), Move{Kind: PlacePermit, Square: NoSquare}
		}},
		{ReasonNotARow, func(t *testing.T) (*Game, Move) { return phaseGame(t, PhaseSteer, 3), Move{Kind: Steer, Row: 7} }},
		{ReasonNotAnInfluenceColor, func(t *testing.T) (*Game, Move) {
			return permGame(t, 2, 5, PhasePermit), Move{Kind: PlacePermit, Square: sqr(t, "a5"), Pay: 4}
		}},
		{ReasonNotAPermitValue, func(t *testing.T) (*Game, Move) {
			return permGame(t, 2, 5, PhasePermit), Move{Kind: PlacePermit, Permit: 5, Square: sqr(t, "a5")}
		}},
		{ReasonNotAChurchTile, func(t *testing.T) (*Game, Move) {
			return churchChoiceGame(t), Move{Kind: KeepChurchTile, Tile: ChurchTiles + 1}
		}},
		{ReasonForcedDice, func(t *testing.T) (*Game, Move) { return newTestGame(t, 2), Move{Kind: Roll, Dice: [2]uint8{0, 3}} }},
		{ReasonSteerTwoRows, func(t *testing.T) (*Game, Move) { return phaseGame(t, PhaseSteer, 5), Move{Kind: Steer, Row: 6} }},
		{ReasonPiratesShipRow, func(t *testing.T) (*Game, Move) { return phaseGame(t, PhasePirates, 5), Move{Kind: Pirates, Row: 5} }},
		{ReasonCardsOwed, func(t *testing.T) (*Game, Move) {
			return discardGame(t), Move{Kind: Discard, Cards: Cards{Gold: 3}} // owes 2
		}},
		{ReasonCardsNotHeld, func(t *testing.T) (*Game, Move) {
			g := discardGame(t)
			setInfluence(t, g, 0, 1, 0, 0)
			return g, Move{Kind: Discard, Cards: Cards{Gold: 1, Yellow: 1}}
		}},
		{ReasonBuildLimit, func(t *testing.T) (*Game, Move) {
			// Play goes on to phase 3 after the second build; a position
			// loaded in phase 2 with two builds made refuses a third.
			g := chBuildPhase2(t, 10)
			g.builds = 2
			return g, Move{Kind: BuildChurch}
		}},
		{ReasonNotBuildable, func(t *testing.T) (*Game, Move) {
			return buildGame(t, []string{"e3"}), bldBuild(Totem, sqr(t, "e3"), NoInfluence)
		}},
		{ReasonBuildingNotInSupply, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, []string{"e3"})
			placeBuilding(t, g, bldRed, House, sqr(t, "b2"))
			return g, bldBuild(House, sqr(t, "e3"), NoInfluence)
		}},
		{ReasonOutsideCity, func(t *testing.T) (*Game, Move) {
			return buildGame(t, []string{"i3"}), bldBuild(House, sqr(t, "i3"), NoInfluence) // i3 j3
		}},
		{ReasonChurchFoundation, func(t *testing.T) (*Game, Move) {
			return buildGame(t, []string{"b8"}), bldBuild(House, sqr(t, "b8"), NoInfluence) // b8 c8
		}},
		{ReasonCoversChurch, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, []string{"b8"})
			placeChurchTile(t, g, bldBlue, 5) // on c8
			return g, bldBuild(House, sqr(t, "b8"), NoInfluence)
		}},
		{ReasonPermitCount, func(t *testing.T) (*Game, Move) {
			return buildGame(t, []string{"e3"}), bldBuild(Tavern, sqr(t, "e3"), NoInfluence) // needs 2
		}},
		{ReasonNoOwnPermit, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, nil)
			placePermit(t, g, bldBlue, 4, sqr(t, "e3"))
			placePermit(t, g, bldGreen, 3, sqr(t, "f3"))
			return g, bldBuild(Tavern, sqr(t, "e3"), NoInfluence)
		}},
		{ReasonNoMajority, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, nil)
			placePermit(t, g, bldRed, 2, sqr(t, "e3"))
			placePermit(t, g, bldBlue, 2, sqr(t, "f3"))
			return g, bldBuild(Tavern, sqr(t, "e3"), NoInfluence)
		}},
		{ReasonLargerBuilding, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, []string{"d3"})
			placeBuilding(t, g, bldBlue, Tavern, sqr(t, "e3"))
			return g, bldBuild(Market, sqr(t, "d3"), NoInfluence) // d3 e3
		}},
		{ReasonSameSizeUnpaid, func(t *testing.T) (*Game, Move) {
			return sameSizeGame(t), bldBuild(Tavern, sqr(t, "d3"), NoInfluence)
		}},
		{ReasonNeedlessPay, func(t *testing.T) (*Game, Move) {
			return buildGame(t, []string{"d3", "e3"}), bldBuild(Tavern, sqr(t, "d3"), InfluenceBlue)
		}},
		{ReasonCannotPayBuildOver, func(t *testing.T) (*Game, Move) {
			return sameSizeGame(t), bldBuild(Tavern, sqr(t, "d3"), InfluenceGreen) // 2 green
		}},
		{ReasonCannotPayBuild, func(t *testing.T) (*Game, Move) {
			g := buildGame(t, []string{"e3"})
			setGold(t, g, bldRed, 0)
			return g, bldBuild(House, sqr(t, "e3"), NoInfluence)
		}},
		{ReasonNotAWallSite, func(t *testing.T) (*Game, Move) {
			return permWallGame(t, 2, 0, 10), Move{Kind: BuildWall, Site: permSite(t, "Nh")}
		}},
		{ReasonWallSiteBuilt, func(t *testing.T) (*Game, Move) {
			g := permWallGame(t, 2, 0, 10)
			placeWall(t, g, 1, permSite(t, "Nd"))
			return g, Move{Kind: BuildWall, Site: permSite(t, "Nd")}
		}},
		{ReasonWallNotAdjacent, func(t *testing.T) (*Game, Move) {
			return permWallGame(t, 2, 0, 10), Move{Kind: BuildWall, Site: permSite(t, "E4")}
		}},
		{ReasonNoWallTiles, func(t *testing.T) (*Game, Move) {
			g := permWallGame(t, 4, 0, 10)
			for _, s := range []string{"Nh", "Ng", "Nf", "Ne", "Nd", "Nc", "E3", "E4", "E5"} {
				placeWall(t, g, 0, permSite(t, s))
			}
			return g, Move{Kind: BuildWall, Site: permSite(t, "E6")}
		}},
		{ReasonCannotPayWall, func(t *testing.T) (*Game, Move) {
			return permWallGame(t, 2, 0, 1), Move{Kind: BuildWall, Site: permSite(t, "Nd")}
		}},
		{ReasonChurchComplete, func(t *testing.T) (*Game, Move) {
			g := chBuildPhase2(t, 20)
			for tile := ChurchTile(1); tile <= ChurchTiles; tile++ {
				placeChurchTile(t, g, int(tile)%2, tile)
			}
			return g, Move{Kind: BuildChurch}
		}},
		{ReasonCannotPayChurch, func(t *testing.T) (*Game, Move) { return chBuildPhase2(t, 6), Move{Kind: BuildChurch} }},
		{ReasonNotDrawnTile, func(t *testing.T) (*Game, Move) { return churchChoiceGame(t), Move{Kind: KeepChurchTile, Tile: 5} }},
		{ReasonNotAwaitingRebuild, func(t *testing.T) (*Game, Move) {
			return rebuildGame(t), Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "e5")}
		}},
		{ReasonRebuildSquare, func(t *testing.T) (*Game, Move) {
			g := rebuildGame(t)
			return g, Move{Kind: Rebuild, Building: Hut, Square: g.BuildingOrigin(0, Hut)} // Red's hut stands there
		}},
		{ReasonPermitNotInSupply, func(t *testing.T) (*Game, Move) {
			g := permGame(t, 2, 5, PhasePermit)
			placePermit(t, g, 0, 0, sqr(t, "a5"))
			return g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "b5")}
		}},
		{ReasonSquareNotEmpty, func(t *testing.T) (*Game, Move) {
			g := permGame(t, 2, 5, PhasePermit)
			placePermit(t, g, 1, 0, sqr(t, "b5"))
			return g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "b5")}
		}},
		{ReasonPermitRow, func(t *testing.T) (*Game, Move) {
			return permGame(t, 2, 5, PhasePermit), Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "c6")}
		}},
		{ReasonPermitRowAdjacent, func(t *testing.T) (*Game, Move) {
			return optPermitGame(t, EnglishEdition, 5, []Row{4, 5, 6}), Move{Kind: PlacePermit, Square: sqr(t, "a3")}
		}},
		{ReasonCannotPayPermit, func(t *testing.T) (*Game, Move) {
			g := permGame(t, 2, 5, PhasePermit)
			setGold(t, g, 0, 1)
			return g, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "c5")}
		}},
		{ReasonCannotPayTwoInfluence, func(t *testing.T) (*Game, Move) {
			return permGame(t, 2, 5, PhasePermit), Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "a12"), Pay: InfluenceBlue}
		}},
		{ReasonNoPermitToMove, func(t *testing.T) (*Game, Move) {
			return bonusGame(t), Move{Kind: MovePermit, From: sqr(t, "a3"), Square: sqr(t, "a2"), Pay: InfluenceBlue}
		}},
		{ReasonNoPermitToUpgrade, func(t *testing.T) (*Game, Move) {
			return bonusGame(t), Move{Kind: UpgradePermit, Square: sqr(t, "e5"), Permit: 3, Pay: InfluenceBlue}
		}},
		{ReasonUpgradeValue, func(t *testing.T) (*Game, Move) {
			return bonusGame(t), Move{Kind: UpgradePermit, Square: sqr(t, "c5"), Permit: 1, Pay: InfluenceBlue}
		}},
		{ReasonCannotPayUpgrade, func(t *testing.T) (*Game, Move) {
			return bonusGame(t), Move{Kind: UpgradePermit, Square: sqr(t, "c5"), Permit: 4, Pay: InfluenceBlue} // 2 gold
		}},
		{ReasonCannotPayThreeColors, func(t *testing.T) (*Game, Move) { return bonusGame(t), Move{Kind: BonusGold} }},
	}
}

// A tableRefusal is a move refused at a table for reason why: play makes
// the table and names the seat and the move.
type tableRefusal struct {
	why  Reason
	play func(t *testing.T) (*Table, Player, Move)
}

// tableRefusals is a refused move for each reason of a Table's own, and
// one of Game.Check's that the table passes on.
func tableRefusals() []tableRefusal {
	return []tableRefusal{
		{ReasonNotYourDecision, func(t *testing.T) (*Table, Player, Move) {
			tab := newTestTable(t, Config{Players: 2, Seed: 1})
			return tab, 1 - tab.ToMove(), Move{Kind: Roll}
		}},
		{ReasonChance, func(t *testing.T) (*Table, Player, Move) {
			tab := newTestTable(t, Config{Players: 2, Seed: 1})
			return tab, tab.ToMove(), Move{Kind: Roll, Dice: [2]uint8{3, 4}}
		}},
		{ReasonAbandoned, func(t *testing.T) (*Table, Player, Move) {
			tab := newTestTable(t, Config{Players: 2, Seed: 1})
			tab.Abandon()
			return tab, 0, Move{Kind: Roll}
		}},
		{ReasonForfeited, func(t *testing.T) (*Table, Player, Move) {
			tab := newTestTable(t, Config{Players: 3, Seed: 1})
			if err := tab.Forfeit(1); err != nil {
				t.Fatal(err)
			}
			return tab, 0, Move{Kind: Roll}
		}},
		{ReasonNoGame, func(t *testing.T) (*Table, Player, Move) { return &Table{}, 0, Move{Kind: Roll} }},
		{ReasonWrongPhase, func(t *testing.T) (*Table, Player, Move) {
			tab := newTestTable(t, Config{Players: 2, Seed: 1})
			return tab, tab.ToMove(), Move{Kind: EndTurn}
		}},
	}
}

// phaseGame returns a 2-player game with the ship in row ship and seat 0
// in phase ph.
func phaseGame(t *testing.T, ph Phase, ship Row) *Game {
	g := newTestGame(t, 2)
	setShip(g, ship)
	setPhase(g, ph, 0)
	return g
}

// chBuildPhase2 returns a 2-player game in phase 2 of seat 0's turn,
// seat 0 holding gold gold.
func chBuildPhase2(t *testing.T, gold int) *Game {
	g := newTestGame(t, 2)
	chBuildPhase(t, g, 0, gold)
	return g
}

// buildGame returns a 4-player game with an empty city, Red (seat 0) in
// phase 2 with 20 gold and 3 influence of each colour and its permits 4,
// 3, … on the squares named.
func buildGame(t *testing.T, permits []string) *Game {
	g := bldGame(t, 4, bldRed)
	for i, s := range permits {
		placePermit(t, g, bldRed, 4-i, sqr(t, s))
	}
	setGold(t, g, bldRed, 20)
	setInfluence(t, g, bldRed, 3, 3, 3)
	return g
}

// sameSizeGame returns buildGame with Red's permits on d3 and e3, Blue's
// shop on e4 and Red holding 2 green influence: a tavern on d3 (d3 e3 d4
// e4) builds over the shop, of the same size.
func sameSizeGame(t *testing.T) *Game {
	g := buildGame(t, []string{"d3", "e3"})
	placeBuilding(t, g, bldBlue, Shop, sqr(t, "e4"))
	setInfluence(t, g, bldRed, 3, 2, 3)
	return g
}

// bonusGame returns a 2-player game in phase 4 of seat 0's turn, seat 0
// holding its permit 2 on c5, 1 gold and 2 blue influence.
func bonusGame(t *testing.T) *Game {
	g := permGame(t, 2, 5, PhaseBonus)
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	setGold(t, g, 0, 1)
	setInfluence(t, g, 0, 2, 0, 0)
	return g
}
