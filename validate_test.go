package elasund

// Tests of Validate's failure branches: every invariant it checks is broken
// on purpose, one at a time, and Validate must name it; and Validate (and,
// on states it accepts, AppendLegal and Apply) must never panic on
// corrupted states.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

// gameLeaves returns settable views of every scalar field of g, array
// elements one by one (including the random source's state). Game holds
// only values, so any bit pattern in any field is memory-safe.
func gameLeaves(g *Game) []reflect.Value {
	var out []reflect.Value
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				f := v.Field(i)
				walk(reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem())
			}
		case reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		default:
			out = append(out, v)
		}
	}
	walk(reflect.ValueOf(g).Elem())
	return out
}

// corruptGame changes g in k random ways chosen by r: a field set to a
// random value of its width, nudged by a small amount, set to a small
// number, or copied from another field of the same type; or a random byte
// of the struct overwritten.
func corruptGame(g *Game, r *rand.Rand, k int) {
	leaves := gameLeaves(g)
	for range k {
		f := leaves[r.IntN(len(leaves))]
		var x uint64
		switch r.IntN(5) {
		case 0: // any value
			x = r.Uint64()
		case 1: // a small step
			x = uint64(valueBits(f)) + uint64(r.IntN(7)) - 3
		case 2: // a small number
			x = uint64(r.IntN(16))
		case 3: // another field's value of the same type
			var same []reflect.Value
			for _, o := range leaves {
				if o.Type() == f.Type() {
					same = append(same, o)
				}
			}
			x = uint64(valueBits(same[r.IntN(len(same))]))
		default: // a raw byte anywhere in the struct
			b := unsafe.Slice((*byte)(unsafe.Pointer(g)), unsafe.Sizeof(*g))
			b[r.IntN(len(b))] = byte(r.Uint32())
			continue
		}
		switch f.Kind() {
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			f.SetInt(int64(x) << (64 - f.Type().Bits()) >> (64 - f.Type().Bits()))
		default:
			f.SetUint(x & (1<<f.Type().Bits() - 1))
		}
	}
}

// valueBits returns a scalar field's value as an int64.
func valueBits(v reflect.Value) int64 {
	switch v.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return v.Int()
	}
	return int64(v.Uint())
}

// validateNoPanic calls Validate, turning a panic into an error message.
func validateNoPanic(g *Game) (panicMsg string, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicMsg = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	return "", g.Validate()
}

// playNoPanic lists g's legal moves and applies each to a copy, turning a
// panic into a message naming where it happened.
func playNoPanic(g *Game) (panicMsg string) {
	where := "AppendLegal"
	defer func() {
		if p := recover(); p != nil {
			panicMsg = fmt.Sprintf("%s: %v\n%s", where, p, debug.Stack())
		}
	}()
	for _, m := range g.AppendLegal(nil) {
		where = fmt.Sprintf("Apply(%v)", m)
		c := *g
		_ = c.Apply(m)
	}
	return ""
}

// TestValidateNeverPanics corrupts snapshots of seeded random games in one
// to three random fields (or raw bytes) at a time, with a seeded source.
// Validate must not panic and must return nil or an error wrapping
// ErrInvalidState; when it accepts the corrupted state, AppendLegal and
// Apply of every listed move on a copy must not panic either.
func TestValidateNeverPanics(t *testing.T) {
	var positions []Game
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			positions = append(positions, playedPositions(t, n, seed)...)
		}
	}
	rounds := 100000
	if testing.Short() {
		rounds = 20000
	}
	r := rand.New(rand.NewPCG(11, 12))
	accepted := 0
	for i := range rounds {
		g := positions[r.IntN(len(positions))]
		corruptGame(&g, r, 1+r.IntN(3))
		before := g
		pm, err := validateNoPanic(&g)
		if pm != "" {
			t.Fatalf("round %d: Validate panicked: %s\nstate: %+v", i, pm, before)
		}
		if err != nil {
			if !errors.Is(err, ErrInvalidState) {
				t.Fatalf("round %d: Validate error %v does not wrap ErrInvalidState", i, err)
			}
			continue
		}
		accepted++
		if pm := playNoPanic(&g); pm != "" {
			t.Fatalf("round %d: Validate accepts the state but %s panicked\nstate: %+v", i, pm, before)
		}
	}
	t.Logf("%d of %d corrupted states validated", accepted, rounds)
}

// wantInvalid fails the test unless err wraps ErrInvalidState and its
// message contains want.
func wantInvalid(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("Validate accepted the state; want an error containing %q", want)
	}
	if !errors.Is(err, ErrInvalidState) {
		t.Errorf("Validate error %v does not wrap ErrInvalidState", err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("Validate error %q does not contain %q", err, want)
	}
}

// TestRegressionValidateChurchPanics: Validate used to index past the
// church stack when churchLen was over 9, and past the board when a church
// tile had an owner while the church area was unset or at a square no
// foundation tile can put it. Each must now be an ErrInvalidState error.
func TestRegressionValidateChurchPanics(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corrupt func(g *Game)
		want    string
	}{
		{"stack of 10", func(g *Game) { g.churchLen = 10 }, "church stack of 10 tiles"},
		{"stack of 255", func(g *Game) { g.churchLen = 255 }, "church stack of 255 tiles"},
		{"owned tile, no church", func(g *Game) { g.churchOwner[1] = 0 }, "church tile 1 is built but not on its place"},
		{"origin i12", func(g *Game) { g.churchOrigin = sq(8, 9); g.churchOwner[9] = 0 }, "church area at square 89"},
		{"origin off the board", func(g *Game) { g.churchOrigin = 100; g.churchOwner[1] = 0 }, "church area at square 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, 4)
			mustValid(t, g)
			tc.corrupt(g)
			pm, err := validateNoPanic(g)
			if pm != "" {
				t.Fatalf("Validate panicked: %s", pm)
			}
			wantInvalid(t, err, tc.want)
		})
	}
}
