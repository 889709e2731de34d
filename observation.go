package elasund

import "slices"

// A fixed-size encoding of a View, for learning bots (neural networks):
// the input tensor that goes with the fixed action space of action.go.

// ObservationSize is the length of View.AppendObservation's encoding: the same
// for every player count, so that one model serves 2, 3 and 4 players
// (the seats and squares a smaller game lacks are encoded as zeros).
const ObservationSize = 2659

// The layout below ends at ObservationSize: an array of negative length
// would not compile.
var (
	_ [ObservationSize - (obsGlobal + globalSize)]struct{}
	_ [obsGlobal + globalSize - ObservationSize]struct{}
)

// The board block: numPlanes planes of NumSquares values; plane k, square
// s at k·NumSquares + s. (Every constant of these blocks is written out:
// a bare name after an expression would repeat the expression.)
const (
	planeCity       = 0
	planeTrade      = 1                              // trade value / 2
	planeEmpty      = 2                              // IsEmpty
	planeBuilding   = 3                              // 9 planes: Hut … LargeBuilding
	planeOrigin     = planeBuilding + 9              // north-west squares
	planeCube       = planeOrigin + 1                // cubes standing on the square
	planePermit     = planeCube + 1                  // 5 planes: permit values 0–4
	planeChurch     = planePermit + PermitsPerPlayer // church tiles
	planeChurchArea = planeChurch + 1                // the church's area (c8 before the first tile)
	planeOwner      = planeChurchArea + 1            // 4 planes: relative seat of the owner of what stands there
	numPlanes       = planeOwner + MaxPlayers
)

// A seat's block, one per relative seat.
const (
	seatPresent     = 0
	seatGold        = 1                              // / 20
	seatInfluence   = 2                              // / 20
	seatPending     = 3                              // / 20
	seatPermits     = 4                              // 5: value in supply
	seatOnBoard     = seatPermits + PermitsPerPlayer // 4: hut, totem, house, workshop
	seatAwaiting    = seatOnBoard + 4                // 2: hut, totem
	seatRemoved     = seatAwaiting + 2               // 2: hut, totem
	seatWallTiles   = seatRemoved + 2                // / 9
	seatDisk        = seatWallTiles + 1              // / 11
	seatTradePoints = seatDisk + 1                   // / 20
	seatMilestones  = seatTradePoints + 1            // 5: 3, 5, 7, 9, 11
	seatCubes       = seatMilestones + 5             // / 10
	seatRowCubes    = seatCubes + 1                  // 10: rows north to south, / 4
	seatSize        = seatRowCubes + NumRows
)

// A wall site's block, one per site in WallSite order.
const (
	wallInGame = 0
	wallOwner  = 1 // 4: relative seat
	wallTower  = wallOwner + MaxPlayers
	wallSize   = wallTower + 1
)

// Offsets of the blocks and of the fields outside the board, seats and
// walls.
const (
	obsBoard        = 0
	obsSeats        = obsBoard + numPlanes*NumSquares
	obsWalls        = obsSeats + MaxPlayers*seatSize
	obsChurchOwner  = obsWalls + numWallSites*wallSize
	obsChurchLeft   = obsChurchOwner + ChurchTiles*MaxPlayers
	obsChurchBottom = obsChurchLeft + 1
	obsChurchChoice = obsChurchBottom + ChurchTiles
	obsGlobal       = obsChurchChoice + ChurchTiles
)

// The global block, relative to obsGlobal.
const (
	globalPlayers    = 0                                // 3: 2, 3, 4 players
	globalSeated     = globalPlayers + 3                // a player's view
	globalPhase      = globalSeated + 1                 // 11
	globalActive     = globalPhase + int(PhaseOver) + 1 // 4
	globalToMove     = globalActive + MaxPlayers        // 4
	globalFirst      = globalToMove + MaxPlayers        // 4
	globalWinner     = globalFirst + MaxPlayers         // 4
	globalTurn       = globalWinner + MaxPlayers        // / 100
	globalLimit      = globalTurn + 1                   // a turn limit is set
	globalTurnsLeft  = globalLimit + 1                  // / 100
	globalBuildsLeft = globalTurnsLeft + 1              // / 2
	globalShip       = globalBuildsLeft + 1             // 10
	globalDice       = globalShip + NumRows             // 11: sums 2–12
	globalPool       = globalDice + 11                  // 4: gold, blue, green, yellow, / 10
	globalBank       = globalPool + 4                   // / 51
	globalDeck       = globalBank + 1                   // / 39
	globalDiscard    = globalDeck + 1                   // 3, / 13
	globalHand       = globalDiscard + 3                // 3, / 13
	globalNeutral    = globalHand + 3                   // 5, / copies
	globalMilestones = globalNeutral + 5                // 5, / flags
	globalRules      = globalMilestones + 5             // 2
	globalPermitRows = globalRules + 2                  // 10
	globalSize       = globalPermitRows + NumRows
)

