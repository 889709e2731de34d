package elasund

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// Saving and loading a position: Game implements encoding.BinaryMarshaler
// and BinaryUnmarshaler (a compact fixed-length form) and json.Marshaler and
// Unmarshaler (a readable form). Both hold the whole state, the hidden parts
// and the random source included, so that a loaded game is == the saved one
// and plays on exactly as it would have.
//
// Both forms encode the primary state field by field. The board's square
// index (Game.cell) is derived from where the pieces, permits and church
// tiles are, and is rebuilt on load; so would any cache a later version
// adds. A new primary field is a new version of both forms: the version
// byte (binary) and the "version" field (JSON) say which layout follows,
// and a loader accepts only the versions it knows.

// ErrBadEncoding is wrapped by the errors of UnmarshalBinary and
// UnmarshalJSON for data that is not an encoding of a game: truncated or
// too long, of an unknown version, malformed, naming unknown squares,
// colours or buildings, or with a field outside the range any game can hold.
// Data that is well formed but describes a state that breaks a rule's
// invariant gives an error wrapping ErrInvalidState instead.
var ErrBadEncoding = errors.New("elasund: bad encoding")

// binaryVersion is the layout version of MarshalBinary, its first byte.
const binaryVersion = 1

// binaryLen is the length of a version-1 binary encoding.
const binaryLen = 269

// jsonVersion is the layout version of MarshalJSON, its "version" field.
const jsonVersion = 1

// The binary layout, version 1: offsets in bytes, one byte a value unless
// said otherwise, int8 values in two's complement, seats 0–3 always (zero
// for seats not playing).
//
//	  0  version (1)
//	  1  players
//	  2  colours of seats 0–3
//	  6  rule options
//	  7  turn limit (uint32, big-endian)
//	 11  turns played (uint32, big-endian)
//	 15  phase, active seat, deciding seat, first seat, builds this turn
//	 20  ship's row (0: none), dice (0 0 before the first roll), winner (-1: none)
//	 24  where the 37 building pieces are: a square, 253 awaiting a rebuild,
//	     254 removed, 255 supply; seat*4 + hut, totem, house, workshop for
//	     seats 0–3, then 4 wells, 4 markets, 5 taverns, 5 shops, 3 large
//	 61  owners of the 21 neutral pieces (-1: none)
//	 82  cubes on the 21 neutral pieces
//	103  where the permits are, seat by seat, values 0–4: a square or 255
//	123  wall sites Nc–Nh, Sc–Sh, E3–E11: 0 empty, else (seat+1)<<4 | tile
//	143  wall tiles built by seat
//	147  church stack length, then its 9 slots, bottom first (0 beyond it)
//	157  the church area's north-west square (255: not yet fixed)
//	158  builders of church tiles 1–9 (-1: not built)
//	167  the two tiles of a pending church choice (0 0: none)
//	169  gold in the bank, then gold of seats 0–3
//	174  influence cards of seats 0–3: blue, green, yellow
//	186  deck length, then its 39 slots (0 blue, 1 green, 2 yellow), the top
//	     card at the length minus one, the slots above it as play left them
//	226  discard pile (blue, green, yellow); pirates' pool (gold, blue,
//	     green, yellow)
//	233  trade points, milestone bits (bit i: milestone 3, 5, 7, 9, 11),
//	     cubes placed, cards owed, starters awaiting a rebuild (bit 0 hut,
//	     bit 1 totem): seats 0–3 each
//	253  the random source: the PCG's two state words (uint64, big-endian)
//	269  end

