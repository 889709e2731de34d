package elasund

// Tests of the JSON form (json.go): a hand-written position, refusals and
// FuzzUnmarshalJSON. The shared helpers (randomPosition, wantLoadError,
// checkLoaded, codecFuzzSeeds, golden) are in codec_test.go.

import (
	"bytes"
	"encoding/json"
	"errors"
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
	for i := want.deckLen; i < InfluenceCards; i++ {
		want.deck[i] = 0
	}
	if d := diffGames(&want, &loaded); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if loaded.Phase() != PhasePermit || loaded.Ship() != 8 || loaded.Gold(0) != 4 || loaded.BuildingSquare(0, Totem) != sqr(t, "e8") {
		t.Errorf("loaded: phase %v, ship %v, red gold %d, red totem %v", loaded.Phase(), loaded.Ship(), loaded.Gold(0), loaded.BuildingSquare(0, Totem))
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
