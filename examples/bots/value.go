package bots

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/elasund/elasund"
)

// ErrValueModel is wrapped by the errors of ParseValueModel and
// NewValueModel for data that is not a value model.
var ErrValueModel = errors.New("bots: not a value model")

// valueMagic starts a value model's binary form.
const valueMagic = "ELVM"

// valueVersion is the version of the binary form.
const valueVersion = 1

// MaxHidden bounds a value model's hidden units.
const MaxHidden = 4096

// ValueModel is a learned estimate of the probability that a view's player
// wins the game from the position it shows: logistic regression on the
// view's elasund.View.AppendObservation, or a network of one hidden layer of
// tanh units with a logistic output,
//
//	Win = σ(b + Σj W2[j]·tanh(B1[j] + Σi x[i]·W1[i][j]))
//
// (logistic regression is σ(b + Σi x[i]·W1[i])). The command
// examples/train fits it to positions of self-play games, each labelled
// with the player's return in the game's elasund.Outcome (1 for a win, 0
// for a loss, 1/k for a first place shared by k players at the turn
// limit); the shipped models were fitted to labels of the rule before,
// 1/n for every player of a game without a winner.
//
// A ValueModel holds buffers, so that Win allocates nothing: it is not safe
// for concurrent use. Clone gives another user its own buffers over the
// same weights.
type ValueModel struct {
	hidden int
	w1     []float32 // ObservationSize×hidden, input-major (ObservationSize when hidden is 0)
	b1     []float32 // hidden
	w2     []float32 // hidden
	b      float32
	obs    []float32
	act    []float32
}

//go:embed value.bin
var defaultValue []byte

//go:embed value_linear.bin
var linearValue []byte

// DefaultValueModel returns the model of the "greedy-v" bot, 64 tanh
// units embedded in the package (value.bin; the package doc of
// examples/train says how it was made and how it measures). Each call
// returns a model with its own buffers over the same weights.
func DefaultValueModel() *ValueModel { return embedded(parsedDefault) }

// LinearValueModel returns the model of the "ismcts-v" bot: logistic
// regression fitted to the same positions as DefaultValueModel
// (value_linear.bin). It judges positions a little worse but five times
// faster, which pays in a search: ismcts-v with it is as strong at equal
// iterations as with DefaultValueModel, and stronger at equal time. Each
// call returns a model with its own buffers over the same weights.
func LinearValueModel() *ValueModel { return embedded(parsedLinear) }

// The embedded models, parsed once; their weights are never written, and
// each user clones them for buffers of their own.
var (
	parsedDefault = sync.OnceValues(func() (*ValueModel, error) { return ParseValueModel(defaultValue) })
	parsedLinear  = sync.OnceValues(func() (*ValueModel, error) { return ParseValueModel(linearValue) })
)

// embedded returns a clone of an embedded model.
func embedded(parsed func() (*ValueModel, error)) *ValueModel {
	m, err := parsed()
	if err != nil {
		panic("bots: an embedded value model: " + err.Error()) // a broken build, caught by the tests
	}
	return m.Clone()
}

// NewValueModel returns the model of hidden tanh units (0 for logistic
// regression) with the weights w1 (ObservationSize×hidden values, input
// i's weights to the hidden units at i·hidden; ObservationSize values for
// logistic regression), b1 and w2 (hidden values each; empty for logistic
// regression) and the output bias b. It copies the weights. Lengths that
// do not fit, or a hidden count outside 0 to MaxHidden, give an error
// wrapping ErrValueModel.
func NewValueModel(hidden int, w1, b1, w2 []float32, b float32) (*ValueModel, error) {
	n := elasund.ObservationSize
	switch {
	case hidden < 0 || hidden > MaxHidden:
		return nil, fmt.Errorf("%w: %d hidden units (0 to %d)", ErrValueModel, hidden, MaxHidden)
	case hidden == 0 && (len(w1) != n || len(b1) != 0 || len(w2) != 0):
		return nil, fmt.Errorf("%w: logistic regression takes %d weights and a bias, not %d, %d, %d", ErrValueModel, n, len(w1), len(b1), len(w2))
	case hidden > 0 && (len(w1) != n*hidden || len(b1) != hidden || len(w2) != hidden):
		return nil, fmt.Errorf("%w: %d hidden units take %d, %d and %d weights, not %d, %d, %d", ErrValueModel, hidden, n*hidden, hidden, hidden, len(w1), len(b1), len(w2))
	}
	m := &ValueModel{hidden: hidden, w1: clone32(w1), b1: clone32(b1), w2: clone32(w2), b: b}
	m.buffers()
	return m, nil
}

func clone32(s []float32) []float32 { return append([]float32{}, s...) }

// buffers gives m its own buffers.
func (m *ValueModel) buffers() {
	m.obs = make([]float32, 0, elasund.ObservationSize)
	m.act = make([]float32, m.hidden)
}

