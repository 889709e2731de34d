package elasund

import "fmt"

// Validate checks every invariant of the game state and returns an error
// naming the first one broken (it wraps ErrInvalidState), or nil. A game made by New and changed only
// by Apply always validates; a user who builds or loads a state should call
// it. The invariants: 51 gold and 39 influence cards (13 per colour), each in
// exactly one place; 10 cubes per player, on the board where the board says
// or in supply; 5 permits per player; building copies conserved, inside the
// city and not overlapping; church tiles only on their places in the fixed
// church area; wall tiles on connected chains from the gates, numbered in
// stack order; trade disks equal to min(11, TP) and milestone flags within
// their capacities; the phase and the deciding player consistent; the
// turns played and the turn limit at most TurnLimit.
func (g *Game) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidState, fmt.Sprintf(format, args...))
	}
	n := int(g.n)
	if n < MinPlayers || n > MaxPlayers {
		return bad("%d players", n)
	}
	for p := 0; p < MaxPlayers; p++ {
		if p >= n {
			if g.colors[p] != NoColor || g.gold[p] != 0 || g.infl[p] != [3]uint8{} || g.cubes[p] != 0 ||
				g.tp[p] != 0 || g.milestones[p] != 0 || g.wallBuilt[p] != 0 || g.pending[p] != 0 || g.rebuild[p] != 0 {
				return bad("seat %d is not playing but holds game state", p)
			}
			continue
		}
		if g.colors[p] < Red || g.colors[p] > Yellow {
			return bad("player %d has colour %d", p, g.colors[p])
		}
		for q := 0; q < p; q++ {
			if g.colors[q] == g.colors[p] {
				return bad("players %d and %d are both %v", q, p, g.colors[p])
			}
		}
	}
	if !g.rules.valid() {
		return bad("unknown rule options %#x", uint8(g.rules))
	}
	if g.turn > TurnLimit || g.maxTurns > TurnLimit {
		return bad("%d turns played of a limit of %d; a game lasts at most %d turns", g.turn, g.maxTurns, TurnLimit)
	}
	if g.phase > PhaseOver || int(g.active) >= n || int(g.toMove) >= n || int(g.first) >= n || g.builds > 2 {
		return bad("phase %v, active %d, to move %d, first %d, builds %d", g.phase, g.active, g.toMove, g.first, g.builds)
	}
	if (g.phase < PhaseBuild && g.builds != 0) || (g.phase == PhaseChurchChoice && g.builds > 1) || (g.phase == PhaseRebuild && g.builds == 0) {
		return bad("%d builds made before %v", g.builds, g.phase)
	}

	// Cards.
	gold := int(g.bank) + int(g.poolGold)
	infl := [3]int{int(g.discard[0]) + int(g.poolInfl[0]), int(g.discard[1]) + int(g.poolInfl[1]), int(g.discard[2]) + int(g.poolInfl[2])}
	if g.deckLen > InfluenceCards {
		return bad("influence deck of %d cards", g.deckLen)
	}
	for _, c := range g.deck[:g.deckLen] {
		if c > 2 {
			return bad("influence deck holds a card of colour %d", c)
		}
		infl[c]++
	}
	for p := 0; p < n; p++ {
		gold += int(g.gold[p])
		for c := range infl {
			infl[c] += int(g.infl[p][c])
		}
	}
	if gold != GoldCards {
		return bad("%d gold cards in bank, hands and pirates' pool; the game has 51", gold)
	}
	if infl != [3]int{InfluencePerColor, InfluencePerColor, InfluencePerColor} {
		return bad("influence cards per colour %v; each colour has 13", infl)
	}
	if (g.poolGold != 0 || g.poolInfl != [3]uint8{}) && g.phase != PhaseDiscard {
		return bad("cards left with the pirates outside PhaseDiscard")
	}

	// Board: pieces, permits, church tiles.
	var covered [NumSquares]bool
	for id := 0; id < numPieces; id++ {
		b, s := pieceKinds[id], g.pieceSq[id]
		owner := g.owner(id)
		if id < neutralBase && owner >= n && s != inSupply {
			return bad("%v of seat %d, who does not play, is not in supply", b, owner)
		}
		switch s {
		case inSupply:
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return bad("%v in supply has an owner or cubes", b)
			}
			if b.Starter() && id < neutralBase && owner < n {
				return bad("starter %v of player %d is in supply", b, owner)
			}
			continue
		case removedFromGame:
			if !b.Starter() {
				return bad("%v removed from the game; only starters leave it", b)
			}
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return bad("%v removed from the game has a neutral owner or cubes", b)
			}
			continue
		case awaitingRebuild:
			if !b.Starter() || g.rebuild[owner]&(1<<(b-Hut)) == 0 {
				return bad("%v awaits a rebuild that is not pending", b)
			}
			if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
				return bad("%v awaiting a rebuild has a neutral owner or cubes", b)
			}
			continue
		}
		if !s.Valid() {
			return bad("%v at location %d", b, s)
		}
		sp := b.spec()
		if s.col()+int(sp.w) > CityColumns(n) || s.ri()+int(sp.h) > NumRows {
			return bad("%v at %v reaches outside the city", b, s)
		}
		for dy := 0; dy < int(sp.h); dy++ {
			for dx := 0; dx < int(sp.w); dx++ {
				q := sq(s.col()+dx, s.ri()+dy)
				if g.cell[q] != uint8(id+1) {
					return bad("%v at %v does not hold square %v", b, s, q)
				}
				covered[q] = true
			}
		}
		if b.Neutral() {
			if owner < 0 || owner >= n {
				return bad("%v at %v has no owner", b, s)
			}
			c := g.pieceCubes[id]
			won := g.phase == PhaseOver && int(g.winner) == owner
			if c > sp.cubes || c == 0 || (c < sp.cubes && !won) {
				return bad("%v at %v has %d cubes for %d flags", b, s, c, sp.cubes)
			}
		} else if g.pieceOwner[id] != -1 || g.pieceCubes[id] != 0 {
			return bad("player building %v has a neutral owner or cubes", b)
		}
	}
	for p := 0; p < MaxPlayers; p++ {
		for v, s := range g.permitSq[p] {
			if s == inSupply {
				continue
			}
			if p >= n || !s.Valid() || g.cell[s] != permitCell(p, v) {
				return bad("permit %d of seat %d at %v is not on the board there", v, p, s)
			}
		}
	}
	tiles := 0
	for s := Square(0); s < NumSquares; s++ {
		v := g.cell[s]
		switch {
		case v == 0:
			continue
		case !InCity(s, n):
			return bad("something stands on %v, outside the city", s)
		case v <= numPieces:
			if !covered[s] {
				return bad("square %v names a building that does not cover it", s)
			}
		case v&cellPermit != 0:
			p, val := permitOf(v)
			if v&0x60 != 0 || val >= PermitsPerPlayer || g.permitSq[p][val] != s {
				return bad("permit on %v is not where its owner's permit is", s)
			}
		case v&cellChurch != 0:
			t := ChurchTile(v &^ cellChurch)
			if t < 1 || t > ChurchTiles || g.churchOrigin == NoSquare || churchSquare(g.churchOrigin, t) != s || g.churchOwner[t] < 0 {
				return bad("church tile on %v is not on its place in the church", s)
			}
			tiles++
		default:
			return bad("square %v holds code %d", s, v)
		}
		if s == ChurchFoundation && g.churchOrigin == NoSquare {
			return bad("something stands on the church foundation before the church")
		}
	}

	// Church stack and tiles.
	if g.churchLen > ChurchTiles {
		return bad("church stack of %d tiles; there are 9", g.churchLen)
	}
	originOK := g.churchOrigin == NoSquare
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		originOK = originOK || g.churchOrigin == churchOriginFor(t)
	}
	if !originOK {
		return bad("church area at square %d, where no tile on the foundation puts it", g.churchOrigin)
	}
	var seen [ChurchTiles + 1]int
	for _, t := range g.church[:g.churchLen] {
		if t >= 1 && t <= ChurchTiles {
			seen[t]++
		}
	}
	for _, t := range g.church[g.churchLen:] {
		if t != 0 {
			return bad("church stack slot beyond its %d tiles holds tile %d", g.churchLen, t)
		}
	}
	drawn := 0
	if g.phase == PhaseChurchChoice {
		for _, t := range g.churchDrawn {
			if t >= 1 && t <= ChurchTiles {
				seen[t]++
				drawn++
			}
		}
		if drawn != 2 || g.churchOrigin != NoSquare {
			return bad("church choice of %d drawn tiles with the church area at %v", drawn, g.churchOrigin)
		}
	} else if g.churchDrawn != [2]uint8{} {
		return bad("church tiles drawn outside PhaseChurchChoice")
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o >= 0 {
			if int(o) >= n || g.churchOrigin == NoSquare || g.cell[churchSquare(g.churchOrigin, t)] != uint8(cellChurch|int(t)) {
				return bad("church tile %d is built but not on its place", t)
			}
			seen[t]++
		}
		if seen[t] != 1 {
			return bad("church tile %d is in %d places", t, seen[t])
		}
	}
	if int(g.churchLen)+drawn+tiles != ChurchTiles {
		return bad("%d church tiles in the stack, %d drawn and %d built", g.churchLen, drawn, tiles)
	}
	if g.churchOrigin != NoSquare {
		ok := false
		for t := ChurchTile(1); t <= ChurchTiles; t++ {
			if g.churchOrigin == churchOriginFor(t) && g.churchOwner[t] >= 0 {
				ok = true
			}
		}
		if !ok {
			return bad("the church area at %v is fixed by no tile on the foundation", g.churchOrigin)
		}
	}

	// Walls.
	var wallTiles [MaxPlayers]uint16
	for w := WallSite(0); w < numWallSites; w++ {
		v := g.wall[w]
		if v == 0 {
			continue
		}
		p, t := int(v>>4)-1, int(v&15)
		if !w.inGame(n) || p < 0 || p >= n || t < 1 || t > int(g.wallBuilt[p]) || wallTiles[p]&(1<<t) != 0 {
			return bad("wall site %v holds tile %d of seat %d", w, t, p)
		}
		wallTiles[p] |= 1 << t
		if !g.wallChained(w) {
			return bad("wall tile on %v is not on a chain from a gate", w)
		}
	}
	for p := 0; p < n; p++ {
		if g.wallBuilt[p] > WallTilesPerPlayer || wallTiles[p] != uint16(1<<(g.wallBuilt[p]+1)-2) {
			return bad("player %d built %d wall tiles but the wall shows others", p, g.wallBuilt[p])
		}
	}

	// Cubes, trade points, milestones.
	var cubes, tp [MaxPlayers]int
	for id := neutralBase; id < numPieces; id++ {
		if g.pieceSq[id].Valid() {
			cubes[g.pieceOwner[id]] += int(g.pieceCubes[id])
		}
	}
	for id := 0; id < numPieces; id++ {
		if s := g.pieceSq[id]; s.Valid() {
			tp[g.owner(id)] += g.footprintTrade(pieceKinds[id], s)
		}
	}
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o >= 0 {
			cubes[o]++
		}
	}
	for p := 0; p < n; p++ {
		cubes[p] += g.towers(p)
	}
	for i, m := range milestonePos {
		if g.flagsUsed(i) > milestoneFlags[i] {
			return bad("%d cubes on milestone %d, which has %d flags", g.flagsUsed(i), m, milestoneFlags[i])
		}
		for p := 0; p < n; p++ {
			if g.milestones[p]>>i&1 != 0 {
				cubes[p]++
				if disk(int(g.tp[p])) < int(m) {
					return bad("player %d has a cube on milestone %d with the disk at %d", p, m, disk(int(g.tp[p])))
				}
			}
		}
	}
	for p := 0; p < n; p++ {
		if g.milestones[p] >= 1<<len(milestonePos) {
			return bad("player %d has milestone bits %b", p, g.milestones[p])
		}
		if cubes[p] != int(g.cubes[p]) || cubes[p] > CubesPerPlayer {
			return bad("player %d has %d cubes on the board, counted %d", p, cubes[p], g.cubes[p])
		}
		if tp[p] != int(g.tp[p]) {
			return bad("player %d's buildings cover %d trade points, the track says %d", p, tp[p], g.tp[p])
		}
		if cubes[p] == CubesPerPlayer && !(g.phase == PhaseOver && int(g.winner) == p) {
			return bad("player %d has all 10 cubes placed but has not won", p)
		}
	}

	// Phase and decisions.
	for p := 0; p < n; p++ {
		if g.pending[p] != 0 && g.phase != PhaseDiscard && g.phase != PhaseShortage {
			return bad("player %d owes cards outside a discard or shortage", p)
		}
		if g.rebuild[p] >= 4 || (g.rebuild[p] != 0 && g.phase != PhaseRebuild && g.phase != PhaseOver) {
			return bad("player %d has a rebuild pending outside PhaseRebuild (or the end)", p)
		}
		for _, b := range [2]Building{Hut, Totem} {
			if g.rebuild[p]&(1<<(b-Hut)) != 0 && g.pieceSq[playerPiece(p, b)] != awaitingRebuild {
				return bad("player %d has a %v rebuild pending but the %v is not awaiting one", p, b, b)
			}
		}
		hold := g.influenceCount(p)
		if g.phase == PhaseDiscard {
			hold += int(g.gold[p])
		}
		if int(g.pending[p]) > hold {
			return bad("player %d owes %d cards but holds %d", p, g.pending[p], hold)
		}
	}
	switch g.phase {
	case PhaseDiscard, PhaseShortage:
		if g.pending[g.toMove] == 0 {
			return bad("player %d decides in %v but owes nothing", g.toMove, g.phase)
		}
	case PhaseRebuild:
		if g.rebuild[g.toMove] == 0 {
			return bad("player %d decides a rebuild but has none pending", g.toMove)
		}
	case PhaseOver:
		if g.winner >= 0 && (int(g.winner) >= n || g.cubes[g.winner] != CubesPerPlayer) {
			return bad("winner %d has not placed all cubes", g.winner)
		}
	default:
		if g.toMove != g.active {
			return bad("player %d decides in %v, but it is player %d's turn", g.toMove, g.phase, g.active)
		}
	}
	if g.phase != PhaseOver && g.winner != -1 {
		return bad("a winner while the game goes on")
	}
	if g.ship == NoRow && !(g.turn == 0 && (g.phase == PhaseRoll || g.phase == PhasePirates)) {
		return bad("the ship is off the board after the first roll")
	}
	if g.ship != NoRow && !g.ship.Valid() {
		return bad("the ship is at row %d", g.ship)
	}
	if g.occ != g.readOccupancy() {
		return bad("the board's cached sets do not match its squares")
	}
	return nil
}

// wallChained reports whether the built tile on w connects to a gate
// through built tiles along its wall.
func (g *Game) wallChained(w WallSite) bool {
	if w.East() {
		up, down := true, true
		for x := eastBase; x < int(w); x++ {
			up = up && g.wall[x] != 0
		}
		for x := int(w) + 1; x < numWallSites; x++ {
			down = down && g.wall[x] != 0
		}
		return up || down
	}
	base := 0
	if w >= southBase {
		base = southBase
	}
	for x := int(w) + 1; x < base+sideSites(int(g.n)); x++ {
		if g.wall[x] == 0 {
			return false
		}
	}
	return true
}
