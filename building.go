package elasund

import (
	"math"
	"math/bits"
)

// Buildings (RULES.md §3) and building them (§6).

// Building is a kind of building.
type Building uint8

// The buildings. Hut and Totem are each player's starter buildings; House
// and Workshop are each player's own; the rest are neutral.
const (
	NoBuilding Building = iota
	Hut
	Totem
	House
	Workshop
	Well
	Market
	Tavern
	Shop
	LargeBuilding // town hall, count's estate, trade office: one stack
)

// Income is what a building produces when the ship is in its row.
type Income uint8

// The incomes.
const (
	NoIncome        Income = iota
	GoldIncome             // 1 gold card
	InfluenceIncome        // 1 influence card
)

// String returns "none", "gold" or "influence".
func (i Income) String() string {
	switch i {
	case GoldIncome:
		return "gold"
	case InfluenceIncome:
		return "influence"
	}
	return "none"
}

type buildingSpec struct {
	name                       string
	w, h, permits, cost, cubes uint8
	copies                     uint8 // per player for player buildings, in all for neutral ones
	income                     Income
}

var specs = [...]buildingSpec{
	NoBuilding:    {name: "none"},
	Hut:           {"hut", 1, 1, 0, 0, 0, 1, InfluenceIncome},
	Totem:         {"totem", 1, 2, 0, 0, 0, 1, GoldIncome},
	House:         {"house", 2, 1, 1, 1, 0, 1, InfluenceIncome},
	Workshop:      {"workshop", 1, 2, 1, 2, 0, 1, GoldIncome},
	Well:          {"well", 1, 1, 1, 5, 1, 4, NoIncome},
	Market:        {"market", 2, 1, 1, 5, 1, 4, NoIncome},
	Tavern:        {"tavern", 2, 2, 2, 3, 1, 5, InfluenceIncome},
	Shop:          {"shop", 2, 2, 2, 3, 1, 5, GoldIncome},
	LargeBuilding: {"large", 2, 3, 3, 5, 2, 3, NoIncome},
}

func (b Building) spec() buildingSpec {
	if int(b) < len(specs) {
		return specs[b]
	}
	return specs[NoBuilding]
}

// String returns the building's name: "hut", "totem", "house", "workshop",
// "well", "market", "tavern", "shop" or "large".
func (b Building) String() string {
	if int(b) < len(specs) {
		return specs[b].name
	}
	return "none"
}

// Width returns the building's width in squares (west to east).
func (b Building) Width() int { return int(b.spec().w) }

// Height returns the building's height in squares (north to south).
func (b Building) Height() int { return int(b.spec().h) }

// Size returns the number of squares the building covers.
func (b Building) Size() int { return int(b.spec().w) * int(b.spec().h) }

// PermitsNeeded returns how many permits the building's footprint must hold.
func (b Building) PermitsNeeded() int { return int(b.spec().permits) }

// Cost returns the building's cost in gold.
func (b Building) Cost() int { return int(b.spec().cost) }

// CubeFlags returns the number of cube flags: 1 or 2 for neutral buildings,
// 0 for player buildings. The first flag is in the top row, the second in
// the second row.
func (b Building) CubeFlags() int { return int(b.spec().cubes) }

// Income returns what the building produces.
func (b Building) Income() Income { return b.spec().income }

// Neutral reports whether any player may build b (its owner is whoever's
// cubes stand on it).
func (b Building) Neutral() bool { return b >= Well && b <= LargeBuilding }

// Starter reports whether b is a starter building (hut or totem).
func (b Building) Starter() bool { return b == Hut || b == Totem }

// Copies returns how many copies of b exist: per player for player
// buildings, in all for neutral ones.
func (b Building) Copies() int { return int(b.spec().copies) }

// Pieces: every building tile has an id. Player pieces are seat*4 + (kind-Hut)
// (ids 0–15); neutral pieces follow (16–36).
const (
	numPieces   = 37
	neutralBase = 16
)

