package elasund

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the golden files under testdata instead of comparing.
var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// ---------------------------------------------------------------------------
// Seeded random games for the codec, record and text tests.

// codecConfigs are the games the round-trip tests play: every player
// count, colours in another order with a chosen first player, the rule
// options, a turn limit, a stacked deck and church stack. Games with miser
// set are played by fuzzPick's miser policy, which runs the bank and the
// deck dry (gold and influence shortages).
func codecConfigs() []struct {
	c     Config
	miser bool
} {
	deck := make([]InfluenceColor, 0, TotalInfluenceCards)
	for i := 0; i < TotalInfluenceCards; i++ {
		deck = append(deck, InfluenceColors()[(i*5)%3])
	}
	return []struct {
		c     Config
		miser bool
	}{
		{Config{Players: 2, Seed: 1}, false},
		{Config{Players: 3, Seed: 2}, false},
		{Config{Players: 4, Seed: 3}, false},
		{Config{Colors: []Color{Yellow, Red, Blue}, Seed: 4, FirstColor: Blue, Rules: EnglishEdition}, false},
		{Config{Players: 4, Seed: 5, InfluenceDeck: deck, ChurchStack: []ChurchTile{5, 1, 9, 2, 8, 3, 7, 4, 6}, Rules: AdjacentPermitRows}, false},
		{Config{Players: 2, Seed: 6, MaxTurns: 40}, false},
		{Config{Players: 3, Seed: 7, Rules: ShortageVoidsIncome}, true},
		{Config{Players: 4, Seed: 8}, true},
	}
}

// playRandom plays the seeded game of c with the chooser of seed (uniformly,
// or by the miser policy) through a Recorder, at most maxMoves moves. It
// calls visit with every position, the start and the end included, and the
// Recorder that has recorded the moves to it; visit returns false to stop.
func playRandom(t testing.TB, c Config, seed uint64, miser bool, maxMoves int, visit func(g *Game, rec *Recorder) bool) {
	t.Helper()
	g, err := New(c)
	if err != nil {
		t.Fatalf("New(%+v): %v", c, err)
	}
	rec, err := NewRecorder(c)
	if err != nil {
		t.Fatal(err)
	}
	r := newChooser(seed)
	var buf []Move
	for step := 0; ; step++ {
		if !visit(g, rec) || g.Over() || step == maxMoves {
			return
		}
		buf = g.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal move in phase %v", g.Phase())
		}
		if err := rec.Apply(g, fuzzPick(buf, r, miser)); err != nil {
			t.Fatalf("a listed move is refused: %v", err)
		}
	}
}

// randomPosition returns the position of the seeded game of c after the
// given number of moves (or its end).
func randomPosition(t testing.TB, c Config, seed uint64, miser bool, moves int) *Game {
	t.Helper()
	var out Game
	playRandom(t, c, seed, miser, moves, func(g *Game, _ *Recorder) bool {
		out = *g
		return true
	})
	return &out
}

// ---------------------------------------------------------------------------
// Round trips.

