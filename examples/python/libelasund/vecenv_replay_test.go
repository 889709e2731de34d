package main

// The VecEnv against a replay of its games with the library alone, and the
// golden hashes the Python tests compare the VecEnv with.

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

var update = flag.Bool("update", false, "rewrite ../tests/testdata/vecenv_golden.json")

// vecReplay plays the games of a VecEnv with the library alone, as the
// VecEnv's documentation says they are played: game i's episode k is
// New(Config{Players, Seed: vecSeed(seed, i, k), Rules, MaxTurns}), the
// plain roll is played whenever the phase is the roll, and a game that
// ends starts its next episode.
type vecReplay struct {
	sorted   bool // list the legal actions by index, not in Legal's order
	cfg      elasund.Config
	seed     uint64
	games    []*elasund.Game
	episodes []uint64
}

func newVecReplay(t testing.TB, n int, cfg elasund.Config, seed uint64) *vecReplay {
	r := &vecReplay{cfg: cfg, seed: seed, games: make([]*elasund.Game, n), episodes: make([]uint64, n)}
	for i := range r.games {
		r.start(t, i)
	}
	return r
}

func (r *vecReplay) start(t testing.TB, i int) {
	c := r.cfg
	c.Seed = vecSeed(r.seed, i, r.episodes[i])
	g, err := elasund.New(c)
	if err != nil {
		t.Fatal(err)
	}
	r.games[i] = g
	r.rolls(t, i)
}

func (r *vecReplay) rolls(t testing.TB, i int) {
	for r.games[i].Phase() == elasund.PhaseRoll {
		if err := r.games[i].Apply(elasund.Move{Kind: elasund.Roll}); err != nil {
			t.Fatal(err)
		}
	}
}

// step applies action a[i] to game i and returns the games' returns for
// those that ended (nil for the others).
func (r *vecReplay) step(t testing.TB, a []int64) [][]float64 {
	ended := make([][]float64, len(r.games))
	for i, g := range r.games {
		m, err := elasund.MoveFromIndex(int(a[i]))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		r.rolls(t, i)
		if g.Over() {
			ended[i] = g.Outcome().Returns(nil)
			r.episodes[i]++
			r.start(t, i)
		}
	}
	return ended
}

// legal returns game i's legal actions from the library, in Legal's
// order or, if r.sorted, by index (as VecEnv.legal_actions lists them from
// the masks).
func (r *vecReplay) legal(i int) []int {
	legal := r.games[i].AppendLegalIndices(nil)
	if r.sorted {
		slices.Sort(legal)
	}
	return legal
}

// choose picks the actions of a step from the library's legal actions:
// the ((step·7 + i·3) mod count)-th of game i's.
func (r *vecReplay) choose(step int) []int64 {
	a := make([]int64, len(r.games))
	for i := range r.games {
		legal := r.legal(i)
		a[i] = int64(legal[(step*7+i*3)%len(legal)])
	}
	return a
}

// compare reports where the buffers differ from the replay's games
// (ended: the returns of the games that ended in this step).
func (r *vecReplay) compare(b *vecBuffers, ended [][]float64, forms int) error {
	const size = elasund.ObservationSize
	p := r.cfg.Players
	for i, g := range r.games {
		seat := g.ToMove()
		if b.toPlay[i] != int32(seat) {
			return fmt.Errorf("game %d: to_play %d, library %d", i, b.toPlay[i], seat)
		}
		if obs := g.View(seat).AppendObservation(nil); !slices.Equal(b.obs[i*size:(i+1)*size], obs) {
			return fmt.Errorf("game %d: the observation differs from the library's", i)
		}
		var want []float32
		for _, x := range ended[i] {
			want = append(want, float32(x))
		}
		if ended[i] == nil {
			want = make([]float32, p)
		}
		if !slices.Equal(b.rewards[i*p:(i+1)*p], want) || (b.dones[i] == 1) != (ended[i] != nil) {
			return fmt.Errorf("game %d: rewards %v done %d, library %v", i, b.rewards[i*p:(i+1)*p], b.dones[i], ended[i])
		}
		if err := compareLegal(g, b, i, forms); err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
	}
	return nil
}

