package elasund

// Scenario tests for buildings and building them: RULES.md §3, §6 steps 1–8
// and interpretation 4 (the starter rebuild). Seats: 0 Red, 1 Blue, 2 Green,
// 3 Yellow.

import (
	"slices"
	"testing"
)

// Seats of the test games (newTestGame: Red, Blue, Green, Yellow).
const (
	bldRed    = 0
	bldBlue   = 1
	bldGreen  = 2
	bldYellow = 3
)

// bldGame returns an n-player game with an empty city (starters out of the
// game, every permit in supply), the ship in row 2 and seat p in phase 2.
func bldGame(t *testing.T, n, p int) *Game {
	t.Helper()
	g := newTestGame(t, n)
	clearCity(t, g)
	setShip(g, 2)
	setPhase(g, PhaseBuild, p)
	return g
}

// bldSqs parses squares.
func bldSqs(t *testing.T, names ...string) []Square {
	t.Helper()
	out := make([]Square, len(names))
	for i, n := range names {
		out[i] = sqr(t, n)
	}
	return out
}

// bldOccupy puts piece id on g by hand: origin is its north-west square,
// squares every square it covers.
func bldOccupy(g *Game, id int, origin Square, squares []Square) {
	g.pieceSq[id] = origin
	for _, s := range squares {
		g.setCell(s, uint8(id+1))
	}
}

// bldNeutral puts a neutral building b from the neutral supply on g by hand,
// at origin over squares, with owner's cubes on its flags, and returns its
// piece id. The owner's cube total is left to the caller.
func bldNeutral(g *Game, b Building, owner int, cubes uint8, origin Square, squares []Square) int {
	id := g.freeNeutral(b)
	bldOccupy(g, id, origin, squares)
	g.pieceOwner[id] = int8(owner)
	g.pieceCubes[id] = cubes
	return id
}

// bldVacate takes piece id off g by hand, clearing the given squares and
// sending it to loc (inSupply, awaitingRebuild, removedFromGame). A neutral
// building's cubes go back to its owner.
func bldVacate(g *Game, id int, loc Square, squares []Square) {
	for _, s := range squares {
		g.setCell(s, 0)
	}
	g.pieceSq[id] = loc
	if pieceKinds[id].Neutral() {
		g.cubes[g.pieceOwner[id]] -= g.pieceCubes[id]
		g.pieceOwner[id] = -1
		g.pieceCubes[id] = 0
	}
}

// bldPermitHome returns player p's permit of value v to their supply, by hand.
func bldPermitHome(g *Game, p, v int) {
	g.setCell(g.permitSq[p][v], 0)
	g.permitSq[p][v] = inSupply
}

