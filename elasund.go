package elasund

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Game sizes (RULES.md §2).
const (
	MinPlayers          = 2  // fewest players
	MaxPlayers          = 4  // most players
	CubesPerPlayer      = 10 // victory-point cubes per player; placing the 10th wins
	PermitsPerPlayer    = 5  // permits per player, values 0 to 4
	GoldCards           = 51 // gold cards in the game
	TotalInfluenceCards = 39 // influence cards in the game
	InfluencePerColor   = 13 // influence cards of each colour
	ChurchTiles         = 9  // church tiles
	WallTilesPerPlayer  = 9  // wall tiles in each player's stack
	StartingGold        = 3  // gold each player starts with
	StartingInfluence   = 1  // influence cards each player starts with
)

// Player is a seat at the table, 0 to Players()-1, in clockwise order.
// NoPlayer is nobody.
//
// A Player marshals as text (MarshalText) by its seat number in decimal,
// "0" to "3", and NoPlayer as "none": not by colour, because a seat alone
// does not know its colour (that is the game's Color(p)).
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

// Game is a game of Elasund in progress. Create one with New. The zero
// Game is no game: it is Over, with nobody to move (ToMove, Active and
// Winner are NoPlayer), no legal moves and no turn; it refuses every move
// (ErrGameOver) and fails Validate.
//
// A Game holds only values (no pointers, maps or slices), so it can be
// copied with an assignment (saved := *g) and compared with ==; Clone does
// the same on the heap. == compares everything, the state of the random
// source included: two games are equal when they are the same position and
// will draw the same dice and cards from here on. Methods never panic on
// any argument.
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
	deck     [TotalInfluenceCards]uint8 // colour indexes; the top is deck[deckLen-1]
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

	// occ is a cache (issue 11): what stands on each square, as sets,
	// derived from cell. setCell keeps it, the loaders rebuild it
	// (deriveCells) and Validate checks it; it is not part of the saved
	// forms.
	occ occupancy
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

// noGame reports whether g was not made by New (the zero Game): it is
// over, with nobody to move.
func (g *Game) noGame() bool { return g.n < MinPlayers }

// Phase returns the current phase; PhaseOver for the zero Game.
func (g *Game) Phase() Phase {
	if g.noGame() {
		return PhaseOver
	}
	return g.phase
}

// Active returns the player whose turn it is (after the game: the player
// whose turn ended it), or NoPlayer for the zero Game.
func (g *Game) Active() Player {
	if g.noGame() {
		return NoPlayer
	}
	return Player(g.active)
}

// ToMove returns the player who must decide now. It is usually the active
// player, but pirate discards, shortage returns and starter rebuilds are
// decided by their owners. It is NoPlayer once the game is over.
func (g *Game) ToMove() Player {
	if g.phase == PhaseOver || g.noGame() {
		return NoPlayer
	}
	return Player(g.toMove)
}

// FirstPlayer returns the player who took the first turn, or NoPlayer for
// the zero Game.
func (g *Game) FirstPlayer() Player {
	if g.noGame() {
		return NoPlayer
	}
	return Player(g.first)
}

// Over reports whether the game has ended. The zero Game, which is no
// game, is over: it has no legal move and nobody to move.
func (g *Game) Over() bool { return g.phase == PhaseOver || g.noGame() }

// Winner returns the player who placed all 10 cubes, or NoPlayer while the
// game goes on or when it ended at Config.MaxTurns.
func (g *Game) Winner() Player {
	if g.phase != PhaseOver || g.noGame() {
		return NoPlayer
	}
	return Player(g.winner)
}

// Turn returns the number of the current turn, 1 for the first; after the
// game, the number of the last turn played; 0 for the zero Game.
func (g *Game) Turn() int {
	if g.noGame() {
		return 0
	}
	if g.phase == PhaseOver && g.winner < 0 {
		return int(g.turn)
	}
	return int(g.turn) + 1
}

// BuildsLeft returns how many builds the active player may still make this
// turn (phase 2 allows two).
func (g *Game) BuildsLeft() int {
	switch g.Phase() {
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