// compareLegal compares game i's legal actions in every form chosen with
// the library's AppendLegalIndices and AppendLegalMask.
func compareLegal(g *elasund.Game, b *vecBuffers, i, forms int) error {
	idx := g.AppendLegalIndices(nil)
	mask := g.AppendLegalMask(nil)
	if forms&vecLegalIndices != 0 {
		row := b.indices[i*maxLegalActions : (i+1)*maxLegalActions]
		n := int(b.counts[i])
		if n != len(idx) {
			return fmt.Errorf("legal_counts %d, library %d", n, len(idx))
		}
		for j, x := range row {
			if (j < n && int(x) != idx[j]) || (j >= n && x != -1) {
				return fmt.Errorf("legal_indices[%d] = %d", j, x)
			}
		}
	}
	for a, legal := range mask {
		if forms&vecLegalBits != 0 && (b.bits[i*vecBitsLen+a/8]>>(a%8)&1 == 1) != legal {
			return fmt.Errorf("legal_bits of action %d", a)
		}
		if forms&vecLegalBytes != 0 && (b.mask[i*elasund.NumActions+a] == 1) != legal {
			return fmt.Errorf("legal_mask of action %d", a)
		}
	}
	return nil
}

// vecScenario is a VecEnv played by vecReplay's choice of actions.
type vecScenario struct {
	Name     string `json:"name"`
	N        int    `json:"n"`
	Players  int    `json:"players"`
	Seed     uint64 `json:"seed"`
	Rules    string `json:"rules"`
	MaxTurns int    `json:"max_turns"`
	Steps    int    `json:"steps"`
	Legal    string `json:"legal"` // the forms, as VecEnv's legal argument
}

// forms returns the scenario's legal forms as vecLegal bits.
func (s vecScenario) forms() int {
	f := 0
	for name := range strings.SplitSeq(s.Legal, "+") {
		f |= map[string]int{"indices": vecLegalIndices, "bits": vecLegalBits, "bytes": vecLegalBytes}[name]
	}
	return f
}

var vecScenarios = []vecScenario{
	{Name: "2 players, every form", N: 3, Players: 2, Seed: 1, Rules: "default", MaxTurns: 4, Steps: 120, Legal: "indices+bits+bytes"},
	{Name: "3 players, english, indices", N: 5, Players: 3, Seed: 99, Rules: "english", MaxTurns: 3, Steps: 90, Legal: "indices"},
	{Name: "4 players, no limit, bits", N: 2, Players: 4, Seed: 1 << 63, Rules: "default", Steps: 150, Legal: "bits"},
	{Name: "2 players, no limit, bytes", N: 4, Players: 2, Seed: 7, Rules: "default", Steps: 400, Legal: "bytes"},
}

func (s vecScenario) config(t testing.TB) elasund.Config {
	r, err := elasund.ParseRules(s.Rules)
	if err != nil {
		t.Fatal(err)
	}
	return elasund.Config{Players: s.Players, Rules: r, MaxTurns: s.MaxTurns}
}

// TestVecEnvMatchesLibrary: at every step of the scenarios, the buffers
// hold what the library says of games played as documented: the seat to
// play, its observation, the legal actions in each form, rewards and done
// flags.
func TestVecEnvMatchesLibrary(t *testing.T) {
	for _, s := range vecScenarios {
		t.Run(s.Name, func(t *testing.T) {
			cfg := s.config(t)
			e, err := newVecEnv(s.N, s.Players, s.Seed, cfg.Rules, s.MaxTurns, s.forms())
			if err != nil {
				t.Fatal(err)
			}
			b := vecTestBuffers(s.N, s.Players, s.forms())
			if err := e.reset(b, false, 0); err != nil {
				t.Fatal(err)
			}
			r := newVecReplay(t, s.N, cfg, s.Seed)
			if err := r.compare(b, make([][]float64, s.N), s.forms()); err != nil {
				t.Fatalf("after reset: %v", err)
			}
			ends := 0
			for step := range s.Steps {
				a := r.choose(step)
				if err := e.step(vecActions{a64: a}, b); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				ended := r.step(t, a)
				if err := r.compare(b, ended, s.forms()); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				for _, x := range ended {
					if x != nil {
						ends++
					}
				}
			}
			if s.MaxTurns > 0 && ends == 0 {
				t.Errorf("no game ended in %d steps", s.Steps)
			}
		})
	}
}

