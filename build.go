package elasund

import (
	"math/bits"
	"slices"
)

// Building a building (RULES.md §6): checking a build, listing the legal
// builds and carrying one out.

// buildPlan is what checking a build learns about it.
type buildPlan struct {
	comp      [MaxPlayers]uint8 // compensation owed to each player
	gold      int               // cost plus compensation
	sameSize  bool              // a same-size building is under the footprint
	displaced uint64            // bit id: piece id is displaced
}

// checkBuildingSupply checks that b is a building a player builds and that
// a copy of it is in supply for the active player (§3).
func (g *Game) checkBuildingSupply(b Building) Reason {
	if b < House || b > LargeBuilding {
		return ReasonNotBuildable
	}
	if b.Neutral() {
		if g.freeNeutral(b) < 0 {
			return ReasonBuildingNotInSupply
		}
	} else if g.pieceSq[playerPiece(int(g.active), b)] != inSupply {
		return ReasonBuildingNotInSupply
	}
	return NoReason
}

// planBuild checks the building and footprint of a build by the active
// player (§6 steps 1, 2, 5), not its payment.
func (g *Game) planBuild(b Building, origin Square) (buildPlan, Reason) {
	if r := g.checkBuildingSupply(b); r != NoReason {
		return buildPlan{}, r
	}
	if !origin.Valid() || !g.fitsCity(b, origin) {
		return buildPlan{}, ReasonOutsideCity
	}
	fp := footprint(b, origin)
	bs := g.footprintSets(fp)
	return g.planFootprint(&bs, b, fp)
}

// footprintSets is boardSets for the squares of fp only, from the cache
// g.occ: the permits, church tiles and buildings on them. It is what
// planFootprint needs to judge that footprint.
func (g *Game) footprintSets(fp bitboard) boardSets {
	o := &g.occ
	return boardSets{permits: o.permits.and(fp), church: o.church.and(fp), buildings: o.buildings.and(fp)}
}

// fitsCity reports whether building b with its north-west square on
// origin, a square of the board, lies inside the city (§6.1).
func (g *Game) fitsCity(b Building, origin Square) bool {
	return int(g.n) < len(cityOrigins) && cityOrigins[g.n][b].has(origin)
}

// planFootprint is planBuild after the building's supply and the city
// check, for building b with footprint fp inside the city, on the board bs
// (of which it reads only the squares of fp). The rules are checked in the
// order of §6: the church foundation and church tiles, the number of
// permits, the builder's own permit and their majority, larger buildings;
// the gold is payBuild's. (appendBuilds decides the same rules in its own
// order.)
func (g *Game) planFootprint(bs *boardSets, b Building, fp bitboard) (buildPlan, Reason) {
	var plan buildPlan
	if g.churchOrigin == NoSquare && fp.has(ChurchFoundation) {
		return plan, ReasonChurchFoundation
	}
	if !fp.and(bs.church).none() {
		return plan, ReasonCoversChurch
	}
	sp := &specs[b]
	permits := fp.and(bs.permits)
	if permits.count() < int(sp.permits) {
		return plan, ReasonPermitCount
	}
	var sums, counts [MaxPlayers]uint8
	total := 0
	for !permits.none() {
		p, val := permitOf(g.cell[permits.pop()])
		sums[p] += uint8(val)
		counts[p]++
		total += val
	}
	a := int(g.active) % MaxPlayers
	plan.gold = int(sp.cost) + total - int(sums[a])
	if counts[a] == 0 {
		return plan, ReasonNoOwnPermit
	}
	for p := 0; p < int(g.n); p++ {
		// Only a player with a permit here competes: a lone 0 beats no permit.
		if p != a && counts[p] > 0 && sums[p] >= sums[a] {
			return plan, ReasonNoMajority
		}
	}
	for on := fp.and(bs.buildings); !on.none(); {
		if v := g.cell[on.pop()]; v >= 1 && v <= numPieces {
			plan.displaced |= 1 << (v - 1)
		}
	}
	size := pieceSize[b]
	for d := plan.displaced; d != 0; d &= d - 1 {
		other := pieceSize[pieceKinds[bits.TrailingZeros64(d)]]
		if other > size {
			return plan, ReasonLargerBuilding
		}
		if other == size {
			plan.sameSize = true
		}
	}
	plan.comp = sums
	plan.comp[a] = 0
	return plan, NoReason
}

