package elasund

import (
	"fmt"
	"math"
	"testing"
)

// Tests of ChanceOutcomes and Cost.

// TestChanceOutcomes: in PhaseRoll, eleven forced rolls, sums 2 to 12 with
// probabilities 1/36 … 6/36 … 1/36 that sum to 1, each legal; in every
// other phase none.
func TestChanceOutcomes(t *testing.T) {
	want := [13]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
	seen := [PhaseOver + 1]bool{}
	for _, g := range playedPositions(t, 3, 8) {
		seen[g.Phase()] = true
		got := g.AppendChanceOutcomes(nil)
		if g.Phase() != PhaseRoll {
			if len(got) != 0 {
				t.Fatalf("%v: %d chance outcomes; want none", g.Phase(), len(got))
			}
			continue
		}
		if len(got) != 11 {
			t.Fatalf("%d chance outcomes of a roll; want 11", len(got))
		}
		total := 0.0
		for i, o := range got {
			s := int(o.Move.Dice[0]) + int(o.Move.Dice[1])
			if s != i+2 || o.Move.Kind != Roll || o.Probability != float64(want[s])/36 || g.Check(o.Move) != nil {
				t.Fatalf("outcome %d: %v with probability %v; want sum %d with %d/36", i, o.Move, o.Probability, i+2, want[i+2])
			}
			total += o.Probability
		}
		if math.Abs(total-1) > 1e-12 {
			t.Fatalf("probabilities sum to %v", total)
		}
	}
	if !seen[PhaseRoll] || !seen[PhaseBuild] || !seen[PhaseBonus] {
		t.Fatal("the game did not pass through the phases checked")
	}
	var over Game
	if got := over.AppendChanceOutcomes(nil); len(got) != 0 {
		t.Errorf("the zero Game has %d chance outcomes", len(got))
	}
	g := newTestGame(t, 2)
	buf := make([]ChanceOutcome, 0, 11)
	if allocs := testing.AllocsPerRun(100, func() { buf = g.AppendChanceOutcomes(buf[:0]) }); allocs != 0 {
		t.Errorf("ChanceOutcomes allocates %.1f times per call; want 0", allocs)
	}
}

// TestRollsOfTheSameSumGiveTheSamePosition is why ChanceOutcomes lists
// sums: at roll positions of random games (the ship in every row), every
// forced roll, and the plain roll, leads to the position of the chance
// outcome of its sum, random source included; only the dice differ.
func TestRollsOfTheSameSumGiveTheSamePosition(t *testing.T) {
	rows := map[Row]bool{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, pos := range playedPositions(t, n, uint64(n)) {
			if pos.Phase() != PhaseRoll {
				continue
			}
			rows[pos.Ship()] = true
			outcomes := pos.AppendChanceOutcomes(nil)
			after := func(m Move) Game {
				g := pos
				mustApply(t, &g, m)
				return g
			}
			var rep [13]Game
			for _, o := range outcomes {
				rep[o.Move.Dice[0]+o.Move.Dice[1]] = after(o.Move)
			}
			check := func(m Move) {
				g := after(m)
				want := rep[g.dice[0]+g.dice[1]]
				if g.Key() != want.Key() {
					t.Fatalf("%v: keys differ from the outcome of its sum", m)
				}
				g.dice = want.dice
				if g != want {
					t.Fatalf("%v from %v: not the position of the outcome of its sum (-outcome +roll):\n%s", m, pos.Ship(), diffGames(&want, &g))
				}
			}
			check(Move{Kind: Roll})
			for a := uint8(1); a <= 6; a++ {
				for b := uint8(1); b <= 6; b++ {
					check(Move{Kind: Roll, Dice: [2]uint8{a, b}})
				}
			}
		}
	}
	if len(rows) != NumRows+1 {
		t.Errorf("roll positions with the ship in %d rows (and off the board); want all", len(rows)-1)
	}
}

