package elasund

// The trade track (RULES.md §9).

// MaxTradeDisk is the highest position of a trade disk.
const MaxTradeDisk = 11

// milestonePos are the trade-track positions that hold cube flags, and
// milestoneFlags how many flags each holds (RULES.md §9).
var (
	milestonePos   = [5]uint8{3, 5, 7, 9, 11}
	milestoneFlags = [5]uint8{4, 3, 2, 2, 1}
)

// Milestones returns the trade-track milestones, 3, 5, 7, 9 and 11.
func Milestones() [5]int { return widen(milestonePos) }

// MilestoneFlags returns how many cube flags each milestone holds: 4, 3,
// 2, 2 and 1.
func MilestoneFlags() [5]int { return widen(milestoneFlags) }

func widen(a [5]uint8) [5]int {
	var out [5]int
	for i, v := range a {
		out[i] = int(v)
	}
	return out
}

func disk(tp int) int { return min(tp, MaxTradeDisk) }

// setTradePoints sets player p's trade points and moves the disk: falling
// below a milestone where p has a cube returns it; reaching or passing a
// milestone upward puts a cube on a free flag there, if one is free and p
// has a cube left. A flag freed later is not claimed afterwards.
func (g *Game) setTradePoints(p, tp int) {
	old, now := disk(int(g.tp[p])), disk(tp)
	g.tp[p] = uint8(tp)
	for i, m := range milestonePos {
		bit := uint8(1) << i
		switch {
		case now < int(m) && old >= int(m) && g.milestones[p]&bit != 0:
			g.milestones[p] &^= bit
			g.cubes[p]--
		case old < int(m) && now >= int(m) && g.flagsUsed(i) < milestoneFlags[i]:
			if g.gainCube(p) {
				g.milestones[p] |= bit
			}
		}
	}
}

// flagsUsed counts the cubes on milestone i.
func (g *Game) flagsUsed(i int) uint8 {
	var n uint8
	for p := 0; p < int(g.n); p++ {
		n += g.milestones[p] >> i & 1
	}
	return n
}

// TradePoints returns the trade points of player p's standing buildings.
func (g *Game) TradePoints(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return int(g.tp[p])
}

// TradeDisk returns the position of player p's trade disk: its trade
// points, capped at 11.
func (g *Game) TradeDisk(p Player) int { return disk(g.TradePoints(p)) }

// HasMilestoneCube reports whether player p has a cube on the milestone at
// trade-track position m (3, 5, 7, 9 or 11).
func (g *Game) HasMilestoneCube(p Player, m int) bool {
	if !g.valid(p) {
		return false
	}
	for i, pos := range milestonePos {
		if int(pos) == m {
			return g.milestones[p]>>i&1 != 0
		}
	}
	return false
}

// MilestoneCubes returns how many cubes stand on the milestone at
// trade-track position m (3, 5, 7, 9 or 11).
func (g *Game) MilestoneCubes(m int) int {
	for i, pos := range milestonePos {
		if int(pos) == m {
			return int(g.flagsUsed(i))
		}
	}
	return 0
}

// validateCubesAndTrade is Validate's check of the cubes and the trade track:
// each player's cubes placed counted from the board (neutral buildings,
// church tiles, towers, milestones), at most 10, all 10 only for the
// winner; trade points those of the player's buildings; milestone cubes
// within the flags and behind the player's disk.
func (g *Game) validateCubesAndTrade() error {
	n := int(g.n)
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
			return invalidState("%d cubes on milestone %d, which has %d flags", g.flagsUsed(i), m, milestoneFlags[i])
		}
		for p := 0; p < n; p++ {
			if g.milestones[p]>>i&1 != 0 {
				cubes[p]++
				if disk(int(g.tp[p])) < int(m) {
					return invalidState("player %d has a cube on milestone %d with the disk at %d", p, m, disk(int(g.tp[p])))
				}
			}
		}
	}
	for p := 0; p < n; p++ {
		if g.milestones[p] >= 1<<len(milestonePos) {
			return invalidState("player %d has milestone bits %b", p, g.milestones[p])
		}
		if cubes[p] != int(g.cubes[p]) || cubes[p] > CubesPerPlayer {
			return invalidState("player %d has %d cubes on the board, counted %d", p, cubes[p], g.cubes[p])
		}
		if tp[p] != int(g.tp[p]) {
			return invalidState("player %d's buildings cover %d trade points, the track says %d", p, tp[p], g.tp[p])
		}
		if cubes[p] == CubesPerPlayer && !(g.phase == PhaseOver && int(g.winner) == p) {
			return invalidState("player %d has all 10 cubes placed but has not won", p)
		}
	}
	return nil
}
