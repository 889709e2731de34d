package elasund

// Scenario tests for permits (RULES.md §5, interpretations 1 and 6) and the
// permit bonus actions (§10).

import (
	"slices"
	"testing"
)

// permGame returns an n-player game with an empty city (starters gone), no
// influence cards in any hand, the ship in row ship and seat 0 (Red) in
// phase ph.
func permGame(t *testing.T, n int, ship Row, ph Phase) *Game {
	t.Helper()
	g := newTestGame(t, n)
	clearCity(t, g)
	for p := 0; p < n; p++ {
		setInfluence(t, g, p, 0, 0, 0)
	}
	setShip(g, ship)
	setPhase(g, ph, 0)
	mustValid(t, g)
	return g
}

// permRowSquares returns the squares of row r in columns a..last.
func permRowSquares(t *testing.T, r Row, last byte) []Square {
	t.Helper()
	var out []Square
	for c := byte('a'); c <= last; c++ {
		out = append(out, sqr(t, string(c)+r.String()))
	}
	return out
}

// permSquares parses a list of squares.
func permSquares(t *testing.T, names ...string) []Square {
	t.Helper()
	var out []Square
	for _, n := range names {
		out = append(out, sqr(t, n))
	}
	return out
}

// permFillRows fills the given rows of a 2-player city (columns a–e) with
// buildings so that no square in them is empty: 2×1 pieces on columns a–b
// and c–d (markets while the neutral supply has them, then the players'
// houses) and a well on e. Row 8 keeps the church foundation c8 free (it
// is not empty anyway before the church): pieces on a–b and d–e. Neutral
// buildings belong to seat 1.
func permFillRows(t *testing.T, g *Game, rows ...Row) {
	t.Helper()
	houses := 0
	wide := func(s Square) {
		if g.freeNeutral(Market) >= 0 {
			placeBuilding(t, g, 1, Market, s)
			return
		}
		if houses >= 2 {
			t.Fatalf("permFillRows: out of 2×1 pieces")
		}
		placeBuilding(t, g, houses, House, s)
		houses++
	}
	for _, r := range rows {
		if r == 8 {
			wide(sqr(t, "a8"))
			wide(sqr(t, "d8"))
			continue
		}
		wide(sqr(t, "a"+r.String()))
		wide(sqr(t, "c"+r.String()))
		placeBuilding(t, g, 1, Well, sqr(t, "e"+r.String()))
	}
}

// permEndTurn applies to want what the end of seat 0's turn changes: the
// turn passes to seat 1, which is to roll.
func permEndTurn(want *Game) {
	want.turn++
	want.active, want.toMove = 1, 1
	want.builds = 0
	want.phase = PhaseRoll
}

// §5 empty square: inside the city; no building, permit or church tile; not
// c8 before the first church tile; squares of the church area between
// church tiles are empty.
func TestPermitEmptySquare(t *testing.T) {
	g := permGame(t, 2, 5, PhasePermit)
	placePermit(t, g, 1, 3, sqr(t, "b3"))
	placeBuilding(t, g, 1, Tavern, sqr(t, "d5")) // d5 e5 d6 e6
	before := []struct {
		sq   string
		want bool
	}{
		{"a2", true},
		{"e12", true},
		{"b3", false},  // a permit
		{"d5", false},  // a building
		{"e6", false},  // the same building's last square
		{"c8", false},  // church foundation before the church
		{"f5", false},  // outside the 2-player city
		{"i12", false}, // outside
		{"b8", true},
	}
	for _, c := range before {
		if got := g.IsEmpty(sqr(t, c.sq)); got != c.want {
			t.Errorf("before the church: IsEmpty(%s) = %v, want %v", c.sq, got, c.want)
		}
	}
	// Church tile 5 first (on c8: the area is b6–d9), then tile 9 (d9).
	placeChurchTile(t, g, 1, 5)
	placeChurchTile(t, g, 1, 9)
	mustValid(t, g)
	after := []struct {
		sq   string
		want bool
	}{
		{"c8", false}, // tile 5
		{"d9", false}, // tile 9
		{"b6", true},  // tile 1's place, not built: between church tiles
		{"b8", true},  // tile 4's place
		{"c9", true},  // tile 8's place
		{"b3", false},
	}
	for _, c := range after {
		if got := g.IsEmpty(sqr(t, c.sq)); got != c.want {
			t.Errorf("with church tiles 5 and 9: IsEmpty(%s) = %v, want %v", c.sq, got, c.want)
		}
	}
}