// bldMoves returns the legal moves of kind k, sorted by their notation.
func bldMoves(g *Game, k MoveKind) []string {
	var out []string
	for _, m := range legalOfKind(g, k) {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

func bldBuild(b Building, s Square, pay InfluenceColor) Move {
	return Move{Kind: Build, Building: b, Square: s, Pay: pay}
}

// TestBuildSpecTable pins every building's data against the table of §3.
func TestBuildSpecTable(t *testing.T) {
	cases := []struct {
		b                                        Building
		name                                     string
		w, h, size, permits, cost, flags, copies int
		income                                   Income
		neutral, starter                         bool
	}{
		{Hut, "hut", 1, 1, 1, 0, 0, 0, 1, InfluenceIncome, false, true},
		{Totem, "totem", 1, 2, 2, 0, 0, 0, 1, GoldIncome, false, true},
		{House, "house", 2, 1, 2, 1, 1, 0, 1, InfluenceIncome, false, false},
		{Workshop, "workshop", 1, 2, 2, 1, 2, 0, 1, GoldIncome, false, false},
		{Well, "well", 1, 1, 1, 1, 5, 1, 4, NoIncome, true, false},
		{Market, "market", 2, 1, 2, 1, 5, 1, 4, NoIncome, true, false},
		{Tavern, "tavern", 2, 2, 4, 2, 3, 1, 5, InfluenceIncome, true, false},
		{Shop, "shop", 2, 2, 4, 2, 3, 1, 5, GoldIncome, true, false},
		{LargeBuilding, "large", 2, 3, 6, 3, 5, 2, 3, NoIncome, true, false},
	}
	g := newTestGame(t, 4)
	for _, c := range cases {
		b := c.b
		got := []int{b.Width(), b.Height(), b.Size(), b.PermitsNeeded(), b.Cost(), b.CubeFlags(), b.Copies()}
		want := []int{c.w, c.h, c.size, c.permits, c.cost, c.flags, c.copies}
		if !slices.Equal(got, want) {
			t.Errorf("%v: width, height, size, permits, cost, flags, copies = %v, want %v", b, got, want)
		}
		if b.String() != c.name || b.Income() != c.income || b.Neutral() != c.neutral || b.Starter() != c.starter {
			t.Errorf("%v: name %q income %v neutral %v starter %v, want %q %v %v %v",
				b, b.String(), b.Income(), b.Neutral(), b.Starter(), c.name, c.income, c.neutral, c.starter)
		}
		// The physical pieces: one per player of each player building, the
		// table's copies of each neutral one, all in supply at the start.
		pieces := 0
		for _, k := range pieceKinds {
			if k == b {
				pieces++
			}
		}
		wantPieces := c.copies
		if !c.neutral {
			wantPieces = MaxPlayers * c.copies
		}
		if pieces != wantPieces {
			t.Errorf("%v: %d pieces, want %d", b, pieces, wantPieces)
		}
		if c.neutral && g.NeutralSupply(b) != c.copies {
			t.Errorf("%v: neutral supply %d at the start, want %d", b, g.NeutralSupply(b), c.copies)
		}
	}
	for _, b := range []Building{NoBuilding, Building(10)} {
		if b.Size() != 0 || b.Neutral() || b.Starter() || b.Copies() != 0 {
			t.Errorf("%v: not a building but has size %d, copies %d", b, b.Size(), b.Copies())
		}
	}
}

// TestBuildFootprint builds each buildable building with its north-west
// square on e3 and checks that it occupies exactly the squares of its fixed
// shape (§3), pays its cost to the bank (§6.3), takes the permits back
// (§6.4) and carries one builder cube per flag (§6.7).
func TestBuildFootprint(t *testing.T) {
	cases := []struct {
		b       Building
		squares []string // every square covered, by hand from w×h
	}{
		{House, []string{"e3", "f3"}},
		{Workshop, []string{"e3", "e4"}},
		{Well, []string{"e3"}},
		{Market, []string{"e3", "f3"}},
		{Tavern, []string{"e3", "f3", "e4", "f4"}},
		{Shop, []string{"e3", "f3", "e4", "f4"}},
		{LargeBuilding, []string{"e3", "f3", "e4", "f4", "e5", "f5"}},
	}
	for _, c := range cases {
		t.Run(c.b.String(), func(t *testing.T) {
			g := bldGame(t, 4, bldRed)
			sqs := bldSqs(t, c.squares...)
			// One Red permit (values 4, 3, 2) per permit the building needs.
			for i := 0; i < c.b.PermitsNeeded(); i++ {
				placePermit(t, g, bldRed, 4-i, sqs[i])
			}
			setGold(t, g, bldRed, c.b.Cost())
			want := g.Clone()
			id := playerPiece(bldRed, c.b)
			flags := 0
			if c.b.Neutral() {
				id = want.freeNeutral(c.b)
				flags = map[Building]int{Well: 1, Market: 1, Tavern: 1, Shop: 1, LargeBuilding: 2}[c.b]
				want.pieceOwner[id] = bldRed
				want.pieceCubes[id] = uint8(flags)
				want.cubes[bldRed] = uint8(flags)
			}
			for i := 0; i < c.b.PermitsNeeded(); i++ {
				bldPermitHome(want, bldRed, 4-i)
			}
			want.gold[bldRed] = 0
			want.bank += uint8(c.b.Cost())
			bldOccupy(want, id, sqs[0], sqs)
			want.builds = 1
			mustApply(t, g, bldBuild(c.b, sqs[0], NoInfluence))
			if d := diffGames(want, g); d != "" {
				t.Errorf("build %v e3 (-want +got):\n%s", c.b, d)
			}
			if g.BuildsLeft() != 1 || g.Phase() != PhaseBuild {
				t.Errorf("after one build: phase %v, builds left %d; want build, 1", g.Phase(), g.BuildsLeft())
			}
			mustValid(t, g)
		})
	}
}

// TestBuildNotBuildable: starters (and non-buildings) are never built (§3).
func TestBuildNotBuildable(t *testing.T) {
	for _, b := range []Building{NoBuilding, Hut, Totem, Building(10), Building(255)} {
		g := bldGame(t, 4, bldRed)
		placePermit(t, g, bldRed, 4, sqr(t, "e3"))
		placePermit(t, g, bldRed, 3, sqr(t, "e4"))
		setGold(t, g, bldRed, 20)
		m := bldBuild(b, sqr(t, "e3"), NoInfluence)
		mustRefuse(t, g, m, ReasonNotBuildable)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
	}
}

// TestBuildPlayerBuildingFromSupply: a player builds their house or workshop
// only from their own supply (§2, §3); other players' pieces do not matter.
func TestBuildPlayerBuildingFromSupply(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	placePermit(t, g, bldRed, 4, sqr(t, "e3"))
	setGold(t, g, bldRed, 10)
	placeBuilding(t, g, bldRed, House, sqr(t, "b2"))
	placeBuilding(t, g, bldBlue, Workshop, sqr(t, "h3"))
	house := bldBuild(House, sqr(t, "e3"), NoInfluence)
	mustRefuse(t, g, house, ReasonBuildingNotInSupply)
	if hasMove(g, house) {
		t.Errorf("Legal lists %v with Red's house on b2", house)
	}
	// Blue's workshop on the board does not stop Red's own.
	workshop := bldBuild(Workshop, sqr(t, "e3"), NoInfluence)
	if !hasMove(g, workshop) {
		t.Errorf("Legal lacks %v", workshop)
	}
	want := g.Clone()
	bldPermitHome(want, bldRed, 4)
	want.gold[bldRed] -= 2
	want.bank += 2
	bldOccupy(want, playerPiece(bldRed, Workshop), sqr(t, "e3"), bldSqs(t, "e3", "e4"))
	want.builds = 1
	mustReach(t, g, want, workshop)
}

// TestBuildNeutralSupply: a neutral building is built only while a copy is
// in the neutral supply (§3: 4 wells); after the 4th well no well can be.
func TestBuildNeutralSupply(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	for _, s := range []string{"b2", "b3", "b4"} {
		placeBuilding(t, g, bldBlue, Well, sqr(t, s))
	}
	placePermit(t, g, bldRed, 4, sqr(t, "e3"))
	placePermit(t, g, bldRed, 3, sqr(t, "e5"))
	setGold(t, g, bldRed, 10)
	want := g.Clone()
	id := neutralFirst[Well] + 3 // the only well left
	bldPermitHome(want, bldRed, 4)
	want.gold[bldRed] = 5
	want.bank += 5
	bldOccupy(want, id, sqr(t, "e3"), bldSqs(t, "e3"))
	want.pieceOwner[id] = bldRed
	want.pieceCubes[id] = 1
	want.cubes[bldRed] = 1
	want.builds = 1
	mustApply(t, g, bldBuild(Well, sqr(t, "e3"), NoInfluence))
	if d := diffGames(want, g); d != "" {
		t.Errorf("build the 4th well (-want +got):\n%s", d)
	}
	if g.NeutralSupply(Well) != 0 {
		t.Errorf("NeutralSupply(well) = %d after the 4th, want 0", g.NeutralSupply(Well))
	}
	fifth := bldBuild(Well, sqr(t, "e5"), NoInfluence)
	mustRefuse(t, g, fifth, ReasonBuildingNotInSupply)
	if hasMove(g, fifth) {
		t.Errorf("Legal lists a 5th well")
	}
	if m := bldBuild(Market, sqr(t, "e5"), NoInfluence); !hasMove(g, m) {
		t.Errorf("Legal lacks %v", m)
	}
	mustValid(t, g)
}

// TestBuildFootprintInCity: the footprint must lie inside the city for the
// player count (§6.1, §1).
func TestBuildFootprintInCity(t *testing.T) {
	cases := []struct {
		name    string
		n       int
		b       Building
		origin  string
		permits []string // Red's permits 4, 3, 2 in that order
		why     Reason   // NoReason: built
	}{
		{"2p market reaching f", 2, Market, "e3", []string{"e3"}, ReasonOutsideCity},
		{"2p house in a–e", 2, House, "d3", []string{"d3"}, NoReason},
		{"2p tavern reaching f", 2, Tavern, "e3", []string{"e3", "e4"}, ReasonOutsideCity},
		{"3p tavern reaching h", 3, Tavern, "g3", []string{"g3", "g4"}, ReasonOutsideCity},
		{"3p tavern in a–g", 3, Tavern, "f3", []string{"f3", "g4"}, NoReason},
		{"4p house reaching j", 4, House, "i3", []string{"i3"}, ReasonOutsideCity},
		{"4p workshop in column i", 4, Workshop, "i3", []string{"i3"}, NoReason},
		{"workshop below row 12", 4, Workshop, "e12", []string{"e12"}, ReasonOutsideCity},
		{"large below row 12", 4, LargeBuilding, "e11", []string{"e11", "f11", "e12"}, ReasonOutsideCity},
		{"large down to row 12", 4, LargeBuilding, "e10", []string{"e10", "f11", "e12"}, NoReason},
		{"no square", 4, Well, "", []string{"e3"}, ReasonNotASquare},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := bldGame(t, c.n, bldRed)
			for i, s := range c.permits {
				placePermit(t, g, bldRed, 4-i, sqr(t, s))
			}
			setGold(t, g, bldRed, 20)
			origin := NoSquare
			if c.origin != "" {
				origin = sqr(t, c.origin)
			}
			m := bldBuild(c.b, origin, NoInfluence)
			if c.why == NoReason {
				if !hasMove(g, m) {
					t.Errorf("Legal lacks %v", m)
				}
				mustApply(t, g, m)
				mustValid(t, g)
				return
			}
			mustRefuse(t, g, m, c.why)
			if hasMove(g, m) {
				t.Errorf("Legal lists %v", m)
			}
		})
	}
}