// Clone returns a model with the same weights (shared: they are never
// written) and buffers of its own, for another goroutine.
func (m *ValueModel) Clone() *ValueModel {
	c := *m
	c.buffers()
	return &c
}

// Hidden returns the number of hidden units, 0 for logistic regression.
func (m *ValueModel) Hidden() int { return m.hidden }

// Win returns the model's probability, from 0 to 1, that v's player wins.
// It allocates nothing. A spectator's view is judged as seat 0's would be
// with its hand unknown: the model was not fitted to such views.
func (m *ValueModel) Win(v elasund.View) float64 {
	m.obs = v.AppendObservation(m.obs[:0])
	return m.Predict(m.obs)
}

// Predict returns the model's probability for an observation of
// ObservationSize values (View.AppendObservation's encoding); a shorter
// observation is read as padded with zeros, a longer one cut.
func (m *ValueModel) Predict(obs []float32) float64 {
	obs = obs[:min(len(obs), elasund.ObservationSize)]
	if m.hidden == 0 {
		return sigmoid(float64(m.b + dot(obs, m.w1[:len(obs)])))
	}
	h := m.hidden
	act := m.act[:h]
	copy(act, m.b1)
	for i, x := range obs {
		if x == 0 {
			continue // most of an observation is zeros
		}
		row := m.w1[i*h : i*h+h]
		row = row[:len(act)]
		if x == 1 { // most of the rest are ones
			for j := range act {
				act[j] += row[j]
			}
			continue
		}
		for j := range act {
			act[j] += x * row[j]
		}
	}
	z := float64(m.b)
	for j, a := range act {
		z += float64(m.w2[j]) * math.Tanh(float64(a))
	}
	return sigmoid(z)
}

// dot returns the dot product of x and w, of equal lengths, summed in four
// lanes: a loop without branches, which most observations' zeros would
// mispredict.
func dot(x, w []float32) float32 {
	w = w[:len(x)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 += x[i] * w[i]
		s1 += x[i+1] * w[i+1]
		s2 += x[i+2] * w[i+2]
		s3 += x[i+3] * w[i+3]
	}
	for ; i < len(x); i++ {
		s0 += x[i] * w[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// sigmoid is the logistic function.
func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// MarshalBinary implements encoding.BinaryMarshaler: "ELVM", then
// little-endian uint32 values version (1), inputs (ObservationSize) and
// hidden units, then the float32 weights W1 (input-major), B1, W2 and the
// bias b, little-endian.
func (m *ValueModel) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, 16+4*(len(m.w1)+len(m.b1)+len(m.w2)+1))
	out = append(out, valueMagic...)
	out = binary.LittleEndian.AppendUint32(out, valueVersion)
	out = binary.LittleEndian.AppendUint32(out, elasund.ObservationSize)
	out = binary.LittleEndian.AppendUint32(out, uint32(m.hidden))
	for _, s := range [][]float32{m.w1, m.b1, m.w2, {m.b}} {
		for _, x := range s {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
		}
	}
	return out, nil
}

// valueModelSize returns the length of the value model's binary form that
// data starts with, from its header, or -1 if data is too short for one.
func valueModelSize(data []byte) int {
	if len(data) < 16 {
		return -1
	}
	h := binary.LittleEndian.Uint32(data[12:])
	if h > MaxHidden {
		return -1
	}
	return 16 + 4*(elasund.ObservationSize*max(int(h), 1)+2*int(h)+1)
}

// ParseValueModel reads a model that MarshalBinary wrote. Data of another
// form, version or observation size, or whose length does not fit its
// hidden units, gives an error wrapping ErrValueModel.
func ParseValueModel(data []byte) (*ValueModel, error) {
	if len(data) < 16 || string(data[:4]) != valueMagic {
		return nil, fmt.Errorf("%w: no %q header", ErrValueModel, valueMagic)
	}
	version := binary.LittleEndian.Uint32(data[4:])
	inputs := binary.LittleEndian.Uint32(data[8:])
	hidden := binary.LittleEndian.Uint32(data[12:])
	switch {
	case version != valueVersion:
		return nil, fmt.Errorf("%w: version %d (this package reads %d)", ErrValueModel, version, valueVersion)
	case inputs != elasund.ObservationSize:
		return nil, fmt.Errorf("%w: %d inputs (an observation is %d values)", ErrValueModel, inputs, elasund.ObservationSize)
	case hidden > MaxHidden:
		return nil, fmt.Errorf("%w: %d hidden units (0 to %d)", ErrValueModel, hidden, MaxHidden)
	}
	h := int(hidden)
	n1 := elasund.ObservationSize * max(h, 1)
	if want := valueModelSize(data); len(data) != want {
		return nil, fmt.Errorf("%w: %d bytes for %d hidden units (want %d)", ErrValueModel, len(data), h, want)
	}
	f := make([]float32, (len(data)-16)/4)
	for i := range f {
		f[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[16+4*i:]))
	}
	return NewValueModel(h, f[:n1], f[n1:n1+h], f[n1+h:n1+2*h], f[n1+2*h])
}