// §5: a permit can go between church tiles (the ship's row 8 has b8, which
// lies in the church area), never on a church tile nor on c8 before the
// church.
func TestPermitPlaceBetweenChurchTiles(t *testing.T) {
	g := permGame(t, 2, 8, PhasePermit)
	setGold(t, g, 0, 3)
	// Before the church, c8 is not a permit square.
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "c8")}, ReasonSquareNotEmpty)
	placeChurchTile(t, g, 1, 5) // c8, area b6–d9
	placeChurchTile(t, g, 1, 6) // d8
	mustValid(t, g)
	for _, s := range []string{"c8", "d8"} {
		m := Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, s)}
		mustRefuse(t, g, m, ReasonSquareNotEmpty)
		if hasMove(g, m) {
			t.Errorf("Legal holds %v on a church tile", m)
		}
	}
	// Row 8 now: a8, b8, e8 empty (c8 and d8 church tiles).
	var want []Move
	for _, s := range permSquares(t, "a8", "b8", "e8") {
		for v := uint8(0); v <= 3; v++ {
			want = append(want, Move{Kind: PlacePermit, Permit: v, Square: s})
		}
	}
	sameMoves(t, "row 8 with church tiles on c8 and d8", legalOfKind(g, PlacePermit), want)

	w := g.Clone()
	setGold(t, w, 0, 2)
	placePermit(t, w, 0, 1, sqr(t, "b8"))
	w.phase = PhaseBonus
	mustReach(t, g, w, Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "b8")})
}

// §4 step 3 / interpretation 6: phase 3 is mandatory. Legal holds only
// PlacePermit and TakeGold (no EndTurn); a permit goes on an empty square
// of the ship's row for its value in gold, and the turn goes on to phase 4.
func TestPermitPlaceShipRow(t *testing.T) {
	g := newTestGame(t, 2) // starters: Red d4, e8+e9; Blue c4, b8+b9
	setInfluence(t, g, 0, 0, 0, 0)
	setGold(t, g, 0, 3)
	setShip(g, 4)
	setPhase(g, PhasePermit, 0)
	mustValid(t, g)

	// Row 4: c4 and d4 hold huts; a4, b4, e4 are empty. Gold 3: values 0–3.
	var want []Move
	for v := uint8(0); v <= 3; v++ {
		for _, s := range permSquares(t, "a4", "b4", "e4") {
			want = append(want, Move{Kind: PlacePermit, Permit: v, Square: s})
		}
	}
	want = append(want, Move{Kind: TakeGold})
	sameMoves(t, "phase 3, ship in row 4", g.Legal(), want)
	mustRefuse(t, g, Move{Kind: EndTurn}, ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: BonusPermit, Permit: 0, Square: sqr(t, "a4")}, ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: MovePermit, From: sqr(t, "a4"), Square: sqr(t, "b4"), Pay: InfluenceBlue}, ReasonWrongPhase)

	w := g.Clone()
	setGold(t, w, 0, 1) // 2 gold to the bank
	placePermit(t, w, 0, 2, sqr(t, "e4"))
	w.phase = PhaseBonus
	mustReach(t, g, w, Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "e4")})

	// A second permit in phase 4 by the phase-3 move is refused.
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "a4")}, ReasonWrongPhase)
}

// §4 step 3: taking 2 gold instead also leads to phase 4.
func TestPermitTakeGoldInstead(t *testing.T) {
	g := permGame(t, 2, 5, PhasePermit)
	setGold(t, g, 0, 1)
	w := g.Clone()
	setGold(t, w, 0, 3)
	w.phase = PhaseBonus
	mustReach(t, g, w, Move{Kind: TakeGold})
}