// TestBuildChurchSquares: before the church exists no footprint covers c8;
// afterwards no footprint covers a church tile, but the unbuilt squares of
// the church area are ordinary squares (§6.1, §5).
func TestBuildChurchSquares(t *testing.T) {
	t.Run("foundation", func(t *testing.T) {
		g := bldGame(t, 4, bldRed)
		placePermit(t, g, bldRed, 4, sqr(t, "b8"))
		placePermit(t, g, bldRed, 3, sqr(t, "c6"))
		setGold(t, g, bldRed, 20)
		for _, m := range []Move{
			bldBuild(House, sqr(t, "b8"), NoInfluence),    // b8 c8
			bldBuild(Workshop, sqr(t, "c6"), NoInfluence), // c6 c8 (no row 7)
			bldBuild(Tavern, sqr(t, "b6"), NoInfluence),   // b6 c6 b8 c8
		} {
			mustRefuse(t, g, m, ReasonChurchFoundation)
			if hasMove(g, m) {
				t.Errorf("Legal lists %v", m)
			}
		}
		// The same permits allow footprints that avoid c8.
		for _, m := range []Move{
			bldBuild(House, sqr(t, "a8"), NoInfluence),
			bldBuild(Workshop, sqr(t, "c5"), NoInfluence),
		} {
			if !hasMove(g, m) {
				t.Errorf("Legal lacks %v", m)
			}
		}
	})
	t.Run("church tiles", func(t *testing.T) {
		g := bldGame(t, 4, bldRed)
		placeChurchTile(t, g, bldBlue, 5) // on c8: the area is b6–d9
		placeChurchTile(t, g, bldBlue, 3) // d6
		placePermit(t, g, bldRed, 4, sqr(t, "b8"))
		placePermit(t, g, bldRed, 3, sqr(t, "d5"))
		placePermit(t, g, bldRed, 2, sqr(t, "d8"))
		setGold(t, g, bldRed, 20)
		for _, m := range []Move{
			bldBuild(House, sqr(t, "b8"), NoInfluence),    // c8: tile 5
			bldBuild(Workshop, sqr(t, "d5"), NoInfluence), // d6: tile 3
			bldBuild(House, sqr(t, "c8"), NoInfluence),    // c8 itself
		} {
			mustRefuse(t, g, m, ReasonCoversChurch)
			if hasMove(g, m) {
				t.Errorf("Legal lists %v", m)
			}
		}
		// d8 is tile 6's place, not yet built: an ordinary square.
		m := bldBuild(Well, sqr(t, "d8"), NoInfluence)
		want := g.Clone()
		id := want.freeNeutral(Well)
		bldPermitHome(want, bldRed, 2)
		want.gold[bldRed] = 15
		want.bank += 5
		bldOccupy(want, id, sqr(t, "d8"), bldSqs(t, "d8"))
		want.pieceOwner[id] = bldRed
		want.pieceCubes[id] = 1
		want.cubes[bldRed] = 1
		want.builds = 1
		mustReach(t, g, want, m)
	})
}

