package elasund

// Reading a record's text: ParseRecord. Record, Replay, Recorder and
// Record.String are in record.go.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
// text.
//
// Besides the tags of the Config's fields and Result, a record has at
// most 64 tags, whose lines take at most 64 KiB in all: far more than a
// real record has (a few tags of a few dozen bytes), few enough that the
// Record holds little for them. ParseRecord reads the text in one pass,
// in place, and allocates at most four times its length and 24 KB: the
// Record it returns (whose moves take at most three times the length of
// the text, and whose tags their length and, for 64 tags, 16 KB of maps)
// and little else. The Record keeps nothing of the text.
func ParseRecord(s string) (Record, error) {
	p := recordParser{seen: map[string]bool{}, moves: countMoves(s)}
	for ln := 1; s != ""; ln++ {
		var text string
		text, s, _ = strings.Cut(s, "\n")
		if err := p.line(strings.TrimSpace(text)); err != nil {
			return Record{}, fmt.Errorf("%w: line %d: %w", ErrBadRecord, ln, nested(err))
		}
	}
	return p.r, nil
}

// The bounds of the tags ParseRecord keeps in Record.Tags, those besides
// the tags of the Config's fields and Result.
const (
	maxRecordTags     = 64       // the tags
	maxRecordTagBytes = 64 << 10 // their lines, trimmed, in all
)

// recordParser is the state of ParseRecord between lines.
type recordParser struct {
	r         Record
	seen      map[string]bool // the tags read
	otherTags int             // the tags read for Record.Tags
	tagBytes  int             // the length of their lines
	moves     int             // at most the number of moves in the text
	inMoves   bool            // a line of moves has been read
	turn      int             // the number of the last turn line
	first     bool            // the next move is its turn's first
	words     [maxMoveWords]string

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
	name, body, err := splitTag(text)
	if err != nil {
		return err
	}
	if !slices.Contains(recordTags, name) {
		p.otherTags++
		p.tagBytes += len(text)
		switch {
		case p.otherTags > maxRecordTags:
			return fmt.Errorf("tag %s: more than %d tags besides those of the configuration and result", clipInput(name), maxRecordTags)
		case p.tagBytes > maxRecordTagBytes:
			return fmt.Errorf("tag %s: the tags besides those of the configuration and result take more than %d bytes", clipInput(name), maxRecordTagBytes)
		}
	}
	value, err := tagValue(name, body)
	if err != nil {
		return err
	}
	if p.seen[name] {
		return fmt.Errorf("tag %s given twice", clipInput(name))
	}
	p.seen[name] = true
	if err := p.r.setTag(name, value); err != nil {
		return fmt.Errorf("tag %s: %w", clipInput(name), nested(err))
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

// splitTag reads a tag line [Name "value"]: its name and its value as
// written, between the quotes, both in place.
func splitTag(s string) (name, body string, err error) {
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
	return name, rest[1 : len(rest)-1], nil
}

// tagValue returns the value of tag name written as body, its escapes
// read.
func tagValue(name, body string) (string, error) {
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body) && (body[i+1] == '\\' || body[i+1] == '"'):
			i++
			b.WriteByte(body[i])
		case c == '\\' || c == '"':
			return "", fmt.Errorf("tag %s: unescaped %c in the value", clipInput(name), c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
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
		c.FirstColor = col
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
			r.Over, r.WinnerColor = true, col
		}
	default:
		if r.Tags == nil {
			r.Tags = map[string]string{}
		}
		r.Tags[strings.Clone(name)] = v // the name alone, not the text it is in
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
