package elasund

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Game records: a game's configuration and moves, in a plain-text format in
// the spirit of PGN (see the package documentation, "Saving, loading and
// records"). ParseRecord, which reads the text, is in recordparse.go.

// Record is the record of a game: how it was set up, every move in order
// and how it ended. Replay plays it again; String and ParseRecord write and
// read it as text. A Recorder makes one while a game is played.
//
// The moves are those applied to the game made by New(Config), in the order
// played, by whichever player decided each. Rolls are best recorded forced
// to the dice that came up (the Recorder does so): a forced roll advances the
// random source as the plain roll does, so the record replays to the same
// game either way, but a record with forced dice can be read without
// replaying it.
type Record struct {
	// Config is the game's configuration, as given to New.
	Config Config
	// Moves are the moves played, in order.
	Moves []Move
	// Over says that the game ended after the moves; WinnerColor is the
	// colour of its winner (a Record names seats by colour, as its tags do),
	// or NoColor for a game that ended at Config.MaxTurns (or TurnLimit).
	// When Over is false the result is unknown or the game goes on, and
	// Replay does not check it.
	Over        bool
	WinnerColor Color
	// Tags holds any other tags of the record, such as "Event", "Site",
	// "Date" or the players' names, by name. Names are letters, digits and
	// underscores; the names of the tags above (Players, Colors, Seed,
	// FirstPlayer, Rules, MaxTurns, InfluenceDeck, ChurchStack, Result) are
	// not used here and String does not write them from Tags. Table.Record
	// sets "Termination" for a game its host ended before the rules did:
	// "abandoned", or "forfeit" and the colour of the seat ("forfeit red").
	// ParseRecord reads at most 64 tags into Tags, whose lines ([Name
	// "value"]) take at most 64 KiB in all.
	Tags map[string]string
}

// The tags of the record format that stand for Record's fields.
const (
	tagPlayers       = "Players"
	tagColors        = "Colors"
	tagSeed          = "Seed"
	tagFirstPlayer   = "FirstPlayer"
	tagRules         = "Rules"
	tagMaxTurns      = "MaxTurns"
	tagInfluenceDeck = "InfluenceDeck"
	tagChurchStack   = "ChurchStack"
	tagResult        = "Result"
)

var recordTags = []string{tagPlayers, tagColors, tagSeed, tagFirstPlayer, tagRules,
	tagMaxTurns, tagInfluenceDeck, tagChurchStack, tagResult}

// recordWidth is the width String wraps turn lines at.
const recordWidth = 80

// ReplayError is the error Replay returns for a move of a record that is
// not legal where it stands. It wraps the *MoveError of Apply. Its message
// numbers the moves from 1.
type ReplayError struct {
	Index int   // the move's index in Record.Moves
	Turn  int   // the game's turn when the move was tried
	Move  Move  // the move
	Err   error // why Apply refused it (a *MoveError)
}

// Error names the move by its index, turn and notation, and says why it
// is not legal.
func (e *ReplayError) Error() string {
	return fmt.Sprintf("elasund: record: move %d (turn %d) %q: %v", e.Index+1, e.Turn, e.Move.String(), nested(e.Err))
}

// Unwrap returns the error of Apply.
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay starts the game of r.Config and applies r.Moves in order. It
// returns the game after the last move, or, at the first move that is not
// legal, the game before that move and a *ReplayError that names the move,
// its index and its turn, and wraps Apply's *MoveError. An error of New is
// returned as it is, with a nil game. When r.Over is set, the game must
// have ended with r.Winner after the last move; if not, Replay returns the
// game and an error wrapping ErrBadRecord.
func (r Record) Replay() (*Game, error) {
	g, err := New(r.Config)
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if err := g.Apply(m); err != nil {
			return g, &ReplayError{Index: i, Turn: g.Turn(), Move: m, Err: err}
		}
	}
	if r.Over {
		switch {
		case !g.Over():
			return g, fmt.Errorf("%w: the result is %s, but the game goes on after its last move", ErrBadRecord, resultString(true, r.WinnerColor))
		case g.Color(g.Winner()) != r.WinnerColor:
			return g, fmt.Errorf("%w: the result is %s, but the game ended with %s", ErrBadRecord,
				resultString(true, r.WinnerColor), resultString(true, g.Color(g.Winner())))
		}
	}
	return g, nil
}

