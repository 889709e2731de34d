package elasund

import (
	"math/bits"
	"slices"
)

// Permits (RULES.md §5) and the permit bonus actions (§10).

// Cell codes of Game.cell besides building pieces (1..numPieces).
const (
	cellChurch = 0x40 // | tile number
	cellPermit = 0x80 // | seat<<3 | value
)

func permitCell(p, v int) uint8 { return uint8(cellPermit | p<<3 | v) }

func permitOf(v uint8) (p, val int) { return int(v>>3) & 3, int(v & 7) }

// isEmpty reports whether s is an empty square (§5): inside the city, with
// no building, permit or church tile, and not the church foundation c8
// before the first church tile.
func (g *Game) isEmpty(s Square) bool {
	return s < NumSquares && g.cell[s] == 0 && cityBoard(int(g.n)).has(s) &&
		(s != ChurchFoundation || g.churchOrigin != NoSquare)
}

// emptySquares returns the empty squares (isEmpty) as a set, from the
// cache g.occ.
func (g *Game) emptySquares() bitboard {
	empty := cityBoard(int(g.n)).andNot(g.occ.full())
	if g.churchOrigin == NoSquare {
		empty = empty.andNot(foundationBoard)
	}
	return empty
}

// rowBoards[ri] is the set of the squares of the row of index ri.
var rowBoards = func() (t [NumRows]bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		t[s.ri()].add(s)
	}
	return t
}()

// IsEmpty reports whether s is an empty square (RULES.md §5): inside the
// city, with no building, permit or church tile, and not the church
// foundation c8 before the first church tile. Squares of the church area
// between church tiles are empty.
func (g *Game) IsEmpty(s Square) bool { return g.isEmpty(s) }

// PermitRows returns the rows where the active player may place a permit in
// phase 3 without paying influence: the ship's row if it has an empty
// square; else the nearest row above and the nearest row below that have
// one (RULES.md §5, interpretation 1); or, with the rule option
// AdjacentPermitRows (§12, the English edition), only the row directly
// above and the row directly below, where it has one (the rows next to 6
// are 5 and 8). It is empty when none qualifies: then only the placement
// paid with 2 influence of one colour remains.
func (g *Game) PermitRows() []Row { return g.AppendPermitRows(nil) }

// AppendPermitRows appends the rows PermitRows lists to dst and returns the
// extended slice.
func (g *Game) AppendPermitRows(dst []Row) []Row {
	mask := g.permitRows()
	for i, r := range rowNumbers {
		if mask&(1<<i) != 0 {
			dst = append(dst, r)
		}
	}
	return dst
}

// openRows returns the rows (as a bit mask of row indexes) that have an
// empty square.
func (g *Game) openRows() uint16 { return openRowsOf(g.emptySquares()) }

// openRowsOf returns the rows (as a bit mask of row indexes) that have a
// square of the set empty.
func openRowsOf(empty bitboard) uint16 {
	var open uint16
	for ri := range rowBoards {
		if !empty.and(rowBoards[ri]).none() {
			open |= 1 << ri
		}
	}
	return open
}

// rowsBoard returns the squares of the rows of mask (a bit mask of row
// indexes).
func rowsBoard(mask uint16) bitboard {
	var b bitboard
	for ; mask != 0; mask &= mask - 1 {
		b = b.or(rowBoards[bits.TrailingZeros16(mask)%NumRows])
	}
	return b
}

// permitRows is PermitRows as a bit mask of row indexes.
func (g *Game) permitRows() uint16 { return g.permitRowsOf(g.emptySquares()) }

