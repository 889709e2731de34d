package elasund

// Scenario tests for rolling a 7: the pirates (RULES.md §4.2,
// interpretation 7).

import (
	"math/rand/v2"
	"testing"
)

// piratesRows returns Pirates moves to every row but skip.
func piratesRows(skip Row) []Move {
	var out []Move
	for _, r := range Rows() {
		if r != skip {
			out = append(out, Move{Kind: Pirates, Row: r})
		}
	}
	return out
}

// TestPiratesSeven: a 7 leaves the ship where it is and asks the roller
// for the pirates' row: any row but the ship's (all ten on the first
// roll); the pirates' row becomes the ship's row and no income is paid
// (§4.2).
func TestPiratesSeven(t *testing.T) {
	t.Run("first roll", func(t *testing.T) {
		g := newTestGame(t, 2)
		want := g.Clone()
		wantRoll(want, [2]uint8{3, 4})
		want.phase = PhasePirates
		mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
		if d := diffGames(want, g); d != "" {
			t.Fatalf("after a 7 (-want +got):\n%s", d)
		}
		mustValid(t, g)
		sameMoves(t, "pirates, first roll", g.Legal(), piratesRows(NoRow))
		// Row 4 holds both starting huts: still no income.
		want = g.Clone()
		want.ship = 4
		want.phase = PhaseBuild
		mustReach(t, g, want, Move{Kind: Pirates, Row: 4})
	})
	t.Run("ship on the board", func(t *testing.T) {
		g := newTestGame(t, 2)
		setShip(g, 9) // both starting totems
		want := g.Clone()
		wantRoll(want, [2]uint8{6, 1})
		want.phase = PhasePirates
		mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{6, 1}})
		if d := diffGames(want, g); d != "" {
			t.Fatalf("after a 7 (-want +got):\n%s", d)
		}
		sameMoves(t, "pirates, ship in 9", g.Legal(), piratesRows(9))
		m := Move{Kind: Pirates, Row: 9}
		mustRefuse(t, g, m, ReasonPiratesShipRow)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
		for _, r := range []Row{0, 1, 7, 13, 200} {
			mustRefuse(t, g, Move{Kind: Pirates, Row: r}, ReasonNotARow)
		}
		mustRefuse(t, g, Move{Kind: Steer, Row: 5}, ReasonWrongPhase)
		mustRefuse(t, g, Move{Kind: EndBuilding}, ReasonWrongPhase)
		mustRefuse(t, g, Move{Kind: Discard}, ReasonWrongPhase)
		// The totems in row 8 pay nothing either.
		want = g.Clone()
		want.ship = 8
		want.phase = PhaseBuild
		mustReach(t, g, want, Move{Kind: Pirates, Row: 8})
	})
}

// piratesCubePosition builds a 4-player position with cubes in known
// rows. Seat 0 (the roller in the tests) owns one tower, on the south wall.
//
//	seat 0: tavern e9 (cube in row 9), church tile 5 on c8 (row 8), south
//	        tower Sf (no row);
//	seat 1: well c5 (row 5), church tiles 1 on b6 (row 6) and 9 on d9
//	        (row 9), north tower Nf (no row);
//	seat 2: large building a2 (cubes in rows 2 and 3), a trade-track cube
//	        on milestone 3 (its harbor fields a2–a4, no row);
//	seat 3: large building h9 (cubes in rows 9 and 10), east towers E5
//	        (row 5) and E9 (row 9), plain tiles E3 E4 E6 E8.
func piratesCubePosition(t *testing.T) *Game {
	g := newTestGame(t, 4)
	clearCity(t, g)
	placeBuilding(t, g, 0, Tavern, sqr(t, "e9"))
	placeChurchTile(t, g, 0, 5)
	for _, c := range []int{7, 6, 5} {
		placeWall(t, g, 0, SouthSite(c))
	}
	placeBuilding(t, g, 1, Well, sqr(t, "c5"))
	placeChurchTile(t, g, 1, 1)
	placeChurchTile(t, g, 1, 9)
	for _, c := range []int{7, 6, 5} {
		placeWall(t, g, 1, NorthSite(c))
	}
	placeBuilding(t, g, 2, LargeBuilding, sqr(t, "a2"))
	if !g.HasMilestoneCube(2, 3) {
		t.Fatal("setup: seat 2 has no trade-track cube")
	}
	placeBuilding(t, g, 3, LargeBuilding, sqr(t, "h9"))
	for _, r := range []Row{3, 4, 5, 6, 8, 9} {
		placeWall(t, g, 3, EastSite(r))
	}
	mustValid(t, g)
	return g
}

