package elasund

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
)

// A Table saves its configuration (the seed included) and its log, not the
// game: loading replays the log from the configuration, which checks every
// move against the rules and every roll against the seeded dice, so that a
// loaded table is exactly a game that could have been played at a table.
// The game after the replay is the table's game, == the saved one.

// tableVersion is the layout version of both saved forms of a Table. The
// forfeit (flag bits 1–3, the JSON key "forfeited") was added within
// version 1: a table saved without one reads as before, and a reader that
// predates it refuses a forfeited table (unknown flags, unknown key)
// rather than misread it.
const tableVersion = 1

// maxTableMoves bounds the log a saved table may hold, far above any game
// (a four-player game takes about 1,500 moves). Loading holds 39 bytes a
// move (15 the move, 24 its log entry) for one or two bytes of the binary
// form, 7 to 32 of the JSON form, whose moves' text UnmarshalJSON also
// copies while it parses them: at most about 40 MB held, and 75 MB
// allocated in all for the longest JSON data (measured: 74 MB for a
// million moves of 29 letters, 48 MB for a million "roll").
const maxTableMoves = 1 << 20

// maxTableJSON bounds the JSON form UnmarshalJSON reads: about 20 bytes a
// move of the longest game maxTableMoves allows.
const maxTableJSON = 32 << 20

// The binary layout of a Table, version 1 (uvarint: encoding/binary's
// unsigned varint):
//
//	version (1)
//	flags: bit 0 abandoned; bit 1 forfeited, bits 2–3 the forfeiting seat
//	players
//	number of colours given (0 or the players), then each colour
//	seed (uint64, big-endian)
//	first player's colour (0: chosen by the seed)
//	turn limit (uvarint)
//	rule options
//	deck length given (0 or 39), then each card (1 blue, 2 green, 3 yellow)
//	church stack length given (0 or 9), then each tile
//	number of moves (uvarint), then each move's Index (uvarint)

