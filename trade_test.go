package elasund

import (
	"testing"
)

// Scenario tests of the trade track (RULES.md §9, interpretation 5) and of
// the end of the game (§11, interpretation 8).

// chPermits puts player p's permits of values 1, 2, 3, … on the squares.
func chPermits(t *testing.T, g *Game, p int, squares ...string) {
	t.Helper()
	for i, s := range squares {
		placePermit(t, g, p, i+1, sqr(t, s))
	}
}

// chReturnPermits returns the permits on the squares to their owners (for a
// want state).
func chReturnPermits(t *testing.T, g *Game, squares ...string) {
	t.Helper()
	for _, s := range squares {
		q := sqr(t, s)
		p, v := permitOf(g.cell[q])
		g.permitSq[p][v] = inSupply
		g.setCell(q, 0)
	}
}

// chPut puts building b of player p at s in a want state by hand: the piece
// on its squares and, for a neutral building, its owner and k cubes on its
// flags (the player's cube count is left to the caller). It returns the
// piece id.
func chPut(t *testing.T, g *Game, p int, b Building, s string, k uint8) int {
	t.Helper()
	id := playerPiece(p, b)
	if b.Neutral() {
		id = g.freeNeutral(b)
		g.pieceOwner[id] = int8(p)
		g.pieceCubes[id] = k
	}
	q := sqr(t, s)
	g.pieceSq[id] = q
	for dy := 0; dy < b.Height(); dy++ {
		for dx := 0; dx < b.Width(); dx++ {
			g.setCell(sq(q.col()+dx, q.ri()+dy), uint8(id+1))
		}
	}
	return id
}

// chTake removes the building standing on s from a want state by hand: a
// player building goes to its supply, a neutral one to the neutral supply
// without cubes (the cube count and trade points are left to the caller).
func chTake(t *testing.T, g *Game, s string) {
	t.Helper()
	id := int(g.cell[sqr(t, s)]) - 1
	if id < 0 || id >= numPieces {
		t.Fatalf("chTake: no building on %s", s)
	}
	o, b := g.pieceSq[id], pieceKinds[id]
	for dy := 0; dy < b.Height(); dy++ {
		for dx := 0; dx < b.Width(); dx++ {
			g.setCell(sq(o.col()+dx, o.ri()+dy), 0)
		}
	}
	g.pieceSq[id] = inSupply
	if b.Neutral() {
		g.pieceOwner[id], g.pieceCubes[id] = -1, 0
	}
}

type chPlaced struct {
	b  Building
	at string
}

// Trade points: the trade fields a building covers, 1 per harbor field
// (column a), 2 per gate field (f2, f12 with 3 and 4 players; h2, h12 with
// 4), none elsewhere.
func TestTradePointsOfBuildings(t *testing.T) {
	cases := []struct {
		name    string
		n       int
		b       Building
		at      string
		permits []string
		cost    int
		tp      uint8
		bits    uint8 // milestone cubes
		cubes   uint8 // flag cubes + milestone cubes
	}{
		{"house a2", 2, House, "a2", []string{"b2"}, 1, 1, 0, 0},
		{"workshop a2", 2, Workshop, "a2", []string{"a3"}, 2, 2, 0, 0},
		{"large a2", 2, LargeBuilding, "a2", []string{"a2", "b3", "a4"}, 5, 3, 1, 3},
		{"house d2, 2 players", 2, House, "d2", []string{"d2"}, 1, 0, 0, 0},
		{"house f2, 3 players", 3, House, "f2", []string{"g2"}, 1, 2, 0, 0},
		{"house e12, 3 players", 3, House, "e12", []string{"e12"}, 1, 2, 0, 0},
		{"house g2, 4 players", 4, House, "g2", []string{"g2"}, 1, 2, 0, 0},
		{"workshop h11, 4 players", 4, Workshop, "h11", []string{"h11"}, 2, 2, 0, 0},
		{"well f12, 4 players", 4, Well, "f12", []string{"f12"}, 5, 2, 0, 1},
		{"shop e2, 4 players", 4, Shop, "e2", []string{"e3", "f3"}, 3, 2, 0, 1},
		{"shop f11, 3 players", 3, Shop, "f11", []string{"f11", "g11"}, 3, 2, 0, 1},
		{"tavern c11, 4 players", 4, Tavern, "c11", []string{"c11", "d12"}, 3, 0, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, c.n)
			clearCity(t, g)
			chPermits(t, g, 0, c.permits...)
			chBuildPhase(t, g, 0, 10)
			want := g.Clone()
			chReturnPermits(t, want, c.permits...)
			setGold(t, want, 0, 10-c.cost)
			chPut(t, want, 0, c.b, c.at, uint8(c.b.CubeFlags()))
			want.tp[0], want.milestones[0], want.cubes[0] = c.tp, c.bits, c.cubes
			want.builds = 1
			mustReach(t, g, want, Move{Kind: Build, Building: c.b, Square: sqr(t, c.at)})
			if got := g.TradePoints(0); got != int(c.tp) {
				t.Errorf("TradePoints = %d; want %d", got, c.tp)
			}
		})
	}
}