// buildMoves[b][pay] is the Build move of building b paid with influence
// colour pay, with no square yet: the templates of appendBuilds.
var buildMoves = func() (t [LargeBuilding + 1][InfluenceYellow + 1]Move) {
	for b := range t {
		for pay := range t[b] {
			t[b][pay] = Move{Kind: Build, Building: Building(b), Pay: InfluenceColor(pay)}
		}
	}
	return t
}()

// cellSize[v] is the number of squares of the building on a cell of value
// v (a piece, 1 to numPieces), 0 for any other cell.
var cellSize = func() (t [256]uint8) {
	for id, b := range pieceKinds {
		t[id+1] = pieceSize[b]
	}
	return t
}()

// pushMove appends a copy of *m with square s to dst. The move is copied
// straight from *m into dst, which append does not do (see appendOnSquares).
func pushMove(dst []Move, m *Move, s Square) []Move {
	if len(dst) == cap(dst) {
		dst = slices.Grow(dst, 1)
	}
	dst = dst[:len(dst)+1]
	d := &dst[len(dst)-1]
	*d = *m
	d.Square = s
	return dst
}

// pieceSize is the number of squares each kind of building covers.
var pieceSize = func() (t [LargeBuilding + 1]uint8) {
	for b := range t {
		t[b] = specs[b].w * specs[b].h
	}
	return t
}()

