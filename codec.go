package elasund

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
)

// Saving and loading a position: Game implements encoding.BinaryMarshaler
// and BinaryUnmarshaler (a compact fixed-length form) and json.Marshaler and
// Unmarshaler (a readable form). Both hold the whole state, the hidden parts
// and the random source included, so that a loaded game is == the saved one
// and plays on exactly as it would have.
//
// Both forms encode the primary state field by field. The board's square
// index (Game.cell) is derived from where the pieces, permits and church
// tiles are, and is rebuilt on load, with the cache derived from it
// (Game.occ); so would any cache a later version adds. A new primary field
// is a new version of both forms: the version byte (binary) and the
// "version" field (JSON) say which layout follows, and a loader accepts
// only the versions it knows.

// binaryVersion is the layout version of MarshalBinary, its first byte.
const binaryVersion = 1

// binaryLen is the length of a version-1 binary encoding.
const binaryLen = 269

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
	return g.appendBinary(make([]byte, 0, binaryLen))
}

// appendBinary appends the binary form of g to b, without checking g (a
// View's game, whose hidden parts are zero, is written so).
func (g *Game) appendBinary(b []byte) ([]byte, error) {
	hi, lo, err := pcgState(&g.rng)
	if err != nil {
		return nil, err
	}
	start := len(b)
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
		b = append(b, squareToWire(s))
	}
	for _, o := range g.pieceOwner[neutralBase:] {
		b = append(b, uint8(o))
	}
	b = append(b, g.pieceCubes[neutralBase:]...)
	for p := range g.permitSq {
		for _, s := range g.permitSq[p] {
			b = append(b, squareToWire(s))
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
	if len(b)-start != binaryLen {
		return nil, fmt.Errorf("elasund: internal error: binary encoding of %d bytes", len(b)-start)
	}
	return b, nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it loads a game
// that MarshalBinary saved. It checks every field's range (the turns
// played and the turn limit at most TurnLimit) and then the whole state
// with Validate; on any error (wrapping ErrBadEncoding or ErrInvalidState)
// the receiver is left unchanged.
func (g *Game) UnmarshalBinary(data []byte) error {
	d, err := decodeBinary(data)
	if err != nil {
		return err
	}
	if err := d.finishLoad(); err != nil {
		return err
	}
	*g = d
	return nil
}

// decodeBinary reads the fields of a binary form, checking its version and
// length but not the state (finishLoad does).
func decodeBinary(data []byte) (Game, error) {
	if len(data) == 0 {
		return Game{}, badEncoding("no data")
	}
	if data[0] != binaryVersion {
		return Game{}, badEncoding("binary encoding of version %d; this package reads version %d", data[0], binaryVersion)
	}
	if len(data) != binaryLen {
		return Game{}, badEncoding("binary encoding of %d bytes; version %d has %d", len(data), binaryVersion, binaryLen)
	}
	return readBinary(data[1:])
}

// readBinary reads the fields of a state from r, the binary form after its
// version byte, in the order MarshalBinary writes them; its error is that
// of a random source's state no source can have.
func readBinary(r []byte) (Game, error) {
	var d Game
	next := func(dst []uint8) {
		copy(dst, r)
		r = r[len(dst):]
	}
	one := func() uint8 {
		v := r[0]
		r = r[1:]
		return v
	}
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
		d.pieceSq[i] = squareFromWire(one())
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
			d.permitSq[p][v] = squareFromWire(one())
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
	err := setPCGState(&d.rng, hi, lo)
	return d, err
}

// The binary form writes a building or permit in supply as 255 (version 1
// was laid out when InSupply was NoSquare): squareToWire and squareFromWire
// swap the two values, so that every other byte means what it did.
func squareToWire(s Square) uint8 {
	switch s {
	case InSupply:
		return uint8(NoSquare)
	case NoSquare:
		return uint8(InSupply)
	}
	return uint8(s)
}

func squareFromWire(b uint8) Square { return Square(squareToWire(Square(b))) }

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
	if g.maxTurns > TurnLimit || g.turn > TurnLimit {
		return bad("turn limit %d, %d turns played; a game lasts at most %d turns", g.maxTurns, g.turn, TurnLimit)
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
	g.occ = occupancy{}
	for p := range g.permitSq {
		for v, s := range g.permitSq[p] {
			if s != inSupply {
				g.setCell(s, permitCell(p, v))
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
				g.setCell(churchSquare(g.churchOrigin, t), uint8(cellChurch|int(t)))
			}
		}
	}
}

// checkPlayState checks the invariants of a reachable state that Validate
// leaves out because play keeps them by construction: the dice, the turn
// limit (MaxTurns or TurnLimit: a game that has played that many turns is
// over, without a winner) and the unused church owner slot. Errors wrap
// ErrInvalidState.
func (g *Game) checkPlayState() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidState, fmt.Sprintf(format, args...))
	}
	if rolled := g.dice != [2]uint8{}; rolled == (g.turn == 0 && g.phase == PhaseRoll) {
		return bad("dice %d and %d in %v of turn %d", g.dice[0], g.dice[1], g.phase, g.turn+1)
	}
	if last := g.lastTurn(); g.turn >= last && !(g.turn == last && g.phase == PhaseOver && g.winner < 0) {
		return bad("%d turns played of a limit of %d", g.turn, last)
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
		return fmt.Errorf("%w: the game cannot be saved: %w", ErrInvalidState, nested(err))
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

// badEncoding is the error of a loader refusing its input: ErrBadEncoding
// and what is wrong.
func badEncoding(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadEncoding, fmt.Sprintf(format, args...))
}
