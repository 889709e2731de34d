package elasund

import (
	"slices"
	"strings"
	"testing"
)

// Every documented field of View.AppendObservation changes the encoding: a pair
// of positions per field (observation_test.go has the layout tables).

// obsCase is a pair of positions that differ in one thing, and the
// documented fields that thing changes: each of them changes somewhere in
// its range, and no other field changes. A case with no field is a pair
// the viewer cannot tell apart.
type obsCase struct {
	name   string
	va, vb Player // the viewers of a and of b (both seat 0 if zero)
	pair   func(t testing.TB) (a, b *Game)
	must   []string
}

// obsPair returns two copies of a new game of n players (Red, Blue,
// Green, Yellow; Red to roll first), b edited by edit.
func obsPair(n int, edit func(t testing.TB, a, b *Game)) func(t testing.TB) (a, b *Game) {
	return func(t testing.TB) (*Game, *Game) {
		a := newTestGame(t, n)
		b := a.Clone()
		edit(t, a, b)
		return a, b
	}
}

// obsCases make every documented field change. Seats are relative to
// Red (seat 0) unless a case says otherwise; the starting position has
// Blue's hut on c4 and totem on b8, Red's on d4 and e8, Green's on d10
// and e5, Yellow's on c10 and b5.
func obsCases() []obsCase {
	return []obsCase{
		{name: "a fourth player", pair: func(t testing.TB) (*Game, *Game) { return newTestGame(t, 3), newTestGame(t, 4) },
			must: []string{"city", "trade", "players", "site@Ng", "site@Nh", "site@Sg", "site@Sh",
				"present@3", "gold@3", "influence@3", "permits@3", "onboard@3", "walltiles@3",
				"empty", "building", "origin", "owner", "bank", "deck"}},
		{name: "Blue's permit 3 on f5", pair: obsPair(4, func(t testing.TB, a, b *Game) { placePermit(t, b, 1, 3, sqr(t, "f5")) }),
			must: []string{"empty", "permit", "owner", "permits@1"}},
		{name: "Green's tavern on f5", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeBuilding(t, b, 2, Tavern, sqr(t, "f5")) }),
			must: []string{"building", "origin", "cube", "owner", "empty", "neutral", "cubes@2", "rowcubes@2"}},
		{name: "a large building's second cube", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			for _, g := range []*Game{a, b} {
				placeBuilding(t, g, 1, LargeBuilding, sqr(t, "f3"))
			}
			id := int(a.cell[sqr(t, "f3")]) - 1
			a.pieceCubes[id], a.cubes[1] = 1, a.cubes[1]-1 // the builder's last cube (interpretation 8)
		}), must: []string{"cube", "cubes@1", "rowcubes@1"}},
		{name: "Blue's house on g9", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeBuilding(t, b, 1, House, sqr(t, "g9")) }),
			must: []string{"building", "origin", "owner", "empty", "onboard@1"}},
		{name: "Blue's hut displaced", pair: obsPair(4, func(t testing.TB, a, b *Game) { b.displace(playerPiece(1, Hut)) }),
			must: []string{"building", "origin", "owner", "empty", "onboard@1", "awaiting@1"}},
		{name: "Blue's displaced hut removed", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			a.displace(playerPiece(1, Hut))
			removeAt(t, b, sqr(t, "c4"))
		}), must: []string{"awaiting@1", "removed@1"}},
		{name: "Blue's church tile 5", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeChurchTile(t, b, 1, 5) }),
			must: []string{"church", "churcharea", "cube", "owner", "churchtiles", "churchleft", "cubes@1", "rowcubes@1"}},
		{name: "the stack's bottom, to its first builder", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setChurchStack(t, a, 1, 2, 3, 4, 5, 6, 7, 8, 9)
			setChurchStack(t, b, 1, 2, 3, 4, 5, 6, 7, 9, 8)
			placeChurchTile(t, a, 0, 5)
			placeChurchTile(t, b, 0, 5)
		}), must: []string{"churchbottom"}},
		{name: "the stack's bottom, to another seat", va: 1, vb: 1, pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setChurchStack(t, a, 1, 2, 3, 4, 5, 6, 7, 8, 9)
			setChurchStack(t, b, 1, 2, 3, 4, 5, 6, 7, 9, 8)
			placeChurchTile(t, a, 0, 5)
			placeChurchTile(t, b, 0, 5)
		})},
		{name: "the drawn church tiles, to their builder", pair: obsChurchDraw, must: []string{"churchchoice"}},
		{name: "the drawn church tiles, to another seat", va: 2, vb: 2, pair: obsChurchDraw},
		{name: "Green's gold", pair: obsPair(4, func(t testing.TB, a, b *Game) { setGold(t, b, 2, 7) }),
			must: []string{"gold@2", "bank"}},
		{name: "Blue draws influence", pair: obsPair(4, func(t testing.TB, a, b *Game) { setInfluence(t, b, 1, 2, 2, 2) }),
			must: []string{"influence@1", "deck"}},
		{name: "Green discards influence", pair: obsPair(4, func(t testing.TB, a, b *Game) { setInfluence(t, b, 2, 0, 0, 0) }),
			must: []string{"influence@2", "discard"}},
		{name: "the colour of Red's card", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			w, ok := swapOwnColour(b, 0)
			if !ok {
				t.Fatal("no card to swap")
			}
			*b = w
		}), must: []string{"hand"}},
		{name: "the colour of Red's card, to Blue", va: 1, vb: 1, pair: obsPair(4, func(t testing.TB, a, b *Game) {
			w, _ := swapOwnColour(b, 0)
			*b = w
		})},
		{name: "the deck to the discard pile", pair: obsPair(4, func(t testing.TB, a, b *Game) { moveDeckToDiscard(b) }),
			must: []string{"deck", "discard"}},
		{name: "Blue's pending discard", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseDiscard, 1)
			setPhase(b, PhaseDiscard, 1)
			a.pending[1], b.pending[1] = 1, 2
		}), must: []string{"pending@1"}},
		{name: "Blue's wall on E3", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeWall(t, b, 1, EastSite(3)) }),
			must: []string{"wallowner@E3", "walltiles@1"}},
		{name: "Green's tower on Nf", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			for _, g := range []*Game{a, b} {
				placeWall(t, g, 2, NorthSite(7))
				placeWall(t, g, 2, NorthSite(6))
			}
			placeWall(t, b, 2, NorthSite(5))
		}), must: []string{"wallowner@Nf", "tower@Nf", "walltiles@2", "cubes@2"}},
		{name: "Blue's house on the harbor", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeBuilding(t, b, 1, House, sqr(t, "a3")) }),
			must: []string{"tradepoints@1", "disk@1", "building", "origin", "owner", "empty", "onboard@1"}},
		{name: "Blue's milestone", pair: obsPair(4, func(t testing.TB, a, b *Game) { placeBuilding(t, b, 1, LargeBuilding, sqr(t, "a2")) }),
			must: []string{"milestones@1", "milestonecubes", "tradepoints@1", "disk@1", "cubes@1", "rowcubes@1",
				"building", "origin", "cube", "owner", "empty", "neutral"}},
		{name: "trade points beyond the disk (edited counters)", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			a.tp[3], b.tp[3] = 12, 13
		}), must: []string{"tradepoints@3"}},
		{name: "the phase", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseBuild, 0)
			setPhase(b, PhasePermit, 0)
		}), must: []string{"phase", "buildsleft"}},
		{name: "the active player", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseBuild, 0)
			setPhase(b, PhaseBuild, 1)
		}), must: []string{"active", "tomove"}},
		{name: "who discards", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseDiscard, 0)
			setPhase(b, PhaseDiscard, 0)
			b.toMove = 2
		}), must: []string{"tomove"}},
		{name: "the first player", pair: obsPair(4, func(t testing.TB, a, b *Game) { b.first = 2 }),
			must: []string{"first"}},
		{name: "the winner", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseOver, 0)
			setPhase(b, PhaseOver, 0)
			a.winner, b.winner = 0, 3
		}), must: []string{"winner"}},
		{name: "the turn", pair: obsPair(4, func(t testing.TB, a, b *Game) { b.turn = 9 }),
			must: []string{"turn"}},
		{name: "a turn limit", pair: obsPair(4, func(t testing.TB, a, b *Game) { b.maxTurns = 50 }),
			must: []string{"limit", "turnsleft"}},
		{name: "a later turn limit", pair: obsPair(4, func(t testing.TB, a, b *Game) { a.maxTurns, b.maxTurns = 50, 60 }),
			must: []string{"turnsleft"}},
		{name: "a build made", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseBuild, 0)
			setPhase(b, PhaseBuild, 0)
			b.builds = 1
		}), must: []string{"buildsleft"}},
		{name: "the ship", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setShip(a, 3)
			setShip(b, 9)
		}), must: []string{"ship", "permitrows"}},
		{name: "the dice", pair: obsPair(4, func(t testing.TB, a, b *Game) { a.dice, b.dice = [2]uint8{1, 2}, [2]uint8{3, 4} }),
			must: []string{"dice"}},
		{name: "the pirates' pool", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setPhase(a, PhaseDiscard, 1)
			setPhase(b, PhaseDiscard, 1)
			b.poolGold, b.bank = 2, b.bank-2
		}), must: []string{"pool", "bank"}},
		{name: "the English edition", pair: func(t testing.TB) (*Game, *Game) {
			a := newTestGame(t, 4)
			b, err := New(Config{Players: 4, Seed: 1, FirstColor: Red, Rules: EnglishEdition})
			if err != nil {
				t.Fatal(err)
			}
			return a, b
		}, must: []string{"rules"}},
		{name: "row 2 full of permits", pair: obsPair(4, func(t testing.TB, a, b *Game) {
			setShip(a, 2)
			setShip(b, 2)
			for col := range NumColumns {
				placePermit(t, b, col/5, col%5, SquareAt(col, 2))
			}
		}), must: []string{"permitrows", "empty", "permit", "owner", "permits@0", "permits@1"}},
		{name: "a spectator", vb: NoPlayer, pair: obsPair(4, func(t testing.TB, a, b *Game) {}),
			must: []string{"seated", "hand"}},
	}
}

