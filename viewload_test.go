package elasund

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// viewTestGames returns positions of random games of every player count:
// the first of each phase met and every few others, and games that are
// over.
func viewTestGames(t *testing.T) []*Game {
	var games []*Game
	every := 7
	if testing.Short() {
		every = 23
	}
	seen := map[Phase]bool{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		ps := playedPositions(t, n, uint64(60+n))
		for k := range ps {
			if ph := ps[k].Phase(); !seen[ph] || k%every == 0 {
				seen[ph] = true
				games = append(games, &ps[k])
			}
		}
		over, err := New(Config{Players: n, Seed: uint64(n), MaxTurns: 3})
		if err != nil {
			t.Fatal(err)
		}
		for !over.Over() {
			if err := over.Apply(over.Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, over)
	}
	return games
}

// TestViewJSONRoundTrip: the JSON MarshalJSON writes of every viewer's
// view (and of the zero View) loads back to an equal view, which samples
// as the original does, in every phase random play reaches (a shortage
// is too rare to meet; its view differs from a discard's only in the
// phase).
func TestViewJSONRoundTrip(t *testing.T) {
	phases := map[Phase]bool{}
	for i, g := range viewTestGames(t) {
		phases[g.Phase()] = true
		for p := NoPlayer; int(p) < g.Players(); p++ {
			v := g.View(p)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("game %d, viewer %d: %v", i, p, err)
			}
			var w View
			if err := json.Unmarshal(data, &w); err != nil {
				t.Fatalf("game %d, viewer %d: %v\n%s", i, p, err, data)
			}
			if w != v {
				t.Fatalf("game %d, viewer %d: the loaded view differs:\n%s", i, p, diffViews(v, w))
			}
			a, errA := v.Redeal(rand.New(rand.NewPCG(1, 2)))
			b, errB := w.Redeal(rand.New(rand.NewPCG(1, 2)))
			if errA != nil || errB != nil || *a != *b {
				t.Fatalf("game %d, viewer %d: the loaded view samples another game (%v, %v)", i, p, errA, errB)
			}
		}
	}
	for _, ph := range []Phase{PhaseRoll, PhaseSteer, PhasePirates, PhaseDiscard, PhaseBuild, PhaseChurchChoice, PhaseRebuild, PhasePermit, PhaseBonus, PhaseOver} {
		if !phases[ph] {
			t.Errorf("no test position in %v", ph)
		}
	}
	data, err := json.Marshal(View{})
	if err != nil {
		t.Fatal(err)
	}
	w := newTestGame(t, 2).View(0)
	if err := json.Unmarshal(data, &w); err != nil || w != (View{}) {
		t.Errorf("the zero View's JSON loads to %v (%v); want View{}", w.Viewer(), err)
	}
}

// TestViewJSONRefuses: garbage, JSON of another shape, a state that is
// not a view of a game and fields that disagree with the state are
// refused with the sentinel that says which, and leave the view as it was.
func TestViewJSONRefuses(t *testing.T) {
	g := &playedPositions(t, 2, 5)[40]
	v := g.View(0)
	good, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var j map[string]any
	if err := json.Unmarshal(good, &j); err != nil {
		t.Fatal(err)
	}
	state := j["state"].(string)
	with := func(key string, value any) string {
		m := map[string]any{}
		for k, x := range j {
			m[k] = x
		}
		m[key] = value
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	without := func(key string) string {
		m := map[string]any{}
		for k, x := range j {
			if k != key {
				m[k] = x
			}
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	stateOf := func(h *Game) string {
		b, err := h.appendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	full := stateOf(g) // the whole game: every hand, the deck, the stack
	badCards := *g
	badCards.bank++ // a gold card from nowhere
	badView := badCards.View(0)
	raw, _ := base64.StdEncoding.DecodeString(state)
	raw[0] = 9 // version 9

	for _, tc := range []struct {
		name string
		data string
		want error
		says string
	}{
		{"not JSON", "{", ErrBadEncoding, "not valid JSON"},
		{"an array", "[]", ErrBadEncoding, "view"},
		{"unknown field", with("secret", 1), ErrBadEncoding, `unknown field "secret"`},
		{"no state", without("state"), ErrBadEncoding, "state"},
		{"state not base64", with("state", "!!"), ErrBadEncoding, "state: not base64"},
		{"state of another version", with("state", base64.StdEncoding.EncodeToString(raw)), ErrBadEncoding, "version 9"},
		{"too long", `{"legal": ["` + strings.Repeat("x", maxViewJSONLen) + `"]}`, ErrBadEncoding, "at most"},
		{"a viewer who does not play", with("viewer", "yellow"), ErrBadEncoding, `viewer "yellow"`},
		{"a field disagrees", with("bank", 1000), ErrBadEncoding, "bank 1000 disagrees"},
		{"the turn disagrees", with("turn", 99), ErrBadEncoding, "turn 99"},
		{"the state shows hidden cards", with("state", full), ErrInvalidState, "may not know"},
		{"the cards do not add up", with("state", stateOf(&badView.g)), ErrInvalidState, "view: "},
	} {
		before := v
		err := v.UnmarshalJSON([]byte(tc.data))
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v; want %v saying %q", tc.name, err, tc.want, tc.says)
		}
		if err != nil && strings.Count(err.Error(), "elasund:") != 1 {
			t.Errorf("%s: %q says \"elasund:\" more than once", tc.name, err)
		}
		if v != before {
			t.Errorf("%s: the refused data changed the view", tc.name)
		}
	}
}

// FuzzViewUnmarshalJSON: no data makes View.UnmarshalJSON panic, and what
// it accepts writes back as the same JSON and is a view of a game.
func FuzzViewUnmarshalJSON(f *testing.F) {
	for i, g := range []*Game{newTestGame(f, 2), &playedPositions(f, 3, 8)[30]} {
		data, err := json.Marshal(g.View(Player(i)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"state":""}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v View
		if err := v.UnmarshalJSON(data); err != nil {
			if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
				t.Fatalf("error %v wraps neither ErrBadEncoding nor ErrInvalidState", err)
			}
			return
		}
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var w View
		if err := w.UnmarshalJSON(again); err != nil || w != v {
			t.Fatalf("an accepted view does not load back from its JSON: %v", err)
		}
	})
}
