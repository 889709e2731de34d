package elasund

import (
	"encoding/binary"
	"math/bits"
)

// Sets of squares as bitboards, for the move generator (issue 11: speed).
// The 90 squares fit in two words; the tables below are constant, computed
// once when the package is initialised.

// bitboard is a set of squares: square s is bit s of lo for s < 64, bit
// s-64 of hi for the others. (A struct of two words, not an array, so that
// the compiler keeps it in registers.)
type bitboard struct{ lo, hi uint64 }

// has reports whether s is in b.
func (b bitboard) has(s Square) bool {
	w := b.lo
	if s >= 64 {
		w = b.hi
	}
	return w>>(s%64)&1 != 0
}

// add puts square s (of the board) into b.
func (b *bitboard) add(s Square) {
	if s < 64 {
		b.lo |= 1 << s
	} else {
		b.hi |= 1 << (s - 64)
	}
}

func (b bitboard) and(c bitboard) bitboard    { return bitboard{b.lo & c.lo, b.hi & c.hi} }
func (b bitboard) andNot(c bitboard) bitboard { return bitboard{b.lo &^ c.lo, b.hi &^ c.hi} }
func (b bitboard) or(c bitboard) bitboard     { return bitboard{b.lo | c.lo, b.hi | c.hi} }
func (b bitboard) xor(c bitboard) bitboard    { return bitboard{b.lo ^ c.lo, b.hi ^ c.hi} }
func (b bitboard) none() bool                 { return b.lo|b.hi == 0 }
func (b bitboard) count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// pop removes the lowest square from a set that is not empty and returns it.
func (b *bitboard) pop() Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return Square(64 + s)
}

// southOf returns the squares whose neighbour to the south is in b (b
// shifted one row north); squares of the north row drop out.
func (b bitboard) southOf() bitboard {
	return bitboard{b.lo>>NumColumns | b.hi<<(64-NumColumns), b.hi >> NumColumns}
}

// shape is the geometry of a building as bit patterns, offsets from a
// square: bit dx + 9·dy for the square dx columns east and dy rows south.
type shape struct {
	cover   uint64 // the footprint from its north-west square
	reach   int    // the offset of its south-east square
	flipped uint64 // the footprint turned half round: bit reach-d for bit d of cover
}

// shapes[b] is the shape of building b.
var shapes = func() (t [LargeBuilding + 1]shape) {
	for b := Hut; b <= LargeBuilding; b++ {
		w, h := b.Width(), b.Height()
		sh := &t[b]
		for dy := 0; dy < h; dy++ {
			for dx := 0; dx < w; dx++ {
				sh.cover |= 1 << (dx + NumColumns*dy)
			}
		}
		sh.reach = bits.Len64(sh.cover) - 1
		sh.flipped = bits.Reverse64(sh.cover) >> (63 - sh.reach)
	}
	return t
}()

// shifted returns the set of squares with the bits of x moved k squares
// on (k may be negative): square s of the result is bit s-k of x.
func shifted(x uint64, k int) bitboard {
	if k < 0 {
		return bitboard{x >> uint(-k), 0}
	}
	return bitboard{x << uint(k), x>>(64-uint(k)) | x<<(uint(k)-64)}
}

// footprint returns the squares building b covers with its north-west
// square on o. The footprint must fit on the board (o in cityOrigins[4][b]);
// otherwise the result is not the footprint.
func footprint(b Building, o Square) bitboard { return shifted(shapes[b].cover, int(o)) }

// covering returns the north-west squares from which building b covers
// square s, among others: those whose footprint would reach past the east
// edge of the board and come back on the next row. (Intersected with
// cityOrigins they are exactly the origins that cover s on the board.)
func covering(b Building, s Square) bitboard {
	return shifted(shapes[b].flipped, int(s)-shapes[b].reach)
}

// holdingAtLeast returns the north-west squares from which a footprint of
// building b holds at least need (1 to 3) squares of x, among others:
// those whose footprint would reach past the east edge of the board and
// come back on the next row. It counts, for every square at once, the
// squares of x under each square of the shape, in three bit planes.
func holdingAtLeast(x bitboard, b Building, need int) bitboard {
	var ones, twos, fours bitboard
	for d := shapes[b].cover; d != 0; d &= d - 1 {
		y := x.northWest(bits.TrailingZeros64(d))
		c1 := ones.and(y)
		ones = ones.xor(y)
		c2 := twos.and(c1)
		twos = twos.xor(c1)
		fours = fours.or(c2)
	}
	switch need {
	case 1:
		return ones.or(twos).or(fours)
	case 2:
		return twos.or(fours)
	}
	return fours.or(twos.and(ones))
}

// northWest returns the squares whose square k squares on (0 ≤ k < 64)
// is in b: b with every square moved k squares back.
func (b bitboard) northWest(k int) bitboard {
	if k == 0 {
		return b
	}
	return bitboard{b.lo>>uint(k) | b.hi<<uint(64-k), b.hi >> uint(k)}
}

// cityBoards[n] is the city of an n-player game, empty for player counts
// that do not exist.
var cityBoards = func() (t [MaxPlayers + 1]bitboard) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for s := Square(0); s < NumSquares; s++ {
			if s.col() < CityColumns(n) {
				t[n].add(s)
			}
		}
	}
	return t
}()

// tradeBoards[n] is the set of trade fields of an n-player game.
var tradeBoards = func() (t [MaxPlayers + 1]bitboard) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for s := Square(0); s < NumSquares; s++ {
			if TradeValue(s, n) > 0 {
				t[n].add(s)
			}
		}
	}
	return t
}()

