package elasund

// The turn (RULES.md §4–§11): the legal moves, checking and applying a
// move, and the turn's flow from phase to phase.

// Legal returns every legal move of the player who must decide now (ToMove),
// in a deterministic order and without duplicates. It is empty once the game
// is over. Use AppendLegal to reuse a buffer.
func (g *Game) Legal() []Move { return g.AppendLegal(nil) }

// AppendLegal appends the legal moves to dst and returns the extended slice,
// like Legal; with a buffer of sufficient capacity it does not allocate.
func (g *Game) AppendLegal(dst []Move) []Move {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return dst // not a game made by New
	}
	switch g.phase {
	case PhaseRoll:
		dst = append(dst, Move{Kind: Roll})
	case PhaseSteer:
		i := g.ship.idx()
		for _, j := range [2]int{i - 2, i + 2} {
			if j >= 0 && j < NumRows {
				dst = append(dst, Move{Kind: Steer, Row: rowNumbers[j]})
			}
		}
	case PhasePirates:
		for _, r := range rowNumbers {
			if r != g.ship {
				dst = append(dst, Move{Kind: Pirates, Row: r})
			}
		}
	case PhaseDiscard:
		dst = g.appendCardChoices(dst, Discard, true)
	case PhaseShortage:
		dst = g.appendCardChoices(dst, ReturnInfluence, false)
	case PhaseBuild:
		dst = g.appendBuilds(dst)
		dst = g.appendWalls(dst)
		if g.checkChurch() == NoReason {
			dst = append(dst, Move{Kind: BuildChurch})
		}
		dst = append(dst, Move{Kind: EndBuilding})
	case PhaseChurchChoice:
		a, b := g.churchDrawn[0], g.churchDrawn[1]
		if a > b {
			a, b = b, a
		}
		dst = append(dst, Move{Kind: KeepChurchTile, Tile: ChurchTile(a)}, Move{Kind: KeepChurchTile, Tile: ChurchTile(b)})
	case PhaseRebuild:
		dst = g.appendRebuilds(dst)
	case PhasePermit:
		dst = g.appendPermits(dst)
		dst = append(dst, Move{Kind: TakeGold})
	case PhaseBonus:
		dst = g.appendBonus(dst)
		dst = append(dst, Move{Kind: EndTurn})
	}
	return dst
}

// IsLegal reports whether m is legal now: exactly when Legal lists it.
// It is Check(m) == nil but for a forced roll (a Roll with its dice set),
// which Legal never lists and IsLegal does not accept: the dice are
// chance's. Check and Apply accept forced rolls, for replay tools, tests
// and chance-node search.
func (g *Game) IsLegal(m Move) bool {
	return (m.Kind != Roll || m.Dice == [2]uint8{}) && g.check(m) == NoReason
}

// Check returns the error Apply would return for m, without applying it:
// nil if m is legal now, or a roll forced to dice 1–6 where a roll is
// legal (which IsLegal and Legal leave out; see Apply).
func (g *Game) Check(m Move) error {
	if r := g.check(m); r != NoReason {
		return g.moveError(m, r)
	}
	return nil
}

// Apply plays move m for the player who must decide now. If m is not legal
// it returns a *MoveError that wraps ErrIllegalMove and names the rule that
// forbids the move, and the game is left exactly as it was.
//
// A Roll move with Dice {0, 0} rolls the game's seeded dice; a Roll with both
// dice set (1–6) forces that outcome, for tests, replays and chance-node
// search. A forced roll advances the random source exactly as the plain roll
// does, so forcing the dice that the plain roll would give leaves an equal
// (==) game. Legal and IsLegal leave forced rolls out (a player does not
// choose the dice); Check and Apply accept them.
func (g *Game) Apply(m Move) error {
	var plan buildPlan // a build's plan, made once by checking it
	if r := g.checkPlan(&m, &plan); r != NoReason {
		return g.moveError(m, r)
	}
	switch m.Kind {
	case Roll:
		g.applyRoll(m)
	case Steer:
		g.ship = m.Row
		g.produce()
	case Pirates:
		g.startPirates(m.Row)
	case Discard, ReturnInfluence:
		g.applyGiveUp(m.Cards)
	case Build:
		g.applyBuild(m, &plan)
	case BuildWall:
		g.applyWall(m.Site)
	case BuildChurch:
		g.applyChurch()
	case KeepChurchTile:
		g.applyKeepChurchTile(m.Tile)
	case Rebuild:
		g.applyRebuild(m)
	case DeclineRebuild:
		g.applyDeclineRebuild(m.Building)
	case EndBuilding:
		g.phase = PhasePermit
	case PlacePermit:
		g.applyPlacePermit(m)
	case TakeGold:
		g.takeGold(int(g.active), 2)
		g.phase = PhaseBonus
	case MovePermit:
		g.applyMovePermit(m)
	case UpgradePermit:
		g.applyUpgradePermit(m)
	case BonusPermit:
		g.applyBonusPermit(m)
	case BonusGold:
		g.applyBonusGold()
	case EndTurn:
		g.endTurn()
	}
	return nil
}

