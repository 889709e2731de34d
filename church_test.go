package elasund

import (
	"slices"
	"testing"
)

// Scenario tests of the church (RULES.md §8).

// chStack returns the church stack array (bottom first, unused slots zero)
// holding tiles, given top first.
func chStack(tiles ...ChurchTile) [ChurchTiles]uint8 {
	var a [ChurchTiles]uint8
	for i, x := range tiles {
		a[len(tiles)-1-i] = uint8(x)
	}
	return a
}

// chBuildPhase puts g in phase 2 of player p's turn with the ship in row 3
// and p holding gold gold, no build made yet.
func chBuildPhase(t *testing.T, g *Game, p, gold int) {
	t.Helper()
	setPhase(g, PhaseBuild, p)
	g.builds = 0
	setShip(g, 3)
	setGold(t, g, p, gold)
}

// chTile is the cell code of church tile t.
func chTile(t ChurchTile) uint8 { return uint8(cellChurch | int(t)) }

func TestChurchFirstBuilderDrawsTwoAndKeepsOne(t *testing.T) {
	g := newTestGame(t, 2)
	setChurchStack(t, g, 4, 7, 1, 2, 3, 5, 6, 8, 9)
	chBuildPhase(t, g, 0, 10)

	// Build: pay 7 gold, draw the two top tiles (4 and 7), choose.
	want := g.Clone()
	setGold(t, want, 0, 3)
	want.church = chStack(1, 2, 3, 5, 6, 8, 9)
	want.churchLen = 7
	want.churchDrawn = [2]uint8{4, 7}
	want.phase = PhaseChurchChoice
	mustApply(t, g, Move{Kind: BuildChurch})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("after BuildChurch (-want +got):\n%s", d)
	}
	mustValid(t, g)
	if a, b := g.ChurchChoice(); a != 4 || b != 7 {
		t.Errorf("ChurchChoice() = %d, %d; want 4, 7", a, b)
	}
	wantLegal := []Move{{Kind: KeepChurchTile, Tile: 4}, {Kind: KeepChurchTile, Tile: 7}}
	if got := g.Legal(); !slices.Equal(got, wantLegal) {
		t.Errorf("Legal() = %v; want exactly %v", got, wantLegal)
	}
	// Only one of the two drawn tiles may be kept.
	for _, tile := range []ChurchTile{0, 1, 2, 5, 9, 10} {
		m := Move{Kind: KeepChurchTile, Tile: tile}
		why := ReasonNotDrawnTile
		if tile < 1 || tile > ChurchTiles {
			why = ReasonNotAChurchTile
		}
		mustRefuse(t, g, m, why)
		if hasMove(g, m) {
			t.Errorf("%v is listed as legal", m)
		}
	}
	for _, m := range []Move{{Kind: EndBuilding}, {Kind: BuildChurch}, {Kind: TakeGold}} {
		mustRefuse(t, g, m, ReasonWrongPhase)
	}

	// Keep 7: it goes on c8 as place 7 (south-west), so the area is c5–e8;
	// 4 goes to the bottom of the stack; red's cube on the tile.
	want = g.Clone()
	want.church = chStack(1, 2, 3, 5, 6, 8, 9, 4)
	want.churchLen = 8
	want.churchDrawn = [2]uint8{}
	want.churchOrigin = sqr(t, "c5")
	want.setCell(sqr(t, "c8"), chTile(7))
	want.churchOwner[7] = 0
	want.cubes[0] = 1
	want.builds = 1
	want.phase = PhaseBuild
	mustReach(t, g, want, Move{Kind: KeepChurchTile, Tile: 7})
	if got := g.ChurchTilesLeft(); got != 8 {
		t.Errorf("ChurchTilesLeft() = %d; want 8", got)
	}
	if a, b := g.ChurchChoice(); a != 0 || b != 0 {
		t.Errorf("ChurchChoice() after the choice = %d, %d; want 0, 0", a, b)
	}
}

