package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// sample is one position of a data set, its observation kept sparse (most
// of an observation is zeros).
type sample struct {
	idx     []int32
	val     []float32
	label   float64
	deal    int
	players int
}

// data are the positions of one or more data sets, split by deal into
// training and held-out positions.
type data struct {
	train, held []sample
}

// loadData reads the data sets in dirs; the deals d with d mod holdout =
// holdout−1 are held out (none for holdout 0). Deals of different data
// sets are different games even when their numbers agree; they are split
// by number all the same.
func loadData(dirs []string, holdout int) (*data, error) {
	var out data
	for _, dir := range dirs {
		l, err := loadSet(dir)
		if err != nil {
			return nil, err
		}
		obs := l.obs.f32()
		labels := l.labels.f32()
		meta := l.meta.i32()
		for r := range l.obs.rows {
			s := sample{label: float64(labels[r]), deal: int(meta[r*metaWidth+metaDeal]), players: int(meta[r*metaWidth+metaPlayers])}
			for i, x := range obs[r*l.obs.width : (r+1)*l.obs.width] {
				if x != 0 {
					s.idx = append(s.idx, int32(i))
					s.val = append(s.val, x)
				}
			}
			if holdout > 0 && s.deal%holdout == holdout-1 {
				out.held = append(out.held, s)
			} else {
				out.train = append(out.train, s)
			}
		}
	}
	return &out, nil
}

// fitOptions are the settings of fit.
type fitOptions struct {
	hidden  int
	epochs  int
	batch   int
	lr      float64
	l2      float64
	seed    uint64
	holdout int
	threads int
	init    *bots.ValueModel // the weights to start from, if not nil (of hidden units)
}

// net is a model being fitted, in float64: logistic regression when
// hidden is 0 (w1 holds one weight an input), else one hidden layer of
// tanh units (w1 input-major, hidden weights an input).
type net struct {
	hidden     int
	w1, b1, w2 []float64
	b          float64
}

// width is the number of first-layer weights an input has.
func (n *net) width() int { return max(n.hidden, 1) }

// params returns the parameters as one list of slices, for the optimizer.
func (n *net) params() [][]float64 { return [][]float64{n.w1, n.b1, n.w2, {n.b}} }

// newNet returns a model with random first-layer weights (for hidden
// units), of standard deviation 1/√nnz for observations of about nnz
// values that are not zero.
func newNet(hidden int, nnz float64, r *rand.Rand) *net {
	n := &net{hidden: hidden}
	n.w1 = make([]float64, elasund.ObservationSize*n.width())
	n.b1 = make([]float64, hidden)
	n.w2 = make([]float64, hidden)
	if hidden > 0 {
		for i := range n.w1 {
			n.w1[i] = r.NormFloat64() / math.Sqrt(nnz)
		}
		for j := range n.w2 {
			n.w2[j] = r.NormFloat64() / math.Sqrt(float64(hidden))
		}
	}
	return n
}

// grad is a gradient of a net's parameters, and the buffers to compute it.
type grad struct {
	w1, b1, w2 []float64
	b          float64
	loss       float64
	h          []float64
}

func newGrad(n *net) *grad {
	return &grad{w1: make([]float64, len(n.w1)), b1: make([]float64, n.hidden), w2: make([]float64, n.hidden), h: make([]float64, n.hidden)}
}

func (g *grad) zero() {
	clear(g.w1)
	clear(g.b1)
	clear(g.w2)
	g.b, g.loss = 0, 0
}

// forward returns the net's probability that s's viewer wins; for hidden
// units it leaves their activations in h.
func (n *net) forward(s *sample, h []float64) float64 {
	if n.hidden == 0 {
		z := n.b
		for k, i := range s.idx {
			z += float64(s.val[k]) * n.w1[i]
		}
		return 1 / (1 + math.Exp(-z))
	}
	copy(h, n.b1)
	for k, i := range s.idx {
		x := float64(s.val[k])
		row := n.w1[int(i)*n.hidden : int(i+1)*n.hidden]
		for j, w := range row {
			h[j] += x * w
		}
	}
	z := n.b
	for j := range h {
		h[j] = math.Tanh(h[j])
		z += n.w2[j] * h[j]
	}
	return 1 / (1 + math.Exp(-z))
}

