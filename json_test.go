package elasund

// Tests of the JSON form (json.go): a hand-written position, refusals and
// FuzzUnmarshalJSON. The shared helpers (randomPosition, wantLoadError,
// checkLoaded, codecFuzzSeeds, golden) are in codec_test.go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestUnmarshalJSONExample: a hand-written position loads (Validate passes)
// and reads as written; "drawnSlots" may be left out.
func TestUnmarshalJSONExample(t *testing.T) {
	g := newTestGame(t, 2)
	mustApply(t, g, Move{Kind: Roll, Dice: [2]uint8{3, 5}}, Move{Kind: EndBuilding})
	var j map[string]any
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	delete(j, "drawnSlots")
	data, _ = json.Marshal(j)
	var loaded Game
	if err := json.Unmarshal(data, &loaded); err != nil {
		t.Fatal(err)
	}
	want := *g
	for i := want.deckLen; i < TotalInfluenceCards; i++ {
		want.deck[i] = 0
	}
	if d := diffGames(&want, &loaded); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if loaded.Phase() != PhasePermit || loaded.Ship() != 8 || loaded.Gold(0) != 4 || loaded.BuildingOrigin(0, Totem) != sqr(t, "e8") {
		t.Errorf("loaded: phase %v, ship %v, red gold %d, red totem %v", loaded.Phase(), loaded.Ship(), loaded.Gold(0), loaded.BuildingOrigin(0, Totem))
	}
}

// TestUnmarshalJSONRefuses: JSON that is not a game is refused with the
// right sentinel, and the receiver keeps its game.
func TestUnmarshalJSONRefuses(t *testing.T) {
	g := randomPosition(t, Config{Players: 3, Seed: 5}, 2, false, 150)
	good, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Legal()) == 0 || g.DeckSize() == 0 || len(g.Buildings()) < 7 {
		t.Fatalf("the test position is too bare")
	}
	edit := func(f func(j map[string]any)) []byte {
		var j map[string]any
		if err := json.Unmarshal(good, &j); err != nil {
			t.Fatal(err)
		}
		f(j)
		b, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	player := func(j map[string]any, p int) map[string]any { return j["players"].([]any)[p].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"not JSON", []byte("{"), ErrBadEncoding},
		{"not an object", []byte("[1]"), ErrBadEncoding},
		{"no version", edit(func(j map[string]any) { delete(j, "version") }), ErrBadEncoding},
		{"version 2", edit(func(j map[string]any) { j["version"] = 2 }), ErrBadEncoding},
		{"an unknown field", edit(func(j map[string]any) { j["cheat"] = true }), ErrBadEncoding},
		{"data after the game", append(bytes.Clone(good), []byte(" {}")...), ErrBadEncoding},
		{"one player", edit(func(j map[string]any) { j["players"] = j["players"].([]any)[:1] }), ErrBadEncoding},
		{"unknown colour", edit(func(j map[string]any) { player(j, 0)["color"] = "purple" }), ErrBadEncoding},
		{"a winner while the game goes on", edit(func(j map[string]any) { j["winner"] = "red" }), ErrInvalidState},
		{"toMove not playing", edit(func(j map[string]any) { j["toMove"] = "yellow" }), ErrBadEncoding},
		{"unknown rules", edit(func(j map[string]any) { j["rules"] = "house" }), ErrBadEncoding},
		{"unknown phase", edit(func(j map[string]any) { j["phase"] = "lunch" }), ErrBadEncoding},
		{"gold 300", edit(func(j map[string]any) { player(j, 0)["hand"] = map[string]any{"gold": 300} }), ErrBadEncoding},
		{"a gold card more", edit(func(j map[string]any) { j["bank"] = j["bank"].(float64) + 1 }), ErrInvalidState},
		{"hut on z9", edit(func(j map[string]any) { player(j, 0)["hut"] = "z9" }), ErrBadEncoding},
		{"hut in supply", edit(func(j map[string]any) { player(j, 0)["hut"] = "supply" }), ErrInvalidState},
		{"four permits", edit(func(j map[string]any) { player(j, 0)["permits"] = []string{"supply", "supply", "supply", "supply"} }), ErrBadEncoding},
		{"permit removed", edit(func(j map[string]any) {
			player(j, 0)["permits"] = []string{"removed", "supply", "supply", "supply", "supply"}
		}), ErrBadEncoding},
		{"milestone 4", edit(func(j map[string]any) { player(j, 0)["milestones"] = []int{4} }), ErrBadEncoding},
		{"rebuild a house", edit(func(j map[string]any) { player(j, 0)["rebuild"] = []string{"house"} }), ErrBadEncoding},
		{"neutral copy 6", edit(func(j map[string]any) {
			j["neutral"] = []any{map[string]any{"building": "tavern", "copy": 6, "square": "c5", "owner": "red", "cubes": 1}}
		}), ErrBadEncoding},
		{"a player's house as neutral", edit(func(j map[string]any) {
			j["neutral"] = []any{map[string]any{"building": "house", "copy": 1, "square": "c5", "owner": "red", "cubes": 1}}
		}), ErrBadEncoding},
		{"wall tile 10", edit(func(j map[string]any) {
			j["wall"] = []any{map[string]any{"site": "Nc", "owner": "red", "tile": 10}}
		}), ErrBadEncoding},
		{"wall on a site of no game", edit(func(j map[string]any) {
			j["wall"] = []any{map[string]any{"site": "Nz", "owner": "red", "tile": 1}}
		}), ErrBadEncoding},
		{"church stack of 10", edit(func(j map[string]any) { j["church"].(map[string]any)["stack"] = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 1} }), ErrBadEncoding},
		{"church stack tile missing", edit(func(j map[string]any) { j["church"].(map[string]any)["stack"] = []int{1, 2, 3} }), ErrInvalidState},
		{"church origin nowhere", edit(func(j map[string]any) { j["church"].(map[string]any)["origin"] = "i12" }), ErrBadEncoding},
		{"deck card purple", edit(func(j map[string]any) { j["deck"].([]any)[0] = "purple" }), ErrBadEncoding},
		{"deck and slots not 39", edit(func(j map[string]any) { j["drawnSlots"] = []string{"blue"} }), ErrBadEncoding},
		{"gold in the discard pile", edit(func(j map[string]any) { j["discard"] = map[string]any{"gold": 1} }), ErrBadEncoding},
		{"random too short", edit(func(j map[string]any) { j["random"] = "00ff" }), ErrBadEncoding},
		{"random not hex", edit(func(j map[string]any) { j["random"] = strings.Repeat("x", 32) }), ErrBadEncoding},
	}
	for _, tc := range cases {
		before := randomPosition(t, Config{Players: 2, Seed: 1}, 1, false, 10)
		after := *before
		err := after.UnmarshalJSON(tc.data) // json.Unmarshal checks the syntax first, with its own errors
		wantLoadError(t, tc.name, err, tc.want, before, &after)
	}
}