// MarshalBinary implements encoding.BinaryMarshaler. The encoding is 269
// bytes: a version byte (1), then every field of the state in a fixed order
// (the layout is in codec.go), the random source last. It returns an
// error wrapping ErrInvalidState for a game that does not validate, since
// such a game could not be loaded.
func (g Game) MarshalBinary() ([]byte, error) {
	if err := g.checkSaved(); err != nil {
		return nil, err
	}
	hi, lo, err := pcgState(&g.rng)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, binaryLen)
	b = append(b, binaryVersion, g.n)
	for _, c := range g.colors {
		b = append(b, uint8(c))
	}
	b = append(b, uint8(g.rules))
	b = binary.BigEndian.AppendUint32(b, g.maxTurns)
	b = binary.BigEndian.AppendUint32(b, g.turn)
	b = append(b, uint8(g.phase), g.active, g.toMove, g.first, g.builds,
		uint8(g.ship), g.dice[0], g.dice[1], uint8(g.winner))
	for _, s := range g.pieceSq {
		b = append(b, uint8(s))
	}
	for _, o := range g.pieceOwner[neutralBase:] {
		b = append(b, uint8(o))
	}
	b = append(b, g.pieceCubes[neutralBase:]...)
	for p := range g.permitSq {
		for _, s := range g.permitSq[p] {
			b = append(b, uint8(s))
		}
	}
	b = append(b, g.wall[:]...)
	b = append(b, g.wallBuilt[:]...)
	b = append(b, g.churchLen)
	b = append(b, g.church[:]...)
	b = append(b, uint8(g.churchOrigin))
	for _, o := range g.churchOwner[1:] {
		b = append(b, uint8(o))
	}
	b = append(b, g.churchDrawn[:]...)
	b = append(b, g.bank)
	b = append(b, g.gold[:]...)
	for p := range g.infl {
		b = append(b, g.infl[p][:]...)
	}
	b = append(b, g.deckLen)
	b = append(b, g.deck[:]...)
	b = append(b, g.discard[:]...)
	b = append(b, g.poolGold)
	b = append(b, g.poolInfl[:]...)
	b = append(b, g.tp[:]...)
	b = append(b, g.milestones[:]...)
	b = append(b, g.cubes[:]...)
	b = append(b, g.pending[:]...)
	b = append(b, g.rebuild[:]...)
	b = binary.BigEndian.AppendUint64(b, hi)
	b = binary.BigEndian.AppendUint64(b, lo)
	if len(b) != binaryLen {
		return nil, fmt.Errorf("elasund: internal error: binary encoding of %d bytes", len(b))
	}
	return b, nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it loads a game
// that MarshalBinary saved. It checks every field's range and then the
// whole state with Validate; on any error (wrapping ErrBadEncoding or
// ErrInvalidState) the receiver is left unchanged.
func (g *Game) UnmarshalBinary(data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	if len(data) == 0 {
		return bad("no data")
	}
	if data[0] != binaryVersion {
		return bad("binary encoding of version %d; this package reads version %d", data[0], binaryVersion)
	}
	if len(data) != binaryLen {
		return bad("binary encoding of %d bytes; version %d has %d", len(data), binaryVersion, binaryLen)
	}
	r := data[1:]
	next := func(dst []uint8) {
		copy(dst, r)
		r = r[len(dst):]
	}
	one := func() uint8 {
		v := r[0]
		r = r[1:]
		return v
	}
	var d Game
	d.n = one()
	for i := range d.colors {
		d.colors[i] = Color(one())
	}
	d.rules = Rules(one())
	d.maxTurns = binary.BigEndian.Uint32(r)
	d.turn = binary.BigEndian.Uint32(r[4:])
	r = r[8:]
	d.phase, d.active, d.toMove, d.first, d.builds = Phase(one()), one(), one(), one(), one()
	d.ship, d.dice[0], d.dice[1], d.winner = Row(one()), one(), one(), int8(one())
	for i := range d.pieceSq {
		d.pieceSq[i] = Square(one())
	}
	for i := range d.pieceOwner {
		d.pieceOwner[i] = -1
	}
	for i := neutralBase; i < numPieces; i++ {
		d.pieceOwner[i] = int8(one())
	}
	next(d.pieceCubes[neutralBase:])
	for p := range d.permitSq {
		for v := range d.permitSq[p] {
			d.permitSq[p][v] = Square(one())
		}
	}
	next(d.wall[:])
	next(d.wallBuilt[:])
	d.churchLen = one()
	next(d.church[:])
	d.churchOrigin = Square(one())
	d.churchOwner[0] = -1
	for t := 1; t <= ChurchTiles; t++ {
		d.churchOwner[t] = int8(one())
	}
	next(d.churchDrawn[:])
	d.bank = one()
	next(d.gold[:])
	for p := range d.infl {
		next(d.infl[p][:])
	}
	d.deckLen = one()
	next(d.deck[:])
	next(d.discard[:])
	d.poolGold = one()
	next(d.poolInfl[:])
	next(d.tp[:])
	next(d.milestones[:])
	next(d.cubes[:])
	next(d.pending[:])
	next(d.rebuild[:])
	hi, lo := binary.BigEndian.Uint64(r), binary.BigEndian.Uint64(r[8:])
	if err := setPCGState(&d.rng, hi, lo); err != nil {
		return err
	}
	if err := d.finishLoad(); err != nil {
		return err
	}
	*g = d
	return nil
}

