package bots_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

const obsSize = elasund.ObservationSize

// denseWin computes a value model's probability for obs in float64 from
// the model's binary form, dense, without the package's code: the
// independent path the package's evaluation is checked against.
func denseWin(t *testing.T, data []byte, obs []float32) float64 {
	t.Helper()
	f := func(i int) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(data[16+4*i:]))) }
	if string(data[:4]) != "ELVM" || binary.LittleEndian.Uint32(data[8:]) != obsSize {
		t.Fatalf("not a value model of %d inputs", obsSize)
	}
	h := int(binary.LittleEndian.Uint32(data[12:]))
	if h == 0 {
		z := f(obsSize)
		for i := range obsSize {
			z += float64(obs[i]) * f(i)
		}
		return 1 / (1 + math.Exp(-z))
	}
	z := f(obsSize*h + 2*h)
	for j := range h {
		a := f(obsSize*h + j)
		for i := range obsSize {
			a += float64(obs[i]) * f(i*h+j)
		}
		z += f(obsSize*h+h+j) * math.Tanh(a)
	}
	return 1 / (1 + math.Exp(-z))
}

// knownView is the view of seat 0 after the first moves of a seeded game
// between two greedy bots.
func knownView(t testing.TB, moves int) elasund.View {
	t.Helper()
	g, err := elasund.New(elasund.Config{Players: 2, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	seats := []bots.Bot{bots.NewGreedy(1), bots.NewGreedy(2)}
	for range moves {
		p := g.ToMove()
		m, err := seats[p].Choose(g.View(p))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.View(0)
}

// TestEmbeddedValueModels checks the embedded models against their files
// read by an independent dense float64 evaluation, and against the values
// they gave when they were made, on known positions; and that Win
// allocates nothing.
func TestEmbeddedValueModels(t *testing.T) {
	tests := []struct {
		file   string
		model  func() *bots.ValueModel
		hidden int
		want   [2]float64 // the values of knownView(0) and knownView(40) when the file was made
	}{
		{"value.bin", bots.DefaultValueModel, 64, [2]float64{0.4616999, 0.4295435}},
		{"value_linear.bin", bots.LinearValueModel, 0, [2]float64{0.4528834, 0.4366392}},
	}
	total := 0
	for _, tt := range tests {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
		m := tt.model()
		if m.Hidden() != tt.hidden {
			t.Errorf("%s: %d hidden units, want %d", tt.file, m.Hidden(), tt.hidden)
		}
		for i, moves := range []int{0, 40} {
			v := knownView(t, moves)
			obs := v.AppendObservation(nil)
			got := m.Win(v)
			if dense := denseWin(t, data, obs); math.Abs(got-dense) > 1e-5 {
				t.Errorf("%s, after %d moves: Win = %.7f, the dense float64 evaluation %.7f", tt.file, moves, got, dense)
			}
			if math.Abs(got-tt.want[i]) > 1e-4 {
				t.Errorf("%s, after %d moves: Win = %.7f, want %.7f", tt.file, moves, got, tt.want[i])
			}
		}
		v := knownView(t, 40)
		if a := testing.AllocsPerRun(20, func() { m.Win(v) }); a != 0 {
			t.Errorf("%s: Win allocates %v times a call", tt.file, a)
		}
	}
	if total > 1<<20 {
		t.Errorf("the embedded models are %d bytes, over 1 MB", total)
	}
}

// TestValueModelPredict checks Predict on small models worked by hand.
func TestValueModelPredict(t *testing.T) {
	w1 := make([]float32, obsSize)
	w1[5], w1[obsSize-1] = 2, -1
	logistic, err := bots.NewValueModel(0, w1, nil, nil, -1)
	if err != nil {
		t.Fatal(err)
	}
	// One hidden unit: input 5 weighs 1, bias 0.5; output 2·tanh − 0.25.
	h1 := make([]float32, obsSize)
	h1[5] = 1
	hidden, err := bots.NewValueModel(1, h1, []float32{0.5}, []float32{2}, -0.25)
	if err != nil {
		t.Fatal(err)
	}
	obs := func(x5, xl float32) []float32 {
		o := make([]float32, obsSize)
		o[5], o[obsSize-1] = x5, xl
		return o
	}
	sig := func(z float64) float64 { return 1 / (1 + math.Exp(-z)) }
	tests := []struct {
		name string
		m    *bots.ValueModel
		obs  []float32
		want float64
	}{
		{"logistic, zeros", logistic, obs(0, 0), sig(-1)},
		{"logistic, x5", logistic, obs(0.5, 0), 0.5},
		{"logistic, both", logistic, obs(1, 3), sig(2 - 3 - 1)},
		{"logistic, short", logistic, []float32{0, 0, 0, 0, 0, 1}, sig(1)},
		{"hidden, zeros", hidden, obs(0, 0), sig(2*math.Tanh(0.5) - 0.25)},
		{"hidden, x5", hidden, obs(-0.5, 7), sig(-0.25)},
		{"hidden, x5 = 2", hidden, obs(2, 0), sig(2*math.Tanh(2.5) - 0.25)},
	}
	for _, tt := range tests {
		if got := tt.m.Predict(tt.obs); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("%s: Predict = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestValueModelBinary checks that MarshalBinary and ParseValueModel
// round-trip, and that ParseValueModel and NewValueModel refuse what is
// not a model.
func TestValueModelBinary(t *testing.T) {
	w1 := make([]float32, 3*obsSize)
	for i := range w1 {
		w1[i] = float32(i%7) / 7
	}
	m, err := bots.NewValueModel(3, w1, []float32{1, 2, 3}, []float32{-1, 0.5, 0}, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := m.MarshalBinary()
	back, err := bots.ParseValueModel(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.MarshalBinary()
	if string(again) != string(data) || back.Hidden() != 3 {
		t.Errorf("MarshalBinary after ParseValueModel differs")
	}
	v := knownView(t, 10)
	if a, b := m.Win(v), back.Clone().Win(v); a != b {
		t.Errorf("the parsed model's Win %v, the original's %v", b, a)
	}
	bad := map[string][]byte{
		"empty":      nil,
		"magic":      append([]byte("ELVX"), data[4:]...),
		"version":    patch(data, 4, 2),
		"inputs":     patch(data, 8, obsSize-1),
		"hidden":     patch(data, 12, 4),
		"too hidden": patch(data, 12, bots.MaxHidden+1),
		"short":      data[:len(data)-4],
		"long":       append(append([]byte{}, data...), 0, 0, 0, 0),
	}
	for name, b := range bad {
		if _, err := bots.ParseValueModel(b); !errors.Is(err, bots.ErrValueModel) {
			t.Errorf("ParseValueModel(%s) = %v, want ErrValueModel", name, err)
		}
	}
	news := []struct {
		name       string
		hidden     int
		w1, b1, w2 []float32
	}{
		{"negative hidden", -1, w1, nil, nil},
		{"too many hidden", bots.MaxHidden + 1, w1, nil, nil},
		{"logistic, short w1", 0, w1[:obsSize-1], nil, nil},
		{"logistic with b1", 0, w1[:obsSize], []float32{1}, nil},
		{"hidden, short b1", 3, w1, []float32{1, 2}, []float32{1, 2, 3}},
		{"hidden, short w2", 3, w1, []float32{1, 2, 3}, []float32{1, 2}},
		{"hidden, long w1", 2, w1, []float32{1, 2}, []float32{1, 2}},
	}
	for _, tt := range news {
		if _, err := bots.NewValueModel(tt.hidden, tt.w1, tt.b1, tt.w2, 0); !errors.Is(err, bots.ErrValueModel) {
			t.Errorf("NewValueModel(%s) = %v, want ErrValueModel", tt.name, err)
		}
	}
}

// patch returns a copy of data with the uint32 at off set to x.
func patch(data []byte, off int, x uint32) []byte {
	out := append([]byte{}, data...)
	binary.LittleEndian.PutUint32(out[off:], x)
	return out
}

func BenchmarkValueWin(b *testing.B) {
	m := bots.DefaultValueModel()
	v := knownView(b, 40)
	b.ReportAllocs()
	for b.Loop() {
		m.Win(v)
	}
}

// TestISMCTSValue checks the search with a value model: the same seeds
// give the same game with several workers (each judging with its own
// clone of the model), and the name says the model is there.
func TestISMCTSValue(t *testing.T) {
	mk := func(seed uint64) bots.Bot {
		b, err := bots.NewISMCTS(seed, bots.ISMCTSOptions{Iterations: 40, Workers: 3, Value: bots.LinearValueModel()})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if name := mk(1).Name(); name != "ismcts-v:40" {
		t.Errorf("Name() = %q, want ismcts-v:40", name)
	}
	cfg := elasund.Config{Players: 3, Seed: 8, MaxTurns: 25}
	a := play(t, cfg, []bots.Bot{mk(1), mk(2), bots.NewGreedy(3)})
	b := play(t, cfg, []bots.Bot{mk(1), mk(2), bots.NewGreedy(3)})
	if !slices.Equal(a, b) {
		t.Errorf("the same seeds gave different games (%d and %d moves)", len(a), len(b))
	}
	// Without the model (the heuristic judges) the same seeds play
	// another game: the model is used.
	plain := func(seed uint64) bots.Bot {
		b, _ := bots.NewISMCTS(seed, bots.ISMCTSOptions{Iterations: 40, Workers: 3})
		return b
	}
	if c := play(t, cfg, []bots.Bot{plain(1), plain(2), bots.NewGreedy(3)}); slices.Equal(a, c) {
		t.Errorf("ismcts-v and ismcts played the same game of %d moves", len(a))
	}
}
