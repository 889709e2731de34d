// Package elasund is a complete rules engine for the board game Elasund:
// The First City (Klaus Teuber, 2–4 players). It plays whole games exactly
// by the rules, lists every legal move, refuses every illegal one with an
// error that names the rule, and is fast enough to sit in the inner loop of
// a search bot.
//
// Two types hold a game. A Game is the whole state, every hand, the order
// of the deck and the seeded random source included: New starts one to
// play, simulate or search. A Table is the referee a host uses when its
// players must not cheat (a game server, a tournament of other people's
// bots, a terminal game): NewTable holds a Game, drawing a secret seed when
// the Config gives none, plays a move only from the seat that decides and
// only if it is legal, rolls its own dice, and hands each seat its View,
// all that the seat may know. Host with a Table (see "Hosting a game"
// below); search with a Game.
//
// # A tour of the API
//
// New starts a game from a Config (player count or colours, seed, optional
// first player, turn limit and stacked deck or church stack, and the rule
// options in Config.Rules):
//
//	g, err := elasund.New(elasund.Config{Players: 4, Seed: 7})
//
// Config.Rules selects where the game follows the English rulebook instead
// of the majority reading (RULES.md §12): AdjacentPermitRows,
// ShortageVoidsIncome, or both as EnglishEdition. The zero value,
// DefaultRules, plays the interpretations below.
//
// A game is a sequence of decisions. ToMove says who decides now; that is
// usually the active player, but pirate discards, shortage returns and
// starter rebuilds are decided by their owners. Phase says what kind of
// decision it is. Legal lists every legal Move of the deciding player, in a
// deterministic order and without duplicates; AppendLegal does the same into
// a reusable buffer. Apply plays one:
//
//	for !g.Over() {
//		moves := g.Legal()
//		if err := g.Apply(moves[0]); err != nil { … }
//	}
//	fmt.Println(g.Color(g.Winner()))
//
// A Move is a small comparable value. Its Kind says what it does, and each
// kind uses a few fields (see MoveKind); every choice the rules give is a
// field: the row the ship steers to, the pirates' row, which cards are
// discarded or returned, which church tile the first builder keeps, where a
// displaced starter goes (or that it leaves the game), a building's north-west square, which influence
// colour pays for a same-size build-over, a permit placed in any row, or a
// bonus action. Move.String writes a move as a person reads it ("build
// tavern c5 pay blue", "wall E5", "permit 2 d8") and ParseMove reads it
// back (its errors, like those of ParseSquare, ParseWallSite and
// ParseRules, wrap ErrNotation).
//
// Apply of a move that is not legal returns a *MoveError and leaves the game
// exactly as it was. Every such error wraps ErrIllegalMove and, where one
// fits, a sentinel that says why in general (ErrGameOver, ErrWrongPhase,
// ErrMalformedMove, ErrCannotPay); its Reason names the rule broken as a
// code a page can key its own sentence on, and its Rule states that rule,
// citing RULES.md (see Refusals below). Check and IsLegal ask without
// applying. No method panics on any argument (the receiver must be a
// *Game, not nil).
//
// The game's state is readable through accessors: At (what stands on a
// square: building and owner, permit and owner, church tile), Buildings,
// Wall, Gold, Influence, InfluenceCards, Hand, PermitSquare,
// PermitsInSupply, BuildingOrigin, NeutralSupply, WallTilesLeft,
// TradePoints, TradeDisk, HasMilestoneCube, CubesPlaced, CubeSpots,
// CubesInRow, Ship, Dice, Bank, DeckSize, DiscardPile, ChurchTilesLeft,
// ChurchOrigin, ChurchSquare, PermitRows, MaxTurns, Config and more. The
// board's geometry needs no game: Rows (the ten rows, north to south),
// SquareAt and ParseSquare name squares; CityColumns, CitySquares, InCity,
// TradeValue, TradeFields and WallSites take the player count, whose city
// they describe; StartingSquares takes a colour, whose hut and totem start
// there. Validate checks every invariant of a state (cards, cubes, permits,
// buildings, church, walls, trade track, phase) and returns an error
// wrapping ErrInvalidState that names the first one broken; call it on a
// state you build or load.
//
// # Seats and colours
//
// A player is a seat, a Player: 0 to Players()-1 in clockwise order,
// NoPlayer for nobody. Seats index the game's state and are what the API
// takes and returns (ToMove, Gold(p), View(p), Table.Play(p, m),
// Contents.BuildingOwner, …). A colour, a Color, is the name people read:
// the notation, the records, the pictures and the JSON forms name players
// by colour, and so does a Config (Colors, FirstColor) and a Record's
// Winner. Color(p) and PlayerOf(c) convert between the two; the colours
// sit in Config.Colors' order (Red, Blue, Green, Yellow by default).
//
// # Concurrency
//
// A *Game may be read from several goroutines at once: every method that
// does not change the game (the accessors, Legal and AppendLegal, Check,
// IsLegal, Cost, View, Outcome, Key, Validate, String, WriteSVG, the
// marshalers)
// only reads it. A method that changes it (Apply, Redeal,
// UnmarshalBinary, UnmarshalJSON) needs the game to itself, as any write
// does. A View is a value: copies share nothing. A Table and a Recorder
// are not safe for concurrent use (Table.Check reuses a buffer of the
// table): guard each with a mutex.
//
// # Speed
//
// A Game holds only fixed-size arrays of small integers and words: no
// pointers, maps or slices. Copying one (saved := *g) is a copy of under
// 450 bytes and allocates nothing; Clone does the same on the heap. Games
// compare with ==.
// Apply, IsLegal and AppendLegal (with a buffer of sufficient capacity) do
// not allocate.
//
// One rule says how slices come back: a method whose name begins with
// Append appends to the slice dst it is given and returns the extended
// slice, as append does (buf = g.AppendLegal(buf[:0]) reuses a buffer),
// and allocates only when dst lacks room; the accessors without the prefix
// (Legal, Buildings, CubeSpots, PermitRows, PermitsInSupply, CitySquares,
// TradeFields, WallSites, Table.Legal and Table.Log) return a new slice
// each call, and each has an Append form.
//
// One rule says which functions hand out a new Game: New, Clone,
// Record.Replay, View.Redeal and Table.Game make one and return a *Game. The forms a
// search calls in its loop change a Game the caller already has and do not
// allocate: Redeal changes its receiver, View.RedealInto fills the
// Game it is given, and a copy is an assignment (c := *g).
//
// # Chance and determinism
//
// All randomness comes from the game's own PCG source (math/rand/v2),
// seeded by Config.Seed (to New, 0 is a seed like any other; NewTable
// draws a secret seed for 0) and carried inside the Game: the dice, the shuffles
// of the influence deck and the church stack, the first player (unless
// Config.FirstColor names one), reshuffles of the discard pile and the
// roller's reward drawn from the pirates' cards. The same Config and the same
// moves give the same game, bit for bit.
//
// To force chance, for tests, puzzles, replays and chance-node search:
//   - a Roll move with both Dice set (1–6) forces that roll, where Legal
//     lists only the plain Roll with Dice {0, 0}, which rolls the seeded
//     dice (Check and Apply accept a forced roll; Legal, IsLegal and a
//     Table do not: a player does not choose the dice); Dice reports what was rolled, so a replay log can record it. A
//     forced roll advances the random source exactly as a plain one, so a
//     log whose rolls are all forced to the dice that came up replays to
//     the same game, equal with == (which compares the random source too);
//   - Config.InfluenceDeck fixes the order of the initial influence deck
//     (the starting cards are dealt from its top);
//   - Config.ChurchStack fixes the order of the church stack.
//
// # Saving, loading and records
//
// A Game saves and loads its whole state, the hidden cards and the random
// source included, so that a loaded game is == the saved one and plays on
// exactly as it would have:
//
//   - MarshalBinary and UnmarshalBinary (encoding.BinaryMarshaler and
//     BinaryUnmarshaler): 269 bytes, the first a version number (1);
//   - MarshalJSON and UnmarshalJSON (json.Marshaler and Unmarshaler): a
//     readable object with a "version" field and squares, buildings,
//     colours and phases written as this package writes them (MarshalJSON
//     lists the fields).
//
// json.Marshal, gob and fmt work on a Game as on a *Game. Loading never
// trusts its input: it checks the range of every field and then runs
// Validate; it returns an error wrapping ErrBadEncoding (not the encoding
// of a game) or ErrInvalidState (a state that breaks a rule) and leaves the
// receiver unchanged. UnmarshalJSON reads the JSON form strictly: keys are
// the field names exactly, once each, unknown fields are refused, and
// "dice" has two numbers. A change of either layout comes with a new
// version number.
//
// A Record is a game's configuration, moves and result. A Recorder kept
// beside the Game records the moves as they are applied, rolls forced to
// the dice that came up, and refuses a game that is not its own
// (ErrWrongGame); Record.Replay plays a record again and reports its
// first illegal move as a *ReplayError (its index, turn and notation).
// Record.String and ParseRecord write and read a text form in the spirit of
// PGN:
//
//	[Event "club night"]
//	[Players "3"]
//	[Seed "42"]
//	[FirstPlayer "blue"]
//	[Rules "english"]
//	[Result "red"]
//
//	1. blue: roll 3 5, end build, permit 0 d8, end turn
//	2. green: roll 2 5, pirates 9, red: discard 1 gold 1 blue, end build,
//	   take gold, end turn
//	…
//
// Tags come first, one a line: [Name "value"], with \" and \\ escaped in the
// value. Players, Colors (in seat order), Seed, FirstPlayer (Config.FirstColor), Rules (as
// Rules.String writes them; ParseRules reads them), MaxTurns, InfluenceDeck
// (colours, top first) and ChurchStack (tile numbers, top first) give the
// fields of the Config that are set. Result is the winner's colour, "none"
// for a game that ended at MaxTurns (or TurnLimit), or "*" for a game that goes on or an
// unknown result. Other tags (Event, Site, Date, the players' names, …) are
// kept in Record.Tags; among them Termination, which Table.Record writes
// for a game its host ended ("abandoned", or "forfeit red"). Then the turns, numbered from 1, one a line (long
// ones go on in indented lines): the turn's number and a dot, then its
// moves in the notation of Move.String separated by commas. The first move
// carries the active player's colour and a colon, and a move decided by
// another player (a pirate discard, a shortage return, a starter rebuild)
// that player's colour. Lines starting with # are comments. ParseRecord
// checks the turn numbers and colours against the game as far as its moves
// are legal.
//
// Printing a Game (fmt.Print(g) or g.String()) draws the referee's
// picture: the city map with buildings, permits, church tiles, walls and
// the ship, a panel per player and the shared supplies, in 80 columns.
// Printing a View (View.String) draws the same picture with only what its
// player may know: their own influence colours, the others' card counts.
//
// # Values on the wire
//
// The small values a program stores or sends marshal as text
// (encoding.TextMarshaler and TextUnmarshaler, and AppendText, the
// encoding.TextAppender, which allocates only to grow its buffer), so that
// json.Marshal of a struct that holds them writes what people read, as
// the JSON forms of Game, View and Table do, and not numbers or base64:
//
//   - a Square by its name ("e8"), or "supply", "awaiting rebuild" or
//     "removed" (where BuildingOrigin and PermitSquare say a piece is off
//     the board), "-" for NoSquare; a Row by its number ("5") and a
//     WallSite by its name ("Nc", "E5"), "-" for NoRow and NoWallSite;
//   - a Color, InfluenceColor, Building, Income, CubeSpotKind, Phase,
//     MoveKind, Method or Reveal by the name String gives ("red",
//     "tavern", "church choice", "end build", "turn limit reached", "seat
//     2"), "none" for none (but the zero Phase is PhaseRoll, "roll", and
//     NoMethod is "not over"); a Reason by its code (Reason.String);
//   - a Player by its seat, "0" to "3", "none" for NoPlayer (a seat does
//     not know its colour); a ChurchTile by its number, "1" to "9",
//     "none" for 0;
//   - Rules as Rules.String writes them ("english"), Cards as a discard
//     names them ("1 gold 2 blue", "nothing"), a Move in its notation
//     ("build tavern c5"), "none" for the zero Move, and a Record as its
//     text (Record.String).
//
// So a Config marshals as {"Players":3,"Colors":["red","green","yellow"],
// "Seed":7,"FirstColor":"green","MaxTurns":0,"InfluenceDeck":null,
// "ChurchStack":["5","1",…],"Rules":"english"}, and a Config{} with
// "FirstColor":"none" and "Rules":"default". Every value that names
// something, and each type's none, reads back to itself. A value that
// names nothing (Square(100), Color(9), a Move with a field out of range
// or set where its kind uses none, as Legal never lists) has no text:
// MarshalText refuses it with an error wrapping ErrBadEncoding rather than
// write what could not be read back. UnmarshalText reads with the
// package's parsers (ParseSquare, ParseWallSite, ParseRules, ParseMove,
// ParseRecord); its errors wrap ErrNotation (ErrBadRecord for a Record)
// and leave the value unchanged. gob, which prefers a type's MarshalText
// to its number, writes the same text.
//
// # Limits
//
// Every input has a bound, so that no input, however large, makes a
// counter wrap, an error message long or memory grow beyond a small
// multiple of the input:
//   - A game lasts at most TurnLimit (2^20) turns: it ends there without a
//     winner, as at Config.MaxTurns, which New refuses above it; the
//     loaders refuse a saved game beyond it.
//   - An error quotes at most 60 bytes of its input, cut at a rune and
//     followed by "…".
//   - ParseMove reads at most 12 words; ParseRules, ParseRecord and
//     ParseMove read their input in place. ParseRecord allocates at most
//     four times the length of its text and 24 KB, most of it for the
//     record it returns; a record has at most 64 tags besides those of
//     its configuration and result, in at most 64 KiB of tag lines.
//   - UnmarshalJSON refuses data longer than 64 KiB (a saved game takes
//     under 4 KB, under 13 KB indented); UnmarshalBinary takes exactly
//     269 bytes; View.UnmarshalJSON refuses data longer than 256 KiB (a
//     view with its longest list of legal moves takes about 60 KB).
//   - A Table's saved forms hold at most 2^20 moves, its JSON form at
//     most 32 MiB. Table.UnmarshalJSON reads the arrays an element at a
//     time: data it refuses before the replay takes at most half its
//     length in memory; a table loaded holds 39 bytes a move.
//
// # What a player may know
//
// A Game holds everything: every hand by colour, the order of the
// influence deck and of the church stack, and the random source that will
// roll the dice and draw the cards. A fair bot must not read them. RULES.md
// §13 says what each player knows, and View(p) is exactly that: the public
// board and track, p's own hand, every player's number of gold and of
// influence cards, the bank, the deck size, the face-up discard pile, the
// church stack size and, for the first church builder, the tile they put
// under it; whose decision it is, the phase, and p's legal moves when p
// decides. A View is a comparable value with the Game's accessors of public
// information; games that differ only in what p may not know give equal
// views; it marshals to JSON, for a server that sends each seat its own,
// and loads back from it (UnmarshalJSON checks that the data is a view of
// a game), so that a program handed a view can hand it back to Redeal.
//
// Redeal(p, r) fills in, in place and at random from r, everything p
// may not know: the other players' influence colours and the deck are
// re-dealt from the cards p has not seen, the church stack is reshuffled
// (but for the bottom tile p may know), and the random source is reseeded.
// It is the standard "naive" determinization of information-set search: a
// uniform draw from the positions consistent with p's view, which does not
// weigh what the history implies. A search for p runs on determinized
// copies (c := *g; c.Redeal(p, r)), so that neither an opponent's
// colours nor the next roll leak into its choices; View.Redeal and
// View.RedealInto do the same from a View alone. Without a random source
// (r nil) they return an error wrapping ErrNilArgument.
//
// For search and learning:
//   - AppendChanceOutcomes lists the outcomes of a roll, one forced Roll per sum
//     with its probability, for expectimax. The other draws (cards, church
//     tiles, the pirates' reward, reshuffles) stay inside Apply; search over
//     them by determinizing.
//   - NumActions, Move.Index, MoveFromIndex, ActionRange, AppendLegalMask
//     and AppendLegalIndices give every move a fixed integer index, for bots
//     that choose among a fixed number of actions (neural networks).
//   - View.AppendObservation encodes what a player may know as ObservationSize
//     float32 values, seat-relative (the viewer first), the same size for
//     every player count: the input of such a network.
//   - Cost(m) is what a legal move costs its player in gold and influence,
//     compensation included.
//   - Key is a 128-bit key of the position (the random source and the last
//     dice left out), for transposition tables.
//
// View, Redeal, View.RedealInto, Cost, Key, Move.Index and
// MoveFromIndex do not allocate, nor do AppendChanceOutcomes,
// AppendLegalMask, AppendLegalIndices and View.AppendObservation with a
// buffer of sufficient capacity.
//
// # Hosting a game
//
// A program that hosts a game for players who must not cheat holds it at a
// Table, the referee: NewTable draws a secret seed (when Config.Seed is 0),
// Play accepts a move only from the seat that decides and only if Legal
// lists it (so nobody moves for another seat, and nobody forces the dice:
// ErrNotYourDecision, ErrChance), View hands each seat what it may know,
// Log is the public list of moves played, and Record, which reveals the
// seed, is given once the game is over (ErrGameInProgress before), as is
// the final Game. A Table saves and loads (MarshalBinary, MarshalJSON) by
// its configuration and log; loading replays the log, checking every move
// and every roll. The zero Table holds no game: its methods that can fail
// return errors wrapping ErrNoGame.
//
// # How a game ends
//
// The rules end a game one way: the active player places their tenth cube
// and wins (Method AllCubesPlaced, RULES.md §11). A game also ends without
// a winner at Config.MaxTurns or TurnLimit (TurnLimitReached). At a Table
// the host ends play too: Abandon stops the game where it stands
// (Abandoned), and Forfeit(p) records that seat p gives up (Forfeited),
// which ends the game at once; at two seats the other seat is the winner,
// at three or four nobody is. Outcome (on Game, View and Table) tells how
// a game ended: Method, Winner (NoPlayer when no seat won), and every
// seat's place (Place, Standings and AppendStandings, by place then seat,
// each with the cubes, win or forfeit that decided it); Over is false
// while the game goes on. Outcome is a small comparable value and does
// not allocate.
//
// One ranking rule (interpretation 20) ranks every ending: the winner by
// the rules first; every other seat by the cubes it placed, equal cubes
// sharing a place (places 1, 2, 2, 4); a seat that forfeited below every
// seat that did not. Cubes are the game's only measure of progress
// towards the win; gold, influence and trade points are means, not the
// goal, and break no tie.
//
// Returns gives the payoffs, as OpenSpiel's Returns does: the seats in
// first place share 1 equally (a win is 1, k seats sharing first place get
// 1/k each), the others get 0, so the returns of a game that is over sum
// to 1; while the game goes on every return is 0. A tournament, a web host
// and a learner score every ending alike with them.
//
// A table that is over by any ending hands out views that say so: Over,
// nobody Decides, no legal moves, "toMove" null and an "outcome" object in
// the JSON form. Undo takes back the last move, for a host that allows
// take-backs (the library never undoes by itself): the random source goes
// back with the state, so the dice and cards fall again as they fell and
// an undo never re-rolls. Undo replays the log from New with plain rolls
// and allocates only what New does. It takes back the move that ended a
// game by the rules too (a host whose store failed to keep it needs that),
// but a host must not undo once it has handed out the game's Record or
// Game, which reveal the seed; it is refused once the host ended play
// (Abandon, Forfeit) and when no move has been played.
//
// # Refusals
//
// A move that is not legal is refused with a *MoveError, and the game (or
// table) is left exactly as it was. Its fields say what was refused and
// why: Move and Phase; Reason, the one rule broken as a Reason value
// (ReasonNoMajority, ReasonCannotPayBuild, …); and Rule, that rule in
// English citing RULES.md ("§6.2: the builder's permits must total
// strictly more than every other player's …"). Its Error text, for logs
// and developers, puts them in one line: elasund: illegal move "build
// tavern c5" in phase build: §6.2: ….
//
// A page for people says it in its own words: it keys its sentences on
// the Reason's code (String: "no-majority", "cannot-pay-build", …), which
// does not change between versions, and falls back to Reason.Rule for a
// code it has no sentence for. Reasons lists every reason, so that a
// host's test can check that it has a sentence for each; Reason.Section is
// the section to link to ("§6.2"); a Reason travels as its code
// (MarshalText and UnmarshalText, so JSON writes "no-majority").
//
//	var me *elasund.MoveError
//	if errors.As(err, &me) {
//		msg, ok := sentences[me.Reason] // the page's words, by reason
//		if !ok {
//			msg = me.Reason.Rule()
//		}
//		…
//	}
//
// A program that needs only the kind of refusal checks sentinels with
// errors.Is: every MoveError wraps ErrIllegalMove and, where one fits, one
// category: ErrGameOver (the game has ended, was never set up or was
// abandoned), ErrWrongPhase, ErrMalformedMove (a field out of range, or
// set where the move's kind does not use it), ErrCannotPay (gold or
// influence short), and at a Table ErrNotYourDecision, ErrChance and
// ErrNotListed. Each Reason's documentation names its category; many
// reasons, the rules of where one may build among them, have none beyond
// ErrIllegalMove, and their Reason is the specific answer. A Table's own
// refusals say more in MoveError.Rule than Reason.Rule does ("seat 1 (blue) does not
// decide now; seat 0 (red) does"). The package's other errors wrap the
// other sentinels, all declared in errors.go (ErrNotation, ErrBadEncoding,
// ErrInvalidConfig, …), and every error's text begins "elasund: ".
//
// # Rule interpretations
//
// RULES.md, at the root of this module's repository, is the rules reference
// that every "§N" of this package (in MoveError.Rule and in these docs)
// points into; its Interpretations section gives the list below with the
// rulebooks' reasons. Where the rulebooks disagree, it settles:
//
//  1. Permit fallback row (§5): when the ship's row has no empty square, the
//     nearest row above that has one or the nearest row below that has one,
//     the player's choice; not only the adjacent rows. The English reading
//     (only the adjacent rows, beyond them only the paid placement) is the
//     §12 option AdjacentPermitRows (Config.Rules, EnglishEdition).
//  2. Shortage (§4.1): after every player returns half of their cards of the
//     short type, the production is paid if it now can be, else nobody gets
//     that type this turn. The English reading (after the return nobody is
//     paid that type) is the §12 option ShortageVoidsIncome (Config.Rules,
//     EnglishEdition).
//  3. Walls may be built in either direction from a gate at any time; no rule
//     orders the 2-gold sites before the 4-gold ones.
//  4. The starter rebuild is optional (the English and French rulebooks say
//     "may"): the owner rebuilds a displaced starter or declines, and a
//     declined starter leaves the game. A starter may not go on a square
//     with any permit, nor on a trade field.
//  5. The trade disk is derived from standing buildings, capped at 11; a
//     milestone flag freed later is not claimed retroactively.
//  6. Phase 3 is mandatory (a permit or 2 gold); phases 2 and 4 may be empty.
//  7. Pirates: every discarded card is the discarding player's choice; the
//     roller's reward is drawn at random from all discarded cards.
//  8. A builder with one free cube who builds a two-flag building puts that
//     cube on the first flag and wins at once; the second flag stays empty.
//
// Where RULES.md is silent, this package decides as follows:
//
//  9. Decisions of several players are taken one at a time: pirate discards
//     by the roller first and then clockwise; shortage returns by the active
//     player first and then clockwise. A player whose discard or return
//     leaves no choice (all their cards, or cards of one kind only) gives
//     them up without a move.
//  10. Influence income is drawn from the deck by the active player first and
//     then clockwise; the starting cards are dealt in seat order from seat 0.
//  11. In an influence shortage, the returned cards, the discard pile and
//     whatever is left of the deck are shuffled together into the new deck.
//     A gold shortage is settled before an influence shortage of the same
//     roll.
//  12. The first church builder pays 7 gold and draws the two tiles with the
//     BuildChurch move, and chooses with a separate KeepChurchTile move, so
//     the choice is made, as at the table, after seeing the tiles.
//  13. A player with both starters displaced rebuilds or declines them one
//     at a time, in the order they choose. While a starter has a legal place,
//     Legal lists its Rebuild moves and the DeclineRebuild move ("remove
//     hut") that lets it leave the game; a starter that has no legal place
//     when its owner comes to it leaves the game without a move.
//  14. When a move places the active player's tenth cube the game ends at
//     once: the move's remaining steps that need a cube (a second flag,
//     milestone cubes) place none, and displaced starters are not rebuilt.
//     Trade points are still updated, so the disk matches the board.
//  15. Building over one's own building on a trade field takes the trade
//     points away first (returning milestone cubes) and then adds the new
//     building's (placing cubes on free flags again), in the order of §6
//     steps 6 and 7.
//  16. The phase-3 placement paying 2 influence of one colour may go on any
//     empty square, also in rows where a free placement is allowed.
//  17. Phase 3's "take 2 gold" takes what the bank has when it has fewer than
//     2, as §10's bonus action does. A wall reward or income draw with the
//     influence deck and discard pile both empty draws nothing.
//  18. A 7 on the first roll of the game may send the pirates to any of the
//     ten rows; the repeat rule needs the ship on the board.
//  19. The rules end a game only with a tenth cube. Play (random play in
//     particular) can reach positions where nobody can ever place another
//     cube: the city full, the walls and the church complete, no buildable
//     neutral copy left. The engine does not detect them; Config.MaxTurns
//     ends a game without a winner after that many turns, for simulations
//     that must stop. It is off by default, as in the rules, but for
//     TurnLimit (2^20 turns, see Limits).
//  20. The rules name a winner only. Every ending (a tenth cube, the turn
//     limit, a game abandoned, a forfeit) ranks the seats by one rule: the
//     winner by the rules first; every other seat by the cubes it placed,
//     more before fewer, equal cubes sharing a place; a seat that forfeited
//     below every seat that did not. Cubes are the one measure of progress
//     towards the win; gold, influence and trade points are means, not the
//     goal, and break no tie. A forfeit ends the game at once; at two seats
//     the other seat wins. The seats in first place share a return of 1.
//
// # Board notation
//
// Columns are lettered a (the harbor) to i, rows named by their ship
// numbers 2–6 and 8–12 from north to south (there is no row 7), so a square
// is written "c8". A building's Square is its north-west square; buildings
// are never rotated. Wall sites are "Nc"…"Nh" (north, by column),
// "Sc"…"Sh" (south) and "E3"…"E11" (east, by row). Church tiles are numbered
// 1–9 by their place in the church in reading order.
package elasund
