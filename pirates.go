package elasund

import "math/bits"

// Rolling a 7: the pirates (RULES.md §4.2).

// CubesInRow returns how many of player p's cubes stand in row r, as the
// pirates count them: on neutral buildings (each cube in the row of its
// flag: the top row, and the second row for a large building's second
// cube), on church tiles and on towers of the east wall. Cubes on the trade
// track and on north and south wall towers are in no row.
func (g *Game) CubesInRow(p Player, r Row) int {
	if !g.valid(p) || !r.Valid() {
		return 0
	}
	return g.cubesInRow(int(p), r.idx())
}

func (g *Game) cubesInRow(p, ri int) int { return int(g.rowCubes(ri)[p%MaxPlayers]) }

// rowCubes returns how many cubes of each player stand in the row of index
// ri, read off the row's nine cells (the neutral buildings and church tiles
// on them) and its east wall site.
func (g *Game) rowCubes(ri int) (n [MaxPlayers]uint8) {
	if ri < 0 || ri >= NumRows {
		return n
	}
	var ids uint64 // bit id: neutral piece id stands in the row
	for _, v := range g.cell[ri*NumColumns : ri*NumColumns+NumColumns] {
		switch {
		case v > neutralBase && v <= numPieces:
			ids |= 1 << (v - 1)
		case v&(cellChurch|cellPermit) == cellChurch:
			if o := g.churchOwner[v&^cellChurch%(ChurchTiles+1)]; o >= 0 {
				n[o%MaxPlayers]++
			}
		}
	}
	for ; ids != 0; ids &= ids - 1 {
		id := bits.TrailingZeros64(ids) % numPieces
		top, c := g.pieceSq[id].ri(), g.pieceCubes[id]
		if (top == ri && c >= 1) || (top+1 == ri && c >= 2) {
			n[uint8(g.pieceOwner[id])%MaxPlayers]++
		}
	}
	if ri >= 1 && ri <= numEastSites {
		v := g.wall[eastBase+ri-1]
		if v != 0 && WallTower(int(v&15)) {
			n[(v>>4-1)%MaxPlayers]++
		}
	}
	return n
}

// startPirates sends the pirates to row r: no income; every player owes one
// card per cube in the row (all their cards if they have fewer).
func (g *Game) startPirates(r Row) {
	g.ship = r
	cubes := g.rowCubes(r.idx())
	for p := 0; p < int(g.n); p++ {
		g.pending[p] = uint8(min(g.handSize(p), int(cubes[p])))
	}
	g.poolGold, g.poolInfl = 0, [3]uint8{}
	g.nextDiscarder()
}

// nextDiscarder hands the next discard with a real choice to its player,
// the roller first and then clockwise (settling forced ones). When all have
// discarded, the roller draws the reward and phase 2 begins.
func (g *Game) nextDiscarder() {
	if g.nextToGiveUp(PhaseDiscard) {
		return
	}
	g.pirateReward()
	g.startBuilding()
}

func (g *Game) discardToPirates(p int, c Cards) {
	g.gold[p] -= c.Gold
	g.poolGold += c.Gold
	in := c.inflArray()
	for i := range in {
		g.infl[p][i] -= in[i]
		g.poolInfl[i] += in[i]
	}
	g.pending[p] = 0
}

// pirateReward gives the roller one random discarded card per wall tower
// they own (at most all discarded cards); the rest go to the bank and the
// discard pile.
func (g *Game) pirateReward() {
	a := int(g.active)
	for k := g.towers(a); k > 0; k-- {
		total := int(g.poolGold) + int(g.poolInfl[0]) + int(g.poolInfl[1]) + int(g.poolInfl[2])
		if total == 0 {
			break
		}
		r := g.intn(total)
		if r < int(g.poolGold) {
			g.poolGold--
			g.gold[a]++
			continue
		}
		r -= int(g.poolGold)
		for c := range g.poolInfl {
			if r < int(g.poolInfl[c]) {
				g.poolInfl[c]--
				g.infl[a][c]++
				break
			}
			r -= int(g.poolInfl[c])
		}
	}
	g.bank += g.poolGold
	for c := range g.poolInfl {
		g.discard[c] += g.poolInfl[c]
	}
	g.poolGold, g.poolInfl = 0, [3]uint8{}
}
