package main

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund"
)

// run runs the command and returns its exit status and output.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// mustRun runs the command and fails t unless it succeeds.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := run(t, args...)
	if code != 0 {
		t.Fatalf("train %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

// TestNpyHeader checks the headers against numpy's own (numpy.save
// writes these bytes for these shapes).
func TestNpyHeader(t *testing.T) {
	tests := []struct {
		descr string
		shape []int
		dict  string
	}{
		{"<f4", []int{3, 2659}, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 2659), }"},
		{"<f4", []int{0}, "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }"},
		{"<i4", []int{123456, 5}, "{'descr': '<i4', 'fortran_order': False, 'shape': (123456, 5), }"},
	}
	for _, tt := range tests {
		h := npyHeader(tt.descr, tt.shape)
		// numpy 1.24 pads to 64 bytes: magic, version, length, dict,
		// spaces, newline.
		want := "\x93NUMPY\x01\x00" + "\x76\x00" + tt.dict + strings.Repeat(" ", 128-10-1-len(tt.dict)) + "\n"
		if string(h) != want {
			t.Errorf("npyHeader(%s, %v) =\n%q, want\n%q", tt.descr, tt.shape, h, want)
		}
	}
}

// TestParseNpyRefuses checks that parseNpy refuses what it did not write.
func TestParseNpyRefuses(t *testing.T) {
	good := append(npyHeader("<f4", []int{2}), 0, 0, 0, 0, 0, 0, 128, 63)
	if a, err := parseNpy("good", good); err != nil || a.rows != 2 || a.width != 1 || a.f32()[1] != 1 {
		t.Fatalf("parseNpy(a good file) = %+v, %v", a, err)
	}
	tests := map[string][]byte{
		"empty":          nil,
		"no magic":       append([]byte("\x93NUMPX\x01\x00"), good[8:]...),
		"version 2":      append([]byte("\x93NUMPY\x02\x00"), good[8:]...),
		"short data":     good[:len(good)-1],
		"long data":      append(append([]byte{}, good...), 0),
		"header cut":     good[:40],
		"float64":        bytes.Replace(good, []byte("<f4"), []byte("<f8"), 1),
		"fortran order":  bytes.Replace(good, []byte("False"), []byte("True "), 1),
		"header too big": append([]byte("\x93NUMPY\x01\x00\xff\xff"), good[10:]...),
	}
	for name, data := range tests {
		if _, err := parseNpy(name, data); !errors.Is(err, errNpy) {
			t.Errorf("parseNpy(%s) = %v, want an error wrapping errNpy", name, err)
		}
	}
}

// genArgs are the arguments of a small, fast run of gen.
func genArgs(out string, extra ...string) []string {
	return append([]string{"gen", "-bots", "greedy,random", "-players", "3", "-deals", "9", "-seed", "7", "-p", "0.05", "-out", out}, extra...)
}

// readAll returns the three files of a data set.
func readAll(t *testing.T, dir string) [3]string {
	t.Helper()
	var out [3]string
	for i, f := range []string{obsFile, labelsFile, metaFile} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

// TestShardsMerge checks that three shards, merged in any order, give
// byte for byte the files of one run, and that the run does not depend on
// -parallel.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one")
	mustRun(t, genArgs(one, "-parallel", "1")...)
	want := readAll(t, one)
	two := filepath.Join(dir, "two")
	mustRun(t, genArgs(two, "-parallel", "3")...)
	if readAll(t, two) != want {
		t.Errorf("-parallel 3 wrote other files than -parallel 1")
	}
	var shards []string
	for _, i := range []string{"2", "0", "1"} {
		s := filepath.Join(dir, "shard"+i)
		mustRun(t, genArgs(s, "-shard", i+"/3", "-parallel", "2")...)
		shards = append(shards, s)
	}
	if readAll(t, shards[1]) == want {
		t.Fatalf("shard 0/3 wrote all the deals")
	}
	merged := filepath.Join(dir, "merged")
	mustRun(t, append([]string{"merge", "-out", merged}, shards...)...)
	if got := readAll(t, merged); got != want {
		t.Errorf("the merged shards differ from one run: %d, %d, %d bytes for %d, %d, %d", len(got[0]), len(got[1]), len(got[2]), len(want[0]), len(want[1]), len(want[2]))
	}
	// A shard merged twice is refused.
	if code, _, errOut := run(t, "merge", "-out", filepath.Join(dir, "twice"), shards[0], shards[0]); code != 1 || !strings.Contains(errOut, "deal 2 is in") {
		t.Errorf("merging a shard twice: exit %d, %q", code, errOut)
	}
}

// TestGenRows checks the rows of a run: every seat's row at each sampled
// position, in deal order, labels that sum to 1 (the seats' returns:
// TestGenLabelsAreReturns) and observations that are the seat's view.
func TestGenRows(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, genArgs(dir, "-maxturns", "40")...)
	l, err := loadSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.obs.rows < 30 {
		t.Fatalf("%d rows", l.obs.rows)
	}
	obs, labels, meta := l.obs.f32(), l.labels.f32(), l.meta.i32()
	for r := 0; r < l.obs.rows; r += 3 {
		m := meta[r*metaWidth : (r+3)*metaWidth]
		sum := float32(0)
		for q := range 3 {
			row := m[q*metaWidth : (q+1)*metaWidth]
			if row[metaDeal] != m[metaDeal] || row[metaMove] != m[metaMove] || row[metaSeat] != int32(q) || row[metaPlayers] != 3 {
				t.Fatalf("row %d: meta %v: want the position of row %d, seat %d of 3", r+q, row, r, q)
			}
			sum += labels[r+q]
			// The observation's seat 0 is the viewer: "seated" is 1.
			if x := obs[(r+q)*elasund.ObservationSize+2572]; x != 1 {
				t.Fatalf("row %d: seated = %v", r+q, x)
			}
		}
		if math.Abs(float64(sum)-1) > 1e-6 {
			t.Errorf("deal %d, move %d: labels sum to %v", m[metaDeal], m[metaMove], sum)
		}
		if r > 0 && meta[(r-3)*metaWidth+metaDeal] > m[metaDeal] {
			t.Errorf("row %d: deal %d after deal %d", r, m[metaDeal], meta[(r-3)*metaWidth+metaDeal])
		}
	}
	// Replaying deal 0 at a Table with the same bots gives the rows'
	// observations.
	o := genOptions{bots: []string{"greedy", "random"}, players: 3, seed: 7, p: 0.05, allSeats: true, maxTurns: 40}
	r0, err := playDeal(&o, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := len(r0.labels)
	if n == 0 || !slices32Equal(r0.obs, obs[:n*elasund.ObservationSize]) {
		t.Errorf("deal 0 played again gave other rows (%d)", n)
	}
}

func slices32Equal(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBadArguments checks that bad arguments exit 2 with a message.
func TestBadArguments(t *testing.T) {
	out := t.TempDir()
	tests := [][]string{
		{},
		{"nope"},
		{"gen", "-bots", "nobody", "-out", out},
		{"gen", "-players", "5", "-out", out},
		{"gen", "-shard", "3/3", "-out", out},
		{"gen", "-shard", "x", "-out", out},
		{"gen", "-p", "2", "-out", out},
		{"gen"},
		{"gen", "-out", out, "extra"},
		{"merge", "-out", out},
		{"fit"},
		{"fit", "-data", out, "-hidden", "-1"},
		{"fit", "-data", out, "-lr", "0"},
		{"eval"},
	}
	for _, args := range tests {
		if code, _, errOut := run(t, args...); code != 2 || errOut == "" {
			t.Errorf("train %q: exit %d, %q; want 2 and a message", args, code, errOut)
		}
	}
}

// TestHelp checks that -h and help print the usage under the command's name
// and exit 0, as every command of examples/ does.
func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help", "help"} {
		code, out, _ := run(t, arg)
		if code != 0 || !strings.HasPrefix(out, "usage: train ") {
			t.Errorf("train %s: exit %d, %q; want 0 and the usage", arg, code, out)
		}
	}
	if code, _, errOut := run(t, "gen", "-h"); code != 0 || !strings.Contains(errOut, "-shard") {
		t.Errorf("train gen -h: exit %d, %q; want 0 and gen's flags", code, errOut)
	}
}

