package elasund

// Scenario tests for shortages in the income phase: the bank runs out of
// gold or the deck of influence cards (RULES.md §4.1), who is paid, who
// returns cards and in which order. Helpers such as cardsRoll are in
// cards_test.go.

import (
	"testing"
)

// cardsRowFiveGold sets up 2 players whose buildings in row 5 produce 3
// gold: seat 0 a totem and a workshop, seat 1 a shop.
func cardsRowFiveGold(t *testing.T) *Game {
	g := newTestGame(t, 2)
	clearCity(t, g)
	placeBuilding(t, g, 0, Totem, sqr(t, "c5"))
	placeBuilding(t, g, 0, Workshop, sqr(t, "d5"))
	placeBuilding(t, g, 1, Shop, sqr(t, "a5"))
	return g
}

// TestCardsGoldShortage: a bank smaller than the row's whole gold
// production pays nobody at first; every player returns half (rounded
// down) of their gold; then the production is paid because the bank now
// can (§4.1, interpretation 2). A bank just large enough is no shortage.
func TestCardsGoldShortage(t *testing.T) {
	t.Run("shortage", func(t *testing.T) {
		g := cardsRowFiveGold(t)
		setGold(t, g, 0, 21)
		setGold(t, g, 1, 28) // bank 2 < 3
		want := g.Clone()
		wantRoll(want, cardsDice(5))
		want.ship, want.phase = 5, PhaseBuild
		want.gold = [MaxPlayers]uint8{11 + 2, 14 + 1} // returned 10 and 14, then paid 2 and 1
		want.bank = 2 + 10 + 14 - 3
		mustReach(t, g, want, cardsRoll(5))
	})
	t.Run("bank exactly enough", func(t *testing.T) {
		g := cardsRowFiveGold(t)
		setGold(t, g, 0, 21)
		setGold(t, g, 1, 27) // bank 3 = production
		want := g.Clone()
		wantRoll(want, cardsDice(5))
		want.ship, want.phase = 5, PhaseBuild
		want.gold = [MaxPlayers]uint8{23, 28}
		want.bank = 0
		mustReach(t, g, want, cardsRoll(5))
	})
	t.Run("still short after the return", func(t *testing.T) {
		// With all 51 gold cards in play the bank always holds at least
		// 23 after the half-return, more than any row produces, so this
		// outcome needs a state with gold removed from the game (it does
		// not validate); it pins the rule's "else nobody" branch.
		g := cardsRowFiveGold(t)
		g.gold = [MaxPlayers]uint8{3, 2}
		g.bank = 0
		want := g.Clone()
		wantRoll(want, cardsDice(5))
		want.ship, want.phase = 5, PhaseBuild
		want.gold = [MaxPlayers]uint8{2, 1} // returned 1 and 1, then nobody is paid
		want.bank = 2
		mustApply(t, g, cardsRoll(5))
		if d := diffGames(want, g); d != "" {
			t.Errorf("gold shortage, still short (-want +got):\n%s", d)
		}
	})
}

// cardsHutsRowFour sets up huts of seats 0 and 1 in row 4 (2 influence of
// production), with the ship off the board.
func cardsHutsRowFour(t *testing.T, n int) *Game {
	g := newTestGame(t, n)
	clearCity(t, g)
	placeBuilding(t, g, 0, Hut, sqr(t, "c4"))
	placeBuilding(t, g, 1, Hut, sqr(t, "d4"))
	return g
}

