package bots_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// azPriors computes the priors of moves with features feats from an az
// model's binary form in float64, without the package's code: the
// independent path AZModel.Evaluate is checked against.
func azPriors(t *testing.T, data []byte, feats []bots.MoveFeatures) []float64 {
	t.Helper()
	if string(data[:4]) != "ELAZ" || binary.LittleEndian.Uint32(data[8:]) != bots.PolicyFeatures {
		t.Fatal("not an az model")
	}
	w := func(i int) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(data[12+4*i:]))) }
	z := make([]float64, len(feats))
	sum := 0.0
	for i, f := range feats {
		for s := range f.Index {
			z[i] += w(int(f.Index[s])) * float64(f.Value[s])
		}
	}
	for i := range z {
		z[i] = math.Exp(z[i])
		sum += z[i]
	}
	for i := range z {
		z[i] /= sum
	}
	return z
}

// TestEmbeddedAZModel loads the shipped az.bin and checks its priors and
// values against an independent evaluation from the file's bytes, in
// positions of 2- and 4-player games, and that it judges games of more
// than two players by value_linear.bin.
func TestEmbeddedAZModel(t *testing.T) {
	data, err := os.ReadFile("az.bin")
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 5<<20 {
		t.Errorf("az.bin is %d bytes; the weights must stay within 5 MB", len(data))
	}
	m := bots.DefaultAZModel()
	// The value model of three and four players is ismcts-v's,
	// value_linear.bin, after the 2-player one.
	linear, err := os.ReadFile("value_linear.bin")
	if err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 || !bytes.HasSuffix(data, linear) || len(data) < 12+4*bots.PolicyFeatures+2*len(linear) {
		t.Errorf("az.bin: version %d, %d bytes; want version 2 ending in value_linear.bin after a 2-player value model", v, len(data))
	}
	for _, players := range []int{2, 4} {
		value := m.ValueFor(players)
		for _, moves := range []int{0, 30, 120} {
			g := playedGame(t, players, moves)
			legal := g.Legal()
			var vals [elasund.MaxPlayers]float64
			priors := make([]float64, len(legal))
			if !m.Evaluate(g, legal, &vals, priors) {
				t.Fatal("the az model gives no priors")
			}
			want := azPriors(t, data, bots.AppendMoveFeatures(nil, g, legal))
			for i := range priors {
				if math.Abs(priors[i]-want[i]) > 1e-5 {
					t.Errorf("%d players, %d moves: prior of %v = %v, want %v", players, moves, legal[i], priors[i], want[i])
				}
			}
			// The values: the value model's, as ismcts-v judges.
			var vv [elasund.MaxPlayers]float64
			bots.NewValueEvaluator(value).Evaluate(g, nil, &vv, nil)
			if vals != vv {
				t.Errorf("%d players, %d moves: values %v, the value model's %v", players, moves, vals, vv)
			}
		}
	}
}

