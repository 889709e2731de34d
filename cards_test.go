package elasund

// Scenario tests for the roll, the ship, income, shortages and card drawing
// (RULES.md §4.1, interpretation 2), and taking gold (§4 phase 3, §10).

import (
	"testing"
)

// cardsDice returns forced dice whose sum is s (2–12).
func cardsDice(s int) [2]uint8 {
	if s <= 7 {
		return [2]uint8{1, uint8(s - 1)}
	}
	return [2]uint8{uint8(s - 6), 6}
}

// cardsRoll is a Roll move with forced dice summing to s.
func cardsRoll(s int) Move { return Move{Kind: Roll, Dice: cardsDice(s)} }

// cardsDeckTop orders the deck so that top are its topmost cards (top[0]
// first); the other cards follow in colour order.
func cardsDeckTop(t testing.TB, g *Game, top ...InfluenceColor) {
	t.Helper()
	var cnt [3]int
	for _, c := range g.deck[:g.deckLen] {
		cnt[c]++
	}
	order := append([]InfluenceColor(nil), top...)
	for _, c := range top {
		cnt[c-1]--
		if cnt[c-1] < 0 {
			t.Fatalf("cardsDeckTop: not enough %v cards in the deck", c)
		}
	}
	for c, k := range cnt {
		for ; k > 0; k-- {
			order = append(order, InfluenceColor(c+1))
		}
	}
	setDeck(t, g, order...)
}

// cardsEmptyHands puts every player's influence cards on the discard pile.
func cardsEmptyHands(t testing.TB, g *Game) {
	t.Helper()
	for p := 0; p < int(g.n); p++ {
		setInfluence(t, g, p, 0, 0, 0)
	}
}

// cardsDeckCount counts the deck's cards by colour.
func cardsDeckCount(g *Game) [3]int {
	var n [3]int
	for _, c := range g.deck[:g.deckLen] {
		n[c]++
	}
	return n
}

// cardsAcceptShuffle checks the random part of a reshuffle followed by
// draws: every player p holds exactly base[p] plus draws[p] more cards, and
// the cards drawn together with the deck are exactly pile (the cards that
// were shuffled). It then copies the deck, hands and random source from got
// into want, so that the rest of the state can be compared exactly.
func cardsAcceptShuffle(t testing.TB, want, got *Game, base [MaxPlayers][3]uint8, draws [MaxPlayers]int, pile [3]int) {
	t.Helper()
	seen := cardsDeckCount(got)
	total := 0
	for p := 0; p < int(got.n); p++ {
		n := 0
		for c := range 3 {
			d := int(got.infl[p][c]) - int(base[p][c])
			if d < 0 {
				t.Fatalf("player %d holds %v, fewer than %v", p, got.infl[p], base[p])
			}
			n += d
			seen[c] += d
		}
		if n != draws[p] {
			t.Errorf("player %d drew %d cards, want %d", p, n, draws[p])
		}
		total += n
	}
	if seen != pile {
		t.Errorf("deck plus drawn cards %v, want the shuffled pile %v", seen, pile)
	}
	if sum := pile[0] + pile[1] + pile[2]; int(got.deckLen) != sum-total {
		t.Errorf("deck holds %d cards, want %d", got.deckLen, sum-total)
	}
	want.deck, want.deckLen, want.infl, want.rng = got.deck, got.deckLen, got.infl, got.rng
}

// TestCardsRollMovesShip: with sum s ≠ 7 the ship goes to row s; on the
// first roll (ship off the board) any sum places it, without the repeat
// rule (§4.1).
func TestCardsRollMovesShip(t *testing.T) {
	cases := []struct {
		name string
		from Row
		dice [2]uint8
		want Row
	}{
		{"first roll 2", NoRow, [2]uint8{1, 1}, 2},
		{"first roll 3", NoRow, [2]uint8{2, 1}, 3},
		{"first roll 6 (no repeat rule)", NoRow, [2]uint8{3, 3}, 6},
		{"first roll 8", NoRow, [2]uint8{4, 4}, 8},
		{"first roll 11", NoRow, [2]uint8{6, 5}, 11},
		{"first roll 12", NoRow, [2]uint8{6, 6}, 12},
		{"5 to 9", 5, [2]uint8{4, 5}, 9},
		{"9 to 2", 9, [2]uint8{1, 1}, 2},
		{"12 to 10", 12, [2]uint8{5, 5}, 10},
		{"2 to 3", 2, [2]uint8{1, 2}, 3},
		{"6 to 5", 6, [2]uint8{1, 4}, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			clearCity(t, g) // no income anywhere
			setShip(g, tc.from)
			want := g.Clone()
			wantRoll(want, tc.dice)
			want.ship = tc.want
			want.phase = PhaseBuild
			mustReach(t, g, want, Move{Kind: Roll, Dice: tc.dice})
		})
	}
}

