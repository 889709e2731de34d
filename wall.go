package elasund

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// The city wall (RULES.md §7).

// WallSite is a site of the city wall. North and south sites are named by
// their column ("Nc" … "Nh", "Sc" … "Sh"), east sites by their row ("E3" …
// "E11"). Which sites exist depends on the player count: the north and south
// walls run from column c to the column west of the last city column (c–d
// for 2 players, c–f for 3, c–h for 4); the east wall always has the eight
// sites of rows 3–11.
type WallSite uint8

const (
	numSideSites = 6 // north (and south) sites for 4 players, columns c–h
	numEastSites = 8 // rows 3, 4, 5, 6, 8, 9, 10, 11
	numWallSites = 2*numSideSites + numEastSites
	southBase    = numSideSites
	eastBase     = 2 * numSideSites
)

// NoWallSite names no wall site.
const NoWallSite WallSite = 255

// NorthSite returns the north wall site above column col (2 for c … 7 for
// h), or NoWallSite.
func NorthSite(col int) WallSite {
	if col < 2 || col >= 2+numSideSites {
		return NoWallSite
	}
	return WallSite(col - 2)
}

// SouthSite returns the south wall site below column col (2 for c … 7 for
// h), or NoWallSite.
func SouthSite(col int) WallSite {
	if col < 2 || col >= 2+numSideSites {
		return NoWallSite
	}
	return WallSite(southBase + col - 2)
}

// EastSite returns the east wall site of row r (3 to 11), or NoWallSite.
func EastSite(r Row) WallSite {
	i := r.idx()
	if i < 1 || i > numEastSites {
		return NoWallSite
	}
	return WallSite(eastBase + i - 1)
}

// WallSites returns the wall sites of a game with the given number of
// players: 12, 16 or 20 (none for other counts).
func WallSites(players int) []WallSite { return AppendWallSites(nil, players) }

// AppendWallSites appends the wall sites WallSites lists to dst and returns
// the extended slice.
func AppendWallSites(dst []WallSite, players int) []WallSite {
	for w := WallSite(0); w < numWallSites; w++ {
		if w.inGame(players) {
			dst = append(dst, w)
		}
	}
	return dst
}

// sideSites is the number of north (and south) sites for the player count.
func sideSites(players int) int { return 2 * (players - 1) }

func (w WallSite) inGame(players int) bool {
	if players < MinPlayers || players > MaxPlayers || w >= numWallSites {
		return false
	}
	if w >= eastBase {
		return true
	}
	return int(w%southBase) < sideSites(players)
}

// East reports whether w is on the east wall.
func (w WallSite) East() bool { return w >= eastBase && w < numWallSites }

// Row returns the row of an east site, or NoRow for north and south sites.
func (w WallSite) Row() Row {
	if !w.East() {
		return NoRow
	}
	return rowNumbers[int(w-eastBase)+1]
}

// Cost returns the gold a wall tile on w costs: 2 north and south, 4 east
// (0 for a value that is no wall site).
func (w WallSite) Cost() int {
	if w >= numWallSites {
		return 0
	}
	if w.East() {
		return 4
	}
	return 2
}

// String returns the site's name, such as "Nc", "Sd" or "E5".
func (w WallSite) String() string {
	var buf [4]byte
	return string(appendWallSite(buf[:0], w))
}

// ParseWallSite reads a wall site's name as String writes it. Its error
// wraps ErrNotation.
func ParseWallSite(s string) (WallSite, error) {
	for w := WallSite(0); w < numWallSites; w++ {
		if len(s) == len(w.String()) && (s == w.String() || s[0]-'a'+'A' == w.String()[0] && s[1:] == w.String()[1:]) {
			return w, nil
		}
	}
	return NoWallSite, fmt.Errorf("%w wall site %s", ErrNotation, quoteInput(s))
}

// adjacentOK reports whether w is next to a gate or to a built wall tile
// along its wall.
func (g *Game) wallAdjacent(w WallSite) bool {
	built := func(x int) bool { return g.wall[x] != 0 }
	if w.East() {
		e := int(w - eastBase)
		return e == 0 || e == numEastSites-1 || built(int(w)-1) || built(int(w)+1)
	}
	base := 0
	if w >= southBase {
		base = southBase
	}
	k, last := int(w)-base, sideSites(int(g.n))-1
	return k == last || (k > 0 && built(int(w)-1)) || (k < last && built(int(w)+1))
}

func (g *Game) checkWall(w WallSite) Reason {
	if g.builds >= 2 {
		return ReasonBuildLimit
	}
	if !w.inGame(int(g.n)) {
		return ReasonNotAWallSite
	}
	if g.wall[w] != 0 {
		return ReasonWallSiteBuilt
	}
	if !g.wallAdjacent(w) {
		return ReasonWallNotAdjacent
	}
	if g.wallBuilt[g.active] >= WallTilesPerPlayer {
		return ReasonNoWallTiles
	}
	if int(g.gold[g.active]) < w.Cost() {
		return ReasonCannotPayWall
	}
	return NoReason
}