// The first tile's place is c8, which fixes the 3×3 area: for each of the
// nine possible first tiles, the area's columns and rows (derived by hand:
// place k is column (k-1)%3 and row (k-1)/3 of the area).
func TestChurchFirstTileFixesArea(t *testing.T) {
	cases := []struct {
		first  ChurchTile
		origin string
		cols   string
		rows   [3]string
	}{
		{1, "c8", "cde", [3]string{"8", "9", "10"}},
		{2, "b8", "bcd", [3]string{"8", "9", "10"}},
		{3, "a8", "abc", [3]string{"8", "9", "10"}},
		{4, "c6", "cde", [3]string{"6", "8", "9"}},
		{5, "b6", "bcd", [3]string{"6", "8", "9"}},
		{6, "a6", "abc", [3]string{"6", "8", "9"}},
		{7, "c5", "cde", [3]string{"5", "6", "8"}},
		{8, "b5", "bcd", [3]string{"5", "6", "8"}},
		{9, "a5", "abc", [3]string{"5", "6", "8"}},
	}
	for _, c := range cases {
		t.Run(c.origin, func(t *testing.T) {
			g := newTestGame(t, 2)
			other := c.first%9 + 1
			var rest []ChurchTile
			for x := ChurchTile(1); x <= 9; x++ {
				if x != c.first && x != other {
					rest = append(rest, x)
				}
			}
			setChurchStack(t, g, append([]ChurchTile{c.first, other}, rest...)...)
			chBuildPhase(t, g, 0, 9)
			if g.ChurchOrigin() != NoSquare || g.ChurchSquare(c.first) != NoSquare {
				t.Fatalf("church area fixed before the first tile")
			}
			want := g.Clone()
			setGold(t, want, 0, 2)
			want.church = chStack(append(rest, other)...)
			want.churchLen = 8
			want.churchOrigin = sqr(t, c.origin)
			want.setCell(ChurchFoundation, chTile(c.first))
			want.churchOwner[c.first] = 0
			want.cubes[0] = 1
			want.builds = 1
			mustReach(t, g, want, Move{Kind: BuildChurch}, Move{Kind: KeepChurchTile, Tile: c.first})
			if got := g.ChurchOrigin(); got != sqr(t, c.origin) {
				t.Errorf("ChurchOrigin() = %v; want %s", got, c.origin)
			}
			for k := ChurchTile(1); k <= 9; k++ {
				ws := sqr(t, string(c.cols[(k-1)%3])+c.rows[(k-1)/3])
				got := g.ChurchSquare(k)
				if got != ws {
					t.Errorf("ChurchSquare(%d) = %v; want %v", k, got, ws)
				}
				if got.Col() > 4 || got.Row() < 5 || got.Row() > 10 {
					t.Errorf("ChurchSquare(%d) = %v lies outside columns a–e, rows 5–10", k, got)
				}
			}
			if got := g.ChurchSquare(c.first); got != ChurchFoundation {
				t.Errorf("the first tile's square is %v; want c8", got)
			}
			if g.ChurchTileOwner(c.first) != 0 {
				t.Errorf("ChurchTileOwner(%d) = %v; want red", c.first, g.ChurchTileOwner(c.first))
			}
		})
	}
}

// Later builders draw the top tile and place it on its own place; two
// church tiles may be built in one turn.
func TestChurchLaterTilesGoToTheirPlace(t *testing.T) {
	g := newTestGame(t, 2)
	clearCity(t, g)
	placeChurchTile(t, g, 1, 5) // blue's tile on c8: area b6–d9
	setChurchStack(t, g, 3, 7, 1, 2, 4, 6, 8, 9)
	chBuildPhase(t, g, 0, 14)

	want := g.Clone()
	setGold(t, want, 0, 0)
	want.church = chStack(1, 2, 4, 6, 8, 9)
	want.churchLen = 6
	want.setCell(sqr(t, "d6"), chTile(3)) // place 3: north-east
	want.setCell(sqr(t, "b9"), chTile(7)) // place 7: south-west
	want.churchOwner[3], want.churchOwner[7] = 0, 0
	want.cubes[0] = 2
	want.builds = 2
	want.phase = PhasePermit
	mustReach(t, g, want, Move{Kind: BuildChurch}, Move{Kind: BuildChurch})
}

func TestChurchCostsSevenGold(t *testing.T) {
	for _, first := range []bool{true, false} {
		g := newTestGame(t, 3)
		if !first {
			placeChurchTile(t, g, 2, 1)
		}
		chBuildPhase(t, g, 0, 6)
		m := Move{Kind: BuildChurch}
		mustRefuse(t, g, m, ReasonCannotPayChurch)
		if hasMove(g, m) {
			t.Errorf("first=%v: BuildChurch legal with 6 gold", first)
		}
		setGold(t, g, 0, 7)
		if !hasMove(g, m) {
			t.Errorf("first=%v: BuildChurch not legal with 7 gold", first)
		}
		bank := g.bank
		mustApply(t, g, m)
		if g.gold[0] != 0 || g.bank != bank+7 {
			t.Errorf("first=%v: gold %d, bank %d after paying 7 from 7 (bank was %d)", first, g.gold[0], g.bank, bank)
		}
		mustValid(t, g)
	}
}