// §5: the fallback rows. If the ship's row has no empty square, the nearest
// row above and the nearest row below that have one (interpretation 1: not
// only the adjacent rows). PermitRows and Legal show exactly those rows.
func TestPermitFallbackRows(t *testing.T) {
	cases := []struct {
		name  string
		ship  Row
		fill  []Row    // rows filled with buildings
		perms []string // squares filled with Blue permits
		want  []Row
	}{
		{"ship row open", 5, nil, nil, []Row{5}},
		{"ship row open, neighbours full", 5, []Row{4, 6}, nil, []Row{5}},
		{"ship row full: both neighbours", 5, []Row{5}, nil, []Row{4, 6}},
		{"neighbours full too: nearest open rows", 5, []Row{4, 5, 6}, nil, []Row{3, 8}},
		{"across the missing row 7", 8, []Row{6, 8, 9}, nil, []Row{5, 10}},
		{"row 2: nothing above", 2, []Row{2, 3}, nil, []Row{4}},
		{"row 12: nothing below", 12, []Row{12}, nil, []Row{11}},
		{"all rows above full", 3, []Row{2, 3}, nil, []Row{4}},
		{"row 8 full but for the foundation", 8, nil, []string{"a8", "b8", "d8", "e8"}, []Row{6, 9}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := permGame(t, 2, c.ship, PhasePermit)
			setGold(t, g, 0, 0) // only permit 0 is affordable
			permFillRows(t, g, c.fill...)
			for i, s := range c.perms {
				placePermit(t, g, 1, i, sqr(t, s))
			}
			mustValid(t, g)
			if got := g.PermitRows(); !slices.Equal(got, c.want) {
				t.Errorf("PermitRows() = %v, want %v", got, c.want)
			}
			var want []Move
			for _, r := range c.want {
				for _, s := range permRowSquares(t, r, 'e') {
					if s != ChurchFoundation {
						want = append(want, Move{Kind: PlacePermit, Permit: 0, Square: s})
					}
				}
			}
			sameMoves(t, "PlacePermit", legalOfKind(g, PlacePermit), want)

			// Every empty square of any other row is refused without influence.
			for _, r := range Rows() {
				if slices.Contains(c.want, r) {
					continue
				}
				for _, s := range permRowSquares(t, r, 'e') {
					if g.IsEmpty(s) {
						m := Move{Kind: PlacePermit, Permit: 0, Square: s}
						mustRefuse(t, g, m, ReasonPermitRow)
						break
					}
				}
			}

			// Placing in the first allowed row works: permit 0 costs nothing.
			s := permRowSquares(t, c.want[0], 'e')[4] // column e
			w := g.Clone()
			placePermit(t, w, 0, 0, s)
			w.phase = PhaseBonus
			mustApply(t, g, Move{Kind: PlacePermit, Permit: 0, Square: s})
			if d := diffGames(w, g); d != "" {
				t.Errorf("permit 0 on %v (-want +got):\n%s", s, d)
			}
			mustValid(t, g)
		})
	}
}

// §5: with 2 influence cards of one colour (and the permit's value in gold)
// a permit goes on an empty square of any row; Legal lists exactly the
// colours the player holds twice.
func TestPermitPayInfluenceAnyRow(t *testing.T) {
	g := permGame(t, 2, 5, PhasePermit)
	setGold(t, g, 0, 2)
	setInfluence(t, g, 0, 2, 1, 3) // blue 2, green 1, yellow 3
	mustValid(t, g)

	var got []Move
	for _, m := range legalOfKind(g, PlacePermit) {
		if m.Square == sqr(t, "a12") && m.Permit == 1 {
			got = append(got, m)
		}
	}
	sameMoves(t, "permit 1 on a12 (outside the ship's row)", got, []Move{
		{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceBlue},
		{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceYellow},
	})

	// Count: 2 gold → values 0, 1, 2; the 2-player city has 49 empty
	// squares (50 less c8). Each square can be paid blue or yellow; the
	// 5 squares of row 5 also free of influence.
	if n, want := len(legalOfKind(g, PlacePermit)), 3*(49*2+5); n != want {
		t.Errorf("%d PlacePermit moves, want %d", n, want)
	}

	green := Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceGreen}
	mustRefuse(t, g, green, ReasonCannotPayTwoInfluence)
	if hasMove(g, green) {
		t.Errorf("Legal holds %v with one green card", green)
	}
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceColor(4)}, ReasonNotAnInfluenceColor)
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 3, Square: sqr(t, "a12"), Pay: InfluenceBlue}, ReasonCannotPayPermit)
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "f12"), Pay: InfluenceBlue}, ReasonSquareNotEmpty)

	w := g.Clone()
	w.infl[0][2] -= 2
	w.discard[2] += 2
	setGold(t, w, 0, 1)
	placePermit(t, w, 0, 1, sqr(t, "a12"))
	w.phase = PhaseBonus
	mustReach(t, g, w, Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceYellow})
}

