package elasund

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Reason is why a move is refused: the one rule it breaks. Every
// *MoveError carries one (MoveError.Reason). A Reason is a small integer,
// so that checking a move allocates nothing; its String is a short code
// that does not change between versions ("no-majority"), for the wire and
// for a host to key its own sentences on, and Section and Rule give the rule
// of RULES.md it enforces. The numbers of the reasons may change between
// versions; their codes do not. The zero value, NoReason, is no refusal:
// the move is legal.
type Reason uint8

// The reasons, by the part of the game whose rule they enforce. Each
// comment gives the rule and its section of RULES.md (Section returns the
// section, Rule the rule as MoveError.Rule states it) and, in brackets, the
// category sentinel the MoveError wraps besides ErrIllegalMove, if any.
const (
	NoReason Reason = iota // no refusal: the move is legal

	// ReasonGameOver (§11): the game has ended; no move is legal
	// [ErrGameOver].
	ReasonGameOver
	// ReasonNoGame (§2): there is no game to move in: a zero Game or
	// Table, not set up by New or NewTable [ErrGameOver].
	ReasonNoGame
	// ReasonUnknownKind (§4): the move's Kind is not a kind of move of a
	// turn [ErrMalformedMove].
	ReasonUnknownKind
	// ReasonUnusedField (§4): a field the move's kind does not use is set;
	// it must be zero [ErrMalformedMove].
	ReasonUnusedField
	// ReasonWrongPhase (§4): the move's kind belongs to another phase of
	// the turn than the one the game is in [ErrWrongPhase].
	ReasonWrongPhase
	// ReasonNotASquare (§1): a square the move names is not a square of
	// the board [ErrMalformedMove].
	ReasonNotASquare
	// ReasonNotARow (§1): the row the move names is not a row of the
	// board, 2–6 or 8–12 [ErrMalformedMove].
	ReasonNotARow
	// ReasonNotAnInfluenceColor (§2): the colour the move pays with is not
	// blue, green or yellow [ErrMalformedMove].
	ReasonNotAnInfluenceColor
	// ReasonNotAPermitValue (§2): permits have the values 0 to 4
	// [ErrMalformedMove].
	ReasonNotAPermitValue
	// ReasonNotAChurchTile (§8): church tiles are numbered 1 to 9
	// [ErrMalformedMove].
	ReasonNotAChurchTile

	// ReasonForcedDice (§4.1): forced dice must both be 1 to 6 (or both
	// 0, to roll) [ErrMalformedMove].
	ReasonForcedDice
	// ReasonSteerTwoRows (§4.1): on a repeated number the ship moves
	// exactly two rows up or down.
	ReasonSteerTwoRows
	// ReasonPiratesShipRow (§4.2): the pirates go to a row other than the
	// ship's.
	ReasonPiratesShipRow
	// ReasonCardsOwed (§4): a discard to the pirates or a return in a
	// shortage gives up exactly the number of cards owed.
	ReasonCardsOwed
	// ReasonCardsNotHeld (§4): a player gives up only cards they hold.
	ReasonCardsNotHeld

	// ReasonBuildLimit (§4): at most two building projects a turn. Play
	// goes on to phase 3 after the second, so only a position set up or
	// loaded in phase 2 with two builds made gives it.
	ReasonBuildLimit
	// ReasonNotBuildable (§3): only a house, a workshop or a neutral
	// building is built; starters never are [ErrMalformedMove].
	ReasonNotBuildable
	// ReasonBuildingNotInSupply (§3): no copy of the building is in the
	// builder's or the neutral supply.
	ReasonBuildingNotInSupply
	// ReasonOutsideCity (§6.1): the footprint must lie inside the city.
	ReasonOutsideCity
	// ReasonChurchFoundation (§6.1): before the church is begun, the
	// footprint may not cover its foundation c8.
	ReasonChurchFoundation
	// ReasonCoversChurch (§6.1, §8): a building may not cover a church
	// tile.
	ReasonCoversChurch
	// ReasonPermitCount (§6.2): the footprint holds fewer permits, of
	// anybody, than the building needs.
	ReasonPermitCount
	// ReasonNoOwnPermit (§6.2): the builder has no permit in the
	// footprint.
	ReasonNoOwnPermit
	// ReasonNoMajority (§6.2): the builder's permits in the footprint must
	// total strictly more than every other player's; a tie lets nobody
	// build.
	ReasonNoMajority
	// ReasonLargerBuilding (§6.5): a larger building under the footprint
	// cannot be built over.
	ReasonLargerBuilding
	// ReasonSameSizeUnpaid (§6.5): building over a building of the same
	// size costs 3 influence cards of one colour, which the move names
	// (Pay).
	ReasonSameSizeUnpaid
	// ReasonNeedlessPay (§6.5): no building of the same size is under the
	// footprint, so the move may not name a colour to pay
	// [ErrMalformedMove].
	ReasonNeedlessPay
	// ReasonCannotPayBuildOver (§6.5): the builder lacks 3 influence cards
	// of the colour named to build over a building of the same size
	// [ErrCannotPay].
	ReasonCannotPayBuildOver
	// ReasonCannotPayBuild (§6.3): the builder cannot pay the building's
	// cost and the compensation to the other players with permits in the
	// footprint [ErrCannotPay].
	ReasonCannotPayBuild

	// ReasonNotAWallSite (§7): the site is not a wall site of a game of
	// this many players [ErrMalformedMove].
	ReasonNotAWallSite
	// ReasonWallSiteBuilt (§7): a wall tile stands on the site already.
	ReasonWallSiteBuilt
	// ReasonWallNotAdjacent (§7): a wall tile goes next to a gate or to a
	// built wall tile along its wall.
	ReasonWallNotAdjacent
	// ReasonNoWallTiles (§7): the player's wall stack is empty.
	ReasonNoWallTiles
	// ReasonCannotPayWall (§7): a wall tile costs 2 gold on the north or
	// south wall, 4 on the east [ErrCannotPay].
	ReasonCannotPayWall

	// ReasonChurchComplete (§8): all nine church tiles are built.
	ReasonChurchComplete
	// ReasonCannotPayChurch (§8): a church tile costs 7 gold
	// [ErrCannotPay].
	ReasonCannotPayChurch
	// ReasonNotDrawnTile (§8): the first church builder keeps one of the
	// two tiles drawn.
	ReasonNotDrawnTile

	// ReasonNotAwaitingRebuild (§6.8): that starter of the player is not
	// waiting to be rebuilt.
	ReasonNotAwaitingRebuild
	// ReasonRebuildSquare (§6.8): a starter is rebuilt on empty squares
	// that are not trade fields.
	ReasonRebuildSquare

	// ReasonPermitNotInSupply (§5): the permit is not in the player's
	// supply.
	ReasonPermitNotInSupply
	// ReasonSquareNotEmpty (§5): a permit goes on an empty square of the
	// city.
	ReasonSquareNotEmpty
	// ReasonPermitRow (§5): without influence a permit goes in the ship's
	// row or, if it has no empty square, in the nearest row north or south
	// that has one.
	ReasonPermitRow
	// ReasonPermitRowAdjacent (§12): under AdjacentPermitRows, when the
	// ship's row is full a free permit goes only in a row next to it, and
	// beyond them only a paid placement.
	ReasonPermitRowAdjacent
	// ReasonCannotPayPermit (§5, §10): the player cannot pay the permit's
	// value in gold [ErrCannotPay].
	ReasonCannotPayPermit
	// ReasonCannotPayTwoInfluence (§5, §10): a permit placed in any row,
	// moved or upgraded costs 2 influence cards of the colour named
	// [ErrCannotPay].
	ReasonCannotPayTwoInfluence
	// ReasonNoPermitToMove (§10): the player has no permit on the square
	// to move it from.
	ReasonNoPermitToMove
	// ReasonNoPermitToUpgrade (§10): the player has no permit on the
	// square to upgrade.
	ReasonNoPermitToUpgrade
	// ReasonUpgradeValue (§10): an upgrade swaps a permit for a higher one
	// from the player's supply.
	ReasonUpgradeValue
	// ReasonCannotPayUpgrade (§10): an upgrade costs the difference of the
	// two values in gold [ErrCannotPay].
	ReasonCannotPayUpgrade
	// ReasonCannotPayThreeColors (§10): a bonus permit or bonus gold costs
	// one influence card of each colour [ErrCannotPay].
	ReasonCannotPayThreeColors

	// ReasonNotYourDecision (§4): at a Table, the seat that submits the
	// move does not decide now, or is not a seat of the game
	// [ErrNotYourDecision].
	ReasonNotYourDecision
	// ReasonChance (§13): at a Table the referee rolls; a seat cannot
	// force the dice [ErrChance].
	ReasonChance
	// ReasonNotListed (§13): at a Table a seat plays only a move that
	// Legal lists for it, in the form Legal lists it [ErrNotListed]. A
	// safeguard: Legal lists every move Check accepts, but for a forced
	// roll, which ReasonChance refuses first.
	ReasonNotListed
	// ReasonAbandoned (§11): the host ended play at the Table before the
	// game's end (Table.Abandon) [ErrGameOver].
	ReasonAbandoned
	// ReasonForfeited (§11): a seat forfeited at the Table (Table.Forfeit),
	// which ended the game [ErrGameOver].
	ReasonForfeited

	numReasons // the number of reasons, NoReason included
)

