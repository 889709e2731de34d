package elasund

import "fmt"

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
	var buf [32]byte
	return string(appendCards(buf[:0], c))
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
	var buf [48]byte
	return string(appendMove(buf[:0], m))
}
