package elasund

// Scenario tests for the city wall (RULES.md §7, interpretation 3).

import (
	"slices"
	"testing"
)

// permSite parses a wall site such as "Nc", "Sh" or "E11".
func permSite(t *testing.T, s string) WallSite {
	t.Helper()
	w, err := ParseWallSite(s)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// permWallMoves returns BuildWall moves on the named sites.
func permWallMoves(t *testing.T, sites ...string) []Move {
	t.Helper()
	out := []Move{}
	for _, s := range sites {
		out = append(out, Move{Kind: BuildWall, Site: permSite(t, s)})
	}
	return out
}

// permDeckTop reorders the influence deck so that top[0] is its top card,
// top[1] the next, and so on; the other cards follow in any order.
func permDeckTop(t *testing.T, g *Game, top ...InfluenceColor) {
	t.Helper()
	var rest [3]int
	for _, c := range g.deck[:g.deckLen] {
		rest[c]++
	}
	order := slices.Clone(top)
	for _, c := range top {
		rest[c-1]--
	}
	for c := range rest {
		for ; rest[c] > 0; rest[c]-- {
			order = append(order, InfluenceColor(c+1))
		}
	}
	setDeck(t, g, order...)
}

// permWallGame returns an n-player game in seat p's phase 2 with gold.
func permWallGame(t *testing.T, n, p, gold int) *Game {
	t.Helper()
	g := newTestGame(t, n)
	setShip(g, 5)
	setPhase(g, PhaseBuild, p)
	setGold(t, g, p, gold)
	mustValid(t, g)
	return g
}

// §1/§7: 12, 16 and 20 wall sites; north and south from column c to the
// site before the gate, east rows 3–11.
func TestWallSitesPerGame(t *testing.T) {
	east := []string{"E3", "E4", "E5", "E6", "E8", "E9", "E10", "E11"}
	cases := []struct {
		n    int
		cols string
	}{
		{2, "cd"},
		{3, "cdef"},
		{4, "cdefgh"},
	}
	for _, c := range cases {
		var want []WallSite
		for _, col := range c.cols {
			want = append(want, permSite(t, "N"+string(col)))
		}
		for _, col := range c.cols {
			want = append(want, permSite(t, "S"+string(col)))
		}
		for _, e := range east {
			want = append(want, permSite(t, e))
		}
		got := WallSites(c.n)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("WallSites(%d) = %v, want %v", c.n, got, want)
		}
		if len(got) != 4*c.n+4 {
			t.Errorf("WallSites(%d) has %d sites, want %d", c.n, len(got), 4*c.n+4)
		}
	}
	// Costs: north and south 2, east 4.
	for _, w := range WallSites(4) {
		want := 2
		if w.String()[0] == 'E' {
			want = 4
		}
		if w.Cost() != want {
			t.Errorf("%v.Cost() = %d, want %d", w, w.Cost(), want)
		}
	}
}

// §7, interpretation 3: the legal sites are those next to a gate or to a
// built tile (any player's) along its wall, in either direction, any time.
func TestWallLegalSites(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		built []string // built in this order, seats 1, 0, 1, 0, … (at most 9 each)
		want  []string
	}{
		{"2 players, empty", 2, nil, []string{"Nd", "Sd", "E3", "E11"}},
		{"3 players, empty", 3, nil, []string{"Nf", "Sf", "E3", "E11"}},
		{"4 players, empty", 4, nil, []string{"Nh", "Sh", "E3", "E11"}},
		{"3 players, north two tiles", 3, []string{"Nf", "Ne"}, []string{"Nd", "Sf", "E3", "E11"}},
		{"3 players, east from the north gate", 3, []string{"E3", "E4"}, []string{"Nf", "Sf", "E5", "E11"}},
		{"3 players, east from the south gate", 3, []string{"E11", "E10", "E9"}, []string{"Nf", "Sf", "E3", "E8"}},
		{"3 players, north complete", 3, []string{"Nf", "Ne", "Nd", "Nc"}, []string{"Sf", "E3", "E11"}},
		{"2 players, north complete, south one", 2, []string{"Nd", "Nc", "Sd"}, []string{"Sc", "E3", "E11"}},
		{"4 players, east gap at 6", 4, []string{"E3", "E4", "E5", "E11", "E10", "E9", "E8"}, []string{"Nh", "Sh", "E6"}},
		{"4 players, east complete", 4, []string{"E3", "E4", "E5", "E6", "E11", "E10", "E9", "E8"}, []string{"Nh", "Sh"}},
		{"4 players, east and north mixed", 4, []string{"E11", "Nh", "Ng", "Nf"}, []string{"Ne", "Sh", "E3", "E10"}},
		{"2 players, all built", 2, []string{"Nd", "Nc", "Sd", "Sc", "E3", "E4", "E5", "E6", "E11", "E10", "E9", "E8"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, c.n)
			for i, s := range c.built {
				placeWall(t, g, 1-i%2, permSite(t, s))
			}
			setShip(g, 5)
			setPhase(g, PhaseBuild, 2%c.n) // seat 0 in 2 players, else seat 2
			setGold(t, g, 2%c.n, 4)
			mustValid(t, g)
			sameMoves(t, "BuildWall", legalOfKind(g, BuildWall), permWallMoves(t, c.want...))
			// Every other site of the game is refused.
			for _, w := range WallSites(c.n) {
				m := Move{Kind: BuildWall, Site: w}
				if slices.Contains(c.want, w.String()) {
					continue
				}
				want := ReasonWallNotAdjacent
				if slices.Contains(c.built, w.String()) {
					want = ReasonWallSiteBuilt
				}
				mustRefuse(t, g, m, want)
			}
		})
	}
}

