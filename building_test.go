package elasund

// Scenario tests for buildings and building them: RULES.md §3, §6 steps 1–8
// and interpretation 4 (the starter rebuild). Seats: 0 Red, 1 Blue, 2 Green,
// 3 Yellow.

import (
	"slices"
	"strings"
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
		g.cell[s] = uint8(id + 1)
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
		g.cell[s] = 0
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
	g.cell[g.permitSq[p][v]] = 0
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
		mustRefuse(t, g, m, ErrMalformedMove)
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
	mustRefuse(t, g, house, nil)
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
	mustRefuse(t, g, fifth, nil)
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
		ok      bool
	}{
		{"2p market reaching f", 2, Market, "e3", []string{"e3"}, false},
		{"2p house in a–e", 2, House, "d3", []string{"d3"}, true},
		{"2p tavern reaching f", 2, Tavern, "e3", []string{"e3", "e4"}, false},
		{"3p tavern reaching h", 3, Tavern, "g3", []string{"g3", "g4"}, false},
		{"3p tavern in a–g", 3, Tavern, "f3", []string{"f3", "g4"}, true},
		{"4p house reaching j", 4, House, "i3", []string{"i3"}, false},
		{"4p workshop in column i", 4, Workshop, "i3", []string{"i3"}, true},
		{"workshop below row 12", 4, Workshop, "e12", []string{"e12"}, false},
		{"large below row 12", 4, LargeBuilding, "e11", []string{"e11", "f11", "e12"}, false},
		{"large down to row 12", 4, LargeBuilding, "e10", []string{"e10", "f11", "e12"}, true},
		{"no square", 4, Well, "", []string{"e3"}, false},
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
			if c.ok {
				if !hasMove(g, m) {
					t.Errorf("Legal lacks %v", m)
				}
				mustApply(t, g, m)
				mustValid(t, g)
				return
			}
			mustRefuse(t, g, m, nil)
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
			mustRefuse(t, g, m, nil)
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
			mustRefuse(t, g, m, nil)
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
		ok      bool
		comp    [4]int // gold each player receives
	}{
		{"lone 4 beats 0+1+2", Tavern, tavern,
			[]bldPermit{{bldRed, 4, "e3"}, {bldBlue, 0, "f3"}, {bldBlue, 1, "e4"}, {bldBlue, 2, "f4"}}, true, [4]int{0, 3, 0, 0}},
		{"tie 2 to 2", Tavern, tavern,
			[]bldPermit{{bldRed, 2, "e3"}, {bldBlue, 2, "f3"}}, false, [4]int{}},
		{"tie 0 to 0", Tavern, tavern,
			[]bldPermit{{bldRed, 0, "e3"}, {bldBlue, 0, "f3"}}, false, [4]int{}},
		{"two permits summing to a tie", Tavern, tavern,
			[]bldPermit{{bldRed, 0, "e3"}, {bldRed, 2, "f3"}, {bldBlue, 2, "e4"}}, false, [4]int{}},
		{"two permits summing to more", Tavern, tavern,
			[]bldPermit{{bldRed, 1, "e3"}, {bldRed, 3, "f3"}, {bldBlue, 3, "e4"}}, true, [4]int{0, 3, 0, 0}},
		{"a third player is higher", Tavern, tavern,
			[]bldPermit{{bldRed, 3, "e3"}, {bldBlue, 1, "f3"}, {bldGreen, 4, "e4"}}, false, [4]int{}},
		{"each other player is compared alone", Tavern, tavern,
			[]bldPermit{{bldRed, 2, "e3"}, {bldBlue, 1, "f3"}, {bldGreen, 1, "e4"}, {bldYellow, 1, "f4"}}, true, [4]int{0, 1, 1, 1}},
		{"no permit of the builder", Tavern, tavern,
			[]bldPermit{{bldBlue, 4, "e3"}, {bldGreen, 3, "f3"}}, false, [4]int{}},
		{"too few permits", Tavern, tavern,
			[]bldPermit{{bldRed, 4, "e3"}}, false, [4]int{}},
		{"large: two permits are too few", LargeBuilding, []string{"e3", "f3", "e4", "f4", "e5", "f5"},
			[]bldPermit{{bldRed, 4, "e3"}, {bldRed, 3, "f3"}}, false, [4]int{}},
		{"large: others' permits count toward the number", LargeBuilding, []string{"e3", "f3", "e4", "f4", "e5", "f5"},
			[]bldPermit{{bldRed, 4, "e3"}, {bldRed, 3, "f5"}, {bldGreen, 0, "e5"}}, true, [4]int{0, 0, 0, 0}},
		{"a lone 0 beats no permit", Well, []string{"e3"},
			[]bldPermit{{bldRed, 0, "e3"}}, true, [4]int{}},
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
			if !c.ok {
				mustRefuse(t, g, m, nil)
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
	mustRefuse(t, g, m, ErrCannotPay)
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
	mustRefuse(t, g, bldBuild(House, sqr(t, "e3"), NoInfluence), ErrCannotPay)
	setGold(t, g, bldRed, 1)
	mustApply(t, g, bldBuild(House, sqr(t, "e3"), NoInfluence))
	if g.gold[bldRed] != 0 {
		t.Errorf("Red has %d gold after a house with 1, want 0", g.gold[bldRed])
	}
}

// TestBuildDisplacesSmaller: §6.5–6.6 — every building the footprint
// touches, even partly, is displaced when smaller: a player building back to
// its owner's supply, a neutral one to the neutral supply with its cube back.
func TestBuildDisplacesSmaller(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	house := placeBuilding(t, g, bldGreen, House, sqr(t, "d3")) // d3 e3
	well := placeBuilding(t, g, bldBlue, Well, sqr(t, "f4"))
	placePermit(t, g, bldRed, 2, sqr(t, "f3"))
	placePermit(t, g, bldRed, 1, sqr(t, "e4"))
	setGold(t, g, bldRed, 3)
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3
	bldPermitHome(want, bldRed, 2)
	bldPermitHome(want, bldRed, 1)
	bldVacate(want, house, inSupply, bldSqs(t, "d3", "e3"))
	bldVacate(want, well, inSupply, bldSqs(t, "f4"))
	bldNeutral(want, Tavern, bldRed, 1, sqr(t, "e3"), bldSqs(t, "e3", "f3", "e4", "f4"))
	want.cubes[bldRed] = 1
	want.builds = 1
	m := bldBuild(Tavern, sqr(t, "e3"), NoInfluence)
	if !hasMove(g, m) {
		t.Errorf("Legal lacks %v", m)
	}
	mustApply(t, g, m)
	if d := diffGames(want, g); d != "" {
		t.Errorf("%v (-want +got):\n%s", m, d)
	}
	if g.CubesPlaced(bldBlue) != 0 || g.NeutralSupply(Well) != 4 || g.BuildingSquare(bldGreen, House) != InSupply {
		t.Errorf("Blue cubes %d, wells in supply %d, Green's house at %v; want 0, 4, supply",
			g.CubesPlaced(bldBlue), g.NeutralSupply(Well), g.BuildingSquare(bldGreen, House))
	}
	mustValid(t, g)
}

// TestBuildLargerBlocks: §6.5 — a larger building under the footprint
// blocks the build, even when influence is offered.
func TestBuildLargerBlocks(t *testing.T) {
	cases := []struct {
		name  string
		under []struct {
			b Building
			s string
		}
		b       Building
		origin  string
		permits []string
		pay     InfluenceColor
	}{
		{"market over a tavern", []struct {
			b Building
			s string
		}{{Tavern, "e3"}}, Market, "d3", []string{"d3"}, NoInfluence},
		{"tavern over a large building", []struct {
			b Building
			s string
		}{{LargeBuilding, "e3"}}, Tavern, "d3", []string{"d3", "d4"}, NoInfluence},
		{"tavern over a shop and a large building, paying", []struct {
			b Building
			s string
		}{{Shop, "c2"}, {LargeBuilding, "e4"}}, Tavern, "d3", []string{"e3", "d4"}, InfluenceBlue},
		{"well over a house", []struct {
			b Building
			s string
		}{{House, "d3"}}, Well, "e3", nil, NoInfluence},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := bldGame(t, 4, bldRed)
			for _, u := range c.under {
				placeBuilding(t, g, bldBlue, u.b, sqr(t, u.s))
			}
			for i, s := range c.permits {
				placePermit(t, g, bldRed, 4-i, sqr(t, s))
			}
			setGold(t, g, bldRed, 20)
			setInfluence(t, g, bldRed, 3, 3, 3)
			m := bldBuild(c.b, sqr(t, c.origin), c.pay)
			mustRefuse(t, g, m, nil)
			for _, pay := range InfluenceColors() {
				if mm := bldBuild(c.b, sqr(t, c.origin), pay); hasMove(g, mm) {
					t.Errorf("Legal lists %v", mm)
				}
			}
			if hasMove(g, bldBuild(c.b, sqr(t, c.origin), NoInfluence)) {
				t.Errorf("Legal lists %v", m)
			}
		})
	}
}

