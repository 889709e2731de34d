package elasund

import "math/bits"

// Gold and influence cards: income, shortage and drawing (RULES.md §4.1),
// and the gold bonus action (§10).

func (g *Game) handSize(p int) int {
	return int(g.gold[p]) + int(g.infl[p][0]) + int(g.infl[p][1]) + int(g.infl[p][2])
}

func (g *Game) influenceCount(p int) int {
	return int(g.infl[p][0]) + int(g.infl[p][1]) + int(g.infl[p][2])
}

// drawInfluence gives player p the top influence card, shuffling the
// discard pile into a new deck when the deck is empty. It reports whether a
// card was drawn (none is left when deck and pile are both empty).
func (g *Game) drawInfluence(p int) bool {
	if g.deckLen == 0 {
		if g.discard == [3]uint8{} {
			return false
		}
		g.reshuffle()
	}
	g.deckLen--
	g.infl[p][g.deck[g.deckLen]]++
	return true
}

// reshuffle shuffles the discard pile, with whatever is left of the deck,
// into a new deck.
func (g *Game) reshuffle() {
	n := g.deckLen
	for c := range g.discard {
		for ; g.discard[c] > 0; g.discard[c]-- {
			g.deck[n] = uint8(c)
			n++
		}
	}
	g.deckLen = n
	g.shuffle(g.deck[:n])
}

// takeGold gives player p up to n gold from the bank (what is there).
func (g *Game) takeGold(p int, n uint8) {
	n = min(n, g.bank)
	g.bank -= n
	g.gold[p] += n
}

// rowIncome returns what each player's buildings in the ship's row produce:
// the buildings that cover a square of the row, read off the row's nine
// cells.
func (g *Game) rowIncome() (gold, infl [MaxPlayers]uint8) {
	ri := g.ship.idx()
	if ri < 0 {
		return gold, infl
	}
	var ids uint64 // bit id: piece id stands in the row
	for _, v := range g.cell[ri*NumColumns : ri*NumColumns+NumColumns] {
		ids |= cellPiece[v]
	}
	for ; ids != 0; ids &= ids - 1 {
		id := bits.TrailingZeros64(ids) % numPieces
		owner := uint(id) / 4
		if id >= neutralBase {
			owner = uint(g.pieceOwner[id])
		}
		gold[owner%MaxPlayers] += goldIncome[id]
		infl[owner%MaxPlayers] += influenceIncome[id]
	}
	return gold, infl
}

// cellPiece[v] is the piece on a cell of value v as a set (bit id for
// piece id), none for an empty cell, a permit or a church tile.
var cellPiece = func() (t [256]uint64) {
	for id := range numPieces {
		t[id+1] = 1 << id
	}
	return t
}()

// goldIncome[id] and influenceIncome[id] are what piece id produces: 1
// card or none.
var goldIncome, influenceIncome = func() (gold, infl [numPieces]uint8) {
	for id, b := range pieceKinds {
		switch b.Income() {
		case GoldIncome:
			gold[id] = 1
		case InfluenceIncome:
			infl[id] = 1
		}
	}
	return gold, infl
}()

func sum4(a [MaxPlayers]uint8) int { return int(a[0]) + int(a[1]) + int(a[2]) + int(a[3]) }

// produce pays the income of the ship's row (§4.1). A gold shortage is
// settled at once; an influence shortage asks players which cards they
// return, and produce's remainder runs in nextReturner. With the rule
// option ShortageVoidsIncome (§12) a shortage still takes the returns but
// pays nobody that type.
func (g *Game) produce() {
	gold, infl := g.rowIncome()
	if due := sum4(gold); due > 0 {
		short := int(g.bank) < due
		if short {
			for p := 0; p < int(g.n); p++ {
				half := g.gold[p] / 2
				g.gold[p] -= half
				g.bank += half
			}
		}
		if int(g.bank) >= due && !(short && g.rules.Has(ShortageVoidsIncome)) {
			for p := 0; p < int(g.n); p++ {
				g.bank -= gold[p]
				g.gold[p] += gold[p]
			}
		}
	}
	if due := sum4(infl); due > 0 {
		avail := int(g.deckLen) + int(g.discard[0]) + int(g.discard[1]) + int(g.discard[2])
		if avail < due {
			for p := 0; p < int(g.n); p++ {
				g.pending[p] = uint8(g.influenceCount(p) / 2)
			}
			g.nextReturner()
			return
		}
		g.payInfluence4(infl)
	}
	g.startBuilding()
}

