// Command libelasund is the elasund library compiled as a C shared library
// for the Python package beside it (examples/python/elasund), which loads it
// with ctypes:
//
//	go build -buildmode=c-shared -o ../elasund/_libelasund.so .
//
// (examples/python/build.sh runs this). It is not a C API to build on: its
// functions are the private half of the Python package and change with it.
//
// # Conventions
//
// Go values cross the boundary only as handles (runtime/cgo.Handle, a
// number), never as pointers that C keeps. A handle is made by a function
// that creates a value and lives until elasund_free; a freed handle, a
// handle of another kind of value, or any other number is refused with an
// error, never a crash (handles are never reused).
//
// Every function that can fail takes, as its last two arguments, a buffer
// for the error's text and its size, and returns a negative number on
// failure, with the message (NUL-terminated, cut to the buffer) in the
// buffer. Buffers that Python owns (action lists, observations, masks) are
// passed with their length and written in place; a function never writes
// past the length it is given and never keeps a buffer after it returns.
// No Go panic crosses the boundary: every exported function recovers and
// turns a panic into an error.
package main

/*
#include <stddef.h>
#include <stdint.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime/cgo"
	"unsafe"
)

func main() {}

// errInternal wraps a recovered panic.
var errInternal = errors.New("elasund: internal error")

// errHandle is the error for a number that is not a live handle of the
// kind asked for.
var errHandle = errors.New("elasund: not a live handle")

// fail writes err's message into the caller's buffer (cut to errlen-1
// bytes and NUL-terminated) and returns -1.
func fail(err error, errbuf *C.char, errlen C.size_t) C.int64_t {
	if errbuf == nil || errlen == 0 {
		return -1
	}
	msg := err.Error()
	buf := unsafe.Slice((*byte)(unsafe.Pointer(errbuf)), int(errlen))
	n := copy(buf[:len(buf)-1], msg)
	buf[n] = 0
	return -1
}

// guard recovers a panic in an exported function, turning it into an error
// return. Use as: defer guard(&rc, errbuf, errlen).
func guard(rc *C.int64_t, errbuf *C.char, errlen C.size_t) {
	if r := recover(); r != nil {
		*rc = fail(fmt.Errorf("%w: %v", errInternal, r), errbuf, errlen)
	}
}

// lookup returns the value of handle h if it is a live handle of a *T.
func lookup[T any](h C.uintptr_t, what string) (v *T, err error) {
	defer func() {
		if recover() != nil {
			v, err = nil, fmt.Errorf("%w of a %s (freed, or never made)", errHandle, what)
		}
	}()
	if h == 0 {
		return nil, fmt.Errorf("%w of a %s (0)", errHandle, what)
	}
	v, ok := cgo.Handle(h).Value().(*T)
	if !ok {
		return nil, fmt.Errorf("%w of a %s (a handle of something else)", errHandle, what)
	}
	return v, nil
}

// handle makes a handle for v.
func handle(v any) C.uintptr_t { return C.uintptr_t(cgo.NewHandle(v)) }

// live reports whether h is a live handle, of any kind.
func live(h C.uintptr_t) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	if h == 0 {
		return false
	}
	_ = cgo.Handle(h).Value()
	return true
}

// elasund_free frees handle h of any kind. Freeing a number that is not a
// live handle is an error.
//
//export elasund_free
func elasund_free(h C.uintptr_t, errbuf *C.char, errlen C.size_t) (rc C.int64_t) {
	defer guard(&rc, errbuf, errlen)
	if !live(h) {
		return fail(fmt.Errorf("%w (freed already, or never made)", errHandle), errbuf, errlen)
	}
	cgo.Handle(h).Delete()
	return 0
}
