package elasund

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Game records: a game's configuration and moves, in a plain-text format in
// the spirit of PGN (see the package documentation, "Saving, loading and
// records").

// ErrBadRecord is wrapped by the errors of ParseRecord for text that is not
// a game record, and by the error of Replay when a record's result is not
// the result of its moves.
var ErrBadRecord = errors.New("elasund: bad record")

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
	// Over says that the game ended after the moves; Winner is its winner,
	// or NoColor for a game that ended at Config.MaxTurns (or TurnLimit).
	// When Over is false the result is unknown or the game goes on, and
	// Replay does not check it.
	Over   bool
	Winner Color
	// Tags holds any other tags of the record, such as "Event", "Site",
	// "Date" or the players' names, by name. Names are letters, digits and
	// underscores; the names of the tags above (Players, Colors, Seed,
	// FirstPlayer, Rules, MaxTurns, InfluenceDeck, ChurchStack, Result) are
	// not used here and String does not write them from Tags.
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
	return fmt.Sprintf("elasund: record: move %d (turn %d) %q: %v", e.Index+1, e.Turn, e.Move.String(), e.Err)
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
			return g, fmt.Errorf("%w: the result is %s, but the game goes on after its last move", ErrBadRecord, resultString(true, r.Winner))
		case g.Color(g.Winner()) != r.Winner:
			return g, fmt.Errorf("%w: the result is %s, but the game ended with %s", ErrBadRecord,
				resultString(true, r.Winner), resultString(true, g.Color(g.Winner())))
		}
	}
	return g, nil
}

// Recorder records a game while it is played: keep one beside the Game and
// apply the moves through it. The Game stays a fixed-size value; the
// Recorder holds the growing list of moves.
//
//	g, _ := elasund.New(cfg)
//	rec := elasund.NewRecorder(cfg)
//	for !g.Over() {
//		if err := rec.Apply(g, choose(g)); err != nil { … }
//	}
//	fmt.Print(rec.Record())
type Recorder struct {
	rec Record
}

// NewRecorder returns a Recorder for the game New(c) starts. It keeps a
// copy of c.
func NewRecorder(c Config) *Recorder {
	return &Recorder{rec: Record{Config: cloneConfig(c)}}
}

