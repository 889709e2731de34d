package elasund

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

func (g *Game) cubesInRow(p, ri int) int {
	n := 0
	for id := neutralBase; id < numPieces; id++ {
		s := g.pieceSq[id]
		if !s.Valid() || int(g.pieceOwner[id]) != p {
			continue
		}
		top, c := s.ri(), int(g.pieceCubes[id])
		if c >= 1 && top == ri {
			n++
		}
		if c >= 2 && top+1 == ri {
			n++
		}
	}
	if g.churchOrigin != NoSquare {
		for t := ChurchTile(1); t <= ChurchTiles; t++ {
			if int(g.churchOwner[t]) == p && churchSquare(g.churchOrigin, t).ri() == ri {
				n++
			}
		}
	}
	for w := WallSite(eastBase); w < numWallSites; w++ {
		v := g.wall[w]
		if v != 0 && int(v>>4)-1 == p && WallTower(int(v&15)) && w.Row().idx() == ri {
			n++
		}
	}
	return n
}

// startPirates sends the pirates to row r: no income; every player owes one
// card per cube in the row (all their cards if they have fewer).
func (g *Game) startPirates(r Row) {
	g.ship = r
	for p := 0; p < int(g.n); p++ {
		g.pending[p] = uint8(min(g.handSize(p), g.cubesInRow(p, r.idx())))
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