// Reaching or passing milestones upward puts a cube on each (several at
// once if passed together); below a milestone nothing happens.
func TestTradeMilestonesUpward(t *testing.T) {
	cases := []struct {
		name      string
		pre       []chPlaced
		preTP     uint8
		preBits   uint8
		preCubes  uint8
		b         Building
		at        string
		permits   []string
		cost      int
		tp        uint8
		bits      uint8
		cubes     uint8
		diskAfter int
	}{
		{"0 to 1: no milestone", nil, 0, 0, 0,
			House, "a2", []string{"a2"}, 1, 1, 0, 0, 1},
		{"2 to 3: reach 3", []chPlaced{{Workshop, "a2"}}, 2, 0, 0,
			House, "a4", []string{"a4"}, 1, 3, 0b1, 1, 3},
		{"1 to 3 by a gate field", []chPlaced{{House, "a2"}}, 1, 0, 0,
			Workshop, "f11", []string{"f11"}, 2, 3, 0b1, 1, 3},
		{"2 to 5: pass 3 and reach 5", []chPlaced{{Workshop, "a2"}}, 2, 0, 0,
			LargeBuilding, "a4", []string{"a4", "b4", "a5"}, 5, 5, 0b11, 4, 5},
		{"4 to 7: pass 5 and reach 7", []chPlaced{{Workshop, "a2"}, {Tavern, "a4"}}, 4, 0b1, 2,
			LargeBuilding, "a6", []string{"a6", "b6", "a8"}, 5, 7, 0b111, 6, 7},
		{"9 to 11: reach 11", []chPlaced{{House, "f2"}, {Workshop, "a2"}, {Tavern, "a4"}, {Tavern, "a6"}, {Well, "a9"}}, 9, 0b1111, 7,
			Tavern, "a10", []string{"a10", "b10"}, 3, 11, 0b11111, 9, 11},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 4)
			clearCity(t, g)
			for _, pb := range c.pre {
				placeBuilding(t, g, 0, pb.b, sqr(t, pb.at))
			}
			if g.tp[0] != c.preTP || g.milestones[0] != c.preBits || g.cubes[0] != c.preCubes {
				t.Fatalf("setup: tp %d milestones %b cubes %d; want %d %b %d",
					g.tp[0], g.milestones[0], g.cubes[0], c.preTP, c.preBits, c.preCubes)
			}
			chPermits(t, g, 0, c.permits...)
			chBuildPhase(t, g, 0, 10)
			want := g.Clone()
			chReturnPermits(t, want, c.permits...)
			setGold(t, want, 0, 10-c.cost)
			chPut(t, want, 0, c.b, c.at, uint8(c.b.CubeFlags()))
			want.tp[0], want.milestones[0], want.cubes[0] = c.tp, c.bits, c.cubes
			want.builds = 1
			mustReach(t, g, want, Move{Kind: Build, Building: c.b, Square: sqr(t, c.at)})
			if got := g.TradeDisk(0); got != c.diskAfter {
				t.Errorf("TradeDisk = %d; want %d", got, c.diskAfter)
			}
		})
	}
}

