package elasund

import (
	"bytes"
	"encoding"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// textValue is a value of one of the types that marshal as text.
type textValue interface {
	encoding.TextMarshaler
	encoding.TextAppender
}

// TestTextJSON: a value of every type that marshals as text, zero and
// "none" values included, is its text as a JSON string, alone and inside
// a struct, and reads back through encoding/json to an equal value.
// AppendText appends the same text after what b holds.
func TestTextJSON(t *testing.T) {
	for _, tc := range []struct {
		v    textValue
		text string
	}{
		{Square(0), "a2"}, {SquareAt(4, 8), "e8"}, {Square(89), "i12"}, {NoSquare, "-"},
		{InSupply, "supply"}, {AwaitingRebuild, "awaiting rebuild"}, {RemovedFromGame, "removed"},
		{Row(2), "2"}, {Row(12), "12"}, {NoRow, "-"},
		{NorthSite(2), "Nc"}, {SouthSite(7), "Sh"}, {EastSite(11), "E11"}, {NoWallSite, "-"},
		{Player(0), "0"}, {Player(3), "3"}, {NoPlayer, "none"},
		{Red, "red"}, {Yellow, "yellow"}, {NoColor, "none"},
		{InfluenceBlue, "blue"}, {InfluenceYellow, "yellow"}, {NoInfluence, "none"},
		{Hut, "hut"}, {LargeBuilding, "large"}, {NoBuilding, "none"},
		{GoldIncome, "gold"}, {InfluenceIncome, "influence"}, {NoIncome, "none"},
		{ChurchTile(1), "1"}, {ChurchTile(9), "9"}, {ChurchTile(0), "none"},
		{CubeOnChurchTile, "church tile"}, {CubeOnMilestone, "milestone"}, {NoCubeSpot, "none"},
		{PhaseRoll, "roll"}, {PhaseChurchChoice, "church choice"}, {PhaseOver, "over"},
		{NoMethod, "not over"}, {TurnLimitReached, "turn limit reached"}, {Forfeited, "forfeited"},
		{NoMove, "none"}, {EndBuilding, "end build"}, {DeclineRebuild, "remove"},
		{DefaultRules, "default"}, {EnglishEdition, "english"},
		{AdjacentPermitRows, "adjacent-permit-rows"}, {ShortageVoidsIncome, "shortage-voids-income"},
		{RevealNone, "none"}, {RevealAll, "all"}, {RevealSeat(2), "seat 2"},
		{Cards{}, "nothing"}, {Cards{Gold: 1, Blue: 2}, "1 gold 2 blue"}, {Cards{Green: 99, Yellow: 13}, "99 green 13 yellow"},
		{Move{}, "none"},
		{Move{Kind: Roll}, "roll"},
		{Move{Kind: Roll, Dice: [2]uint8{3, 4}}, "roll 3 4"},
		{Move{Kind: Steer, Row: 5}, "steer 5"},
		{Move{Kind: Pirates, Row: 12}, "pirates 12"},
		{Move{Kind: Discard, Cards: Cards{Gold: 1, Blue: 2}}, "discard 1 gold 2 blue"},
		{Move{Kind: ReturnInfluence, Cards: Cards{Green: 1, Yellow: 1}}, "return 1 green 1 yellow"},
		{Move{Kind: Build, Building: Tavern, Square: SquareAt(2, 5)}, "build tavern c5"},
		{Move{Kind: Build, Building: Shop, Square: SquareAt(2, 5), Pay: InfluenceBlue}, "build shop c5 pay blue"},
		{Move{Kind: BuildWall, Site: EastSite(5)}, "wall E5"},
		{Move{Kind: BuildChurch}, "church"},
		{Move{Kind: KeepChurchTile, Tile: 7}, "keep 7"},
		{Move{Kind: Rebuild, Building: Totem, Square: SquareAt(3, 4)}, "rebuild totem d4"},
		{Move{Kind: EndBuilding}, "end build"},
		{Move{Kind: PlacePermit, Permit: 2, Square: SquareAt(3, 8), Pay: InfluenceGreen}, "permit 2 d8 pay green"},
		{Move{Kind: TakeGold}, "take gold"},
		{Move{Kind: MovePermit, From: SquareAt(2, 5), Square: SquareAt(3, 5), Pay: InfluenceGreen}, "move permit c5 d5 pay green"},
		{Move{Kind: UpgradePermit, Square: SquareAt(3, 4), Permit: 4, Pay: InfluenceBlue}, "upgrade permit d4 4 pay blue"},
		{Move{Kind: BonusPermit, Permit: 0, Square: SquareAt(6, 9)}, "bonus permit 0 g9"},
		{Move{Kind: BonusGold}, "bonus gold"},
		{Move{Kind: EndTurn}, "end turn"},
		{Move{Kind: DeclineRebuild, Building: Hut}, "remove hut"},
	} {
		name := fmt.Sprintf("%T %s", tc.v, tc.text)
		want, _ := json.Marshal(tc.text)
		got, err := json.Marshal(tc.v)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: json.Marshal = %s, %v; want %s", name, got, err, want)
			continue
		}
		inStruct, err := json.Marshal(struct{ V, W any }{tc.v, []any{tc.v}})
		if wantStruct := fmt.Sprintf(`{"V":%s,"W":[%s]}`, want, want); err != nil || string(inStruct) != wantStruct {
			t.Errorf("%s: in a struct, json.Marshal = %s, %v; want %s", name, inStruct, err, wantStruct)
		}
		back := reflect.New(reflect.TypeOf(tc.v))
		if err := json.Unmarshal(got, back.Interface()); err != nil || back.Elem().Interface() != tc.v {
			t.Errorf("%s: json.Unmarshal(%s) = %v, %v; want %v", name, got, back.Elem().Interface(), err, tc.v)
		}
		if b, err := tc.v.AppendText([]byte("x=")); err != nil || string(b) != "x="+tc.text {
			t.Errorf("%s: AppendText(x=) = %q, %v; want %q", name, b, err, "x="+tc.text)
		}
	}
}

