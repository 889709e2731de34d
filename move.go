package elasund

import (
	"fmt"
	"strings"
)

// MoveKind says what a Move does. Each kind is legal in one phase.
type MoveKind uint8

// The kinds of moves, by phase.
const (
	NoMove MoveKind = iota // the zero Move; never legal

	Roll            // PhaseRoll: roll the dice (Dice {0,0}) or force them (both set, 1–6)
	Steer           // PhaseSteer: move the ship two rows up or down to Row
	Pirates         // PhasePirates: send the pirates to Row
	Discard         // PhaseDiscard: discard Cards to the pirates
	ReturnInfluence // PhaseShortage: return the influence Cards (Gold 0)
	Build           // PhaseBuild: build Building with its north-west square at Square; Pay for same-size build-over
	BuildWall       // PhaseBuild: build your next wall tile on Site
	BuildChurch     // PhaseBuild: build a church tile (7 gold)
	KeepChurchTile  // PhaseChurchChoice: keep Tile, the other goes under the stack
	Rebuild         // PhaseRebuild: rebuild the starter Building with its north square at Square
	EndBuilding     // PhaseBuild: stop building, go on to phase 3
	PlacePermit     // PhasePermit: place permit Permit on Square; Pay for any row
	TakeGold        // PhasePermit: take 2 gold
	MovePermit      // PhaseBonus: move your permit From to Square, paying 2 Pay
	UpgradePermit   // PhaseBonus: swap your permit on Square for Permit, paying 2 Pay and the difference
	BonusPermit     // PhaseBonus: place Permit on Square in any row, paying 3 different influence and its value
	BonusGold       // PhaseBonus: take 2 gold, paying 3 different influence
	EndTurn         // PhaseBonus: take no bonus action; the turn passes
	DeclineRebuild  // PhaseRebuild: do not rebuild the displaced starter Building; it leaves the game

	numKinds // the number of kinds, NoMove included
)

var kindNames = [...]string{"none", "roll", "steer", "pirates", "discard", "return",
	"build", "wall", "church", "keep", "rebuild", "end build", "permit", "take gold",
	"move permit", "upgrade permit", "bonus permit", "bonus gold", "end turn", "remove"}

// kindForms is the notation of each kind, as Move.String writes it and
// ParseMove reads it: the kind's name, then its fields in capitals (a
// BUILDING, a SQUARE, a wall SITE, a church TILE, a permit VALUE, a ROW, a
// DIE, a COLOUR, a count N of a CARD or of an influence COLOUR), "a|b" for
// one of the words, "[…]" for what may be left out and "…" for more of the
// same. A kind takes "pay COLOUR" exactly when its form shows it.
// ParseMove's errors quote it; kindExamples gives one move of each form.
var kindForms = [numKinds]string{
	Roll:            "roll [DIE DIE]",
	Steer:           "steer ROW",
	Pirates:         "pirates ROW",
	Discard:         "discard N CARD [N CARD …]",
	ReturnInfluence: "return N COLOUR [N COLOUR …]",
	Build:           "build BUILDING SQUARE [pay COLOUR]",
	BuildWall:       "wall SITE",
	BuildChurch:     "church",
	KeepChurchTile:  "keep TILE",
	Rebuild:         "rebuild hut|totem SQUARE",
	EndBuilding:     "end build",
	PlacePermit:     "permit VALUE SQUARE [pay COLOUR]",
	TakeGold:        "take gold",
	MovePermit:      "move permit SQUARE SQUARE [pay COLOUR]",
	UpgradePermit:   "upgrade permit SQUARE VALUE [pay COLOUR]",
	BonusPermit:     "bonus permit VALUE SQUARE",
	BonusGold:       "bonus gold",
	EndTurn:         "end turn",
	DeclineRebuild:  "remove hut|totem",
}

// kindExamples is one move of each kind in its notation (ParseMove's errors
// show it after the form).
var kindExamples = [numKinds]string{
	Roll:            "roll 3 4",
	Steer:           "steer 5",
	Pirates:         "pirates 9",
	Discard:         "discard 1 gold 2 blue",
	ReturnInfluence: "return 1 green 1 yellow",
	Build:           "build tavern c5 pay blue",
	BuildWall:       "wall E5",
	BuildChurch:     "church",
	KeepChurchTile:  "keep 7",
	Rebuild:         "rebuild hut d4",
	EndBuilding:     "end build",
	PlacePermit:     "permit 2 d8",
	TakeGold:        "take gold",
	MovePermit:      "move permit c5 d5 pay green",
	UpgradePermit:   "upgrade permit d4 4 pay blue",
	BonusPermit:     "bonus permit 3 g9",
	BonusGold:       "bonus gold",
	EndTurn:         "end turn",
	DeclineRebuild:  "remove hut",
}