// Piece locations other than a square (see BuildingSquare).
const (
	inSupply        = InSupply
	removedFromGame = RemovedFromGame
	awaitingRebuild = AwaitingRebuild
)

var pieceKinds = [numPieces]Building{
	Hut, Totem, House, Workshop, Hut, Totem, House, Workshop,
	Hut, Totem, House, Workshop, Hut, Totem, House, Workshop,
	Well, Well, Well, Well, Market, Market, Market, Market,
	Tavern, Tavern, Tavern, Tavern, Tavern, Shop, Shop, Shop, Shop, Shop,
	LargeBuilding, LargeBuilding, LargeBuilding,
}

// neutralFirst is the first piece id of each neutral kind.
var neutralFirst = [...]int{Well: 16, Market: 20, Tavern: 24, Shop: 29, LargeBuilding: 34}

func playerPiece(p int, b Building) int { return p*4 + int(b-Hut) }

// owner returns the seat owning piece id, or -1.
func (g *Game) owner(id int) int {
	if id < neutralBase {
		return id / 4
	}
	return int(g.pieceOwner[id])
}

// freeNeutral returns the lowest id of a copy of neutral kind b in supply,
// or -1.
func (g *Game) freeNeutral(b Building) int {
	lo := neutralFirst[b]
	for id := lo; id < lo+int(specs[b].copies); id++ {
		if g.pieceSq[id] == inSupply {
			return id
		}
	}
	return -1
}

// put places piece id with its north-west square at s.
func (g *Game) put(id int, s Square) {
	sp := pieceKinds[id].spec()
	g.pieceSq[id] = s
	c0, r0 := s.col(), s.ri()
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			g.cell[sq(c0+dx, r0+dy)] = uint8(id + 1)
		}
	}
}

// footprintTrade sums the trade points under a footprint.
func (g *Game) footprintTrade(b Building, s Square) int {
	sp := b.spec()
	c0, r0 := s.col(), s.ri()
	tv := 0
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			tv += TradeValue(sq(c0+dx, r0+dy), int(g.n))
		}
	}
	return tv
}

// displace removes piece id from the board (§6.6): player buildings to their
// supply, starters to await their rebuild, neutral buildings to the neutral
// supply with their cubes back to their owner; the owner loses the trade
// points of the fields it covered.
func (g *Game) displace(id int) {
	b := pieceKinds[id]
	sp := b.spec()
	s := g.pieceSq[id]
	c0, r0 := s.col(), s.ri()
	for dy := 0; dy < int(sp.h); dy++ {
		for dx := 0; dx < int(sp.w); dx++ {
			g.cell[sq(c0+dx, r0+dy)] = 0
		}
	}
	owner := g.owner(id)
	tv := g.footprintTrade(b, s)
	switch {
	case b.Neutral():
		g.cubes[owner] -= g.pieceCubes[id]
		g.pieceCubes[id] = 0
		g.pieceOwner[id] = -1
		g.pieceSq[id] = inSupply
	case b.Starter():
		g.pieceSq[id] = awaitingRebuild
		g.rebuild[owner] |= 1 << (b - Hut)
	default:
		g.pieceSq[id] = inSupply
	}
	if tv > 0 {
		g.setTradePoints(owner, int(g.tp[owner])-tv)
	}
}

// buildPlan is what checking a build learns about it.
type buildPlan struct {
	comp      [MaxPlayers]uint8 // compensation owed to each player
	gold      int               // cost plus compensation
	sameSize  bool              // a same-size building is under the footprint
	displaced uint64            // bit id: piece id is displaced
}

// checkBuildingSupply checks that b is a building a player builds and that
// a copy of it is in supply for the active player (§3).
func (g *Game) checkBuildingSupply(b Building) reason {
	if b < House || b > LargeBuilding {
		return rBuildingKind
	}
	if b.Neutral() {
		if g.freeNeutral(b) < 0 {
			return rBuildingSupply
		}
	} else if g.pieceSq[playerPiece(int(g.active), b)] != inSupply {
		return rBuildingSupply
	}
	return okay
}