// TestTextNoNotation: a value that names nothing has no text: MarshalText
// and AppendText refuse it with an error wrapping ErrBadEncoding (AppendText
// returns b as it was), and so does json.Marshal of a struct holding it,
// rather than write what could not be read back.
func TestTextNoNotation(t *testing.T) {
	c5 := SquareAt(2, 5)
	for _, v := range []textValue{
		Square(NumSquares), Square(200), Square(251), Row(1), Row(7), Row(13), WallSite(20), WallSite(254),
		Player(MaxPlayers), Player(-2), Color(Yellow + 1), InfluenceColor(InfluenceYellow + 1), Building(LargeBuilding + 1),
		Income(3), ChurchTile(10), CubeSpotKind(5), PhaseOver + 1, Forfeited + 1, numKinds, Rules(4), Rules(0x83),
		Reveal(MaxPlayers + 1), RevealSeat(NoPlayer), Cards{Gold: 100},
		Move{Kind: numKinds},
		Move{Kind: EndTurn, Row: 5},                                   // a field its kind does not use
		Move{Kind: Roll, Dice: [2]uint8{3, 7}},                        // no die 7
		Move{Kind: Steer, Row: 7},                                     // no row 7
		Move{Kind: Discard, Cards: Cards{Blue: 100}},                  // a count of three digits
		Move{Kind: Build, Building: Tavern, Square: NoSquare},         // no square
		Move{Kind: Build, Building: NoBuilding, Square: c5},           // no building
		Move{Kind: Build, Building: Tavern, Square: c5, Pay: 4},       // no colour
		Move{Kind: DeclineRebuild, Building: LargeBuilding + 1},       // no building
		Move{Kind: BuildWall, Site: NoWallSite},                       // no site
		Move{Kind: KeepChurchTile, Tile: 10},                          // no tile
		Move{Kind: PlacePermit, Permit: 5, Square: c5},                // no permit 5
		Move{Kind: MovePermit, From: InSupply, Square: c5},            // from no square
		Move{Kind: UpgradePermit, Square: RemovedFromGame, Permit: 2}, // no square
	} {
		if text, err := v.MarshalText(); !errors.Is(err, ErrBadEncoding) {
			t.Errorf("%T %+v: MarshalText = %q, %v; want an error wrapping ErrBadEncoding", v, v, text, err)
		}
		if b, err := v.AppendText([]byte("x")); !errors.Is(err, ErrBadEncoding) || string(b) != "x" {
			t.Errorf("%T %+v: AppendText(x) = %q, %v; want x and an error wrapping ErrBadEncoding", v, v, b, err)
		}
		if data, err := json.Marshal(struct{ V any }{v}); !errors.Is(err, ErrBadEncoding) {
			t.Errorf("%T %+v: json.Marshal in a struct = %s, %v; want an error wrapping ErrBadEncoding", v, v, data, err)
		}
	}
}

