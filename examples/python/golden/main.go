// Command golden prints what the Go library says of seeded random games,
// for the Python package's differential tests (examples/python/tests): the
// tests replay the same actions through the Python State and compare.
//
// Usage, from the repository's root:
//
//	go run ./examples/python/golden positions [-games 24] [-stride 7] [-seed 1]
//	go run ./examples/python/golden actions
//	go run ./examples/python/golden serve < requests
//
// positions plays -games seeded random games (2, 3 and 4 players, every
// rule option, several turn limits; at the roll a plain roll, any forced
// dice or a chance outcome) and prints one JSON line per game: its
// configuration, its actions, the key after every action, and for every
// -stride-th position (and the last) the expected player, legal actions,
// chance outcomes, mask, observations, views, text board, returns,
// binary form and key. The first line gives the library's sizes.
//
// actions prints Move.String of every action index, as a JSON list.
//
// serve answers one JSON request per line of standard input with one JSON
// line: {"op":"new","players":3,"seed":7,"rules":"default","max_turns":0},
// {"op":"play", the same fields and "actions":[…]}, {"op":"redeal",
// "state":base64,"player":1,"seed":5} and {"op":"fromview","view":"{…}",
// "seed":5} give {"state":base64,"key":hex} of the game made, or
// {"error":text}. The re-deals use the random source the Python package
// uses: rand.New(rand.NewPCG(seed, 0x656c6173756e64)).
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/elasund/elasund"
)

// redealSeq is the second word of a re-deal's PCG, as in the Python
// package (libelasund, stateRandSeq).
const redealSeq = 0x656c6173756e64

// The player numbers of OpenSpiel that the Python State uses.
const (
	chancePlayer   = -1
	terminalPlayer = -4
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: golden positions|actions|serve [flags]")
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	var err error
	switch os.Args[1] {
	case "positions":
		err = positions(out, os.Args[2:])
	case "actions":
		err = actions(out)
	case "serve":
		err = serve(out, os.Stdin)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "golden:", err)
		os.Exit(1)
	}
}

// gameConfig is a game's configuration as the Python new_game takes it.
type gameConfig struct {
	Players  int    `json:"players"`
	Seed     uint64 `json:"seed"`
	Rules    string `json:"rules"`
	MaxTurns int    `json:"max_turns"`
}

func (c gameConfig) start() (*elasund.Game, error) {
	r, err := elasund.ParseRules(c.Rules)
	if err != nil {
		return nil, err
	}
	return elasund.New(elasund.Config{Players: c.Players, Seed: c.Seed, Rules: r, MaxTurns: c.MaxTurns})
}

// position is what the tests compare at a position.
type position struct {
	Step       int          `json:"step"`
	Player     int          `json:"player"`
	Legal      []int        `json:"legal"`
	Chance     [][2]float64 `json:"chance"`
	Mask       string       `json:"mask"`        // SHA-256 of NumActions bytes 0/1
	Obs        []string     `json:"obs"`         // per seat, SHA-256 of the float32s, little-endian
	ObsValues  [][]float64  `json:"obs_values"`  // per seat, for a few positions
	Views      []string     `json:"views"`       // per seat, SHA-256 of the View's JSON
	ViewJSON   string       `json:"view_json"`   // seat 0's view, for a few positions
	Text       string       `json:"text"`        // SHA-256 of Game.String
	Returns    []float64    `json:"returns"`     // Outcome.Returns
	State      string       `json:"state"`       // MarshalBinary, base64
	Key        string       `json:"key"`         // Key, hex
	Terminal   bool         `json:"is_terminal"` // Over
	ChanceNode bool         `json:"is_chance"`   // the roll of a game that goes on
	NumPlayers int          `json:"num_players"` // Players
	Turn       int          `json:"turn"`        // Turn, for the test's messages
	Phase      string       `json:"phase"`       // Phase, for the test's messages
	TextFull   string       `json:"text_full"`   // Game.String, for a few positions
	Strings    []string     `json:"legal_text"`  // Move.String of each legal action
}

// record is one game of positions' output.
type record struct {
	gameConfig
	Actions   []int      `json:"actions"`
	Keys      []string   `json:"keys"` // the key after each action
	Positions []position `json:"positions"`
	Over      bool       `json:"over"`
}

