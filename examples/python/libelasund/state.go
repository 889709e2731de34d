package main

// The exports of one game, for elasund/state.py: each looks up its handle,
// checks and converts the buffers C passes, and calls state_core.go.

/*
#include <stddef.h>
#include <stdint.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/elasund/elasund"
)

// stateMaxInput is the most bytes an input (rules, a move, a binary state,
// a view's JSON) may have; the library refuses far shorter ones, but a
// longer one is not even copied.
const stateMaxInput = 64 << 20

// stateMaxBuffer is the most elements an output buffer may be said to have
// (a larger length is a caller's mistake, not a buffer).
const stateMaxBuffer = 1 << 30

// stateSlice returns the n elements at p, a buffer C owns, as a Go slice
// over it (not a copy; it must not outlive the call).
func stateSlice[T any](p unsafe.Pointer, n C.size_t, what string) ([]T, error) {
	switch {
	case n == 0:
		return nil, nil
	case p == nil:
		return nil, fmt.Errorf("%w: %s is NULL with a length of %d", errInput, what, uint64(n))
	case uint64(n) > stateMaxBuffer:
		return nil, fmt.Errorf("%w: %s has a length of %d", errInput, what, uint64(n))
	}
	return unsafe.Slice((*T)(p), int(n)), nil
}

// stateInput returns a copy of the n bytes at p.
func stateInput(p *C.char, n C.size_t, what string) ([]byte, error) {
	switch {
	case n == 0:
		return []byte{}, nil
	case p == nil:
		return nil, fmt.Errorf("%w: %s is NULL with a length of %d", errInput, what, uint64(n))
	case uint64(n) > stateMaxInput:
		return nil, fmt.Errorf("%w: %s of %d bytes is too long (at most %d)", errInput, what, uint64(n), stateMaxInput)
	}
	return C.GoBytes(unsafe.Pointer(p), C.int(n)), nil
}

// stateOutput copies b into the buffer out of outlen bytes, as much as
// fits, and returns len(b): the caller calls again with a larger buffer
// when it is larger than outlen.
func stateOutput(b []byte, out *C.char, outlen C.size_t) (C.int64_t, error) {
	dst, err := stateSlice[byte](unsafe.Pointer(out), outlen, "the output buffer")
	if err != nil {
		return 0, err
	}
	copy(dst, b)
	return C.int64_t(len(b)), nil
}

// lookupState returns the state of handle h.
func lookupState(h uintptr) (*pyState, error) { return lookup[pyState](C.uintptr_t(h), "state") }

// stateHandle makes a handle for s.
func stateHandle(s *pyState) C.int64_t { return C.int64_t(handle(s)) }

// stateWrite is the body of the exports that write into a buffer: it looks
// up state h, takes the n elements at out as a []T, and returns what f
// returns (the count written), or fails with the first error.
func stateWrite[T any](h C.uintptr_t, out unsafe.Pointer, n C.size_t, what string,
	f func(*pyState, []T) (int, error), errbuf *C.char, errlen C.size_t) C.int64_t {
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	dst, err := stateSlice[T](out, n, what)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	k, err := f(s, dst)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(k)
}

// elasund_state_sizes writes the sizes of stateSizes into out (outlen
// int64s, as many as fit) and returns how many there are.
//
//export elasund_state_sizes
func elasund_state_sizes(out *C.int64_t, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	dst, err := stateSlice[int64](unsafe.Pointer(out), outlen, "the sizes buffer")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	copy(dst, stateSizes[:])
	return C.int64_t(len(stateSizes))
}

// elasund_state_new starts the game of Config{Players: players, Seed:
// seed, Rules: ParseRules(rules), MaxTurns: maxTurns} and returns its
// handle.
//
//export elasund_state_new
func elasund_state_new(players C.int64_t, seed C.uint64_t, rules *C.char, ruleslen C.size_t, maxTurns C.int64_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	text, err := stateInput(rules, ruleslen, "rules")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	s, err := newPyState(int64(players), uint64(seed), string(text), int64(maxTurns))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return stateHandle(s)
}

// elasund_state_describe returns the number of players times 8 plus the
// status (the seat to move, 4 at a chance node, 5 once the game is over).
//
//export elasund_state_describe
func elasund_state_describe(h C.uintptr_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(s.describe())
}

// elasund_state_apply plays action a and returns the new status; with a
// buffer out of outlen int64s it also writes the new position's legal
// actions there, as elasund_state_legal does, and returns the status plus
// 8 times one more than their number (8 times 0: none written, the buffer
// being too small), so that Python needs no second call for them.
//
//export elasund_state_apply
func elasund_state_apply(h C.uintptr_t, a C.int64_t, out *C.int64_t, outlen C.size_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	dst, err := stateSlice[int64](unsafe.Pointer(out), outlen, "the actions buffer")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	st, err := s.applyLegal(int64(a), dst)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(st)
}

// elasund_state_step is elasund_state_apply without the error buffer, for
// the hot path of Python's apply_action: four arguments, not six, take a
// quarter less time through ctypes. On an error it returns -1 and changes
// nothing; Python calls elasund_state_apply then for the message.
//
//export elasund_state_step
func elasund_state_step(h C.uintptr_t, a C.int64_t, out *C.int64_t, outlen C.size_t) C.int64_t {
	return elasund_state_apply(h, a, out, outlen, nil, 0)
}

// elasund_state_chance writes the chance outcomes, n actions into actions
// and n probabilities into probs (each of outlen elements), and returns n:
// 11 at a chance node, 0 elsewhere.
//
//export elasund_state_chance
func elasund_state_chance(h C.uintptr_t, actions *C.int64_t, probs *C.double, outlen C.size_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	as, err := stateSlice[int64](unsafe.Pointer(actions), outlen, "the actions buffer")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	ps, err := stateSlice[float64](unsafe.Pointer(probs), outlen, "the probabilities buffer")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	n, err := s.chanceOutcomes(as, ps)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(n)
}

// elasund_state_legal writes the legal actions into out (outlen int64s)
// and returns how many.
//
//export elasund_state_legal
func elasund_state_legal(h C.uintptr_t, out *C.int64_t, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	return stateWrite(h, unsafe.Pointer(out), outlen, "the actions buffer", (*pyState).legal, errbuf, errlen)
}

// elasund_state_mask writes the legal-action mask, NumActions bytes 0 or
// 1, into out (outlen bytes) and returns NumActions.
//
//export elasund_state_mask
func elasund_state_mask(h C.uintptr_t, out *C.uint8_t, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	return stateWrite(h, unsafe.Pointer(out), outlen, "the mask buffer", func(s *pyState, dst []byte) (int, error) {
		return elasund.NumActions, s.mask(dst)
	}, errbuf, errlen)
}

// elasund_state_observation writes player's observation, ObservationSize
// float32s, into out (outlen float32s) and returns ObservationSize.
//
//export elasund_state_observation
func elasund_state_observation(h C.uintptr_t, player C.int64_t, out *C.float, outlen C.size_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	return stateWrite(h, unsafe.Pointer(out), outlen, "the observation buffer", func(s *pyState, dst []float32) (int, error) {
		return elasund.ObservationSize, s.observation(int64(player), dst)
	}, errbuf, errlen)
}

// elasund_state_returns writes the returns, one double per seat, into out
// (outlen doubles) and returns how many.
//
//export elasund_state_returns
func elasund_state_returns(h C.uintptr_t, out *C.double, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	return stateWrite(h, unsafe.Pointer(out), outlen, "the returns buffer", (*pyState).returns, errbuf, errlen)
}

// elasund_state_clone returns the handle of an independent copy.
//
//export elasund_state_clone
func elasund_state_clone(h C.uintptr_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return stateHandle(s.clone())
}

// elasund_state_redeal returns the handle of a copy re-dealt for player
// with the random source of seed.
//
//export elasund_state_redeal
func elasund_state_redeal(h C.uintptr_t, player C.int64_t, seed C.uint64_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	c, err := s.redeal(int64(player), uint64(seed))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return stateHandle(c)
}