// TestTextRefused: text that is not a value's text is refused with an
// error that wraps the package's sentinel for it (ErrNotation, and
// ErrBadRecord for a record), quotes at most 60 bytes of it, and leaves
// the value as it was.
func TestTextRefused(t *testing.T) {
	long := strings.Repeat("x", 500)
	c5 := SquareAt(2, 5)
	build := Move{Kind: Build, Building: Tavern, Square: c5}
	for _, tc := range []struct {
		v    encoding.TextUnmarshaler // set to a value that must not change
		bad  []string
		want error
	}{
		{ptr(c5), []string{"", "j5", "e7", "e13", "c", "none", "Supply", long}, ErrNotation},
		{ptr(Row(5)), []string{"", "7", "1", "13", "05x", "none", long}, ErrNotation},
		{ptr(EastSite(5)), []string{"", "Ni", "E7", "E12", "none", long}, ErrNotation},
		{ptr(Player(2)), []string{"", "4", "-1", "red", "00", "None", long}, ErrNotation},
		{ptr(Green), []string{"", "Red", "purple", "nocolor", long}, ErrNotation},
		{ptr(InfluenceGreen), []string{"", "red", "gold", long}, ErrNotation},
		{ptr(Tavern), []string{"", "castle", "Tavern", long}, ErrNotation},
		{ptr(GoldIncome), []string{"", "wood", long}, ErrNotation},
		{ptr(ChurchTile(4)), []string{"", "0", "10", "-1", long}, ErrNotation},
		{ptr(CubeOnTower), []string{"", "church", "flag", long}, ErrNotation},
		{ptr(PhaseBuild), []string{"", "phase 2", "build2", long}, ErrNotation},
		{ptr(Abandoned), []string{"", "won", "Forfeited", long}, ErrNotation},
		{ptr(Build), []string{"", "fly", "end", long}, ErrNotation},
		{ptr(EnglishEdition), []string{"", "english+fast", "unknown", long}, ErrNotation},
		{ptr(RevealAll), []string{"", "seat 4", "seat none", "seat", "everything", long}, ErrNotation},
		{ptr(Cards{Gold: 3}), []string{"", "1 wood", "100 gold", "1 gold 1 gold", "gold", "nothing 1 gold", long}, ErrNotation},
		{ptr(build), []string{"", "fly", "build tavern", "none none", long}, ErrNotation},
		{ptr(Record{Moves: []Move{build}}), []string{"[Seed", "1. fly", "[Seed \"x\"]", long}, ErrBadRecord},
	} {
		before := reflect.ValueOf(tc.v).Elem().Interface()
		for _, bad := range tc.bad {
			err := tc.v.UnmarshalText([]byte(bad))
			name := fmt.Sprintf("%T.UnmarshalText(%.20q)", before, bad)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s = %v; want an error wrapping %v", name, err, tc.want)
			} else if strings.Contains(err.Error(), long[:61]) {
				t.Errorf("%s quotes more than 60 bytes: %v", name, err)
			}
			if after := reflect.ValueOf(tc.v).Elem().Interface(); !cmp.Equal(after, before) {
				t.Errorf("%s changed the value from %+v to %+v", name, before, after)
			}
		}
	}
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// checkAllText checks every value of a small type: those that have text
// number want; each reads back from its text to itself, AppendText agrees
// with MarshalText, and the text is String's when the type's String is
// its name (stringer). The others are refused with ErrBadEncoding.
func checkAllText[T interface {
	comparable
	textValue
}, P interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T, values func(yield func(T) bool), want int, stringer bool) {
	t.Helper()
	n := 0
	for v := range values {
		text, err := v.MarshalText()
		if err != nil {
			if !errors.Is(err, ErrBadEncoding) {
				t.Errorf("%T(%v).MarshalText: %v; want ErrBadEncoding", v, v, err)
			}
			continue
		}
		n++
		var back T
		if err := P(&back).UnmarshalText(text); err != nil || back != v {
			t.Errorf("%T(%v): text %q reads back as %v, %v", v, v, text, back, err)
		}
		if b, err := v.AppendText(make([]byte, 1, 8)); err != nil || string(b[1:]) != string(text) || b[0] != 0 {
			t.Errorf("%T(%v): AppendText = %q, %v; MarshalText %q", v, v, b, err, text)
		}
		if s, ok := any(v).(fmt.Stringer); stringer && (!ok || s.String() != string(text)) {
			t.Errorf("%T(%v): text %q is not String's", v, v, text)
		}
	}
	var zero T
	if n != want {
		t.Errorf("%T: %d values have text; want %d", zero, n, want)
	}
}