// AppendObservation appends to dst a fixed-size encoding of what the view's
// player may know, ObservationSize float32 values, and returns the
// extended slice. It allocates nothing when dst has room for them. It
// encodes the view only, so games that differ only in what the viewer may
// not know (equal views) give equal encodings.
//
// Seats are relative: seat r is the r-th player clockwise from the viewer,
// the viewer being seat 0, so that a model finds "me" in one place
// whatever the seat. A spectator's view (NoPlayer) counts from seat 0 of
// the game instead, and has no hand, no church tiles of its own to know
// and the "seated" value 0. Seats a smaller game lacks, and the squares
// and wall sites outside its city, are zeros (but for the planes that say
// so). One-hot values are 1 for what holds and 0 for the rest; counts are
// divided by the divisor given ("/ 20"), which brings them to about [0, 1]
// (a count above its divisor gives a value above 1).
//
// The encoding starts with the board, 25 planes of 90 values, one value
// per square in Square order (a2, b2, … i12: row by row from the
// north-west), so that it reshapes to [25][10][9]; plane k's square s is at
// k·90 + s. Then four seat blocks of 36 values, the viewer's first; twenty
// wall site blocks of 6 values, in WallSite order (Nc … Nh, Sc … Sh, E3 …
// E11); the church; and the global values:
//
//	offset  count  field
//	     0     90  city: 1 on the squares of the city (InCity)
//	    90     90  trade: the square's trade value (TradeValue) / 2
//	   180     90  empty: 1 on an empty square (IsEmpty, RULES.md §5)
//	   270    810  building: 9 planes, hut, totem, house, workshop, well,
//	               market, tavern, shop, large building: 1 on every square
//	               the building covers
//	  1080     90  origin: 1 on a building's north-west square
//	  1170     90  cube: 1 where a cube stands on the board: a neutral
//	               building's first cube on its north-west square, a large
//	               building's second on the square below, a church tile's
//	  1260    450  permit: 5 planes, values 0 to 4: 1 where a permit of that
//	               value lies
//	  1710     90  church: 1 on a church tile
//	  1800     90  churcharea: 1 on the nine squares of the church's area
//	               once the first tile is built (ChurchSquare), on the
//	               foundation c8 before
//	  1890    360  owner: 4 planes, relative seats 0 to 3: 1 where what stands
//	               is that seat's: a building (a neutral one's owner is whose
//	               cubes stand on it), a permit or a church tile
//	  2250    144  seats: 4 blocks of 36 (below), relative seat 0 first
//	  2394    120  walls: 20 blocks of 6 (below), one per wall site
//	  2514     36  churchtiles: 9 blocks of 4, tiles 1 to 9: 1 at the
//	               relative seat that built the tile
//	  2550      1  churchleft: tiles in the church stack / 9
//	  2551      9  churchbottom: tiles 1 to 9: the tile under the stack, if
//	               the viewer knows it (ChurchBottom)
//	  2560      9  churchchoice: tiles 1 to 9: the two tiles the viewer drew
//	               as the first church builder and chooses from (ChurchChoice)
//	  2569      3  players: 2, 3, 4 players
//	  2572      1  seated: 1 for a player's view, 0 for a spectator's
//	  2573     11  phase: PhaseRoll … PhaseOver
//	  2584      4  active: the relative seat whose turn it is
//	  2588      4  tomove: the relative seat that decides now (none when the
//	               game is over)
//	  2592      4  first: the relative seat that took the first turn
//	  2596      4  winner: the relative seat of the winner, if any
//	  2600      1  turn: Turn / 100
//	  2601      1  limit: 1 if the game has a turn limit (MaxTurns)
//	  2602      1  turnsleft: turns until the limit, MaxTurns − Turn + 1,
//	               / 100 (0 without a limit)
//	  2603      1  buildsleft: BuildsLeft / 2
//	  2604     10  ship: the ship's row, 2 to 12 north to south (none before
//	               the first roll)
//	  2614     11  dice: the sum of the last roll, 2 to 12 (a 7 sent the
//	               pirates to the ship's row)
//	  2625      4  pool: the pirates' pool (PiratesPool), gold, blue, green
//	               and yellow, each / 10
//	  2629      1  bank: gold in the bank / 51
//	  2630      1  deck: cards in the influence deck / 39
//	  2631      3  discard: the discard pile, blue, green, yellow, each / 13
//	  2634      3  hand: the viewer's influence cards, blue, green, yellow,
//	               each / 13
//	  2637      5  neutral: the neutral supply of wells, markets, taverns,
//	               shops and large buildings, each / its number of copies
//	  2642      5  milestonecubes: cubes on milestones 3, 5, 7, 9, 11, each
//	               / its number of flags
//	  2647      2  rules: AdjacentPermitRows, ShortageVoidsIncome
//	  2649     10  permitrows: the rows, north to south, where the active
//	               player may place a permit without paying influence
//	               (PermitRows)
//
// A seat's block of 36 values, at 2250 + 36·r for relative seat r:
//
//	offset  count  field
//	     0      1  present: 1 if the seat is at the table
//	     1      1  gold: gold cards / 20
//	     2      1  influence: influence cards / 20
//	     3      1  pending: cards still to discard or return (Pending) / 20
//	     4      5  permits: values 0 to 4: 1 for a permit in the supply
//	     9      4  onboard: hut, totem, house, workshop: 1 if on the board
//	    13      2  awaiting: hut, totem: 1 if displaced and awaiting rebuild
//	    15      2  removed: hut, totem: 1 if removed from the game
//	    17      1  walltiles: tiles left in the wall stack / 9
//	    18      1  disk: the trade disk / 11
//	    19      1  tradepoints: TradePoints / 20
//	    20      5  milestones: 1 for a cube on milestone 3, 5, 7, 9, 11
//	    25      1  cubes: cubes on the board / 10
//	    26     10  rowcubes: cubes in each row, north to south, as the
//	               pirates count them (CubesInRow), each / 4
//
// A wall site's block of 6 values, at 2394 + 6·w for site w:
//
//	offset  count  field
//	     0      1  site: 1 if the site is in the game (WallSites)
//	     1      4  wallowner: the relative seat that built there
//	     5      1  tower: 1 if its tile is a tower (a cube stands there)
func (v View) AppendObservation(dst []float32) []float32 {
	n := len(dst)
	dst = slices.Grow(dst, ObservationSize)[:n+ObservationSize]
	o := dst[n:]
	clear(o)
	e := obsEncoder{v: &v}
	e.rel = v.relSeats()
	e.board(o[obsBoard:obsSeats])
	for p := Player(0); p < MaxPlayers; p++ {
		if r := e.seat(p); r >= 0 {
			e.seatBlock(o[obsSeats+r*seatSize:obsSeats+(r+1)*seatSize], p)
		}
	}
	for ri := range NumRows {
		cubes := v.g.rowCubes(ri) // CubesInRow of every player, in one pass
		for p, c := range cubes {
			if r := e.seat(Player(p)); r >= 0 {
				o[obsSeats+r*seatSize+seatRowCubes+ri] = scaled(int(c), 4)
			}
		}
	}
	for w := WallSite(0); w < numWallSites; w++ {
		e.wall(o[obsWalls+int(w)*wallSize:obsWalls+int(w+1)*wallSize], w)
	}
	e.church(o[obsChurchOwner:obsGlobal])
	e.global(o[obsGlobal:])
	return dst
}