// Falling below milestones returns the cubes there, all of them when the
// disk falls past several; the builder who displaced gains its own.
func TestTradeFallingBelowReturnsCubes(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	placeBuilding(t, g, 0, Workshop, sqr(t, "a2")) // a2, a3: 2
	placeBuilding(t, g, 0, Well, sqr(t, "a4"))     // 1
	placeBuilding(t, g, 0, Tavern, sqr(t, "a5"))   // a5, a6: 2
	if g.tp[0] != 5 || g.milestones[0] != 0b11 || g.cubes[0] != 4 {
		t.Fatalf("setup: red tp %d milestones %b cubes %d", g.tp[0], g.milestones[0], g.cubes[0])
	}
	chPermits(t, g, 1, "b2", "b3", "b4")
	chBuildPhase(t, g, 1, 10)

	// Blue's large building on a2–b4 displaces red's workshop and well.
	want := g.Clone()
	chTake(t, want, "a2")
	chTake(t, want, "a4")
	chReturnPermits(t, want, "b2", "b3", "b4")
	setGold(t, want, 1, 5)
	chPut(t, want, 1, LargeBuilding, "a2", 2)
	want.tp[0], want.milestones[0], want.cubes[0] = 2, 0, 1 // only the tavern's cube is left
	want.tp[1], want.milestones[1], want.cubes[1] = 3, 0b1, 3
	want.builds = 1
	mustReach(t, g, want, Move{Kind: Build, Building: LargeBuilding, Square: sqr(t, "a2")})
}

// The rulebook's example: red has 5 TP and cubes on 3 and 5; blue displaces
// a red building on a harbor field: red drops to 4 and loses the cube on 5;
// blue gains 2 TP, reaches 3 and places a cube. (The example's blue
// building here covers two harbor fields; a building covering both a
// harbor and a gate field does not exist.)
func TestTradeSeedExample(t *testing.T) {
	g := newTestGame(t, 3)
	clearCity(t, g)
	placeBuilding(t, g, 0, Well, sqr(t, "a2"))     // 1
	placeBuilding(t, g, 0, Tavern, sqr(t, "a4"))   // a4, a5: 2
	placeBuilding(t, g, 0, Workshop, sqr(t, "a6")) // a6, a8: 2
	placeBuilding(t, g, 1, House, sqr(t, "a10"))   // 1
	if g.tp[0] != 5 || g.milestones[0] != 0b11 || g.cubes[0] != 4 || g.tp[1] != 1 || g.cubes[1] != 0 {
		t.Fatalf("setup: red tp %d milestones %b cubes %d, blue tp %d cubes %d",
			g.tp[0], g.milestones[0], g.cubes[0], g.tp[1], g.cubes[1])
	}
	chPermits(t, g, 1, "a3")
	chBuildPhase(t, g, 1, 5)

	want := g.Clone()
	chTake(t, want, "a2")
	chReturnPermits(t, want, "a3")
	setGold(t, want, 1, 3)
	chPut(t, want, 1, Workshop, "a2", 0)
	want.tp[0], want.milestones[0], want.cubes[0] = 4, 0b1, 2 // tavern + milestone 3
	want.tp[1], want.milestones[1], want.cubes[1] = 3, 0b1, 1
	want.builds = 1
	mustReach(t, g, want, Move{Kind: Build, Building: Workshop, Square: sqr(t, "a2")})
	if g.TradeDisk(0) != 4 || g.HasMilestoneCube(0, 5) || !g.HasMilestoneCube(0, 3) ||
		g.TradeDisk(1) != 3 || !g.HasMilestoneCube(1, 3) || g.MilestoneCubes(3) != 2 || g.MilestoneCubes(5) != 0 {
		t.Errorf("accessors: red disk %d, blue disk %d, cubes on 3: %d, on 5: %d",
			g.TradeDisk(0), g.TradeDisk(1), g.MilestoneCubes(3), g.MilestoneCubes(5))
	}
}