// permitRowsOf is permitRows when empty is the set of empty squares
// (emptySquares).
func (g *Game) permitRowsOf(empty bitboard) uint16 {
	ship := g.ship.idx()
	if ship < 0 {
		return 0
	}
	if !empty.and(rowBoards[ship%NumRows]).none() {
		return 1 << ship
	}
	open := openRowsOf(empty)
	if g.rules.Has(AdjacentPermitRows) {
		// Row indexes skip the missing row 7, so the rows next to the
		// ship's are the indexes next to its own (below row 12 is no
		// index of an open row).
		adjacent := uint16(1) << (ship + 1)
		if ship > 0 {
			adjacent |= 1 << (ship - 1)
		}
		return open & adjacent
	}
	var mask uint16
	for ri := ship - 1; ri >= 0; ri-- {
		if open&(1<<ri) != 0 {
			mask |= 1 << ri
			break
		}
	}
	for ri := ship + 1; ri < NumRows; ri++ {
		if open&(1<<ri) != 0 {
			mask |= 1 << ri
			break
		}
	}
	return mask
}

// checkPermitSupply checks that the active player holds permit v.
func (g *Game) checkPermitSupply(v uint8) Reason {
	if v >= PermitsPerPlayer {
		return ReasonNotAPermitValue
	}
	if g.permitSq[g.active][v] != inSupply {
		return ReasonPermitNotInSupply
	}
	return NoReason
}

// checkPay2 checks a payment of 2 influence cards of colour c.
func (g *Game) checkPay2(c InfluenceColor) Reason {
	if !c.valid() {
		return ReasonNotAnInfluenceColor
	}
	if g.infl[g.active][c-1] < 2 {
		return ReasonCannotPayTwoInfluence
	}
	return NoReason
}

// checkPlacePermit checks a phase-3 permit placement.
func (g *Game) checkPlacePermit(m *Move) Reason {
	if r := g.checkPermitSupply(m.Permit); r != NoReason {
		return r
	}
	if !g.isEmpty(m.Square) {
		return ReasonSquareNotEmpty
	}
	if m.Pay == NoInfluence {
		// An empty square in the ship's row makes it the permit row.
		if ri := m.Square.ri(); ri != g.ship.idx() && g.permitRows()&(1<<ri) == 0 {
			return g.permitRowReason()
		}
	} else if r := g.checkPay2(m.Pay); r != NoReason {
		return r
	}
	if g.gold[g.active] < m.Permit {
		return ReasonCannotPayPermit
	}
	return NoReason
}

// permitRowReason says why a free placement outside permitRows() is
// refused: under AdjacentPermitRows, once the ship's row is full (§12), only
// the adjacent rows are free and beyond them only a paid placement; else
// the rule of §5.
func (g *Game) permitRowReason() Reason {
	if ship := g.ship.idx(); g.rules.Has(AdjacentPermitRows) && ship >= 0 && g.openRows()&(1<<ship) == 0 {
		return ReasonPermitRowAdjacent
	}
	return ReasonPermitRow
}

// appendPermits appends the legal permit placements of phase 3 (§5): by
// permit value, then by square, then free (no influence) before paid with
// 2 influence of each colour the player holds twice. A permit the player
// holds and can pay for goes free on the empty squares of the permit rows
// and paid on every empty square.
func (g *Game) appendPermits(dst []Move) []Move {
	a := g.active % MaxPlayers
	gold := g.gold[a]
	empty := g.emptySquares()
	free := empty.and(rowsBoard(g.permitRowsOf(empty)))
	var pays [3]InfluenceColor
	np := g.colorsPaying2(&pays)
	first := -1 // where the first listed permit's moves start in dst
	for v := uint8(0); v < PermitsPerPlayer && v <= gold; v++ {
		if g.permitSq[a][v] != inSupply {
			continue
		}
		if first >= 0 {
			// The same squares and payments as the first permit listed:
			// copy its moves and give them this permit's value.
			n := len(dst)
			dst = append(dst, dst[first:n]...)
			blk := dst[n:] // (so that the loop has no bounds check)
			for i := range blk {
				blk[i].Permit = v
			}
			first = n
			continue
		}
		first = len(dst)
		tmpl := &placeMoves[v]
		if np == 0 {
			dst = appendOnSquares(dst, free, tmpl[:1])
			continue
		}
		n := len(dst)
		k := free.count() + empty.count()*np
		dst = slices.Grow(dst, k)[:n+k]
		out := dst[n:]
		var row [3]Move // the paid moves of one square, by colour
		for i, pay := range pays[:np] {
			row[i] = tmpl[pay%(InfluenceYellow+1)]
		}
		paid := row[:np]
		j := 0
		for w, x := range [2]uint64{empty.lo, empty.hi} {
			fw := free.lo
			if w == 1 {
				fw = free.hi
			}
			for ; x != 0; x &= x - 1 {
				i := bits.TrailingZeros64(x)
				s := Square(64*w + i)
				if fw>>i&1 != 0 {
					out[j] = tmpl[0]
					out[j].Square = s
					j++
				}
				for k := range paid {
					out[j] = paid[k]
					out[j].Square = s
					j++
				}
			}
		}
	}
	return dst
}

