package elasund

// The rulebooks' worked examples, each replayed as a test (issue 3, item 5).
//
// The examples appear in three of the seed texts in ../shared/rules/seeds/:
// 000_1ac1bb9ade6581ac.txt (English edition), 002_db808f26dd97decd.txt
// (French edition) and 003_b21b4a34865f8991.txt (Spanish-English
// translation); the reference manual (001) and the summary (004) have none.
// The English wording is quoted below; the other two tell the same examples
// with the same numbers. seedExamples, checked by TestSeedIndex, lists the
// test that reproduces each one. Passages are cited by file and by the
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
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"
)

// Seats of a 4-player test game (newTestGame): Red, Blue, Green, Yellow.
const (
	seedRed    = 0
	seedBlue   = 1
	seedGreen  = 2
	seedYellow = 3
)

// seedExamples is the index: each worked example of the rulebooks, where
// it is told, and the test that reproduces it.
var seedExamples = []struct {
	example string
	passage string
	test    string
}{
	{"permit majority: a 4 beats 0+1+2",
		`000 §2c "A "4" Building Permit has a higher total value than 3 permits with the numbers "0," "1" and "2."" (002 §2c, 003 §2c)`,
		"TestSeedPermitMajority"},
	{"ship repeat from 3 to 5 with its income",
		`000 §1 "The ship is on the space marked "3." The red player rolls … 3 … move the ship 2 spaces to the row marked "5."" (002 §1, 003 §1)`,
		"TestSeedShipRepeatIncome"},
	{"tavern over two same-size buildings for 3 influence",
		`000 §2e "The yellow player has the highest numbered Building Permit … compensates red 1 gold … 3 matching Influence Cards" (002 §2e, 003 §2e)`,
		"TestSeedTavern"},
	{"trade office: compensation and displacement",
		`000 §2d "He first compensates the yellow and blue players 2 Gold Cards each, then pays 5 gold to the bank" (002 §2d, 003 §2d)`,
		"TestBuildSeedTradeOffice"},
	{"two walls: 2 gold and an influence card, 4 gold and a tower",
		`000 "The yellow player pays 2 gold to build a City Wall Tile and receives an Influence Card … by paying 4 gold and places a Victory Point Cube on the tower" (002, 003)`,
		"TestWallSeedExample"},
	{"church: the first tile and the second",
		`000 "The yellow player places the first Church Tile on the church foundation square … The red player builds the second Church Tile, which leads to the removal of the tavern building owned by blue" (002, 003)`,
		"TestChurchSeedExample"},
	{"a permit of value 2 for 2 gold",
		`000 §3 "The red player places a permit with the value "2." He pays 2 gold to the bank and places the permit on one of the three unoccupied squares" (002 §3, 003 §3)`,
		"TestSeedPermitForTwoGold"},
	{"pirates in row 5: red discards 3, blue 1",
		`000 "Rolling a 7" "The green player rolls a "7" and chooses to move the pirate to row 5. The red player has 3 Victory Point Cubes in the row" (002, 003)`,
		"TestSeedPiratesRowFive"},
	{"trade track: below 5 loses the cube; the builder gains 2 TP and a cube on 3",
		`000 "The Trade Fields" "The red player has 5 Trade Points … Red loses a Trade Point and must remove his Victory Point Cube. Blue gains 2 Trade Points" (002, 003)`,
		"TestTradeSeedExample"},
}

// TestSeedIndex checks the index: nine examples, each named once, each
// with a test function that exists among the package's test files.
func TestSeedIndex(t *testing.T) {
	if len(seedExamples) != 9 {
		t.Errorf("the index lists %d examples; the issue names 9", len(seedExamples))
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				defined[fd.Name.Name] = true
			}
		}
	}
	seen := map[string]bool{}
	for _, e := range seedExamples {
		if !defined[e.test] {
			t.Errorf("example %q: no test function %s", e.example, e.test)
		}
		if seen[e.test] || seen[e.example] {
			t.Errorf("example %q or test %s listed twice", e.example, e.test)
		}
		seen[e.test], seen[e.example] = true, true
	}
}

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