// With 12 TP the disk shows 11; losing 2 takes it to 10, below 11, and the
// cube on 11 goes back.
func TestTradeAboveElevenThenBelow(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	for _, pb := range []chPlaced{{House, "f2"}, {Workshop, "f11"}, {Tavern, "a2"}, {Tavern, "a5"}, {Tavern, "a8"}, {Tavern, "a11"}} {
		placeBuilding(t, g, 0, pb.b, sqr(t, pb.at))
	}
	if g.TradePoints(0) != 12 || g.TradeDisk(0) != 11 || g.milestones[0] != 0b11111 || g.cubes[0] != 9 {
		t.Fatalf("setup: red TP %d disk %d milestones %b cubes %d; want 12 11 11111 9",
			g.TradePoints(0), g.TradeDisk(0), g.milestones[0], g.cubes[0])
	}
	mustValid(t, g)
	chPermits(t, g, 1, "f3", "g3", "f4")
	chBuildPhase(t, g, 1, 10)

	want := g.Clone()
	chTake(t, want, "f2")
	chReturnPermits(t, want, "f3", "g3", "f4")
	setGold(t, want, 1, 5)
	chPut(t, want, 1, LargeBuilding, "f2", 2)
	want.tp[0], want.milestones[0], want.cubes[0] = 10, 0b1111, 8
	want.tp[1], want.milestones[1], want.cubes[1] = 2, 0, 2
	want.builds = 1
	mustReach(t, g, want, Move{Kind: Build, Building: LargeBuilding, Square: sqr(t, "f2")})
	if g.TradeDisk(0) != 10 {
		t.Errorf("red's disk %d; want 10", g.TradeDisk(0))
	}
}

// The cap and the full milestones, on setTradePoints directly. These
// positions cannot arise in play (all trade fields together are worth 18
// TP, too few for a full milestone, and 13 TP needs ten cubes), so they
// are set up field by field and not validated.
func TestTradeCapAndFullMilestonesUnit(t *testing.T) {
	t.Run("cap at 11", func(t *testing.T) {
		g := newTestGame(t, 4)
		g.tp[0], g.milestones[0], g.cubes[0] = 13, 0b11111, 5
		want := g.Clone()
		want.tp[0] = 11 // 13 to 11: the disk stays on 11, nothing returns
		g.setTradePoints(0, 11)
		if d := diffGames(want, g); d != "" {
			t.Errorf("13 to 11 (-want +got):\n%s", d)
		}
		want.tp[0], want.milestones[0], want.cubes[0] = 10, 0b1111, 4
		g.setTradePoints(0, 10)
		if d := diffGames(want, g); d != "" {
			t.Errorf("11 to 10 (-want +got):\n%s", d)
		}
		want.tp[0], want.milestones[0], want.cubes[0] = 15, 0b11111, 5
		g.setTradePoints(0, 15)
		if d := diffGames(want, g); d != "" {
			t.Errorf("10 to 15 (-want +got):\n%s", d)
		}
		if g.TradeDisk(0) != 11 || g.TradePoints(0) != 15 {
			t.Errorf("disk %d, TP %d; want 11, 15", g.TradeDisk(0), g.TradePoints(0))
		}
		want.tp[0] = 12
		g.setTradePoints(0, 12)
		if d := diffGames(want, g); d != "" {
			t.Errorf("15 to 12 (-want +got):\n%s", d)
		}
	})
	t.Run("full milestone, freed later", func(t *testing.T) {
		g := newTestGame(t, 4)
		// Blue, green and yellow have cubes on all three flags of 5.
		for p := 1; p <= 3; p++ {
			g.tp[p], g.milestones[p], g.cubes[p] = 5, 0b11, 2
		}
		g.tp[0], g.milestones[0], g.cubes[0] = 4, 0b1, 1
		want := g.Clone()
		want.tp[0] = 6 // passes 5: no free flag, no cube
		g.setTradePoints(0, 6)
		if d := diffGames(want, g); d != "" {
			t.Errorf("red to 6 (-want +got):\n%s", d)
		}
		want.tp[1], want.milestones[1], want.cubes[1] = 4, 0b1, 1
		g.setTradePoints(1, 4) // blue frees a flag on 5; red does not claim it
		if d := diffGames(want, g); d != "" {
			t.Errorf("blue to 4 (-want +got):\n%s", d)
		}
		want.tp[0], want.milestones[0], want.cubes[0] = 7, 0b101, 2
		g.setTradePoints(0, 7) // red reaches 7: a cube there, still none on 5
		if d := diffGames(want, g); d != "" {
			t.Errorf("red to 7 (-want +got):\n%s", d)
		}
		want.tp[0], want.milestones[0], want.cubes[0] = 4, 0b1, 1
		g.setTradePoints(0, 4) // below 7 and 5: only the cube on 7 returns
		if d := diffGames(want, g); d != "" {
			t.Errorf("red to 4 (-want +got):\n%s", d)
		}
		want.tp[0], want.milestones[0], want.cubes[0] = 5, 0b11, 2
		g.setTradePoints(0, 5) // reaching 5 again upward, a flag is free now
		if d := diffGames(want, g); d != "" {
			t.Errorf("red to 5 (-want +got):\n%s", d)
		}
	})
}

