package bots

// The search tree of ISMCTS (ismcts.go): its nodes, one iteration
// (selection, expansion, playout, backpropagation) and the cheap playout
// policy.

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/elasund/elasund"
)

// node is a node of a search tree: the position after a sequence of moves
// (whatever the hidden cards behind it). Its children form a list, newest
// first; those of a decision are also found from its candidates.
type node struct {
	move   elasund.Move   // the move from the parent
	player elasund.Player // who played it
	visits int32
	avail  int32   // iterations in which the move was available
	reward float64 // sum of the rewards of player
	first  int32   // the first child, or -1
	next   int32   // the next sibling, or -1
	// The moves to consider, best first: tree.cands[cands:cands+ncands];
	// cands is -1 before the node's first decision.
	cands, ncands int32
}

// cand is a move a node considers, and the child it leads to or -1.
type cand struct {
	move  elasund.Move
	child int32
}

// scored is a move and its one-move heuristic score.
type scored struct {
	move  elasund.Move
	score float64
}

// tree is one worker's search. Its storage (nodes, candidates, buffers)
// is kept from one search to the next.
type tree struct {
	w        *Weights
	eval     Evaluator // judges the playouts' ends when not nil
	policy   bool      // eval gives priors: the tree searches by PUCT
	moves    int       // the moves of a playout
	src      rand.PCG
	r        *rand.Rand // draws from src
	iters    int        // the iterations to run, or -1 for as many as the deadline allows
	deadline time.Time
	stop     <-chan struct{} // closed when the host stops the search; nil: never
	limit    int             // the bytes of nodes and candidates past which no iteration starts; 0: no limit
	done     int
	nodes    []node
	cands    []cand
	path     []int32
	legal    []elasund.Move
	scored   []scored
	prior    []float32                   // the priors of t.cands, with a policy
	priors   []float64                   // the evaluator's priors of a node's moves
	g        elasund.Game                // the game of the current iteration, sampled from the view
	reward   [elasund.MaxPlayers]float64 // the rewards of the current iteration
}

// maxReservedNodes is the most nodes a tree reserves before a search (3 MiB).
const maxReservedNodes = 1 << 16

// reset readies t for a search of iters iterations (-1: until the
// deadline, or until stop is closed) with weights w, its source seeded
// with seed1 and seed2, its nodes and candidates within maxBytes if it is
// positive.
func (t *tree) reset(w *Weights, seed1, seed2 uint64, iters, maxBytes int, deadline time.Time, stop <-chan struct{}) {
	t.w, t.iters, t.deadline, t.stop, t.done = w, iters, deadline, stop, 0
	t.src.Seed(seed1, seed2)
	t.limit = treeLimit(maxBytes)
	// An iteration adds at most one node: reserve them all for a search of
	// a few iterations, and let a long one grow its storage as it goes, so
	// that a bot of millions of iterations does not hold their room up
	// front (48 bytes a node). A bounded tree starts from new storage, of
	// which the nodes reserved take at most a quarter of its limit.
	want := min(iters+1, maxReservedNodes)
	if t.limit > 0 {
		want = min(want, t.limit/4/nodeBytes)
		t.nodes, t.cands, t.prior = nil, nil, nil
	}
	if iters > 0 && cap(t.nodes) < want {
		t.nodes = make([]node, 0, want)
	}
}

// candidates returns the candidates of node n.
func (t *tree) candidates(n int32) []cand {
	nd := &t.nodes[n]
	if nd.cands < 0 {
		return nil
	}
	return t.cands[nd.cands : nd.cands+nd.ncands]
}

// run searches from the view v, whose legal moves are root.
func (t *tree) run(v elasund.View, root []elasund.Move) {
	t.nodes = append(t.nodes[:0], node{player: elasund.NoPlayer, first: -1, next: -1, cands: -1})
	t.cands = t.cands[:0]
	t.prior = t.prior[:0]
	for i := 0; t.iters < 0 || i < t.iters; i++ {
		if i > 0 && i%16 == 0 && t.stopped() {
			break
		}
		if i > 0 && t.limit > 0 && t.reserved() >= t.limit {
			break
		}
		if err := v.RedealInto(&t.g, t.r); err != nil {
			return
		}
		if i == 0 {
			t.nodes[0].cands, t.nodes[0].ncands = t.order(&t.g, root)
		}
		t.iterate(&t.g)
		t.done++
	}
}

