package main

// The exports of one game that read or write bytes and text: the binary
// form, the key, the text board, views in JSON and the move notation.

/*
#include <stddef.h>
#include <stdint.h>
*/
import "C"

// elasund_state_marshal writes Game.MarshalBinary into out (outlen bytes,
// as much as fits) and returns its length.
//
//export elasund_state_marshal
func elasund_state_marshal(h C.uintptr_t, out *C.char, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	b, err := s.g.MarshalBinary()
	if err == nil {
		rc, err = stateOutput(b, out, outlen)
	}
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return rc
}

// elasund_state_unmarshal loads the datalen bytes at data, a state that
// Game.MarshalBinary wrote, and returns its handle.
//
//export elasund_state_unmarshal
func elasund_state_unmarshal(data *C.char, datalen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	b, err := stateInput(data, datalen, "the state's bytes")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	s, err := unmarshalPyState(b)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return stateHandle(s)
}

// elasund_state_key writes Game.Key, 16 bytes, into out (outlen bytes, as
// much as fits) and returns 16.
//
//export elasund_state_key
func elasund_state_key(h C.uintptr_t, out *C.char, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	k := s.g.Key()
	rc, err = stateOutput(k[:], out, outlen)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return rc
}

// elasund_state_string writes the text board (Game.String) into out
// (outlen bytes, as much as fits) and returns its length.
//
//export elasund_state_string
func elasund_state_string(h C.uintptr_t, out *C.char, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	rc, err = stateOutput([]byte(s.g.String()), out, outlen)
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return rc
}

// elasund_state_view_json writes player's View as JSON into out (outlen
// bytes, as much as fits) and returns its length.
//
//export elasund_state_view_json
func elasund_state_view_json(h C.uintptr_t, player C.int64_t, out *C.char, outlen C.size_t,
	errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	s, err := lookupState(uintptr(h))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	b, err := s.viewJSON(int64(player))
	if err == nil {
		rc, err = stateOutput(b, out, outlen)
	}
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return rc
}

// elasund_state_from_view loads a View from the datalen bytes of JSON at
// data, re-deals it with the random source of seed and returns the
// handle of the game.
//
//export elasund_state_from_view
func elasund_state_from_view(data *C.char, datalen C.size_t, seed C.uint64_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	b, err := stateInput(data, datalen, "the view's JSON")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	s, err := pyStateFromView(b, uint64(seed))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return stateHandle(s)
}

// elasund_state_action_string writes the notation of action a into out
// (outlen bytes, as much as fits) and returns its length.
//
//export elasund_state_action_string
func elasund_state_action_string(a C.int64_t, out *C.char, outlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	text, err := actionString(int64(a))
	if err == nil {
		rc, err = stateOutput([]byte(text), out, outlen)
	}
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return rc
}

// elasund_state_parse_action returns the action index of the move written
// in the textlen bytes at text.
//
//export elasund_state_parse_action
func elasund_state_parse_action(text *C.char, textlen C.size_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	b, err := stateInput(text, textlen, "the move")
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	a, err := parseAction(string(b))
	if err != nil {
		return fail(err, errbuf, errlen)
	}
	return C.int64_t(a)
}