// §5: the refusals of phase-3 placement.
func TestPermitPlaceRefused(t *testing.T) {
	g := permGame(t, 3, 5, PhasePermit)
	setGold(t, g, 0, 1)
	placePermit(t, g, 0, 0, sqr(t, "a5"))
	placePermit(t, g, 1, 0, sqr(t, "b5"))
	mustValid(t, g)
	cases := []struct {
		name string
		m    Move
		rule Reason
	}{
		{"value above gold", Move{Kind: PlacePermit, Permit: 2, Square: sqr(t, "c5")}, ReasonCannotPayPermit},
		{"value 5", Move{Kind: PlacePermit, Permit: 5, Square: sqr(t, "c5")}, ReasonNotAPermitValue},
		{"permit on the board", Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "c5")}, ReasonPermitNotInSupply},
		{"own permit there", Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "a5")}, ReasonSquareNotEmpty},
		{"other's permit there", Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "b5")}, ReasonSquareNotEmpty},
		{"outside the 3-player city", Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "h5")}, ReasonSquareNotEmpty},
		{"no square", Move{Kind: PlacePermit, Permit: 1, Square: NoSquare}, ReasonNotASquare},
		{"other row", Move{Kind: PlacePermit, Permit: 1, Square: sqr(t, "c6")}, ReasonPermitRow},
		{"end turn in phase 3", Move{Kind: EndTurn}, ReasonWrongPhase},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, g, c.m, c.rule)
			if hasMove(g, c.m) {
				t.Errorf("Legal holds %v", c.m)
			}
		})
	}
	// Gold 1: permits 1 and … only value 1 (0 is on the board) in the
	// 5 empty squares c5–g5 of row 5.
	var want []Move
	for _, s := range permSquares(t, "c5", "d5", "e5", "f5", "g5") {
		want = append(want, Move{Kind: PlacePermit, Permit: 1, Square: s})
	}
	sameMoves(t, "3 players, gold 1, permit 0 placed", legalOfKind(g, PlacePermit), want)
}

// §5: a player with no permit in supply cannot place one; only TakeGold is
// legal in phase 3.
func TestPermitNoneInSupply(t *testing.T) {
	g := permGame(t, 2, 5, PhasePermit)
	setGold(t, g, 0, 10)
	setInfluence(t, g, 0, 2, 2, 2)
	for v, s := range []string{"a2", "b2", "c2", "d2", "e2"} {
		placePermit(t, g, 0, v, sqr(t, s))
	}
	mustValid(t, g)
	sameMoves(t, "no permit in supply", g.Legal(), []Move{{Kind: TakeGold}})
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 0, Square: sqr(t, "a5")}, ReasonPermitNotInSupply)
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 4, Square: sqr(t, "a9"), Pay: InfluenceBlue}, ReasonPermitNotInSupply)
}

// §10: phase 4 is optional: EndTurn is always legal and passes the turn.
// Without influence cards it is the only move.
func TestPermitBonusEndTurn(t *testing.T) {
	g := permGame(t, 2, 5, PhaseBonus)
	setGold(t, g, 0, 9)
	setInfluence(t, g, 0, 1, 1, 0)
	placePermit(t, g, 0, 1, sqr(t, "c5"))
	g.builds = 2
	mustValid(t, g)
	sameMoves(t, "bonus without influence", g.Legal(), []Move{{Kind: EndTurn}})
	w := g.Clone()
	permEndTurn(w)
	mustReach(t, g, w, Move{Kind: EndTurn})
}

