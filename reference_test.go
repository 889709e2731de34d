package elasund

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"
)

// The reference move generator: the straightforward generator of the
// package before issue 11 (speed), kept unchanged here so that the fast one
// can be compared with it (TestLegalMatchesReference) and timed beside it
// (BenchmarkLegalReference, BenchmarkRandomGameReference). It tries every
// building on every footprint that holds one of the builder's permits,
// square by square, and checks each candidate in full.
//
// These are copies of the code of building.go, wall.go, church.go,
// board.go and elasund.go as it was, and (reference_permits_test.go) of
// permits.go and cards.go; the parts of the rules the speed work did not
// touch (move.go) are called as they are.

// refAppendLegal is AppendLegal as it was.
func refAppendLegal(g *Game, dst []Move) []Move {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return dst // not a game made by New
	}
	switch g.phase {
	case PhaseRoll:
		dst = append(dst, Move{Kind: Roll})
	case PhaseSteer:
		i := g.ship.idx()
		for _, j := range [2]int{i - 2, i + 2} {
			if j >= 0 && j < NumRows {
				dst = append(dst, Move{Kind: Steer, Row: rowNumbers[j]})
			}
		}
	case PhasePirates:
		for _, r := range rowNumbers {
			if r != g.ship {
				dst = append(dst, Move{Kind: Pirates, Row: r})
			}
		}
	case PhaseDiscard:
		dst = refAppendCardChoices(g, dst, Discard, true)
	case PhaseShortage:
		dst = refAppendCardChoices(g, dst, ReturnInfluence, false)
	case PhaseBuild:
		dst = refAppendBuilds(g, dst)
		dst = refAppendWalls(g, dst)
		if refCheckChurch(g) == NoReason {
			dst = append(dst, Move{Kind: BuildChurch})
		}
		dst = append(dst, Move{Kind: EndBuilding})
	case PhaseChurchChoice:
		a, b := g.churchDrawn[0], g.churchDrawn[1]
		if a > b {
			a, b = b, a
		}
		dst = append(dst, Move{Kind: KeepChurchTile, Tile: ChurchTile(a)}, Move{Kind: KeepChurchTile, Tile: ChurchTile(b)})
	case PhaseRebuild:
		dst = refAppendRebuilds(g, dst)
	case PhasePermit:
		dst = refAppendPermits(g, dst)
		dst = append(dst, Move{Kind: TakeGold})
	case PhaseBonus:
		dst = refAppendBonus(g, dst)
		dst = append(dst, Move{Kind: EndTurn})
	}
	return dst
}

// refIsLegal is IsLegal as it was.
func refIsLegal(g *Game, m Move) bool { return refCheck(g, m) == NoReason }

// refCheck is check as it was.
func refCheck(g *Game, m Move) Reason {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return ReasonNoGame
	}
	if g.phase == PhaseOver {
		return ReasonGameOver
	}
	if m.Kind == NoMove || int(m.Kind) >= len(phaseOf) {
		return ReasonUnknownKind
	}
	if canonical(m) != m {
		return ReasonUnusedField
	}
	if phaseOf[m.Kind] != g.phase {
		return ReasonWrongPhase
	}
	if r := fieldRanges(m); r != NoReason {
		return r
	}
	switch m.Kind {
	case Roll:
		d := m.Dice
		if d != [2]uint8{} && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
			return ReasonForcedDice
		}
	case Steer:
		if !m.Row.Valid() {
			return ReasonNotARow
		}
		if dist := m.Row.idx() - g.ship.idx(); dist != 2 && dist != -2 {
			return ReasonSteerTwoRows
		}
	case Pirates:
		if !m.Row.Valid() {
			return ReasonNotARow
		}
		if m.Row == g.ship {
			return ReasonPiratesShipRow
		}
	case Discard:
		return refCheckCardChoice(g, m.Cards)
	case ReturnInfluence:
		return refCheckCardChoice(g, m.Cards)
	case Build:
		return refCheckBuild(g, m)
	case BuildWall:
		return refCheckWall(g, m.Site)
	case BuildChurch:
		return refCheckChurch(g)
	case KeepChurchTile:
		if m.Tile == 0 || (uint8(m.Tile) != g.churchDrawn[0] && uint8(m.Tile) != g.churchDrawn[1]) {
			return ReasonNotDrawnTile
		}
	case Rebuild:
		return refCheckRebuild(g, m)
	case DeclineRebuild:
		return refCheckRebuildPending(g, m.Building)
	case PlacePermit:
		return refCheckPlacePermit(g, m, refPermitRows(g))
	case MovePermit:
		return refCheckMovePermit(g, m)
	case UpgradePermit:
		return refCheckUpgradePermit(g, m)
	case BonusPermit:
		return refCheckBonusPermit(g, m)
	case BonusGold:
		return refCheckBonusGold(g)
	}
	return NoReason
}

