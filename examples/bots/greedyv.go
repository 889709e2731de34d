package bots

import (
	"math/rand/v2"

	"github.com/elasund/elasund"
)

// greedyVStream is the second word of GreedyV's random source.
const greedyVStream = 0x6772656564792d76

// GreedyV plays the legal move that leads to the position its ValueModel
// judges best for it, one move deep: like Greedy it draws one full game
// consistent with its view (View.Redeal) and applies each legal move to a
// copy, but it scores the position reached by the model's probability
// that the mover wins, from the mover's view of it (1 for a move that wins
// the game, 0 for one after which another has won, 1/n for a draw). Equal
// values are broken with its seeded random source; a decision of one legal
// move (a roll, say) is played at once. The zero value is NewGreedyV(0).
type GreedyV struct {
	m   *ValueModel
	r   *rand.Rand
	buf []elasund.Move
	g   elasund.Game // the sampled game, reused
}

// NewGreedyV returns a GreedyV bot with DefaultValueModel, seeded with
// seed: the bot "greedy-v".
func NewGreedyV(seed uint64) *GreedyV { return NewGreedyValue(seed, DefaultValueModel()) }

// NewGreedyValue returns a GreedyV bot that judges positions with m (a
// clone of it: the bot has its own buffers), seeded with seed; a nil m is
// DefaultValueModel.
func NewGreedyValue(seed uint64, m *ValueModel) *GreedyV {
	if m == nil {
		m = DefaultValueModel()
	} else {
		m = m.Clone()
	}
	return &GreedyV{m: m, r: rand.New(rand.NewPCG(seed, greedyVStream))}
}

// Name returns "greedy-v".
func (*GreedyV) Name() string { return "greedy-v" }

// Choose returns the legal move whose position the model judges best for
// the mover.
func (b *GreedyV) Choose(v elasund.View) (elasund.Move, error) {
	if b.r == nil {
		*b = *NewGreedyV(0)
	}
	b.buf = v.AppendLegal(b.buf[:0])
	switch len(b.buf) {
	case 0:
		return elasund.Move{}, errNoDecision
	case 1:
		return b.buf[0], nil
	}
	if err := v.RedealInto(&b.g, b.r); err != nil {
		return elasund.Move{}, err
	}
	g := &b.g
	p := g.ToMove()
	best, _ := argmax(len(b.buf), b.r, func(i int) float64 { return b.after(g, b.buf[i], p) })
	return b.buf[best], nil
}

// after returns the model's value for p of the position m leads to from
// g: -1 for a move g refuses.
func (b *GreedyV) after(g *elasund.Game, m elasund.Move, p elasund.Player) float64 {
	c := *g
	if c.Apply(m) != nil {
		return -1
	}
	return terminalOr(&c, p, b.m)
}

// terminalOr returns p's result of a game over (1 for a win, 0 for a
// loss, 1/n for a draw), else the model's value of p's view of g.
func terminalOr(g *elasund.Game, p elasund.Player, m *ValueModel) float64 {
	if g.Over() {
		switch g.Winner() {
		case p:
			return 1
		case elasund.NoPlayer:
			return 1 / float64(g.Players())
		default:
			return 0
		}
	}
	return m.Win(g.View(p))
}