// Apply applies m to g and, if it is legal, records it, a plain Roll
// forced to the dice that came up. An illegal move returns Apply's error
// and is not recorded. g must be the game New started with the Recorder's
// Config, with every move since applied through the Recorder.
func (r *Recorder) Apply(g *Game, m Move) error {
	if err := g.Apply(m); err != nil {
		return err
	}
	if m.Kind == Roll {
		m.Dice = g.dice
	}
	r.rec.Moves = append(r.rec.Moves, m)
	if g.Over() {
		r.rec.Over, r.rec.Winner = true, g.Color(g.Winner())
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
	if c.FirstPlayer != NoColor {
		tag(tagFirstPlayer, c.FirstPlayer.String())
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
	tag(tagResult, resultString(r.Over, r.Winner))
	b.WriteString("\n")

	g, err := New(c)
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
	return b.String()
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

// ParseRecord reads a record written as Record.String writes it. Blank
// lines and lines starting with # are skipped. Tags come first, one per
// line: [Name "value"], with \" and \\ escaped in the value. Then the turns:
// a line starting with the turn's number and a dot ("12."), turns numbered
// from 1, lists the turn's moves separated by commas; a turn may go on in
// lines that do not start with a number and a dot. A move may be prefixed
// with a colour and a colon ("green: discard 1 gold"): the first move of a
// turn with its active player's colour, another move with the colour of
// the player who decides it when that is not the active player.
//
// ParseRecord checks the form: tags, move notation, turn numbers. It also
// replays the moves as far as they are legal and checks that each turn
// number and colour given agrees with the game; whether every move is
// legal, and the result, Replay checks. Its errors wrap ErrBadRecord and
// name the line of the first mistake; they quote at most 60 bytes of the
// text. It reads the text in one pass, in place, and allocates at most
// four times its length: the Record it returns (whose moves take at most
// three times the length of the text) and little else.
func ParseRecord(s string) (Record, error) {
	p := recordParser{seen: map[string]bool{}, moves: countMoves(s)}
	for ln := 1; s != ""; ln++ {
		var text string
		text, s, _ = strings.Cut(s, "\n")
		if err := p.line(strings.TrimSpace(text)); err != nil {
			return Record{}, fmt.Errorf("%w: line %d: %s", ErrBadRecord, ln, err)
		}
	}
	return p.r, nil
}

// recordParser is the state of ParseRecord between lines.
type recordParser struct {
	r       Record
	seen    map[string]bool // the tags read
	moves   int             // at most the number of moves in the text
	inMoves bool            // a line of moves has been read
	turn    int             // the number of the last turn line
	first   bool            // the next move is its turn's first
	words   [maxMoveWords]string

	// The game of the moves so far, while they are legal (following).
	g         *Game
	following bool
	active    Color // the colour given for the current turn
}

// line reads one line of a record, trimmed.
func (p *recordParser) line(text string) error {
	if text == "" || text[0] == '#' {
		return nil
	}
	if text[0] == '[' {
		if p.inMoves {
			return recordMistake("a tag after the moves")
		}
		return p.tag(text)
	}
	if !p.inMoves {
		// The tags are all read: start the game the moves are checked on.
		p.inMoves = true
		if p.moves > 0 {
			p.r.Moves = make([]Move, 0, p.moves)
		}
		g, err := New(p.r.Config)
		p.g, p.following = g, err == nil
	}
	if num, rest, ok := strings.Cut(text, "."); ok && num != "" && strings.Trim(num, "0123456789") == "" {
		if n, err := parseInt(strings.TrimLeft(num, "0")); err != nil || n != p.turn+1 {
			return fmt.Errorf("turn %s after turn %d", clipInput(num), p.turn)
		}
		p.turn++
		text, p.first = strings.TrimSpace(rest), true
	} else if p.turn == 0 {
		return recordMistake("moves before turn 1.")
	}
	for {
		it, rest, more := strings.Cut(text, ",")
		if it = strings.TrimSpace(it); it != "" {
			if err := p.move(it); err != nil {
				return err
			}
		} else if more {
			return recordMistake("an empty move") // but a line may end with a comma, or with its turn's number
		}
		if !more {
			return nil
		}
		text = rest
	}
}

// recordMistake is an error of a record's line that needs no formatting.
type recordMistake string

func (m recordMistake) Error() string { return string(m) }

// tag reads a tag line.
func (p *recordParser) tag(text string) error {
	name, value, err := parseTag(text)
	if err != nil {
		return err
	}
	if p.seen[name] {
		return fmt.Errorf("tag %s given twice", clipInput(name))
	}
	p.seen[name] = true
	if err := p.r.setTag(name, value); err != nil {
		return fmt.Errorf("tag %s: %v", clipInput(name), err)
	}
	return nil
}

// move reads one move, with its colour if one is given, and checks the
// turn and the colour against the game while its moves are legal.
func (p *recordParser) move(it string) error {
	color := NoColor // the colour given, or NoColor
	first := p.first
	p.first = false
	if name, rest, ok := strings.Cut(it, ":"); ok {
		c, ok := parseColor(strings.TrimSpace(name))
		if !ok {
			return fmt.Errorf("%s is not a colour", quoteInput(strings.TrimSpace(name)))
		}
		color, it = c, strings.TrimSpace(rest)
	}
	m, err := parseMove(it, &p.words)
	if err != nil {
		return err
	}
	p.r.Moves = append(p.r.Moves, m)
	if !p.following {
		return nil
	}
	g := p.g
	if g.Turn() != p.turn {
		return fmt.Errorf("move %q is in turn %d of the game, not %d", m.String(), g.Turn(), p.turn)
	}
	if first {
		p.active = color
	}
	want := color
	if want == NoColor {
		want = p.active
	}
	if who := g.Color(g.ToMove()); want != NoColor && who != want {
		return fmt.Errorf("move %q is %v's, not %v's", m.String(), who, want)
	}
	p.following = g.Apply(m) == nil // Replay reports an illegal move
	return nil
}

// minMoveLen is the length of the shortest move, "roll".
const minMoveLen = len("roll")

// countMoves returns at least the number of moves in the text of a record:
// the items between commas, of minMoveLen bytes or more, of the lines that
// are not tags or comments. Every such item takes minMoveLen bytes of the
// text and a separator, so a slice of that many moves takes at most three
// times the length of the text.
func countMoves(s string) int {
	n := 0
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '[' {
			continue
		}
		for it := range strings.SplitSeq(line, ",") {
			if len(strings.TrimSpace(it)) >= minMoveLen {
				n++
			}
		}
	}
	return n
}

// parseTag reads a tag line [Name "value"].
func parseTag(s string) (name, value string, err error) {
	if !strings.HasSuffix(s, "]") {
		return "", "", fmt.Errorf("tag %s does not end with ]", quoteInput(s))
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	name, rest, _ := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	if !validTagName(name) {
		return "", "", fmt.Errorf("bad tag name %s", quoteInput(name))
	}
	if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", fmt.Errorf("tag %s: the value must be in double quotes", clipInput(name))
	}
	var b strings.Builder
	body := rest[1 : len(rest)-1]
	b.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body) && (body[i+1] == '\\' || body[i+1] == '"'):
			i++
			b.WriteByte(body[i])
		case c == '\\' || c == '"':
			return "", "", fmt.Errorf("tag %s: unescaped %c in the value", clipInput(name), c)
		default:
			b.WriteByte(c)
		}
	}
	return name, b.String(), nil
}