// Board geometry as it was (board.go).

func refInCity(s Square, players int) bool {
	return s.Valid() && s.col() < CityColumns(players)
}

func refTradeValue(s Square, players int) int {
	if !refInCity(s, players) {
		return 0
	}
	c, ri := s.col(), s.ri()
	switch {
	case c == 0:
		return 1
	case ri != 0 && ri != NumRows-1:
		return 0
	case c == 5 && players >= 3, c == 7 && players == 4:
		return 2
	}
	return 0
}

func refIsEmpty(g *Game, s Square) bool {
	return refInCity(s, int(g.n)) && g.cell[s] == 0 && (s != ChurchFoundation || g.churchOrigin != NoSquare)
}

// Buildings as they were (building.go).

func refFreeNeutral(g *Game, b Building) int {
	lo := neutralFirst[b]
	for id := lo; id < lo+int(specs[b].copies); id++ {
		if g.pieceSq[id] == inSupply {
			return id
		}
	}
	return -1
}

func refPlanBuild(g *Game, b Building, origin Square) (buildPlan, Reason) {
	var plan buildPlan
	if b < House || b > LargeBuilding {
		return plan, ReasonNotBuildable
	}
	a := int(g.active)
	if b.Neutral() {
		if refFreeNeutral(g, b) < 0 {
			return plan, ReasonBuildingNotInSupply
		}
	} else if g.pieceSq[playerPiece(a, b)] != inSupply {
		return plan, ReasonBuildingNotInSupply
	}
	sp := b.spec()
	if !origin.Valid() || origin.col()+int(sp.w) > CityColumns(int(g.n)) || origin.ri()+int(sp.h) > NumRows {
		return plan, ReasonOutsideCity
	}
	var sums, counts [MaxPlayers]int
	total := 0
	c0, r0 := origin.col(), origin.ri()
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			s := sq(c0+dx, r0+dy)
			v := g.cell[s]
			switch {
			case s == ChurchFoundation && g.churchOrigin == NoSquare:
				return plan, ReasonChurchFoundation
			case v == 0:
			case v <= numPieces:
				plan.displaced |= 1 << (v - 1)
			case v&cellChurch != 0:
				return plan, ReasonCoversChurch
			default: // a permit
				p, val := permitOf(v)
				sums[p] += val
				counts[p]++
				total++
			}
		}
	}
	if total < int(sp.permits) {
		return plan, ReasonPermitCount
	}
	if counts[a] == 0 {
		return plan, ReasonNoOwnPermit
	}
	for p := 0; p < int(g.n); p++ {
		// Only a player with a permit here competes: a lone 0 beats no permit.
		if p != a && counts[p] > 0 && sums[p] >= sums[a] {
			return plan, ReasonNoMajority
		}
	}
	size := b.Size()
	for d := plan.displaced; d != 0; d &= d - 1 {
		other := pieceKinds[bits.TrailingZeros64(d)].Size()
		if other > size {
			return plan, ReasonLargerBuilding
		}
		if other == size {
			plan.sameSize = true
		}
	}
	plan.gold = int(sp.cost)
	for p := 0; p < int(g.n); p++ {
		if p != a {
			plan.comp[p] = uint8(sums[p])
			plan.gold += sums[p]
		}
	}
	return plan, NoReason
}

func refPayBuild(g *Game, plan *buildPlan, pay InfluenceColor) Reason {
	a := int(g.active)
	if plan.sameSize {
		if pay == NoInfluence {
			return ReasonSameSizeUnpaid
		}
		if !pay.valid() {
			return ReasonNotAnInfluenceColor
		}
		if g.infl[a][pay-1] < 3 {
			return ReasonCannotPayBuildOver
		}
	} else if pay != NoInfluence {
		return ReasonNeedlessPay
	}
	if int(g.gold[a]) < plan.gold {
		return ReasonCannotPayBuild
	}
	return NoReason
}

