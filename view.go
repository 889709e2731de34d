package elasund

import "math/rand/v2"

// What a player may know (RULES.md §13).

// View is what one player may know of a game (RULES.md §13), and nothing
// else: the whole public board and track, every player's number of gold
// and of influence cards, the bank, the deck size, the face-up discard pile
// and the pirates' pool, the size of the church stack, whose decision it is
// and the phase; and the viewer's own influence colours, the tile the first
// church builder put under the stack (for that builder only, while the
// stack lasts), the two tiles the first builder drew (for that builder
// only) and the viewer's legal moves when the viewer decides.
//
// A View leaves out the other players' influence colours, the order and
// colours of the influence deck, the order of the church stack and the
// game's random source: two games that differ only in what the viewer may
// not know have equal (==) views. A server can send each seat its view
// (View marshals to JSON and loads back), and a bot handed a View cannot
// see more than its player may; Redeal turns a view into a full game for
// search.
//
// Get one with Game.View, or Table.View at a table. A View of NoPlayer is a
// spectator's: it shows no influence colours but the discard pile's and
// the pirates' pool's. A Table's view also carries how the host ended play
// (Abandoned, Forfeited): such a view is Over, nobody decides in it and it
// lists no legal move. View is a plain comparable value of a few hundred
// bytes; its methods mirror the Game's accessors of public information.
type View struct {
	g    Game              // the game with what the viewer may not know zeroed
	seat int8              // the viewer's seat plus one: 0 for a spectator, as in View{}
	infl [MaxPlayers]uint8 // every player's number of influence cards
	end  uint8             // how the table's host ended play: 0 (not), endAbandoned or endForfeit+seat
}

// View returns what player p may know of the game (RULES.md §13). For a p
// that is not a player of the game (NoPlayer, say) it returns a spectator's
// view: everything public and no hidden card.
func (g *Game) View(p Player) View {
	v := View{g: *g}
	if g.valid(p) && p < MaxPlayers {
		v.seat = int8(p) + 1
	}
	for q := range v.infl {
		v.infl[q] = g.infl[q][0] + g.infl[q][1] + g.infl[q][2]
		if Player(q) != v.Viewer() {
			v.g.infl[q] = [3]uint8{}
		}
	}
	v.g.deck = [TotalInfluenceCards]uint8{}
	v.g.rng = rand.PCG{}
	bottom := g.church[0]
	v.g.church = [ChurchTiles]uint8{}
	if v.Viewer() != NoPlayer && g.churchLen > 0 && g.firstChurchBuilder() == int(v.Viewer()) {
		v.g.church[0] = bottom
	}
	if v.Viewer() != Player(g.active) {
		v.g.churchDrawn = [2]uint8{}
	}
	return v
}

// firstChurchBuilder returns the seat that built the church tile on the
// foundation c8, the first church tile, or -1 before the first.
func (g *Game) firstChurchBuilder() int {
	c := g.cell[ChurchFoundation]
	if g.churchOrigin == NoSquare || c&cellPermit != 0 || c&cellChurch == 0 {
		return -1
	}
	t := c &^ cellChurch
	if t < 1 || t > ChurchTiles {
		return -1
	}
	return int(g.churchOwner[t])
}

// Viewer returns the player whose view this is, or NoPlayer for a
// spectator's view. The zero View is a spectator's view of no game: it
// reports no player, no move and Over.
func (v View) Viewer() Player { return Player(v.seat) - 1 }

// Hand returns player p's cards as the viewer knows them: all of the
// viewer's own; of any other player (of every player, for a spectator)
// only the gold, the influence colours left zero, since they are hidden
// (InfluenceCards gives how many there are).
func (v View) Hand(p Player) Cards {
	if p == v.Viewer() {
		return v.g.Hand(p)
	}
	return Cards{Gold: uint8(v.g.Gold(p))}
}

// Gold returns player p's gold cards.
func (v View) Gold(p Player) int { return v.g.Gold(p) }

// InfluenceCards returns how many influence cards player p holds, of any
// colour (public: the colours are known only for the viewer's own hand).
func (v View) InfluenceCards(p Player) int {
	if !v.g.valid(p) || p >= MaxPlayers {
		return 0
	}
	return int(v.infl[p])
}

// Influence returns the viewer's own influence cards of colour c when p is
// the viewer, as Game.Influence; 0 for any other player, whose colours
// the viewer does not know (InfluenceCards gives their number).
func (v View) Influence(p Player, c InfluenceColor) int {
	if p != v.Viewer() {
		return 0
	}
	return v.g.Influence(p, c)
}