// payInfluence4 draws each player's influence income, the active player
// first and then clockwise.
func (g *Game) payInfluence4(infl [MaxPlayers]uint8) {
	for i := 0; i < int(g.n); i++ {
		p := (int(g.active) + i) % int(g.n)
		for k := uint8(0); k < infl[p]; k++ {
			g.drawInfluence(p)
		}
	}
}

// nextReturner hands the next shortage return with a real choice to its
// player, the active player first and then clockwise (settling forced
// ones). When all have returned, the pile is shuffled into a new deck and
// the income is paid if it now can be, unless the rule option
// ShortageVoidsIncome (§12) voids it.
func (g *Game) nextReturner() {
	if g.nextToGiveUp(PhaseShortage) {
		return
	}
	g.reshuffle()
	_, infl := g.rowIncome()
	if int(g.deckLen) >= sum4(infl) && !g.rules.Has(ShortageVoidsIncome) {
		g.payInfluence4(infl)
	}
	g.startBuilding()
}

// nextToGiveUp goes round the table from the active player through the
// players who owe cards in phase ph (PhaseDiscard: gold or influence to the
// pirates; PhaseShortage: influence): a player with only one way to give
// them up does so at once; the first with a real choice is handed the
// decision, and nextToGiveUp reports true. It reports false when nobody
// owes anything any more.
func (g *Game) nextToGiveUp(ph Phase) bool {
	for i := 0; i < int(g.n); i++ {
		p := (int(g.active) + i) % int(g.n)
		k := g.pending[p]
		if k == 0 {
			continue
		}
		if c, only := g.onlyChoice(p, k, ph == PhaseDiscard); only {
			g.giveUp(ph, p, c)
			continue
		}
		g.phase = ph
		g.toMove = uint8(p)
		return true
	}
	return false
}

// giveUp takes cards c from player p: to the pirates' pool in PhaseDiscard,
// to the discard pile in PhaseShortage.
func (g *Game) giveUp(ph Phase, p int, c Cards) {
	if ph == PhaseDiscard {
		g.discardToPirates(p, c)
	} else {
		g.returnInfluence(p, c)
	}
}

// applyGiveUp plays a Discard or ReturnInfluence move of the deciding player
// and goes on round the table.
func (g *Game) applyGiveUp(c Cards) {
	g.giveUp(g.phase, int(g.toMove), c)
	if g.phase == PhaseDiscard {
		g.nextDiscarder()
	} else {
		g.nextReturner()
	}
}

func (g *Game) returnInfluence(p int, c Cards) {
	in := c.inflArray()
	for i := range in {
		g.infl[p][i] -= in[i]
		g.discard[i] += in[i]
	}
	g.pending[p] = 0
}

// onlyChoice reports whether player p has exactly one way to give up k
// cards (gold counted only if withGold), and returns it.
func (g *Game) onlyChoice(p int, k uint8, withGold bool) (Cards, bool) {
	hand := cardsOf(0, g.infl[p])
	if withGold {
		hand.Gold = g.gold[p]
	}
	kinds := 0
	for _, n := range [4]uint8{hand.Gold, hand.Blue, hand.Green, hand.Yellow} {
		if n > 0 {
			kinds++
		}
	}
	switch {
	case int(k) == hand.Total():
		return hand, true
	case kinds == 1:
		c := Cards{}
		switch {
		case hand.Gold > 0:
			c.Gold = k
		case hand.Blue > 0:
			c.Blue = k
		case hand.Green > 0:
			c.Green = k
		default:
			c.Yellow = k
		}
		return c, true
	}
	return Cards{}, false
}

