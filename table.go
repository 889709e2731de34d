package elasund

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
)

// A Table is a game held by a referee: the fair way to host a game for
// players who must not see more than their seat may know (RULES.md §13).
// The Game inside holds every hand, the deck, the church stack and the
// random source that will roll the dice; a Table keeps them to itself and
// lets a host
//
//   - hand each seat its View, which is all that seat may know;
//   - play a move for a seat only when that seat decides and the move is
//     one Legal lists for it, so that nobody moves for another seat and
//     nobody chooses the dice (a forced roll, which Legal never lists, is
//     refused: chance is the referee's);
//   - keep the log of moves played, which is public (every move is made
//     in the open; the dice of a roll are those that came up);
//   - give out the game's Record, which reveals the seed and so every
//     card and roll, only once the game is over;
//   - save and load the whole table (MarshalBinary, MarshalJSON), to keep
//     it in a database and resume it;
//   - end play before the game's own end: Abandon (the host stops it) and
//     Forfeit (a seat gives up); and take back a move (Undo) if the host
//     allows it;
//   - tell how the game ended (Outcome: the method, the winner and every
//     seat's place) and hand out the final game (Game) once it is over.
//
// A host loop:
//
//	t, err := elasund.NewTable(elasund.Config{Players: 2})
//	for !t.Over() {
//		p := t.ToMove()
//		m := choose(t.View(p)) // the seat's player or bot decides from its view
//		if _, err := t.Play(p, m); err != nil { … } // refused: the table is unchanged
//	}
//	out := t.Outcome()
//	fmt.Println(out.Method, t.Color(out.Winner)) // "all cubes placed red"
//	for _, s := range out.Standings() {
//		fmt.Println(s.Place, s.Color, s.Cubes)
//	}
//	rec, _ := t.Record()
//
// The saved forms of a Table and its Record hold the seed: whoever reads
// them can foresee every roll and card of the game, so a host keeps them
// out of the players' reach until the game is over. A Table is not safe
// for concurrent use; a server serializes the calls on one table (a mutex
// per table). Methods never panic on any argument (the receiver must be a
// *Table, not nil).
//
// The zero Table (var t elasund.Table) is no game: it is Over with nobody
// to move, no seats and the Outcome of no game, and every method that can
// fail (Play, Check, Forfeit, Undo, Record, Game, MarshalBinary,
// MarshalJSON) returns an error wrapping ErrNoGame.
type Table struct {
	g     Game
	cfg   Config
	log   []Entry
	end   uint8  // how the host ended play: 0 (not), endAbandoned or endForfeit+seat
	legal []Move // a reusable buffer for Play's listing
}

// An Entry is one move of a table's log.
type Entry struct {
	Turn   int    // the turn the move was played in (Game.Turn before it)
	Player Player // the seat that decided it
	Move   Move   // the move; a Roll carries the dice that came up
}

// NewTable starts a game of cfg held by a referee. When cfg.Seed is 0 the
// table draws its seed from crypto/rand, so that nobody can foresee the
// game: this is what a host wants. A host that wants a fixed game (a test,
// a replay of a known deal) sets a seed, and the game is then as
// predictable as the seed is known. Its errors are those of New.
func NewTable(cfg Config) (*Table, error) {
	cfg = cloneConfig(cfg)
	if cfg.Seed == 0 {
		cfg.Seed = secretSeed()
	}
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return &Table{g: *g, cfg: cfg}, nil
}

// secretSeed draws a non-zero seed from crypto/rand.
func secretSeed() uint64 {
	var b [8]byte
	for {
		rand.Read(b[:]) // never fails (crypto/rand.Read's contract since Go 1.24)
		if s := binary.LittleEndian.Uint64(b[:]); s != 0 {
			return s
		}
	}
}