// TestSeedPermitMajority reproduces the permit-majority example (000, 002,
// 003, §2c "You May Use Other Players' Building Permits": a "4" permit has
// a higher total value than three permits "0", "1" and "2"). RULES.md §6.2:
// only the players' totals count, not how many permits each has. Red's 4
// and Blue's 0, 1 and 2 lie in a large building's footprint (3 permits
// needed, so Blue's three alone would be enough in number): Red, 4 > 3,
// builds and pays Blue 0+1+2 = 3 gold besides the cost of 5; Blue, 3 < 4,
// is refused.
func TestSeedPermitMajority(t *testing.T) {
	setup := func(p int) *Game {
		g := seedGame(t, p)
		placePermit(t, g, seedRed, 4, sqr(t, "c3"))
		placePermit(t, g, seedBlue, 0, sqr(t, "d3"))
		placePermit(t, g, seedBlue, 1, sqr(t, "c4"))
		placePermit(t, g, seedBlue, 2, sqr(t, "d4"))
		setGold(t, g, p, 8)
		mustValid(t, g)
		return g
	}
	m := bldBuild(LargeBuilding, sqr(t, "c3"), NoInfluence) // c3 d3 c4 d4 c5 d5

	t.Run("Blue's 0+1+2 loses", func(t *testing.T) {
		g := setup(seedBlue)
		mustRefuse(t, g, m, ReasonNoMajority)
		if hasMove(g, m) {
			t.Errorf("Legal lists %v for Blue", m)
		}
	})

	t.Run("Red's 4 wins", func(t *testing.T) {
		g := setup(seedRed)
		if !hasMove(g, m) {
			t.Errorf("Legal lacks %v for Red", m)
		}
		want := g.Clone()
		want.gold[seedRed] = 0      // 8 - 5 cost - 3 compensation
		want.gold[seedBlue] = 3 + 3 // 0 + 1 + 2
		want.bank += 5
		bldPermitHome(want, seedRed, 4)
		for v := 0; v <= 2; v++ {
			bldPermitHome(want, seedBlue, v)
		}
		bldNeutral(want, LargeBuilding, seedRed, 2, sqr(t, "c3"), bldSqs(t, "c3", "d3", "c4", "d4", "c5", "d5"))
		want.cubes[seedRed] = 2
		want.builds = 1
		mustReach(t, g, want, m)
		if g.Gold(seedRed) != 0 || g.Gold(seedBlue) != 6 {
			t.Errorf("gold: Red %d, Blue %d; want 0, 6", g.Gold(seedRed), g.Gold(seedBlue))
		}
		if got := g.PermitsInSupply(seedBlue); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
			t.Errorf("Blue's permits in supply %v; want all five", got)
		}
	})
}

