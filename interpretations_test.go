package elasund

// Tests of the interpretations doc.go adds where RULES.md is silent, that
// the rule-area tests do not already pin.

import "testing"

// Interpretation 14: when a build places the active player's tenth cube the
// game ends at once; a starter it displaced is not rebuilt.
func TestInterpWinningBuildLeavesStartersUnbuilt(t *testing.T) {
	g := newTestGame(t, 4) // seats: Red 0, Blue 1, Green 2, Yellow 3
	const red, blue = 0, 1
	// Nine red cubes on neutral buildings, none on a trade field.
	for _, s := range []string{"b3", "d3", "f3"} {
		placeBuilding(t, g, red, Market, sqr(t, s))
	}
	placeBuilding(t, g, red, LargeBuilding, sqr(t, "f5"))
	placeBuilding(t, g, red, LargeBuilding, sqr(t, "h5"))
	placeBuilding(t, g, red, Tavern, sqr(t, "f9"))
	placeBuilding(t, g, red, Tavern, sqr(t, "h9"))
	if g.cubes[red] != 9 {
		t.Fatalf("setup: red has %d cubes placed, want 9", g.cubes[red])
	}
	// The last market, over Blue's hut on c4, with Red's permit on b4.
	placePermit(t, g, red, 1, sqr(t, "b4"))
	setGold(t, g, red, 6)
	setPhase(g, PhaseBuild, red)
	setShip(g, 5)
	mustValid(t, g)

	want := g.Clone()
	want.gold[red] = 1 // 6 - 5 for the market
	want.bank += 5
	want.permitSq[red][1] = inSupply
	blueHut := playerPiece(blue, Hut)
	want.pieceSq[blueHut] = awaitingRebuild
	want.rebuild[blue] = 1
	market := neutralFirst[Market] + 3 // the fourth and last market
	want.pieceSq[market] = sqr(t, "b4")
	want.pieceOwner[market] = red
	want.pieceCubes[market] = 1
	want.setCell(sqr(t, "b4"), uint8(market+1))
	want.setCell(sqr(t, "c4"), uint8(market+1))
	want.cubes[red] = 10
	want.builds = 1
	want.phase = PhaseOver
	want.winner = red

	mustApply(t, g, Move{Kind: Build, Building: Market, Square: sqr(t, "b4")})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("winning build (-want +got):\n%s", d)
	}
	if g.Winner() != red || g.ToMove() != NoPlayer || len(g.Legal()) != 0 {
		t.Errorf("winner %v, to move %v, legal %v", g.Winner(), g.ToMove(), g.Legal())
	}
	if g.BuildingOrigin(blue, Hut) != AwaitingRebuild || !g.RebuildPending(blue, Hut) {
		t.Errorf("Blue's hut is at %v; it stays awaiting its rebuild", g.BuildingOrigin(blue, Hut))
	}
	mustRefuse(t, g, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c5")}, ReasonGameOver)
	mustValid(t, g)
}