// vecHash returns the first 16 hex digits of the SHA-256 of the buffers of
// a step, as tests/test_vecenv_library.py computes it: observations,
// to_play, rewards, dones (little-endian), then each game's legal action
// indices (int32, without the padding; in Legal's order if the scenario
// has the index lists, by index if only masks).
func vecHash(obs []float32, toPlay []int32, rewards []float32, dones []uint8, legal [][]int) string {
	h := sha256.New()
	for _, x := range obs {
		_ = binary.Write(h, binary.LittleEndian, math.Float32bits(x))
	}
	_ = binary.Write(h, binary.LittleEndian, toPlay)
	_ = binary.Write(h, binary.LittleEndian, rewards)
	h.Write(dones)
	for _, l := range legal {
		for _, x := range l {
			_ = binary.Write(h, binary.LittleEndian, int32(x))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// replayHash is vecHash of the replay's games after a step (ended: the
// returns of the games that ended in it).
func (r *vecReplay) hash(ended [][]float64) string {
	var obs, rewards []float32
	var toPlay []int32
	var dones []uint8
	var legal [][]int
	for i, g := range r.games {
		seat := g.ToMove()
		obs = g.View(seat).AppendObservation(obs)
		toPlay = append(toPlay, int32(seat))
		done := uint8(0)
		if ended[i] != nil {
			done = 1
		}
		dones = append(dones, done)
		for p := range r.cfg.Players {
			x := float32(0)
			if ended[i] != nil {
				x = float32(ended[i][p])
			}
			rewards = append(rewards, x)
		}
		legal = append(legal, r.legal(i))
	}
	return vecHash(obs, toPlay, rewards, dones, legal)
}

// vecGolden is the file the Python tests compare VecEnv with: for each
// scenario, the hash of the buffers after reset and after each step, when
// the actions are chosen as vecReplay.choose does. The library alone
// computes it (vecReplay).
type vecGolden struct {
	Comment   string        `json:"comment"`
	Scenarios []goldenEntry `json:"scenarios"`
}

type goldenEntry struct {
	vecScenario
	Hashes []string `json:"hashes"`
}

const vecGoldenPath = "../tests/testdata/vecenv_golden.json"

// TestVecEnvGolden checks that the golden file of the Python tests holds
// the library's hashes (go test -run TestVecEnvGolden -update rewrites
// it).
func TestVecEnvGolden(t *testing.T) {
	var g vecGolden
	g.Comment = "written by go test -run TestVecEnvGolden -update in examples/python/libelasund (vecenv_test.go)"
	for _, s := range vecScenarios {
		r := newVecReplay(t, s.N, s.config(t), s.Seed)
		r.sorted = s.forms()&vecLegalIndices == 0
		e := goldenEntry{vecScenario: s}
		e.Hashes = append(e.Hashes, r.hash(make([][]float64, s.N)))
		for step := range s.Steps {
			e.Hashes = append(e.Hashes, r.hash(r.step(t, r.choose(step))))
		}
		g.Scenarios = append(g.Scenarios, e)
	}
	data, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.MkdirAll("../tests/testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(vecGoldenPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(vecGoldenPath)
	if err != nil || string(old) != string(data) {
		t.Errorf("%s is not the library's (err %v); run go test -run TestVecEnvGolden -update", vecGoldenPath, err)
	}
}

// TestVecEnvHashMatchesBuffers: vecHash of the core's buffers equals the
// replay's hash, so that the golden file says what the buffers hold.
func TestVecEnvHashMatchesBuffers(t *testing.T) {
	s := vecScenarios[0]
	cfg := s.config(t)
	e, err := newVecEnv(s.N, s.Players, s.Seed, cfg.Rules, s.MaxTurns, vecLegalIndices)
	if err != nil {
		t.Fatal(err)
	}
	b := vecTestBuffers(s.N, s.Players, vecLegalIndices)
	if err := e.reset(b, false, 0); err != nil {
		t.Fatal(err)
	}
	r := newVecReplay(t, s.N, cfg, s.Seed)
	for step := range 30 {
		a := r.choose(step)
		if err := e.step(vecActions{a64: a}, b); err != nil {
			t.Fatal(err)
		}
		want := r.hash(r.step(t, a))
		var legal [][]int
		for i := range s.N {
			var l []int
			for _, x := range b.indices[i*maxLegalActions : i*maxLegalActions+int(b.counts[i])] {
				l = append(l, int(x))
			}
			legal = append(legal, l)
		}
		if got := vecHash(b.obs, b.toPlay, b.rewards, b.dones, legal); got != want {
			t.Fatalf("step %d: hash %s, replay %s", step, got, want)
		}
	}
}
