package main

// The core of the Python package's VecEnv: n games stepped at once, with
// chance played by the referee, written into buffers the caller owns. This
// file uses no cgo, so that its tests and benchmarks measure the engine's
// own work; vecenv_export.go gives it to C.

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/elasund/elasund"
)

// maxLegalActions is the most legal moves any position of any game has:
// the size of the buffer of legal actions a State passes and the row
// length of a VecEnv's padded index lists (Python's MAX_LEGAL_ACTIONS).
// The most come in phase 3 (RULES.md §5): each of the five permits in supply goes free on the empty squares
// of the permit rows (at most two rows of at most 9 squares: 18) and paid
// with 2 cards of each of at most 3 colours on every empty square (at most
// 89: the city has at most 90 squares, and c8 always holds the church
// foundation or a church tile), and taking gold: 5·(18 + 3·89) + 1 = 1426.
// The other phases list fewer: phase 4 at most 15·84 + 2 (five permits on
// the board moved for 3 colours to the 84 other empty squares), the build
// phase at most 5·21·4 + 20 + 2 (the footprints covering one of five
// permits, 21 squares over the seven buildings, each paid 4 ways; the wall
// sites; church and end), a discard at most C(12,3) = 220, a return at most
// C(21,2) = 210, a rebuild 146. TestVecMaxLegalBound checks it on played
// games (whose largest count is far below).
const maxLegalActions = 5*(2*9+3*89) + 1

// vecMaxGames bounds n, the games of one VecEnv. A game takes 16.4 KB of
// buffers with the index lists (10.6 KB of observation, 5.7 KB of index
// row), 14.6 KB with the bit-packed mask, 42.5 KB with the dense mask; and
// in Go the Game (0.5 KB) and its legal moves (as Moves, indices, and
// those of the call before: about 10 KB in played games, at most 33 KB).
// So the largest VecEnv takes a few gigabytes.
const vecMaxGames = 1 << 16

// Legal-action forms, which the caller chooses and may combine.
const (
	vecLegalIndices = 1 << iota // counts and padded index lists
	vecLegalBits                // bit-packed mask
	vecLegalBytes               // dense byte mask
	vecLegalAll     = vecLegalIndices | vecLegalBits | vecLegalBytes
)

// vecBitsLen is the bytes of one game's bit-packed mask.
const vecBitsLen = (elasund.NumActions + 7) / 8

// Errors of the VecEnv, beside the engine's.
var (
	errVecInUse   = errors.New("elasund: VecEnv in use by another call (one thread at a time may use a VecEnv)")
	errVecClosed  = errors.New("elasund: VecEnv closed")
	errVecNoReset = errors.New("elasund: VecEnv: call reset() before step() or sample_legal()")
	errVecArg     = errors.New("elasund: VecEnv")
	errVecAction  = errors.New("elasund: VecEnv: illegal action")
	errVecPanic   = errors.New("elasund: internal error")
)

// vecEnv is n independent games of one player count and rule options.
// Game i's k-th episode (k from 0) is the game of
// Config{Players, Seed: vecSeed(seed, i, k), Rules, MaxTurns}; a game that
// ends starts its next episode at once. One call at a time: mu is taken
// with TryLock, so that a second caller gets errVecInUse, not a race.
type vecEnv struct {
	mu       sync.Mutex
	closed   bool
	started  bool // reset was called
	players  int
	seed     uint64
	rules    elasund.Rules
	maxTurns int
	forms    int
	games    []vecGame
	errs     []error // parallel's, one per game
}

// vecGame is one game of a vecEnv, with what a step needs beside it.
type vecGame struct {
	g       elasund.Game
	episode uint64
	pcg     rand.PCG       // sample_legal's source
	moves   []elasund.Move // AppendLegal's buffer
	legal   []int32        // the action indices of the decision's legal moves
	prev    []int32        // the indices marked in the masks by the call before
	listed  int            // the length of the index list the call before wrote
	next    elasund.Move   // the move of the step being validated
	err     error          // its error
	rets    [elasund.MaxPlayers]float64
}

