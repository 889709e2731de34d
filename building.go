package elasund

import "fmt"

// Buildings (RULES.md §3), their pieces and where they stand, and
// displacing one (§6.6). Building them is in build.go and rebuild.go.

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

// Piece locations other than a square (see BuildingOrigin).
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
	g.occ.cover(footprint(pieceKinds[id], s))
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
	g.occ.buildings = g.occ.buildings.andNot(footprint(b, s))
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

// Contents is what stands on one square: a building, a permit or a church
// tile, or nothing. Building, HasPermit and ChurchTile say what is there.
// The other fields describe it, and for what is not there they hold the
// answer for nothing that the other accessors give: NoPlayer for the
// owner of a building, permit or church tile that is not there (as
// ChurchTileOwner answers for a tile not built), NoSquare for the Origin
// of no building, 0 for the value of no permit.
//
// So At answers Contents{BuildingOwner: NoPlayer, Origin: NoSquare,
// PermitOwner: NoPlayer, TileOwner: NoPlayer} for an empty square. The
// zero Contents{}, whose owner fields name seat 0 and whose Origin is a2,
// is not what At returns for any square: test for an empty square with
// Building == NoBuilding && !HasPermit && ChurchTile == 0.
type Contents struct {
	Building      Building   // the building standing here, or NoBuilding
	BuildingOwner Player     // the building's owner (a neutral building's: whose cubes are on it), or NoPlayer
	Origin        Square     // the building's north-west square, or NoSquare
	HasPermit     bool       // whether a permit lies here
	Permit        int        // the permit's value, 0 to 4
	PermitOwner   Player     // the permit's owner, or NoPlayer
	ChurchTile    ChurchTile // the church tile standing here, or 0
	TileOwner     Player     // who built the church tile, or NoPlayer
}

// emptySquare is what At returns for a square where nothing stands.
var emptySquare = Contents{BuildingOwner: NoPlayer, Origin: NoSquare, PermitOwner: NoPlayer, TileOwner: NoPlayer}