// pcgState returns the two words of a PCG source's state.
func pcgState(r *rand.PCG) (hi, lo uint64, err error) {
	b, err := r.MarshalBinary()
	if err != nil || len(b) != 20 || string(b[:4]) != "pcg:" {
		return 0, 0, fmt.Errorf("elasund: internal error: unexpected PCG state encoding %q (%v)", b, err)
	}
	return binary.BigEndian.Uint64(b[4:]), binary.BigEndian.Uint64(b[12:]), nil
}

// setPCGState sets a PCG source's state from its two words.
func setPCGState(r *rand.PCG, hi, lo uint64) error {
	b := append([]byte("pcg:"), make([]byte, 16)...)
	binary.BigEndian.PutUint64(b[4:], hi)
	binary.BigEndian.PutUint64(b[12:], lo)
	if err := r.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("%w: random source: %v", ErrBadEncoding, err)
	}
	return nil
}

// checkRanges checks that every field of a state read from outside holds
// a value some game can hold, so that deriving the board's squares, Validate
// and every method can index with it. Errors wrap ErrBadEncoding.
func (g *Game) checkRanges() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	if g.n < MinPlayers || g.n > MaxPlayers {
		return bad("%d players", g.n)
	}
	for p, c := range g.colors {
		if c > Yellow {
			return bad("seat %d has colour %d", p, c)
		}
	}
	if !g.rules.valid() {
		return bad("unknown rule options %#x", uint8(g.rules))
	}
	if g.phase > PhaseOver {
		return bad("phase %d", g.phase)
	}
	if d := g.dice; d != [2]uint8{} && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
		return bad("dice %d and %d", d[0], d[1])
	}
	if g.winner < -1 || g.winner >= MaxPlayers {
		return bad("winner %d", g.winner)
	}
	for id, s := range g.pieceSq {
		switch s {
		case inSupply, removedFromGame, awaitingRebuild:
			continue
		}
		sp := pieceKinds[id].spec()
		if !s.Valid() || s.col()+int(sp.w) > NumColumns || s.ri()+int(sp.h) > NumRows {
			return bad("%v at location %d", pieceKinds[id], s)
		}
	}
	for id := neutralBase; id < numPieces; id++ {
		if o := g.pieceOwner[id]; o < -1 || o >= MaxPlayers {
			return bad("%v with owner %d", pieceKinds[id], o)
		}
	}
	for p := range g.permitSq {
		for v, s := range g.permitSq[p] {
			if s != inSupply && !s.Valid() {
				return bad("permit %d of seat %d at location %d", v, p, s)
			}
		}
	}
	if g.churchOrigin != NoSquare {
		ok := false
		for t := ChurchTile(1); t <= ChurchTiles; t++ {
			ok = ok || g.churchOrigin == churchOriginFor(t)
		}
		if !ok {
			return bad("church area at square %d", g.churchOrigin)
		}
	}
	for t := 1; t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o < -1 || o >= MaxPlayers {
			return bad("church tile %d with owner %d", t, o)
		}
	}
	for _, t := range g.church {
		if t > ChurchTiles {
			return bad("church stack holds tile %d", t)
		}
	}
	for _, t := range g.churchDrawn {
		if t > ChurchTiles {
			return bad("church tile %d drawn", t)
		}
	}
	for _, c := range g.deck {
		if c > 2 {
			return bad("influence deck holds a card of colour %d", c)
		}
	}
	return nil
}

// deriveCells rebuilds the board's square index from the pieces, permits
// and church tiles. The fields must have passed checkRanges; where two
// things claim a square, Validate then finds the one overwritten.
func (g *Game) deriveCells() {
	g.cell = [NumSquares]uint8{}
	for p := range g.permitSq {
		for v, s := range g.permitSq[p] {
			if s != inSupply {
				g.cell[s] = permitCell(p, v)
			}
		}
	}
	for id, s := range g.pieceSq {
		if s.Valid() {
			g.put(id, s)
		}
	}
	if g.churchOrigin != NoSquare {
		for t := ChurchTile(1); t <= ChurchTiles; t++ {
			if g.churchOwner[t] >= 0 {
				g.cell[churchSquare(g.churchOrigin, t)] = uint8(cellChurch | int(t))
			}
		}
	}
}

