package words

import (
	"errors"

	"github.com/elasund/elasund"
)

// The sentences of Explain for errors that name no reason of their own.
const (
	// Unreadable is the sentence for text that is not a move (ParseMove's
	// ErrNotation).
	Unreadable = "That is not a move I can read."
	// NotAllowed is the sentence for a refusal that names no reason this
	// package knows.
	NotAllowed = "That move is not allowed right now."
	// WentWrong is the sentence for an error that is no refusal of a move.
	WentWrong = "Something went wrong with that move."
)

// Refusal returns a sentence for a person whose move was refused for
// reason r: which rule stopped it, in the game's own words and addressed
// to the player ("you"), and, where it helps, what would work instead.
// It never returns the engine's text. Every reason of elasund.Reasons has
// a sentence of its own; NoReason, which refuses nothing, and a value
// that is no reason give NotAllowed.
func Refusal(r elasund.Reason) string {
	if s, ok := refusals[r]; ok {
		return s
	}
	return NotAllowed
}

// Explain returns a sentence for a person about err, an error of
// Table.Play, Table.Check, Game.Apply, Game.Check or ParseMove, never the
// engine's text and never "" for an error:
//
//   - a *elasund.MoveError anywhere in err's chain gives the sentence of
//     its Reason (Refusal);
//   - text that is not a move (ErrNotation) gives Unreadable;
//   - an error that wraps only a sentinel of a refusal (ErrGameOver,
//     ErrCannotPay, …) gives a sentence for that kind of refusal, and
//     ErrIllegalMove alone NotAllowed;
//   - any other error gives WentWrong.
//
// A nil error, nothing to explain, gives "".
func Explain(err error) string {
	if err == nil {
		return ""
	}
	var me *elasund.MoveError
	if errors.As(err, &me) {
		return Refusal(me.Reason)
	}
	for _, k := range kinds {
		if errors.Is(err, k.err) {
			return k.sentence
		}
	}
	return WentWrong
}

// kinds are the sentences of Explain for the sentinels of the library,
// the specific ones before ErrIllegalMove, which every refusal wraps.
var kinds = []struct {
	err      error
	sentence string
}{
	{elasund.ErrNotation, Unreadable},
	{elasund.ErrGameOver, refusals[elasund.ReasonGameOver]},
	{elasund.ErrNotYourDecision, refusals[elasund.ReasonNotYourDecision]},
	{elasund.ErrChance, refusals[elasund.ReasonChance]},
	{elasund.ErrNotListed, refusals[elasund.ReasonNotListed]},
	{elasund.ErrWrongPhase, refusals[elasund.ReasonWrongPhase]},
	{elasund.ErrCannotPay, "You cannot pay for that."},
	{elasund.ErrMalformedMove, "Part of that move does not fit this game."},
	{elasund.ErrIllegalMove, NotAllowed},
}

