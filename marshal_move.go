package elasund

import (
	"encoding"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Moves, cards and records on the wire (see marshal.go): the move
// notation of Move.String and ParseMove, and the text of Record.String and
// ParseRecord.

// MarshalText implements encoding.TextMarshaler: the kind's name as it
// starts a move's notation ("build", "end turn"), as String writes it;
// "none" for NoMove. Any other value has no text (ErrBadEncoding).
func (k MoveKind) MarshalText() ([]byte, error) { return k.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (k MoveKind) AppendText(b []byte) ([]byte, error) {
	return appendName(b, k < numKinds, k.String(), "move kind", uint8(k))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves k unchanged.
func (k *MoveKind) UnmarshalText(text []byte) error {
	i := lookupName(text, kindNames[:])
	if i < 0 {
		return cannotParse("move kind", text, orList(kindNames[:]))
	}
	*k = MoveKind(i)
	return nil
}

// maxCardsText is the largest count of one kind of card that the
// notation writes (two digits).
const maxCardsText = 99

// MarshalText implements encoding.TextMarshaler: the cards as String
// writes them and a discard names them, "1 gold 2 blue", or "nothing".
// Cards with more than 99 of one kind have no text (ErrBadEncoding).
func (c Cards) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (c Cards) AppendText(b []byte) ([]byte, error) {
	if max(c.Gold, c.Blue, c.Green, c.Yellow) > maxCardsText {
		return b, noNotation("cards", [4]uint8{c.Gold, c.Blue, c.Green, c.Yellow})
	}
	return appendCards(b, c), nil
}

// appendCards appends the cards as String writes them.
func appendCards(b []byte, c Cards) []byte {
	n := len(b)
	for i, count := range [4]uint8{c.Gold, c.Blue, c.Green, c.Yellow} {
		if count == 0 {
			continue
		}
		if len(b) > n {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, uint64(count), 10)
		b = append(append(b, ' '), [4]string{"gold", "blue", "green", "yellow"}[i]...)
	}
	if len(b) == n {
		b = append(b, "nothing"...)
	}
	return b
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes, the cards as the notation of a discard names them
// (ignoring case and extra white space). Its error wraps ErrNotation and
// leaves c unchanged.
func (c *Cards) UnmarshalText(text []byte) error {
	var words [maxMoveWords]string
	f := words[:0]
	for w := range strings.FieldsSeq(string(text)) {
		if len(f) == len(words) {
			return cannotParse("cards", text, "more words than four kinds of card take")
		}
		f = append(f, lowerWord(w))
	}
	r := fieldReader{k: Discard, f: f}
	cards := r.cards()
	if why := r.end(); why != "" {
		return fmt.Errorf("%w cards %s: %s", ErrNotation, quoteInput(string(text)), why)
	}
	*c = cards
	return nil
}

// MarshalText implements encoding.TextMarshaler: the move's notation, as
// String writes it and ParseMove reads it ("build tavern c5"); "none" for
// the zero Move. A move that the notation cannot carry, because a field
// is out of the notation's range (a square that is no square, a permit
// above 4) or set where the move's kind does not use it, has no text
// (ErrBadEncoding): every move Legal lists has one, and so has every index
// of the action space (MoveFromIndex).
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (m Move) AppendText(b []byte) ([]byte, error) {
	if !m.hasNotation() {
		return b, noNotation("move", describeMove(m))
	}
	return appendMove(b, m), nil
}

// hasNotation reports whether ParseMove reads m's notation back to m (or,
// for the zero Move, UnmarshalText reads "none" back to it).
func (m Move) hasNotation() bool {
	if m.Kind >= numKinds || m != canonical(m) || m.Pay > InfluenceYellow {
		return false
	}
	building := m.Building >= Hut && m.Building <= LargeBuilding
	switch m.Kind {
	case Roll:
		return max(m.Dice[0], m.Dice[1]) <= 6
	case Steer, Pirates:
		return m.Row.Valid()
	case Discard, ReturnInfluence:
		return max(m.Cards.Gold, m.Cards.Blue, m.Cards.Green, m.Cards.Yellow) <= maxCardsText
	case Build, Rebuild:
		return building && m.Square.Valid()
	case DeclineRebuild:
		return building
	case BuildWall:
		return m.Site < numWallSites
	case KeepChurchTile:
		return m.Tile <= ChurchTiles
	case PlacePermit, BonusPermit, UpgradePermit:
		return m.Permit < PermitsPerPlayer && m.Square.Valid()
	case MovePermit:
		return m.From.Valid() && m.Square.Valid()
	}
	return true
}

// describeMove writes the fields of a move that has no notation: those
// its kind uses and those set, each by its text or, without one, its
// number, such as "{Kind:permit Square:c5 Permit:7 Pay:none}".
func describeMove(m Move) string {
	show := setFields(m)
	if m.Kind < numKinds {
		show |= kindFields[m.Kind]
	}
	var b strings.Builder
	b.WriteString("{Kind:" + valueText(m.Kind, uint8(m.Kind)))
	for _, f := range [...]struct {
		bit  moveFields
		name string
		v    encoding.TextMarshaler
		n    uint8
	}{
		{fBuilding, "Building", m.Building, uint8(m.Building)}, {fSquare, "Square", m.Square, uint8(m.Square)},
		{fFrom, "From", m.From, uint8(m.From)}, {fRow, "Row", m.Row, uint8(m.Row)},
		{fPermit, "Permit", nil, m.Permit}, {fSite, "Site", m.Site, uint8(m.Site)},
		{fTile, "Tile", m.Tile, uint8(m.Tile)}, {fPay, "Pay", m.Pay, uint8(m.Pay)},
	} {
		if show&f.bit != 0 {
			b.WriteString(" " + f.name + ":" + valueText(f.v, f.n))
		}
	}
	if show&(fGold|fInfluence) != 0 {
		b.WriteString(" Cards:" + valueText(m.Cards, [4]uint8{m.Cards.Gold, m.Cards.Blue, m.Cards.Green, m.Cards.Yellow}))
	}
	if show&fDice != 0 {
		fmt.Fprintf(&b, " Dice:%d", m.Dice)
	}
	return b.String() + "}"
}

// valueText returns the text of v or, if it has none, n printed.
func valueText(v encoding.TextMarshaler, n any) string {
	if v != nil {
		if text, err := v.MarshalText(); err == nil {
			return string(text)
		}
	}
	return fmt.Sprint(n)
}

// appendMove appends the move's notation as String writes it.
func appendMove(b []byte, m Move) []byte {
	num := func(b []byte, n uint8) []byte { return strconv.AppendUint(b, uint64(n), 10) }
	kind := func(b []byte) []byte { return append(append(b, m.Kind.String()...), ' ') }
	switch m.Kind {
	case Roll:
		b = append(b, "roll"...)
		if m.Dice != [2]uint8{} {
			b = num(append(num(append(b, ' '), m.Dice[0]), ' '), m.Dice[1])
		}
		return b
	case Steer, Pirates:
		return appendRow(kind(b), m.Row)
	case Discard, ReturnInfluence:
		return appendCards(kind(b), m.Cards)
	case Build, Rebuild:
		b = append(append(kind(b), m.Building.String()...), ' ')
		b = appendSquare(b, m.Square)
	case BuildWall:
		return appendWallSite(append(b, "wall "...), m.Site)
	case DeclineRebuild:
		return append(append(b, "remove "...), m.Building.String()...)
	case KeepChurchTile:
		return num(append(b, "keep "...), uint8(m.Tile))
	case PlacePermit, BonusPermit:
		b = appendSquare(append(num(kind(b), m.Permit), ' '), m.Square)
	case MovePermit:
		b = appendSquare(append(appendSquare(kind(b), m.From), ' '), m.Square)
	case UpgradePermit:
		b = num(append(appendSquare(kind(b), m.Square), ' '), m.Permit)
	default:
		return append(b, m.Kind.String()...)
	}
	if m.Pay != NoInfluence {
		b = append(append(b, " pay "...), m.Pay.String()...)
	}
	return b
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads a move as
// ParseMove does, and "none" as the zero Move. Its error wraps ErrNotation
// and leaves m unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	if string(text) == "none" {
		*m = Move{}
		return nil
	}
	mv, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// MarshalText implements encoding.TextMarshaler: the record's text, as
// String writes it and ParseRecord reads it. ParseRecord reads it back
// to a Record equal to r, but that empty Moves, Colors and Tags come back
// nil. A Record that String cannot write so has no text (ErrBadEncoding):
// one with a move that has none (see Move.MarshalText), a colour,
// influence colour or rule option that names nothing in its Config, a
// Winner when Over is false, or a tag that String leaves out or changes
// (a name that is not letters, digits and underscores or that is one of
// the record's own tags; a value with a line break or another control
// character, or that is not UTF-8).
func (r Record) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b. It allocates as String does.
func (r Record) AppendText(b []byte) ([]byte, error) {
	if err := r.checkNotation(); err != nil {
		return b, err
	}
	return append(b, r.String()...), nil
}

// checkNotation returns an error wrapping ErrBadEncoding if String does not
// write r as ParseRecord reads it back.
func (r *Record) checkNotation() error {
	c := &r.Config
	for _, col := range append(slices.Clip(c.Colors), c.FirstColor, r.Winner) {
		if col > Yellow {
			return noNotation("record", fmt.Sprintf("with colour %d", uint8(col)))
		}
	}
	if slices.Contains(c.Colors, NoColor) {
		return noNotation("record", "with colour none among its Colors")
	}
	for _, ic := range c.InfluenceDeck {
		if !ic.valid() {
			return noNotation("record", fmt.Sprintf("with influence colour %d in its deck", uint8(ic)))
		}
	}
	if !c.Rules.valid() {
		return noNotation("record", fmt.Sprintf("with rules %#x", uint8(c.Rules)))
	}
	if !r.Over && r.Winner != NoColor {
		return noNotation("record", "with a Winner but not Over")
	}
	for name, value := range r.Tags {
		if !validTagName(name) || slices.Contains(recordTags, name) || !validTagValue(value) {
			return noNotation("record", fmt.Sprintf("with tag %s %s", quoteInput(name), quoteInput(value)))
		}
	}
	for i, m := range r.Moves {
		if !m.hasNotation() {
			return noNotation("record", fmt.Sprintf("with move %d %s", i+1, describeMove(m)))
		}
	}
	return nil
}

// validTagValue reports whether a tag's value reads back as it is: UTF-8
// without control characters (which String writes as spaces).
func validTagValue(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, c := range s {
		if c < ' ' || c == 0x7f {
			return false
		}
	}
	return true
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads a record
// as ParseRecord does. Its error wraps ErrBadRecord and leaves r
// unchanged.
func (r *Record) UnmarshalText(text []byte) error {
	rec, err := ParseRecord(string(text))
	if err != nil {
		return err
	}
	*r = rec
	return nil
}