// reasonInfo gives each reason its code (String), its rule text (Text,
// which begins with the rule's section, Rule) and its category sentinel.
var reasonInfo = [numReasons]struct {
	code string
	text string
	cat  error
}{
	NoReason:                    {"none", "", nil},
	ReasonGameOver:              {"game-over", "§11: the game has ended", ErrGameOver},
	ReasonNoGame:                {"no-game", "§2: no game was set up here (a Game comes from New, a Table from NewTable)", ErrGameOver},
	ReasonUnknownKind:           {"unknown-kind", "§4: not a kind of move of a turn (unknown kind)", ErrMalformedMove},
	ReasonUnusedField:           {"unused-field", "§4: a field this kind of move does not use is set (it must be zero)", ErrMalformedMove},
	ReasonWrongPhase:            {"wrong-phase", "§4: this kind of move belongs to another phase of the turn", ErrWrongPhase},
	ReasonNotASquare:            {"not-a-square", "§1: not a square of the board (columns a–i, rows 2–6 and 8–12)", ErrMalformedMove},
	ReasonNotARow:               {"not-a-row", "§1: not a row of the board (rows are 2–6 and 8–12)", ErrMalformedMove},
	ReasonNotAnInfluenceColor:   {"not-an-influence-color", "§2: not an influence colour (blue, green or yellow)", ErrMalformedMove},
	ReasonNotAPermitValue:       {"not-a-permit-value", "§2: permits have values 0 to 4", ErrMalformedMove},
	ReasonNotAChurchTile:        {"not-a-church-tile", "§8: church tiles are numbered 1 to 9", ErrMalformedMove},
	ReasonForcedDice:            {"forced-dice", "§4.1: forced dice must both be 1 to 6 (or both 0 to roll)", ErrMalformedMove},
	ReasonSteerTwoRows:          {"steer-two-rows", "§4.1: on a repeated number the ship moves exactly two rows up or down", nil},
	ReasonPiratesShipRow:        {"pirates-ship-row", "§4.2: the pirates must move to a row other than the ship's", nil},
	ReasonCardsOwed:             {"cards-owed", "§4: the number of cards must be exactly the number owed", nil},
	ReasonCardsNotHeld:          {"cards-not-held", "§4: a player can only give up cards they hold", nil},
	ReasonBuildLimit:            {"build-limit", "§4: at most two builds a turn", nil},
	ReasonNotBuildable:          {"not-buildable", "§3: only a house, workshop or neutral building can be built (starters are never built)", ErrMalformedMove},
	ReasonBuildingNotInSupply:   {"building-not-in-supply", "§3: no copy of that building is in supply", nil},
	ReasonOutsideCity:           {"outside-city", "§6.1: the footprint must lie inside the city", nil},
	ReasonChurchFoundation:      {"church-foundation", "§6.1: the footprint may not cover the church foundation c8 before the church exists", nil},
	ReasonCoversChurch:          {"covers-church", "§6.1/§8: a building may not cover a church tile", nil},
	ReasonPermitCount:           {"permit-count", "§6.2: too few permits in the footprint for this building", nil},
	ReasonNoOwnPermit:           {"no-own-permit", "§6.2: the builder must have a permit in the footprint", nil},
	ReasonNoMajority:            {"no-majority", "§6.2: the builder's permits must total strictly more than every other player's (a tie lets nobody build)", nil},
	ReasonLargerBuilding:        {"larger-building", "§6.5: a larger building blocks the build", nil},
	ReasonSameSizeUnpaid:        {"same-size-unpaid", "§6.5: building over a building of the same size costs 3 influence of one colour (name it with Pay)", nil},
	ReasonNeedlessPay:           {"needless-pay", "§6.5: no building of the same size is under the footprint, so no influence is paid", ErrMalformedMove},
	ReasonCannotPayBuildOver:    {"cannot-pay-build-over", "§6.5: the builder needs 3 influence cards of the named colour", ErrCannotPay},
	ReasonCannotPayBuild:        {"cannot-pay-build", "§6.3: the builder cannot pay the cost and the compensation", ErrCannotPay},
	ReasonNotAWallSite:          {"not-a-wall-site", "§7: not a wall site of this game", ErrMalformedMove},
	ReasonWallSiteBuilt:         {"wall-site-built", "§7: that wall site is built already", nil},
	ReasonWallNotAdjacent:       {"wall-not-adjacent", "§7: a wall tile goes next to a gate or to a built wall tile along its wall", nil},
	ReasonNoWallTiles:           {"no-wall-tiles", "§7: the player's wall stack is empty", nil},
	ReasonCannotPayWall:         {"cannot-pay-wall", "§7: a wall tile costs 2 gold (north, south) or 4 gold (east)", ErrCannotPay},
	ReasonChurchComplete:        {"church-complete", "§8: all nine church tiles are built", nil},
	ReasonCannotPayChurch:       {"cannot-pay-church", "§8: a church tile costs 7 gold", ErrCannotPay},
	ReasonNotDrawnTile:          {"not-drawn-tile", "§8: the first builder keeps one of the two tiles drawn", nil},
	ReasonNotAwaitingRebuild:    {"not-awaiting-rebuild", "§6.8: that starter building is not waiting to be rebuilt", nil},
	ReasonRebuildSquare:         {"rebuild-square", "§6.8: a starter is rebuilt on empty squares that are not trade fields", nil},
	ReasonPermitNotInSupply:     {"permit-not-in-supply", "§5: that permit is not in the player's supply", nil},
	ReasonSquareNotEmpty:        {"square-not-empty", "§5: a permit goes on an empty square of the city", nil},
	ReasonPermitRow:             {"permit-row", "§5: without influence a permit goes in the ship's row, or if it is full the nearest row above or below with an empty square", nil},
	ReasonPermitRowAdjacent:     {"permit-row-adjacent", "§12: English edition: beyond the adjacent rows only a paid placement", nil},
	ReasonCannotPayPermit:       {"cannot-pay-permit", "§5/§10: the player cannot pay the permit's value in gold", ErrCannotPay},
	ReasonCannotPayTwoInfluence: {"cannot-pay-two-influence", "§5/§10: this costs 2 influence cards of the named colour", ErrCannotPay},
	ReasonNoPermitToMove:        {"no-permit-to-move", "§10: the player has no permit on that square", nil},
	ReasonNoPermitToUpgrade:     {"no-permit-to-upgrade", "§10: the player has no permit on that square to upgrade", nil},
	ReasonUpgradeValue:          {"upgrade-value", "§10: an upgrade swaps for a higher permit from the player's supply", nil},
	ReasonCannotPayUpgrade:      {"cannot-pay-upgrade", "§10: an upgrade costs the difference of the values in gold", ErrCannotPay},
	ReasonCannotPayThreeColors:  {"cannot-pay-three-colors", "§10: this costs 3 influence cards of three different colours", ErrCannotPay},
	ReasonNotYourDecision:       {"not-your-decision", "§4: only the player who decides now may move", ErrNotYourDecision},
	ReasonChance:                {"chance", "§13: at a table the referee rolls the dice; nobody chooses them", ErrChance},
	ReasonNotListed:             {"not-listed", "§13: at a table a seat plays only a move Legal lists for it, in the form Legal lists it", ErrNotListed},
	ReasonAbandoned:             {"abandoned", "§11: the host ended the game before its end", ErrGameOver},
	ReasonForfeited:             {"forfeited", "§11: a seat forfeited, which ended the game", ErrGameOver},
}

