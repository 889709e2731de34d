package elasund

import (
	"fmt"
	"math/rand/v2"
)

// Configuring and starting a game (RULES.md §2, §12).

// TurnLimit is the most turns a game lasts: a game that has played that
// many ends without a winner, as at Config.MaxTurns, which may not be
// larger. Real games end in well under 200 turns; the limit exists so that
// the turn counter, which the saved forms hold in 32 bits, can never wrap,
// nor Turn overflow an int of 32 bits. A saved game past it does not load.
const TurnLimit = 1 << 20

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
	// give the same game. To New, 0 is a seed like any other: a fixed game.
	// To NewTable, 0 asks for a secret seed drawn from crypto/rand, so that
	// nobody can foresee the game; the table keeps it (Record reveals it
	// once the game is over).
	Seed uint64
	// FirstColor is the colour of the player who starts. NoColor (the
	// zero value) chooses the first player with the game's random source,
	// as the rules' die roll does.
	FirstColor Color
	// MaxTurns, if positive, ends the game without a winner once that many
	// turns have been played. The rules have no such limit; it exists for
	// simulations that must stop. Zero means no limit but TurnLimit, the
	// most MaxTurns may be.
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

// New starts a game: the board for the player count, starter buildings on
// their squares, 3 gold and 1 influence card for each player, shuffled
// influence deck and church stack, the ship off the board, and the first
// player to roll.
func New(c Config) (*Game, error) {
	colors, err := c.playerColors()
	if err != nil {
		return nil, err
	}
	if c.MaxTurns < 0 || c.MaxTurns > TurnLimit {
		return nil, fmt.Errorf("%w: MaxTurns %d is out of range (0 to %d)", ErrInvalidConfig, c.MaxTurns, TurnLimit)
	}
	if !c.Rules.valid() {
		return nil, fmt.Errorf("%w: unknown rule options %#x", ErrInvalidConfig, uint8(c.Rules&^allRules))
	}
	n := len(colors)
	g := &Game{n: uint8(n), winner: -1, ship: NoRow, churchOrigin: NoSquare, maxTurns: uint32(c.MaxTurns), rules: c.Rules}
	g.rng = *rand.NewPCG(c.Seed, 0x656c6173756e64) // "elasund"
	first, err := g.seatPlayers(colors, c.FirstColor)
	if err != nil {
		return nil, err
	}
	if err := g.stackInfluenceDeck(c.InfluenceDeck); err != nil {
		return nil, err
	}
	if err := g.stackChurch(c.ChurchStack); err != nil {
		return nil, err
	}
	g.setUp()
	if first < 0 {
		first = g.intn(n)
	}
	g.first, g.active, g.toMove = uint8(first), uint8(first), uint8(first)
	g.phase = PhaseRoll
	return g, nil
}

// playerColors returns the players' colours in seat order: Colors, or the first
// Players of Red, Blue, Green, Yellow; 2 to 4 of them, as many as Players
// says if it is given.
func (c *Config) playerColors() ([]Color, error) {
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
	return colors, nil
}

// seatPlayers seats the players of the given colours, which must be
// distinct colours of the game, and returns the seat of firstPlayer: -1
// for NoColor, an error for a colour that does not play.
func (g *Game) seatPlayers(colors []Color, firstPlayer Color) (first int, err error) {
	first = -1
	for i, col := range colors {
		if col < Red || col > Yellow {
			return 0, fmt.Errorf("%w: invalid colour %d", ErrInvalidConfig, col)
		}
		for _, prev := range colors[:i] {
			if prev == col {
				return 0, fmt.Errorf("%w: colour %v given twice", ErrInvalidConfig, col)
			}
		}
		g.colors[i] = col
		if col == firstPlayer {
			first = i
		}
	}
	if firstPlayer != NoColor && first < 0 {
		return 0, fmt.Errorf("%w: first player %v does not play", ErrInvalidConfig, firstPlayer)
	}
	return first, nil
}