func refCheckBuild(g *Game, m Move) Reason {
	if g.builds >= 2 {
		return ReasonBuildLimit
	}
	plan, r := refPlanBuild(g, m.Building, m.Square)
	if r != NoReason {
		return r
	}
	return refPayBuild(g, &plan, m.Pay)
}

func refAppendBuilds(g *Game, dst []Move) []Move {
	if g.builds >= 2 {
		return dst
	}
	a := int(g.active)
	for b := House; b <= LargeBuilding; b++ {
		sp := b.spec()
		var seen [2]uint64 // origins already tried
		for v := 0; v < PermitsPerPlayer; v++ {
			ps := g.permitSq[a][v]
			if !ps.Valid() {
				continue
			}
			for dy := int(sp.h) - 1; dy >= 0; dy-- {
				for dx := int(sp.w) - 1; dx >= 0; dx-- {
					c, r := ps.col()-dx, ps.ri()-dy
					if c < 0 || r < 0 {
						continue
					}
					o := sq(c, r)
					if seen[o/64]&(1<<(o%64)) != 0 {
						continue
					}
					seen[o/64] |= 1 << (o % 64)
					plan, rs := refPlanBuild(g, b, o)
					if rs != NoReason {
						continue
					}
					for _, pay := range [4]InfluenceColor{NoInfluence, InfluenceBlue, InfluenceGreen, InfluenceYellow} {
						if refPayBuild(g, &plan, pay) == NoReason {
							dst = append(dst, Move{Kind: Build, Building: b, Square: o, Pay: pay})
						}
					}
				}
			}
		}
	}
	return dst
}

func refRebuildSquareOK(g *Game, b Building, s Square) bool {
	if !refIsEmpty(g, s) || refTradeValue(s, int(g.n)) > 0 {
		return false
	}
	if b == Totem {
		if s.ri()+1 >= NumRows {
			return false
		}
		below := s + NumColumns
		return refIsEmpty(g, below) && refTradeValue(below, int(g.n)) == 0
	}
	return true
}

func refCheckRebuildPending(g *Game, b Building) Reason {
	if !b.Starter() || g.rebuild[g.toMove]&(1<<(b-Hut)) == 0 {
		return ReasonNotAwaitingRebuild
	}
	return NoReason
}

func refCheckRebuild(g *Game, m Move) Reason {
	if r := refCheckRebuildPending(g, m.Building); r != NoReason {
		return r
	}
	if !m.Square.Valid() || !refRebuildSquareOK(g, m.Building, m.Square) {
		return ReasonRebuildSquare
	}
	return NoReason
}

func refAppendRebuilds(g *Game, dst []Move) []Move {
	p := int(g.toMove)
	for _, b := range [2]Building{Hut, Totem} {
		if g.rebuild[p]&(1<<(b-Hut)) == 0 {
			continue
		}
		for s := Square(0); s < NumSquares; s++ {
			if refRebuildSquareOK(g, b, s) {
				dst = append(dst, Move{Kind: Rebuild, Building: b, Square: s})
			}
		}
		dst = append(dst, Move{Kind: DeclineRebuild, Building: b})
	}
	return dst
}

// The wall as it was (wall.go).

func refWallAdjacent(g *Game, w WallSite) bool {
	built := func(x int) bool { return g.wall[x] != 0 }
	if w.East() {
		e := int(w - eastBase)
		return e == 0 || e == numEastSites-1 || built(int(w)-1) || built(int(w)+1)
	}
	base := 0
	if w >= southBase {
		base = southBase
	}
	k, last := int(w)-base, sideSites(int(g.n))-1
	return k == last || (k > 0 && built(int(w)-1)) || (k < last && built(int(w)+1))
}

func refCheckWall(g *Game, w WallSite) Reason {
	if g.builds >= 2 {
		return ReasonBuildLimit
	}
	if !w.inGame(int(g.n)) {
		return ReasonNotAWallSite
	}
	if g.wall[w] != 0 {
		return ReasonWallSiteBuilt
	}
	if !refWallAdjacent(g, w) {
		return ReasonWallNotAdjacent
	}
	if g.wallBuilt[g.active] >= WallTilesPerPlayer {
		return ReasonNoWallTiles
	}
	if int(g.gold[g.active]) < w.Cost() {
		return ReasonCannotPayWall
	}
	return NoReason
}

