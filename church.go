package elasund

// The church (RULES.md §8).

// ChurchTile is one of the nine church tiles, numbered 1–9 by its place in
// the 3×3 church in reading order (1 north-west, 5 centre, 9 south-east).
// 0 is no tile.
type ChurchTile uint8

// ChurchCost is the gold a church tile costs.
const ChurchCost = 7

// churchSquare returns where tile t stands in a church whose north-west
// square is origin.
func churchSquare(origin Square, t ChurchTile) Square {
	i := int(t) - 1
	return sq(origin.col()+i%3, origin.ri()+i/3)
}

// churchOriginFor returns the church area's north-west square when tile t
// is the first, placed on the foundation c8.
func churchOriginFor(t ChurchTile) Square {
	i := int(t) - 1
	return sq(ChurchFoundation.col()-i%3, ChurchFoundation.ri()-i/3)
}

func (g *Game) checkChurch() Reason {
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

// applyChurch pays and draws: the first builder draws two tiles and must
// choose; later builders place the top tile.
func (g *Game) applyChurch() {
	a := int(g.active)
	g.gold[a] -= ChurchCost
	g.bank += ChurchCost
	if g.churchOrigin == NoSquare {
		g.churchDrawn = [2]uint8{g.church[g.churchLen-1], g.church[g.churchLen-2]}
		g.churchLen -= 2
		// Keep the slots above the stack zero, so that equal positions
		// compare equal (Game is compared with ==).
		g.church[g.churchLen], g.church[g.churchLen+1] = 0, 0
		g.phase = PhaseChurchChoice
		return
	}
	g.churchLen--
	t := ChurchTile(g.church[g.churchLen])
	g.church[g.churchLen] = 0
	g.placeChurchTile(t)
}

// applyKeepChurchTile keeps tile t, puts the other drawn tile at the bottom
// of the stack, and places t on the foundation, fixing the church area.
func (g *Game) applyKeepChurchTile(t ChurchTile) {
	other := g.churchDrawn[0]
	if other == uint8(t) {
		other = g.churchDrawn[1]
	}
	copy(g.church[1:g.churchLen+1], g.church[:g.churchLen])
	g.church[0] = other
	g.churchLen++
	g.churchDrawn = [2]uint8{}
	g.churchOrigin = churchOriginFor(t)
	g.phase = PhaseBuild
	g.placeChurchTile(t)
}

// placeChurchTile puts tile t on its place: a permit there goes back to its
// owner without compensation, a building there is displaced whatever its
// size; the builder puts a cube on the tile. Church tiles earn no trade
// points.
func (g *Game) placeChurchTile(t ChurchTile) {
	a := int(g.active)
	s := churchSquare(g.churchOrigin, t)
	switch v := g.cell[s]; {
	case v == 0:
	case v <= numPieces:
		g.displace(int(v) - 1)
	case v&cellPermit != 0:
		p, val := permitOf(v)
		g.permitSq[p][val] = inSupply
	}
	g.setCell(s, uint8(cellChurch|int(t)))
	g.churchOwner[t] = int8(a)
	g.gainCube(a)
	g.afterBuild()
}

// ChurchOrigin returns the north-west square of the church area, fixed by
// the first church tile, or NoSquare before it.
func (g *Game) ChurchOrigin() Square {
	if g.noGame() {
		return NoSquare
	}
	return g.churchOrigin
}

// ChurchSquare returns where church tile t stands or will stand, or
// NoSquare before the first tile fixes the area (or for an invalid t).
func (g *Game) ChurchSquare(t ChurchTile) Square {
	if g.noGame() || g.churchOrigin == NoSquare || t < 1 || t > ChurchTiles {
		return NoSquare
	}
	return churchSquare(g.churchOrigin, t)
}

// ChurchTileOwner returns who built church tile t (and has a cube on it),
// or NoPlayer if it is not built.
func (g *Game) ChurchTileOwner(t ChurchTile) Player {
	if g.noGame() || t < 1 || t > ChurchTiles {
		return NoPlayer
	}
	return Player(g.churchOwner[t])
}

// ChurchTilesLeft returns the number of tiles in the church stack.
func (g *Game) ChurchTilesLeft() int { return int(g.churchLen) }

// ChurchChoice returns the two tiles the first church builder drew, during
// PhaseChurchChoice; 0, 0 otherwise.
func (g *Game) ChurchChoice() (ChurchTile, ChurchTile) {
	if g.phase != PhaseChurchChoice {
		return 0, 0
	}
	return ChurchTile(g.churchDrawn[0]), ChurchTile(g.churchDrawn[1])
}

// validateChurch is Validate's check of the church: the stack, the tiles
// drawn for a church choice and the tiles built are the nine tiles once
// each; the church area is fixed (by a tile built on the foundation) if
// and only if a tile is built.
func (g *Game) validateChurch() error {
	n := int(g.n)
	if g.churchLen > ChurchTiles {
		return invalidState("church stack of %d tiles; there are 9", g.churchLen)
	}
	originOK := g.churchOrigin == NoSquare
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		originOK = originOK || g.churchOrigin == churchOriginFor(t)
	}
	if !originOK {
		return invalidState("church area at square %d, where no tile on the foundation puts it", g.churchOrigin)
	}
	var seen [ChurchTiles + 1]int
	for _, t := range g.church[:g.churchLen] {
		if t >= 1 && t <= ChurchTiles {
			seen[t]++
		}
	}
	for _, t := range g.church[g.churchLen:] {
		if t != 0 {
			return invalidState("church stack slot beyond its %d tiles holds tile %d", g.churchLen, t)
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
			return invalidState("church choice of %d drawn tiles with the church area at %v", drawn, g.churchOrigin)
		}
	} else if g.churchDrawn != [2]uint8{} {
		return invalidState("church tiles drawn outside PhaseChurchChoice")
	}
	tiles := 0 // built, each on its square (and no other square holds one: validateCells)
	for t := ChurchTile(1); t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o >= 0 {
			if int(o) >= n || g.churchOrigin == NoSquare || g.cell[churchSquare(g.churchOrigin, t)] != uint8(cellChurch|int(t)) {
				return invalidState("church tile %d is built but not on its place", t)
			}
			seen[t]++
			tiles++
		}
		if seen[t] != 1 {
			return invalidState("church tile %d is in %d places", t, seen[t])
		}
	}
	if int(g.churchLen)+drawn+tiles != ChurchTiles {
		return invalidState("%d church tiles in the stack, %d drawn and %d built", g.churchLen, drawn, tiles)
	}
	if g.churchOrigin != NoSquare {
		ok := false
		for t := ChurchTile(1); t <= ChurchTiles; t++ {
			if g.churchOrigin == churchOriginFor(t) && g.churchOwner[t] >= 0 {
				ok = true
			}
		}
		if !ok {
			return invalidState("the church area at %v is fixed by no tile on the foundation", g.churchOrigin)
		}
	}
	return nil
}