type bldPermit struct {
	p, v int
	s    string
}

// TestBuildPermitMajority: §6.2 — enough permits of any players; the builder
// has one and a total strictly greater than each other player's; only the
// sum counts; a tie blocks. §6.3–6.4 for the builds that go through:
// compensation equal to each other player's permit values, all permits back.
func TestBuildPermitMajority(t *testing.T) {
	tavern := []string{"e3", "f3", "e4", "f4"}
	cases := []struct {
		name    string
		b       Building
		squares []string
		permits []bldPermit
		why     Reason // NoReason: built
		comp    [4]int // gold each player receives
	}{
		{"lone 4 beats 0+1+2", Tavern, tavern,
			[]bldPermit{{bldRed, 4, "e3"}, {bldBlue, 0, "f3"}, {bldBlue, 1, "e4"}, {bldBlue, 2, "f4"}}, NoReason, [4]int{0, 3, 0, 0}},
		{"tie 2 to 2", Tavern, tavern,
			[]bldPermit{{bldRed, 2, "e3"}, {bldBlue, 2, "f3"}}, ReasonNoMajority, [4]int{}},
		{"tie 0 to 0", Tavern, tavern,
			[]bldPermit{{bldRed, 0, "e3"}, {bldBlue, 0, "f3"}}, ReasonNoMajority, [4]int{}},
		{"two permits summing to a tie", Tavern, tavern,
			[]bldPermit{{bldRed, 0, "e3"}, {bldRed, 2, "f3"}, {bldBlue, 2, "e4"}}, ReasonNoMajority, [4]int{}},
		{"two permits summing to more", Tavern, tavern,
			[]bldPermit{{bldRed, 1, "e3"}, {bldRed, 3, "f3"}, {bldBlue, 3, "e4"}}, NoReason, [4]int{0, 3, 0, 0}},
		{"a third player is higher", Tavern, tavern,
			[]bldPermit{{bldRed, 3, "e3"}, {bldBlue, 1, "f3"}, {bldGreen, 4, "e4"}}, ReasonNoMajority, [4]int{}},
		{"each other player is compared alone", Tavern, tavern,
			[]bldPermit{{bldRed, 2, "e3"}, {bldBlue, 1, "f3"}, {bldGreen, 1, "e4"}, {bldYellow, 1, "f4"}}, NoReason, [4]int{0, 1, 1, 1}},
		{"no permit of the builder", Tavern, tavern,
			[]bldPermit{{bldBlue, 4, "e3"}, {bldGreen, 3, "f3"}}, ReasonNoOwnPermit, [4]int{}},
		{"too few permits", Tavern, tavern,
			[]bldPermit{{bldRed, 4, "e3"}}, ReasonPermitCount, [4]int{}},
		{"large: two permits are too few", LargeBuilding, []string{"e3", "f3", "e4", "f4", "e5", "f5"},
			[]bldPermit{{bldRed, 4, "e3"}, {bldRed, 3, "f3"}}, ReasonPermitCount, [4]int{}},
		{"large: others' permits count toward the number", LargeBuilding, []string{"e3", "f3", "e4", "f4", "e5", "f5"},
			[]bldPermit{{bldRed, 4, "e3"}, {bldRed, 3, "f5"}, {bldGreen, 0, "e5"}}, NoReason, [4]int{0, 0, 0, 0}},
		{"a lone 0 beats no permit", Well, []string{"e3"},
			[]bldPermit{{bldRed, 0, "e3"}}, NoReason, [4]int{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := bldGame(t, 4, bldRed)
			for _, p := range c.permits {
				placePermit(t, g, p.p, p.v, sqr(t, p.s))
			}
			setGold(t, g, bldRed, 20)
			sqs := bldSqs(t, c.squares...)
			m := bldBuild(c.b, sqs[0], NoInfluence)
			if c.why != NoReason {
				mustRefuse(t, g, m, c.why)
				if hasMove(g, m) {
					t.Errorf("Legal lists %v", m)
				}
				return
			}
			want := g.Clone()
			paid := c.b.Cost()
			for p, gold := range c.comp {
				want.gold[p] += uint8(gold)
				paid += gold
			}
			want.gold[bldRed] -= uint8(paid)
			want.bank += uint8(c.b.Cost())
			for _, p := range c.permits {
				bldPermitHome(want, p.p, p.v)
			}
			id := want.freeNeutral(c.b)
			bldOccupy(want, id, sqs[0], sqs)
			want.pieceOwner[id] = bldRed
			want.pieceCubes[id] = uint8(c.b.CubeFlags())
			want.cubes[bldRed] = uint8(c.b.CubeFlags())
			want.builds = 1
			if !hasMove(g, m) {
				t.Errorf("Legal lacks %v", m)
			}
			mustReach(t, g, want, m)
		})
	}
}