// phaseOf is the phase in which each kind of move is played.
var phaseOf = [...]Phase{
	NoMove: PhaseOver, Roll: PhaseRoll, Steer: PhaseSteer, Pirates: PhasePirates,
	Discard: PhaseDiscard, ReturnInfluence: PhaseShortage, Build: PhaseBuild,
	BuildWall: PhaseBuild, BuildChurch: PhaseBuild, KeepChurchTile: PhaseChurchChoice,
	Rebuild: PhaseRebuild, EndBuilding: PhaseBuild, PlacePermit: PhasePermit,
	TakeGold: PhasePermit, MovePermit: PhaseBonus, UpgradePermit: PhaseBonus,
	BonusPermit: PhaseBonus, BonusGold: PhaseBonus, EndTurn: PhaseBonus,
	DeclineRebuild: PhaseRebuild,
}

// check decides whether m is legal now, without side effects and without
// allocating. Legal generation and Apply both go through it.
func (g *Game) check(m Move) Reason {
	var plan buildPlan
	return g.checkPlan(&m, &plan)
}

// checkPlan is check; for a legal build it leaves in plan what the build
// will do.
//
// The checks take the move by pointer: a Move is passed on the stack, and
// a copy read back soon after the caller wrote it stalls.
func (g *Game) checkPlan(m *Move, plan *buildPlan) Reason {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return ReasonNoGame
	}
	if g.phase == PhaseOver {
		return ReasonGameOver
	}
	if m.Kind == NoMove || int(m.Kind) >= len(phaseOf) {
		return ReasonUnknownKind
	}
	if fieldsOf(m)&^kindFields[m.Kind] != 0 { // canonical(m) != m
		return ReasonUnusedField
	}
	if phaseOf[m.Kind] != g.phase {
		return ReasonWrongPhase
	}
	if r := rangesOf(m); r != NoReason {
		return r
	}
	switch m.Kind {
	case Roll:
		d := m.Dice
		if d != [2]uint8{} && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
			return ReasonForcedDice
		}
	case Steer:
		if !m.Row.Valid() {
			return ReasonNotARow
		}
		if dist := m.Row.idx() - g.ship.idx(); dist != 2 && dist != -2 {
			return ReasonSteerTwoRows
		}
	case Pirates:
		if !m.Row.Valid() {
			return ReasonNotARow
		}
		if m.Row == g.ship {
			return ReasonPiratesShipRow
		}
	case Discard:
		return g.checkCardChoice(m.Cards)
	case ReturnInfluence:
		return g.checkCardChoice(m.Cards)
	case Build:
		return g.checkBuild(m, plan)
	case BuildWall:
		return g.checkWall(m.Site)
	case BuildChurch:
		return g.checkChurch()
	case KeepChurchTile:
		if m.Tile == 0 || (uint8(m.Tile) != g.churchDrawn[0] && uint8(m.Tile) != g.churchDrawn[1]) {
			return ReasonNotDrawnTile
		}
	case Rebuild:
		return g.checkRebuild(m)
	case DeclineRebuild:
		return g.checkRebuildPending(m.Building)
	case PlacePermit:
		return g.checkPlacePermit(m)
	case MovePermit:
		return g.checkMovePermit(m)
	case UpgradePermit:
		return g.checkUpgradePermit(m)
	case BonusPermit:
		return g.checkBonusPermit(m)
	case BonusGold:
		return g.checkBonusGold()
	}
	return NoReason
}

// moveFields is a set of the fields of a Move other than Kind, one bit
// per byte of the move in the order of the fields: Building, Square, From,
// Row, Permit, Site, Tile, Pay, then the four counts of Cards and the two
// Dice.
type moveFields uint16

const (
	fBuilding moveFields = 1 << iota
	fSquare
	fFrom
	fRow
	fPermit
	fSite
	fTile
	fPay
	fGold
	fBlue
	fGreen
	fYellow
	fDie1
	fDie2

	fInfluence = fBlue | fGreen | fYellow
	fDice      = fDie1 | fDie2
)