// TestCodecRoundTrip: at every position of the seeded random games, the
// binary and the JSON forms load back to a game == the saved one, which
// saves to the same bytes again; the random source comes back too, so the
// loaded game plays on as the original does. The games cover every phase.
func TestCodecRoundTrip(t *testing.T) {
	var phases [PhaseOver + 1]int
	positions := 0
	for i, cc := range codecConfigs() {
		if testing.Short() && i%2 == 1 {
			continue
		}
		playRandom(t, cc.c, uint64(i), cc.miser, 2000, func(g *Game, _ *Recorder) bool {
			positions++
			phases[g.Phase()]++
			bin, err := g.MarshalBinary()
			if err != nil {
				t.Fatalf("config %d, turn %d: MarshalBinary: %v", i, g.Turn(), err)
			}
			var fromBin Game
			if err := fromBin.UnmarshalBinary(bin); err != nil {
				t.Fatalf("config %d, turn %d: UnmarshalBinary: %v", i, g.Turn(), err)
			}
			if fromBin != *g {
				t.Fatalf("config %d, turn %d: binary round trip differs (-saved +loaded):\n%s", i, g.Turn(), diffGames(g, &fromBin))
			}
			if again, _ := fromBin.MarshalBinary(); !bytes.Equal(again, bin) {
				t.Fatalf("config %d, turn %d: the loaded game saves to other bytes", i, g.Turn())
			}
			js, err := json.Marshal(g)
			if err != nil {
				t.Fatalf("config %d, turn %d: MarshalJSON: %v", i, g.Turn(), err)
			}
			var fromJSON Game
			if err := json.Unmarshal(js, &fromJSON); err != nil {
				t.Fatalf("config %d, turn %d: UnmarshalJSON: %v\n%s", i, g.Turn(), err, js)
			}
			if fromJSON != *g {
				t.Fatalf("config %d, turn %d: JSON round trip differs (-saved +loaded):\n%s", i, g.Turn(), diffGames(g, &fromJSON))
			}
			if again, _ := json.Marshal(&fromJSON); !bytes.Equal(again, js) {
				t.Fatalf("config %d, turn %d: the loaded game saves to other JSON", i, g.Turn())
			}
			return true
		})
	}
	if testing.Short() {
		return
	}
	for ph, n := range phases {
		if n == 0 {
			t.Errorf("no position in phase %v among the %d saved", Phase(ph), positions)
		}
	}
}

// TestCodecPlaysOn: a game loaded from either form in the middle of play
// goes on to the same end as the original, move for move (the random source
// included: plain rolls roll the same dice).
func TestCodecPlaysOn(t *testing.T) {
	for _, form := range []string{"binary", "json"} {
		t.Run(form, func(t *testing.T) {
			c := Config{Players: 3, Seed: 77}
			saved := randomPosition(t, c, 9, false, 100)
			var data []byte
			var err error
			if form == "binary" {
				data, err = saved.MarshalBinary()
			} else {
				data, err = json.Marshal(saved)
			}
			if err != nil {
				t.Fatal(err)
			}
			var loaded Game
			if form == "binary" {
				err = loaded.UnmarshalBinary(data)
			} else {
				err = json.Unmarshal(data, &loaded)
			}
			if err != nil {
				t.Fatal(err)
			}
			r := newChooser(99)
			for steps := 0; !saved.Over() && steps < 3000; steps++ {
				legal := saved.Legal()
				m := Move{Kind: Roll} // a plain roll: the dice come from the loaded random source
				if saved.Phase() != PhaseRoll {
					m = legal[r.intn(len(legal))]
				}
				mustApply(t, saved, m)
				mustApply(t, &loaded, m)
				if loaded != *saved {
					t.Fatalf("after %v the loaded game differs (-original +loaded):\n%s", m, diffGames(saved, &loaded))
				}
			}
		})
	}
}

// TestCodecStandardEncoders: the standard encoders use the codecs, whether
// they get a *Game, a Game or a struct holding one: json.Marshal no longer
// writes {} and gob no longer fails.
func TestCodecStandardEncoders(t *testing.T) {
	g := randomPosition(t, Config{Players: 4, Seed: 12}, 3, false, 57)
	type saved struct {
		Name string
		Game Game
	}
	byPtr, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	byValue, err := json.Marshal(*g)
	if err != nil {
		t.Fatal(err)
	}
	inStruct, err := json.Marshal(saved{"x", *g})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(byPtr, byValue) || !bytes.Contains(inStruct, byPtr) {
		t.Errorf("json.Marshal of *Game, Game and a struct field disagree:\n%s\n%s\n%s", byPtr, byValue, inStruct)
	}
	var back saved
	if err := json.Unmarshal(inStruct, &back); err != nil || back.Game != *g {
		t.Errorf("json round trip in a struct: %v\n%s", err, diffGames(g, &back.Game))
	}

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(saved{"y", *g}); err != nil {
		t.Fatalf("gob: %v", err)
	}
	var gobBack saved
	if err := gob.NewDecoder(&buf).Decode(&gobBack); err != nil || gobBack.Game != *g || gobBack.Name != "y" {
		t.Errorf("gob round trip: %v\n%s", err, diffGames(g, &gobBack.Game))
	}
}

