package tourney

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestKey: a key is written as 64 hexadecimal digits and read back, blanks
// around it ignored; anything else is refused without being quoted.
func TestKey(t *testing.T) {
	k := NewKey()
	if k == (Key{}) || NewKey() == k {
		t.Error("NewKey draws the zero key, or the same key twice")
	}
	s := k.String()
	if len(s) != 64 || strings.Trim(s, "0123456789abcdef") != "" {
		t.Errorf("String() = %q", s)
	}
	for _, in := range []string{s, " " + s + "\n", "\t" + strings.ToUpper(s) + "\r\n"} {
		if got, err := ParseKey(in); err != nil || got != k {
			t.Errorf("ParseKey(%q) = %v, %v; want the key", in, got, err)
		}
	}
	secret := "s3cr3t"
	for _, in := range []string{"", s[:63], s + "0", s[:62] + "zz", s[:32] + " " + s[33:], secret + s[len(secret):]} {
		_, err := ParseKey(in)
		if !errors.Is(err, ErrBadKey) {
			t.Errorf("ParseKey(%q): %v; want ErrBadKey", in, err)
		} else if strings.Contains(err.Error(), s[10:20]) || strings.Contains(err.Error(), secret) {
			t.Errorf("ParseKey's error quotes the text: %v", err)
		}
	}
}

// TestKeySeeds: the seeds a key gives are fixed (a key plays the same
// tournament again), differ from deal to deal, seating to seating, game to
// game, seat to seat and key to key, are never 0, and are none of seed 1's
// public ones.
func TestKeySeeds(t *testing.T) {
	k, err := ParseKey(strings.Repeat("00", 31) + "01")
	if err != nil {
		t.Fatal(err)
	}
	// Fixed values: HMAC-SHA256 of the key and the labels, checked with
	// another implementation (Python's hmac module).
	if got := k.DealSeed(0); got != 0xfa8749f5ce1ae5d6 {
		t.Errorf("DealSeed(0) = %#x", got)
	}
	if got := k.SeatingSeed(0, 1); got != 0xb4abce265810ab34 {
		t.Errorf("SeatingSeed(0, 1) = %#x", got)
	}
	seen := map[uint64]string{}
	note := func(s uint64, what string) {
		if s == 0 {
			t.Errorf("%s is 0", what)
		}
		if other, ok := seen[s]; ok {
			t.Errorf("%s and %s are both %d", what, other, s)
		}
		seen[s] = what
	}
	k2 := k
	k2[0] ^= 0x80
	for d := range 50 {
		note(k.DealSeed(d), fmt.Sprintf("deal %d", d))
		note(k2.DealSeed(d), fmt.Sprintf("another key's deal %d", d))
		note(GameSeed(1, d), fmt.Sprintf("seed 1's deal %d", d))
		for p := range 4 {
			note(k.BotSeed(d, p), fmt.Sprintf("the bot of game %d, seat %d", d, p))
		}
		for s := range 6 {
			note(k.SeatingSeed(d, s), fmt.Sprintf("seating %d of deal %d", s, d))
			note(SeatingSeed(1, d, s), fmt.Sprintf("seed 1's seating %d of deal %d", s, d))
		}
	}
}

// TestRunKeyed: a tournament with a Key plays deal d from Key.DealSeed(d)
// and makes its bots with Key.BotSeed, whatever its Seed; the same key
// plays the same tournament.
func TestRunKeyed(t *testing.T) {
	k := NewKey()
	run := func(seed uint64) []Match {
		tr := &Tournament{Entrants: entrants(2), Players: 2, Games: 6, Seed: seed, Key: &k, MaxTurns: 60, Parallel: 2, KeepRecords: true}
		games, err := tr.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return games
	}
	a, b := run(1), run(2)
	for i, g := range a {
		if g.Config.Seed != k.DealSeed(i/2) {
			t.Errorf("game %d: seed %d; want the key's deal %d", i, g.Config.Seed, i/2)
		}
		if !slicesEqual(g.Result.Record.Moves, b[i].Result.Record.Moves) {
			t.Errorf("game %d: the same key played another game", i)
		}
	}
}