// vecBuffers are the caller's buffers, one row per game: observations (n ×
// ObservationSize), toPlay, rewards (n × players), dones, and those of the
// legal forms chosen: counts and indices (n × maxLegalActions, padded with
// -1), bits (n × vecBitsLen) and mask (n × NumActions). Forms not chosen
// are nil.
type vecBuffers struct {
	obs     []float32
	toPlay  []int32
	rewards []float32
	dones   []uint8
	counts  []int32
	indices []int32
	bits    []uint8
	mask    []uint8
}

// vecActions are the actions of a step, 32- or 64-bit: one of the two is
// set.
type vecActions struct {
	a32 []int32
	a64 []int64
}

func (a vecActions) len() int {
	if a.a32 != nil {
		return len(a.a32)
	}
	return len(a.a64)
}

func (a vecActions) at(i int) int64 {
	if a.a32 != nil {
		return int64(a.a32[i])
	}
	return a.a64[i]
}

// vecMix is SplitMix64's step: it adds the golden-ratio increment to x and
// returns the mix of the sum.
func vecMix(x uint64) uint64 {
	z := x + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// vecSeed returns the Config.Seed of game i's episode k of a VecEnv
// seeded with seed: mix(mix(seed + mix(i)) + k), mix being vecMix.
func vecSeed(seed uint64, i int, episode uint64) uint64 {
	return vecMix(vecMix(seed+vecMix(uint64(i))) + episode)
}

// vecSamplerSeed returns the two seeds of the PCG source sample_legal
// draws game i's actions from.
func vecSamplerSeed(seed uint64, i int) (uint64, uint64) {
	return vecMix(seed ^ 0x73616d706c65), uint64(i) // "sample"
}

// newVecEnv makes n games, not started: reset starts them. It checks the
// configuration by starting game 0.
func newVecEnv(n, players int, seed uint64, rules elasund.Rules, maxTurns, forms int) (*vecEnv, error) {
	if n < 1 || n > vecMaxGames {
		return nil, fmt.Errorf("%w: %d games; the number is 1 to %d", errVecArg, n, vecMaxGames)
	}
	if forms&^vecLegalAll != 0 {
		return nil, fmt.Errorf("%w: unknown legal-action forms %#x", errVecArg, forms)
	}
	e := &vecEnv{players: players, seed: seed, rules: rules, maxTurns: maxTurns, forms: forms,
		games: make([]vecGame, n)}
	if _, err := elasund.New(e.config(0, 0)); err != nil {
		return nil, err
	}
	return e, nil
}

// config returns the Config of game i's episode k.
func (e *vecEnv) config(i int, k uint64) elasund.Config {
	return elasund.Config{Players: e.players, Seed: vecSeed(e.seed, i, k), Rules: e.rules, MaxTurns: e.maxTurns}
}

// lock takes the env for one call, or says why it cannot.
func (e *vecEnv) lock() error {
	if !e.mu.TryLock() {
		return errVecInUse
	}
	if e.closed {
		e.mu.Unlock()
		return errVecClosed
	}
	return nil
}

// close marks the env closed; later calls fail with errVecClosed.
func (e *vecEnv) close() error {
	if err := e.lock(); err != nil {
		return err
	}
	e.closed = true
	e.games = nil
	e.mu.Unlock()
	return nil
}

// check reports whether b has the lengths the env's buffers must have.
func (e *vecEnv) check(b *vecBuffers) error {
	n := len(e.games)
	want := func(name string, got, size int, form int) error {
		if form != 0 && e.forms&form == 0 {
			size = 0
		}
		if got != n*size {
			return fmt.Errorf("%w: buffer %s has %d values; want %d", errVecArg, name, got, n*size)
		}
		return nil
	}
	return errors.Join(
		want("observations", len(b.obs), elasund.ObservationSize, 0),
		want("to_play", len(b.toPlay), 1, 0),
		want("rewards", len(b.rewards), e.players, 0),
		want("dones", len(b.dones), 1, 0),
		want("legal_counts", len(b.counts), 1, vecLegalIndices),
		want("legal_indices", len(b.indices), maxLegalActions, vecLegalIndices),
		want("legal_bits", len(b.bits), vecBitsLen, vecLegalBits),
		want("legal_mask", len(b.mask), elasund.NumActions, vecLegalBytes))
}

// reset starts every game's next episode (the first, after newVecEnv) and
// fills b. With reseed it first takes seed as the env's seed and counts
// episodes, and sample_legal's draws, from the start again.
func (e *vecEnv) reset(b *vecBuffers, reseed bool, seed uint64) error {
	if err := e.lock(); err != nil {
		return err
	}
	defer e.mu.Unlock()
	if err := e.check(b); err != nil {
		return err
	}
	if reseed {
		e.seed = seed
	}
	for i := range e.games {
		vg := &e.games[i]
		switch {
		case reseed || !e.started:
			vg.episode = 0
			vg.pcg.Seed(vecSamplerSeed(e.seed, i))
		default:
			vg.episode++
		}
	}
	clear(b.mask) // the masks are cleared where they were set, from here on
	clear(b.bits)
	err := e.parallel(func(i int) error {
		vg := &e.games[i]
		vg.prev, vg.listed = vg.prev[:0], maxLegalActions
		b.dones[i] = 0
		clear(b.rewards[i*e.players : (i+1)*e.players])
		if err := e.start(vg, i); err != nil {
			return err
		}
		return e.write(vg, i, b)
	})
	e.started = err == nil
	return err
}

// start begins game i's episode vg.episode and plays its first rolls.
func (e *vecEnv) start(vg *vecGame, i int) error {
	g, err := elasund.New(e.config(i, vg.episode))
	if err != nil {
		return err
	}
	vg.g = *g
	return vg.roll()
}

// roll plays the referee's rolls until a player decides or the game is
// over.
func (vg *vecGame) roll() error {
	for vg.g.Phase() == elasund.PhaseRoll {
		if err := vg.g.Apply(elasund.Move{Kind: elasund.Roll}); err != nil {
			return err
		}
	}
	return nil
}

// step plays action a[i] in game i, for every i, and fills b: the moves
// are all checked first, and if one is not legal step returns its error,
// naming the lowest such game, and changes no game. A game that ends gets
// its returns as rewards and its done flag, and starts its next episode.
func (e *vecEnv) step(a vecActions, b *vecBuffers) error {
	if err := e.lock(); err != nil {
		return err
	}
	defer e.mu.Unlock()
	if err := e.ready(b); err != nil {
		return err
	}
	if a.len() != len(e.games) {
		return fmt.Errorf("%w: %d actions for %d games", errVecArg, a.len(), len(e.games))
	}
	err := e.parallel(func(i int) error {
		vg := &e.games[i]
		vg.err = nil
		x := a.at(i)
		if x < 0 || x >= elasund.NumActions {
			vg.err = fmt.Errorf("%w: %d (0 to %d)", elasund.ErrActionIndex, x, elasund.NumActions-1)
			return nil
		}
		vg.next, _ = elasund.MoveFromIndex(int(x))
		vg.err = vg.g.Check(vg.next)
		return nil
	})
	if err != nil {
		return err
	}
	for i := range e.games {
		if err := e.games[i].err; err != nil {
			return fmt.Errorf("%w in game %d: %w", errVecAction, i, err)
		}
	}
	return e.parallel(func(i int) error { return e.advance(i, b) })
}

// ready checks that the env was reset and that b fits it.
func (e *vecEnv) ready(b *vecBuffers) error {
	if !e.started {
		return errVecNoReset
	}
	if b == nil {
		return nil
	}
	return e.check(b)
}

// advance applies game i's checked move and the rolls after it, starts the
// next episode if the game ended, and writes game i's rows of b.
func (e *vecEnv) advance(i int, b *vecBuffers) error {
	vg := &e.games[i]
	rew := b.rewards[i*e.players : (i+1)*e.players]
	clear(rew)
	b.dones[i] = 0
	if err := vg.g.Apply(vg.next); err != nil {
		return err
	}
	if err := vg.roll(); err != nil {
		return err
	}
	if vg.g.Over() {
		for p, r := range vg.g.Outcome().Returns(vg.rets[:0]) {
			rew[p] = float32(r)
		}
		b.dones[i] = 1
		vg.episode++
		if err := e.start(vg, i); err != nil {
			return err
		}
	}
	return e.write(vg, i, b)
}

// write writes game i's observation, seat to play and legal actions into
// b, and keeps the legal actions for sample_legal.
func (e *vecEnv) write(vg *vecGame, i int, b *vecBuffers) error {
	p := vg.g.ToMove()
	b.toPlay[i] = int32(p)
	const size = elasund.ObservationSize
	vg.g.View(p).AppendObservation(b.obs[i*size : i*size : (i+1)*size])
	vg.moves = vg.g.AppendLegal(vg.moves[:0])
	vg.legal = vg.legal[:0]
	for _, m := range vg.moves {
		vg.legal = append(vg.legal, int32(m.Index()))
	}
	n := len(vg.legal)
	if n > maxLegalActions {
		return fmt.Errorf("%w: %d legal moves, more than the bound %d", errVecPanic, n, maxLegalActions)
	}
	if e.forms&vecLegalIndices != 0 {
		b.counts[i] = int32(n)
		row := b.indices[i*maxLegalActions : (i+1)*maxLegalActions]
		copy(row, vg.legal)
		for j := n; j < vg.listed; j++ { // pad what the call before listed
			row[j] = -1
		}
		vg.listed = n
	}
	if e.forms&(vecLegalBits|vecLegalBytes) == 0 {
		return nil
	}
	var bits, mask []uint8
	if e.forms&vecLegalBits != 0 {
		bits = b.bits[i*vecBitsLen : (i+1)*vecBitsLen]
	}
	if e.forms&vecLegalBytes != 0 {
		mask = b.mask[i*elasund.NumActions : (i+1)*elasund.NumActions]
	}
	for _, j := range vg.prev { // clear what the call before set
		if bits != nil {
			bits[j>>3] = 0
		}
		if mask != nil {
			mask[j] = 0
		}
	}
	for _, j := range vg.legal {
		if bits != nil {
			bits[j>>3] |= 1 << (j & 7)
		}
		if mask != nil {
			mask[j] = 1
		}
	}
	vg.prev = append(vg.prev[:0], vg.legal...)
	return nil
}

// sample writes to out one action for each game, drawn uniformly among its
// legal actions from the game's sampling source.
func (e *vecEnv) sample(out []int64) error {
	if err := e.lock(); err != nil {
		return err
	}
	defer e.mu.Unlock()
	if err := e.ready(nil); err != nil {
		return err
	}
	if len(out) != len(e.games) {
		return fmt.Errorf("%w: room for %d actions for %d games", errVecArg, len(out), len(e.games))
	}
	for i := range e.games {
		vg := &e.games[i]
		out[i] = int64(vg.legal[vecIntN(&vg.pcg, len(vg.legal))])
	}
	return nil
}

// vecIntN returns a number in [0, n) drawn uniformly from src (Lemire's
// method, as math/rand/v2's IntN, without its allocation of a Rand).
func vecIntN(src *rand.PCG, n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(src.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), un)
		}
	}
	return int(hi)
}

// parallel runs f(i) for every game, split over GOMAXPROCS goroutines,
// and returns the error of the lowest game that failed (a panic is an
// error too). Which goroutine runs a game changes nothing: f may touch
// game i's state and rows only.
func (e *vecEnv) parallel(f func(i int) error) error {
	n := len(e.games)
	if len(e.errs) != n {
		e.errs = make([]error, n)
	}
	errs := e.errs
	var next atomic.Int64
	const chunk = 4
	work := func() {
		for {
			lo := int(next.Add(chunk)) - chunk
			if lo >= n {
				return
			}
			for i := lo; i < min(lo+chunk, n); i++ {
				errs[i] = vecCall(f, i)
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), (n+chunk-1)/chunk)
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// vecCall calls f(i), turning a panic into an error.
func vecCall(f func(int) error, i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: game %d: %v", errVecPanic, i, r)
		}
	}()
	return f(i)
}