// ---------------------------------------------------------------------------
// The formats, pinned.

// TestCodecGolden pins both forms of version 1: the saved forms of a few
// positions are files under testdata/codec (rewritten with -update). A
// change of layout that keeps the version fails here; old saves must keep
// loading to the same game.
func TestCodecGolden(t *testing.T) {
	cases := []struct {
		name  string
		c     Config
		moves int
	}{
		{"fresh3", Config{Players: 3, Seed: 42}, 0},
		{"midgame4", Config{Players: 4, Seed: 42, Rules: EnglishEdition}, 180},
		{"over2", Config{Players: 2, Seed: 42, MaxTurns: 30}, 5000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := randomPosition(t, tc.c, 1, false, tc.moves)
			bin, err := g.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			js, err := json.MarshalIndent(g, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "codec", tc.name+".bin.hex"), []byte(hex.Dump(bin)))
			golden(t, filepath.Join("testdata", "codec", tc.name+".json"), append(js, '\n'))

			var fromJSON Game
			data, _ := os.ReadFile(filepath.Join("testdata", "codec", tc.name+".json"))
			if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != *g {
				t.Errorf("the golden JSON does not load to the game: %v\n%s", err, diffGames(g, &fromJSON))
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Loading refuses what is not a game.

// wantLoadError checks an error of a loader: it wraps want, and the
// receiver (filled with before) is unchanged.
func wantLoadError(t *testing.T, what string, err error, want error, before, after *Game) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: loaded; want an error wrapping %v", what, want)
		return
	}
	if !errors.Is(err, want) {
		t.Errorf("%s: error %q does not wrap %v", what, err, want)
	}
	if *after != *before {
		t.Errorf("%s: a failed load changed the receiver", what)
	}
}

// TestUnmarshalBinaryRefuses: truncated, long, unknown-version and
// corrupted encodings are refused with the right sentinel, and the
// receiver keeps its game.
func TestUnmarshalBinaryRefuses(t *testing.T) {
	g := randomPosition(t, Config{Players: 3, Seed: 5}, 2, false, 120)
	good, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	// Offsets of the layout (version 1).
	const (
		offN       = 1
		offColors  = 2
		offRules   = 6
		offMax     = 7
		offTurn    = 11
		offPhase   = 15
		offDice    = 21
		offWinner  = 23
		offPieces  = 24
		offOwners  = offPieces + numPieces
		offPermits = offOwners + 2*(numPieces-neutralBase)
		offChurch  = offPermits + 20 + 20 + 4 // churchLen
		offOrigin  = offChurch + 1 + ChurchTiles
		offBank    = offOrigin + 1 + ChurchTiles + 2
		offDeck    = offBank + 1 + 4 + 12 + 1
	)
	set := func(off int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[off:], v)
		return b
	}
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrBadEncoding},
		{"version 0", set(0, 0), ErrBadEncoding},
		{"version 2", set(0, 2), ErrBadEncoding},
		{"truncated", good[:len(good)-1], ErrBadEncoding},
		{"one byte more", append(bytes.Clone(good), 0), ErrBadEncoding},
		{"5 players", set(offN, 5), ErrBadEncoding},
		{"1 player", set(offN, 1), ErrBadEncoding},
		{"colour 9", set(offColors, 9), ErrBadEncoding},
		{"colour twice", set(offColors+1, good[offColors]), ErrInvalidState},
		{"unknown rule option", set(offRules, 0x80), ErrBadEncoding},
		{"phase 11", set(offPhase, 11), ErrBadEncoding},
		{"dice 7", set(offDice, 7, 1), ErrBadEncoding},
		{"dice 0 0 after the first roll", set(offDice, 0, 0), ErrInvalidState},
		{"winner 4", set(offWinner, 4), ErrBadEncoding},
		{"winner while playing", set(offWinner, 0), ErrInvalidState},
		{"turn limit passed", set(offMax, 0, 0, 0, 3), ErrInvalidState},
		{"hut off the board", set(offPieces, 200), ErrBadEncoding},
		{"large building off the south edge", set(offPieces+34, uint8(sq(0, 8))), ErrBadEncoding},
		{"red hut on blue's hut", set(offPieces, good[offPieces+4]), ErrInvalidState},
		{"neutral owner 7", set(offOwners, 7), ErrBadEncoding},
		{"permit at square 90", set(offPermits, 90), ErrBadEncoding},
		{"church stack tile 10", set(offChurch+1, 10), ErrBadEncoding},
		{"church area nowhere", set(offOrigin, 0), ErrBadEncoding},
		{"a gold card more", set(offBank, good[offBank]+1), ErrInvalidState},
		{"deck colour 3", set(offDeck+TotalInfluenceCards-1, 3), ErrBadEncoding},
	}
	for _, tc := range cases {
		before := randomPosition(t, Config{Players: 2, Seed: 1}, 1, false, 10)
		after := *before
		err := after.UnmarshalBinary(tc.data)
		wantLoadError(t, tc.name, err, tc.want, before, &after)
	}
}

