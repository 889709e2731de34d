package bots

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
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