// Play plays move m for seat p and returns the entry it logged: the turn,
// the seat and the move, a Roll with the dice that came up. It accepts m
// only if p is the seat that decides now and m is one of the moves Legal
// lists for it; a plain Roll rolls the table's dice. Otherwise it returns
// a *MoveError wrapping ErrIllegalMove and the reason: ErrNotYourDecision,
// ErrChance (a forced roll), ErrGameOver (the game is over, abandoned or
// forfeited), ErrNoGame (the zero Table), or the error of Game.Check
// (ErrWrongPhase, ErrMalformedMove, ErrCannotPay, …); a move Check accepts
// but Legal does not list gives ErrNotListed. On error the table is
// unchanged and the Entry is zero.
func (t *Table) Play(p Player, m Move) (Entry, error) {
	if err := t.check(p, m); err != nil {
		return Entry{}, err
	}
	e := Entry{Turn: t.g.Turn(), Player: p, Move: m}
	if err := t.g.Apply(m); err != nil {
		return Entry{}, err // not reached: check accepted m
	}
	if m.Kind == Roll {
		e.Move.Dice = t.g.dice
	}
	t.log = append(t.log, e)
	return e, nil
}

// check is Play without the move.
func (t *Table) check(p Player, m Move) error {
	refuse := func(r Reason, format string, args ...any) error {
		return &MoveError{Move: m, Phase: t.g.phase, Reason: r, Rule: fmt.Sprintf(format, args...)}
	}
	switch {
	case t.g.n == 0:
		return refuse(ReasonNoGame, "no game at this table (make one with NewTable)")
	case t.end == endAbandoned:
		return refuse(ReasonAbandoned, "the game was abandoned")
	case t.end >= endForfeit:
		return refuse(ReasonForfeited, "%v forfeited the game", t.g.Color(Player(t.end-endForfeit)))
	case t.g.Over():
		return t.g.Check(m) // names the end of the game
	case p != t.g.ToMove():
		who := "a seat that does not play"
		if int(p) >= 0 && int(p) < int(t.g.n) {
			who = fmt.Sprintf("seat %d (%v)", p, t.g.Color(p))
		}
		q := t.g.ToMove()
		return refuse(ReasonNotYourDecision, "%s does not decide now; seat %d (%v) does", who, q, t.g.Color(q))
	case m.Kind == Roll && m.Dice != [2]uint8{}:
		return refuse(ReasonChance, "the table rolls the dice: play \"roll\"")
	}
	if err := t.g.Check(m); err != nil {
		return err
	}
	t.legal = t.g.AppendLegal(t.legal[:0])
	if !slices.Contains(t.legal, m) {
		return refuse(ReasonNotListed, "the move is not in the form Legal lists")
	}
	return nil
}

// Check reports whether Play(p, m) would be accepted, without playing it:
// nil, or the error Play would return.
func (t *Table) Check(p Player, m Move) error { return t.check(p, m) }

// View returns what seat p may know (Game.View); for a p that is not a
// seat (NoPlayer, say), a spectator's view of the public game. The view of
// a table that is over, by the rules or by the host, says so: Over, no
// seat decides, no legal move, and its Outcome is the table's.
func (t *Table) View(p Player) View {
	v := t.g.View(p)
	v.end = t.end
	return v
}

// Legal returns the moves seat p may play now: those Game.Legal lists when p
// decides, none otherwise (none either once the game is over).
func (t *Table) Legal(p Player) []Move { return t.AppendLegal(nil, p) }

// AppendLegal appends the moves Legal lists for seat p to dst and returns
// the extended slice.
func (t *Table) AppendLegal(dst []Move, p Player) []Move {
	if p == NoPlayer || p != t.ToMove() {
		return dst
	}
	return t.g.AppendLegal(dst)
}

// ToMove returns the seat that decides now, or NoPlayer once the game is
// over (by the rules, abandoned or forfeited).
func (t *Table) ToMove() Player {
	if t.end != 0 || t.g.n == 0 {
		return NoPlayer
	}
	return t.g.ToMove()
}

// Over reports whether play has ended: the game ended by the rules (a
// winner, or the turn limit), the host abandoned it or a seat forfeited.
// Outcome tells how.
func (t *Table) Over() bool { return t.end != 0 || t.g.n == 0 || t.g.Over() }