// TestUnmarshalJSONStrict: keys match the field names exactly, in case
// too, once each, at every level; "dice" has exactly two numbers. The
// edits are of the text, which encoding/json would accept.
func TestUnmarshalJSONStrict(t *testing.T) {
	g := randomPosition(t, Config{Players: 3, Seed: 5}, 2, false, 150)
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	dice := fmt.Sprintf(`"dice":[%d,%d]`, g.dice[0], g.dice[1])
	for _, part := range []string{`"version":1,`, `"bank":`, `"color":"red"`, `"hand":{"gold":`, `"church":{"stack":`, `{"building":`, `{"site":`, dice} {
		if !strings.Contains(good, part) {
			t.Fatalf("the test position's JSON has no %s:\n%s", part, good)
		}
	}
	edit := func(old, new string) string { return strings.Replace(good, old, new, 1) }
	for _, tc := range []struct {
		name, data, want string // want: "" loads, else a part of the error
	}{
		{"as saved", good, ""},
		{"a key escaped to itself", edit(`"bank":`, `"\u0062ank":`), ""},
		{"VERSION", edit(`"version":1,`, `"VERSION":1,`), "no version"},
		{"VERSION as well", edit(`"version":1,`, `"version":1,"VERSION":1,`), `unknown field "VERSION"`},
		{"BANK", edit(`"bank":`, `"BANK":`), `unknown field "BANK"`},
		{"Bank escaped", edit(`"bank":`, `"\u0042ank":`), `unknown field "Bank"`},
		{"a player's Color", edit(`"color":"red"`, `"Color":"red"`), `players[0]: unknown field "Color"`},
		{"a hand's GOLD", edit(`"hand":{"gold":`, `"hand":{"GOLD":`), `players[0].hand: unknown field "GOLD"`},
		{"the church's Stack", edit(`"church":{"stack":`, `"church":{"Stack":`), `church: unknown field "Stack"`},
		{"a neutral building's Building", edit(`{"building":`, `{"Building":`), `neutral[0]: unknown field "Building"`},
		{"a wall tile's SITE", edit(`{"site":`, `{"SITE":`), `wall[0]: unknown field "SITE"`},
		{"an unknown field", edit(`"bank":`, `"cheat":true,"bank":`), `unknown field "cheat"`},
		{"an unknown field of a player", edit(`"color":"red"`, `"color":"red","cheat":1`), `players[0]: unknown field "cheat"`},
		{"bank twice", edit(`"bank":`, `"bank":1,"bank":`), `field "bank" given twice`},
		{"a player's colour twice", edit(`"color":"red"`, `"color":"blue","color":"red"`), `players[0]: field "color" given twice`},
		{"three dice", edit(dice, `"dice":[1,2,3]`), "dice: an array of 3; it has 2 values"},
		{"one die", edit(dice, `"dice":[1]`), "dice: an array of 1; it has 2 values"},
		{"no dice", edit(dice, `"dice":[]`), "dice: an array of 0; it has 2 values"},
		{"dice of another kind", edit(dice, `"dice":{"a":[1,2,3]}`), "cannot unmarshal object"},
		{"rules of another kind", edit(`"rules":"default"`, `"rules":{"a":["]}\"",{"b":[[]]}],"c":"{"}`), "cannot unmarshal object"},
		{"brackets in a string", edit(`"first":"blue"`, `"first":"b]}\"lue"`), `first "b]}\"lue" is not a player's colour`},
		{"a quote in a key", edit(`"bank":`, `"ba\"nk":`), `unknown field "ba\"nk"`},
	} {
		var loaded Game
		err := loaded.UnmarshalJSON([]byte(tc.data))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "" && loaded != *g:
			t.Errorf("%s: loaded another game", tc.name)
		case tc.want != "" && (!errors.Is(err, ErrBadEncoding) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v; want ErrBadEncoding and %q", tc.name, err, tc.want)
		}
	}
}

// FuzzUnmarshalJSON loads arbitrary text (seeded with saved positions of
// random games): no panic; a refusal wraps a sentinel and leaves the
// receiver alone; an accepted state validates, saves and loads back equal in
// both forms, and plays on.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, g := range codecFuzzSeeds(f) {
		b, err := json.Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, data string) {
		var g Game
		g.n = 9
		if err := g.UnmarshalJSON([]byte(data)); err != nil {
			if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
				t.Fatalf("error %v wraps neither sentinel", err)
			}
			if g != (Game{n: 9}) {
				t.Fatal("refused, but the receiver changed")
			}
			return
		}
		checkLoaded(t, &g, nil)
	})
}
