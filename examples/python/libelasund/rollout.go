package main

// A random rollout, for Python searches that cannot afford to play moves
// one call at a time: State.random_rollout plays a copy of the position to
// its end in one call.

/*
#include <stddef.h>
#include <stdint.h>
*/
import "C"

import (
	"fmt"
	"math/rand/v2"
	"unsafe"

	"github.com/elasund/elasund"
)

// rollout plays a copy of s to the end, each move drawn uniformly among the
// legal moves with a source seeded by seed, and writes the copy's returns
// into dst. The dice and the cards drawn come from the game's own source,
// as in any game: rollouts of one state with different seeds differ in the
// moves, not the dice, unless the state was re-dealt (Game.Redeal reseeds
// it). s is unchanged. The game ends by the rules or at its turn limit, so
// a rollout is bounded.
func (s *pyState) rollout(seed uint64, dst []float64) (int, error) {
	if n := s.g.Players(); len(dst) < n {
		return 0, fmt.Errorf("%w: %d returns, room for %d", errBuffer, n, len(dst))
	}
	c := *s
	r := rand.New(rand.NewPCG(seed, stateRandSeq))
	bp := stateMoves.Get().(*[]elasund.Move)
	defer stateMoves.Put(bp)
	for !c.g.Over() {
		moves := c.g.AppendLegal((*bp)[:0])
		*bp = moves[:0]
		if len(moves) == 0 {
			break
		}
		if err := c.g.Apply(moves[r.IntN(len(moves))]); err != nil {
			return 0, err
		}
	}
	return c.returns(dst)
}

// elasund_state_random_rollout plays a copy of the state to the end with
// uniformly random moves and writes its returns, one double per seat, into
// out (outlen doubles); it returns how many.
//
//export elasund_state_random_rollout
func elasund_state_random_rollout(h C.uintptr_t, seed C.uint64_t, out *C.double, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	return stateWrite(h, unsafe.Pointer(out), outlen, "the returns buffer", func(s *pyState, dst []float64) (int, error) {
		return s.rollout(uint64(seed), dst)
	}, errbuf, errlen)
}