// chNineCubes gives player p nine cubes on neutral buildings in the east of
// a 4-player city, away from trade fields, rows 2 and 12, column a and the
// church: taverns f5, h5, f9, h9, shops f3, h3 and wells i11, i12, g12.
func chNineCubes(t *testing.T, g *Game, p int) {
	t.Helper()
	for _, pb := range []chPlaced{{Tavern, "f5"}, {Tavern, "h5"}, {Tavern, "f9"}, {Tavern, "h9"},
		{Shop, "f3"}, {Shop, "h3"}, {Well, "i11"}, {Well, "i12"}, {Well, "g12"}} {
		placeBuilding(t, g, p, pb.b, sqr(t, pb.at))
	}
	if g.cubes[p] != 9 || g.tp[p] != 0 {
		t.Fatalf("chNineCubes: %d cubes, %d TP", g.cubes[p], g.tp[p])
	}
}

// chAssertOver checks that the game has ended with winner w: no one to
// move, no legal move, every move refused with ErrGameOver.
func chAssertOver(t *testing.T, g *Game, w Player) {
	t.Helper()
	if !g.Over() || g.Phase() != PhaseOver || g.Winner() != w || g.ToMove() != NoPlayer {
		t.Errorf("Over %v, phase %v, winner %v, to move %v; want true, over, %v, none",
			g.Over(), g.Phase(), g.Winner(), g.ToMove(), w)
	}
	if l := g.Legal(); len(l) != 0 {
		t.Errorf("Legal() = %v after the end", l)
	}
	for _, m := range []Move{{Kind: Roll}, {Kind: Roll, Dice: [2]uint8{3, 4}}, {Kind: BuildChurch},
		{Kind: KeepChurchTile, Tile: 1}, {Kind: EndBuilding}, {Kind: TakeGold}, {Kind: EndTurn},
		{Kind: Build, Building: Well, Square: sqr(t, "c3")}, {Kind: PlacePermit, Permit: 4, Square: sqr(t, "e3")},
		{Kind: BuildWall, Site: NorthSite(3)}, {Kind: BonusGold}, {}} {
		mustRefuse(t, g, m, ReasonGameOver)
	}
}

