package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elasund/elasund"
)

// vecTestBuffers returns buffers for an env of n games.
func vecTestBuffers(n, players, forms int) *vecBuffers {
	b := &vecBuffers{
		obs:     make([]float32, n*elasund.ObservationSize),
		toPlay:  make([]int32, n),
		rewards: make([]float32, n*players),
		dones:   make([]uint8, n),
	}
	if forms&vecLegalIndices != 0 {
		b.counts, b.indices = make([]int32, n), make([]int32, n*maxLegalActions)
	}
	if forms&vecLegalBits != 0 {
		b.bits = make([]uint8, n*vecBitsLen)
	}
	if forms&vecLegalBytes != 0 {
		b.mask = make([]uint8, n*elasund.NumActions)
	}
	return b
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
			if !slices.Contains(b.indices[i*maxLegalActions:i*maxLegalActions+int(b.counts[i])], int32(x)) {
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
// players has more legal moves than maxLegalActions.
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
	if most > maxLegalActions {
		t.Errorf("a position has %d legal moves, above the bound %d", most, maxLegalActions)
	}
	t.Logf("the most legal moves seen: %d (bound %d)", most, maxLegalActions)
}

// BenchmarkVecEnvStep is the work of VecEnv.step(VecEnv.sample_legal())
// with 256 games, without cgo or Python: draw the actions, apply them and
// the referee's rolls, write every observation and the legal actions in
// the form named. It reports env steps a second, and env steps per second
// of the process's CPU time (all cores), which a machine shared with other
// work changes less.
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
			cpu0 := vecCPUTime()
			b.ResetTimer()
			for range b.N {
				if err := e.sample(a); err != nil {
					b.Fatal(err)
				}
				if err := e.step(vecActions{a64: a}, buf); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)*n/b.Elapsed().Seconds(), "envsteps/s")
			if cpu := vecCPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(b.N)*n/cpu.Seconds(), "envsteps/cpu-s")
			}
		})
	}
}

// vecCPUTime returns the CPU time (user and system) the process has used.
func vecCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
