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