// setTag sets the field a tag stands for, or keeps an unknown tag in Tags.
func (r *Record) setTag(name, v string) error {
	c := &r.Config
	var err error
	switch name {
	case tagPlayers:
		c.Players, err = parseInt(v)
	case tagColors:
		c.Colors = make([]Color, 0, countFields(v))
		for w := range strings.FieldsSeq(v) {
			col, ok := parseColor(w)
			if !ok {
				return fmt.Errorf("%s is not a colour", quoteInput(w))
			}
			c.Colors = append(c.Colors, col)
		}
	case tagSeed:
		if len(v) > maxNumberLen {
			return fmt.Errorf("%s is not a number", quoteInput(v))
		}
		c.Seed, err = strconv.ParseUint(v, 10, 64)
	case tagFirstPlayer:
		col, ok := parseColor(v)
		if !ok {
			return fmt.Errorf("%s is not a colour", quoteInput(v))
		}
		c.FirstPlayer = col
	case tagRules:
		c.Rules, err = ParseRules(v)
	case tagMaxTurns:
		c.MaxTurns, err = parseInt(v)
	case tagInfluenceDeck:
		c.InfluenceDeck = make([]InfluenceColor, 0, countFields(v))
		for w := range strings.FieldsSeq(v) {
			ic, ok := parseInfluence(w)
			if !ok {
				return fmt.Errorf("%s is not an influence colour", quoteInput(w))
			}
			c.InfluenceDeck = append(c.InfluenceDeck, ic)
		}
	case tagChurchStack:
		c.ChurchStack = make([]ChurchTile, 0, countFields(v))
		for w := range strings.FieldsSeq(v) {
			t, err := uint64(0), strconv.ErrSyntax
			if len(w) <= maxNumberLen {
				t, err = strconv.ParseUint(w, 10, 8)
			}
			if err != nil {
				return fmt.Errorf("%s is not a church tile", quoteInput(w))
			}
			c.ChurchStack = append(c.ChurchStack, ChurchTile(t))
		}
	case tagResult:
		switch v {
		case "*":
		case "none":
			r.Over = true
		default:
			col, ok := parseColor(v)
			if !ok {
				return fmt.Errorf("result %s: a colour, none or *", quoteInput(v))
			}
			r.Over, r.Winner = true, col
		}
	default:
		if r.Tags == nil {
			r.Tags = map[string]string{}
		}
		r.Tags[name] = v
	}
	return err
}

// countFields returns the number of words of s.
func countFields(s string) int {
	n := 0
	for range strings.FieldsSeq(s) {
		n++
	}
	return n
}

// maxNumberLen is the length of the longest number a record holds, a
// 64-bit one with its sign. Longer text is refused before strconv reads it,
// whose errors keep a copy of the text.
const maxNumberLen = 21

// parseInt reads a decimal int, with an optional minus sign.
func parseInt(s string) (int, error) {
	if len(s) > maxNumberLen {
		return 0, fmt.Errorf("%s is not a number", quoteInput(s))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number", quoteInput(s))
	}
	return n, nil
}
