package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// The files of a data set, in its directory.
const (
	obsFile    = "obs.npy"    // float32 (N, ObservationSize): View.AppendObservation
	labelsFile = "labels.npy" // float32 (N,): the viewing seat's return
	metaFile   = "meta.npy"   // int32 (N, metaWidth): see the meta* indices
)

// The columns of meta.npy.
const (
	metaDeal    = iota // the deal
	metaTurn           // Game.Turn at the position
	metaSeat           // the viewing seat (absolute)
	metaPlayers        // the number of players
	metaMove           // the number of moves played before the position
	metaWidth
)

// genOptions are the settings of gen.
type genOptions struct {
	bots     []string
	players  int
	deals    int
	seed     uint64
	p        float64
	policyP  float64 // the probability that a decision's root visits are recorded
	allSeats bool
	maxTurns int
	parallel int
	shard    shard
	out      string
}

// shard is the part i of n of the deals: deals i, i+n, i+2n, ….
type shard struct{ i, n int }

// parseShard reads "i/n", 0 ≤ i < n.
func parseShard(s string) (shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return shard{}, fmt.Errorf("-shard %.60q: write i/n with 0 ≤ i < n, such as 0/3", s)
	}
	return shard{i, n}, nil
}

// deals returns the deals of the shard among deals 0 to total−1.
func (s shard) deals(total int) []int {
	var out []int
	for d := s.i; d < total; d += s.n {
		out = append(out, d)
	}
	return out
}

// rows are the positions sampled in one deal.
type rows struct {
	obs    []float32 // len(labels) observations
	labels []float32
	meta   []int32 // metaWidth a row
	pol    polRows // the policy targets (genOptions.policyP)
}

// dealSources returns the seed of deal d's game, its bots' seeds and its
// sampling source: all from the master seed and d alone, so that a shard
// plays deal d as one run of every deal does.
func dealSources(seed uint64, d, players int) (game uint64, botSeeds []uint64, sample *rand.Rand) {
	src := rand.New(rand.NewPCG(seed, uint64(d)))
	game = src.Uint64()
	if game == 0 {
		game = 1 // 0 would ask the table for a secret seed
	}
	botSeeds = make([]uint64, players)
	for i := range botSeeds {
		botSeeds[i] = src.Uint64()
	}
	return game, botSeeds, rand.New(rand.NewPCG(src.Uint64(), src.Uint64()))
}

// playDeal plays deal d at a Table and returns its sampled positions: each
// decision is sampled with probability o.p, and a sampled position gives
// the observation of the seat that decides (or of every seat, allSeats),
// labelled with that seat's return in the Table's Outcome (rows.label).
func playDeal(o *genOptions, d int) (rows, error) {
	gameSeed, botSeeds, sample := dealSources(o.seed, d, o.players)
	seats := make([]bots.Bot, o.players)
	for s := range seats {
		b, err := bots.New(o.bots[(s+d)%len(o.bots)], botSeeds[s])
		if err != nil {
			return rows{}, err
		}
		seats[s] = b
	}
	t, err := elasund.NewTable(elasund.Config{Players: o.players, Seed: gameSeed, MaxTurns: o.maxTurns})
	if err != nil {
		return rows{}, err
	}
	var r rows
	featRng := featureSource(o.seed, d)
	var visits []bots.MoveVisits
	for moves := 0; !t.Over(); moves++ {
		p := t.ToMove()
		v := t.View(p)
		if sample.Float64() < o.p {
			for q := range o.players {
				if !o.allSeats && elasund.Player(q) != p {
					continue
				}
				r.obs = t.View(elasund.Player(q)).AppendObservation(r.obs)
				r.meta = append(r.meta, int32(d), int32(t.Turn()), int32(q), int32(o.players), int32(moves))
			}
		}
		var m elasund.Move
		chosen := false
		if o.policyP > 0 && sample.Float64() < o.policyP {
			m, chosen, err = r.pol.choosePolicy(seats[p], v, d, moves, featRng, &visits)
		}
		if !chosen && err == nil {
			m, err = seats[p].Choose(v)
		}
		if err != nil {
			return rows{}, fmt.Errorf("deal %d, move %d: %s: %w", d, moves, seats[p].Name(), err)
		}
		if _, err := t.Play(p, m); err != nil {
			return rows{}, fmt.Errorf("deal %d, move %d: %s: %w", d, moves, seats[p].Name(), err)
		}
	}
	r.label(t.Outcome())
	r.pol.label(t.Outcome())
	return r, nil
}