// MarshalBinary implements encoding.BinaryMarshaler: the table's
// configuration and log in a compact form (about two bytes a move). It
// holds the seed: keep it from the players until the game is over. The
// zero Table returns an error wrapping ErrNoGame.
func (t *Table) MarshalBinary() ([]byte, error) {
	if t.g.n == 0 {
		return nil, fmt.Errorf("%w: a table without a game does not save", ErrNoGame)
	}
	c := &t.cfg
	b := make([]byte, 0, 64+2*len(t.log))
	flags := byte(0)
	switch {
	case t.end == endAbandoned:
		flags = 1
	case t.end >= endForfeit:
		flags = 2 | (t.end-endForfeit)<<2
	}
	b = append(b, tableVersion, flags, byte(c.Players), byte(len(c.Colors)))
	for _, col := range c.Colors {
		b = append(b, byte(col))
	}
	b = binary.BigEndian.AppendUint64(b, c.Seed)
	b = append(b, byte(c.FirstColor))
	b = binary.AppendUvarint(b, uint64(c.MaxTurns))
	b = append(b, byte(c.Rules), byte(len(c.InfluenceDeck)))
	for _, ic := range c.InfluenceDeck {
		b = append(b, byte(ic))
	}
	b = append(b, byte(len(c.ChurchStack)))
	for _, tile := range c.ChurchStack {
		b = append(b, byte(tile))
	}
	b = binary.AppendUvarint(b, uint64(len(t.log)))
	for _, e := range t.log {
		b = binary.AppendUvarint(b, uint64(e.Move.Index()))
	}
	return b, nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it loads a table
// that MarshalBinary saved and replays its log. Data that is not such an
// encoding gives an error wrapping ErrBadEncoding; a configuration New
// refuses, or a log that is not a game of it (a move not legal where it
// stands, a roll whose dice are not the seeded ones), an error wrapping
// ErrInvalidState. On error the table is unchanged.
func (t *Table) UnmarshalBinary(data []byte) error {
	r := byteReader{b: data}
	if v := r.byte(); r.err == nil && v != tableVersion {
		return fmt.Errorf("%w: table version %d (this package reads %d)", ErrBadEncoding, v, tableVersion)
	}
	flags := r.byte()
	var c Config
	c.Players = int(r.byte())
	c.Colors = make([]Color, r.count(MaxPlayers))
	for i := range c.Colors {
		c.Colors[i] = Color(r.byte())
	}
	c.Seed = r.uint64()
	c.FirstColor = Color(r.byte())
	c.MaxTurns = int(r.uvarint(1 << 31))
	c.Rules = Rules(r.byte())
	if n := r.count(TotalInfluenceCards); n > 0 {
		c.InfluenceDeck = make([]InfluenceColor, n)
		for i := range c.InfluenceDeck {
			c.InfluenceDeck[i] = InfluenceColor(r.byte())
		}
	}
	if n := r.count(ChurchTiles); n > 0 {
		c.ChurchStack = make([]ChurchTile, n)
		for i := range c.ChurchStack {
			c.ChurchStack[i] = ChurchTile(r.byte())
		}
	}
	if len(c.Colors) == 0 {
		c.Colors = nil
	}
	n := r.uvarint(maxTableMoves)
	if r.err == nil && n > uint64(len(r.b)) { // at least a byte a move
		r.err = io.ErrUnexpectedEOF
	}
	var moves []Move
	if r.err == nil {
		moves = make([]Move, 0, n) // n is at most the bytes left
	}
	for range n {
		i := r.uvarint(NumActions)
		if r.err != nil {
			break
		}
		m, _ := MoveFromIndex(int(i)) // in range: uvarint checked it
		moves = append(moves, m)
	}
	switch {
	case r.err != nil:
		return fmt.Errorf("%w: table: %v", ErrBadEncoding, r.err)
	case len(r.b) > 0:
		return fmt.Errorf("%w: table: %d bytes after the end", ErrBadEncoding, len(r.b))
	case flags > 0x0f || flags&3 == 3 || flags&2 == 0 && flags > 1:
		return fmt.Errorf("%w: table: unknown flags %#x", ErrBadEncoding, flags)
	}
	end := flags & 1 // endAbandoned
	if flags&2 != 0 {
		end = endForfeit + flags>>2
	}
	return t.load(c, moves, end)
}

// load replays moves from c and, if they are a game of c, sets t to it,
// ended by the host as end says (0, endAbandoned or endForfeit+seat).
func (t *Table) load(c Config, moves []Move, end uint8) error {
	if c.Seed == 0 {
		return fmt.Errorf("%w: table: seed 0 (a table always has its seed)", ErrInvalidState)
	}
	g, err := New(c)
	if err != nil {
		return fmt.Errorf("%w: table: %w", ErrInvalidState, nested(err))
	}
	nt := Table{g: *g, cfg: c, log: make([]Entry, 0, len(moves))}
	for i, m := range moves {
		played := m
		if m.Kind == Roll {
			played.Dice = [2]uint8{} // the table rolls; the dice must agree
		}
		e, err := nt.Play(nt.g.ToMove(), played)
		if err != nil {
			return fmt.Errorf("%w: table: move %d %q: %w", ErrInvalidState, i+1, m.String(), nested(err))
		}
		if e.Move != m {
			return fmt.Errorf("%w: table: move %d: the seed rolls %q, not %q", ErrInvalidState, i+1, e.Move.String(), m.String())
		}
	}
	switch {
	case end != 0 && nt.g.Over():
		return fmt.Errorf("%w: table: %s after the game ended", ErrInvalidState, endWords(end))
	case end >= endForfeit && int(end-endForfeit) >= nt.g.Players():
		return fmt.Errorf("%w: table: seat %d forfeited, at a table of %d seats", ErrInvalidState, end-endForfeit, nt.g.Players())
	}
	nt.end = end
	*t = nt
	return nil
}

// endWords names a host's ending.
func endWords(end uint8) string {
	if end == endAbandoned {
		return "abandoned"
	}
	return "forfeited"
}

// byteReader reads the binary form; its first error sticks.
type byteReader struct {
	b   []byte
	err error
}

func (r *byteReader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.fail(io.ErrUnexpectedEOF)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

// count reads a length byte of at most max.
func (r *byteReader) count(max int) int {
	n := int(r.byte())
	if n > max || n > len(r.b) {
		r.fail(fmt.Errorf("a length of %d (at most %d)", n, max))
		return 0
	}
	return n
}

func (r *byteReader) uint64() uint64 {
	if r.err != nil || len(r.b) < 8 {
		r.fail(io.ErrUnexpectedEOF)
		return 0
	}
	v := binary.BigEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

// uvarint reads a uvarint below limit.
func (r *byteReader) uvarint(limit uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, k := binary.Uvarint(r.b)
	switch {
	case k <= 0:
		r.fail(io.ErrUnexpectedEOF)
		return 0
	case v >= limit:
		r.fail(fmt.Errorf("a number %d out of range (below %d)", v, limit))
		return 0
	}
	r.b = r.b[k:]
	return v
}

func (r *byteReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// jsonTable is the JSON form of a Table.
type jsonTable struct {
	Version   int         `json:"version"`
	Config    *jsonConfig `json:"config"`
	Moves     jsonStrings `json:"moves"` // read by readTableArrays
	Abandoned bool        `json:"abandoned,omitempty"`
	Forfeited string      `json:"forfeited,omitempty"` // the colour of the seat that forfeited
}

type jsonConfig struct {
	Players       int         `json:"players"`
	Colors        jsonStrings `json:"colors,omitempty"` // read by readTableArrays
	Seed          uint64      `json:"seed"`
	FirstPlayer   string      `json:"firstPlayer,omitempty"`
	MaxTurns      int         `json:"maxTurns,omitempty"`
	Rules         string      `json:"rules"`
	InfluenceDeck jsonStrings `json:"influenceDeck,omitempty"` // read by readTableArrays
	ChurchStack   jsonInts    `json:"churchStack,omitempty"`   // read by readTableArrays
}

// MarshalJSON implements json.Marshaler: the table as an object with
// "version" (1), "config" (players, colours, seed, first player, turn
// limit, rules as Rules.String writes them, a stacked deck and church
// stack), "moves" (the log in the notation of Move.String), "abandoned"
// (true, or left out) and "forfeited" (the colour of the seat that
// forfeited, or left out). It holds the seed: keep it from the players
// until the game is over. The zero Table returns an error wrapping
// ErrNoGame.
func (t *Table) MarshalJSON() ([]byte, error) {
	if t.g.n == 0 {
		return nil, fmt.Errorf("%w: a table without a game does not save", ErrNoGame)
	}
	c := &t.cfg
	j := jsonTable{Version: tableVersion, Abandoned: t.end == endAbandoned, Moves: make([]string, len(t.log))}
	if t.end >= endForfeit {
		j.Forfeited = t.g.Color(Player(t.end - endForfeit)).String()
	}
	j.Config = &jsonConfig{Players: c.Players, Seed: c.Seed, MaxTurns: c.MaxTurns, Rules: c.Rules.String()}
	for _, col := range c.Colors {
		j.Config.Colors = append(j.Config.Colors, col.String())
	}
	if c.FirstColor != NoColor {
		j.Config.FirstPlayer = c.FirstColor.String()
	}
	for _, ic := range c.InfluenceDeck {
		j.Config.InfluenceDeck = append(j.Config.InfluenceDeck, ic.String())
	}
	for _, tile := range c.ChurchStack {
		j.Config.ChurchStack = append(j.Config.ChurchStack, int(tile))
	}
	for i, e := range t.log {
		j.Moves[i] = e.Move.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements json.Unmarshaler: it loads a table that
// MarshalJSON saved and replays its log. Keys must match exactly, unknown
// keys and trailing data are refused. Its errors are those of
// UnmarshalBinary; on error the table is unchanged. It reads the arrays
// an element at a time and stops at the first element it refuses: data
// refused before the replay takes at most half its length in memory. A
// table loaded holds 39 bytes a move (at most 2^20 moves: about 40 MB),
// and loading allocates besides a copy of the moves' text.
func (t *Table) UnmarshalJSON(data []byte) error {
	if len(data) > maxTableJSON {
		return fmt.Errorf("%w: table: %d bytes of JSON (at most %d)", ErrBadEncoding, len(data), maxTableJSON)
	}
	if !json.Valid(data) {
		return fmt.Errorf("%w: table: not valid JSON", ErrBadEncoding)
	}
	if err := checkJSONShape(data, reflect.TypeFor[jsonTable]()); err != nil {
		return fmt.Errorf("%w: table: %v", ErrBadEncoding, err)
	}
	var j jsonTable
	err := json.Unmarshal(data, &j) // all but the arrays
	a := readTableArrays(data)
	if err := firstTypeError(err, a.typeErr); err != nil {
		return fmt.Errorf("%w: table: %s", ErrBadEncoding, jsonError(err))
	}
	if j.Version != tableVersion {
		return fmt.Errorf("%w: table version %d (this package reads %d)", ErrBadEncoding, j.Version, tableVersion)
	}
	if j.Config == nil {
		return fmt.Errorf("%w: table: no config", ErrBadEncoding)
	}
	c, err := j.Config.config(&a)
	if err != nil {
		return err
	}
	if a.moveCount > maxTableMoves {
		return fmt.Errorf("%w: table: %d moves (at most %d)", ErrBadEncoding, a.moveCount, maxTableMoves)
	}
	moves, i, err := a.parseMoves(data)
	if err != nil {
		return fmt.Errorf("%w: table: move %d: %w", ErrBadEncoding, i+1, nested(err))
	}
	end := uint8(0)
	switch {
	case j.Abandoned && j.Forfeited != "":
		return fmt.Errorf("%w: table: both abandoned and forfeited", ErrBadEncoding)
	case j.Abandoned:
		end = endAbandoned
	case j.Forfeited != "":
		colors, err := c.playerColors()
		if err != nil {
			return t.load(c, moves, 0) // refuses the configuration
		}
		col, _ := parseColor(j.Forfeited)
		p := slices.Index(colors, col)
		if p < 0 || col == NoColor {
			return fmt.Errorf("%w: table: forfeited %s is not a seat's colour", ErrBadEncoding, quoteInput(j.Forfeited))
		}
		end = endForfeit + uint8(p)
	}
	return t.load(c, moves, end)
}

// config reads the configuration's words, those of its lists from a.
func (j *jsonConfig) config(a *tableArrays) (Config, error) {
	bad := func(what string, v any) (Config, error) {
		return Config{}, fmt.Errorf("%w: table: config: %s %v", ErrBadEncoding, what, v)
	}
	c := Config{Players: j.Players, Seed: j.Seed, MaxTurns: j.MaxTurns,
		Colors: a.colors, InfluenceDeck: a.deck, ChurchStack: a.church}
	var ok bool
	if a.badColor != "" {
		return bad("unknown colour", a.badColor)
	}
	if j.FirstPlayer != "" {
		if c.FirstColor, ok = parseColor(j.FirstPlayer); !ok {
			return bad("unknown first player", quoteInput(j.FirstPlayer))
		}
	}
	rules, err := ParseRules(j.Rules)
	if err != nil {
		return bad("rules", quoteInput(j.Rules))
	}
	c.Rules = rules
	switch {
	case a.badInfluence != "":
		return bad("unknown influence colour", a.badInfluence)
	case a.hasBadTile:
		return bad("church tile", a.badTile)
	}
	return c, nil
}
