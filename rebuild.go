package elasund

// Rebuilding a displaced starter building (RULES.md §6.8).

// rebuildSquares returns the squares where starter b may be rebuilt with
// its north square (§6.8, interpretation 4): empty squares that are not
// trade fields, for a totem the square below as well.
func (g *Game) rebuildSquares(b Building) bitboard {
	bs := g.boardSets()
	ok := bs.empty.andNot(tradeBoard(int(g.n)))
	if b == Totem {
		ok = ok.and(ok.southOf())
	}
	return ok
}

// rebuildSquareOK reports whether starter b may be rebuilt with its north
// square at s, a square of the board.
func (g *Game) rebuildSquareOK(b Building, s Square) bool {
	return g.rebuildSquares(b).has(s)
}

func (g *Game) hasRebuildRoom(b Building) bool {
	return !g.rebuildSquares(b).none()
}

// nextRebuilder hands the decision to the next player with a displaced
// starter (the builder first, then clockwise, §6.8). A starter with no room
// leaves the game. It reports whether a rebuild is pending.
func (g *Game) nextRebuilder() bool {
	if g.rebuild == [MaxPlayers]uint8{} { // nobody's starter was displaced
		return false
	}
	for i := 0; i < int(g.n); i++ {
		p := (int(g.active) + i) % int(g.n)
		for _, b := range [2]Building{Hut, Totem} {
			bit := uint8(1) << (b - Hut)
			if g.rebuild[p]&bit != 0 && !g.hasRebuildRoom(b) {
				g.rebuild[p] &^= bit
				g.pieceSq[playerPiece(p, b)] = removedFromGame
			}
		}
		if g.rebuild[p] != 0 {
			g.phase = PhaseRebuild
			g.toMove = uint8(p)
			return true
		}
	}
	return false
}

// checkRebuildPending checks that the deciding player's starter b awaits
// its rebuild (§6.8).
func (g *Game) checkRebuildPending(b Building) Reason {
	if !b.Starter() || g.rebuild[g.toMove]&(1<<(b-Hut)) == 0 {
		return ReasonNotAwaitingRebuild
	}
	return NoReason
}

func (g *Game) checkRebuild(m *Move) Reason {
	if r := g.checkRebuildPending(m.Building); r != NoReason {
		return r
	}
	if !m.Square.Valid() || !g.rebuildSquareOK(m.Building, m.Square) {
		return ReasonRebuildSquare
	}
	return NoReason
}

func (g *Game) appendRebuilds(dst []Move) []Move {
	p := int(g.toMove)
	for _, b := range [2]Building{Hut, Totem} {
		if g.rebuild[p]&(1<<(b-Hut)) == 0 {
			continue
		}
		for ok := g.rebuildSquares(b); !ok.none(); {
			dst = append(dst, Move{Kind: Rebuild, Building: b, Square: ok.pop()})
		}
		dst = append(dst, Move{Kind: DeclineRebuild, Building: b})
	}
	return dst
}

func (g *Game) applyRebuild(m Move) {
	p := int(g.toMove)
	g.rebuild[p] &^= 1 << (m.Building - Hut)
	g.put(playerPiece(p, m.Building), m.Square)
	g.continueBuilding()
}

// applyDeclineRebuild removes the deciding player's displaced starter b
// from the game, as if it had no room (§6.8: the rebuild is optional).
func (g *Game) applyDeclineRebuild(b Building) {
	p := int(g.toMove)
	g.rebuild[p] &^= 1 << (b - Hut)
	g.pieceSq[playerPiece(p, b)] = removedFromGame
	g.continueBuilding()
}

// RebuildPending reports whether player p's starter building b waits to be
// rebuilt.
func (g *Game) RebuildPending(p Player, b Building) bool {
	return g.valid(p) && b.Starter() && g.rebuild[p]&(1<<(b-Hut)) != 0
}