// TestCardsRepeatForced: a repeated number moves the ship exactly two row
// positions; from 2, 3, 11 and 12 only one direction exists, so it moves
// without a decision (§4.1).
func TestCardsRepeatForced(t *testing.T) {
	cases := []struct {
		from Row
		dice [2]uint8
		want Row
	}{
		{2, [2]uint8{1, 1}, 4},
		{3, [2]uint8{1, 2}, 5},
		{11, [2]uint8{5, 6}, 9},
		{12, [2]uint8{6, 6}, 10},
	}
	for _, tc := range cases {
		t.Run(tc.from.String(), func(t *testing.T) {
			g := newTestGame(t, 2)
			clearCity(t, g)
			setShip(g, tc.from)
			want := g.Clone()
			wantRoll(want, tc.dice)
			want.ship = tc.want
			want.phase = PhaseBuild
			mustReach(t, g, want, Move{Kind: Roll, Dice: tc.dice})
		})
	}
}

// TestCardsRepeatSteer: from a row with rows two positions away on both
// sides the roller chooses (PhaseSteer): Legal lists exactly the two Steer
// moves, every other row is refused, and each choice moves the ship there
// (§4.1; rows are positions, so 6 ↔ 4/9 and 8 ↔ 5/10).
func TestCardsRepeatSteer(t *testing.T) {
	cases := []struct {
		from Row
		dice [2]uint8
		opts [2]Row
	}{
		{4, [2]uint8{2, 2}, [2]Row{2, 6}},
		{5, [2]uint8{2, 3}, [2]Row{3, 8}},
		{6, [2]uint8{3, 3}, [2]Row{4, 9}},
		{8, [2]uint8{4, 4}, [2]Row{5, 10}},
		{9, [2]uint8{4, 5}, [2]Row{6, 11}},
		{10, [2]uint8{5, 5}, [2]Row{8, 12}},
	}
	for _, tc := range cases {
		t.Run(tc.from.String(), func(t *testing.T) {
			g := newTestGame(t, 2)
			clearCity(t, g)
			setShip(g, tc.from)
			want := g.Clone()
			wantRoll(want, tc.dice)
			want.phase = PhaseSteer
			mustApply(t, g, Move{Kind: Roll, Dice: tc.dice})
			if d := diffGames(want, g); d != "" {
				t.Fatalf("after the repeat roll (-want +got):\n%s", d)
			}
			mustValid(t, g)
			sameMoves(t, "steer", g.Legal(), []Move{{Kind: Steer, Row: tc.opts[0]}, {Kind: Steer, Row: tc.opts[1]}})
			for _, r := range Rows() {
				if r == tc.opts[0] || r == tc.opts[1] {
					continue
				}
				m := Move{Kind: Steer, Row: r}
				mustRefuse(t, g, m, ReasonSteerTwoRows)
				if hasMove(g, m) {
					t.Errorf("Legal lists %v", m)
				}
			}
			for _, r := range []Row{0, 7, 13} {
				mustRefuse(t, g, Move{Kind: Steer, Row: r}, ReasonNotARow)
			}
			mustRefuse(t, g, Move{Kind: Roll}, ReasonWrongPhase)
			mustRefuse(t, g, Move{Kind: Pirates, Row: tc.opts[0]}, ReasonWrongPhase)
			for _, r := range tc.opts {
				h := g.Clone()
				w := h.Clone()
				w.ship = r
				w.phase = PhaseBuild
				mustApply(t, h, Move{Kind: Steer, Row: r})
				if d := diffGames(w, h); d != "" {
					t.Errorf("steer to %v (-want +got):\n%s", r, d)
				}
				mustValid(t, h)
			}
		})
	}
}

