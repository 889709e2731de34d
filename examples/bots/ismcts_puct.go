package bots

import (
	"context"
	"math"
	"slices"

	"github.com/elasund/elasund"
)

// The constants of the search with priors (PUCT).
const (
	// cPUCT weighs a move's prior against its mean reward (in [0, 1]).
	cPUCT = 1.0
	// puctBase and puctRate set the widening of a node searched by PUCT:
	// a node visited n times considers its puctBase + puctRate·√n moves
	// of highest prior (at most maxAvail).
	puctBase = 4.0
	puctRate = 2.0
	// fpuReduction lowers the reward a move without a node is assumed
	// to have below the mean of its visited siblings (first-play
	// urgency).
	fpuReduction = 0.1
	// unseenPrior is the prior of a move a node meets late, legal in a
	// drawn game but not in the one its candidates were made from.
	unseenPrior = 0.01
)

// useEvaluator gives t the evaluator of the options, if any: a clone
// of Evaluator or the evaluator of Value, made at the tree's first
// search (a bot's options do not change).
func (t *tree) useEvaluator(o *ISMCTSOptions) {
	if t.eval == nil {
		switch {
		case o.Evaluator != nil:
			t.eval = o.Evaluator.Clone()
		case o.Value != nil:
			t.eval = valueEvaluator{o.Value.Clone()}
		}
	}
	t.policy = o.Evaluator != nil
}

// evaluatorName returns the name of an ISMCTS bot with options o, before
// its budget: "ismcts", "ismcts-v" with a value model, "az" with an
// AZModel, "ismcts-e" with another evaluator.
func evaluatorName(o ISMCTSOptions) string {
	switch o.Evaluator.(type) {
	case nil:
		if o.Value != nil {
			return "ismcts-v"
		}
		return "ismcts"
	case valueEvaluator:
		return "ismcts-v"
	case *AZModel:
		return "az"
	}
	return "ismcts-e"
}

// orderPriors appends moves to t.cands, highest prior first (equal
// priors in the order of moves), and their priors to t.prior, and returns
// where they start and how many they are. An evaluator that gives no
// priors for the root's moves searches without them, as with a value
// model (t.policy is then false).
func (t *tree) orderPriors(g *elasund.Game, moves []elasund.Move) (int32, int32) {
	if cap(t.priors) < len(moves) {
		t.priors = make([]float64, len(moves), len(moves)+len(moves)/2)
	}
	pr := t.priors[:len(moves)]
	if !t.eval.Evaluate(g, moves, nil, pr) {
		if len(t.cands) == 0 {
			t.policy = false
			return t.order(g, moves)
		}
		for i := range pr {
			pr[i] = 1 / float64(len(pr))
		}
	}
	t.scored = t.scored[:0]
	for i, m := range moves {
		t.scored = append(t.scored, scored{m, pr[i]})
	}
	slices.SortStableFunc(t.scored, byScoreDesc)
	start := int32(len(t.cands))
	for _, s := range t.scored {
		t.cands = append(t.cands, cand{move: s.move, child: -1})
		t.prior = append(t.prior, float32(s.score))
	}
	return start, int32(len(moves))
}

// selectPUCT chooses the move to play at node n of the decision in g by
// PUCT, and returns its index in t.cands: among the node's widened
// candidates legal in g (those of highest prior), the one that maximizes
// its mean reward plus cPUCT·prior·√visits(n)/(1+visits(move)); a move
// without a node counts the mean reward of its visited siblings less
// fpuReduction (1/players if none is visited). With more than two
// players, cPUCT and fpuReduction are scaled by 2/players.
func (t *tree) selectPUCT(n int32, g *elasund.Game) int32 {
	k := int(puctBase + puctRate*math.Sqrt(float64(t.nodes[n].visits)))
	var avail [maxAvail]int32
	na := t.available(n, g, k, &avail)
	nd := &t.nodes[n]
	cs := t.candidates(n)
	pr := t.prior[nd.cands : nd.cands+nd.ncands]
	sumR, sumN := 0.0, 0.0
	for _, i := range avail[:na] {
		if c := cs[i].child; c >= 0 {
			sumR += t.nodes[c].reward
			sumN += float64(t.nodes[c].visits)
		}
	}
	// The rewards of n players share 1, a mean of 1/n: with more than
	// two, the exploration and the first-play reduction shrink as the
	// rewards do (2/n), so that a 4-player search weighs its rewards
	// against its priors as a 2-player one does.
	scale := 2 / float64(g.Players())
	fpu := 1 / float64(g.Players())
	if sumN > 0 {
		fpu = sumR/sumN - fpuReduction*scale
	}
	c := cPUCT * scale
	sq := math.Sqrt(float64(nd.visits))
	best, bestValue := int32(-1), 0.0
	for _, i := range avail[:na] {
		q, nv := fpu, 0.0
		if c := cs[i].child; c >= 0 {
			ch := &t.nodes[c]
			ch.avail++
			q, nv = ch.reward/float64(ch.visits), float64(ch.visits)
		}
		value := q + c*float64(pr[i])*sq/(1+nv)
		if best < 0 || value > bestValue {
			best, bestValue = i, value
		}
	}
	return nd.cands + best
}

// MoveVisits is a legal move of a search's root and the number of
// iterations that played it.
type MoveVisits struct {
	Move   elasund.Move
	Visits int
}

// ChooseWithPolicy is ChooseContext that also appends to dst each of v's
// legal moves, in the order of v.AppendLegal, with the iterations of the
// search that played it, summed over the workers: the root's visit
// counts, the target a policy learns from (examples/train). A decision of
// one legal move is played without a search; its move gets 1 visit. On
// an error it returns dst unchanged.
func (b *ISMCTS) ChooseWithPolicy(ctx context.Context, v elasund.View, dst []MoveVisits) (elasund.Move, []MoveVisits, error) {
	b.searched = false
	m, _, err := b.search(ctx, v)
	if err != nil {
		return m, dst, err
	}
	for i, x := range b.buf {
		n := 1
		if b.searched {
			n = b.totals[i].visits
		}
		dst = append(dst, MoveVisits{Move: x, Visits: n})
	}
	return m, dst, nil
}