// TestPlainRollsFollowTheOutcomes: over many seeds, the sums of the game's
// own dice follow ChanceOutcomes' probabilities (chi-square, 10 degrees of
// freedom, bound at p = 0.001; the seeds are fixed, so the test is
// deterministic).
func TestPlainRollsFollowTheOutcomes(t *testing.T) {
	const games = 3600
	var count [13]int
	var probs []ChanceOutcome
	for seed := uint64(0); seed < games; seed++ {
		g, err := New(Config{Players: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		probs = g.AppendChanceOutcomes(probs[:0])
		mustApply(t, g, Move{Kind: Roll})
		a, b := g.Dice()
		count[a+b]++
	}
	chi := 0.0
	for _, o := range probs {
		s := o.Move.Dice[0] + o.Move.Dice[1]
		e := o.Probability * games
		chi += (float64(count[s]) - e) * (float64(count[s]) - e) / e
	}
	if chi > 29.59 {
		t.Errorf("roll sums %v: chi-square %.1f > 29.59", count[2:], chi)
	}
}

// TestCost prices one legal move of each paying kind in a built position
// by the rules (§5, §6.3, §6.5, §7, §8, §10, §4.2), and checks that Apply
// takes exactly that from the player's hand.
func TestCost(t *testing.T) {
	type setup func(t *testing.T, g *Game)
	build := func(t *testing.T, g *Game) { setPhase(g, PhaseBuild, 0); setShip(g, 5) }
	bonus := func(t *testing.T, g *Game) { setPhase(g, PhaseBonus, 0); setShip(g, 5) }
	for _, tc := range []struct {
		name  string
		setup setup
		move  Move
		want  Cards
		gain  Cards // what the move brings in
	}{
		{"market with compensation (§6.3)", func(t *testing.T, g *Game) {
			build(t, g)
			setGold(t, g, 0, 6)
			placePermit(t, g, 0, 2, sqr(t, "c5"))
			placePermit(t, g, 1, 1, sqr(t, "d5"))
		}, Move{Kind: Build, Building: Market, Square: sqr(t, "c5")}, Cards{Gold: 5 + 1}, Cards{}},
		{"large building, two compensations (§6.3)", func(t *testing.T, g *Game) {
			build(t, g)
			clearCity(t, g)
			setGold(t, g, 0, 20)
			placePermit(t, g, 0, 4, sqr(t, "f3"))
			placePermit(t, g, 1, 2, sqr(t, "g3"))
			placePermit(t, g, 2, 1, sqr(t, "f5"))
		}, Move{Kind: Build, Building: LargeBuilding, Square: sqr(t, "f3")}, Cards{Gold: 5 + 2 + 1}, Cards{}},
		{"house over a totem, paid in blue (§6.5)", func(t *testing.T, g *Game) {
			build(t, g)
			setInfluence(t, g, 0, 3, 1, 0)
			placePermit(t, g, 0, 0, sqr(t, "c5"))
		}, Move{Kind: Build, Building: House, Square: sqr(t, "b5"), Pay: InfluenceBlue}, Cards{Gold: 1, Blue: 3}, Cards{}},
		{"north wall tower (§7)", func(t *testing.T, g *Game) { build(t, g); twoWallTiles(t, g) },
			Move{Kind: BuildWall, Site: NorthSite(5)}, Cards{Gold: 2}, Cards{}},
		{"east wall tower (§7)", func(t *testing.T, g *Game) { build(t, g); twoWallTiles(t, g); setGold(t, g, 0, 4) },
			Move{Kind: BuildWall, Site: EastSite(3)}, Cards{Gold: 4}, Cards{}},
		{"wall tile drawing influence (§7)", func(t *testing.T, g *Game) {
			build(t, g)
			setDeck(t, g, append([]InfluenceColor{InfluenceYellow}, deckWithout(g, InfluenceYellow)...)...)
		}, Move{Kind: BuildWall, Site: NorthSite(7)}, Cards{Gold: 2}, Cards{Yellow: 1}},
		{"church tile (§8)", func(t *testing.T, g *Game) { build(t, g); setGold(t, g, 0, 9) },
			Move{Kind: BuildChurch}, Cards{Gold: 7}, Cards{}},
		{"permit in any row, paid in green (§5)", func(t *testing.T, g *Game) {
			setPhase(g, PhasePermit, 0)
			setShip(g, 5)
			setInfluence(t, g, 0, 0, 2, 0)
		}, Move{Kind: PlacePermit, Permit: 3, Square: sqr(t, "h11"), Pay: InfluenceGreen}, Cards{Gold: 3, Green: 2}, Cards{}},
		{"permit in the ship's row (§5)", func(t *testing.T, g *Game) { setPhase(g, PhasePermit, 0); setShip(g, 5) },
			Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "h5")}, Cards{Gold: 2}, Cards{}},
		{"move a permit (§10)", func(t *testing.T, g *Game) {
			bonus(t, g)
			setInfluence(t, g, 0, 0, 0, 2)
			placePermit(t, g, 0, 3, sqr(t, "h5"))
		}, Move{Kind: MovePermit, From: sqr(t, "h5"), Square: sqr(t, "a2"), Pay: InfluenceYellow}, Cards{Yellow: 2}, Cards{}},
		{"upgrade a permit (§10)", func(t *testing.T, g *Game) {
			bonus(t, g)
			setInfluence(t, g, 0, 2, 0, 0)
			placePermit(t, g, 0, 1, sqr(t, "h5"))
		}, Move{Kind: UpgradePermit, Square: sqr(t, "h5"), Permit: 4, Pay: InfluenceBlue}, Cards{Gold: 3, Blue: 2}, Cards{}},
		{"bonus permit (§10)", func(t *testing.T, g *Game) { bonus(t, g); setInfluence(t, g, 0, 1, 1, 1) },
			Move{Kind: BonusPermit, Permit: 2, Square: sqr(t, "a2")}, Cards{Gold: 2, Blue: 1, Green: 1, Yellow: 1}, Cards{}},
		{"bonus gold (§10)", func(t *testing.T, g *Game) { bonus(t, g); setInfluence(t, g, 0, 2, 1, 1) },
			Move{Kind: BonusGold}, Cards{Blue: 1, Green: 1, Yellow: 1}, Cards{Gold: 2}},
		{"take gold", func(t *testing.T, g *Game) { setPhase(g, PhasePermit, 0); setShip(g, 5) },
			Move{Kind: TakeGold}, Cards{}, Cards{Gold: 2}},
		{"discard to the pirates (§4.2)", func(t *testing.T, g *Game) {
			setPhase(g, PhaseDiscard, 0)
			setShip(g, 5)
			g.toMove = 1
			setInfluence(t, g, 1, 0, 2, 0)
			g.pending[1] = 2
		}, Move{Kind: Discard, Cards: Cards{Gold: 1, Green: 1}}, Cards{Gold: 1, Green: 1}, Cards{}},
		{"shortage return (§4.1)", func(t *testing.T, g *Game) {
			setPhase(g, PhaseShortage, 0)
			setShip(g, 5)
			g.toMove = 2
			setInfluence(t, g, 2, 3, 0, 1)
			g.pending[2] = 2
		}, Move{Kind: ReturnInfluence, Cards: Cards{Blue: 1, Yellow: 1}}, Cards{Blue: 1, Yellow: 1}, Cards{}},
		{"end building", build, Move{Kind: EndBuilding}, Cards{}, Cards{}},
		{"end turn", bonus, Move{Kind: EndTurn}, Cards{}, Cards{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 4)
			tc.setup(t, g)
			mustValid(t, g)
			if got := g.Cost(tc.move); got != tc.want {
				t.Errorf("Cost(%v) = %v; want %v", tc.move, got, tc.want)
			}
			p := g.ToMove()
			before := g.Hand(p)
			mustApply(t, g, tc.move)
			after := g.Hand(p)
			// The hand loses the cost and gains what the move brings in.
			if got, want := subCards(before, after), subCards(tc.want, tc.gain); got != want {
				t.Errorf("Apply(%v) changed the hand by −%v; want −%v (cost %v, brought in %v)", tc.move, got, want, tc.want, tc.gain)
			}
		})
	}
	// Moves that are not legal cost nothing.
	g := newTestGame(t, 4)
	for _, m := range []Move{{Kind: BuildChurch}, {}, {Kind: BonusGold}, {Kind: Build, Building: Well, Square: 200}} {
		if c := g.Cost(m); c != (Cards{}) {
			t.Errorf("Cost of illegal %v = %v; want nothing", m, c)
		}
	}
}

