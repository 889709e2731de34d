package elasund

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// Game sizes (RULES.md §2).
const (
	MinPlayers         = 2  // fewest players
	MaxPlayers         = 4  // most players
	CubesPerPlayer     = 10 // victory-point cubes per player; placing the 10th wins
	PermitsPerPlayer   = 5  // permits per player, values 0 to 4
	GoldCards          = 51 // gold cards in the game
	InfluenceCards     = 39 // influence cards in the game
	InfluencePerColor  = 13 // influence cards of each colour
	ChurchTiles        = 9  // church tiles
	WallTilesPerPlayer = 9  // wall tiles in each player's stack
	StartingGold       = 3  // gold each player starts with
	StartingInfluence  = 1  // influence cards each player starts with
)

// Player is a seat at the table, 0 to Players()-1, in clockwise order.
// NoPlayer is nobody.
type Player int8

// NoPlayer is the Player value that names nobody.
const NoPlayer Player = -1

// Phase is the part of a turn the game is in; it tells which kinds of moves
// are legal now.
type Phase uint8

// The phases. A turn runs PhaseRoll, (PhaseSteer | PhasePirates,
// PhaseDiscard… | PhaseShortage…), PhaseBuild (with PhaseChurchChoice and
// PhaseRebuild inside it), PhasePermit, PhaseBonus.
const (
	PhaseRoll         Phase = iota // the active player rolls the dice
	PhaseSteer                     // a repeated number: the roller moves the ship two rows up or down
	PhasePirates                   // a 7: the roller chooses the pirates' row
	PhaseDiscard                   // a player discards cards to the pirates
	PhaseShortage                  // a player returns half their influence cards in a shortage
	PhaseBuild                     // phase 2: up to two builds
	PhaseChurchChoice              // the first church builder keeps one of two tiles
	PhaseRebuild                   // the owner of a displaced starter rebuilds it or lets it leave the game
	PhasePermit                    // phase 3: place a permit or take 2 gold
	PhaseBonus                     // phase 4: at most one bonus action
	PhaseOver                      // the game has ended
)