// ChurchBottom returns the tile at the bottom of the church stack when the
// viewer knows it: the viewer built the first church tile, put the other
// drawn tile under the stack, and the stack is not yet empty. It returns 0
// otherwise.
func (v View) ChurchBottom() ChurchTile {
	if v.g.churchLen == 0 {
		return 0
	}
	return ChurchTile(v.g.church[0])
}

// ChurchChoice returns the two tiles the first church builder drew, during
// PhaseChurchChoice and to that builder only; 0, 0 otherwise.
//
//viewdoc:own
func (v View) ChurchChoice() (ChurchTile, ChurchTile) { return v.g.ChurchChoice() }

// Decides reports whether the viewer is the player who must decide now:
// never once the game is over.
func (v View) Decides() bool { return v.Viewer() != NoPlayer && v.toMove() == v.Viewer() }

// toMove is ToMove without copying the view.
func (v *View) toMove() Player {
	if v.end != 0 {
		return NoPlayer
	}
	return v.g.ToMove()
}

// Legal returns the viewer's legal moves when the viewer decides (as
// Game.Legal), else none.
func (v View) Legal() []Move { return v.AppendLegal(nil) }

// AppendLegal appends the viewer's legal moves to dst when the viewer
// decides, as Game.AppendLegal does, and returns the extended slice; it
// returns dst unchanged when someone else decides.
func (v View) AppendLegal(dst []Move) []Move {
	if !v.Decides() {
		return dst
	}
	return v.g.AppendLegal(dst)
}

// IsLegal reports whether the viewer decides and m is legal for them now,
// as Game.IsLegal: exactly when Legal lists m (a forced roll is not legal
// here).
func (v View) IsLegal(m Move) bool { return v.Decides() && v.g.IsLegal(m) }

// Cost returns what the viewer's legal move m costs them, as Game.Cost;
// Cards{} when the viewer does not decide or m is not legal.
func (v View) Cost(m Move) Cards {
	if !v.Decides() {
		return Cards{}
	}
	return v.g.Cost(m)
}

// AppendLegalMask appends NumActions booleans to dst marking the action
// indices of the viewer's legal moves, as Game.AppendLegalMask; all false
// when someone else decides.
func (v View) AppendLegalMask(dst []bool) []bool {
	if !v.Decides() {
		dst, _ = growMask(dst)
		return dst
	}
	return v.g.AppendLegalMask(dst)
}

// AppendLegalIndices appends the action indices of the viewer's legal
// moves to dst when the viewer decides, as Game.AppendLegalIndices.
func (v View) AppendLegalIndices(dst []int) []int {
	if !v.Decides() {
		return dst
	}
	return v.g.AppendLegalIndices(dst)
}

// The accessors of public information, as on Game. A method that only
// forwards to Game's method of its name (its body "return v.g.Name(...)")
// has Game's doc comment, written by the generator in viewdoc_gen_test.go,
// which go generate runs; one that ends its doc comment with the directive
// //viewdoc:own keeps its own (TestViewDocs checks both).
//
//go:generate go test -run ^TestViewDocs$ -update .

// Players returns the number of players.
func (v View) Players() int { return v.g.Players() }

// Color returns the colour of player p, or NoColor if p is not a player.
func (v View) Color(p Player) Color { return v.g.Color(p) }

// PlayerOf returns the player of colour c, or NoPlayer if c does not play.
func (v View) PlayerOf(c Color) Player { return v.g.PlayerOf(c) }

// Rules returns the rule options the game is played with (Config.Rules).
func (v View) Rules() Rules { return v.g.Rules() }

// MaxTurns returns the game's turn limit (Config.MaxTurns), 0 for none.
func (v View) MaxTurns() int { return v.g.MaxTurns() }

// Config returns the configuration the game keeps: Players, Colors (in
// seat order), MaxTurns, Rules, and FirstPlayer as the colour of the
// player who started (chosen by the game's random source or given). It
// does not return the Seed, nor the InfluenceDeck or ChurchStack orders: a
// game keeps the state of its random source and its cards, not the seed
// or the orders it was dealt from. New(v.Config()) starts a game with the
// same seats, rules, limit and first player, but another deal; a Record
// (or a Table) keeps the whole Config. The zero View returns Config{}.
func (v View) Config() Config { return v.g.Config() }

// Phase returns the current phase; PhaseOver for the zero View. In a view
// of a table whose host ended play, the phase in which play stopped.
//
//viewdoc:own
func (v View) Phase() Phase { return v.g.Phase() }