// checkPlayState checks the invariants of a reachable state that Validate
// leaves out because play keeps them by construction: the dice, the turn
// limit and the unused church owner slot. Errors wrap ErrInvalidState.
func (g *Game) checkPlayState() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidState, fmt.Sprintf(format, args...))
	}
	if rolled := g.dice != [2]uint8{}; rolled == (g.turn == 0 && g.phase == PhaseRoll) {
		return bad("dice %d and %d in %v of turn %d", g.dice[0], g.dice[1], g.phase, g.turn+1)
	}
	if g.maxTurns > 0 && g.turn >= g.maxTurns && !(g.turn == g.maxTurns && g.phase == PhaseOver && g.winner < 0) {
		return bad("%d turns played of a limit of %d", g.turn, g.maxTurns)
	}
	if g.churchOwner[0] != -1 {
		return bad("church owner slot 0 holds %d", g.churchOwner[0])
	}
	return nil
}

// finishLoad completes a state decoded into g: it checks the ranges,
// derives the board's squares and validates.
func (g *Game) finishLoad() error {
	if err := g.checkRanges(); err != nil {
		return err
	}
	g.deriveCells()
	if err := g.Validate(); err != nil {
		return err
	}
	return g.checkPlayState()
}

// checkSaved checks, before saving, that g could be loaded again: the
// ranges, Validate, and that the board's squares are those derived.
func (g *Game) checkSaved() error {
	if err := g.checkRanges(); err != nil {
		return fmt.Errorf("%w: the game cannot be saved: %w", ErrInvalidState, err)
	}
	if err := g.Validate(); err != nil {
		return err
	}
	c := *g
	c.deriveCells()
	if c.cell != g.cell {
		return fmt.Errorf("%w: the board's squares do not match its pieces", ErrInvalidState)
	}
	return g.checkPlayState()
}

// The JSON form, version 1. Players are listed in seat order and named by
// colour elsewhere; squares, buildings, wall sites, influence colours,
// phases and rule options are written as the package writes them.
type jsonGame struct {
	Version  int            `json:"version"`
	Rules    string         `json:"rules"`
	MaxTurns uint32         `json:"maxTurns"`
	Turn     uint32         `json:"turnsPlayed"`
	First    string         `json:"first"`
	Active   string         `json:"active"`
	Phase    string         `json:"phase"`
	ToMove   string         `json:"toMove"`
	Builds   uint8          `json:"builds"`
	Ship     uint8          `json:"ship"`
	Dice     [2]uint8       `json:"dice"`
	Winner   string         `json:"winner,omitempty"`
	Players  []jsonPlayer   `json:"players"`
	Neutral  []jsonBuilding `json:"neutral"`
	Wall     []jsonWall     `json:"wall"`
	Church   jsonChurch     `json:"church"`
	Bank     uint8          `json:"bank"`
	Deck     []string       `json:"deck"`
	Drawn    []string       `json:"drawnSlots"`
	Discard  jsonCards      `json:"discard"`
	Pirates  jsonCards      `json:"pirates,omitzero"`
	Random   string         `json:"random"`
}

type jsonPlayer struct {
	Color       string    `json:"color"`
	Hand        jsonCards `json:"hand"`
	Hut         string    `json:"hut"`
	Totem       string    `json:"totem"`
	House       string    `json:"house"`
	Workshop    string    `json:"workshop"`
	Permits     []string  `json:"permits"`
	WallTiles   uint8     `json:"wallTilesBuilt"`
	TradePoints uint8     `json:"tradePoints"`
	Milestones  []int     `json:"milestones"`
	Cubes       uint8     `json:"cubesPlaced"`
	Owes        uint8     `json:"owes,omitempty"`
	Rebuild     []string  `json:"rebuild,omitempty"`
}

type jsonBuilding struct {
	Building string `json:"building"`
	Copy     int    `json:"copy"`
	Square   string `json:"square"`
	Owner    string `json:"owner"`
	Cubes    uint8  `json:"cubes"`
}

type jsonWall struct {
	Site  string `json:"site"`
	Owner string `json:"owner"`
	Tile  uint8  `json:"tile"`
}

