package elasund

// Shared test helpers: games in known positions, whole-state comparison,
// and assertions on Apply. Position editing keeps every card and piece in
// exactly one place, so a position built here passes Validate.

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// newTestGame returns a game of n players (Red, Blue, Green, Yellow in seat
// order) with seed 1, seat 0 (Red) to roll first.
func newTestGame(t testing.TB, n int) *Game {
	t.Helper()
	g, err := New(Config{Players: n, Seed: 1, FirstColor: Red})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// sqr parses a square such as "c5" or fails the test.
func sqr(t testing.TB, s string) Square {
	t.Helper()
	q, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// diffGames returns a readable diff of two whole game states ("" if equal).
func diffGames(want, got *Game) string {
	return cmp.Diff(want, got, cmp.AllowUnexported(Game{}, occupancy{}, bitboard{}, rand.PCG{}))
}

// mustValid fails the test if g breaks an invariant.
func mustValid(t testing.TB, g *Game) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
}

// mustApply applies the moves in order, failing the test on any error.
func mustApply(t testing.TB, g *Game, moves ...Move) {
	t.Helper()
	for _, m := range moves {
		if err := g.Apply(m); err != nil {
			t.Fatalf("Apply(%v): %v", m, err)
		}
	}
}

// mustReach applies the moves to g and checks that the whole resulting state
// equals want (a go-cmp diff on failure) and that it validates.
func mustReach(t testing.TB, g, want *Game, moves ...Move) {
	t.Helper()
	mustApply(t, g, moves...)
	if d := diffGames(want, g); d != "" {
		t.Errorf("after %v (-want +got):\n%s", moves, d)
	}
	mustValid(t, g)
}

// mustRefuse applies m and expects it refused for reason why: an error
// wrapping ErrIllegalMove and why's category sentinel (refusalCategory),
// a *MoveError that names m, the phase, why and why's rule text; and it
// checks that the game did not change. It returns the error.
func mustRefuse(t testing.TB, g *Game, m Move, why Reason) *MoveError {
	t.Helper()
	before := *g
	err := g.Apply(m)
	if err == nil {
		t.Fatalf("Apply(%v) succeeded; want it refused (%v)", m, why)
	}
	if !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Apply(%v) error %v does not wrap ErrIllegalMove", m, err)
	}
	if cat := refusalCategory[why]; cat != nil && !errors.Is(err, cat) {
		t.Errorf("Apply(%v) error %v does not wrap %v", m, err, cat)
	}
	if d := diffGames(&before, g); d != "" {
		t.Errorf("refused Apply(%v) changed the game (-before +after):\n%s", m, d)
	}
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("Apply(%v) error %T is not a *MoveError", m, err)
	}
	if me.Reason != why || me.Rule != why.Rule() || me.Move != m || me.Phase != before.phase {
		t.Errorf("Apply(%v) in phase %v refused for %v (%q), naming %v in phase %v; want %v (%q)",
			m, before.phase, me.Reason, me.Rule, me.Move, me.Phase, why, why.Rule())
	}
	if g.IsLegal(m) {
		t.Errorf("IsLegal(%v) is true for a refused move", m)
	}
	return me
}

// hasMove reports whether m is among g.Legal().
func hasMove(g *Game, m Move) bool {
	for _, l := range g.Legal() {
		if l == m {
			return true
		}
	}
	return false
}

// legalOfKind returns the legal moves of kind k, in Legal's order.
func legalOfKind(g *Game, k MoveKind) []Move {
	var out []Move
	for _, m := range g.Legal() {
		if m.Kind == k {
			out = append(out, m)
		}
	}
	return out
}

// sameMoves fails the test unless got and want hold the same moves, in any
// order (nil and empty are the same).
func sameMoves(t testing.TB, what string, got, want []Move) {
	t.Helper()
	key := func(a, b Move) int { return strings.Compare(a.String(), b.String()) }
	got, want = slices.Clone(got), slices.Clone(want)
	slices.SortFunc(got, key)
	slices.SortFunc(want, key)
	if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("%s: legal moves differ (-want +got):\n%s", what, d)
	}
}

// setPhase puts the game in phase ph of player p's turn (p decides).
func setPhase(g *Game, ph Phase, p int) {
	g.phase, g.active, g.toMove = ph, uint8(p), uint8(p)
}

