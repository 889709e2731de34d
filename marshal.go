package elasund

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Values on the wire: the small value types a program stores or sends
// implement encoding.TextMarshaler, encoding.TextAppender and
// encoding.TextUnmarshaler, so that encoding/json (and any encoder that
// honours them) writes them as the package writes them, "e8", "red",
// "build tavern c5", and not as numbers or base64. Each writes what its
// String method writes (Player and ChurchTile, which have none, their
// numbers); each reads back through the package's own parser
// (ParseSquare, ParseWallSite, ParseRules, ParseMove, ParseRecord, …).
// Every value that names something, and every type's "none" value,
// round-trips; a value that names nothing has no text, and MarshalText
// refuses it with an error wrapping ErrBadEncoding (as Reason's does), so
// that nothing is written that cannot be read back.

// noNotation is the error of AppendText for a value of the type named
// what that has no text: it wraps ErrBadEncoding, as Reason's does.
func noNotation(what string, v any) error {
	return fmt.Errorf("%w: no text for %s %v", ErrBadEncoding, what, v)
}

// cannotParse is the error of UnmarshalText for text that is not the
// text of a value of the type named what; forms says what it may be.
func cannotParse(what string, text []byte, forms string) error {
	head := text[:min(len(text), maxQuoted+utf8.UTFMax)] // enough for quoteInput to clip
	return fmt.Errorf("%w %s %s (%s)", ErrNotation, what, quoteInput(string(head)), forms)
}

// appendName appends name, or refuses a value that has none.
func appendName(b []byte, ok bool, name, what string, v any) ([]byte, error) {
	if !ok {
		return b, noNotation(what, v)
	}
	return append(b, name...), nil
}

// lookupName returns the index of text among names, or -1.
func lookupName(text []byte, names []string) int {
	for i, name := range names {
		if string(text) == name {
			return i
		}
	}
	return -1
}

// ---------------------------------------------------------------------------
// The board.

// MarshalText implements encoding.TextMarshaler: the square's name ("e8"),
// as String writes it; for the locations off the board "supply",
// "awaiting rebuild" or "removed"; "-" for NoSquare. Any other value has
// no text (ErrBadEncoding).
func (s Square) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (s Square) AppendText(b []byte) ([]byte, error) {
	if !s.Valid() && s != NoSquare && s != InSupply && s != AwaitingRebuild && s != RemovedFromGame {
		return b, noNotation("square", uint8(s))
	}
	return appendSquare(b, s), nil
}