// synthetic returns samples whose label is 1 with probability σ(2·x0 −
// 2·x1), x0 and x1 in {0, 1}, at inputs 10 and 2000 of the observation.
func synthetic(n int, r *rand.Rand) []sample {
	out := make([]sample, n)
	for i := range out {
		var s sample
		x0, x1 := r.IntN(2), r.IntN(2)
		if x0 == 1 {
			s.idx, s.val = append(s.idx, 10), append(s.val, 1)
		}
		if x1 == 1 {
			s.idx, s.val = append(s.idx, 2000), append(s.val, 1)
		}
		s.idx, s.val = append(s.idx, 2572), append(s.val, 1) // always on
		if r.Float64() < 1/(1+math.Exp(-2*float64(x0-x1))) {
			s.label = 1
		}
		s.deal, s.players = i, 2
		out[i] = s
	}
	return out
}

// TestFitLearns checks that both models learn a known logistic relation:
// the held-out log-loss comes near the true model's.
func TestFitLearns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	d := &data{train: synthetic(4000, r), held: synthetic(2000, r)}
	truth := evaluate(d.held, func(s *sample) float64 {
		z := 0.0
		for _, i := range s.idx {
			switch i {
			case 10:
				z += 2
			case 2000:
				z -= 2
			}
		}
		return 1 / (1 + math.Exp(-z))
	})
	for _, hidden := range []int{0, 4} {
		o := fitOptions{hidden: hidden, epochs: 8, batch: 32, lr: 0.02, l2: 0, seed: 1, threads: 2}
		var log bytes.Buffer
		n, err := fit(d, &o, &log)
		if err != nil {
			t.Fatal(err)
		}
		got := evaluate(d.held, n.predictor())
		if got.loss > truth.loss+0.01 || got.loss > got.baseLoss-0.1 {
			t.Errorf("hidden %d: held-out log-loss %.4f; the true model's %.4f, a constant's %.4f\n%s", hidden, got.loss, truth.loss, got.baseLoss, log.String())
		}
		// The model's float32 form predicts the same.
		m, err := n.model()
		if err != nil {
			t.Fatal(err)
		}
		obs := make([]float32, elasund.ObservationSize)
		for i := range 20 {
			s := &d.held[i]
			clear(obs)
			for k, j := range s.idx {
				obs[j] = s.val[k]
			}
			if a, b := n.predictor()(s), m.Predict(obs); math.Abs(a-b) > 1e-5 {
				t.Errorf("hidden %d, sample %d: the net predicts %v, its ValueModel %v", hidden, i, a, b)
			}
		}
	}
}

