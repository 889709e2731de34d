package elasund

// Tests of reading a table's JSON form an element at a time (jsonstream.go):
// the errors and the tables loaded are those of the reading before it
// (oldTableUnmarshalJSON, kept here as the reference), and hostile data
// takes memory within a small multiple of its length (issue 23).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// oldJSONTable and oldJSONConfig are jsonTable and jsonConfig as they were
// when encoding/json read their arrays whole.
type oldJSONTable struct {
	Version   int            `json:"version"`
	Config    *oldJSONConfig `json:"config"`
	Moves     []string       `json:"moves"`
	Abandoned bool           `json:"abandoned,omitempty"`
	Forfeited string         `json:"forfeited,omitempty"`
}

type oldJSONConfig struct {
	Players       int      `json:"players"`
	Colors        []string `json:"colors,omitempty"`
	Seed          uint64   `json:"seed"`
	FirstPlayer   string   `json:"firstPlayer,omitempty"`
	MaxTurns      int      `json:"maxTurns,omitempty"`
	Rules         string   `json:"rules"`
	InfluenceDeck []string `json:"influenceDeck,omitempty"`
	ChurchStack   []int    `json:"churchStack,omitempty"`
}

// oldTableUnmarshalJSON is Table.UnmarshalJSON as it was before the arrays
// were read an element at a time (its errors name the structs oldJSONTable
// and oldJSONConfig where UnmarshalJSON's name jsonTable and jsonConfig).
func oldTableUnmarshalJSON(t *Table, data []byte) error {
	if len(data) > maxTableJSON {
		return fmt.Errorf("%w: table: %d bytes of JSON (at most %d)", ErrBadEncoding, len(data), maxTableJSON)
	}
	if !json.Valid(data) {
		return fmt.Errorf("%w: table: not valid JSON", ErrBadEncoding)
	}
	if err := checkJSONShape(data, reflect.TypeFor[jsonTable]()); err != nil {
		return fmt.Errorf("%w: table: %v", ErrBadEncoding, err)
	}
	var j oldJSONTable
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("%w: table: %s", ErrBadEncoding, jsonError(err))
	}
	if j.Version != tableVersion {
		return fmt.Errorf("%w: table version %d (this package reads %d)", ErrBadEncoding, j.Version, tableVersion)
	}
	if j.Config == nil {
		return fmt.Errorf("%w: table: no config", ErrBadEncoding)
	}
	c, err := j.Config.config()
	if err != nil {
		return err
	}
	if len(j.Moves) > maxTableMoves {
		return fmt.Errorf("%w: table: %d moves (at most %d)", ErrBadEncoding, len(j.Moves), maxTableMoves)
	}
	moves := make([]Move, len(j.Moves))
	for i, s := range j.Moves {
		if moves[i], err = ParseMove(s); err != nil {
			return fmt.Errorf("%w: table: move %d: %w", ErrBadEncoding, i+1, nested(err))
		}
	}
	end := uint8(0)
	switch {
	case j.Abandoned && j.Forfeited != "":
		return fmt.Errorf("%w: table: both abandoned and forfeited", ErrBadEncoding)
	case j.Abandoned:
		end = endAbandoned
	case j.Forfeited != "":
		colors, err := c.playerColors()
		if err != nil {
			return t.load(c, moves, 0) // refuses the configuration
		}
		col, _ := parseColor(j.Forfeited)
		p := slices.Index(colors, col)
		if p < 0 || col == NoColor {
			return fmt.Errorf("%w: table: forfeited %s is not a seat's colour", ErrBadEncoding, quoteInput(j.Forfeited))
		}
		end = endForfeit + uint8(p)
	}
	return t.load(c, moves, end)
}

