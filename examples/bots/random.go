package bots

import (
	"errors"
	"math/rand/v2"

	"github.com/elasund/elasund"
)

// errNoDecision is returned by a bot asked to choose when its player does
// not decide.
var errNoDecision = errors.New("bots: the viewer has no decision to take")

// Random plays a uniformly random legal move. The zero value is a Random
// bot seeded with 0.
type Random struct {
	r   *rand.Rand
	buf []elasund.Move
}

// NewRandom returns a Random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{r: rand.New(rand.NewPCG(seed, randomStream))}
}

// The second words of the bots' random sources: the stream of each kind of
// bot.
const (
	randomStream = 0x72616e646f6d
	greedyStream = 0x677265656479
	ismctsStream = 0x69736d637473
)

// Name returns "random".
func (*Random) Name() string { return "random" }

// Choose returns a uniformly random legal move.
func (b *Random) Choose(v elasund.View) (elasund.Move, error) {
	if b.r == nil {
		*b = *NewRandom(0)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	if len(b.buf) == 0 {
		return elasund.Move{}, errNoDecision
	}
	return b.buf[b.r.IntN(len(b.buf))], nil
}