// uint8Values yields every value of a type of 8 bits.
func uint8Values[T ~uint8 | ~int8](yield func(T) bool) {
	for i := range 256 {
		if !yield(T(i)) {
			return
		}
	}
}

// TestTextEveryValue: of every small type, exactly the values that name
// something have text (the board's 90 squares and the 3 places off it
// and NoSquare; 10 rows and NoRow; 20 wall sites and NoWallSite; 4 seats
// and NoPlayer; …), and each of them reads back from its text to itself.
func TestTextEveryValue(t *testing.T) {
	checkAllText(t, uint8Values[Square], NumSquares+4, true)
	checkAllText(t, uint8Values[Row], NumRows+1, true)
	checkAllText(t, uint8Values[WallSite], 21, true)
	checkAllText(t, uint8Values[Player], MaxPlayers+1, false)
	checkAllText(t, uint8Values[Color], 5, true)
	checkAllText(t, uint8Values[InfluenceColor], 4, true)
	checkAllText(t, uint8Values[Building], 10, true)
	checkAllText(t, uint8Values[Income], 3, true)
	checkAllText(t, uint8Values[ChurchTile], ChurchTiles+1, false)
	checkAllText(t, uint8Values[CubeSpotKind], 5, true)
	checkAllText(t, uint8Values[Phase], 11, true)
	checkAllText(t, uint8Values[Method], 5, true)
	checkAllText(t, uint8Values[MoveKind], 20, true)
	checkAllText(t, uint8Values[Rules], 4, true)
	checkAllText(t, uint8Values[Reveal], MaxPlayers+2, true)
	cards := func(yield func(Cards) bool) { // counts 0, 1, 99 and 100 of each kind
		n := [4]uint8{0, 1, 99, 100}
		for i := range 256 {
			if !yield(Cards{n[i&3], n[i>>2&3], n[i>>4&3], n[i>>6]}) {
				return
			}
		}
	}
	checkAllText(t, cards, 3*3*3*3, true)
}

