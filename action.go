package elasund

import (
	"slices"
	"sync"
)

// A fixed integer action space: every move the rules can allow has one
// index, for bots that choose among a fixed number of actions (neural
// networks, tabular learners).

// NumActions is the size of the fixed integer action space. Every move the
// rules can allow has exactly one index in [0, NumActions) (Move.Index),
// whatever the position, the player count and the rule options, and every
// index names one well-formed move (MoveFromIndex). The indices run by
// kind, in MoveKind order (ActionRange gives each kind's range):
//
//	kind              count  index within the kind
//	Roll                 37  0 the plain roll; 1+6(a−1)+(b−1) the forced dice a, b
//	Steer                10  the target row, north (2) to south (12)
//	Pirates              10  the row, north to south
//	Discard             714  every 1–9 cards: gold, blue, green, yellow counts
//	ReturnInfluence    1371  every 1–19 influence cards, at most 13 of a colour
//	Build              2156  house, workshop, well, market, tavern, shop, large;
//	                         then the north-west square, row by row, among those
//	                         where the building fits the 4-player board; then
//	                         Pay: none, blue, green, yellow
//	BuildWall            20  the site: Nc–Nh, Sc–Sh, E3–E11
//	BuildChurch           1
//	KeepChurchTile        9  the tile, 1–9
//	Rebuild             144  the hut on each of the 76 squares that are never a
//	                         trade field (all but column a, f2, f12, h2, h12),
//	                         then the totem on each of the 68 north squares of
//	                         two such squares, one above the other
//	EndBuilding           1
//	PlacePermit        1800  (value·90 + square)·4 + Pay (none, blue, green, yellow)
//	TakeGold              1
//	MovePermit        24030  (From·89 + target, skipping From)·3 + Pay (blue, green, yellow)
//	UpgradePermit      1080  (square·4 + new value − 1)·3 + Pay
//	BonusPermit         450  value·90 + square
//	BonusGold             1
//	EndTurn               1
//	DeclineRebuild        2  hut, totem
//
// Squares count from a2 (0) row by row to i12 (89). The bounds come from
// the rules: a player discards one card per cube in the pirates' row, and
// while the game goes on nobody has placed all ten cubes, so at most 9; a
// shortage return is half of at most 39 influence cards, so at most 19,
// and at most 13 of a colour. MovePermit names the permit by its square,
// which makes it the largest kind.
const NumActions = rollActions + 2*NumRows + discardActions + returnActions + buildActions +
	numWallSites + 1 + ChurchTiles + rebuildActions + 1 + placePermitActions + 1 +
	movePermitActions + upgradeActions + bonusPermitActions + 1 + 1 + 2

// Sizes of the kinds' index ranges (see NumActions).
const (
	rollActions        = 1 + 6*6
	maxDiscard         = CubesPerPlayer - 1      // cards a player can owe the pirates
	discardActions     = 714                     // 4-tuples with sum 1–9: C(13,4) − 1
	maxReturn          = TotalInfluenceCards / 2 // influence cards a shortage can take
	returnActions      = 1371                    // 3-tuples of 0–13 with sum 1–19
	buildActions       = 4 * 539                 // pays × origins (80+81+90+80+72+72+64)
	rebuildActions     = 76 + 68                 // hut squares + totem squares
	placePermitActions = PermitsPerPlayer * NumSquares * 4
	movePermitActions  = NumSquares * (NumSquares - 1) * 3
	upgradeActions     = NumSquares * (PermitsPerPlayer - 1) * 3
	bonusPermitActions = PermitsPerPlayer * NumSquares
)

// actionCount is each kind's number of indices, in MoveKind order.
var actionCount = [numKinds]int{
	Roll: rollActions, Steer: NumRows, Pirates: NumRows, Discard: discardActions,
	ReturnInfluence: returnActions, Build: buildActions, BuildWall: numWallSites,
	BuildChurch: 1, KeepChurchTile: ChurchTiles, Rebuild: rebuildActions, EndBuilding: 1,
	PlacePermit: placePermitActions, TakeGold: 1, MovePermit: movePermitActions,
	UpgradePermit: upgradeActions, BonusPermit: bonusPermitActions, BonusGold: 1,
	EndTurn: 1, DeclineRebuild: 2,
}

