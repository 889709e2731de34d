package bots

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/elasund/elasund"
)

// DefaultIterations is the number of iterations a move of the "ismcts"
// bot searches.
const DefaultIterations = 1000

// DefaultPlayout is the number of moves a playout of the "ismcts" bot
// plays before its heuristic judges the position.
const DefaultPlayout = 20

// DefaultValuePlayout is the number of moves a playout of the "ismcts-v"
// bot plays before its value model judges the position: the model judges
// positions further into the game better, and the search with it was
// strongest with playouts of 40 to 80 moves (docs/learning.md).
const DefaultValuePlayout = 40

// MaxPlayout bounds ISMCTSOptions.Playout.
const MaxPlayout = 1000

// MaxIterations bounds ISMCTSOptions.Iterations (and the N of "ismcts:N").
const MaxIterations = 10_000_000

// The search's constants.
const (
	// explore is the UCT exploration constant, for rewards in [0, 1].
	explore = 0.3
	// squash is the score (in Weights units, a cube 12) that a reward of
	// 0.73 = 1/(1+e^-1) stands for: rewards are 1/(1+e^(-score/squash)).
	squash = 30.0
	// widenBase and widenRate set progressive widening: a node visited n
	// times considers its widenBase + widenRate·√n best moves by the
	// heuristic.
	widenBase = 2.0
	widenRate = 1.0
)

// ErrOptions is wrapped by the errors of NewISMCTS for invalid options.
var ErrOptions = errors.New("bots: invalid ISMCTS options")

// ISMCTSOptions set the search budget of an ISMCTS bot.
type ISMCTSOptions struct {
	// Iterations is the number of iterations of a move's search, split
	// among the workers; 0 means DefaultIterations unless Budget is set.
	// At most MaxIterations.
	Iterations int
	// Budget, if positive, bounds the time of a move's search: the
	// workers stop at the budget, or at Iterations if that is set and
	// comes first. A timed search is not deterministic: how many
	// iterations fit depends on the machine.
	Budget time.Duration
	// Workers is the number of goroutines that search at once, each its
	// own tree (root parallelism); 0 means 1.
	Workers int
	// Value, if not nil, judges the positions where the playouts stop in
	// place of the heuristic (Weights). With two players the reward of
	// the player to move is the model's probability that they win, from
	// their view, and the other's is 1 minus it; with more, each
	// player's reward is the model's probability that they win, from
	// their view, divided by the sum of the players' probabilities. Each
	// worker judges with its own clone of it. The bot "ismcts-v" is
	// ISMCTS with LinearValueModel (and DefaultValuePlayout). It is
	// the Evaluator NewValueEvaluator(Value); set one of Value and
	// Evaluator, not both.
	Value *ValueModel
	// Evaluator, if not nil, judges the positions where the playouts
	// stop, as Value does, and, if it gives priors, steers the search:
	// a node chooses among its moves by PUCT (AlphaZero's rule: the
	// move's mean reward plus an exploration term proportional to its
	// prior and shrinking with its visits), and considers its moves in
	// the order of their priors, widening progressively (ISMCTS, below).
	// Each worker judges with its own clone of it. The bot "az" is
	// ISMCTS with DefaultAZModel (and DefaultValuePlayout).
	Evaluator Evaluator
	// Playout is how many moves each playout plays with the cheap policy
	// before the position is judged: 0 means DefaultPlayout, or
	// DefaultValuePlayout with a Value model; a negative number means
	// none (the position the tree reached is judged at once, as Options
	// reports with -1). At most MaxPlayout.
	Playout int
	// TreeBytes, if positive, bounds the memory of a move's search: the
	// bytes its trees' nodes and candidate moves take, split evenly among
	// the workers. Each worker then starts its search with new storage
	// and stops (as at its Iterations) once the storage its tree has
	// reserved reaches four fifths of its share, so that the storage,
	// which grows by a quarter at a time, stays within the share; at
	// least one iteration runs. It counts storage, not time, so the
	// moves stay deterministic. A host that runs several searches at
	// once bounds their memory with it (examples/web). 0 means no bound
	// but Iterations and Budget.
	TreeBytes int
}