// TestConfigJSON: a Config marshals to JSON with its colours, rules,
// influence deck and church stack by name, and reads back to an equal
// Config that starts the same game; the zero Config too (FirstColor
// "none"), and both through gob, which uses the same text.
func TestConfigJSON(t *testing.T) {
	var deck []InfluenceColor
	for range InfluencePerColor {
		deck = append(deck, InfluenceBlue, InfluenceGreen, InfluenceYellow)
	}
	full := Config{Players: 3, Colors: []Color{Red, Green, Yellow}, FirstColor: Green, Seed: 7, Rules: EnglishEdition,
		ChurchStack: []ChurchTile{5, 1, 9, 2, 8, 3, 7, 4, 6}, InfluenceDeck: deck}
	for _, tc := range []struct {
		c    Config
		want string
	}{
		{full, `{"Players":3,"Colors":["red","green","yellow"],"Seed":7,"FirstColor":"green","MaxTurns":0,` +
			`"InfluenceDeck":[` + strings.TrimSuffix(strings.Repeat(`"blue","green","yellow",`, 13), ",") + `],` +
			`"ChurchStack":["5","1","9","2","8","3","7","4","6"],"Rules":"english"}`},
		{Config{}, `{"Players":0,"Colors":null,"Seed":0,"FirstColor":"none","MaxTurns":0,"InfluenceDeck":null,"ChurchStack":null,"Rules":"default"}`},
	} {
		data, err := json.Marshal(tc.c)
		if err != nil || string(data) != tc.want {
			t.Errorf("json.Marshal(%+v) = %s, %v\nwant %s", tc.c, data, err, tc.want)
		}
		var back Config
		if err := json.Unmarshal(data, &back); err != nil || !cmp.Equal(back, tc.c) {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", data, back, err, tc.c)
		}
		var buf bytes.Buffer
		var fromGob Config
		if err := gob.NewEncoder(&buf).Encode(tc.c); err != nil {
			t.Errorf("gob: %v", err)
		} else if err := gob.NewDecoder(&buf).Decode(&fromGob); err != nil || !cmp.Equal(fromGob, tc.c, cmpopts.EquateEmpty()) {
			t.Errorf("gob round trip of %+v = %+v, %v", tc.c, fromGob, err)
		}
	}
	var back Config
	_ = json.Unmarshal([]byte(`{"Colors":["red","green","yellow"],"FirstColor":"green","Seed":7,"Rules":"english"}`), &back)
	g1, err1 := New(full)
	g2, err2 := New(Config{Colors: back.Colors, FirstColor: back.FirstColor, Seed: back.Seed, Rules: back.Rules,
		ChurchStack: full.ChurchStack, InfluenceDeck: full.InfluenceDeck})
	if err1 != nil || err2 != nil || *g1 != *g2 {
		t.Errorf("the Config read from JSON starts another game (%v, %v)", err1, err2)
	}
}

// TestMoveTextEveryIndex: every move of the action space (MoveFromIndex
// over 0..NumActions-1) has text, its notation, which reads back to it,
// alone and through encoding/json.
func TestMoveTextEveryIndex(t *testing.T) {
	var buf []byte
	for i := range NumActions {
		m, err := MoveFromIndex(i)
		if err != nil {
			t.Fatalf("MoveFromIndex(%d): %v", i, err)
		}
		buf, err = m.AppendText(buf[:0])
		if err != nil || string(buf) != m.String() {
			t.Fatalf("move %d %v: AppendText = %q, %v", i, m, buf, err)
		}
		var back Move
		if err := back.UnmarshalText(buf); err != nil || back != m {
			t.Fatalf("move %d %q reads back as %v, %v", i, buf, back, err)
		}
		if i%97 == 0 {
			data, errM := json.Marshal(m)
			if err := json.Unmarshal(data, &back); errM != nil || err != nil || back != m || string(data) != `"`+m.String()+`"` {
				t.Fatalf("move %d %v: JSON %s reads back as %v, %v", i, m, data, back, err)
			}
		}
	}
}

// moveField draws a byte of a move: for a field the kind uses (used), a
// value in 0..max+1 (the edge of the range and just beyond it) or any
// byte; for another, mostly 0 and sometimes any byte.
func moveField(t *rapid.T, name string, used bool, max int) uint8 {
	switch {
	case used && rapid.Bool().Draw(t, name+" in range"):
		return uint8(rapid.IntRange(0, max+1).Draw(t, name))
	case used || rapid.IntRange(0, 15).Draw(t, name+" set") == 0:
		return rapid.Uint8().Draw(t, name)
	}
	return 0
}