// TestBuildSameSize: §6.5 — a same-size building goes only when the builder
// pays 3 influence of one colour, named in Move.Pay; smaller buildings under
// the footprint go with it; Legal lists exactly the colours the builder can
// pay with.
func TestBuildSameSize(t *testing.T) {
	setup := func() (*Game, int, int) {
		g := bldGame(t, 4, bldRed)
		shop := placeBuilding(t, g, bldBlue, Shop, sqr(t, "e4")) // e4 f4 e5 f5
		well := placeBuilding(t, g, bldGreen, Well, sqr(t, "d4"))
		placePermit(t, g, bldRed, 3, sqr(t, "d3"))
		placePermit(t, g, bldRed, 2, sqr(t, "e3"))
		setGold(t, g, bldRed, 3)
		setInfluence(t, g, bldRed, 3, 2, 4)
		return g, shop, well
	}
	d3 := sqr(t, "d3") // the tavern covers d3 e3 d4 e4
	g, shop, well := setup()
	mustRefuse(t, g, bldBuild(Tavern, d3, NoInfluence), nil)
	mustRefuse(t, g, bldBuild(Tavern, d3, InfluenceGreen), ErrCannotPay) // only 2 green
	mustRefuse(t, g, bldBuild(Tavern, d3, InfluenceColor(4)), ErrMalformedMove)
	var got []string
	for _, m := range bldMoves(g, Build) {
		if m == "build tavern d3" || strings.HasPrefix(m, "build tavern d3 ") {
			got = append(got, m)
		}
	}
	if want := []string{"build tavern d3 pay blue", "build tavern d3 pay yellow"}; !slices.Equal(got, want) {
		t.Errorf("legal taverns on d3 = %q, want %q", got, want)
	}

	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3
	want.infl[bldRed][InfluenceYellow-1] = 1
	want.discard[InfluenceYellow-1] += 3
	bldPermitHome(want, bldRed, 3)
	bldPermitHome(want, bldRed, 2)
	bldVacate(want, shop, inSupply, bldSqs(t, "e4", "f4", "e5", "f5"))
	bldVacate(want, well, inSupply, bldSqs(t, "d4"))
	bldNeutral(want, Tavern, bldRed, 1, d3, bldSqs(t, "d3", "e3", "d4", "e4"))
	want.cubes[bldRed] = 1
	want.builds = 1
	mustReach(t, g, want, bldBuild(Tavern, d3, InfluenceYellow))
}