// wantRoll applies to want what a Roll move forced to dice d changes before
// the ship moves: the dice, and the random source advanced by the two draws
// that a plain roll makes (a forced roll makes them too, §4.1).
func wantRoll(want *Game, d [2]uint8) {
	want.intn(6)
	want.intn(6)
	want.dice = d
}

// setShip puts the ship in row r (as if it had been rolled there).
func setShip(g *Game, r Row) { g.ship = r }

// setGold gives player p exactly n gold, to or from the bank.
func setGold(t testing.TB, g *Game, p, n int) {
	t.Helper()
	have := int(g.gold[p])
	if n-have > int(g.bank) {
		t.Fatalf("setGold: bank has %d, need %d", g.bank, n-have)
	}
	g.bank = uint8(int(g.bank) - (n - have))
	g.gold[p] = uint8(n)
}

// setInfluence gives player p exactly these influence cards. Surplus cards
// go to the discard pile; missing ones come from the deck (the highest card
// of that colour) or else the discard pile.
func setInfluence(t testing.TB, g *Game, p int, blue, green, yellow int) {
	t.Helper()
	want := [3]int{blue, green, yellow}
	for c := range want {
		for int(g.infl[p][c]) > want[c] {
			g.infl[p][c]--
			g.discard[c]++
		}
		for int(g.infl[p][c]) < want[c] {
			if !takeFromDeck(g, c) {
				if g.discard[c] == 0 {
					t.Fatalf("setInfluence: no %v card left", InfluenceColor(c+1))
				}
				g.discard[c]--
			}
			g.infl[p][c]++
		}
	}
}

// takeFromDeck removes the topmost card of colour c from the deck.
func takeFromDeck(g *Game, c int) bool {
	for i := int(g.deckLen) - 1; i >= 0; i-- {
		if int(g.deck[i]) == c {
			copy(g.deck[i:], g.deck[i+1:g.deckLen])
			g.deckLen--
			return true
		}
	}
	return false
}

// setDeck replaces the deck's order; cards[0] is the top card. The cards
// must be those in the deck now.
func setDeck(t testing.TB, g *Game, cards ...InfluenceColor) {
	t.Helper()
	var have, want [3]int
	for _, c := range g.deck[:g.deckLen] {
		have[c]++
	}
	for _, c := range cards {
		want[c-1]++
	}
	if have != want {
		t.Fatalf("setDeck: deck holds %v, asked for %v", have, want)
	}
	for i, c := range cards {
		g.deck[int(g.deckLen)-1-i] = uint8(c - 1)
	}
}

// moveDeckToDiscard empties the deck into the discard pile.
func moveDeckToDiscard(g *Game) {
	for _, c := range g.deck[:g.deckLen] {
		g.discard[c]++
	}
	g.deckLen = 0
}

// placePermit puts player p's permit of value v on s (from supply, or moved
// from where it lay). s must be empty.
func placePermit(t testing.TB, g *Game, p, v int, s Square) {
	t.Helper()
	if !g.isEmpty(s) {
		t.Fatalf("placePermit: %v is not empty", s)
	}
	if old := g.permitSq[p][v]; old != inSupply {
		g.setCell(old, 0)
	}
	g.permitSq[p][v] = s
	g.setCell(s, permitCell(p, v))
}

// removeAt clears square s: a permit goes to its owner's supply; a building
// is taken off whole (a player building to the supply, a starter out of the
// game, a neutral building to the neutral supply with its cubes, and its
// trade points lost). Church tiles cannot be removed.
func removeAt(t testing.TB, g *Game, s Square) {
	t.Helper()
	v := g.cell[s]
	switch {
	case v == 0:
	case v <= numPieces:
		id := int(v) - 1
		g.displace(id)
		if pieceKinds[id].Starter() {
			owner := g.owner(id)
			g.rebuild[owner] &^= 1 << (pieceKinds[id] - Hut)
			g.pieceSq[id] = removedFromGame
		}
	case v&cellPermit != 0:
		p, val := permitOf(v)
		g.permitSq[p][val] = inSupply
		g.setCell(s, 0)
	default:
		t.Fatalf("removeAt %v: a church tile", s)
	}
}