// String returns the kind's name as it starts a move's notation.
func (k MoveKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", uint8(k))
}

// InfluenceColor is the colour of an influence card. The zero value,
// NoInfluence, is no colour (a move that pays no influence).
type InfluenceColor uint8

// The three influence colours (the English edition's blue, green and
// yellow; other editions print red for yellow).
const (
	NoInfluence InfluenceColor = iota
	InfluenceBlue
	InfluenceGreen
	InfluenceYellow
)

// InfluenceColors lists the three colours of influence cards.
func InfluenceColors() [3]InfluenceColor {
	return [3]InfluenceColor{InfluenceBlue, InfluenceGreen, InfluenceYellow}
}

func (c InfluenceColor) valid() bool { return c >= InfluenceBlue && c <= InfluenceYellow }

// String returns "blue", "green", "yellow" or "none".
func (c InfluenceColor) String() string {
	switch c {
	case InfluenceBlue:
		return "blue"
	case InfluenceGreen:
		return "green"
	case InfluenceYellow:
		return "yellow"
	}
	return "none"
}

// Cards counts gold and influence cards: a hand, or the cards a move
// discards or returns.
type Cards struct {
	Gold, Blue, Green, Yellow uint8
}

// Influence returns the number of influence cards.
func (c Cards) Influence() int { return int(c.Blue) + int(c.Green) + int(c.Yellow) }

// Total returns the number of cards.
func (c Cards) Total() int { return int(c.Gold) + c.Influence() }

// Of returns the number of influence cards of colour ic.
func (c Cards) Of(ic InfluenceColor) int {
	switch ic {
	case InfluenceBlue:
		return int(c.Blue)
	case InfluenceGreen:
		return int(c.Green)
	case InfluenceYellow:
		return int(c.Yellow)
	}
	return 0
}

func (c Cards) inflArray() [3]uint8 { return [3]uint8{c.Blue, c.Green, c.Yellow} }

func cardsOf(gold uint8, infl [3]uint8) Cards {
	return Cards{Gold: gold, Blue: infl[0], Green: infl[1], Yellow: infl[2]}
}

// String lists the cards, such as "1 gold 2 blue", or "nothing".
func (c Cards) String() string {
	var b strings.Builder
	for i, n := range [4]uint8{c.Gold, c.Blue, c.Green, c.Yellow} {
		if n == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d %s", n, [4]string{"gold", "blue", "green", "yellow"}[i])
	}
	if b.Len() == 0 {
		return "nothing"
	}
	return b.String()
}

// Move is one decision of a player. It is a small comparable value: each
// kind uses the fields its comment in MoveKind names, and every other field
// must be zero. Legal lists moves in exactly that form.
type Move struct {
	Kind     MoveKind
	Building Building       // Build, Rebuild
	Square   Square         // Build, Rebuild: north-west square; PlacePermit, MovePermit, BonusPermit: target; UpgradePermit: the permit's square
	From     Square         // MovePermit: the permit's square
	Row      Row            // Steer, Pirates
	Permit   uint8          // PlacePermit, BonusPermit: the permit's value; UpgradePermit: the new value
	Site     WallSite       // BuildWall
	Tile     ChurchTile     // KeepChurchTile
	Pay      InfluenceColor // Build (same-size), PlacePermit (any row), MovePermit, UpgradePermit
	Cards    Cards          // Discard; ReturnInfluence (influence only)
	Dice     [2]uint8       // Roll: {0,0} rolls, else forced dice
}