// TestBuildNeedlessPay: naming a colour when no same-size building is under
// the footprint is malformed (§6.5), whether smaller buildings are there or
// nothing.
func TestBuildNeedlessPay(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	placeBuilding(t, g, bldGreen, Well, sqr(t, "d4"))
	placePermit(t, g, bldRed, 3, sqr(t, "d3"))
	placePermit(t, g, bldRed, 2, sqr(t, "e3"))
	placePermit(t, g, bldRed, 1, sqr(t, "g3"))
	placePermit(t, g, bldRed, 0, sqr(t, "g4"))
	setGold(t, g, bldRed, 10)
	setInfluence(t, g, bldRed, 3, 3, 3)
	for _, m := range []Move{
		bldBuild(Tavern, sqr(t, "d3"), InfluenceBlue), // over a smaller well
		bldBuild(Tavern, sqr(t, "g3"), InfluenceBlue), // over nothing
	} {
		mustRefuse(t, g, m, ErrMalformedMove)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v", m)
		}
		m.Pay = NoInfluence
		if !hasMove(g, m) {
			t.Errorf("Legal lacks %v", m)
		}
	}
}

// TestBuildSeedTradeOffice replays the rulebook's example: Red, with the
// highest total, pays Yellow and Blue 2 gold each and 5 to the bank for a
// large building; all permits go back; Yellow's smaller building is
// displaced. With one gold less Red cannot build.
func TestBuildSeedTradeOffice(t *testing.T) {
	setup := func(gold int) (*Game, int) {
		g := bldGame(t, 4, bldRed)
		house := placeBuilding(t, g, bldYellow, House, sqr(t, "c5")) // c5 d5
		placePermit(t, g, bldRed, 3, sqr(t, "c3"))
		placePermit(t, g, bldYellow, 2, sqr(t, "d3"))
		placePermit(t, g, bldBlue, 2, sqr(t, "c4"))
		setGold(t, g, bldRed, gold)
		return g, house
	}
	m := bldBuild(LargeBuilding, sqr(t, "c3"), NoInfluence) // c3 d3 c4 d4 c5 d5
	g, _ := setup(8)
	mustRefuse(t, g, m, ErrCannotPay)
	g, house := setup(9)
	want := g.Clone()
	want.gold[bldRed] = 0
	want.gold[bldYellow] += 2
	want.gold[bldBlue] += 2
	want.bank += 5
	bldPermitHome(want, bldRed, 3)
	bldPermitHome(want, bldYellow, 2)
	bldPermitHome(want, bldBlue, 2)
	bldVacate(want, house, inSupply, bldSqs(t, "c5", "d5"))
	bldNeutral(want, LargeBuilding, bldRed, 2, sqr(t, "c3"), bldSqs(t, "c3", "d3", "c4", "d4", "c5", "d5"))
	want.cubes[bldRed] = 2
	want.builds = 1
	mustReach(t, g, want, m)
}

// TestBuildOverOwnBuildings: §6.5 — the builder may build over their own
// buildings; they are displaced like anyone's.
func TestBuildOverOwnBuildings(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	house := placeBuilding(t, g, bldRed, House, sqr(t, "c3")) // c3 d3
	well := placeBuilding(t, g, bldRed, Well, sqr(t, "e3"))
	placePermit(t, g, bldRed, 2, sqr(t, "d4"))
	placePermit(t, g, bldRed, 1, sqr(t, "e4"))
	setGold(t, g, bldRed, 3)
	m := bldBuild(Tavern, sqr(t, "d3"), NoInfluence) // d3 e3 d4 e4
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3
	bldPermitHome(want, bldRed, 2)
	bldPermitHome(want, bldRed, 1)
	bldVacate(want, house, inSupply, bldSqs(t, "c3", "d3"))
	bldVacate(want, well, inSupply, bldSqs(t, "e3"))
	bldNeutral(want, Tavern, bldRed, 1, sqr(t, "d3"), bldSqs(t, "d3", "e3", "d4", "e4"))
	want.cubes[bldRed] = 1 // the well's cube came back, the tavern's went out
	want.builds = 1
	mustReach(t, g, want, m)
}