// stopped reports whether the search is stopped: its stop channel closed
// or its deadline passed. It does not allocate.
func (t *tree) stopped() bool {
	select {
	case <-t.stop:
		return true
	default:
	}
	return !t.deadline.IsZero() && time.Now().After(t.deadline)
}

// iterate runs one iteration on the determinized game g.
func (t *tree) iterate(g *elasund.Game) {
	t.path = append(t.path[:0], 0)
	n := int32(0)
	for !g.Over() && t.nodes[n].visits > 0 {
		p := g.ToMove()
		if g.Phase() == elasund.PhaseRoll {
			m := t.roll(g)
			if g.Apply(m) != nil {
				break // cannot happen: m is legal in g
			}
			n = t.child(n, m, p)
		} else {
			i := t.selectMove(n, g)
			if g.Apply(t.cands[i].move) != nil {
				break // cannot happen: the move is legal in g
			}
			c := t.cands[i].child
			if c < 0 {
				c = t.add(n, t.cands[i].move, p)
				t.cands[i].child = c
			}
			n = c
		}
		t.path = append(t.path, n)
	}
	// The rewards live in the tree: handed to an evaluator (an
	// interface), a local array would escape to the heap each iteration.
	t.reward = [elasund.MaxPlayers]float64{}
	reward := &t.reward
	t.playout(g, reward)
	for _, i := range t.path {
		nd := &t.nodes[i]
		nd.visits++
		if nd.player >= 0 {
			nd.reward += reward[nd.player]
		}
	}
}

// roll draws a roll's sum with its probability and returns it as a forced
// roll.
func (t *tree) roll(g *elasund.Game) elasund.Move {
	var buf [11]elasund.ChanceOutcome
	out := g.AppendChanceOutcomes(buf[:0])
	x := t.r.Float64()
	for _, o := range out {
		if x < o.Probability {
			return o.Move
		}
		x -= o.Probability
	}
	return out[len(out)-1].Move
}

// child returns the child of n reached by m, played by p, adding it if
// it is new.
func (t *tree) child(n int32, m elasund.Move, p elasund.Player) int32 {
	for c := t.nodes[n].first; c >= 0; c = t.nodes[c].next {
		if t.nodes[c].move == m {
			return c
		}
	}
	return t.add(n, m, p)
}

// add adds a child of n reached by m, played by p, and returns it.
func (t *tree) add(n int32, m elasund.Move, p elasund.Player) int32 {
	c := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{move: m, player: p, first: -1, next: t.nodes[n].first, cands: -1})
	t.nodes[n].first = c
	return c
}

// selectMove chooses the move to play at node n of the decision in g, and
// returns its index in t.cands: the first of the node's widened
// candidates that is legal in g and has no node yet, else the legal one
// with the best UCT value.
func (t *tree) selectMove(n int32, g *elasund.Game) int32 {
	nd := &t.nodes[n]
	if nd.cands < 0 {
		t.legal = g.AppendLegal(t.legal[:0])
		nd.cands, nd.ncands = t.order(g, t.legal)
	}
	if t.policy {
		return t.selectPUCT(n, g)
	}
	k := int(widenBase + widenRate*math.Sqrt(float64(nd.visits)))
	// The widened candidates legal in g; if none is, the first legal one
	// further down, and failing that the moves legal in g that the node
	// has not seen, added to its candidates.
	var avail [maxAvail]int32
	na := t.available(n, g, k, &avail)
	// A candidate without a node is tried first; otherwise UCT among the
	// available ones, each of which counts this iteration as available.
	cs := t.candidates(n)
	best, bestValue := int32(-1), 0.0
	for _, i := range avail[:na] {
		c := cs[i].child
		if c < 0 {
			return nd.cands + i
		}
		ch := &t.nodes[c]
		ch.avail++
		value := ch.reward/float64(ch.visits) + explore*math.Sqrt(math.Log(float64(ch.avail))/float64(ch.visits))
		if best < 0 || value > bestValue {
			best, bestValue = i, value
		}
	}
	return nd.cands + best
}

// maxAvail bounds the candidates a node's selection considers.
const maxAvail = 64