// playedGame returns a game of players seats after moves moves of greedy
// bots.
func playedGame(t testing.TB, players, moves int) *elasund.Game {
	t.Helper()
	g, err := elasund.New(elasund.Config{Players: players, Seed: 5, MaxTurns: 300})
	if err != nil {
		t.Fatal(err)
	}
	b := bots.NewGreedy(3)
	for i := 0; i < moves && !g.Over(); i++ {
		m, err := b.Choose(g.View(g.ToMove()))
		if err == nil {
			err = g.Apply(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestMoveFeatures checks the features of moves against the rules'
// reading of them, by hand: kind, heuristic (0 for the best move, below
// for the others), payment, building, permit value, the distance of the
// move's square from the ship in rows, cost and turn.
func TestMoveFeatures(t *testing.T) {
	for _, moves := range []int{5, 40, 80, 150} {
		g := playedGame(t, 2, moves)
		legal := g.Legal()
		feats := bots.AppendMoveFeatures(nil, g, legal)
		if len(feats) != len(legal) {
			t.Fatalf("%d features for %d moves", len(feats), len(legal))
		}
		rows := elasund.Rows()
		shipIdx := slices.Index(rows[:], g.Ship())
		best := false
		for i, m := range legal {
			f := feats[i]
			k := int(m.Kind)
			has := func(idx int, val float32) bool {
				for s := range f.Index {
					if int(f.Index[s]) == idx && f.Value[s] == val {
						return true
					}
				}
				return false
			}
			if !has(k, 1) {
				t.Errorf("%v: no kind feature %d", m, k)
			}
			if h := f.Value[1]; int(f.Index[1]) != 20+k || h > 0 || h < -20 {
				t.Errorf("%v: heuristic feature %d = %v", m, f.Index[1], h)
			} else if h == 0 {
				best = true
			}
			if (m.Pay != elasund.NoInfluence) != has(40+k, 1) {
				t.Errorf("%v: pay feature wrong: %+v", m, f)
			}
			if m.Kind == elasund.Build && !has(60+int(m.Building), 1) {
				t.Errorf("%v: no building feature", m)
			}
			if m.Kind == elasund.PlacePermit && !has(80+int(m.Permit), 1) {
				t.Errorf("%v: no permit value feature", m)
			}
			if m.Kind == elasund.PlacePermit {
				d := int(m.Square)/elasund.NumColumns - shipIdx
				if d < 0 {
					d = -d
				}
				if !has(110+d, 1) {
					t.Errorf("%v (ship %v): no row distance feature %d: %+v", m, g.Ship(), d, f)
				}
			}
			if c := g.Cost(m).Total(); c > 0 != has(140+k, float32(c)/4) {
				t.Errorf("%v: cost %d, features %+v", m, c, f)
			}
			if !has(160+k, float32(g.Turn())/40) {
				t.Errorf("%v: no turn feature", m)
			}
			for s := range f.Index {
				if f.Index[s] >= bots.PolicyFeatures {
					t.Errorf("%v: feature %d", m, f.Index[s])
				}
			}
		}
		if !best {
			t.Errorf("after %d moves: no move has the best heuristic (feature 0)", moves)
		}
	}
}

// TestAZModelBinary checks that a model survives its binary form and that
// bad data is refused with ErrAZModel (or ErrValueModel for its value
// part).
func TestAZModelBinary(t *testing.T) {
	p := bots.InitialPolicy()
	p[3] = 0.25
	m, err := bots.NewAZModel(p, bots.LinearValueModel())
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := bots.ParseAZModel(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Policy(), p) {
		t.Error("the policy changed in its binary form")
	}
	again, _ := back.MarshalBinary()
	if !slices.Equal(again, data) {
		t.Error("MarshalBinary of the parsed model differs")
	}
	bad := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, bots.ErrAZModel},
		{"magic", append([]byte("ELVX"), data[4:]...), bots.ErrAZModel},
		{"version 0", patch(data, 4, 0), bots.ErrAZModel},
		{"version 3", patch(data, 4, 3), bots.ErrAZModel},
		{"version 2, one value model", patch(data, 4, 2), bots.ErrAZModel},
		{"features", patch(data, 8, bots.PolicyFeatures+1), bots.ErrAZModel},
		{"short", data[:100], bots.ErrAZModel},
		{"no value", data[:12+4*bots.PolicyFeatures], bots.ErrValueModel},
		{"cut value", data[:len(data)-4], bots.ErrValueModel},
	}
	for _, c := range bad {
		if _, err := bots.ParseAZModel(c.data); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := bots.NewAZModel(p[:10], bots.LinearValueModel()); !errors.Is(err, bots.ErrAZModel) {
		t.Errorf("10 policy weights: %v", err)
	}
	if _, err := bots.NewAZModel(p, nil); !errors.Is(err, bots.ErrAZModel) {
		t.Errorf("no value model: %v", err)
	}
	if _, err := bots.NewAZModelByPlayers(p, nil, bots.LinearValueModel()); !errors.Is(err, bots.ErrAZModel) {
		t.Errorf("no 2-player value model: %v", err)
	}
}

// TestAZModelByPlayers checks a model with a value model of its own for
// three and four players: its binary form (version 2) keeps both, the
// second cut short is refused, and Evaluate judges a game by the model of
// its player count, as NewValueEvaluator of that model does.
func TestAZModelByPlayers(t *testing.T) {
	two, more := bots.DefaultValueModel(), bots.LinearValueModel()
	m, err := bots.NewAZModelByPlayers(bots.InitialPolicy(), two, more)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		t.Fatalf("version %d, want 2", v)
	}
	back, err := bots.ParseAZModel(data)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.MarshalBinary(); !slices.Equal(again, data) {
		t.Error("MarshalBinary of the parsed model differs")
	}
	for _, cut := range []int{4, len(data) - 16 - 4*bots.PolicyFeatures} {
		if _, err := bots.ParseAZModel(data[:len(data)-cut]); err == nil {
			t.Errorf("cut by %d bytes: parsed", cut)
		}
	}
	for players := 2; players <= 4; players++ {
		g, err := elasund.New(elasund.Config{Players: players, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		for greedy := bots.NewGreedy(1); g.Turn() < 8 && !g.Over(); {
			mv, _ := greedy.Choose(g.View(g.ToMove()))
			if err := g.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
		want := bots.NewValueEvaluator(two)
		if players > 2 {
			want = bots.NewValueEvaluator(more)
		}
		var got, exp [elasund.MaxPlayers]float64
		back.Evaluate(g, nil, &got, nil)
		want.Evaluate(g, nil, &exp, nil)
		if got != exp || got[0] == 0 {
			t.Errorf("%d players: values %v, want %v", players, got, exp)
		}
		if u := back.ValueFor(players); u == nil {
			t.Errorf("%d players: no value model", players)
		}
	}
}

// TestChooseWithPolicy checks the root visits: one entry for each legal
// move in the order of View.AppendLegal, summing to the iterations of a
// one-worker search but its first (which judges the root), the chosen move among those visited most, and the
// same move as Choose of a bot of the same seed; a decision of one move
// gets one visit.
func TestChooseWithPolicy(t *testing.T) {
	views := midgameViews(t)
	for _, name := range []string{"az:200", "ismcts:200", "ismcts-v:200"} {
		for _, at := range []int{0, 7, len(views) / 2, len(views) - 1} {
			v := views[at]
			b1, _ := bots.New(name, 9)
			b2, _ := bots.New(name, 9)
			m, visits, err := b1.(*bots.ISMCTS).ChooseWithPolicy(context.Background(), v, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := b2.Choose(v)
			if m != want {
				t.Errorf("%s, view %d: ChooseWithPolicy chose %v, Choose %v", name, at, m, want)
			}
			legal := v.Legal()
			sum, most := 0, 0
			for i, x := range visits {
				if i >= len(legal) || x.Move != legal[i] {
					t.Fatalf("%s, view %d: visits %v not in the order of %v", name, at, visits, legal)
				}
				sum += x.Visits
				most = max(most, x.Visits)
			}
			if len(visits) != len(legal) || sum != 199 {
				t.Errorf("%s, view %d: %d entries, %d visits; want %d, 199", name, at, len(visits), sum, len(legal))
			}
			if i := slices.IndexFunc(visits, func(x bots.MoveVisits) bool { return x.Move == m }); i < 0 || visits[i].Visits != most {
				t.Errorf("%s, view %d: chose %v, not a move visited most (%v)", name, at, m, visits)
			}
		}
	}
	// A roll: one legal move, one visit.
	g, _ := elasund.New(elasund.Config{Players: 2, Seed: 1})
	for g.Phase() != elasund.PhaseRoll {
		_ = g.Apply(g.Legal()[0])
	}
	b, _ := bots.New("az", 1)
	m, visits, err := b.(*bots.ISMCTS).ChooseWithPolicy(context.Background(), g.View(g.ToMove()), nil)
	if err != nil || len(visits) != 1 || visits[0] != (bots.MoveVisits{Move: m, Visits: 1}) {
		t.Errorf("a roll: %v, %v, %v", m, visits, err)
	}
}

// noPolicy is an evaluator without a policy, of another type than the
// package's.
type noPolicy struct{ e bots.Evaluator }

func (n noPolicy) Evaluate(g *elasund.Game, legal []elasund.Move, value *[elasund.MaxPlayers]float64, priors []float64) bool {
	return n.e.Evaluate(g, legal, value, priors)
}
func (n noPolicy) Clone() bots.Evaluator { return noPolicy{n.e.Clone()} }

// TestEvaluatorPlugsIn checks that an evaluator without priors searches as
// a value model does: ISMCTSOptions.Value, NewValueEvaluator and a user's
// own type wrapping it make the same moves with the same root visits; and
// that az's searches are reproducible for a seed, with one worker or
// several.
func TestEvaluatorPlugsIn(t *testing.T) {
	views := midgameViews(t)
	m := bots.LinearValueModel()
	opts := []bots.ISMCTSOptions{
		{Iterations: 150, Value: m},
		{Iterations: 150, Evaluator: bots.NewValueEvaluator(m)},
		{Iterations: 150, Evaluator: noPolicy{bots.NewValueEvaluator(m)}},
	}
	names := []string{"ismcts-v:150", "ismcts-v:150", "ismcts-e:150"}
	for _, at := range []int{1, len(views) / 3, len(views) / 2} {
		var first []bots.MoveVisits
		for i, o := range opts {
			b, err := bots.NewISMCTS(4, o)
			if err != nil {
				t.Fatal(err)
			}
			if b.Name() != names[i] {
				t.Errorf("options %d: name %q, want %q", i, b.Name(), names[i])
			}
			_, visits, err := b.ChooseWithPolicy(context.Background(), views[at], nil)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = visits
			} else if !slices.Equal(visits, first) {
				t.Errorf("view %d, options %d: visits %v, the value model's %v", at, i, visits, first)
			}
		}
		for _, workers := range []int{1, 3} {
			o := bots.ISMCTSOptions{Iterations: 300, Workers: workers, Evaluator: bots.DefaultAZModel()}
			var runs [2][]bots.MoveVisits
			for r := range runs {
				b, _ := bots.NewISMCTS(11, o)
				_, runs[r], _ = b.ChooseWithPolicy(context.Background(), views[at], nil)
			}
			if !slices.Equal(runs[0], runs[1]) {
				t.Errorf("view %d, %d workers: az's visits differ for one seed", at, workers)
			}
		}
	}
}

// BenchmarkAZEvaluate measures one leaf's evaluation by the az model, its
// priors over the legal moves and its value, over the positions of a
// game between greedy bots (one position an op).
func BenchmarkAZEvaluate(b *testing.B) {
	views := midgameViews(b)
	type leaf struct {
		g     *elasund.Game
		legal []elasund.Move
	}
	var leaves []leaf
	for _, v := range views {
		g, err := v.Redeal(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		leaves = append(leaves, leaf{g, g.Legal()})
	}
	m := bots.DefaultAZModel()
	priors := make([]float64, 1024)
	var value [elasund.MaxPlayers]float64
	for _, l := range leaves {
		m.Evaluate(l.g, l.legal, &value, priors[:len(l.legal)])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := leaves[i%len(leaves)]
		m.Evaluate(l.g, l.legal, &value, priors[:len(l.legal)])
	}
}

// TestAZOptionsRoundTrip checks what a host that bounds a bot's search
// does (examples/web): an az bot made again from its Options, with other
// bounds, is still az, named by its new budget.
func TestAZOptionsRoundTrip(t *testing.T) {
	b, err := bots.New("az:10ms", 1)
	if err != nil {
		t.Fatal(err)
	}
	o := b.(*bots.ISMCTS).Options()
	o.Iterations, o.Budget, o.TreeBytes = 50, 0, 1<<20
	c, err := bots.NewISMCTS(1, o)
	if err != nil || c.Name() != "az:50" || o.Playout != bots.DefaultValuePlayout {
		t.Fatalf("from az:10ms's options: %v, %v, playout %d", c, err, o.Playout)
	}
	v := midgameViews(t)[20]
	if _, err := c.Choose(v); err != nil {
		t.Error(err)
	}
}

// TestEvaluateBadInput checks that the evaluators judge nothing, and do
// not panic, for a nil game, and az's for priors shorter than the moves
// (the value evaluator writes no priors).
func TestEvaluateBadInput(t *testing.T) {
	g := playedGame(t, 2, 30)
	legal := g.Legal()
	for _, e := range []bots.Evaluator{bots.DefaultAZModel(), bots.NewValueEvaluator(nil)} {
		var value [elasund.MaxPlayers]float64
		if e.Evaluate(nil, legal, &value, make([]float64, len(legal))) || value != [elasund.MaxPlayers]float64{} {
			t.Errorf("%T: a nil game judged %v", e, value)
		}
	}
	var value [elasund.MaxPlayers]float64
	if bots.DefaultAZModel().Evaluate(g, legal, &value, make([]float64, len(legal)-1)) || value != [elasund.MaxPlayers]float64{} {
		t.Errorf("az: short priors judged %v", value)
	}
	if f := bots.AppendMoveFeatures(nil, nil, legal); len(f) != 0 {
		t.Errorf("features of a nil game: %v", f)
	}
}