// kindFields[k] is the set of fields that moves of kind k use: those
// canonical keeps. check refuses a move with any other field set without
// building the canonical move, which is faster.
var kindFields = [numKinds]moveFields{
	Roll: fDice, Steer: fRow, Pirates: fRow, Discard: fGold | fInfluence,
	ReturnInfluence: fInfluence, Build: fBuilding | fSquare | fPay, BuildWall: fSite,
	KeepChurchTile: fTile, Rebuild: fBuilding | fSquare, DeclineRebuild: fBuilding,
	PlacePermit: fPermit | fSquare | fPay, MovePermit: fFrom | fSquare | fPay,
	UpgradePermit: fSquare | fPermit | fPay, BonusPermit: fPermit | fSquare,
}

// setFields returns the fields of m, other than Kind, that are not zero.
func setFields(m Move) moveFields { return fieldsOf(&m) }

// fieldsOf is setFields: the fields as the bytes of two words, and the
// bytes that are not zero. The second word is the last eight bytes of the
// move, Tile to Dice, which a copy of a Move writes with one store: read
// back in one load, soon after the copy, it does not stall.
func fieldsOf(m *Move) moveFields {
	lo := uint64(m.Building) | uint64(m.Square)<<8 | uint64(m.From)<<16 | uint64(m.Row)<<24 |
		uint64(m.Permit)<<32 | uint64(m.Site)<<40
	hi := uint64(m.Tile) | uint64(m.Pay)<<8 | uint64(m.Cards.Gold)<<16 | uint64(m.Cards.Blue)<<24 |
		uint64(m.Cards.Green)<<32 | uint64(m.Cards.Yellow)<<40 | uint64(m.Dice[0])<<48 | uint64(m.Dice[1])<<56
	return moveFields(nonzeroFlags(lo) | nonzeroFlags(hi)<<6)
}

// fieldRanges checks that the fields m's kind uses name real squares,
// tiles and colours (malformed moves), before any rule is consulted.
func fieldRanges(m Move) Reason { return rangesOf(&m) }

// rangesOf is fieldRanges.
func rangesOf(m *Move) Reason {
	switch m.Kind {
	case Build, Rebuild, PlacePermit, MovePermit, UpgradePermit, BonusPermit:
		if !m.Square.Valid() || (m.Kind == MovePermit && !m.From.Valid()) {
			return ReasonNotASquare
		}
	case KeepChurchTile:
		if m.Tile < 1 || m.Tile > ChurchTiles {
			return ReasonNotAChurchTile
		}
	}
	if m.Pay > InfluenceYellow {
		return ReasonNotAnInfluenceColor
	}
	return NoReason
}

// applyRoll rolls (or takes the forced dice) and moves the ship (§4.1).
// A forced roll draws the dice from the source all the same and then sets
// them aside, so the source ends where the plain roll leaves it: a game
// replayed with its rolls forced to the dice that came up is the same game,
// == included.
func (g *Game) applyRoll(m Move) {
	g.dice = [2]uint8{uint8(g.intn(6) + 1), uint8(g.intn(6) + 1)}
	if m.Dice != [2]uint8{} {
		g.dice = m.Dice
	}
	sum := Row(g.dice[0] + g.dice[1])
	if sum == 7 {
		g.phase = PhasePirates
		return
	}
	if sum != g.ship {
		g.ship = sum
		g.produce()
		return
	}
	// The ship is already there: two rows up or down.
	i := g.ship.idx()
	switch {
	case i-2 < 0:
		g.ship = rowNumbers[i+2]
	case i+2 >= NumRows:
		g.ship = rowNumbers[i-2]
	default:
		g.phase = PhaseSteer
		return
	}
	g.produce()
}

// startBuilding enters phase 2 for the active player.
func (g *Game) startBuilding() {
	g.phase = PhaseBuild
	g.toMove = g.active
}

// afterBuild continues the turn after a build: starter rebuilds first, then
// the next build or phase 3.
func (g *Game) afterBuild() {
	g.builds++
	if g.phase == PhaseOver {
		return
	}
	g.continueBuilding()
}

// continueBuilding hands the rebuilds to their owners, then returns to the
// active player's phase 2 or 3.
func (g *Game) continueBuilding() {
	if g.nextRebuilder() {
		return
	}
	g.toMove = g.active
	if g.builds >= 2 {
		g.phase = PhasePermit
	} else {
		g.phase = PhaseBuild
	}
}

// endTurn passes the turn clockwise (or ends the game at MaxTurns or
// TurnLimit).
func (g *Game) endTurn() {
	g.turn++
	if g.turn >= g.lastTurn() {
		g.phase = PhaseOver
		return
	}
	g.active = uint8(g.next(int(g.active)))
	g.toMove = g.active
	g.builds = 0
	g.phase = PhaseRoll
}