// Interpretation 15: building over one's own building on trade fields takes
// its trade points away first (returning the milestone cube), then adds the
// new building's (placing a cube on the freed flag again).
func TestInterpBuildOverOwnTradeBuilding(t *testing.T) {
	g := newTestGame(t, 2)
	const red = 0
	placeBuilding(t, g, red, Workshop, sqr(t, "a2")) // a2 a3: 2 TP
	placeBuilding(t, g, red, Market, sqr(t, "a5"))   // a5 b5: 1 TP
	if g.tp[red] != 3 || !g.HasMilestoneCube(red, 3) || g.cubes[red] != 2 {
		t.Fatalf("setup: tp %d, milestone 3 %v, cubes %d; want 3, true, 2", g.tp[red], g.HasMilestoneCube(red, 3), g.cubes[red])
	}
	placePermit(t, g, red, 2, sqr(t, "b2")) // a tavern needs two permits
	placePermit(t, g, red, 0, sqr(t, "b3"))
	setGold(t, g, red, 3)
	setPhase(g, PhaseBuild, red)
	setShip(g, 5)
	mustValid(t, g)

	want := g.Clone()
	want.gold[red] = 0 // the tavern costs 3
	want.bank += 3
	want.permitSq[red][2] = inSupply
	want.permitSq[red][0] = inSupply
	want.pieceSq[playerPiece(red, Workshop)] = inSupply
	tavern := neutralFirst[Tavern]
	want.pieceSq[tavern] = sqr(t, "a2")
	want.pieceOwner[tavern] = red
	want.pieceCubes[tavern] = 1
	for _, s := range []string{"a2", "b2", "a3", "b3"} {
		want.setCell(sqr(t, s), uint8(tavern+1))
	}
	// TP: the workshop's a2 and a3 go (3 -> 1, below milestone 3: its cube
	// returns), the tavern's a2 and a3 come (1 -> 3: a cube on milestone 3
	// again). Cubes: market 1 + tavern 1 + milestone 1.
	want.tp[red] = 3
	want.milestones[red] = 1
	want.cubes[red] = 3
	want.builds = 1

	mustApply(t, g, Move{Kind: Build, Building: Tavern, Square: sqr(t, "a2")})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("tavern over own workshop (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// Interpretation 11: a gold shortage and an influence shortage on the same
// roll: the gold one is settled at once (everyone returns half, then the
// gold is paid), the influence one then asks the players in turn; the
// returned cards and what was left of the deck become the new deck, and the
// influence income is paid from it.
func TestInterpGoldAndInfluenceShortage(t *testing.T) {
	g := newTestGame(t, 2) // Red 0: hut d4, totem e8+e9; Blue 1: hut c4, totem b8+b9
	const red, blue = 0, 1
	placeBuilding(t, g, red, Workshop, sqr(t, "e3")) // e3 e4: gold in row 4
	// Row 4 produces 1 gold (Red's workshop) and 2 influence (both huts).
	setGold(t, g, red, 24)
	setGold(t, g, blue, 27)
	if g.bank != 0 {
		t.Fatalf("setup: bank %d, want 0", g.bank)
	}
	setInfluence(t, g, red, 7, 7, 6)
	setInfluence(t, g, blue, 6, 6, 6)
	if left := int(g.deckLen) + int(g.discard[0]+g.discard[1]+g.discard[2]); left != 1 {
		t.Fatalf("setup: %d influence cards left to draw, want 1", left)
	}
	mustValid(t, g)

	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{1, 3}})
	// Gold: bank 0 < 1: Red returns 12, Blue 13; the bank (25) pays Red 1.
	if g.Gold(red) != 24-12+1 || g.Gold(blue) != 27-13 || g.Bank() != 25-1 {
		t.Errorf("after the gold shortage: red %d, blue %d, bank %d; want 13, 14, 24", g.Gold(red), g.Gold(blue), g.Bank())
	}
	// Influence: 1 card left < 2: Red (active) returns 10 of 20 first.
	if g.Phase() != PhaseShortage || g.ToMove() != red || g.Pending(red) != 10 {
		t.Fatalf("phase %v, to move %v, pending %d; want shortage, red, 10", g.Phase(), g.ToMove(), g.Pending(red))
	}
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 4, Green: 3, Yellow: 3}})
	if g.Phase() != PhaseShortage || g.ToMove() != blue || g.Pending(blue) != 9 {
		t.Fatalf("phase %v, to move %v, pending %d; want shortage, blue, 9", g.Phase(), g.ToMove(), g.Pending(blue))
	}
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 3, Green: 3, Yellow: 3}})
	// New deck: 1 left + 19 returned = 20; each hut draws 1 from it.
	if g.Phase() != PhaseBuild || g.ToMove() != red {
		t.Fatalf("phase %v, to move %v; want build, red", g.Phase(), g.ToMove())
	}
	if got := g.Hand(red).Influence(); got != 20-10+1 {
		t.Errorf("red holds %d influence, want 11", got)
	}
	if got := g.Hand(blue).Influence(); got != 18-9+1 {
		t.Errorf("blue holds %d influence, want 10", got)
	}
	if g.DeckSize() != 18 || g.DiscardPile().Influence() != 0 {
		t.Errorf("deck %d, discard pile %d; want 18, 0", g.DeckSize(), g.DiscardPile().Influence())
	}
	if g.Gold(red) != 13 || g.Bank() != 24 {
		t.Errorf("gold changed during the influence shortage: red %d, bank %d", g.Gold(red), g.Bank())
	}
	mustValid(t, g)
}
