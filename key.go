package elasund

import (
	"encoding/binary"
	"math/bits"
)

// Position keys, for transposition tables.

// The serialized position that Key hashes: every field of Game but the
// random source and the dice, at these offsets, padded to 8-byte words.
const (
	offCell      = 21
	offPieces    = offCell + NumSquares
	offPermits   = offPieces + 3*numPieces
	offWall      = offPermits + MaxPlayers*PermitsPerPlayer
	offWallBuilt = offWall + numWallSites
	offChurch    = offWallBuilt + MaxPlayers
	offGold      = offChurch + 2*ChurchTiles + 5
	offInfl      = offGold + MaxPlayers
	offDeck      = offInfl + 3*MaxPlayers
	offCards     = offDeck + TotalInfluenceCards
	offTrack     = offCards + 9
	keyBytes     = (offTrack + 5*MaxPlayers + 7) / 8 * 8
)

// Key returns a 128-bit key of the position, for transposition tables:
// games that are the same position have the same key, whatever the state of
// their random sources, and different positions have different keys but
// with a negligible probability (two independent 64-bit hashes of the
// whole position).
//
// The position is everything in the game but its random source and the
// dice of the last roll: the players and their colours, the rule options,
// the turn limit and the turn, the phase and who decides, the board, the
// wall, the church (its stack in order), every hand by colour, the bank,
// the deck in order, the discard pile, the pirates' pool, the trade track,
// and the cards and rebuilds owed. The dice are left out because they
// cannot change what follows (the ship's row, which the sum decided, is
// part of the key): a plain roll and the same forced roll give the same
// key, and so do two rolls of the same sum. The key is the same in every
// process and on every platform. Key does not allocate.
//
// Hidden parts (the deck's order, other players' colours) are part of the
// key, as they are of the position; what one player knows of a position is
// its View, which compares with ==.
func (g *Game) Key() [16]byte {
	var b [keyBytes]byte
	b[0], b[1], b[2], b[3], b[4] = g.n, uint8(g.colors[0]), uint8(g.colors[1]), uint8(g.colors[2]), uint8(g.colors[3])
	b[5], b[6], b[7], b[8], b[9] = uint8(g.phase), g.active, g.toMove, g.first, g.builds
	b[10], b[11], b[12] = uint8(g.ship), uint8(g.winner), uint8(g.rules)
	binary.LittleEndian.PutUint32(b[13:], g.turn)
	binary.LittleEndian.PutUint32(b[17:], g.maxTurns)
	copy(b[offCell:], g.cell[:])
	for id := range numPieces {
		b[offPieces+id] = uint8(g.pieceSq[id])
		b[offPieces+numPieces+id] = uint8(g.pieceOwner[id])
		b[offPieces+2*numPieces+id] = g.pieceCubes[id]
	}
	for p := range MaxPlayers {
		for v := range PermitsPerPlayer {
			b[offPermits+p*PermitsPerPlayer+v] = uint8(g.permitSq[p][v])
		}
		b[offWallBuilt+p] = g.wallBuilt[p]
		b[offGold+p] = g.gold[p]
		b[offInfl+3*p], b[offInfl+3*p+1], b[offInfl+3*p+2] = g.infl[p][0], g.infl[p][1], g.infl[p][2]
		b[offTrack+p] = g.tp[p]
		b[offTrack+MaxPlayers+p] = g.milestones[p]
		b[offTrack+2*MaxPlayers+p] = g.cubes[p]
		b[offTrack+3*MaxPlayers+p] = g.pending[p]
		b[offTrack+4*MaxPlayers+p] = g.rebuild[p]
	}
	copy(b[offWall:], g.wall[:])
	copy(b[offChurch:], g.church[:])
	b[offChurch+ChurchTiles], b[offChurch+ChurchTiles+1] = g.churchLen, uint8(g.churchOrigin)
	for t := range ChurchTiles + 1 {
		b[offChurch+ChurchTiles+2+t] = uint8(g.churchOwner[t])
	}
	b[offChurch+2*ChurchTiles+3], b[offChurch+2*ChurchTiles+4] = g.churchDrawn[0], g.churchDrawn[1]
	// Only the deck's cards: the slots above it hold cards already drawn.
	copy(b[offDeck:offDeck+TotalInfluenceCards], g.deck[:min(int(g.deckLen), TotalInfluenceCards)])
	b[offCards], b[offCards+1], b[offCards+2], b[offCards+3] = g.deckLen, g.discard[0], g.discard[1], g.discard[2]
	b[offCards+4], b[offCards+5], b[offCards+6], b[offCards+7] = g.bank, g.poolGold, g.poolInfl[0], g.poolInfl[1]
	b[offCards+8] = g.poolInfl[2]

	// Two independent hashes: multiply-fold rounds (as in wyhash) with
	// their own seeds and constants, then a final fold.
	h1, h2 := uint64(0x243f6a8885a308d3), uint64(0x13198a2e03707344)
	for j := 0; j < keyBytes; j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		h1 = fold(h1^w, 0xa0761d6478bd642f)
		h2 = fold(h2^bits.RotateLeft64(w, 29), 0xe7037ed1a0b428db)
	}
	var k [16]byte
	binary.LittleEndian.PutUint64(k[:], fold(h1^keyBytes, 0x8ebc6af09c88c6e3))
	binary.LittleEndian.PutUint64(k[8:], fold(h2^keyBytes, 0x589965cc75374cc3))
	return k
}

// fold multiplies x by k to 128 bits and folds the halves together.
func fold(x, k uint64) uint64 {
	hi, lo := bits.Mul64(x, k)
	return hi ^ lo
}
