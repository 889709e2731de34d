package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

var update = flag.Bool("update", false, "rewrite ../tests/testdata/vecenv_golden.json")

// vecTestBuffers returns buffers for an env of n games.
func vecTestBuffers(n, players, forms int) *vecBuffers {
	b := &vecBuffers{
		obs:     make([]float32, n*elasund.ObservationSize),
		toPlay:  make([]int32, n),
		rewards: make([]float32, n*players),
		dones:   make([]uint8, n),
	}
	if forms&vecLegalIndices != 0 {
		b.counts, b.indices = make([]int32, n), make([]int32, n*vecMaxLegal)
	}
	if forms&vecLegalBits != 0 {
		b.bits = make([]uint8, n*vecBitsLen)
	}
	if forms&vecLegalBytes != 0 {
		b.mask = make([]uint8, n*elasund.NumActions)
	}
	return b
}

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
		row := b.indices[i*vecMaxLegal : (i+1)*vecMaxLegal]
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
			for _, x := range b.indices[i*vecMaxLegal : i*vecMaxLegal+int(b.counts[i])] {
				l = append(l, int(x))
			}
			legal = append(legal, l)
		}
		if got := vecHash(b.obs, b.toPlay, b.rewards, b.dones, legal); got != want {
			t.Fatalf("step %d: hash %s, replay %s", step, got, want)
		}
	}
}

// TestVecMix: vecMix(x) is SplitMix64's output for the state x, whose
// sequence from 0 is published (Vigna's splitmix64.c).
func TestVecMix(t *testing.T) {
	for _, c := range []struct{ x, want uint64 }{
		{0, 0xe220a8397b1dcdaf},
		{0x9e3779b97f4a7c15, 0x6e789e6aa1b965f4},
		{0x3c6ef372fe94f82a, 0x06c45d188009454f},
	} {
		if got := vecMix(c.x); got != c.want {
			t.Errorf("vecMix(%#x) = %#x; want %#x", c.x, got, c.want)
		}
	}
}

// vecRun plays steps steps of sample_legal's actions in an env and returns
// the hash of all the buffers after each.
func vecRun(t testing.TB, n, players int, seed uint64, forms, steps int) []string {
	e, err := newVecEnv(n, players, seed, elasund.DefaultRules, 0, forms)
	if err != nil {
		t.Fatal(err)
	}
	b := vecTestBuffers(n, players, forms)
	if err := e.reset(b, false, 0); err != nil {
		t.Fatal(err)
	}
	a := make([]int64, n)
	var hashes []string
	for range steps {
		if err := e.sample(a); err != nil {
			t.Fatal(err)
		}
		if err := e.step(vecActions{a64: a}, b); err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for _, part := range [][]byte{f32Bytes(b.obs), i32Bytes(b.toPlay), f32Bytes(b.rewards), b.dones,
			i32Bytes(b.counts), i32Bytes(b.indices), b.bits, b.mask} {
			h.Write(part)
		}
		hashes = append(hashes, hex.EncodeToString(h.Sum(nil)))
	}
	return hashes
}

func f32Bytes(x []float32) []byte {
	var out []byte
	for _, v := range x {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
	}
	return out
}

func i32Bytes(x []int32) []byte {
	var out []byte
	for _, v := range x {
		out = binary.LittleEndian.AppendUint32(out, uint32(v))
	}
	return out
}

// TestVecEnvCoresChangeNothing: the same seed gives the same buffers,
// step after step, whatever GOMAXPROCS (1, 2 and 5 goroutines split the
// games differently).
func TestVecEnvCoresChangeNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first []string
	for _, procs := range []int{1, 2, 5} {
		runtime.GOMAXPROCS(procs)
		got := vecRun(t, 37, 3, 11, vecLegalAll, 40)
		if first == nil {
			first = got
		} else if !slices.Equal(got, first) {
			t.Errorf("GOMAXPROCS %d gives other buffers than GOMAXPROCS 1", procs)
		}
	}
}