// §7: each tile of the stack, 1 to 9 in order, and its reward: 1, 2, 4
// draw one influence card; 5, 7, 8 draw two; 3, 6, 9 are towers with one
// of the player's cubes and no card. North costs 2 gold, east 4.
func TestWallTileRewards(t *testing.T) {
	// Tiles 1..t-1 lie on the south wall and the south end of the east wall.
	earlier := []string{"Sh", "Sg", "Sf", "Se", "Sd", "Sc", "E11", "E10"}
	cases := []struct {
		tile  int
		site  string
		cards int
		tower bool
	}{
		{1, "Nh", 1, false},
		{2, "E3", 1, false},
		{3, "Nh", 0, true},
		{4, "E3", 1, false},
		{5, "Nh", 2, false},
		{6, "E3", 0, true},
		{7, "E3", 2, false},
		{8, "Nh", 2, false},
		{9, "E3", 0, true},
	}
	for _, c := range cases {
		t.Run(c.site+"/"+string(rune('0'+c.tile)), func(t *testing.T) {
			g := newTestGame(t, 4)
			for _, s := range earlier[:c.tile-1] {
				placeWall(t, g, 0, permSite(t, s))
			}
			setInfluence(t, g, 0, 0, 0, 0)
			permDeckTop(t, g, InfluenceGreen, InfluenceYellow, InfluenceBlue)
			setShip(g, 5)
			setPhase(g, PhaseBuild, 0)
			cost := 2
			if c.site[0] == 'E' {
				cost = 4
			}
			setGold(t, g, 0, cost) // exactly the cost
			mustValid(t, g)

			w := g.Clone()
			setGold(t, w, 0, 0) // the cost to the bank
			site := permSite(t, c.site)
			w.wallBuilt[0] = uint8(c.tile)
			w.wall[site] = uint8(1<<4 | c.tile)
			if c.tower {
				w.cubes[0]++
			}
			for _, col := range []InfluenceColor{InfluenceGreen, InfluenceYellow}[:c.cards] {
				w.deckLen--
				w.infl[0][col-1]++
			}
			w.builds = 1
			mustApply(t, g, Move{Kind: BuildWall, Site: site})
			if d := diffGames(w, g); d != "" {
				t.Errorf("tile %d on %s (-want +got):\n%s", c.tile, c.site, d)
			}
			mustValid(t, g)
			if p, tile := g.Wall(site); p != 0 || tile != c.tile {
				t.Errorf("Wall(%s) = %v, %d; want 0, %d", c.site, p, tile, c.tile)
			}
			if left := g.WallTilesLeft(0); left != 9-c.tile {
				t.Errorf("WallTilesLeft = %d, want %d", left, 9-c.tile)
			}
		})
	}
}

// The rulebook's example: yellow pays 2 gold for a wall tile and gets an
// influence card, then pays 4 gold for a second tile and puts a cube on its
// tower. Her first tile already stands elsewhere, so these are tiles 2
// and 3. After two builds, phase 3 follows.
func TestWallSeedExample(t *testing.T) {
	g := newTestGame(t, 4)
	const yellow = 3
	if g.colors[yellow] != Yellow {
		t.Fatalf("seat 3 is %v", g.colors[yellow])
	}
	placeWall(t, g, yellow, permSite(t, "Sh")) // tile 1
	setInfluence(t, g, yellow, 0, 0, 0)
	permDeckTop(t, g, InfluenceBlue)
	setShip(g, 9)
	setPhase(g, PhaseBuild, yellow)
	setGold(t, g, yellow, 7)
	mustValid(t, g)

	w := g.Clone()
	setGold(t, w, yellow, 5)
	w.wallBuilt[yellow] = 2
	w.wall[permSite(t, "Nh")] = uint8((yellow+1)<<4 | 2)
	w.deckLen--
	w.infl[yellow][0]++ // the blue card on top
	w.builds = 1
	mustReach(t, g, w, Move{Kind: BuildWall, Site: permSite(t, "Nh")})

	setGold(t, w, yellow, 1)
	w.wallBuilt[yellow] = 3
	w.wall[permSite(t, "E3")] = uint8((yellow+1)<<4 | 3)
	w.cubes[yellow]++
	w.builds = 2
	w.phase = PhasePermit
	mustReach(t, g, w, Move{Kind: BuildWall, Site: permSite(t, "E3")})
	if n := g.towers(yellow); n != 1 {
		t.Errorf("yellow has %d towers, want 1", n)
	}
}