// Outcome returns how the game ended and every seat's place (see Outcome):
// the endings of the rules (AllCubesPlaced, TurnLimitReached) and those of
// the host (Abandoned, Forfeited); while play goes on, an Outcome whose
// Over is false.
func (t *Table) Outcome() Outcome { return t.g.outcome(t.end) }

// Winner returns the seat that won, Outcome().Winner: the seat that placed
// its tenth cube, or at a two-seat table the seat that did not forfeit.
// NoPlayer while the game goes on and when it ended without a winner (the
// turn limit, abandoned, a forfeit of three or four seats).
func (t *Table) Winner() Player { return t.g.winnerWith(t.end) }

// Abandon ends play where it stands (Method Abandoned), for a host that
// stops a game before its end: the game expired, the server shuts down.
// Afterwards Play refuses every move, Over reports true, the views say so
// and Record gives the record, whose result is unknown ("*") and whose
// Termination tag is "abandoned". The seats are ranked as Outcome says. A
// game that is over (by the rules or a forfeit) stays as it is.
func (t *Table) Abandon() {
	if !t.Over() {
		t.end = endAbandoned
	}
}

// Abandoned reports whether the host abandoned the game before its end.
func (t *Table) Abandoned() bool { return t.end == endAbandoned }

// Forfeit records that seat p gives up (a player left, a bot failed or
// ran out of time): the game ends at once (Method Forfeited). p is ranked
// below every other seat; at a two-seat table the other seat wins, at a
// larger one nobody does and the others are ranked by their cubes
// (Outcome). Record's Termination tag names the forfeit ("forfeit red").
// Forfeit refuses a p that is not a seat (ErrNotYourDecision) and a game
// already over by any ending (ErrGameOver); the zero Table returns an
// error wrapping ErrNoGame. On error the table is unchanged.
func (t *Table) Forfeit(p Player) error {
	switch {
	case t.g.n == 0:
		return fmt.Errorf("%w: no seat forfeits at a table without a game", ErrNoGame)
	case t.Over():
		return fmt.Errorf("%w: it ended (%v); nobody can forfeit it", ErrGameOver, t.Outcome().Method)
	case p < 0 || int(p) >= int(t.g.n):
		return fmt.Errorf("%w: %d is not a seat of this %d-seat table; only a seat forfeits", ErrNotYourDecision, p, t.g.n)
	}
	t.end = endForfeit + uint8(p)
	return nil
}

// Undo takes back the last move played and returns its log entry, for a
// host that allows a take-back (the library never undoes a move by
// itself). The table is then exactly as it was before that move, random
// source included: the dice and cards fall again as they fell, so an undo
// never re-rolls, and a move played again after it draws the same. Undo
// replays the log but its last entry from New(Config), with plain rolls,
// and allocates what New does (the game it starts from), nothing more.
//
// The move that ended a game by the rules (the last cube, the turn limit)
// can be taken back too, for a host that could not keep it (its store
// failed, say); but a host must not take back a move once it has handed
// out the game's Record or Game, which reveal the seed and with it every
// roll to come. Undo refuses, with an error wrapping ErrGameOver, once the
// host ended play (Abandon, Forfeit: those are no moves to take back),
// and with one wrapping ErrNothingToUndo when no move has been played; the
// zero Table returns an error wrapping ErrNoGame. On error the table is
// unchanged.
func (t *Table) Undo() (Entry, error) {
	switch {
	case t.g.n == 0:
		return Entry{}, fmt.Errorf("%w: nothing to take back at a table without a game", ErrNoGame)
	case t.end != 0:
		return Entry{}, fmt.Errorf("%w: its host ended it (%v); no move is taken back", ErrGameOver, t.Outcome().Method)
	case len(t.log) == 0:
		return Entry{}, fmt.Errorf("%w: no move has been played", ErrNothingToUndo)
	}
	g, err := New(t.cfg)
	if err != nil {
		return Entry{}, fmt.Errorf("%w: table: %w", ErrInvalidState, nested(err)) // not reached: NewTable or load made it
	}
	last := len(t.log) - 1
	for i, e := range t.log[:last] {
		m := e.Move
		if m.Kind == Roll {
			m.Dice = [2]uint8{} // the seed rolls them again
		}
		if err := g.Apply(m); err != nil { // not reached: the game is deterministic
			return Entry{}, fmt.Errorf("%w: table: move %d %q: %w", ErrInvalidState, i+1, e.Move.String(), nested(err))
		}
	}
	e := t.log[last]
	t.g, t.log = *g, t.log[:last]
	return e, nil
}

