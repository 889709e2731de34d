package elasund

// Scenario tests for the starter rebuild: RULES.md §6.8 and interpretation 4
// (the owner may rebuild a displaced hut or totem, or decline). Helpers such
// as bldGame are in building_test.go.

import (
	"slices"
	"strings"
	"testing"
)

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
	if g.BuildingOrigin(bldBlue, Hut) != AwaitingRebuild || !g.RebuildPending(bldBlue, Hut) || g.BuildsLeft() != 1 {
		t.Errorf("hut at %v, pending %v, builds left %d; want awaiting, true, 1",
			g.BuildingOrigin(bldBlue, Hut), g.RebuildPending(bldBlue, Hut), g.BuildsLeft())
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
	for _, c := range []struct {
		m   Move
		why Reason
	}{
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "a5")}, ReasonRebuildSquare},        // harbor field
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "b2")}, ReasonRebuildSquare},        // a permit
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c8")}, ReasonRebuildSquare},        // church foundation
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "c4")}, ReasonRebuildSquare},        // the tavern
		{Move{Kind: Rebuild, Building: Hut, Square: sqr(t, "f3")}, ReasonRebuildSquare},        // outside the 2-player city
		{Move{Kind: Rebuild, Building: Hut, Square: NoSquare}, ReasonNotASquare},               // no square
		{Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "e5")}, ReasonNotAwaitingRebuild}, // not displaced
		{Move{Kind: Rebuild, Building: House, Square: sqr(t, "e5")}, ReasonNotAwaitingRebuild}, // not a starter
	} {
		mustRefuse(t, g, c.m, c.why)
	}
	mustRefuse(t, g, bldBuild(House, sqr(t, "e12"), NoInfluence), ReasonWrongPhase)
	mustRefuse(t, g, Move{Kind: EndBuilding}, ReasonWrongPhase)

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
	mustRefuse(t, g, bldBuild(House, sqr(t, "e5"), NoInfluence), ReasonWrongPhase)
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
		mustRefuse(t, g, m, ReasonRebuildSquare)
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
		mustRefuse(t, g, m, ReasonNotAwaitingRebuild)
	}
	mustRefuse(t, g, Move{Kind: DeclineRebuild, Building: Hut, Square: sqr(t, "c2")}, ReasonUnusedField)

	// Blue declines the totem: it leaves the game; the hut still waits.
	want := g.Clone()
	want.pieceSq[totem] = removedFromGame
	want.rebuild[bldBlue] = 1
	mustReach(t, g, want, Move{Kind: DeclineRebuild, Building: Totem})
	if g.BuildingOrigin(bldBlue, Totem) != RemovedFromGame || g.RebuildPending(bldBlue, Totem) {
		t.Errorf("declined totem at %v, pending %v; want removed, false",
			g.BuildingOrigin(bldBlue, Totem), g.RebuildPending(bldBlue, Totem))
	}
	if err := g.Check(Move{Kind: DeclineRebuild, Building: Totem}); err == nil || !strings.Contains(err.Error(), "§6.8") {
		t.Errorf("declining the totem twice: %v, want a §6.8 refusal", err)
	}
	mustRefuse(t, g, Move{Kind: Rebuild, Building: Totem, Square: sqr(t, "b2")}, ReasonNotAwaitingRebuild)
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
	if g.BuildingOrigin(bldBlue, Totem) != RemovedFromGame || g.Phase() != PhaseBuild || g.ToMove() != bldRed {
		t.Errorf("totem at %v, phase %v, to move %v; want removed, build, Red",
			g.BuildingOrigin(bldBlue, Totem), g.Phase(), g.ToMove())
	}
	mustValid(t, g)
}