// TestVecEnvSample: sample_legal draws legal actions, the same for the
// same seed, others for another seed, and about uniformly.
func TestVecEnvSample(t *testing.T) {
	e, err := newVecEnv(4, 2, 5, elasund.DefaultRules, 0, vecLegalIndices)
	if err != nil {
		t.Fatal(err)
	}
	b := vecTestBuffers(4, 2, vecLegalIndices)
	if err := e.reset(b, false, 0); err != nil {
		t.Fatal(err)
	}
	count := map[int64]int{}
	a := make([]int64, 4)
	const draws = 20000
	for range draws {
		if err := e.sample(a); err != nil {
			t.Fatal(err)
		}
		for i, x := range a {
			if !slices.Contains(b.indices[i*vecMaxLegal:i*vecMaxLegal+int(b.counts[i])], int32(x)) {
				t.Fatalf("game %d: sampled %d, not legal", i, x)
			}
		}
		count[a[0]]++
	}
	k := int(b.counts[0])
	if len(count) != k {
		t.Fatalf("game 0: %d of its %d legal actions drawn", len(count), k)
	}
	for x, c := range count {
		if want := float64(draws) / float64(k); math.Abs(float64(c)-want) > 5*math.Sqrt(want) {
			t.Errorf("action %d drawn %d times of %d; want about %.0f", x, c, draws, want)
		}
	}
	if a, b := vecRun(t, 6, 2, 1, vecLegalIndices, 20), vecRun(t, 6, 2, 1, vecLegalIndices, 20); !slices.Equal(a, b) {
		t.Error("the same seed gives other games")
	}
	if a, b := vecRun(t, 6, 2, 1, vecLegalIndices, 20), vecRun(t, 6, 2, 2, vecLegalIndices, 20); a[19] == b[19] {
		t.Error("seeds 1 and 2 give the same games")
	}
}

// vecState returns the keys of an env's games and a copy of its buffers,
// to show that a call changed nothing.
func vecState(e *vecEnv, b *vecBuffers) string {
	var s strings.Builder
	for i := range e.games {
		k := e.games[i].g.Key()
		s.WriteString(hex.EncodeToString(k[:]))
	}
	for _, part := range [][]byte{f32Bytes(b.obs), i32Bytes(b.toPlay), f32Bytes(b.rewards), b.dones,
		i32Bytes(b.counts), i32Bytes(b.indices), b.bits, b.mask} {
		s.Write(part)
	}
	return s.String()
}

// TestVecEnvIllegalChangesNothing: an action that is out of range or not
// legal, in any game, fails naming the lowest such game and the engine's
// reason, and changes no game and no buffer.
func TestVecEnvIllegalChangesNothing(t *testing.T) {
	const n = 5
	for _, c := range []struct {
		name string
		bad  map[int]int64 // game: action
		want string
	}{
		{"negative", map[int]int64{2: -1}, "game 2: elasund: action index out of range: -1"},
		{"too large", map[int]int64{4: elasund.NumActions}, "game 4: elasund: action index out of range: 31838"},
		{"huge", map[int]int64{0: math.MaxInt64}, "game 0: elasund: action index out of range"},
		{"not legal", map[int]int64{3: 0}, "game 3: elasund: "},
		{"two games", map[int]int64{3: 0, 1: -5}, "game 1: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := newVecEnv(n, 2, 3, elasund.DefaultRules, 0, vecLegalAll)
			if err != nil {
				t.Fatal(err)
			}
			b := vecTestBuffers(n, 2, vecLegalAll)
			if err := e.reset(b, false, 0); err != nil {
				t.Fatal(err)
			}
			a := make([]int64, n)
			if err := e.sample(a); err != nil {
				t.Fatal(err)
			}
			for i, x := range c.bad {
				a[i] = x
			}
			before := vecState(e, b)
			err = e.step(vecActions{a64: a}, b)
			if !errors.Is(err, errVecAction) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want one with %q", err, c.want)
			}
			if vecState(e, b) != before {
				t.Error("the failed step changed the env")
			}
		})
	}
}

// TestVecEnvRefuses: calls that cannot be served fail with the error that
// says why, and change nothing.
func TestVecEnvRefuses(t *testing.T) {
	newEnv := func() (*vecEnv, *vecBuffers) {
		e, err := newVecEnv(3, 2, 1, elasund.DefaultRules, 0, vecLegalIndices)
		if err != nil {
			t.Fatal(err)
		}
		return e, vecTestBuffers(3, 2, vecLegalIndices)
	}
	for _, c := range []struct {
		name string
		call func() error
		want error
	}{
		{"step before reset", func() error { e, b := newEnv(); return e.step(vecActions{a64: make([]int64, 3)}, b) }, errVecNoReset},
		{"sample before reset", func() error { e, _ := newEnv(); return e.sample(make([]int64, 3)) }, errVecNoReset},
		{"short observations", func() error {
			e, b := newEnv()
			b.obs = b.obs[1:]
			return e.reset(b, false, 0)
		}, errVecArg},
		{"a form not chosen", func() error {
			e, b := newEnv()
			b.bits = make([]uint8, 3*vecBitsLen)
			return e.reset(b, false, 0)
		}, errVecArg},
		{"a form missing", func() error {
			e, b := newEnv()
			b.counts = nil
			return e.reset(b, false, 0)
		}, errVecArg},
		{"wrong action count", func() error {
			e, b := newEnv()
			_ = e.reset(b, false, 0)
			return e.step(vecActions{a64: make([]int64, 2)}, b)
		}, errVecArg},
		{"in use", func() error {
			e, b := newEnv()
			e.mu.Lock()
			return e.reset(b, false, 0)
		}, errVecInUse},
		{"closed", func() error {
			e, b := newEnv()
			_ = e.close()
			return e.reset(b, false, 0)
		}, errVecClosed},
		{"closed twice", func() error { e, _ := newEnv(); _ = e.close(); return e.close() }, errVecClosed},
		{"no games", func() error { _, err := newVecEnv(0, 2, 1, 0, 0, 1); return err }, errVecArg},
		{"too many games", func() error { _, err := newVecEnv(vecMaxGames+1, 2, 1, 0, 0, 1); return err }, errVecArg},
		{"unknown form", func() error { _, err := newVecEnv(1, 2, 1, 0, 0, 8); return err }, errVecArg},
		{"five players", func() error { _, err := newVecEnv(1, 5, 1, 0, 0, 1); return err }, elasund.ErrInvalidConfig},
		{"negative turn limit", func() error { _, err := newVecEnv(1, 2, 1, 0, -1, 1); return err }, elasund.ErrInvalidConfig},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.call(); !errors.Is(err, c.want) {
				t.Errorf("error %v; want %v", err, c.want)
			}
		})
	}
}