// placeMoves[v][pay] is the PlacePermit move of permit v paid with
// influence colour pay, with no square yet: the templates of
// appendPermits.
var placeMoves = func() (t [PermitsPerPlayer][InfluenceYellow + 1]Move) {
	for v := range t {
		for pay := range t[v] {
			t[v][pay] = Move{Kind: PlacePermit, Permit: uint8(v), Pay: InfluenceColor(pay)}
		}
	}
	return t
}()

// appendOnSquares appends, for each square of set in square order, the
// moves of tmpl with that square as their Square.
//
// (Each move is copied from tmpl, which does not change, straight into
// dst, and then given its square there: a move is too large for the
// compiler to keep in registers, and copying one that was just written, as
// append does through a temporary, stalls the copy.)
func appendOnSquares(dst []Move, set bitboard, tmpl []Move) []Move {
	n := len(dst)
	k := set.count() * len(tmpl)
	dst = slices.Grow(dst, k)[:n+k]
	out := dst[n:]
	j := 0
	if len(tmpl) == 1 { // the usual case, without the inner loop
		// The squares of each word of set in turn: no test of which word
		// a square is in.
		t := &tmpl[0]
		for x := set.lo; x != 0 && j < len(out); x &= x - 1 {
			out[j] = *t
			out[j].Square = Square(bits.TrailingZeros64(x))
			j++
		}
		for x := set.hi; x != 0 && j < len(out); x &= x - 1 {
			out[j] = *t
			out[j].Square = Square(64 + bits.TrailingZeros64(x))
			j++
		}
		return dst
	}
	for w, x := range [2]uint64{set.lo, set.hi} {
		for ; x != 0; x &= x - 1 {
			s := Square(64*w + bits.TrailingZeros64(x))
			for i := range tmpl {
				out[j] = tmpl[i]
				out[j].Square = s
				j++
			}
		}
	}
	return dst
}

// colorsPaying2 writes into dst the influence colours of which the active
// player holds at least 2, in the order blue, green, yellow, and returns how
// many.
func (g *Game) colorsPaying2(dst *[3]InfluenceColor) int {
	n := 0
	h := &g.infl[g.active%MaxPlayers]
	for i, k := range h {
		if k >= 2 {
			dst[n] = InfluenceBlue + InfluenceColor(i)
			n++
		}
	}
	return n
}

// placePermit puts the active player's permit v on s, paying gold.
func (g *Game) placePermit(v uint8, s Square) {
	a := int(g.active)
	g.gold[a] -= v
	g.bank += v
	g.permitSq[a][v] = s
	g.setCell(s, permitCell(a, int(v)))
}

// pay spends n influence cards of colour c of the active player.
func (g *Game) payInfluence(c InfluenceColor, n uint8) {
	g.infl[g.active][c-1] -= n
	g.discard[c-1] += n
}

func (g *Game) applyPlacePermit(m Move) {
	if m.Pay != NoInfluence {
		g.payInfluence(m.Pay, 2)
	}
	g.placePermit(m.Permit, m.Square)
	g.phase = PhaseBonus
}

// ownPermitAt returns the value of the active player's permit on s, or -1.
func (g *Game) ownPermitAt(s Square) int {
	if !s.Valid() {
		return -1
	}
	v := g.cell[s]
	if v&cellPermit == 0 {
		return -1
	}
	p, val := permitOf(v)
	if p != int(g.active) {
		return -1
	}
	return val
}