// Reasons returns every reason a move can be refused for, NoReason
// excluded, in the order of their constants: for a host to check that it
// has a sentence for every code, say.
func Reasons() []Reason {
	rs := make([]Reason, 0, numReasons-1)
	for r := NoReason + 1; r < numReasons; r++ {
		rs = append(rs, r)
	}
	return rs
}

// valid reports whether r is one of the reasons of this package
// (NoReason included).
func (r Reason) valid() bool { return r < numReasons }

// String returns the reason's code: a few lowercase words joined by
// hyphens ("no-majority", "cannot-pay-build"), "none" for NoReason. The
// codes do not change between versions. A value that is no reason gives
// "Reason(N)".
func (r Reason) String() string {
	if r.valid() {
		return reasonInfo[r].code
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Section returns the section of RULES.md whose rule the reason enforces,
// such as "§6.2" ("§6.1/§8" when two sections state it); "" for NoReason
// and for a value that is no reason.
func (r Reason) Section() string {
	if !r.valid() {
		return ""
	}
	t := reasonInfo[r].text
	return t[:max(strings.IndexByte(t, ':'), 0)]
}

// Rule returns the rule the reason enforces, in English, beginning with
// its section of RULES.md: "§6.2: too few permits in the footprint for
// this building". It is the Rule of the MoveError that Game.Apply and
// Game.Check return (a Table's own refusals say more in theirs, such as
// which seat decides). NoReason and a value that is no reason give "".
func (r Reason) Rule() string {
	if !r.valid() {
		return ""
	}
	return reasonInfo[r].text
}

// category returns the sentinel a MoveError of reason r wraps besides
// ErrIllegalMove, or nil.
func (r Reason) category() error {
	if !r.valid() {
		return nil
	}
	return reasonInfo[r].cat
}

// AppendText appends the reason's code (String) to b. A value that is no
// reason gives an error wrapping ErrBadEncoding.
func (r Reason) AppendText(b []byte) ([]byte, error) {
	if !r.valid() {
		return b, fmt.Errorf("%w: reason %d is not a reason", ErrBadEncoding, uint8(r))
	}
	return append(b, reasonInfo[r].code...), nil
}

// MarshalText returns the reason's code (String), as AppendText.
func (r Reason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText sets r to the reason whose code is text. Text that is no
// reason's code gives an error wrapping ErrNotation, which quotes at most
// a few dozen bytes of it, and leaves r unchanged.
func (r *Reason) UnmarshalText(text []byte) error {
	for x := range numReasons {
		if reasonInfo[x].code == string(text) {
			*r = x
			return nil
		}
	}
	head := text[:min(len(text), maxQuoted+utf8.UTFMax)] // enough for quoteInput to clip
	return fmt.Errorf("%w reason %s", ErrNotation, quoteInput(string(head)))
}

// moveError returns the *MoveError of Apply and Check for move m refused
// for reason r.
func (g *Game) moveError(m Move, r Reason) error {
	if r == NoReason || !r.valid() {
		r = ReasonUnknownKind
	}
	return &MoveError{Move: m, Phase: g.phase, Reason: r, Rule: reasonInfo[r].text}
}