// refusals holds the sentence of each reason, in the order of the
// reasons' constants (see their documentation and RULES.md for the rules).
var refusals = map[elasund.Reason]string{
	elasund.ReasonGameOver:            "The game is over.",
	elasund.ReasonNoGame:              "No game has been set up here yet.",
	elasund.ReasonUnknownKind:         "That is not a move of this game.",
	elasund.ReasonUnusedField:         "That move says more than this kind of move takes; leave the extra part out.",
	elasund.ReasonWrongPhase:          "That kind of move is not allowed at this point of the turn.",
	elasund.ReasonNotASquare:          "That square is not on the board: the columns are a to i, the rows 2 to 6 and 8 to 12.",
	elasund.ReasonNotARow:             "That row is not on the board: the rows are 2 to 6 and 8 to 12, and there is no row 7.",
	elasund.ReasonNotAnInfluenceColor: "Influence cards are blue, green or yellow; name one of those colours.",
	elasund.ReasonNotAPermitValue:     "Permits have the values 0 to 4; there is no other permit.",
	elasund.ReasonNotAChurchTile:      "The church tiles are numbered 1 to 9.",

	elasund.ReasonForcedDice:     "Each die shows a number from 1 to 6; name both dice, or neither to roll them.",
	elasund.ReasonSteerTwoRows:   "The same number came up again, so the ship must move exactly two rows north or south (row 7 does not count).",
	elasund.ReasonPiratesShipRow: "The pirates must go to a row other than the one the ship is in.",
	elasund.ReasonCardsOwed:      "You must give up exactly as many cards as you owe, no more and no fewer.",
	elasund.ReasonCardsNotHeld:   "You can only give up cards you have in your hand.",

	elasund.ReasonBuildLimit:          "You have already made two building projects this turn, the most a turn allows.",
	elasund.ReasonNotBuildable:        "You can build a house, a workshop or a neutral building, but never a hut or a totem.",
	elasund.ReasonBuildingNotInSupply: "No copy of that building is left in supply; every one of them is on the board.",
	elasund.ReasonOutsideCity:         "The whole building must stand inside the city: columns a to e with two players, a to g with three, a to i with four.",
	elasund.ReasonChurchFoundation:    "Until the church is begun, nothing may be built on its foundation, c8.",
	elasund.ReasonCoversChurch:        "You cannot build over a church tile.",
	elasund.ReasonPermitCount:         "Too few permits lie under that building's squares: it needs 1, or 2 for a tavern or shop, or 3 for a large building, and everyone's permits count.",
	elasund.ReasonNoOwnPermit:         "You need a permit of your own under that building's squares to build it.",
	elasund.ReasonNoMajority:          "The values of your permits under that building must add up to more than anyone else's there; a tie lets nobody build.",
	elasund.ReasonLargerBuilding:      "You cannot build over a building larger than the one you are building.",
	elasund.ReasonSameSizeUnpaid:      "To build over a building of the same size, you must also pay 3 influence cards of one colour; say which colour.",
	elasund.ReasonNeedlessPay:         "No building of the same size is under those squares, so there is no influence to pay; leave the colour out.",
	elasund.ReasonCannotPayBuildOver:  "You do not have 3 influence cards of that colour to build over a building of the same size.",
	elasund.ReasonCannotPayBuild:      "You do not have enough gold to pay for the building and to pay the other players for their permits under it.",

	elasund.ReasonNotAWallSite:    "That is not a wall site in a game of this many players.",
	elasund.ReasonWallSiteBuilt:   "That wall site already has a wall tile.",
	elasund.ReasonWallNotAdjacent: "You can build a wall tile only next to a gate or next to a tile already standing on the same wall.",
	elasund.ReasonNoWallTiles:     "You have no wall tiles left.",
	elasund.ReasonCannotPayWall:   "You do not have enough gold for that wall tile: it costs 2 gold on the north or south wall and 4 on the east wall.",

	elasund.ReasonChurchComplete:  "The church is finished: all nine of its tiles are built.",
	elasund.ReasonCannotPayChurch: "A church tile costs 7 gold, and you have less.",
	elasund.ReasonNotDrawnTile:    "You must keep one of the two church tiles you drew.",

	elasund.ReasonNotAwaitingRebuild: "That is not a hut or totem of yours that waits to be rebuilt.",
	elasund.ReasonRebuildSquare:      "You can rebuild it only on empty squares of the city, with no building, permit or church tile on them, and not on a trade field.",

	elasund.ReasonPermitNotInSupply:     "You do not have that permit in your supply; it may be on the board already.",
	elasund.ReasonSquareNotEmpty:        "A permit goes only on an empty square of the city, one with no building, permit or church tile on it.",
	elasund.ReasonPermitRow:             "Without paying influence, a permit goes in the ship's row or, if that row is full, the nearest row north or south with an empty square; for 2 influence cards of one colour it may go in any row.",
	elasund.ReasonPermitRowAdjacent:     "Under the English edition's rules, when the ship's row is full a free permit goes only in a row next to it; further away, you must pay 2 influence cards of one colour.",
	elasund.ReasonCannotPayPermit:       "A permit costs its value in gold, and you do not have that much gold.",
	elasund.ReasonCannotPayTwoInfluence: "That costs 2 influence cards of the colour you named, and you have fewer.",
	elasund.ReasonNoPermitToMove:        "You have no permit on that square to move.",
	elasund.ReasonNoPermitToUpgrade:     "You have no permit on that square to upgrade.",
	elasund.ReasonUpgradeValue:          "To upgrade, pick a permit of higher value that is still in your supply.",
	elasund.ReasonCannotPayUpgrade:      "An upgrade costs the difference between the two permits' values in gold, and you do not have that much.",
	elasund.ReasonCannotPayThreeColors:  "That costs one influence card of each colour, blue, green and yellow, and you are missing at least one.",

	elasund.ReasonNotYourDecision: "It is not your turn to decide.",
	elasund.ReasonChance:          "The table rolls the dice for you.",
	elasund.ReasonNotListed:       "That move is not among the moves you can make right now.",
	elasund.ReasonAbandoned:       "The host ended this game before anyone won.",
	elasund.ReasonForfeited:       "A player left the table, which ended this game.",
}