// TestSeedShipRepeatIncome reproduces the ship example (000 §1 "Roll the
// dice and collect cards"; 002 §1, 003 §1): the ship is on 3, Red rolls 3
// and must move it two spaces, to row 5 (from 3 there is no row two
// positions up, so no choice: RULES.md §4.1). Every player has a building
// in row 5: Red two, and takes 1 gold and 1 influence; Blue 1 influence;
// Green and Yellow 1 gold each.
//
// The position: the 4-player start, where row 5 holds Yellow's totem b5
// (gold) and Green's totem e5 (gold); Red adds a house c5–d5 (influence)
// and a workshop f5–f6 (gold), Blue a house g5–h5 (influence). Hands are
// emptied of influence so the drawn cards show. Red, the roller, draws
// first, then Blue (doc.go decision 10).
func TestSeedShipRepeatIncome(t *testing.T) {
	g := newTestGame(t, 4)
	placeBuilding(t, g, seedRed, House, sqr(t, "c5"))
	placeBuilding(t, g, seedRed, Workshop, sqr(t, "f5"))
	placeBuilding(t, g, seedBlue, House, sqr(t, "g5"))
	cardsEmptyHands(t, g)
	cardsDeckTop(t, g, InfluenceYellow, InfluenceBlue)
	setShip(g, 3)
	mustValid(t, g)
	roll := Move{Kind: Roll, Dice: [2]uint8{1, 2}}
	if g.Phase() != PhaseRoll || g.ToMove() != seedRed {
		t.Fatalf("setup: phase %v, to move %v; want Red to roll", g.Phase(), g.ToMove())
	}

	want := g.Clone()
	wantRoll(want, [2]uint8{1, 2})
	want.ship = 5
	want.phase = PhaseBuild
	want.gold[seedRed]++
	want.gold[seedGreen]++
	want.gold[seedYellow]++
	want.bank -= 3
	want.infl[seedRed][InfluenceYellow-1]++
	want.infl[seedBlue][InfluenceBlue-1]++
	want.deckLen -= 2
	mustReach(t, g, want, roll)

	if g.Ship() != 5 {
		t.Errorf("ship in row %v; want 5", g.Ship())
	}
	hands := [4]Cards{
		seedRed:    {Gold: 4, Yellow: 1},
		seedBlue:   {Gold: 3, Blue: 1},
		seedGreen:  {Gold: 4},
		seedYellow: {Gold: 4},
	}
	for p, h := range hands {
		if got := g.Hand(Player(p)); got != h {
			t.Errorf("%v's hand %+v; want %+v", g.Color(Player(p)), got, h)
		}
	}
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
	mustRefuse(t, g, bldBuild(Tavern, at, NoInfluence), ReasonSameSizeUnpaid)
	mustRefuse(t, g, bldBuild(Tavern, at, InfluenceBlue), ReasonCannotPayBuildOver)
	mustRefuse(t, g, bldBuild(Tavern, at, InfluenceYellow), ReasonCannotPayBuildOver)
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
	bldNeutral(want, Tavern, seedYellow, 1, at, bldSqs(t, "d4", "e4", "d5", "e5"))
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

// TestSeedPermitForTwoGold reproduces the phase-3 example (000 §3 "Place 1
// building permit or take 2 gold"; 002 §3, 003 §3): Red places his permit
// "2", pays 2 gold to the bank and puts it on one of the three unoccupied
// squares of the ship's row. In the 2-player start, row 4 holds the huts
// c4 and d4 and leaves exactly a4, b4 and e4 free; each of the three is
// a legal choice, and no other square (RULES.md §5).
func TestSeedPermitForTwoGold(t *testing.T) {
	g := newTestGame(t, 2) // Red: hut d4; Blue: hut c4
	setShip(g, 4)
	setPhase(g, PhasePermit, seedRed)
	mustValid(t, g)
	if got := g.Gold(seedRed); got != 3 {
		t.Fatalf("setup: Red has %d gold, want 3", got)
	}
	if got := g.PermitRows(); !slices.Equal(got, []Row{4}) {
		t.Errorf("PermitRows() = %v; want [4]", got)
	}
	var got []Square
	for _, m := range legalOfKind(g, PlacePermit) {
		if m.Permit == 2 {
			got = append(got, m.Square)
		}
	}
	free := []string{"a4", "b4", "e4"}
	if want := bldSqs(t, free...); !slices.Equal(got, want) {
		t.Errorf("squares for permit 2 = %v; want %v", got, want)
	}
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "c4")}, ReasonSquareNotEmpty)
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "a5")}, ReasonPermitRow)

	for _, s := range free {
		t.Run(s, func(t *testing.T) {
			h := g.Clone()
			want := h.Clone()
			want.gold[seedRed] = 1
			want.bank += 2
			want.permitSq[seedRed][2] = sqr(t, s)
			want.setCell(sqr(t, s), permitCell(seedRed, 2))
			want.phase = PhaseBonus
			mustReach(t, h, want, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, s)})
			if h.Gold(seedRed) != 1 || h.Bank() != g.Bank()+2 || h.PermitSquare(seedRed, 2) != sqr(t, s) {
				t.Errorf("Red gold %d, bank %d, permit 2 on %v; want 1, %d, %s",
					h.Gold(seedRed), h.Bank(), h.PermitSquare(seedRed, 2), g.Bank()+2, s)
			}
		})
	}
}