// piratesCubes is, by hand, the cubes of piratesCubePosition per seat and
// row.
var piratesCubes = [4]map[Row]int{
	{8: 1, 9: 1},
	{5: 1, 6: 1, 9: 1},
	{2: 1, 3: 1},
	{5: 1, 9: 2, 10: 1},
}

// TestPiratesCubesInRow: a neutral building's first cube is in its top
// row, a large building's second cube in its second row; church tiles'
// cubes in their row; east towers in their row; north and south towers
// and trade-track cubes in no row (§3, §4.2).
func TestPiratesCubesInRow(t *testing.T) {
	g := piratesCubePosition(t)
	for p := 0; p < 4; p++ {
		for _, r := range Rows() {
			if got := g.CubesInRow(Player(p), r); got != piratesCubes[p][r] {
				t.Errorf("CubesInRow(%d, %v) = %d, want %d", p, r, got, piratesCubes[p][r])
			}
		}
	}
	for _, c := range []struct {
		p Player
		r Row
	}{{NoPlayer, 9}, {4, 9}, {0, 7}, {0, 0}, {3, 13}} {
		if got := g.CubesInRow(c.p, c.r); got != 0 {
			t.Errorf("CubesInRow(%d, %d) = %d, want 0", c.p, c.r, got)
		}
	}
}

// TestPiratesDiscardAmounts: every player, the roller too, discards one
// card per cube in the pirates' row (§4.2). All hands are gold only, so
// the discards are forced; the roller (seat 0, one tower) then takes one
// of the discarded cards, which are all gold, and the rest go to the bank.
func TestPiratesDiscardAmounts(t *testing.T) {
	for _, r := range Rows() {
		if r == 12 {
			continue // the ship's row
		}
		t.Run(r.String(), func(t *testing.T) {
			g := piratesCubePosition(t)
			cardsEmptyHands(t, g)
			setShip(g, 12)
			mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{2, 5}})
			want := g.Clone()
			want.ship, want.phase = r, PhaseBuild
			pool := 0
			for p := 0; p < 4; p++ {
				owe := piratesCubes[p][r] // every hand (3 gold) covers it
				want.gold[p] -= uint8(owe)
				pool += owe
			}
			if pool > 0 {
				want.gold[0]++ // one tower: one card, and every card is gold
				want.bank += uint8(pool - 1)
			}
			mustApply(t, g, Move{Kind: Pirates, Row: r})
			if pool > 0 {
				want.rng = g.rng // the reward's draw
			}
			if d := diffGames(want, g); d != "" {
				t.Errorf("pirates to %v (-want +got):\n%s", r, d)
			}
			mustValid(t, g)
		})
	}
}