func (j *oldJSONConfig) config() (Config, error) {
	bad := func(what string, v any) (Config, error) {
		return Config{}, fmt.Errorf("%w: table: config: %s %v", ErrBadEncoding, what, v)
	}
	c := Config{Players: j.Players, Seed: j.Seed, MaxTurns: j.MaxTurns}
	var ok bool
	for _, s := range j.Colors {
		col, ok := parseColor(s)
		if !ok {
			return bad("unknown colour", quoteInput(s))
		}
		c.Colors = append(c.Colors, col)
	}
	if j.FirstPlayer != "" {
		if c.FirstColor, ok = parseColor(j.FirstPlayer); !ok {
			return bad("unknown first player", quoteInput(j.FirstPlayer))
		}
	}
	rules, err := ParseRules(j.Rules)
	if err != nil {
		return bad("rules", quoteInput(j.Rules))
	}
	c.Rules = rules
	for _, s := range j.InfluenceDeck {
		ic, ok := parseInfluence(s)
		if !ok {
			return bad("unknown influence colour", quoteInput(s))
		}
		c.InfluenceDeck = append(c.InfluenceDeck, ic)
	}
	for _, tile := range j.ChurchStack {
		if tile < 1 || tile > ChurchTiles {
			return bad("church tile", tile)
		}
		c.ChurchStack = append(c.ChurchStack, ChurchTile(tile))
	}
	return c, nil
}

// sameAsOldReading loads data with UnmarshalJSON and with the reference
// and fails unless both give the same error, or load the same table.
func sameAsOldReading(t *testing.T, data []byte) {
	t.Helper()
	var got, want Table
	gotErr := got.UnmarshalJSON(data)
	wantErr := oldTableUnmarshalJSON(&want, data)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Fatalf("UnmarshalJSON: %v; before: %v\n%.300s", gotErr, wantErr, data)
	case gotErr != nil:
		w := strings.NewReplacer("oldJSONTable", "jsonTable", "oldJSONConfig", "jsonConfig").Replace(wantErr.Error())
		if gotErr.Error() != w {
			t.Fatalf("UnmarshalJSON: %v\nbefore:        %s\n%.300s", gotErr, w, data)
		}
		for _, sentinel := range []error{ErrBadEncoding, ErrInvalidState} {
			if errors.Is(gotErr, sentinel) != errors.Is(wantErr, sentinel) {
				t.Fatalf("UnmarshalJSON: %v wraps %v otherwise than before (%v)", gotErr, sentinel, wantErr)
			}
		}
	case got.g != want.g || !sameConfig(got.cfg, want.cfg) || got.end != want.end:
		t.Fatalf("UnmarshalJSON loaded another table than before\n%.300s", data)
	default:
		if fmt.Sprint(got.log) != fmt.Sprint(want.log) {
			t.Fatalf("UnmarshalJSON loaded another log than before\n%.300s", data)
		}
	}
}