// logLoss is the cross-entropy of the probability p for the label y,
// p kept away from 0 and 1.
func logLoss(p, y float64) float64 {
	p = min(max(p, 1e-7), 1-1e-7)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// accumulate adds the gradient of the cross-entropy of s to g.
func (n *net) accumulate(s *sample, g *grad) {
	p := n.forward(s, g.h)
	g.loss += logLoss(p, s.label)
	dz := p - s.label
	g.b += dz
	if n.hidden == 0 {
		for k, i := range s.idx {
			g.w1[i] += dz * float64(s.val[k])
		}
		return
	}
	for j, hj := range g.h {
		g.w2[j] += dz * hj
		d := dz * n.w2[j] * (1 - hj*hj)
		g.h[j] = d
		g.b1[j] += d
	}
	for k, i := range s.idx {
		x := float64(s.val[k])
		row := g.w1[int(i)*n.hidden : int(i+1)*n.hidden]
		for j, d := range g.h {
			row[j] += x * d
		}
	}
}

// adam is the Adam optimizer's state.
type adam struct {
	m, v [][]float64
	t    int
}

func newAdam(n *net) *adam {
	a := &adam{}
	for _, p := range n.params() {
		a.m = append(a.m, make([]float64, len(p)))
		a.v = append(a.v, make([]float64, len(p)))
	}
	return a
}

// step applies the gradient g of a batch of size b, with L2 weight decay
// l2 on the weights (not the biases).
func (a *adam) step(n *net, g *grad, b int, lr, l2 float64) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	a.t++
	c1 := 1 - math.Pow(beta1, float64(a.t))
	c2 := 1 - math.Pow(beta2, float64(a.t))
	ps := n.params()
	gs := [][]float64{g.w1, g.b1, g.w2, {g.b}}
	decay := []float64{l2, 0, l2, 0}
	for k, p := range ps {
		m, v := a.m[k], a.v[k]
		for i := range p {
			gi := gs[k][i]/float64(b) + decay[k]*p[i]
			m[i] = beta1*m[i] + (1-beta1)*gi
			v[i] = beta2*v[i] + (1-beta2)*gi*gi
			p[i] -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		}
	}
	n.b = ps[3][0]
}

// fit trains a net on d.train by minibatch Adam, its learning rate
// falling along half a cosine from o.lr to 0, reporting each epoch's
// training and held-out metrics to w, and returns it.
func fit(d *data, o *fitOptions, w io.Writer) (*net, error) {
	if len(d.train) == 0 {
		return nil, fmt.Errorf("train: no training positions")
	}
	r := rand.New(rand.NewPCG(o.seed, 0x666974))
	nnz := 0.0
	for i := range d.train {
		nnz += float64(len(d.train[i].idx))
	}
	n := newNet(o.hidden, nnz/float64(len(d.train)), r)
	if o.init != nil {
		if err := n.load(o.init); err != nil {
			return nil, err
		}
	}
	opt := newAdam(n)
	grads := make([]*grad, o.threads)
	for i := range grads {
		grads[i] = newGrad(n)
	}
	order := make([]int, len(d.train))
	for i := range order {
		order[i] = i
	}
	for e := 1; e <= o.epochs; e++ {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		loss := 0.0
		for at := 0; at < len(order); at += o.batch {
			batch := order[at:min(at+o.batch, len(order))]
			g := n.batchGrad(d.train, batch, grads)
			loss += g.loss
			// The learning rate falls from lr to 0 along half a cosine
			// over the whole run.
			done := (float64(e-1) + float64(at)/float64(len(order))) / float64(o.epochs)
			opt.step(n, g, len(batch), o.lr*0.5*(1+math.Cos(math.Pi*done)), o.l2)
		}
		m := evaluate(d.held, n.predictor())
		fmt.Fprintf(w, "epoch %3d: train log-loss %.4f; held-out %s\n", e, loss/float64(len(order)), m.short())
	}
	return n, nil
}

