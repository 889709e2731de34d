package elasund

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
)

// A Table saves its configuration (the seed included) and its log, not the
// game: loading replays the log from the configuration, which checks every
// move against the rules and every roll against the seeded dice, so that a
// loaded table is exactly a game that could have been played at a table.
// The game after the replay is the table's game, == the saved one.

// tableVersion is the layout version of both saved forms of a Table.
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
//	flags: bit 0 abandoned
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
// holds the seed: keep it from the players until the game is over.
func (t *Table) MarshalBinary() ([]byte, error) {
	if t.g.n == 0 {
		return nil, fmt.Errorf("%w: no game at this table", ErrInvalidState)
	}
	c := &t.cfg
	b := make([]byte, 0, 64+2*len(t.log))
	flags := byte(0)
	if t.abandoned {
		flags = 1
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
	case flags > 1:
		return fmt.Errorf("%w: table: unknown flags %#x", ErrBadEncoding, flags)
	}
	return t.load(c, moves, flags == 1)
}

// load replays moves from c and, if they are a game of c, sets t to it.
func (t *Table) load(c Config, moves []Move, abandoned bool) error {
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
		if err := nt.Play(nt.g.ToMove(), played); err != nil {
			return fmt.Errorf("%w: table: move %d %q: %w", ErrInvalidState, i+1, m.String(), nested(err))
		}
		if got := nt.log[len(nt.log)-1].Move; got != m {
			return fmt.Errorf("%w: table: move %d: the seed rolls %q, not %q", ErrInvalidState, i+1, got.String(), m.String())
		}
	}
	if abandoned && nt.g.Over() {
		return fmt.Errorf("%w: table: abandoned after the game ended", ErrInvalidState)
	}
	nt.abandoned = abandoned
	*t = nt
	return nil
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
// stack), "moves" (the log in the notation of Move.String) and
// "abandoned". It holds the seed: keep it from the players until the game
// is over.
func (t *Table) MarshalJSON() ([]byte, error) {
	if t.g.n == 0 {
		return nil, fmt.Errorf("%w: no game at this table", ErrInvalidState)
	}
	c := &t.cfg
	j := jsonTable{Version: tableVersion, Abandoned: t.abandoned, Moves: make([]string, len(t.log))}
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
	return t.load(c, moves, j.Abandoned)
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