// TestSeedPiratesRowFive reproduces the pirates example (000 "Rolling a
// 7"; 002 and 003 "7"): Green rolls a 7 and moves the pirates to row 5;
// Red has 3 cubes in the row and discards 3 cards; Blue has 1 and
// discards 1 (RULES.md §4.2). The seed does not say which cards, nor
// shows towers: here Red gives 2 gold and his green card, Blue 1 gold,
// and Green has no tower, so all four cards go to the bank and the
// discard pile.
//
// Red's 3 cubes in row 5: a well c5, a market f5–g5, and the second cube
// of a large building h4–i6 (its first cube is in row 4 and does not
// count). Blue: a well d5, and a tavern c2–d3 whose cube is in row 2.
// Green and Yellow have no cube in row 5 (their totems there have none).
func TestSeedPiratesRowFive(t *testing.T) {
	g := newTestGame(t, 4)
	placeBuilding(t, g, seedRed, Well, sqr(t, "c5"))
	placeBuilding(t, g, seedRed, Market, sqr(t, "f5"))
	placeBuilding(t, g, seedRed, LargeBuilding, sqr(t, "h4"))
	placeBuilding(t, g, seedBlue, Well, sqr(t, "d5"))
	placeBuilding(t, g, seedBlue, Tavern, sqr(t, "c2"))
	cardsEmptyHands(t, g)
	setInfluence(t, g, seedRed, 0, 1, 0)
	setInfluence(t, g, seedBlue, 1, 0, 0)
	setShip(g, 9)
	setPhase(g, PhaseRoll, seedGreen)
	mustValid(t, g)
	for p, n := range [4]int{3, 1, 0, 0} {
		if got := g.CubesInRow(Player(p), 5); got != n {
			t.Errorf("CubesInRow(%v, 5) = %d; want %d", g.Color(Player(p)), got, n)
		}
	}

	// The 7, then the pirates' row: Red (3 cubes, 4 cards) and Blue (1
	// cube, 4 cards) owe and have a choice; Red is first clockwise after
	// Green and Yellow, who owe nothing.
	want := g.Clone()
	wantRoll(want, [2]uint8{3, 4})
	want.phase = PhasePirates
	mustReach(t, g, want, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
	want.ship = 5
	want.phase, want.toMove = PhaseDiscard, seedRed
	want.pending = [MaxPlayers]uint8{seedRed: 3, seedBlue: 1}
	mustReach(t, g, want, Move{Kind: Pirates, Row: 5})
	for p, n := range [4]int{3, 1, 0, 0} {
		if got := g.Pending(Player(p)); got != n {
			t.Errorf("%v owes %d cards; want %d", g.Color(Player(p)), got, n)
		}
	}
	sameMoves(t, "Red's discard", g.Legal(), []Move{
		{Kind: Discard, Cards: Cards{Gold: 3}},
		{Kind: Discard, Cards: Cards{Gold: 2, Green: 1}},
	})

	want.gold[seedRed], want.infl[seedRed] = 1, [3]uint8{}
	want.poolGold, want.poolInfl = 2, [3]uint8{0, 1, 0}
	want.pending[seedRed] = 0
	want.toMove = seedBlue
	mustReach(t, g, want, Move{Kind: Discard, Cards: Cards{Gold: 2, Green: 1}})
	sameMoves(t, "Blue's discard", g.Legal(), []Move{
		{Kind: Discard, Cards: Cards{Gold: 1}},
		{Kind: Discard, Cards: Cards{Blue: 1}},
	})

	want.gold[seedBlue] = 2
	want.poolGold, want.poolInfl = 0, [3]uint8{}
	want.bank += 3
	want.discard[InfluenceGreen-1]++
	want.pending[seedBlue] = 0
	want.phase, want.toMove = PhaseBuild, seedGreen
	mustReach(t, g, want, Move{Kind: Discard, Cards: Cards{Gold: 1}})

	hands := [4]Cards{seedRed: {Gold: 1}, seedBlue: {Gold: 2, Blue: 1}, seedGreen: {Gold: 3}, seedYellow: {Gold: 3}}
	for p, h := range hands {
		if got := g.Hand(Player(p)); got != h {
			t.Errorf("%v's hand %+v; want %+v", g.Color(Player(p)), got, h)
		}
	}
	if g.Ship() != 5 {
		t.Errorf("ship in row %v; want 5 (phase 3 uses the pirates' row)", g.Ship())
	}
}