// cityOrigins[n][b] is the set of north-west squares from which building b
// lies inside the city of an n-player game (§6.1).
var cityOrigins = func() (t [MaxPlayers + 1][LargeBuilding + 1]bitboard) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for b := Hut; b <= LargeBuilding; b++ {
			for o := Square(0); o < NumSquares; o++ {
				if o.col()+b.Width() <= CityColumns(n) && o.ri()+b.Height() <= NumRows {
					t[n][b].add(o)
				}
			}
		}
	}
	return t
}()

// cityBoard returns the city of an n-player game, empty for any other n.
func cityBoard(n int) bitboard {
	if uint(n) >= uint(len(cityBoards)) {
		return bitboard{}
	}
	return cityBoards[n]
}

// tradeBoard returns the trade fields of an n-player game, none for any
// other n.
func tradeBoard(n int) bitboard {
	if uint(n) >= uint(len(tradeBoards)) {
		return bitboard{}
	}
	return tradeBoards[n]
}

// foundationBoard is the set holding the church foundation c8.
var foundationBoard = func() (b bitboard) {
	b.add(ChurchFoundation)
	return b
}()

// boardSets is what stands on the board, read off Game.cell for one
// position: the squares with a permit, with a church tile, with a building;
// the empty squares (§5: in the city, nothing on them, and not the church
// foundation before the church); and the squares no building may cover
// (§6.1: church tiles, and the foundation before the church).
type boardSets struct {
	permits, church, buildings, empty, blocked bitboard
}

// The high bit of each byte of a word, and the other seven.
const (
	byteHighs = 0x8080808080808080
	byteLows  = 0x7f7f7f7f7f7f7f7f
)

// nonzeroFlags returns bit i set for each byte i of x that is not 0.
func nonzeroFlags(x uint64) uint64 { return byteFlags(((x & byteLows) + byteLows | x) & byteHighs) }

// byteFlags gathers the high bits of the eight bytes of x (bit 8i+7 for
// byte i) into bits 0–7, byte i to bit i.
func byteFlags(x uint64) uint64 { return (x >> 7) * 0x0102040810204080 >> 56 }

// cellFlags classifies eight cells (the bytes of x, the first lowest): bit
// i of permit is set if cell i holds a permit (cellPermit), of tile if it
// has the cellChurch bit, of full if it is not 0.
func cellFlags(x uint64) (permit, tile, full uint64) {
	return byteFlags(x & byteHighs), byteFlags(x << 1 & byteHighs), nonzeroFlags(x)
}

// occupancy is what stands on the board as sets: the squares with a
// permit, with a church tile, with a building. It is the cache Game.occ.
type occupancy struct {
	permits, church, buildings bitboard
}

// readOccupancy reads the board eight squares at a time. A cell is a
// permit if it has the cellPermit bit, a church tile if it has the
// cellChurch bit and not that one, a building if it is neither and not 0
// (1 to numPieces).
func (g *Game) readOccupancy() occupancy {
	var permit, tile, full bitboard
	c := &g.cell
	for k := 0; k < 8; k++ { // squares 0–63
		p, t, f := cellFlags(binary.LittleEndian.Uint64(c[8*k:]))
		permit.lo |= p << (8 * k)
		tile.lo |= t << (8 * k)
		full.lo |= f << (8 * k)
	}
	for k := 0; k < 3; k++ { // squares 64–87
		p, t, f := cellFlags(binary.LittleEndian.Uint64(c[64+8*k:]))
		permit.hi |= p << (8 * k)
		tile.hi |= t << (8 * k)
		full.hi |= f << (8 * k)
	}
	p, t, f := cellFlags(uint64(c[88]) | uint64(c[89])<<8) // squares 88, 89
	permit.hi |= p << 24
	tile.hi |= t << 24
	full.hi |= f << 24

	church := tile.andNot(permit)
	return occupancy{permits: permit, church: church, buildings: full.andNot(permit).andNot(church)}
}

// setCell sets square s of the board to v (a code of Game.cell) and keeps
// the cache g.occ. Every change of the board goes through it, but for put
// and displace, which keep the cache a footprint at a time.
func (g *Game) setCell(s Square, v uint8) {
	g.cell[s] = v
	var bit bitboard
	bit.add(s)
	o := &g.occ
	o.permits = o.permits.andNot(bit)
	o.church = o.church.andNot(bit)
	o.buildings = o.buildings.andNot(bit)
	switch {
	case v == 0:
	case v&cellPermit != 0:
		o.permits = o.permits.or(bit)
	case v&cellChurch != 0:
		o.church = o.church.or(bit)
	default:
		o.buildings = o.buildings.or(bit)
	}
}

// cover records a building on the squares of fp, which it takes from
// whatever stood there: put's share of setCell.
func (o *occupancy) cover(fp bitboard) {
	o.permits = o.permits.andNot(fp)
	o.church = o.church.andNot(fp)
	o.buildings = o.buildings.or(fp)
}

// full returns the squares on which something stands.
func (o *occupancy) full() bitboard { return o.permits.or(o.church).or(o.buildings) }

// boardSets returns the sets of boardSets for the position, from the cache
// g.occ.
func (g *Game) boardSets() boardSets {
	o := &g.occ
	bs := boardSets{permits: o.permits, church: o.church, buildings: o.buildings}
	bs.empty = cityBoard(int(g.n)).andNot(o.full())
	bs.blocked = bs.church
	if g.churchOrigin == NoSquare {
		bs.empty = bs.empty.andNot(foundationBoard)
		bs.blocked = bs.blocked.or(foundationBoard)
	}
	return bs
}

// validateOccupancy is Validate's check of the cache g.occ: it matches the
// board's squares.
func (g *Game) validateOccupancy() error {
	if g.occ != g.readOccupancy() {
		return invalidState("the board's cached sets do not match its squares")
	}
	return nil
}