// §10: move one of your permits on the board to any empty square for 2
// influence of one colour; the turn then passes.
func TestPermitBonusMove(t *testing.T) {
	g := permGame(t, 2, 5, PhaseBonus)
	setGold(t, g, 0, 4)
	setInfluence(t, g, 0, 2, 3, 1)
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	placePermit(t, g, 1, 4, sqr(t, "d6"))
	g.builds = 1
	mustValid(t, g)

	// Targets: the 50 squares less c8, c5 and d6; colours blue, green.
	var want []Move
	for _, r := range Rows() {
		for _, s := range permRowSquares(t, r, 'e') {
			if s == ChurchFoundation || s == sqr(t, "c5") || s == sqr(t, "d6") {
				continue
			}
			for _, pay := range []InfluenceColor{InfluenceBlue, InfluenceGreen} {
				want = append(want, Move{Kind: MovePermit, From: sqr(t, "c5"), Square: s, Pay: pay})
			}
		}
	}
	sameMoves(t, "MovePermit", legalOfKind(g, MovePermit), want)

	from := sqr(t, "c5")
	cases := []struct {
		name string
		m    Move
		rule Reason
	}{
		{"another player's permit", Move{Kind: MovePermit, From: sqr(t, "d6"), Square: sqr(t, "a2"), Pay: InfluenceBlue}, ReasonNoPermitToMove},
		{"no permit there", Move{Kind: MovePermit, From: sqr(t, "a3"), Square: sqr(t, "a2"), Pay: InfluenceBlue}, ReasonNoPermitToMove},
		{"onto a permit", Move{Kind: MovePermit, From: from, Square: sqr(t, "d6"), Pay: InfluenceBlue}, ReasonSquareNotEmpty},
		{"onto itself", Move{Kind: MovePermit, From: from, Square: from, Pay: InfluenceBlue}, ReasonSquareNotEmpty},
		{"onto c8", Move{Kind: MovePermit, From: from, Square: ChurchFoundation, Pay: InfluenceBlue}, ReasonSquareNotEmpty},
		{"out of the city", Move{Kind: MovePermit, From: from, Square: sqr(t, "f5"), Pay: InfluenceBlue}, ReasonSquareNotEmpty},
		{"one yellow card", Move{Kind: MovePermit, From: from, Square: sqr(t, "a2"), Pay: InfluenceYellow}, ReasonCannotPayTwoInfluence},
		{"no colour", Move{Kind: MovePermit, From: from, Square: sqr(t, "a2")}, ReasonNotAnInfluenceColor},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, g, c.m, c.rule)
			if hasMove(g, c.m) {
				t.Errorf("Legal holds %v", c.m)
			}
		})
	}

	w := g.Clone()
	placePermit(t, w, 0, 2, sqr(t, "a12"))
	w.infl[0][1] -= 2
	w.discard[1] += 2
	permEndTurn(w)
	mustReach(t, g, w, Move{Kind: MovePermit, From: from, Square: sqr(t, "a12"), Pay: InfluenceGreen})
}