// Recorder records a game while it is played: keep one beside the Game and
// apply the moves through it. The Game stays a fixed-size value; the
// Recorder holds the growing list of moves, and a copy of the game after
// the last move it recorded, so that it records only moves of its game.
// A Recorder is not safe for concurrent use.
//
//	g, _ := elasund.New(cfg)
//	rec, _ := elasund.NewRecorder(cfg)
//	for !g.Over() {
//		if err := rec.Apply(g, choose(g)); err != nil { … }
//	}
//	fmt.Print(rec.Record())
type Recorder struct {
	rec     Record
	game    Game // the game after the last move recorded
	started bool // game holds New(rec.Config) and the moves since
}

// NewRecorder returns a Recorder for the game New(c) starts. It keeps a
// copy of c. A Config that New refuses returns New's error (wrapping
// ErrInvalidConfig) and no Recorder.
func NewRecorder(c Config) (*Recorder, error) {
	start, err := New(c)
	if err != nil {
		return nil, err
	}
	return &Recorder{rec: Record{Config: cloneConfig(c)}, game: *start, started: true}, nil
}

// Apply applies m to g and, if it is legal, records it, a plain Roll
// forced to the dice that came up. An illegal move returns Apply's error
// and is not recorded.
//
// g must be the Recorder's game: equal (==) to the game New started with
// the Recorder's Config, with the moves recorded since applied to it, as a
// copy or a clone of it is. Apply checks this, comparing g with the copy
// it keeps, and refuses another game with an error wrapping ErrWrongGame
// (and a nil g with one wrapping ErrNilArgument), leaving g and the record
// unchanged. The zero Recorder, which NewRecorder did not make, records
// the game of the zero Config, which New refuses: its Apply returns New's
// error (wrapping ErrInvalidConfig).
func (r *Recorder) Apply(g *Game, m Move) error {
	if g == nil {
		return fmt.Errorf("%w: Recorder.Apply needs a game (g is nil)", ErrNilArgument)
	}
	if !r.started {
		start, err := New(r.rec.Config)
		if err != nil {
			return err
		}
		r.game, r.started = *start, true
	}
	if *g != r.game {
		return fmt.Errorf("%w: the game is not the one New(Config) starts followed by the %d moves recorded", ErrWrongGame, len(r.rec.Moves))
	}
	if err := g.Apply(m); err != nil {
		return err
	}
	r.game = *g
	if m.Kind == Roll {
		m.Dice = g.dice
	}
	r.rec.Moves = append(r.rec.Moves, m)
	if g.Over() {
		r.rec.Over, r.rec.WinnerColor = true, g.Color(g.Winner())
	}
	return nil
}

// Len returns the number of moves recorded.
func (r *Recorder) Len() int { return len(r.rec.Moves) }

// Record returns the record of the game so far, a copy that later moves do
// not change.
func (r *Recorder) Record() Record {
	c := r.rec
	c.Config = cloneConfig(c.Config)
	c.Moves = slices.Clone(c.Moves)
	return c
}

func cloneConfig(c Config) Config {
	c.Colors = slices.Clone(c.Colors)
	c.InfluenceDeck = slices.Clone(c.InfluenceDeck)
	c.ChurchStack = slices.Clone(c.ChurchStack)
	return c
}

// resultString is the value of the Result tag.
func resultString(over bool, winner Color) string {
	switch {
	case !over:
		return "*"
	case winner == NoColor:
		return "none"
	}
	return winner.String()
}

