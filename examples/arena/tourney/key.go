package tourney

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// A Key is a tournament's secret: 32 bytes from which the tournament
// derives the seed of every deal and bot (Tournament.Key) by HMAC-SHA256,
// a one-way function. Whoever lacks the key cannot compute a deal's seed,
// nor one deal's seed from another's: a bot that reads the records of the
// games played so far learns nothing of the deals to come. NewKey draws
// one; String and ParseKey write and read it as 64 hexadecimal digits, to
// play the same tournament again.
type Key [32]byte

// ErrBadKey is wrapped by ParseKey's errors.
var ErrBadKey = errors.New("tourney: not a key")

// NewKey draws a key from crypto/rand.
func NewKey() Key {
	var k Key
	rand.Read(k[:]) // never fails (crypto/rand.Read's contract since Go 1.24)
	return k
}

// ParseKey reads a key written by Key.String: 64 hexadecimal digits, with
// blanks (spaces, tabs, line ends) around them. Its errors wrap ErrBadKey
// and do not quote the text, which may be a secret.
func ParseKey(s string) (Key, error) {
	var k Key
	s = strings.TrimSpace(s)
	if len(s) != hex.EncodedLen(len(k)) {
		return Key{}, fmt.Errorf("%w: a key is %d hexadecimal digits, not %d characters", ErrBadKey, hex.EncodedLen(len(k)), len(s))
	}
	if _, err := hex.Decode(k[:], []byte(s)); err != nil {
		return Key{}, fmt.Errorf("%w: a key is %d hexadecimal digits, and this holds other characters", ErrBadKey, hex.EncodedLen(len(k)))
	}
	return k, nil
}

// String returns the key as 64 lower-case hexadecimal digits.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// DealSeed returns the Config.Seed of deal d of a tournament keyed with k:
// never 0, which would have the Table draw a seed of its own.
func (k Key) DealSeed(d int) uint64 { return k.derive("deal", uint64(d), 0) }

// SeatingSeed returns the Config.Seed of seating s of deal d of a
// tournament keyed with k that deals every seating apart
// (Tournament.SeatingSeeds): never 0.
func (k Key) SeatingSeed(d, s int) uint64 { return k.derive("seating", uint64(d), uint64(s)) }

// BotSeed returns the seed of the bot in seat p of game i of a tournament
// keyed with k.
func (k Key) BotSeed(i, p int) uint64 { return k.derive("bot", uint64(i), uint64(p)) }

// derive returns the first 8 bytes of HMAC-SHA256(k, what, a, b), 1 for 0.
func (k Key) derive(what string, a, b uint64) uint64 {
	mac := hmac.New(sha256.New, k[:])
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], a)
	binary.LittleEndian.PutUint64(buf[8:], b)
	mac.Write([]byte("elasund arena " + what + "\x00"))
	mac.Write(buf[:])
	s := binary.LittleEndian.Uint64(mac.Sum(nil))
	return max(s, 1)
}