// checkCardChoice checks a discard or return: exactly the owed number of
// cards, all held by the deciding player.
func (g *Game) checkCardChoice(c Cards) Reason {
	p := int(g.toMove)
	if c.Total() != int(g.pending[p]) {
		return ReasonCardsOwed
	}
	if c.Gold > g.gold[p] || c.Blue > g.infl[p][0] || c.Green > g.infl[p][1] || c.Yellow > g.infl[p][2] {
		return ReasonCardsNotHeld
	}
	return NoReason
}

// appendCardChoices appends every way for the deciding player to give up
// the cards they owe.
func (g *Game) appendCardChoices(dst []Move, kind MoveKind, withGold bool) []Move {
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

func (g *Game) checkBonusGold() Reason {
	if !g.hasThreeColors() {
		return ReasonCannotPayThreeColors
	}
	return NoReason
}

func (g *Game) applyBonusGold() {
	g.payThreeColors()
	g.takeGold(int(g.active), 2)
	g.endTurn()
}

// Gold returns player p's gold cards.
func (g *Game) Gold(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return int(g.gold[p])
}

// Influence returns player p's influence cards of colour c.
func (g *Game) Influence(p Player, c InfluenceColor) int {
	if !g.valid(p) || !c.valid() {
		return 0
	}
	return int(g.infl[p][c-1])
}

// InfluenceCards returns how many influence cards player p holds, of any
// colour (public: RULES.md §13).
func (g *Game) InfluenceCards(p Player) int {
	if !g.valid(p) {
		return 0
	}
	return int(g.infl[p][0]) + int(g.infl[p][1]) + int(g.infl[p][2])
}

// Hand returns player p's cards.
func (g *Game) Hand(p Player) Cards {
	if !g.valid(p) {
		return Cards{}
	}
	return cardsOf(g.gold[p], g.infl[p])
}

// Bank returns the gold cards in the bank.
func (g *Game) Bank() int { return int(g.bank) }

// DeckSize returns the number of face-down influence cards in the deck.
func (g *Game) DeckSize() int { return int(g.deckLen) }

// DiscardPile returns the influence cards in the discard pile, by colour.
func (g *Game) DiscardPile() Cards { return cardsOf(0, g.discard) }

// validateCards is Validate's check of the cards: 51 gold and 39 influence
// cards (13 per colour), each in exactly one place, and cards with the
// pirates only while players discard to them.
func (g *Game) validateCards() error {
	n := int(g.n)
	gold := int(g.bank) + int(g.poolGold)
	infl := [3]int{int(g.discard[0]) + int(g.poolInfl[0]), int(g.discard[1]) + int(g.poolInfl[1]), int(g.discard[2]) + int(g.poolInfl[2])}
	if g.deckLen > TotalInfluenceCards {
		return invalidState("influence deck of %d cards", g.deckLen)
	}
	for _, c := range g.deck[:g.deckLen] {
		if c > 2 {
			return invalidState("influence deck holds a card of colour %d", c)
		}
		infl[c]++
	}
	for p := 0; p < n; p++ {
		gold += int(g.gold[p])
		for c := range infl {
			infl[c] += int(g.infl[p][c])
		}
	}
	if gold != GoldCards {
		return invalidState("%d gold cards in bank, hands and pirates' pool; the game has 51", gold)
	}
	if infl != [3]int{InfluencePerColor, InfluencePerColor, InfluencePerColor} {
		return invalidState("influence cards per colour %v; each colour has 13", infl)
	}
	if (g.poolGold != 0 || g.poolInfl != [3]uint8{}) && g.phase != PhaseDiscard {
		return invalidState("cards left with the pirates outside PhaseDiscard")
	}
	return nil
}
