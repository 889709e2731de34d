package elasund

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
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
//     it in a database and resume it.
//
// A host loop:
//
//	t, err := elasund.NewTable(elasund.Config{Players: 2})
//	for !t.Over() {
//		p := t.ToMove()
//		m := choose(t.View(p)) // the seat's player or bot decides from its view
//		if err := t.Play(p, m); err != nil { … } // refused: the table is unchanged
//	}
//	rec, _ := t.Record()
//
// The saved forms of a Table and its Record hold the seed: whoever reads
// them can foresee every roll and card of the game, so a host keeps them
// out of the players' reach until the game is over. A Table is not safe
// for concurrent use; a server serializes the calls on one table (a mutex
// per table). The zero Table is no game: it refuses every move. Methods
// never panic on any argument (the receiver must be a *Table, not nil).
type Table struct {
	g         Game
	cfg       Config
	log       []Entry
	abandoned bool
	legal     []Move // a reusable buffer for Play's listing
}

// An Entry is one move of a table's log.
type Entry struct {
	Turn   int    // the turn the move was played in (Game.Turn before it)
	Player Player // the seat that decided it
	Move   Move   // the move; a Roll carries the dice that came up
}

// Errors of a Table. Play's errors are *MoveError values that wrap
// ErrIllegalMove and one of these (or a sentinel of Apply, such as
// ErrGameOver); Record's wrap ErrGameInProgress.
var (
	// ErrNotYourDecision: the seat that submits a move does not decide
	// now (or is not a seat of the game).
	ErrNotYourDecision = errors.New("elasund: not this seat's decision")
	// ErrChance: the move chooses what chance decides, such as a roll
	// forced to chosen dice; at a Table the referee rolls.
	ErrChance = errors.New("elasund: chance is the referee's")
	// ErrNotListed: the move is not one of the moves Legal lists for the
	// deciding seat, in the form Legal lists it.
	ErrNotListed = errors.New("elasund: not a listed move")
	// ErrGameInProgress: what was asked reveals the hidden state (the
	// seed, hence every card and roll) and is given out only once the
	// game is over.
	ErrGameInProgress = errors.New("elasund: the game is not over")
)

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

// Play plays move m for seat p. It accepts m only if p is the seat that
// decides now and m is one of the moves Legal lists for it; a plain Roll
// rolls the table's dice. Otherwise it returns a *MoveError wrapping
// ErrIllegalMove and the reason: ErrNotYourDecision, ErrChance (a forced
// roll), ErrGameOver (the game is over or abandoned), or the error of
// Game.Check (ErrWrongPhase, ErrMalformedMove, ErrCannotPay, …); a move
// Check accepts but Legal does not list gives ErrNotListed. On error the
// table is unchanged.
func (t *Table) Play(p Player, m Move) error {
	if err := t.check(p, m); err != nil {
		return err
	}
	e := Entry{Turn: t.g.Turn(), Player: p, Move: m}
	if err := t.g.Apply(m); err != nil {
		return err // not reached: check accepted m
	}
	if m.Kind == Roll {
		e.Move.Dice = t.g.dice
	}
	t.log = append(t.log, e)
	return nil
}

// check is Play without the move.
func (t *Table) check(p Player, m Move) error {
	refuse := func(r Reason, format string, args ...any) error {
		return &MoveError{Move: m, Phase: t.g.phase, Reason: r, Rule: fmt.Sprintf(format, args...)}
	}
	switch {
	case t.g.n == 0:
		return refuse(ReasonNoGame, "no game at this table (make one with NewTable)")
	case t.abandoned:
		return refuse(ReasonAbandoned, "the game was abandoned")
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
// seat (NoPlayer, say), a spectator's view of the public game.
func (t *Table) View(p Player) View { return t.g.View(p) }

// Legal returns the moves seat p may play now: those Game.Legal lists when p
// decides, none otherwise (none either once the game is over or abandoned).
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
// over or abandoned.
func (t *Table) ToMove() Player {
	if t.abandoned || t.g.n == 0 {
		return NoPlayer
	}
	return t.g.ToMove()
}

// Over reports whether play has ended: the game ended by the rules (a
// winner, or the turn limit) or the host abandoned it.
func (t *Table) Over() bool { return t.abandoned || t.g.n == 0 || t.g.Over() }

// Winner returns the seat that won, or NoPlayer while the game goes on,
// when it ended at the turn limit, or when it was abandoned before its end.
func (t *Table) Winner() Player {
	if t.g.n == 0 {
		return NoPlayer
	}
	return t.g.Winner()
}

// Abandon ends play where it stands, for a host that stops a game before
// its end (a player left, a bot forfeited, the game expired). Afterwards
// Play refuses every move, Over reports true and Record gives the record,
// whose result is unknown ("*"). A game over by the rules stays as it is.
func (t *Table) Abandon() {
	if t.g.n != 0 && !t.g.Over() {
		t.abandoned = true
	}
}

// Abandoned reports whether the host abandoned the game before its end.
func (t *Table) Abandoned() bool { return t.abandoned }

// Players returns the number of seats (0 for the zero Table).
func (t *Table) Players() int { return t.g.Players() }

// Color returns the colour of seat p, or NoColor.
func (t *Table) Color(p Player) Color { return t.g.Color(p) }

// Turn returns the number of the current turn, 1 for the first (Game.Turn).
func (t *Table) Turn() int { return t.g.Turn() }

// Phase returns the phase of the current turn (Game.Phase).
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

// Record returns the game's record (its Config with the seed, and every
// move, rolls forced to the dice that came up, so that it replays) once
// the game is over or abandoned. Until then the record is the hidden state,
// and Record returns an error wrapping ErrGameInProgress.
func (t *Table) Record() (Record, error) {
	if t.g.n == 0 {
		return Record{}, fmt.Errorf("%w: no game at this table", ErrInvalidConfig)
	}
	if !t.Over() {
		return Record{}, fmt.Errorf("%w: the record reveals the seed, and is given once the game ends", ErrGameInProgress)
	}
	r := Record{Config: cloneConfig(t.cfg), Moves: make([]Move, len(t.log))}
	for i, e := range t.log {
		r.Moves[i] = e.Move
	}
	if t.g.Over() {
		r.Over, r.Winner = true, t.g.Color(t.g.Winner())
	}
	return r, nil
}