// §7: a wall tile costs 2 gold north and south, 4 gold east; short of it the
// build is refused with ErrCannotPay and Legal leaves the site out.
func TestWallGoldShort(t *testing.T) {
	g := permWallGame(t, 4, 0, 3)
	sameMoves(t, "gold 3", legalOfKind(g, BuildWall), permWallMoves(t, "Nh", "Sh"))
	for _, s := range []string{"E3", "E11"} {
		m := Move{Kind: BuildWall, Site: permSite(t, s)}
		mustRefuse(t, g, m, ReasonCannotPayWall)
	}

	g = permWallGame(t, 4, 0, 1)
	sameMoves(t, "gold 1", legalOfKind(g, BuildWall), nil)
	for _, s := range []string{"Nh", "Sh", "E3"} {
		m := Move{Kind: BuildWall, Site: permSite(t, s)}
		mustRefuse(t, g, m, ReasonCannotPayWall)
	}
}

// §7: sites outside the game are malformed; sites not next to a gate or a
// built tile, and built sites, are refused; a wall tile is a phase-2 build.
func TestWallRefused(t *testing.T) {
	g := permWallGame(t, 2, 0, 10)
	placeWall(t, g, 1, permSite(t, "Nd"))
	mustValid(t, g)
	cases := []struct {
		name string
		site WallSite
		rule Reason
	}{
		{"Ne: gate with 2 players", permSite(t, "Ne"), ReasonNotAWallSite},
		{"Nh: not a 2-player site", permSite(t, "Nh"), ReasonNotAWallSite},
		{"Sf", permSite(t, "Sf"), ReasonNotAWallSite},
		{"site 20", WallSite(20), ReasonNotAWallSite},
		{"no site", NoWallSite, ReasonNotAWallSite},
		{"built", permSite(t, "Nd"), ReasonWallSiteBuilt},
		{"Sc: not next to the gate", permSite(t, "Sc"), ReasonWallNotAdjacent},
		{"E4", permSite(t, "E4"), ReasonWallNotAdjacent},
		{"E10", permSite(t, "E10"), ReasonWallNotAdjacent},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := Move{Kind: BuildWall, Site: c.site}
			mustRefuse(t, g, m, c.rule)
			if hasMove(g, m) {
				t.Errorf("Legal holds %v", m)
			}
		})
	}
	g2 := g.Clone()
	setPhase(g2, PhasePermit, 0)
	mustRefuse(t, g2, Move{Kind: BuildWall, Site: permSite(t, "Nc")}, ReasonWrongPhase)
	setPhase(g2, PhaseBonus, 0)
	mustRefuse(t, g2, Move{Kind: BuildWall, Site: permSite(t, "Nc")}, ReasonWrongPhase)
}

// §7: with all nine tiles built, the stack is empty: no more wall tiles.
func TestWallEmptyStack(t *testing.T) {
	g := newTestGame(t, 4)
	for _, s := range []string{"Nh", "Ng", "Nf", "Ne", "Nd", "Nc", "E3", "E4", "E5"} {
		placeWall(t, g, 0, permSite(t, s))
	}
	setShip(g, 5)
	setPhase(g, PhaseBuild, 0)
	setGold(t, g, 0, 10)
	mustValid(t, g)
	if n := g.WallTilesLeft(0); n != 0 {
		t.Errorf("WallTilesLeft = %d, want 0", n)
	}
	sameMoves(t, "empty stack", legalOfKind(g, BuildWall), nil)
	for _, s := range []string{"Sh", "E11", "E6"} {
		m := Move{Kind: BuildWall, Site: permSite(t, s)}
		mustRefuse(t, g, m, ReasonNoWallTiles)
	}
	// Another player still builds there.
	setPhase(g, PhaseBuild, 1)
	setGold(t, g, 1, 4)
	sameMoves(t, "seat 1", legalOfKind(g, BuildWall), permWallMoves(t, "Sh", "E6", "E11"))
}