// batchGrad sums the gradients of the batch's samples, split among the
// buffers grads (one goroutine each), into grads[0]. The split and the
// order of the sums are fixed, so the result does not depend on the
// scheduling.
func (n *net) batchGrad(samples []sample, batch []int, grads []*grad) *grad {
	k := len(grads)
	var wg sync.WaitGroup
	for t, g := range grads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.zero()
			for i := t * len(batch) / k; i < (t+1)*len(batch)/k; i++ {
				n.accumulate(&samples[batch[i]], g)
			}
		}()
	}
	wg.Wait()
	g := grads[0]
	for _, o := range grads[1:] {
		for _, p := range [][2][]float64{{g.w1, o.w1}, {g.b1, o.b1}, {g.w2, o.w2}} {
			for i, x := range p[1] {
				p[0][i] += x
			}
		}
		g.b += o.b
		g.loss += o.loss
	}
	return g
}

// predictor returns the net as a function of a sample.
func (n *net) predictor() func(*sample) float64 {
	h := make([]float64, n.hidden)
	return func(s *sample) float64 { return n.forward(s, h) }
}

// model returns the net as a bots.ValueModel, its weights rounded to
// float32.
func (n *net) model() (*bots.ValueModel, error) {
	f := func(s []float64) []float32 {
		out := make([]float32, len(s))
		for i, x := range s {
			out[i] = float32(x)
		}
		return out
	}
	return bots.NewValueModel(n.hidden, f(n.w1), f(n.b1), f(n.w2), float32(n.b))
}

// metrics are a model's log-loss and accuracy on positions, with the
// log-loss of the best constant guess (the mean label) beside them.
type metrics struct {
	n              int
	loss, baseLoss float64
	acc            float64 // share of positions where p > 1/2 exactly when the viewer won
}

// evaluate measures pred on samples.
func evaluate(samples []sample, pred func(*sample) float64) metrics {
	m := metrics{n: len(samples)}
	if m.n == 0 {
		return m
	}
	mean := 0.0
	for i := range samples {
		mean += samples[i].label
	}
	mean /= float64(m.n)
	for i := range samples {
		s := &samples[i]
		p := pred(s)
		m.loss += logLoss(p, s.label)
		m.baseLoss += logLoss(mean, s.label)
		if (p > 0.5) == (s.label == 1) {
			m.acc++
		}
	}
	f := float64(m.n)
	m.loss, m.baseLoss, m.acc = m.loss/f, m.baseLoss/f, m.acc/f
	return m
}

func (m metrics) short() string {
	return fmt.Sprintf("log-loss %.4f (constant %.4f), accuracy %.2f%% of %d", m.loss, m.baseLoss, 100*m.acc, m.n)
}

// report writes the metrics of pred on the held-out positions, all and by
// number of players.
func report(w io.Writer, name string, held []sample, pred func(*sample) float64) {
	fmt.Fprintf(w, "%s, held out: %s\n", name, evaluate(held, pred).short())
	for p := elasund.MinPlayers; p <= elasund.MaxPlayers; p++ {
		var sub []sample
		for i := range held {
			if held[i].players == p {
				sub = append(sub, held[i])
			}
		}
		if len(sub) > 0 {
			fmt.Fprintf(w, "  %d players: %s\n", p, evaluate(sub, pred).short())
		}
	}
}

// load sets the net's weights to those of the model m, which must have
// its hidden units.
func (n *net) load(m *bots.ValueModel) error {
	if m.Hidden() != n.hidden {
		return fmt.Errorf("train: -init has %d hidden units, not %d", m.Hidden(), n.hidden)
	}
	data, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	at := 16 // past the header (bots.ValueModel.MarshalBinary)
	next := func() float64 {
		x := math.Float32frombits(binary.LittleEndian.Uint32(data[at:]))
		at += 4
		return float64(x)
	}
	for _, p := range [][]float64{n.w1, n.b1, n.w2} {
		for i := range p {
			p[i] = next()
		}
	}
	n.b = next()
	return nil
}