// payBuild checks the payment of a planned build paying influence colour pay.
func (g *Game) payBuild(plan *buildPlan, pay InfluenceColor) Reason {
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

// checkBuild checks a build and, if it is legal, leaves in plan what it
// will do, for applyBuild.
func (g *Game) checkBuild(m *Move, plan *buildPlan) Reason {
	if g.builds >= 2 {
		return ReasonBuildLimit
	}
	p, r := g.planBuild(m.Building, m.Square)
	if r != NoReason {
		return r
	}
	*plan = p
	return g.payBuild(plan, m.Pay)
}

// appendBuilds appends the legal building builds: every footprint that
// holds one of the active player's permits, of every building in supply.
// The order is by building (house, workshop, well, market, tavern, shop,
// large building), then by the value of the permit the footprint holds (a
// footprint holding several is listed with the lowest), then by the
// footprint's north-west square; each with no influence or the colours
// that pay a same-size build-over.
//
// Only buildings the player can afford at their bare cost are tried, on
// the board read once as sets of squares (boardSets). Each footprint is
// judged by the rules of planFootprint, in the order that is fastest here
// (TestLegalMatchesReference holds the two to the same moves): a footprint
// whose permits are all the builder's owes no compensation and has their
// majority at once.
func (g *Game) appendBuilds(dst []Move) []Move {
	if g.builds >= 2 {
		return dst
	}
	a := int(g.active) % MaxPlayers
	gold := g.gold[a]
	kinds := affordable[min(gold, maxCost)]
	var own [PermitsPerPlayer]Square // the builder's permits on the board, by value
	var ownB bitboard                // the same as a set
	k := 0
	for _, s := range g.permitSq[a] {
		if s.Valid() {
			own[k] = s
			ownB.add(s)
			k++
		}
	}
	if k == 0 {
		return dst
	}
	kinds &= g.inSupply(a)
	if kinds == 0 {
		return dst
	}
	bs := g.boardSets()
	var listed [LargeBuilding + 1][2]int // where each listed building's moves are in dst
	done := kinds                        // the buildings listed are those of done not in kinds
	for ; kinds != 0; kinds &= kinds - 1 {
		b := Building(bits.TrailingZeros16(kinds))
		if t := twins[b]; t != NoBuilding && done&^kinds&(1<<t) != 0 {
			// b is built where its twin is (the shop where the tavern).
			from, cnt := listed[t][0], listed[t][1]-listed[t][0]
			n0 := len(dst)
			dst = slices.Grow(dst, cnt)[:n0+cnt]
			for i := range cnt {
				dst[n0+i] = dst[from+i]
				dst[n0+i].Building = b
			}
			continue
		}
		start := len(dst)
		dst = g.appendFootprints(dst, b, own[:k], ownB, &bs, int(gold))
		listed[b] = [2]int{start, len(dst)}
	}
	return dst
}

// appendFootprints appends the legal builds of building b (not a twin
// listed already), for a builder with the given gold and with permits on
// own (ownB as a set), on the board bs: the footprints holding each permit
// in turn, as appendBuilds orders them.
func (g *Game) appendFootprints(dst []Move, b Building, own []Square, ownB bitboard, bs *boardSets, gold int) []Move {
	a := int(g.active) % MaxPlayers
	tmpl := &buildMoves[b]
	need := int(specs[b].permits)
	spare := gold - int(specs[b].cost) // the most compensation the builder can pay
	size := pieceSize[b]
	fits := cityOrigins[g.n][b]
	if need > 1 {
		// Only footprints holding enough permits (the tavern's, the
		// shop's, the large building's usual refusal, for all of them
		// at once).
		fits = fits.and(holdingAtLeast(bs.permits, b, need))
	}
	var seen bitboard // origins already tried
	for _, ps := range own {
		cover := covering(b, ps).and(fits)
		try := cover.andNot(seen)
		seen = seen.or(cover)
		for !try.none() {
			o := try.pop()
			fp := footprint(b, o)
			// The refusals that rule out most footprints first.
			if !fp.and(bs.blocked).none() {
				continue
			}
			permits := fp.and(bs.permits)
			if others := permits.andNot(ownB); !others.none() &&
				!g.outbids(others, permits.and(ownB), spare) {
				continue
			}
			sameSize, larger := false, false
			for on := fp.and(bs.buildings); !on.none(); {
				other := cellSize[g.cell[on.pop()]]
				larger = larger || other > size
				sameSize = sameSize || other == size
			}
			if larger {
				continue
			}
			// No influence pays for a build over nothing of the same
			// size; one of the colours held three times for a build over
			// a same-size building.
			if !sameSize {
				dst = pushMove(dst, &tmpl[0], o)
				continue
			}
			for c, held := range g.infl[a] {
				if held >= 3 {
					dst = pushMove(dst, &tmpl[1+c], o)
				}
			}
		}
	}
	return dst
}

// inSupply returns the buildings (bit b for building b) that player a can
// take from a supply (checkBuildingSupply): their own house and workshop,
// and each neutral building with a copy in the neutral supply, found for
// all neutral pieces at once from the bytes of their squares.
func (g *Game) inSupply(a int) uint16 {
	var kinds uint16
	if g.pieceSq[playerPiece(a%MaxPlayers, House)] == inSupply {
		kinds |= 1 << House
	}
	if g.pieceSq[playerPiece(a%MaxPlayers, Workshop)] == inSupply {
		kinds |= 1 << Workshop
	}
	p := &g.pieceSq
	// Bit id-neutralBase for each neutral piece id in supply (square
	// inSupply): the bytes of the squares that are not inSupply are those
	// of square^inSupply that are not 0. The three bytes above the last
	// piece are not in any neutralPieces mask.
	const supply = 0x0101010101010101 * uint64(inSupply)
	lo := uint64(p[16]) | uint64(p[17])<<8 | uint64(p[18])<<16 | uint64(p[19])<<24 |
		uint64(p[20])<<32 | uint64(p[21])<<40 | uint64(p[22])<<48 | uint64(p[23])<<56
	mid := uint64(p[24]) | uint64(p[25])<<8 | uint64(p[26])<<16 | uint64(p[27])<<24 |
		uint64(p[28])<<32 | uint64(p[29])<<40 | uint64(p[30])<<48 | uint64(p[31])<<56
	hi := uint64(p[32]) | uint64(p[33])<<8 | uint64(p[34])<<16 | uint64(p[35])<<24 |
		uint64(p[36])<<32
	free := ^(nonzeroFlags(lo^supply) | nonzeroFlags(mid^supply)<<8 | nonzeroFlags(hi^supply)<<16)
	for b := Well; b <= LargeBuilding; b++ {
		if free&neutralPieces[b] != 0 {
			kinds |= 1 << b
		}
	}
	return kinds
}

// neutralPieces[b] has bit id-neutralBase set for each piece id of neutral
// building b.
var neutralPieces = func() (t [LargeBuilding + 1]uint64) {
	for id := neutralBase; id < numPieces; id++ {
		t[pieceKinds[id]] |= 1 << (id - neutralBase)
	}
	return t
}()

// outbids reports whether the active player's permits own in a footprint
// hold the majority over the other players' permits others there (§6: the
// builder's values add up to more than those of every other player with a
// permit there, a lone 0 beating no permit) and whether the compensation
// for the others' permits, the sum of their values, is at most spare gold.
func (g *Game) outbids(others, own bitboard, spare int) bool {
	var sums [MaxPlayers]int
	competes := 0 // bit p: player p has a permit here
	comp := 0
	for !others.none() {
		p, val := permitOf(g.cell[others.pop()])
		sums[p] += val
		competes |= 1 << p
		comp += val
	}
	if comp > spare {
		return false
	}
	mine := 0
	for !own.none() {
		_, val := permitOf(g.cell[own.pop()])
		mine += val
	}
	for ; competes != 0; competes &= competes - 1 {
		if sums[bits.TrailingZeros(uint(competes))%MaxPlayers] >= mine {
			return false
		}
	}
	return true
}

// twins[b] is a building listed before b with the same footprint, number
// of permits and cost, or NoBuilding: with both in supply, b can be built
// exactly where its twin can, paid in the same ways (the shop and the
// tavern).
var twins = func() (t [LargeBuilding + 1]Building) {
	for b := House; b <= LargeBuilding; b++ {
		for c := House; c < b && t[b] == NoBuilding; c++ {
			x, y := specs[b], specs[c]
			if x.w == y.w && x.h == y.h && x.permits == y.permits && x.cost == y.cost {
				t[b] = c
			}
		}
	}
	return t
}()

// maxCost is the highest cost of a building.
const maxCost = 5

// affordable[g] has bit b set for each building b (house to large
// building) whose cost is at most g gold.
var affordable = func() (t [maxCost + 1]uint16) {
	for g := range t {
		for b := House; b <= LargeBuilding; b++ {
			if b.Cost() <= g {
				t[g] |= 1 << b
			}
		}
	}
	return t
}()

// applyBuild carries out a checked build (§6 steps 3–8) with the plan
// checkBuild made.
func (g *Game) applyBuild(m Move, plan *buildPlan) {
	a := int(g.active)
	sp := m.Building.spec()
	// 3. Pay the cost and the compensation.
	g.gold[a] -= uint8(plan.gold)
	g.bank += sp.cost
	for p := 0; p < int(g.n); p++ {
		g.gold[p] += plan.comp[p]
	}
	if plan.sameSize {
		g.infl[a][m.Pay-1] -= 3
		g.discard[m.Pay-1] += 3
	}
	// 4. Permits in the footprint go back to their owners.
	c0, r0 := m.Square.col(), m.Square.ri()
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			s := sq(c0+dx, r0+dy)
			if v := g.cell[s]; v&cellPermit != 0 {
				p, val := permitOf(v)
				g.permitSq[p][val] = inSupply
				g.setCell(s, 0)
			}
		}
	}
	// 5, 6. Displace what stands there.
	for d := plan.displaced; d != 0; d &= d - 1 {
		g.displace(bits.TrailingZeros64(d))
	}
	// 7. Place the building, its cubes and its trade points.
	id := playerPiece(a, m.Building)
	if m.Building.Neutral() {
		id = g.freeNeutral(m.Building)
		g.pieceOwner[id] = int8(a)
	}
	g.put(id, m.Square)
	for k := 0; k < int(sp.cubes); k++ {
		if g.gainCube(a) {
			g.pieceCubes[id]++
		}
	}
	if tv := g.footprintTrade(m.Building, m.Square); tv > 0 {
		g.setTradePoints(a, int(g.tp[a])+tv)
	}
	// 8. Rebuilds, then the turn goes on.
	g.afterBuild()
}