// obsChurchDraw is Red drawing church tiles 4 and 7 (in a) or 4 and 8
// (in b) for the first church tile.
func obsChurchDraw(t testing.TB) (*Game, *Game) {
	var games [2]*Game
	for i, second := range []ChurchTile{7, 8} {
		g := newTestGame(t, 4)
		rest := []ChurchTile{4, second}
		for x := ChurchTile(1); x <= ChurchTiles; x++ {
			if x != 4 && x != second {
				rest = append(rest, x)
			}
		}
		setChurchStack(t, g, rest...)
		setPhase(g, PhaseBuild, 0)
		setShip(g, 3)
		setGold(t, g, 0, 10)
		mustApply(t, g, Move{Kind: BuildChurch})
		games[i] = g
	}
	return games[0], games[1]
}

// TestObservationFieldsChange: for every case of obsCases, the fields the
// case names change and no other field does; and every documented field
// is a field that some case changes.
func TestObservationFieldsChange(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range obsCases() {
		t.Run(c.name, func(t *testing.T) {
			a, b := c.pair(t)
			oa, ob := obsOf(a, c.va), obsOf(b, c.vb)
			changed := map[int]bool{}
			for i := range oa {
				if oa[i] != ob[i] {
					changed[i] = true
				}
			}
			allowed := map[int]bool{}
			for _, f := range c.must {
				off, n := obsRange(t, f)
				hit := false
				for i := off; i < off+n; i++ {
					hit = hit || changed[i]
					allowed[i] = true
				}
				if !hit {
					t.Errorf("%s did not change", f)
				}
				name, _, _ := strings.Cut(f, "@")
				covered[name] = true
			}
			var extra []string
			for i := range changed {
				if f := obsFieldAt(i); !allowed[i] && !slices.Contains(extra, f) {
					extra = append(extra, f)
				}
			}
			slices.Sort(extra)
			if len(extra) > 0 {
				t.Errorf("fields changed that should not: %v", extra)
			}
		})
	}
	for _, table := range [][]obsField{obsMainFields, obsSeatFields, obsWallFields} {
		for _, f := range table {
			if !covered[f.name] && f.name != "seats" && f.name != "walls" {
				t.Errorf("no case changes field %s", f.name)
			}
		}
	}
}