// TestCardsSteerPaysIncome: after steering, the new row's buildings
// produce (§4.1). Starting position: huts c4 (Blue, seat 1) and d4 (Red,
// seat 0); totems b8+b9 (Blue) and e8+e9 (Red).
func TestCardsSteerPaysIncome(t *testing.T) {
	g := newTestGame(t, 2)
	setShip(g, 6)
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 3}})
	cardsDeckTop(t, g, InfluenceYellow, InfluenceGreen)

	h := g.Clone()
	want := g.Clone()
	want.ship = 4
	want.phase = PhaseBuild
	want.infl[0][2]++ // Red, the active player, draws first: yellow
	want.infl[1][1]++ // then Blue: green
	want.deckLen -= 2
	mustReach(t, g, want, Move{Kind: Steer, Row: 4})

	want = h.Clone()
	want.ship = 9
	want.phase = PhaseBuild
	want.gold[0]++
	want.gold[1]++
	want.bank -= 2
	mustReach(t, h, want, Move{Kind: Steer, Row: 9})
}

// TestCardsDice: forced dice must both be 1–6, or both 0 for a random
// roll; a random roll is reproducible from the seed (§4.1, Config.Seed).
func TestCardsDice(t *testing.T) {
	g := newTestGame(t, 3)
	sameMoves(t, "roll phase", g.Legal(), []Move{{Kind: Roll}})
	for _, d := range [][2]uint8{{0, 3}, {3, 0}, {7, 1}, {1, 7}, {0, 7}, {6, 9}, {255, 255}} {
		m := Move{Kind: Roll, Dice: d}
		mustRefuse(t, g, m, ReasonForcedDice)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
	}
	mustRefuse(t, g, Move{Kind: Roll, Row: 5}, ReasonUnusedField)
	mustRefuse(t, g, Move{Kind: Steer, Row: 4}, ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: Pirates, Row: 4}, ReasonWrongPhase)

	outcomes := map[[2]int]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		a, err := New(Config{Players: 3, Seed: seed, FirstColor: Red})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(Config{Players: 3, Seed: seed, FirstColor: Red})
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, a, Move{Kind: Roll})
		mustApply(t, b, Move{Kind: Roll})
		if d := diffGames(a, b); d != "" {
			t.Fatalf("seed %d: two games of one seed roll differently:\n%s", seed, d)
		}
		d0, d1 := a.Dice()
		outcomes[[2]int{d0, d1}] = true
		if d0 < 1 || d0 > 6 || d1 < 1 || d1 > 6 {
			t.Fatalf("seed %d: rolled %d %d", seed, d0, d1)
		}
		if d0+d1 == 7 {
			if a.Phase() != PhasePirates || a.Ship() != NoRow {
				t.Errorf("seed %d: a 7 gives phase %v ship %v", seed, a.Phase(), a.Ship())
			}
		} else if a.Ship() != Row(d0+d1) {
			t.Errorf("seed %d: rolled %d+%d, ship in %v", seed, d0, d1, a.Ship())
		}
		mustValid(t, a)
	}
	if len(outcomes) < 2 {
		t.Errorf("20 seeds rolled only %v", outcomes)
	}

	mg := newTestGame(t, 2)
	setPhase(mg, PhaseBuild, 0)
	mustRefuse(t, mg, Move{Kind: Roll, Dice: [2]uint8{2, 3}}, ReasonWrongPhase)
}

// cardsPiece places a building for a test position.
type cardsPiece struct {
	seat int
	b    Building
	at   string
}