// obsEncoder writes a view's encoding.
type obsEncoder struct {
	v   *View
	rel [MaxPlayers + 1]int8 // rel[p+1] is p's relative seat, or -1
}

// relSeats returns every player's seat counted clockwise from the viewer
// (from seat 0 for a spectator), at index p+1; -1 for NoPlayer and seats
// not at the table.
func (v *View) relSeats() [MaxPlayers + 1]int8 {
	rel := [MaxPlayers + 1]int8{-1, -1, -1, -1, -1}
	n := v.Players()
	if n > MaxPlayers {
		return rel
	}
	base := 0
	if v.Viewer() != NoPlayer {
		base = int(v.Viewer())
	}
	for p := 0; p < n; p++ {
		rel[p+1] = int8((p - base + n) % n)
	}
	return rel
}

// seat returns p's relative seat, or -1 for a p not at the table.
func (e *obsEncoder) seat(p Player) int {
	if i := int(p) + 1; i >= 0 && i < len(e.rel) {
		return int(e.rel[i])
	}
	return -1
}

// oneHot sets o[i] to 1 if i is an index of o.
func oneHot(o []float32, i int) {
	if i >= 0 && i < len(o) {
		o[i] = 1
	}
}

// bit01 is 1 for true and 0 for false.
func bit01(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// scaled returns x / d.
func scaled(x int, d float32) float32 { return float32(x) / d }

// obsCityPlanes holds, for each player count, the board planes that
// depend on it alone: [0] the city (InCity), [1] the trade values
// (TradeValue / 2). board copies them rather than computing 180 values a
// call.
var obsCityPlanes = func() (t [MaxPlayers + 1][2][NumSquares]float32) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for s := Square(0); s < NumSquares; s++ {
			t[n][0][s] = bit01(InCity(s, n))
			t[n][1][s] = scaled(TradeValue(s, n), 2)
		}
	}
	return t
}()