// stackInfluenceDeck lays out the influence deck: in the order given, top
// card first (39 cards, 13 of each colour), or shuffled if deck is nil.
func (g *Game) stackInfluenceDeck(deck []InfluenceColor) error {
	if deck != nil {
		if len(deck) != TotalInfluenceCards {
			return fmt.Errorf("%w: influence deck of %d cards; it has 39", ErrInvalidConfig, len(deck))
		}
		var count [3]int
		for i, ic := range deck {
			if !ic.valid() {
				return fmt.Errorf("%w: influence deck card %d has no colour", ErrInvalidConfig, i)
			}
			count[ic-1]++
			g.deck[TotalInfluenceCards-1-i] = uint8(ic - 1)
		}
		if count != [3]int{InfluencePerColor, InfluencePerColor, InfluencePerColor} {
			return fmt.Errorf("%w: influence deck must hold 13 cards of each colour, has %v", ErrInvalidConfig, count)
		}
	} else {
		for i := range g.deck {
			g.deck[i] = uint8(i / InfluencePerColor)
		}
		g.shuffle(g.deck[:])
	}
	g.deckLen = TotalInfluenceCards
	return nil
}

// stackChurch lays out the church stack: in the order given, top tile
// first (the tiles 1 to 9 once each), or shuffled if stack is nil.
func (g *Game) stackChurch(stack []ChurchTile) error {
	if stack != nil {
		if len(stack) != ChurchTiles {
			return fmt.Errorf("%w: church stack of %d tiles; it has 9", ErrInvalidConfig, len(stack))
		}
		var seen [ChurchTiles + 1]bool
		for i, t := range stack {
			if t < 1 || t > ChurchTiles || seen[t] {
				return fmt.Errorf("%w: church stack must hold tiles 1 to 9 once each", ErrInvalidConfig)
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
	return nil
}

// setUp sets out the pieces (every building, permit and church tile in
// supply, but for each player's hut and totem on their starting squares)
// and deals each player 3 gold and 1 influence card from the deck.
func (g *Game) setUp() {
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
	for p := 0; p < int(g.n); p++ {
		hut, totem := StartingSquares(g.colors[p])
		g.put(playerPiece(p, Hut), hut)
		g.put(playerPiece(p, Totem), totem)
		g.gold[p] = StartingGold
		g.bank -= StartingGold
		g.drawInfluence(p)
	}
}

// MaxTurns returns the game's turn limit (Config.MaxTurns), 0 for none.
func (g *Game) MaxTurns() int { return int(g.maxTurns) }

// Config returns the configuration the game keeps: Players, Colors (in
// seat order), MaxTurns, Rules, and FirstPlayer as the colour of the
// player who started (chosen by the game's random source or given). It
// does not return the Seed, nor the InfluenceDeck or ChurchStack orders: a
// game keeps the state of its random source and its cards, not the seed
// or the orders it was dealt from. New(g.Config()) starts a game with the
// same seats, rules, limit and first player, but another deal; a Record
// (or a Table) keeps the whole Config. The zero Game returns Config{}.
func (g *Game) Config() Config {
	if g.n < MinPlayers || g.n > MaxPlayers {
		return Config{}
	}
	return Config{
		Players:    int(g.n),
		Colors:     append([]Color(nil), g.colors[:g.n]...),
		FirstColor: g.colors[g.first%MaxPlayers],
		MaxTurns:   int(g.maxTurns),
		Rules:      g.rules,
	}
}

// Clone returns an independent copy of the game. It is one allocation and a
// copy of a few hundred bytes; `saved := *g` copies without allocating.
func (g *Game) Clone() *Game {
	c := *g
	return &c
}

// validateSeats is Validate's check of the seats: 2 to 4 players, each of
// a colour of its own, and no game state on a seat not playing.
func (g *Game) validateSeats() error {
	n := int(g.n)
	if n < MinPlayers || n > MaxPlayers {
		return invalidState("%d players", n)
	}
	for p := 0; p < MaxPlayers; p++ {
		if p >= n {
			if g.colors[p] != NoColor || g.gold[p] != 0 || g.infl[p] != [3]uint8{} || g.cubes[p] != 0 ||
				g.tp[p] != 0 || g.milestones[p] != 0 || g.wallBuilt[p] != 0 || g.pending[p] != 0 || g.rebuild[p] != 0 {
				return invalidState("seat %d is not playing but holds game state", p)
			}
			continue
		}
		if g.colors[p] < Red || g.colors[p] > Yellow {
			return invalidState("player %d has colour %d", p, g.colors[p])
		}
		for q := 0; q < p; q++ {
			if g.colors[q] == g.colors[p] {
				return invalidState("players %d and %d are both %v", q, p, g.colors[p])
			}
		}
	}
	return nil
}