// TestUnmarshalBinaryEveryByte changes every byte of a saved position to
// every value (and of another to every seventh value): loading never
// panics; it refuses with a sentinel and leaves
// the receiver alone, or it accepts a state that validates, saves to the
// same bytes and plays on.
func TestUnmarshalBinaryEveryByte(t *testing.T) {
	positions := []*Game{
		randomPosition(t, Config{Players: 4, Seed: 31}, 4, false, 200),
		randomPosition(t, Config{Players: 2, Seed: 32}, 5, true, 90),
	}
	if testing.Short() {
		positions = positions[:1]
	}
	accepted := 0
	for k, g := range positions {
		good, err := g.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		for i := range good {
			for v := 0; v < 256; v++ {
				if byte(v) == good[i] || (k > 0 && v%7 != i%7) {
					continue // the second position: every seventh value
				}
				data := bytes.Clone(good)
				data[i] = byte(v)
				var loaded Game
				loaded.n = 9 // a marker: a refused load leaves it
				err := loaded.UnmarshalBinary(data)
				if err != nil {
					if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
						t.Fatalf("byte %d = %d: error %v wraps neither sentinel", i, v, err)
					}
					if loaded != (Game{n: 9}) {
						t.Fatalf("byte %d = %d: refused, but the receiver changed", i, v)
					}
					continue
				}
				accepted++
				checkLoaded(t, &loaded, data)
			}
		}
	}
	if accepted == 0 {
		t.Error("no changed encoding loaded (the random source's bytes at least should)")
	}
}

// checkLoaded checks a game a loader accepted: it validates, saves to data
// again (when data is binary), survives the JSON form, draws, and plays a
// few moves, each validating.
func checkLoaded(t *testing.T, g *Game, data []byte) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatalf("a loaded game does not validate: %v", err)
	}
	again, err := g.MarshalBinary()
	if err != nil {
		t.Fatalf("a loaded game does not save: %v", err)
	}
	if data != nil && !bytes.Equal(again, data) {
		t.Fatalf("a loaded game saves to other bytes")
	}
	js, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("a loaded game does not save as JSON: %v", err)
	}
	var fromJSON Game
	if err := json.Unmarshal(js, &fromJSON); err != nil || fromJSON != *g {
		t.Fatalf("a loaded game's JSON does not load back: %v", err)
	}
	_ = g.String()
	c := *g
	var buf []Move
	for k := 0; k < 4 && !c.Over(); k++ {
		buf = c.AppendLegal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("a loaded game in phase %v has no legal move", c.Phase())
		}
		if err := c.Apply(buf[(k*7)%len(buf)]); err != nil {
			t.Fatalf("a loaded game refuses its listed move: %v", err)
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("a loaded game breaks an invariant after a move: %v", err)
		}
	}
}