// TestBuildPaymentBoundary: §6.3 — the builder must pay cost plus
// compensation: exactly enough gold builds, one less is ErrCannotPay.
func TestBuildPaymentBoundary(t *testing.T) {
	setup := func(gold int) *Game {
		g := bldGame(t, 4, bldRed)
		placePermit(t, g, bldRed, 3, sqr(t, "e3"))
		placePermit(t, g, bldBlue, 1, sqr(t, "f3"))
		placePermit(t, g, bldGreen, 2, sqr(t, "e4"))
		setGold(t, g, bldRed, gold)
		return g
	}
	m := bldBuild(Tavern, sqr(t, "e3"), NoInfluence)
	// Cost 3 + compensation 1 (Blue) + 2 (Green) = 6.
	g := setup(5)
	mustRefuse(t, g, m, ReasonCannotPayBuild)
	if hasMove(g, m) {
		t.Errorf("Legal lists %v with 5 gold", m)
	}
	g = setup(6)
	want := g.Clone()
	want.gold[bldRed] = 0
	want.gold[bldBlue] += 1
	want.gold[bldGreen] += 2
	want.bank += 3
	bldPermitHome(want, bldRed, 3)
	bldPermitHome(want, bldBlue, 1)
	bldPermitHome(want, bldGreen, 2)
	bldNeutral(want, Tavern, bldRed, 1, sqr(t, "e3"), bldSqs(t, "e3", "f3", "e4", "f4"))
	want.cubes[bldRed] = 1
	want.builds = 1
	if !hasMove(g, m) {
		t.Errorf("Legal lacks %v with 6 gold", m)
	}
	mustReach(t, g, want, m)

	// The cost alone: a house costs 1; with 0 gold it cannot be built.
	g = bldGame(t, 4, bldRed)
	placePermit(t, g, bldRed, 0, sqr(t, "e3"))
	setGold(t, g, bldRed, 0)
	mustRefuse(t, g, bldBuild(House, sqr(t, "e3"), NoInfluence), ReasonCannotPayBuild)
	setGold(t, g, bldRed, 1)
	mustApply(t, g, bldBuild(House, sqr(t, "e3"), NoInfluence))
	if g.gold[bldRed] != 0 {
		t.Errorf("Red has %d gold after a house with 1, want 0", g.gold[bldRed])
	}
}

