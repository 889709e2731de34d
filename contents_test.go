package elasund

import "testing"

// atFromAccessors builds what At should answer on every square of g from
// the other accessors: Buildings for the buildings (every square of a
// footprint), PermitSquare for the permits, ChurchSquare and
// ChurchTileOwner for the church tiles; every other field, on every
// square, holds the answer for nothing (NoPlayer, NoSquare).
func atFromAccessors(g *Game) [NumSquares]Contents {
	var want [NumSquares]Contents
	for s := range want {
		want[s] = Contents{BuildingOwner: NoPlayer, Origin: NoSquare, PermitOwner: NoPlayer, TileOwner: NoPlayer}
	}
	rows := Rows()
	for _, b := range g.Buildings() {
		top := -1
		for i, r := range rows {
			if r == b.Origin.Row() {
				top = i
			}
		}
		for dy := range b.Building.Height() {
			for dx := range b.Building.Width() {
				c := &want[SquareAt(b.Origin.Col()+dx, rows[top+dy])]
				c.Building, c.BuildingOwner, c.Origin = b.Building, b.Owner, b.Origin
			}
		}
	}
	for p := range Player(g.Players()) {
		for v := range PermitsPerPlayer {
			if s := g.PermitSquare(p, v); s.Valid() {
				c := &want[s]
				c.HasPermit, c.Permit, c.PermitOwner = true, v, p
			}
		}
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if o := g.ChurchTileOwner(t); o != NoPlayer {
			c := &want[g.ChurchSquare(t)]
			c.ChurchTile, c.TileOwner = t, o
		}
	}
	return want
}

// TestAtOwners: on every square of positions of random games, At (on the
// Game and on every View) answers what the other accessors say: the owner
// of what stands there, and NoPlayer for the owner of what does not (and
// NoSquare for the Origin of no building), never seat 0. The positions
// hold empty squares, permits alone, buildings and church tiles. A Square
// off the board answers as an empty square.
func TestAtOwners(t *testing.T) {
	empty := Contents{BuildingOwner: NoPlayer, Origin: NoSquare, PermitOwner: NoPlayer, TileOwner: NoPlayer}
	var seen struct{ empty, permit, building, tile int }
	for _, tc := range []struct{ players, seed int }{{2, 3}, {3, 5}, {4, 3}} {
		positions := playedPositions(t, tc.players, uint64(tc.seed))
		for i := 0; i < len(positions); i += 7 {
			g := &positions[i]
			want := atFromAccessors(g)
			for s := range Square(NumSquares) {
				w := want[s]
				if got := g.At(s); got != w {
					t.Fatalf("%d players, seed %d, position %d: At(%v) = %+v; the accessors say %+v", tc.players, tc.seed, i, s, got, w)
				}
				if got := g.View(NoPlayer).At(s); got != w {
					t.Fatalf("%d players, seed %d, position %d: View.At(%v) = %+v; want %+v", tc.players, tc.seed, i, s, got, w)
				}
				switch {
				case w.ChurchTile != 0:
					seen.tile++
				case w.Building != NoBuilding:
					seen.building++
				case w.HasPermit:
					seen.permit++
				default:
					seen.empty++
				}
			}
			for _, s := range []Square{NumSquares, InSupply, AwaitingRebuild, RemovedFromGame, NoSquare} {
				if got := g.At(s); got != empty {
					t.Fatalf("At(%v) = %+v; want %+v", s, got, empty)
				}
			}
		}
	}
	if seen.empty == 0 || seen.permit == 0 || seen.building == 0 || seen.tile == 0 {
		t.Errorf("the positions hold %+v squares of each kind; want some of every kind", seen)
	}
}