// Game returns a copy of the whole game, hidden cards and random source
// included, once play is over by any ending (the game as it stood when it
// ended); before that an error wrapping ErrGameInProgress, since it
// reveals the hidden state; for the zero Table one wrapping ErrNoGame.
func (t *Table) Game() (*Game, error) {
	switch {
	case t.g.n == 0:
		return nil, fmt.Errorf("%w: the table holds no game", ErrNoGame)
	case !t.Over():
		return nil, fmt.Errorf("%w: the game reveals every hand and the seed, and is given once it ends", ErrGameInProgress)
	}
	g := t.g
	return &g, nil
}

// Players returns the number of seats (0 for the zero Table).
func (t *Table) Players() int { return t.g.Players() }

// Color returns the colour of seat p, or NoColor.
func (t *Table) Color(p Player) Color { return t.g.Color(p) }

// Turn returns the number of the current turn, 1 for the first (Game.Turn).
func (t *Table) Turn() int { return t.g.Turn() }

// Phase returns the phase of the current turn (Game.Phase); after Abandon
// or Forfeit, the phase in which play stopped.
func (t *Table) Phase() Phase { return t.g.Phase() }

// Len returns the number of moves played.
func (t *Table) Len() int { return len(t.log) }

// Log returns the moves played so far, in order, a copy. The log is public:
// every move is made in the open, and a roll carries the dice that came up.
func (t *Table) Log() []Entry { return slices.Clone(t.log) }

// AppendLog appends the log's entries from index from on to dst, for a
// host that sends only the moves a client has not seen. A from outside
// [0, Len] appends nothing.
func (t *Table) AppendLog(dst []Entry, from int) []Entry {
	if from < 0 || from > len(t.log) {
		return dst
	}
	return append(dst, t.log[from:]...)
}

// tagTermination is the record tag that says how a game a host ended
// ended: "abandoned", or "forfeit" and the colour of the seat.
const tagTermination = "Termination"

// Record returns the game's record (its Config with the seed, and every
// move, rolls forced to the dice that came up, so that it replays) once
// the game is over. The record of a game over by the rules has its result;
// that of a game the host ended has the result unknown ("*") and a tag
// Termination, "abandoned" or "forfeit" and the seat's colour ("forfeit
// red"), which ParseRecord keeps in Record.Tags. Until the end the record
// is the hidden state, and Record returns an error wrapping
// ErrGameInProgress; the zero Table, one wrapping ErrNoGame.
func (t *Table) Record() (Record, error) {
	if t.g.n == 0 {
		return Record{}, fmt.Errorf("%w: no record at a table without a game", ErrNoGame)
	}
	if !t.Over() {
		return Record{}, fmt.Errorf("%w: the record reveals the seed, and is given once the game ends", ErrGameInProgress)
	}
	r := Record{Config: cloneConfig(t.cfg), Moves: make([]Move, len(t.log))}
	for i, e := range t.log {
		r.Moves[i] = e.Move
	}
	switch {
	case t.g.Over():
		r.Over, r.WinnerColor = true, t.g.Color(t.g.Winner())
	case t.end == endAbandoned:
		r.Tags = map[string]string{tagTermination: "abandoned"}
	case t.end >= endForfeit:
		r.Tags = map[string]string{tagTermination: "forfeit " + t.g.Color(Player(t.end-endForfeit)).String()}
	}
	return r, nil
}