// TestBuildTradeFields: §6.6, §6.7, §9 — the owner of a displaced building
// loses the TP of the trade fields it covered (and a milestone cube when the
// disk falls below it); the builder gains the TP of the fields the new
// building covers (and a milestone cube).
func TestBuildTradeFields(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	market := placeBuilding(t, g, bldBlue, Market, sqr(t, "a2")) // a2 b2: 1 TP
	tavern := placeBuilding(t, g, bldBlue, Tavern, sqr(t, "a3")) // a3 b3 a4 b4: 2 TP
	if g.tp[bldBlue] != 3 || !g.HasMilestoneCube(bldBlue, 3) || g.cubes[bldBlue] != 3 {
		t.Fatalf("setup: Blue tp %d, milestone 3 %v, cubes %d", g.tp[bldBlue], g.HasMilestoneCube(bldBlue, 3), g.cubes[bldBlue])
	}
	placePermit(t, g, bldRed, 4, sqr(t, "a5"))
	placePermit(t, g, bldRed, 3, sqr(t, "b5"))
	placePermit(t, g, bldRed, 2, sqr(t, "a6"))
	setGold(t, g, bldRed, 5)
	m := bldBuild(LargeBuilding, sqr(t, "a4"), NoInfluence) // a4 b4 a5 b5 a6 b6
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 5
	bldPermitHome(want, bldRed, 4)
	bldPermitHome(want, bldRed, 3)
	bldPermitHome(want, bldRed, 2)
	bldVacate(want, tavern, inSupply, bldSqs(t, "a3", "b3", "a4", "b4"))
	want.tp[bldBlue] = 1         // the market's a2 only
	want.milestones[bldBlue] = 0 // the disk fell below 3
	want.cubes[bldBlue] = 1      // the market's cube
	bldNeutral(want, LargeBuilding, bldRed, 2, sqr(t, "a4"), bldSqs(t, "a4", "b4", "a5", "b5", "a6", "b6"))
	want.tp[bldRed] = 3         // a4 a5 a6
	want.milestones[bldRed] = 1 // milestone 3
	want.cubes[bldRed] = 3      // two flags and the milestone
	want.builds = 1
	mustApply(t, g, m)
	if d := diffGames(want, g); d != "" {
		t.Errorf("%v (-want +got):\n%s", m, d)
	}
	if g.pieceSq[market] != sqr(t, "a2") {
		t.Errorf("the untouched market moved")
	}
	mustValid(t, g)

	// A player building on a harbor field: its owner loses the TP too.
	g = bldGame(t, 4, bldRed)
	house := placeBuilding(t, g, bldGreen, House, sqr(t, "a9")) // a9 b9: 1 TP
	placePermit(t, g, bldRed, 4, sqr(t, "a10"))
	placePermit(t, g, bldRed, 3, sqr(t, "b10"))
	setGold(t, g, bldRed, 3)
	m = bldBuild(Shop, sqr(t, "a9"), NoInfluence) // a9 b9 a10 b10
	want = g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3
	bldPermitHome(want, bldRed, 4)
	bldPermitHome(want, bldRed, 3)
	bldVacate(want, house, inSupply, bldSqs(t, "a9", "b9"))
	want.tp[bldGreen] = 0
	bldNeutral(want, Shop, bldRed, 1, sqr(t, "a9"), bldSqs(t, "a9", "b9", "a10", "b10"))
	want.cubes[bldRed] = 1
	want.tp[bldRed] = 2 // a9 a10
	want.builds = 1
	mustReach(t, g, want, m)
}

// TestBuildLastCubeWins: §6.7 with interpretation 8 — a builder with one
// free cube who builds a two-flag building puts it on the first flag and
// wins at once; the second flag stays empty.
func TestBuildLastCubeWins(t *testing.T) {
	g := bldGame(t, 4, bldRed)
	for _, s := range []string{"b2", "c2", "d2", "e2"} {
		placeBuilding(t, g, bldRed, Well, sqr(t, s))
	}
	for _, s := range []string{"b3", "d3", "f3", "h3"} {
		placeBuilding(t, g, bldRed, Market, sqr(t, s))
	}
	placeBuilding(t, g, bldRed, Shop, sqr(t, "b4"))
	if g.cubes[bldRed] != 9 {
		t.Fatalf("setup: Red has %d cubes placed, want 9", g.cubes[bldRed])
	}
	placePermit(t, g, bldRed, 4, sqr(t, "e8"))
	placePermit(t, g, bldRed, 3, sqr(t, "f8"))
	placePermit(t, g, bldRed, 2, sqr(t, "e9"))
	setGold(t, g, bldRed, 5)
	m := bldBuild(LargeBuilding, sqr(t, "e8"), NoInfluence)
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 5
	bldPermitHome(want, bldRed, 4)
	bldPermitHome(want, bldRed, 3)
	bldPermitHome(want, bldRed, 2)
	bldNeutral(want, LargeBuilding, bldRed, 1, sqr(t, "e8"), bldSqs(t, "e8", "f8", "e9", "f9", "e10", "f10"))
	want.cubes[bldRed] = 10
	want.phase = PhaseOver
	want.winner = bldRed
	want.builds = 1
	mustApply(t, g, m)
	if d := diffGames(want, g); d != "" {
		t.Errorf("%v (-want +got):\n%s", m, d)
	}
	if g.Winner() != bldRed || !g.Over() {
		t.Errorf("winner %v, over %v; want Red, true", g.Winner(), g.Over())
	}
	mustValid(t, g)
}

