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

// The policy's move encoder: a move of a position is described by
// PolicySlots features out of PolicyFeatures, and its logit is the sum of
// their values times their weights. The features, each a block of one
// weight per move kind (elasund.MoveKind, 20 of them) unless said:
//
//	  0  kind          1: the move's kind
//	 20  heuristic     (score − best score)/6, ≤ 0, at least −20: the
//	                   one-move heuristic of greedy (Weights) against the
//	                   best legal move's, in sixths of a cube
//	 40  pay           1 if the move pays influence (Pay is set)
//	 60  building      1: Build 60 + building, Rebuild 70 + building
//	 80  permit value  1: PlacePermit 80 + value, BonusPermit 86 +
//	                   value, UpgradePermit 92 + new value
//	100  ship row      1: the distance in rows of the move's square from
//	                   the ship, 0–9; Build 100, PlacePermit 110,
//	                   MovePermit 120, UpgradePermit and BonusPermit 130
//	140  cost          the cards the move costs, /4
//	160  turn          the game's turn, /40
const (
	// PolicyFeatures is the number of features of the policy's move
	// encoder, and of an AZModel's policy weights.
	PolicyFeatures = 180
	// PolicySlots is the number of features that describe one move.
	PolicySlots = 8
)

// The offsets of the feature blocks (see PolicyFeatures).
const (
	featKind      = 0
	featHeuristic = 20
	featPay       = 40
	featBuilding  = 60
	featValue     = 80
	featRow       = 100
	featCost      = 140
	featTurn      = 160
	// heuristicScale is the heuristic score (in Weights units, a cube
	// 12) of one unit of the heuristic feature.
	heuristicScale = 6.0
)

// MoveFeatures describes a legal move of a position to the policy: up to
// PolicySlots features, each an index below PolicyFeatures and a value;
// an unused slot has index 0 and value 0.
type MoveFeatures struct {
	Index [PolicySlots]uint16
	Value [PolicySlots]float32
}

// set sets slot s to feature i with value x.
func (f *MoveFeatures) set(s, i int, x float32) { f.Index[s], f.Value[s] = uint16(i), x }

// AppendMoveFeatures appends to dst the features of each of legal, moves
// legal in g (a game not over), for the player to move: what an AZModel's
// policy scores them from (a move g refuses scores as the worst). It
// allocates nothing when dst has room; a nil g appends nothing.
func AppendMoveFeatures(dst []MoveFeatures, g *elasund.Game, legal []elasund.Move) []MoveFeatures {
	if g == nil {
		return dst
	}
	w := &defaultWeights
	p := g.ToMove()
	start := len(dst)
	best := math.Inf(-1)
	ship := rowIndex(g.Ship())
	turn := float32(g.Turn()) / 40
	// The neutral buildings that produce, found once for the moves that
	// keep them (most of a permit decision's hundreds): the scores are
	// the same, bit for bit (TestNeutralWests).
	var nw neutralWests
	found := false
	for _, m := range legal {
		cost := g.Cost(m)
		c := *g
		s := -2 * w.Win
		if c.Apply(m) == nil {
			var keep *neutralWests
			if keepsNeutral(m.Kind) {
				if !found {
					nw.find(g)
					found = true
				}
				keep = &nw
			}
			var v [elasund.MaxPlayers]float64
			playerValuesWith(w, &c, &v, keep)
			s = scoreAgainst(w, &v, c.Players(), p) - w.Cost*float64(cost.Total())
		}
		best = max(best, s)
		k := int(m.Kind)
		var f MoveFeatures
		f.set(0, featKind+k, 1)
		f.Value[1] = float32(s) // the score, made relative below
		if m.Pay != elasund.NoInfluence {
			f.set(2, featPay+k, 1)
		}
		switch m.Kind {
		case elasund.Build:
			f.set(3, featBuilding+int(m.Building), 1)
		case elasund.Rebuild:
			f.set(3, featBuilding+10+int(m.Building), 1)
		}
		switch m.Kind {
		case elasund.PlacePermit:
			f.set(4, featValue+int(min(m.Permit, 5)), 1)
		case elasund.BonusPermit:
			f.set(4, featValue+6+int(min(m.Permit, 5)), 1)
		case elasund.UpgradePermit:
			f.set(4, featValue+12+int(min(m.Permit, 5)), 1)
		}
		if grp := rowGroup(m.Kind); grp >= 0 && ship >= 0 && int(m.Square) < elasund.NumSquares {
			d := int(m.Square)/elasund.NumColumns - ship
			f.set(5, featRow+10*grp+max(d, -d), 1)
		}
		if t := cost.Total(); t > 0 {
			f.set(6, featCost+k, float32(t)/4)
		}
		f.set(7, featTurn+k, turn)
		dst = append(dst, f)
	}
	for i := start; i < len(dst); i++ {
		f := &dst[i]
		h := max((float64(f.Value[1])-float64(float32(best)))/heuristicScale, -20)
		f.set(1, featHeuristic+int(f.Index[0]), float32(h))
	}
	return dst
}