func (g *Game) checkMovePermit(m *Move) Reason {
	if g.ownPermitAt(m.From) < 0 {
		return ReasonNoPermitToMove
	}
	if !g.isEmpty(m.Square) {
		return ReasonSquareNotEmpty
	}
	return g.checkPay2(m.Pay)
}

func (g *Game) applyMovePermit(m Move) {
	v := g.ownPermitAt(m.From)
	g.payInfluence(m.Pay, 2)
	g.setCell(m.From, 0)
	g.setCell(m.Square, permitCell(int(g.active), v))
	g.permitSq[g.active][v] = m.Square
	g.endTurn()
}

func (g *Game) checkUpgradePermit(m *Move) Reason {
	old := g.ownPermitAt(m.Square)
	if old < 0 {
		return ReasonNoPermitToUpgrade
	}
	if m.Permit >= PermitsPerPlayer {
		return ReasonNotAPermitValue
	}
	if int(m.Permit) <= old || g.permitSq[g.active][m.Permit] != inSupply {
		return ReasonUpgradeValue
	}
	if r := g.checkPay2(m.Pay); r != NoReason {
		return r
	}
	if int(g.gold[g.active]) < int(m.Permit)-old {
		return ReasonCannotPayUpgrade
	}
	return NoReason
}

func (g *Game) applyUpgradePermit(m Move) {
	a := int(g.active)
	old := g.ownPermitAt(m.Square)
	diff := m.Permit - uint8(old)
	g.payInfluence(m.Pay, 2)
	g.gold[a] -= diff
	g.bank += diff
	g.permitSq[a][old] = inSupply
	g.permitSq[a][m.Permit] = m.Square
	g.setCell(m.Square, permitCell(a, int(m.Permit)))
	g.endTurn()
}

// hasThreeColors reports whether the active player holds an influence card
// of each colour.
func (g *Game) hasThreeColors() bool {
	h := g.infl[g.active]
	return h[0] > 0 && h[1] > 0 && h[2] > 0
}

// payThreeColors spends one influence card of each colour.
func (g *Game) payThreeColors() {
	for c := range g.infl[g.active] {
		g.infl[g.active][c]--
		g.discard[c]++
	}
}

func (g *Game) checkBonusPermit(m *Move) Reason {
	if r := g.checkPermitSupply(m.Permit); r != NoReason {
		return r
	}
	if !g.isEmpty(m.Square) {
		return ReasonSquareNotEmpty
	}
	if !g.hasThreeColors() {
		return ReasonCannotPayThreeColors
	}
	if g.gold[g.active] < m.Permit {
		return ReasonCannotPayPermit
	}
	return NoReason
}

func (g *Game) applyBonusPermit(m Move) {
	g.payThreeColors()
	g.placePermit(m.Permit, m.Square)
	g.endTurn()
}

// appendBonus appends the legal bonus actions other than EndTurn (§10), in
// this order: moving a permit (by the permit's value, then by the square
// it goes to, then by the colour paid), upgrading one (by its value, then
// by the new value, then by the colour), placing a permit for three
// colours (by value, then by square), taking gold for three colours.
func (g *Game) appendBonus(dst []Move) []Move {
	var pays [3]InfluenceColor
	np := g.colorsPaying2(&pays)
	three := g.hasThreeColors()
	if np == 0 && !three {
		return dst
	}
	empty := g.emptySquares()
	if np > 0 {
		dst = g.appendMovePermits(dst, empty, pays[:np])
		dst = g.appendUpgradePermits(dst, pays[:np])
	}
	if three {
		dst = g.appendBonusPermits(dst, empty)
		dst = append(dst, Move{Kind: BonusGold})
	}
	return dst
}

