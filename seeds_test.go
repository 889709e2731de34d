package elasund

// The rulebooks' worked examples, each replayed as a test (issue 3, item 5).
//
// The examples appear in three of the seed texts in ../shared/rules/seeds/:
// 000_1ac1bb9ade6581ac.txt (English edition), 002_db808f26dd97decd.txt
// (French edition) and 003_b21b4a34865f8991.txt (Spanish-English
// translation); the reference manual (001) and the summary (004) have none.
// The English wording is quoted below; the other two tell the same examples
// with the same numbers. Passages are cited by file and by the
// rulebooks' own headings: §1 to §3 are the numbered phases of a turn
// ("1) Roll the dice…", "2) Build…", "3) Place 1 building permit…") and
// §2c, §2d, §2e their lettered parts; other sections by their title.
//
// Where the French text names a different building (a "salle de réunion"
// for the tavern of the same-size example and of the church example),
// the English and Spanish-English texts and RULES.md §3 win: the example's
// building needs 2 permits and is the size of the buildings it displaces,
// so it is a tavern.

import (
	"testing"
)

// Seats of a 4-player test game (newTestGame): Red, Blue, Green, Yellow.
const (
	seedRed    = 0
	seedBlue   = 1
	seedGreen  = 2
	seedYellow = 3
)

// seedGame returns a 4-player game with the city cleared (starters out of
// the game) and player p in phase 2 with the ship in row 2.
func seedGame(t *testing.T, p int) *Game {
	t.Helper()
	g := newTestGame(t, 4)
	clearCity(t, g)
	setShip(g, 2)
	setPhase(g, PhaseBuild, p)
	return g
}

// TestSeedTavern reproduces the same-size example (000 §2e "Building Over
// Buildings of the Same Size"; 002 §2e, 003 §2e): Yellow has the highest
// permit, compensates Red 1 gold for his permit and builds a tavern; to
// build over the two buildings of Red and Blue (neutral, the same size,
// 2×2) she must play 3 matching influence cards; Red and Blue return their
// buildings to the supply and take back their cubes. Without the payment,
// or paying in a colour she lacks, the build is refused (RULES.md §6.5).
func TestSeedTavern(t *testing.T) {
	g := seedGame(t, seedYellow)
	shop := placeBuilding(t, g, seedRed, Shop, sqr(t, "c3"))      // c3 d3 c4 d4
	tavern := placeBuilding(t, g, seedBlue, Tavern, sqr(t, "e5")) // e5 f5 e6 f6
	placePermit(t, g, seedYellow, 2, sqr(t, "e4"))
	placePermit(t, g, seedRed, 1, sqr(t, "d5"))
	setGold(t, g, seedYellow, 4) // 3 for the tavern, 1 for Red
	setInfluence(t, g, seedYellow, 1, 3, 0)
	mustValid(t, g)
	if g.CubesPlaced(seedRed) != 1 || g.CubesPlaced(seedBlue) != 1 {
		t.Fatalf("setup: Red and Blue have %d and %d cubes placed, want 1 each",
			g.CubesPlaced(seedRed), g.CubesPlaced(seedBlue))
	}
	redGold := g.Gold(seedRed)

	at := sqr(t, "d4") // d4 e4 d5 e5
	permRule(t, mustRefuse(t, g, bldBuild(Tavern, at, NoInfluence), nil), rSameSizeUnpaid)
	permRule(t, mustRefuse(t, g, bldBuild(Tavern, at, InfluenceBlue), ErrCannotPay), rInfluence3)
	permRule(t, mustRefuse(t, g, bldBuild(Tavern, at, InfluenceYellow), ErrCannotPay), rInfluence3)
	m := bldBuild(Tavern, at, InfluenceGreen)
	// A shop, the other 2×2 building, could go there on the same terms.
	sameMoves(t, "Yellow's builds at d4", seedBuildsAt(g, at), []Move{m, bldBuild(Shop, at, InfluenceGreen)})

	want := g.Clone()
	want.gold[seedYellow] = 0
	want.gold[seedRed]++
	want.bank += 3
	want.infl[seedYellow][InfluenceGreen-1] = 0
	want.discard[InfluenceGreen-1] += 3
	bldPermitHome(want, seedYellow, 2)
	bldPermitHome(want, seedRed, 1)
	bldVacate(want, shop, inSupply, bldSqs(t, "c3", "d3", "c4", "d4"))
	bldVacate(want, tavern, inSupply, bldSqs(t, "e5", "f5", "e6", "f6"))
	id := want.freeNeutral(Tavern)
	bldOccupy(want, id, at, bldSqs(t, "d4", "e4", "d5", "e5"))
	want.pieceOwner[id] = seedYellow
	want.pieceCubes[id] = 1
	want.cubes[seedYellow] = 1
	want.builds = 1
	mustReach(t, g, want, m)

	if got := g.Gold(seedRed); got != redGold+1 {
		t.Errorf("Red's gold %d; want %d (1 in compensation)", got, redGold+1)
	}
	if g.CubesPlaced(seedRed) != 0 || g.CubesPlaced(seedBlue) != 0 || g.CubesPlaced(seedYellow) != 1 {
		t.Errorf("cubes placed: Red %d, Blue %d, Yellow %d; want 0, 0, 1",
			g.CubesPlaced(seedRed), g.CubesPlaced(seedBlue), g.CubesPlaced(seedYellow))
	}
	if g.NeutralSupply(Shop) != 5 || g.NeutralSupply(Tavern) != 4 {
		t.Errorf("neutral supply: %d shops, %d taverns; want 5, 4", g.NeutralSupply(Shop), g.NeutralSupply(Tavern))
	}
	if got := g.Hand(seedYellow); got != (Cards{Blue: 1}) {
		t.Errorf("Yellow's hand %+v; want only the blue card", got)
	}
}

// seedBuildsAt returns the legal Build moves with their north-west square
// on s.
func seedBuildsAt(g *Game, s Square) []Move {
	var out []Move
	for _, m := range legalOfKind(g, Build) {
		if m.Square == s {
			out = append(out, m)
		}
	}
	return out
}