// §10: upgrade: swap a permit on the board for a higher one from supply, on
// the same square, for 2 influence of one colour and the difference in
// gold.
func TestPermitBonusUpgrade(t *testing.T) {
	g := permGame(t, 2, 5, PhaseBonus)
	setGold(t, g, 0, 2)
	setInfluence(t, g, 0, 2, 1, 2)
	placePermit(t, g, 0, 0, sqr(t, "a2"))
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	placePermit(t, g, 0, 4, sqr(t, "b2"))
	placePermit(t, g, 1, 1, sqr(t, "d6"))
	mustValid(t, g)

	// Supply 1 and 3, gold 2: 0→1 (1 gold), 2→3 (1 gold); 0→3 costs 3.
	a2, c5 := sqr(t, "a2"), sqr(t, "c5")
	sameMoves(t, "UpgradePermit", legalOfKind(g, UpgradePermit), []Move{
		{Kind: UpgradePermit, Square: a2, Permit: 1, Pay: InfluenceBlue},
		{Kind: UpgradePermit, Square: a2, Permit: 1, Pay: InfluenceYellow},
		{Kind: UpgradePermit, Square: c5, Permit: 3, Pay: InfluenceBlue},
		{Kind: UpgradePermit, Square: c5, Permit: 3, Pay: InfluenceYellow},
	})

	cases := []struct {
		name string
		m    Move
		rule Reason
	}{
		{"lower value", Move{Kind: UpgradePermit, Square: c5, Permit: 1, Pay: InfluenceBlue}, ReasonUpgradeValue},
		{"same value", Move{Kind: UpgradePermit, Square: c5, Permit: 2, Pay: InfluenceBlue}, ReasonUpgradeValue},
		{"higher one on the board", Move{Kind: UpgradePermit, Square: a2, Permit: 2, Pay: InfluenceBlue}, ReasonUpgradeValue},
		{"highest already", Move{Kind: UpgradePermit, Square: sqr(t, "b2"), Permit: 4, Pay: InfluenceBlue}, ReasonUpgradeValue},
		{"value 5", Move{Kind: UpgradePermit, Square: c5, Permit: 5, Pay: InfluenceBlue}, ReasonNotAPermitValue},
		{"gold short for the difference", Move{Kind: UpgradePermit, Square: a2, Permit: 3, Pay: InfluenceBlue}, ReasonCannotPayUpgrade},
		{"one green card", Move{Kind: UpgradePermit, Square: c5, Permit: 3, Pay: InfluenceGreen}, ReasonCannotPayTwoInfluence},
		{"no colour", Move{Kind: UpgradePermit, Square: c5, Permit: 3}, ReasonNotAnInfluenceColor},
		{"another player's permit", Move{Kind: UpgradePermit, Square: sqr(t, "d6"), Permit: 3, Pay: InfluenceBlue}, ReasonNoPermitToUpgrade},
		{"empty square", Move{Kind: UpgradePermit, Square: sqr(t, "e5"), Permit: 3, Pay: InfluenceBlue}, ReasonNoPermitToUpgrade},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, g, c.m, c.rule)
			if hasMove(g, c.m) {
				t.Errorf("Legal holds %v", c.m)
			}
		})
	}

	w := g.Clone()
	removeAt(t, w, c5) // permit 2 back to supply
	placePermit(t, w, 0, 3, c5)
	setGold(t, w, 0, 1) // the difference, 1 gold, to the bank
	w.infl[0][2] -= 2
	w.discard[2] += 2
	permEndTurn(w)
	mustReach(t, g, w, Move{Kind: UpgradePermit, Square: c5, Permit: 3, Pay: InfluenceYellow})
}

// §10: an upgrade by more than one step pays the whole difference.
func TestPermitBonusUpgradeDifference(t *testing.T) {
	g := permGame(t, 2, 5, PhaseBonus)
	setGold(t, g, 0, 5)
	setInfluence(t, g, 0, 0, 2, 0)
	placePermit(t, g, 0, 0, sqr(t, "e12"))
	mustValid(t, g)
	w := g.Clone()
	removeAt(t, w, sqr(t, "e12"))
	placePermit(t, w, 0, 4, sqr(t, "e12"))
	setGold(t, w, 0, 1)
	w.infl[0][1] -= 2
	w.discard[1] += 2
	permEndTurn(w)
	mustReach(t, g, w, Move{Kind: UpgradePermit, Square: sqr(t, "e12"), Permit: 4, Pay: InfluenceGreen})
}

// §10: place a permit from supply on an empty square of any row for 3
// influence of three different colours and its value in gold.
func TestPermitBonusPlace(t *testing.T) {
	g := permGame(t, 2, 5, PhaseBonus)
	setGold(t, g, 0, 1)
	setInfluence(t, g, 0, 1, 1, 2)
	placePermit(t, g, 0, 0, sqr(t, "a2"))
	placePermit(t, g, 1, 0, sqr(t, "b2"))
	mustValid(t, g)

	// Supply 1–4, gold 1: value 1 on the 47 empty squares (50 less c8,
	// a2, b2).
	var want []Move
	for _, r := range Rows() {
		for _, s := range permRowSquares(t, r, 'e') {
			if s == ChurchFoundation || s == sqr(t, "a2") || s == sqr(t, "b2") {
				continue
			}
			want = append(want, Move{Kind: BonusPermit, Permit: 1, Square: s})
		}
	}
	sameMoves(t, "BonusPermit", legalOfKind(g, BonusPermit), want)

	cases := []struct {
		name string
		m    Move
		rule Reason
	}{
		{"gold short", Move{Kind: BonusPermit, Permit: 2, Square: sqr(t, "a12")}, ReasonCannotPayPermit},
		{"permit on the board", Move{Kind: BonusPermit, Permit: 0, Square: sqr(t, "a12")}, ReasonPermitNotInSupply},
		{"onto a permit", Move{Kind: BonusPermit, Permit: 1, Square: sqr(t, "b2")}, ReasonSquareNotEmpty},
		{"onto c8", Move{Kind: BonusPermit, Permit: 1, Square: ChurchFoundation}, ReasonSquareNotEmpty},
		{"out of the city", Move{Kind: BonusPermit, Permit: 1, Square: sqr(t, "g9")}, ReasonSquareNotEmpty},
		{"with a colour", Move{Kind: BonusPermit, Permit: 1, Square: sqr(t, "a12"), Pay: InfluenceBlue}, ReasonUnusedField},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustRefuse(t, g, c.m, c.rule)
			if hasMove(g, c.m) {
				t.Errorf("Legal holds %v", c.m)
			}
		})
	}

	w := g.Clone()
	for c := 0; c < 3; c++ {
		w.infl[0][c]--
		w.discard[c]++
	}
	setGold(t, w, 0, 0)
	placePermit(t, w, 0, 1, sqr(t, "d11"))
	permEndTurn(w)
	mustReach(t, g, w, Move{Kind: BonusPermit, Permit: 1, Square: sqr(t, "d11")})
}

