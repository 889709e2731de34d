package elasund

import "testing"

// candidateMoves enumerates, for the current phase, every move of that
// phase's kinds over the whole range of their fields (and one step beyond:
// NoSquare, permit 5, colour 4, …), legal or not.
func candidateMoves(g *Game, dst []Move) []Move {
	squares := make([]Square, 0, NumSquares+1)
	for s := Square(0); s < NumSquares; s++ {
		squares = append(squares, s)
	}
	squares = append(squares, NoSquare)
	pays := []InfluenceColor{NoInfluence, InfluenceBlue, InfluenceGreen, InfluenceYellow, 4}
	rows := []Row{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}
	for k := Roll; k < numKinds; k++ {
		if phaseOf[k] != g.phase {
			continue
		}
		switch k {
		case Roll:
			for a := uint8(0); a <= 7; a++ {
				for b := uint8(0); b <= 7; b++ {
					dst = append(dst, Move{Kind: k, Dice: [2]uint8{a, b}})
				}
			}
		case Steer, Pirates:
			for _, r := range rows {
				dst = append(dst, Move{Kind: k, Row: r})
			}
		case Discard, ReturnInfluence:
			for gd := uint8(0); gd <= 6; gd++ {
				for b := uint8(0); b <= 6; b++ {
					for gr := uint8(0); gr <= 6; gr++ {
						for y := uint8(0); y <= 6; y++ {
							dst = append(dst, Move{Kind: k, Cards: Cards{gd, b, gr, y}})
						}
					}
				}
			}
		case Build, Rebuild:
			for b := NoBuilding; b <= LargeBuilding+1; b++ {
				for _, s := range squares {
					for _, pay := range pays {
						if k == Rebuild && pay != NoInfluence {
							continue
						}
						dst = append(dst, Move{Kind: k, Building: b, Square: s, Pay: pay})
					}
				}
			}
		case DeclineRebuild:
			for b := NoBuilding; b <= LargeBuilding+1; b++ {
				dst = append(dst, Move{Kind: k, Building: b})
			}
		case BuildWall:
			for w := WallSite(0); w <= numWallSites; w++ {
				dst = append(dst, Move{Kind: k, Site: w})
			}
		case KeepChurchTile:
			for t := ChurchTile(0); t <= ChurchTiles+1; t++ {
				dst = append(dst, Move{Kind: k, Tile: t})
			}
		case PlacePermit, BonusPermit, UpgradePermit:
			for v := uint8(0); v <= PermitsPerPlayer; v++ {
				for _, s := range squares {
					for _, pay := range pays {
						dst = append(dst, Move{Kind: k, Permit: v, Square: s, Pay: pay})
					}
				}
			}
		case MovePermit:
			// From: the mover's permits, an empty square and NoSquare.
			froms := []Square{NoSquare, 0}
			for _, s := range g.permitSq[g.toMove] {
				froms = append(froms, s)
			}
			for _, f := range froms {
				for _, s := range squares {
					for _, pay := range pays {
						dst = append(dst, Move{Kind: k, From: f, Square: s, Pay: pay})
					}
				}
			}
		default:
			dst = append(dst, Move{Kind: k})
		}
	}
	return dst
}

// TestLegalIsExactlyTheAcceptedMoves checks, at positions of seeded random
// games for 2, 3 and 4 players, every move of the phase's kinds over the
// whole range of their fields: IsLegal accepts exactly the moves Legal
// lists (forced dice aside, which Legal does not list but Apply accepts).
func TestLegalIsExactlyTheAcceptedMoves(t *testing.T) {
	games, every := 6, 3
	if testing.Short() {
		games, every = 2, 7
	}
	var cands []Move
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			g, err := New(Config{Players: n, Seed: 100 + seed, MaxTurns: 300})
			if err != nil {
				t.Fatal(err)
			}
			r := newChooser(seed + 11)
			for step := 0; !g.Over(); step++ {
				legal := g.Legal()
				if step%every == 0 {
					listed := make(map[Move]bool, len(legal))
					for _, m := range legal {
						listed[m] = true
					}
					cands = candidateMoves(g, cands[:0])
					for _, m := range cands {
						if g.IsLegal(m) != listed[m] {
							t.Fatalf("%d players seed %d step %d (%v): IsLegal(%v) = %v, listed %v",
								n, seed, step, g.Phase(), m, g.IsLegal(m), listed[m])
						}
					}
				}
				if err := g.Apply(legal[r.intn(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestIsLegalRefusesForcedRolls: IsLegal agrees with Legal, which never
// lists a forced roll, on the Game and on the deciding seat's View; Check
// and Apply accept forced rolls, for replays and chance-node search.
func TestIsLegalRefusesForcedRolls(t *testing.T) {
	g := newTestGame(t, 3)
	v := g.View(g.ToMove())
	for _, tc := range []struct {
		m     Move
		legal bool
	}{
		{Move{Kind: Roll}, true},
		{Move{Kind: Roll, Dice: [2]uint8{3, 4}}, false},
		{Move{Kind: Roll, Dice: [2]uint8{6, 6}}, false},
	} {
		if g.IsLegal(tc.m) != tc.legal || v.IsLegal(tc.m) != tc.legal || hasMove(g, tc.m) != tc.legal {
			t.Errorf("%v: Game.IsLegal %v, View.IsLegal %v, listed %v; want %v", tc.m, g.IsLegal(tc.m), v.IsLegal(tc.m), hasMove(g, tc.m), tc.legal)
		}
		if err := g.Check(tc.m); err != nil {
			t.Errorf("Check(%v) = %v; a roll, forced or not, is accepted", tc.m, err)
		}
	}
	c := g.Clone()
	mustApply(t, c, Move{Kind: Roll, Dice: [2]uint8{3, 4}})
	if d1, d2 := c.Dice(); d1 != 3 || d2 != 4 {
		t.Errorf("the forced roll rolled %d %d", d1, d2)
	}
}
