package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/elasund/elasund/examples/bots"
)

// policyOptions are the settings of fitpolicy.
type policyOptions struct {
	epochs, batch, holdout int
	lr, l2                 float64
	seed                   uint64
}

// policyFit is the policy being fitted and its Adam moments.
type policyFit struct {
	w, m, v, g []float64
	t          int
}

// priors writes to p the softmax of the scores of decision k's moves.
func (f *policyFit) priors(d *decisions, k int, p []float64) []float64 {
	p = p[:0]
	top := math.Inf(-1)
	const s = bots.PolicySlots
	for i := d.from[k]; i < d.from[k+1]; i++ {
		z := 0.0
		for j := i * s; j < i*s+s; j++ {
			z += f.w[d.index[j]] * float64(d.value[j])
		}
		p = append(p, z)
		top = max(top, z)
	}
	sum := 0.0
	for i := range p {
		p[i] = math.Exp(p[i] - top)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// loss returns decision k's cross-entropy between its visit shares and
// the priors p, and adds its gradient to f.g when grad is set.
func (f *policyFit) loss(d *decisions, k int, p []float64, grad bool) float64 {
	ce := 0.0
	const s = bots.PolicySlots
	for i := d.from[k]; i < d.from[k+1]; i++ {
		pi := p[i-d.from[k]]
		y := float64(d.visit[i])
		if y > 0 {
			ce -= y * math.Log(max(pi, 1e-12))
		}
		if grad {
			for j := i * s; j < i*s+s; j++ {
				f.g[d.index[j]] += (pi - y) * float64(d.value[j])
			}
		}
	}
	return ce
}

// step takes an Adam step with the gradient of n decisions.
func (f *policyFit) step(n int, lr, l2 float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	f.t++
	c1, c2 := 1-math.Pow(b1, float64(f.t)), 1-math.Pow(b2, float64(f.t))
	for i := range f.w {
		g := f.g[i]/float64(n) + l2*f.w[i]
		f.m[i] = b1*f.m[i] + (1-b1)*g
		f.v[i] = b2*f.v[i] + (1-b2)*g*g
		f.w[i] -= lr * (f.m[i] / c1) / (math.Sqrt(f.v[i]/c2) + eps)
		f.g[i] = 0
	}
}

// policyMetrics are a policy's held-out cross-entropy against the visit
// shares and the share of decisions whose highest prior is the move
// visited most.
func (f *policyFit) metrics(d *decisions, ks []int) (float64, float64) {
	var p []float64
	ce, top := 0.0, 0
	for _, k := range ks {
		p = f.priors(d, k, p)
		ce += f.loss(d, k, p, false)
		bp, bv := 0, 0
		for i := range p {
			if p[i] > p[bp] {
				bp = i
			}
			if d.visit[d.from[k]+i] > d.visit[d.from[k]+bv] {
				bv = i
			}
		}
		if bp == bv {
			top++
		}
	}
	n := float64(max(len(ks), 1))
	return ce / n, float64(top) / n
}

// fitPolicy fits the policy weights w0 to the decisions by minibatch Adam
// on the cross-entropy with the visit shares, reporting each epoch's
// held-out figures, and returns the weights.
func fitPolicy(d *decisions, w0 []float32, o *policyOptions, out io.Writer) []float32 {
	n := len(bots.InitialPolicy())
	f := &policyFit{w: make([]float64, n), m: make([]float64, n), v: make([]float64, n), g: make([]float64, n)}
	for i, x := range w0 {
		f.w[i] = float64(x)
	}
	var train, held []int
	for k := range d.deal {
		if o.holdout > 0 && d.deal[k]%o.holdout == o.holdout-1 {
			held = append(held, k)
		} else {
			train = append(train, k)
		}
	}
	fmt.Fprintf(out, "fitpolicy: %d training and %d held-out decisions, %d moves\n", len(train), len(held), len(d.visit))
	ce, top := f.metrics(d, held)
	fmt.Fprintf(out, "epoch 0: held-out cross-entropy %.4f, top move %.1f%%\n", ce, 100*top)
	r := rand.New(rand.NewPCG(o.seed, 0x706f6c))
	var p []float64
	for e := 1; e <= o.epochs; e++ {
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		lr := o.lr * 0.5 * (1 + math.Cos(math.Pi*float64(e-1)/float64(o.epochs)))
		sum := 0.0
		for b := 0; b < len(train); b += o.batch {
			batch := train[b:min(b+o.batch, len(train))]
			for _, k := range batch {
				p = f.priors(d, k, p)
				sum += f.loss(d, k, p, true)
			}
			f.step(len(batch), lr, o.l2)
		}
		ce, top := f.metrics(d, held)
		fmt.Fprintf(out, "epoch %d: training cross-entropy %.4f; held-out %.4f, top move %.1f%%\n", e, sum/float64(max(len(train), 1)), ce, 100*top)
	}
	w := make([]float32, n)
	for i, x := range f.w {
		w[i] = float32(x)
	}
	return w
}

func fitPolicyCmd(_ context.Context, args []string, out, errOut io.Writer) int {
	o := policyOptions{}
	fs := flag.NewFlagSet("fitpolicy", flag.ContinueOnError)
	dataFlag := fs.String("data", "", "the data set `directories` with policy targets (gen -policy), comma-separated; none: write the initial model")
	initFlag := fs.String("init", "", "start from the policy of this az model `file` (default: bots.InitialPolicy)")
	valueFlag := fs.String("value", "", "the value model `file` (fit's output) of the model written, for games of two players (default: -init's, or bots.LinearValueModel)")
	moreFlag := fs.String("more", "", "the value model `file` of games of three and four players (default: -value's model; without -value, -init's)")
	fs.IntVar(&o.epochs, "epochs", 10, "passes over the training decisions")
	fs.IntVar(&o.batch, "batch", 64, "decisions a step")
	fs.Float64Var(&o.lr, "lr", 0.01, "Adam's learning rate (cosine schedule)")
	fs.Float64Var(&o.l2, "l2", 1e-4, "L2 weight decay")
	fs.Uint64Var(&o.seed, "seed", 1, "the seed of the shuffles")
	fs.IntVar(&o.holdout, "holdout", 5, "hold out the deals d with d mod N = N-1 (0: none)")
	model := fs.String("out", "", "write the az model to `file`")
	if c := parse(fs, args, errOut); c >= 0 {
		return c
	}
	switch {
	case *model == "":
		return bad(errOut, "fitpolicy", "-out: name the model file")
	case o.epochs < 0 || o.batch < 1 || o.holdout < 0:
		return bad(errOut, "fitpolicy", "-epochs, -holdout: 0 or more; -batch: 1 or more")
	case !(o.lr > 0) || !(o.l2 >= 0):
		return bad(errOut, "fitpolicy", "-lr: above 0; -l2: 0 or more")
	}
	start := time.Now()
	policy, value := bots.InitialPolicy(), bots.LinearValueModel()
	var more *bots.ValueModel
	if *initFlag != "" {
		m, err := readAZ(*initFlag)
		if err != nil {
			return fail(errOut, "fitpolicy", err)
		}
		policy, value, more = m.Policy(), m.Value(), m.ValueFor(4)
		a, _ := value.MarshalBinary()
		b, _ := more.MarshalBinary()
		if *valueFlag != "" || bytes.Equal(a, b) {
			more = nil // -value's model judges every game, unless -more
		}
	}
	for _, f := range []struct {
		name string
		m    **bots.ValueModel
	}{{*valueFlag, &value}, {*moreFlag, &more}} {
		if f.name == "" {
			continue
		}
		b, err := os.ReadFile(f.name)
		if err == nil {
			*f.m, err = bots.ParseValueModel(b)
		}
		if err != nil {
			return fail(errOut, "fitpolicy", err)
		}
	}
	if *dataFlag != "" {
		d, err := loadDecisions(strings.Split(*dataFlag, ","))
		if err != nil {
			return fail(errOut, "fitpolicy", err)
		}
		policy = fitPolicy(d, policy, &o, out)
	}
	m, err := bots.NewAZModelByPlayers(policy, value, more)
	if err == nil {
		var b []byte
		b, _ = m.MarshalBinary()
		err = os.WriteFile(*model, b, 0o644)
	}
	if err != nil {
		return fail(errOut, "fitpolicy", err)
	}
	fmt.Fprintf(errOut, "fitpolicy: %.1f s\n", time.Since(start).Seconds())
	return 0
}

// readAZ reads an az model file.
func readAZ(name string) (*bots.AZModel, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return bots.ParseAZModel(b)
}