// actionTables holds the index tables of the kinds whose ranges are not a
// plain product. It is built once, when the package is initialized, and
// only read afterwards.
type actionTables struct {
	first       [numKinds + 1]int // first index of each kind; first[numKinds] = NumActions
	discardRank [maxDiscard + 1][maxDiscard + 1][maxDiscard + 1][maxDiscard + 1]int16
	discards    [discardActions]Cards
	returnRank  [InfluencePerColor + 1][InfluencePerColor + 1][InfluencePerColor + 1]int16
	returns     [returnActions]Cards
	buildFirst  [LargeBuilding + 1]int // first index within Build of each building
	rebuildRank [2][NumSquares]int16   // hut, totem; -1 where no rebuild can go
	rebuildSq   [rebuildActions]Square
	rebuildHuts int // the hut's rebuild indices come first
}

var actions = newActionTables()

func newActionTables() *actionTables {
	t := &actionTables{}
	for k := Roll; k < numKinds; k++ {
		t.first[k+1] = t.first[k] + actionCount[k]
	}
	k := 0
	for g := 0; g <= maxDiscard; g++ {
		for b := 0; b <= maxDiscard; b++ {
			for gr := 0; gr <= maxDiscard; gr++ {
				for y := 0; y <= maxDiscard; y++ {
					t.discardRank[g][b][gr][y] = -1
					if s := g + b + gr + y; s >= 1 && s <= maxDiscard && k < discardActions {
						t.discardRank[g][b][gr][y] = int16(k)
						t.discards[k] = Cards{uint8(g), uint8(b), uint8(gr), uint8(y)}
						k++
					}
				}
			}
		}
	}
	k = 0
	for b := 0; b <= InfluencePerColor; b++ {
		for gr := 0; gr <= InfluencePerColor; gr++ {
			for y := 0; y <= InfluencePerColor; y++ {
				t.returnRank[b][gr][y] = -1
				if s := b + gr + y; s >= 1 && s <= maxReturn && k < returnActions {
					t.returnRank[b][gr][y] = int16(k)
					t.returns[k] = Cards{0, uint8(b), uint8(gr), uint8(y)}
					k++
				}
			}
		}
	}
	k = 0
	for b := House; b <= LargeBuilding; b++ {
		t.buildFirst[b] = k
		k += 4 * (NumColumns - b.Width() + 1) * (NumRows - b.Height() + 1)
	}
	k = 0
	for i, b := range [2]Building{Hut, Totem} {
		for s := Square(0); s < NumSquares; s++ {
			t.rebuildRank[i][s] = -1
			if rebuildSquareInSomeGame(b, s) && k < rebuildActions {
				t.rebuildRank[i][s] = int16(k)
				t.rebuildSq[k] = s
				k++
			}
		}
		if b == Hut {
			t.rebuildHuts = k
		}
	}
	return t
}

// rebuildSquareInSomeGame reports whether starter b can be rebuilt with
// its north square at s in a game of some player count: on squares of the
// city that are not trade fields (§6.8).
func rebuildSquareInSomeGame(b Building, s Square) bool {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		ok := InCity(s, n) && TradeValue(s, n) == 0
		if b == Totem {
			below := s + NumColumns
			ok = ok && s.ri()+1 < NumRows && InCity(below, n) && TradeValue(below, n) == 0
		}
		if ok {
			return true
		}
	}
	return false
}

// ActionRange returns the indices of kind k's moves: first, first+1, …,
// first+count−1 (see NumActions). It returns 0, 0 for NoMove and for a
// value that is no kind.
func ActionRange(k MoveKind) (first, count int) {
	if k == NoMove || k >= numKinds {
		return 0, 0
	}
	return actions.first[k], actionCount[k]
}