func TestChurchNoMoreAfterNineTiles(t *testing.T) {
	g := newTestGame(t, 2)
	clearCity(t, g)
	for tile := ChurchTile(1); tile <= 8; tile++ {
		placeChurchTile(t, g, int(tile)%2, tile)
	}
	chBuildPhase(t, g, 0, 20)
	// Tile 9 is the last: building it is legal and fills the church.
	want := g.Clone()
	setGold(t, want, 0, 13)
	want.church = [ChurchTiles]uint8{}
	want.churchLen = 0
	want.setCell(sqr(t, "e10"), chTile(9))
	want.churchOwner[9] = 0
	want.cubes[0]++
	want.builds = 1
	mustReach(t, g, want, Move{Kind: BuildChurch})
	m := Move{Kind: BuildChurch}
	mustRefuse(t, g, m, ReasonChurchComplete)
	if hasMove(g, m) {
		t.Errorf("BuildChurch legal after nine tiles")
	}
}

// What the tile lands on: an empty square, a permit (returned without
// compensation), or any building (displaced whatever its size, §6.6).
// Blue's first tile 1 fixed the area c8–e10; red builds the next tile.
func TestChurchTileLandsOn(t *testing.T) {
	cases := []struct {
		name  string
		tile  ChurchTile
		setup func(t *testing.T, g *Game)
		want  func(t *testing.T, g *Game) // the changes beyond tile, cube and gold
	}{
		{"empty", 5, func(*testing.T, *Game) {}, func(*testing.T, *Game) {}},
		{"blue permit", 5, func(t *testing.T, g *Game) {
			placePermit(t, g, 1, 4, sqr(t, "d9"))
		}, func(t *testing.T, g *Game) {
			g.setCell(sqr(t, "d9"), 0)
			g.permitSq[1][4] = inSupply
		}},
		{"own permit", 5, func(t *testing.T, g *Game) {
			placePermit(t, g, 0, 2, sqr(t, "d9"))
		}, func(t *testing.T, g *Game) {
			g.setCell(sqr(t, "d9"), 0)
			g.permitSq[0][2] = inSupply
		}},
		{"blue house", 6, func(t *testing.T, g *Game) {
			placeBuilding(t, g, 1, House, sqr(t, "d9")) // d9, e9
		}, func(t *testing.T, g *Game) {
			g.setCell(sqr(t, "d9"), 0)
			g.setCell(sqr(t, "e9"), 0)
			g.pieceSq[playerPiece(1, House)] = inSupply
		}},
		{"large building", 6, func(t *testing.T, g *Game) {
			placeBuilding(t, g, 1, LargeBuilding, sqr(t, "d9")) // d9–e11, 2 cubes
		}, func(t *testing.T, g *Game) {
			id := neutralFirst[LargeBuilding]
			for _, s := range []string{"d9", "e9", "d10", "e10", "d11", "e11"} {
				g.setCell(sqr(t, s), 0)
			}
			g.pieceSq[id], g.pieceOwner[id], g.pieceCubes[id] = inSupply, -1, 0
			g.cubes[1] -= 2
		}},
		{"red's own shop", 9, func(t *testing.T, g *Game) {
			placeBuilding(t, g, 0, Shop, sqr(t, "d10")) // d10, e10, d11, e11
		}, func(t *testing.T, g *Game) {
			id := neutralFirst[Shop]
			for _, s := range []string{"d10", "e10", "d11", "e11"} {
				g.setCell(sqr(t, s), 0)
			}
			g.pieceSq[id], g.pieceOwner[id], g.pieceCubes[id] = inSupply, -1, 0
			g.cubes[0]--
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 2)
			clearCity(t, g)
			placeChurchTile(t, g, 1, 1)
			rest := []ChurchTile{c.tile}
			for x := ChurchTile(2); x <= 9; x++ {
				if x != c.tile {
					rest = append(rest, x)
				}
			}
			setChurchStack(t, g, rest...)
			setGold(t, g, 1, 5)
			c.setup(t, g)
			chBuildPhase(t, g, 0, 8)
			want := g.Clone()
			c.want(t, want)
			setGold(t, want, 0, 1)
			want.church = chStack(rest[1:]...)
			want.churchLen = 7
			want.setCell(churchSquare(sqr(t, "c8"), c.tile), chTile(c.tile))
			want.churchOwner[c.tile] = 0
			want.cubes[0]++
			want.builds = 1
			mustReach(t, g, want, Move{Kind: BuildChurch})
			if g.gold[1] != 5 {
				t.Errorf("blue has %d gold; want 5 (no compensation)", g.gold[1])
			}
		})
	}
}