// §10: the bonus permit needs three different colours; many cards of two
// colours are not enough.
func TestPermitBonusPlaceThreeColours(t *testing.T) {
	for _, hand := range [][3]int{{3, 3, 0}, {0, 2, 4}, {5, 0, 0}, {0, 0, 0}} {
		g := permGame(t, 2, 5, PhaseBonus)
		setGold(t, g, 0, 4)
		setInfluence(t, g, 0, hand[0], hand[1], hand[2])
		mustValid(t, g)
		m := Move{Kind: BonusPermit, Permit: 0, Square: sqr(t, "a12")}
		mustRefuse(t, g, m, ReasonCannotPayThreeColors)
		if n := len(legalOfKind(g, BonusPermit)); n != 0 {
			t.Errorf("hand %v: %d BonusPermit moves, want none", hand, n)
		}
	}
}

// §5: with no empty square anywhere in the city, no permit can be placed,
// not even for influence: phase 3 leaves only TakeGold.
func TestPermitCityFull(t *testing.T) {
	g := permGame(t, 2, 5, PhasePermit)
	setGold(t, g, 0, 4)
	setInfluence(t, g, 0, 2, 2, 2)
	// Columns a–b: 2×2 buildings of seat 1 on rows 2–3, 4–5, 6–8, 9–10,
	// 11–12. Columns c–d: seat 0's 2×2 on 2–3, 4–5, 9–10, 11–12, a market
	// on c6–d6, a well on d8 (c8 is the foundation). Column e: workshops
	// and totems, wells on e11 and e12.
	for i, s := range []string{"a2", "a4", "a6", "a9", "a11"} {
		placeBuilding(t, g, 1, []Building{Tavern, Shop}[i%2], sqr(t, s))
	}
	for i, s := range []string{"c2", "c4", "c9", "c11"} {
		placeBuilding(t, g, 0, []Building{Tavern, Shop}[i%2], sqr(t, s))
	}
	placeBuilding(t, g, 0, Market, sqr(t, "c6"))
	placeBuilding(t, g, 0, Well, sqr(t, "d8"))
	placeBuilding(t, g, 0, Workshop, sqr(t, "e2"))
	placeBuilding(t, g, 1, Workshop, sqr(t, "e4"))
	placeBuilding(t, g, 0, Totem, sqr(t, "e6"))
	placeBuilding(t, g, 1, Totem, sqr(t, "e9"))
	placeBuilding(t, g, 0, Well, sqr(t, "e11"))
	placeBuilding(t, g, 0, Well, sqr(t, "e12"))
	mustValid(t, g)
	for _, s := range CitySquares(2) {
		if g.IsEmpty(s) {
			t.Fatalf("%v is empty; the test wants a full city", s)
		}
	}
	if rows := g.PermitRows(); len(rows) != 0 {
		t.Errorf("PermitRows() = %v in a full city, want none", rows)
	}
	sameMoves(t, "full city", g.Legal(), []Move{{Kind: TakeGold}})
	mustRefuse(t, g, Move{Kind: PlacePermit, Permit: 0, Square: ChurchFoundation, Pay: InfluenceBlue}, ReasonSquareNotEmpty)
}
