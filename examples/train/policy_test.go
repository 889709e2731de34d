package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/elasund/elasund"
	"github.com/elasund/elasund/examples/bots"
)

// policyArgs are the arguments of a small run of gen with policy
// targets: searching bots of both kinds against each other.
func policyArgs(out string, extra ...string) []string {
	return append([]string{"gen", "-bots", "az:30,ismcts:30", "-players", "2", "-deals", "4", "-seed", "3",
		"-p", "0.05", "-policy", "0.5", "-maxturns", "25", "-out", out}, extra...)
}

// TestGenPolicy checks the policy targets gen writes: the same files for
// any -parallel; for each decision at least two legal moves, each a
// distinct action index whose kind is the kind its features name, visit
// shares that sum to 1, and returns that are those of the game (two
// players: they sum to 1, the seats past the players 0).
func TestGenPolicy(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	mustRun(t, policyArgs(one, "-parallel", "1")...)
	mustRun(t, policyArgs(two, "-parallel", "2")...)
	for _, f := range []string{polObsFile, polMetaFile, polReturnsFile, polLegalFile, polVisitsFile, polIndexFile, polValueFile} {
		a, err1 := os.ReadFile(filepath.Join(one, f))
		b, err2 := os.ReadFile(filepath.Join(two, f))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: -parallel 2 wrote other bytes (%v, %v)", f, err1, err2)
		}
	}
	read := func(name string) *npyArray {
		a, err := readNpy(filepath.Join(one, name))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	meta, ret, legal, visits := read(polMetaFile).i32(), read(polReturnsFile).f32(), read(polLegalFile).i32(), read(polVisitsFile).f32()
	index := read(polIndexFile).i32()
	obs := read(polObsFile)
	decisions := len(meta) / pmWidth
	if decisions < 10 || obs.rows != decisions || obs.width != elasund.ObservationSize {
		t.Fatalf("%d decisions, observations %d×%d", decisions, obs.rows, obs.width)
	}
	at := 0
	for k := range decisions {
		n := int(meta[k*pmWidth+pmLegal])
		if n < 2 || meta[k*pmWidth+pmPlayers] != 2 {
			t.Errorf("decision %d: %d legal moves, %d players", k, n, meta[k*pmWidth+pmPlayers])
		}
		sum := 0.0
		seen := map[int32]bool{}
		for i := at; i < at+n; i++ {
			m, err := elasund.MoveFromIndex(int(legal[i]))
			if err != nil || seen[legal[i]] {
				t.Errorf("decision %d: action %d: %v (seen %v)", k, legal[i], err, seen[legal[i]])
			}
			seen[legal[i]] = true
			if int(index[i*bots.PolicySlots]) != int(m.Kind) {
				t.Errorf("decision %d: %v has the kind feature %d", k, m, index[i*bots.PolicySlots])
			}
			sum += float64(visits[i])
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Errorf("decision %d: visit shares sum to %v", k, sum)
		}
		r := ret[k*elasund.MaxPlayers : (k+1)*elasund.MaxPlayers]
		if r[0]+r[1] != 1 || r[2] != 0 || r[3] != 0 {
			t.Errorf("decision %d: returns %v", k, r)
		}
		at += n
	}
	if at != len(legal) || len(visits) != len(legal) || len(index) != len(legal)*bots.PolicySlots {
		t.Errorf("%d moves in the meta, %d legal, %d visits, %d feature rows", at, len(legal), len(visits), len(index)/bots.PolicySlots)
	}
	// fitpolicy reads them and writes a model the bots load.
	model := filepath.Join(dir, "az.bin")
	mustRun(t, "fitpolicy", "-data", one+","+two, "-epochs", "2", "-out", model)
	if _, err := readAZ(model); err != nil {
		t.Error(err)
	}
}