// sizes is positions' first line.
type sizes struct {
	NumActions      int `json:"num_actions"`
	ObservationSize int `json:"observation_size"`
	MaxPlayers      int `json:"max_players"`
	TurnLimit       int `json:"turn_limit"`
}

func positions(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("positions", flag.ContinueOnError)
	games := fs.Int("games", 24, "games to play")
	stride := fs.Int("stride", 7, "record every stride-th position")
	seed := fs.Uint64("seed", 1, "seed of the games and of the choices")
	maxActions := fs.Int("maxactions", 1500, "stop a game after this many actions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *stride < 1 {
		return errors.New("-stride must be at least 1")
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(sizes{elasund.NumActions, elasund.ObservationSize, elasund.MaxPlayers, elasund.TurnLimit}); err != nil {
		return err
	}
	rules := []string{"default", "english", "adjacent-permit-rows", "shortage-voids-income"}
	limits := []int{200, 0, 60, 1000, 3}
	for i := range *games {
		c := gameConfig{Players: 2 + i%3, Seed: *seed*1_000_003 + uint64(i)*7919, Rules: rules[i%len(rules)], MaxTurns: limits[i%len(limits)]}
		rec, err := play(c, rand.New(rand.NewPCG(*seed, uint64(i))), *stride, *maxActions, i < 2)
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	return nil
}

// play plays a random game of c with r and records it; full asks for the
// observations' values and the text of the first positions recorded.
func play(c gameConfig, r *rand.Rand, stride, maxActions int, full bool) (*record, error) {
	g, err := c.start()
	if err != nil {
		return nil, err
	}
	rec := &record{gameConfig: c, Actions: []int{}, Keys: []string{}}
	var legal []int
	for step := 0; ; step++ {
		end := g.Over() || step == maxActions
		if step%stride == 0 || end {
			p, err := describe(g, step, full && len(rec.Positions) < 3)
			if err != nil {
				return nil, err
			}
			rec.Positions = append(rec.Positions, p)
		}
		if end {
			break
		}
		a := choose(g, r, legal[:0])
		m, err := elasund.MoveFromIndex(a)
		if err != nil {
			return nil, err
		}
		if err := g.Apply(m); err != nil {
			return nil, fmt.Errorf("step %d, action %d (%v): %w", step, a, m, err)
		}
		k := g.Key()
		rec.Actions = append(rec.Actions, a)
		rec.Keys = append(rec.Keys, hex.EncodeToString(k[:]))
	}
	rec.Over = g.Over()
	return rec, nil
}

// choose picks an action: at the roll a plain roll, forced dice of any
// two faces, or a chance outcome by its probability; otherwise a legal
// action, uniformly.
func choose(g *elasund.Game, r *rand.Rand, buf []int) int {
	if outs := g.AppendChanceOutcomes(nil); len(outs) > 0 && !g.Over() {
		switch x := r.Float64(); {
		case x < 0.4:
			return 0
		case x < 0.7:
			return 1 + r.IntN(36)
		default:
			y := r.Float64()
			for _, o := range outs {
				if y -= o.Probability; y < 0 {
					return o.Move.Index()
				}
			}
			return outs[len(outs)-1].Move.Index()
		}
	}
	legal := g.AppendLegalIndices(buf)
	return legal[r.IntN(len(legal))]
}

// describe returns what the tests compare at g, the position after step
// actions.
func describe(g *elasund.Game, step int, full bool) (position, error) {
	p := position{Step: step, NumPlayers: g.Players(), Terminal: g.Over(), Turn: g.Turn(), Phase: g.Phase().String()}
	outs := g.AppendChanceOutcomes(nil)
	p.ChanceNode = len(outs) > 0 && !g.Over()
	switch {
	case g.Over():
		p.Player = terminalPlayer
	case p.ChanceNode:
		p.Player = chancePlayer
	default:
		p.Player = int(g.ToMove())
	}
	p.Chance = [][2]float64{}
	mask := make([]byte, elasund.NumActions)
	if p.ChanceNode {
		for _, o := range outs {
			p.Legal = append(p.Legal, o.Move.Index())
			p.Chance = append(p.Chance, [2]float64{float64(o.Move.Index()), o.Probability})
			mask[o.Move.Index()] = 1
		}
	} else {
		p.Legal = g.AppendLegalIndices(nil)
		for i, ok := range g.AppendLegalMask(nil) {
			if ok {
				mask[i] = 1
			}
		}
	}
	if p.Legal == nil {
		p.Legal = []int{}
	}
	for _, a := range p.Legal {
		m, _ := elasund.MoveFromIndex(a)
		p.Strings = append(p.Strings, m.String())
	}
	p.Mask = sha(mask)
	for seat := range elasund.Player(g.Players()) {
		v := g.View(seat)
		obs := v.AppendObservation(nil)
		b := make([]byte, 0, 4*len(obs))
		for _, x := range obs {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
		p.Obs = append(p.Obs, sha(b))
		j, err := v.MarshalJSON()
		if err != nil {
			return p, err
		}
		p.Views = append(p.Views, sha(j))
		if full {
			vals := make([]float64, len(obs))
			for i, x := range obs {
				vals[i] = float64(x)
			}
			p.ObsValues = append(p.ObsValues, vals)
			if seat == 0 {
				p.ViewJSON = string(j)
			}
		}
	}
	p.Text = sha([]byte(g.String()))
	if full {
		p.TextFull = g.String()
	}
	p.Returns = g.Outcome().Returns(nil)
	b, err := g.MarshalBinary()
	if err != nil {
		return p, err
	}
	p.State = base64.StdEncoding.EncodeToString(b)
	k := g.Key()
	p.Key = hex.EncodeToString(k[:])
	return p, nil
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func actions(w io.Writer) error {
	all := make([]string, elasund.NumActions)
	for i := range all {
		m, err := elasund.MoveFromIndex(i)
		if err != nil {
			return err
		}
		all[i] = m.String()
	}
	return json.NewEncoder(w).Encode(all)
}

// request is one line of serve's input.
type request struct {
	gameConfig
	Op      string `json:"op"`
	Actions []int  `json:"actions"`
	State   string `json:"state"`
	Player  int    `json:"player"`
	View    string `json:"view"`
}

// reply is one line of serve's output.
type reply struct {
	State string `json:"state,omitempty"`
	Key   string `json:"key,omitempty"`
	Over  bool   `json:"over"`
	Error string `json:"error,omitempty"`
}

func serve(w io.Writer, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		var req request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			return err
		}
		g, err := answer(&req)
		var rep reply
		if err != nil {
			rep.Error = err.Error()
		} else {
			b, err := g.MarshalBinary()
			if err != nil {
				return err
			}
			k := g.Key()
			rep = reply{State: base64.StdEncoding.EncodeToString(b), Key: hex.EncodeToString(k[:]), Over: g.Over()}
		}
		if err := enc.Encode(rep); err != nil {
			return err
		}
		if f, ok := w.(*bufio.Writer); ok {
			if err := f.Flush(); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}

// answer makes the game a request asks for.
func answer(req *request) (*elasund.Game, error) {
	switch req.Op {
	case "new", "play":
		g, err := req.start()
		if err != nil {
			return nil, err
		}
		for i, a := range req.Actions {
			m, err := elasund.MoveFromIndex(a)
			if err == nil {
				err = g.Apply(m)
			}
			if err != nil {
				return nil, fmt.Errorf("action %d (%d): %w", i, a, err)
			}
		}
		return g, nil
	case "redeal":
		b, err := base64.StdEncoding.DecodeString(req.State)
		if err != nil {
			return nil, err
		}
		g := new(elasund.Game)
		if err := g.UnmarshalBinary(b); err != nil {
			return nil, err
		}
		return g, g.Redeal(elasund.Player(req.Player), rand.New(rand.NewPCG(req.Seed, redealSeq)))
	case "fromview":
		var v elasund.View
		if err := v.UnmarshalJSON([]byte(req.View)); err != nil {
			return nil, err
		}
		return v.Redeal(rand.New(rand.NewPCG(req.Seed, redealSeq)))
	}
	return nil, fmt.Errorf("unknown op %q", req.Op)
}