// TestBuildLegalBuilds: Legal lists exactly the builds whose footprint holds
// a permit of the builder, lies in the city, has enough permits and a
// majority, and that the builder can pay (§6 steps 1–3).
func TestBuildLegalBuilds(t *testing.T) {
	cases := []struct {
		gold    int
		permits []bldPermit
		want    []string
	}{
		// Two permits of the builder: footprints holding both are listed once.
		{2, []bldPermit{{bldRed, 0, "e3"}, {bldRed, 1, "e4"}}, []string{"build house d3", "build house d4",
			"build house e3", "build house e4", "build workshop e2", "build workshop e3", "build workshop e4"}},
		{3, nil, []string{"build house d4", "build house e4", "build workshop e3", "build workshop e4"}},
		// Tavern/shop: cost 3 + 1 to Blue; house e4: 1 + 1; market e4: 5 + 1.
		{4, nil, []string{"build house d4", "build house e4", "build shop e3", "build shop e4",
			"build tavern e3", "build tavern e4", "build workshop e3", "build workshop e4"}},
		{6, nil, []string{"build house d4", "build house e4", "build market d4", "build market e4",
			"build shop e3", "build shop e4", "build tavern e3", "build tavern e4",
			"build well e4", "build workshop e3", "build workshop e4"}},
	}
	for _, c := range cases {
		g := bldGame(t, 4, bldRed)
		permits := c.permits
		if permits == nil {
			permits = []bldPermit{{bldRed, 2, "e4"}, {bldBlue, 1, "f4"}}
		}
		for _, p := range permits {
			placePermit(t, g, p.p, p.v, sqr(t, p.s))
		}
		setGold(t, g, bldRed, c.gold)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if got := bldMoves(g, Build); !slices.Equal(got, want) {
			t.Errorf("gold %d: legal builds\n got %q\nwant %q", c.gold, got, want)
		}
	}
}

// bldRebuildSquares lists, by the rule of §6.8 and interpretation 4, the
// rebuild moves of starter b in a game of n players where the squares in
// taken hold something: empty squares (not c8 before the church) that are
// not trade fields; a totem needs the square below too.
func bldRebuildSquares(t *testing.T, n int, b Building, taken []string) []string {
	t.Helper()
	busy := map[string]bool{"c8": true}
	for _, s := range taken {
		busy[s] = true
	}
	rows := Rows()
	free := func(col, ri int) bool {
		if col < 1 || col >= 2*n+1 || ri >= len(rows) { // column a: harbor fields
			return false
		}
		name := string(rune('a'+col)) + rows[ri].String()
		gate := (ri == 0 || ri == len(rows)-1) && (col == 5 && n >= 3 || col == 7 && n == 4)
		return !busy[name] && !gate
	}
	var out []string
	for ri := range rows {
		for col := 0; col < NumColumns; col++ {
			if free(col, ri) && (b == Hut || free(col, ri+1)) {
				out = append(out, Move{Kind: Rebuild, Building: b, Square: sq(col, ri)}.String())
			}
		}
	}
	return out
}

// TestBuildRebuildHut: §6.8 and interpretation 4 — a displaced hut is
// rebuilt at once by its owner on an empty square that is no trade field and
// holds no permit; Legal lists exactly those; rebuilding is not a build, so
// the builder still has their second build.
func TestBuildRebuildHut(t *testing.T) {
	g := bldGame(t, 2, bldRed)
	hut := placeBuilding(t, g, bldBlue, Hut, sqr(t, "d3"))
	placePermit(t, g, bldRed, 2, sqr(t, "c3"))
	placePermit(t, g, bldRed, 1, sqr(t, "c4"))
	placePermit(t, g, bldRed, 4, sqr(t, "e12"))
	placePermit(t, g, bldBlue, 0, sqr(t, "b2"))
	setGold(t, g, bldRed, 8)
	want := g.Clone()
	want.gold[bldRed] = 5
	want.bank += 3
	bldPermitHome(want, bldRed, 2)
	bldPermitHome(want, bldRed, 1)
	bldVacate(want, hut, awaitingRebuild, bldSqs(t, "d3"))
	want.rebuild[bldBlue] = 1 // the hut
	bldNeutral(want, Tavern, bldRed, 1, sqr(t, "c3"), bldSqs(t, "c3", "d3", "c4", "d4"))
	want.cubes[bldRed] = 1
	want.builds = 1
	want.phase = PhaseRebuild
	want.toMove = bldBlue
	mustApply(t, g, bldBuild(Tavern, sqr(t, "c3"), NoInfluence))
	if d := diffGames(want, g); d != "" {
		t.Fatalf("tavern over Blue's hut (-want +got):\n%s", d)
	}
	mustValid(t, g)
	if g.BuildingSquare(bldBlue, Hut) != AwaitingRebuild || !g.RebuildPending(bldBlue, Hut) || g.BuildsLeft() != 1 {
		t.Errorf("hut at %v, pending %v, builds left %d; want awaiting, true, 1",
			g.BuildingSquare(bldBlue, Hut), g.RebuildPending(bldBlue, Hut), g.BuildsLeft())
	}
	wantMoves := bldRebuildSquares(t, 2, Hut, []string{"c3", "d3", "c4", "d4", "b2", "e12"})
	slices.Sort(wantMoves)
	if got := bldMoves(g, Rebuild); !slices.Equal(got, wantMoves) {
		t.Errorf("legal rebuilds\n got %q\nwant %q", got, wantMoves)
	}
	// The rebuild is optional (§6.8): Legal ends with the move that declines.
	if l := g.Legal(); len(l) != len(wantMoves)+1 || l[len(l)-1] != (Move{Kind: DeclineRebuild, Building: Hut}) {
		t.Errorf("Legal has %d moves ending %v, want the %d rebuilds and then remove hut", len(l), l[len(l)-1], len(wantMoves))
	}
	for _, m := range []Move{
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "a5")},   // harbor field
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "b2")},   // a permit
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "c8")},   // church foundation
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "c4")},   // the tavern
		{Kind: Rebuild, Building: Hut, Square: sqr(t, "f3")},   // outside the 2-player city
		{Kind: Rebuild, Building: Hut, Square: NoSquare},       // no square
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "e5")}, // not displaced
		{Kind: Rebuild, Building: House, Square: sqr(t, "e5")}, // not a starter
	} {
		mustRefuse(t, g, m, nil)
	}
	mustRefuse(t, g, bldBuild(House, sqr(t, "e12"), NoInfluence), ErrWrongPhase)
	mustRefuse(t, g, Move{Kind: EndBuilding}, ErrWrongPhase)

	want = g.Clone()
	bldOccupy(want, hut, sqr(t, "e5"), bldSqs(t, "e5"))
	want.rebuild[bldBlue] = 0
	want.phase = PhaseBuild
	want.toMove = bldRed
	mustReach(t, g, want, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "e5")})

	// The second build of the turn.
	want = g.Clone()
	want.gold[bldRed] = 0
	want.bank += 5
	bldPermitHome(want, bldRed, 4)
	bldNeutral(want, Well, bldRed, 1, sqr(t, "e12"), bldSqs(t, "e12"))
	want.cubes[bldRed] = 2
	want.builds = 2
	want.phase = PhasePermit
	mustReach(t, g, want, bldBuild(Well, sqr(t, "e12"), NoInfluence))
	mustRefuse(t, g, bldBuild(House, sqr(t, "e5"), NoInfluence), ErrWrongPhase)
}