// TestBuildTwoBuildsAnyMix: §4 phase 2 — up to two builds of any kind (here
// a building and a wall tile); a third is refused; EndBuilding goes on to
// phase 3 after zero or one build.
func TestBuildTwoBuildsAnyMix(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	placePermit(t, g, bldRed, 0, sqr(t, "e3"))
	placePermit(t, g, bldRed, 1, sqr(t, "e5"))
	setGold(t, g, bldRed, 3)
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3 // the house 1, the wall 2
	bldPermitHome(want, bldRed, 0)
	bldOccupy(want, playerPiece(bldRed, House), sqr(t, "e3"), bldSqs(t, "e3", "f3"))
	site := NorthSite(7) // next to the north gate
	want.wall[site] = 1<<4 | 1
	want.wallBuilt[bldRed] = 1
	want.deckLen-- // wall tile 1: draw one influence card
	want.infl[bldRed][want.deck[want.deckLen]]++
	want.builds = 2
	want.phase = PhasePermit
	mustReach(t, g, want, bldBuild(House, sqr(t, "e3"), NoInfluence), Move{Kind: BuildWall, Site: site})
	mustRefuse(t, g, bldBuild(Workshop, sqr(t, "e5"), NoInfluence), ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: EndBuilding}, ReasonWrongPhase)

	for builds := 0; builds < 2; builds++ {
		g := bldGame(t, 4, bldRed)
		placePermit(t, g, bldRed, 0, sqr(t, "e3"))
		if builds == 1 {
			mustApply(t, g, bldBuild(House, sqr(t, "e3"), NoInfluence))
		}
		if !hasMove(g, Move{Kind: EndBuilding}) {
			t.Errorf("after %d builds Legal lacks end build", builds)
		}
		want := g.Clone()
		want.phase = PhasePermit
		mustReach(t, g, want, Move{Kind: EndBuilding})
	}
}