// twoWallTiles builds red's wall tiles 1 and 2 on Nh and Ng, so that the
// next is a tower (tile 3), which draws no card.
func twoWallTiles(t *testing.T, g *Game) {
	placeWall(t, g, 0, NorthSite(7))
	placeWall(t, g, 0, NorthSite(6))
}

// deckWithout returns the deck's cards, top first, less one of colour c.
func deckWithout(g *Game, c InfluenceColor) []InfluenceColor {
	var out []InfluenceColor
	dropped := false
	for i := int(g.deckLen) - 1; i >= 0; i-- {
		ic := InfluenceColor(g.deck[i] + 1)
		if ic == c && !dropped {
			dropped = true
			continue
		}
		out = append(out, ic)
	}
	return out
}

// subCards returns a − b by kind: gold, blue, green, yellow.
func subCards(a, b Cards) [4]int {
	return [4]int{int(a.Gold) - int(b.Gold), int(a.Blue) - int(b.Blue), int(a.Green) - int(b.Green), int(a.Yellow) - int(b.Yellow)}
}

// TestCostMatchesApply checks Cost against Apply for every legal move at
// positions of seeded random games: the hand loses exactly the cost, but
// for what the move brings in, which is accounted for exactly where it is
// known (the 2 gold of TakeGold and BonusGold, a wall tile's draws from the
// deck's top) and bounded where it is drawn at random (the roller's reward
// from the pirates, influence income after a shortage). Moves that are not
// legal cost nothing.
func TestCostMatchesApply(t *testing.T) {
	every := 2
	if testing.Short() {
		every = 11
	}
	var cands []Move
	for n := MinPlayers; n <= MaxPlayers; n++ {
		positions := playedPositions(t, n, uint64(70+n))
		for k := 0; k < len(positions); k += every {
			g := &positions[k]
			for _, m := range g.Legal() {
				if msg := costMismatch(g, m); msg != "" {
					t.Fatalf("%d players, position %d (%v): %v: %s", n, k, g.Phase(), m, msg)
				}
			}
			if k%(5*every) == 0 {
				cands = candidateMoves(g, cands[:0])
				for _, m := range cands {
					if !g.IsLegal(m) && g.Cost(m) != (Cards{}) {
						t.Fatalf("illegal %v costs %v", m, g.Cost(m))
					}
				}
			}
		}
	}
}