// TestVecEnvReset: reset starts each game's next episode; a reset with a
// seed starts over from episode 0, as a new env of that seed does.
func TestVecEnvReset(t *testing.T) {
	e, err := newVecEnv(3, 2, 4, elasund.DefaultRules, 0, vecLegalIndices)
	if err != nil {
		t.Fatal(err)
	}
	b := vecTestBuffers(3, 2, vecLegalIndices)
	keys := func() (k [][16]byte) {
		for i := range e.games {
			k = append(k, e.games[i].g.Key())
		}
		return k
	}
	seedKeys := func(seed uint64, episode uint64) (k [][16]byte) {
		r := newVecReplay(t, 3, elasund.Config{Players: 2}, seed)
		for i := range r.games {
			r.episodes[i] = episode
			r.start(t, i)
			k = append(k, r.games[i].Key())
		}
		return k
	}
	for _, c := range []struct {
		name     string
		reseed   bool
		seed     uint64
		episode  uint64
		wantSeed uint64
	}{
		{"first reset", false, 0, 0, 4},
		{"second reset", false, 0, 1, 4},
		{"third reset", false, 0, 2, 4},
		{"reset with seed 9", true, 9, 0, 9},
		{"then without", false, 0, 1, 9},
	} {
		if err := e.reset(b, c.reseed, c.seed); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(keys(), seedKeys(c.wantSeed, c.episode)) {
			t.Errorf("%s: the games are not episode %d of seed %d", c.name, c.episode, c.wantSeed)
		}
	}
}

// TestVecMaxLegalBound: no position of seeded random games of 2, 3 and 4
// players has more legal moves than vecMaxLegal.
func TestVecMaxLegalBound(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	most := 0
	var buf []elasund.Move
	for players := elasund.MinPlayers; players <= elasund.MaxPlayers; players++ {
		for seed := range uint64(games) {
			g, err := elasund.New(elasund.Config{Players: players, Seed: seed, MaxTurns: 300})
			if err != nil {
				t.Fatal(err)
			}
			for k := uint64(0); !g.Over(); k++ {
				buf = g.AppendLegal(buf[:0])
				most = max(most, len(buf))
				if err := g.Apply(buf[vecMix(seed^k)%uint64(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if most > vecMaxLegal {
		t.Errorf("a position has %d legal moves, above the bound %d", most, vecMaxLegal)
	}
	t.Logf("the most legal moves seen: %d (bound %d)", most, vecMaxLegal)
}

// BenchmarkVecEnvStep is the work of VecEnv.step(VecEnv.sample_legal())
// with 256 games, without cgo or Python: draw the actions, apply them and
// the referee's rolls, write every observation and the legal actions in
// the form named. It reports env steps a second.
func BenchmarkVecEnvStep(b *testing.B) {
	for _, f := range []struct {
		name  string
		forms int
	}{{"indices", vecLegalIndices}, {"bits", vecLegalBits}, {"bytes", vecLegalBytes}} {
		b.Run(f.name, func(b *testing.B) {
			const n = 256
			e, err := newVecEnv(n, 2, 0, elasund.DefaultRules, 0, f.forms)
			if err != nil {
				b.Fatal(err)
			}
			buf := vecTestBuffers(n, 2, f.forms)
			if err := e.reset(buf, false, 0); err != nil {
				b.Fatal(err)
			}
			a := make([]int64, n)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if err := e.sample(a); err != nil {
					b.Fatal(err)
				}
				if err := e.step(vecActions{a64: a}, buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*n/b.Elapsed().Seconds(), "envsteps/s")
		})
	}
}
