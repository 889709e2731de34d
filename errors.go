package elasund

import (
	"errors"
	"fmt"
	"strings"
)

// Errors. Every error of this package has a text that begins "elasund: "
// once: the sentinels below, and the errors that wrap them, whose texts
// follow the sentinel's with what went wrong. An error of the package that
// another quotes (a ReplayError's move error, say) is quoted without the
// prefix. Check an error's kind with errors.Is against a sentinel, never
// by its text, which may change.
//
// A refused move is a *MoveError (see the package documentation,
// "Refusals"): it wraps ErrIllegalMove and, where one fits, one of the
// more specific sentinels of a move (ErrGameOver, ErrWrongPhase,
// ErrMalformedMove, ErrCannotPay, and a Table's ErrNotYourDecision,
// ErrChance and ErrNotListed), and its Reason names the one rule broken.
var (
	// ErrIllegalMove is wrapped by every error of Apply and Check, and by
	// every refusal of a Table.
	ErrIllegalMove = errors.New("elasund: illegal move")
	// ErrGameOver: the game has ended (or was never set up, or a Table's
	// host abandoned it); no move is legal.
	ErrGameOver = errors.New("elasund: the game is over")
	// ErrWrongPhase: the move's kind is not allowed in the current phase.
	ErrWrongPhase = errors.New("elasund: wrong phase for this kind of move")
	// ErrMalformedMove: a field of the move is out of range for this game,
	// or set where the move's kind does not use it. (Text that is not a
	// move at all is ParseMove's ErrNotation.)
	ErrMalformedMove = errors.New("elasund: malformed move")
	// ErrCannotPay: the player lacks the gold or influence the move costs.
	ErrCannotPay = errors.New("elasund: cannot pay")

	// ErrInvalidConfig is wrapped by every error of New.
	ErrInvalidConfig = errors.New("elasund: invalid configuration")
	// ErrInvalidState is wrapped by every error of Validate: the game state
	// breaks an invariant of the rules.
	ErrInvalidState = errors.New("elasund: invalid state")

	// ErrBadEncoding is wrapped by the errors of UnmarshalBinary and
	// UnmarshalJSON for data that is not an encoding of a game: truncated
	// or too long, of an unknown version, malformed, naming unknown
	// squares, colours or buildings, or with a field outside the range any
	// game can hold. Data that is well formed but describes a state that
	// breaks a rule's invariant gives an error wrapping ErrInvalidState
	// instead. The error of MarshalText and AppendText for a value that
	// has no text because it names nothing of its type's (a Reason or a
	// Square out of range, a Move with a field out of the notation's
	// range; see the package documentation, "Values on the wire") wraps it
	// too.
	ErrBadEncoding = errors.New("elasund: bad encoding")
	// ErrNotation is wrapped by the errors of ParseMove, ParseSquare,
	// ParseWallSite, ParseRules and of the UnmarshalText methods (but
	// Record's, whose errors are ParseRecord's) for text that is not in
	// the package's notation: "elasund: cannot parse move "fly": …".
	// Whether a move that parses is legal, or even fits the game (a wall
	// site of a larger game), is for Game.Check, whose errors wrap
	// ErrMalformedMove.
	ErrNotation = errors.New("elasund: cannot parse")
	// ErrBadRecord is wrapped by the errors of ParseRecord for text that is
	// not a game record, and by the error of Replay when a record's result
	// is not the result of its moves.
	ErrBadRecord = errors.New("elasund: bad record")
	// ErrWrongGame is wrapped by the error of Recorder.Apply for a game
	// that is not the Recorder's: not the game New starts with the
	// Recorder's Config, with the moves recorded since.
	ErrWrongGame = errors.New("elasund: not the recorder's game")

	// ErrActionIndex is the error MoveFromIndex returns for an index
	// outside [0, NumActions).
	ErrActionIndex = errors.New("elasund: action index out of range")
	// ErrNilArgument is wrapped by the errors of the methods given nil
	// where they need something: Redeal and RedealInto without a random
	// source, RedealInto without a Game to fill, WriteSVG without a
	// writer, Recorder.Apply without a game.
	ErrNilArgument = errors.New("elasund: nil argument")
	// ErrSVGOptions is wrapped by the error WriteSVG returns for options it
	// cannot use: a Reveal of a seat that does not play, or a Scale that is
	// negative, infinite or NaN.
	ErrSVGOptions = errors.New("elasund: invalid SVG options")
)

// errPrefix begins the text of every error of the package.
const errPrefix = "elasund: "

// innerError is an error of this package quoted inside another: its text
// without errPrefix, which the outer error's text already begins with,
// and its chain intact for errors.Is and errors.As.
type innerError struct{ err error }

func (e innerError) Error() string { return strings.TrimPrefix(e.err.Error(), errPrefix) }
func (e innerError) Unwrap() error { return e.err }

// nested returns err for quoting inside another error of the package (with
// %v or %w): its text without errPrefix.
func nested(err error) error { return innerError{err} }

// ErrNoGame is wrapped by the errors of every method of the zero Table
// that can fail, which holds no game (make one with NewTable), and by a
// zero Game's refusals (ReasonNoGame), beside ErrGameOver.
var ErrNoGame = errors.New("elasund: no game")

// Errors of a Table. Play's errors are *MoveError values that wrap
// ErrIllegalMove and one of these (or a sentinel of Apply, such as
// ErrGameOver); Record's and Game's wrap ErrGameInProgress.
var (
	// ErrNotYourDecision: the seat that submits a move does not decide
	// now, or is not a seat of the game (a move, or a forfeit).
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
	// ErrNothingToUndo: Undo found no move to take back.
	ErrNothingToUndo = errors.New("elasund: no move to take back")
)

// MoveError is the error Apply, Check and a Table's Play return for a move
// that is not legal. It names the move, the phase, the reason and the rule
// that forbids it, and wraps ErrIllegalMove and the reason's category
// sentinel where one applies (see Reason).
type MoveError struct {
	Move   Move   // the move that was refused
	Phase  Phase  // the phase the game was in
	Reason Reason // why: the rule the move breaks, as a code (never NoReason)
	Rule   string // the rule that forbids the move, in English, citing RULES.md
}

// Error returns a sentence naming the move and the rule that forbids it.
func (e *MoveError) Error() string {
	return fmt.Sprintf("elasund: illegal move %q in phase %v: %s", e.Move.String(), e.Phase, e.Rule)
}

// Unwrap returns ErrIllegalMove and the category sentinel of the error's
// Reason, if it has one; a refusal for ReasonNoGame wraps ErrNoGame too.
func (e *MoveError) Unwrap() []error {
	if e.Reason == ReasonNoGame { // no game: over, and none at all
		return []error{ErrIllegalMove, ErrGameOver, ErrNoGame}
	}
	if cat := e.Reason.category(); cat != nil {
		return []error{ErrIllegalMove, cat}
	}
	return []error{ErrIllegalMove}
}