// A tile on a starter displaces it; its owner must rebuild it before the
// builder goes on.
func TestChurchTileDisplacesStarter(t *testing.T) {
	g := newTestGame(t, 4)
	placeChurchTile(t, g, 1, 1) // area c8–e10; green's hut stands on d10
	setChurchStack(t, g, 8, 2, 3, 4, 5, 6, 7, 9)
	chBuildPhase(t, g, 0, 7)

	want := g.Clone()
	hut := playerPiece(2, Hut)
	setGold(t, want, 0, 0)
	want.church = chStack(2, 3, 4, 5, 6, 7, 9)
	want.churchLen = 7
	want.setCell(sqr(t, "d10"), chTile(8))
	want.churchOwner[8] = 0
	want.cubes[0]++
	want.pieceSq[hut] = awaitingRebuild
	want.rebuild[2] = 1
	want.builds = 1
	want.phase = PhaseRebuild
	want.toMove = 2
	mustApply(t, g, Move{Kind: BuildChurch})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	mustValid(t, g)
	if g.ToMove() != 2 {
		t.Fatalf("ToMove() = %v; want green (2)", g.ToMove())
	}
	// The hut may go on any empty square that is not a trade field.
	var wantRebuilds []Move
	for _, s := range CitySquares(4) {
		if g.IsEmpty(s) && s.Col() != 0 && s != sqr(t, "f2") && s != sqr(t, "h2") && s != sqr(t, "f12") && s != sqr(t, "h12") {
			wantRebuilds = append(wantRebuilds, Move{Kind: Rebuild, Building: Hut, Square: s})
		}
	}
	wantRebuilds = append(wantRebuilds, Move{Kind: DeclineRebuild, Building: Hut}) // §6.8: optional
	if got := g.Legal(); !slices.Equal(got, wantRebuilds) {
		t.Errorf("Legal() = %v\nwant %v", got, wantRebuilds)
	}
	mustApply(t, g, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "f5")})
	want.pieceSq[hut] = sqr(t, "f5")
	want.setCell(sqr(t, "f5"), uint8(hut+1))
	want.rebuild[2] = 0
	want.phase = PhaseBuild
	want.toMove = 0
	if d := diffGames(want, g); d != "" {
		t.Errorf("after the rebuild (-want +got):\n%s", d)
	}
	mustValid(t, g)
}

// A tile on a trade field gives no trade points; one landing on another
// player's large building on harbor fields displaces it, and its owner
// loses the building's cubes, its trade points and the milestone cube.
func TestChurchTileOnHarborField(t *testing.T) {
	g := newTestGame(t, 3)
	clearCity(t, g)
	placeChurchTile(t, g, 1, 3)                         // area a8–c10
	placeBuilding(t, g, 2, LargeBuilding, sqr(t, "a9")) // a9–b11: 3 TP
	if g.tp[2] != 3 || g.milestones[2] != 1 || g.cubes[2] != 3 {
		t.Fatalf("setup: green tp %d, milestones %b, cubes %d", g.tp[2], g.milestones[2], g.cubes[2])
	}
	setChurchStack(t, g, 4, 1, 2, 5, 6, 7, 8, 9)
	chBuildPhase(t, g, 0, 7)

	want := g.Clone()
	id := neutralFirst[LargeBuilding]
	for _, s := range []string{"a9", "b9", "a10", "b10", "a11", "b11"} {
		want.setCell(sqr(t, s), 0)
	}
	want.pieceSq[id], want.pieceOwner[id], want.pieceCubes[id] = inSupply, -1, 0
	want.tp[2], want.milestones[2], want.cubes[2] = 0, 0, 0
	setGold(t, want, 0, 0)
	want.church = chStack(1, 2, 5, 6, 7, 8, 9)
	want.churchLen = 7
	want.setCell(sqr(t, "a9"), chTile(4))
	want.churchOwner[4] = 0
	want.cubes[0] = 1 // red's tp stays 0: no TP for a church tile
	want.builds = 1
	mustReach(t, g, want, Move{Kind: BuildChurch})
	if g.TradePoints(0) != 0 {
		t.Errorf("red has %d TP from a church tile on a harbor field; want 0", g.TradePoints(0))
	}
}