// canonical keeps only the fields m's kind uses.
func canonical(m Move) Move {
	c := Move{Kind: m.Kind}
	switch m.Kind {
	case Roll:
		c.Dice = m.Dice
	case Steer, Pirates:
		c.Row = m.Row
	case Discard:
		c.Cards = m.Cards
	case ReturnInfluence:
		c.Cards = m.Cards
		c.Cards.Gold = 0
	case Build:
		c.Building, c.Square, c.Pay = m.Building, m.Square, m.Pay
	case BuildWall:
		c.Site = m.Site
	case KeepChurchTile:
		c.Tile = m.Tile
	case Rebuild:
		c.Building, c.Square = m.Building, m.Square
	case DeclineRebuild:
		c.Building = m.Building
	case PlacePermit:
		c.Permit, c.Square, c.Pay = m.Permit, m.Square, m.Pay
	case MovePermit:
		c.From, c.Square, c.Pay = m.From, m.Square, m.Pay
	case UpgradePermit:
		c.Square, c.Permit, c.Pay = m.Square, m.Permit, m.Pay
	case BonusPermit:
		c.Permit, c.Square = m.Permit, m.Square
	}
	return c
}

// String returns the move in a notation a person can read, for example
// "build tavern c5", "build tavern c5 pay blue", "wall Nc", "permit 2 e6",
// "discard 1 gold 1 green", in the form of its kind listed at ParseMove.
// ParseMove reads it back.
func (m Move) String() string {
	pay := ""
	if m.Pay != NoInfluence {
		pay = " pay " + m.Pay.String()
	}
	switch m.Kind {
	case Roll:
		if m.Dice != [2]uint8{} {
			return fmt.Sprintf("roll %d %d", m.Dice[0], m.Dice[1])
		}
		return "roll"
	case Steer, Pirates:
		return m.Kind.String() + " " + m.Row.String()
	case Discard, ReturnInfluence:
		return m.Kind.String() + " " + m.Cards.String()
	case Build, Rebuild:
		return m.Kind.String() + " " + m.Building.String() + " " + m.Square.String() + pay
	case BuildWall:
		return "wall " + m.Site.String()
	case DeclineRebuild:
		return "remove " + m.Building.String()
	case KeepChurchTile:
		return fmt.Sprintf("keep %d", m.Tile)
	case PlacePermit, BonusPermit:
		return fmt.Sprintf("%s %d %s%s", m.Kind, m.Permit, m.Square, pay)
	case MovePermit:
		return fmt.Sprintf("move permit %s %s%s", m.From, m.Square, pay)
	case UpgradePermit:
		return fmt.Sprintf("upgrade permit %s %d%s", m.Square, m.Permit, pay)
	}
	return m.Kind.String()
}

// reason is why a move is not legal; okay is legal. Reasons are small
// integers so that checking allocates nothing; Apply turns one into a
// *MoveError.
type reason uint8

const (
	okay reason = iota
	rOver
	rKind
	rExtraFields
	rPhase
	rDice
	rRow
	rSteerRow
	rPirateSameRow
	rCardCount
	rCardHand
	rBuildLimit
	rBuildingKind
	rBuildingSupply
	rFootprintCity
	rFootprintFoundation
	rFootprintChurch
	rPermitCount
	rNoOwnPermit
	rNoMajority
	rLargerBuilding
	rSameSizeUnpaid
	rNeedlessPay
	rPayColor
	rInfluence3
	rBuildGold
	rWallSite
	rWallOccupied
	rWallNotAdjacent
	rWallStack
	rWallGold
	rChurchDone
	rChurchGold
	rKeepTile
	rRebuildNone
	rRebuildSquare
	rPermitValue
	rPermitSupply
	rSquareNotEmpty
	rPermitRow
	rPermitRowAdjacent
	rPermitGold
	rInfluence2
	rMoveFrom
	rUpgradeSquare
	rUpgradeValue
	rUpgradeGold
	rThreeColors
	rSquare
	rTile
	rNoGame
	numReasons
)

