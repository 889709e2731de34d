package main

// The C functions of the Python package's VecEnv (elasund/vecenv.py); the
// work is vecenv.go's.

/*
#include <stddef.h>
#include <stdint.h>

// The caller's buffers, each with its number of values; NULL and 0 for a
// legal-action form not chosen.
typedef struct {
	float *obs;            int64_t obs_len;
	int32_t *to_play;      int64_t to_play_len;
	float *rewards;        int64_t rewards_len;
	uint8_t *dones;        int64_t dones_len;
	int32_t *legal_counts; int64_t legal_counts_len;
	int32_t *legal_indices; int64_t legal_indices_len;
	uint8_t *legal_bits;   int64_t legal_bits_len;
	uint8_t *legal_mask;   int64_t legal_mask_len;
} elasund_vecbuf;
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/elasund/elasund"
)

// vecSlice returns the n values at p as a slice; nil for a NULL p or n 0.
// A negative n, or one too large to be a buffer, is an error.
func vecSlice[T any](p *T, n C.int64_t, name string) ([]T, error) {
	if n < 0 || n > 1<<40 {
		return nil, fmt.Errorf("%w: buffer %s has length %d", errVecArg, name, int64(n))
	}
	if p == nil || n == 0 {
		if n != 0 {
			return nil, fmt.Errorf("%w: buffer %s is NULL", errVecArg, name)
		}
		return nil, nil
	}
	return unsafe.Slice(p, int(n)), nil
}

// vecEnvBuffers returns the VecEnv of handle h and the buffers bufs
// describes (vecBuffersOf): what reset and step start with.
func vecEnvBuffers(h C.uintptr_t, bufs *C.elasund_vecbuf) (*vecEnv, *vecBuffers, error) {
	e, err := lookup[vecEnv](h, "VecEnv")
	if err != nil {
		return nil, nil, err
	}
	b, err := vecBuffersOf(bufs)
	if err != nil {
		return nil, nil, err
	}
	return e, b, nil
}

// vecBuffersOf returns the buffers c describes, as Go slices over the
// caller's memory (valid for the call only).
func vecBuffersOf(c *C.elasund_vecbuf) (*vecBuffers, error) {
	if c == nil {
		return nil, fmt.Errorf("%w: no buffers", errVecArg)
	}
	var b vecBuffers
	var errs [8]error
	b.obs, errs[0] = vecSlice((*float32)(unsafe.Pointer(c.obs)), c.obs_len, "observations")
	b.toPlay, errs[1] = vecSlice((*int32)(unsafe.Pointer(c.to_play)), c.to_play_len, "to_play")
	b.rewards, errs[2] = vecSlice((*float32)(unsafe.Pointer(c.rewards)), c.rewards_len, "rewards")
	b.dones, errs[3] = vecSlice((*uint8)(unsafe.Pointer(c.dones)), c.dones_len, "dones")
	b.counts, errs[4] = vecSlice((*int32)(unsafe.Pointer(c.legal_counts)), c.legal_counts_len, "legal_counts")
	b.indices, errs[5] = vecSlice((*int32)(unsafe.Pointer(c.legal_indices)), c.legal_indices_len, "legal_indices")
	b.bits, errs[6] = vecSlice((*uint8)(unsafe.Pointer(c.legal_bits)), c.legal_bits_len, "legal_bits")
	b.mask, errs[7] = vecSlice((*uint8)(unsafe.Pointer(c.legal_mask)), c.legal_mask_len, "legal_mask")
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return &b, nil
}

// elasund_vecenv_sizes writes the VecEnv's sizes to out[0:5]:
// NumActions, ObservationSize, the padded index lists' row length (the
// bound on legal moves), the bit-packed mask's bytes a game, and the most
// games. It returns 5, or -1 if out is NULL.
//
//export elasund_vecenv_sizes
func elasund_vecenv_sizes(out *C.int64_t) C.int64_t {
	if out == nil {
		return -1
	}
	s := unsafe.Slice(out, 5)
	s[0], s[1], s[2] = elasund.NumActions, elasund.ObservationSize, maxLegalActions
	s[3], s[4] = vecBitsLen, vecMaxGames
	return 5
}

// elasund_vecenv_game_seed returns the Config.Seed of game i's episode k of
// a VecEnv seeded with seed (vecSeed).
//
//export elasund_vecenv_game_seed
func elasund_vecenv_game_seed(seed C.uint64_t, i C.int64_t, k C.uint64_t) C.uint64_t {
	return C.uint64_t(vecSeed(uint64(seed), int(i), uint64(k)))
}

// elasund_vecenv_new makes a VecEnv of n games of the given players, seed,
// rule options (as ParseRules reads them) and turn limit, with the legal
// forms of the bit set forms (1 indices, 2 bits, 4 bytes), and returns its
// handle.
//
//export elasund_vecenv_new
func elasund_vecenv_new(n, players C.int64_t, seed C.uint64_t, rules *C.char, maxTurns, forms C.int64_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	if rules == nil {
		return fail(fmt.Errorf("%w: no rules", errVecArg), errbuf, errlen)
	}
	r, err := elasund.ParseRules(C.GoString(rules))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	e, err := newVecEnv(int(n), int(players), uint64(seed), r, int(maxTurns), int(forms))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(handle(e))
}

// elasund_vecenv_reset starts every game's next episode (with reseed
// nonzero, first takes seed as the env's seed and starts from episode 0)
// and fills the buffers.
//
//export elasund_vecenv_reset
func elasund_vecenv_reset(h C.uintptr_t, reseed C.int64_t, seed C.uint64_t, bufs *C.elasund_vecbuf,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	e, b, err := vecEnvBuffers(h, bufs)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	if err := e.reset(b, reseed != 0, uint64(seed)); err != nil {
		return fail(err, errbuf, errlen)
	}
	return 0
}

// elasund_vecenv_step plays one action in every game: count actions at
// actions, each of width bytes (4 or 8, signed), and fills the buffers.
//
//export elasund_vecenv_step
func elasund_vecenv_step(h C.uintptr_t, actions unsafe.Pointer, width, count C.int64_t, bufs *C.elasund_vecbuf,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	e, b, err := vecEnvBuffers(h, bufs)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	var a vecActions
	switch width {
	case 4:
		a.a32, err = vecSlice((*int32)(actions), count, "actions")
		if a.a32 == nil {
			a.a32 = []int32{}
		}
	case 8:
		a.a64, err = vecSlice((*int64)(actions), count, "actions")
	default:
		err = fmt.Errorf("%w: actions of %d bytes; 4 or 8", errVecArg, int64(width))
	}
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	if err := e.step(a, b); err != nil {
		return fail(err, errbuf, errlen)
	}
	return 0
}

// elasund_vecenv_sample writes to out (count values) one action a game,
// uniform among its legal actions.
//
//export elasund_vecenv_sample
func elasund_vecenv_sample(h C.uintptr_t, out *C.int64_t, count C.int64_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	e, err := lookup[vecEnv](h, "VecEnv")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	s, err := vecSlice((*int64)(unsafe.Pointer(out)), count, "actions")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	if err := e.sample(s); err != nil {
		return fail(err, errbuf, errlen)
	}
	return 0
}

// elasund_vecenv_close closes a VecEnv and frees its handle; it fails,
// changing nothing, while another call uses the env.
//
//export elasund_vecenv_close
func elasund_vecenv_close(h C.uintptr_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	e, err := lookup[vecEnv](h, "VecEnv")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	if err := e.close(); err != nil {
		return fail(err, errbuf, errlen)
	}
	return elasund_free(h, errbuf, errlen)
}