// TestCardsIncome: every building at least partly in the ship's row
// produces once for its owner: hut, house, tavern 1 influence; totem,
// workshop, shop 1 gold; well, market, large building nothing; a neutral
// building pays its cube owner; influence is drawn from the top of the
// deck, the active player first, then clockwise (§3, §4.1).
func TestCardsIncome(t *testing.T) {
	B, G, Y := InfluenceBlue, InfluenceGreen, InfluenceYellow
	cases := []struct {
		name   string
		active int
		pieces []cardsPiece
		row    int
		top    []InfluenceColor // the deck's top cards, in draw order
		gold   [4]uint8         // gold each player receives
		infl   [4][3]uint8      // influence each player receives
	}{
		{name: "hut", pieces: []cardsPiece{{1, Hut, "c4"}}, row: 4,
			top: []InfluenceColor{G}, infl: [4][3]uint8{1: {0, 1, 0}}},
		{name: "house", pieces: []cardsPiece{{2, House, "b5"}}, row: 5,
			top: []InfluenceColor{Y}, infl: [4][3]uint8{2: {0, 0, 1}}},
		{name: "tavern pays its cube owner, second row", pieces: []cardsPiece{{3, Tavern, "c5"}}, row: 6,
			top: []InfluenceColor{B}, infl: [4][3]uint8{3: {1, 0, 0}}},
		{name: "tavern top row", pieces: []cardsPiece{{0, Tavern, "c5"}}, row: 5,
			top: []InfluenceColor{B}, infl: [4][3]uint8{0: {1, 0, 0}}},
		{name: "totem top row", pieces: []cardsPiece{{0, Totem, "e8"}}, row: 8, gold: [4]uint8{1, 0, 0, 0}},
		{name: "totem second row", pieces: []cardsPiece{{0, Totem, "e8"}}, row: 9, gold: [4]uint8{1, 0, 0, 0}},
		{name: "workshop", pieces: []cardsPiece{{1, Workshop, "f10"}}, row: 11, gold: [4]uint8{0, 1, 0, 0}},
		{name: "shop pays its cube owner", pieces: []cardsPiece{{2, Shop, "a2"}}, row: 3, gold: [4]uint8{0, 0, 1, 0}},
		{name: "well market large pay nothing",
			pieces: []cardsPiece{{0, Well, "c5"}, {1, Market, "d5"}, {2, LargeBuilding, "f4"}, {3, LargeBuilding, "a3"}}, row: 5},
		{name: "buildings outside the row pay nothing",
			pieces: []cardsPiece{{0, Hut, "c4"}, {0, Totem, "c2"}, {1, Tavern, "e6"}, {2, Shop, "a8"}}, row: 5},
		{name: "one player's buildings pay once each",
			pieces: []cardsPiece{{0, Shop, "a5"}, {0, Totem, "c5"}, {0, Tavern, "d5"}, {0, Hut, "f5"}, {0, House, "g5"}, {0, Workshop, "i4"}},
			row:    5, top: []InfluenceColor{Y, B, Y}, gold: [4]uint8{3, 0, 0, 0}, infl: [4][3]uint8{0: {1, 0, 2}}},
		{name: "draw order active first then clockwise", active: 2,
			pieces: []cardsPiece{{0, Hut, "a4"}, {1, Hut, "b4"}, {2, House, "c4"}, {2, Tavern, "e3"},
				{3, Hut, "g4"}, {3, Totem, "h4"}, {1, Workshop, "i3"}},
			row: 4, top: []InfluenceColor{B, B, G, Y, G}, gold: [4]uint8{0, 1, 0, 1},
			infl: [4][3]uint8{2: {2, 0, 0}, 3: {0, 1, 0}, 0: {0, 0, 1}, 1: {0, 1, 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 4)
			clearCity(t, g)
			for _, pc := range tc.pieces {
				placeBuilding(t, g, pc.seat, pc.b, sqr(t, pc.at))
			}
			setPhase(g, PhaseRoll, tc.active)
			cardsDeckTop(t, g, tc.top...)
			want := g.Clone()
			wantRoll(want, cardsDice(tc.row))
			want.ship = Row(tc.row)
			want.phase = PhaseBuild
			for p := range 4 {
				want.gold[p] += tc.gold[p]
				want.bank -= tc.gold[p]
				for c := range 3 {
					want.infl[p][c] += tc.infl[p][c]
				}
			}
			want.deckLen -= uint8(len(tc.top))
			mustReach(t, g, want, cardsRoll(tc.row))
		})
	}
}

// seat 1.
func cardsBankTo(t *testing.T, g *Game, n int) {
	setGold(t, g, 1, int(g.gold[1])+int(g.bank)-n)
}