// costMismatch applies the legal move m to a copy of g and returns how the
// hand's change disagrees with Cost, or "".
func costMismatch(g *Game, m Move) string {
	c := g.Cost(m)
	cost := [4]int{int(c.Gold), int(c.Blue), int(c.Green), int(c.Yellow)}
	p := g.ToMove()
	h := *g
	if err := h.Apply(m); err != nil {
		return err.Error()
	}
	spent := subCards(g.Hand(p), h.Hand(p))
	var income [4]int // what the move brought in, where it is known
	switch m.Kind {
	case Roll, Steer, Pirates: // income or nothing; they cost nothing
		if c != (Cards{}) {
			return "a roll, steer or pirates move has a cost"
		}
		return ""
	case TakeGold, BonusGold:
		income[0] = min(2, g.Bank())
	case BuildWall:
		k := WallReward(int(g.wallBuilt[p]) + 1)
		if k > g.DeckSize() {
			// A reshuffle: check the gold exactly and the number drawn.
			drawn := min(k, g.DeckSize()+g.DiscardPile().Influence())
			if spent[0] != cost[0] || c.Influence() != 0 || g.Hand(p).Influence()+drawn != h.Hand(p).Influence() {
				return "wall tile with a reshuffle"
			}
			return ""
		}
		for i := 1; i <= k; i++ {
			income[1+g.deck[g.DeckSize()-i]]++
		}
	case Discard, ReturnInfluence:
		if h.Phase() != g.Phase() { // the last one: a reward or income may follow
			bound := 0
			if m.Kind == Discard && p == g.Active() {
				bound = g.towers(int(p))
			} else if m.Kind == ReturnInfluence {
				_, infl := g.rowIncome()
				bound = int(infl[p])
			}
			got := 0
			for i := range cost {
				d := cost[i] - spent[i]
				if d < 0 {
					return "gave up more than the cost"
				}
				got += d
			}
			if got > bound {
				return "received more than the reward or income can be"
			}
			return ""
		}
	}
	for i := range cost {
		if spent[i] != cost[i]-income[i] {
			return "hand changed by " + cardsString(spent) + ", cost " + c.String()
		}
	}
	return ""
}

func cardsString(d [4]int) string {
	return fmt.Sprintf("%d gold %d blue %d green %d yellow", d[0], d[1], d[2], d[3])
}

// BenchmarkCost prices the legal moves of positions of a random game.
func BenchmarkCost(b *testing.B) {
	type pm struct {
		g *Game
		m Move
	}
	positions := playedPositions(b, 4, 7)
	var all []pm
	for i := range positions {
		for _, m := range positions[i].Legal() {
			all = append(all, pm{&positions[i], m})
		}
	}
	b.ReportAllocs()
	var sink Cards
	for i := 0; b.Loop(); i++ {
		x := all[i%len(all)]
		sink = x.g.Cost(x.m)
	}
	_ = sink
}
