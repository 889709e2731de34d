package elasund

// The reference generator's permit moves (phases 3 and 4): the code of
// permits.go and cards.go as it was before the second part of issue 11
// (speed), copied here unchanged but for the names, so that the fast
// generator is compared with it (TestLegalMatchesReference) and timed
// beside it (BenchmarkLegalReference). It scans every square of the board
// for every candidate and checks each move in full.

func refOpenRows(g *Game) uint16 {
	var open uint16
	cols := CityColumns(int(g.n))
	for ri := 0; ri < NumRows; ri++ {
		for c := 0; c < cols; c++ {
			if refIsEmpty(g, sq(c, ri)) {
				open |= 1 << ri
				break
			}
		}
	}
	return open
}

func refPermitRows(g *Game) uint16 {
	ship := g.ship.idx()
	if ship < 0 {
		return 0
	}
	open := refOpenRows(g)
	if open&(1<<ship) != 0 {
		return 1 << ship
	}
	if g.rules.Has(AdjacentPermitRows) {
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

func refCheckPermitSupply(g *Game, v uint8) Reason {
	if v >= PermitsPerPlayer {
		return ReasonNotAPermitValue
	}
	if g.permitSq[g.active][v] != inSupply {
		return ReasonPermitNotInSupply
	}
	return NoReason
}

func refCheckPay2(g *Game, c InfluenceColor) Reason {
	if !c.valid() {
		return ReasonNotAnInfluenceColor
	}
	if g.infl[g.active][c-1] < 2 {
		return ReasonCannotPayTwoInfluence
	}
	return NoReason
}

func refCheckPlacePermit(g *Game, m Move, rows uint16) Reason {
	if r := refCheckPermitSupply(g, m.Permit); r != NoReason {
		return r
	}
	if !refIsEmpty(g, m.Square) {
		return ReasonSquareNotEmpty
	}
	if m.Pay == NoInfluence {
		if rows&(1<<m.Square.ri()) == 0 {
			return refPermitRowReason(g)
		}
	} else if r := refCheckPay2(g, m.Pay); r != NoReason {
		return r
	}
	if g.gold[g.active] < m.Permit {
		return ReasonCannotPayPermit
	}
	return NoReason
}

func refPermitRowReason(g *Game) Reason {
	if ship := g.ship.idx(); g.rules.Has(AdjacentPermitRows) && ship >= 0 && refOpenRows(g)&(1<<ship) == 0 {
		return ReasonPermitRowAdjacent
	}
	return ReasonPermitRow
}

func refAppendPermits(g *Game, dst []Move) []Move {
	rows := refPermitRows(g)
	var pays [4]InfluenceColor
	np := 1 + refColorsPaying2(g, pays[1:])
	for v := uint8(0); v < PermitsPerPlayer && v <= g.gold[g.active]; v++ {
		if refCheckPermitSupply(g, v) != NoReason {
			continue
		}
		for s := Square(0); s < NumSquares; s++ {
			if !refIsEmpty(g, s) {
				continue
			}
			for _, pay := range pays[:np] {
				m := Move{Kind: PlacePermit, Permit: v, Square: s, Pay: pay}
				if refCheckPlacePermit(g, m, rows) == NoReason {
					dst = append(dst, m)
				}
			}
		}
	}
	return dst
}

func refColorsPaying2(g *Game, dst []InfluenceColor) int {
	n := 0
	for _, c := range InfluenceColors() {
		if refCheckPay2(g, c) == NoReason {
			dst[n] = c
			n++
		}
	}
	return n
}

func refOwnPermitAt(g *Game, s Square) int {
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

func refCheckMovePermit(g *Game, m Move) Reason {
	if refOwnPermitAt(g, m.From) < 0 {
		return ReasonNoPermitToMove
	}
	if !refIsEmpty(g, m.Square) {
		return ReasonSquareNotEmpty
	}
	return refCheckPay2(g, m.Pay)
}

func refCheckUpgradePermit(g *Game, m Move) Reason {
	old := refOwnPermitAt(g, m.Square)
	if old < 0 {
		return ReasonNoPermitToUpgrade
	}
	if m.Permit >= PermitsPerPlayer {
		return ReasonNotAPermitValue
	}
	if int(m.Permit) <= old || g.permitSq[g.active][m.Permit] != inSupply {
		return ReasonUpgradeValue
	}
	if r := refCheckPay2(g, m.Pay); r != NoReason {
		return r
	}
	if int(g.gold[g.active]) < int(m.Permit)-old {
		return ReasonCannotPayUpgrade
	}
	return NoReason
}

func refHasThreeColors(g *Game) bool {
	h := g.infl[g.active]
	return h[0] > 0 && h[1] > 0 && h[2] > 0
}

func refCheckBonusPermit(g *Game, m Move) Reason {
	if r := refCheckPermitSupply(g, m.Permit); r != NoReason {
		return r
	}
	if !refIsEmpty(g, m.Square) {
		return ReasonSquareNotEmpty
	}
	if !refHasThreeColors(g) {
		return ReasonCannotPayThreeColors
	}
	if g.gold[g.active] < m.Permit {
		return ReasonCannotPayPermit
	}
	return NoReason
}

func refCheckBonusGold(g *Game) Reason {
	if !refHasThreeColors(g) {
		return ReasonCannotPayThreeColors
	}
	return NoReason
}

func refAppendBonus(g *Game, dst []Move) []Move {
	a := int(g.active)
	var pays [3]InfluenceColor
	np := refColorsPaying2(g, pays[:])
	for v := 0; v < PermitsPerPlayer && np > 0; v++ {
		from := g.permitSq[a][v]
		if !from.Valid() {
			continue
		}
		for s := Square(0); s < NumSquares; s++ {
			if !refIsEmpty(g, s) {
				continue
			}
			for _, pay := range pays[:np] {
				m := Move{Kind: MovePermit, From: from, Square: s, Pay: pay}
				if refCheckMovePermit(g, m) == NoReason {
					dst = append(dst, m)
				}
			}
		}
	}
	for v := 0; v < PermitsPerPlayer; v++ {
		at := g.permitSq[a][v]
		if !at.Valid() {
			continue
		}
		for nv := uint8(v + 1); nv < PermitsPerPlayer; nv++ {
			for _, pay := range pays[:np] {
				m := Move{Kind: UpgradePermit, Square: at, Permit: nv, Pay: pay}
				if refCheckUpgradePermit(g, m) == NoReason {
					dst = append(dst, m)
				}
			}
		}
	}
	if refHasThreeColors(g) {
		for v := uint8(0); v < PermitsPerPlayer; v++ {
			for s := Square(0); s < NumSquares; s++ {
				m := Move{Kind: BonusPermit, Permit: v, Square: s}
				if refCheckBonusPermit(g, m) == NoReason {
					dst = append(dst, m)
				}
			}
		}
		if refCheckBonusGold(g) == NoReason {
			dst = append(dst, Move{Kind: BonusGold})
		}
	}
	return dst
}

// refAppendCardChoices is appendCardChoices as it was (cards.go).
func refAppendCardChoices(g *Game, dst []Move, kind MoveKind, withGold bool) []Move {
	p := int(g.toMove)
	k := int(g.pending[p])
	maxGold := 0
	if withGold {
		maxGold = int(g.gold[p])
	}
	h := g.infl[p]
	for gd := 0; gd <= min(k, maxGold); gd++ {
		for b := 0; b <= min(k-gd, int(h[0])); b++ {
			for gr := 0; gr <= min(k-gd-b, int(h[1])); gr++ {
				y := k - gd - b - gr
				if y <= int(h[2]) {
					c := Cards{Gold: uint8(gd), Blue: uint8(b), Green: uint8(gr), Yellow: uint8(y)}
					dst = append(dst, Move{Kind: kind, Cards: c})
				}
			}
		}
	}
	return dst
}

// refCheckCardChoice is checkCardChoice as it was (cards.go).
func refCheckCardChoice(g *Game, c Cards) Reason {
	p := int(g.toMove)
	if c.Total() != int(g.pending[p]) {
		return ReasonCardsOwed
	}
	if c.Gold > g.gold[p] || c.Blue > g.infl[p][0] || c.Green > g.infl[p][1] || c.Yellow > g.infl[p][2] {
		return ReasonCardsNotHeld
	}
	return NoReason
}