// TestFitPolicy fits a policy to decisions whose searches always chose
// the move with feature 7: the feature's weight grows from 0 and the
// held-out cross-entropy falls; the fit is the same for the same seed.
func TestFitPolicy(t *testing.T) {
	d := &decisions{from: []int{0}}
	for k := range 100 {
		for i := range 3 {
			var idx [bots.PolicySlots]int32
			var val [bots.PolicySlots]float32
			idx[0], val[0] = int32(20+i), float32(k%3)/3 // noise
			if i == k%3 {
				idx[1], val[1] = 7, 1
				d.visit = append(d.visit, 1)
			} else {
				d.visit = append(d.visit, 0)
			}
			d.index = append(d.index, idx[:]...)
			d.value = append(d.value, val[:]...)
		}
		d.from = append(d.from, d.from[len(d.from)-1]+3)
		d.deal = append(d.deal, k)
	}
	o := &policyOptions{epochs: 5, batch: 16, holdout: 5, lr: 0.05, seed: 1}
	var log bytes.Buffer
	w0 := make([]float32, bots.PolicyFeatures)
	w := fitPolicy(d, w0, o, &log)
	if w[7] <= 0.5 {
		t.Errorf("the chosen move's feature has weight %v\n%s", w[7], log.String())
	}
	f := &policyFit{w: make([]float64, len(w))}
	var held []int
	for k := range d.deal {
		if k%5 == 4 {
			held = append(held, k)
		}
	}
	ce0, _ := f.metrics(d, held)
	for i, x := range w {
		f.w[i] = float64(x)
	}
	ce1, top := f.metrics(d, held)
	if !(ce1 < ce0) || top != 1 {
		t.Errorf("held-out cross-entropy %v from %v, top move %v", ce1, ce0, top)
	}
	again := fitPolicy(d, w0, o, &bytes.Buffer{})
	for i := range w {
		if w[i] != again[i] {
			t.Fatal("two fits of one seed differ")
		}
	}
}

// TestFitInit checks that fit -init starts from a model's weights: no
// epoch writes the model back, byte for byte.
func TestFitInit(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	mustRun(t, genArgs(data, "-maxturns", "30")...)
	init := filepath.Join(dir, "init.bin")
	b, _ := bots.LinearValueModel().MarshalBinary()
	if err := os.WriteFile(init, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.bin")
	mustRun(t, "fit", "-data", data, "-hidden", "0", "-epochs", "0", "-init", init, "-out", out)
	got, err := os.ReadFile(out)
	if err != nil || !bytes.Equal(got, b) {
		t.Errorf("fit -epochs 0 -init wrote another model (%v)", err)
	}
	if code, _, _ := run(t, "fit", "-data", data, "-hidden", "4", "-init", init, "-out", out); code != 1 {
		t.Errorf("fit -hidden 4 from a logistic regression: exit %d", code)
	}
}

// TestFitPolicyValues checks which value models fitpolicy writes: -value's
// alone judges every game (version 1); with -more, games of three and
// four players get their own (version 2); -init keeps its model's two,
// and -value then replaces both but -more's.
func TestFitPolicyValues(t *testing.T) {
	dir := t.TempDir()
	two, more := filepath.Join(dir, "two.bin"), filepath.Join(dir, "more.bin")
	for name, m := range map[string]*bots.ValueModel{two: bots.DefaultValueModel(), more: bots.LinearValueModel()} {
		b, _ := m.MarshalBinary()
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := func(m *bots.ValueModel) string { b, _ := m.MarshalBinary(); return string(b) }
	wantTwo, wantMore := bin(bots.DefaultValueModel()), bin(bots.LinearValueModel())
	one, both, kept, again := filepath.Join(dir, "1.bin"), filepath.Join(dir, "2.bin"), filepath.Join(dir, "3.bin"), filepath.Join(dir, "4.bin")
	mustRun(t, "fitpolicy", "-value", two, "-out", one)
	mustRun(t, "fitpolicy", "-value", two, "-more", more, "-out", both)
	mustRun(t, "fitpolicy", "-init", both, "-out", kept)
	mustRun(t, "fitpolicy", "-init", both, "-value", two, "-out", again)
	for _, c := range []struct {
		file      string
		two, more string
	}{{one, wantTwo, wantTwo}, {both, wantTwo, wantMore}, {kept, wantTwo, wantMore}, {again, wantTwo, wantTwo}} {
		m, err := readAZ(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if bin(m.ValueFor(2)) != c.two || bin(m.ValueFor(4)) != c.more {
			t.Errorf("%s: not the value models wanted", filepath.Base(c.file))
		}
	}
}