// Active returns the player whose turn it is (after the game: the player
// whose turn ended it), or NoPlayer for the zero View.
func (v View) Active() Player { return v.g.Active() }

// ToMove returns the player who must decide now, or NoPlayer once the game
// is over (by the rules, or ended by a table's host).
func (v View) ToMove() Player { return v.toMove() }

// FirstPlayer returns the player who took the first turn, or NoPlayer for
// the zero View.
func (v View) FirstPlayer() Player { return v.g.FirstPlayer() }

// Over reports whether the game has ended: by the rules, or, in a view a
// Table gave, abandoned or forfeited (Outcome tells how).
func (v View) Over() bool { return v.end != 0 || v.g.Over() }

// Winner returns the winner, Outcome().Winner, or NoPlayer.
func (v View) Winner() Player { return v.g.winnerWith(v.end) }

// Outcome returns how the game ended and every seat's place, as
// Game.Outcome, and in a view a Table gave as Table.Outcome (Abandoned,
// Forfeited); while the game goes on, an Outcome whose Over is false. All
// of it is public.
func (v View) Outcome() Outcome { return v.g.outcome(v.end) }

// Turn returns the number of the current turn, 1 for the first; after the
// game, the number of the last turn played; 0 for the zero View.
func (v View) Turn() int { return v.g.Turn() }

// BuildsLeft returns how many builds the active player may still make this
// turn (phase 2 allows two).
func (v View) BuildsLeft() int { return v.g.BuildsLeft() }

// Ship returns the ship's row, or NoRow before the first roll.
func (v View) Ship() Row { return v.g.Ship() }

// Dice returns the dice of the last roll, or 0, 0 before the first.
func (v View) Dice() (int, int) { return v.g.Dice() }

// Pending returns how many cards player p must still discard to the
// pirates (PhaseDiscard) or return in a shortage (PhaseShortage); 0 in any
// other phase.
func (v View) Pending(p Player) int { return v.g.Pending(p) }

// PiratesPool returns the cards discarded to the pirates this turn that
// the roller has not yet been rewarded with; it is empty outside
// PhaseDiscard.
func (v View) PiratesPool() Cards { return v.g.PiratesPool() }

// Bank returns the gold cards in the bank.
func (v View) Bank() int { return v.g.Bank() }

// DeckSize returns the number of face-down influence cards in the deck.
func (v View) DeckSize() int { return v.g.DeckSize() }

// DiscardPile returns the influence cards in the discard pile, by colour.
func (v View) DiscardPile() Cards { return v.g.DiscardPile() }

// At returns what stands on square s: for an empty square, and for a
// Square that is not on the board (NoSquare, InSupply, …), a Contents with
// Building NoBuilding, HasPermit false and ChurchTile 0, every owner
// NoPlayer and Origin NoSquare (see Contents).
func (v View) At(s Square) Contents { return v.g.At(s) }

// IsEmpty reports whether s is an empty square (RULES.md §5): inside the
// city, with no building, permit or church tile, and not the church
// foundation c8 before the first church tile. Squares of the church area
// between church tiles are empty.
func (v View) IsEmpty(s Square) bool { return v.g.IsEmpty(s) }

// Buildings returns the buildings on the board, in square order of their
// north-west squares, in a new slice (nil for none).
func (v View) Buildings() []PlacedBuilding { return v.g.Buildings() }

// AppendBuildings appends the buildings on the board to dst, as Buildings
// lists them, and returns the extended slice.
func (v View) AppendBuildings(dst []PlacedBuilding) []PlacedBuilding { return v.g.AppendBuildings(dst) }

// BuildingOrigin returns where player p's building b (hut, totem, house or
// workshop) is: its north-west square, or InSupply, AwaitingRebuild or
// RemovedFromGame. It returns NoSquare when p is no player of the game or
// b is not a player's building.
func (v View) BuildingOrigin(p Player, b Building) Square { return v.g.BuildingOrigin(p, b) }

// RebuildPending reports whether player p's starter building b waits to be
// rebuilt.
func (v View) RebuildPending(p Player, b Building) bool { return v.g.RebuildPending(p, b) }

// NeutralSupply returns how many copies of neutral building b are in the
// neutral supply.
func (v View) NeutralSupply(b Building) int { return v.g.NeutralSupply(b) }

// PermitSquare returns where player p's permit of the given value lies: a
// square, or InSupply. It returns NoSquare when p is no player of the game
// or value is not a permit's value (0 to 4).
func (v View) PermitSquare(p Player, value int) Square { return v.g.PermitSquare(p, value) }