// TestGradient checks accumulate's gradient against finite differences.
func TestGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := &sample{idx: []int32{0, 7, 2658}, val: []float32{1, 0.5, 2}, label: 1}
	for _, hidden := range []int{0, 3} {
		n := newNet(hidden, 3, r)
		n.b = 0.3
		for j := range n.b1 {
			n.b1[j] = r.NormFloat64()
		}
		g := newGrad(n)
		n.accumulate(s, g)
		loss := func() float64 { return logLoss(n.forward(s, make([]float64, hidden)), s.label) }
		check := func(name string, p *float64, want float64) {
			const eps = 1e-6
			x := *p
			*p = x + eps
			hi := loss()
			*p = x - eps
			lo := loss()
			*p = x
			if num := (hi - lo) / (2 * eps); math.Abs(num-want) > 1e-5 {
				t.Errorf("hidden %d: d loss / d %s = %v by differences, %v by accumulate", hidden, name, num, want)
			}
		}
		check("b", &n.b, g.b)
		for _, i := range s.idx {
			for j := range n.width() {
				w := int(i)*n.width() + j
				check("w1", &n.w1[w], g.w1[w])
			}
		}
		for j := range hidden {
			check("b1", &n.b1[j], g.b1[j])
			check("w2", &n.w2[j], g.w2[j])
		}
	}
}

// TestFitEval fits a model to a small run and measures it with eval: the
// two report the same held-out metrics.
func TestFitEval(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, genArgs(dir, "-deals", "20")...)
	model := filepath.Join(dir, "m.bin")
	fitOut := mustRun(t, "fit", "-data", dir, "-hidden", "2", "-epochs", "2", "-out", model)
	evalOut := mustRun(t, "eval", "-data", dir, "-model", model)
	line := func(s string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.Contains(l, ", held out: ") {
				_, after, _ := strings.Cut(l, ", held out: ")
				return after
			}
		}
		return ""
	}
	if a, b := line(fitOut), line(evalOut); a == "" || a != b {
		t.Errorf("fit reports %q, eval %q", a, b)
	}
}