// Church tiles are never built over; the empty squares between them take
// permits and buildings.
func TestChurchTilesNeverBuiltOver(t *testing.T) {
	g := newTestGame(t, 2)
	clearCity(t, g)
	placeChurchTile(t, g, 1, 1) // c8
	placeChurchTile(t, g, 1, 3) // e8
	chBuildPhase(t, g, 0, 20)
	setShip(g, 8)
	placePermit(t, g, 0, 4, sqr(t, "d9"))
	placePermit(t, g, 0, 3, sqr(t, "b9"))
	placePermit(t, g, 0, 2, sqr(t, "d10"))
	church := map[Square]bool{sqr(t, "c8"): true, sqr(t, "e8"): true}
	for _, m := range []Move{
		{Kind: Build, Building: House, Square: sqr(t, "d8")},         // d8, e8
		{Kind: Build, Building: Workshop, Square: sqr(t, "c8")},      // c8, c9
		{Kind: Build, Building: Tavern, Square: sqr(t, "b8")},        // b8, c8, b9, c9
		{Kind: Build, Building: LargeBuilding, Square: sqr(t, "d6")}, // d6–e9
	} {
		if me := mustRefuse(t, g, m, ReasonCoversChurch); me.Reason != ReasonCoversChurch {
			t.Errorf("%v refused for %v (%q); want the church-tile rule", m, me.Reason, me.Rule)
		}
		if hasMove(g, m) {
			t.Errorf("%v is listed as legal", m)
		}
	}
	// No legal build covers a church tile.
	for _, m := range legalOfKind(g, Build) {
		b := m.Building
		for dy := 0; dy < b.Height(); dy++ {
			for dx := 0; dx < b.Width(); dx++ {
				if church[sq(m.Square.col()+dx, m.Square.ri()+dy)] {
					t.Errorf("legal %v covers a church tile", m)
				}
			}
		}
	}
	// A well on d9, between church tiles, is legal.
	if !hasMove(g, Move{Kind: Build, Building: Well, Square: sqr(t, "d9")}) {
		t.Errorf("a well on d9 between church tiles is not legal")
	}
	mustApply(t, g, Move{Kind: Build, Building: Well, Square: sqr(t, "d9")}, Move{Kind: EndBuilding})
	// Phase 3, ship in row 8: the permits may go on a8, b8 and d8 (d8 lies
	// between the two tiles), not on c8 or e8.
	var got []Square
	for _, m := range legalOfKind(g, PlacePermit) {
		if m.Permit == 0 && m.Pay == NoInfluence {
			got = append(got, m.Square)
		}
	}
	if want := []Square{sqr(t, "a8"), sqr(t, "b8"), sqr(t, "d8")}; !slices.Equal(got, want) {
		t.Errorf("permit 0 squares = %v; want %v", got, want)
	}
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "e8")}, ReasonSquareNotEmpty)
	mustApply(t, g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "d8")})
	mustValid(t, g)
}

// The rulebook's example: yellow builds the first church tile and marks it
// with a cube, fixing the area; red's second tile displaces blue's tavern,
// whose cube goes back to blue.
func TestChurchSeedExample(t *testing.T) {
	g := newTestGame(t, 4) // red, blue, green, yellow
	setChurchStack(t, g, 5, 9, 2, 1, 3, 4, 6, 7, 8)
	placeBuilding(t, g, 1, Tavern, sqr(t, "c5")) // c5, d5, c6, d6
	chBuildPhase(t, g, 3, 7)

	want := g.Clone()
	setGold(t, want, 3, 0)
	want.church = chStack(2, 1, 3, 4, 6, 7, 8, 9)
	want.churchLen = 8
	want.churchOrigin = sqr(t, "b6") // place 5 (centre) on c8
	want.setCell(ChurchFoundation, chTile(5))
	want.churchOwner[5] = 3
	want.cubes[3] = 1
	want.builds = 1
	mustApply(t, g, Move{Kind: BuildChurch}, Move{Kind: KeepChurchTile, Tile: 5})
	if d := diffGames(want, g); d != "" {
		t.Fatalf("yellow's tile (-want +got):\n%s", d)
	}
	mustValid(t, g)

	// Red's turn: tile 2 goes on c6, under blue's tavern.
	chBuildPhase(t, g, 0, 7)
	if g.cubes[1] != 1 {
		t.Fatalf("blue has %d cubes; want 1 on the tavern", g.cubes[1])
	}
	want = g.Clone()
	tav := neutralFirst[Tavern]
	for _, s := range []string{"c5", "d5", "c6", "d6"} {
		want.setCell(sqr(t, s), 0)
	}
	want.pieceSq[tav], want.pieceOwner[tav], want.pieceCubes[tav] = inSupply, -1, 0
	want.cubes[1] = 0
	setGold(t, want, 0, 0)
	want.church = chStack(1, 3, 4, 6, 7, 8, 9)
	want.churchLen = 7
	want.setCell(sqr(t, "c6"), chTile(2))
	want.churchOwner[2] = 0
	want.cubes[0] = 1
	want.builds = 1
	mustReach(t, g, want, Move{Kind: BuildChurch})
}