// String writes the record as text: tag lines, a blank line, then one line
// per turn (wrapped at 80 columns) that starts with the turn's number and
// the colour of its active player, and lists the turn's moves in the
// notation of Move.String, separated by commas, a move decided by another
// player prefixed with that player's colour:
//
//	[Players "3"]
//	[Seed "42"]
//	[Rules "default"]
//	[Result "*"]
//
//	1. red: roll 3 5, end build, permit 0 d8, end turn
//	2. blue: roll 3 4, pirates 9, green: discard 1 gold, end build,
//	   take gold, end turn
//
// Tags in Tags come first, by name, then those of the Config's fields that
// are set (Seed and Rules always) and the result.
// String replays the moves to know the turns and who decided; from a move
// that is not legal on (or for a Config that New refuses) it writes the
// moves without colours, a new turn after each move of phase 4 (a bonus
// action or "end turn"). ParseRecord reads the text back.
func (r Record) String() string {
	var b strings.Builder
	r.writeTags(&b)
	r.writeMoves(&b)
	return b.String()
}

// writeTags writes the tag lines and the blank line after them.
func (r *Record) writeTags(b *strings.Builder) {
	tag := func(name, value string) {
		b.WriteString("[" + name + " " + quoteTag(value) + "]\n")
	}
	for _, k := range slices.Sorted(maps.Keys(r.Tags)) {
		if validTagName(k) && !slices.Contains(recordTags, k) {
			tag(k, r.Tags[k])
		}
	}
	c := r.Config
	if c.Players != 0 {
		tag(tagPlayers, strconv.Itoa(c.Players))
	}
	if len(c.Colors) > 0 {
		tag(tagColors, joinWords(c.Colors))
	}
	tag(tagSeed, strconv.FormatUint(c.Seed, 10))
	if c.FirstColor != NoColor {
		tag(tagFirstPlayer, c.FirstColor.String())
	}
	tag(tagRules, c.Rules.String())
	if c.MaxTurns != 0 {
		tag(tagMaxTurns, strconv.Itoa(c.MaxTurns))
	}
	if c.InfluenceDeck != nil {
		tag(tagInfluenceDeck, joinWords(c.InfluenceDeck))
	}
	if c.ChurchStack != nil {
		var s []string
		for _, t := range c.ChurchStack {
			s = append(s, strconv.Itoa(int(t)))
		}
		tag(tagChurchStack, strings.Join(s, " "))
	}
	tag(tagResult, resultString(r.Over, r.WinnerColor))
	b.WriteString("\n")
}

// writeMoves writes the moves, a line for each turn.
func (r *Record) writeMoves(b *strings.Builder) {
	g, err := New(r.Config)
	following := err == nil // the game follows the moves so far
	turn := 0
	var line strings.Builder
	flush := func() {
		if line.Len() > 0 {
			b.WriteString(line.String() + "\n")
			line.Reset()
		}
	}
	col := 0 // the column line has reached since its last wrap
	item := func(s string, first bool) {
		switch {
		case first:
		case col+3+len(s) > recordWidth: // ", " before it, "," after it
			line.WriteString(",\n   ")
			col = 3
		default:
			line.WriteString(",")
			col++
		}
		line.WriteString(" " + s)
		col += 1 + len(s)
	}
	newTurn := true
	for _, m := range r.Moves {
		label := ""
		if following {
			if newTurn = g.Turn() != turn; newTurn {
				label = g.Color(g.Active()).String() + ": "
			} else if g.ToMove() != g.Active() {
				label = g.Color(g.ToMove()).String() + ": "
			}
			if g.Apply(m) != nil {
				following = false // this move keeps the colour of who decides
			}
		}
		if newTurn {
			flush()
			turn++
			line.WriteString(strconv.Itoa(turn) + ".")
			col = line.Len()
		}
		item(label+m.String(), newTurn)
		if !following { // every move of phase 4 ends the turn
			newTurn = int(m.Kind) < len(phaseOf) && phaseOf[m.Kind] == PhaseBonus
		}
	}
	flush()
}

func joinWords[T fmt.Stringer](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String()
	}
	return strings.Join(s, " ")
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// quoteTag quotes a tag value: backslash and double quote are escaped with
// a backslash; line breaks and other control characters become spaces.
func quoteTag(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < ' ' || c == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