// The game ends at once when the active player places their tenth cube, by
// any means. Red has nine cubes in each case.
func TestEndTenthCubeWins(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, g *Game)
		moves []Move
		want  func(t *testing.T, g *Game)
	}{
		{"neutral building flag", func(t *testing.T, g *Game) {
			chPermits(t, g, 0, "c5", "d5")
		}, []Move{{Kind: Build, Building: Shop, Square: sqr(t, "c5")}}, func(t *testing.T, g *Game) {
			chReturnPermits(t, g, "c5", "d5")
			setGold(t, g, 0, 7)
			chPut(t, g, 0, Shop, "c5", 1)
		}},
		{"large building: first flag only", func(t *testing.T, g *Game) {
			chPermits(t, g, 0, "a2", "b2", "a3")
		}, []Move{{Kind: Build, Building: LargeBuilding, Square: sqr(t, "a2")}}, func(t *testing.T, g *Game) {
			chReturnPermits(t, g, "a2", "b2", "a3")
			setGold(t, g, 0, 5)
			chPut(t, g, 0, LargeBuilding, "a2", 1)
			g.tp[0] = 3 // a2, a3, a4: the disk reaches 3, but no cube is left
		}},
		{"later church tile", func(t *testing.T, g *Game) {
			placeChurchTile(t, g, 1, 1)
			setChurchStack(t, g, 2, 3, 4, 5, 6, 7, 8, 9)
		}, []Move{{Kind: BuildChurch}}, func(t *testing.T, g *Game) {
			setGold(t, g, 0, 3)
			g.church, g.churchLen = chStack(3, 4, 5, 6, 7, 8, 9), 7
			g.setCell(sqr(t, "d8"), chTile(2))
			g.churchOwner[2] = 0
		}},
		{"first church tile", func(t *testing.T, g *Game) {
			setChurchStack(t, g, 2, 3, 4, 5, 6, 7, 8, 9, 1)
		}, []Move{{Kind: BuildChurch}, {Kind: KeepChurchTile, Tile: 3}}, func(t *testing.T, g *Game) {
			setGold(t, g, 0, 3)
			g.church, g.churchLen = chStack(4, 5, 6, 7, 8, 9, 1, 2), 8
			g.churchOrigin = sqr(t, "a8")
			g.setCell(ChurchFoundation, chTile(3))
			g.churchOwner[3] = 0
		}},
		{"wall tower", func(t *testing.T, g *Game) {
			placeWall(t, g, 0, NorthSite(7))
			placeWall(t, g, 0, NorthSite(6))
		}, []Move{{Kind: BuildWall, Site: NorthSite(5)}}, func(t *testing.T, g *Game) {
			setGold(t, g, 0, 8)
			g.wallBuilt[0] = 3
			g.wall[NorthSite(5)] = 1<<4 | 3
		}},
		{"milestone", func(t *testing.T, g *Game) {
			placeBuilding(t, g, 0, Workshop, sqr(t, "a2"))
			chPermits(t, g, 0, "a4")
		}, []Move{{Kind: Build, Building: House, Square: sqr(t, "a4")}}, func(t *testing.T, g *Game) {
			chReturnPermits(t, g, "a4")
			setGold(t, g, 0, 9)
			chPut(t, g, 0, House, "a4", 0)
			g.tp[0], g.milestones[0] = 3, 0b1
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 4)
			clearCity(t, g)
			chNineCubes(t, g, 0)
			c.setup(t, g)
			chBuildPhase(t, g, 0, 10)
			want := g.Clone()
			c.want(t, want)
			want.cubes[0] = 10
			want.builds = 1
			want.phase = PhaseOver
			want.winner = 0
			mustReach(t, g, want, c.moves...)
			chAssertOver(t, g, 0)
		})
	}
}

// Red at 11 TP with nine cubes builds a well on the gate field h2: its
// flag takes the tenth cube; TP 13, the disk stays on 11.
func TestEndWinAboveEleven(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	for _, pb := range []chPlaced{{House, "f2"}, {Workshop, "f11"}, {Tavern, "a2"}, {Tavern, "a5"}, {Tavern, "a8"}, {Well, "a11"}} {
		placeBuilding(t, g, 0, pb.b, sqr(t, pb.at))
	}
	if g.tp[0] != 11 || g.cubes[0] != 9 {
		t.Fatalf("setup: TP %d, cubes %d; want 11, 9", g.tp[0], g.cubes[0])
	}
	chPermits(t, g, 0, "h2")
	chBuildPhase(t, g, 0, 5)
	want := g.Clone()
	chReturnPermits(t, want, "h2")
	setGold(t, want, 0, 0)
	chPut(t, want, 0, Well, "h2", 1)
	want.tp[0], want.cubes[0] = 13, 10
	want.builds = 1
	want.phase, want.winner = PhaseOver, 0
	mustReach(t, g, want, Move{Kind: Build, Building: Well, Square: sqr(t, "h2")})
	if g.TradeDisk(0) != 11 {
		t.Errorf("disk %d; want 11", g.TradeDisk(0))
	}
	chAssertOver(t, g, 0)
}