// board writes the board planes. It reads each square's cell as At does,
// without building At's Contents.
func (e *obsEncoder) board(o []float32) {
	v := e.v
	g := &v.g
	n := v.Players()
	plane := func(k int, s Square) *float32 { return &o[k*NumSquares+int(s)] }
	if n >= MinPlayers && n <= MaxPlayers { // the zero View's planes stay 0
		copy(o[planeCity*NumSquares:], obsCityPlanes[n][0][:])
		copy(o[planeTrade*NumSquares:], obsCityPlanes[n][1][:])
	}
	for s := Square(0); s < NumSquares; s++ {
		*plane(planeEmpty, s) = bit01(g.isEmpty(s))
		owner := -1
		switch c := g.cell[s]; {
		case c == 0:
			continue
		case c <= numPieces: // a building
			id := int(c) - 1
			*plane(planeBuilding+int(pieceKinds[id]-Hut), s) = 1
			owner = g.owner(id)
			switch origin := g.pieceSq[id]; {
			case s == origin:
				*plane(planeOrigin, s) = 1
				*plane(planeCube, s) = bit01(g.pieceCubes[id] >= 1)
			case origin.Valid() && s == origin+NumColumns:
				*plane(planeCube, s) = bit01(g.pieceCubes[id] >= 2)
			}
		case c&cellPermit != 0:
			p, val := permitOf(c)
			if val < PermitsPerPlayer {
				*plane(planePermit+val, s) = 1
				owner = p
			}
		default: // a church tile
			*plane(planeChurch, s) = 1
			*plane(planeCube, s) = 1
			owner = int(g.churchOwner[(c&^cellChurch)%(ChurchTiles+1)])
		}
		if r := e.seat(Player(owner)); r >= 0 {
			*plane(planeOwner+r, s) = 1
		}
	}
	if g.ChurchOrigin() == NoSquare {
		*plane(planeChurchArea, ChurchFoundation) = 1
		return
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if s := g.ChurchSquare(t); s.Valid() {
			*plane(planeChurchArea, s) = 1
		}
	}
}

// seatBlock writes player p's seat block but its row cubes.
func (e *obsEncoder) seatBlock(o []float32, p Player) {
	v := e.v
	g := &v.g // the Game's methods: the View's would copy the view
	o[seatPresent] = 1
	o[seatGold] = scaled(g.Gold(p), 20)
	o[seatInfluence] = scaled(v.InfluenceCards(p), 20)
	o[seatPending] = scaled(g.Pending(p), 20)
	for val := 0; val < PermitsPerPlayer; val++ {
		o[seatPermits+val] = bit01(g.PermitSquare(p, val) == InSupply)
	}
	for b := Hut; b <= Workshop; b++ {
		s := g.BuildingOrigin(p, b)
		o[seatOnBoard+int(b-Hut)] = bit01(s.Valid())
		if b.Starter() {
			o[seatAwaiting+int(b-Hut)] = bit01(s == AwaitingRebuild)
			o[seatRemoved+int(b-Hut)] = bit01(s == RemovedFromGame)
		}
	}
	o[seatWallTiles] = scaled(g.WallTilesLeft(p), WallTilesPerPlayer)
	o[seatDisk] = scaled(g.TradeDisk(p), MaxTradeDisk)
	o[seatTradePoints] = scaled(g.TradePoints(p), 20)
	for i, m := range milestonePos {
		o[seatMilestones+i] = bit01(g.HasMilestoneCube(p, int(m)))
	}
	o[seatCubes] = scaled(g.CubesPlaced(p), CubesPerPlayer)
}