// At returns what stands on square s: for an empty square, and for a
// Square that is not on the board (NoSquare, InSupply, …), a Contents with
// Building NoBuilding, HasPermit false and ChurchTile 0, every owner
// NoPlayer and Origin NoSquare (see Contents).
func (g *Game) At(s Square) Contents {
	c := emptySquare
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
		c.HasPermit, c.Permit, c.PermitOwner = true, val, Player(p)
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
// north-west squares, in a new slice (nil for none).
func (g *Game) Buildings() []PlacedBuilding { return g.AppendBuildings(nil) }

// AppendBuildings appends the buildings on the board to dst, as Buildings
// lists them, and returns the extended slice.
func (g *Game) AppendBuildings(dst []PlacedBuilding) []PlacedBuilding {
	for s := Square(0); s < NumSquares; s++ {
		v := g.cell[s]
		if v == 0 || v > numPieces || g.pieceSq[v-1] != s {
			continue
		}
		id := int(v) - 1
		dst = append(dst, PlacedBuilding{pieceKinds[id], Player(g.owner(id)), s, int(g.pieceCubes[id])})
	}
	return dst
}

// Where a player's building or permit is when it is not on the board. They
// are Square values that are no square of the board (Valid is false), all
// distinct and distinct from NoSquare, which BuildingOrigin and
// PermitSquare answer only for arguments that name no building or permit.
const (
	// InSupply is the Square that BuildingOrigin returns for a building in
	// its owner's supply, and PermitSquare for a permit in supply. It
	// prints "supply".
	InSupply Square = 252
	// AwaitingRebuild is the Square that BuildingOrigin returns for a
	// displaced starter building before its owner rebuilds it. It prints
	// "awaiting rebuild".
	AwaitingRebuild Square = 253
	// RemovedFromGame is the Square that BuildingOrigin returns for a
	// starter building that left the game (declined, or no room to be
	// rebuilt). It prints "removed".
	RemovedFromGame Square = 254
)

// BuildingOrigin returns where player p's building b (hut, totem, house or
// workshop) is: its north-west square, or InSupply, AwaitingRebuild or
// RemovedFromGame. It returns NoSquare when p is no player of the game or
// b is not a player's building.
func (g *Game) BuildingOrigin(p Player, b Building) Square {
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

// CubeSpotKind says what a cube stands on. Its zero value, NoCubeSpot, is
// nothing: the zero CubeSpot is no spot.
type CubeSpotKind uint8

// The places a cube stands.
const (
	NoCubeSpot       CubeSpotKind = iota // no spot
	CubeOnBuilding                       // a flag of a neutral building
	CubeOnChurchTile                     // a church tile
	CubeOnTower                          // a wall tower
	CubeOnMilestone                      // a milestone of the trade track
)

var cubeSpotKindNames = [...]string{"none", "building", "church tile", "tower", "milestone"}

// String returns the kind's name: "none", "building", "church tile",
// "tower" or "milestone".
func (k CubeSpotKind) String() string {
	if int(k) < len(cubeSpotKindNames) {
		return cubeSpotKindNames[k]
	}
	return fmt.Sprintf("CubeSpotKind(%d)", uint8(k))
}

// CubeSpot is where one cube stands. Kind says what it stands on and which
// one field says where; the other fields are zero.
type CubeSpot struct {
	Kind       CubeSpotKind
	Origin     Square     // CubeOnBuilding: the neutral building's north-west square
	ChurchTile ChurchTile // CubeOnChurchTile: the tile
	Tower      WallSite   // CubeOnTower: the tower's wall site
	Milestone  int        // CubeOnMilestone: the milestone, 3, 5, 7, 9 or 11
}

// CubeSpots lists where player p's cubes stand: neutral buildings (one entry
// per cube), church tiles, towers, milestones; in a new slice (nil for
// none).
func (g *Game) CubeSpots(p Player) []CubeSpot { return g.AppendCubeSpots(nil, p) }

// AppendCubeSpots appends where player p's cubes stand to dst, as
// CubeSpots lists them, and returns the extended slice.
func (g *Game) AppendCubeSpots(dst []CubeSpot, p Player) []CubeSpot {
	out := dst
	if !g.valid(p) {
		return out
	}
	for s := Square(0); s < NumSquares; s++ {
		v := g.cell[s]
		if v == 0 || v > numPieces || g.pieceSq[v-1] != s || g.owner(int(v)-1) != int(p) {
			continue
		}
		for range g.pieceCubes[v-1] {
			out = append(out, CubeSpot{Kind: CubeOnBuilding, Origin: s})
		}
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if g.churchOwner[t] == int8(p) {
			out = append(out, CubeSpot{Kind: CubeOnChurchTile, ChurchTile: t})
		}
	}
	for w := WallSite(0); w < numWallSites; w++ {
		if o, t := g.Wall(w); o == p && w.inGame(int(g.n)) && WallTower(t) {
			out = append(out, CubeSpot{Kind: CubeOnTower, Tower: w})
		}
	}
	for i, m := range milestonePos {
		if g.milestones[p]>>i&1 != 0 {
			out = append(out, CubeSpot{Kind: CubeOnMilestone, Milestone: int(m)})
		}
	}
	return out
}

// validateBuildings is Validate's check of the buildings: each copy in supply,
// out of the game or awaiting a rebuild as its kind and owner allow, or
// inside the city holding the squares it covers; a neutral building with
// an owner and the cubes of its flags, a player's with neither.
func (g *Game) validateBuildings() error {
	n := int(g.n)
	for id := 0; id < numPieces; id++ {
		b, s := pieceKinds[id], g.pieceSq[id]
		owner := g.owner(id)
		if id < neutralBase && owner >= n && s != inSupply {
			return invalidState("%v of seat %d, who does not play, is not in supply", b, owner)
		}
		switch s {
		case inSupply:
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return invalidState("%v in supply has an owner or cubes", b)
			}
			if b.Starter() && id < neutralBase && owner < n {
				return invalidState("starter %v of player %d is in supply", b, owner)
			}
			continue
		case removedFromGame:
			if !b.Starter() {
				return invalidState("%v removed from the game; only starters leave it", b)
			}
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return invalidState("%v removed from the game has a neutral owner or cubes", b)
			}
			continue
		case awaitingRebuild:
			if !b.Starter() || g.rebuild[owner]&(1<<(b-Hut)) == 0 {
				return invalidState("%v awaits a rebuild that is not pending", b)
			}
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return invalidState("%v awaiting a rebuild has a neutral owner or cubes", b)
			}
			continue
		}
		if !s.Valid() {
			return invalidState("%v at location %d", b, s)
		}
		sp := b.spec()
		if s.col()+int(sp.w) > CityColumns(n) || s.ri()+int(sp.h) > NumRows {
			return invalidState("%v at %v reaches outside the city", b, s)
		}
		for dy := 0; dy < int(sp.h); dy++ {
			for dx := 0; dx < int(sp.w); dx++ {
				q := sq(s.col()+dx, s.ri()+dy)
				if g.cell[q] != uint8(id+1) {
					return invalidState("%v at %v does not hold square %v", b, s, q)
				}
			}
		}
		if b.Neutral() {
			if owner < 0 || owner >= n {
				return invalidState("%v at %v has no owner", b, s)
			}
			c := g.pieceCubes[id]
			won := g.phase == PhaseOver && int(g.winner) == owner
			if c > sp.cubes || c == 0 || (c < sp.cubes && !won) {
				return invalidState("%v at %v has %d cubes for %d flags", b, s, c, sp.cubes)
			}
		} else if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
			return invalidState("player building %v has a neutral owner or cubes", b)
		}
	}
	return nil
}