// TestMoveTextProperty: of any Move, fields in or out of range, set where
// its kind uses them or not, MarshalText either writes the notation,
// which reads back to the same move, or refuses it with ErrBadEncoding, and
// then the move's String does not read back to it: text is refused
// exactly when it could not be read back.
func TestMoveTextProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := MoveKind(rapid.IntRange(0, int(numKinds)).Draw(t, "kind"))
		used := func(f moveFields) bool { return k < numKinds && kindFields[k]&f != 0 }
		f := func(name string, field moveFields, max int) uint8 { return moveField(t, name, used(field), max) }
		m := Move{Kind: k, Building: Building(f("building", fBuilding, 9)), Square: Square(f("square", fSquare, 89)),
			From: Square(f("from", fFrom, 89)), Row: Row(f("row", fRow, 12)), Permit: f("permit", fPermit, 4),
			Site: WallSite(f("site", fSite, 19)), Tile: ChurchTile(f("tile", fTile, 9)), Pay: InfluenceColor(f("pay", fPay, 3)),
			Cards: Cards{f("gold", fGold, 99), f("blue", fBlue, 99), f("green", fGreen, 99), f("yellow", fYellow, 99)},
			Dice:  [2]uint8{f("die 1", fDie1, 6), f("die 2", fDie2, 6)}}
		text, err := m.MarshalText()
		if err == nil {
			var back Move
			if err := back.UnmarshalText(text); err != nil || back != m || string(text) != m.String() {
				t.Fatalf("%+v: text %q reads back as %+v, %v", m, text, back, err)
			}
			return
		}
		if !errors.Is(err, ErrBadEncoding) {
			t.Fatalf("%+v: MarshalText: %v; want ErrBadEncoding", m, err)
		}
		if p, err := ParseMove(m.String()); err == nil && p == m {
			t.Fatalf("%+v: refused, but its notation %q reads back to it", m, m.String())
		}
	})
}

// TestRecordText: records of played games, some over and some not, with
// tags, marshal to their String text, alone and as a JSON string, and
// read back to an equal Record (empty slices and maps come back nil).
func TestRecordText(t *testing.T) {
	over := 0
	for i, cc := range codecConfigs() {
		var r Record
		moves := 60
		if i%2 == 1 && cc.c.MaxTurns == 0 {
			moves, cc.c.MaxTurns = 1<<20, 40 // to the end, at the latest at turn 40
		}
		playRandom(t, cc.c, uint64(i), cc.miser, moves, func(_ *Game, rec *Recorder) bool {
			r = rec.Record()
			return true
		})
		if r.Over {
			over++
		}
		r.Tags = map[string]string{"Event": `a "quoted" back\slash`, "Round_2": "", "Site": "Café"}
		text, err := r.MarshalText()
		if err != nil || string(text) != r.String() {
			t.Fatalf("game %d: MarshalText = %v; want String's text", i, err)
		}
		var back Record
		if err := back.UnmarshalText(text); err != nil || !cmp.Equal(back, r, cmpopts.EquateEmpty()) {
			t.Fatalf("game %d: the text reads back as another record (%v):\n%s", i, err, cmp.Diff(r, back, cmpopts.EquateEmpty()))
		}
		data, err := json.Marshal(struct{ R Record }{r})
		want, _ := json.Marshal(struct{ R string }{r.String()})
		var fromJSON struct{ R Record }
		if err != nil || !bytes.Equal(data, want) || json.Unmarshal(data, &fromJSON) != nil || !cmp.Equal(fromJSON.R, r, cmpopts.EquateEmpty()) {
			t.Fatalf("game %d: the JSON of the record is not its text or does not read back (%v)", i, err)
		}
	}
	if over == 0 {
		t.Errorf("no game played to its end")
	}
}