// TestBuildRebuildOrder: §6.8 — the builder rebuilds first if their own
// starter was displaced, then the other players clockwise from the builder.
// Green (seat 2) displaces Red's hut, Yellow's totem and Green's own hut:
// Green, then Yellow, then Red (wrapping past the last seat).
func TestBuildRebuildOrder(t *testing.T) {
	g := bldGame(t, 4, bldGreen)
	redHut := placeBuilding(t, g, bldRed, Hut, sqr(t, "c2"))
	greenHut := placeBuilding(t, g, bldGreen, Hut, sqr(t, "d2"))
	yellowTotem := placeBuilding(t, g, bldYellow, Totem, sqr(t, "c4")) // c4 c5
	placePermit(t, g, bldGreen, 4, sqr(t, "c3"))
	placePermit(t, g, bldGreen, 3, sqr(t, "d3"))
	placePermit(t, g, bldGreen, 2, sqr(t, "d4"))
	setGold(t, g, bldGreen, 5)
	want := g.Clone()
	want.gold[bldGreen] = 0
	want.bank += 5
	for _, v := range []int{4, 3, 2} {
		bldPermitHome(want, bldGreen, v)
	}
	bldVacate(want, redHut, awaitingRebuild, bldSqs(t, "c2"))
	bldVacate(want, greenHut, awaitingRebuild, bldSqs(t, "d2"))
	bldVacate(want, yellowTotem, awaitingRebuild, bldSqs(t, "c4", "c5"))
	want.rebuild = [4]uint8{1, 0, 1, 2}
	bldNeutral(want, LargeBuilding, bldGreen, 2, sqr(t, "c2"), bldSqs(t, "c2", "d2", "c3", "d3", "c4", "d4"))
	want.cubes[bldGreen] = 2
	want.builds = 1
	want.phase = PhaseRebuild
	want.toMove = bldGreen
	mustApply(t, g, bldBuild(LargeBuilding, sqr(t, "c2"), NoInfluence))
	if d := diffGames(want, g); d != "" {
		t.Fatalf("large over three starters (-want +got):\n%s", d)
	}
	mustValid(t, g)

	steps := []struct {
		who  int
		m    Move
		next Player
	}{
		{bldGreen, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "g3")}, bldYellow},
		{bldYellow, Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "g5")}, bldRed},
		{bldRed, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "h3")}, bldGreen},
	}
	for _, s := range steps {
		if g.ToMove() != Player(s.who) {
			t.Fatalf("before %v: ToMove %v, want %d", s.m, g.ToMove(), s.who)
		}
		for _, m := range g.Legal() {
			if (m.Kind != Rebuild && m.Kind != DeclineRebuild) || m.Building != s.m.Building {
				t.Errorf("seat %d may play %v; only its %v rebuilds (or declining it) are legal", s.who, m, s.m.Building)
				break
			}
		}
		mustApply(t, g, s.m)
		if g.ToMove() != s.next {
			t.Errorf("after %v: ToMove %v, want %v", s.m, g.ToMove(), s.next)
		}
		mustValid(t, g)
	}
	bldOccupy(want, greenHut, sqr(t, "g3"), bldSqs(t, "g3"))
	bldOccupy(want, yellowTotem, sqr(t, "g5"), bldSqs(t, "g5", "g6"))
	bldOccupy(want, redHut, sqr(t, "h3"), bldSqs(t, "h3"))
	want.rebuild = [4]uint8{}
	want.phase = PhaseBuild
	want.toMove = bldGreen
	if d := diffGames(want, g); d != "" {
		t.Errorf("after the three rebuilds (-want +got):\n%s", d)
	}
}