// TestMarshalRefusesInvalidGame: a game that does not validate is not
// saved (it could not be loaded).
func TestMarshalRefusesInvalidGame(t *testing.T) {
	bad := newTestGame(t, 3)
	bad.gold[0]++
	for name, g := range map[string]Game{"zero Game": {}, "a gold card more": *bad} {
		if _, err := g.MarshalBinary(); !errors.Is(err, ErrInvalidState) {
			t.Errorf("%s: MarshalBinary error %v; want ErrInvalidState", name, err)
		}
		if _, err := json.Marshal(g); !errors.Is(err, ErrInvalidState) {
			t.Errorf("%s: json.Marshal error %v; want ErrInvalidState", name, err)
		}
	}
}

// ---------------------------------------------------------------------------
// Fuzz targets.

// codecFuzzSeeds are saved positions of seeded random games, every phase
// among them.
func codecFuzzSeeds(t testing.TB) []*Game {
	var out []*Game
	var seen [PhaseOver + 1]int
	for i, cc := range codecConfigs() {
		playRandom(t, cc.c, uint64(i), cc.miser, 2000, func(g *Game, _ *Recorder) bool {
			if seen[g.Phase()] < 2 || g.Turn()%37 == 0 && g.Phase() == PhaseBuild {
				seen[g.Phase()]++
				out = append(out, g.Clone())
			}
			return true
		})
	}
	return out
}

// FuzzUnmarshalBinary loads arbitrary bytes (seeded with saved positions of
// random games): no panic; a refusal wraps a sentinel and leaves the
// receiver alone; an accepted state validates, saves to the same bytes,
// round-trips through JSON and plays on.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, g := range codecFuzzSeeds(f) {
		b, err := g.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Game
		g.n = 9
		if err := g.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadEncoding) && !errors.Is(err, ErrInvalidState) {
				t.Fatalf("error %v wraps neither sentinel", err)
			}
			if g != (Game{n: 9}) {
				t.Fatal("refused, but the receiver changed")
			}
			return
		}
		checkLoaded(t, &g, data)
	})
}

// TestCodecFuzzSeedsCoverPhases: the fuzz seed corpora hold positions of
// every phase.
func TestCodecFuzzSeedsCoverPhases(t *testing.T) {
	var seen [PhaseOver + 1]bool
	for _, g := range codecFuzzSeeds(t) {
		seen[g.Phase()] = true
	}
	for ph, ok := range seen {
		if !ok {
			t.Errorf("no seed in phase %v", Phase(ph))
		}
	}
}

// golden compares got with the golden file path, or rewrites the file when
// the tests run with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to write it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from its golden file (go test -run '%s' -update rewrites it):\n%s", path, t.Name(), lineDiff(string(want), string(got)))
	}
}

// lineDiff lists the lines that differ between want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, a, c)
		}
	}
	return b.String()
}

// Benchmarks of saving, loading and printing a 4-player position of turn
// 30 or so, and of writing and reading the record of a whole game.
func BenchmarkCodec(b *testing.B) {
	g := randomPosition(b, Config{Players: 4, Seed: 1}, 1, false, 150)
	bin, _ := g.MarshalBinary()
	js, _ := json.Marshal(g)
	var rec Record
	playRandom(b, Config{Players: 4, Seed: 1}, 1, false, 5000, func(_ *Game, r *Recorder) bool { rec = r.Record(); return true })
	text := rec.String()
	b.Run("MarshalBinary", func(b *testing.B) {
		for b.Loop() {
			_, _ = g.MarshalBinary()
		}
	})
	b.Run("UnmarshalBinary", func(b *testing.B) {
		var h Game
		for b.Loop() {
			_ = h.UnmarshalBinary(bin)
		}
	})
	b.Run("MarshalJSON", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(g)
		}
	})
	b.Run("UnmarshalJSON", func(b *testing.B) {
		var h Game
		for b.Loop() {
			_ = h.UnmarshalJSON(js)
		}
	})
	b.Run("String", func(b *testing.B) {
		for b.Loop() {
			_ = g.String()
		}
	})
	b.Run("RecordString", func(b *testing.B) {
		for b.Loop() {
			_ = rec.String()
		}
	})
	b.Run("ParseRecord", func(b *testing.B) {
		for b.Loop() {
			_, _ = ParseRecord(text)
		}
	})
	b.Run("Replay", func(b *testing.B) {
		for b.Loop() {
			_, _ = rec.Replay()
		}
	})
}
