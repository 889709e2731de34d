package words

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// TestContents checks what Contents, Site and Row say of squares, sites
// and rows of known positions, written out by hand: the starting
// position of two players (red first) and the same after red rolled 2
// and 3, stopped building and placed a permit worth 0 on b5.
func TestContents(t *testing.T) {
	two := elasund.Config{Players: 2, Seed: 1, FirstColor: elasund.Red}
	start := newGame(t, two).View(elasund.NoPlayer)
	permit := play(t, newGame(t, two), "roll 2 3", "end build", "permit 0 b5").View(0)
	sq := func(s string) elasund.Square {
		x, err := elasund.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		v      elasund.View
		square string
		want   string
	}{
		{start, "d4", "Red's hut"},
		{start, "e8", "Red's totem from e8"},
		{start, "e9", "Red's totem from e8"},
		{start, "b9", "Blue's totem from b8"},
		{start, "c4", "Blue's hut"},
		{start, "a5", "harbour trade field worth 1 trade point, empty"},
		{start, "c8", "the church foundation, empty"},
		{start, "d6", "empty"},
		{start, "f5", "outside the city"}, // two players: columns a to e
		{permit, "b5", "Red's permit worth 0"},
		{permit, "c5", "empty"},
	}
	for _, tt := range tests {
		if got := Contents(tt.v, sq(tt.square)); got != tt.want {
			t.Errorf("Contents(%s) = %q, want %q", tt.square, got, tt.want)
		}
	}
	three := newGame(t, elasund.Config{Players: 3, Seed: 1}).View(elasund.NoPlayer)
	if got, want := Contents(three, sq("f2")), "gate trade field worth 2 trade points, empty"; got != want {
		t.Errorf("Contents(f2) of three players = %q, want %q", got, want)
	}
	sites := []struct {
		site, want string
	}{
		{"Nc", "north wall above column c, empty, 2 gold"},
		{"Sd", "south wall below column d, empty, 2 gold"},
		{"E5", "east wall beside row 5, empty, 4 gold"},
		{"Nf", "no wall site"}, // two players: Nc and Nd
	}
	for _, tt := range sites {
		w, err := elasund.ParseWallSite(tt.site)
		if err != nil {
			t.Fatal(err)
		}
		if got := Site(start, w); got != tt.want {
			t.Errorf("Site(%s) = %q, want %q", tt.site, got, tt.want)
		}
	}
	if got, want := Row(permit, 5), "row 5 of the sea, where the ship is"; got != want {
		t.Errorf("Row(5) = %q, want %q", got, want)
	}
	if got, want := Row(permit, 9), "row 9 of the sea"; got != want {
		t.Errorf("Row(9) = %q, want %q", got, want)
	}
}

// TestContentsEveryPosition plays seeded random games of 2, 3 and 4
// players and checks what Contents and Site say of every square and site
// of every tenth position against the engine's own account of it: the
// owner of what stands there named by colour, the building, the
// permit's value and the wall tile, and no jargon.
func TestContentsEveryPosition(t *testing.T) {
	for players := 2; players <= 4; players++ {
		g := newGame(t, elasund.Config{Players: players, Seed: uint64(10 + players), MaxTurns: 60})
		r := rand.New(rand.NewPCG(uint64(players), 7))
		for n := 0; !g.Over(); n++ {
			if n%10 == 0 {
				checkPlaces(t, g.View(elasund.NoPlayer))
			}
			legal := g.Legal()
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		checkPlaces(t, g.View(elasund.NoPlayer))
	}
}

// checkPlaces checks Contents and Site on every square and wall site of
// view v.
func checkPlaces(t *testing.T, v elasund.View) {
	t.Helper()
	name := func(p elasund.Player) string { return capital(v.Color(p).String()) + "'s " }
	for _, s := range elasund.CitySquares(v.Players()) {
		got := Contents(v, s)
		for _, b := range checkSentence(capital(got) + ".") {
			t.Errorf("Contents(%v) = %q %s", s, got, b)
		}
		c := v.At(s)
		var want []string
		switch {
		case c.ChurchTile != 0:
			want = []string{"church tile", capital(v.Color(c.TileOwner).String())}
		case c.Building != elasund.NoBuilding && !c.Building.Neutral():
			want = []string{name(c.BuildingOwner) + buildingName(c.Building)}
		case c.Building != elasund.NoBuilding:
			want = []string{buildingName(c.Building), "neutral"}
			if c.BuildingOwner != elasund.NoPlayer {
				want = append(want, name(c.BuildingOwner)+"cubes")
			}
		case c.HasPermit:
			want = []string{name(c.PermitOwner) + "permit worth " + string(rune('0'+c.Permit))}
		default:
			want = []string{"empty"}
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("Contents(%v) = %q, missing %q (%+v)", s, got, w, c)
			}
		}
	}
	for _, w := range elasund.WallSites(v.Players()) {
		got := Site(v, w)
		owner, tile := v.Wall(w)
		want := "empty"
		if owner != elasund.NoPlayer {
			want = name(owner) + "wall tile " + string(rune('0'+tile))
		}
		if !strings.Contains(got, want) {
			t.Errorf("Site(%v) = %q, missing %q", w, got, want)
		}
		for _, b := range checkSentence(capital(got) + ".") {
			t.Errorf("Site(%v) = %q %s", w, got, b)
		}
	}
}