// planBuild checks the building and footprint of a build by the active
// player (§6 steps 1, 2, 5), not its payment.
func (g *Game) planBuild(b Building, origin Square) (buildPlan, reason) {
	if r := g.checkBuildingSupply(b); r != okay {
		return buildPlan{}, r
	}
	if !origin.Valid() || !g.fitsCity(b, origin) {
		return buildPlan{}, rFootprintCity
	}
	bs := g.boardSets()
	return g.planFootprint(&bs, b, footprint(b, origin), noBudget)
}

// fitsCity reports whether building b with its north-west square on
// origin, a square of the board, lies inside the city (§6.1).
func (g *Game) fitsCity(b Building, origin Square) bool {
	return int(g.n) < len(cityOrigins) && cityOrigins[g.n][b].has(origin)
}

// planFootprint is planBuild after the building's supply and the city
// check, for building b with footprint fp inside the city, on the board bs.
// The rules are checked in the order of §6: the church foundation and
// church tiles, the number of permits, the builder's own permit and their
// majority, larger buildings.
//
// budget is the most gold the build may cost: a footprint whose cost and
// compensation exceed it is refused with rBuildGold as soon as the permits
// are counted, before the majority and the buildings under it. The move
// generator passes the builder's gold (payBuild would refuse the build
// anyway); planBuild passes noBudget, so that every other rule is checked
// first, as §6 orders them.
func (g *Game) planFootprint(bs *boardSets, b Building, fp bitboard, budget int) (buildPlan, reason) {
	var plan buildPlan
	if g.churchOrigin == NoSquare && fp.has(ChurchFoundation) {
		return plan, rFootprintFoundation
	}
	if !fp.and(bs.church).none() {
		return plan, rFootprintChurch
	}
	sp := &specs[b]
	permits := fp.and(bs.permits)
	if permits.count() < int(sp.permits) {
		return plan, rPermitCount
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
	if plan.gold > budget {
		return plan, rBuildGold
	}
	if counts[a] == 0 {
		return plan, rNoOwnPermit
	}
	for p := 0; p < int(g.n); p++ {
		// Only a player with a permit here competes: a lone 0 beats no permit.
		if p != a && counts[p] > 0 && sums[p] >= sums[a] {
			return plan, rNoMajority
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
			return plan, rLargerBuilding
		}
		if other == size {
			plan.sameSize = true
		}
	}
	plan.comp = sums
	plan.comp[a] = 0
	return plan, okay
}

// noBudget is a budget for planFootprint that no build exceeds.
const noBudget = math.MaxInt

// pieceSize is the number of squares each kind of building covers.
var pieceSize = func() (t [LargeBuilding + 1]uint8) {
	for b := range t {
		t[b] = specs[b].w * specs[b].h
	}
	return t
}()

// payBuild checks the payment of a planned build paying influence colour pay.
func (g *Game) payBuild(plan *buildPlan, pay InfluenceColor) reason {
	a := int(g.active)
	if plan.sameSize {
		if pay == NoInfluence {
			return rSameSizeUnpaid
		}
		if !pay.valid() {
			return rPayColor
		}
		if g.infl[a][pay-1] < 3 {
			return rInfluence3
		}
	} else if pay != NoInfluence {
		return rNeedlessPay
	}
	if int(g.gold[a]) < plan.gold {
		return rBuildGold
	}
	return okay
}

func (g *Game) checkBuild(m Move) reason {
	if g.builds >= 2 {
		return rBuildLimit
	}
	plan, r := g.planBuild(m.Building, m.Square)
	if r != okay {
		return r
	}
	return g.payBuild(&plan, m.Pay)
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
// the board read once as sets of squares (boardSets).
func (g *Game) appendBuilds(dst []Move) []Move {
	if g.builds >= 2 {
		return dst
	}
	a := int(g.active)
	gold := g.gold[a]
	kinds := affordable[min(gold, maxCost)]
	var own [PermitsPerPlayer]Square // the builder's permits on the board, by value
	k := 0
	for _, s := range g.permitSq[a] {
		if s.Valid() {
			own[k] = s
			k++
		}
	}
	if k == 0 {
		return dst
	}
	for b := House; b <= LargeBuilding; b++ {
		if kinds&(1<<b) != 0 && g.checkBuildingSupply(b) != okay {
			kinds &^= 1 << b
		}
	}
	if kinds == 0 {
		return dst
	}
	bs := g.boardSets()
	n := int(g.n)
	var listed [LargeBuilding + 1][2]int // where each listed building's moves are in dst
	done := kinds                        // the buildings listed are those of done not in kinds
	for ; kinds != 0; kinds &= kinds - 1 {
		b := Building(bits.TrailingZeros16(kinds))
		if t := twins[b]; t != NoBuilding && done&^kinds&(1<<t) != 0 {
			// b is built where its twin is (the shop where the tavern).
			for i := listed[t][0]; i < listed[t][1]; i++ {
				m := dst[i]
				m.Building = b
				dst = append(dst, m)
			}
			continue
		}
		start := len(dst)
		need := int(specs[b].permits)
		fits := cityOrigins[n][b]
		var seen bitboard // origins already tried
		for _, ps := range own[:k] {
			if need > 1 && halo(b, ps).and(bs.permits).count() < need {
				// Too few permits near this one for any footprint
				// covering it (the tavern's, the shop's, the large
				// building's usual refusal, for all of them at once).
				continue
			}
			cover := covering(b, ps).and(fits)
			try := cover.andNot(seen)
			seen = seen.or(cover)
			for !try.none() {
				o := try.pop()
				fp := footprint(b, o)
				// Two refusals that rule out most footprints, before the
				// full plan.
				if !fp.and(bs.blocked).none() || fp.and(bs.permits).count() < need {
					continue
				}
				plan, rs := g.planFootprint(&bs, b, fp, int(gold))
				if rs != okay {
					continue
				}
				// No influence pays for a build over nothing of the same
				// size; one of the colours for a build over a same-size
				// building.
				pays := [...]InfluenceColor{NoInfluence, InfluenceBlue, InfluenceGreen, InfluenceYellow}
				try := pays[:1]
				if plan.sameSize {
					try = pays[1:]
				}
				for _, pay := range try {
					if g.payBuild(&plan, pay) == okay {
						dst = append(dst, Move{Kind: Build, Building: b, Square: o, Pay: pay})
					}
				}
			}
		}
		listed[b] = [2]int{start, len(dst)}
	}
	return dst
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

// applyBuild carries out a checked build (§6 steps 3–8).
func (g *Game) applyBuild(m Move) {
	a := int(g.active)
	plan, _ := g.planBuild(m.Building, m.Square)
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
				g.cell[s] = 0
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

// rebuildSquares returns the squares where starter b may be rebuilt with
// its north square (§6.8, interpretation 4): empty squares that are not
// trade fields, for a totem the square below as well.
func (g *Game) rebuildSquares(b Building) bitboard {
	bs := g.boardSets()
	ok := bs.empty.andNot(tradeBoard(int(g.n)))
	if b == Totem {
		ok = ok.and(ok.southOf())
	}
	return ok
}

// rebuildSquareOK reports whether starter b may be rebuilt with its north
// square at s, a square of the board.
func (g *Game) rebuildSquareOK(b Building, s Square) bool {
	return g.rebuildSquares(b).has(s)
}

func (g *Game) hasRebuildRoom(b Building) bool {
	return !g.rebuildSquares(b).none()
}

// nextRebuilder hands the decision to the next player with a displaced
// starter (the builder first, then clockwise, §6.8). A starter with no room
// leaves the game. It reports whether a rebuild is pending.
func (g *Game) nextRebuilder() bool {
	for i := 0; i < int(g.n); i++ {
		p := (int(g.active) + i) % int(g.n)
		for _, b := range [2]Building{Hut, Totem} {
			bit := uint8(1) << (b - Hut)
			if g.rebuild[p]&bit != 0 && !g.hasRebuildRoom(b) {
				g.rebuild[p] &^= bit
				g.pieceSq[playerPiece(p, b)] = removedFromGame
			}
		}
		if g.rebuild[p] != 0 {
			g.phase = PhaseRebuild
			g.toMove = uint8(p)
			return true
		}
	}
	return false
}

// checkRebuildPending checks that the deciding player's starter b awaits
// its rebuild (§6.8).
func (g *Game) checkRebuildPending(b Building) reason {
	if !b.Starter() || g.rebuild[g.toMove]&(1<<(b-Hut)) == 0 {
		return rRebuildNone
	}
	return okay
}

func (g *Game) checkRebuild(m Move) reason {
	if r := g.checkRebuildPending(m.Building); r != okay {
		return r
	}
	if !m.Square.Valid() || !g.rebuildSquareOK(m.Building, m.Square) {
		return rRebuildSquare
	}
	return okay
}

func (g *Game) appendRebuilds(dst []Move) []Move {
	p := int(g.toMove)
	for _, b := range [2]Building{Hut, Totem} {
		if g.rebuild[p]&(1<<(b-Hut)) == 0 {
			continue
		}
		for ok := g.rebuildSquares(b); !ok.none(); {
			dst = append(dst, Move{Kind: Rebuild, Building: b, Square: ok.pop()})
		}
		dst = append(dst, Move{Kind: DeclineRebuild, Building: b})
	}
	return dst
}

func (g *Game) applyRebuild(m Move) {
	p := int(g.toMove)
	g.rebuild[p] &^= 1 << (m.Building - Hut)
	g.put(playerPiece(p, m.Building), m.Square)
	g.continueBuilding()
}

// applyDeclineRebuild removes the deciding player's displaced starter b
// from the game, as if it had no room (§6.8: the rebuild is optional).
func (g *Game) applyDeclineRebuild(b Building) {
	p := int(g.toMove)
	g.rebuild[p] &^= 1 << (b - Hut)
	g.pieceSq[playerPiece(p, b)] = removedFromGame
	g.continueBuilding()
}

// Contents is what stands on one square.
type Contents struct {
	Building      Building   // NoBuilding if none
	BuildingOwner Player     // the building's owner (a neutral building's: whose cubes are on it)
	Origin        Square     // the building's north-west square
	Permit        int        // the permit's value, or -1 if no permit lies here
	PermitOwner   Player     // the permit's owner, or NoPlayer
	ChurchTile    ChurchTile // the church tile, or 0
	TileOwner     Player     // who built the church tile, or NoPlayer
}

// At returns what stands on square s. Outside the board (or for NoSquare)
// it returns empty contents.
func (g *Game) At(s Square) Contents {
	c := Contents{BuildingOwner: NoPlayer, Origin: NoSquare, Permit: -1, PermitOwner: NoPlayer, TileOwner: NoPlayer}
	if !s.Valid() {
		return c
	}
	switch v := g.cell[s]; {
	case v == 0:
	case v <= numPieces:
		id := int(v) - 1
		c.Building, c.BuildingOwner, c.Origin = pieceKinds[id], Player(g.owner(id)), g.pieceSq[id]
	case v&cellPermit != 0:
		p, val := permitOf(v)
		c.Permit, c.PermitOwner = val, Player(p)
	default:
		t := ChurchTile(v &^ cellChurch)
		c.ChurchTile, c.TileOwner = t, Player(g.churchOwner[t])
	}
	return c
}

// PlacedBuilding is a building standing on the board.
type PlacedBuilding struct {
	Building Building
	Owner    Player // a neutral building's owner is whose cubes stand on it
	Origin   Square // north-west square
	Cubes    int    // cubes on its flags (neutral buildings)
}

// Buildings returns the buildings on the board, in square order of their
// north-west squares.
func (g *Game) Buildings() []PlacedBuilding {
	var out []PlacedBuilding
	for s := Square(0); s < NumSquares; s++ {
		v := g.cell[s]
		if v == 0 || v > numPieces || g.pieceSq[v-1] != s {
			continue
		}
		id := int(v) - 1
		out = append(out, PlacedBuilding{pieceKinds[id], Player(g.owner(id)), s, int(g.pieceCubes[id])})
	}
	return out
}

// Where a player's building is when it is not on the board.
const (
	// InSupply is the Square that BuildingSquare returns for a building in
	// its owner's supply (it equals NoSquare), and that PermitSquare
	// returns for a permit in supply.
	InSupply Square = NoSquare
	// RemovedFromGame is the Square that BuildingSquare returns for a
	// starter building that found no room to be rebuilt.
	RemovedFromGame Square = 254
	// AwaitingRebuild is the Square that BuildingSquare returns for a
	// displaced starter building before its owner rebuilds it.
	AwaitingRebuild Square = 253
)

// BuildingSquare returns where player p's building b (hut, totem, house or
// workshop) is: its north-west square, or InSupply, RemovedFromGame or
// AwaitingRebuild. It returns NoSquare (= InSupply) for invalid arguments.
func (g *Game) BuildingSquare(p Player, b Building) Square {
	if !g.valid(p) || b < Hut || b > Workshop {
		return NoSquare
	}
	return g.pieceSq[playerPiece(int(p), b)]
}

// NeutralSupply returns how many copies of neutral building b are in the
// neutral supply.
func (g *Game) NeutralSupply(b Building) int {
	if !b.Neutral() {
		return 0
	}
	n := 0
	lo := neutralFirst[b]
	for id := lo; id < lo+int(specs[b].copies); id++ {
		if g.pieceSq[id] == inSupply {
			n++
		}
	}
	return n
}

// CubesPlaced returns how many of player p's cubes are on the board.
func (g *Game) CubesPlaced(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return int(g.cubes[p])
}

// CubesInSupply returns how many of player p's cubes are not on the board.
func (g *Game) CubesInSupply(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return CubesPerPlayer - int(g.cubes[p])
}

// CubeSpot is where one cube stands. Exactly one of its fields says where:
// a neutral building's north-west square (Building), a church tile, a wall
// tower's site, or a trade-track milestone.
type CubeSpot struct {
	Building   Square     // a neutral building's north-west square, or NoSquare
	ChurchTile ChurchTile // or 0
	Tower      WallSite   // or NoWallSite
	Milestone  int        // 3, 5, 7, 9, 11, or 0
}

// CubeSpots lists where player p's cubes stand: neutral buildings (one entry
// per cube), church tiles, towers, milestones.
func (g *Game) CubeSpots(p Player) []CubeSpot {
	var out []CubeSpot
	if !g.valid(p) {
		return out
	}
	none := CubeSpot{Building: NoSquare, Tower: NoWallSite}
	for _, b := range g.Buildings() {
		for k := 0; k < b.Cubes && b.Owner == p; k++ {
			c := none
			c.Building = b.Origin
			out = append(out, c)
		}
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if g.churchOwner[t] == int8(p) {
			c := none
			c.ChurchTile = t
			out = append(out, c)
		}
	}
	for _, w := range WallSites(int(g.n)) {
		if o, t := g.Wall(w); o == p && WallTower(t) {
			c := none
			c.Tower = w
			out = append(out, c)
		}
	}
	for i, m := range milestonePos {
		if g.milestones[p]>>i&1 != 0 {
			c := none
			c.Milestone = int(m)
			out = append(out, c)
		}
	}
	return out
}

// RebuildPending reports whether player p's starter building b waits to be
// rebuilt.
func (g *Game) RebuildPending(p Player, b Building) bool {
	return g.valid(p) && b.Starter() && g.rebuild[p]&(1<<(b-Hut)) != 0
}