type jsonChurch struct {
	Stack  []uint8          `json:"stack"`
	Drawn  []uint8          `json:"drawn,omitempty"`
	Origin string           `json:"origin,omitempty"`
	Tiles  []jsonChurchTile `json:"tiles"`
}

type jsonChurchTile struct {
	Tile  uint8  `json:"tile"`
	Owner string `json:"owner"`
}

type jsonCards struct {
	Gold   uint8 `json:"gold,omitempty"`
	Blue   uint8 `json:"blue,omitempty"`
	Green  uint8 `json:"green,omitempty"`
	Yellow uint8 `json:"yellow,omitempty"`
}

// Where a player's building is, in the JSON form, when not on a square.
const (
	jsonSupply   = "supply"
	jsonRemoved  = "removed"
	jsonAwaiting = "awaiting rebuild"
)

// MarshalJSON implements json.Marshaler: a readable form of the whole
// state, hidden parts and random source included, that UnmarshalJSON reads
// back to a game == to g. Its fields:
//
//   - "version" (1), "rules" (as Rules.String writes them), "maxTurns",
//     "turnsPlayed" (turns completed), "first", "active", "toMove" and
//     "winner" (colours; "winner" only once someone has won), "phase" (as
//     Phase.String writes it), "builds" (builds made this turn), "ship"
//     (its row, 0 before the first roll) and "dice" (the last roll);
//   - "players", in seat order: "color", "hand" (cards by kind), where the
//     "hut", "totem", "house" and "workshop" are (a square, "supply",
//     "removed" or "awaiting rebuild"), "permits" (where the permits of
//     value 0 to 4 are: a square or "supply"), "wallTilesBuilt",
//     "tradePoints", "milestones" (the trade-track positions holding the
//     player's cubes), "cubesPlaced", "owes" (cards still to discard or
//     return) and "rebuild" (starters awaiting a rebuild decision);
//   - "neutral": the neutral buildings on the board, each with its
//     "building", "copy" (which of the identical copies, from 1), "square"
//     (north-west), "owner" and "cubes";
//   - "wall": the built wall tiles ("site", "owner", "tile" number);
//   - "church": "stack" (tile numbers, top first), "drawn" (the two tiles
//     of a pending church choice), "origin" (the church area's north-west
//     square, once fixed) and "tiles" (built tiles and their owners);
//   - "bank" (gold), "deck" (influence colours, top first), "drawnSlots"
//     (the colours left in the deck's slots below its cards, which no rule
//     reads but == compares), "discard" and "pirates" (cards discarded to
//     the pirates and not yet taken);
//   - "random": the state of the random source, 32 hex digits.
//
// It returns an error wrapping ErrInvalidState for a game that does not
// validate.
func (g Game) MarshalJSON() ([]byte, error) {
	if err := g.checkSaved(); err != nil {
		return nil, err
	}
	hi, lo, err := pcgState(&g.rng)
	if err != nil {
		return nil, err
	}
	col := func(p int) string { return g.colors[p].String() }
	j := jsonGame{
		Version:  jsonVersion,
		Rules:    g.rules.String(),
		MaxTurns: g.maxTurns,
		Turn:     g.turn,
		First:    col(int(g.first)),
		Active:   col(int(g.active)),
		Phase:    g.phase.String(),
		ToMove:   col(int(g.toMove)),
		Builds:   g.builds,
		Ship:     uint8(g.ship),
		Dice:     g.dice,
		Bank:     g.bank,
		Discard:  jsonCards{Blue: g.discard[0], Green: g.discard[1], Yellow: g.discard[2]},
		Pirates:  jsonCards{g.poolGold, g.poolInfl[0], g.poolInfl[1], g.poolInfl[2]},
		Random:   fmt.Sprintf("%016x%016x", hi, lo),
		Neutral:  []jsonBuilding{},
		Wall:     []jsonWall{},
		Deck:     []string{},
		Drawn:    []string{},
	}
	if g.winner >= 0 {
		j.Winner = col(int(g.winner))
	}
	for p := 0; p < int(g.n); p++ {
		jp := jsonPlayer{
			Color:       col(p),
			Hand:        jsonCards{g.gold[p], g.infl[p][0], g.infl[p][1], g.infl[p][2]},
			Hut:         jsonLocation(g.pieceSq[playerPiece(p, Hut)]),
			Totem:       jsonLocation(g.pieceSq[playerPiece(p, Totem)]),
			House:       jsonLocation(g.pieceSq[playerPiece(p, House)]),
			Workshop:    jsonLocation(g.pieceSq[playerPiece(p, Workshop)]),
			WallTiles:   g.wallBuilt[p],
			TradePoints: g.tp[p],
			Milestones:  []int{},
			Cubes:       g.cubes[p],
			Owes:        g.pending[p],
		}
		for _, s := range g.permitSq[p] {
			jp.Permits = append(jp.Permits, jsonLocation(s))
		}
		for i, m := range milestonePos {
			if g.milestones[p]>>i&1 != 0 {
				jp.Milestones = append(jp.Milestones, int(m))
			}
		}
		for _, b := range [2]Building{Hut, Totem} {
			if g.rebuild[p]&(1<<(b-Hut)) != 0 {
				jp.Rebuild = append(jp.Rebuild, b.String())
			}
		}
		j.Players = append(j.Players, jp)
	}
	for id := neutralBase; id < numPieces; id++ {
		if s := g.pieceSq[id]; s.Valid() {
			b := pieceKinds[id]
			j.Neutral = append(j.Neutral, jsonBuilding{b.String(), id - neutralFirst[b] + 1, s.String(), col(int(g.pieceOwner[id])), g.pieceCubes[id]})
		}
	}
	for w := WallSite(0); w < numWallSites; w++ {
		if v := g.wall[w]; v != 0 {
			j.Wall = append(j.Wall, jsonWall{w.String(), col(int(v>>4) - 1), v & 15})
		}
	}
	j.Church.Stack = []uint8{}
	for i := int(g.churchLen) - 1; i >= 0; i-- {
		j.Church.Stack = append(j.Church.Stack, g.church[i])
	}
	if g.churchDrawn != [2]uint8{} {
		j.Church.Drawn = g.churchDrawn[:]
	}
	if g.churchOrigin != NoSquare {
		j.Church.Origin = g.churchOrigin.String()
	}
	j.Church.Tiles = []jsonChurchTile{}
	for t := 1; t <= ChurchTiles; t++ {
		if o := g.churchOwner[t]; o >= 0 {
			j.Church.Tiles = append(j.Church.Tiles, jsonChurchTile{uint8(t), col(int(o))})
		}
	}
	for i := int(g.deckLen) - 1; i >= 0; i-- {
		j.Deck = append(j.Deck, InfluenceColor(g.deck[i]+1).String())
	}
	for _, c := range g.deck[g.deckLen:] {
		j.Drawn = append(j.Drawn, InfluenceColor(c+1).String())
	}
	return json.Marshal(j)
}