// label appends the label of each of r's rows to r.labels: the return of
// the row's seat in the game's outcome o (elasund.Outcome.Returns), 1 if
// the seat won, 0 if another seat did; in a game without a winner (the
// turn limit) the seats in first place, those with the most cubes, share 1
// (1/k each for k of them) and the others get 0. The labels of a
// position's seats sum to 1.
func (r *rows) label(o elasund.Outcome) {
	var buf [elasund.MaxPlayers]float64
	returns := o.Returns(buf[:0])
	for i := 0; i < len(r.meta); i += metaWidth {
		r.labels = append(r.labels, float32(returns[r.meta[i+metaSeat]]))
	}
}

// gen plays the shard's deals, o.parallel at once, and writes their
// positions in deal order to o.out. It returns the number of positions.
func gen(ctx context.Context, o *genOptions) (int, error) {
	deals := o.shard.deals(o.deals)
	out, err := createSet(o.out)
	if err != nil {
		return 0, err
	}
	var pol *polSet
	if o.policyP > 0 {
		if pol, err = createPolSet(o.out); err != nil {
			return 0, errors.Join(err, out.close())
		}
	}
	results := make([]chan rows, len(deals))
	for i := range results {
		results[i] = make(chan rows, 1)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range o.parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(deals) || ctx.Err() != nil {
					return
				}
				r, err := playDeal(o, deals[i])
				if err != nil {
					cancel(err)
					return
				}
				results[i] <- r
			}
		}()
	}
	n := 0
	for i := range deals {
		select {
		case r := <-results[i]:
			err = out.write(&r)
			if pol != nil {
				err = errors.Join(err, pol.write(&r.pol))
			}
			n += len(r.labels)
		case <-ctx.Done():
			err = context.Cause(ctx)
		}
		if err != nil {
			cancel(err)
			break
		}
	}
	wg.Wait()
	if pol != nil {
		err = errors.Join(err, pol.close())
	}
	return n, errors.Join(err, out.close())
}

// set writes the three files of a data set.
type set struct{ obs, labels, meta *npyWriter }

// createSet creates the files of a data set in dir.
func createSet(dir string) (*set, error) {
	var s set
	var err error
	if s.obs, err = createNpy(filepath.Join(dir, obsFile), "<f4", elasund.ObservationSize); err != nil {
		return nil, err
	}
	if s.labels, err = createNpy(filepath.Join(dir, labelsFile), "<f4", 1); err != nil {
		return nil, errors.Join(err, s.obs.close())
	}
	if s.meta, err = createNpy(filepath.Join(dir, metaFile), "<i4", metaWidth); err != nil {
		return nil, errors.Join(err, s.obs.close(), s.labels.close())
	}
	return &s, nil
}

// write appends a deal's rows.
func (s *set) write(r *rows) error {
	var err error
	for i := range r.labels {
		err = errors.Join(err,
			s.obs.writeF32(r.obs[i*elasund.ObservationSize:(i+1)*elasund.ObservationSize]),
			s.labels.writeF32(r.labels[i:i+1]),
			s.meta.writeI32(r.meta[i*metaWidth:(i+1)*metaWidth]))
	}
	return err
}

// close writes the headers and closes the files.
func (s *set) close() error {
	return errors.Join(s.obs.close(), s.labels.close(), s.meta.close())
}