// Index returns the move's index in the fixed action space, in [0,
// NumActions); MoveFromIndex(m.Index()) returns m. It returns -1 for a move
// that no position of the rules allows, and so has no index: NoMove, a
// field out of range or set where the kind does not use it, forced dice
// outside 1–6, a discard of 0 or more than 9 cards, a return of 0 or more
// than 19 influence cards or of gold, a footprint off the 4-player board,
// a starter rebuilt on a trade field, a permit moved onto its own square,
// and the like. Every move that Legal lists (and every forced roll) has an
// index. Index does not allocate.
func (m Move) Index() int {
	if m.Kind == NoMove || m.Kind >= numKinds || canonical(m) != m {
		return -1
	}
	i := m.index()
	if i < 0 {
		return -1
	}
	return actions.first[m.Kind] + i
}

// index returns m's index within its kind, or -1.
func (m Move) index() int {
	sqOK := m.Square.Valid()
	pay := int(m.Pay)
	switch m.Kind {
	case Roll, Steer, Pirates, Discard, ReturnInfluence:
		return m.rollIndex()
	case Build:
		b := m.Building
		if b < House || b > LargeBuilding || !sqOK || pay > int(InfluenceYellow) {
			return -1
		}
		cols := NumColumns - b.Width() + 1
		if m.Square.col() >= cols || m.Square.ri() >= NumRows-b.Height()+1 {
			return -1
		}
		return actions.buildFirst[b] + 4*(m.Square.ri()*cols+m.Square.col()) + pay
	case BuildWall:
		if m.Site >= numWallSites {
			return -1
		}
		return int(m.Site)
	case KeepChurchTile:
		if m.Tile < 1 || m.Tile > ChurchTiles {
			return -1
		}
		return int(m.Tile) - 1
	case Rebuild:
		if !m.Building.Starter() || !sqOK {
			return -1
		}
		return int(actions.rebuildRank[m.Building-Hut][m.Square])
	case DeclineRebuild:
		if !m.Building.Starter() {
			return -1
		}
		return int(m.Building - Hut)
	case PlacePermit:
		if m.Permit >= PermitsPerPlayer || !sqOK || pay > int(InfluenceYellow) {
			return -1
		}
		return 4*(int(m.Permit)*NumSquares+int(m.Square)) + pay
	case MovePermit:
		if !m.From.Valid() || !sqOK || m.From == m.Square || !m.Pay.valid() {
			return -1
		}
		to := int(m.Square)
		if m.Square > m.From {
			to--
		}
		return 3*(int(m.From)*(NumSquares-1)+to) + pay - 1
	case UpgradePermit:
		if m.Permit < 1 || m.Permit >= PermitsPerPlayer || !sqOK || !m.Pay.valid() {
			return -1
		}
		return 3*(int(m.Square)*(PermitsPerPlayer-1)+int(m.Permit)-1) + pay - 1
	case BonusPermit:
		if m.Permit >= PermitsPerPlayer || !sqOK {
			return -1
		}
		return int(m.Permit)*NumSquares + int(m.Square)
	}
	return 0 // the kinds with one move and no field
}

// rollIndex is index for the moves of the roll and what follows it:
// Roll, Steer, Pirates, Discard and ReturnInfluence.
func (m Move) rollIndex() int {
	switch m.Kind {
	case Roll:
		d := m.Dice
		if d == [2]uint8{} {
			return 0
		}
		if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
			return -1
		}
		return 1 + 6*int(d[0]-1) + int(d[1]-1)
	case Steer, Pirates:
		return m.Row.idx()
	case Discard:
		c := m.Cards
		if c.Total() > maxDiscard {
			return -1
		}
		return int(actions.discardRank[c.Gold][c.Blue][c.Green][c.Yellow])
	default: // ReturnInfluence
		c := m.Cards
		if c.Blue > InfluencePerColor || c.Green > InfluencePerColor || c.Yellow > InfluencePerColor {
			return -1
		}
		return int(actions.returnRank[c.Blue][c.Green][c.Yellow])
	}
}