var phaseNames = [...]string{"roll", "steer", "pirates", "discard", "shortage", "build",
	"church choice", "rebuild", "permit", "bonus", "over"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// Errors. Every error that Apply returns wraps ErrIllegalMove and, where one
// fits, one of the more specific sentinels; check them with errors.Is.
var (
	// ErrIllegalMove is wrapped by every error of Apply.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: the game has ended; no move is legal.
	ErrGameOver = errors.New("the game is over")
	// ErrWrongPhase: the move's kind is not allowed in the current phase.
	ErrWrongPhase = errors.New("wrong phase for this kind of move")
	// ErrMalformedMove: a field of the move is out of range or set where the
	// move's kind does not use it.
	ErrMalformedMove = errors.New("malformed move")
	// ErrCannotPay: the player lacks the gold or influence the move costs.
	ErrCannotPay = errors.New("cannot pay")
	// ErrInvalidConfig is wrapped by every error of New.
	ErrInvalidConfig = errors.New("elasund: invalid configuration")
	// ErrInvalidState is wrapped by every error of Validate: the game state
	// breaks an invariant of the rules.
	ErrInvalidState = errors.New("elasund: invalid state")
)

// MoveError is the error Apply returns for a move that is not legal. It
// names the move, the phase and the rule that forbids it, and wraps
// ErrIllegalMove and a more specific sentinel where one applies.
type MoveError struct {
	Move  Move   // the move that was refused
	Phase Phase  // the phase the game was in
	Rule  string // the rule that forbids the move, citing RULES.md
	cat   error
}

// Error returns a sentence naming the move and the rule that forbids it.
func (e *MoveError) Error() string {
	return fmt.Sprintf("elasund: illegal move %q in phase %v: %s", e.Move.String(), e.Phase, e.Rule)
}

// Unwrap returns ErrIllegalMove and the error's category sentinel.
func (e *MoveError) Unwrap() []error {
	if e.cat == nil {
		return []error{ErrIllegalMove}
	}
	return []error{ErrIllegalMove, e.cat}
}

// Config configures a new game.
type Config struct {
	// Players is the number of players, 2 to 4. It may be left 0 when
	// Colors is given; if both are given they must agree.
	Players int
	// Colors are the players' colours in seat (clockwise) order, distinct.
	// If empty, the first Players of Red, Blue, Green, Yellow are used.
	Colors []Color
	// Seed seeds the game's random source (dice, shuffles, the first player
	// and the pirates' reward draws). The same Config and the same moves
	// give the same game.
	Seed uint64
	// FirstPlayer is the colour of the player who starts. NoColor (the
	// zero value) chooses the first player with the game's random source,
	// as the rules' die roll does.
	FirstPlayer Color
	// MaxTurns, if positive, ends the game without a winner once that many
	// turns have been played. The rules have no such limit; it exists for
	// simulations that must stop. Zero means no limit.
	MaxTurns int
	// InfluenceDeck, if not nil, is the order of the shuffled influence
	// deck, top card first: 39 cards, 13 of each colour. The starting
	// influence cards are dealt from its top in seat order. Decks formed
	// later from the discard pile are shuffled with the random source.
	InfluenceDeck []InfluenceColor
	// ChurchStack, if not nil, is the order of the church stack, top tile
	// first: the nine tiles 1–9 once each.
	ChurchStack []ChurchTile
	// Rules selects the rule options of RULES.md §12, such as
	// EnglishEdition. The zero value plays the majority reading of every
	// rule.
	Rules Rules
}

// Game is a game of Elasund in progress. Create one with New (the zero
// Game is no game: it has no legal moves and refuses every move). A Game holds
// only values (no pointers, maps or slices), so it can be copied with an
// assignment (saved := *g) and compared with ==; Clone does the same on the
// heap. == compares everything, the state of the random source included:
// two games are equal when they are the same position and will draw the
// same dice and cards from here on. Methods never panic on any argument.
type Game struct {
	n        uint8 // players
	colors   [MaxPlayers]Color
	phase    Phase
	active   uint8 // whose turn it is
	toMove   uint8 // who decides now
	first    uint8 // who started
	builds   uint8 // builds made this turn
	ship     Row   // NoRow before the first roll
	dice     [2]uint8
	winner   int8
	turn     uint32 // turns completed
	maxTurns uint32
	rules    Rules // rule options (§12)

	// cell holds what stands on each square: 0 empty, 1..numPieces a
	// building piece (id+1), cellChurch|tile a church tile,
	// cellPermit|seat<<3|value a permit.
	cell       [NumSquares]uint8
	pieceSq    [numPieces]Square // origin square, or inSupply/removedFromGame/awaitingRebuild
	pieceOwner [numPieces]int8   // owner of a neutral building on the board, else -1
	pieceCubes [numPieces]uint8  // cubes on a neutral building's flags
	permitSq   [MaxPlayers][PermitsPerPlayer]Square

	wall      [numWallSites]uint8 // 0 empty, else (seat+1)<<4 | tile number
	wallBuilt [MaxPlayers]uint8   // tiles built; the next tile is wallBuilt+1

	church       [ChurchTiles]uint8 // the stack, bottom first
	churchLen    uint8
	churchOrigin Square // north-west square of the church area; NoSquare before the first tile
	churchOwner  [ChurchTiles + 1]int8
	churchDrawn  [2]uint8 // the first builder's two tiles

	gold     [MaxPlayers]uint8
	bank     uint8
	infl     [MaxPlayers][3]uint8
	deck     [InfluenceCards]uint8 // colour indexes; the top is deck[deckLen-1]
	deckLen  uint8
	discard  [3]uint8
	poolGold uint8 // cards discarded to the pirates this turn
	poolInfl [3]uint8

	tp         [MaxPlayers]uint8 // trade points of standing buildings
	milestones [MaxPlayers]uint8 // bit i: a cube on milestone i (3, 5, 7, 9, 11)
	cubes      [MaxPlayers]uint8 // cubes on the board

	pending [MaxPlayers]uint8 // cards still to discard (pirates) or return (shortage)
	rebuild [MaxPlayers]uint8 // starters awaiting rebuild: bit 0 hut, bit 1 totem

	rng rand.PCG
}

// New starts a game: the board for the player count, starter buildings on
// their squares, 3 gold and 1 influence card for each player, shuffled
// influence deck and church stack, the ship off the board, and the first
// player to roll.
func New(c Config) (*Game, error) {
	colors := c.Colors
	n := c.Players
	if len(colors) == 0 {
		if n < MinPlayers || n > MaxPlayers {
			return nil, fmt.Errorf("%w: %d players; the game is for 2 to 4", ErrInvalidConfig, n)
		}
		colors = []Color{Red, Blue, Green, Yellow}[:n]
	}
	if n != 0 && n != len(colors) {
		return nil, fmt.Errorf("%w: Players is %d but %d colours are given", ErrInvalidConfig, n, len(colors))
	}
	n = len(colors)
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("%w: %d players; the game is for 2 to 4", ErrInvalidConfig, n)
	}
	if c.MaxTurns < 0 || int64(c.MaxTurns) > math.MaxUint32 {
		return nil, fmt.Errorf("%w: MaxTurns %d is out of range (0 to %d)", ErrInvalidConfig, c.MaxTurns, uint32(math.MaxUint32))
	}
	if !c.Rules.valid() {
		return nil, fmt.Errorf("%w: unknown rule options %#x", ErrInvalidConfig, uint8(c.Rules&^allRules))
	}
	g := &Game{n: uint8(n), winner: -1, ship: NoRow, churchOrigin: NoSquare, maxTurns: uint32(c.MaxTurns), rules: c.Rules}
	g.rng = *rand.NewPCG(c.Seed, 0x656c6173756e64) // "elasund"
	first := -1
	for i, col := range colors {
		if col < Red || col > Yellow {
			return nil, fmt.Errorf("%w: invalid colour %d", ErrInvalidConfig, col)
		}
		for _, prev := range colors[:i] {
			if prev == col {
				return nil, fmt.Errorf("%w: colour %v given twice", ErrInvalidConfig, col)
			}
		}
		g.colors[i] = col
		if col == c.FirstPlayer {
			first = i
		}
	}
	if c.FirstPlayer != NoColor && first < 0 {
		return nil, fmt.Errorf("%w: first player %v does not play", ErrInvalidConfig, c.FirstPlayer)
	}
	if c.InfluenceDeck != nil {
		if len(c.InfluenceDeck) != InfluenceCards {
			return nil, fmt.Errorf("%w: influence deck of %d cards; it has 39", ErrInvalidConfig, len(c.InfluenceDeck))
		}
		var count [3]int
		for i, ic := range c.InfluenceDeck {
			if !ic.valid() {
				return nil, fmt.Errorf("%w: influence deck card %d has no colour", ErrInvalidConfig, i)
			}
			count[ic-1]++
			g.deck[InfluenceCards-1-i] = uint8(ic - 1)
		}
		if count != [3]int{InfluencePerColor, InfluencePerColor, InfluencePerColor} {
			return nil, fmt.Errorf("%w: influence deck must hold 13 cards of each colour, has %v", ErrInvalidConfig, count)
		}
	} else {
		for i := range g.deck {
			g.deck[i] = uint8(i / InfluencePerColor)
		}
		g.shuffle(g.deck[:])
	}
	g.deckLen = InfluenceCards
	if c.ChurchStack != nil {
		if len(c.ChurchStack) != ChurchTiles {
			return nil, fmt.Errorf("%w: church stack of %d tiles; it has 9", ErrInvalidConfig, len(c.ChurchStack))
		}
		var seen [ChurchTiles + 1]bool
		for i, t := range c.ChurchStack {
			if t < 1 || t > ChurchTiles || seen[t] {
				return nil, fmt.Errorf("%w: church stack must hold tiles 1 to 9 once each", ErrInvalidConfig)
			}
			seen[t] = true
			g.church[ChurchTiles-1-i] = uint8(t)
		}
	} else {
		for i := range g.church {
			g.church[i] = uint8(i + 1)
		}
		g.shuffle(g.church[:])
	}
	g.churchLen = ChurchTiles
	for t := range g.churchOwner {
		g.churchOwner[t] = -1
	}
	for id := range g.pieceSq {
		g.pieceSq[id] = inSupply
		g.pieceOwner[id] = -1
	}
	for p := range g.permitSq {
		for v := range g.permitSq[p] {
			g.permitSq[p][v] = inSupply
		}
	}
	g.bank = GoldCards
	for p := 0; p < n; p++ {
		hut, totem := StartingSquares(g.colors[p])
		g.put(playerPiece(p, Hut), hut)
		g.put(playerPiece(p, Totem), totem)
		g.gold[p] = StartingGold
		g.bank -= StartingGold
		g.drawInfluence(p)
	}
	if first < 0 {
		first = g.intn(n)
	}
	g.first, g.active, g.toMove = uint8(first), uint8(first), uint8(first)
	g.phase = PhaseRoll
	return g, nil
}