func jsonLocation(s Square) string {
	switch s {
	case inSupply:
		return jsonSupply
	case removedFromGame:
		return jsonRemoved
	case awaitingRebuild:
		return jsonAwaiting
	}
	return s.String()
}

// UnmarshalJSON implements json.Unmarshaler: it loads a game that
// MarshalJSON saved (see there for the fields). Unknown fields are an
// error. It checks every field's range and then the whole state with
// Validate; on any error (wrapping ErrBadEncoding or ErrInvalidState) the
// receiver is left unchanged. "drawnSlots" may be left out (its slots are
// then blue, colour index 0); every other field must be given where the
// state needs it.
func (g *Game) UnmarshalJSON(data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	var v struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return bad("%v", err)
	}
	if v.Version == nil {
		return bad("no version")
	}
	if *v.Version != jsonVersion {
		return bad("JSON encoding of version %d; this package reads version %d", *v.Version, jsonVersion)
	}
	var j jsonGame
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return bad("%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return bad("data after the game")
	}
	d, err := j.game()
	if err != nil {
		return err
	}
	if err := d.finishLoad(); err != nil {
		return err
	}
	*g = *d
	return nil
}

// game converts the JSON form into a state, checking names and counts;
// finishLoad checks the rest.
func (j *jsonGame) game() (*Game, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
	}
	d := &Game{churchOrigin: NoSquare, winner: -1}
	n := len(j.Players)
	if n < MinPlayers || n > MaxPlayers {
		return nil, bad("%d players", n)
	}
	d.n = uint8(n)
	for i := range d.pieceSq {
		d.pieceSq[i], d.pieceOwner[i] = inSupply, -1
	}
	for p := range d.permitSq {
		for v := range d.permitSq[p] {
			d.permitSq[p][v] = inSupply
		}
	}
	for t := range d.churchOwner {
		d.churchOwner[t] = -1
	}
	for p, jp := range j.Players {
		c, ok := parseColor(jp.Color)
		if !ok {
			return nil, bad("player %d has colour %q", p, jp.Color)
		}
		d.colors[p] = c
	}
	seat := func(what, s string) (int, error) {
		c, ok := parseColor(s)
		if ok {
			for p := 0; p < n; p++ {
				if d.colors[p] == c {
					return p, nil
				}
			}
		}
		return 0, bad("%s %q is not a player's colour", what, s)
	}
	var err error
	if d.rules, err = ParseRules(j.Rules); err != nil {
		return nil, bad("rules: %v", err)
	}
	d.maxTurns, d.turn, d.builds, d.ship, d.dice, d.bank = j.MaxTurns, j.Turn, j.Builds, Row(j.Ship), j.Dice, j.Bank
	var first, active, toMove int
	if first, err = seat("first", j.First); err != nil {
		return nil, err
	}
	if active, err = seat("active", j.Active); err != nil {
		return nil, err
	}
	if toMove, err = seat("toMove", j.ToMove); err != nil {
		return nil, err
	}
	d.first, d.active, d.toMove = uint8(first), uint8(active), uint8(toMove)
	if j.Winner != "" {
		w, err := seat("winner", j.Winner)
		if err != nil {
			return nil, err
		}
		d.winner = int8(w)
	}
	d.phase = PhaseOver + 1
	for ph, name := range phaseNames {
		if name == j.Phase {
			d.phase = Phase(ph)
		}
	}
	if d.phase > PhaseOver {
		return nil, bad("unknown phase %q", j.Phase)
	}
	for p, jp := range j.Players {
		d.gold[p], d.infl[p] = jp.Hand.Gold, [3]uint8{jp.Hand.Blue, jp.Hand.Green, jp.Hand.Yellow}
		for _, pc := range [...]struct {
			b Building
			s string
		}{{Hut, jp.Hut}, {Totem, jp.Totem}, {House, jp.House}, {Workshop, jp.Workshop}} {
			if d.pieceSq[playerPiece(p, pc.b)], err = parseLocation(pc.s); err != nil {
				return nil, bad("%v %s: %v", d.colors[p], pc.b, err)
			}
		}
		if len(jp.Permits) != PermitsPerPlayer {
			return nil, bad("%v has %d permits; each player has 5", d.colors[p], len(jp.Permits))
		}
		for v, s := range jp.Permits {
			loc, err := parseLocation(s)
			if err != nil || (loc != inSupply && !loc.Valid()) {
				return nil, bad("%v permit %d at %q", d.colors[p], v, s)
			}
			d.permitSq[p][v] = loc
		}
		d.wallBuilt[p], d.tp[p], d.cubes[p], d.pending[p] = jp.WallTiles, jp.TradePoints, jp.Cubes, jp.Owes
		for _, m := range jp.Milestones {
			i := -1
			for k, pos := range milestonePos {
				if int(pos) == m {
					i = k
				}
			}
			if i < 0 || d.milestones[p]>>i&1 != 0 {
				return nil, bad("%v milestones %v", d.colors[p], jp.Milestones)
			}
			d.milestones[p] |= 1 << i
		}
		for _, name := range jp.Rebuild {
			b, ok := parseBuilding(name)
			if !ok || !b.Starter() || d.rebuild[p]&(1<<(b-Hut)) != 0 {
				return nil, bad("%v rebuild %v", d.colors[p], jp.Rebuild)
			}
			d.rebuild[p] |= 1 << (b - Hut)
		}
	}
	for _, jb := range j.Neutral {
		b, ok := parseBuilding(jb.Building)
		if !ok || !b.Neutral() || jb.Copy < 1 || jb.Copy > b.Copies() {
			return nil, bad("neutral building %q copy %d", jb.Building, jb.Copy)
		}
		id := neutralFirst[b] + jb.Copy - 1
		if d.pieceSq[id] != inSupply {
			return nil, bad("%v copy %d given twice", b, jb.Copy)
		}
		s, err := ParseSquare(jb.Square)
		if err != nil {
			return nil, bad("%v copy %d: %v", b, jb.Copy, err)
		}
		o, err := seat(b.String()+" owner", jb.Owner)
		if err != nil {
			return nil, err
		}
		d.pieceSq[id], d.pieceOwner[id], d.pieceCubes[id] = s, int8(o), jb.Cubes
	}
	for _, jw := range j.Wall {
		w, err := ParseWallSite(jw.Site)
		if err != nil {
			return nil, bad("wall: %v", err)
		}
		o, err := seat("wall "+jw.Site+" owner", jw.Owner)
		if err != nil {
			return nil, err
		}
		if d.wall[w] != 0 || jw.Tile < 1 || jw.Tile > WallTilesPerPlayer {
			return nil, bad("wall %v: tile %d (or the site given twice)", w, jw.Tile)
		}
		d.wall[w] = uint8((o+1)<<4) | jw.Tile
	}
	if len(j.Church.Stack) > ChurchTiles {
		return nil, bad("church stack of %d tiles", len(j.Church.Stack))
	}
	d.churchLen = uint8(len(j.Church.Stack))
	for i, t := range j.Church.Stack {
		d.church[len(j.Church.Stack)-1-i] = t
	}
	switch len(j.Church.Drawn) {
	case 0:
	case 2:
		d.churchDrawn = [2]uint8{j.Church.Drawn[0], j.Church.Drawn[1]}
	default:
		return nil, bad("%d church tiles drawn", len(j.Church.Drawn))
	}
	if j.Church.Origin != "" {
		if d.churchOrigin, err = ParseSquare(j.Church.Origin); err != nil {
			return nil, bad("church origin: %v", err)
		}
	}
	for _, jt := range j.Church.Tiles {
		o, err := seat("church tile owner", jt.Owner)
		if err != nil {
			return nil, err
		}
		if jt.Tile < 1 || jt.Tile > ChurchTiles || d.churchOwner[jt.Tile] >= 0 {
			return nil, bad("church tile %d (or given twice)", jt.Tile)
		}
		d.churchOwner[jt.Tile] = int8(o)
	}
	if len(j.Deck) > InfluenceCards || (j.Drawn != nil && len(j.Deck)+len(j.Drawn) != InfluenceCards) {
		return nil, bad("influence deck of %d cards and %d drawn slots; together they are 39", len(j.Deck), len(j.Drawn))
	}
	d.deckLen = uint8(len(j.Deck))
	for i, name := range j.Deck {
		c, ok := parseInfluence(name)
		if !ok {
			return nil, bad("influence deck card %q", name)
		}
		d.deck[len(j.Deck)-1-i] = uint8(c - 1)
	}
	for i, name := range j.Drawn {
		c, ok := parseInfluence(name)
		if !ok {
			return nil, bad("drawn slot %q", name)
		}
		d.deck[len(j.Deck)+i] = uint8(c - 1)
	}
	if j.Discard.Gold != 0 {
		return nil, bad("gold in the influence discard pile")
	}
	d.discard = [3]uint8{j.Discard.Blue, j.Discard.Green, j.Discard.Yellow}
	d.poolGold, d.poolInfl = j.Pirates.Gold, [3]uint8{j.Pirates.Blue, j.Pirates.Green, j.Pirates.Yellow}
	if len(j.Random) != 32 || strings.ToLower(j.Random) != j.Random {
		return nil, bad("random source %q: 32 lower-case hex digits", j.Random)
	}
	raw, err := hex.DecodeString(j.Random)
	if err != nil {
		return nil, bad("random source %q: %v", j.Random, err)
	}
	if err := setPCGState(&d.rng, binary.BigEndian.Uint64(raw), binary.BigEndian.Uint64(raw[8:])); err != nil {
		return nil, err
	}
	return d, nil
}

// parseLocation reads where a player's building or permit is: a square or
// one of the JSON form's words.
func parseLocation(s string) (Square, error) {
	switch s {
	case jsonSupply:
		return inSupply, nil
	case jsonRemoved:
		return removedFromGame, nil
	case jsonAwaiting:
		return awaitingRebuild, nil
	}
	return ParseSquare(s)
}

// parseColor reads a player colour as Color.String writes it.
func parseColor(s string) (Color, bool) {
	for c := Red; c <= Yellow; c++ {
		if c.String() == s {
			return c, true
		}
	}
	return NoColor, false
}