// TestCardsTakeGold: phase 3's "take 2 gold" takes 2 gold, or what the
// bank has if it has fewer, and goes on to phase 4 (§4, §10).
func TestCardsTakeGold(t *testing.T) {
	for _, tc := range []struct{ bank, got int }{{20, 2}, {2, 2}, {1, 1}, {0, 0}} {
		g := newTestGame(t, 2)
		setShip(g, 5)
		cardsBankTo(t, g, tc.bank)
		setPhase(g, PhasePermit, 0)
		if !hasMove(g, Move{Kind: TakeGold}) {
			t.Errorf("bank %d: TakeGold not legal", tc.bank)
		}
		want := g.Clone()
		want.gold[0] += uint8(tc.got)
		want.bank -= uint8(tc.got)
		want.phase = PhaseBonus
		mustReach(t, g, want, Move{Kind: TakeGold})
		mustRefuse(t, g, Move{Kind: TakeGold}, ReasonWrongPhase)
	}
}

// TestCardsBonusGold: the bonus action "take 2 gold" costs 3 influence of
// three different colours (to the discard pile) and takes 2 gold, or what
// the bank has; then the turn passes (§10). Without three colours it is
// refused with ErrCannotPay.
func TestCardsBonusGold(t *testing.T) {
	for _, tc := range []struct{ bank, got int }{{20, 2}, {2, 2}, {1, 1}, {0, 0}} {
		g := newTestGame(t, 3)
		setShip(g, 5)
		cardsBankTo(t, g, tc.bank)
		setInfluence(t, g, 0, 2, 1, 1)
		setPhase(g, PhaseBonus, 0)
		m := Move{Kind: BonusGold}
		if !hasMove(g, m) {
			t.Errorf("bank %d: BonusGold not legal", tc.bank)
		}
		want := g.Clone()
		want.infl[0] = [3]uint8{1, 0, 0}
		want.discard[0]++
		want.discard[1]++
		want.discard[2]++
		want.gold[0] += uint8(tc.got)
		want.bank -= uint8(tc.got)
		want.turn = 1
		want.phase, want.active, want.toMove = PhaseRoll, 1, 1
		mustReach(t, g, want, m)
	}
	for _, h := range [][3]int{{2, 2, 0}, {0, 3, 3}, {5, 0, 5}, {0, 0, 0}, {1, 1, 0}} {
		g := newTestGame(t, 3)
		setShip(g, 5)
		setInfluence(t, g, 0, h[0], h[1], h[2])
		setPhase(g, PhaseBonus, 0)
		m := Move{Kind: BonusGold}
		mustRefuse(t, g, m, ReasonCannotPayThreeColors)
		if hasMove(g, m) {
			t.Errorf("hand %v: Legal lists BonusGold", h)
		}
	}
	g := newTestGame(t, 2)
	setShip(g, 5)
	setInfluence(t, g, 0, 1, 1, 1)
	setPhase(g, PhasePermit, 0)
	mustRefuse(t, g, Move{Kind: BonusGold}, ReasonWrongPhase)
}

// TestCardsDeckRunsOutDuringIncome: when the deck runs out in the middle
// of paying income, the discard pile becomes the new deck for the
// remaining draws (§4.1): Red draws the last card (yellow), then the pile
// (13 blue) is shuffled and Blue draws from it.
func TestCardsDeckRunsOutDuringIncome(t *testing.T) {
	g := cardsHutsRowFour(t, 2)
	moveDeckToDiscard(g)
	cardsEmptyHands(t, g)
	setInfluence(t, g, 0, 0, 13, 12)
	if g.discard != [3]uint8{13, 0, 1} {
		t.Fatalf("setup: discard %v", g.discard)
	}
	g.discard[2]--
	g.deck[0], g.deckLen = 2, 1 // the deck: one yellow card
	mustValid(t, g)
	want := g.Clone()
	wantRoll(want, cardsDice(4))
	want.ship, want.phase = 4, PhaseBuild
	want.infl[0][2]++ // the old deck's last card
	want.infl[1][0]++ // from the new deck of 13 blue
	want.discard = [3]uint8{}
	for i := range 13 {
		want.deck[i] = 0
	}
	want.deckLen = 12
	mustApply(t, g, cardsRoll(4))
	want.rng = g.rng
	if d := diffGames(want, g); d != "" {
		t.Errorf("deck runs out during income (-want +got):\n%s", d)
	}
	mustValid(t, g)
}