// rowGroup returns the block of the ship-row feature of a kind, or -1.
func rowGroup(k elasund.MoveKind) int {
	switch k {
	case elasund.Build:
		return 0
	case elasund.PlacePermit:
		return 1
	case elasund.MovePermit:
		return 2
	case elasund.UpgradePermit, elasund.BonusPermit:
		return 3
	}
	return -1
}

// rowIndex returns the index of a row north to south (0–9), or -1.
func rowIndex(r elasund.Row) int {
	for i, x := range elasund.Rows() {
		if x == r {
			return i
		}
	}
	return -1
}

// InitialPolicy returns the policy weights training starts from: a weight
// of 1 on the heuristic feature of every kind and 0 elsewhere, so that
// the priors are a softmax of the one-move heuristic in sixths of a cube.
func InitialPolicy() []float32 {
	p := make([]float32, PolicyFeatures)
	for k := range 20 {
		p[featHeuristic+k] = 1
	}
	return p
}

// ErrAZModel is wrapped by the errors of ParseAZModel and NewAZModel for
// data that is not an AZModel.
var ErrAZModel = errors.New("bots: not an az model")

// azMagic starts an AZModel's binary form; azVersion is the latest
// version of it.
const (
	azMagic   = "ELAZ"
	azVersion = 2
)

// AZModel is the Evaluator of the bot "az": a policy that scores each
// legal move from its features (AppendMoveFeatures), its priors the
// softmax of the scores, and a ValueModel that judges the positions where
// the playouts stop, as ismcts-v's does (NewValueEvaluator). examples/train
// fits both to the search's own self-play (docs/learning.md).
//
// An AZModel holds buffers, so that Evaluate allocates nothing once they
// have grown: it is not safe for concurrent use; Clone gives another user
// its own buffers over the same weights.
type AZModel struct {
	policy []float32
	value  *ValueModel
	// more judges games of three and four players; nil: value does.
	more  *ValueModel
	feats []MoveFeatures
}

//go:embed az.bin
var azData []byte

// parsedAZ is the embedded model, parsed once.
var parsedAZ = sync.OnceValues(func() (*AZModel, error) { return ParseAZModel(azData) })

// DefaultAZModel returns the model of the bot "az", embedded in the
// package (az.bin). Each call returns a model with its own buffers over
// the same weights.
func DefaultAZModel() *AZModel {
	m, err := parsedAZ()
	if err != nil {
		panic("bots: the embedded az model: " + err.Error()) // a broken build, caught by the tests
	}
	return m.clone()
}

// NewAZModel returns the model of the policy weights policy
// (PolicyFeatures values) and the value model value (which it clones),
// which judges games of any number of players. Other lengths or a nil
// value model give an error wrapping ErrAZModel.
func NewAZModel(policy []float32, value *ValueModel) (*AZModel, error) {
	return NewAZModelByPlayers(policy, value, nil)
}

// NewAZModelByPlayers is NewAZModel with two value models: two judges
// games of two players and more those of three and four (nil: two judges
// them too). The shipped model judges two players by a value fitted to
// az's own 2-player games and more by LinearValueModel, ismcts-v's
// (docs/learning.md says why).
func NewAZModelByPlayers(policy []float32, two, more *ValueModel) (*AZModel, error) {
	switch {
	case len(policy) != PolicyFeatures:
		return nil, fmt.Errorf("%w: %d policy weights (want %d)", ErrAZModel, len(policy), PolicyFeatures)
	case two == nil:
		return nil, fmt.Errorf("%w: no value model", ErrAZModel)
	}
	m := &AZModel{policy: clone32(policy), value: two.Clone()}
	if more != nil {
		m.more = more.Clone()
	}
	return m, nil
}

// Policy returns a copy of the policy weights.
func (m *AZModel) Policy() []float32 { return clone32(m.policy) }

// Value returns the value model of games of two players (a clone, with
// its own buffers).
func (m *AZModel) Value() *ValueModel { return m.value.Clone() }

// ValueFor returns the value model of games of the given number of
// players (a clone, with its own buffers).
func (m *AZModel) ValueFor(players int) *ValueModel { return m.valueFor(players).Clone() }

// valueFor returns the value model that judges games of n players.
func (m *AZModel) valueFor(n int) *ValueModel {
	if n > 2 && m.more != nil {
		return m.more
	}
	return m.value
}