// reasons gives each reason its rule text and category sentinel.
var reasons = [numReasons]struct {
	text string
	cat  error
}{
	rOver:                {"§11: the game has ended", ErrGameOver},
	rKind:                {"§4: not a kind of move of a turn (unknown kind)", ErrMalformedMove},
	rExtraFields:         {"§4: a field this kind of move does not use is set (it must be zero)", ErrMalformedMove},
	rPhase:               {"§4: this kind of move belongs to another phase of the turn", ErrWrongPhase},
	rDice:                {"§4.1: forced dice must both be 1 to 6 (or both 0 to roll)", ErrMalformedMove},
	rRow:                 {"§1: not a row of the board (rows are 2–6 and 8–12)", ErrMalformedMove},
	rSteerRow:            {"§4.1: on a repeated number the ship moves exactly two rows up or down", nil},
	rPirateSameRow:       {"§4.2: the pirates must move to a row other than the ship's", nil},
	rCardCount:           {"§4: the number of cards must be exactly the number owed", nil},
	rCardHand:            {"§4: a player can only give up cards they hold", nil},
	rBuildLimit:          {"§4: at most two builds a turn", nil},
	rBuildingKind:        {"§3: only a house, workshop or neutral building can be built (starters are never built)", ErrMalformedMove},
	rBuildingSupply:      {"§3: no copy of that building is in supply", nil},
	rFootprintCity:       {"§6.1: the footprint must lie inside the city", nil},
	rFootprintFoundation: {"§6.1: the footprint may not cover the church foundation c8 before the church exists", nil},
	rFootprintChurch:     {"§6.1/§8: a building may not cover a church tile", nil},
	rPermitCount:         {"§6.2: too few permits in the footprint for this building", nil},
	rNoOwnPermit:         {"§6.2: the builder must have a permit in the footprint", nil},
	rNoMajority:          {"§6.2: the builder's permits must total strictly more than every other player's (a tie lets nobody build)", nil},
	rLargerBuilding:      {"§6.5: a larger building blocks the build", nil},
	rSameSizeUnpaid:      {"§6.5: building over a building of the same size costs 3 influence of one colour (name it with Pay)", nil},
	rNeedlessPay:         {"§6.5: no building of the same size is under the footprint, so no influence is paid", ErrMalformedMove},
	rPayColor:            {"§2: not an influence colour (blue, green or yellow)", ErrMalformedMove},
	rInfluence3:          {"§6.5: the builder needs 3 influence cards of the named colour", ErrCannotPay},
	rBuildGold:           {"§6.3: the builder cannot pay the cost and the compensation", ErrCannotPay},
	rWallSite:            {"§7: not a wall site of this game", ErrMalformedMove},
	rWallOccupied:        {"§7: that wall site is built already", nil},
	rWallNotAdjacent:     {"§7: a wall tile goes next to a gate or to a built wall tile along its wall", nil},
	rWallStack:           {"§7: the player's wall stack is empty", nil},
	rWallGold:            {"§7: a wall tile costs 2 gold (north, south) or 4 gold (east)", ErrCannotPay},
	rChurchDone:          {"§8: all nine church tiles are built", nil},
	rChurchGold:          {"§8: a church tile costs 7 gold", ErrCannotPay},
	rKeepTile:            {"§8: the first builder keeps one of the two tiles drawn", nil},
	rRebuildNone:         {"§6.8: that starter building is not waiting to be rebuilt", nil},
	rRebuildSquare:       {"§6.8: a starter is rebuilt on empty squares that are not trade fields", nil},
	rPermitValue:         {"§2: permits have values 0 to 4", ErrMalformedMove},
	rPermitSupply:        {"§5: that permit is not in the player's supply", nil},
	rSquareNotEmpty:      {"§5: a permit goes on an empty square of the city", nil},
	rPermitRow:           {"§5: without influence a permit goes in the ship's row, or if it is full the nearest row above or below with an empty square", nil},
	rPermitRowAdjacent:   {"§12: English edition: beyond the adjacent rows only a paid placement", nil},
	rPermitGold:          {"§5/§10: the player cannot pay the permit's value in gold", ErrCannotPay},
	rInfluence2:          {"§5/§10: this costs 2 influence cards of the named colour", ErrCannotPay},
	rMoveFrom:            {"§10: the player has no permit on that square", nil},
	rUpgradeSquare:       {"§10: the player has no permit on that square to upgrade", nil},
	rUpgradeValue:        {"§10: an upgrade swaps for a higher permit from the player's supply", nil},
	rUpgradeGold:         {"§10: an upgrade costs the difference of the values in gold", ErrCannotPay},
	rThreeColors:         {"§10: this costs 3 influence cards of three different colours", ErrCannotPay},
	rSquare:              {"§1: not a square of the board (columns a–i, rows 2–6 and 8–12)", ErrMalformedMove},
	rTile:                {"§8: church tiles are numbered 1 to 9", ErrMalformedMove},
	rNoGame:              {"§2: this Game was not set up by New", ErrGameOver},
}

func (g *Game) moveError(m Move, r reason) error {
	if r >= numReasons {
		r = rKind
	}
	return &MoveError{Move: m, Phase: g.phase, Rule: reasons[r].text, cat: reasons[r].cat}
}