func refAppendWalls(g *Game, dst []Move) []Move {
	for w := WallSite(0); w < numWallSites; w++ {
		if refCheckWall(g, w) == NoReason {
			dst = append(dst, Move{Kind: BuildWall, Site: w})
		}
	}
	return dst
}

// The church as it was (church.go).

func refCheckChurch(g *Game) Reason {
	if g.builds >= 2 {
		return ReasonBuildLimit
	}
	if g.churchLen == 0 {
		return ReasonChurchComplete
	}
	if g.gold[g.active] < ChurchCost {
		return ReasonCannotPayChurch
	}
	return NoReason
}

// TestLegalMatchesReference plays seeded random games for 2, 3 and 4
// players under every combination of the rule options and, at every
// position, compares AppendLegal with the reference generator: the same
// moves in the same order (and, to say which differ, the same set), each
// accepted by IsLegal and by the reference's. At a sample of positions it
// also compares check, the reason a move is refused (and so IsLegal, which
// is check == NoReason), with the reference over every candidate move of the
// phase (candidateMoves). The full run plays 3,000 games; -short a tenth.
func TestLegalMatchesReference(t *testing.T) {
	games, every := 3000, 31
	if testing.Short() {
		games, every = 300, 151
	}
	rules := [...]Rules{DefaultRules, AdjacentPermitRows, ShortageVoidsIncome, EnglishEdition}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		t.Run(fmt.Sprintf("%dplayers", players), func(t *testing.T) {
			t.Parallel()
			var got, want, cands []Move
			n, positions, checked := games/3, 0, 0
			for i := 0; i < n; i++ {
				cfg := Config{Players: players, Seed: 9000 + uint64(i), MaxTurns: 1000, Rules: rules[i%len(rules)]}
				g, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				r := newChooser(cfg.Seed)
				for step := 0; !g.Over(); step++ {
					positions++
					got = g.AppendLegal(got[:0])
					want = refAppendLegal(g, want[:0])
					if !slices.Equal(got, want) {
						t.Fatalf("%v, seed %d, step %d (%v):\n%s", cfg.Rules, cfg.Seed, step, g.Phase(), diffMoveLists(got, want))
					}
					for _, m := range got {
						if !g.IsLegal(m) || !refIsLegal(g, m) {
							t.Fatalf("%v, seed %d, step %d (%v): listed %v: IsLegal %v, reference %v",
								cfg.Rules, cfg.Seed, step, g.Phase(), m, g.IsLegal(m), refIsLegal(g, m))
						}
					}
					if positions%every == 0 {
						checked++
						cands = candidateMoves(g, cands[:0])
						for _, m := range cands {
							if r, rr := g.check(m), refCheck(g, m); r != rr {
								t.Fatalf("%v, seed %d, step %d (%v): check(%v) = %q, reference %q",
									cfg.Rules, cfg.Seed, step, g.Phase(), m, r.Rule(), rr.Rule())
							}
						}
					}
					if err := g.Apply(got[r.intn(len(got))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%d games, %d positions compared, candidate moves checked at %d", n, positions, checked)
		})
	}
}

// diffMoveLists describes how got differs from want: as sets (moves only
// one of them lists) or, if the sets are equal, in order.
func diffMoveLists(got, want []Move) string {
	in := func(s []Move) map[Move]bool {
		m := make(map[Move]bool, len(s))
		for _, x := range s {
			m[x] = true
		}
		return m
	}
	g, w := in(got), in(want)
	var b strings.Builder
	for _, m := range got {
		if !w[m] {
			fmt.Fprintf(&b, "listed but not by the reference: %v\n", m)
		}
	}
	for _, m := range want {
		if !g[m] {
			fmt.Fprintf(&b, "listed by the reference only: %v\n", m)
		}
	}
	if len(got) != len(want) {
		fmt.Fprintf(&b, "%d moves listed, the reference lists %d\n", len(got), len(want))
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "the same moves in another order:\n got  %v\n want %v\n", got, want)
	}
	return b.String()
}
