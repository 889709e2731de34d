package elasund

// Chance outcomes of the roll, for expectimax search, and the price of a
// move, for heuristics.

// ChanceOutcome is one outcome of a chance event: the forced move that
// plays it and its probability.
type ChanceOutcome struct {
	Move        Move    // a Roll with forced dice
	Probability float64 // in (0, 1]
}

// AppendChanceOutcomes appends to dst the outcomes of the roll in PhaseRoll and
// returns the extended slice: eleven forced Roll moves, one for each sum
// from 2 to 12, with the sum's probability (1/36 for 2 and 12 up to 6/36
// for 7); the probabilities sum to 1. Only the sum matters to the game: the
// ship goes to the sum's row (a repeated row is steered by a separate
// Steer decision, and a 7 sends out the pirates), so every roll of the same
// sum leads to the same position, but for the dice Dice reports. The dice
// chosen are the sum's two halves, the smaller first (3 and 4 for 7). In
// every other phase, and once the game is over, AppendChanceOutcomes returns dst
// unchanged. With a buffer of sufficient capacity it does not allocate.
//
// The roll is the only chance event a move has before its player decides
// again. The other draws of the game stay sampled inside Apply from the
// game's random source: influence cards drawn as income, for wall tiles
// and after a shortage; the reshuffles of the discard pile into a new deck;
// the church tiles drawn; the roller's reward from the pirates' cards. A
// search that must not see them beforehand (they are hidden, RULES.md §13)
// runs on determinized copies: Redeal fills in the hidden cards and
// tiles at random and reseeds the random source, so each copy samples one
// consistent future.
func (g *Game) AppendChanceOutcomes(dst []ChanceOutcome) []ChanceOutcome {
	if g.phase != PhaseRoll || g.n < MinPlayers || g.n > MaxPlayers {
		return dst
	}
	for s := 2; s <= 12; s++ {
		ways := 6 - max(s-7, 7-s)
		m := Move{Kind: Roll, Dice: [2]uint8{uint8(s / 2), uint8(s - s/2)}}
		dst = append(dst, ChanceOutcome{Move: m, Probability: float64(ways) / 36})
	}
	return dst
}

// Cost returns the gold and influence cards that the legal move m costs
// its player, as Apply takes them from the player's hand:
//
//   - Build: the building's cost and the compensation to the other players
//     whose permits lie in the footprint, in gold, and 3 influence cards of
//     the colour Pay for a same-size build-over;
//   - BuildWall: 2 or 4 gold; BuildChurch: 7 gold;
//   - PlacePermit: the permit's value in gold, and 2 cards of the colour
//     Pay for a placement in any row;
//   - MovePermit: 2 cards of the colour Pay; UpgradePermit: the difference
//     of the values in gold and 2 cards of the colour Pay;
//   - BonusPermit: the permit's value in gold and one card of each colour;
//     BonusGold: one card of each colour;
//   - Discard and ReturnInfluence: the cards given up.
//
// What the move brings in is not subtracted: the 2 gold of TakeGold and
// BonusGold, the influence cards a wall tile draws, income and the
// pirates' reward. Every other move costs nothing. Cost returns Cards{}
// for a move that is not legal now, and does not allocate.
func (g *Game) Cost(m Move) Cards {
	var plan buildPlan
	if g.checkPlan(&m, &plan) != NoReason {
		return Cards{}
	}
	var c Cards
	pay := func(ic InfluenceColor, n uint8) {
		switch ic {
		case InfluenceBlue:
			c.Blue += n
		case InfluenceGreen:
			c.Green += n
		case InfluenceYellow:
			c.Yellow += n
		}
	}
	switch m.Kind {
	case Discard, ReturnInfluence:
		c = m.Cards
	case Build:
		c.Gold = uint8(plan.gold)
		if plan.sameSize {
			pay(m.Pay, 3)
		}
	case BuildWall:
		c.Gold = uint8(m.Site.Cost())
	case BuildChurch:
		c.Gold = ChurchCost
	case PlacePermit:
		c.Gold = m.Permit
		pay(m.Pay, 2)
	case MovePermit:
		pay(m.Pay, 2)
	case UpgradePermit:
		c.Gold = m.Permit - uint8(g.ownPermitAt(m.Square))
		pay(m.Pay, 2)
	case BonusPermit:
		c = Cards{Gold: m.Permit, Blue: 1, Green: 1, Yellow: 1}
	case BonusGold:
		c = Cards{Blue: 1, Green: 1, Yellow: 1}
	}
	return c
}