// MoveFromIndex returns the move with index i in the fixed action space
// (see NumActions), or an error wrapping ErrActionIndex for i outside [0,
// NumActions). It is the inverse of Move.Index and does not allocate.
func MoveFromIndex(i int) (Move, error) {
	if i < 0 || i >= NumActions {
		return Move{}, ErrActionIndex
	}
	k := Roll
	for actions.first[k+1] <= i {
		k++
	}
	i -= actions.first[k]
	m := Move{Kind: k}
	switch k {
	case Roll:
		if i > 0 {
			m.Dice = [2]uint8{uint8((i-1)/6 + 1), uint8((i-1)%6 + 1)}
		}
	case Steer, Pirates:
		m.Row = rowNumbers[i]
	case Discard:
		m.Cards = actions.discards[i]
	case ReturnInfluence:
		m.Cards = actions.returns[i]
	case Build:
		b := LargeBuilding
		for actions.buildFirst[b] > i {
			b--
		}
		i -= actions.buildFirst[b]
		cols := NumColumns - b.Width() + 1
		o := i / 4
		m.Building, m.Square, m.Pay = b, sq(o%cols, o/cols), InfluenceColor(i%4)
	case BuildWall:
		m.Site = WallSite(i)
	case KeepChurchTile:
		m.Tile = ChurchTile(i + 1)
	case Rebuild:
		m.Building = Hut
		if i >= actions.rebuildHuts {
			m.Building = Totem
		}
		m.Square = actions.rebuildSq[i]
	case DeclineRebuild:
		m.Building = Hut + Building(i)
	case PlacePermit:
		m.Permit, m.Square, m.Pay = uint8(i/4/NumSquares), Square(i/4%NumSquares), InfluenceColor(i%4)
	case MovePermit:
		m.Pay = InfluenceColor(i%3 + 1)
		i /= 3
		m.From = Square(i / (NumSquares - 1))
		to := i % (NumSquares - 1)
		if to >= int(m.From) {
			to++
		}
		m.Square = Square(to)
	case UpgradePermit:
		m.Pay = InfluenceColor(i%3 + 1)
		i /= 3
		m.Square, m.Permit = Square(i/(PermitsPerPlayer-1)), uint8(i%(PermitsPerPlayer-1)+1)
	case BonusPermit:
		m.Permit, m.Square = uint8(i/NumSquares), Square(i%NumSquares)
	}
	return m, nil
}

// maxLegal bounds the number of legal moves of any position: the most come
// in phase 3 (5 permits × 90 squares × 4 ways to pay, and take gold) and
// in phase 4 (5 permits moved to 89 squares × 3 colours, upgrades, bonus
// permits). AppendLegalMask and AppendLegalIndices list moves into a buffer of
// this size from legalBuffers; a larger list would only cost an allocation.
const maxLegal = 2048

// legalBuffers holds buffers of maxLegal moves for AppendLegalMask and
// AppendLegalIndices. A buffer on the stack would do without it, but Go
// clears a stack array on every call: 32 KB, some 2 µs, when most
// positions have a few legal moves.
var legalBuffers = sync.Pool{New: func() any { return new([maxLegal]Move) }}

// AppendLegalMask appends NumActions booleans to dst, true exactly at the
// indices of the legal moves that Legal lists, and returns the extended
// slice: mask := g.AppendLegalMask(mask[:0]) reuses a buffer, and does not
// allocate when its capacity suffices. Forced rolls, which Legal does not
// list, are not marked.
func (g *Game) AppendLegalMask(dst []bool) []bool {
	dst, mask := growMask(dst)
	buf := legalBuffers.Get().(*[maxLegal]Move)
	for _, m := range g.AppendLegal(buf[:0]) {
		if i := m.Index(); i >= 0 {
			mask[i] = true
		}
	}
	legalBuffers.Put(buf)
	return dst
}

// growMask appends NumActions false values to dst and returns the
// extended slice and its new part.
func growMask(dst []bool) (all, mask []bool) {
	n := len(dst)
	dst = slices.Grow(dst, NumActions)[:n+NumActions]
	mask = dst[n:]
	clear(mask)
	return dst, mask
}

// AppendLegalIndices appends the action indices of the legal moves, in
// Legal's order, to dst and returns the extended slice; with a buffer of
// sufficient capacity it does not allocate.
func (g *Game) AppendLegalIndices(dst []int) []int {
	buf := legalBuffers.Get().(*[maxLegal]Move)
	for _, m := range g.AppendLegal(buf[:0]) {
		if i := m.Index(); i >= 0 {
			dst = append(dst, i)
		}
	}
	legalBuffers.Put(buf)
	return dst
}