// TestBuildRebuildBoth: a player whose hut and totem are both displaced
// rebuilds both, in the order they choose; a totem needs two empty squares
// one above the other (§6.8).
func TestBuildRebuildBoth(t *testing.T) {
	g := bldGame(t, 2, bldRed)
	hut := placeBuilding(t, g, bldBlue, Hut, sqr(t, "d3"))
	totem := placeBuilding(t, g, bldBlue, Totem, sqr(t, "e3")) // e3 e4
	placePermit(t, g, bldRed, 4, sqr(t, "d4"))
	placePermit(t, g, bldRed, 3, sqr(t, "d5"))
	placePermit(t, g, bldRed, 2, sqr(t, "e5"))
	setGold(t, g, bldRed, 5)
	mustApply(t, g, bldBuild(LargeBuilding, sqr(t, "d3"), NoInfluence)) // d3 e3 d4 e4 d5 e5
	large := []string{"d3", "e3", "d4", "e4", "d5", "e5"}
	if g.ToMove() != bldBlue || g.Phase() != PhaseRebuild {
		t.Fatalf("ToMove %v phase %v, want Blue rebuild", g.ToMove(), g.Phase())
	}
	wantMoves := append(bldRebuildSquares(t, 2, Hut, large), bldRebuildSquares(t, 2, Totem, large)...)
	slices.Sort(wantMoves)
	if got := bldMoves(g, Rebuild); !slices.Equal(got, wantMoves) {
		t.Errorf("legal rebuilds\n got %q\nwant %q", got, wantMoves)
	}
	for _, m := range []Move{
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "e12")}, // no row below 12
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "c6")},  // c8 below
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "d2")},  // d3 below is built
		{Kind: Rebuild, Building: Totem, Square: sqr(t, "a2")},  // harbor fields
	} {
		mustRefuse(t, g, m, nil)
	}

	want := g.Clone()
	bldOccupy(want, totem, sqr(t, "b2"), bldSqs(t, "b2", "b3"))
	want.rebuild[bldBlue] = 1 // the hut is still to come
	mustReach(t, g, want, Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "b2")})
	taken := append(slices.Clone(large), "b2", "b3")
	wantMoves = bldRebuildSquares(t, 2, Hut, taken)
	slices.Sort(wantMoves)
	if got := bldMoves(g, Rebuild); !slices.Equal(got, wantMoves) {
		t.Errorf("legal rebuilds after the totem\n got %q\nwant %q", got, wantMoves)
	}
	bldOccupy(want, hut, sqr(t, "c2"), bldSqs(t, "c2"))
	want.rebuild[bldBlue] = 0
	want.phase = PhaseBuild
	want.toMove = bldRed
	mustReach(t, g, want, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c2")})
}

// TestBuildDeclineRebuild: §6.8 — the rebuild is optional. An owner with a
// displaced starter and room for it may decline (DeclineRebuild, "remove
// hut"); the declined starter leaves the game, exactly as one with no room
// does, and the turn goes on. Both starters displaced: each is rebuilt or
// declined on its own, in the order the owner chooses.
func TestBuildDeclineRebuild(t *testing.T) {
	g := bldGame(t, 2, bldRed)
	hut := placeBuilding(t, g, bldBlue, Hut, sqr(t, "d3"))
	totem := placeBuilding(t, g, bldBlue, Totem, sqr(t, "e3")) // e3 e4
	placePermit(t, g, bldRed, 4, sqr(t, "d4"))
	placePermit(t, g, bldRed, 3, sqr(t, "d5"))
	placePermit(t, g, bldRed, 2, sqr(t, "e5"))
	setGold(t, g, bldRed, 5)
	mustApply(t, g, bldBuild(LargeBuilding, sqr(t, "d3"), NoInfluence))
	if g.ToMove() != bldBlue || g.Phase() != PhaseRebuild {
		t.Fatalf("ToMove %v phase %v, want Blue rebuild", g.ToMove(), g.Phase())
	}
	for _, b := range []Building{Hut, Totem} {
		if !hasMove(g, Move{Kind: DeclineRebuild, Building: b}) {
			t.Errorf("Legal lacks remove %v while both starters await a rebuild", b)
		}
	}
	// Declining names a starter that awaits its rebuild, and nothing else.
	for _, m := range []Move{
		{Kind: DeclineRebuild, Building: House},
		{Kind: DeclineRebuild, Building: NoBuilding},
		{Kind: DeclineRebuild, Building: LargeBuilding + 1},
	} {
		mustRefuse(t, g, m, nil)
	}
	mustRefuse(t, g, Move{Kind: DeclineRebuild, Building: Hut, Square: sqr(t, "c2")}, ErrMalformedMove)

	// Blue declines the totem: it leaves the game; the hut still waits.
	want := g.Clone()
	want.pieceSq[totem] = removedFromGame
	want.rebuild[bldBlue] = 1
	mustReach(t, g, want, Move{Kind: DeclineRebuild, Building: Totem})
	if g.BuildingSquare(bldBlue, Totem) != RemovedFromGame || g.RebuildPending(bldBlue, Totem) {
		t.Errorf("declined totem at %v, pending %v; want removed, false",
			g.BuildingSquare(bldBlue, Totem), g.RebuildPending(bldBlue, Totem))
	}
	if err := g.Check(Move{Kind: DeclineRebuild, Building: Totem}); err == nil || !strings.Contains(err.Error(), "§6.8") {
		t.Errorf("declining the totem twice: %v, want a §6.8 refusal", err)
	}
	mustRefuse(t, g, Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "b2")}, nil)
	if l := g.Legal(); l[len(l)-1] != (Move{Kind: DeclineRebuild, Building: Hut}) || slices.ContainsFunc(l, func(m Move) bool { return m.Building != Hut }) {
		t.Errorf("Legal after declining the totem = %v, want hut rebuilds then remove hut", l)
	}

	// Blue declines the hut too: the turn goes back to Red's phase 2.
	want.pieceSq[hut] = removedFromGame
	want.rebuild[bldBlue] = 0
	want.phase = PhaseBuild
	want.toMove = bldRed
	mustReach(t, g, want, Move{Kind: DeclineRebuild, Building: Hut})
	if g.BuildsLeft() != 1 {
		t.Errorf("BuildsLeft %d after the rebuilds, want 1", g.BuildsLeft())
	}

	// The same position, the hut rebuilt and the totem declined after it.
	g2 := bldGame(t, 2, bldRed)
	placeBuilding(t, g2, bldBlue, Hut, sqr(t, "d3"))
	placeBuilding(t, g2, bldBlue, Totem, sqr(t, "e3"))
	placePermit(t, g2, bldRed, 4, sqr(t, "d4"))
	placePermit(t, g2, bldRed, 3, sqr(t, "d5"))
	placePermit(t, g2, bldRed, 2, sqr(t, "e5"))
	setGold(t, g2, bldRed, 5)
	mustApply(t, g2, bldBuild(LargeBuilding, sqr(t, "d3"), NoInfluence))
	want = g2.Clone()
	bldOccupy(want, hut, sqr(t, "c2"), bldSqs(t, "c2"))
	want.pieceSq[totem] = removedFromGame
	want.rebuild[bldBlue] = 0
	want.phase = PhaseBuild
	want.toMove = bldRed
	mustReach(t, g2, want, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c2")}, Move{Kind: DeclineRebuild, Building: Totem})
}

