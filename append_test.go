package elasund

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAppendForms: every Append method appends to dst what its plain form
// returns, keeping what dst held (also when dst must grow), on Game, View
// and Table alike, and allocates nothing with room in dst.
func TestAppendForms(t *testing.T) {
	positions := playedPositions(t, 3, 11)
	g := &positions[len(positions)*2/3]
	if len(g.Buildings()) == 0 || len(g.CubeSpots(0))+len(g.CubeSpots(1))+len(g.CubeSpots(2)) == 0 {
		t.Fatal("the test position has no neutral building or no cube")
	}
	v := g.View(g.ToMove())
	tbl, err := NewTable(Config{Players: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, got, prefix, want any) {
		t.Helper()
		if !cmp.Equal(got, want) {
			t.Errorf("%s: appended %v after %v; want %v", name, got, prefix, want)
		}
	}
	for p := NoPlayer; p <= 3; p++ {
		cs := []CubeSpot{{}}
		check("Game.AppendCubeSpots", g.AppendCubeSpots(slices.Clip(cs), p), cs, append(slices.Clone(cs), g.CubeSpots(p)...))
		check("View.AppendCubeSpots", v.AppendCubeSpots(slices.Clip(cs), p), cs, append(slices.Clone(cs), v.CubeSpots(p)...))
		ps := []int{-7}
		check("Game.AppendPermitsInSupply", g.AppendPermitsInSupply(slices.Clip(ps), p), ps, append(slices.Clone(ps), g.PermitsInSupply(p)...))
		check("View.AppendPermitsInSupply", v.AppendPermitsInSupply(slices.Clip(ps), p), ps, append(slices.Clone(ps), v.PermitsInSupply(p)...))
		ms := []Move{{Kind: EndTurn}}
		check("Table.AppendLegal", tbl.AppendLegal(slices.Clip(ms), p), ms, append(slices.Clone(ms), tbl.Legal(p)...))
	}
	bs := []PlacedBuilding{{Building: Well}}
	check("Game.AppendBuildings", g.AppendBuildings(slices.Clip(bs)), bs, append(slices.Clone(bs), g.Buildings()...))
	check("View.AppendBuildings", v.AppendBuildings(slices.Clip(bs)), bs, append(slices.Clone(bs), v.Buildings()...))
	rs := []Row{12}
	check("Game.AppendPermitRows", g.AppendPermitRows(slices.Clip(rs)), rs, append(slices.Clone(rs), g.PermitRows()...))
	check("View.AppendPermitRows", v.AppendPermitRows(slices.Clip(rs)), rs, append(slices.Clone(rs), v.PermitRows()...))
	for n := 0; n <= MaxPlayers+1; n++ {
		ss := []Square{NoSquare}
		check("AppendCitySquares", AppendCitySquares(slices.Clip(ss), n), ss, append(slices.Clone(ss), CitySquares(n)...))
		check("AppendTradeFields", AppendTradeFields(slices.Clip(ss), n), ss, append(slices.Clone(ss), TradeFields(n)...))
		ws := []WallSite{NoWallSite}
		check("AppendWallSites", AppendWallSites(slices.Clip(ws), n), ws, append(slices.Clone(ws), WallSites(n)...))
	}
	// The mask: NumActions values after what dst held, the legal moves
	// marked; all false for a view of a player who does not decide.
	for _, tc := range []struct {
		name   string
		mask   func([]bool) []bool
		marked int
	}{
		{"Game", g.AppendLegalMask, len(g.Legal())},
		{"View of the decider", v.AppendLegalMask, len(g.Legal())},
		{"View of a spectator", g.View(NoPlayer).AppendLegalMask, 0},
	} {
		got := tc.mask([]bool{true, false})
		n := 0
		for _, b := range got[2:] {
			if b {
				n++
			}
		}
		if len(got) != 2+NumActions || !got[0] || got[1] || n != tc.marked {
			t.Errorf("%s: AppendLegalMask after {true, false}: %d values, prefix %v, %d marked; want %d, [true false], %d",
				tc.name, len(got), got[:2], n, 2+NumActions, tc.marked)
		}
	}
	var (
		bbuf = make([]PlacedBuilding, 0, 64)
		cbuf = make([]CubeSpot, 0, 64)
		ibuf = make([]int, 0, 8)
		rbuf = make([]Row, 0, 16)
		sbuf = make([]Square, 0, NumSquares)
		wbuf = make([]WallSite, 0, 32)
	)
	allocs := testing.AllocsPerRun(50, func() {
		bbuf = g.AppendBuildings(bbuf[:0])
		cbuf = g.AppendCubeSpots(cbuf[:0], 1)
		ibuf = g.AppendPermitsInSupply(ibuf[:0], 1)
		rbuf = g.AppendPermitRows(rbuf[:0])
		sbuf = AppendCitySquares(sbuf[:0], 4)
		sbuf = AppendTradeFields(sbuf[:0], 4)
		wbuf = AppendWallSites(wbuf[:0], 4)
	})
	if allocs != 0 {
		t.Errorf("the Append forms allocate %.1f times with room in dst; want 0", allocs)
	}
}