// TestRecordNoNotation: a Record that String does not write as it is
// (a tag it leaves out or changes, a colour or rule option that names
// nothing, a winner of a game not over, a move without notation) has no
// text, and ParseRecord would indeed not read its String back to it.
func TestRecordNoNotation(t *testing.T) {
	base := func() Record {
		return Record{Config: Config{Players: 2, Seed: 1}, Moves: []Move{{Kind: Roll, Dice: [2]uint8{3, 4}}}}
	}
	for _, tc := range []struct {
		name   string
		change func(r *Record)
	}{
		{"a tag name with a space", func(r *Record) { r.Tags = map[string]string{"bad name": "x"} }},
		{"a tag of the record's own", func(r *Record) { r.Tags = map[string]string{"Seed": "2"} }},
		{"a tag value with a line break", func(r *Record) { r.Tags = map[string]string{"Event": "a\nb"} }},
		{"a tag value not UTF-8", func(r *Record) { r.Tags = map[string]string{"Event": "a\xffb"} }},
		{"NoColor among the colours", func(r *Record) { r.Config.Colors = []Color{Red, NoColor} }},
		{"a colour that is none", func(r *Record) { r.Config.Colors = []Color{Red, Yellow + 1} }},
		{"a first colour that is none", func(r *Record) { r.Config.FirstColor = Yellow + 1 }},
		{"an influence colour that is none", func(r *Record) { r.Config.InfluenceDeck = []InfluenceColor{InfluenceBlue, NoInfluence} }},
		{"an unknown rule option", func(r *Record) { r.Config.Rules = 0x80 }},
		{"a winner of a game not over", func(r *Record) { r.Winner = Red }},
		{"a winner that is no colour", func(r *Record) { r.Over, r.Winner = true, Yellow+1 }},
		{"a move without notation", func(r *Record) { r.Moves = append(r.Moves, Move{Kind: EndTurn, Row: 5}) }},
	} {
		r := base()
		tc.change(&r)
		if _, err := r.MarshalText(); !errors.Is(err, ErrBadEncoding) {
			t.Errorf("%s: MarshalText error %v; want ErrBadEncoding", tc.name, err)
		}
		if back, err := ParseRecord(r.String()); err == nil && cmp.Equal(back, r, cmpopts.EquateEmpty()) {
			t.Errorf("%s: refused, but its String reads back to it", tc.name)
		}
	}
	if _, err := base().MarshalText(); err != nil {
		t.Errorf("the base record: %v", err)
	}
}

// TestAppendTextAllocs: AppendText into a buffer with room allocates
// nothing, for moves of every kind and squares as for the other small
// types.
func TestAppendTextAllocs(t *testing.T) {
	var moves []Move
	for i := 0; i < NumActions; i += 13 {
		m, _ := MoveFromIndex(i)
		moves = append(moves, m)
	}
	others := []textValue{Row(8), NoRow, EastSite(10), NorthSite(3), NoWallSite, Player(2), NoPlayer, Blue, NoColor,
		InfluenceGreen, Workshop, InfluenceIncome, ChurchTile(5), CubeOnTower, PhaseChurchChoice, AllCubesPlaced, UpgradePermit,
		DefaultRules, AdjacentPermitRows, EnglishEdition, RevealSeat(3), Cards{Gold: 12, Yellow: 3}, InSupply}
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(20, func() {
		for _, m := range moves {
			buf, _ = m.AppendText(buf[:0])
		}
		for s := range Square(NumSquares) {
			buf, _ = s.AppendText(buf[:0])
		}
		for _, v := range others {
			buf, _ = v.AppendText(buf[:0])
		}
	})
	if allocs != 0 {
		t.Errorf("AppendText allocates %.1f times per run; want 0", allocs)
	}
}

// BenchmarkMoveAppendText writes the moves of the action space into one
// buffer.
func BenchmarkMoveAppendText(b *testing.B) {
	buf := make([]byte, 0, 64)
	i := 0
	for b.Loop() {
		m, _ := MoveFromIndex(i)
		buf, _ = m.AppendText(buf[:0])
		i = (i + 7919) % NumActions
	}
}

// BenchmarkSquareAppendText writes every square into one buffer.
func BenchmarkSquareAppendText(b *testing.B) {
	buf := make([]byte, 0, 8)
	for b.Loop() {
		for s := range Square(NumSquares) {
			buf, _ = s.AppendText(buf[:0])
		}
	}
}