// lastTurn is the number of turns after which the game ends without a
// winner: MaxTurns, if set, or TurnLimit.
func (g *Game) lastTurn() uint32 {
	if g.maxTurns > 0 && g.maxTurns < TurnLimit {
		return g.maxTurns
	}
	return TurnLimit
}

// gainCube puts one of the active player's cubes on the board, if one is
// left, and ends the game when it is the tenth (§11). It reports whether a
// cube was placed.
func (g *Game) gainCube(p int) bool {
	if g.cubes[p] >= CubesPerPlayer {
		return false
	}
	g.cubes[p]++
	if g.cubes[p] == CubesPerPlayer && p == int(g.active) {
		g.phase = PhaseOver
		g.winner = int8(p)
	}
	return true
}

// validateTurn is Validate's check of the turn: the turns played and the
// turn limit at most TurnLimit, a known phase, the active, deciding and
// first players playing, and the builds made fitting the phase.
func (g *Game) validateTurn() error {
	n := int(g.n)
	if g.turn > TurnLimit || g.maxTurns > TurnLimit {
		return invalidState("%d turns played of a limit of %d; a game lasts at most %d turns", g.turn, g.maxTurns, TurnLimit)
	}
	if g.phase > PhaseOver || int(g.active) >= n || int(g.toMove) >= n || int(g.first) >= n || g.builds > 2 {
		return invalidState("phase %v, active %d, to move %d, first %d, builds %d", g.phase, g.active, g.toMove, g.first, g.builds)
	}
	if (g.phase < PhaseBuild && g.builds != 0) || (g.phase == PhaseChurchChoice && g.builds > 1) || (g.phase == PhaseRebuild && g.builds == 0) {
		return invalidState("%d builds made before %v", g.builds, g.phase)
	}
	return nil
}

// validateDecisions is Validate's check of who owes a decision: cards owed
// only in a discard or shortage and no more than held, rebuilds pending
// only in PhaseRebuild (or at the end) and for starters awaiting one,
// the deciding player one with a decision to make, and a winner only at
// the end.
func (g *Game) validateDecisions() error {
	n := int(g.n)
	for p := 0; p < n; p++ {
		if g.pending[p] != 0 && g.phase != PhaseDiscard && g.phase != PhaseShortage {
			return invalidState("player %d owes cards outside a discard or shortage", p)
		}
		if g.rebuild[p] >= 4 || (g.rebuild[p] != 0 && g.phase != PhaseRebuild && g.phase != PhaseOver) {
			return invalidState("player %d has a rebuild pending outside PhaseRebuild (or the end)", p)
		}
		for _, b := range [2]Building{Hut, Totem} {
			if g.rebuild[p]&(1<<(b-Hut)) != 0 && g.pieceSq[playerPiece(p, b)] != awaitingRebuild {
				return invalidState("player %d has a %v rebuild pending but the %v is not awaiting one", p, b, b)
			}
		}
		hold := g.influenceCount(p)
		if g.phase == PhaseDiscard {
			hold += int(g.gold[p])
		}
		if int(g.pending[p]) > hold {
			return invalidState("player %d owes %d cards but holds %d", p, g.pending[p], hold)
		}
	}
	switch g.phase {
	case PhaseDiscard, PhaseShortage:
		if g.pending[g.toMove] == 0 {
			return invalidState("player %d decides in %v but owes nothing", g.toMove, g.phase)
		}
	case PhaseRebuild:
		if g.rebuild[g.toMove] == 0 {
			return invalidState("player %d decides a rebuild but has none pending", g.toMove)
		}
	case PhaseOver:
		if g.winner >= 0 && (int(g.winner) >= n || g.cubes[g.winner] != CubesPerPlayer) {
			return invalidState("winner %d has not placed all cubes", g.winner)
		}
	default:
		if g.toMove != g.active {
			return invalidState("player %d decides in %v, but it is player %d's turn", g.toMove, g.phase, g.active)
		}
	}
	if g.phase != PhaseOver && g.winner != -1 {
		return invalidState("a winner while the game goes on")
	}
	return nil
}

// validateShip is Validate's check of the ship: off the board only before
// the first roll, otherwise on a row.
func (g *Game) validateShip() error {
	if g.ship == NoRow && !(g.turn == 0 && (g.phase == PhaseRoll || g.phase == PhasePirates)) {
		return invalidState("the ship is off the board after the first roll")
	}
	if g.ship != NoRow && !g.ship.Valid() {
		return invalidState("the ship is at row %d", g.ship)
	}
	return nil
}