// available writes to avail the indices among the candidates of node n
// of the first k of them that are legal in g, and returns how many: if
// none is, the first legal one further down, and failing that the moves
// legal in g that the node has not seen, added to its candidates.
//
// The root's candidates are the view's legal moves, and a game drawn from
// the view keeps everything its viewer, who decides, may know: they are
// legal in every such game (TestRootLegalInRedeals), so the root skips
// the check, which would cost most of a selection there.
func (t *tree) available(n int32, g *elasund.Game, k int, avail *[maxAvail]int32) int {
	na := 0
	root := n == 0
	for i, c := range t.candidates(n) {
		if i >= k && na > 0 || na == len(avail) {
			break
		}
		if root || g.IsLegal(c.move) {
			avail[na] = int32(i)
			na++
		}
	}
	if na == 0 {
		t.legal = g.AppendLegal(t.legal[:0])
		for _, m := range t.legal {
			t.addCand(n, m)
		}
		cs := t.candidates(n)
		for i := len(cs) - 1; i >= 0 && na == 0; i-- {
			if g.IsLegal(cs[i].move) {
				avail[na] = int32(i)
				na++
			}
		}
	}
	return na
}

// addCand adds m to the candidates of node n, last, unless it is one. The
// candidates move to the end of t.cands first if they are not there.
func (t *tree) addCand(n int32, m elasund.Move) {
	for _, c := range t.candidates(n) {
		if c.move == m {
			return
		}
	}
	nd := &t.nodes[n]
	if end := int(nd.cands + nd.ncands); end != len(t.cands) {
		start := int32(len(t.cands))
		t.cands = append(t.cands, t.cands[nd.cands:end]...)
		if t.policy {
			t.prior = append(t.prior, t.prior[nd.cands:end]...)
		}
		nd.cands = start
	}
	t.cands = append(t.cands, cand{move: m, child: -1})
	if t.policy {
		t.prior = append(t.prior, float32(unseenPrior))
	}
	nd.ncands++
}

// order appends moves to t.cands, best first by their one-move heuristic
// score in g (equal scores in the order of moves), and returns where they
// start and how many they are.
func (t *tree) order(g *elasund.Game, moves []elasund.Move) (int32, int32) {
	if t.policy {
		return t.orderPriors(g, moves)
	}
	p := g.ToMove()
	t.scored = t.scored[:0]
	for _, m := range moves {
		t.scored = append(t.scored, scored{m, moveScore(g, m, p, t.w)})
	}
	slices.SortStableFunc(t.scored, byScoreDesc)
	start := int32(len(t.cands))
	for _, s := range t.scored {
		t.cands = append(t.cands, cand{move: s.move, child: -1})
	}
	return start, int32(len(moves))
}

// playout plays up to t.moves moves of g with the cheap policy and
// writes each player's reward: 1 for the winner and 0 for the others of a
// game over, else the squashed heuristic score or the value model's share.
func (t *tree) playout(g *elasund.Game, reward *[elasund.MaxPlayers]float64) {
	for i := 0; i < t.moves && !g.Over(); i++ {
		if g.Apply(t.cheap(g)) != nil {
			break
		}
	}
	n := g.Players()
	if w := g.Winner(); w != elasund.NoPlayer {
		reward[w] = 1
		return
	}
	if g.Over() {
		for q := 0; q < n; q++ {
			reward[q] = 1 / float64(n)
		}
		return
	}
	if t.eval != nil {
		t.eval.Evaluate(g, nil, reward, nil)
		return
	}
	var s [elasund.MaxPlayers]float64
	playerValues(t.w, g, &s)
	for q := 0; q < n; q++ {
		reward[q] = 1 / (1 + math.Exp(-scoreAgainst(t.w, &s, n, elasund.Player(q))/squash))
	}
}

// cheap returns the playout's move in g: a plain roll; in phase 3 two gold
// or a permit put in the ship's row without influence, even odds; the end
// of the turn in phase 4; a random legal move otherwise.
func (t *tree) cheap(g *elasund.Game) elasund.Move {
	switch g.Phase() {
	case elasund.PhaseRoll:
		return elasund.Move{Kind: elasund.Roll}
	case elasund.PhaseBonus:
		return elasund.Move{Kind: elasund.EndTurn}
	}
	t.legal = g.AppendLegal(t.legal[:0])
	if g.Phase() == elasund.PhasePermit {
		k := 0
		for _, m := range t.legal {
			if m.Kind == elasund.TakeGold || m.Kind == elasund.PlacePermit && m.Pay == elasund.NoInfluence {
				t.legal[k] = m
				k++
			}
		}
		if k > 0 {
			t.legal = t.legal[:k]
		}
	}
	return t.legal[t.r.IntN(len(t.legal))]
}

// byScoreDesc orders scored moves best first (a stable sort keeps the
// generator's order among equal scores).
func byScoreDesc(a, b scored) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return 0
}