// A church tile that displaces the builder's own neutral building returns
// its cube before the tile takes one: with nine cubes, one on the
// displaced well, the builder does not win.
func TestEndDisplacedCubeComesBackFirst(t *testing.T) {
	g := newTestGame(t, 4)
	clearCity(t, g)
	for _, pb := range []chPlaced{{Tavern, "f5"}, {Tavern, "h5"}, {Tavern, "f9"}, {Tavern, "h9"},
		{Shop, "f3"}, {Shop, "h3"}, {Well, "i11"}, {Well, "i12"}} {
		placeBuilding(t, g, 0, pb.b, sqr(t, pb.at))
	}
	placeChurchTile(t, g, 1, 1)                // c8–e10
	placeBuilding(t, g, 0, Well, sqr(t, "d8")) // red's ninth cube
	setChurchStack(t, g, 2, 3, 4, 5, 6, 7, 8, 9)
	chBuildPhase(t, g, 0, 7)
	want := g.Clone()
	chTake(t, want, "d8")
	setGold(t, want, 0, 0)
	want.church, want.churchLen = chStack(3, 4, 5, 6, 7, 8, 9), 7
	want.setCell(sqr(t, "d8"), chTile(2))
	want.churchOwner[2] = 0
	want.builds = 1 // cubes: 9 - 1 + 1
	mustReach(t, g, want, Move{Kind: BuildChurch})
	if g.Over() {
		t.Errorf("the game ended")
	}
}

// Cubes are only gained on one's own turn: red has nine cubes while blue
// plays a turn whose tavern displaces blue's and red's huts (each owner
// rebuilds, builder first) and ends; red gains nothing and the game goes on.
func TestEndCubesOnlyOnOwnTurn(t *testing.T) {
	g := newTestGame(t, 4)
	chNineCubes(t, g, 0)
	chPermits(t, g, 1, "c3", "d3")
	setPhase(g, PhaseRoll, 1)
	setShip(g, 11)
	setGold(t, g, 1, 10)
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{5, 5}})                    // row 10: income only
	mustApply(t, g, Move{Kind: Build, Building: Tavern, Square: sqr(t, "c3")}) // over c4 and d4
	mustApply(t, g, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c2")})
	if g.Phase() != PhaseRebuild || g.ToMove() != 0 {
		t.Fatalf("phase %v, to move %v; want red's rebuild", g.Phase(), g.ToMove())
	}
	mustApply(t, g, Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "d2")},
		Move{Kind: EndBuilding}, Move{Kind: TakeGold}, Move{Kind: EndTurn})
	if g.cubes[0] != 9 || g.Over() || g.Active() != 2 {
		t.Fatalf("after blue's turn: red cubes %d, over %v, active %v", g.cubes[0], g.Over(), g.Active())
	}
	mustValid(t, g)
}

// §9: milestones 3, 5, 7, 9, 11 hold 4, 3, 2, 2, 1 cube flags.
func TestTradeMilestoneTable(t *testing.T) {
	if got, want := Milestones(), [5]int{3, 5, 7, 9, 11}; got != want {
		t.Errorf("Milestones() = %v, want %v", got, want)
	}
	if got, want := MilestoneFlags(), [5]int{4, 3, 2, 2, 1}; got != want {
		t.Errorf("MilestoneFlags() = %v, want %v", got, want)
	}
}