// ISMCTS is an information-set Monte Carlo tree search bot
// (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012). Each
// iteration draws a full game consistent with the bot's view
// (View.Redeal), descends a tree of moves by UCT among the moves legal in
// that game (counting, for each move, the iterations in which it was
// available), adds one node, plays a short playout with a cheap policy and
// backs up the heuristic value of the position reached (the Weights of
// Greedy, squashed to [0, 1]), or 1 and 0 for a won game. A roll inside
// the tree is a chance node: its sum is drawn with its probability
// (elasund.Game.ChanceOutcomes) and played as a forced roll. A node
// considers its moves in the order of their one-move heuristic score and
// widens progressively, so that the hundreds of permit moves do not
// drown the search.
//
// With several workers each searches its own tree from its own random
// source, and the root moves' visits are summed: the move played is the
// one visited most. The workers' sources come from the bot's, so that an
// iteration budget gives the same moves whatever the scheduling. The zero
// value is the bot NewISMCTS(0, ISMCTSOptions{}) returns.
//
// A bot keeps its trees' storage from one move to the next: once it has
// grown to what the searches need, a search with one worker allocates
// nothing. A host that holds many bots between their moves lets it go with
// Release after each move, and bounds what a search holds with
// ISMCTSOptions.TreeBytes.
type ISMCTS struct {
	opts   ISMCTSOptions
	name   string
	w      Weights
	r      *rand.Rand
	buf    []elasund.Move
	trees  []*tree // the workers' trees, reused from move to move
	totals []total
	// searched is whether totals hold the last search's root visits, one
	// for each of buf.
	searched bool
}

// NewISMCTS returns an ISMCTS bot seeded with seed, or an error wrapping
// ErrOptions for negative or too large options.
func NewISMCTS(seed uint64, opts ISMCTSOptions) (*ISMCTS, error) {
	switch {
	case opts.Iterations < 0 || opts.Iterations > MaxIterations:
		return nil, fmt.Errorf("%w: %d iterations (0 to %d)", ErrOptions, opts.Iterations, MaxIterations)
	case opts.Budget < 0:
		return nil, fmt.Errorf("%w: negative budget %v", ErrOptions, opts.Budget)
	case opts.Playout > MaxPlayout:
		return nil, fmt.Errorf("%w: %d playout moves (at most %d)", ErrOptions, opts.Playout, MaxPlayout)
	case opts.Workers < 0 || opts.Workers > 1024:
		return nil, fmt.Errorf("%w: %d workers (0 to 1024)", ErrOptions, opts.Workers)
	case opts.TreeBytes < 0:
		return nil, fmt.Errorf("%w: negative tree bytes %d", ErrOptions, opts.TreeBytes)
	case opts.Value != nil && opts.Evaluator != nil:
		return nil, fmt.Errorf("%w: both a Value model and an Evaluator", ErrOptions)
	}
	if opts.Iterations == 0 && opts.Budget == 0 {
		opts.Iterations = DefaultIterations
	}
	if opts.Workers == 0 {
		opts.Workers = 1
	}
	switch {
	case opts.Playout < 0:
		opts.Playout = -1
	case opts.Playout == 0 && (opts.Value != nil || opts.Evaluator != nil):
		opts.Playout = DefaultValuePlayout
	case opts.Playout == 0:
		opts.Playout = DefaultPlayout
	}
	name := evaluatorName(opts)
	switch {
	case opts.Iterations == 0:
		name += ":" + opts.Budget.String()
	case opts.Iterations != DefaultIterations:
		name += fmt.Sprintf(":%d", opts.Iterations)
	}
	return &ISMCTS{opts: opts, name: name, w: DefaultWeights(),
		r: rand.New(rand.NewPCG(seed, ismctsStream))}, nil
}

// Name returns "ismcts", or "ismcts:N" for a search of N iterations, or
// "ismcts:" and the budget for a search bounded by time alone; "ismcts-v"
// instead of "ismcts" for a search with a Value model.
func (b *ISMCTS) Name() string { b.ready(); return b.name }

// Options returns the bot's options, with the defaults filled in.
func (b *ISMCTS) Options() ISMCTSOptions { b.ready(); return b.opts }

// ready makes a zero ISMCTS the bot of NewISMCTS(0, ISMCTSOptions{}).
func (b *ISMCTS) ready() {
	if b.r == nil {
		d, _ := NewISMCTS(0, ISMCTSOptions{})
		*b = *d
	}
}

// Choose searches and returns the root move visited most. It is
// ChooseContext(context.Background(), v).
func (b *ISMCTS) Choose(v elasund.View) (elasund.Move, error) {
	return b.ChooseContext(context.Background(), v)
}

