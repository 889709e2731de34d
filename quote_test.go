package elasund

// Tests of the bounds on what the parsers and loaders quote and allocate
// for huge input (quote.go and the parsers that use it).

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// quoteInput quotes as %q does, at most 60 bytes, cut at a rune boundary
// (where there is one among the last bytes), and marks the cut with "…";
// clipInput does the same without quotes.
func TestQuoteInput(t *testing.T) {
	long := strings.Repeat("ab", 40)                           // 80 bytes
	euro := strings.Repeat("x", 58) + "€€"                     // € is 3 bytes: the cut falls inside the first
	bad := strings.Repeat("x", 57) + strings.Repeat("\x80", 5) // no rune start at 57 to 60
	for _, tc := range []struct {
		in, quoted, clipped string
	}{
		{"", `""`, ""},
		{"c8", `"c8"`, "c8"},
		{"tab\there", `"tab\there"`, "tab\there"},
		{strings.Repeat("y", 60), `"` + strings.Repeat("y", 60) + `"`, strings.Repeat("y", 60)},
		{long, `"` + long[:60] + `"…`, long[:60] + "…"},
		{euro, `"` + euro[:58] + `"…`, euro[:58] + "…"},
		{bad, `"` + strings.Repeat("x", 57) + `\x80\x80\x80"…`, bad[:60] + "…"},
	} {
		if got := quoteInput(tc.in); got != tc.quoted {
			t.Errorf("quoteInput(%q) = %s; want %s", tc.in, got, tc.quoted)
		}
		if got := clipInput(tc.in); got != tc.clipped {
			t.Errorf("clipInput(%q) = %q; want %q", tc.in, got, tc.clipped)
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A huge input: every parser and loader answers with a short error that
// quotes at most 60 bytes of it, and allocates at most four times its
// length and a constant (the JSON and binary loaders, which refuse long
// data before reading it, a constant only).
func TestHugeInputs(t *testing.T) {
	const n = 4 << 20
	rep := func(s string, total int) string { return strings.Repeat(s, total/len(s)) }
	game, err := json.Marshal(newTestGame(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	inJSON := func(field, value string) string {
		var j map[string]json.RawMessage
		if err := json.Unmarshal(game, &j); err != nil {
			t.Fatal(err)
		}
		j[field] = json.RawMessage(value)
		b, _ := json.Marshal(j)
		return string(b)
	}
	move := func(s string) error { _, err := ParseMove(s); return err }
	square := func(s string) error { _, err := ParseSquare(s); return err }
	site := func(s string) error { _, err := ParseWallSite(s); return err }
	rules := func(s string) error { _, err := ParseRules(s); return err }
	record := func(s string) error { _, err := ParseRecord(s); return err }
	var data []byte // the input, for the loaders
	loadJSON := func(string) error { var g Game; return g.UnmarshalJSON(data) }
	loadBinary := func(string) error { var g Game; return g.UnmarshalBinary(data) }
	const (
		fails = iota // the input is refused
		reads        // the input is read
	)
	jsonRoom := maxJSONLen - len(game) - 100 // a long value that keeps the data under the limit
	for _, tc := range []struct {
		name   string
		parse  func(string) error
		in     string
		result int
		perIn  uint64 // bytes allocated per byte of input, at most
	}{
		{"ParseMove of words", move, rep("x ", n), fails, 4},
		{"ParseMove of spaces", move, rep(" ", n) + "roll", reads, 4},
		{"ParseMove of one word", move, "build " + rep("A", n), fails, 4},
		{"ParseMove of a long die", move, "roll " + rep("9", n) + " 1", fails, 4},
		{"ParseMove of a long square", move, "build tavern " + rep("c", n), fails, 4},
		{"ParseMove of a long colour", move, "build tavern c5 pay " + rep("z", n), fails, 4},
		{"ParseMove of a long pay", move, "build tavern pay " + rep("z", n) + " c5", fails, 4},
		{"ParseMove of long cards", move, "discard 1 " + rep("€", n), fails, 4},
		{"ParseSquare", square, rep("c8", n), fails, 4},
		{"ParseWallSite", site, rep("N", n), fails, 4},
		{"ParseRules of pluses", rules, rep("+", n), fails, 4},
		{"ParseRules of one name", rules, "english+" + rep("x", n), fails, 4},
		{"ParseRecord of commas", record, "1." + rep(",", n), fails, 4},
		{"ParseRecord of spaced commas", record, "1. roll" + rep(" ,", n), fails, 4},
		{"ParseRecord of newlines", record, rep("\n", n) + "x", fails, 4},
		{"ParseRecord of short moves", record, "1. " + rep("roll,", n), reads, 4},
		{"ParseRecord of upper-case moves", record, "1. " + rep("ROLL,", n), reads, 4},
		{"ParseRecord of long upper-case moves", record, "1. " + rep("Build Tavern C5 Pay Blue,", n), reads, 4},
		{"ParseRecord of walls", record, "1. " + rep("wall nc,", n), reads, 4},
		{"ParseRecord of lines", record, "1. roll\n" + rep("roll\n", n), reads, 4},
		{"ParseRecord of turns", record, rep("1.\n", n), fails, 4},
		{"ParseRecord of a long turn number", record, rep("9", n) + ". roll", fails, 4},
		{"ParseRecord of a long colour", record, "1. " + rep("r", n) + ": roll", fails, 4},
		{"ParseRecord of a long tag", record, "[" + rep("A", n) + "]", fails, 4},
		{"ParseRecord of a long tag value", record, `[Event "` + rep("x", n) + `"]`, fails, 4},
		{"ParseRecord of a long seed", record, `[Seed "` + rep("9", n) + `"]`, fails, 4},
		{"ParseRecord of a long church stack", record, `[ChurchStack "` + rep("1 ", n) + `"]`, reads, 4},
		{"ParseRecord of a long church tile", record, `[ChurchStack "` + rep("1", n) + `"]`, fails, 4},
		{"ParseRecord of long colours", record, `[Colors "` + rep("red ", n) + `"]`, reads, 4},
		{"ParseRecord of a long colour tag", record, `[FirstPlayer "` + rep("r", n) + `"]`, fails, 4},
		{"ParseRecord of a long move", record, "1. " + rep("z", n), fails, 4},
		{"UnmarshalJSON of long rules", loadJSON, inJSON("rules", `"`+rep("+", n)+`"`), fails, 0},
		{"UnmarshalJSON of rules under the limit", loadJSON, inJSON("rules", `"`+rep("+", jsonRoom)+`"`), fails, 0},
		{"UnmarshalJSON of a key under the limit", loadJSON, inJSON(rep("K", jsonRoom), "1"), fails, 0},
		{"UnmarshalJSON of a number under the limit", loadJSON, inJSON("bank", rep("9", jsonRoom)), fails, 0},
		{"UnmarshalJSON of a colour under the limit", loadJSON, inJSON("first", `"`+rep("r", jsonRoom)+`"`), fails, 0},
		{"UnmarshalJSON of a phase under the limit", loadJSON, inJSON("phase", `"`+rep("p", jsonRoom)+`"`), fails, 0},
		{"UnmarshalJSON of random under the limit", loadJSON, inJSON("random", `"`+rep("0", jsonRoom)+`"`), fails, 0},
		{"UnmarshalJSON of a deck under the limit", loadJSON, inJSON("deck", "["+rep(`"blue",`, jsonRoom)+`"x"]`), fails, 0},
		{"UnmarshalBinary", loadBinary, "\x01" + rep("\x00", n), fails, 0},
	} {
		var err error
		data = []byte(tc.in)
		used := allocated(func() { err = tc.parse(tc.in) })
		if limit := tc.perIn*uint64(len(tc.in)) + 1<<20; used > limit {
			t.Errorf("%s: %d bytes of input allocate %d bytes, more than %d", tc.name, len(tc.in), used, limit)
		}
		if (err != nil) != (tc.result == fails) {
			t.Errorf("%s: error %v; want an error: %v", tc.name, err, tc.result == fails)
		}
		if err == nil {
			continue
		}
		msg := err.Error()
		if len(msg) > 500 {
			t.Errorf("%s: an error of %d bytes: %s", tc.name, len(msg), clipInput(msg))
		}
		for k := 0; k+maxQuoted < len(tc.in); k += len(tc.in) / 8 {
			if strings.Contains(msg, tc.in[k:k+maxQuoted+1]) {
				t.Errorf("%s: the error quotes more than %d bytes of the input at %d: %s", tc.name, maxQuoted, k, msg)
				break
			}
		}
		if !strings.Contains(msg, "…") {
			t.Logf("%s: %s", tc.name, msg)
		}
	}
}

// The errors still say what they did before the quoting was bounded, and
// wrap their sentinels.
func TestHugeInputErrorsSayWhy(t *testing.T) {
	long := strings.Repeat("z", 100)
	for _, tc := range []struct {
		err      error
		sentinel error
		want     string
	}{
		{second(ParseMove("build tavern c5 pay " + long)), ErrNotation, `unknown colour "` + long[:60] + `"…`},
		{second(ParseMove("fly " + long)), ErrNotation, `cannot parse move "fly ` + long[:56] + `"…: `},
		{second(ParseMove("roll " + strings.Repeat("9", 70) + " 1")), ErrNotation, "there is no die " + strings.Repeat("9", 60) + "…"},
		{second(ParseMove(strings.Repeat("roll ", 13))), ErrNotation, "more than 12 words; the longest move has 9"},
		{second(ParseSquare(long)), ErrNotation, `elasund: cannot parse square "` + long[:60] + `"…`},
		{second(ParseRules("english+" + long)), ErrNotation, `unknown rule option "` + long[:60] + `"…`},
		{second(ParseRecord("[Seed \"" + long + "\"]")), ErrBadRecord, `line 1: tag Seed: "` + long[:60] + `"… is not a number`},
		{second(ParseRecord(strings.Repeat("9", 70) + ". roll")), ErrBadRecord, "line 1: turn " + strings.Repeat("9", 60) + "… after turn 0"},
	} {
		if tc.err == nil {
			t.Errorf("no error; want one with %q", tc.want)
			continue
		}
		if !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %q\ndoes not contain %q", tc.err, tc.want)
		}
		if tc.sentinel != nil && !errors.Is(tc.err, tc.sentinel) {
			t.Errorf("error %q does not wrap %v", tc.err, tc.sentinel)
		}
	}
}

// second returns the error of a parser's results.
func second[T any](_ T, err error) error { return err }

// ParseRecord of a long record keeps its moves within three times the
// length of the text.
func TestParseRecordMemory(t *testing.T) {
	var rec Record
	playRandom(t, Config{Players: 4, Seed: 3}, 3, false, 5000, func(_ *Game, r *Recorder) bool { rec = r.Record(); return true })
	text := rec.String()
	var got Record
	var err error
	used := allocated(func() { got, err = ParseRecord(text) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Moves) != len(rec.Moves) || cap(got.Moves)*15 > 3*len(text) {
		t.Errorf("%d moves of %d read, in a slice of capacity %d", len(got.Moves), len(rec.Moves), cap(got.Moves))
	}
	if limit := uint64(2*len(text) + 64<<10); used > limit {
		t.Errorf("a record of %d bytes allocates %d bytes to read, more than %d", len(text), used, limit)
	}
	t.Logf("%d bytes, %d moves: %d bytes allocated", len(text), len(got.Moves), used)
}

// ParseMove allocates only its buffer of words, for the moves of a game
// written in lower case or in upper case.
func TestParseMoveAllocs(t *testing.T) {
	seen := map[string]bool{}
	playRandom(t, Config{Players: 4, Seed: 9}, 9, false, 400, func(g *Game, _ *Recorder) bool {
		for _, m := range g.Legal() {
			for _, s := range []string{m.String(), strings.ToUpper(m.String())} {
				if seen[s] {
					continue
				}
				seen[s] = true
				if got, err := ParseMove(s); err != nil || got != m {
					t.Errorf("ParseMove(%q) = %v, %v", s, got, err)
				}
				if n := testing.AllocsPerRun(5, func() { _, _ = ParseMove(s) }); n > 1 {
					t.Errorf("ParseMove(%q) allocates %v times", s, n)
				}
			}
		}
		return true
	})
	if len(seen) < 500 {
		t.Errorf("only %d moves tried", len(seen))
	}
}