// TestPiratesDiscardChoices: each discard is its owner's choice, the
// roller first and then clockwise; Legal lists exactly every gold and
// influence mix of the owed size; wrong sizes and cards not held are
// refused; forced discards (one kind of card, or the whole hand) are made
// without a decision; a player with fewer cards than cubes discards all;
// with no towers the roller keeps nothing and the cards go to the bank
// and the discard pile (§4.2, interpretation 7).
func TestPiratesDiscardChoices(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	placeBuilding(t, g, 2, Well, sqr(t, "b5"))
	placeBuilding(t, g, 3, Well, sqr(t, "c5"))
	placeBuilding(t, g, 0, Well, sqr(t, "d5"))
	placeBuilding(t, g, 1, Well, sqr(t, "e5"))
	placeBuilding(t, g, 0, Market, sqr(t, "f5"))
	placeBuilding(t, g, 1, Market, sqr(t, "h5"))
	for _, r := range []Row{3, 4, 5} {
		placeWall(t, g, 1, EastSite(r)) // tower on E5
	}
	cardsEmptyHands(t, g)
	setGold(t, g, 2, 2)
	setInfluence(t, g, 2, 1, 0, 0)
	setGold(t, g, 3, 0)
	setInfluence(t, g, 3, 0, 2, 0)
	setGold(t, g, 0, 3)
	setInfluence(t, g, 0, 1, 0, 1)
	setGold(t, g, 1, 1)
	setInfluence(t, g, 1, 1, 0, 0)
	setShip(g, 10)
	setPhase(g, PhaseRoll, 2)
	mustValid(t, g)

	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
	want := g.Clone()
	want.ship = 5
	want.phase, want.toMove = PhaseDiscard, 2
	want.pending = [MaxPlayers]uint8{2, 2, 1, 1} // cubes 2, 3 (1+1 cards), 1, 1
	mustApply(t, g, Move{Kind: Pirates, Row: 5})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after the pirates' row (-want +got):\n%s", d)
	}
	mustValid(t, g)
	if g.ToMove() != 2 || g.Pending(2) != 1 || g.Pending(1) != 2 {
		t.Errorf("ToMove %v, pending %d %d", g.ToMove(), g.Pending(2), g.Pending(1))
	}

	sameMoves(t, "roller's discard", g.Legal(),
		[]Move{{Kind: Discard, Cards: Cards{Gold: 1}}, {Kind: Discard, Cards: Cards{Blue: 1}}})
	for _, c := range []struct {
		cards Cards
		why   Reason
	}{
		{Cards{Gold: 2}, ReasonCardsOwed},
		{Cards{}, ReasonCardsOwed},
		{Cards{Gold: 1, Blue: 1}, ReasonCardsOwed},
		{Cards{Yellow: 1}, ReasonCardsNotHeld},
		{Cards{Green: 1}, ReasonCardsNotHeld},
		{Cards{Blue: 2}, ReasonCardsOwed},
	} {
		m := Move{Kind: Discard, Cards: c.cards}
		mustRefuse(t, g, m, c.why)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
	}
	mustRefuse(t, g, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 1}}, ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: Pirates, Row: 4}, ReasonWrongPhase)

	// Seat 2 discards blue; seat 3's green is forced; seat 0 decides.
	want = g.Clone()
	want.infl[2] = [3]uint8{}
	want.infl[3] = [3]uint8{0, 1, 0}
	want.poolInfl = [3]uint8{1, 1, 0}
	want.pending = [MaxPlayers]uint8{2, 2, 0, 0}
	want.toMove = 0
	mustApply(t, g, Move{Kind: Discard, Cards: Cards{Blue: 1}})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after the roller's discard (-want +got):\n%s", d)
	}
	mustValid(t, g)

	sameMoves(t, "seat 0's discard", g.Legal(), []Move{
		{Kind: Discard, Cards: Cards{Gold: 2}},
		{Kind: Discard, Cards: Cards{Gold: 1, Blue: 1}},
		{Kind: Discard, Cards: Cards{Gold: 1, Yellow: 1}},
		{Kind: Discard, Cards: Cards{Blue: 1, Yellow: 1}},
	})
	mustRefuse(t, g, Move{Kind: Discard, Cards: Cards{Gold: 3}}, ReasonCardsOwed)
	mustRefuse(t, g, Move{Kind: Discard, Cards: Cards{Blue: 2}}, ReasonCardsNotHeld)

	// Seat 1 then gives up its whole hand; seat 2 has no tower, so the
	// cards go to the bank (2 gold) and the discard pile.
	want = g.Clone()
	want.gold[0], want.infl[0] = 2, [3]uint8{1, 0, 0}
	want.gold[1], want.infl[1] = 0, [3]uint8{}
	want.bank += 2
	want.discard[0] += 2
	want.discard[1]++
	want.discard[2]++
	want.poolInfl = [3]uint8{}
	want.pending = [MaxPlayers]uint8{}
	want.phase, want.toMove = PhaseBuild, 2
	mustReach(t, g, want, Move{Kind: Discard, Cards: Cards{Gold: 1, Yellow: 1}})
}