// appendMovePermits appends the moves of any of the active player's
// permits on the board to any empty square, paying each of pays.
func (g *Game) appendMovePermits(dst []Move, empty bitboard, pays []InfluenceColor) []Move {
	own := &g.permitSq[g.active%MaxPlayers]
	// The squares and payments are the same for every permit, so the
	// moves of the first are copied for the others, with their own From.
	first := -1
	for v := range own {
		from := own[v]
		if !from.Valid() {
			continue
		}
		n := len(dst)
		if first >= 0 {
			dst = append(dst, dst[first:n]...)
			blk := dst[n:] // (so that the loop has no bounds check)
			for i := range blk {
				blk[i].From = from
			}
			first = n
			continue
		}
		first = n
		var tmpl [3]Move
		for i, pay := range pays {
			tmpl[i] = Move{Kind: MovePermit, From: from, Pay: pay}
		}
		dst = appendOnSquares(dst, empty, tmpl[:len(pays)])
	}
	return dst
}

// appendUpgradePermits appends the upgrades of any of the active player's
// permits on the board for a higher one in supply that the player can pay
// the difference for, paying each of pays.
func (g *Game) appendUpgradePermits(dst []Move, pays []InfluenceColor) []Move {
	a := g.active % MaxPlayers
	own := &g.permitSq[a]
	gold := int(g.gold[a])
	for v := range own {
		at := own[v]
		if !at.Valid() {
			continue
		}
		for nv := v + 1; nv < PermitsPerPlayer && nv-v <= gold; nv++ {
			if own[nv] != inSupply {
				continue
			}
			for _, pay := range pays {
				dst = append(dst, Move{}) // see appendWalls
				m := &dst[len(dst)-1]
				m.Kind, m.Square, m.Permit, m.Pay = UpgradePermit, at, uint8(nv), pay
			}
		}
	}
	return dst
}

// appendBonusPermits appends the placings, for three colours, of any of the
// active player's permits in supply that the player can pay for on any
// empty square.
func (g *Game) appendBonusPermits(dst []Move, empty bitboard) []Move {
	a := g.active % MaxPlayers
	own := &g.permitSq[a]
	gold := int(g.gold[a])
	// The moves of the first are copied for the others, as in
	// appendMovePermits.
	first := -1
	for v := 0; v < PermitsPerPlayer && v <= gold; v++ {
		if own[v] != inSupply {
			continue
		}
		n := len(dst)
		if first >= 0 {
			dst = append(dst, dst[first:n]...)
			blk := dst[n:] // (so that the loop has no bounds check)
			for i := range blk {
				blk[i].Permit = uint8(v)
			}
			first = n
			continue
		}
		first = n
		tmpl := [1]Move{{Kind: BonusPermit, Permit: uint8(v)}}
		dst = appendOnSquares(dst, empty, tmpl[:])
	}
	return dst
}

// PermitSquare returns where player p's permit of the given value lies: a
// square, or InSupply. It returns NoSquare when p is no player of the game
// or value is not a permit's value (0 to 4).
func (g *Game) PermitSquare(p Player, value int) Square {
	if !g.valid(p) || value < 0 || value >= PermitsPerPlayer {
		return NoSquare
	}
	return g.permitSq[p][value]
}

// PermitsInSupply returns the values of the permits in player p's supply, in
// increasing order, in a new slice (nil for none).
func (g *Game) PermitsInSupply(p Player) []int { return g.AppendPermitsInSupply(nil, p) }

// AppendPermitsInSupply appends the values PermitsInSupply lists to dst and
// returns the extended slice.
func (g *Game) AppendPermitsInSupply(dst []int, p Player) []int {
	if !g.valid(p) {
		return dst
	}
	for v, s := range g.permitSq[p] {
		if s == inSupply {
			dst = append(dst, v)
		}
	}
	return dst
}

// validatePermits is Validate's check of the permits: each one on the board
// is a playing seat's, on the square that holds it.
func (g *Game) validatePermits() error {
	n := int(g.n)
	for p := 0; p < MaxPlayers; p++ {
		for v, s := range g.permitSq[p] {
			if s == inSupply {
				continue
			}
			if p >= n || !s.Valid() || g.cell[s] != permitCell(p, v) {
				return invalidState("permit %d of seat %d at %v is not on the board there", v, p, s)
			}
		}
	}
	return nil
}