// placeBuilding puts building b of player p with its north-west square at
// s: p's own piece (moved if it stands elsewhere), or a neutral copy from
// the supply owned by p with a cube on every flag. Its trade points count
// (and may put milestone cubes). The footprint must be empty. It returns
// the piece id.
func placeBuilding(t testing.TB, g *Game, p int, b Building, s Square) int {
	t.Helper()
	sp := b.spec()
	if !s.Valid() || s.col()+int(sp.w) > CityColumns(int(g.n)) || s.ri()+int(sp.h) > NumRows {
		t.Fatalf("placeBuilding: %v at %v leaves the city", b, s)
	}
	id := -1
	if b.Neutral() {
		id = g.freeNeutral(b)
		if id < 0 {
			t.Fatalf("placeBuilding: no %v in supply", b)
		}
	} else {
		id = playerPiece(p, b)
		if g.pieceSq[id].Valid() {
			removeAt(t, g, g.pieceSq[id])
		}
		g.rebuild[p] &^= 1 << (b - Hut)
	}
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			if q := sq(s.col()+dx, s.ri()+dy); !g.isEmpty(q) {
				t.Fatalf("placeBuilding: %v at %v: %v is not empty", b, s, q)
			}
		}
	}
	g.put(id, s)
	if b.Neutral() {
		g.pieceOwner[id] = int8(p)
		g.pieceCubes[id] = sp.cubes
		g.cubes[p] += sp.cubes
	}
	if tv := g.footprintTrade(b, s); tv > 0 {
		g.setTradePoints(p, int(g.tp[p])+tv)
	}
	return id
}

// placeWall builds player p's next wall tile on w, without cost or
// reward but with the tower's cube.
func placeWall(t testing.TB, g *Game, p int, w WallSite) {
	t.Helper()
	if !w.inGame(int(g.n)) || g.wall[w] != 0 {
		t.Fatalf("placeWall: %v is not a free site", w)
	}
	g.wallBuilt[p]++
	g.wall[w] = uint8((p+1)<<4 | int(g.wallBuilt[p]))
	if WallTower(int(g.wallBuilt[p])) {
		g.cubes[p]++
	}
}

// placeChurchTile builds church tile tile for player p (with its cube),
// taking it out of the stack. The first tile placed fixes the church area
// as if it stood on c8. What stands on its square is removed first.
func placeChurchTile(t testing.TB, g *Game, p int, tile ChurchTile) {
	t.Helper()
	i := -1
	for k, x := range g.church[:g.churchLen] {
		if ChurchTile(x) == tile {
			i = k
		}
	}
	if i < 0 {
		t.Fatalf("placeChurchTile: tile %d is not in the stack", tile)
	}
	copy(g.church[i:], g.church[i+1:g.churchLen])
	g.churchLen--
	g.church[g.churchLen] = 0
	if g.churchOrigin == NoSquare {
		g.churchOrigin = churchOriginFor(tile)
	}
	s := churchSquare(g.churchOrigin, tile)
	removeAt(t, g, s)
	g.setCell(s, uint8(cellChurch|int(tile)))
	g.churchOwner[tile] = int8(p)
	g.cubes[p]++
}

// setChurchStack reorders the church stack; tiles[0] is the top. The tiles
// must be those in the stack now.
func setChurchStack(t testing.TB, g *Game, tiles ...ChurchTile) {
	t.Helper()
	if len(tiles) != int(g.churchLen) {
		t.Fatalf("setChurchStack: %d tiles for a stack of %d", len(tiles), g.churchLen)
	}
	for i, x := range tiles {
		g.church[int(g.churchLen)-1-i] = uint8(x)
	}
}

// clearCity removes every permit and building from the city (starters leave
// the game), keeping church tiles.
func clearCity(t testing.TB, g *Game) {
	t.Helper()
	for s := Square(0); s < NumSquares; s++ {
		if v := g.cell[s]; v != 0 && v&cellChurch == 0 {
			removeAt(t, g, s)
		}
	}
}
func TestHelpersKeepInvariants(t *testing.T) {
	g := newTestGame(t, 4)
	setGold(t, g, 0, 12)
	setInfluence(t, g, 1, 3, 0, 2)
	placePermit(t, g, 0, 2, sqr(t, "c5"))
	placeBuilding(t, g, 2, LargeBuilding, sqr(t, "a2"))
	placeWall(t, g, 3, EastSite(3))
	placeChurchTile(t, g, 1, 5)
	clearCity(t, g)
	mustValid(t, g)
}