// TestBuildSameSizeStarter: a starter counts by its size too (§6.5): a
// workshop (2 squares) over a totem (2 squares) needs 3 influence of one
// colour, and the totem then waits for its rebuild (§6.8).
func TestBuildSameSizeStarter(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	totem := placeBuilding(t, g, bldBlue, Totem, sqr(t, "e4")) // e4 e5
	placePermit(t, g, bldRed, 1, sqr(t, "e3"))
	setGold(t, g, bldRed, 2)
	setInfluence(t, g, bldRed, 0, 3, 0)
	m := bldBuild(Workshop, sqr(t, "e3"), NoInfluence) // e3 e4
	mustRefuse(t, g, m, ReasonSameSizeUnpaid)
	m.Pay = InfluenceGreen
	if !hasMove(g, m) {
		t.Errorf("Legal lacks %v", m)
	}
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 2
	want.infl[bldRed][InfluenceGreen-1] = 0
	want.discard[InfluenceGreen-1] += 3
	bldPermitHome(want, bldRed, 1)
	bldVacate(want, totem, awaitingRebuild, bldSqs(t, "e4", "e5"))
	want.rebuild[bldBlue] = 2 // the totem
	bldOccupy(want, playerPiece(bldRed, Workshop), sqr(t, "e3"), bldSqs(t, "e3", "e4"))
	want.builds = 1
	want.phase = PhaseRebuild
	want.toMove = bldBlue
	mustReach(t, g, want, m)
}