// ChooseContext is Choose, stopped when ctx is done (ContextChooser): the
// workers check ctx, as they check the Budget, every 16 iterations, and
// the bot then returns an error that wraps ctx.Err() and no move. A ctx
// that is done before ChooseContext is called stops it before it
// searches; one that is never done leaves the moves those of Choose.
func (b *ISMCTS) ChooseContext(ctx context.Context, v elasund.View) (elasund.Move, error) {
	m, _, err := b.search(ctx, v)
	return m, err
}

// total is what the workers' trees found of one root move.
type total struct {
	visits int
	reward float64
}

// search returns the chosen move and the number of iterations run, or
// ctx's error if ctx is done first.
func (b *ISMCTS) search(ctx context.Context, v elasund.View) (elasund.Move, int, error) {
	b.ready()
	if err := ctx.Err(); err != nil {
		return elasund.Move{}, 0, stopped(b.name, err)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	switch len(b.buf) {
	case 0:
		return elasund.Move{}, 0, errNoDecision
	case 1:
		return b.buf[0], 0, nil
	}
	n := b.opts.Workers
	if b.opts.Iterations > 0 {
		n = min(n, b.opts.Iterations) // no worker without an iteration
	}
	for len(b.trees) < n {
		t := &tree{}
		t.r = rand.New(&t.src)
		b.trees = append(b.trees, t)
	}
	trees := b.trees[:n]
	// The first tree's source, before it is seeded, checks that the view
	// has games to draw.
	if err := v.RedealInto(&trees[0].g, trees[0].r); err != nil {
		return elasund.Move{}, 0, err
	}
	var deadline time.Time
	if b.opts.Budget > 0 {
		deadline = time.Now().Add(b.opts.Budget)
	}
	for i, t := range trees {
		iters := -1 // until the deadline
		if b.opts.Iterations > 0 {
			iters = b.opts.Iterations / n
			if i < b.opts.Iterations%n {
				iters++
			}
		}
		t.reset(&b.w, b.r.Uint64(), b.r.Uint64(), iters, b.opts.TreeBytes/n, deadline, ctx.Done())
		t.moves = b.opts.Playout
		t.useEvaluator(&b.opts)
	}
	if n == 1 {
		trees[0].run(v, b.buf)
	} else {
		runAll(trees, v, b.buf)
	}
	if err := ctx.Err(); err != nil {
		return elasund.Move{}, 0, stopped(b.name, err)
	}
	return b.best(trees)
}

// runAll runs the trees' searches at once, one goroutine each (apart from
// search, so that only a search with several workers moves v to the heap).
func runAll(trees []*tree, v elasund.View, root []elasund.Move) {
	var wg sync.WaitGroup
	for _, t := range trees {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.run(v, root)
		}()
	}
	wg.Wait()
}

// best returns the root's move with the most visits in the trees, and the
// number of iterations they ran. Ties go to the better mean reward, then
// to the better heuristic order (the first tree's).
func (b *ISMCTS) best(trees []*tree) (elasund.Move, int, error) {
	if cap(b.totals) < len(b.buf) {
		b.totals = make([]total, len(b.buf))
	}
	totals := b.totals[:len(b.buf)]
	clear(totals)
	done := 0
	for _, t := range trees {
		done += t.done
		for c := t.nodes[0].first; c >= 0; c = t.nodes[c].next {
			ch := &t.nodes[c]
			if i := indexOf(b.buf, ch.move); i >= 0 {
				totals[i].visits += int(ch.visits)
				totals[i].reward += ch.reward
			}
		}
	}
	best := -1
	for _, c := range trees[0].candidates(0) {
		i := indexOf(b.buf, c.move)
		if i < 0 {
			continue
		}
		if best < 0 || totals[i].visits > totals[best].visits ||
			totals[i].visits == totals[best].visits && totals[i].visits > 0 &&
				totals[i].reward/float64(totals[i].visits) > totals[best].reward/float64(totals[best].visits) {
			best = i
		}
	}
	if best < 0 {
		best = 0
	}
	b.searched = true
	return b.buf[best], done, nil
}

// indexOf returns the index of m in moves, or -1.
func indexOf(moves []elasund.Move, m elasund.Move) int {
	for i, x := range moves {
		if x == m {
			return i
		}
	}
	return -1
}

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
func (t *tree) available(n int32, g *elasund.Game, k int, avail *[maxAvail]int32) int {
	na := 0
	for i, c := range t.candidates(n) {
		if i >= k && na > 0 || na == len(avail) {
			break
		}
		if g.IsLegal(c.move) {
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
	slices.SortStableFunc(t.scored, func(a, b scored) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
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