// TestBuildRebuildNoRoom: §6.8 — a displaced starter with no legal place
// leaves the game, and the turn goes on. In this 2-player city no two empty
// squares lie one above the other outside the harbor column, so Blue's
// displaced totem is removed.
func TestBuildRebuildNoRoom(t *testing.T) {
	g := bldGame(t, 2, bldRed)
	// Rows 3 and 5 full of markets, row 8 a house (and c8), row 10 a house
	// and permits, row 12 permits: every column b–e is cut every other row.
	for _, s := range []string{"b3", "d3", "b5", "d5"} {
		placeBuilding(t, g, bldBlue, Market, sqr(t, s))
	}
	placeBuilding(t, g, bldRed, House, sqr(t, "d8"))
	placeBuilding(t, g, bldBlue, House, sqr(t, "b10"))
	placePermit(t, g, bldRed, 0, sqr(t, "b8"))
	placePermit(t, g, bldRed, 1, sqr(t, "d10"))
	placePermit(t, g, bldRed, 2, sqr(t, "e10"))
	placePermit(t, g, bldBlue, 0, sqr(t, "b12"))
	placePermit(t, g, bldBlue, 1, sqr(t, "c12"))
	totem := placeBuilding(t, g, bldBlue, Totem, sqr(t, "d11")) // d11 d12
	placePermit(t, g, bldRed, 4, sqr(t, "e11"))
	placePermit(t, g, bldRed, 3, sqr(t, "e12"))
	setGold(t, g, bldRed, 3)
	m := bldBuild(Tavern, sqr(t, "d11"), NoInfluence) // d11 e11 d12 e12
	after := []string{"b3", "c3", "d3", "e3", "b5", "c5", "d5", "e5", "b8", "d8", "e8",
		"b10", "c10", "d10", "e10", "d11", "e11", "b12", "c12", "d12", "e12"}
	if free := bldRebuildSquares(t, 2, Totem, after); len(free) != 0 {
		t.Fatalf("setup: the totem would have room: %v", free)
	}
	want := g.Clone()
	want.gold[bldRed] = 0
	want.bank += 3
	bldPermitHome(want, bldRed, 4)
	bldPermitHome(want, bldRed, 3)
	bldVacate(want, totem, removedFromGame, bldSqs(t, "d11", "d12"))
	bldNeutral(want, Tavern, bldRed, 1, sqr(t, "d11"), bldSqs(t, "d11", "e11", "d12", "e12"))
	want.cubes[bldRed] = 1
	want.builds = 1
	mustApply(t, g, m)
	if d := diffGames(want, g); d != "" {
		t.Errorf("%v (-want +got):\n%s", m, d)
	}
	if g.BuildingSquare(bldBlue, Totem) != RemovedFromGame || g.Phase() != PhaseBuild || g.ToMove() != bldRed {
		t.Errorf("totem at %v, phase %v, to move %v; want removed, build, Red",
			g.BuildingSquare(bldBlue, Totem), g.Phase(), g.ToMove())
	}
	mustValid(t, g)
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
	mustRefuse(t, g, bldBuild(Workshop, sqr(t, "e5"), NoInfluence), ErrWrongPhase)
	mustRefuse(t, g, Move{Kind: EndBuilding}, ErrWrongPhase)

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
	mustRefuse(t, g, m, nil)
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