// TestCardsInfluenceShortage: deck plus pile (1 card) smaller than the
// production (2): nobody is paid; every player returns half their
// influence, choosing which (active player first, then clockwise); Legal
// lists exactly every way; wrong counts and cards not held are refused;
// then the pile is shuffled into a new deck and the production is paid
// (§4.1, interpretation 2).
func TestCardsInfluenceShortage(t *testing.T) {
	g := cardsHutsRowFour(t, 2)
	moveDeckToDiscard(g)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 13, 6, 0)
	setInfluence(t, g, 1, 0, 6, 13)
	if g.discard != [3]uint8{0, 1, 0} || g.deckLen != 0 {
		t.Fatalf("setup: discard %v deck %d", g.discard, g.deckLen)
	}

	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship = 4
	want.phase, want.toMove = PhaseShortage, 0
	want.pending = [MaxPlayers]uint8{9, 9}
	mustApply(t, g, cardsRoll(4))
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after the roll (-want +got):\n%s", d)
	}
	mustValid(t, g)
	if g.ToMove() != 0 || g.Pending(0) != 9 || g.Pending(1) != 9 {
		t.Errorf("ToMove %v, pending %d %d", g.ToMove(), g.Pending(0), g.Pending(1))
	}

	var legal []Move
	for gr := uint8(0); gr <= 6; gr++ {
		legal = append(legal, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 9 - gr, Green: gr}})
	}
	sameMoves(t, "red's return", g.Legal(), legal)
	for _, c := range []struct {
		cards Cards
		why   Reason
	}{
		{Cards{Blue: 8}, ReasonCardsOwed},
		{Cards{Blue: 10}, ReasonCardsOwed},
		{Cards{Blue: 4, Green: 4}, ReasonCardsOwed},
		{Cards{}, ReasonCardsOwed},
		{Cards{Yellow: 9}, ReasonCardsNotHeld},
		{Cards{Blue: 7, Yellow: 2}, ReasonCardsNotHeld},
		{Cards{Blue: 2, Green: 7}, ReasonCardsNotHeld},
	} {
		m := Move{Kind: ReturnInfluence, Cards: c.cards}
		mustRefuse(t, g, m, c.why)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
	}
	mustRefuse(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Gold: 1, Blue: 8}}, ReasonUnusedField)
	mustRefuse(t, g, Move{Kind: Discard, Cards: Cards{Blue: 9}}, ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: EndBuilding}, ReasonWrongPhase)

	want = g.Clone()
	want.infl[0] = [3]uint8{4, 6, 0}
	want.discard[0] += 9
	want.pending[0] = 0
	want.toMove = 1
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 9}})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after red's return (-want +got):\n%s", d)
	}
	mustValid(t, g)

	legal = nil
	for gr := uint8(0); gr <= 6; gr++ {
		legal = append(legal, Move{Kind: ReturnInfluence, Cards: Cards{Green: gr, Yellow: 9 - gr}})
	}
	sameMoves(t, "blue's return", g.Legal(), legal)
	mustRefuse(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 1, Yellow: 8}}, ReasonCardsNotHeld)

	want = g.Clone()
	want.pending[1] = 0
	want.discard = [3]uint8{}
	want.phase, want.toMove = PhaseBuild, 0
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Green: 3, Yellow: 6}})
	// Pile: 9 blue, 1+3 green, 6 yellow; each hut then draws one card.
	cardsAcceptShuffle(t, want, g, [MaxPlayers][3]uint8{{4, 6, 0}, {0, 3, 7}}, [MaxPlayers]int{1, 1}, [3]int{9, 4, 6})
	if d := diffGames(want, g); d != "" {
		t.Errorf("after the shortage (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// TestCardsInfluenceShortageOrder: returns are decided by the active
// player first, then clockwise; a player whose cards are all one colour
// returns without a decision (§4.1).
func TestCardsInfluenceShortageOrder(t *testing.T) {
	g := cardsHutsRowFour(t, 3)
	moveDeckToDiscard(g)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 7, 6, 0)
	setInfluence(t, g, 1, 6, 6, 0)
	setInfluence(t, g, 2, 0, 0, 13)
	setPhase(g, PhaseRoll, 1)
	if g.discard != [3]uint8{0, 1, 0} {
		t.Fatalf("setup: discard %v", g.discard)
	}

	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship = 4
	want.phase, want.toMove = PhaseShortage, 1
	want.pending = [MaxPlayers]uint8{6, 6, 6}
	mustApply(t, g, cardsRoll(4))
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after the roll (-want +got):\n%s", d)
	}

	// Blue returns; Green's return is forced (all yellow); Red decides.
	want = g.Clone()
	want.infl[1] = [3]uint8{3, 3, 0}
	want.infl[2] = [3]uint8{0, 0, 7}
	want.discard = [3]uint8{3, 4, 6}
	want.pending = [MaxPlayers]uint8{6, 0, 0}
	want.toMove = 0
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 3, Green: 3}})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after blue's return (-want +got):\n%s", d)
	}
	mustValid(t, g)

	want = g.Clone()
	want.pending = [MaxPlayers]uint8{}
	want.discard = [3]uint8{}
	want.phase, want.toMove = PhaseBuild, 1
	mustApply(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Green: 6}})
	cardsAcceptShuffle(t, want, g, [MaxPlayers][3]uint8{{7, 0, 0}, {3, 3, 0}, {0, 0, 7}}, [MaxPlayers]int{1, 1, 0}, [3]int{3, 10, 6})
	if d := diffGames(want, g); d != "" {
		t.Errorf("after the shortage (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// TestCardsInfluenceShortageAllForced: when every return is forced (one
// colour, or nothing to return) nobody is asked: the roll settles the
// shortage and pays (§4.1).
func TestCardsInfluenceShortageAllForced(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	placeBuilding(t, g, 3, Hut, sqr(t, "c4"))
	moveDeckToDiscard(g)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 13, 0, 0)
	setInfluence(t, g, 1, 0, 13, 0)
	setInfluence(t, g, 2, 0, 0, 13)
	setInfluence(t, g, 3, 0, 0, 0)
	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship, want.phase = 4, PhaseBuild
	want.discard = [3]uint8{}
	mustApply(t, g, cardsRoll(4))
	cardsAcceptShuffle(t, want, g, [MaxPlayers][3]uint8{{7, 0, 0}, {0, 7, 0}, {0, 0, 7}}, [MaxPlayers]int{0, 0, 0, 1}, [3]int{6, 6, 6})
	if d := diffGames(want, g); d != "" {
		t.Errorf("forced shortage (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// TestCardsInfluenceShortageNobodyPaid: when the returned cards still
// cannot pay the production, nobody receives influence (§4.1,
// interpretation 2). With all 39 cards in play the pile always holds at
// least 15 cards after the return, more than a row can produce, so the
// state is built with cards removed from the game (it does not validate).
func TestCardsInfluenceShortageNobodyPaid(t *testing.T) {
	g := cardsHutsRowFour(t, 2)
	g.deckLen = 0
	g.discard = [3]uint8{}
	g.infl[0] = [3]uint8{2, 0, 0}
	g.infl[1] = [3]uint8{0, 1, 0}
	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship, want.phase = 4, PhaseBuild
	want.infl[0] = [3]uint8{1, 0, 0}  // returns 1 blue; Blue returns nothing
	want.deck[0], want.deckLen = 0, 1 // the pile, 1 blue, is the new deck
	mustApply(t, g, cardsRoll(4))
	if d := diffGames(want, g); d != "" {
		t.Errorf("shortage without payment (-want +got):\n%s", d)
	}
}

// TestCardsDrawFromEmptyDeck: drawing from an empty deck shuffles the
// discard pile into a new deck (§4.1). The pile is all blue, so the
// outcome is forced.
func TestCardsDrawFromEmptyDeck(t *testing.T) {
	g := cardsHutsRowFour(t, 2)
	removeAt(t, g, sqr(t, "d4"))
	moveDeckToDiscard(g)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 0, 13, 0)
	setInfluence(t, g, 1, 0, 0, 13)
	if g.discard != [3]uint8{13, 0, 0} {
		t.Fatalf("setup: discard %v", g.discard)
	}
	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship, want.phase = 4, PhaseBuild
	want.discard = [3]uint8{}
	for i := range 13 {
		want.deck[i] = 0
	}
	want.deckLen = 12
	want.infl[0][0]++
	mustApply(t, g, cardsRoll(4))
	want.rng = g.rng // the shuffle's draws; the order of 13 blue cards is moot
	if d := diffGames(want, g); d != "" {
		t.Errorf("draw from empty deck (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// TestCardsDrawNothingLeft: with deck and pile both empty nothing is drawn
// (§4.1); here a wall tile 1, whose reward is 1 influence (§7).
func TestCardsDrawNothingLeft(t *testing.T) {
	g := newTestGame(t, 2)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 13, 13, 0)
	setInfluence(t, g, 1, 0, 0, 13)
	if g.deckLen != 0 || g.discard != [3]uint8{} {
		t.Fatalf("setup: deck %d discard %v", g.deckLen, g.discard)
	}
	setShip(g, 5)
	setPhase(g, PhaseBuild, 0)
	site := NorthSite(3) // Nd, next to the north gate with 2 players
	want := g.Clone()
	want.gold[0] -= 2
	want.bank += 2
	want.wallBuilt[0] = 1
	want.wall[site] = 1<<4 | 1
	want.builds = 1
	mustReach(t, g, want, Move{Kind: BuildWall, Site: site})
}

// cardsBankTo leaves exactly n gold in the bank by giving the rest to
