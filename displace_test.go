package elasund

// Scenario tests for what a build does to the city: displacement and its
// limits (RULES.md §6.5–6.7), trade fields, the winning cube and the list of
// builds. Helpers such as bldGame are in building_test.go.

import (
	"slices"
	"strings"
	"testing"
)

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
	if g.CubesPlaced(bldBlue) != 0 || g.NeutralSupply(Well) != 4 || g.BuildingOrigin(bldGreen, House) != InSupply {
		t.Errorf("Blue cubes %d, wells in supply %d, Green's house at %v; want 0, 4, supply",
			g.CubesPlaced(bldBlue), g.NeutralSupply(Well), g.BuildingOrigin(bldGreen, House))
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
		why     Reason
	}{
		{"market over a tavern", []struct {
			b Building
			s string
		}{{Tavern, "e3"}}, Market, "d3", []string{"d3"}, NoInfluence, ReasonLargerBuilding},
		{"tavern over a large building", []struct {
			b Building
			s string
		}{{LargeBuilding, "e3"}}, Tavern, "d3", []string{"d3", "d4"}, NoInfluence, ReasonLargerBuilding},
		{"tavern over a shop and a large building, paying", []struct {
			b Building
			s string
		}{{Shop, "c2"}, {LargeBuilding, "e4"}}, Tavern, "d3", []string{"e3", "d4"}, InfluenceBlue, ReasonLargerBuilding},
		{"well over a house", []struct {
			b Building
			s string
		}{{House, "d3"}}, Well, "e3", nil, NoInfluence, ReasonPermitCount}, // no permit lies under the house, so §6.2 refuses it first
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
			mustRefuse(t, g, m, c.why)
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
	mustRefuse(t, g, bldBuild(Tavern, d3, NoInfluence), ReasonSameSizeUnpaid)
	mustRefuse(t, g, bldBuild(Tavern, d3, InfluenceGreen), ReasonCannotPayBuildOver) // only 2 green
	mustRefuse(t, g, bldBuild(Tavern, d3, InfluenceColor(4)), ReasonNotAnInfluenceColor)
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
		mustRefuse(t, g, m, ReasonNeedlessPay)
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
	mustRefuse(t, g, m, ReasonCannotPayBuild)
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