// clone returns a model over the same weights with buffers of its own.
func (m *AZModel) clone() *AZModel {
	c := &AZModel{policy: m.policy, value: m.value.Clone()}
	if m.more != nil {
		c.more = m.more.Clone()
	}
	return c
}

// Clone implements Evaluator.
func (m *AZModel) Clone() Evaluator { return m.clone() }

// Evaluate implements Evaluator: the values as NewValueEvaluator's of the
// value model, and priors the softmax of the policy's scores. A nil g, or
// priors shorter than legal, is judged not at all (it returns false).
func (m *AZModel) Evaluate(g *elasund.Game, legal []elasund.Move, value *[elasund.MaxPlayers]float64, priors []float64) bool {
	if g == nil || priors != nil && len(priors) < len(legal) {
		return false
	}
	if value != nil {
		judge(m.valueFor(g.Players()), g, value)
	}
	if priors == nil || len(legal) == 0 {
		return false
	}
	m.feats = AppendMoveFeatures(m.feats[:0], g, legal)
	policyPriors(m.policy, m.feats, priors)
	return true
}

// policyPriors writes to priors (as long as feats) the softmax of the
// scores of moves with the features feats by the policy weights policy
// (PolicyFeatures values).
func policyPriors(policy []float32, feats []MoveFeatures, priors []float64) {
	priors = priors[:len(feats)]
	top := math.Inf(-1)
	for i := range feats {
		f := &feats[i]
		z := float32(0)
		for s, j := range f.Index {
			z += policy[j] * f.Value[s]
		}
		priors[i] = float64(z)
		top = max(top, priors[i])
	}
	sum := 0.0
	for i, z := range priors {
		priors[i] = math.Exp(z - top)
		sum += priors[i]
	}
	for i := range priors {
		priors[i] /= sum
	}
}

// MarshalBinary implements encoding.BinaryMarshaler: "ELAZ", then
// little-endian uint32 values version and PolicyFeatures, the float32
// policy weights, little-endian, and the binary form of the value model
// (ValueModel.MarshalBinary). Version 1 has one value model, for every
// number of players; version 2, written for a model with a value model
// of three and four players, has that one after the 2-player one.
func (m *AZModel) MarshalBinary() ([]byte, error) {
	version := uint32(1)
	v, err := m.value.MarshalBinary()
	if err != nil {
		return nil, err
	}
	if m.more != nil {
		more, err := m.more.MarshalBinary()
		if err != nil {
			return nil, err
		}
		version, v = 2, append(v, more...)
	}
	out := make([]byte, 0, 12+4*len(m.policy)+len(v))
	out = append(out, azMagic...)
	out = binary.LittleEndian.AppendUint32(out, version)
	out = binary.LittleEndian.AppendUint32(out, PolicyFeatures)
	for _, x := range m.policy {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	return append(out, v...), nil
}

// ParseAZModel reads a model that MarshalBinary wrote, of version 1 or
// 2. Data of another form, version or feature count gives an error
// wrapping ErrAZModel (or ErrValueModel, for a value model).
func ParseAZModel(data []byte) (*AZModel, error) {
	if len(data) < 12 || string(data[:4]) != azMagic {
		return nil, fmt.Errorf("%w: no %q header", ErrAZModel, azMagic)
	}
	version := binary.LittleEndian.Uint32(data[4:])
	n := binary.LittleEndian.Uint32(data[8:])
	switch {
	case version < 1 || version > azVersion:
		return nil, fmt.Errorf("%w: version %d (this package reads 1 to %d)", ErrAZModel, version, azVersion)
	case n != PolicyFeatures:
		return nil, fmt.Errorf("%w: %d policy features (want %d)", ErrAZModel, n, PolicyFeatures)
	case len(data) < 12+4*PolicyFeatures:
		return nil, fmt.Errorf("%w: %d bytes, too short for the policy", ErrAZModel, len(data))
	}
	p := make([]float32, PolicyFeatures)
	for i := range p {
		p[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[12+4*i:]))
	}
	rest := data[12+4*PolicyFeatures:]
	if version == 1 {
		v, err := ParseValueModel(rest)
		if err != nil {
			return nil, err
		}
		return NewAZModel(p, v)
	}
	k := valueModelSize(rest)
	if k < 0 || k >= len(rest) {
		return nil, fmt.Errorf("%w: %d bytes, too short for two value models", ErrAZModel, len(data))
	}
	two, err := ParseValueModel(rest[:k])
	if err != nil {
		return nil, err
	}
	more, err := ParseValueModel(rest[k:])
	if err != nil {
		return nil, err
	}
	return NewAZModelByPlayers(p, two, more)
}