// tableJSONCases are saved tables and edits of them that touch the arrays:
// values of every kind in and for each array, escapes, words that are
// not words, numbers that are not ints, and documents with more than one
// mistake, in either order.
func tableJSONCases(tb testing.TB) map[string][]byte {
	tb.Helper()
	deck := codecConfigs()[4].c.InfluenceDeck
	stacked := newTestTable(tb, Config{Colors: []Color{Yellow, Red, Blue}, Seed: 4, FirstColor: Blue,
		Rules: EnglishEdition, InfluenceDeck: deck, ChurchStack: []ChurchTile{5, 1, 9, 2, 8, 3, 7, 4, 6}})
	playTable(tb, stacked, rand.New(rand.NewPCG(4, 4)), 30)
	plain := newTestTable(tb, Config{Players: 2, Seed: 31})
	playTable(tb, plain, rand.New(rand.NewPCG(31, 0)), 40)
	base, _ := json.Marshal(stacked)
	cases := map[string][]byte{"as saved": base}
	cases["plain"], _ = json.Marshal(plain)
	plain.Abandon()
	cases["abandoned"], _ = json.Marshal(plain)
	if err := stacked.Forfeit(1); err != nil {
		tb.Fatal(err)
	}
	forfeited, _ := json.Marshal(stacked)
	cases["forfeited"] = forfeited
	cases["forfeited, a move a number"] = bytes.Replace(forfeited, []byte(`"moves":[`), []byte(`"moves":[1,`), 1)
	cases["forfeited by pink, not a move"] = bytes.Replace(bytes.Replace(forfeited, []byte(`"moves":[`), []byte(`"moves":["fly",`), 1),
		[]byte(`"forfeited":"red"`), []byte(`"forfeited":"pink"`), 1)

	// in puts text first in the array of key, at puts it last, set puts it
	// for the array.
	array := func(key string) *regexp.Regexp { return regexp.MustCompile(`"` + key + `":\[[^\]]*\]`) }
	in := func(key, text string) []byte {
		return bytes.Replace(base, []byte(`"`+key+`":[`), []byte(`"`+key+`":[`+text+`,`), 1)
	}
	at := func(key, text string) []byte {
		loc := array(key).FindIndex(base)
		return slices.Concat(base[:loc[1]-1], []byte(","+text), base[loc[1]-1:])
	}
	set := func(key, text string) []byte { return array(key).ReplaceAll(base, []byte(`"`+key+`":`+text)) }
	for _, key := range []string{"moves", "colors", "influenceDeck"} {
		for _, v := range []string{`1`, `-2.5e3`, `true`, `false`, `null`, `[]`, `["roll"]`, `{}`, `{"a":1}`, `""`, `"fly"`,
			`"roll"`, `"red"`, `"r\u0065d"`, `"blue"`, `"ro\u006cl 2 2"`, "\"\xffroll\"", "\"r\xe9d\"", `"\"\\"`, `"` + strings.Repeat("x", 5000) + `"`} {
			cases[key+": "+v+" first"] = in(key, v)
			cases[key+": "+v+" last"] = at(key, v)
		}
		for _, v := range []string{`1`, `true`, `null`, `[]`, `[ ]`, `{}`, `"x"`, `[ "roll" , 1 ]`, `[null,null]`} {
			cases[key+" is "+v] = set(key, v)
		}
	}
	for _, v := range []string{`1.5`, `1e3`, `1E3`, `"1"`, `0`, `10`, `-0`, `-1`, `null`, `true`, `[1]`, `{}`,
		`123456789012345678`, `1234567890123456789`, `-9223372036854775808`, `9223372036854775808`, `99999999999999999999999`,
		strings.Repeat("9", 5000)} {
		cases["churchStack: "+v+" first"] = in("churchStack", v)
		cases["churchStack: "+v+" last"] = at("churchStack", v)
	}
	for _, v := range []string{`1`, `"1"`, `null`, `[]`, `{}`, `[1,2,3,4,5,6,7,8,9]`} {
		cases["churchStack is "+v] = set("churchStack", v)
	}
	// More than one mistake: the first in the data is reported, or the
	// first in the order of the checks after encoding/json.
	replace := func(data []byte, old, new string) []byte { return bytes.Replace(data, []byte(old), []byte(new), 1) }
	cases["version a string, a move a number"] = replace(in("moves", "1"), `"version":1`, `"version":"1"`)
	cases["moves first: a move a number, version a string"] = []byte(`{"moves":[1],"version":"1","config":{"players":2,"seed":3,"rules":"default"}}`)
	cases["moves first: a move a number, a colour a number"] = []byte(`{"moves":[1],"config":{"players":2,"colors":[5],"seed":3,"rules":"default"}}`)
	cases["moves first: a move a number, players a string"] = []byte(`{"moves":["roll",{}],"config":{"players":"2","seed":3,"rules":"default"},"version":1}`)
	cases["moves first, not a move; a colour a number"] = []byte(`{"moves":["fly"],"config":{"players":2,"colors":["red",true],"seed":3,"rules":"default"},"version":1}`)
	cases["players a string, a colour a number"] = replace(in("colors", "5"), `"players":3`, `"players":"3"`)
	cases["a colour a number, a move a number"] = in("colors", "5")
	cases["a colour a number, a move a number"] = replace(cases["a colour a number, a move a number"], `"moves":[`, `"moves":[1,`)
	cases["unknown colour, unknown influence, tile 0"] = replace(replace(in("colors", `"purple"`), `"influenceDeck":[`, `"influenceDeck":["pink",`), `"churchStack":[`, `"churchStack":[0,`)
	cases["unknown influence, tile 0, not a move"] = replace(replace(in("influenceDeck", `"pink"`), `"churchStack":[`, `"churchStack":[0,`), `"moves":[`, `"moves":["fly",`)
	cases["first player unknown, unknown influence"] = replace(in("influenceDeck", `"pink"`), `"firstPlayer":"blue"`, `"firstPlayer":"pink"`)
	cases["rules unknown, a tile a string"] = replace(in("churchStack", `"1"`), `"rules":"english"`, `"rules":"house"`)
	cases["tile 0, a move a number"] = replace(in("churchStack", `0`), `"moves":[`, `"moves":[1,`)
	cases["a move a number, abandoned a string"] = replace(in("moves", "1"), `"moves":[`, `"abandoned":"yes","moves":[`)
	cases["not a move, then a move a number"] = at("moves", `"fly",1`)
	cases["escaped keys"] = replace(replace(base, `"moves"`, `"mo\u0076es"`), `"colors"`, `"\u0063olors"`)
	cases["white space"] = regexp.MustCompile(`([,:\[\]{}])`).ReplaceAll(base, []byte(" \n$1\t "))
	for _, s := range []string{`null`, `[]`, `[1]`, `"x"`, `{}`, `{"version":1}`, `{"version":1,"config":null}`,
		`{"version":1,"config":5}`, `{"version":1,"config":[1]}`, `{"version":1,"config":{"players":2,"seed":3,"rules":"default","colors":null,"moves":[]}}`,
		`{"version":1,"config":{"players":2,"seed":3,"rules":"default"},"moves":null}`} {
		cases["document "+s] = []byte(s)
	}
	return cases
}