// piratesRewardGame returns 2 players, the city cleared and hands empty,
// seat 0 to roll with towers wall towers (0 to 2; the second is on E10,
// away from row 5), and the ship in row 12.
func piratesRewardGame(t *testing.T, towers int) *Game {
	g := newTestGame(t, 2)
	clearCity(t, g)
	cardsEmptyHands(t, g)
	sites := []WallSite{NorthSite(3), NorthSite(2), SouthSite(3), SouthSite(2), EastSite(11), EastSite(10)}
	for _, w := range sites[:3*towers] {
		placeWall(t, g, 0, w)
	}
	setGold(t, g, 0, 0)
	setGold(t, g, 1, 0)
	setShip(g, 12)
	return g
}

// TestPiratesReward: the roller takes at random one discarded card per
// wall tower they own, at most as many as were discarded; the rest go to
// the bank (gold) and the discard pile (influence) (§4.2). The cases make
// the outcome forced.
func TestPiratesReward(t *testing.T) {
	cases := []struct {
		name    string
		towers  int
		wells   [2]int   // cubes of each seat in row 5 (wells c5, d5 / e5)
		hands   [2]Cards // the hands before the pirates (all of it discarded here)
		discard [2]Cards // each seat's (forced) discard
		reward  Cards    // what the roller takes
		random  bool     // the reward draws from the random source
	}{
		{name: "only gold discarded, one tower", towers: 1, wells: [2]int{0, 1},
			hands: [2]Cards{{}, {Gold: 3}}, discard: [2]Cards{{}, {Gold: 1}},
			reward: Cards{Gold: 1}, random: true},
		{name: "more towers than cards", towers: 2, wells: [2]int{0, 1},
			hands: [2]Cards{{}, {Blue: 2}}, discard: [2]Cards{{}, {Blue: 1}},
			reward: Cards{Blue: 1}, random: true},
		{name: "as many towers as cards, mixed", towers: 2, wells: [2]int{0, 2},
			hands: [2]Cards{{}, {Gold: 1, Green: 1}}, discard: [2]Cards{{}, {Gold: 1, Green: 1}},
			reward: Cards{Gold: 1, Green: 1}, random: true},
		{name: "no towers", towers: 0, wells: [2]int{1, 2},
			hands: [2]Cards{{Gold: 2}, {Gold: 1, Yellow: 1}}, discard: [2]Cards{{Gold: 1}, {Gold: 1, Yellow: 1}}},
		{name: "the roller's own card comes back", towers: 1, wells: [2]int{1, 0},
			hands: [2]Cards{{Gold: 3}, {Blue: 1}}, discard: [2]Cards{{Gold: 1}, {}},
			reward: Cards{Gold: 1}, random: true},
		{name: "nothing discarded, towers", towers: 2, wells: [2]int{0, 0},
			hands: [2]Cards{{Gold: 3}, {Blue: 1}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := piratesRewardGame(t, tc.towers)
			squares := []string{"c5", "d5", "e5"}
			k := 0
			for p, n := range tc.wells {
				for ; n > 0; n-- {
					placeBuilding(t, g, p, Well, sqr(t, squares[k]))
					k++
				}
			}
			for p, h := range tc.hands {
				setGold(t, g, p, int(h.Gold))
				setInfluence(t, g, p, int(h.Blue), int(h.Green), int(h.Yellow))
			}
			mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
			want := g.Clone()
			want.ship, want.phase = 5, PhaseBuild
			var pool Cards
			for p, c := range tc.discard {
				want.gold[p] -= c.Gold
				want.infl[p][0] -= c.Blue
				want.infl[p][1] -= c.Green
				want.infl[p][2] -= c.Yellow
				pool.Gold += c.Gold
				pool.Blue += c.Blue
				pool.Green += c.Green
				pool.Yellow += c.Yellow
			}
			want.gold[0] += tc.reward.Gold
			want.infl[0][0] += tc.reward.Blue
			want.infl[0][1] += tc.reward.Green
			want.infl[0][2] += tc.reward.Yellow
			want.bank += pool.Gold - tc.reward.Gold
			want.discard[0] += pool.Blue - tc.reward.Blue
			want.discard[1] += pool.Green - tc.reward.Green
			want.discard[2] += pool.Yellow - tc.reward.Yellow
			mustApply(t, g, Move{Kind: Pirates, Row: 5})
			if tc.random {
				want.rng = g.rng
			}
			if d := diffGames(want, g); d != "" {
				t.Errorf("pirates reward (-want +got):\n%s", d)
			}
			mustValid(t, g)
		})
	}
}

