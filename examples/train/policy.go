package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// The files of a data set's policy targets (gen -policy), one row a
// sampled decision or, for the moves' files, one row a legal move of a
// sampled decision, in the order of the decisions and of their
// View.AppendLegal:
//
//	policy_obs.npy            float32 (D, 2659)  the decider's View.AppendObservation
//	policy_meta.npy           int32   (D, 6)     deal, turn, seat, players, moves played, legal moves
//	policy_returns.npy        float32 (D, 4)     the seats' returns, the decider's first, then clockwise (0 past the players)
//	policy_legal.npy          int32   (M,)       each legal move's elasund.Move.Index
//	policy_visits.npy         float32 (M,)       its share of the root's visits (ISMCTS.ChooseWithPolicy)
//	policy_feat_index.npy     int32   (M, 8)     its bots.AppendMoveFeatures indices
//	policy_feat_value.npy     float32 (M, 8)     and values
const (
	polObsFile     = "policy_obs.npy"
	polMetaFile    = "policy_meta.npy"
	polReturnsFile = "policy_returns.npy"
	polLegalFile   = "policy_legal.npy"
	polVisitsFile  = "policy_visits.npy"
	polIndexFile   = "policy_feat_index.npy"
	polValueFile   = "policy_feat_value.npy"
)

// The columns of policy_meta.npy.
const (
	pmDeal = iota
	pmTurn
	pmSeat
	pmPlayers
	pmMove
	pmLegal
	pmWidth
)

// polRows are the policy targets of one deal.
type polRows struct {
	obs     []float32
	meta    []int32 // pmWidth a decision
	returns []float32
	legal   []int32
	visits  []float32
	index   []int32 // PolicySlots a move
	value   []float32
	g       elasund.Game // a game drawn from the decider's view, for the features
	feats   []bots.MoveFeatures
	moves   []elasund.Move
}

// add appends a decision of the view v (deal d, moves played before it)
// with the root visits visits; r draws the game whose features describe
// the moves.
func (pr *polRows) add(v elasund.View, visits []bots.MoveVisits, d, moves int, r *rand.Rand) error {
	if err := v.RedealInto(&pr.g, r); err != nil {
		return err
	}
	pr.moves = pr.moves[:0]
	sum := 0
	for _, x := range visits {
		pr.moves = append(pr.moves, x.Move)
		sum += x.Visits
	}
	pr.feats = bots.AppendMoveFeatures(pr.feats[:0], &pr.g, pr.moves)
	pr.obs = v.AppendObservation(pr.obs)
	pr.meta = append(pr.meta, int32(d), int32(v.Turn()), int32(v.Viewer()), int32(v.Players()), int32(moves), int32(len(visits)))
	for i, x := range visits {
		pr.legal = append(pr.legal, int32(x.Move.Index()))
		pr.visits = append(pr.visits, float32(x.Visits)/float32(max(sum, 1)))
		f := &pr.feats[i]
		for s := range f.Index {
			pr.index = append(pr.index, int32(f.Index[s]))
			pr.value = append(pr.value, f.Value[s])
		}
	}
	return nil
}

// label appends each decision's returns, the decider's first.
func (pr *polRows) label(o elasund.Outcome) {
	var buf [elasund.MaxPlayers]float64
	ret := o.Returns(buf[:0])
	for i := 0; i < len(pr.meta); i += pmWidth {
		seat, n := int(pr.meta[i+pmSeat]), int(pr.meta[i+pmPlayers])
		for k := range elasund.MaxPlayers {
			x := float32(0)
			if k < n {
				x = float32(ret[(seat+k)%n])
			}
			pr.returns = append(pr.returns, x)
		}
	}
}

// choosePolicy has the searching bot b choose in v with its root visits,
// if it is one (an *bots.ISMCTS) and the decision has more than one
// move, and records the decision; otherwise it returns ok false.
func (pr *polRows) choosePolicy(b bots.Bot, v elasund.View, d, moves int, r *rand.Rand, buf *[]bots.MoveVisits) (elasund.Move, bool, error) {
	s, ok := b.(*bots.ISMCTS)
	if !ok {
		return elasund.Move{}, false, nil
	}
	m, visits, err := s.ChooseWithPolicy(context.Background(), v, (*buf)[:0])
	*buf = visits
	if err != nil || len(visits) < 2 {
		return m, true, err
	}
	return m, true, pr.add(v, visits, d, moves, r)
}