// appendWalls appends the legal wall tiles, in the order of the sites. It
// decides checkWall for all sites at once, on bit sets of the sites (bit w
// for site w).
func (g *Game) appendWalls(dst []Move) []Move {
	a := g.active
	if g.builds >= 2 || g.wallBuilt[a] >= WallTilesPerPlayer || g.gold[a] < 2 {
		return dst // no site can be built: checkWall refuses them all
	}
	n := int(g.n)
	if n < MinPlayers || n > MaxPlayers {
		return dst
	}
	w := &g.wall
	built := nonzeroFlags(binary.LittleEndian.Uint64(w[:])) |
		nonzeroFlags(binary.LittleEndian.Uint64(w[8:]))<<8 |
		nonzeroFlags(uint64(binary.LittleEndian.Uint32(w[16:])))<<16
	// The sites next to a gate: the last north and south sites, the first
	// and last east sites (wallAdjacent).
	last := uint64(sideSites(n) - 1)
	gates := uint64(1)<<last | 1<<(southBase+last) | 1<<eastBase | 1<<(numWallSites-1)
	// A site is next to a built one on its wall: a neighbour's bit shifted
	// onto it, but not across the end of a wall (onto a first site from
	// the west, or onto the site before a first site from the east).
	const firsts = 1 | 1<<southBase | 1<<eastBase
	adjacent := gates | built<<1&^firsts | built>>1&^(firsts>>1)
	ok := wallSitesIn[n] &^ built & adjacent
	if g.gold[a] < 4 {
		ok &= 1<<eastBase - 1 // only the 2-gold sites
	}
	for ; ok != 0; ok &= ok - 1 {
		// A zero move, then its fields: a move built whole on the stack
		// would be copied from there just after being written, which
		// stalls (see appendOnSquares).
		dst = append(dst, Move{})
		m := &dst[len(dst)-1]
		m.Kind, m.Site = BuildWall, WallSite(bits.TrailingZeros64(ok))
	}
	return dst
}

// wallSitesIn[n] has bit w set for each site w of an n-player game.
var wallSitesIn = func() (t [MaxPlayers + 1]uint64) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for w := WallSite(0); w < numWallSites; w++ {
			if w.inGame(n) {
				t[n] |= 1 << w
			}
		}
	}
	return t
}()

// WallTower reports whether wall tile number t (1–9) is a tower.
func WallTower(t int) bool { return t == 3 || t == 6 || t == 9 }

// WallReward returns the influence cards wall tile number t draws: 1 for
// tiles 1, 2, 4; 2 for 5, 7, 8; 0 for the towers 3, 6, 9 (and any other t).
func WallReward(t int) int {
	switch t {
	case 1, 2, 4:
		return 1
	case 5, 7, 8:
		return 2
	}
	return 0
}

func (g *Game) applyWall(w WallSite) {
	a := int(g.active)
	g.gold[a] -= uint8(w.Cost())
	g.bank += uint8(w.Cost())
	g.wallBuilt[a]++
	t := int(g.wallBuilt[a])
	g.wall[w] = uint8((a+1)<<4 | t)
	if WallTower(t) {
		g.gainCube(a)
	}
	for i := 0; i < WallReward(t); i++ {
		g.drawInfluence(a)
	}
	g.afterBuild()
}

// Wall returns who built wall site w and the number of the tile there, or
// NoPlayer and 0 if w is not built (or not a site of this game). A tile
// numbered 3, 6 or 9 is a tower with its owner's cube.
func (g *Game) Wall(w WallSite) (Player, int) {
	if !w.inGame(int(g.n)) || g.wall[w] == 0 {
		return NoPlayer, 0
	}
	return Player(g.wall[w]>>4 - 1), int(g.wall[w] & 15)
}

// WallTilesLeft returns how many tiles are left in player p's wall stack.
// The top tile's number is WallTilesPerPlayer - WallTilesLeft(p) + 1.
func (g *Game) WallTilesLeft(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return WallTilesPerPlayer - int(g.wallBuilt[p])
}

// towers counts player p's wall towers.
func (g *Game) towers(p int) int {
	n := 0
	for _, v := range g.wall {
		if v != 0 && int(v>>4)-1 == p && WallTower(int(v&15)) {
			n++
		}
	}
	return n
}

// validateWalls is Validate's check of the walls: wall tiles only on the
// sites in play, on chains from the gates, and each player's numbered
// 1 to the count built, once each.
func (g *Game) validateWalls() error {
	n := int(g.n)
	var wallTiles [MaxPlayers]uint16
	for w := WallSite(0); w < numWallSites; w++ {
		v := g.wall[w]
		if v == 0 {
			continue
		}
		p, t := int(v>>4)-1, int(v&15)
		if !w.inGame(n) || p < 0 || p >= n || t < 1 || t > int(g.wallBuilt[p]) || wallTiles[p]&(1<<t) != 0 {
			return invalidState("wall site %v holds tile %d of seat %d", w, t, p)
		}
		wallTiles[p] |= 1 << t
		if !g.wallChained(w) {
			return invalidState("wall tile on %v is not on a chain from a gate", w)
		}
	}
	for p := 0; p < n; p++ {
		if g.wallBuilt[p] > WallTilesPerPlayer || wallTiles[p] != uint16(1<<(g.wallBuilt[p]+1)-2) {
			return invalidState("player %d built %d wall tiles but the wall shows others", p, g.wallBuilt[p])
		}
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