// appendSquare appends the square's name as String writes it.
func appendSquare(b []byte, s Square) []byte {
	switch {
	case s.Valid():
		return appendRow(append(b, byte('a'+s.col())), s.Row())
	case s == InSupply:
		return append(b, "supply"...)
	case s == AwaitingRebuild:
		return append(b, "awaiting rebuild"...)
	case s == RemovedFromGame:
		return append(b, "removed"...)
	}
	return append(b, '-')
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes, a square as ParseSquare reads it. Its error wraps
// ErrNotation and leaves s unchanged.
func (s *Square) UnmarshalText(text []byte) error {
	if string(text) == "-" {
		*s = NoSquare
		return nil
	}
	q, err := parseLocation(string(text))
	if err != nil {
		return err
	}
	*s = q
	return nil
}

// MarshalText implements encoding.TextMarshaler: the row's ship number
// ("5"), as String writes it; "-" for NoRow. Any other value has no text
// (ErrBadEncoding).
func (r Row) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (r Row) AppendText(b []byte) ([]byte, error) {
	if !r.Valid() && r != NoRow {
		return b, noNotation("row", uint8(r))
	}
	return appendRow(b, r), nil
}

// appendRow appends the row as String writes it.
func appendRow(b []byte, r Row) []byte {
	if !r.Valid() {
		return append(b, '-')
	}
	return strconv.AppendUint(b, uint64(r), 10)
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes, a row as the move notation writes one. Its error
// wraps ErrNotation and leaves r unchanged.
func (r *Row) UnmarshalText(text []byte) error {
	if string(text) == "-" {
		*r = NoRow
		return nil
	}
	row, why := readField(text, (*fieldReader).row)
	if why != "" {
		return cannotParse("row", text, "2–6, 8–12 or -")
	}
	*r = row
	return nil
}

// readField reads text as one field of the move notation with read, and
// returns why it is not one ("" if it is).
func readField[T any](text []byte, read func(*fieldReader) T) (T, string) {
	r := fieldReader{f: []string{string(text)}}
	v := read(&r)
	return v, r.end()
}

// MarshalText implements encoding.TextMarshaler: the site's name ("Nc",
// "E5"), as String writes it; "-" for NoWallSite. Any other value has no
// text (ErrBadEncoding).
func (w WallSite) MarshalText() ([]byte, error) { return w.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (w WallSite) AppendText(b []byte) ([]byte, error) {
	if w >= numWallSites && w != NoWallSite {
		return b, noNotation("wall site", uint8(w))
	}
	return appendWallSite(b, w), nil
}

// appendWallSite appends the site's name as String writes it.
func appendWallSite(b []byte, w WallSite) []byte {
	switch {
	case w < southBase:
		return append(b, 'N', byte('c'+w))
	case w < eastBase:
		return append(b, 'S', byte('c'+w-southBase))
	case w < numWallSites:
		return appendRow(append(b, 'E'), w.Row())
	}
	return append(b, '-')
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes, a site as ParseWallSite reads it. Its error wraps
// ErrNotation and leaves w unchanged.
func (w *WallSite) UnmarshalText(text []byte) error {
	if string(text) == "-" {
		*w = NoWallSite
		return nil
	}
	site, err := ParseWallSite(string(text))
	if err != nil {
		return err
	}
	*w = site
	return nil
}

// ---------------------------------------------------------------------------
// Players and colours.

// MarshalText implements encoding.TextMarshaler: the seat in decimal, "0"
// to "3"; "none" for NoPlayer. Any other value has no text
// (ErrBadEncoding).
func (p Player) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (p Player) AppendText(b []byte) ([]byte, error) {
	switch {
	case p == NoPlayer:
		return append(b, "none"...), nil
	case p < 0 || p >= MaxPlayers:
		return b, noNotation("player", int8(p))
	}
	return append(b, byte('0'+p)), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves p unchanged.
func (p *Player) UnmarshalText(text []byte) error {
	switch {
	case string(text) == "none":
		*p = NoPlayer
	case len(text) == 1 && text[0] >= '0' && text[0] < '0'+MaxPlayers:
		*p = Player(text[0] - '0')
	default:
		return cannotParse("player", text, "a seat 0–3, or none")
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler: the colour's name
// ("red"), as String writes it; "none" for NoColor. Any other value has
// no text (ErrBadEncoding).
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (c Color) AppendText(b []byte) ([]byte, error) {
	return appendName(b, c <= Yellow, c.String(), "colour", uint8(c))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves c unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	col, ok := parseColor(string(text))
	switch {
	case ok:
		*c = col
	case string(text) == "none":
		*c = NoColor
	default:
		return cannotParse("colour", text, "red, blue, green, yellow or none")
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler: "blue", "green" or
// "yellow", as String writes them; "none" for NoInfluence. Any other
// value has no text (ErrBadEncoding).
func (c InfluenceColor) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (c InfluenceColor) AppendText(b []byte) ([]byte, error) {
	return appendName(b, c <= InfluenceYellow, c.String(), "influence colour", uint8(c))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves c unchanged.
func (c *InfluenceColor) UnmarshalText(text []byte) error {
	ic, ok := parseInfluence(string(text))
	switch {
	case ok:
		*c = ic
	case string(text) == "none":
		*c = NoInfluence
	default:
		return cannotParse("influence colour", text, "blue, green, yellow or none")
	}
	return nil
}

// ---------------------------------------------------------------------------
// Pieces.

// MarshalText implements encoding.TextMarshaler: the building's name
// ("tavern"), as String writes it; "none" for NoBuilding. Any other value
// has no text (ErrBadEncoding).
func (b Building) MarshalText() ([]byte, error) { return b.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to dst, allocating only to grow dst.
func (b Building) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, b <= LargeBuilding, b.String(), "building", uint8(b))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves b unchanged.
func (b *Building) UnmarshalText(text []byte) error {
	kind, ok := parseBuilding(string(text))
	switch {
	case ok:
		*b = kind
	case string(text) == "none":
		*b = NoBuilding
	default:
		return cannotParse("building", text, "hut, totem, house, workshop, well, market, tavern, shop, large or none")
	}
	return nil
}

// incomeNames are the incomes' names, as Income.String writes them.
var incomeNames = [...]string{NoIncome: "none", GoldIncome: "gold", InfluenceIncome: "influence"}

// MarshalText implements encoding.TextMarshaler: "gold", "influence" or
// "none", as String writes them. Any other value has no text
// (ErrBadEncoding).
func (i Income) MarshalText() ([]byte, error) { return i.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (i Income) AppendText(b []byte) ([]byte, error) {
	return appendName(b, int(i) < len(incomeNames), i.String(), "income", uint8(i))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves i unchanged.
func (i *Income) UnmarshalText(text []byte) error {
	k := lookupName(text, incomeNames[:])
	if k < 0 {
		return cannotParse("income", text, "gold, influence or none")
	}
	*i = Income(k)
	return nil
}

// MarshalText implements encoding.TextMarshaler: the tile's number, "1"
// to "9"; "none" for 0, no tile. Any other value has no text
// (ErrBadEncoding).
func (t ChurchTile) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (t ChurchTile) AppendText(b []byte) ([]byte, error) {
	switch {
	case t == 0:
		return append(b, "none"...), nil
	case t > ChurchTiles:
		return b, noNotation("church tile", uint8(t))
	}
	return append(b, byte('0'+t)), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes, a tile as the move notation writes one. Its error
// wraps ErrNotation and leaves t unchanged.
func (t *ChurchTile) UnmarshalText(text []byte) error {
	if string(text) == "none" {
		*t = 0
		return nil
	}
	n, why := readField(text, func(r *fieldReader) uint8 { return r.number(tileField) })
	if why != "" || n == 0 {
		return cannotParse("church tile", text, "1–9 or none")
	}
	*t = ChurchTile(n)
	return nil
}

// MarshalText implements encoding.TextMarshaler: "building", "church
// tile", "tower", "milestone" or "none", as String writes them. Any other
// value has no text (ErrBadEncoding).
func (k CubeSpotKind) MarshalText() ([]byte, error) { return k.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (k CubeSpotKind) AppendText(b []byte) ([]byte, error) {
	return appendName(b, int(k) < len(cubeSpotKindNames), k.String(), "cube spot kind", uint8(k))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves k unchanged.
func (k *CubeSpotKind) UnmarshalText(text []byte) error {
	i := lookupName(text, cubeSpotKindNames[:])
	if i < 0 {
		return cannotParse("cube spot kind", text, "building, church tile, tower, milestone or none")
	}
	*k = CubeSpotKind(i)
	return nil
}

// ---------------------------------------------------------------------------
// The turn.

// MarshalText implements encoding.TextMarshaler: the phase's name
// ("build", "church choice"), as String writes it; the zero value is
// PhaseRoll, "roll". Any other value has no text (ErrBadEncoding).
func (p Phase) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (p Phase) AppendText(b []byte) ([]byte, error) {
	return appendName(b, p <= PhaseOver, p.String(), "phase", uint8(p))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves p unchanged.
func (p *Phase) UnmarshalText(text []byte) error {
	i := lookupName(text, phaseNames[:])
	if i < 0 {
		return cannotParse("phase", text, orList(phaseNames[:]))
	}
	*p = Phase(i)
	return nil
}

// MarshalText implements encoding.TextMarshaler: the method in the words
// of String ("all cubes placed", "turn limit reached"); "not over" for
// NoMethod. Any other value has no text (ErrBadEncoding).
func (m Method) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (m Method) AppendText(b []byte) ([]byte, error) {
	return appendName(b, int(m) < len(methodNames), m.String(), "method", uint8(m))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves m unchanged.
func (m *Method) UnmarshalText(text []byte) error {
	method, ok := parseMethod(string(text))
	switch {
	case ok:
		*m = method
	case string(text) == methodNames[NoMethod]:
		*m = NoMethod
	default:
		return cannotParse("method", text, orList(methodNames[:]))
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler: the options' names as
// String writes them ("default", "english", "adjacent-permit-rows"). A
// value with an option that does not exist has no text (ErrBadEncoding).
func (r Rules) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (r Rules) AppendText(b []byte) ([]byte, error) {
	if !r.valid() {
		return b, noNotation("rules", fmt.Sprintf("%#x", uint8(r)))
	}
	return appendRules(b, r), nil
}

// appendRules appends the options as String writes them.
func appendRules(b []byte, r Rules) []byte {
	switch r {
	case DefaultRules:
		return append(b, "default"...)
	case EnglishEdition:
		return append(b, "english"...)
	}
	n := len(b)
	for _, o := range ruleOptions {
		if r.Has(o.r) {
			b = appendJoined(b, n, o.name)
			r &^= o.r
		}
	}
	if r != 0 {
		b = appendJoined(b, n, "unknown")
	}
	return b
}

// appendJoined appends name to b, after a "+" unless b has grown no
// longer than n.
func appendJoined(b []byte, n int, name string) []byte {
	if len(b) > n {
		b = append(b, '+')
	}
	return append(b, name...)
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads the options
// as ParseRules does. Its error wraps ErrNotation and leaves r unchanged.
func (r *Rules) UnmarshalText(text []byte) error {
	rules, err := ParseRules(string(text))
	if err != nil {
		return err
	}
	*r = rules
	return nil
}

// MarshalText implements encoding.TextMarshaler: "none", "all" or "seat
// N", as String writes them. Any other value, such as what RevealSeat
// answers for no seat, has no text (ErrBadEncoding).
func (r Reveal) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// AppendText implements encoding.TextAppender: it appends MarshalText's
// text to b, allocating only to grow b.
func (r Reveal) AppendText(b []byte) ([]byte, error) {
	switch {
	case r == RevealNone:
		return append(b, "none"...), nil
	case r == RevealAll:
		return append(b, "all"...), nil
	case r.Seat() != NoPlayer:
		return append(append(b, "seat "...), byte('0'+r.Seat())), nil
	}
	return b, noNotation("reveal", int8(r))
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads what
// MarshalText writes. Its error wraps ErrNotation and leaves r unchanged.
func (r *Reveal) UnmarshalText(text []byte) error {
	var p Player
	switch seat, isSeat := strings.CutPrefix(string(text), "seat "); {
	case string(text) == "none":
		*r = RevealNone
	case string(text) == "all":
		*r = RevealAll
	case isSeat && p.UnmarshalText([]byte(seat)) == nil && p != NoPlayer:
		*r = RevealSeat(p)
	default:
		return cannotParse("reveal", text, "none, all or seat 0–3")
	}
	return nil
}