// polSet writes the policy files of a data set.
type polSet struct{ w []*npyWriter }

// createPolSet creates the policy files in dir.
func createPolSet(dir string) (*polSet, error) {
	specs := []struct {
		name, descr string
		width       int
	}{
		{polObsFile, "<f4", elasund.ObservationSize}, {polMetaFile, "<i4", pmWidth},
		{polReturnsFile, "<f4", elasund.MaxPlayers}, {polLegalFile, "<i4", 1},
		{polVisitsFile, "<f4", 1}, {polIndexFile, "<i4", bots.PolicySlots},
		{polValueFile, "<f4", bots.PolicySlots},
	}
	s := &polSet{}
	for _, sp := range specs {
		w, err := createNpy(filepath.Join(dir, sp.name), sp.descr, sp.width)
		if err != nil {
			return nil, errors.Join(err, s.close())
		}
		s.w = append(s.w, w)
	}
	return s, nil
}

// write appends a deal's decisions.
func (s *polSet) write(pr *polRows) error {
	var err error
	const k = bots.PolicySlots
	for i := 0; i < len(pr.meta)/pmWidth; i++ {
		err = errors.Join(err,
			s.w[0].writeF32(pr.obs[i*elasund.ObservationSize:(i+1)*elasund.ObservationSize]),
			s.w[1].writeI32(pr.meta[i*pmWidth:(i+1)*pmWidth]),
			s.w[2].writeF32(pr.returns[i*elasund.MaxPlayers:(i+1)*elasund.MaxPlayers]))
	}
	for i := range pr.legal {
		err = errors.Join(err, s.w[3].writeI32(pr.legal[i:i+1]), s.w[4].writeF32(pr.visits[i:i+1]),
			s.w[5].writeI32(pr.index[i*k:(i+1)*k]), s.w[6].writeF32(pr.value[i*k:(i+1)*k]))
	}
	return err
}

// close writes the headers and closes the files.
func (s *polSet) close() error {
	var err error
	for _, w := range s.w {
		err = errors.Join(err, w.close())
	}
	return err
}

// featureSource returns the source of the games drawn for deal d's
// features: from the run's seed and d alone.
func featureSource(seed uint64, d int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x706f6c696379, uint64(d)))
}

// decisions are the policy targets of data sets, read for fitpolicy.
type decisions struct {
	from  []int // the first move of each decision; from[len] = moves
	deal  []int
	index []int32
	value []float32
	visit []float32
}

// loadDecisions reads the policy files of the data sets in dirs.
func loadDecisions(dirs []string) (*decisions, error) {
	d := &decisions{from: []int{0}}
	for _, dir := range dirs {
		var a [4]*npyArray
		for i, name := range []string{polMetaFile, polIndexFile, polValueFile, polVisitsFile} {
			var err error
			if a[i], err = readNpy(filepath.Join(dir, name)); err != nil {
				return nil, err
			}
		}
		meta := a[0].i32()
		base := d.from[len(d.from)-1]
		moves := 0
		for i := 0; i+pmWidth <= len(meta); i += pmWidth {
			moves += int(meta[i+pmLegal])
			d.from = append(d.from, base+moves)
			d.deal = append(d.deal, int(meta[i+pmDeal]))
		}
		if a[1].rows != moves || a[2].rows != moves || a[3].rows != moves || a[1].width != bots.PolicySlots {
			return nil, fmt.Errorf("%w: %s: %d moves in the meta, %d, %d and %d rows of features and visits", errNpy, dir, moves, a[1].rows, a[2].rows, a[3].rows)
		}
		for _, i := range a[1].i32() {
			if i < 0 || i >= bots.PolicyFeatures {
				return nil, fmt.Errorf("%w: %s: a feature index %d (0 to %d)", errNpy, dir, i, bots.PolicyFeatures-1)
			}
			d.index = append(d.index, i)
		}
		d.value = append(d.value, a[2].f32()...)
		d.visit = append(d.visit, a[3].f32()...)
	}
	return d, nil
}