// Clone returns an independent copy of the game. It is one allocation and a
// copy of a few hundred bytes; `saved := *g` copies without allocating.
func (g *Game) Clone() *Game {
	c := *g
	return &c
}

// Players returns the number of players.
func (g *Game) Players() int { return int(g.n) }

// Color returns the colour of player p, or NoColor if p is not a player.
func (g *Game) Color(p Player) Color {
	if !g.valid(p) {
		return NoColor
	}
	return g.colors[p]
}

// PlayerOf returns the player of colour c, or NoPlayer if c does not play.
func (g *Game) PlayerOf(c Color) Player {
	for p := 0; p < int(g.n); p++ {
		if g.colors[p] == c {
			return Player(p)
		}
	}
	return NoPlayer
}

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.phase }

// Active returns the player whose turn it is (after the game: the player
// whose turn ended it).
func (g *Game) Active() Player { return Player(g.active) }

// ToMove returns the player who must decide now. It is usually the active
// player, but pirate discards, shortage returns and starter rebuilds are
// decided by their owners. It is NoPlayer once the game is over.
func (g *Game) ToMove() Player {
	if g.phase == PhaseOver || g.n < MinPlayers {
		return NoPlayer
	}
	return Player(g.toMove)
}

// FirstPlayer returns the player who took the first turn.
func (g *Game) FirstPlayer() Player { return Player(g.first) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Winner returns the player who placed all 10 cubes, or NoPlayer while the
// game goes on or when it ended at Config.MaxTurns.
func (g *Game) Winner() Player {
	if g.phase != PhaseOver || g.n < MinPlayers {
		return NoPlayer
	}
	return Player(g.winner)
}

// Turn returns the number of the current turn, 1 for the first; after the
// game, the number of the last turn played.
func (g *Game) Turn() int {
	if g.phase == PhaseOver && g.winner < 0 {
		return int(g.turn)
	}
	return int(g.turn) + 1
}

// BuildsLeft returns how many builds the active player may still make this
// turn (phase 2 allows two).
func (g *Game) BuildsLeft() int {
	switch g.phase {
	case PhaseRoll, PhaseSteer, PhasePirates, PhaseDiscard, PhaseShortage:
		return 2
	case PhaseBuild, PhaseRebuild:
		return 2 - int(g.builds)
	case PhaseChurchChoice: // the church tile being chosen is a build already
		return 1 - int(g.builds)
	}
	return 0
}

// Ship returns the ship's row, or NoRow before the first roll.
func (g *Game) Ship() Row { return g.ship }

// Dice returns the dice of the last roll, or 0, 0 before the first.
func (g *Game) Dice() (int, int) { return int(g.dice[0]), int(g.dice[1]) }

// Pending returns how many cards player p must still discard to the
// pirates (PhaseDiscard) or return in a shortage (PhaseShortage); 0 in any
// other phase.
func (g *Game) Pending(p Player) int {
	if !g.valid(p) || (g.phase != PhaseDiscard && g.phase != PhaseShortage) {
		return 0
	}
	return int(g.pending[p])
}

// PiratesPool returns the cards discarded to the pirates this turn that
// the roller has not yet been rewarded with; it is empty outside
// PhaseDiscard.
func (g *Game) PiratesPool() Cards { return cardsOf(g.poolGold, g.poolInfl) }

func (g *Game) valid(p Player) bool { return p >= 0 && int(p) < int(g.n) }

func (g *Game) next(p int) int { return (p + 1) % int(g.n) }

// intn returns a uniform random integer in [0, n), n > 0, from the game's
// own source (Lemire's method with rejection).
func (g *Game) intn(n int) int {
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(g.rng.Uint64(), bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// shuffle shuffles s in place (Fisher–Yates) with the game's source.
func (g *Game) shuffle(s []uint8) {
	for i := len(s) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

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
		if g.checkChurch() == okay {
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

// IsLegal reports whether m is legal now; it is Check(m) == nil.
func (g *Game) IsLegal(m Move) bool { return g.check(m) == okay }

// Check returns the error Apply would return for m, without applying it:
// nil if m is legal now.
func (g *Game) Check(m Move) error {
	if r := g.check(m); r != okay {
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
// (==) game.
func (g *Game) Apply(m Move) error {
	if r := g.check(m); r != okay {
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
		g.applyBuild(m)
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
func (g *Game) check(m Move) reason {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return rNoGame
	}
	if g.phase == PhaseOver {
		return rOver
	}
	if m.Kind == NoMove || int(m.Kind) >= len(phaseOf) {
		return rKind
	}
	if setFields(m)&^kindFields[m.Kind] != 0 { // canonical(m) != m
		return rExtraFields
	}
	if phaseOf[m.Kind] != g.phase {
		return rPhase
	}
	if r := fieldRanges(m); r != okay {
		return r
	}
	switch m.Kind {
	case Roll:
		d := m.Dice
		if d != [2]uint8{} && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
			return rDice
		}
	case Steer:
		if !m.Row.Valid() {
			return rRow
		}
		if dist := m.Row.idx() - g.ship.idx(); dist != 2 && dist != -2 {
			return rSteerRow
		}
	case Pirates:
		if !m.Row.Valid() {
			return rRow
		}
		if m.Row == g.ship {
			return rPirateSameRow
		}
	case Discard:
		return g.checkCardChoice(m.Cards)
	case ReturnInfluence:
		return g.checkCardChoice(m.Cards)
	case Build:
		return g.checkBuild(m)
	case BuildWall:
		return g.checkWall(m.Site)
	case BuildChurch:
		return g.checkChurch()
	case KeepChurchTile:
		if m.Tile == 0 || (uint8(m.Tile) != g.churchDrawn[0] && uint8(m.Tile) != g.churchDrawn[1]) {
			return rKeepTile
		}
	case Rebuild:
		return g.checkRebuild(m)
	case DeclineRebuild:
		return g.checkRebuildPending(m.Building)
	case PlacePermit:
		return g.checkPlacePermit(m, g.permitRows())
	case MovePermit:
		return g.checkMovePermit(m)
	case UpgradePermit:
		return g.checkUpgradePermit(m)
	case BonusPermit:
		return g.checkBonusPermit(m)
	case BonusGold:
		return g.checkBonusGold()
	}
	return okay
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

// setFields returns the fields of m, other than Kind, that are not zero:
// the fields as the bytes of two words, and the bytes that are not zero.
func setFields(m Move) moveFields {
	lo := uint64(m.Building) | uint64(m.Square)<<8 | uint64(m.From)<<16 | uint64(m.Row)<<24 |
		uint64(m.Permit)<<32 | uint64(m.Site)<<40 | uint64(m.Tile)<<48 | uint64(m.Pay)<<56
	hi := uint64(m.Cards.Gold) | uint64(m.Cards.Blue)<<8 | uint64(m.Cards.Green)<<16 |
		uint64(m.Cards.Yellow)<<24 | uint64(m.Dice[0])<<32 | uint64(m.Dice[1])<<40
	return moveFields(nonzeroFlags(lo) | nonzeroFlags(hi)<<8)
}

// fieldRanges checks that the fields m's kind uses name real squares,
// tiles and colours (malformed moves), before any rule is consulted.
func fieldRanges(m Move) reason {
	switch m.Kind {
	case Build, Rebuild, PlacePermit, MovePermit, UpgradePermit, BonusPermit:
		if !m.Square.Valid() || (m.Kind == MovePermit && !m.From.Valid()) {
			return rSquare
		}
	case KeepChurchTile:
		if m.Tile < 1 || m.Tile > ChurchTiles {
			return rTile
		}
	}
	if m.Pay > InfluenceYellow {
		return rPayColor
	}
	return okay
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

// endTurn passes the turn clockwise (or ends the game at MaxTurns).
func (g *Game) endTurn() {
	g.turn++
	if g.maxTurns > 0 && g.turn >= g.maxTurns {
		g.phase = PhaseOver
		return
	}
	g.active = uint8(g.next(int(g.active)))
	g.toMove = g.active
	g.builds = 0
	g.phase = PhaseRoll
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