// TestTableJSONAsBefore: reading the arrays an element at a time gives the
// errors the whole reading gave, in the same order, and the same tables.
func TestTableJSONAsBefore(t *testing.T) {
	for name, data := range tableJSONCases(t) {
		t.Run(name, func(t *testing.T) { sameAsOldReading(t, data) })
	}
}

// TestTableJSONMoveCount: the moves are counted to the end, past
// maxTableMoves, and the count is refused after the configuration's
// mistakes and before the moves' (the messages of the whole reading).
func TestTableJSONMoveCount(t *testing.T) {
	head := `{"version":1,"config":{"players":2,"seed":3,"rules":"default"},"moves":[`
	over := strings.Repeat(`"fly",`, maxTableMoves) + `"fly"`
	_, notAMove := ParseMove("fly")
	tests := []struct {
		name, data, want string
	}{
		{"one move too many", head + over + `]}`, "elasund: bad encoding: table: 1048577 moves (at most 1048576)"},
		{"a number after the limit", head + over + `,1]}`,
			"elasund: bad encoding: table: json: cannot unmarshal number into Go struct field jsonTable.moves of type string"},
		{"an unknown colour", strings.Replace(head, `"seed"`, `"colors":["pink"],"seed"`, 1) + over + `]}`,
			`elasund: bad encoding: table: config: unknown colour "pink"`},
		{"as many as a table holds, the last not a move", head + strings.Repeat(`"roll",`, maxTableMoves-1) + `"fly"]}`,
			fmt.Sprintf("elasund: bad encoding: table: move %d: %v", maxTableMoves, nested(notAMove))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tab Table
			if err := tab.UnmarshalJSON([]byte(tc.data)); err == nil || err.Error() != tc.want {
				t.Fatalf("UnmarshalJSON = %v, want %s", err, tc.want)
			}
		})
	}
}