// TestPiratesRewardRandom: with one tower and two different cards
// discarded, the roller takes one of them at random and the other goes
// back (§4.2, interpretation 7); over many random sources both happen.
func TestPiratesRewardRandom(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		g := piratesRewardGame(t, 1)
		placeBuilding(t, g, 1, Well, sqr(t, "c5"))
		placeBuilding(t, g, 1, Well, sqr(t, "d5"))
		setGold(t, g, 1, 1)
		setInfluence(t, g, 1, 1, 0, 0)
		g.rng = *rand.NewPCG(seed, 99)
		mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
		want := g.Clone()
		want.ship, want.phase = 5, PhaseBuild
		want.gold[1], want.infl[1] = 0, [3]uint8{}
		mustApply(t, g, Move{Kind: Pirates, Row: 5})
		want.rng = g.rng
		switch {
		case g.gold[0] == 1:
			seen["gold"] = true
			want.gold[0] = 1
			want.discard[0]++
		case g.infl[0][0] == 1:
			seen["blue"] = true
			want.infl[0][0] = 1
			want.bank++
		}
		if d := diffGames(want, g); d != "" {
			t.Fatalf("source %d: pirates reward (-want +got):\n%s", seed, d)
		}
		mustValid(t, g)
	}
	if !seen["gold"] || !seen["blue"] {
		t.Errorf("over 40 sources the roller took only %v", seen)
	}
}

// TestPiratesPhaseThreeRow: after the pirates the turn goes on in phase 2,
// and phase 3 places permits in the pirates' row (§4.2).
func TestPiratesPhaseThreeRow(t *testing.T) {
	g := newTestGame(t, 2)
	clearCity(t, g)
	cardsEmptyHands(t, g) // no influence: no any-row placement
	setShip(g, 5)
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{1, 6}}, Move{Kind: Pirates, Row: 9})
	if g.Phase() != PhaseBuild || g.Ship() != 9 || g.ToMove() != 0 {
		t.Fatalf("after the pirates: phase %v ship %v to move %v", g.Phase(), g.Ship(), g.ToMove())
	}
	mustApply(t, g, Move{Kind: EndBuilding})
	wantMoves := []Move{{Kind: TakeGold}}
	for v := uint8(0); v <= 3; v++ { // 3 gold: permits 0 to 3
		for _, s := range []string{"a9", "b9", "c9", "d9", "e9"} {
			wantMoves = append(wantMoves, Move{Kind: PlacePermit, Permit: v, Square: sqr(t, s)})
		}
	}
	sameMoves(t, "phase 3 after the pirates", g.Legal(), wantMoves)
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "b5")}, ReasonPermitRow)

	want := g.Clone()
	want.permitSq[0][2] = sqr(t, "c9")
	want.setCell(sqr(t, "c9"), permitCell(0, 2))
	want.gold[0] -= 2
	want.bank += 2
	want.phase = PhaseBonus
	mustReach(t, g, want, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "c9")})
}