// wall writes wall site w's block.
func (e *obsEncoder) wall(o []float32, w WallSite) {
	v := e.v
	g := &v.g // the Game's methods: the View's would copy the view
	if !w.inGame(g.Players()) {
		return
	}
	o[wallInGame] = 1
	p, tile := v.g.Wall(w) // not View.Wall, which would copy the view
	if r := e.seat(p); r >= 0 {
		o[wallOwner+r] = 1
		o[wallTower] = bit01(WallTower(tile))
	}
}

// church writes the church's values, from churchtiles to churchchoice.
func (e *obsEncoder) church(o []float32) {
	v := e.v
	g := &v.g // the Game's methods: the View's would copy the view
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if r := e.seat(g.ChurchTileOwner(t)); r >= 0 {
			o[int(t-1)*MaxPlayers+r] = 1
		}
	}
	o[obsChurchLeft-obsChurchOwner] = scaled(g.ChurchTilesLeft(), ChurchTiles)
	oneHot(o[obsChurchBottom-obsChurchOwner:obsChurchChoice-obsChurchOwner], int(v.ChurchBottom())-1)
	a, b := g.ChurchChoice() // the view shows them to the builder only
	choice := o[obsChurchChoice-obsChurchOwner:]
	oneHot(choice, int(a)-1)
	oneHot(choice, int(b)-1)
}

// global writes the global values, from players to permitrows.
func (e *obsEncoder) global(o []float32) {
	v := e.v
	g := &v.g // the Game's methods: the View's would copy the view
	oneHot(o[globalPlayers:globalSeated], g.Players()-MinPlayers)
	o[globalSeated] = bit01(v.Viewer() != NoPlayer)
	oneHot(o[globalPhase:globalActive], int(g.Phase()))
	oneHot(o[globalActive:globalToMove], e.seat(g.Active()))
	oneHot(o[globalToMove:globalFirst], e.seat(v.ToMove()))
	oneHot(o[globalFirst:globalWinner], e.seat(g.FirstPlayer()))
	oneHot(o[globalWinner:globalTurn], e.seat(v.Winner()))
	o[globalTurn] = scaled(g.Turn(), 100)
	if limit := g.MaxTurns(); limit > 0 {
		o[globalLimit] = 1
		o[globalTurnsLeft] = scaled(max(limit-g.Turn()+1, 0), 100)
	}
	o[globalBuildsLeft] = scaled(g.BuildsLeft(), 2)
	oneHot(o[globalShip:globalDice], g.Ship().idx())
	if a, b := g.Dice(); a > 0 && b > 0 {
		oneHot(o[globalDice:globalPool], a+b-2)
	}
	pool := g.PiratesPool()
	for i, c := range [4]uint8{pool.Gold, pool.Blue, pool.Green, pool.Yellow} {
		o[globalPool+i] = scaled(int(c), 10)
	}
	o[globalBank] = scaled(g.Bank(), GoldCards)
	o[globalDeck] = scaled(g.DeckSize(), TotalInfluenceCards)
	discard, hand := v.g.DiscardPile(), v.g.Hand(v.Viewer()) // View.Hand of the viewer, without copying the view
	for i, c := range InfluenceColors() {
		o[globalDiscard+i] = scaled(discard.Of(c), InfluencePerColor)
		o[globalHand+i] = scaled(hand.Of(c), InfluencePerColor)
	}
	for b := Well; b <= LargeBuilding; b++ {
		o[globalNeutral+int(b-Well)] = scaled(g.NeutralSupply(b), float32(b.Copies()))
	}
	for i := range milestonePos {
		o[globalMilestones+i] = scaled(int(v.g.flagsUsed(i)), float32(milestoneFlags[i])) // MilestoneCubes(m)
	}
	o[globalRules] = bit01(g.Rules().Has(AdjacentPermitRows))
	o[globalRules+1] = bit01(g.Rules().Has(ShortageVoidsIncome))
	rows := v.g.permitRows() // PermitRows as a mask, without allocating
	for ri := 0; ri < NumRows; ri++ {
		o[globalPermitRows+ri] = bit01(rows&(1<<ri) != 0)
	}
}