// FuzzTableUnmarshalJSON loads arbitrary data as a table (seeded with saved
// tables and the edits of tableJSONCases): no panic; a refusal wraps
// ErrBadEncoding or ErrInvalidState, as the whole reading's did, with its
// message; a table loaded is the one the whole reading loaded, and saves
// and loads back equal.
func FuzzTableUnmarshalJSON(f *testing.F) {
	for _, data := range tableJSONCases(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsOldReading(t, data)
		var u Table
		if err := u.UnmarshalJSON(data); err != nil {
			if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
				t.Fatalf("error %v wraps neither ErrBadEncoding nor ErrInvalidState", err)
			}
			return
		}
		again, err := json.Marshal(&u)
		if err != nil {
			t.Fatal(err)
		}
		var w Table
		if err := w.UnmarshalJSON(again); err != nil || w.g != u.g || w.Len() != u.Len() {
			t.Fatalf("a loaded table does not load again: %v", err)
		}
	})
}

// TestTableJSONHostileMemory: data shaped to make encoding/json decode a
// whole array before anything checks it (issue 23: 32 MiB of
// "moves":[1,1,…] allocated 2.8 GB) is refused, or loaded, within the
// memory UnmarshalJSON documents: what it refuses before the replay takes
// at most half the data's length (a byte kept for each element of the
// configuration's lists, each at least two bytes long), and a log 40
// bytes a move besides a copy of the data.
func TestTableJSONHostileMemory(t *testing.T) {
	// repeat is data of about size bytes: head, item repeated, tail.
	repeat := func(head, item, tail string, size int) func() []byte {
		return func() []byte {
			n := (size - len(head) - len(tail)) / (len(item) + 1)
			return []byte(head + strings.Repeat(item+",", n) + item + tail)
		}
	}
	const conf = `{"version":1,"config":{"players":2,"seed":3,"rules":"default"`
	moves := func(item, tail string, size int) func() []byte {
		return repeat(conf+`},"moves":[`, item, tail+`]}`, size)
	}
	list := func(key, item, tail string) func() []byte {
		return repeat(conf+`,"`+key+`":[`, item, tail+`]},"moves":[]}`, 4<<20)
	}
	half := func(n int) int { return n/2 + 1<<16 }
	const whole = maxTableJSON - 64
	tests := []struct {
		name  string
		data  func() []byte
		limit func(n int) int // the most bytes it may allocate for n bytes of data
		want  error
	}{
		{"32 MiB of moves that are numbers", moves(`1`, ``, whole), half, ErrBadEncoding},
		{"8 MiB of moves past the count", moves(`"roll"`, ``, 8<<20), half, ErrBadEncoding},
		{"8 MiB of moves, a number after the count", moves(`"roll"`, `,1`, 8<<20), half, ErrBadEncoding},
		{"4 MiB of colours", list("colors", `"red"`, ``), half, ErrInvalidState},
		{"4 MiB of influence colours", list("influenceDeck", `"blue"`, ``), half, ErrInvalidState},
		{"4 MiB of church tiles", list("churchStack", `1`, ``), half, ErrInvalidState},
		{"4 MiB of church tiles, a fraction last", list("churchStack", `1`, `,1.5`), half, ErrBadEncoding},
		{"a million moves", func() []byte {
			return []byte(conf + `},"moves":[` + strings.Repeat(`"roll",`, maxTableMoves-1) + `"roll"]}`)
		},
			func(n int) int { return 40*maxTableMoves + n + 1<<20 }, ErrInvalidState},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data()
			var tab Table
			var err error
			got := allocated(func() { err = tab.UnmarshalJSON(data) })
			if !errors.Is(err, tc.want) {
				t.Fatalf("UnmarshalJSON = %.200v, want an error wrapping %v", err, tc.want)
			}
			if len(err.Error()) > 300 {
				t.Errorf("the error quotes too much: %d bytes", len(err.Error()))
			}
			t.Logf("%d bytes of data: %d bytes allocated (%.2f×): %.120v", len(data), got, float64(got)/float64(len(data)), err)
			if limit := tc.limit(len(data)); got > uint64(limit) {
				t.Errorf("%d bytes of data: %d bytes allocated, more than %d", len(data), got, limit)
			}
		})
	}
}