// PermitsInSupply returns the values of the permits in player p's supply, in
// increasing order, in a new slice (nil for none).
func (v View) PermitsInSupply(p Player) []int { return v.g.PermitsInSupply(p) }

// AppendPermitsInSupply appends the values PermitsInSupply lists to dst and
// returns the extended slice.
func (v View) AppendPermitsInSupply(dst []int, p Player) []int {
	return v.g.AppendPermitsInSupply(dst, p)
}

// PermitRows returns the rows where the active player may place a permit in
// phase 3 without paying influence: the ship's row if it has an empty
// square; else the nearest row above and the nearest row below that have
// one (RULES.md §5, interpretation 1); or, with the rule option
// AdjacentPermitRows (§12, the English edition), only the row directly
// above and the row directly below, where it has one (the rows next to 6
// are 5 and 8). It is empty when none qualifies: then only the placement
// paid with 2 influence of one colour remains.
func (v View) PermitRows() []Row { return v.g.PermitRows() }

// AppendPermitRows appends the rows PermitRows lists to dst and returns the
// extended slice.
func (v View) AppendPermitRows(dst []Row) []Row { return v.g.AppendPermitRows(dst) }

// Wall returns who built wall site w and the number of the tile there, or
// NoPlayer and 0 if w is not built (or not a site of this game). A tile
// numbered 3, 6 or 9 is a tower with its owner's cube.
func (v View) Wall(w WallSite) (Player, int) { return v.g.Wall(w) }

// WallTilesLeft returns how many tiles are left in player p's wall stack.
// The top tile's number is WallTilesPerPlayer - WallTilesLeft(p) + 1.
func (v View) WallTilesLeft(p Player) int { return v.g.WallTilesLeft(p) }

// ChurchOrigin returns the north-west square of the church area, fixed by
// the first church tile, or NoSquare before it.
func (v View) ChurchOrigin() Square { return v.g.ChurchOrigin() }

// ChurchSquare returns where church tile t stands or will stand, or
// NoSquare before the first tile fixes the area (or for an invalid t).
func (v View) ChurchSquare(t ChurchTile) Square { return v.g.ChurchSquare(t) }

// ChurchTileOwner returns who built church tile t (and has a cube on it),
// or NoPlayer if it is not built.
func (v View) ChurchTileOwner(t ChurchTile) Player { return v.g.ChurchTileOwner(t) }

// ChurchTilesLeft returns the number of tiles in the church stack.
func (v View) ChurchTilesLeft() int { return v.g.ChurchTilesLeft() }

// CubesPlaced returns how many of player p's cubes are on the board.
func (v View) CubesPlaced(p Player) int { return v.g.CubesPlaced(p) }

// CubesInSupply returns how many of player p's cubes are not on the board.
func (v View) CubesInSupply(p Player) int { return v.g.CubesInSupply(p) }

// CubeSpots lists where player p's cubes stand: neutral buildings (one entry
// per cube), church tiles, towers, milestones; in a new slice (nil for
// none).
func (v View) CubeSpots(p Player) []CubeSpot { return v.g.CubeSpots(p) }

// AppendCubeSpots appends where player p's cubes stand to dst, as
// CubeSpots lists them, and returns the extended slice.
func (v View) AppendCubeSpots(dst []CubeSpot, p Player) []CubeSpot {
	return v.g.AppendCubeSpots(dst, p)
}

// CubesInRow returns how many of player p's cubes stand in row r, as the
// pirates count them: on neutral buildings (each cube in the row of its
// flag: the top row, and the second row for a large building's second
// cube), on church tiles and on towers of the east wall. Cubes on the trade
// track and on north and south wall towers are in no row.
func (v View) CubesInRow(p Player, r Row) int { return v.g.CubesInRow(p, r) }

// TradePoints returns the trade points of player p's standing buildings.
func (v View) TradePoints(p Player) int { return v.g.TradePoints(p) }

// TradeDisk returns the position of player p's trade disk: its trade
// points, capped at 11.
func (v View) TradeDisk(p Player) int { return v.g.TradeDisk(p) }

// HasMilestoneCube reports whether player p has a cube on the milestone at
// trade-track position m (3, 5, 7, 9 or 11).
func (v View) HasMilestoneCube(p Player, m int) bool { return v.g.HasMilestoneCube(p, m) }

// MilestoneCubes returns how many cubes stand on the milestone at
// trade-track position m (3, 5, 7, 9 or 11).
func (v View) MilestoneCubes(m int) int { return v.g.MilestoneCubes(m) }
